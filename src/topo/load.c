/* noc_topo_load: reads a topology file in the format named by `fmt` or by
 * the extension (.dot/.gv = DOT, .anynet = BookSim anynet); "-" is stdin,
 * anynet when its first word is "router", else DOT, unless fmt says.  JSON (.json) is an output format only:
 * reading it is NOC_EUNSUP with a message saying so. */
#include "nocsyn/topo.h"
#include "topo_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef int (*topo_parser)(struct noc_topo *, const char *, size_t, const char *, struct noc_ctx *);

static const struct {
    const char *name; /* fmt and extension */
    topo_parser parse;
} readers[] = {
    {"dot", noc_topo_parse_dot},
    {"gv", noc_topo_parse_dot},
    {"anynet", noc_topo_parse_anynet},
    {"json", NULL},
    {"-", noc_topo_parse_dot}, /* stdin: DOT unless it looks like anynet */
};

/* stdin without a format: anynet when the first word is "router". */
static topo_parser sniff(const char *data, size_t len, topo_parser parse)
{
    size_t i = 0;
    while (i < len && strchr(" \t\r\n", data[i]))
        i++;
    if (len - i > 6 && !strncmp(data + i, "router", 6) && strchr(" \t", data[i + 6]))
        return noc_topo_parse_anynet;
    return parse;
}

int noc_topo_io_label(struct noc_ctx *ctx, const char *label, int rc)
{
    size_t n = label ? strlen(label) : 0;
    if (n && ctx->status != NOC_OK && strncmp(ctx->msg, label, n) != 0) {
        char tmp[sizeof ctx->msg];
        snprintf(tmp, sizeof tmp, "%.200s: %.800s", label, ctx->msg);
        memcpy(ctx->msg, tmp, sizeof tmp);
    }
    return rc;
}

int noc_topo_io_at(struct noc_ctx *ctx, const char *label, long line, int rc)
{
    if (line <= 0)
        return noc_topo_io_label(ctx, label, rc);
    size_t n = label ? strlen(label) : 0;
    if (n && ctx->status != NOC_OK && strncmp(ctx->msg, label, n) != 0) {
        char tmp[sizeof ctx->msg];
        snprintf(tmp, sizeof tmp, "%.200s:%ld: %.800s", label, line, ctx->msg);
        memcpy(ctx->msg, tmp, sizeof tmp);
    }
    return rc;
}

int noc_topo_load(struct noc_topo *t, const char *path, const char *fmt, struct noc_ctx *ctx)
{
    char *data = NULL;
    size_t len = 0;
    int rc;
    const char *label = strcmp(path, "-") ? path : "<stdin>";
    const char *want = fmt;
    noc_topo_init(t); /* released on every failure before parsing */
    if (!want) {
        const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
        want = !strcmp(path, "-") ? "-" : dot && (!slash || dot > slash) ? dot + 1 : "";
    }
    topo_parser parse = NULL;
    int known = 0;
    for (size_t i = 0; i < sizeof readers / sizeof readers[0]; i++)
        if (!strcasecmp(want, readers[i].name)) {
            parse = readers[i].parse;
            known = 1;
        }
    if (!known && !*want) {
        rc = noc_error(ctx, NOC_EINVAL, label, 0,
                       "cannot tell the topology format (use a .dot, .gv or .anynet file, or name the format)");
        goto cleanup;
    }
    if (!known) {
        rc = noc_error(ctx, NOC_EINVAL, label, 0, "unknown topology format '%s' (use dot or anynet)", want);
        goto cleanup;
    }
    if (!parse) {
        rc = noc_error(ctx, NOC_EUNSUP, label, 0, "JSON topologies are written, not read (use DOT or anynet)");
        goto cleanup;
    }
    NOC_CHECK(noc_read_file(path, &data, &len, ctx));
    noc_topo_free(t);
    if (!strcmp(want, "-"))
        parse = sniff(data, len, parse);
    rc = parse(t, data, len, label, ctx); /* initialises t, releases it on failure */
    free(data);
    return rc;
cleanup:
    noc_topo_free(t);
    return rc;
}
