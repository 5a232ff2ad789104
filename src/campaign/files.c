/* A campaign's runner files: the job list and its runners (jobs.txt,
 * Makefile, slurm.sbatch) (campaign.h); the collected summary.csv,
 * pareto.csv, report.md and report.html are written by report.c. */
#include "nocsyn/campaign.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A word for sh, single-quoted. */
static void sh_quote(struct noc_buf *b, const char *s)
{
    noc_buf_printf(b, "'");
    for (; *s; s++)
        if (*s == '\'')
            noc_buf_printf(b, "'\\''");
        else
            noc_buf_append(b, s, 1);
    noc_buf_printf(b, "'");
}

static int done_or_oom(struct noc_buf *b, struct noc_ctx *ctx)
{
    return b->data && !b->failed ? NOC_OK : noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
}

int noc_campaign_jobs_txt(const struct noc_campaign *c, const char *bin, const char *dir, struct noc_buf *b,
                          struct noc_ctx *ctx)
{
    for (int id = 1; id <= c->njobs; id++) {
        sh_quote(b, bin);
        noc_buf_printf(b, " campaign job ");
        sh_quote(b, dir);
        noc_buf_printf(b, " %d\n", id);
    }
    return done_or_oom(b, ctx);
}

int noc_campaign_makefile(const struct noc_campaign *c, const char *bin, const char *dir, struct noc_buf *b,
                          struct noc_ctx *ctx)
{
    noc_buf_printf(b, "# nocsyn campaign '%s': every job, for make -j N -f THIS_FILE (jobs already done\n"
                      "# are skipped by the job itself); then: nocsyn campaign collect DIR\n"
                      ".PHONY: all",
                   c->name);
    for (int id = 1; id <= c->njobs; id++)
        noc_buf_printf(b, " job%d", id);
    noc_buf_printf(b, "\nall:");
    for (int id = 1; id <= c->njobs; id++)
        noc_buf_printf(b, " job%d", id);
    noc_buf_printf(b, "\n");
    for (int id = 1; id <= c->njobs; id++) {
        noc_buf_printf(b, "job%d:\n\t", id);
        /* make expands '$': none is expected in paths, but double any. */
        struct noc_buf q;
        noc_buf_init(&q);
        sh_quote(&q, bin);
        noc_buf_printf(&q, " campaign job ");
        sh_quote(&q, dir);
        for (const char *s = q.data ? q.data : ""; *s; s++)
            noc_buf_append(b, *s == '$' ? "$$" : s, *s == '$' ? 2 : 1);
        noc_buf_free(&q);
        noc_buf_printf(b, " %d\n", id);
    }
    return done_or_oom(b, ctx);
}

int noc_campaign_sbatch(const struct noc_campaign *c, const char *dir, struct noc_buf *b, struct noc_ctx *ctx)
{
    noc_buf_printf(b, "#!/bin/sh\n"
                      "# nocsyn campaign '%s' as a Slurm job array: task i runs line i of jobs.txt.\n"
                      "# Submit: sbatch slurm.sbatch   (throttle: sbatch --array=1-%d%%16 slurm.sbatch)\n"
                      "# Then:   nocsyn campaign collect DIR\n"
                      "#SBATCH --job-name=nocsyn-campaign\n"
                      "#SBATCH --array=1-%d\n"
                      "#SBATCH --ntasks=1\n"
                      "#SBATCH --cpus-per-task=1\n"
                      "#SBATCH --output=",
                   c->name, c->njobs, c->njobs);
    noc_buf_printf(b, "%s/slurm/%%a.out\n", dir);
    noc_buf_printf(b, "set -e\nline=$(sed -n \"${SLURM_ARRAY_TASK_ID}p\" ");
    struct noc_buf p;
    noc_buf_init(&p);
    noc_buf_printf(&p, "%s/jobs.txt", dir);
    sh_quote(b, p.data ? p.data : "");
    noc_buf_free(&p);
    noc_buf_printf(b, ")\nexec sh -c \"$line\"\n");
    return done_or_oom(b, ctx);
}
