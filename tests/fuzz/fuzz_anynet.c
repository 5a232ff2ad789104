/* libFuzzer harness: the BookSim anynet reader (noc_topo_parse_anynet) on
 * arbitrary bytes.  Whatever it accepts, anynet can hold, so the anynet
 * writer must succeed and its text must read back to the same text; the DOT
 * writer must round-trip too. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/emit.h"
#include "nocsyn/topo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct noc_ctx ctx;
    struct noc_topo t, back, viadot;
    struct noc_buf a, b, dot;
    noc_ctx_init(&ctx);
    noc_buf_init(&a);
    noc_buf_init(&b);
    noc_buf_init(&dot);
    if (noc_topo_parse_anynet(&t, (const char *)data, size, "fuzz.anynet", &ctx) != NOC_OK)
        return 0;
    if (noc_topo_write_anynet(&t, &a, &ctx) != NOC_OK)
        abort(); /* read it, so it must be writable */
    if (noc_topo_parse_anynet(&back, a.data, a.len, "again.anynet", &ctx) != NOC_OK)
        abort();
    if (noc_topo_write_anynet(&back, &b, &ctx) != NOC_OK || a.len != b.len || memcmp(a.data, b.data, a.len))
        abort();
    if (noc_topo_write_dot(&t, &dot, &ctx) != NOC_OK ||
        noc_topo_parse_dot(&viadot, dot.data, dot.len, "again.dot", &ctx) != NOC_OK)
        abort();
    if (viadot.nch != t.nch || viadot.nrouters != t.nrouters)
        abort();
    noc_topo_free(&viadot);
    noc_buf_free(&a);
    noc_buf_free(&b);
    noc_buf_free(&dot);
    noc_topo_free(&back);
    noc_topo_free(&t);
    return 0;
}
