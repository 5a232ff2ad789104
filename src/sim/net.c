/* Network construction for the simulator: channel latencies from wire
 * length, port tables, traffic sampling tables; and the option checks and
 * lifecycle of struct noc_sim. */
#include "sim_int.h"
#include "nocsyn/eval.h"
#include "nocsyn/tech.h"
#include "nocsyn/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void sim_net_free(struct sim_net *n);

static int sim_net_build(struct sim_net *n, const struct noc_topo *t, const struct noc_traffic *tr,
                  const struct noc_sim_opts *o, int routing, struct noc_ctx *ctx);

#define SIM_MAX_LATENCY 65536

struct name_val {
    const char *name;
    int v;
};

static const struct name_val flow_names[] = {
    {"wormhole", NOC_SIM_WORMHOLE}, {"vct", NOC_SIM_VCT}, {"drop", NOC_SIM_DROP}, {"deflect", NOC_SIM_DEFLECT}, {NULL, 0}};
static const struct name_val inject_names[] = {
    {"bernoulli", NOC_SIM_BERNOULLI}, {"poisson", NOC_SIM_POISSON}, {"onoff", NOC_SIM_ONOFF}, {NULL, 0}};

static int nv_parse(const struct name_val *tab, const char *name, int *v)
{
    for (int i = 0; name && tab[i].name; i++)
        if (!strcmp(tab[i].name, name)) {
            *v = tab[i].v;
            return 0;
        }
    return -1;
}

static const char *nv_name(const struct name_val *tab, int v)
{
    for (int i = 0; tab[i].name; i++)
        if (tab[i].v == v)
            return tab[i].name;
    return NULL;
}

int noc_sim_flow_parse(const char *name, int *v) { return nv_parse(flow_names, name, v); }
const char *noc_sim_flow_name(int v) { return nv_name(flow_names, v); }
int noc_sim_inject_parse(const char *name, int *v) { return nv_parse(inject_names, name, v); }
const char *noc_sim_inject_name(int v) { return nv_name(inject_names, v); }

void noc_sim_opts_init(struct noc_sim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->routing = -1;
    o->vcs = 4;
    o->buf = 8;
    o->pkt_short = o->pkt_long = 1;
    o->pkt_pshort = 1;
    o->inject = NOC_SIM_BERNOULLI;
    o->burst = 8;
    o->flow = NOC_SIM_WORMHOLE;
    o->router_delay = 3;
    o->credit_delay = 2;
    o->mm_per_cycle = 0; /* auto: the tech model's wire at the topology's clock */
    o->warmup = 2000;
    o->cycles = 20000;
    o->batch = 1000;
    o->tolerance = 0.01;
    o->deadlock_cycles = 2000;
    o->seed = 1;
}

#define SIM_MAX_CYCLES 500000000L

