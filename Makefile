# nocsyn -- network-on-chip topology synthesis and design-space exploration.
# `make` builds build/nocsyn and build/libnocsyn.a; `make test` runs the unit
# tests and CLI contract tests in parallel (JOBS=N, default: the cores);
# `make check` runs those plus the long tool-chain tests (tests/check/);
# `make run` runs flows/default; `make asan` runs `make test`'s tests under
# ASan+UBSan.

BUILD   ?= build
CC      ?= cc
SAN     ?=
OPT     ?= -O2 -g

WARN := -Wall -Wextra -Werror -Wshadow -Wpointer-arith -Wstrict-prototypes \
        -Wmissing-prototypes -Wformat=2 -Wvla -Wundef -Wcast-align \
        -Wwrite-strings -Wold-style-definition -Wnull-dereference \
        -Wimplicit-fallthrough -Wno-unused-parameter
GV_CFLAGS := $(shell pkg-config --cflags libgvc 2>/dev/null || echo -I/usr/include/graphviz)
GV_LIBS   := $(shell pkg-config --libs libgvc 2>/dev/null || echo -lgvc -lcgraph -lcdt)
CPPFLAGS += -Iinclude -D_POSIX_C_SOURCE=200809L $(GV_CFLAGS)
CFLAGS   += -std=c11 $(OPT) $(WARN) -pthread -MMD -MP
LDLIBS   += $(GV_LIBS) -lglpk -lmetis -lcjson -lcsv -lpthread -lm
ifneq ($(SAN),)
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
endif

# Required headers; when one is missing `make` runs `make deps` first.
REQ_HEADERS := /usr/include/metis.h /usr/include/glpk.h /usr/include/graphviz/cgraph.h \
               /usr/include/graphviz/gvc.h /usr/include/cjson/cJSON.h /usr/include/csv.h \
               /usr/include/cmocka.h
DEB_PKGS := build-essential pkg-config libmetis-dev libglpk-dev libgraphviz-dev \
            libcjson-dev libcsv-dev libcmocka-dev graphviz chromium python3 \
            clang libclang-rt-14-dev verilator yosys klayout parallel slurm-wlm munge flex bison \
            opensta qflow-tech-osu018
MISSING := $(strip $(foreach h,$(REQ_HEADERS),$(if $(wildcard $(h)),,$(h))))

LIB_SRC := $(sort $(filter-out src/cli/%,$(wildcard src/*/*.c)))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
RTL_SV  := $(sort $(wildcard src/rtl/sv/*))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/rtl_sources.o
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
LIB := $(BUILD)/libnocsyn.a
BIN := $(BUILD)/nocsyn

FLOW ?= default

.SECONDARY:
.PHONY: all deps test check run flow flows bench bench-booksim asan clean fuzz check-deps signoff
all: $(if $(MISSING),check-deps) $(BIN) $(LIB)

check-deps:
	@echo "nocsyn: missing $(MISSING); running make deps"
	$(MAKE) deps

deps:
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && \
	DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(DEB_PKGS)

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS)

$(BUILD)/obj/%.o: %.c $(if $(MISSING),check-deps)
	@mkdir -p $(@D)
	@echo "  CC $<"; $(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# The fixed RTL sources (router, link, testbench main) as C strings.
$(BUILD)/gen/rtl_sources.c: $(RTL_SV) src/rtl/embed.sh
	@mkdir -p $(@D)
	sh src/rtl/embed.sh $@ $(RTL_SV)

$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(@D)
	@echo "  CC $<"; $(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/obj/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS) -lcmocka

# The test runner (tests/run.sh): tests run JOBS at a time, each one's
# output kept apart, the per-test lines in a stable order, the last line
# "N passed, N failed"; build/test-times.txt lists every test's wall and CPU
# seconds, slowest first.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test: all $(UNIT_BIN)
	@BUILD=$(BUILD) TIER=test JOBS=$(JOBS) sh tests/run.sh

check: all $(UNIT_BIN)
	@BUILD=$(BUILD) TIER=check JOBS=$(JOBS) sh tests/run.sh

asan:
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	$(MAKE) -j$(JOBS) BUILD=build/asan SAN=1 OPT="-O1 -g" test

run: all
	$(MAKE) flow FLOW=default

flow: all
	@$(MAKE) --no-print-directory -f flows/flow.mk FLOW=$(FLOW) NOCSYN=$(BIN)

FLOWS := $(sort $(notdir $(patsubst %/config.mk,%,$(wildcard flows/*/config.mk))))
flows: all
	@$(MAKE) --no-print-directory $(addprefix flow-,$(FLOWS))
flow-%: all
	@$(MAKE) --no-print-directory -f flows/flow.mk FLOW=$* NOCSYN=$(BIN)

bench: all
	@sh benchmarks/perf/run.sh

# nocsyn sim vs BookSim2 (BOOKSIM_SRC=path to a booksim2 source tree)
# Sign-off of one design on a Liberty library (issue 25):
#   make signoff DESIGN=out/v18/split_k5_f150_w64.dot [LIBERTY=FILE]
signoff: all
	NOCSYN=$(BUILD)/nocsyn sh benchmarks/tech/signoff.sh $(DESIGN) $(or $(LIBERTY),/usr/share/qflow/tech/osu018/osu018_stdcells.lib)

bench-booksim: all
	@sh benchmarks/perf/booksim_bench.sh

# `make fuzz` runs each libFuzzer harness for FUZZ_SECONDS (CI: a short run).
FUZZ_SECONDS ?= 120
fuzz:
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(UNIT_SRC:tests/unit/%.c=$(BUILD)/obj/tests/unit/%.d)
