/* The CSV row reader shared by the app and floorplan readers (csv_rows.h).
 *
 * libcsv parses; this file cuts the input into physical lines first so that
 * every record knows the line it starts on, and so that comment and blank
 * lines between records never reach libcsv.  A line ends a record exactly
 * when it ends outside quotes, i.e. when the number of quote characters since
 * the record began is even: CSV_STRICT rejects every other use of a quote
 * (a quote inside an unquoted field, or text after a closing quote), so the
 * parity rule agrees with libcsv on every input it accepts.
 */
#include "csv_rows.h"
#include "nocsyn/app.h"

#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct rows_state {
    const char *label;
    noc_csv_row_fn fn;
    void *ud;
    struct noc_ctx *ctx;
    int status;            /* first failure, NOC_OK while going */
    long rec_line;         /* line the current record started on */
    long index;            /* records seen */
    int nfields;
    size_t off[NOC_CSV_MAXF];
    char *buf;             /* the current record's fields, NUL-separated */
    size_t blen, bcap;
};

static void on_field(void *s, size_t n, void *data)
{
    struct rows_state *st = data;
    if (st->status != NOC_OK)
        return;
    if (st->nfields < NOC_CSV_MAXF) {
        if (noc_grow(st->ctx, (void **)&st->buf, &st->bcap, st->blen + n + 1, 1) != NOC_OK) {
            st->status = NOC_ENOMEM;
            return;
        }
        if (n)
            memcpy(st->buf + st->blen, s, n);
        st->buf[st->blen + n] = '\0';
        st->off[st->nfields] = st->blen;
        st->blen += n + 1;
    }
    if (st->nfields < 0x7fffffff)
        st->nfields++;
}

static void on_row(int c, void *data)
{
    (void)c;
    struct rows_state *st = data;
    if (st->status == NOC_OK) {
        struct noc_csv_row row;
        memset(&row, 0, sizeof row);
        row.label = st->label;
        row.line = st->rec_line;
        row.index = st->index;
        row.nfields = st->nfields;
        for (int i = 0; i < st->nfields && i < NOC_CSV_MAXF; i++)
            row.field[i] = st->buf + st->off[i];
        st->status = st->fn(st->ud, &row, st->ctx);
        if (st->status != NOC_OK && st->ctx->status == NOC_OK)
            noc_error(st->ctx, st->status, st->label, row.line, "rejected");
    }
    st->index++;
    st->nfields = 0;
    st->blen = 0;
}

/* 1 when [p, e) holds only spaces and tabs, or its first other byte is '#'. */
static int skippable(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    return p == e || *p == '#';
}

static int parse_failed(struct rows_state *st, struct csv_parser *p, long line)
{
    if (st->status != NOC_OK)
        return st->status;
    if (csv_error(p) == CSV_EPARSE)
        return noc_error(st->ctx, NOC_EINVAL, st->label, line,
                         "malformed quoting (a quote inside an unquoted field, or text "
                         "after a closing quote)");
    return noc_error(st->ctx, NOC_ENOMEM, st->label, line, "CSV parser: %s",
                     csv_strerror(csv_error(p)));
}

int noc_csv_rows(const char *data, size_t len, const char *label, noc_csv_row_fn fn,
                 void *ud, long *nrows, struct noc_ctx *ctx)
{
    struct rows_state st;
    struct csv_parser p;
    int rc = NOC_OK, inited = 0;
    memset(&st, 0, sizeof st);
    st.label = label;
    st.fn = fn;
    st.ud = ud;
    st.ctx = ctx;
    if (nrows)
        *nrows = 0;
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
        rc = noc_error(ctx, NOC_ENOMEM, label, 0, "cannot initialise the CSV parser");
        goto cleanup;
    }
    inited = 1;
    size_t pos = 0;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        pos = 3; /* UTF-8 byte-order mark (spreadsheet exports) */
    long line = 1;
    int in_quote = 0;
    while (pos < len) {
        const char *s = data + pos, *e = s;
        const char *end = data + len;
        while (e < end && *e != '\n' && *e != '\r' && *e != '\0')
            e++;
        if (e < end && *e == '\0') {
            rc = noc_error(ctx, NOC_EINVAL, label, line, "NUL byte (not a text file?)");
            goto cleanup;
        }
        size_t term = e == end ? 0 : (e[0] == '\r' && e + 1 < end && e[1] == '\n') ? 2 : 1;
        if (!in_quote) {
            if (skippable(s, e)) {
                pos = (size_t)(e - data) + term;
                line++;
                continue;
            }
            st.rec_line = line;
        }
        for (const char *q = s; q < e; q++)
            if (*q == '"')
                in_quote ^= 1;
        size_t n = (size_t)(e - s) + term;
        if (csv_parse(&p, s, n, on_field, on_row, &st) != n || st.status != NOC_OK) {
            rc = parse_failed(&st, &p, line);
            goto cleanup;
        }
        pos += n;
        line++;
    }
    if (csv_fini(&p, on_field, on_row, &st) != 0) {
        if (st.status == NOC_OK && csv_error(&p) == CSV_EPARSE)
            rc = noc_error(ctx, NOC_EINVAL, label, st.rec_line,
                           "unterminated quoted field (missing closing quote)");
        else
            rc = parse_failed(&st, &p, st.rec_line);
        goto cleanup;
    }
    rc = st.status;
    if (nrows)
        *nrows = st.index;
