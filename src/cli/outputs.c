/* Output sets of the commands (cli.h): a set of files is written all or
 * nothing, leaving every file that existed before untouched on failure; a
 * staged output directory ends up holding one run's files only (the
 * previous run's set, named in DIR/.nocsyn-files, is replaced as a whole);
 * a run killed by SIGINT, SIGTERM or SIGHUP removes its temporary files and
 * staging directory, and later runs remove those of runs that died
 * otherwise.  Linux: the signal handler lists directories with getdents64
 * (async-signal-safe), not readdir. */
#define _GNU_SOURCE /* syscall(), SYS_getdents64 */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MANIFEST ".nocsyn-files"
#define STAGE_PREFIX ".nocsyn-stage-"
#define TMP_PREFIX ".nocsyn-tmp-"

/* ---- removal on signals.  A signal handler reaches nothing but static
 * storage, so the paths to remove live here (the one global state of the
 * CLI): regular files and staging directories (flat: files only). */
#define CLEAN_MAX 16
static struct {
    char path[CLEAN_MAX][4400];
    volatile sig_atomic_t used[CLEAN_MAX]; /* 0 free, 1 file, 2 directory, 3 rmdir if empty */
    int installed;
} cleanup;

/* Removes the files of flat directory `path`, then the directory; only
 * async-signal-safe calls. */
static void remove_flat_dir(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        char buf[4096];
        long n;
        while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
            for (long off = 0; off < n;) {
                /* struct linux_dirent64: ino 8, off 8, reclen 2, type 1, name */
                unsigned short reclen;
                memcpy(&reclen, buf + off + 16, sizeof reclen);
                const char *name = buf + off + 19;
                if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0)
                    unlinkat(fd, name, 0);
                off += reclen;
            }
        }
        close(fd);
    }
    rmdir(path);
}

static void on_signal(int sig)
{
    for (int i = 0; i < CLEAN_MAX; i++) {
        if (cleanup.used[i] == 1)
            unlink(cleanup.path[i]);
        else if (cleanup.used[i] == 2)
            remove_flat_dir(cleanup.path[i]);
    }
    for (int i = 0; i < CLEAN_MAX; i++)
        if (cleanup.used[i] == 3)
            rmdir(cleanup.path[i]); /* after its staging directory */
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Registers path for removal on a signal; returns its slot or -1 when the
 * table is full (then the path is simply not cleaned on a signal). */
static int clean_add(const char *path, int kind)
{
    if (!cleanup.installed) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGHUP, &sa, NULL);
        cleanup.installed = 1;
    }
    for (int i = 0; i < CLEAN_MAX; i++)
        if (!cleanup.used[i] && strlen(path) < sizeof cleanup.path[i]) {
            memcpy(cleanup.path[i], path, strlen(path) + 1);
            cleanup.used[i] = kind;
            return i;
        }
    return -1;
}

static void clean_drop(int slot)
{
    if (slot >= 0)
        cleanup.used[slot] = 0;
}

/* ---- leftovers of runs that died without cleaning up */

/* The pid in NAME = PREFIX<pid>[-...], or -1. */
static long name_pid(const char *name, const char *prefix)
{
    size_t pl = strlen(prefix);
    if (strncmp(name, prefix, pl) != 0)
        return -1;
    char *end;
    long pid = strtol(name + pl, &end, 10);
    return end != name + pl && (*end == '\0' || *end == '-') && pid > 0 ? pid : -1;
}

static int pid_dead(long pid)
{
    return pid != (long)getpid() && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Removes the staging directories and temporary files in dir whose run is
 * gone. */
static void clean_stale(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *de;
    char p[8400];
    while ((de = readdir(d)) != NULL) {
        long sp = name_pid(de->d_name, STAGE_PREFIX), tp = name_pid(de->d_name, TMP_PREFIX);
        if ((sp > 0 && pid_dead(sp)) || (tp > 0 && pid_dead(tp))) {
            snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
            if (sp > 0)
                remove_flat_dir(p);
            else
                unlink(p);
        }
    }
    closedir(d);
}

/* ---- a set of files */

/* The directory of path ("." when none) into dir (dsz bytes). */
static void dir_of(const char *path, char *dir, size_t dsz)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, dsz, ".");
    else if (slash == path)
        snprintf(dir, dsz, "/");
    else
        snprintf(dir, dsz, "%.*s", (int)(slash - path), path);
}

