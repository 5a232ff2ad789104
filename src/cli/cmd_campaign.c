/* nocsyn campaign plan|job|run|collect|status: a design-space campaign as
 * independent jobs for GNU parallel, make -j or a Slurm job array. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "nocsyn/app.h"
#include "nocsyn/campaign.h"
#include "nocsyn/emit.h"
#include "nocsyn/sim.h"
#include "nocsyn/units.h"

static const char campaign_help[] =
    "usage: nocsyn campaign plan FILE -o DIR [--nocsyn PATH] [-q]\n"
    "       nocsyn campaign job DIR N [--force] [-q]\n"
    "       nocsyn campaign run FILE -o DIR [-q]\n"
    "       nocsyn campaign collect DIR [--partial] [-q]\n"
    "       nocsyn campaign status DIR\n"
    "\n"
    "A design-space campaign: a description FILE (apps, methods, baselines and\n"
    "parameter ranges) expands into independent jobs, one per app x max-radix x\n"
    "clock x link width x method-or-baseline. Each job is the comparison of\n"
    "'nocsyn compare' for one method or baseline at one point, written to its own\n"
    "directory DIR/jobs/NNNN; collect merges them into one summary.csv, one\n"
    "pareto.csv (each app's Pareto front across the whole campaign) and one\n"
    "report. Collecting the same jobs gives the same bytes wherever they ran.\n"
    "\n"
    "  plan      checks FILE (every app, floorplan and tech file is read) and writes\n"
    "            DIR/campaign.txt (the canonical description), DIR/jobs.txt (line i\n"
    "            is the shell command of job i), DIR/Makefile and DIR/slurm.sbatch.\n"
    "            Run the jobs with any of:\n"
    "              parallel -j 8 < DIR/jobs.txt          (GNU parallel)\n"
    "              make -j 8 -f DIR/Makefile\n"
    "              sbatch DIR/slurm.sbatch               (a Slurm job array)\n"
    "            Planning again into DIR with the same description keeps the jobs\n"
    "            done; another description is refused.\n"
    "  job       runs job N (1-based) of the campaign in DIR; a job already done\n"
    "            (DIR/jobs/NNNN/done) is not run again unless --force. A failing job\n"
    "            leaves DIR/jobs/NNNN/failed with its message.\n"
    "  run       plan, then every job not yet done in this process, then collect.\n"
    "  collect   merges the jobs into DIR/summary.csv, pareto.csv, report.md and\n"
    "            report.html; refuses (exit 1, writes nothing) while a job is not\n"
    "            done, unless --partial.\n"
    "  status    jobs done, failed and pending.\n"
    "\n"
    "Description: 'key = value' lines, '#' comments; paths relative to FILE.\n"
    "  name = TEXT            report title (default: FILE's name)\n"
    "  app = PATH             app graph, CSV or DOT (repeat for every app)\n"
    "  app-cores = N          (optional) the app above has N cores; checked\n"
    "  floorplan = PATH       floorplan of the app line above (default: min-cut)\n"
    "  methods = LIST         synthesis methods (default split,merge,cmesh,hring; none)\n"
    "  baselines = LIST       regular baselines (default none; all = every one)\n"
    "  max-radix = GRID       switch ports for synthesis (default " NOC_UNITS_STR(NOC_DEFAULT_MAX_RADIX) ")\n"
    "  freq = GRID            clock in MHz (default " NOC_UNITS_STR(NOC_DEFAULT_FREQ_MHZ) ")\n"
    "  link-width = GRID      link width in bits (default " NOC_UNITS_STR(NOC_DEFAULT_LINK_WIDTH) ")\n"
    "  max-util = U           usable fraction of each link (default " NOC_UNITS_STR(NOC_DEFAULT_MAX_UTIL) ")\n"
    "  packet-bits = B        packet size in bits (default " NOC_UNITS_STR(NOC_DEFAULT_PACKET_BITS) ")\n"
    "  wire-budget = W        baselines sized to W bisection wires (0 = off)\n"
    "  tech = PATH            tech model overrides (see 'nocsyn tech')\n"
    "  seed = S               seed (default 1)\n"
    "  ideal = yes|no         the ideal-routing LP load (default no)\n"
    "  simulate = yes|no      simulate every design (default no)\n"
    "  sim-loads = A:B:STEP   offered loads simulated (default " CLI_SWEEP_DEFAULT ")\n"
    "  sim-cycles = N         measured cycles per load (default " NOC_UNITS_STR(NOC_SIM_SWEEP_CYCLES) ")\n"
    "A GRID is a value, a list a,b,c or a range A:B:STEP.\n"
    "\n"
    "Exit: 0 done; 1 a job failed or (collect) jobs are missing; 2 bad input or usage.\n";

static int read_plan(const char *dir, struct noc_campaign *c, struct noc_ctx *ctx)
{
    char path[4200];
    char *text = NULL;
    size_t len;
    snprintf(path, sizeof path, "%s/campaign.txt", dir);
    struct stat st;
    if (stat(path, &st) != 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "%s is not a campaign directory (no campaign.txt; see 'nocsyn campaign plan')", dir);
    int rc = noc_read_file(path, &text, &len, ctx);
    if (rc == NOC_OK)
        rc = noc_campaign_parse(c, text, path, NULL, 0, ctx);
    free(text);
    return rc;
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static int mkdir_p(const char *path, struct noc_ctx *ctx)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        return noc_error(ctx, NOC_EIO, path, 0, "cannot create the directory: %s", strerror(errno));
    return NOC_OK;
}

/* mkdir_p that sets *made when this call created the directory. */
static int mkdir_made(const char *path, int *made, struct noc_ctx *ctx)
{
    *made = mkdir(path, 0777) == 0;
    if (!*made && errno != EEXIST)
        return noc_error(ctx, NOC_EIO, path, 0, "cannot create the directory: %s", strerror(errno));
    return NOC_OK;
}

