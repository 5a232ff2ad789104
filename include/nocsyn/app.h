/* nocsyn app: the application communication graph (cores and flows) and its
 * floorplan.  Readers live in src/app/ (docs/INTERFACE.md section 1.1, 1.2).
 */
#ifndef NOCSYN_APP_H
#define NOCSYN_APP_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_core {
    char *name;    /* owned, unique */
    int has_size;  /* w, h valid (mm) */
    int has_pos;   /* x, y valid (mm, lower-left corner) */
    double w, h, x, y;
    char die[64];  /* the die the floorplan's `die` column pins it to
                    * (docs/INTERFACE.md 1.2, package.h), "" = none */
};

struct noc_flow {
    int src, dst;  /* core ids, src != dst */
    double bw;     /* MB/s, finite, > 0 */
    int max_hops;  /* router-to-router hop bound, -1 = none */
    double max_latency_ns; /* zero-load latency bound (ns), 0 = none */
};

struct noc_app {
    char *name;    /* owned; the file's base name without extension */
    int ncores;
    size_t core_cap;
    struct noc_core *cores;
    int nflows;
    size_t flow_cap;
    struct noc_flow *flows;
    struct noc_strmap core_ids;  /* name -> core id */
    struct noc_u64map flow_ids;  /* (src,dst) -> flow id */
    int ndup;      /* duplicate (src,dst) rows summed while reading */
};

/* Zeroes app.  Pair with noc_app_free. */
void noc_app_init(struct noc_app *app);
void noc_app_free(struct noc_app *app);

/* Returns the id of core `name`, adding it when absent (>= 0), or a negative
 * status (empty name: NOC_EINVAL).  Expected O(1). */
int noc_app_core(struct noc_app *app, const char *name, struct noc_ctx *ctx);
/* Looks a core up; -1 when absent. */
int noc_app_find(const struct noc_app *app, const char *name);

/* Adds a flow; a repeated (src,dst) sums the bandwidth (and keeps the
 * tighter max_hops) and counts in app->ndup.  NOC_EINVAL for src == dst or a
 * bandwidth that is not finite and > 0.  Expected O(1). */
int noc_app_add_flow(struct noc_app *app, int src, int dst, double bw,
                     int max_hops, struct noc_ctx *ctx);

/* Bounds flow src -> dst (which must exist) to max_latency_ns (> 0, finite),
 * keeping the tighter of two bounds.  NOC_EINVAL otherwise.  Expected O(1). */
int noc_app_bound_latency(struct noc_app *app, int src, int dst, double max_latency_ns,
                          struct noc_ctx *ctx);

/* Reads an app (docs/INTERFACE.md section 1.1; the CSV column max_latency_ns and the DOT
 * edge attribute of the same name bound a flow's latency in ns).  fmt: "csv", "dot" or NULL (by extension;
 * "-" = stdin needs fmt, CSV assumed).  Errors carry FILE:LINE (in DOT the
 * line of the offending statement, the user's text quoted).  Core names at
 * most 256 bytes, DOT x y w h within NOC_DIE_MAX_MM (tech.h); a strict
 * digraph sums parallel flows as a plain one does. */
int noc_app_read(struct noc_app *app, const char *path, const char *fmt,
                 struct noc_ctx *ctx);
/* Same from a memory buffer (used by the fuzzers); `label` names it in
 * messages. */
int noc_app_parse_csv(struct noc_app *app, const char *data, size_t len,
                      const char *label, struct noc_ctx *ctx);
int noc_app_parse_dot(struct noc_app *app, const char *data, size_t len,
                      const char *label, struct noc_ctx *ctx);

/* Reads a floorplan CSV (docs/INTERFACE.md section 1.2: core,x_mm,y_mm,w_mm,h_mm or
 * core,w_mm,h_mm, and optionally a `die` column: the die of a multi-die
 * package the core is pinned to, a name of 1..63 bytes without '.' or
 * blanks, into noc_core.die) and applies it to the app's cores.  A core the app does
 * not have, a value beyond NOC_DIE_MAX_MM (tech.h), or no core row at all
 * (a header only) is an error (NOC_EINVAL with FILE:LINE). */
