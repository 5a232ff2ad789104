/* libFuzzer harness: the app DOT reader (noc_app_parse_dot, libcgraph) on
 * arbitrary bytes.  An accepted app is written back as DOT and must read
 * back as the same cores and flows. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "nocsyn/app.h"
#include "nocsyn/emit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct noc_ctx ctx;
    struct noc_app app, back;
    struct noc_buf dot;
    noc_ctx_init(&ctx);
    noc_app_init(&app);
    noc_app_init(&back);
    noc_buf_init(&dot);
    if (noc_app_parse_dot(&app, (const char *)data, size, "fuzz.dot", &ctx) == NOC_OK) {
        if (noc_app_write_dot(&app, &dot, &ctx) != NOC_OK)
            abort();
        if (noc_app_parse_dot(&back, dot.data, dot.len, "again.dot", &ctx) != NOC_OK ||
            back.ncores != app.ncores || back.nflows != app.nflows)
            abort(); /* the writer produced DOT its own reader refuses */
    }
    noc_buf_free(&dot);
    noc_app_free(&back);
    noc_app_free(&app);
    return 0;
}
