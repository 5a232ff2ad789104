/* Error context, status strings, allocation and number parsing. */
#include "nocsyn/core.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *noc_version(void)
{
    return NOC_VERSION;
}

void noc_ctx_init(struct noc_ctx *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->seed = 1;
}

void noc_ctx_clear(struct noc_ctx *ctx)
{
    ctx->status = NOC_OK;
    ctx->msg[0] = '\0';
}

int noc_ctx_take(struct noc_ctx *ctx, char *buf, size_t len)
{
    int st = ctx->status;
    const char *m = st == NOC_OK ? "" : ctx->msg[0] ? ctx->msg : noc_strerror(st);
    if (len > 0)
        snprintf(buf, len, "%s", m);
    noc_ctx_clear(ctx);
    return st;
}

int noc_error(struct noc_ctx *ctx, int status, const char *file, long line,
              const char *fmt, ...)
{
    if (!ctx || ctx->status != NOC_OK)
        return status;
    size_t off = 0;
    if (file && line > 0)
        off = (size_t)snprintf(ctx->msg, sizeof ctx->msg, "%s:%ld: ", file, line);
    else if (file)
        off = (size_t)snprintf(ctx->msg, sizeof ctx->msg, "%s: ", file);
    if (off >= sizeof ctx->msg)
        off = sizeof ctx->msg - 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->msg + off, sizeof ctx->msg - off, fmt, ap);
    va_end(ap);
    /* One line only: fold any newline a caller let through. */
    for (char *p = ctx->msg; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    ctx->status = status;
    return status;
}

void noc_note(struct noc_ctx *ctx, const char *fmt, ...)
{
    if (!ctx || !ctx->note)
        return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    ctx->note(ctx->note_ud, buf);
}

static const struct {
    int status;
    const char *text;
    int exit_code;
} status_table[] = {
    {NOC_OK, "success", 0},
    {NOC_EINVAL, "invalid input", 2},
    {NOC_EIO, "input/output error", 2},
    {NOC_ENOMEM, "out of memory", 2},
    {NOC_EUNSUP, "not supported for this input", 2},
    {NOC_EINFEASIBLE, "infeasible", 1},
    {NOC_ELIMIT, "limit reached", 1},
    {NOC_EINTERNAL, "internal error", 1},
};

const char *noc_strerror(int status)
{
    for (size_t i = 0; i < sizeof status_table / sizeof status_table[0]; i++)
        if (status_table[i].status == status)
            return status_table[i].text;
    return "unknown error";
}

int noc_exit_code(int status)
{
    for (size_t i = 0; i < sizeof status_table / sizeof status_table[0]; i++)
        if (status_table[i].status == status)
            return status_table[i].exit_code;
    return 1;
}

void *noc_malloc(struct noc_ctx *ctx, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size) {
        noc_error(ctx, NOC_ENOMEM, NULL, 0, "allocation of %zu x %zu bytes overflows", n, size);
        return NULL;
    }
    size_t bytes = n * size;
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory allocating %zu bytes", n * size);
    return p;
}

void *noc_calloc(struct noc_ctx *ctx, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size) {
        noc_error(ctx, NOC_ENOMEM, NULL, 0, "allocation of %zu x %zu bytes overflows", n, size);
        return NULL;
    }
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory allocating %zu bytes", n * size);
    return p;
}

int noc_grow(struct noc_ctx *ctx, void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return NOC_OK;
    size_t nc = *cap ? *cap : 8;
    while (nc < need) {
        if (nc > SIZE_MAX / 2 / size)
            return noc_error(ctx, NOC_ENOMEM, NULL, 0, "array of %zu elements is too large", need);
        nc *= 2;
    }
    void *q = realloc(*p, nc * size);
    if (!q)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory growing an array to %zu elements", nc);
    *p = q;
    *cap = nc;
    return NOC_OK;
}

char *noc_strdup(struct noc_ctx *ctx, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = noc_malloc(ctx, n, 1);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* s past its leading blanks (spaces, tabs). */
static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

int noc_parse_double(const char *s, double *out)
{
    if (!s || !*(s = skip_blanks(s)))
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *skip_blanks(end) || !isfinite(v) || errno == ERANGE)
        return -1;
    *out = v;
    return 0;
}

int noc_parse_int(const char *s, long lo, long hi, long *out)
{
    if (!s || !*(s = skip_blanks(s)))
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || errno == ERANGE || *skip_blanks(end) || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}
