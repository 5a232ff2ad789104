/* The floorplan as CSV (docs/INTERFACE.md section 1.2): core,x_mm,y_mm,w_mm,h_mm[,die]. */

#include <string.h>

#include "nocsyn/app.h"

int noc_floorplan_csv(const struct noc_app *app, struct noc_buf *b, struct noc_ctx *ctx)
{
    int dies = 0;
    for (int c = 0; c < app->ncores; c++)
        dies |= app->cores[c].die[0] != 0;
    noc_buf_printf(b, dies ? "core,x_mm,y_mm,w_mm,h_mm,die\n" : "core,x_mm,y_mm,w_mm,h_mm\n");
    for (int c = 0; c < app->ncores; c++) {
        const struct noc_core *co = &app->cores[c];
        if (!co->has_pos)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "core %s has no position", co->name);
        noc_csv_field(b, co->name);
        double v[4] = {co->x, co->y, co->w, co->h};
        for (int i = 0; i < 4; i++) {
            noc_buf_append(b, ",", 1);
            noc_buf_num(b, v[i]);
        }
        if (dies) {
            noc_buf_append(b, ",", 1);
            noc_csv_field(b, co->die);
        }
        noc_buf_append(b, "\n", 1);
    }
    return b->failed ? noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory") : NOC_OK;
}
