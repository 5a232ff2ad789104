/* Shared CLI helpers. */
#include "cli.h"
#include <math.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int cli_fail(const struct noc_ctx *ctx)
{
    fprintf(stderr, "nocsyn: %s\n", ctx->msg[0] ? ctx->msg : noc_strerror(ctx->status));
    return noc_exit_code(ctx->status ? ctx->status : NOC_EINTERNAL);
}

int cli_fail_in(const char *where, const struct noc_ctx *ctx)
{
    const char *msg = ctx->msg[0] ? ctx->msg : noc_strerror(ctx->status);
    if (strncmp(msg, where, strlen(where)) != 0) {
        fprintf(stderr, "nocsyn: %s: %s\n", where, msg);
        return noc_exit_code(ctx->status ? ctx->status : NOC_EINTERNAL);
    }
    return cli_fail(ctx);
}

int cli_usage(const char *fmt, ...)
{
    va_list ap;
    fputs("nocsyn: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 2;
}

static void note_sink(void *ud, const char *msg)
{
    (void)ud;
    fprintf(stderr, "nocsyn: note: %s\n", msg);
}

void cli_ctx_init(struct noc_ctx *ctx)
{
    noc_ctx_init(ctx);
    ctx->note = note_sink;
}

int cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--"))
            break;
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return 1;
    }
    return 0;
}

int cli_help(const char *text)
{
    fputs(text, stdout);
    return 0;
}

const char *cli_ext(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    if (!dot || (slash && dot < slash))
        return "";
    return dot + 1;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cli_progress_init(struct cli_progress *p, const char *label, int quiet)
{
    p->start = now_s();
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->shown = 0;
    p->label = label;
}

void cli_progress(void *ud, int done, int total, const char *item)
{
    struct cli_progress *p = ud;
    if (!p->enabled)
        return;
    double el = now_s() - p->start;
    if (el < 1 && !p->shown)
        return;
    fprintf(stderr, "\r%s: %d/%d (%s, %.1f s)   ", p->label, done, total, item ? item : "", el);
    if (done == total)
        fputc('\n', stderr);
    p->shown = 1;
}

/* One grid value: in lo..hi, > 0, and a whole number when whole. */
static int grid_value(const char *opt, const char *s, const char *tok, double lo, double hi, int whole,
                      double *v)
{
    if (noc_parse_double(tok, v) || !(*v >= lo && *v <= hi) || !(*v > 0))
        return cli_usage("%s '%s': '%s' is not a number in %g..%g", opt, s, tok, lo, hi);
    if (whole && *v != floor(*v))
        return cli_usage("%s '%s': '%s' is not a whole number", opt, s, tok);
    return 0;
}

int cli_parse_grid(const char *opt, const char *s, double lo, double hi, int whole, double *vals, int max,
                   int *n)
{
    char buf[1024];
    if (!s || strlen(s) >= sizeof buf)
        return cli_usage("%s: a value, a range A:B:STEP or a list a,b,c, got '%s'", opt, s ? s : "");
    snprintf(buf, sizeof buf, "%s", s);
    *n = 0;
    char *c1 = strchr(buf, ':');
    if (c1) {
        char *c2 = strchr(c1 + 1, ':');
        double a, b, step;
        if (!c2)
            return cli_usage("%s '%s': a range is A:B:STEP", opt, s);
        *c1 = *c2 = '\0';
        if (noc_parse_double(buf, &a) || noc_parse_double(c1 + 1, &b) || noc_parse_double(c2 + 1, &step))
            return cli_usage("%s '%s': A, B and STEP must be numbers", opt, s);
        if (!(a >= lo && b <= hi) || a <= 0)
            return cli_usage("%s '%s': values must be in %g..%g", opt, s, lo, hi);
        if (b < a)
            return cli_usage("%s '%s': the range is reversed (A > B)", opt, s);
        if (!(step > 0))
            return cli_usage("%s '%s': STEP must be > 0", opt, s);
        if (whole && (a != floor(a) || step != floor(step)))
            return cli_usage("%s '%s': A and STEP must be whole numbers", opt, s);
        for (int k = 0;; k++) {
            double v = a + k * step;
            if (v > b * (1 + 1e-12))
                break;
            if (*n >= max)
                return cli_usage("%s '%s': more than %d values", opt, s, max);
            vals[(*n)++] = v;
        }
        return 0;
    }
    /* A list: every element non-empty (strtok would skip "32,,64"). */
    for (char *tok = buf;;) {
        char *comma = strchr(tok, ',');
        if (comma)
            *comma = '\0';
        double v;
        if (!*tok)
            return cli_usage("%s '%s': an empty element in the list", opt, s);
        if (grid_value(opt, s, tok, lo, hi, whole, &v))
            return 2;
        for (int k = 0; k < *n; k++)
            if (vals[k] == v)
                return cli_usage("%s '%s': %g is listed twice", opt, s, v);
        if (*n >= max)
            return cli_usage("%s '%s': more than %d values", opt, s, max);
        vals[(*n)++] = v;
        if (!comma)
            break;
        tok = comma + 1;
    }
    if (*n == 0)
        return cli_usage("%s: empty list", opt);
    return 0;
}