/* Writes DIR/names[i] = data[i] for i < 4 as one set (cli_write_all). */
static int write_four(const char *dir, const char *const names[4], const char *const data[4], struct noc_ctx *ctx)
{
    char paths[4][4200];
    struct cli_out outs[4];
    for (int i = 0; i < 4; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s", dir, names[i]);
        outs[i] = (struct cli_out){paths[i], data[i], strlen(data[i]), NULL};
    }
    return cli_write_all(outs, 4, ctx);
}

/* Runs job id of c into dir/jobs/NNNN (see the help); returns the exit
 * status.  *ran = 1 when it ran (0: done already). */
static int run_job(const struct noc_campaign *c, const char *dir, int id, int force, int quiet, int *ran,
                   char *err, size_t errsz)
{
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    char jd[4096], path[4200], lab[256], cmd[4400];
    struct noc_campaign_job j;
    *ran = 0;
    if (noc_campaign_job(c, id, &j, &ctx))
        return cli_fail(&ctx);
    noc_campaign_job_label(c, &j, lab, sizeof lab);
    noc_campaign_job_dir(dir, id, jd, sizeof jd);
    snprintf(path, sizeof path, "%s/done", jd);
    if (!force && exists(path)) {
        if (!quiet)
            printf("job %d (%s): done already\n", id, lab);
        return 0;
    }
    *ran = 1;
    struct noc_app app;
    struct noc_compare cmp;
    struct noc_tech tech;
    struct noc_buf st;
    struct cli_stage stage;
    double cap = 0;
    noc_app_init(&app);
    noc_compare_init(&cmp);
    noc_buf_init(&st);
    snprintf(cmd, sizeof cmd, "nocsyn campaign job %s %d", dir, id);
    int rc = noc_campaign_job_run(c, &j, &app, &cmp, &tech, &cap, &ctx);
    if (rc == NOC_OK)
        rc = noc_campaign_job_status(&cmp, &st, &ctx);
    if (rc == NOC_OK && cmp.n > 0 && (rc = cli_stage_open(jd, &stage, &ctx)) == NOC_OK) {
        rc = noc_compare_write(&cmp, &app, stage.path, cmd, &tech, cap, &ctx);
        rc = rc == NOC_OK ? cli_stage_commit(&stage, &ctx) : (cli_stage_abort(&stage), rc);
    } else if (rc == NOC_OK) {
        rc = mkdir_p(jd, &ctx);
    }
    snprintf(path, sizeof path, "%s/failed", jd);
    if (rc == NOC_OK) {
        remove(path);
        snprintf(path, sizeof path, "%s/done", jd);
        rc = noc_write_file(path, st.data, strlen(st.data), &ctx);
    }
    int code;
    if (rc == NOC_OK) {
        code = 0;
        if (!quiet)
            printf("job %d (%s): %d design%s%s\n", id, lab, cmp.n, cmp.n == 1 ? "" : "s",
                   cmp.nskip ? ", skipped (see its done file)" : "");
    } else {
        /* The message for status and collect, then the usual stderr line. */
        struct noc_ctx quietctx;
        noc_ctx_init(&quietctx);
        char msg[1200];
        snprintf(msg, sizeof msg, "%s\n", ctx.msg);
        if (mkdir_p(jd, &quietctx) == NOC_OK)
            noc_write_file(path, msg, strlen(msg), &quietctx);
        if (err) { /* the caller says it, once for every job */
            if (!err[0])
                snprintf(err, errsz, "job %d (%s): %s", id, lab, ctx.msg);
            code = noc_exit_code(ctx.status ? ctx.status : NOC_EINTERNAL);
        } else {
            fprintf(stderr, "nocsyn: job %d (%s): ", id, lab);
            code = cli_fail(&ctx);
        }
    }
    noc_buf_free(&st);
    noc_compare_free(&cmp);
    noc_app_free(&app);
    return code;
}

