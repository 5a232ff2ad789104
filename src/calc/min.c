/* Multistage networks of 2x2 switches: wiring, destination-tag paths,
 * one-pass routing with conflicts and settings, greedy pass count, stage
 * control.  The model is described in include/nocsyn/calc.h. */
#include "nocsyn/calc.h"
#include "nocsyn/perm.h"

#include <stdlib.h>
#include <string.h>

/* Per-network structure: the wiring before stage s, the position bit b_s the
 * stage switches and the destination bit t_s it decides. */
struct min_def {
    const char *name;
    int (*wire)(int p, int n, int s);
    int (*sbit)(int n, int s);
    int (*tbit)(int n, int s);
};

static int rotl1(int p, int n)
{
    int m = (1 << n) - 1;
    return ((p << 1) | (p >> (n - 1))) & m;
}

static int swap_bits(int p, int i, int j)
{
    if (((p >> i) & 1) != ((p >> j) & 1))
        p ^= (1 << i) | (1 << j);
    return p;
}

static int wire_shuffle(int p, int n, int s) { (void)s; return rotl1(p, n); }
static int wire_none(int p, int n, int s) { (void)n; (void)s; return p; }
/* D&T sec. 4.1: between stage s-1 and s exchange address bits 0 and n-s. */
static int wire_fly(int p, int n, int s) { return s == 0 ? p : swap_bits(p, 0, n - s); }
static int bit_zero(int n, int s) { (void)n; (void)s; return 0; }
static int bit_stage(int n, int s) { (void)n; return s; }
static int bit_msb_first(int n, int s) { return n - 1 - s; }

static const struct min_def min_defs[] = {
    {"omega", wire_shuffle, bit_zero, bit_msb_first},
    {"cube", wire_none, bit_stage, bit_stage},
    {"butterfly", wire_fly, bit_zero, bit_msb_first},
};
#define NMIN ((int)(sizeof min_defs / sizeof min_defs[0]))

int noc_min_init(struct noc_min *m, const char *name, int n, struct noc_ctx *ctx)
{
    memset(m, 0, sizeof *m);
    int kind = -1;
    for (int i = 0; i < NMIN; i++)
        if (name && !strcmp(name, min_defs[i].name))
            kind = i;
    if (kind < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "unknown multistage network '%s' (omega, cube or butterfly)", name ? name : "");
    if (n < 1 || n > NOC_MIN_MAXN)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--n %d: the number of stages must be in 1..%d", n,
                         NOC_MIN_MAXN);
    m->kind = kind;
    m->n = n;
    m->N = 1 << n;
    return NOC_OK;
}

const char *noc_min_name(const struct noc_min *m) { return min_defs[m->kind].name; }

int noc_min_stage_cube(const struct noc_min *m, int s) { return min_defs[m->kind].tbit(m->n, s); }

void noc_min_result_free(struct noc_min_result *r)
{
    free(r->settings);
    memset(r, 0, sizeof *r);
}

/* Switch index of position p in a stage that switches bit b. */
static int switch_of(int p, int b)
{
    return ((p >> (b + 1)) << b) | (p & ((1 << b) - 1));
}

/* Follows the destination-tag path; pos[s] = position after stage s, and
 * inport[s] (may be NULL) = the input port used at stage s. */
static void trace(const struct noc_min *m, int x, int d, int *pos, int *inport)
{
    const struct min_def *def = &min_defs[m->kind];
    int p = x;
    for (int s = 0; s < m->n; s++) {
        p = def->wire(p, m->n, s);
        int b = def->sbit(m->n, s), t = def->tbit(m->n, s);
        if (inport)
            inport[s] = (p >> b) & 1;
        p = (p & ~(1 << b)) | (((d >> t) & 1) << b);
        pos[s] = p;
    }
}

void noc_min_path(const struct noc_min *m, int x, int d, int *pos) { trace(m, x, d, pos, NULL); }

/* Greedy pass count: passes in input order, each taking every remaining
 * input whose n switch outputs are all free in that pass.  `paths` holds
 * the n positions of every input (input-major).  Stamps avoid clearing the
 * occupancy between passes. */
static int greedy_passes(const struct noc_min *m, const int *paths, int *occ, int *left)
{
    int n = m->n, N = m->N, nleft = N, passes = 0;
    for (int x = 0; x < N; x++)
        left[x] = x;
    for (int i = 0; i < n * N; i++)
        occ[i] = 0;
    while (nleft > 0) {
        passes++;
        int keep = 0;
        for (int i = 0; i < nleft; i++) {
            const int *pp = paths + (size_t)left[i] * n;
            int free_path = 1;
            for (int s = 0; s < n && free_path; s++)
                if (occ[s * N + pp[s]] == passes)
                    free_path = 0;
            if (free_path) {
                for (int s = 0; s < n; s++)
                    occ[s * N + pp[s]] = passes;
            } else {
                left[keep++] = left[i];
            }
        }
        nleft = keep;
    }
    return passes;
}

