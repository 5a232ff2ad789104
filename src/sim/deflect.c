/* Bufferless deflection routing (sim --flow deflect): BLESS, Moscibroda &
 * Mutlu, "A case for bufferless routing in on-chip networks", ISCA 2009,
 * with flit-level routing of single-flit packets (FLIT-BLESS).
 *
 * No VCs, buffers or credits.  A flit arriving at a router in cycle a (on
 * a router-router channel) leaves in cycle a + D - 1 -- every flit, every
 * cycle (hot potato) -- and reaches the next router in cycle
 * a + D + L, so an undeflected flit has the zero-load latency of the
 * buffered routers.  Each cycle a router ranks its leaving flits oldest
 * first (creation cycle, then packet id) and gives each in turn: its
 * ejection channel when the flit is at its destination router and no older
 * flit took it; else the first free productive router-router output (one
 * that brings it closer to the destination router, by BFS distance; lowest
 * channel id first); else the first free router-router output (a
 * deflection).  Every router has at least as many router-router outputs
 * as inputs (checked at init) and each input delivers at most one flit per
 * cycle, so every arriving flit finds an output.  The globally oldest flit
 * is never deflected, so every flit is delivered (no livelock; BLESS's
 * argument).  Injection: a flit entering on an injection channel waits in
 * its terminal's queue at the router until an output is free after the
 * arriving flits were placed (at most one flit per terminal per cycle). */
#include "sim_int.h"

#include <stdlib.h>
#include <string.h>

struct dq { /* one terminal's injection queue */
    struct sim_flit *f;
    size_t head, n, cap;
};

struct dfl {
    struct sim_vec *rw;  /* ready wheel: flits leaving in cycle t (slot t & (W-1)) */
    struct dq *q;        /* per terminal */
    int *stamp;          /* per channel: the cycle it was last used */
    int *rstamp;         /* per router: the cycle it was last processed */
    struct key { int u, ctime, pkt, idx; } *keys;
    size_t kcap;
};

int noc_sim_deflect_alloc(struct sim_state *st)
{
    const struct sim_net *n = st->n;
    struct dfl *d = noc_calloc(st->ctx, 1, sizeof *d);
    if (!d)
        return NOC_ENOMEM;
    st->dfl = d;
    d->rw = noc_calloc(st->ctx, (size_t)st->W, sizeof *d->rw);
    d->q = noc_calloc(st->ctx, (size_t)n->N, sizeof *d->q);
    d->stamp = noc_malloc(st->ctx, (size_t)n->nch, sizeof *d->stamp);
    d->rstamp = noc_malloc(st->ctx, (size_t)n->R, sizeof *d->rstamp);
    if (!d->rw || !d->q || !d->stamp || !d->rstamp)
        return NOC_ENOMEM;
    for (int c = 0; c < n->nch; c++)
        d->stamp[c] = -1;
    for (int u = 0; u < n->R; u++)
        d->rstamp[u] = -1;
    return NOC_OK;
}

void noc_sim_deflect_free(struct sim_state *st)
{
    struct dfl *d = st->dfl;
    if (!d)
        return;
    for (int i = 0; d->rw && i < st->W; i++)
        free(d->rw[i].data);
    for (int s = 0; d->q && s < st->n->N; s++)
        free(d->q[s].f);
    free(d->rw);
    free(d->q);
    free(d->stamp);
    free(d->rstamp);
    free(d->keys);
    free(d);
    st->dfl = NULL;
}

int noc_sim_deflect_arrive(struct sim_state *st, const struct sim_fev *e)
{
    const struct sim_net *n = st->n;
    struct dfl *d = st->dfl;
    struct sim_flit f = e->f;
    f.ready = st->now + n->D - 1;
    st->buffered[n->ch_dst[e->ch]]++;
    if (n->kind[e->ch] == CH_INJ) {
        struct dq *q = &d->q[n->ch_term[e->ch]];
        if (q->head > 0 && q->head == q->n) {
            q->head = q->n = 0;
        } else if (q->head > 64 && q->head * 2 > q->n) {
            memmove(q->f, q->f + q->head, (q->n - q->head) * sizeof *q->f);
            q->n -= q->head;
            q->head = 0;
        }
        if (q->n == q->cap && noc_grow(st->ctx, (void **)&q->f, &q->cap, q->n + 1, sizeof *q->f))
            return NOC_ENOMEM;
        q->f[q->n++] = f;
        return NOC_OK;
    }
    struct sim_vec *v = &d->rw[f.ready & (st->W - 1)];
    if (v->n == v->cap && noc_grow(st->ctx, &v->data, &v->cap, v->n + 1, sizeof(struct sim_fev)))
        return NOC_ENOMEM;
    struct sim_fev *x = (struct sim_fev *)v->data + v->n++;
    *x = *e;
    x->f = f;
    return NOC_OK;
}

