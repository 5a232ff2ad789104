/* nocsyn core: status codes, the error context, allocation helpers and the
 * small hash maps every module shares.
 *
 * Conventions for the whole library:
 *  - every fallible function returns an int status, NOC_OK (0) on success;
 *  - on failure the message is stored in a struct noc_ctx passed by the caller;
 *  - library code never prints, exits or aborts; notes (warnings that do not
 *    fail the call, e.g. "duplicate flow summed") go through ctx->note;
 *  - a function holding resources has one cleanup label and propagates a
 *    callee's status with NOC_CHECK (below);
 *  - whoever initialises a struct releases it (noc_X_init / noc_X_free).
 */
#ifndef NOCSYN_CORE_H
#define NOCSYN_CORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version (semantic versioning: MAJOR changes break the
 * API or ABI).  NOC_VERSION is the same as a string ("0.1.0"); the
 * Makefile reads these three lines for the shared library's soname and
 * nocsyn.pc. */
#define NOC_VERSION_MAJOR 0
#define NOC_VERSION_MINOR 1
#define NOC_VERSION_PATCH 0
#define NOC_VERSION_STR_(x) #x
#define NOC_VERSION_STR(x) NOC_VERSION_STR_(x)
#define NOC_VERSION                                                                    \
    NOC_VERSION_STR(NOC_VERSION_MAJOR) "." NOC_VERSION_STR(NOC_VERSION_MINOR) "." \
        NOC_VERSION_STR(NOC_VERSION_PATCH)

/* NOC_VERSION of the library actually linked or loaded (which may differ
 * from the header a program was compiled with).  A static string; never
 * fails.  O(1). */
const char *noc_version(void);

/* Status codes.  noc_exit_code() maps them onto the CLI's exit statuses
 * (docs/INTERFACE.md section 0): 1 = valid but cannot be met, 2 = bad input or usage. */
enum noc_status {
    NOC_OK = 0,
    NOC_EINVAL,      /* bad input or bad usage (exit 2) */
    NOC_EIO,         /* a file could not be read or written (exit 2) */
    NOC_ENOMEM,      /* out of memory, or a size beyond memory (exit 2) */
    NOC_EUNSUP,      /* option or routing does not apply here (exit 2) */
    NOC_EINFEASIBLE, /* request valid but cannot be met (exit 1) */
    NOC_ELIMIT,      /* a solver or size limit was reached (exit 1) */
    NOC_EINTERNAL    /* a library bug or unexpected library failure (exit 1) */
};

/* The error context.  Initialise with noc_ctx_init(); no release needed.
 * After a failed call, `status` and `msg` describe the first error; `msg`
 * already contains "FILE:LINE: " when the error has a location. */
struct noc_ctx {
    int status;
    char msg[1024];
    /* Optional sink for notes; NULL drops them. */
    void (*note)(void *ud, const char *msg);
    void *note_ud;
    unsigned seed; /* default seed for randomised steps */
};

/* NOC_CHECK(expr): the one way to propagate a status (after igraph's
 * IGRAPH_CHECK), for the house style of one cleanup label per function.
 * Evaluates expr (a status) once, stores it in the calling function's
 * `int rc`, and when it is not NOC_OK jumps to the function's `cleanup:`
 * label (which releases what the function holds and returns rc).  The
 * message is already in ctx: the callee recorded it.  Use it as a statement:
 *     int rc = NOC_OK;
 *     NOC_CHECK(noc_topo_finalize(t, ctx));
 *     ...
 * cleanup:
 *     free(tmp);
 *     return rc;
 * Functions without anything to release return the status directly. */
#define NOC_CHECK(expr)                       \
    do {                                      \
        if ((rc = (expr)) != NOC_OK)          \
            goto cleanup;                     \
    } while (0)

/* Sets ctx to "no error", no note sink, seed 1.  O(1). */
void noc_ctx_init(struct noc_ctx *ctx);

/* Records an error (the first one wins: a later call does not overwrite an
 * earlier message unless ctx->status is NOC_OK) and returns `status`.
 * `file` may be NULL; `line` <= 0 means no line.  printf-style format. */
