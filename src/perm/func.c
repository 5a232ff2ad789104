/* Interconnection functions: a static registry of bit-level address maps
 * (Siegel, "Interconnection Networks for Large-Scale Parallel Processing",
 * 2nd ed., 1990, ch. 2: cube, shuffle, butterfly, bit reversal with their
 * sub/super forms, shift and PM2I), parsing of specs and compositions. */
#include "nocsyn/perm.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum arg_kind {
    ARG_NONE,   /* no argument */
    ARG_BIT,    /* bit index 0..n-1 */
    ARG_WIDTH,  /* field width 1..n */
    ARG_INT,    /* any integer, reduced mod N */
    ARG_SBIT,   /* +I or -I, 0 <= I < n */
    ARG_DIV     /* Q dividing N, 1 <= Q <= N */
};

/* f(x) for address bits n (-1 when N is not a power of two), N addresses. */
typedef unsigned long (*perm_eval_fn)(unsigned long x, int n, long N, long arg);

struct perm_def {
    const char *name;
    int kind;   /* enum arg_kind */
    int any_n;  /* 1: defined for every N, not only powers of two */
    perm_eval_fn eval;
    const char *desc;
};

/* ---- bit-field helpers shared by the registry entries. */

static unsigned long field_mask(int width)
{
    return width >= (int)(8 * sizeof(unsigned long)) ? ~0UL : (1UL << width) - 1;
}

/* Rotates the `width` bits starting at bit `lo` left by `by` (0 < by <
 * width; right by one is left by width - 1). */
static unsigned long rot_field(unsigned long x, int lo, int width, int by)
{
    if (width <= 1)
        return x;
    unsigned long m = field_mask(width);
    unsigned long f = (x >> lo) & m;
    f = ((f << by) | (f >> (width - by))) & m;
    return (x & ~(m << lo)) | (f << lo);
}

static unsigned long swap_bits(unsigned long x, int i, int j)
{
    unsigned long bi = (x >> i) & 1UL, bj = (x >> j) & 1UL;
    if (bi != bj)
        x ^= (1UL << i) | (1UL << j);
    return x;
}

/* Reverses the `width` bits starting at bit `lo`. */
static unsigned long rev_field(unsigned long x, int lo, int width)
{
    for (int a = lo, b = lo + width - 1; a < b; a++, b--)
        x = swap_bits(x, a, b);
    return x;
}

/* ---- the functions (x < N; n = log2 N for the bit-level ones; each
 * takes what it needs of n, N and its argument). */

static unsigned long f_identity(unsigned long x, int n, long N, long a) { return x; }
static unsigned long f_cube(unsigned long x, int n, long N, long k) { return x ^ (1UL << k); }
static unsigned long f_shuffle(unsigned long x, int n, long N, long a) { return rot_field(x, 0, n, 1); }
static unsigned long f_unshuffle(unsigned long x, int n, long N, long a) { return rot_field(x, 0, n, n - 1); }
static unsigned long f_shuffle_sub(unsigned long x, int n, long N, long k) { return rot_field(x, 0, (int)k, 1); }
static unsigned long f_shuffle_super(unsigned long x, int n, long N, long k) { return rot_field(x, n - (int)k, (int)k, 1); }
static unsigned long f_butterfly(unsigned long x, int n, long N, long a) { return n >= 1 ? swap_bits(x, n - 1, 0) : x; }
static unsigned long f_butterfly_sub(unsigned long x, int n, long N, long k) { return swap_bits(x, (int)k - 1, 0); }
static unsigned long f_butterfly_super(unsigned long x, int n, long N, long k) { return swap_bits(x, n - 1, n - (int)k); }
static unsigned long f_bitrev(unsigned long x, int n, long N, long a) { return rev_field(x, 0, n); }
static unsigned long f_bitrev_sub(unsigned long x, int n, long N, long k) { return rev_field(x, 0, (int)k); }
static unsigned long f_bitrev_super(unsigned long x, int n, long N, long k) { return rev_field(x, n - (int)k, (int)k); }
/* shift: the argument is already reduced to 0..N-1. */
static unsigned long f_shift(unsigned long x, int n, long N, long d) { return (x + (unsigned long)d) % (unsigned long)N; }
/* pm2i: the argument is +-(I+1) so that "+0" and "-0" differ. */
static unsigned long f_pm2i(unsigned long x, int n, long N, long s)
{
    unsigned long step = 1UL << (labs(s) - 1);
    return (s > 0 ? x + step : x - step) & field_mask(n);
}
/* q-shuffle of N = q r addresses (q piles of r cards interleaved):
 * sigma_qr(x) = (q x + floor(x / r)) mod q r.  q = 2 on N = 2^n is the
 * perfect shuffle; q = N or q = 1 the identity. */
