/* The tool-runner adapter of characterization (charz.h): the only code of
 * nocsyn that spawns processes (yosys, sta) and reads and writes the cache
 * directory.  It never prints; a tool's output goes to a log file in the
 * configuration's work directory, CACHE/KEY. */
#define _GNU_SOURCE
#include "nocsyn/charz.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nocsyn/rtl.h"

extern char **environ;

/* Resolves a tool name on PATH (a name with '/' is taken as a path). */
static int resolve(const char *name, char *out, size_t cap)
{
    if (strchr(name, '/')) {
        if (access(name, X_OK) != 0)
            return -1;
        snprintf(out, cap, "%s", name);
        return 0;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        const char *e = strchr(path, ':');
        size_t n = e ? (size_t)(e - path) : strlen(path);
        if (n > 0 && (int)n + 2 + (int)strlen(name) < (int)cap) {
            snprintf(out, cap, "%.*s/%s", (int)n, path, name);
            struct stat sb;
            if (stat(out, &sb) == 0 && S_ISREG(sb.st_mode) && access(out, X_OK) == 0)
                return 0;
        }
        path = e ? e + 1 : path + n;
    }
    return -1;
}

/* Runs argv with stdout and stderr into log (created), in directory dir
 * (NULL: the current one).  Returns the exit status, or -1 when the
 * process could not be started or died on a signal. */
static int spawn_wait(char *const argv[], const char *dir, const char *log)
{
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st = -1;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    if ((dir && posix_spawn_file_actions_addchdir_np(&fa, dir) != 0) ||
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0) != 0 ||
        posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0644) != 0 ||
        posix_spawn_file_actions_adddup2(&fa, 1, 2) != 0)
        goto cleanup;
    if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) != 0)
        goto cleanup;
    int ws;
    while (waitpid(pid, &ws, 0) < 0)
        if (errno != EINTR)
            goto cleanup;
    st = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
cleanup:
    posix_spawn_file_actions_destroy(&fa);
    return st;
}

/* The first line of a tool's version output, via a temporary log. */
static int version(const char *tool, const char *flag, char *out, size_t cap, struct noc_ctx *ctx)
{
    char log[64];
    snprintf(log, sizeof log, "/tmp/.nocsyn-ver-%ld-%p", (long)getpid(), (void *)out);
    char *argv[] = {(char *)tool, (char *)flag, NULL};
    int st = spawn_wait(argv, NULL, log);
    char *data = NULL;
    int rc = NOC_OK;
    if (st != 0 || noc_read_file(log, &data, NULL, ctx) != NOC_OK) {
        noc_ctx_clear(ctx);
        rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "%s %s did not run (exit %d)", tool, flag, st);
        goto cleanup;
    }
    size_t n = strcspn(data, "\r\n");
    snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), data);
cleanup:
    free(data);
    unlink(log);
    return rc;
}

int noc_charz_tools_find(struct noc_charz_tools *t, const char *yosys, const char *sta, struct noc_ctx *ctx)
{
    memset(t, 0, sizeof *t);
    if (resolve(yosys, t->yosys, sizeof t->yosys))
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "characterize: yosys not found ('%s'; Debian package yosys, or --yosys PATH)", yosys);
    if (resolve(sta, t->sta, sizeof t->sta))
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "characterize: sta (OpenSTA) not found ('%s'; Debian package opensta, or --sta PATH)",
                         sta);
    int rc = version(t->yosys, "-V", t->yosys_version, sizeof t->yosys_version, ctx);
    if (rc == NOC_OK)
        rc = version(t->sta, "-version", t->sta_version, sizeof t->sta_version, ctx);
    return rc;
}

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    /* A separator, so ("ab","c") and ("a","bc") differ. */
    h ^= 0xff;
    return h * 1099511628211ULL;
}

struct job {
    const struct noc_charz_run *run;
    const struct noc_liberty *lib;
    const char *libtext;
    size_t liblen;
    char libabs[PATH_MAX];
    struct noc_buf constr; /* ABC's constr.txt, empty when the library has no inverter */
    struct noc_charz_result *res;
};

static int write_in(const char *dir, const char *name, const char *data, size_t len, struct noc_ctx *ctx)
{
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return noc_write_file(p, data, len, ctx);
}

static int read_in(const char *dir, const char *name, char **data, struct noc_ctx *ctx)
{
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return noc_read_file(p, data, NULL, ctx);
}

