/* Quiet libcgraph, capture its last message, and read DOT without leaving
 * anything in cgraph's lexer (see cgraph_err.h). */
#include "cgraph_err.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cgraph's flex scanner (exported by libcgraph, not in its headers):
 * resets the scanner completely, including a start condition left inside
 * an unterminated string or comment and any text after the graph. */
extern int aaglex_destroy(void);

int noc_cgraph_quiet_begin(void)
{
    int old = (int)agseterr(AGMAX);
    agreseterrors();
    return old;
}

void noc_cgraph_quiet_end(int old_level)
{
    agseterr((agerrlevel_t)old_level);
}

int noc_cgraph_last_error(char *buf, size_t n, long *line)
{
    *line = 0;
    if (n)
        buf[0] = '\0';
    if (agerrors() < AGERR || n == 0)
        return 0;
    char *m = aglasterr();
    if (!m)
        return 0;
    /* One line, no trailing blanks. */
    m[strcspn(m, "\r\n")] = '\0';
    size_t len = strlen(m);
    while (len && (m[len - 1] == ' ' || m[len - 1] == '\t'))
        m[--len] = '\0';
    const char *in = strstr(m, " in line ");
    if (in) {
        char *end = NULL;
        long l = strtol(in + 9, &end, 10);
        if (end != in + 9 && l > 0) {
            *line = l;
            snprintf(buf, n, "%.*s%s", (int)(in - m), m, end);
            free(m);
            return 1;
        }
    }
    snprintf(buf, n, "%s", m);
    free(m);
    return 1;
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
static size_t graph_end(const char *s, size_t n, long *trail)
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
    if (skip_blank(&d) != 0 || d.i < n)
        *trail = d.line;
    return end;
}

Agraph_t *noc_cgraph_read(const char *text, size_t len, char *msg, size_t n, long *line)
{
    long trail = 0;
    *line = 0;
    if (n)
        msg[0] = '\0';
    if (memchr(text, '\0', len)) {
        snprintf(msg, n, "not DOT text (it contains a NUL byte)");
        return NULL;
    }
    size_t end = graph_end(text, len, &trail);
    if (trail) {
        *line = trail;
        snprintf(msg, n, "unexpected text after the end of the graph");
        return NULL;
    }
    if (end == 0)
        end = len;
    char *copy = malloc(end + 1);
    if (!copy) {
        snprintf(msg, n, "out of memory");
        return NULL;
    }
    memcpy(copy, text, end);
    copy[end] = '\0';
    Agraph_t *g = agmemread(copy);
    aaglex_destroy();
    free(copy);
    if (!g) {
        char m[600];
        if (noc_cgraph_last_error(m, sizeof m, line))
            snprintf(msg, n, "DOT %s", m);
        else
            snprintf(msg, n, "no DOT graph found");
    }
    return g;
}
