/* Deadlock recovery by abort-and-retry (sim --recover T).
 *
 * Detection: a packet with flits in the network none of which moved
 * (injection, switch traversal) for T cycles counts as blocked; every
 * ceil(T / 8) cycles the packets are scanned, so a blocked packet is
 * aborted between T and T + T/8 cycles after its last move.  A packet whose
 * head already left on its ejection channel is never aborted (the ejection
 * channel always sinks, and the rest of the packet follows on VCs it
 * holds).
 *
 * Recovery (Dally & Towles 2004, sec. 14.5, "deadlock recovery": regressive
 * recovery by aborting a packet): every flit of the packet is removed --
 * from input buffers (its credits return to the upstream router at once)
 * and from the links -- the VCs it held are released (a VC whose next
 * packet waits goes to VC allocation), its source stops sending it, and a
 * copy is queued again at its source after a back-off drawn uniformly from
 * 1..T cycles (latency still counted from the first creation).  The removed
 * flits count as dropped in the flit conservation (injected = ejected + in
 * flight + dropped); the packet is delivered once, by its last copy. */
#include "sim_int.h"

#include <string.h>

/* Removes packet p's flits from input VC v of channel ic and releases the
 * VC when p held it. */
static void purge_vc(struct sim_state *st, int ic, int v, int p)
{
    const struct sim_net *n = st->n;
    int V = n->V, B = n->B, i = ic * V + v, u = n->ch_dst[ic];
    struct sim_ivc *q = &st->ivc[i];
    int holds = (q->state == IVC_ACTIVE && q->pkt == p) || (q->state == IVC_VA && q->fr.pkt == p);
    int removed = 0, w = 0;
    struct sim_flit *b = st->buf + (size_t)i * B;
    for (int k = 0; k < q->count; k++) {
        int pos = (q->head + k) % B;
        if (b[pos].pkt == p) {
            removed++;
            continue;
        }
        b[(q->head + w) % B] = b[pos];
        w++;
    }
    if (!removed && !holds)
        return;
    q->count -= removed;
    st->buffered[u] -= removed;
    st->credits[i] += removed;
    st->dropped += removed;
    st->pk[p].alive -= removed;
    if (q->count > 0)
        q->fr = b[q->head];
    if (!holds) {
        if (q->count == 0 && q->state == IVC_ACTIVE)
            act_clear(st, ic, v);
        return;
    }
    if (q->state == IVC_ACTIVE) {
        st->owner[q->out] = -1;
        q->out = -1;
        act_clear(st, ic, v);
    } else {
        va_clear(st, ic, v);
        st->nva[u]--;
    }
    q->state = IVC_IDLE;
    if (q->count > 0) { /* the next packet's head */
        q->state = IVC_VA;
        q->va_ready = st->now + 1;
        va_set(st, ic, v);
        st->nva[u]++;
    }
}

/* Removes packet p's flits travelling on links. */
static void purge_links(struct sim_state *st, int p)
{
    const struct sim_net *n = st->n;
    for (int s = 0; s < st->W; s++) {
        struct sim_vec *vec = &st->fw[s];
        struct sim_fev *e = vec->data;
        size_t w = 0;
        for (size_t k = 0; k < vec->n; k++) {
            if (e[k].f.pkt == p) {
                if (n->kind[e[k].ch] != CH_EJ)
                    st->credits[e[k].ch * n->V + e[k].vc]++;
                st->dropped++;
                st->pk[p].alive--;
                continue;
            }
            e[w++] = e[k];
        }
        vec->n = w;
    }
}

static int abort_packet(struct sim_state *st, int p)
{
    const struct sim_net *n = st->n;
    struct sim_pkt *k = &st->pk[p];
    struct sim_term *tm = &st->term[k->src];
    if (tm->cur == p) {
        st->owner[n->term_inj[k->src] * n->V + tm->cur_vc] = -1;
        tm->cur = -1;
        tm->qflits -= k->len - k->sent;
    }
    purge_links(st, p);
    for (int c = 0; c < n->nch; c++)
        if (n->kind[c] != CH_EJ)
            for (int v = 0; v < n->V; v++)
                purge_vc(st, c, v, p);
    if (k->alive != 0)
        return noc_error(st->ctx, NOC_EINTERNAL, NULL, 0, "sim: aborted packet %d keeps %d flits", p,
                         k->alive);
    int backoff = 1 + (int)noc_rng_below(&st->rng, (uint64_t)n->recover);
    struct sim_retry r = {st->now + backoff, k->src, k->dst, k->len, k->ctime, k->flow, k->measured};
    k->measured = 0;
    k->sent = k->len;
    noc_sim_pkt_release(st, p);
    st->aborted++;
    st->last_move = st->now;
    return noc_sim_retry_push(st, &r);
}

int noc_sim_recover_step(struct sim_state *st)
{
    const struct sim_net *n = st->n;
    long T = n->recover, every = (T + 7) / 8;
    if (T <= 0 || st->now % every != 0)
        return NOC_OK;
    for (int p = 0; p < st->npk; p++) {
        const struct sim_pkt *k = &st->pk[p];
        if (!k->inuse || k->sent == 0 || k->ejd > 0 || k->alive == 0 || st->now - k->last < T)
            continue;
        int rc = abort_packet(st, p);
        if (rc != NOC_OK)
            return rc;
    }
    return NOC_OK;
}