/* The option that names output i ("--svg"), else its path. */
static const char *out_name(const struct cli_out *o)
{
    return o->opt ? o->opt : o->path;
}

/* 1 when paths a and b name the same file: both stdout, the same existing
 * file (device and inode: aliases such as ./X, symbolic and hard links),
 * or the same name in the same directory (device and inode of the
 * directory) when a file does not exist yet. */
static int same_target(const char *a, const char *b)
{
    int sa = !strcmp(a, "-"), sb = !strcmp(b, "-");
    if (sa || sb)
        return sa && sb;
    struct stat fa, fb;
    int ea = stat(a, &fa) == 0, eb = stat(b, &fb) == 0;
    if (ea && eb)
        return fa.st_dev == fb.st_dev && fa.st_ino == fb.st_ino;
    if (ea != eb)
        return 0;
    const char *ba = strrchr(a, '/') ? strrchr(a, '/') + 1 : a;
    const char *bb = strrchr(b, '/') ? strrchr(b, '/') + 1 : b;
    char da[4096], db[4096];
    dir_of(a, da, sizeof da);
    dir_of(b, db, sizeof db);
    return !strcmp(ba, bb) && stat(da, &fa) == 0 && stat(db, &fb) == 0 && fa.st_dev == fb.st_dev &&
           fa.st_ino == fb.st_ino;
}

int cli_outputs_distinct(const struct cli_out *outs, int n, struct noc_ctx *ctx)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; outs[i].path && j < n; j++)
            if (outs[j].path && same_target(outs[i].path, outs[j].path))
                return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%s' and %s '%s' name the same file",
                                 out_name(&outs[i]), outs[i].path, out_name(&outs[j]), outs[j].path);
    return NOC_OK;
}

int cli_write_all(const struct cli_out *outs, int n, struct noc_ctx *ctx)
{
    int rc = cli_outputs_distinct(outs, n, ctx), i;
    if (rc != NOC_OK)
        return rc;
    char(*tmp)[4400] = calloc((size_t)n + 1, sizeof *tmp);
    int *slot = calloc((size_t)n + 1, sizeof *slot);
    if (!tmp || !slot) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        goto cleanup;
    }
    /* 1. every file to a temporary beside its target; */
    for (i = 0; i < n && rc == NOC_OK; i++) {
        slot[i] = -1;
        if (!outs[i].path || !strcmp(outs[i].path, "-"))
            continue;
        char dir[4096];
        dir_of(outs[i].path, dir, sizeof dir);
        clean_stale(dir);
        const char *base = strrchr(outs[i].path, '/') ? strrchr(outs[i].path, '/') + 1 : outs[i].path;
        if ((size_t)snprintf(tmp[i], sizeof tmp[i], "%s/" TMP_PREFIX "%ld-%s", dir, (long)getpid(), base) >=
            sizeof tmp[i]) {
            tmp[i][0] = '\0';
            rc = noc_error(ctx, NOC_EINVAL, outs[i].path, 0, "output path too long");
            break;
        }
        slot[i] = clean_add(tmp[i], 1);
        rc = noc_write_temp(tmp[i], outs[i].path, outs[i].data ? outs[i].data : "", outs[i].len, ctx);
        if (rc != NOC_OK)
            tmp[i][0] = '\0'; /* nothing of it was left */
    }
    /* 2. when all were written, each renamed into place; else none. */
    for (int j = 0; j < n; j++) {
        if (!tmp[j][0])
            continue;
        if (rc == NOC_OK && rename(tmp[j], outs[j].path) != 0)
            rc = noc_error(ctx, NOC_EIO, outs[j].path, 0, "cannot rename into place: %s", strerror(errno));
        if (rc != NOC_OK)
            remove(tmp[j]);
        clean_drop(slot[j]);
    }
    /* 3. stdout last: it cannot be undone. */
    for (int j = 0; j < n && rc == NOC_OK; j++)
        if (outs[j].path && !strcmp(outs[j].path, "-"))
            rc = noc_write_file("-", outs[j].data ? outs[j].data : "", outs[j].len, ctx);
cleanup:
    free(tmp);
    free(slot);
    return rc;
}

/* ---- a staged output directory */

