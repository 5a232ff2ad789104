/* libFuzzer harness: the campaign collector's reader of a job's
 * summary.csv (noc_campaign_collect) on arbitrary bytes, for a campaign of
 * one job whose status file says "designs N" (N = the input's line count
 * less the header, so well-formed inputs get through).  Whatever it
 * accepts must have rows of the header's width with finite objectives (a
 * NaN objective would never be dominated) and a Pareto front when a row
 * breaks no constraint.  Files go to a private directory under /tmp. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <math.h>

#include "nocsyn/campaign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int put(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t w = fwrite(data, 1, len, f);
    return fclose(f) == 0 && w == len ? 0 : -1;
}

static char dir[64];

/* Removes the private directory at exit. */
static void remove_dir(void)
{
    char jd[4096], path[4200];
    noc_campaign_job_dir(dir, 1, jd, sizeof jd);
    snprintf(path, sizeof path, "%s/done", jd);
    unlink(path);
    snprintf(path, sizeof path, "%s/summary.csv", jd);
    unlink(path);
    rmdir(jd);
    snprintf(path, sizeof path, "%s/jobs", dir);
    rmdir(path);
    rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char jd[4096], path[4200], status[64];
    struct noc_ctx ctx;
    struct noc_campaign c;
    struct noc_campaign_result r;
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/fuzz_collect.%ld", (long)getpid());
        mkdir(dir, 0777);
        atexit(remove_dir);
    }
    noc_ctx_init(&ctx);
    noc_campaign_init(&c);
    noc_campaign_result_init(&r);
    if (noc_campaign_parse(&c, "app = a.csv\napp-cores = 4\nmethods = split\n", "f.campaign", NULL, 0, &ctx) !=
            NOC_OK ||
        c.njobs != 1)
        abort();
    snprintf(path, sizeof path, "%s/jobs", dir);
    mkdir(path, 0777);
    noc_campaign_job_dir(dir, 1, jd, sizeof jd);
    mkdir(jd, 0777);
    int lines = 0;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    snprintf(status, sizeof status, "status ok\ndesigns %d\n", lines > 1 ? lines - 1 : 1);
    snprintf(path, sizeof path, "%s/done", jd);
    if (put(path, status, strlen(status)) != 0)
        abort();
    snprintf(path, sizeof path, "%s/summary.csv", jd);
    if (put(path, data, size) != 0)
        abort();
    if (noc_campaign_collect(&c, dir, &r, &ctx) == NOC_OK) {
        int clean = 0, front = 0;
        for (int i = 0; i < r.nrows; i++) {
            for (int k = 0; k < 4; k++)
                if (!isfinite(r.rows[i].obj[k]))
                    abort();
            for (int k = 0; k < r.ncols; k++)
                if (!r.rows[i].fields[k])
                    abort();
            clean += !r.rows[i].violating;
            front += r.rows[i].pareto;
        }
        if (clean && !front)
            abort();
    }
    noc_campaign_result_free(&r);
    noc_campaign_free(&c);
    return 0;
}
