# EDA-style flow driver: `make flow FLOW=<name>` includes flows/<name>/config.mk
# and produces everything under out/<name>/.  Independent steps run in
# parallel under `make -j`.
FLOW   ?= default
NOCSYN ?= build/nocsyn
include flows/$(FLOW)/config.mk
OUT := out/$(FLOW)

STEPS := $(OUT)/app-info.txt $(OUT)/app-info.json $(OUT)/app.svg

.PHONY: flow
flow: $(STEPS)
	@echo "flow $(FLOW): outputs in $(OUT)/"
	@ls -1 $(OUT)

$(OUT):
	@mkdir -p $@

$(OUT)/app-info.txt: $(APP) | $(OUT)
	$(NOCSYN) app-info $(APP) > $@.tmp && mv $@.tmp $@
	@cat $@

$(OUT)/app-info.json: $(APP) | $(OUT)
	$(NOCSYN) app-info $(APP) --format json > $@.tmp && mv $@.tmp $@

$(OUT)/app.svg: $(APP) | $(OUT)
	$(NOCSYN) app-info $(APP) --svg $@ > /dev/null
