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

struct noc_topo; /* cli_load_topology (topo_arg.c): "-", "gen:FAMILY:P=V,..." or a file into uninitialised t (finalized on success; caller frees) */
int cli_load_topology(const char *arg, struct noc_topo *t, struct noc_ctx *ctx);

/* Prints "nocsyn: MSG" (ctx->msg) on stderr and returns the exit code of
 * ctx->status. */
int cli_fail(const struct noc_ctx *ctx);
/* As cli_fail, naming `where` (e.g. the topology argument) first unless the
 * message already starts with it. */
int cli_fail_in(const char *where, const struct noc_ctx *ctx);
/* Prints "nocsyn: " + formatted message on stderr and returns 2. */
int cli_usage(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Initialises ctx with the CLI's note sink ("nocsyn: note: ..." on stderr). */
void cli_ctx_init(struct noc_ctx *ctx);
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
};
/* Writes outs[0..n) as a set (src/cli/outputs.c): every file first to a
 * temporary beside it (DIR/.nocsyn-tmp-PID-NAME), then, when all were
 * written, each renamed into place, then the stdout outputs.  When one
 * fails nothing is renamed, so every file that existed before is left as
 * it was.  Returns NOC_OK or the failing write's status (message in ctx). */
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

#endif
