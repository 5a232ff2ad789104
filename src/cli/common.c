/* Shared CLI helpers. */
#include "cli.h"
#include "nocsyn/json.h"
#include "nocsyn/synth.h"
#include <math.h>

#include <errno.h>
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

void cli_json_line(struct noc_json *j, struct noc_buf *b)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    if (noc_json_print_line(j, b, &ctx) != NOC_OK)
        b->failed = 1;
    noc_json_free(j);
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

/* Notes wait here until the command has finished (cli_notes_end): the
 * contract is exactly one stderr line on failure, so they are printed only
 * on success.  Like the signal-cleanup table of outputs.c this is process
 * state of the CLI (a note sink has no other place to reach); bounded. */
#define NOTES_MAX 65536
static struct {
    char text[NOTES_MAX];
    size_t len;
    int dropped;
} notes;

static void note_sink(void *ud, const char *msg)
{
    (void)ud;
    int n = snprintf(notes.text + notes.len, sizeof notes.text - notes.len, "nocsyn: note: %s\n", msg);
    if (n < 0 || (size_t)n >= sizeof notes.text - notes.len) {
        notes.text[notes.len] = '\0';
        notes.dropped++;
    } else {
        notes.len += (size_t)n;
    }
}

void cli_notes_end(int ok)
{
    if (ok) {
        fputs(notes.text, stderr);
        if (notes.dropped)
            fprintf(stderr, "nocsyn: note: %d more notes not shown\n", notes.dropped);
    }
    notes.len = 0;
    notes.text[0] = '\0';
    notes.dropped = 0;
}

int cli_stdout_end(int code)
{
    int failed = ferror(stdout) != 0, e = failed ? errno : 0; /* the failed write's, most likely */
    if (fflush(stdout) != 0) {
        failed = 1;
        e = errno;
    }
    if (fclose(stdout) != 0 && !failed) {
        failed = 1;
        e = errno;
    }
    if (failed && code == 0) {
        fprintf(stderr, "nocsyn: <stdout>: write failed%s%s\n", e ? ": " : "", e ? strerror(e) : "");
        code = noc_exit_code(NOC_EIO);
    }
    cli_notes_end(code == 0);
    return code;
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

int cli_parse_grid(const char *opt, const char *s, double lo, double hi, int whole, double *vals, int max,
                   int *n)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    if (noc_parse_grid(opt, s, lo, hi, whole, vals, max, n, &ctx) != NOC_OK)
        return cli_usage("%s", ctx.msg);
    return 0;
}

int cli_freq_value(const char *arg, double *mhz)
{
    return noc_parse_double(arg, mhz) || !(*mhz > 0 && *mhz <= 1e5) ? -1 : 0;
}

int cli_bw_scale(const char *cmd, const char *arg, double *f)
{
    if (noc_parse_double(arg, f) || !isfinite(*f) || !(*f > 0))
        return cli_usage("%s: --bw-scale needs a number > 0, not '%s'", cmd, arg);
    return 0;
}

int cli_grid_freq(const char *arg, struct noc_synth_opts *so)
{
    if (cli_parse_grid("--freq", arg, 1e-3, 1e5, 0, so->freqs, NOC_SYNTH_MAX_GRID, &so->nfreqs))
        return 2;
    so->freq_mhz = so->freqs[0];
    return 0;
}

int cli_grid_width(const char *arg, struct noc_synth_opts *so)
{
    if (cli_parse_grid("--link-width", arg, 1, 4096, 1, so->widths, NOC_SYNTH_MAX_GRID, &so->nwidths))
        return 2;
    so->link_width = so->widths[0];
    return 0;
}
