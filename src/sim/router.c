/* Routers: flit arrival into the input VC buffers, separable input-first VC
 * and switch allocation with round-robin arbiters, switch traversal onto the
 * output channel with its credit returned upstream, and the dropping
 * variant (no VCs or credits; a head that cannot have its output is
 * dropped). */
#include "sim_int.h"

#include <string.h>

static void sim_flit_discard(struct sim_state *st, int p);

static void sim_drop_packet(struct sim_state *st, int p);

static int in_window(const struct sim_state *st)
{
    return st->now >= st->mstart && st->now < st->mend;
}

int noc_sim_send_flit(struct sim_state *st, int ch, int vc, struct sim_flit f, int arrive)
{
    struct sim_vec *v = &st->fw[arrive & (st->W - 1)];
    if (st->ch_flits && in_window(st))
        st->ch_flits[ch]++;
    st->last_move = st->now;
    if (v->n == v->cap && noc_grow(st->ctx, &v->data, &v->cap, v->n + 1, sizeof(struct sim_fev)) != NOC_OK)
        return NOC_ENOMEM;
    struct sim_fev *e = (struct sim_fev *)v->data + v->n++;
    e->ch = ch;
    e->vc = vc;
    e->f = f;
    return NOC_OK;
}

static int push_credit(struct sim_state *st, int time, int i)
{
    struct sim_vec *v = &st->cw[time & (st->W - 1)];
    if (v->n == v->cap && noc_grow(st->ctx, &v->data, &v->cap, v->n + 1, sizeof i) != NOC_OK)
        return NOC_ENOMEM;
    ((int *)v->data)[v->n++] = i;
    return NOC_OK;
}

static void maybe_release(struct sim_state *st, int p)
{
    const struct sim_pkt *k = &st->pk[p];
    if (k->alive == 0 && k->sent == k->len)
        noc_sim_pkt_release(st, p);
}

static void sim_flit_discard(struct sim_state *st, int p)
{
    st->dropped++;
    if (in_window(st))
        st->win_drop++;
    st->pk[p].alive--;
    maybe_release(st, p);
}

static void record_latency(struct sim_state *st, const struct sim_pkt *k)
{
    long long lat = st->now - k->ctime, slot = lat < (1 << 22) ? lat : (1 << 22);
    if (noc_sim_grow_zero(st->ctx, (void **)&st->hist, &st->histcap, (size_t)slot + 1, sizeof *st->hist) == NOC_OK)
        st->hist[slot]++; /* beyond 2^22 cycles: one last bucket */
    st->lat_n++;
    st->lat_sum += (double)lat;
    if (k->flow >= 0 && st->flow_n) {
        st->flow_n[k->flow]++;
        st->flow_lat[k->flow] += (double)lat;
    }
}

static void eject(struct sim_state *st, const struct sim_fev *e)
{
    int p = e->f.pkt;
    struct sim_pkt *k = &st->pk[p];
    st->ej++;
    k->alive--;
    k->last = st->now;
    if (e->f.idx == 0 && st->n->adaptive) /* hop statistics */
        noc_sim_adaptive_hops(st, p);
    st->last_move = st->now;
    if (in_window(st)) {
        st->win_ej++;
        if (k->flow >= 0 && st->flow_ej)
            st->flow_ej[k->flow]++;
    }
    if (e->f.tail && k->measured) {
        record_latency(st, k);
        st->measured_open--;
    }
    maybe_release(st, p);
}

/* The next input port index after j to visit in a router of nin inputs
 * whose port mask is m (every port when nin > 64), or -1. */
static inline int next_port(uint64_t m, int nin, int j)
{
    if (nin > 64)
        return j + 1 < nin ? j + 1 : -1;
    m &= j >= 63 ? 0 : ~0ULL << (j + 1);
    return m ? __builtin_ctzll(m) : -1;
}

