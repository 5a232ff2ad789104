/* nocsyn characterize: the router nocsyn emits (rtl.h), synthesized on a
 * Liberty cell library with Yosys and timed and powered with OpenSTA, turned
 * into per-radix tables of the tech model (tech.h: fmax_mhz.R, area_mm2.R,
 * leak_mw.R, flit_pj.R, clk_mw_per_mhz.R).
 *
 * One configuration = (radix R, payload width W, V virtual channels, BUF
 * flits per VC).  Its design is the router in context, as `nocsyn rtl`
 * emits it (noc_rtl_generate, every channel one cycle, nocsyn_link
 * CSTAGES = 1): router r0 (NOC_CHARZ_ROUTER) of radix R with R - 1
 * terminals and one link port to a second router r1 of radix 2 (one
 * terminal and the link).  r0's link output has credit counters and the
 * switch allocator's credit check, as every router of a multi-router
 * design has (an all-terminal router has neither: an ejection output skips
 * the credit check, nocsyn_router's EJ, and Yosys removes its counters).
 * The numbers are r0's alone; r1, the channels' registers and the top
 * level's cells are left out.  Flow:
 *   Yosys:   read_verilog -sv (the emitted files); synth -top nocsyn_top;
 *            dfflibmap -liberty L; abc -D TARGET_PS -liberty L with Yosys
 *            0.23's own delay script (strash ... &nf -D) followed by ABC's
 *            buffer -c; upsize; dnsize (fanout buffering and gate sizing:
 *            without them a FIFO write enable drives 76 pins from a NOR2X1
 *            and one gate is 3.7 ns of a 5.9 ns path at radix 4); opt_clean;
 *            stat -liberty L; write_verilog (the mapped netlist)
 *   OpenSTA: read_liberty L; read_verilog; link_design nocsyn_top;
 *            set_cmd_units -time ps; create_clock at PERIOD_PS;
 *            report_checks -path_delay max from every register clock pin to
 *            the data pins of r0's registers (all_registers -data_pins whose
 *            full name starts with "r0/"); with every net at activity 0,
 *            then at activity A (set_power_activity -global and -input: A
 *            transitions per clock cycle on every net): the sum of
 *            sta::instance_power over r0's leaf cells, printed as one line
 *            "nocsyn-power-0 INTERNAL SWITCHING LEAKAGE TOTAL" (W; and
 *            nocsyn-power-a), then the design's report_power for reference.
 *            OpenSTA 2.0.17's report_power -instances [get_cells r0] prints
 *            zeros for a hierarchical instance (it sums leaf cells only), so
 *            the sum is taken in the script.
 * Results (noc_charz_result):
 *   fmax = 1e6 / (data arrival time of the worst path + its library setup
 *          time) MHz, both in ps from STA's report (its endpoint must be in
 *          r0);
 *   area = sum over r0's module's mapped cells (Yosys' stat section of the
 *          module that net.v's top module instantiates as r0) of count x
 *          the cell's Liberty `area` (Liberty area units, taken as um^2
 *          times area_um2; the tool's own "Chip area for module" is kept
 *          beside it as a check);
 *   leakage = r0's leakage (W -> mW);
 *   clock power per MHz = (total at activity 0 - leakage) / clock MHz: with
 *          no data toggling, what is left is the clock pins' internal power;
 *   energy per flit = (total at A - total at 0) / (flits per second), where
 *          a router forwarding one flit per port per cycle with random
 *          payload toggles its data nets 0.5 times a cycle, so activity A
 *          stands for 2A x R x f flits per second.
 * OpenSTA 2.0.17 does not propagate activity through registers, so the
 * activity is set on every net (-global), not simulated.
 *
 * Files: the tool-runner adapter (src/charz/runner.c) is the only code that
 * spawns processes and touches the cache directory; everything else here is
 * pure text in, text or numbers out.  Nothing prints or exits.
 */
#ifndef NOCSYN_CHARZ_H
#define NOCSYN_CHARZ_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The instance name of the characterized router in the design's top level
 * (nocsyn rtl names a router r<node>; noc_charz_design adds it first). */
