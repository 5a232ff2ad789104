/* noc_app_read: reads an app file and dispatches on its format
 * (docs/INTERFACE.md section 1.1): --app-format first, then the extension (.csv, .dot, .gv), then a
 * look at the text itself (a graph keyword means DOT), CSV otherwise.
 */
#include "nocsyn/app.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef int (*app_parse_fn)(struct noc_app *app, const char *data, size_t len,
                            const char *label, struct noc_ctx *ctx);

static const struct {
    const char *name; /* format name and file extension */
    app_parse_fn parse;
} app_formats[] = {
    {"csv", noc_app_parse_csv},
    {"dot", noc_app_parse_dot},
    {"gv", noc_app_parse_dot},
};
#define NFORMATS (sizeof app_formats / sizeof app_formats[0])

static app_parse_fn format_by_name(const char *name)
{
    for (size_t i = 0; i < NFORMATS; i++)
        if (strcasecmp(name, app_formats[i].name) == 0)
            return app_formats[i].parse;
    return NULL;
}

/* 1 when the text opens (after blanks and comments) with a DOT graph
 * keyword: strict, digraph or graph. */
static int looks_like_dot(const char *d, size_t len)
{
    size_t i = 0;
    for (;;) {
        while (i < len && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
            i++;
        if (i + 1 < len && d[i] == '/' && d[i + 1] == '/') {
            while (i < len && d[i] != '\n')
                i++;
        } else if (i + 1 < len && d[i] == '/' && d[i + 1] == '*') {
            return 1; /* C comments are not CSV */
        } else {
            break;
        }
    }
    static const char *const kw[] = {"strict", "digraph", "graph"};
    for (size_t k = 0; k < sizeof kw / sizeof kw[0]; k++) {
        size_t n = strlen(kw[k]);
        if (len - i > n && strncasecmp(d + i, kw[k], n) == 0 &&
            strchr(" \t\r\n{\"", d[i + n]) && d[i + n])
            return 1;
    }
    return 0;
}

/* The base name of path without its last extension ("stdin" for "-"). */
static char *base_name(const char *path, struct noc_ctx *ctx)
{
    if (!strcmp(path, "-"))
        return noc_strdup(ctx, "stdin");
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    char *name = noc_strdup(ctx, *b ? b : path);
    if (!name)
        return NULL;
    char *dot = strrchr(name, '.');
    if (dot && dot != name)
        *dot = '\0';
    return name;
}

int noc_app_read(struct noc_app *app, const char *path, const char *fmt, struct noc_ctx *ctx)
{
    char *data = NULL;
    size_t len = 0;
    int rc = NOC_OK;
    int use_stdin = !strcmp(path, "-");
    const char *label = use_stdin ? "<stdin>" : path;
    app_parse_fn parse = NULL;
    if (fmt && !(parse = format_by_name(fmt)))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "unknown app format '%.40s' (csv or dot)", fmt);
    if (!parse && !use_stdin) {
        const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
        if (dot && (!slash || dot > slash))
            parse = format_by_name(dot + 1);
    }
    NOC_CHECK(noc_read_file(path, &data, &len, ctx));
    if (!parse)
        parse = looks_like_dot(data, len) ? noc_app_parse_dot : noc_app_parse_csv;
    NOC_CHECK(parse(app, data, len, label, ctx));
    free(app->name);
    if (!(app->name = base_name(path, ctx)))
        rc = NOC_ENOMEM;
cleanup:
    free(data);
    return rc;
}