void noc_sim_flit_arrive(struct sim_state *st, const struct sim_fev *e)
{
    const struct sim_net *n = st->n;
    int p = e->f.pkt;
    if (n->kind[e->ch] == CH_EJ) {
        eject(st, e);
        return;
    }
    if (n->deflect) {
        if (noc_sim_deflect_arrive(st, e) != NOC_OK)
            st->ctx->status = NOC_ENOMEM;
        return;
    }
    if (n->drop && st->pk[p].dropped) {
        sim_flit_discard(st, p);
        return;
    }
    int i = e->ch * n->V + e->vc, u = n->ch_dst[e->ch];
    struct sim_ivc *q = &st->ivc[i];
    struct sim_flit f = e->f;
    f.ready = st->now + n->D - 1 - (n->bsloop && f.idx != 0);
    int pos = q->head + q->count;
    if (pos >= n->B)
        pos -= n->B;
    st->buf[(size_t)i * n->B + (size_t)pos] = f;
    if (q->count == 0)
        q->fr = f;
    q->count++;
    st->buffered[u]++;
    if (n->drop)
        return;
    if (q->state == IVC_IDLE && q->count == 1) {
        q->state = IVC_VA;
        q->va_ready = n->D >= 2 ? f.ready - 1 : f.ready;
        va_set(st, e->ch, e->vc);
        st->nva[u]++;
    } else if (q->state == IVC_ACTIVE) {
        act_set(st, e->ch, e->vc);
    }
}

static inline const struct sim_flit *front(const struct sim_state *st, int i)
{
    return &st->ivc[i].fr;
}

static inline void pop(struct sim_state *st, int i, int router)
{
    struct sim_ivc *q = &st->ivc[i];
    if (++q->head == st->n->B)
        q->head = 0;
    if (--q->count > 0)
        q->fr = st->buf[(size_t)i * st->n->B + (size_t)q->head];
    st->buffered[router]--;
}

/* ---- lossless routers (wormhole, virtual cut-through) */

static void vc_alloc(struct sim_state *st, int u)
{
    const struct sim_net *n = st->n;
    const int V = n->V, now = st->now, vct = n->flow == NOC_SIM_VCT;
    const int j0 = n->t->g.in_off[u], nin = n->t->g.in_off[u + 1] - j0, M = nin * V;
    const int *in = n->t->g.in_edge + j0;
    struct sim_ivc *ivc = st->ivc;
    int *owner = st->owner, *req_ivc = st->req_ivc, *req_ovc = st->req_ovc, *req_loc = st->req_loc;
    int nreq = 0;
    const uint64_t pm = st->rva[u];
    for (int j = next_port(pm, nin, -1); j >= 0; j = next_port(pm, nin, j)) {
        int ic = in[j];
        for (uint64_t m = st->vamask[ic]; m; m &= m - 1) {
            int v = __builtin_ctzll(m), i = ic * V + v;
            const struct sim_ivc *q = &ivc[i];
            if (q->va_ready > now)
                continue;
            if (n->adaptive) {
                int ovc = noc_sim_adaptive_request(st, u, ic, i);
                if (ovc >= 0) {
                    req_ivc[nreq] = i;
                    req_ovc[nreq] = ovc;
                    req_loc[nreq] = j * V + v;
                    nreq++;
                }
                continue;
            }
            int o = q->fr.nx, lo, hi;
            sim_vc_range(n, o, q->fr.cls, &lo, &hi);
            int w = st->rr_va_in[i], base = o * V;
            if (w < lo || w >= hi)
                w = lo;
            for (int k = lo; k < hi; k++, w = w + 1 == hi ? lo : w + 1) {
                if (owner[base + w] >= 0)
                    continue;
                if (vct && n->kind[o] != CH_EJ && st->credits[base + w] < st->pk[q->fr.pkt].len)
                    continue;
                req_ivc[nreq] = i;
                req_ovc[nreq] = base + w;
                req_loc[nreq] = j * V + v;
                nreq++;
                break;
            }
        }
    }
    for (int r = 0; r < nreq; r++) {
        int ovc = req_ovc[r];
        if (ovc < 0)
            continue;
        int best = r, bestd = req_loc[r] - st->rr_va_out[ovc];
        if (bestd < 0)
            bestd += M;
        for (int q = r + 1; q < nreq; q++) {
            if (req_ovc[q] != ovc)
                continue;
            int d = req_loc[q] - st->rr_va_out[ovc];
            if (d < 0)
                d += M;
            if (d < bestd) {
                best = q;
                bestd = d;
            }
            req_ovc[q] = -1;
        }
        int i = req_ivc[best], loc = req_loc[best];
        int ic = in[loc / V], v = loc - (loc / V) * V;
        struct sim_ivc *q = &ivc[i];
        owner[ovc] = i;
        q->state = IVC_ACTIVE;
        q->out = ovc;
        q->och = ovc / V; /* = fr.nx for source-routed packets */
        q->pkt = q->fr.pkt;
        q->va_time = now;
        if (n->adaptive == SIM_AD_DUATO && ovc == q->och * V && n->kind[q->och] == CH_RR)
            st->pk[q->pkt].esc = 1; /* took the escape VC: stays on it */
        va_clear(st, ic, v);
        act_set(st, ic, v);
        st->nva[u]--;
        st->rr_va_out[ovc] = loc + 1;
        st->rr_va_in[i] = ovc - q->och * V + 1;
    }
}

