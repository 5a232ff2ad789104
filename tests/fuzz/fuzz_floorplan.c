/* libFuzzer harness: the floorplan reader (noc_floorplan_parse) on
 * arbitrary bytes, applied to a fixed app (the vopd cores plus two names
 * that need quoting). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char app_csv[] =
    "src,dst,bandwidth_mbps\n"
    "VLD,RunLeDec,70\nRunLeDec,InvScan,362\nInvScan,AcdcPred,362\nAcdcPred,IQuan,362\n"
    "AcdcPred,StripeMem,49\nStripeMem,IQuan,27\nIQuan,IDCT,357\nIDCT,UpSamp,353\n"
    "ARM,IDCT,16\nARM,Pad,16\nUpSamp,VopRec,300\nVopRec,Pad,313\nPad,VopMem,313\n"
    "VopMem,Pad,94\nVopMem,VopRec,500\n\"core, one\",\"say \"\"hi\"\"\",1\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct noc_ctx ctx;
    struct noc_app app;
    noc_ctx_init(&ctx);
    noc_app_init(&app);
    if (noc_app_parse_csv(&app, app_csv, strlen(app_csv), "app.csv", &ctx) != NOC_OK)
        abort();
    if (noc_floorplan_parse(&app, (const char *)data, size, "fuzz.csv", &ctx) == NOC_OK) {
        for (int i = 0; i < app.ncores; i++) {
            const struct noc_core *c = &app.cores[i];
            if (c->has_size && !(c->w > 0 && c->h > 0))
                abort();
        }
    }
    noc_app_free(&app);
    return 0;
}