/* "TOOL failed (exit N); see DIR/LOG: its last line". */
static int tool_failed(const char *tool, int st, const char *dir, const char *log, struct noc_ctx *ctx)
{
    char *data = NULL, last[200] = "";
    if (read_in(dir, log, &data, ctx) == NOC_OK) {
        size_t n = strlen(data);
        while (n > 0 && (data[n - 1] == '\n' || data[n - 1] == '\r'))
            data[--n] = '\0';
        char *l = strrchr(data, '\n');
        snprintf(last, sizeof last, "%s", l ? l + 1 : data);
    }
    noc_ctx_clear(ctx);
    free(data);
    return noc_error(ctx, NOC_EINVAL, NULL, 0, "characterize: %s failed (exit %d), see %s/%s: %s", tool, st, dir,
                     log, last);
}

static int one(void *arg, int item, int worker, struct noc_ctx *ctx)
{
    (void)worker;
    struct job *J = arg;
    const struct noc_charz_run *run = J->run;
    struct noc_charz_result *r = &J->res[item];
    struct noc_buf top, ys, ss, opt;
    char *stxt = NULL, *sta = NULL, *net = NULL;
    int rc = NOC_OK;
    noc_buf_init(&top);
    noc_buf_init(&ys);
    noc_buf_init(&ss);
    noc_buf_init(&opt);
    memset(r, 0, sizeof *r);
    r->cfg = run->config[item];
    NOC_CHECK(noc_charz_design(&r->cfg, &top, ctx));
    noc_charz_yosys_script(&ys, J->libabs, &run->opts, J->constr.len > 0);
    noc_charz_sta_script(&ss, J->libabs, &run->opts);
    noc_buf_printf(&opt, "target %.17g period %.17g activity %.17g", run->opts.target_ps, run->opts.period_ps,
                   run->opts.activity);
    NOC_CHECK(noc_buf_status(&ys, "a script", ctx));
    NOC_CHECK(noc_buf_status(&ss, "a script", ctx));
    NOC_CHECK(noc_buf_status(&opt, "a script", ctx));
    const struct noc_rtl_source *src = noc_rtl_sources();
    uint64_t h = 14695981039346656037ULL;
    h = fnv(h, top.data, top.len);
    for (int i = 0; src[i].name; i++) {
        h = fnv(h, src[i].name, strlen(src[i].name));
        h = fnv(h, src[i].text, strlen(src[i].text));
    }
    h = fnv(h, J->libtext, J->liblen);
    h = fnv(h, ys.data, ys.len);
    if (J->constr.len > 0)
        h = fnv(h, J->constr.data, J->constr.len);
    h = fnv(h, ss.data, ss.len);
    h = fnv(h, run->tools.yosys_version, strlen(run->tools.yosys_version));
    h = fnv(h, run->tools.sta_version, strlen(run->tools.sta_version));
    h = fnv(h, opt.data, opt.len);
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/%016llx", run->cache_dir, (unsigned long long)h);
    struct stat sb;
    char donep[PATH_MAX + 16];
    snprintf(donep, sizeof donep, "%s/done", dir);
    if (stat(donep, &sb) == 0) {
        r->cached = 1;
    } else {
        if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
            rc = noc_error(ctx, NOC_EIO, dir, 0, "cannot create the work directory: %s", strerror(errno));
            goto cleanup;
        }
        NOC_CHECK(write_in(dir, "nocsyn_top.sv", top.data, top.len, ctx));
        for (int i = 0; src[i].name; i++)
            NOC_CHECK(write_in(dir, src[i].name, src[i].text, strlen(src[i].text), ctx));
        NOC_CHECK(write_in(dir, "synth.ys", ys.data, ys.len, ctx));
        if (J->constr.len > 0)
            NOC_CHECK(write_in(dir, "constr.txt", J->constr.data, J->constr.len, ctx));
        NOC_CHECK(write_in(dir, "sta.tcl", ss.data, ss.len, ctx));
        char a_q[] = "-q", a_s[] = "-s", a_ys[] = "synth.ys";
        char *ya[] = {(char *)run->tools.yosys, a_q, a_s, a_ys, NULL};
        int st = spawn_wait(ya, dir, "yosys.log");
        if (st != 0) {
            rc = tool_failed("yosys", st, dir, "yosys.log", ctx);
            goto cleanup;
        }
        char a_ni[] = "-no_init", a_ns[] = "-no_splash", a_tcl[] = "sta.tcl";
        char *sa[] = {(char *)run->tools.sta, a_ni, a_ns, a_tcl, NULL};
        st = spawn_wait(sa, dir, "sta.txt");
        if (st != 0) {
            rc = tool_failed("sta", st, dir, "sta.txt", ctx);
            goto cleanup;
        }
    }
    char label[PATH_MAX + 16], module[512];
    /* The characterized router's module: what net.v's top instantiates as r0. */
    snprintf(label, sizeof label, "%s/net.v", dir);
    NOC_CHECK(read_in(dir, "net.v", &net, ctx));
    NOC_CHECK(noc_charz_inst_module(module, sizeof module, net, "nocsyn_top", NOC_CHARZ_ROUTER, label, ctx));
    snprintf(label, sizeof label, "%s/stat.txt", dir);
    NOC_CHECK(read_in(dir, "stat.txt", &stxt, ctx));
    NOC_CHECK(noc_charz_parse_stat(&r->stat, stxt, J->lib, module, label, ctx));
    snprintf(label, sizeof label, "%s/sta.txt", dir);
    NOC_CHECK(read_in(dir, "sta.txt", &sta, ctx));
    NOC_CHECK(noc_charz_parse_sta(&r->sta, sta, NOC_CHARZ_ROUTER, label, ctx));
    noc_charz_derive(r, J->lib, &run->opts);
    if (!r->cached)
        NOC_CHECK(write_in(dir, "done", "complete\n", 9, ctx));