static int check_opts(const struct noc_sim_opts *o, struct noc_ctx *ctx)
{
    const char *bad = NULL;
    if (o->vcs < 1 || o->vcs > 64)
        bad = "vcs must be in 1..64";
    else if (o->buf < 1 || o->buf > 65536)
        bad = "buffers must hold 1..65536 flits per VC";
    else if (o->pkt_short < 1 || o->pkt_long < 1 || o->pkt_short > 65536 || o->pkt_long > 65536)
        bad = "packet lengths must be 1..65536 flits";
    else if (!(o->pkt_pshort >= 0 && o->pkt_pshort <= 1))
        bad = "the fraction of short packets must be in [0, 1]";
    else if (nv_name(inject_names, o->inject) == NULL)
        bad = "unknown injection process";
    else if (!(o->burst >= 1 && o->burst <= 1e6))
        bad = "the mean burst must be 1..1e6 packets";
    else if (nv_name(flow_names, o->flow) == NULL)
        bad = "unknown flow control";
    else if (o->resend && o->flow != NOC_SIM_DROP)
        bad = "resend applies to dropping flow control only";
    else if (o->router_delay < 1 || o->router_delay > 1000)
        bad = "the router delay must be 1..1000 cycles";
    else if (o->credit_delay < 0 || o->credit_delay > 1000)
        bad = "the credit delay must be 0..1000 cycles";
    else if (!(o->mm_per_cycle >= 0 && isfinite(o->mm_per_cycle)))
        bad = "mm per cycle must be > 0 (0 = from the clock)";
    else if (o->warmup < 0 || o->warmup > SIM_MAX_CYCLES)
        bad = "the warm-up must be 0..500000000 cycles";
    else if (o->cycles < 1 || o->cycles > SIM_MAX_CYCLES)
        bad = "the cycle limit must be 1..500000000 cycles";
    else if (o->batch < 1 || o->batch > SIM_MAX_CYCLES)
        bad = "the batch must be 1..500000000 cycles";
    else if (!(o->tolerance > 0 && o->tolerance < 1))
        bad = "the tolerance must be in (0, 1)";
    else if (o->deadlock_cycles < 1 || o->deadlock_cycles > SIM_MAX_CYCLES)
        bad = "the deadlock timeout must be 1..500000000 cycles";
    else if (o->recover < 0 || o->recover > SIM_MAX_CYCLES)
        bad = "the recovery timeout must be 0..500000000 cycles";
    else if (o->recover > 0 && o->recover >= o->deadlock_cycles)
        bad = "the recovery timeout must be below the deadlock timeout (--deadlock-cycles)";
    else if (o->recover > 0 && o->flow == NOC_SIM_DROP)
        bad = "recovery applies to lossless flow control (wormhole, vct), not drop";
    else if (o->recover > 0 && o->flow == NOC_SIM_DEFLECT)
        bad = "recovery applies to wormhole and vct flow control, not deflect";
    else if (o->flow == NOC_SIM_DEFLECT && (o->pkt_short != 1 || o->pkt_long != 1))
        bad = "deflection routing carries single-flit packets (--packet 1)";
    else if (o->flow == NOC_SIM_DEFLECT && o->adaptive)
        bad = "--adaptive does not apply to --flow deflect (deflection is adaptive already)";
    else if (o->booksim_loop && (o->flow == NOC_SIM_DROP || o->flow == NOC_SIM_DEFLECT))
        bad = "--booksim-loop applies to credit-based flow control (wormhole, vct), not drop or deflect";
    else if (o->booksim_alloc && (o->flow == NOC_SIM_DROP || o->flow == NOC_SIM_DEFLECT))
        bad = "--booksim-alloc applies to switch allocation among VCs (wormhole, vct), not drop or deflect";
    else if (o->booksim_loop && o->router_delay < 2)
        bad = "--booksim-loop needs a router delay of at least 2 (VC and switch allocation in separate cycles)";
    else if (o->threads < 0 || o->threads > 1024)
        bad = "threads must be 0..1024";
    else if (o->flow == NOC_SIM_VCT && o->buf < (o->pkt_short > o->pkt_long ? o->pkt_short : o->pkt_long))
        bad = "virtual cut-through needs buffers that hold the longest packet";
    if (bad)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "sim: %s", bad);
    return NOC_OK;
}

static int channel_latency(const struct noc_topo *t, int c, double mmpc)
{
    if (t->ch[c].latency > 0)
        return t->ch[c].latency;
    double len = noc_topo_channel_length(t, c);
    if (!(len >= 0) || !isfinite(len))
        return 1;
    double cyc = ceil(len / mmpc - 1e-9);
    if (cyc < 1)
        return 1;
    return cyc > SIM_MAX_LATENCY ? SIM_MAX_LATENCY + 1 : (int)cyc;
}

/* Wire mm one cycle reaches: the option, else at the topology's clock the
 * tech model's wire delay (noc_tech_link_cycles: ceil(delay / period)
 * cycles, the same count), else 2 mm. */
static double wire_mm_per_cycle(const struct noc_topo *t, const struct noc_sim_opts *o)
{
    if (o->mm_per_cycle > 0)
        return o->mm_per_cycle;
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    if (t->freq_mhz > 0 && tech.wire_ps_mm > 0)
        return noc_period_ps(t->freq_mhz) / tech.wire_ps_mm;
    return 2;
}

