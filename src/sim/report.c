/* Simulation results as JSON (docs/INTERFACE.md section 3.10, nocsyn/json.h) and as a text table. */
#include "sim_int.h"

#include "nocsyn/json.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Statistical results: 6 significant digits; null when NaN / infinite. */
static void add_r6(struct noc_json *j, struct noc_json_node *o, const char *key, double v)
{
    noc_json_add_round(j, o, key, v, 6);
}

static const char *term_label(const struct noc_sim *s, const char *const *labels, int i)
{
    if (labels && labels[i])
        return labels[i];
    return s->t->nodes[noc_topo_term_node(s->t, i)].name;
}

static void packet_desc(const struct noc_sim_opts *o, char *b, size_t n)
{
    if (o->pkt_short == o->pkt_long)
        snprintf(b, n, "%d", o->pkt_short);
    else
        snprintf(b, n, "%d,%d,%g", o->pkt_short, o->pkt_long, o->pkt_pshort);
}

static void point_json(const struct noc_sim *s, const struct noc_sim_point *p,
                       const char *const *labels, struct noc_json *j, struct noc_json_node *arr)
{
    struct noc_json_node *o = noc_json_add_object(j, arr, NULL);
    add_r6(j, o, "offered", p->offered);
    add_r6(j, o, "accepted", p->accepted);
    add_r6(j, o, "latency_avg", p->latency_avg);
    add_r6(j, o, "latency_p99", p->latency_p99);
    noc_json_add_bool(j, o, "stable", p->stable);
    noc_json_add_bool(j, o, "converged", p->converged);
    noc_json_add_num(j, o, "packets", (double)p->packets);
    noc_json_add_num(j, o, "cycles", (double)p->measured_cycles);
    noc_json_add_num(j, o, "cycles_run", (double)p->cycles_run);
    if (s->o.flow == NOC_SIM_DROP)
        add_r6(j, o, "drop_rate", p->drop_rate);
    if (s->adaptive) {
        add_r6(j, o, "hops_avg", p->hops_avg);
        noc_json_add_num(j, o, "nonminimal", (double)p->nonminimal);
    }
    if (s->o.flow == NOC_SIM_DEFLECT)
        noc_json_add_num(j, o, "deflections", (double)p->deflections);
    if (s->o.recover > 0)
        noc_json_add_num(j, o, "aborted", (double)p->aborted);
    if (s->o.recover > 0 || s->o.flow == NOC_SIM_DEFLECT) {
        noc_json_add_num(j, o, "flits_created", (double)p->flits_created);
        noc_json_add_num(j, o, "flits_injected", (double)p->flits_injected);
        noc_json_add_num(j, o, "flits_ejected", (double)p->flits_ejected);
        noc_json_add_num(j, o, "flits_dropped", (double)p->flits_dropped);
        noc_json_add_num(j, o, "flits_inflight", (double)p->flits_inflight);
        noc_json_add_num(j, o, "flits_queued", (double)p->flits_queued);
    }
    if (p->nflows > 0) {
        struct noc_json_node *fl = noc_json_add_array(j, o, "flows");
        for (int i = 0; i < p->nflows; i++) {
            const struct noc_sim_flowstat *f = &p->flows[i];
            struct noc_json_node *e = noc_json_add_object(j, fl, NULL);
            noc_json_add_str(j, e, "src", term_label(s, labels, f->src));
            noc_json_add_str(j, e, "dst", term_label(s, labels, f->dst));
            add_r6(j, e, "offered", f->offered);
            add_r6(j, e, "accepted", f->accepted);
            add_r6(j, e, "latency_avg", f->latency_avg);
            noc_json_add_num(j, e, "packets", (double)f->packets);
        }
    }
    if (p->util) {
        struct noc_json_node *ch = noc_json_add_array(j, o, "channels");
        for (int c = 0; c < p->nch; c++) {
            struct noc_json_node *e = noc_json_add_object(j, ch, NULL);
            noc_json_add_str(j, e, "from", s->t->nodes[s->t->ch[c].src].name);
            noc_json_add_str(j, e, "to", s->t->nodes[s->t->ch[c].dst].name);
            add_r6(j, e, "utilization", p->util[c]);
        }
    }
}

int noc_sim_result_to_json(const struct noc_sim *s, const struct noc_sim_result *r,
                           const char *topo_name, const char *const *labels,
                           struct noc_buf *out, struct noc_ctx *ctx)
{
    char pk[64];
    struct noc_json *j = noc_json_new();
    struct noc_json_node *o = noc_json_root(j);
    packet_desc(&s->o, pk, sizeof pk);
    noc_json_add_str(j, o, "topology", topo_name ? topo_name : "");
    noc_json_add_str(j, o, "traffic", s->tr->name ? s->tr->name : "");
    noc_json_add_str(j, o, "routing", noc_routing_name(s->routing));
    noc_json_add_str(j, o, "flow", noc_sim_flow_name(s->o.flow));
    noc_json_add_str(j, o, "inject", noc_sim_inject_name(s->o.inject));
    noc_json_add_num(j, o, "vcs", s->o.flow == NOC_SIM_DROP ? 1 : s->o.vcs);
    noc_json_add_num(j, o, "buf", s->o.buf);
    noc_json_add_str(j, o, "packet", pk);
    noc_json_add_num(j, o, "router_delay", s->o.router_delay);
    noc_json_add_num(j, o, "seed", (double)s->o.seed);
    struct noc_json_node *pts = noc_json_add_array(j, o, "points");
    for (int i = 0; i < r->npoints; i++)
        point_json(s, &r->points[i], labels, j, pts);
    add_r6(j, o, "saturation", r->saturation);
    if (isnan(r->saturation))
        noc_json_add_null(j, o, "saturation_found");
    else
        noc_json_add_bool(j, o, "saturation_found", r->saturation_found);
    add_r6(j, o, "zero_load_latency", r->zero_load_latency);
    noc_json_add_bool(j, o, "zero_load_exact", r->zero_load_exact);
    int rc = noc_json_print(j, out, ctx);
    noc_json_free(j);
    return rc;
}