/* The output for flit f at router u: ejection, productive or deflection
 * (*defl = 1); -1 when every router-router output is taken. */
static int choose(const struct sim_state *st, int u, const struct sim_flit *f, int *defl)
{
    const struct sim_net *n = st->n;
    const struct noc_graph *g = &n->t->g;
    const struct dfl *d = st->dfl;
    const struct sim_pkt *k = &st->pk[f->pkt];
    int D = n->term_rout[k->dst], now = st->now, any = -1;
    *defl = 0;
    if (u == D && d->stamp[n->term_ej[k->dst]] != now)
        return n->term_ej[k->dst];
    for (int o = g->off[u]; o < g->off[u + 1]; o++) {
        if (n->kind[o] != CH_RR || d->stamp[o] == now)
            continue;
        int dv = n->dist[(size_t)n->ch_dst[o] * n->R + D];
        if (dv >= 0 && dv < n->dist[(size_t)u * n->R + D])
            return o;
        if (any < 0)
            any = o;
    }
    *defl = any >= 0;
    return any;
}

static int send(struct sim_state *st, int u, struct sim_flit f, int o, int defl)
{
    const struct sim_net *n = st->n;
    struct dfl *d = st->dfl;
    struct sim_pkt *k = &st->pk[f.pkt];
    d->stamp[o] = st->now;
    st->buffered[u]--;
    st->deflections += defl;
    k->hop++;
    k->last = st->now;
    if (n->kind[o] == CH_EJ)
        k->ejd++;
    f.nx = -1;
    return noc_sim_send_flit(st, o, 0, f, st->now + 1 + n->lat[o]);
}

/* Injects at most one queued flit per terminal of router u. */
static int inject_at(struct sim_state *st, int u)
{
    const struct sim_net *n = st->n;
    const struct noc_graph *g = &n->t->g;
    struct dfl *d = st->dfl;
    for (int j = g->in_off[u]; j < g->in_off[u + 1]; j++) {
        int ic = g->in_edge[j], defl;
        if (n->kind[ic] != CH_INJ)
            continue;
        struct dq *q = &d->q[n->ch_term[ic]];
        if (q->head == q->n || q->f[q->head].ready > st->now)
            continue;
        int o = choose(st, u, &q->f[q->head], &defl);
        if (o < 0)
            return NOC_OK; /* every output taken */
        int rc = send(st, u, q->f[q->head++], o, defl);
        if (rc != NOC_OK)
            return rc;
    }
    return NOC_OK;
}

static int cmp_key(const void *a, const void *b)
{
    const struct key *x = a, *y = b;
    if (x->u != y->u)
        return x->u < y->u ? -1 : 1;
    if (x->ctime != y->ctime)
        return x->ctime < y->ctime ? -1 : 1;
    if (x->pkt != y->pkt)
        return x->pkt < y->pkt ? -1 : 1;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

int noc_sim_deflect_step(struct sim_state *st)
{
    const struct sim_net *n = st->n;
    struct dfl *d = st->dfl;
    struct sim_vec *v = &d->rw[st->now & (st->W - 1)];
    const struct sim_fev *ev = v->data;
    int rc = NOC_OK;
    size_t m = v->n;
    if (m > 0 && noc_grow(st->ctx, (void **)&d->keys, &d->kcap, m, sizeof *d->keys))
        return NOC_ENOMEM;
    for (size_t i = 0; i < m; i++) {
        d->keys[i].u = n->ch_dst[ev[i].ch];
        d->keys[i].ctime = st->pk[ev[i].f.pkt].ctime;
        d->keys[i].pkt = ev[i].f.pkt;
        d->keys[i].idx = (int)i;
    }
    if (m > 1)
        qsort(d->keys, m, sizeof *d->keys, cmp_key);
    for (size_t i = 0; i < m && rc == NOC_OK; i++) {
        int u = d->keys[i].u, defl;
        const struct sim_flit *f = &ev[d->keys[i].idx].f;
        int o = choose(st, u, f, &defl);
        if (o < 0)
            return noc_error(st->ctx, NOC_EINTERNAL, NULL, 0, "sim: deflection: no free output at %s",
                             n->t->nodes[u].name);
        rc = send(st, u, *f, o, defl);
        if (i + 1 == m || d->keys[i + 1].u != u) { /* the router's last flit: injections */
            d->rstamp[u] = st->now;
            if (rc == NOC_OK)
                rc = inject_at(st, u);
        }
    }
    v->n = 0;
    for (int s = 0; s < n->N && rc == NOC_OK; s++) {
        int u = n->ch_dst[n->term_inj[s]];
        if (d->q[s].head < d->q[s].n && d->rstamp[u] != st->now) {
            d->rstamp[u] = st->now;
            rc = inject_at(st, u);
        }
    }
    return rc;
}
