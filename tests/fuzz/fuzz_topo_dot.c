/* libFuzzer harness: the topology DOT reader (noc_topo_parse_dot, libcgraph)
 * on arbitrary bytes.  An accepted topology must round-trip exactly:
 * write_dot(parse(write_dot(t))) == write_dot(t); its JSON writer must work
 * and, when anynet accepts it, so must the anynet reader. */
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
    struct noc_topo t, back;
    struct noc_buf a, b, extra;
    noc_ctx_init(&ctx);
    noc_buf_init(&a);
    noc_buf_init(&b);
    noc_buf_init(&extra);
    if (noc_topo_parse_dot(&t, (const char *)data, size, "fuzz.dot", &ctx) != NOC_OK)
        return 0;
    if (noc_topo_write_dot(&t, &a, &ctx) != NOC_OK)
        abort();
    if (noc_topo_parse_dot(&back, a.data, a.len, "again.dot", &ctx) != NOC_OK)
        abort(); /* the writer produced DOT its own reader refuses */
    if (noc_topo_write_dot(&back, &b, &ctx) != NOC_OK || a.len != b.len || memcmp(a.data, b.data, a.len))
        abort(); /* not an exact round trip */
    if (noc_topo_write_json(&t, &extra, &ctx) != NOC_OK)
        abort();
    noc_buf_free(&extra);
    noc_buf_init(&extra);
    if (noc_topo_write_anynet(&t, &extra, &ctx) == NOC_OK) {
        struct noc_topo any;
        if (noc_topo_parse_anynet(&any, extra.data, extra.len, "again.anynet", &ctx) != NOC_OK)
            abort();
        if (any.nrouters != t.nrouters || any.nterminals != t.nterminals || any.nch != t.nch)
            abort();
        noc_topo_free(&any);
    }
    noc_buf_free(&extra);
    noc_buf_free(&a);
    noc_buf_free(&b);
    noc_topo_free(&back);
    noc_topo_free(&t);
    return 0;
}