/* Writes the plan files into dir (created); refuses another campaign. */
static int plan(const struct noc_campaign *c, const char *out, const char *bin_opt, int quiet)
{
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    char path[4200], bin[PATH_MAX], dir[PATH_MAX];
    char *old = NULL;
    size_t len;
    struct noc_buf jobs, make, sb;
    noc_buf_init(&jobs);
    noc_buf_init(&make);
    noc_buf_init(&sb);
    int rc = NOC_OK, code = 0;
    snprintf(path, sizeof path, "%s/campaign.txt", out);
    if (exists(path)) {
        if ((rc = noc_read_file(path, &old, &len, &ctx)) == NOC_OK && strcmp(old, c->text) != 0)
            rc = noc_error(&ctx, NOC_EINVAL, NULL, 0,
                           "%s holds another campaign (its campaign.txt differs): use another directory", out);
    }
    /* The directories this run makes go again when it fails: nothing is
     * left behind (a full disk once left empty jobs/ and slurm/). */
    int made_out = 0, made_jobs = 0, made_slurm = 0;
    char jobs_dir[PATH_MAX + 8] = "", slurm_dir[PATH_MAX + 8] = "";
    if (rc == NOC_OK && (rc = mkdir_made(out, &made_out, &ctx)) == NOC_OK && !realpath(out, dir))
        rc = noc_error(&ctx, NOC_EIO, out, 0, "cannot resolve the path: %s", strerror(errno));
    if (rc == NOC_OK) {
        if (bin_opt)
            snprintf(bin, sizeof bin, "%s", bin_opt);
        else if (!realpath("/proc/self/exe", bin))
            snprintf(bin, sizeof bin, "nocsyn");
        snprintf(jobs_dir, sizeof jobs_dir, "%s/jobs", dir);
        snprintf(slurm_dir, sizeof slurm_dir, "%s/slurm", dir);
        if ((rc = mkdir_made(jobs_dir, &made_jobs, &ctx)) == NOC_OK)
            rc = mkdir_made(slurm_dir, &made_slurm, &ctx);
    }
    if (rc == NOC_OK)
        rc = noc_campaign_jobs_txt(c, bin, dir, &jobs, &ctx);
    if (rc == NOC_OK)
        rc = noc_campaign_makefile(c, bin, dir, &make, &ctx);
    if (rc == NOC_OK)
        rc = noc_campaign_sbatch(c, dir, &sb, &ctx);
    if (rc == NOC_OK) {
        const char *names[4] = {"campaign.txt", "jobs.txt", "Makefile", "slurm.sbatch"};
        const char *data[4] = {c->text, jobs.data, make.data, sb.data};
        rc = write_four(dir, names, data, &ctx);
    }
    if (rc != NOC_OK) {
        if (made_slurm)
            rmdir(slurm_dir);
        if (made_jobs)
            rmdir(jobs_dir);
        if (made_out)
            rmdir(out);
        code = cli_fail(&ctx);
    } else if (!quiet) {
        int done = 0;
        for (int id = 1; id <= c->njobs; id++) {
            noc_campaign_job_dir(dir, id, path, sizeof path);
            strncat(path, "/done", sizeof path - strlen(path) - 1);
            done += exists(path);
        }
        printf("planned %d jobs in %s (%d done already); run them with one of\n"
               "  parallel -j 2 < %s/jobs.txt\n  make -j 2 -f %s/Makefile\n  sbatch %s/slurm.sbatch\n"
               "then: nocsyn campaign collect %s\n",
               c->njobs, out, done, out, out, out, out);
    }
    free(old);
    noc_buf_free(&jobs);
    noc_buf_free(&make);
    noc_buf_free(&sb);
    return code;
}

