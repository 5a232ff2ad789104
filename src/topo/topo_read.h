/* Internal to libnocsyn: helpers shared by the topology readers
 * (dot_read.c, anynet_read.c, load.c) and writers (src/emit/save.c). */
#ifndef NOCSYN_TOPO_READ_H
#define NOCSYN_TOPO_READ_H

#include "nocsyn/core.h"

/* After a failed call whose message has no location (e.g. from
 * noc_topo_finalize), prefixes ctx->msg with "LABEL: " so the one error
 * line names the file.  Returns rc.  O(message length). */
int noc_topo_io_label(struct noc_ctx *ctx, const char *label, int rc);
/* The same with "LABEL:LINE: " (just "LABEL: " when line <= 0). */
int noc_topo_io_at(struct noc_ctx *ctx, const char *label, long line, int rc);

#endif
