# EDA-style flow driver: `make flow FLOW=<name>` includes flows/<name>/config.mk
# and produces everything under out/<name>/.  The steps are independent
# make targets, so `make -j flow FLOW=x` runs them in parallel (and
# `make -j flows` runs every flow at once).
#
# config.mk variables: APP (required), FLOORPLAN (optional CSV), METHODS,
# BASELINES, MAX_RADIX, LINK_WIDTH and FREQ (a value, A:B:STEP or a list), SEED, SWEEP (KMIN:KMAX[:STEP]),
# TECH (optional tech file), SIMULATE (1: latency-load curves in the report).
FLOW   ?= default
NOCSYN ?= build/nocsyn
include flows/$(FLOW)/config.mk
OUT := out/$(FLOW)

METHODS    ?= split,merge,cmesh,hring
BASELINES  ?= mesh,torus,cmesh,hring,flatfly,clos,fattree,butterfly
MAX_RADIX  ?= 8
LINK_WIDTH ?= 32,64
FREQ       ?= 400:1200:200
SEED       ?= 1
SIMULATE   ?= 1
CONSTRAINTS := --max-radix $(MAX_RADIX) --link-width $(LINK_WIDTH) --freq $(FREQ) --seed $(SEED) \
               $(if $(TECH),--tech $(TECH))
FP_OPT := $(if $(FLOORPLAN),--floorplan $(FLOORPLAN),--floorplan $(OUT)/floorplan.csv)
FP_DEP := $(if $(FLOORPLAN),$(FLOORPLAN),$(OUT)/floorplan.csv)

.PHONY: flow
flow: $(OUT)/app-info.txt $(OUT)/app.svg $(OUT)/synth/pareto.csv $(OUT)/report.html
	@echo "flow $(FLOW): open $(OUT)/report.html"

$(OUT)/.dir:
	@mkdir -p $(OUT) && touch $@

$(OUT)/app-info.txt: $(APP) $(NOCSYN) | $(OUT)/.dir
	$(NOCSYN) app-info $(APP) > $@.tmp && mv $@.tmp $@

$(OUT)/app.svg: $(APP) $(NOCSYN) | $(OUT)/.dir
	$(NOCSYN) app-info $(APP) --svg $@ > /dev/null

$(OUT)/floorplan.csv: $(APP) $(NOCSYN) | $(OUT)/.dir
	$(NOCSYN) floorplan $(APP) --seed $(SEED) -o $@

# The full Pareto sweep of the split method, every design point.
$(OUT)/synth/pareto.csv: $(APP) $(FP_DEP) $(NOCSYN) | $(OUT)/.dir
	$(NOCSYN) synth $(APP) --method split $(if $(SWEEP),--sweep $(SWEEP)) $(CONSTRAINTS) $(FP_OPT) -o $(OUT)/synth -q

# Every method against every baseline, with the report.
$(OUT)/report.html: $(APP) $(FP_DEP) $(NOCSYN) | $(OUT)/.dir
	$(NOCSYN) compare $(APP) --methods $(METHODS) --baselines $(BASELINES) $(CONSTRAINTS) $(FP_OPT) \
	    $(if $(filter 1,$(SIMULATE)),--simulate) -o $(OUT)