/* Moves the front flit of input VC i at router u through the switch. */
static int traverse(struct sim_state *st, int u, int ic, int v)
{
    const struct sim_net *n = st->n;
    int V = n->V, i = ic * V + v;
    struct sim_ivc *q = &st->ivc[i];
    struct sim_flit f = *front(st, i);
    pop(st, i, u);
    int ovc = q->out, o = q->och;
    int tail = f.tail;
    if (f.idx == 0) {
        st->pk[f.pkt].hop++;
        sim_flit_next(st, &f);
    }
    st->pk[f.pkt].last = st->now;
    if (n->gap)
        st->ch_free[o] = st->now + n->gap[o];
    if (n->kind[o] == CH_EJ)
        st->pk[f.pkt].ejd++;
    if (!n->drop) {
        if (n->kind[o] != CH_EJ)
            st->credits[ovc]--;
        int t = st->now + n->lat[ic] + n->cd + n->bsloop;
        if (push_credit(st, t, i) != NOC_OK)
            return NOC_ENOMEM;
    }
    if (!n->drop && (tail || q->count == 0))
        act_clear(st, ic, v);
    if (tail) {
        st->owner[ovc] = -1;
        q->out = -1;
        q->state = IVC_IDLE;
        if (q->count > 0 && !n->drop) {
            int r = front(st, i)->ready;
            int va = n->D >= 2 ? r - 1 : r;
            q->state = IVC_VA;
            q->va_ready = va > st->now + 1 ? va : st->now + 1;
            va_set(st, ic, v);
            st->nva[u]++;
        }
    }
    return noc_sim_send_flit(st, o, ovc - o * V, f, st->now + 1 + n->lat[o]);
}

int noc_sim_sa_choose(int nv, const int *vc, const int *port, int V, int vstart, int nout, int ostart)
{
    int best = -1, bestk = 0;
    for (int k = 0; k < nv; k++) {
        int kv = vc[k] - vstart, ko = port[k] - ostart;
        if (kv < 0)
            kv += V;
        if (ko < 0)
            ko += nout;
        int key = nout > 0 ? ko * V + kv : kv;
        if (best < 0 || key < bestk) {
            best = vc[k];
            bestk = key;
        }
    }
    return best;
}

/* The VC input port ic of router u offers the switch: round robin from
 * rr_sa_in over the VCs that are ACTIVE with a flit, past VC allocation,
 * ready and with a credit (bsalloc: noc_sim_sa_choose over those VCs by
 * output port from rr_sa_io); -1 when none. */