#define NOC_CHARZ_ROUTER "r0"

/* ---- Liberty: the header and the cells' areas. */
struct noc_liberty_cell {
    char name[64];
    double area;  /* Liberty area units */
    int seq;      /* has an ff or latch group */
    int inv;      /* an inverter: a pin's function is "!X" or "X'" of one input */
    double in_cap; /* the largest pin capacitance (library units; 0 when none) */
};
struct noc_liberty {
    char name[128];        /* library (NAME) */
    char time_unit[32];    /* the file's text, "" when absent */
    char cap_unit[32];     /* capacitive_load_unit, e.g. "1,pf" */
    char leak_unit[32];    /* leakage_power_unit */
    char opcond[64];       /* default_operating_conditions, "" when absent */
    double time_ps;        /* one time unit in ps (1000 for "1ns"; 1000 when absent) */
    double voltage, temperature, process; /* nom_voltage, nom_temperature, nom_process (NAN: absent) */
    int ncells;
    struct noc_liberty_cell *cell; /* owned */
};
/* Init/free pair (whoever inits frees).  O(1) / O(cells). */
void noc_liberty_init(struct noc_liberty *lib);
void noc_liberty_free(struct noc_liberty *lib);
/* Parses Liberty text (comments, quoted strings, line continuations):
 * the library's name, the unit attributes, nom_* and the default
 * operating conditions, and every cell's area and whether it is
 * sequential.  Errors: NOC_EINVAL with label:LINE (unbalanced braces, no
 * library group, a time_unit it cannot read, no cell), NOC_ENOMEM.
 * Parser: the only reader of Liberty files.  O(length). */
int noc_liberty_parse(struct noc_liberty *lib, const char *text, const char *label, struct noc_ctx *ctx);
/* The cell named `name`, NULL when absent.  O(cells). */
const struct noc_liberty_cell *noc_liberty_find(const struct noc_liberty *lib, const char *name);
/* The cell that drives every register output in the flow's delay model:
 * the library's smallest inverter (least area, the first in the file on a
 * tie), NULL when the library has none.  ABC takes the flip-flops' outputs
 * as primary inputs; told they are driven by this cell (and loaded by its
 * input capacitance) it buffers their fanout, which it otherwise takes as
 * free.  O(cells). */
const struct noc_liberty_cell *noc_liberty_drive_cell(const struct noc_liberty *lib);
/* Femtofarads per capacitance unit of the library (capacitive_load_unit:
 * "1,pf" -> 1000, "1,ff" -> 1); 1000 (picofarads, the common unit) when
 * absent or unreadable.  O(1). */
double noc_liberty_cap_ff(const struct noc_liberty *lib);

/* ---- The tools' report text. */
/* Yosys `stat -liberty`: the cell counts of one module (its section
 * "=== MODULE ===" and its "Chip area for module 'MODULE'" line) when
 * module is not NULL (NOC_EINVAL when the text has no such section), else
 * of the whole design (its "design hierarchy" section when there is one,
 * else the one module, and the chip area of the top module).  Area = sum
 * count x Liberty area of each cell (NOC_EINVAL naming a cell the library
 * lacks, e.g. a submodule of the module); flops = cells with seq set.
 * seq_cell gets the most used sequential cell (its area is the flip-flop
 * area per bit).  O(length x cells). */
struct noc_charz_stat {
    long cells, flops;
    double area;         /* from the Liberty file, library units */
    double tool_area;    /* Yosys' "Chip area" line (-1 when absent) */
    char seq_cell[64];
};
int noc_charz_parse_stat(struct noc_charz_stat *st, const char *text, const struct noc_liberty *lib,
                         const char *module, const char *label, struct noc_ctx *ctx);
/* The module that the top module `top` of a Verilog netlist (Yosys'
 * write_verilog) instantiates as `inst`, as Yosys' stat names it (an
 * escaped identifier's leading backslash dropped: "\$paramod$H\nocsyn_router"
 * -> "$paramod$H\nocsyn_router"), into out (cap bytes).  NOC_EINVAL when
 * the netlist has no module top or top has no instance inst.  O(length). */