static int collect(const struct noc_campaign *c, const char *dir, int partial, int quiet)
{
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    struct noc_campaign_result r;
    struct noc_buf sum, par, md, html;
    noc_campaign_result_init(&r);
    noc_buf_init(&sum);
    noc_buf_init(&par);
    noc_buf_init(&md);
    noc_buf_init(&html);
    int code = 0, rc = noc_campaign_collect(c, dir, &r, &ctx);
    if (rc == NOC_OK && r.ndone < r.njobs && !partial) {
        int first = 0;
        while (r.done[first] == 1)
            first++;
        fprintf(stderr, "nocsyn: %d of %d jobs not done (first: job %d, %s); run them, or collect --partial\n",
                r.njobs - r.ndone, r.njobs, first + 1,
                r.done[first] < 0 ? (r.failed[first] ? r.failed[first] : "failed") : "not run yet");
        code = 1;
        goto done;
    }
    if (rc == NOC_OK)
        rc = noc_campaign_summary_csv(c, &r, 0, &sum, &ctx);
    if (rc == NOC_OK)
        rc = noc_campaign_summary_csv(c, &r, 1, &par, &ctx);
    if (rc == NOC_OK)
        rc = noc_campaign_report(c, &r, 0, &md, &ctx);
    if (rc == NOC_OK)
        rc = noc_campaign_report(c, &r, 1, &html, &ctx);
    if (rc == NOC_OK) {
        const char *names[4] = {"summary.csv", "pareto.csv", "report.md", "report.html"};
        const char *data[4] = {sum.data, par.data, md.data, html.data};
        rc = write_four(dir, names, data, &ctx);
    }
    if (rc != NOC_OK) {
        code = cli_fail(&ctx);
    } else if (!quiet) {
        int front = 0;
        for (int i = 0; i < r.nrows; i++)
            front += r.rows[i].pareto;
        printf("collected %d of %d jobs: %d designs, %d on the apps' Pareto fronts; %d skipped\nreport: %s/report.html\n",
               r.ndone, r.njobs, r.nrows, front, r.nskips, dir);
    }
done:
    noc_campaign_result_free(&r);
    noc_buf_free(&sum);
    noc_buf_free(&par);
    noc_buf_free(&md);
    noc_buf_free(&html);
    return code;
}

static int status(const struct noc_campaign *c, const char *dir)
{
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    struct noc_campaign_result r;
    noc_campaign_result_init(&r);
    int rc = noc_campaign_collect(c, dir, &r, &ctx);
    if (rc != NOC_OK) {
        noc_campaign_result_free(&r);
        return cli_fail(&ctx);
    }
    int failed = 0, shown = 0;
    for (int i = 0; i < r.njobs; i++)
        failed += r.done[i] < 0;
    printf("%d jobs: %d done, %d failed, %d not run\n", r.njobs, r.ndone, failed, r.njobs - r.ndone - failed);
    for (int i = 0; i < r.njobs && shown < 20; i++)
        if (r.done[i] < 0) {
            printf("failed: job %d: %s\n", i + 1, r.failed[i] ? r.failed[i] : "");
            shown++;
        }
    noc_campaign_result_free(&r);
    return failed ? 1 : 0;
}

enum { O_NOCSYN = 256, O_FORCE, O_PARTIAL };

