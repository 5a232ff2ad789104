/* The chunk-parallel runner with ordered reduction (see eval_int.h) and the
 * sweep statistics. */
#include "eval_int.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ev_stats_init(struct ev_stats *s)
{
    memset(s, 0, sizeof *s);
    s->hops_max = -1;
    s->diameter = -1;
    s->pd_min = INFINITY;
    s->pd_max = 0;
    s->pd_log10_max = -INFINITY;
}

void ev_partial_reset(struct ev_stats *st, double *load, int nch)
{
    ev_stats_init(st);
    if (load)
        memset(load, 0, (size_t)nch * sizeof *load);
}

void ev_partial_add(struct ev_stats *st, double *load, const struct ev_stats *from,
                    const double *from_load, int nch)
{
    ev_stats_merge(st, from);
    if (load)
        for (int e = 0; e < nch; e++)
            load[e] += from_load[e];
}

void ev_chunk_range(int chunk, int n, int *i0, int *i1)
{
    *i0 = chunk * EV_CHUNK;
    *i1 = *i0 + EV_CHUNK < n ? *i0 + EV_CHUNK : n;
}

void *ev_workers_alloc(int n, size_t size, void ***wp, struct noc_ctx *ctx)
{
    char *ws = noc_calloc(ctx, (size_t)n, size);
    *wp = noc_calloc(ctx, (size_t)n, sizeof **wp);
    if (!ws || !*wp) {
        free(ws);
        free(*wp);
        *wp = NULL;
        return NULL;
    }
    for (int i = 0; i < n; i++)
        (*wp)[i] = ws + (size_t)i * size;
    return ws;
}

void ev_stats_merge(struct ev_stats *into, const struct ev_stats *from)
{
    into->uni_h_self += from->uni_h_self;
    into->uni_h_other += from->uni_h_other;
    into->sp_h_self += from->sp_h_self;
    into->sp_w_self += from->sp_w_self;
    into->sp_h_other += from->sp_h_other;
    into->sp_w_other += from->sp_w_other;
    if (from->hops_max > into->hops_max)
        into->hops_max = from->hops_max;
    if (from->diameter > into->diameter)
        into->diameter = from->diameter;
    into->disconnected |= from->disconnected;
    into->pd_cnt += from->pd_cnt;
    into->pd_sum += from->pd_sum;
    if (from->pd_min < into->pd_min)
        into->pd_min = from->pd_min;
    if (from->pd_max > into->pd_max)
        into->pd_max = from->pd_max;
    if (from->pd_log10_max > into->pd_log10_max)
        into->pd_log10_max = from->pd_log10_max;
    into->pd_overflow |= from->pd_overflow;
}

int ev_threads(int requested, int nchunks)
{
    long n = requested;
    if (n <= 0) {
        n = sysconf(_SC_NPROCESSORS_ONLN);
        if (n < 1)
            n = 1;
    }
    if (n > nchunks)
        n = nchunks;
    if (n > 256)
        n = 256;
    return n < 1 ? 1 : (int)n;
}

struct par_state {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int next_chunk;   /* next chunk to hand out */
    int next_reduce;  /* next chunk whose partial may be added */
    int nchunks;
    int fail_chunk;   /* lowest failing chunk, or nchunks */
    struct noc_ctx err;
    void *shared;
    ev_chunk_fn chunk;
    ev_reduce_fn reduce;
};

struct par_arg {
    struct par_state *ps;
    void *worker;
};

static void *par_thread(void *p)
{
    struct par_arg *a = p;
    struct par_state *ps = a->ps;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    for (;;) {
        pthread_mutex_lock(&ps->mu);
        int i = ps->next_chunk;
        if (i >= ps->nchunks || ps->fail_chunk < ps->nchunks) {
            pthread_mutex_unlock(&ps->mu);
            break;
        }
        ps->next_chunk++;
        pthread_mutex_unlock(&ps->mu);
        int rc = ps->chunk(ps->shared, a->worker, i, &ctx);
        pthread_mutex_lock(&ps->mu);
        while (ps->next_reduce != i)
            pthread_cond_wait(&ps->cv, &ps->mu);
        if (rc != NOC_OK) {
            if (i < ps->fail_chunk) {
                ps->fail_chunk = i;
                ps->err = ctx;
            }
            noc_ctx_clear(&ctx);
        } else if (ps->fail_chunk == ps->nchunks) {
            ps->reduce(ps->shared, a->worker);
        }
        ps->next_reduce++;
        pthread_cond_broadcast(&ps->cv);
        pthread_mutex_unlock(&ps->mu);
    }
    return NULL;
}

int ev_par_run(int nthreads, int nchunks, void *shared, void *const *workers,
               ev_chunk_fn chunk, ev_reduce_fn reduce, struct noc_ctx *ctx)
{
    if (nthreads <= 1 || nchunks <= 1) {
        /* The same order of operations as the threaded path. */
        for (int i = 0; i < nchunks; i++) {
            int rc = chunk(shared, workers[0], i, ctx);
            if (rc != NOC_OK)
                return rc;
            reduce(shared, workers[0]);
        }
        return NOC_OK;
    }
    struct par_state ps;
    memset(&ps, 0, sizeof ps);
    pthread_mutex_init(&ps.mu, NULL);
    pthread_cond_init(&ps.cv, NULL);
    ps.nchunks = nchunks;
    ps.fail_chunk = nchunks;
    ps.shared = shared;
    ps.chunk = chunk;
    ps.reduce = reduce;
    noc_ctx_init(&ps.err);
    pthread_t tid[256];
    struct par_arg args[256];
    int started = 0;
    for (int i = 1; i < nthreads && i < 256; i++) {
        args[i].ps = &ps;
        args[i].worker = workers[i];
        if (pthread_create(&tid[i], NULL, par_thread, &args[i]) != 0)
            break;
        started = i;
    }
    args[0].ps = &ps;
    args[0].worker = workers[0];
    par_thread(&args[0]);
    for (int i = 1; i <= started; i++)
        pthread_join(tid[i], NULL);
    pthread_cond_destroy(&ps.cv);
    pthread_mutex_destroy(&ps.mu);
    if (ps.fail_chunk < nchunks) {
        int st = ps.err.status ? ps.err.status : NOC_EINTERNAL;
        return noc_error(ctx, st, NULL, 0, "%s", ps.err.msg);
    }
    return NOC_OK;
}