static int ports_and_latency(struct sim_net *n, const struct noc_sim_opts *o, struct noc_ctx *ctx)
{
    const struct noc_topo *t = n->t;
    double mmpc = wire_mm_per_cycle(t, o);
    const struct noc_graph *g = &t->g;
    n->lat = noc_malloc(ctx, (size_t)n->nch, sizeof *n->lat);
    n->kind = noc_malloc(ctx, (size_t)n->nch, 1);
    n->ch_term = noc_malloc(ctx, (size_t)n->nch, sizeof *n->ch_term);
    n->in_pos = noc_malloc(ctx, (size_t)n->nch, sizeof *n->in_pos);
    n->ch_dst = noc_malloc(ctx, (size_t)n->nch, sizeof *n->ch_dst);
    n->term_inj = noc_malloc(ctx, (size_t)n->N, sizeof *n->term_inj);
    if (!n->lat || !n->kind || !n->ch_term || !n->in_pos || !n->ch_dst || !n->term_inj)
        return NOC_ENOMEM;
    for (int c = 0; c < n->nch; c++) {
        int a = t->ch[c].src, b = t->ch[c].dst;
        n->lat[c] = channel_latency(t, c, mmpc);
        if (n->lat[c] > SIM_MAX_LATENCY)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "sim: channel %s -> %s needs more than %d cycles", t->nodes[a].name,
                             t->nodes[b].name, SIM_MAX_LATENCY);
        if (n->lat[c] > n->maxlat)
            n->maxlat = n->lat[c];
        n->kind[c] = !noc_topo_is_router(t, a) ? CH_INJ : !noc_topo_is_router(t, b) ? CH_EJ : CH_RR;
        n->ch_term[c] = n->kind[c] == CH_INJ ? a - n->R : n->kind[c] == CH_EJ ? b - n->R : -1;
        n->in_pos[c] = -1;
        n->ch_dst[c] = b;
    }
    /* Channels narrower than the link (a D2D module): one flit every gap
     * cycles, enforced at switch allocation. */
    for (int c = 0; c < n->nch; c++) {
        int gc = noc_topo_channel_gap(t, c);
        if (gc <= 1)
            continue;
        if (n->kind[c] == CH_INJ)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "sim: injection channel %s -> %s has its own capacity_mbps: only a router's output "
                             "channels may be narrower than the link",
                             t->nodes[t->ch[c].src].name, t->nodes[t->ch[c].dst].name);
        if (n->nocredit) /* drop and deflect send without asking the output */
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "sim: channel %s -> %s carries a flit every %d cycles (its capacity_mbps); --flow drop "
                             "and deflect send one a cycle: use wormhole or vct",
                             t->nodes[t->ch[c].src].name, t->nodes[t->ch[c].dst].name, gc);
        if (!n->gap) {
            if (!(n->gap = noc_malloc(ctx, (size_t)n->nch, sizeof *n->gap)))
                return NOC_ENOMEM;
            for (int k = 0; k < n->nch; k++)
                n->gap[k] = 1;
        }
        n->gap[c] = gc;
        if (gc > n->maxgap)
            n->maxgap = gc;
    }
    for (int u = 0; u < n->R; u++) {
        int nin = g->in_off[u + 1] - g->in_off[u], nout = g->off[u + 1] - g->off[u];
        for (int j = g->in_off[u]; j < g->in_off[u + 1]; j++)
            n->in_pos[g->in_edge[j]] = j - g->in_off[u];
        if (nin > n->max_in)
            n->max_in = nin;
        if (nout > n->max_out)
            n->max_out = nout;
    }
    for (int i = 0; i < n->N; i++)
        n->term_inj[i] = g->off[noc_topo_term_node(t, i)];
    if (noc_topo_shared_ports(t) == 0)
        return NOC_OK;
    if (n->nocredit)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "sim: shared concentrator ports are modelled with wormhole and vct flow control only");
    if (!(n->ej_rep = noc_malloc(ctx, (size_t)n->nch, sizeof *n->ej_rep)))
        return NOC_ENOMEM;
    for (int c = 0; c < n->nch; c++)
        n->ej_rep[c] = c;
    for (int u = 0; u < n->R; u++) {
        int rep = -1;
        for (int e = g->off[u]; e < g->off[u + 1] && t->nodes[u].shared; e++)
            if (n->kind[e] == CH_EJ)
                n->ej_rep[e] = rep = rep < 0 ? e : rep;
    }
    return NOC_OK;
}

static int sampling_tables(struct sim_net *n, struct noc_ctx *ctx)
{
    const struct noc_traffic *tr = n->tr;
    n->row = noc_malloc(ctx, (size_t)n->N, sizeof *n->row);
    n->ecum = noc_malloc(ctx, (size_t)tr->nent + 1, sizeof *n->ecum);
    if (!n->row || !n->ecum)
        return NOC_ENOMEM;
    n->wtot = 0;
    for (int s = 0; s < n->N; s++) {
        double acc = 0;
        for (int e = tr->off[s]; e < tr->off[s + 1]; e++) {
            acc += tr->ent[e].w;
            n->ecum[e] = acc;
        }
        n->row[s] = tr->uniform + acc;
        n->wtot += n->row[s];
    }
    if (!(n->wtot > 0))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "sim: the traffic '%s' has no demand",
                         tr->name ? tr->name : "?");
    return NOC_OK;
}

static void sim_net_free(struct sim_net *n)
{
    free(n->lat);
    free(n->gap);
    free(n->kind);
    free(n->term_inj);
    free(n->ch_term);
    free(n->in_pos);
    free(n->ch_dst);
    free(n->row);
    free(n->ecum);
    free(n->coord);
    noc_sim_table_free(n);
    free(n->term_rin);
    free(n->term_rout);
    free(n->term_ej);
    free(n->dist);
    free(n->ej_rep);
    if (n->have_rt)
        noc_routing_free(&n->rt);
    memset(n, 0, sizeof *n);
}