int cmd_campaign(int argc, char **argv)
{
    if (cli_wants_help(argc, argv) || argc < 2)
        return argc < 2 ? cli_usage("campaign needs a subcommand: plan, job, run, collect or status "
                                    "(see 'nocsyn campaign --help')")
                        : cli_help(campaign_help);
    static const struct option opts[] = {{"out", required_argument, NULL, 'o'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"nocsyn", required_argument, NULL, O_NOCSYN},
                                         {"force", no_argument, NULL, O_FORCE},
                                         {"partial", no_argument, NULL, O_PARTIAL},
                                         {NULL, 0, NULL, 0}};
    static const struct {
        const char *name;
        int nargs;     /* positional arguments after the subcommand */
        int needs_out; /* -o DIR */
        const char *flags; /* options allowed besides -q */
    } subs[] = {{"plan", 1, 1, "nocsyn"}, {"job", 2, 0, "force"}, {"run", 1, 1, ""},
                {"collect", 1, 0, "partial"}, {"status", 1, 0, ""}};
    const char *sub = argv[1];
    int s = -1;
    for (int i = 0; i < (int)(sizeof subs / sizeof subs[0]); i++)
        if (!strcmp(sub, subs[i].name))
            s = i;
    if (s < 0)
        return cli_usage("campaign: unknown subcommand '%s' (plan, job, run, collect, status)", sub);
    const char *out = NULL, *bin = NULL;
    int quiet = 0, force = 0, partial = 0, c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc - 1, argv + 1, ":o:q", opts, NULL)) != -1) {
        const char *flag = c == O_NOCSYN ? "nocsyn" : c == O_FORCE ? "force" : c == O_PARTIAL ? "partial" : NULL;
        if (flag && strcmp(flag, subs[s].flags) != 0)
            return cli_usage("campaign %s: --%s is not an option of it (see 'nocsyn campaign --help')", sub, flag);
        switch (c) {
        case 'o': out = optarg; break;
        case 'q': quiet = 1; break;
        case O_NOCSYN: bin = optarg; break;
        case O_FORCE: force = 1; break;
        case O_PARTIAL: partial = 1; break;
        case ':': return cli_usage("option %s needs a value", argv[optind]);
        default: return cli_usage("unknown option '%s' (see 'nocsyn campaign --help')", argv[optind]);
        }
    }
    char **pos = argv + 1 + optind;
    int npos = argc - 1 - optind;
    if (npos != subs[s].nargs)
        return cli_usage("campaign %s needs %s (see 'nocsyn campaign --help')", sub,
                         subs[s].nargs == 2 ? "DIR and a job number N" : s == 0 || s == 2 ? "one FILE" : "one DIR");
    if (subs[s].needs_out && !out)
        return cli_usage("campaign %s needs -o DIR", sub);
    if (!subs[s].needs_out && out)
        return cli_usage("campaign %s takes no -o (it works in DIR)", sub);
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    struct noc_campaign camp;
    noc_campaign_init(&camp);
    int code = 0, rc;
    if (subs[s].needs_out)
        rc = noc_campaign_read(&camp, pos[0], &ctx);
    else
        rc = read_plan(pos[0], &camp, &ctx);
    if (rc != NOC_OK) {
        code = cli_fail(&ctx);
        goto done;
    }
    if (!strcmp(sub, "plan")) {
        code = plan(&camp, out, bin, quiet);
    } else if (!strcmp(sub, "job")) {
        long id;
        int ran;
        if (noc_parse_int(pos[1], 1, camp.njobs, &id))
            code = cli_usage("campaign job: N must be a job number in 1..%d, got '%s'", camp.njobs, pos[1]);
        else
            code = run_job(&camp, pos[0], (int)id, force, quiet, &ran, NULL, 0);
    } else if (!strcmp(sub, "run")) {
        if ((code = plan(&camp, out, bin, 1)) != 0)
            goto done;
        struct cli_progress prog;
        cli_progress_init(&prog, "campaign: jobs", quiet);
        int failed = 0, ran;
        char first[1400] = "";
        for (int id = 1; id <= camp.njobs; id++) {
            failed += run_job(&camp, out, id, 0, 1, &ran, first, sizeof first) != 0;
            char lab[256];
            struct noc_campaign_job j;
            noc_campaign_job(&camp, id, &j, &ctx);
            noc_campaign_job_label(&camp, &j, lab, sizeof lab);
            cli_progress(&prog, id, camp.njobs, lab);
        }
        /* One stderr line for the failed jobs (each job's message stays in
         * its 'failed' file, for status and collect). */
        code = collect(&camp, out, failed > 0, quiet);
        if (failed && code == 0) {
            fprintf(stderr, "nocsyn: %d of %d jobs failed (first: %s); see 'nocsyn campaign status %s'\n", failed,
                    camp.njobs, first, out);
            code = 1;
        }
    } else if (!strcmp(sub, "collect")) {
        code = collect(&camp, pos[0], partial, quiet);
    } else {
        code = status(&camp, pos[0]);
    }
done:
    noc_campaign_free(&camp);
    return code;
}
