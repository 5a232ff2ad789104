/* The one libcgraph adapter for reading (see cgraph_err.h): cgraph's
 * messages captured through its error callback, one scanner reset, and
 * DOT parsed without leaving anything in cgraph's lexer. */
#include "cgraph_err.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* cgraph's flex scanner (exported by libcgraph, not declared in cgraph.h):
 * frees the scanner's buffers and resets it completely, including a start
 * condition left inside an unterminated string or comment; without it, the
 * next DOT parse in the process can read nothing (found by
 * tests/fuzz/fuzz_app_dot). */
extern int aaglex_destroy(void);

/* cgraph's error sink has no user pointer, so the messages of the current
 * quiet section live here (the adapter's only static state, forced by the
 * cgraph API; like cgraph itself, not reentrant).  cgraph sends a message
 * as "Error" or "Warning", ": ", then the text; continuation lines follow
 * without a level.  The first message and the first error are kept. */
#define CG_MSG 1024
static struct {
    char first[CG_MSG], err[CG_MSG];
    int nmsg;    /* messages begun */
    int in_err;  /* the message being received is the first error */
    int in_first;
} cg;

static void cg_append(char *buf, const char *s)
{
    size_t len = strlen(buf), n = strlen(s);
    if (n > CG_MSG - 1 - len)
        n = CG_MSG - 1 - len;
    memcpy(buf + len, s, n);
    buf[len + n] = '\0';
}

static int capture(char *s)
{
    int is_err = !strcmp(s, "Error");
    if (is_err || !strcmp(s, "Warning")) {
        cg.nmsg++;
        cg.in_first = cg.nmsg == 1;
        cg.in_err = is_err && !cg.err[0];
        if (cg.in_err)
            cg_append(cg.err, "Error");
    }
    if (cg.in_first)
        cg_append(cg.first, s);
    if (cg.in_err && !is_err)
        cg_append(cg.err, s);
    return 0;
}

void noc_cgraph_quiet_begin(struct noc_cgraph_quiet *q)
{
    memset(&cg, 0, sizeof cg);
    q->errf = agseterrf(capture);
    q->level = agseterr(AGWARN);
    agreseterrors();
}

void noc_cgraph_quiet_end(const struct noc_cgraph_quiet *q)
{
    agseterr(q->level);
    agseterrf(q->errf);
}

/* "Error: syntax error in line 3 near '->'\n" -> "syntax error near '->'"
 * with *line = 3 (" of input" after the number goes too); no trailing
 * blanks.  Returns 1, or 0 for no message. */
static int format_msg(const char *m, char *buf, size_t n, long *line)
{
    *line = 0;
    if (n)
        buf[0] = '\0';
    if (!m[0] || n == 0)
        return 0;
    if (!strncmp(m, "Error: ", 7))
        m += 7;
    else if (!strncmp(m, "Warning: ", 9))
        m += 9;
    char t[CG_MSG];
    snprintf(t, sizeof t, "%s", m);
    char *in = strstr(t, " in line ");
    if (in) {
        char *end = NULL;
        long l = strtol(in + 9, &end, 10);
        if (end != in + 9 && l > 0) {
            *line = l;
            if (!strncmp(end, " of input", 9))
                end += 9;
            memmove(in, end, strlen(end) + 1);
        }
    }
    size_t len = strlen(t);
    while (len && strchr(" \t\r\n", t[len - 1]))
        t[--len] = '\0';
    snprintf(buf, n, "%s", t);
    return 1;
}

int noc_cgraph_error(char *buf, size_t n, long *line)
{
    return format_msg(cg.err, buf, n, line);
}

/* A lexical scan of DOT as cgraph's scanner sees it: comments ("//",
 * C comments, '#' lines), quoted strings with '\' escapes, nested <HTML>
 * strings, and braces. */
struct dot_scan {
    const char *s;
    size_t n, i;
    long line;
    int bol; /* at the beginning of a line */
};

