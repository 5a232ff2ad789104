/* Traffic sources: the packet pool, each packet's path (from the table or
 * drawn per packet), the injection processes (bernoulli, poisson, on/off),
 * destination sampling, resending of dropped packets and the injection of
 * one flit per cycle per terminal. */
#include "sim_int.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int noc_sim_grow_zero(struct noc_ctx *ctx, void **p, size_t *cap, size_t need, size_t size)
{
    size_t old = *cap;
    if (need <= old)
        return NOC_OK;
    if (noc_grow(ctx, p, cap, need, size) != NOC_OK)
        return NOC_ENOMEM;
    memset((char *)*p + old * size, 0, (*cap - old) * size);
    return NOC_OK;
}

/* Widens the own-path slots to `len` channels per packet. */
static int own_restride(struct sim_state *st, int len)
{
    int ns = st->stride ? st->stride : 8;
    while (ns < len)
        ns *= 2;
    size_t n = st->pkcap;
    int *ch = noc_malloc(st->ctx, n * (size_t)ns, sizeof *ch);
    unsigned char *cls = noc_malloc(st->ctx, n * (size_t)ns, 1);
    if (!ch || !cls) {
        free(ch);
        free(cls);
        return NOC_ENOMEM;
    }
    for (size_t i = 0; i < n && i < st->owncap && st->stride; i++) {
        memcpy(ch + i * ns, st->own_ch + i * st->stride, (size_t)st->stride * sizeof *ch);
        memcpy(cls + i * ns, st->own_cls + i * st->stride, (size_t)st->stride);
    }
    free(st->own_ch);
    free(st->own_cls);
    st->own_ch = ch;
    st->own_cls = cls;
    st->stride = ns;
    st->owncap = n;
    return NOC_OK;
}