cleanup:
    free(stxt);
    free(sta);
    free(net);
    noc_buf_free(&top);
    noc_buf_free(&ys);
    noc_buf_free(&ss);
    noc_buf_free(&opt);
    return rc;
}

static void finished(void *arg, int item, int worker, int status)
{
    (void)worker;
    struct job *J = arg;
    if (status == NOC_OK && J->run->progress)
        J->run->progress(J->run->progress_ud, item, &J->res[item]);
}

/* mkdir -p. */
static int mkdirs(const char *path, struct noc_ctx *ctx)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0755) != 0 && errno != EEXIST)
            return noc_error(ctx, NOC_EIO, p, 0, "cannot create the cache directory: %s", strerror(errno));
        *s = '/';
    }
    if (mkdir(p, 0755) != 0 && errno != EEXIST)
        return noc_error(ctx, NOC_EIO, p, 0, "cannot create the cache directory: %s", strerror(errno));
    return NOC_OK;
}

int noc_charz_run(const struct noc_charz_run *run, struct noc_liberty *lib, struct noc_charz_result *res,
                  struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    char *text = NULL;
    size_t len = 0;
    struct job *J = noc_calloc(ctx, 1, sizeof *J);
    if (!J)
        return NOC_ENOMEM;
    noc_buf_init(&J->constr);
    NOC_CHECK(noc_read_file(run->liberty, &text, &len, ctx));
    NOC_CHECK(noc_liberty_parse(lib, text, run->liberty, ctx));
    noc_charz_constr(&J->constr, lib);
    NOC_CHECK(noc_buf_status(&J->constr, "a script", ctx));
    if (!realpath(run->liberty, J->libabs)) {
        rc = noc_error(ctx, NOC_EIO, run->liberty, 0, "%s", strerror(errno));
        goto cleanup;
    }
    if (strpbrk(J->libabs, " \t\n\"{}[]$;\\")) {
        rc = noc_error(ctx, NOC_EINVAL, run->liberty, 0,
                       "the Liberty file's path has a blank or a Tcl special character; copy it elsewhere");
        goto cleanup;
    }
    NOC_CHECK(mkdirs(run->cache_dir, ctx));
    J->run = run;
    J->lib = lib;
    J->libtext = text;
    J->liblen = len;
    J->res = res;
    struct noc_pool_job pj = {0};
    pj.nitems = run->nconfig;
    pj.nthreads = run->jobs > 0 ? run->jobs : 1;
    pj.arg = J;
    pj.run = one;
    pj.done = finished;
    NOC_CHECK(noc_pool_run(&pj, ctx));
cleanup:
    free(text);
    if (J)
        noc_buf_free(&J->constr);
    free(J);
    return rc;
}

int noc_charz_write_flow(const char *liberty, const struct noc_charz_opts *o, const char *dir, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    char *text = NULL, abs[PATH_MAX];
    size_t len = 0;
    struct noc_liberty lib;
    struct noc_buf ys, cs;
    noc_liberty_init(&lib);
    noc_buf_init(&ys);
    noc_buf_init(&cs);
    NOC_CHECK(noc_read_file(liberty, &text, &len, ctx));
    NOC_CHECK(noc_liberty_parse(&lib, text, liberty, ctx));
    if (!realpath(liberty, abs)) {
        rc = noc_error(ctx, NOC_EIO, liberty, 0, "%s", strerror(errno));
        goto cleanup;
    }
    int constr = noc_charz_constr(&cs, &lib);
    noc_charz_yosys_script(&ys, abs, o, constr);
    NOC_CHECK(noc_buf_status(&ys, "a script", ctx));
    NOC_CHECK(noc_buf_status(&cs, "a script", ctx));
    NOC_CHECK(write_in(dir, "synth.ys", ys.data, ys.len, ctx));
    if (constr)
        NOC_CHECK(write_in(dir, "constr.txt", cs.data, cs.len, ctx));
cleanup:
    free(text);
    noc_liberty_free(&lib);
    noc_buf_free(&ys);
    noc_buf_free(&cs);
    return rc;
}