int noc_floorplan_read(struct noc_app *app, const char *path, struct noc_ctx *ctx);

/* ---- writers (buffers only; files are written by their callers' emitters) */
/* The app graph as DOT (cores as boxes, flows labelled and weighted by
 * bandwidth; read back by noc_app_parse_dot; pinned to the floorplan when
 * every core has a position).  Full format: src/app/dot_write.c.
 * NOC_ENOMEM.  O(cores + flows). */
int noc_app_write_dot(const struct noc_app *app, struct noc_buf *out, struct noc_ctx *ctx);
/* 1 when the app has cores and every core has a position (has_pos), else 0.
 * O(cores). */
int noc_app_placed(const struct noc_app *app);
/* The app's floorplan as CSV (docs/INTERFACE.md section 1.2, core,x_mm,y_mm,w_mm,h_mm;
 * lower-left corners; a last column `die` when some core has one).
 * NOC_EINVAL when a core has no position. */
int noc_floorplan_csv(const struct noc_app *app, struct noc_buf *b, struct noc_ctx *ctx);

int noc_floorplan_parse(struct noc_app *app, const char *data, size_t len,
                        const char *label, struct noc_ctx *ctx);

/* Weakly connected components: comp[core] in 0..count-1 numbered in order
 * of lowest core id; returns the count.  comp has ncores entries. */
int noc_app_components(const struct noc_app *app, int *comp);
/* Per-core injected (out) and ejected (in) bandwidth, arrays of ncores. */
void noc_app_core_bw(const struct noc_app *app, double *in, double *out);

/* The figures app-info shows of an app, computed once: per-core ejected
 * (in) and injected (out) MB/s and their total, the weakly connected
 * components (comp[core], ncomp as noc_app_components), the flows with a
 * max_hops bound (nbounded) and with a max_latency_ns bound (nlat), and the
 * flow of the tightest latency bound (tightest, the first of equal ones;
 * -1 when none).  The arrays have max(ncores, 1) entries. */
struct noc_app_summary {
    double *in, *out, total;
    int *comp, ncomp;
    int nbounded;
    int nlat;
    int tightest;
};
/* Empties s (safe to free).  O(1). */
void noc_app_summary_init(struct noc_app_summary *s);
/* Fills s (initialised or freed before) for app; whoever calls it frees s
 * with noc_app_summary_free, also after an error.  NOC_ENOMEM with a
 * message.  O(cores + flows). */
int noc_app_summarize(const struct noc_app *app, struct noc_app_summary *s, struct noc_ctx *ctx);
/* Releases s's arrays and empties it. */
void noc_app_summary_free(struct noc_app_summary *s);
/* Multiplies every flow's bandwidth by factor: apps given in other units
 * (weights, bytes per frame, Gbit/s) become MB/s (the CLI's --bw-scale).
 * NOC_EINVAL, app unchanged, when factor is not finite and > 0 or a scaled
 * bandwidth would not be within the reader's bounds (> 0, at most 1e15 MB/s), naming label
 * (the app's path; may be NULL) and the flow.  O(flows). */
int noc_app_scale_bw(struct noc_app *app, double factor, const char *label, struct noc_ctx *ctx);
/* Sum of all flow bandwidths. */
double noc_app_total_bw(const struct noc_app *app);

/* The CSV writer of every CSV nocsyn writes (src/app/csv_rows.c, the libcsv
 * adapter): appends field s to b as is, or quoted by libcsv (quotes
 * doubled) when it holds a comma, a quote or a line break.  On allocation
 * failure b->failed is set.  O(length). */
void noc_csv_field(struct noc_buf *b, const char *s);

#ifdef __cplusplus
}
#endif

#endif