int noc_min_route(const struct noc_min *m, const int *perm, struct noc_min_result *res,
                  struct noc_ctx *ctx)
{
    int st = NOC_OK, n = m->n, N = m->N, half = N / 2;
    int *paths = NULL, *inports = NULL, *occ = NULL, *left = NULL;
    memset(res, 0, sizeof *res);
    if (!noc_perm_is_bijection(perm, N)) {
        st = noc_error(ctx, NOC_EINVAL, NULL, 0, "not a permutation of 0..%d", N - 1);
        goto cleanup;
    }
    paths = noc_malloc(ctx, (size_t)N * n, sizeof *paths);
    inports = noc_malloc(ctx, (size_t)N * n, sizeof *inports);
    occ = noc_malloc(ctx, (size_t)N * n, sizeof *occ);
    left = noc_malloc(ctx, (size_t)N, sizeof *left);
    if (!paths || !inports || !occ || !left) {
        st = NOC_ENOMEM;
        goto cleanup;
    }
    for (int x = 0; x < N; x++) {
        trace(m, x, perm[x], paths + (size_t)x * n, inports + (size_t)x * n);
        if (paths[(size_t)x * n + n - 1] != perm[x]) {
            st = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "%s: destination tag of %d ends at %d, not %d",
                           noc_min_name(m), x, paths[(size_t)x * n + n - 1], perm[x]);
            goto cleanup;
        }
    }
    /* One pass: the first stage with a shared output; in it the lowest
     * switch, then port; occ[] holds the first (smallest) input per output,
     * so the colliding input is the second smallest. */
    res->passes = 1;
    for (int s = 0; s < n && res->passes; s++) {
        const struct min_def *def = &min_defs[m->kind];
        int b = def->sbit(n, s);
        for (int p = 0; p < N; p++)
            occ[p] = -1;
        for (int x = 0; x < N; x++) {
            int p = paths[(size_t)x * n + s];
            if (occ[p] < 0) {
                occ[p] = x;
                continue;
            }
            int sw = switch_of(p, b), port = (p >> b) & 1;
            if (res->passes || sw < res->conflict.sw ||
                (sw == res->conflict.sw && port < res->conflict.port)) {
                res->conflict.stage = s;
                res->conflict.sw = sw;
                res->conflict.port = port;
                res->conflict.a = occ[p];
                res->conflict.b = x;
            }
            res->passes = 0;
        }
    }
    if (res->passes) {
        res->passes_needed = 1;
        res->settings = noc_calloc(ctx, (size_t)n * half, 1);
        if (!res->settings) {
            st = NOC_ENOMEM;
            goto cleanup;
        }
        for (int x = 0; x < N; x++)
            for (int s = 0; s < n; s++) {
                int b = min_defs[m->kind].sbit(n, s);
                int p = paths[(size_t)x * n + s];
                res->settings[(size_t)s * half + switch_of(p, b)] =
                    (unsigned char)(((p >> b) & 1) != inports[(size_t)x * n + s]);
            }
    } else {
        res->passes_needed = greedy_passes(m, paths, occ, left);
    }
cleanup:
    free(paths);
    free(inports);
    free(occ);
    free(left);
    if (st)
        noc_min_result_free(res);
    return st;
}

void noc_min_apply(const struct noc_min *m, const unsigned char *settings, int *perm)
{
    const struct min_def *def = &min_defs[m->kind];
    int half = m->N / 2;
    for (int x = 0; x < m->N; x++) {
        int p = x;
        for (int s = 0; s < m->n; s++) {
            p = def->wire(p, m->n, s);
            int b = def->sbit(m->n, s);
            if (settings[(size_t)s * half + switch_of(p, b)])
                p ^= 1 << b;
        }
        perm[x] = p;
    }
}

int noc_min_stage_control(const struct noc_min *m, const char *bits, int *perm,
                          struct noc_ctx *ctx)
{
    int half = m->N / 2;
    if (!bits || (int)strlen(bits) != m->n || strspn(bits, "01") != strlen(bits))
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "--control '%s': give %d bits of 0/1, the first for Cube_0", bits ? bits : "",
                         m->n);
    unsigned char *set = noc_malloc(ctx, (size_t)m->n * half, 1);
    if (!set)
        return NOC_ENOMEM;
    for (int s = 0; s < m->n; s++)
        memset(set + (size_t)s * half, bits[noc_min_stage_cube(m, s)] == '1', (size_t)half);
    noc_min_apply(m, set, perm);
    free(set);
    return NOC_OK;
}