/* Keeps one own-path slot per pool entry. */
static int own_grow(struct sim_state *st)
{
    if (st->n->have_table || st->owncap >= st->pkcap)
        return NOC_OK;
    if (st->stride) {
        size_t n = st->pkcap * (size_t)st->stride;
        int *ch = realloc(st->own_ch, n * sizeof *ch);
        if (!ch)
            return noc_error(st->ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        st->own_ch = ch;
        unsigned char *cls = realloc(st->own_cls, n);
        if (!cls)
            return noc_error(st->ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        st->own_cls = cls;
    }
    st->owncap = st->pkcap;
    return NOC_OK;
}

int noc_sim_pkt_new(struct sim_state *st, int src, int *id)
{
    if (st->freelist < 0) {
        if (st->npk == 0x7fffffff)
            return noc_error(st->ctx, NOC_ENOMEM, NULL, 0, "sim: too many packets in flight");
        if (noc_grow(st->ctx, (void **)&st->pk, &st->pkcap, (size_t)st->npk + 1, sizeof *st->pk))
            return NOC_ENOMEM;
        if (own_grow(st) != NOC_OK)
            return NOC_ENOMEM;
        st->pk[st->npk].next = -1;
        st->freelist = st->npk++;
    }
    int p = st->freelist;
    st->freelist = st->pk[p].next;
    memset(&st->pk[p], 0, sizeof st->pk[p]);
    st->pk[p].src = src;
    st->pk[p].next = -1;
    st->pk[p].path = -1;
    st->pk[p].inuse = 1;
    st->pk[p].last = st->now;
    *id = p;
    return NOC_OK;
}

void noc_sim_pkt_release(struct sim_state *st, int id)
{
    st->pk[id].inuse = 0;
    st->pk[id].next = st->freelist;
    st->freelist = id;
}

/* Gives packet p its path from s to d (sparse entry e or -1). */
static int assign_path(struct sim_state *st, int p, int s, int d, int e)
{
    const struct sim_net *n = st->n;
    struct sim_pkt *k = &st->pk[p];
    if (n->adaptive) { /* no source path: routed hop by hop */
        k->path = -1;
        k->plen = 0;
        return NOC_OK;
    }
    if (n->have_table) {
        int pi = noc_sim_pair_index(n, s, d, e);
        if (pi < 0 || n->pair_first[pi] < 0) /* uniform draw onto a sparse-only table */
            return noc_error(st->ctx, NOC_EINTERNAL, NULL, 0, "sim: no stored path %d -> %d", s, d);
        int first = n->pair_first[pi], cnt = n->pair_n[pi], q = first;
        if (cnt > 1) {
            double x = noc_rng_uniform(&st->rng);
            while (q < first + cnt - 1 && x >= n->pcum[q])
                q++;
        }
        k->path = q;
        k->plen = n->pstart[q + 1] - n->pstart[q];
        return NOC_OK;
    }
    int rc = noc_routing_sample(&n->rt, noc_topo_term_node(n->t, s), noc_topo_term_node(n->t, d),
                                &st->rng, &st->ps, st->ctx);
    if (rc != NOC_OK)
        return rc;
    int len = st->ps.nch;
    if (len > st->stride && (rc = own_restride(st, len)) != NOC_OK)
        return rc;
    int *ch = st->own_ch + (size_t)p * st->stride;
    memcpy(ch, st->ps.ch, (size_t)len * sizeof *ch);
    noc_sim_path_classes(n, ch, len, st->own_cls + (size_t)p * st->stride);
    st->pk[p].path = -1;
    st->pk[p].plen = len;
    return NOC_OK;
}

/* Queues a new packet at terminal s (destination d, entry e, length len). */
static int enqueue(struct sim_state *st, int s, int d, int e, int len, int ctime, int measured)
{
    int p, rc;
    if ((rc = noc_sim_pkt_new(st, s, &p)) != NOC_OK || (rc = assign_path(st, p, s, d, e)) != NOC_OK)
        return rc;
    struct sim_pkt *k = &st->pk[p];
    k->dst = d;
    k->len = len;
    k->ctime = ctime;
    k->flow = e;
    k->measured = (unsigned char)measured;
    struct sim_term *tm = &st->term[s];
    if (tm->qtail >= 0)
        st->pk[tm->qtail].next = p;
    else
        tm->qhead = p;
    tm->qtail = p;
    tm->qflits += len;
    return NOC_OK;
}

int noc_sim_pick_dest(const struct sim_net *n, struct noc_rng *rng, int s, int *e)
{
    const struct noc_traffic *tr = n->tr;
    double x = noc_rng_uniform(rng) * n->row[s];
    *e = -1;
    if (x < tr->uniform || tr->off[s] == tr->off[s + 1])
        return (int)noc_rng_below(rng, (uint64_t)n->N);
    x -= tr->uniform;
    int lo = tr->off[s], hi = tr->off[s + 1] - 1;
    while (lo < hi) { /* first entry with x < cumulative weight */
        int mid = lo + (hi - lo) / 2;
        if (x < n->ecum[mid])
            hi = mid;
        else
            lo = mid + 1;
    }
    *e = lo;
    return tr->ent[lo].d;
}

/* A new packet at terminal s: destination from its row, length, path. */
static int create(struct sim_state *st, int s)
{
    const struct noc_sim_opts *o = st->o;
    int e, d = noc_sim_pick_dest(st->n, &st->rng, s, &e);
    int len = o->pkt_short;
    if (o->pkt_long != o->pkt_short && !(noc_rng_uniform(&st->rng) < o->pkt_pshort))
        len = o->pkt_long;
    int measured = st->now >= st->mstart && st->now < st->mend;
    st->gen += len;
    if (measured) {
        st->win_gen += len;
        st->measured_open++;
    }
    return enqueue(st, s, d, e, len, st->now, measured);
}

int noc_sim_sources_init(struct sim_state *st, double rate, struct noc_ctx *ctx)
{
    const struct sim_net *n = st->n;
    const struct noc_sim_opts *o = st->o;
    st->term = noc_calloc(ctx, (size_t)n->N, sizeof *st->term);
    if (!st->term)
        return NOC_ENOMEM;
    for (int s = 0; s < n->N; s++) {
        struct sim_term *tm = &st->term[s];
        double flits = rate * n->row[s]; /* offered flits per cycle */
        tm->qhead = tm->qtail = tm->cur = -1;
        tm->p = flits / n->mean_len;
        if (tm->p > 1)
            tm->p = 1;
        if (o->inject == NOC_SIM_POISSON && tm->p > 0)
            tm->next_t = -log(1 - noc_rng_uniform(&st->rng)) / tm->p;
        if (o->inject == NOC_SIM_ONOFF && flits > 0) {
            double duty = flits > 1 ? 1 : flits;
            tm->p_off = duty >= 1 ? 0 : 1 / (o->burst * n->mean_len);
            tm->p_on = duty >= 1 ? 1 : tm->p_off * duty / (1 - duty);
            tm->on = noc_rng_uniform(&st->rng) < duty;
        }
    }
    return NOC_OK;
}

/* Packets created by terminal s's process this cycle. */
static int generate(struct sim_state *st, int s)
{
    struct sim_term *tm = &st->term[s];
    int rc = NOC_OK;
    if (!(tm->p > 0))
        return NOC_OK;
    switch (st->o->inject) {
    case NOC_SIM_BERNOULLI:
        if (noc_rng_uniform(&st->rng) < tm->p)
            rc = create(st, s);
        break;
    case NOC_SIM_POISSON:
        while (rc == NOC_OK && tm->next_t < st->now + 1) {
            rc = create(st, s);
            tm->next_t += -log(1 - noc_rng_uniform(&st->rng)) / tm->p;
        }
        break;
    default: /* onoff */
        if (tm->on && noc_rng_uniform(&st->rng) < 1 / st->n->mean_len)
            rc = create(st, s);
        if (tm->on ? noc_rng_uniform(&st->rng) < tm->p_off : noc_rng_uniform(&st->rng) < tm->p_on)
            tm->on = !tm->on;
        break;
    }
    return rc;
}

/* ---- resending: the core min-heap on time over slots of st->rpool. */
int noc_sim_retry_push(struct sim_state *st, const struct sim_retry *r)
{
    int slot;
    if (st->nrfree) {
        slot = st->rfree[--st->nrfree];
    } else {
        if (st->nrpool >= INT_MAX ||
            noc_grow(st->ctx, (void **)&st->rpool, &st->rpoolcap, st->nrpool + 1, sizeof *st->rpool) ||
            noc_grow(st->ctx, (void **)&st->rfree, &st->rfreecap, st->nrpool + 1, sizeof *st->rfree))
            return NOC_ENOMEM;
        slot = (int)st->nrpool++;
    }
    st->rpool[slot] = *r;
    if (noc_heap_push(&st->retry, r->time, slot, st->ctx)) {
        st->rfree[st->nrfree++] = slot;
        return NOC_ENOMEM;
    }
    return NOC_OK;
}

int noc_sim_inj_vc(int V, int rr, const int *owner, const int *credits, int need)
{
    for (int i = 0; i < V; i++) {
        int v = (rr + i) % V;
        if (owner[v] < 0 && credits[v] >= need)
            return v;
    }
    return -1;
}

/* Sends the next flit of terminal s's current packet, starting one if
 * needed on the VC noc_sim_inj_vc picks (none: it waits a cycle). */
static int inject(struct sim_state *st, int s)
{
    const struct sim_net *n = st->n;
    struct sim_term *tm = &st->term[s];
    int c = n->term_inj[s], V = n->V;
    if (tm->cur < 0) {
        if (tm->qhead < 0)
            return NOC_OK;
        int p = tm->qhead, vc = 0;
        if (!n->nocredit) {
            vc = noc_sim_inj_vc(V, tm->rr, st->owner + (size_t)c * V, st->credits + (size_t)c * V,
                                n->flow == NOC_SIM_VCT ? st->pk[p].len : 1);
            if (vc < 0)
                return NOC_OK;
            tm->rr = vc + 1;
            st->owner[c * V + vc] = 0x7fffffff; /* held by the source */
        }
        tm->qhead = st->pk[p].next;
        if (tm->qhead < 0)
            tm->qtail = -1;
        st->pk[p].next = -1;
        tm->cur = p;
        tm->cur_vc = vc;
    }
    int ovc = c * V + tm->cur_vc, p = tm->cur;
    if (!n->nocredit && st->credits[ovc] <= 0)
        return NOC_OK;
    struct sim_pkt *k = &st->pk[p];
    struct sim_flit f = {p, 0, k->sent, -1, 0, k->sent == k->len - 1};
    if (k->sent == 0)
        sim_flit_next(st, &f);
    if (k->sent == 0) {
        k->itime = st->now;
        st->heads++;
    }
    k->sent++;
    k->alive++;
    k->last = st->now;
    tm->qflits--;
    st->inj++;
    if (!n->nocredit)
        st->credits[ovc]--;
    if (k->sent == k->len) {
        if (!n->nocredit)
            st->owner[ovc] = -1;
        tm->cur = -1;
    }
    return noc_sim_send_flit(st, c, tm->cur_vc, f, st->now + n->lat[c]);
}

int noc_sim_sources_step(struct sim_state *st)
{
    int rc;
    while (st->retry.n && st->retry.a[0].key <= st->now) {
        int slot = noc_heap_pop(&st->retry).id;
        struct sim_retry r = st->rpool[slot];
        st->rfree[st->nrfree++] = slot;
        if ((rc = enqueue(st, r.src, r.dst, r.flow, r.len, r.ctime, r.measured)) != NOC_OK)
            return rc;
    }
    for (int s = 0; s < st->n->N; s++)
        if ((rc = generate(st, s)) != NOC_OK || (rc = inject(st, s)) != NOC_OK)
            return rc;
    return NOC_OK;
}
