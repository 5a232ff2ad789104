/* The one thread pool (see core.h): items handed out in index order to at
 * most NOC_POOL_MAX workers, the calling thread being worker 0. */
#include "nocsyn/core.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

int noc_pool_threads(int requested, int nitems)
{
    long n = requested;
    if (n <= 0) {
        n = sysconf(_SC_NPROCESSORS_ONLN);
        if (n < 1)
            n = 1;
    }
    if (n > nitems)
        n = nitems;
    if (n > NOC_POOL_MAX)
        n = NOC_POOL_MAX;
    return n < 1 ? 1 : (int)n;
}

struct pool {
    const struct noc_pool_job *job;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int next;      /* next item to hand out */
    int next_done; /* ordered: next item whose done() may run */
    int fail;      /* lowest failing item, or nitems */
    int fail_rc;
    struct noc_ctx err; /* the lowest failing item's message */
};

struct pool_arg {
    struct pool *p;
    int worker;
};

/* Records item i's failure when it is the lowest so far.  Under p->mu. */
static void record_fail(struct pool *p, int i, int rc, const struct noc_ctx *ctx)
{
    if (i >= p->fail)
        return;
    p->fail = i;
    p->fail_rc = rc;
    p->err = *ctx;
}

static void *pool_thread(void *arg)
{
    struct pool_arg *a = arg;
    struct pool *p = a->p;
    const struct noc_pool_job *job = p->job;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    for (;;) {
        pthread_mutex_lock(&p->mu);
        int i = p->next;
        if (i >= job->nitems || p->fail < job->nitems) {
            pthread_mutex_unlock(&p->mu);
            break;
        }
        p->next++;
        pthread_mutex_unlock(&p->mu);
        int rc = job->run(job->arg, i, a->worker, &ctx);
        pthread_mutex_lock(&p->mu);
        if (job->ordered)
            while (p->next_done != i)
                pthread_cond_wait(&p->cv, &p->mu);
        if (rc != NOC_OK)
            record_fail(p, i, rc, &ctx);
        noc_ctx_clear(&ctx);
        if (job->done)
            job->done(job->arg, i, a->worker, rc);
        if (job->ordered) {
            p->next_done++;
            pthread_cond_broadcast(&p->cv);
        }
        pthread_mutex_unlock(&p->mu);
    }
    if (job->leave)
        job->leave(job->arg, a->worker);
    return NULL;
}

/* One worker on the calling thread with the caller's ctx (notes reach the
 * caller's sink): the order of the threaded path, item by item. */
static int pool_serial(const struct noc_pool_job *job, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    for (int i = 0; i < job->nitems && rc == NOC_OK; i++) {
        rc = job->run(job->arg, i, 0, ctx);
        if (job->done)
            job->done(job->arg, i, 0, rc);
    }
    if (job->leave)
        job->leave(job->arg, 0);
    if (rc != NOC_OK && ctx->status == NOC_OK)
        noc_error(ctx, rc, NULL, 0, "%s", noc_strerror(rc));
    return rc;
}

int noc_pool_run(const struct noc_pool_job *job, struct noc_ctx *ctx)
{
    if (!job || !job->run || job->nitems < 0)
        return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "thread pool: no job");
    if (job->nitems == 0)
        return NOC_OK;
    int nthreads = job->nthreads > 0 ? job->nthreads : noc_pool_threads(0, job->nitems);
    if (nthreads > job->nitems)
        nthreads = job->nitems;
    if (nthreads > NOC_POOL_MAX)
        nthreads = NOC_POOL_MAX;
    if (nthreads <= 1)
        return pool_serial(job, ctx);
    struct pool p;
    memset(&p, 0, sizeof p);
    p.job = job;
    p.fail = job->nitems;
    noc_ctx_init(&p.err);
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.cv, NULL);
    pthread_t tid[NOC_POOL_MAX];
    struct pool_arg args[NOC_POOL_MAX];
    int started = 0;
    for (int w = 1; w < nthreads; w++) {
        args[w].p = &p;
        args[w].worker = w;
        if (pthread_create(&tid[w], NULL, pool_thread, &args[w]) != 0)
            break;
        started = w;
    }
    args[0].p = &p;
    args[0].worker = 0;
    pool_thread(&args[0]);
    for (int w = 1; w <= started; w++)
        pthread_join(tid[w], NULL);
    pthread_cond_destroy(&p.cv);
    pthread_mutex_destroy(&p.mu);
    if (p.fail < job->nitems)
        return noc_error(ctx, p.fail_rc, NULL, 0, "%s", p.err.msg[0] ? p.err.msg : noc_strerror(p.fail_rc));
    return NOC_OK;
}
