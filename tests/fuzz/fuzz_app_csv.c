/* libFuzzer harness: the app CSV reader (noc_app_parse_csv) on arbitrary
 * bytes.  An accepted app must also survive the summaries and the DOT
 * writer, and the written DOT must read back as the same cores and flows. */
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
    if (noc_app_parse_csv(&app, (const char *)data, size, "fuzz.csv", &ctx) == NOC_OK) {
        int *comp = malloc(sizeof *comp * ((size_t)app.ncores + 1));
        double *in = malloc(sizeof *in * ((size_t)app.ncores + 1));
        double *out = malloc(sizeof *out * ((size_t)app.ncores + 1));
        if (comp && in && out) {
            noc_app_components(&app, comp);
            noc_app_core_bw(&app, in, out);
        }
        free(comp);
        free(in);
        free(out);
        if (noc_app_write_dot(&app, &dot, &ctx) != NOC_OK)
            abort();
        if (noc_app_parse_dot(&back, dot.data, dot.len, "fuzz.dot", &ctx) != NOC_OK ||
            back.ncores != app.ncores || back.nflows != app.nflows)
            abort(); /* the writer produced DOT its own reader refuses */
    }
    noc_buf_free(&dot);
    noc_app_free(&back);
    noc_app_free(&app);
    return 0;
}
