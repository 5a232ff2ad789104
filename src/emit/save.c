/* noc_topo_save: the topology writer chosen by extension, written
 * atomically (noc_write_file: temporary file + rename). */
#include "nocsyn/emit.h"
#include "nocsyn/topo.h"
#include "../topo/topo_read.h"

#include <ctype.h>
#include <string.h>

static const struct {
    const char *name;
    noc_topo_writer write;
} writers[] = {
    {"dot", noc_topo_write_dot},
    {"anynet", noc_topo_write_anynet},
    {"json", noc_topo_write_json},
    {"svg", noc_topo_write_svg},
};

noc_topo_writer noc_topo_writer_find(const char *format)
{
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
        if (!strcmp(format, writers[i].name))
            return writers[i].write;
    return NULL;
}

int noc_topo_save(const struct noc_topo *t, const char *path, struct noc_ctx *ctx)
{
    noc_topo_writer write = NULL;
    if (!strcmp(path, "-")) {
        write = noc_topo_write_dot;
    } else {
        const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
        const char *ext = dot && (!slash || dot > slash) ? dot + 1 : "";
        char low[16]; /* the extension in lower case; .gv is DOT */
        size_t n = 0;
        for (; ext[n] && n < sizeof low - 1; n++)
            low[n] = (char)tolower((unsigned char)ext[n]);
        low[n] = '\0';
        if (!ext[n])
            write = noc_topo_writer_find(strcmp(low, "gv") ? low : "dot");
        if (!write && !*ext)
            return noc_error(ctx, NOC_EINVAL, path, 0,
                             "no extension to pick the topology format from (use .dot, .gv, .anynet, .json or .svg)");
        if (!write)
            return noc_error(ctx, NOC_EINVAL, path, 0,
                             "unknown topology format '.%s' (use .dot, .gv, .anynet, .json or .svg)", ext);
    }
    struct noc_buf b;
    noc_buf_init(&b);
    int rc = write(t, &b, ctx);
    if (rc != NOC_OK)
        noc_topo_io_label(ctx, path, rc); /* name the file being written */
    if (rc == NOC_OK)
        rc = noc_write_file(path, b.data ? b.data : "", b.len, ctx);
    noc_buf_free(&b);
    return rc;
}