static unsigned long f_qshuffle(unsigned long x, int n, long N, long q)
{
    unsigned long r = (unsigned long)(N / q);
    return ((unsigned long)q * x + x / r) % (unsigned long)N;
}
/* Shift by one within groups of 2^K addresses: the low K bits count up
 * mod 2^K, the high bits stay (alpha_K; gshift:2 on N = 8 is
 * (0 1 2 3)(4 5 6 7)). */
static unsigned long f_gshift(unsigned long x, int n, long N, long k)
{
    unsigned long m = field_mask((int)k);
    return (x & ~m) | ((x + 1) & m);
}

static const struct perm_def perm_defs[] = {
    {"identity", ARG_NONE, 1, f_identity, "x"},
    {"cube", ARG_BIT, 0, f_cube, "complement bit K"},
    {"shuffle", ARG_NONE, 0, f_shuffle, "rotate the n address bits left by one (perfect shuffle)"},
    {"unshuffle", ARG_NONE, 0, f_unshuffle, "rotate the n address bits right by one"},
    {"shuffle-sub", ARG_WIDTH, 0, f_shuffle_sub, "rotate the low K bits left by one"},
    {"shuffle-super", ARG_WIDTH, 0, f_shuffle_super, "rotate the high K bits left by one"},
    {"butterfly", ARG_NONE, 0, f_butterfly, "swap the highest and the lowest bit"},
    {"butterfly-sub", ARG_WIDTH, 0, f_butterfly_sub, "swap bits K-1 and 0"},
    {"butterfly-super", ARG_WIDTH, 0, f_butterfly_super, "swap bits n-1 and n-K"},
    {"bitrev", ARG_NONE, 0, f_bitrev, "reverse the n address bits"},
    {"bitrev-sub", ARG_WIDTH, 0, f_bitrev_sub, "reverse the low K bits"},
    {"bitrev-super", ARG_WIDTH, 0, f_bitrev_super, "reverse the high K bits"},
    {"shift", ARG_INT, 1, f_shift, "x + D mod N (D may be negative; any N)"},
    {"pm2i", ARG_SBIT, 0, f_pm2i, "x + 2^I or x - 2^I mod N (plus-minus 2^i)"},
    {"qshuffle", ARG_DIV, 1, f_qshuffle,
     "q-shuffle of N = Q r: (Q x + floor(x/r)) mod N (any N divisible by Q)"},
    {"gshift", ARG_WIDTH, 0, f_gshift, "shift by one within groups of 2^K: low K bits + 1 mod 2^K"},
};
#define NDEFS ((int)(sizeof perm_defs / sizeof perm_defs[0]))

static const char *const arg_forms[] = {"", "K", "K", "D", "+I|-I", "Q"};

int noc_perm_func_info(int i, const char **name, const char **arg, const char **desc)
{
    if (i < 0 || i >= NDEFS)
        return -1;
    *name = perm_defs[i].name;
    *arg = arg_forms[perm_defs[i].kind];
    *desc = perm_defs[i].desc;
    return 0;
}

int noc_perm_log2(long N)
{
    if (N < 1 || (N & (N - 1)))
        return -1;
    int n = 0;
    while ((1L << n) < N)
        n++;
    return n;
}

static int find_def(const char *name, size_t len)
{
    for (int i = 0; i < NDEFS; i++)
        if (strlen(perm_defs[i].name) == len && !strncmp(perm_defs[i].name, name, len))
            return i;
    return -1;
}

/* Parses a decimal integer (optional sign) spanning exactly s[0..len). */
static int parse_long(const char *s, size_t len, long *out)
{
    char tmp[32];
    if (len == 0 || len >= sizeof tmp)
        return -1;
    memcpy(tmp, s, len);
    tmp[len] = '\0';
    char *end;
    errno = 0;
    long v = strtol(tmp, &end, 10);
    if (errno || *end || end == tmp || !(isdigit((unsigned char)tmp[0]) || tmp[0] == '+' || tmp[0] == '-'))
        return -1;
    *out = v;
    return 0;
}