/* Skips blanks and comments; returns 0, or -1 at an unterminated comment. */
static int skip_blank(struct dot_scan *d)
{
    while (d->i < d->n) {
        char c = d->s[d->i];
        if (c == '\n') {
            d->line++;
            d->bol = 1;
            d->i++;
        } else if (strchr(" \t\r\f\v", c)) {
            d->bol = 0;
            d->i++;
        } else if ((c == '#' && d->bol) || (c == '/' && d->i + 1 < d->n && d->s[d->i + 1] == '/')) {
            while (d->i < d->n && d->s[d->i] != '\n')
                d->i++;
        } else if (c == '/' && d->i + 1 < d->n && d->s[d->i + 1] == '*') {
            d->i += 2;
            while (d->i + 1 < d->n && !(d->s[d->i] == '*' && d->s[d->i + 1] == '/'))
                d->line += d->s[d->i++] == '\n';
            if (d->i + 1 >= d->n)
                return -1;
            d->i += 2;
            d->bol = 0;
        } else {
            return 0;
        }
    }
    return 0;
}

/* Skips the quoted or HTML string at d->i; -1 when unterminated. */
static int skip_string(struct dot_scan *d)
{
    int html = d->s[d->i] == '<', nest = 1;
    for (d->i++; d->i < d->n; d->i++) {
        char c = d->s[d->i];
        d->line += c == '\n';
        if (html) {
            nest += c == '<';
            nest -= c == '>';
            if (nest == 0)
                break;
        } else if (c == '\\' && d->i + 1 < d->n) {
            d->line += d->s[++d->i] == '\n';
        } else if (c == '"') {
            break;
        }
    }
    if (d->i >= d->n)
        return -1;
    d->i++;
    return 0;
}

/* The offset just past the brace closing the first graph body, or 0 when
 * the scan finds none (cgraph then reports the error).  *trail is the line
 * of any text after it (0 = none). */
static size_t graph_end(const char *s, size_t n, long *trail, size_t *trail_at)
{
    struct dot_scan d = {s, n, 0, 1, 1};
    int depth = 0;
    *trail = 0;
    while (d.i < n) {
        if (skip_blank(&d) != 0 || d.i >= n)
            return 0;
        char c = s[d.i];
        d.bol = 0;
        if (c == '"' || c == '<') {
            if (skip_string(&d) != 0)
                return 0;
            continue;
        }
        d.i++;
        if (c == '{') {
            depth++;
        } else if (c == '}') {
            if (depth == 0)
                return 0;
            if (--depth == 0)
                break;
        }
    }
    if (depth != 0 || d.i == 0 || s[d.i - 1] != '}')
        return 0;
    size_t end = d.i;
    if (skip_blank(&d) != 0 || d.i < n) {
        *trail = d.line;
        *trail_at = d.i;
    }
    return end;
}

/* 1 when the text at s[i..n) starts a graph: the keyword strict, graph or
 * digraph (any case, as cgraph's scanner reads them). */
static int starts_graph(const char *s, size_t i, size_t n)
{
    static const char *const kw[] = {"strict", "graph", "digraph"};
    for (int k = 0; k < 3; k++) {
        size_t l = strlen(kw[k]);
        if (n - i >= l && !strncasecmp(s + i, kw[k], l) &&
            (n - i == l || !(s[i + l] == '_' || (s[i + l] >= '0' && s[i + l] <= '9') ||
                             ((s[i + l] | 32) >= 'a' && (s[i + l] | 32) <= 'z'))))
            return 1;
    }
    return 0;
}

Agraph_t *noc_cgraph_read(const char *text, size_t len, int flags, struct noc_cgraph_fail *f)
{
    memset(f, 0, sizeof *f);
    if ((f->line = noc_nul_line(text, len)) != 0) {
        f->why = NOC_CGRAPH_NUL;
        return NULL;
    }
    long trail = 0;
    size_t trail_at = 0;
    size_t end = graph_end(text, len, &trail, &trail_at);
    if (end == 0)
        end = len;
    char *copy = malloc(end + 1);
    if (!copy) {
        f->why = NOC_CGRAPH_NOMEM;
        return NULL;
    }
    memcpy(copy, text, end);
    copy[end] = '\0';
    /* "strict" would merge parallel edges silently (the last one's
     * attributes win): NOT_STRICT reads the graph as a plain one. */
    struct dot_scan d = {copy, end, 0, 1, 1};
    if ((flags & NOC_CGRAPH_NOT_STRICT) && skip_blank(&d) == 0 && end - d.i >= 6 && !strncasecmp(copy + d.i, "strict", 6) &&
        (end - d.i == 6 || !(copy[d.i + 6] == '_' || (copy[d.i + 6] >= '0' && copy[d.i + 6] <= '9') ||
                             ((copy[d.i + 6] | 32) >= 'a' && (copy[d.i + 6] | 32) <= 'z'))))
        memset(copy + d.i, ' ', 6);
    struct noc_cgraph_quiet q;
    noc_cgraph_quiet_begin(&q);
    agreadline(1);
    Agraph_t *g = agmemread(copy);
    aaglex_destroy();
    free(copy);
    const char *m = flags & NOC_CGRAPH_WARNINGS_FAIL ? cg.first : cg.err;
    if (m[0]) {
        f->why = NOC_CGRAPH_SYNTAX;
        format_msg(m, f->msg, sizeof f->msg, &f->line);
    } else if (!g) {
        f->why = NOC_CGRAPH_NOGRAPH;
    } else if (trail) {
        f->why = starts_graph(text, trail_at, len) ? NOC_CGRAPH_MORE : NOC_CGRAPH_TRAILING;
        f->line = trail;
    }
    noc_cgraph_quiet_end(&q);
    if (f->why && g) {
        agclose(g);
        g = NULL;
    }
    return g;
}

