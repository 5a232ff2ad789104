/* Simulation results as JSON (INTERFACE 3.10, cJSON) and as a text table. */
#include "sim_int.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Statistical results: 6 significant digits. */
static double r6(double v)
{
    if (!isfinite(v) || v == 0)
        return v;
    char b[40];
    snprintf(b, sizeof b, "%.6g", v);
    return strtod(b, NULL);
}

static int add_num(cJSON *o, const char *key, double v)
{
    return (isfinite(v) ? cJSON_AddNumberToObject(o, key, r6(v)) : cJSON_AddNullToObject(o, key)) != NULL;
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

static int point_json(const struct noc_sim *s, const struct noc_sim_point *p,
                      const char *const *labels, cJSON *arr)
{
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(arr, o))
        return cJSON_Delete(o), -1;
    if (!add_num(o, "offered", p->offered) || !add_num(o, "accepted", p->accepted) ||
        !add_num(o, "latency_avg", p->latency_avg) || !add_num(o, "latency_p99", p->latency_p99) ||
        !cJSON_AddBoolToObject(o, "stable", p->stable) ||
        !cJSON_AddBoolToObject(o, "converged", p->converged) ||
        !cJSON_AddNumberToObject(o, "packets", (double)p->packets) ||
        !cJSON_AddNumberToObject(o, "cycles", (double)p->measured_cycles) ||
        !cJSON_AddNumberToObject(o, "cycles_run", (double)p->cycles_run))
        return -1;
    if (s->o.flow == NOC_SIM_DROP && !add_num(o, "drop_rate", p->drop_rate))
        return -1;
    if (s->adaptive && (!add_num(o, "hops_avg", p->hops_avg) ||
                        !cJSON_AddNumberToObject(o, "nonminimal", (double)p->nonminimal)))
        return -1;
    if (s->o.flow == NOC_SIM_DEFLECT && !cJSON_AddNumberToObject(o, "deflections", (double)p->deflections))
        return -1;
    if (s->o.recover > 0 && !cJSON_AddNumberToObject(o, "aborted", (double)p->aborted))
        return -1;
    if ((s->o.recover > 0 || s->o.flow == NOC_SIM_DEFLECT) &&
                            (!cJSON_AddNumberToObject(o, "flits_created", (double)p->flits_created) ||
                             !cJSON_AddNumberToObject(o, "flits_injected", (double)p->flits_injected) ||
                             !cJSON_AddNumberToObject(o, "flits_ejected", (double)p->flits_ejected) ||
                             !cJSON_AddNumberToObject(o, "flits_dropped", (double)p->flits_dropped) ||
                             !cJSON_AddNumberToObject(o, "flits_inflight", (double)p->flits_inflight) ||
                             !cJSON_AddNumberToObject(o, "flits_queued", (double)p->flits_queued)))
        return -1;
    if (p->nflows > 0) {
        cJSON *fl = cJSON_AddArrayToObject(o, "flows");
        if (!fl)
            return -1;
        for (int i = 0; i < p->nflows; i++) {
            const struct noc_sim_flowstat *f = &p->flows[i];
            cJSON *e = cJSON_CreateObject();
            if (!e || !cJSON_AddItemToArray(fl, e))
                return cJSON_Delete(e), -1;
            if (!cJSON_AddStringToObject(e, "src", term_label(s, labels, f->src)) ||
                !cJSON_AddStringToObject(e, "dst", term_label(s, labels, f->dst)) ||
                !add_num(e, "offered", f->offered) || !add_num(e, "accepted", f->accepted) ||
                !add_num(e, "latency_avg", f->latency_avg) ||
                !cJSON_AddNumberToObject(e, "packets", (double)f->packets))
                return -1;
        }
    }
    if (p->util) {
        cJSON *ch = cJSON_AddArrayToObject(o, "channels");
        if (!ch)
            return -1;
        for (int c = 0; c < p->nch; c++) {
            cJSON *e = cJSON_CreateObject();
            if (!e || !cJSON_AddItemToArray(ch, e))
                return cJSON_Delete(e), -1;
            if (!cJSON_AddStringToObject(e, "from", s->t->nodes[s->t->ch[c].src].name) ||
                !cJSON_AddStringToObject(e, "to", s->t->nodes[s->t->ch[c].dst].name) ||
                !add_num(e, "utilization", p->util[c]))
                return -1;
        }
    }
    return 0;
}

int noc_sim_result_to_json(const struct noc_sim *s, const struct noc_sim_result *r,
                           const char *topo_name, const char *const *labels,
                           struct noc_buf *out, struct noc_ctx *ctx)
{
    char pk[64];
    int ok;
    cJSON *o = cJSON_CreateObject();
    packet_desc(&s->o, pk, sizeof pk);
    ok = o && cJSON_AddStringToObject(o, "topology", topo_name ? topo_name : "") &&
         cJSON_AddStringToObject(o, "traffic", s->tr->name ? s->tr->name : "") &&
         cJSON_AddStringToObject(o, "routing", noc_routing_name(s->routing)) &&
         cJSON_AddStringToObject(o, "flow", noc_sim_flow_name(s->o.flow)) &&
         cJSON_AddStringToObject(o, "inject", noc_sim_inject_name(s->o.inject)) &&
         cJSON_AddNumberToObject(o, "vcs", s->o.flow == NOC_SIM_DROP ? 1 : s->o.vcs) &&
         cJSON_AddNumberToObject(o, "buf", s->o.buf) && cJSON_AddStringToObject(o, "packet", pk) &&
         cJSON_AddNumberToObject(o, "router_delay", s->o.router_delay) &&
         cJSON_AddNumberToObject(o, "seed", (double)s->o.seed);
    cJSON *pts = ok ? cJSON_AddArrayToObject(o, "points") : NULL;
    ok = ok && pts;
    for (int i = 0; ok && i < r->npoints; i++)
        ok = point_json(s, &r->points[i], labels, pts) == 0;
    ok = ok && add_num(o, "saturation", r->saturation) &&
         (isnan(r->saturation) ? cJSON_AddNullToObject(o, "saturation_found") != NULL
                               : cJSON_AddBoolToObject(o, "saturation_found", r->saturation_found) != NULL) &&
         add_num(o, "zero_load_latency", r->zero_load_latency) &&
         cJSON_AddBoolToObject(o, "zero_load_exact", r->zero_load_exact);
    char *txt = ok ? cJSON_Print(o) : NULL;
    cJSON_Delete(o);
    if (!txt)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing JSON");
    noc_buf_append(out, txt, strlen(txt));
    noc_buf_append(out, "\n", 1);
    free(txt);
    return out->failed ? noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory") : NOC_OK;
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