int noc_error(struct noc_ctx *ctx, int status, const char *file, long line,
              const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Sends a note to ctx->note if set.  Never fails. */
void noc_note(struct noc_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Clears a recorded error: status back to NOC_OK, msg empty; the note
 * sink and the seed stay.  Within one call the first error wins (the
 * innermost, most precise message); a context reused for another call
 * after an error must be cleared first (or read with noc_ctx_take), so that
 * the new call's error is the one recorded.  Never fails.  O(1). */
void noc_ctx_clear(struct noc_ctx *ctx);

/* Takes the recorded error out of ctx, for callers (bindings) that reuse
 * one context across calls: copies its message into buf (at most len - 1
 * bytes and a NUL; noc_strerror(status) when the message is empty, "" when
 * there is no error; nothing when len is 0), clears ctx (noc_ctx_clear) so
 * the next failing call records and reports its own message, and returns
 * the status it held.  Never fails.  O(len). */
int noc_ctx_take(struct noc_ctx *ctx, char *buf, size_t len);

/* A static English description of a status code. */
const char *noc_strerror(int status);

/* The CLI exit status for a library status: 0, 1 or 2 (docs/INTERFACE.md section 0). */
int noc_exit_code(int status);

/* Allocation: on failure they record NOC_ENOMEM in ctx and return NULL.
 * n * size overflow is detected.  Release with free(). */
void *noc_malloc(struct noc_ctx *ctx, size_t n, size_t size);
void *noc_calloc(struct noc_ctx *ctx, size_t n, size_t size);
/* Grows *p to hold at least `need` elements of `size` bytes (capacity kept in
 * *cap, doubled as needed).  Returns NOC_OK or NOC_ENOMEM (then *p unchanged). */
int noc_grow(struct noc_ctx *ctx, void **p, size_t *cap, size_t need, size_t size);
/* strdup that records NOC_ENOMEM on failure. */
char *noc_strdup(struct noc_ctx *ctx, const char *s);

/* Parses a finite double from the whole of s (leading/trailing blanks allowed).
 * Returns 0 and sets *out, or -1 for empty, trailing garbage, NaN or inf. */
int noc_parse_double(const char *s, double *out);
/* v rounded to `digits` (1..17) significant decimal digits: the value that
 * printf's "%.{digits}g" shows, so floating-point noise (1e-15 relative) is
 * not reported.  0, NaN and infinities come back unchanged.  O(1). */
double noc_round_digits(double v, int digits);
/* Parses a decimal int in [lo, hi] from the whole of s.  0 ok, -1 otherwise. */
int noc_parse_int(const char *s, long lo, long hi, long *out);

/* Splits one line of a "key = value" file (campaign files, tech files) in
 * place: a '#' starts a comment to the end of the line; blanks (space, tab,
 * CR) around the key and the value are dropped.  Returns 0 for a blank or
 * comment-only line; 1 with *key and *val set (*val may be ""); -1 when
 * the line has no '=' (*key is then the trimmed line, for the message).
 * Never fails otherwise.  O(length). */
int noc_kv_split(char *line, char **key, char **val);

/* Parses a grid of values (--freq, --link-width, campaign ranges): one
 * value, a range A:B:STEP (A <= B, STEP > 0, B included) or a list a,b,c;
 * every value in lo..hi and > 0, whole numbers when whole, no empty list
 * element, no value listed twice, at most max values.  Returns NOC_OK with
 * vals[0..*n-1], or NOC_EINVAL with a message that starts with label and
 * quotes s.  O(length of s + max). */
int noc_parse_grid(const char *label, const char *s, double lo, double hi, int whole, double *vals, int max,
                   int *n, struct noc_ctx *ctx);

/* The one binary min-heap: items (double key, int id).  Order: the smaller
 * key first; on equal keys, with tie_id the smaller id first, without it no
 * order is promised (the sift rules then decide, deterministically: an item
 * moves up only past a strictly greater key, and moves down to its smaller
 * child, the left one on equal keys, only when that child's key is strictly
 * smaller).  Keys must not be NaN.
 * Indexed heaps (nid > 0) hold ids 0..nid-1, each at most once, and keep
 * pos[id]: its position in a[], -1 when not pushed since the last clear,
 * -2 once popped; they never allocate after init.  Plain heaps (nid = 0)
 * take any ids, repeated or not, and grow on push.
 * Lifetime: noc_heap_init / noc_heap_free; the heap owns a[] and pos[]. */
struct noc_heap_item {
    double key;
    int id;
};
struct noc_heap {
    struct noc_heap_item *a; /* a[0..n-1], a[0] the least */
    size_t n, cap;
    int *pos; /* indexed heaps: nid entries (see above); else NULL */
    int nid;
    int tie_id;
};
/* Initialises an empty heap, indexed over ids 0..nid-1 when nid > 0.
 * Errors: NOC_EINVAL (nid < 0), NOC_ENOMEM (then h is freed).  O(nid). */
int noc_heap_init(struct noc_heap *h, int nid, int tie_id, struct noc_ctx *ctx);
void noc_heap_free(struct noc_heap *h);
/* Empties h; indexed: every pos back to -1.  O(nid) or O(1). */
void noc_heap_clear(struct noc_heap *h);
/* Empties an indexed h whose pos entries are -1 except at ids[0..n-1]
 * (every id pushed since it was last empty with all pos at -1): those go
 * back to -1.  O(n). */
void noc_heap_clear_ids(struct noc_heap *h, const int *ids, int n);
/* Adds (key, id).  Indexed: id in 0..nid-1 and pos[id] == -1 (not checked).
 * Errors: NOC_ENOMEM (plain heaps only; h unchanged).  O(log n). */
int noc_heap_push(struct noc_heap *h, double key, int id, struct noc_ctx *ctx);
/* Indexed heaps: pushes id when pos[id] == -1, else (pos[id] >= 0) lowers its
 * key to `key` (which must not exceed the current one) and restores the
 * order.  Never fails.  O(log n). */
void noc_heap_update(struct noc_heap *h, int id, double key);
/* Removes and returns the least item; h must not be empty.  O(log n). */
struct noc_heap_item noc_heap_pop(struct noc_heap *h);

/* A deterministic 64-bit PRNG (splitmix64 seeding a xoshiro256**). */
struct noc_rng { uint64_t s[4]; };
void noc_rng_seed(struct noc_rng *r, uint64_t seed);
uint64_t noc_rng_next(struct noc_rng *r);
/* Uniform double in [0, 1). */
double noc_rng_uniform(struct noc_rng *r);
/* Uniform integer in [0, n), n > 0, unbiased. */
uint64_t noc_rng_below(struct noc_rng *r, uint64_t n);

/* String -> int map (open addressing).  Keys are copied and owned by the map.
 * Init/free pair: noc_strmap_init / noc_strmap_free.  Expected O(1) per call. */
struct noc_strmap {
    size_t cap, len;
    char **keys;
    int *vals;
};
void noc_strmap_init(struct noc_strmap *m);
void noc_strmap_free(struct noc_strmap *m);
/* Returns the value for key, or -1 when absent. */
int noc_strmap_get(const struct noc_strmap *m, const char *key);
/* Inserts or replaces.  NOC_OK or NOC_ENOMEM. */
int noc_strmap_put(struct noc_strmap *m, const char *key, int val, struct noc_ctx *ctx);

/* uint64 -> int map (open addressing) for pair keys such as (src,dst).
 * Init/free pair: noc_u64map_init / noc_u64map_free. */
struct noc_u64map {
    size_t cap, len;
    uint64_t *keys;
    int *vals; /* -1 marks an empty slot */
};
void noc_u64map_init(struct noc_u64map *m);
void noc_u64map_free(struct noc_u64map *m);
int noc_u64map_get(const struct noc_u64map *m, uint64_t key);
int noc_u64map_put(struct noc_u64map *m, uint64_t key, int val, struct noc_ctx *ctx);

/* Key for an ordered pair of non-negative ints. */
static inline uint64_t noc_pair_key(int a, int b)
{
    return ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
}

/* Writes `len` bytes to `path` atomically: a temporary file beside it, then
 * rename().  "-" writes to stdout.  NOC_OK or NOC_EIO (nothing left behind). */
int noc_write_file(const char *path, const char *data, size_t len, struct noc_ctx *ctx);
/* Writes `len` bytes to the file `tmp` (created or truncated), the first
 * step of a write the caller completes with rename(tmp, target): several
 * files can so be written first and renamed only when all were.  Messages
 * name `label` (the target).  NOC_OK or NOC_EIO (tmp removed). */
int noc_write_temp(const char *tmp, const char *label, const char *data, size_t len, struct noc_ctx *ctx);
/* Reads a whole file ("-" = stdin) into a NUL-terminated buffer owned by the
 * caller (free()).  NOC_EIO with "PATH: reason" on failure, NOC_EINVAL when
 * the file is empty. */
int noc_read_file(const char *path, char **data, size_t *len, struct noc_ctx *ctx);
/* A reader of a whole text's bytes into obj: data[0..len) (NUL-terminated
 * after len), messages naming `label`.  A status. */
typedef int (*noc_parse_fn)(void *obj, const char *data, size_t len, const char *label, struct noc_ctx *ctx);
/* The one read-then-parse step of the file readers (tech, package,
 * floorplan): reads path with noc_read_file and hands its bytes to parse
 * with obj and label (the path when NULL); the bytes are freed before it
 * returns.  noc_read_file's errors, else parse's status.  O(file size) plus
 * the parse. */
int noc_read_parse(const char *path, const char *label, noc_parse_fn parse, void *obj, struct noc_ctx *ctx);
/* The line (1-based) of the first NUL byte of data[0..len), 0 when it has
 * none: how a text reader names where a binary file starts.  Never fails.
 * O(len). */
long noc_nul_line(const char *data, size_t len);

/* A growable string buffer for emitters.  Init/free pair. */
struct noc_buf {
    char *data;
    size_t len, cap;
    int failed; /* set when an append ran out of memory */
};
void noc_buf_init(struct noc_buf *b);
void noc_buf_free(struct noc_buf *b);
void noc_buf_printf(struct noc_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void noc_buf_append(struct noc_buf *b, const char *s, size_t n);
/* An emitter's final status: NOC_OK, or NOC_ENOMEM with "out of memory
 * writing WHAT" in ctx when an append to b ran out of memory.  O(1). */
int noc_buf_status(const struct noc_buf *b, const char *what, struct noc_ctx *ctx);
/* Formats a double the way every emitter does: shortest of %.10g. */
void noc_buf_num(struct noc_buf *b, double v);
/* The one XML escaper (SVG, HTML, Graphviz HTML-like labels): appends s
 * (NULL = nothing) with & < > " ' and the backslash (which Graphviz would
 * read as an escape) as character references.  O(length). */
void noc_buf_xml(struct noc_buf *b, const char *s);

/* The one thread pool.  noc_pool_run() runs items 0..nitems-1 of a job, each
 * exactly once, on at most `nthreads` workers (the calling thread is worker
 * 0; worker indices are 0..nthreads-1, so per-worker scratch can be an array
 * of that many entries).  Items are handed out in index order; after an item
 * fails no further item is started.
 *  - run(arg, item, worker, wctx) computes one item and returns a status
 *    (message in wctx, the worker's own context; with one worker it is the
 *    caller's ctx, so notes reach the caller's sink).  It must touch only
 *    the item's own output and the worker's own scratch.
 *  - done(arg, item, worker, status), optional, is called for every item
 *    that ran, with its status, one call at a time (under the pool's lock);
 *    in item order when `ordered` is set (a worker then waits until every
 *    earlier item is done: the order of a reduction into shared totals, and
 *    so its floating-point result, does not depend on the thread count),
 *    otherwise as items finish.
 *  - leave(arg, worker), optional, runs on each worker's own thread when it
 *    stops (release thread-local state, e.g. noc_lp_thread_done()).
 * Ownership: the pool allocates nothing the caller sees; arg and the job
 * stay the caller's.  Errors: the status of the lowest failing item, with
 * its message copied into ctx (deterministic whatever the thread count);
 * NOC_EINTERNAL for a job without run().  Threads that cannot be created
 * are simply not used.  Cost: the items' own work plus O(nitems) lock
 * round trips; at most NOC_POOL_MAX threads. */
#define NOC_POOL_MAX 256
struct noc_pool_job {
    int nitems;
    int nthreads; /* <= 0: noc_pool_threads(0, nitems) */
    int ordered;  /* 1: done() in item order */
    void *arg;
    int (*run)(void *arg, int item, int worker, struct noc_ctx *wctx);
    void (*done)(void *arg, int item, int worker, int status);
    void (*leave)(void *arg, int worker);
};
int noc_pool_run(const struct noc_pool_job *job, struct noc_ctx *ctx);
/* The worker count noc_pool_run() uses: `requested` (<= 0: the online
 * processors), at most nitems and NOC_POOL_MAX, at least 1.  O(1). */
int noc_pool_threads(int requested, int nitems);

/* ---- Union-find over the ints 0..n-1, in an int array p the caller owns
 * (p[x] == x marks a root).  noc_uf_init sets p[x] = x for x < n.
 * noc_uf_find returns x's root and halves the path to it (each node passed
 * then points at its former grandparent).  noc_uf_union_min joins the sets
 * of a and b under the smaller of their two roots, so every root stays the
 * smallest member of its set; it returns 1 when they were apart, else 0.
 * Amortised O(log n) a call; none fails. */
void noc_uf_init(int *p, int n);
int noc_uf_find(int *p, int x);
int noc_uf_union_min(int *p, int a, int b);

/* ---- Pareto dominance, every objective minimised: 1 when b dominates a
 * over their first n objectives -- b[k] <= a[k] for every k and b[k] < a[k]
 * for at least one -- or, with `ties`, also when they are equal in all.
 * A NaN objective on either side compares false, so it neither dominates
 * nor is dominated through that objective.  O(n), never fails. */
int noc_pareto_dominates(const double *b, const double *a, int n, int ties);

/* ---- Pareto front with tolerances, identical designs and the choice rule
 * (docs/INTERFACE.md section 2, "Pareto front and chosen design").  The
 * objective vectors are rows of NOC_PARETO_NOBJ doubles, all minimised:
 * power (mW), average latency (ns, or hops without a clock), area (mm^2)
 * and largest radix. */
#define NOC_PARETO_NOBJ 4
/* The default tolerances (power, latency, area, radix), the one place they
 * live: noc_pareto_opts_init parses it, --help prints it. */
#define NOC_PARETO_TOL_DEFAULT "0.01,0.01,0.01,1"
enum noc_pick {
    NOC_PICK_POWER = 0, /* least power; ties: lower latency (the default) */
    NOC_PICK_LATENCY,   /* least latency; ties: lower power */
    NOC_PICK_WEIGHTED,  /* least weight[0] x power/min power + weight[1] x
                         * latency/min latency (minima over the candidates) */
    NOC_PICK_KNEE       /* the knee of the power-latency front: the front
                         * design farthest from the line through its
                         * least-power and least-latency ends, both axes
                         * normalised to [0, 1] over the front (Das 1999);
                         * least power when the front has under 3 designs */
};
struct noc_pareto_opts {
    /* Relative tolerance per objective (power, latency, area, radix): a
     * difference within tol[k] x |value| is no difference.  Defaults
     * 0.01, 0.01, 0.01 and 1 (a router counts as smaller only below half
     * the other's radix: radix is bounded by --max-radix already). */
    double tol[NOC_PARETO_NOBJ];
    int pick;           /* enum noc_pick */
    double weight[2];   /* NOC_PICK_WEIGHTED: power, latency (default 1, 1) */
};
/* The defaults above.  Never fails. */
void noc_pareto_opts_init(struct noc_pareto_opts *p);
/* Parses a --pareto-tol value "P,L,A,R" (four fractions >= 0, "inf"
 * allowed) into p->tol, and a --choose value "power", "latency", "knee" or
 * "weighted[:WP,WL]" (weights >= 0, not both 0) into p->pick and
 * p->weight; either string may be NULL (left as is).  NOC_EINVAL with a
 * message naming the option.  O(length). */
int noc_pareto_opts_parse(struct noc_pareto_opts *p, const char *tol, const char *pick, struct noc_ctx *ctx);
/* 1 when b dominates a within tolerances tol (NOC_PARETO_NOBJ relative
 * tolerances, NULL = all 0): b[k] <= a[k] + tol[k] |a[k]| for every k and
 * b[k] < a[k] - tol[k] |a[k]| for at least one.  With all tolerances 0 it
 * is noc_pareto_dominates(b, a, n, 0).  O(n), never fails. */
int noc_pareto_dominates_tol(const double *b, const double *a, int n, const double *tol);
/* 1 when rows a and b are the same design's figures: every objective equal
 * to a relative NOC_PARETO_SAME_REL (0.1%: the same topology and
 * assignment reached by two methods may have its routers placed a few um
 * apart -- split's exact placement, merge's medians -- and so differ in
 * power in the fourth digit; a radix below 1000 must be equal).  O(n),
 * never fails. */
#define NOC_PARETO_SAME_REL 1e-3
int noc_pareto_same(const double *a, const double *b, int n);
/* Over n rows of obj (NOC_PARETO_NOBJ each) with ok[i] != 0 (ok NULL: all):
 * front[i] = 1 for the rows no other ok row dominates within p->tol and
 * that are the first of their identical rows (noc_pareto_same; same[i] =
 * the index of that first row, or -1 for a row that is itself first or
 * not ok; same may be NULL); 0 otherwise.  Returns the row p->pick
 * chooses among the ok rows (-1 when none): least power and least latency
 * over every ok row, weighted and knee over the front.  O(n^2). */
int noc_pareto_front(const double *obj, int n, const int *ok, const struct noc_pareto_opts *p, int *front,
                     int *same);
/* The row p->pick chooses among the n rows of obj (nobj >= 2 objectives a
 * row, power first, latency second) with ok[i] != 0 (ok NULL: all):
 * least power and least latency over every ok row, weighted over every ok
 * row, knee over the ok rows no other ok row beats in both power and
 * latency.  Ties go to the earlier row.  -1 when no row is ok.  O(n^2)
 * for the knee, else O(n); no allocation, never fails. */
int noc_pareto_choose(const double *obj, int nobj, int n, const int *ok, const struct noc_pareto_opts *p);
/* Rounds v[0..2] (power, latency, area) to 1 / scale: nearbyint(v x scale)
 * / scale, so that figures one floating-point rounding apart compare as
 * equal; v[3] (the radix) and scale 0 leave v as it is.  Never fails. */
void noc_pareto_round(double *v, double scale);
/* A list whose items noc_pareto_mark marks: n items, item i at (char *)
 * items + i x stride (a design record alone or inside a larger one). */
struct noc_pareto_list {
    void *items;
    size_t stride;
    int n;
    /* The item's objective vector (NOC_PARETO_NOBJ values, minimised). */
    void (*objectives)(const void *item, double *v);
    /* The rounding of the vector before it is compared (noc_pareto_round;
     * 0: none). */
    double round_scale;
    /* 1 when the item may be on the front and be chosen. */
    int (*ok)(const void *item);
    /* The tie rule of NOC_PICK_POWER when set: 1 when a is to be chosen
     * before b (an earlier item stays on equals), over every ok item;
     * NULL: noc_pareto_choose's (least rounded power, then latency). */
    int (*before)(const void *a, const void *b);
    /* Receives each item's marks: on the front or not, and the earlier
     * identical item that stands for it (noc_pareto_same), or NULL. */
    void (*mark)(void *item, int pareto, const void *same);
};
/* The one Pareto marking of a list of designs (synth's methods, compare):
 * the objectives of every item (rounded), the front and identical items of
 * noc_pareto_front under p->tol handed to l->mark, and in *chosen the item
 * p->pick chooses (l->before's order for NOC_PICK_POWER when set), then
 * the first of its identical copies; -1 when no item is ok.  NOC_OK or
 * NOC_ENOMEM (nothing marked, *chosen untouched).  O(n^2). */
int noc_pareto_mark(const struct noc_pareto_list *l, const struct noc_pareto_opts *p, int *chosen,
                    struct noc_ctx *ctx);

/* ---- Axis ticks of every plot nocsyn draws: the nice-number (1-2-5) rule.
 * noc_nice_step: the step of 1, 2 or 5 x 10^k nearest above span / want
 * (the smallest such step giving at most about `want` intervals); span > 0,
 * want >= 1.  noc_nice_ticks: the axis [lo, hi] widened outwards to whole
 * steps, *t0 = floor(lo / step) x step, *step, *n = the number of ticks
 * from *t0 to the first multiple of step >= hi (n >= 2); the tick values
 * are *t0 + i x step, to be printed with noc_nice_label.  A span of 0 (lo ==
 * hi) is widened to one step around the value.  O(1), never fail. */
double noc_nice_step(double span, int want);
void noc_nice_ticks(double lo, double hi, int want, double *t0, double *step, int *n);
/* Tick value v on an axis of step `step` as short text ("%g" of v rounded
 * to the step's precision: 0.3, not 0.30000000000000004; 1000, not 1e+03
 * below 1e6).  Writes at most len bytes.  Never fails. */
void noc_nice_label(double v, double step, char *buf, size_t len);

/* The longest name (core, node) an input file may give, in bytes: far more
 * than any design needs, small enough that no emitted file grows with a
 * hostile name (a 10 MB name once made a 1.29 GB DEF). */
#define NOC_NAME_MAX 256
/* The rules every name read from a file keeps (noc_check_name in the app
 * readers adds two; the topology reader keeps these, since its writer can
 * quote a trailing backslash): non-empty, at most
 * NOC_NAME_MAX bytes, valid UTF-8, no control characters. */
int noc_check_text_name(const char *name, const char *what, const char *label, long line,
                        struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