static inline int sa_pick(const struct sim_state *st, int u, int ic, uint64_t m)
{
    const struct sim_net *n = st->n;
    const int V = n->V, now = st->now, late = n->D >= 2 ? now : now + 1;
    int start = st->rr_sa_in[ic];
    if (start >= V)
        start = 0;
    const struct sim_ivc *q0 = st->ivc + (size_t)ic * V;
    uint64_t part[2] = {m & (~0ULL << start), m & ~(~0ULL << start)};
    int vcs[64], ports[64], ne = 0;
    const int base = n->t->g.off[u];
    for (int h = 0; h < 2; h++)
        for (uint64_t x = part[h]; x; x &= x - 1) {
            int v = __builtin_ctzll(x);
            const struct sim_ivc *q = q0 + v;
            if (q->fr.ready > now || q->va_time >= late)
                continue;
            if (st->credits[q->out] <= 0 && n->kind[q->och] != CH_EJ)
                continue;
            if (n->gap && st->ch_free[q->och] > now) /* a narrow channel still busy */
                continue;
            if (!n->bsalloc)
                return v;
            vcs[ne] = v;
            ports[ne++] = (n->ej_rep ? n->ej_rep[q->och] : q->och) - base;
        }
    if (!n->bsalloc)
        return -1;
    const int nout = n->t->g.off[u + 1] - base, po = st->rr_sa_io[ic] < nout ? st->rr_sa_io[ic] : 0;
    return noc_sim_sa_choose(ne, vcs, ports, V, start, nout, po);
}

/* A shared concentrator port at router u passes one terminal's flit per
 * cycle into the switch: the first injection input from the round-robin
 * pointer rr_conc[u] with a VC that can bid (sa_pick); -1 when none. */
static int conc_pick(const struct sim_state *st, int u, const int *in, int nin, uint64_t pm)
{
    const struct sim_net *n = st->n;
    int j = st->rr_conc[u] < nin ? st->rr_conc[u] : 0;
    for (int k = 0; k < nin; k++, j = j + 1 == nin ? 0 : j + 1) {
        int ic = in[j];
        if (n->kind[ic] != CH_INJ || (nin <= 64 && !(pm >> j & 1)) || !st->actmask[ic])
            continue;
        if (sa_pick(st, u, ic, st->actmask[ic]) >= 0)
            return j;
    }
    return -1;
}

static int sw_alloc(struct sim_state *st, int u)
{
    const struct sim_net *n = st->n;
    const struct noc_graph *g = &n->t->g;
    const int V = n->V, j0 = g->in_off[u], nin = g->in_off[u + 1] - j0, base = g->off[u];
    const int *in = g->in_edge + j0;
    const uint64_t pm = st->ract[u];
    int *best = st->sa_best, *in_vc = st->sa_in_vc, *touched = st->sa_in_out, nt = 0, rc = NOC_OK;
    const int conc = n->ej_rep && n->t->nodes[u].shared;
    const int gsel = conc ? conc_pick(st, u, in, nin, pm) : -1;
    /* best[] is all -1 between calls; touched[] lists the outputs asked */
    for (int j = next_port(pm, nin, -1); j >= 0; j = next_port(pm, nin, j)) {
        int ic = in[j];
        uint64_t m = st->actmask[ic];
        int v = m && (!conc || j == gsel || n->kind[ic] != CH_INJ) ? sa_pick(st, u, ic, m) : -1;
        in_vc[j] = v;
        if (v < 0)
            continue;
        int och = st->ivc[ic * V + v].och; /* a shared port: one arbiter for its ejection channels */
        int o = (n->ej_rep ? n->ej_rep[och] : och) - base, b = best[o];
        if (b < 0) {
            touched[nt++] = o;
        } else {
            int ptr = st->rr_sa_out[base + o], d = j - ptr, db = b - ptr;
            if (d < 0)
                d += nin;
            if (db < 0)
                db += nin;
            if (d >= db)
                continue;
        }
        best[o] = j;
    }
    for (int k = 0; k < nt; k++) {
        int o = touched[k], j = best[o];
        best[o] = -1;
        if (rc != NOC_OK)
            continue;
        int ic = in[j], v = in_vc[j];
        st->rr_sa_in[ic] = v + 1;
        st->rr_sa_io[ic] = o + 1;
        st->rr_sa_out[base + o] = j + 1;
        if (j == gsel)
            st->rr_conc[u] = j + 1;
        rc = traverse(st, u, ic, v);
    }
    return rc;
}