int noc_charz_inst_module(char *out, size_t cap, const char *netlist, const char *top, const char *inst,
                          const char *label, struct noc_ctx *ctx);
/* OpenSTA's output of the script noc_charz_sta_script writes: the worst
 * path ending in r0's registers (data arrival, library setup, both in ps,
 * start and end points) and r0's power at activity 0 and A (the script's
 * "nocsyn-power-0" and "nocsyn-power-a" lines: internal, switching,
 * leakage, total, W).  When inst is not NULL the endpoint must be a pin
 * of it ("INST/..."): NOC_EINVAL otherwise, as when a part is missing
 * ("No paths found", a tool error).  O(length). */
struct noc_charz_sta {
    double arrival_ps, setup_ps;
    char start[96], end[96];
    double p0_total_w, p0_leak_w; /* r0, every net at activity 0 */
    double pa_total_w, pa_leak_w; /* r0, every net at the stated activity */
};
int noc_charz_parse_sta(struct noc_charz_sta *s, const char *text, const char *inst, const char *label,
                        struct noc_ctx *ctx);

/* ---- One configuration and its results. */
struct noc_charz_opts {
    double target_ps;   /* abc -D, ps (default 1000: below reach, so ABC maps for delay) */
    double period_ps;   /* clock of the power reports, ps (default 10000 = 100 MHz) */
    double activity;    /* toggles per cycle on every net for report_power (default 0.1) */
    double area_um2;    /* um^2 per Liberty area unit (default 1) */
};
/* Sets the defaults above.  O(1). */
void noc_charz_opts_init(struct noc_charz_opts *o);

struct noc_charz_config {
    int radix, width, vcs, buf;
    int links; /* link ports of r0 (noc_charz_links: 0 means 1, at most radix - 1) */
};
/* links value of the worst case: every port of r0 but one terminal is a
 * link port (R - 1 links; `characterize --links max`). */
#define NOC_CHARZ_LINKS_MAX 63
/* The link ports r0 of configuration c has: c->links, 1 when it is 0 or
 * less, at most radix - 1 (r0 keeps one terminal).  O(1). */
int noc_charz_links(const struct noc_charz_config *c);
struct noc_charz_result {
    struct noc_charz_config cfg;
    struct noc_charz_stat stat;
    struct noc_charz_sta sta;
    double fmax_mhz;        /* 1e6 / (arrival + setup) */
    double area_mm2;        /* stat.area x area_um2 / 1e6 */
    double leak_mw;
    double clk_mw_per_mhz;
    double flit_pj;
    double clk_fj_bit;      /* clock energy per flip-flop per cycle */
    double reg_um2_bit;     /* area of seq_cell, um^2 */
    int cached;             /* 1: read from the cache, no tool ran */
};
/* The numbers of a result from its stat and sta parts (above).  O(1). */
void noc_charz_derive(struct noc_charz_result *r, const struct noc_liberty *lib,
                      const struct noc_charz_opts *o);

/* The design text of a configuration: `nocsyn rtl` (rtl.h) of router r0
 * (NOC_CHARZ_ROUTER) of the configuration's radix R with R - L terminals
 * and L = noc_charz_links(c) links, one to each of routers r1..rL of radix
 * 2 (one terminal each; L = 1 by default); its generated top level in *top
 * (init'ed by the caller).  NOC_EINVAL for a configuration
 * rtl refuses (radix 2..64, width 16..1024, vcs 1..16, buf 1..64).
 * O(radix^2). */
int noc_charz_design(const struct noc_charz_config *c, struct noc_buf *top, struct noc_ctx *ctx);
/* The scripts (file names relative to the work directory, the Liberty file
 * by its absolute path).  Appended to out.  The Yosys script passes ABC
 * `-constr constr.txt` when `constr` is set (a library with an inverter,
 * see noc_charz_constr).  O(1). */
