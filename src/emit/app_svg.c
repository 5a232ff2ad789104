/* The app graph drawn as SVG: its DOT (noc_app_write_dot, app.h) laid out
 * by libgvc, pinned to the floorplan when every core has a position. */
#include "nocsyn/app.h"
#include "nocsyn/emit.h"

int noc_app_write_svg(const struct noc_app *app, struct noc_buf *out, struct noc_ctx *ctx)
{
    struct noc_buf dot;
    noc_buf_init(&dot);
    int rc = noc_app_write_dot(app, &dot, ctx);
    if (rc == NOC_OK)
        rc = noc_svg_render(dot.data, noc_app_placed(app), out, ctx);
    noc_buf_free(&dot);
    return rc;
}
