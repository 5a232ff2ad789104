/* noc_topo_save: the topology writer chosen by extension, written
 * atomically (noc_write_file: temporary file + rename). */
#include "nocsyn/emit.h"
#include "nocsyn/topo.h"
#include "../topo/topo_read.h"

#include <string.h>
#include <strings.h>

static const struct {
    const char *ext;
    int (*write)(const struct noc_topo *, struct noc_buf *, struct noc_ctx *);
} savers[] = {
    {"dot", noc_topo_write_dot},       {"gv", noc_topo_write_dot},     {"anynet", noc_topo_write_anynet},
    {"json", noc_topo_write_json},     {"svg", noc_topo_write_svg},
};

int noc_topo_save(const struct noc_topo *t, const char *path, struct noc_ctx *ctx)
{
    int (*write)(const struct noc_topo *, struct noc_buf *, struct noc_ctx *) = NULL;
    if (!strcmp(path, "-")) {
        write = noc_topo_write_dot;
    } else {
        const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
        const char *ext = dot && (!slash || dot > slash) ? dot + 1 : "";
        for (size_t i = 0; i < sizeof savers / sizeof savers[0]; i++)
            if (!strcasecmp(ext, savers[i].ext))
                write = savers[i].write;
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