/* ---- dropping routers */

static void sim_drop_packet(struct sim_state *st, int p)
{
    struct sim_pkt *k = &st->pk[p];
    k->dropped = 1;
    st->heads_dropped++;
    if (st->o->resend) {
        int delay = st->now - k->itime;
        struct sim_retry r = {st->now + (delay > 1 ? delay : 1), k->src, k->dst, k->len,
                              k->ctime, k->flow, k->measured};
        k->measured = 0;
        if (noc_sim_retry_push(st, &r) != NOC_OK)
            st->ctx->status = NOC_ENOMEM;
    } else if (k->measured) {
        k->measured = 0;
        st->measured_open--;
    }
}

static int drop_alloc(struct sim_state *st, int u)
{
    const struct sim_net *n = st->n;
    const struct noc_graph *g = &n->t->g;
    int nin = g->in_off[u + 1] - g->in_off[u], base = g->off[u];
    for (int o = base; o < g->off[u + 1]; o++)
        st->sa_best[o - base] = -1;
    for (int j = 0; j < nin; j++) {
        int i = g->in_edge[g->in_off[u] + j]; /* V = 1: VC id = channel id */
        struct sim_ivc *q = &st->ivc[i];
        st->sa_in_vc[j] = -1;
        while (q->count > 0 && front(st, i)->ready <= st->now && st->pk[front(st, i)->pkt].dropped) {
            int p = front(st, i)->pkt;
            if (front(st, i)->tail && q->state == IVC_ACTIVE) {
                st->owner[q->out] = -1; /* dropped further on: free the output */
                q->state = IVC_IDLE;
                q->out = -1;
            }
            pop(st, i, u);
            sim_flit_discard(st, p);
        }
        if (q->count == 0 || front(st, i)->ready > st->now)
            continue;
        const struct sim_flit *f = front(st, i);
        int o = f->idx == 0 ? f->nx : q->out;
        st->sa_in_vc[j] = f->idx == 0; /* 1: head, 0: body */
        st->sa_in_out[j] = o;
        int b = st->sa_best[o - base];
        if (f->idx != 0) { /* the owner's flit always has its output */
            st->sa_best[o - base] = j;
            continue;
        }
        if (st->owner[o] >= 0 || (b >= 0 && st->sa_in_vc[b] == 0))
            continue;
        int d = ((j - st->rr_sa_out[o]) % nin + nin) % nin;
        if (b < 0 || d < ((b - st->rr_sa_out[o]) % nin + nin) % nin)
            st->sa_best[o - base] = j;
    }
    for (int j = 0; j < nin; j++) {
        if (st->sa_in_vc[j] < 0)
            continue;
        int i = g->in_edge[g->in_off[u] + j], o = st->sa_in_out[j];
        if (st->sa_best[o - base] == j) {
            struct sim_ivc *q = &st->ivc[i];
            const struct sim_flit *f = front(st, i);
            if (f->idx == 0) {
                st->rr_sa_out[o] = j + 1;
                q->out = o;
                q->och = o;
                if (st->pk[f->pkt].len > 1) {
                    st->owner[o] = i;
                    q->state = IVC_ACTIVE;
                }
            }
            int rc = traverse(st, u, i, 0);
            if (rc != NOC_OK)
                return rc;
        } else { /* a head that lost its output */
            int p = front(st, i)->pkt;
            pop(st, i, u);
            sim_drop_packet(st, p);
            sim_flit_discard(st, p);
        }
    }
    return st->ctx->status;
}

int noc_sim_routers_step(struct sim_state *st)
{
    const struct sim_net *n = st->n;
    if (n->deflect)
        return noc_sim_deflect_step(st);
    for (int u = 0; u < n->R; u++) {
        if (!st->buffered[u])
            continue;
        int rc;
        if (n->drop) {
            rc = drop_alloc(st, u);
        } else {
            if (st->nva[u])
                vc_alloc(st, u);
            rc = sw_alloc(st, u);
        }
        if (rc != NOC_OK)
            return rc;
    }
    return NOC_OK;
}
