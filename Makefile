# nocsyn -- network-on-chip topology synthesis and design-space exploration.
# `make` builds build/nocsyn and build/libnocsyn.a; `make test` runs the unit
# tests and CLI contract tests in parallel (JOBS=N, default: the cores);
# `make check` runs those plus the long tool-chain tests (tests/check/);
# `make run` runs flows/default; `make asan` runs `make test`'s tests under
# ASan+UBSan.  `make install PREFIX=/usr/local [DESTDIR=...]` installs the
# binary, libnocsyn.a, libnocsyn.so, the headers and nocsyn.pc.

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
CFLAGS   += -std=c11 $(OPT) $(WARN) -pthread -MMD -MP -fPIC
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
            opensta qflow-tech-osu018 python3-cffi
MISSING := $(strip $(foreach h,$(REQ_HEADERS),$(if $(wildcard $(h)),,$(h))))

LIB_SRC := $(sort $(filter-out src/cli/%,$(wildcard src/*/*.c)))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
# `make CALC=0` leaves out the textbook calculators (include/nocsyn/calc.h,
# src/calc/: latency, min, dynamic, design), an optional part outside the
# pipeline; their commands then say so.  Use a separate BUILD directory.
CALC ?= 1
ifeq ($(CALC),0)
CPPFLAGS += -DNOC_NO_CALC
LIB_SRC  := $(filter-out src/calc/%,$(LIB_SRC))
CLI_SRC  := $(filter-out src/cli/cmd_min.c src/cli/cmd_dynamic.c src/cli/cmd_design.c src/cli/cmd_latency%.c,$(CLI_SRC))
UNIT_SRC := $(filter-out tests/unit/test_min.c tests/unit/test_dyn.c tests/unit/test_pkg.c \
              tests/unit/test_latency.c tests/unit/test_sim.c,$(UNIT_SRC))
endif
RTL_SV  := $(sort $(wildcard src/rtl/sv/*))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/rtl_sources.o
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
LIB := $(BUILD)/libnocsyn.a
BIN := $(BUILD)/nocsyn
# The version, from its one home (include/nocsyn/core.h).
VERSION_PART = $(shell sed -n 's/^\#define NOC_VERSION_$(1) \([0-9]*\)$$/\1/p' include/nocsyn/core.h)
VERSION := $(call VERSION_PART,MAJOR).$(call VERSION_PART,MINOR).$(call VERSION_PART,PATCH)
SONAME  := libnocsyn.so.$(call VERSION_PART,MAJOR)
SHLIB   := $(BUILD)/libnocsyn.so

FLOW ?= default

.SECONDARY:
.PHONY: all deps test check run flow flows bench bench-booksim asan clean fuzz check-deps signoff install man
all: $(if $(MISSING),check-deps) $(BIN) $(LIB) $(SHLIB)

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

# The shared library exports the noc_* symbols only (src/nocsyn.map).
$(SHLIB): $(LIB_OBJ) src/nocsyn.map
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=src/nocsyn.map \
	    -o $@ $(LIB_OBJ) $(LDLIBS)

# The man page, generated from the binary's --help texts (docs/mkman.sh).
man: $(BUILD)/nocsyn.1
$(BUILD)/nocsyn.1: $(BIN) docs/mkman.sh
	sh docs/mkman.sh $(BIN) >$@.tmp && mv $@.tmp $@

# make install PREFIX=/usr/local [DESTDIR=staging]: bin/nocsyn, share/man/man1/nocsyn.1,
# lib/libnocsyn.{a,so.VERSION} (+ soname and dev links), include/nocsyn.h,
# include/nocsyn/*.h, lib/pkgconfig/nocsyn.pc.
PREFIX ?= /usr/local
install: all $(BUILD)/nocsyn.1
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/nocsyn \
	    $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(BUILD)/nocsyn.1 $(DESTDIR)$(PREFIX)/share/man/man1/nocsyn.1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/nocsyn
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libnocsyn.a
	install -m 755 $(SHLIB) $(DESTDIR)$(PREFIX)/lib/libnocsyn.so.$(VERSION)
	ln -sf libnocsyn.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libnocsyn.so
	install -m 644 include/nocsyn.h $(DESTDIR)$(PREFIX)/include/nocsyn.h
	install -m 644 include/nocsyn/*.h $(DESTDIR)$(PREFIX)/include/nocsyn/
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
	    'Name: nocsyn' 'Description: network-on-chip topology synthesis and design-space exploration' \
	    'Version: $(VERSION)' 'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lnocsyn' \
	    'Libs.private: $(strip $(GV_LIBS) -lglpk -lmetis -lcjson -lcsv -lpthread -lm)' \
	    >$(DESTDIR)$(PREFIX)/lib/pkgconfig/nocsyn.pc

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
fuzz: $(BUILD)/gen/rtl_sources.c
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(UNIT_SRC:tests/unit/%.c=$(BUILD)/obj/tests/unit/%.d)