static void fmt_num(char *b, size_t n, double v, int prec)
{
    if (isfinite(v))
        snprintf(b, n, "%.*f", prec, v);
    else
        snprintf(b, n, "-");
}

int noc_sim_result_to_text(const struct noc_sim *s, const struct noc_sim_result *r,
                           const char *topo_name, const char *const *labels,
                           struct noc_buf *out, struct noc_ctx *ctx)
{
    char pk[64], a[32], b[32], c[32], d[32];
    packet_desc(&s->o, pk, sizeof pk);
    noc_buf_printf(out, "topology   %s\ntraffic    %s\nrouting    %s\n", topo_name ? topo_name : "",
                   s->tr->name ? s->tr->name : "", noc_routing_name(s->routing));
    if (s->o.flow == NOC_SIM_DEFLECT)
        noc_buf_printf(out, "flow       deflect (bufferless), packets %s, %s injection, router delay %d\n\n", pk,
                       noc_sim_inject_name(s->o.inject), s->o.router_delay);
    else
        noc_buf_printf(out, "flow       %s%s, %d VC%s x %d flits, packets %s, %s injection, router delay %d\n\n",
                       noc_sim_flow_name(s->o.flow), s->o.resend ? " (resend)" : "",
                       s->o.flow == NOC_SIM_DROP ? 1 : s->o.vcs,
                       s->o.flow == NOC_SIM_DROP || s->o.vcs == 1 ? "" : "s", s->o.buf, pk,
                       noc_sim_inject_name(s->o.inject), s->o.router_delay);
    noc_buf_printf(out, "%9s %9s %11s %11s %7s%s%s%s%s\n", "offered", "accepted", "latency", "p99", "stable",
                   s->o.flow == NOC_SIM_DROP ? "   dropped" : "", s->adaptive ? "      hops nonminimal" : "",
                   s->o.flow == NOC_SIM_DEFLECT ? " deflections" : "", s->o.recover > 0 ? "   aborted" : "");
    for (int i = 0; i < r->npoints; i++) {
        const struct noc_sim_point *p = &r->points[i];
        fmt_num(a, sizeof a, p->offered, 4);
        fmt_num(b, sizeof b, p->accepted, 4);
        fmt_num(c, sizeof c, p->latency_avg, 2);
        fmt_num(d, sizeof d, p->latency_p99, 0);
        noc_buf_printf(out, "%9s %9s %11s %11s %7s", a, b, c, d, p->stable ? "yes" : "no");
        if (s->o.flow == NOC_SIM_DROP)
            noc_buf_printf(out, " %9.4f", p->drop_rate);
        if (s->adaptive)
            noc_buf_printf(out, " %9.3f %10lld", p->hops_avg, p->nonminimal);
        if (s->o.flow == NOC_SIM_DEFLECT)
            noc_buf_printf(out, " %11lld", p->deflections);
        if (s->o.recover > 0)
            noc_buf_printf(out, " %9lld", p->aborted);
        noc_buf_printf(out, "\n");
    }
    noc_buf_printf(out, "\n");
    if (!isnan(r->saturation))
        noc_buf_printf(out, "saturation         %.4f%s\n", r->saturation,
                       r->saturation_found ? "" : " (every load was stable: a lower bound)");
    noc_buf_printf(out, "zero-load latency  %.2f cycles%s\n", r->zero_load_latency,
                   r->zero_load_exact ? "" : " (estimated from sampled paths)");
    for (int i = 0; i < r->npoints; i++) {
        const struct noc_sim_point *p = &r->points[i];
        if (p->nflows > 0) {
            noc_buf_printf(out, "\nflows at offered %.4f:\n%-16s %-16s %9s %9s %11s %9s\n", p->offered,
                           "src", "dst", "offered", "accepted", "latency", "packets");
            for (int k = 0; k < p->nflows; k++) {
                const struct noc_sim_flowstat *f = &p->flows[k];
                fmt_num(c, sizeof c, f->latency_avg, 2);
                noc_buf_printf(out, "%-16s %-16s %9.4f %9.4f %11s %9ld\n", term_label(s, labels, f->src),
                               term_label(s, labels, f->dst), f->offered, f->accepted, c, f->packets);
            }
        }
        if (p->util) {
            noc_buf_printf(out, "\nchannel utilisation at offered %.4f (router-to-router):\n", p->offered);
            for (int ch = 0; ch < p->nch; ch++)
                if (noc_topo_is_rr(s->t, ch))
                    noc_buf_printf(out, "  %-12s -> %-12s %.4f\n", s->t->nodes[s->t->ch[ch].src].name,
                                   s->t->nodes[s->t->ch[ch].dst].name, p->util[ch]);
        }
    }
    return out->failed ? noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory") : NOC_OK;
}