int cli_stage_open(const char *dir, struct cli_stage *st, struct noc_ctx *ctx)
{
    memset(st, 0, sizeof *st);
    st->slot = st->dir_slot = -1;
    if ((size_t)snprintf(st->dir, sizeof st->dir, "%s", dir) >= sizeof st->dir)
        return noc_error(ctx, NOC_EINVAL, dir, 0, "output path too long");
    if (mkdir(dir, 0777) == 0)
        st->created = 1;
    else if (errno != EEXIST)
        return noc_error(ctx, NOC_EIO, dir, 0, "cannot create directory: %s", strerror(errno));
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return noc_error(ctx, NOC_EIO, dir, 0, "not a directory");
    clean_stale(dir);
    if ((size_t)snprintf(st->path, sizeof st->path, "%s/" STAGE_PREFIX "%ld", dir, (long)getpid()) >=
        sizeof st->path)
        return noc_error(ctx, NOC_EINVAL, dir, 0, "output path too long");
    st->slot = clean_add(st->path, 2);
    st->dir_slot = st->created ? clean_add(dir, 3) : -1;
    if (mkdir(st->path, 0777) != 0) {
        int e = errno;
        clean_drop(st->slot);
        clean_drop(st->dir_slot);
        if (st->created)
            rmdir(dir);
        return noc_error(ctx, NOC_EIO, dir, 0, "cannot create a staging directory: %s", strerror(e));
    }
    return NOC_OK;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The sorted names of the files in st->path (*names owned: free each and
 * the array). */
static int staged_names(const struct cli_stage *st, char ***names, int *n, struct noc_ctx *ctx)
{
    *names = NULL;
    *n = 0;
    size_t cap = 0;
    DIR *d = opendir(st->path);
    if (!d)
        return noc_error(ctx, NOC_EIO, st->dir, 0, "staging directory vanished");
    struct dirent *de;
    int rc = NOC_OK;
    while (rc == NOC_OK && (de = readdir(d)) != NULL) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        char *s = NULL;
        if ((rc = noc_grow(ctx, (void **)names, &cap, (size_t)*n + 1, sizeof **names)) == NOC_OK &&
            (s = noc_strdup(ctx, de->d_name)) == NULL)
            rc = NOC_ENOMEM;
        if (rc == NOC_OK)
            (*names)[(*n)++] = s;
    }
    closedir(d);
    if (*n > 1)
        qsort(*names, (size_t)*n, sizeof **names, cmp_str);
    return rc;
}

/* Removes from st->dir the files the previous run listed in its manifest
 * that this run (names[0..n)) did not write. */
static void remove_previous(const struct cli_stage *st, char **names, int n)
{
    char p[8400];
    snprintf(p, sizeof p, "%s/" MANIFEST, st->dir);
    FILE *f = fopen(p, "r");
    if (!f)
        return;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        const char *key = line;
        /* Plain names of this directory only, never a hidden file. */
        if (!line[0] || line[0] == '.' || strchr(line, '/') ||
            bsearch(&key, names, (size_t)n, sizeof *names, cmp_str))
            continue;
        snprintf(p, sizeof p, "%s/%s", st->dir, line);
        struct stat sb;
        if (lstat(p, &sb) == 0 && S_ISREG(sb.st_mode))
            unlink(p);
    }
    fclose(f);
}

int cli_stage_commit(struct cli_stage *st, struct noc_ctx *ctx)
{
    char **names = NULL;
    int n = 0, rc = staged_names(st, &names, &n, ctx);
    struct noc_buf man;
    noc_buf_init(&man);
    char from[8400], to[8400];
    for (int i = 0; i < n && rc == NOC_OK; i++) {
        snprintf(from, sizeof from, "%s/%s", st->path, names[i]);
        snprintf(to, sizeof to, "%s/%s", st->dir, names[i]);
        if (rename(from, to) != 0)
            rc = noc_error(ctx, NOC_EIO, to, 0, "cannot move into place: %s", strerror(errno));
        noc_buf_printf(&man, "%s\n", names[i]);
    }
    if (rc == NOC_OK) {
        remove_previous(st, names, n);
        snprintf(to, sizeof to, "%s/" MANIFEST, st->dir);
        rc = man.failed ? noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory")
                        : noc_write_file(to, man.data ? man.data : "", man.len, ctx);
    }
    remove_flat_dir(st->path);
    clean_drop(st->slot);
    clean_drop(st->dir_slot);
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
    noc_buf_free(&man);
    return rc;
}

void cli_stage_abort(struct cli_stage *st)
{
    remove_flat_dir(st->path);
    clean_drop(st->slot);
    clean_drop(st->dir_slot);
    if (st->created)
        rmdir(st->dir); /* only when empty, i.e. we made it for this run */
}
