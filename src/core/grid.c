/* Grid values: one value, a range A:B:STEP or a list a,b,c (core.h). */
#include "nocsyn/core.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* One grid value: in lo..hi, > 0, and a whole number when whole. */
static int grid_value(const char *label, const char *s, const char *tok, double lo, double hi, int whole,
                      double *v, struct noc_ctx *ctx)
{
    if (noc_parse_double(tok, v) || !(*v >= lo && *v <= hi) || !(*v > 0))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': '%s' is not a number in %g..%g", label, s, tok, lo,
                         hi);
    if (whole && *v != floor(*v))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': '%s' is not a whole number", label, s, tok);
    return NOC_OK;
}

/* A:B:STEP (buf holds a copy of s with the colons at c1 and c2). */
static int grid_range(const char *label, const char *s, char *buf, char *c1, char *c2, double lo, double hi,
                      int whole, double *vals, int max, int *n, struct noc_ctx *ctx)
{
    double a, b, step;
    *c1 = *c2 = '\0';
    if (noc_parse_double(buf, &a) || noc_parse_double(c1 + 1, &b) || noc_parse_double(c2 + 1, &step))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': A, B and STEP must be numbers", label, s);
    if (!(a >= lo && b <= hi) || a <= 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': values must be in %g..%g", label, s, lo, hi);
    if (b < a)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': the range is reversed (A > B)", label, s);
    if (!(step > 0))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': STEP must be > 0", label, s);
    if (whole && (a != floor(a) || step != floor(step)))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': A and STEP must be whole numbers", label, s);
    /* A value past B by rounding only (0.1:0.3:0.1) is B itself; whole
     * grids are exact. Every value is above the one before it. */
    for (int k = 0;; k++) {
        double v = a + k * step;
        if (v > b) {
            if (whole || v > b * (1 + 1e-12) || (*n && vals[*n - 1] >= b))
                break;
            v = b;
        }
        if (*n && !(v > vals[*n - 1]))
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': STEP is too small for A (values repeat)", label, s);
        if (*n >= max)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': more than %d values", label, s, max);
        vals[(*n)++] = v;
    }
    return NOC_OK;
}

int noc_parse_grid(const char *label, const char *s, double lo, double hi, int whole, double *vals, int max,
                   int *n, struct noc_ctx *ctx)
{
    char buf[1024];
    *n = 0;
    if (!s || strlen(s) >= sizeof buf)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s: a value, a range A:B:STEP or a list a,b,c, got '%s'", label,
                         s ? s : "");
    snprintf(buf, sizeof buf, "%s", s);
    char *c1 = strchr(buf, ':');
    if (c1) {
        char *c2 = strchr(c1 + 1, ':');
        if (!c2)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': a range is A:B:STEP", label, s);
        return grid_range(label, s, buf, c1, c2, lo, hi, whole, vals, max, n, ctx);
    }
    /* A list: every element non-empty (strtok would skip "32,,64"). */
    for (char *tok = buf;;) {
        char *comma = strchr(tok, ',');
        if (comma)
            *comma = '\0';
        double v;
        if (!*tok)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': an empty element in the list", label, s);
        if (grid_value(label, s, tok, lo, hi, whole, &v, ctx))
            return NOC_EINVAL;
        for (int k = 0; k < *n; k++)
            if (vals[k] == v)
                return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': %g is listed twice", label, s, v);
        if (*n >= max)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s': more than %d values", label, s, max);
        vals[(*n)++] = v;
        if (!comma)
            break;
        tok = comma + 1;
    }
    return NOC_OK;
}
