/* The TOPOLOGY argument shared by the commands that read one (route, eval,
 * sim, ...): a file, "-" (stdin: DOT or anynet) or an inline generator
 * "gen:FAMILY:P=V,...". */
#include "cli.h"

#include "nocsyn/gen.h"
#include "nocsyn/topo.h"

#include <string.h>

int cli_load_topology(const char *arg, struct noc_topo *t, struct noc_ctx *ctx)
{
    if (!strncmp(arg, "gen:", 4))
        return noc_gen_spec(t, arg + 4, ctx);
    return noc_topo_load(t, arg, NULL, ctx);
}