cleanup:
    if (inited)
        csv_free(&p);
    free(st.buf);
    return rc;
}

int noc_csv_read_table(const char *data, size_t len, const char *label, noc_csv_row_fn fn,
                       void *ud, const char *header, struct noc_ctx *ctx)
{
    long nrows = 0;
    int rc = noc_csv_rows(data, len, label, fn, ud, &nrows, ctx);
    if (rc == NOC_OK && nrows == 0)
        rc = noc_error(ctx, NOC_EINVAL, label, 1, "%s: expected the header line %s",
                       len ? "no header (only blank or comment lines)" : "empty file", header);
    return rc;
}

int noc_csv_header(const struct noc_csv_row *row, const char *const *names, int nnames,
                   int *col, const char *expect, struct noc_ctx *ctx)
{
    for (int k = 0; k < nnames; k++)
        col[k] = -1;
    if (row->nfields > NOC_CSV_MAXF)
        return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                         "header has %d columns; expected %s", row->nfields, expect);
    for (int i = 0; i < row->nfields; i++) {
        const char *f = row->field[i];
        int k = 0;
        while (k < nnames && strcasecmp(f, names[k]) != 0)
            k++;
        if (k == nnames)
            return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                             "unknown column '%.60s' in the header; expected %s", f, expect);
        if (col[k] >= 0)
            return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                             "column '%s' appears twice in the header", names[k]);
        col[k] = i;
    }
    return NOC_OK;
}

/* Length of the UTF-8 sequence at s, or 0 when it is not valid UTF-8
 * (overlong forms, surrogates and code points past U+10FFFF included). */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned cp;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

int noc_check_text_name(const char *name, const char *what, const char *label, long line,
                        struct noc_ctx *ctx)
{
    if (!name || !*name)
        return noc_error(ctx, NOC_EINVAL, label, line, "empty %s name", what);
    if (strlen(name) > NOC_NAME_MAX)
        return noc_error(ctx, NOC_EINVAL, label, line, "%s name '%.40s...' is longer than %d bytes", what, name,
                         NOC_NAME_MAX);
    const unsigned char *s = (const unsigned char *)name;
    while (*s) {
        if (*s < 0x20 || *s == 0x7f)
            return noc_error(ctx, NOC_EINVAL, label, line,
                             "%s name contains a control character (byte 0x%02x)", what, *s);
        size_t n = utf8_len(s);
        if (!n)
            return noc_error(ctx, NOC_EINVAL, label, line, "%s name is not valid UTF-8", what);
        s += n;
    }
    return NOC_OK;
}

int noc_check_name(const char *name, const char *what, const char *label, long line,
                   struct noc_ctx *ctx)
{
    int rc = noc_check_text_name(name, what, label, line, ctx);
    if (rc != NOC_OK)
        return rc;
    if (name[0] == '%') /* libcgraph's anonymous ids: a design's DOT could not be read back */
        return noc_error(ctx, NOC_EINVAL, label, line,
                         "%s name '%.60s' starts with '%%' (kept for Graphviz's anonymous ids)", what, name);
    if (name[strlen(name) - 1] == '\\') /* DOT has no way to quote a trailing backslash */
        return noc_error(ctx, NOC_EINVAL, label, line, "%s name '%.60s' ends in a backslash",
                         what, name);
    return NOC_OK;
}

int noc_csv_number(const char *s, const char *what, const char *label, long line,
                   double *out, struct noc_ctx *ctx)
{
    if (noc_parse_double(s, out) == 0)
        return NOC_OK;
    char *end;
    double v = strtod(s, &end);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end != s && !*end && !isfinite(v))
        return noc_error(ctx, NOC_EINVAL, label, line, "%s '%.40s' is not finite", what, s);
    if (!*s)
        return noc_error(ctx, NOC_EINVAL, label, line, "%s is empty", what);
    return noc_error(ctx, NOC_EINVAL, label, line, "%s '%.40s' is not a number", what, s);
}

int noc_check_bw(double bw, const char *what, const char *text, const char *label, long line,
                 struct noc_ctx *ctx)
{
    if (!(bw > 0))
        return noc_error(ctx, NOC_EINVAL, label, line, "%s %.40s must be > 0", what, text);
    if (bw > NOC_APP_BW_MAX)
        return noc_error(ctx, NOC_EINVAL, label, line, "%s %.40s is beyond %g MB/s", what, text,
                         NOC_APP_BW_MAX);
    return NOC_OK;
}

void noc_csv_field(struct noc_buf *b, const char *s)
{
    size_t n = strlen(s);
    if (!strpbrk(s, ",\"\r\n")) {
        noc_buf_append(b, s, n);
        return;
    }
    size_t need = csv_write(NULL, 0, s, n);
    char *q = malloc(need);
    if (!q) {
        b->failed = 1;
        return;
    }
    csv_write(q, need, s, n);
    noc_buf_append(b, q, need);
    free(q);
}
