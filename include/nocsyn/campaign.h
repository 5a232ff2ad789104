/* nocsyn campaign: a design-space campaign split into independent jobs
 * (`nocsyn campaign plan | job | run | collect | status`).
 *
 * A campaign description is a text file of `key = value` lines ('#' starts
 * a comment; blank lines are ignored):
 *   name = TEXT              title of the report (default: the file's name)
 *   app = PATH               an app graph (CSV or DOT); repeat for every app
 *   floorplan = PATH         the floorplan of the app line above (optional)
 *   app-cores = N            the app line above has N cores (optional; the
 *                            canonical form carries it)
 *   methods = LIST           synthesis methods (default split,merge,cmesh,hring;
 *                            "none" for none)
 *   baselines = LIST         regular baselines (default none; "all" = every one)
 *   freq = GRID              clock MHz (default 1000)
 *   link-width = GRID        link width, bits (default 32)
 *   max-radix = GRID         switch ports for synthesis (default 8)
 *   max-util = U             usable fraction of each link (default 0.8)
 *   packet-bits = B          packet size (default 128)
 *   wire-budget = W          baselines' width from W bisection wires (0 = off)
 *   tech = PATH              tech model overrides (default the built-in model)
 *   seed = S                 seed (default 1)
 *   ideal = yes|no           the ideal-routing LP load (default no)
 *   simulate = yes|no        simulate every design (default no)
 *   sim-loads = A:B:STEP     offered loads of the simulation (default
 *                            0.05:1:0.05; the saturation search refines it)
 *   sim-cycles = N           measured cycles per load (default 10000)
 * A GRID is one value, a list a,b,c or a range A:B:STEP (core.h).  Relative
 * paths are relative to the description's directory.
 *
 * Jobs: one per app x max-radix x freq x link-width x (each method, then
 * each baseline), numbered from 1 in that order (apps outermost).  A job is
 * the comparison (explore.h) of one method or one baseline on one app at
 * one point; each writes its own directory, so jobs run in any order, on
 * any machine that sees the same files.
 *
 * The module (layer 5, docs/layout.md) also writes the campaign's own
 * files: the runners (jobs.txt, Makefile, slurm.sbatch; src/campaign/files.c)
 * and the collected summary.csv, pareto.csv and report (src/campaign/report.c).
 */
#ifndef NOCSYN_CAMPAIGN_H
#define NOCSYN_CAMPAIGN_H

#include "nocsyn/core.h"
#include "nocsyn/explore.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NOC_CAMPAIGN_MAX_GRID 64
#define NOC_CAMPAIGN_MAX_ITEMS 32

struct noc_app;

struct noc_campaign_app {
    char *path;      /* as resolved (relative to the description); owned */
    char *floorplan; /* NULL when none; owned */
    char name[64];   /* file name without directory and extension */
    int ncores;
};

/* A parsed campaign.  Init/free pair: noc_campaign_init / noc_campaign_free. */
struct noc_campaign {
    char name[128];
    int napps;
    struct noc_campaign_app *apps;
    int nitems, nmethods;               /* items[0..nmethods) are methods, the rest baselines */
    char items[NOC_CAMPAIGN_MAX_ITEMS][16];
    double freqs[NOC_CAMPAIGN_MAX_GRID], widths[NOC_CAMPAIGN_MAX_GRID], radices[NOC_CAMPAIGN_MAX_GRID];
    int nfreqs, nwidths, nradices;
    double max_util, packet_bits, wire_budget;
    unsigned seed;
    char *tech;                         /* NULL: built-in model; owned */
    int ideal, simulate;
    double sim_from, sim_to, sim_step;
    long sim_cycles;
    int njobs;
    char *text;                         /* the canonical description (every key,
                                         * resolved paths); owned */
};

/* One job of a campaign (noc_campaign_job). */
struct noc_campaign_job {
    int id;          /* 1-based */
    int app;         /* index into apps */
    int item;        /* index into items */
    int baseline;    /* 1: items[item] is a baseline */
    int max_radix;
    double freq_mhz, link_width;
};

void noc_campaign_init(struct noc_campaign *c);
void noc_campaign_free(struct noc_campaign *c);

/* Parses the description text (label names it in messages, "FILE:LINE: ";
 * base_dir resolves relative paths, NULL = as written), validates every
 * key, range and method/baseline name, and with check reads every app (and
 * floorplan, and tech file) to check it and count its cores (without check,
 * as for a plan's canonical campaign.txt, every app needs app-cores).  NOC_EINVAL (message with the line) on
 * bad input; NOC_EIO when an app cannot be read; NOC_ENOMEM.  On failure c
 * still needs noc_campaign_free.  O(text + apps). */
int noc_campaign_parse(struct noc_campaign *c, const char *text, const char *label, const char *base_dir,
                       int check, struct noc_ctx *ctx);

/* Reads and parses the description at path (relative paths against its
 * directory).  Errors as noc_campaign_parse and noc_read_file. */
int noc_campaign_read(struct noc_campaign *c, const char *path, struct noc_ctx *ctx);

/* Job id (1..njobs) into *j; NOC_EINVAL for an id out of range.  O(1). */
int noc_campaign_job(const struct noc_campaign *c, int id, struct noc_campaign_job *j, struct noc_ctx *ctx);