void noc_charz_yosys_script(struct noc_buf *out, const char *liberty, const struct noc_charz_opts *o, int constr);
/* ABC's constraint file (constr.txt) for a library: `set_driving_cell` the
 * drive cell of noc_liberty_drive_cell and `set_load` its input
 * capacitance in fF.  Returns 0 (nothing written) when the library has no
 * inverter, else 1.  O(cells). */
int noc_charz_constr(struct noc_buf *out, const struct noc_liberty *lib);
/* OpenSTA's script (sta.tcl): paths ending in NOC_CHARZ_ROUTER's registers,
 * its leaf cells' power (see the flow above).  Appended to out.  O(1). */
void noc_charz_sta_script(struct noc_buf *out, const char *liberty, const struct noc_charz_opts *o);

/* ---- The run (tool-runner adapter, src/charz/runner.c). */
/* Writes the flow's Yosys script (synth.ys, top nocsyn_top) and ABC's
 * constr.txt for the Liberty file into the existing directory dir, as a
 * characterization writes them into its work directory, and runs no tool:
 * the one flow for a design's own sign-off (benchmarks/tech/signoff.sh).
 * Errors: the Liberty file's (NOC_EIO, NOC_EINVAL FILE:LINE), NOC_EIO for a
 * file it cannot write.  O(Liberty size). */
int noc_charz_write_flow(const char *liberty, const struct noc_charz_opts *o, const char *dir, struct noc_ctx *ctx);

struct noc_charz_tools {
    char yosys[512], sta[512];          /* resolved paths */
    char yosys_version[128], sta_version[128];
};
/* Resolves `yosys` and `sta` (names searched on PATH, or paths) and reads
 * their versions (yosys -V, sta -version).  NOC_EINVAL "TOOL: not found"
 * for a missing one.  Runs two processes. */
int noc_charz_tools_find(struct noc_charz_tools *t, const char *yosys, const char *sta, struct noc_ctx *ctx);

struct noc_charz_run {
    const char *liberty;        /* path of the Liberty file */
    const char *cache_dir;      /* created when missing */
    struct noc_charz_opts opts;
    struct noc_charz_tools tools;
    int jobs;                   /* parallel configurations (<= 0: 1) */
    int nconfig;
    const struct noc_charz_config *config;
    /* Optional progress sink, called under the pool's lock as each
     * configuration finishes (i = its index); never from two threads at
     * once.  NULL: none. */
    void (*progress)(void *ud, int i, const struct noc_charz_result *r);
    void *progress_ud;
};
/* Characterizes every configuration (run->jobs at a time), each in its own
 * work directory CACHE/KEY, KEY = a 64-bit FNV-1a hash of the design and
 * source texts, the Liberty file's bytes, both scripts, the tools' versions
 * and the options.  A directory holding a complete result file is read
 * back instead of run (r->cached = 1).  res[0..nconfig-1] filled; lib gets
 * the parsed Liberty (init'ed by the caller).  Errors: NOC_EIO (a file, a
 * tool that could not be started), NOC_EINVAL (a tool that failed: its
 * log's path and last line, a report without the expected parts),
 * NOC_ENOMEM.  Cost: the tools' runs. */
int noc_charz_run(const struct noc_charz_run *run, struct noc_liberty *lib, struct noc_charz_result *res,
                  struct noc_ctx *ctx);

/* The tech file (tech.h's key = value format): a '#' header (library,
 * corner, units, tools, `command`, one comment row per configuration),
 * vcs, buf_flits, table_width, reg_um2_bit, clk_fj_bit, then the per-radix
 * tables of the configurations of the first width/vcs/buf (res[0]'s).
 * Appended to out.  O(nres). */
void noc_charz_emit_tech(struct noc_buf *out, const struct noc_liberty *lib, const char *liberty_path,
                         const struct noc_charz_tools *tools, const struct noc_charz_opts *o,
                         const struct noc_charz_result *res, int nres, const char *command);

#ifdef __cplusplus
}
#endif

#endif
