/* libFuzzer harness: the campaign description parser (noc_campaign_parse,
 * without reading apps: every app needs app-cores) on arbitrary bytes.
 * Whatever it accepts must give a canonical text that parses back to the
 * same text and the same job count, and its last job must decode. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/campaign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct noc_ctx ctx;
    struct noc_campaign c, back;
    struct noc_campaign_job j;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    noc_ctx_init(&ctx);
    noc_campaign_init(&c);
    noc_campaign_init(&back);
    if (noc_campaign_parse(&c, text, "fuzz.campaign", NULL, 0, &ctx) == NOC_OK) {
        if (noc_campaign_parse(&back, c.text, "again.campaign", NULL, 0, &ctx) != NOC_OK)
            abort(); /* the canonical form must parse */
        if (strcmp(back.text, c.text) != 0 || back.njobs != c.njobs)
            abort();
        if (noc_campaign_job(&c, c.njobs, &j, &ctx) != NOC_OK || j.app != c.napps - 1)
            abort();
    }
    noc_campaign_free(&back);
    noc_campaign_free(&c);
    free(text);
    return 0;
}