int noc_cgraph_fail_error(const struct noc_cgraph_fail *f, const struct noc_cgraph_words *w, const char *label,
                          struct noc_ctx *ctx)
{
    if (f->why == NOC_CGRAPH_NOMEM || f->why <= NOC_CGRAPH_OK || f->why > NOC_CGRAPH_NOMEM)
        return noc_error(ctx, f->why == NOC_CGRAPH_NOMEM ? NOC_ENOMEM : NOC_EINTERNAL, label, 0,
                         f->why == NOC_CGRAPH_NOMEM ? "out of memory" : "DOT read failed");
    long line = (w->no_line >> f->why) & 1u ? 0 : f->line;
    if (f->why == NOC_CGRAPH_SYNTAX)
        return noc_error(ctx, NOC_EINVAL, label, line, "%s%s", w->text[f->why], f->msg);
    return noc_error(ctx, NOC_EINVAL, label, line, "%s", w->text[f->why]);
}

/* ---- where things are in the DOT text (cgraph keeps no line numbers on
 * its objects, and renames '%' ids): a lexical index of the tokens. */

enum { TK_ID, TK_EDGEOP, TK_PUNCT };

static int index_push(struct noc_dot_where *w, int kind, char punct, const char *s, size_t n, long line,
                      int quoted)
{
    if (w->n == w->cap) {
        int cap = w->cap ? 2 * w->cap : 64;
        void *p = realloc(w->tok, (size_t)cap * sizeof *w->tok);
        if (!p)
            return -1;
        w->tok = p;
        w->cap = cap;
    }
    char *text = NULL;
    if (kind == TK_ID) {
        if (!(text = malloc(n + 1)))
            return -1;
        size_t o = 0;
        for (size_t i = 0; i < n; i++) {
            if (quoted && s[i] == '\\' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\n')) {
                if (s[++i] == '\n')
                    continue;
            }
            text[o++] = s[i];
        }
        text[o] = '\0';
    }
    w->tok[w->n++] = (struct noc_dot_tok){text, line, kind, punct};
    return 0;
}

static int id_char(unsigned char c)
{
    return c == '_' || c == '.' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z') || c >= 0x80;
}

int noc_dot_where_build(struct noc_dot_where *w, const char *text, size_t len)
{
    memset(w, 0, sizeof *w);
    w->strict_at = -1;
    struct dot_scan d = {text, len, 0, 1, 1};
    while (d.i < len) {
        if (skip_blank(&d) != 0 || d.i >= len)
            break;
        size_t at = d.i;
        char c = text[at];
        d.bol = 0;
        int r = 0;
        if (c == '"' || c == '<') {
            long line = d.line;
            if (skip_string(&d) != 0)
                break;
            r = index_push(w, TK_ID, 0, text + at + 1, d.i - at - 2, line, c == '"');
        } else if (c == '-' && at + 1 < len && (text[at + 1] == '>' || text[at + 1] == '-')) {
            d.i += 2;
            r = index_push(w, TK_EDGEOP, 0, NULL, 0, d.line, 0);
        } else if (id_char((unsigned char)c) || c == '-') {
            d.i++;
            while (d.i < len && id_char((unsigned char)text[d.i]))
                d.i++;
            if (w->n == 0 && d.i - at == 6 && !strncasecmp(text + at, "strict", 6))
                w->strict_at = (long)at;
            r = index_push(w, TK_ID, 0, text + at, d.i - at, d.line, 0);
        } else {
            d.i++;
            r = index_push(w, TK_PUNCT, c, NULL, 0, d.line, 0);
        }
        if (r != 0) {
            noc_dot_where_free(w);
            return -1;
        }
    }
    return 0;
}

