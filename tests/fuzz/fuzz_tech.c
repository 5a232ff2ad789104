/* libFuzzer harness: the tech file reader (noc_tech_parse_n) on arbitrary
 * bytes.  Whatever it accepts must keep the model finite (issue 28: a
 * tech value of 1e308 once gave an infinite power that was still chosen):
 * router power, area and maximum clock, a link's power, area and pipeline
 * registers at every radix of the table and a few widths and clocks. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "nocsyn/tech.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct noc_ctx ctx;
    struct noc_tech t;
    noc_ctx_init(&ctx);
    noc_tech_defaults(&t);
    if (noc_tech_parse_n(&t, (const char *)data, size, "fuzz.tech", &ctx) != NOC_OK)
        return 0;
    static const double widths[] = {1, 32, 4096}, freqs[] = {1e-3, 1000, 1e5};
    for (int r = 2; r <= NOC_TECH_MAX_RADIX; r += r < 16 ? 1 : 37)
        for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
            double fmax = noc_tech_router_fmax_mhz(&t, r, widths[w]);
            if (!isfinite(fmax) || fmax < 0 || !isfinite(noc_tech_router_mm2(&t, r, widths[w])))
                abort();
            for (size_t f = 0; f < sizeof freqs / sizeof freqs[0]; f++) {
                double mw = noc_tech_router_mw(&t, r, widths[w], 1e12, freqs[f]);
                double lmw = noc_tech_channel_mw(&t, 4000, widths[w], 1e15, freqs[f]);
                double lmm = noc_tech_channel_mm2(&t, 4000, widths[w], freqs[f]);
                if (!isfinite(mw) || mw < 0 || !isfinite(lmw) || lmw < 0 || !isfinite(lmm) || lmm < 0 ||
                    noc_tech_link_stages(&t, 4000, freqs[f]) < 0)
                    abort();
            }
        }
    if (noc_tech_packet_flits(&t, 1) < 1)
        abort();
    return 0;
}
