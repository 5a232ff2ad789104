/* Regular baselines sized to fit an app (the registry of explore.h). */
#include "nocsyn/explore.h"
#include "explore_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nocsyn/gen.h"

static int isqrt_up(int x)
{
    int r = (int)ceil(sqrt((double)x));
    while (r > 1 && (r - 1) * (r - 1) >= x)
        r--;
    while (r * r < x)
        r++;
    return r;
}

static int log2_up(int x)
{
    int n = 0;
    while ((1 << n) < x)
        n++;
    return n;
}

/* Near-square X x Y with X * Y >= m, X = ceil(sqrt m); Y >= 2 is forced so
 * that the k-ary 2-cube generators accept it. */
static void near_square(int m, int *x, int *y)
{
    *x = isqrt_up(m);
    if (*x < 2)
        *x = 2;
    *y = (m + *x - 1) / *x;
    if (*y < 2)
        *y = 2;
}

static int size_mesh(int c, char *s, size_t n)
{
    int x, y;
    near_square(c, &x, &y);
    return snprintf(s, n, "mesh:dims=%dx%d", x, y) >= (int)n;
}

static int size_torus(int c, char *s, size_t n)
{
    int x, y;
    near_square(c, &x, &y);
    return snprintf(s, n, "torus:dims=%dx%d", x, y) >= (int)n;
}

/* The textbook concentrated mesh: the 4 cores of a router share one
 * concentrator port (issues #13, #17); cmesh-private gives each its own. */
static int size_cmesh(int c, char *s, size_t n)
{
    int x, y;
    near_square((c + 3) / 4, &x, &y);
    return snprintf(s, n, "cmesh:dims=%dx%d,c=4,share=1", x, y) >= (int)n;
}

static int size_cmesh_private(int c, char *s, size_t n)
{
    int x, y;
    near_square((c + 3) / 4, &x, &y);
    return snprintf(s, n, "cmesh:dims=%dx%d,c=4", x, y) >= (int)n;
}

static int size_hring(int c, char *s, size_t n)
{
    int g = (c + 3) / 4;
    return snprintf(s, n, "hring:g=%d,l=4", g < 2 ? 2 : g) >= (int)n;
}

static int size_flatfly(int c, char *s, size_t n)
{
    int k = isqrt_up((c + 1) / 2);
    return snprintf(s, n, "flatfly:k=%d,n=2,c=2", k < 2 ? 2 : k) >= (int)n;
}

static int size_clos(int c, char *s, size_t n)
{
    int k = isqrt_up(c);
    if (k < 2)
        k = 2;
    return snprintf(s, n, "clos:m=%d,n=%d,r=%d", k, k, k) >= (int)n;
}

static int size_fattree(int c, char *s, size_t n)
{
    int l = log2_up(c);
    return snprintf(s, n, "fattree:k=2,n=%d", l < 1 ? 1 : l) >= (int)n;
}

static int size_butterfly(int c, char *s, size_t n)
{
    int l = log2_up(c);
    return snprintf(s, n, "butterfly:k=2,n=%d", l < 1 ? 1 : l) >= (int)n;
}

static const struct {
    const char *name;
    int (*size)(int cores, char *spec, size_t len);
    const char *rule;
    const char *routing;
    int vcs;
} baselines[] = {
    {"mesh", size_mesh, "X x Y, X = ceil(sqrt C), one core per router", "dor", 1},
    {"torus", size_torus, "as mesh, wraparound links", "dor", 2},
    {"cmesh", size_cmesh, "ceil(C/4) routers of 4 cores sharing one port, near-square", "dor", 1},
    {"cmesh-private", size_cmesh_private, "as cmesh, one router port per core", "dor", 1},
    {"hring", size_hring, "rings of 4 cores, ceil(C/4) rings", "updown", 1},
    {"flatfly", size_flatfly, "2-D, c = 2, k = ceil(sqrt(C/2))", "dor", 1},
    {"clos", size_clos, "Clos(n, n, n), n = ceil(sqrt C); folded layout; flow-balanced minimal routes", "table", 1},
    {"fattree", size_fattree, "2-ary n-tree, 2^n >= C; folded layout; flow-balanced minimal routes", "table", 1},
    {"butterfly", size_butterfly, "2-ary n-fly, 2^n >= C; folded layout", "desttag", 1},
};
#define NBASE (sizeof baselines / sizeof baselines[0])

int noc_baseline_info(int i, const char **name, const char **rule, const char **routing)
{
    if (i < 0 || (size_t)i >= NBASE)
        return -1;
    *name = baselines[i].name;
    *rule = baselines[i].rule;
    *routing = baselines[i].routing;
    return 0;
}

int noc_baseline_user(const char *gspec, int cores, char *name, size_t nlen, char *spec, size_t len,
                      const char **routing, int *vcs, struct noc_ctx *ctx)
{
    const char *fam = gspec + 4; /* after "gen:" */
    size_t flen = strcspn(fam, ":");
    if ((size_t)snprintf(spec, len, "%s", fam) >= len)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--baselines '%.60s': the spec is longer than %zu bytes", gspec,
                         len - 1);
    /* The family's routing and VCs: the registry's baseline of that family
     * (the one whose sizing rule generates it), else up*-down*, deadlock
     * free with 1 VC on any connected topology. */
    *routing = "updown";
    *vcs = 1;
    for (size_t i = 0; i < NBASE; i++) {
        char s[160];
        baselines[i].size(16, s, sizeof s);
        if (strlen(s) > flen && s[flen] == ':' && !strncmp(s, fam, flen)) {
            *routing = baselines[i].routing;
            *vcs = baselines[i].vcs;
            break;
        }
    }
    /* The design's name: the spec with every character other than a
     * letter, digit or 'x' replaced by '_' ("mesh:dims=8x4" -> mesh_dims_8x4). */
    size_t k = 0;
    for (const char *p = fam; *p && k + 1 < nlen; p++)
        name[k++] = (char)((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ? *p : '_');
    name[k] = '\0';
    struct noc_topo t;
    noc_topo_init(&t);
    int rc = noc_gen_spec(&t, spec, ctx);
    if (rc == NOC_OK && t.nterminals < cores)
        rc = noc_error(ctx, NOC_EINVAL, NULL, 0,
                       "--baselines '%.60s' has %d terminals, fewer than the app's %d cores", gspec, t.nterminals,
                       cores);
    noc_topo_free(&t);
    return rc;
}

int noc_baseline_spec(const char *name, int cores, char *spec, size_t len,
                      const char **routing, int *vcs, struct noc_ctx *ctx)
{
    for (size_t i = 0; i < NBASE; i++) {
        if (strcmp(baselines[i].name, name) != 0)
            continue;
        if (cores < 2)
            return noc_error(ctx, NOC_EUNSUP, NULL, 0, "baseline %s needs at least 2 cores", name);
        if (baselines[i].size(cores, spec, len))
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "baseline spec too long");
        *routing = baselines[i].routing;
        *vcs = baselines[i].vcs;
        return NOC_OK;
    }
    return noc_error(ctx, NOC_EINVAL, NULL, 0,
                     "unknown baseline '%s' (mesh, torus, cmesh, cmesh-private, hring, flatfly, clos, fattree, butterfly)", name);
}