static int sim_net_build(struct sim_net *n, const struct noc_topo *t, const struct noc_traffic *tr,
                  const struct noc_sim_opts *o, int routing, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    memset(n, 0, sizeof *n);
    n->t = t;
    n->tr = tr;
    n->R = t->nrouters;
    n->N = t->nterminals;
    n->nch = t->nch;
    n->flow = o->flow;
    n->drop = o->flow == NOC_SIM_DROP;
    n->deflect = o->flow == NOC_SIM_DEFLECT;
    n->nocredit = n->drop || n->deflect;
    n->V = n->nocredit ? 1 : o->vcs;
    n->B = n->drop ? o->router_delay + 2 : n->deflect ? 1 : o->buf;
    n->D = o->router_delay;
    n->cd = o->credit_delay;
    n->bsloop = o->booksim_loop != 0;
    n->bsalloc = o->booksim_alloc != 0;
    n->ncls = 1;
    n->mean_len = o->pkt_pshort * o->pkt_short + (1 - o->pkt_pshort) * o->pkt_long;
    NOC_CHECK(ports_and_latency(n, o, ctx));
    NOC_CHECK(sampling_tables(n, ctx));
    NOC_CHECK(noc_sim_routing_choose(t, tr, routing, n->V, &n->rt, ctx));
    n->have_rt = 1;
    n->recover = o->recover;
    NOC_CHECK(noc_sim_adaptive_init(n, o, ctx));
    NOC_CHECK(noc_sim_dateline_init(n, ctx));
    if (!n->adaptive) /* adaptive: no source paths */
        NOC_CHECK(noc_sim_table_build(n, ctx));
cleanup:
    if (rc != NOC_OK)
        sim_net_free(n);
    return rc;
}

/* The channel-load bound of eval (eval.h: throughput) under the routing in
 * use: no offered rate above it can be sustained, since some channel (or
 * shared port) would carry more than one flit per cycle.  It holds for
 * source-routed packets whose path weights are eval's (deterministic
 * models, ecmp, the turn models' equal split); not for dropping,
 * deflection or hop-by-hop adaptive routing, nor when eval refuses the
 * routing (then INFINITY). */
static int rate_bound(struct sim_net *n, const struct noc_sim_opts *o, struct noc_ctx *ctx)
{
    struct noc_eval_opts eo;
    struct noc_metrics m;
    struct noc_ctx tmp;
    n->rate_bound = INFINITY;
    if (n->drop || n->deflect || n->adaptive)
        return NOC_OK;
    noc_eval_opts_init(&eo);
    eo.routing = n->rt.model;
    eo.vcs = o->vcs;
    eo.bisection = 0;
    eo.threads = 1;
    noc_metrics_init(&m);
    noc_ctx_init(&tmp);
    int rc = noc_eval(n->t, n->tr, &eo, &m, &tmp);
    if (rc == NOC_OK && m.throughput > 0)
        n->rate_bound = m.throughput;
    noc_metrics_free(&m);
    return rc == NOC_ENOMEM ? noc_error(ctx, rc, NULL, 0, "%s", tmp.msg) : NOC_OK;
}

int noc_sim_init(struct noc_sim *s, const struct noc_topo *t, const struct noc_traffic *tr,
                 const struct noc_sim_opts *o, struct noc_ctx *ctx)
{
    int rc;
    memset(s, 0, sizeof *s);
    if ((rc = check_opts(o, ctx)) != NOC_OK)
        return rc;
    if (!t->finalized || t->nterminals < 1 || t->nrouters < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "sim: the topology has no %s",
                         t->nrouters < 1 ? "routers" : "terminals");
    if (!tr->off || tr->n != t->nterminals)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "sim: the traffic has %d terminals, the topology %d", tr->n, t->nterminals);
    struct sim_net *n = noc_calloc(ctx, 1, sizeof *n);
    if (!n)
        return NOC_ENOMEM;
    if ((rc = sim_net_build(n, t, tr, o, o->routing, ctx)) != NOC_OK) {
        free(n);
        return rc;
    }
    if ((rc = rate_bound(n, o, ctx)) != NOC_OK) {
        sim_net_free(n);
        free(n);
        return rc;
    }
    s->t = t;
    s->tr = tr;
    s->o = *o;
    s->routing = n->rt.model;
    s->classes = n->ncls;
    s->adaptive = n->adaptive != 0;
    s->priv = n;
    return NOC_OK;
}

void noc_sim_free(struct noc_sim *s)
{
    if (s->priv) {
        sim_net_free(s->priv);
        free(s->priv);
    }
    memset(s, 0, sizeof *s);
}