/* Parses one step "NAME" or "NAME:ARG" of length len. */
static int parse_step(struct noc_perm_fn *f, const char *s, size_t len, struct noc_ctx *ctx)
{
    const char *colon = memchr(s, ':', len);
    size_t nlen = colon ? (size_t)(colon - s) : len;
    int op = find_def(s, nlen);
    if (op < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "unknown interconnection function '%.*s' (see 'nocsyn perm --help')",
                         (int)nlen, s);
    const struct perm_def *d = &perm_defs[op];
    const char *a = colon ? colon + 1 : NULL;
    size_t alen = colon ? len - nlen - 1 : 0;
    long v = 0;
    if (d->kind == ARG_NONE) {
        if (colon)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "function '%s' takes no argument", d->name);
    } else if (!colon || parse_long(a, alen, &v)) {
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "function '%s' needs an integer argument: %s:%s",
                         d->name, d->name, arg_forms[d->kind]);
    }
    int n = f->n;
    if (n < 0 && !d->any_n)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "function '%s' acts on address bits: N must be a power of two, not %ld",
                         d->name, f->N);
    switch (d->kind) {
    case ARG_BIT:
        if (v < 0 || v >= n)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s:%ld: K must be in 0..%d (N = %ld has %d address bits)",
                             d->name, v, n - 1, f->N, n);
        break;
    case ARG_WIDTH:
        if (v < 1 || v > n)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s:%ld: K must be in 1..%d (N = %ld has %d address bits)",
                             d->name, v, n, f->N, n);
        break;
    case ARG_INT:
        v %= f->N;
        if (v < 0)
            v += f->N;
        break;
    case ARG_SBIT:
        if (a[0] != '+' && a[0] != '-')
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s needs a signed argument: %s:+I or %s:-I",
                             d->name, d->name, d->name);
        if (v <= -n || v >= n)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s:%.*s: I must be in 0..%d (N = %ld)", d->name,
                             (int)alen, a, n - 1, f->N);
        v = a[0] == '+' ? labs(v) + 1 : -(labs(v) + 1);
        break;
    case ARG_DIV:
        if (v < 1 || v > f->N || f->N % v)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s:%ld: Q must divide N = %ld", d->name, v,
                             f->N);
        break;
    default:
        break;
    }
    if (f->nsteps >= NOC_PERM_MAXCOMP)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "more than %d functions in one composition",
                         NOC_PERM_MAXCOMP);
    f->step[f->nsteps].op = op;
    f->step[f->nsteps].arg = v;
    f->nsteps++;
    return NOC_OK;
}

int noc_perm_parse(struct noc_perm_fn *f, const char *spec, long N, struct noc_ctx *ctx)
{
    memset(f, 0, sizeof *f);
    if (N < 1 || N > (1L << NOC_PERM_MAXBITS))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "N = %ld: interconnection functions need N in 1..2^%d (a power of two for the bit-level ones)",
                         N, NOC_PERM_MAXBITS);
    int n = noc_perm_log2(N); /* -1 when N is not a power of two */
    f->n = n;
    f->N = N;
    if (!spec || !*spec)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "empty interconnection function");
    const char *s = spec;
    for (;;) {
        const char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        if (len == 0)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "empty step in composition '%s'", spec);
        int st = parse_step(f, s, len, ctx);
        if (st)
            return st;
        if (!comma)
            break;
        s = comma + 1;
    }
    return NOC_OK;
}

long noc_perm_apply(const struct noc_perm_fn *f, long x)
{
    unsigned long v = (unsigned long)x;
    for (int i = 0; i < f->nsteps; i++)
        v = perm_defs[f->step[i].op].eval(v, f->n, f->N, f->step[i].arg);
    return (long)v;
}

int noc_perm_table(const struct noc_perm_fn *f, int **out, struct noc_ctx *ctx)
{
    *out = NULL;
    if (f->N > (1L << NOC_PERM_MAXTABLE))
        return noc_error(ctx, NOC_ENOMEM, NULL, 0,
                         "N = %ld is too large for a whole permutation (at most 2^%d); give X values",
                         f->N, NOC_PERM_MAXTABLE);
    int *p = noc_malloc(ctx, (size_t)f->N, sizeof *p);
    if (!p)
        return NOC_ENOMEM;
    for (long x = 0; x < f->N; x++)
        p[x] = (int)noc_perm_apply(f, x);
    *out = p;
    return NOC_OK;
}
