/* A command's technology model: the tech file, then the packet-size
 * override (tech.h: noc_tech_setup). */
#include "nocsyn/tech.h"

int noc_tech_setup(struct noc_tech *tech, const char *path, double packet_bits, struct noc_ctx *ctx)
{
    int rc = path ? noc_tech_read(tech, path, ctx) : NOC_OK;
    if (rc == NOC_OK && packet_bits > 0)
        tech->packet_bits = packet_bits;
    return rc;
}
