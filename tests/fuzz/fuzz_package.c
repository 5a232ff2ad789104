/* libFuzzer harness: the package file reader (noc_package_parse) on
 * arbitrary bytes.  Whatever it accepts must be a consistent package: at
 * least one die of positive, bounded size, every boundary between two
 * distinct dies with a finite shoreline and a module bound >= 0, every pin
 * naming a die. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "nocsyn/package.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct noc_ctx ctx;
    struct noc_package p;
    noc_ctx_init(&ctx);
    noc_package_init(&p);
    if (noc_package_parse(&p, (const char *)data, size, "fuzz.pkg", &ctx) == NOC_OK) {
        if (p.ndies < 1 || p.ndies > NOC_PKG_MAX_DIES)
            abort();
        for (int d = 0; d < p.ndies; d++)
            if (!(p.dies[d].w > 0 && p.dies[d].h > 0 && p.dies[d].w <= 1000 && p.dies[d].h <= 1000))
                abort();
        for (int i = 0; i < p.nbound; i++) {
            const struct noc_boundary *B = &p.bound[i];
            if (B->a == B->b || B->a < 0 || B->b >= p.ndies || !isfinite(B->shoreline_mm) || B->max_modules < 0 ||
                !(noc_d2d_mbps(&B->type) > 0) || !isfinite(noc_d2d_mbps(&B->type)))
                abort();
        }
        for (int i = 0; i < p.npins; i++)
            if (p.pin_die[i] < 0 || p.pin_die[i] >= p.ndies || !p.pin_core[i])
                abort();
    }
    noc_package_free(&p);
    return 0;
}