/* A short label of job j, e.g. "vopd split r8 1000MHz w32", into buf. */
void noc_campaign_job_label(const struct noc_campaign *c, const struct noc_campaign_job *j, char *buf,
                            size_t len);

/* Runs job j: reads its app (and floorplan; min-cut floorplan otherwise),
 * and compares its one method or baseline at its point into out (a struct
 * noc_compare_init'ed by the caller, who frees it; app likewise with
 * noc_app_init/noc_app_free).  A method or baseline that cannot be built
 * for the app is a skip in out (not an error).  *tech_out (may be NULL)
 * receives the tech model and *cap_out (may be NULL) the link capacity
 * the job ran with (for noc_compare_write).  Deterministic.  Errors as
 * noc_compare_run. */
int noc_campaign_job_run(const struct noc_campaign *c, const struct noc_campaign_job *j, struct noc_app *app,
                         struct noc_compare *out, struct noc_tech *tech_out, double *cap_out,
                         struct noc_ctx *ctx);

/* The job's status file text (written last into its directory, so its
 * presence marks the job done): "status ok" and one "skipped NAME: REASON"
 * line per skip.  Appends to b; NOC_ENOMEM. */
int noc_campaign_job_status(const struct noc_compare *cmp, struct noc_buf *b, struct noc_ctx *ctx);

/* ---- collect ----------------------------------------------------------- */

/* One design row of the collected summary. */
struct noc_campaign_row {
    int job, app;
    char **fields;     /* the job's summary.csv fields (ncols); owned */
    double obj[4];     /* power mW, latency ns (hops without a clock), area, radix */
    int violating;     /* its violations column is not empty */
    int pareto;        /* on its app's Pareto front across the campaign */
};

struct noc_campaign_skip {
    int job;
    char *text;        /* "NAME: REASON"; owned */
};

/* The merged result.  Init/free pair: noc_campaign_result_init / _free. */
struct noc_campaign_result {
    int njobs, ndone;
    int *done;         /* per job (0-based): 1 done, 0 not, -1 failed */
    char **failed;     /* per job: the failure message, or NULL; owned */
    int ncols;
    char **header;     /* the jobs' summary.csv header; owned */
    int nrows;
    size_t rowcap;
    struct noc_campaign_row *rows;
    int nskips;
    size_t skipcap;
    struct noc_campaign_skip *skips;
};

void noc_campaign_result_init(struct noc_campaign_result *r);
void noc_campaign_result_free(struct noc_campaign_result *r);
/* The index of the header column named `name` (exact match), or -1 when
 * r has no such column.  Never fails.  O(columns x name length). */
int noc_campaign_result_col(const struct noc_campaign_result *r, const char *name);

/* Reads what the jobs of c wrote under dir/jobs (a parser: each done
 * job's status file and summary.csv, each failed job's message), in job
 * order, and marks each app's Pareto front (as compare's: among designs
 * that break no constraint, none at least as good in power, average
 * latency, area and largest radix and better in one).  Jobs not done are
 * counted, not an error.  NOC_EIO on an unreadable file, NOC_EINVAL with
 * FILE:LINE when a job's summary.csv has another header than the first's,
 * is malformed CSV, holds a NUL byte, a row of another field count than
 * its header or a design row without finite objectives.
 * O(rows^2 per app + bytes read). */
int noc_campaign_collect(const struct noc_campaign *c, const char *dir, struct noc_campaign_result *r,
                         struct noc_ctx *ctx);

/* Directory of job id under dir: "DIR/jobs/0017" (4 digits at least). */
void noc_campaign_job_dir(const char *dir, int id, char *buf, size_t len);

/* ---- the campaign's files (src/campaign/files.c, report.c) ----
 * Each appends to b and returns NOC_OK or NOC_ENOMEM. */
/* jobs.txt: line i = the shell command of job i ("'BIN' campaign job 'DIR' i",
 * sh-quoted), for GNU parallel, xargs or a Slurm array.  O(jobs). */
int noc_campaign_jobs_txt(const struct noc_campaign *c, const char *bin, const char *dir, struct noc_buf *b,
                          struct noc_ctx *ctx);
/* A Makefile with one phony target per job (make -j N -f DIR/Makefile). */
int noc_campaign_makefile(const struct noc_campaign *c, const char *bin, const char *dir, struct noc_buf *b,
                          struct noc_ctx *ctx);
/* A Slurm batch script: a job array of njobs tasks, task i running line i
 * of DIR/jobs.txt, output in DIR/slurm/%a.out. */
int noc_campaign_sbatch(const struct noc_campaign *c, const char *dir, struct noc_buf *b, struct noc_ctx *ctx);
/* summary.csv (pareto_only 0) or pareto.csv (1): job,app,max_radix, then
 * the jobs' summary.csv columns as written, but pareto = the app's front
 * across the campaign.  Rows in job order.  NOC_EINVAL on a bad job id. */
int noc_campaign_summary_csv(const struct noc_campaign *c, const struct noc_campaign_result *r, int pareto_only,
                             struct noc_buf *b, struct noc_ctx *ctx);
/* report.md (html 0) or a self-contained report.html (1): per app its
 * Pareto front by power, the designs that break constraints, the skipped
 * methods; the jobs not done; the canonical description.  No path of the
 * output directory, no time: the same jobs give the same bytes. */
int noc_campaign_report(const struct noc_campaign *c, const struct noc_campaign_result *r, int html,
                        struct noc_buf *b, struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