void noc_dot_where_free(struct noc_dot_where *w)
{
    for (int i = 0; i < w->n; i++)
        free(w->tok[i].text);
    free(w->tok);
    memset(w, 0, sizeof *w);
}

static int is_punct(const struct noc_dot_where *w, int i, char p)
{
    return i >= 0 && i < w->n && w->tok[i].kind == TK_PUNCT && w->tok[i].punct == p;
}

/* 1 when token i is an ID naming a node: not an attribute's key or value,
 * not a port, not a keyword's graph name. */
static int node_token(const struct noc_dot_where *w, int i)
{
    if (w->tok[i].kind != TK_ID || is_punct(w, i + 1, '=') || is_punct(w, i - 1, '=') || is_punct(w, i - 1, ':'))
        return 0;
    if (i > 0 && w->tok[i - 1].kind == TK_ID) {
        const char *k = w->tok[i - 1].text;
        if (!strcasecmp(k, "graph") || !strcasecmp(k, "digraph") || !strcasecmp(k, "subgraph"))
            return 0;
    }
    static const char *const kw[] = {"strict", "graph", "digraph", "subgraph", "node", "edge"};
    for (size_t k = 0; k < sizeof kw / sizeof kw[0]; k++)
        if (!strcasecmp(w->tok[i].text, kw[k]))
            return 0;
    return 1;
}

long noc_dot_where_node(const struct noc_dot_where *w, const char *name, const char *attr)
{
    long first = 0;
    for (int i = 0; i < w->n; i++) {
        if (!node_token(w, i) || strcmp(w->tok[i].text, name) != 0)
            continue;
        if (!first)
            first = w->tok[i].line;
        if (!attr || !is_punct(w, i + 1, '[') || (i > 0 && w->tok[i - 1].kind == TK_EDGEOP))
            continue;
        for (int j = i + 2; j < w->n && !is_punct(w, j, ']'); j++)
            if (w->tok[j].kind == TK_ID && is_punct(w, j + 1, '=') && !strcmp(w->tok[j].text, attr))
                return w->tok[j].line;
    }
    return first;
}

long noc_dot_where_edge(const struct noc_dot_where *w, const char *tail, const char *head, int directed)
{
    for (int i = 1; i + 1 < w->n; i++) {
        if (w->tok[i].kind != TK_EDGEOP || w->tok[i - 1].kind != TK_ID || w->tok[i + 1].kind != TK_ID)
            continue;
        const char *a = w->tok[i - 1].text, *b = w->tok[i + 1].text;
        if ((!strcmp(a, tail) && !strcmp(b, head)) || (!directed && !strcmp(a, head) && !strcmp(b, tail)))
            return w->tok[i].line;
    }
    return noc_dot_where_node(w, tail, NULL);
}

long noc_dot_where_key(const struct noc_dot_where *w, const char *key)
{
    long line = 0;
    for (int i = 0; i + 1 < w->n; i++)
        if (w->tok[i].kind == TK_ID && is_punct(w, i + 1, '=') && !strcmp(w->tok[i].text, key))
            line = w->tok[i].line;
    return line;
}

const char *noc_dot_where_percent(const struct noc_dot_where *w, long *line)
{
    for (int i = 0; i < w->n; i++)
        if (node_token(w, i) && w->tok[i].text[0] == '%') {
            *line = w->tok[i].line;
            return w->tok[i].text;
        }
    return NULL;
}

int noc_dot_error_at(struct noc_ctx *ctx, const char *label, long line, int rc)
{
    size_t n = strlen(label);
    if (rc == NOC_OK || line <= 0)
        return rc;
    const char *rest = ctx->msg;
    if (!strncmp(ctx->msg, label, n) && ctx->msg[n] == ':') {
        if (ctx->msg[n + 1] != ' ')
            return rc; /* it has a line already */
        rest = ctx->msg + n + 2;
    }
    char tmp[sizeof ctx->msg];
    snprintf(tmp, sizeof tmp, "%.200s:%ld: %.780s", label, line, rest);
    memcpy(ctx->msg, tmp, sizeof tmp);
    return rc;
}
