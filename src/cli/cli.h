/* Internal to the CLI: the command table and shared helpers.  The CLI uses
 * only the public API of libnocsyn. */
#ifndef NOCSYN_CLI_H
#define NOCSYN_CLI_H

#include "nocsyn/core.h"

struct cli_cmd {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the command name */
    const char *summary;
};

/* Every command: returns the process exit status. */
int cmd_convert(int argc, char **argv);
int cmd_app_info(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_eval(int argc, char **argv);
int cmd_route(int argc, char **argv);
int cmd_perm(int argc, char **argv);
int cmd_min(int argc, char **argv);
int cmd_dynamic(int argc, char **argv);
int cmd_design(int argc, char **argv);
int cmd_latency(int argc, char **argv);
int cmd_synth(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_floorplan(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_rtl(int argc, char **argv);
int cmd_tech(int argc, char **argv);
int cmd_characterize(int argc, char **argv);
int cmd_campaign(int argc, char **argv);
int cmd_package(int argc, char **argv);

struct noc_topo; /* cli_load_topology (topo_arg.c): "-", "gen:FAMILY:P=V,..." or a file into uninitialised t (finalized on success; caller frees) */
int cli_load_topology(const char *arg, struct noc_topo *t, struct noc_ctx *ctx);

/* Prints "nocsyn: MSG" (ctx->msg) on stderr and returns the exit code of
 * ctx->status. */
int cli_fail(const struct noc_ctx *ctx);
/* Appends document j (owned: freed here) to b in json.h's one-line layout
 * (noc_json_print_line), the layout of the calculators' --format json;
 * marks b failed when that runs out of memory. */
struct noc_json;
void cli_json_line(struct noc_json *j, struct noc_buf *b);
/* As cli_fail, naming `where` (e.g. the topology argument) first unless the
 * message already starts with it. */
int cli_fail_in(const char *where, const struct noc_ctx *ctx);
/* Prints "nocsyn: " + formatted message on stderr and returns 2. */
int cli_usage(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Initialises ctx with the CLI's note sink: notes ("nocsyn: note: ...")
 * are kept until cli_notes_end, printed on stderr only when the command
 * succeeded (a failure prints exactly one line). */
void cli_ctx_init(struct noc_ctx *ctx);
/* Prints the kept notes on stderr when ok (then drops them).  O(notes). */
void cli_notes_end(int ok);
/* The one exit path of every command (main): flushes and closes stdout;
 * when that or an earlier write to it failed and code is 0, prints one
 * "nocsyn: <stdout>: write failed" line and returns the I/O exit status,
 * else code; then cli_notes_end(code == 0). */
int cli_stdout_end(int code);
/* 1 when argv contains -h or --help (before any "--"). */
int cli_wants_help(int argc, char **argv);
/* Prints text to stdout and returns 0 (for --help). */
int cli_help(const char *text);
/* The progress line of long runs (on stderr, only when it is a
 * terminal, only once the run has taken more than a second, never with
 * --quiet).  cli_progress_init decides whether to show it; cli_progress is
 * the library callback (ud = the struct). */
struct cli_progress {
    double start;
    int enabled, shown;
    const char *label;
};
void cli_progress_init(struct cli_progress *p, const char *label, int quiet);
void cli_progress(void *ud, int done, int total, const char *item);

/* One output of a command that writes several files. */
struct cli_out {
    const char *path; /* NULL = skip; "-" = stdout (put it last: it cannot be undone) */
    const char *data;
    size_t len;
    const char *opt; /* the option that named it ("--svg"), for messages; NULL = none */
};
/* NOC_OK when no two of outs[0..n) name the same file (both stdout, one
 * existing file under two names: ./X, a symbolic or hard link, or one new
 * name in one directory), else NOC_EINVAL naming both options.  Touches no
 * file; cli_write_all calls it before writing anything. */
int cli_outputs_distinct(const struct cli_out *outs, int n, struct noc_ctx *ctx);
/* Writes outs[0..n) as a set (src/cli/outputs.c): every file first to a
 * temporary beside it (DIR/.nocsyn-tmp-PID-NAME), then, when all were
 * written, each renamed into place, then the stdout outputs.  When one
 * fails nothing is renamed, so every file that existed before is left as
 * it was.  Two outputs naming the same file are refused before anything
 * is written (cli_outputs_distinct).  Returns NOC_OK or the failing write's status (message in ctx). */
int cli_write_all(const struct cli_out *outs, int n, struct noc_ctx *ctx);

/* A set of output files written into DIR all or nothing, replacing the
 * previous run's set (synth, compare): the files go to
 * DIR/.nocsyn-stage-PID; commit moves them into DIR, removes the files the
 * previous run listed in DIR/.nocsyn-files that this run did not write
 * (files of other origin stay) and lists this run's files there.  On abort
 * (or SIGINT/SIGTERM/SIGHUP) the staging directory goes, and DIR when this
 * run created it; a later run removes the staging directories and
 * temporaries of runs that are gone.  Open, write into st->path, then
 * commit or abort. */
struct cli_stage {
    char dir[4096], path[4200];
    int created;
    int slot, dir_slot; /* signal-cleanup slots of path and (created) dir */
};
int cli_stage_open(const char *dir, struct cli_stage *st, struct noc_ctx *ctx);
int cli_stage_commit(struct cli_stage *st, struct noc_ctx *ctx);
void cli_stage_abort(struct cli_stage *st);

/* Extension of path (after the last '.'), "" when none. */
const char *cli_ext(const char *path);
/* Parses a grid option (--freq, --link-width): one value, a range A:B:STEP
 * (A <= B, STEP > 0, B included) or a list a,b,c; every value in lo..hi and
 * > 0, whole numbers when whole (link widths), no empty list element, at
 * most max values.  Prints the usage error and returns 2 on bad input, else
 * 0 with vals[0..*n-1]. */
int cli_parse_grid(const char *opt, const char *s, double lo, double hi, int whole, double *vals, int max,
                   int *n);

/* ---- The options several commands share: one getopt entry each (use it
 * in the command's option table) and one value rule.  Messages stay the
 * command's own (they name the command and are part of its output). */
#define CLI_OPT_FREQ(code) {"freq", required_argument, NULL, (code)}
#define CLI_OPT_LINK_WIDTH(code) {"link-width", required_argument, NULL, (code)}
/* A single clock (eval, tech, dynamic): a number > 0 and <= 1e5 in MHz (the
 * synthesis grid's bound).  0 with *mhz set, else -1 (the caller prints its
 * usage message). */
int cli_freq_value(const char *arg, double *mhz);
/* synth and compare: --freq and --link-width as a grid (a value, A:B:STEP
 * or a list; clocks 1e-3..1e5 MHz, widths whole 1..4096 bits) into so's
 * freqs / widths, the first value also its single point.  0, or 2 after
 * the usage message. */
/* --bw-scale F (app-info, synth, floorplan, compare): the factor that
 * turns an app's bandwidths into MB/s (default 1), applied right after the
 * app is read (noc_app_scale_bw).  cli_bw_scale: 0 with *f set, or 2 after
 * the usage message (F must be a number > 0 and finite). */
#define CLI_OPT_BW_SCALE(code) {"bw-scale", required_argument, NULL, (code)}
int cli_bw_scale(const char *cmd, const char *arg, double *f);
/* The default load grid "A:B:STEP" of sim --sweep and a campaign's
 * sim-loads, from sim.h's literals (needs nocsyn/sim.h and nocsyn/units.h). */
#define CLI_SWEEP_DEFAULT                                                                                   \
    NOC_UNITS_STR(NOC_SIM_SWEEP_FROM) ":" NOC_UNITS_STR(NOC_SIM_SWEEP_TO) ":" NOC_UNITS_STR(NOC_SIM_SWEEP_STEP)
struct noc_synth_opts;
int cli_grid_freq(const char *arg, struct noc_synth_opts *so);
int cli_grid_width(const char *arg, struct noc_synth_opts *so);

#endif
