/* Metrics output: the JSON object of INTERFACE 3.2 (cJSON) and an aligned
 * text table, optionally with the per-channel loads. */
#include "nocsyn/eval.h"

#include "nocsyn/topo.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rounds to 12 significant digits: floating-point noise of the sums (1e-15
 * relative) is not reported, so 4.0000000000000009 prints as 4. */
static double r12(double v)
{
    return noc_round_digits(v, 12);
}

/* Adds a number, or null when it is NaN / infinite.  NULL on no memory. */
static cJSON *add_num(cJSON *o, const char *key, double v)
{
    return isfinite(v) ? cJSON_AddNumberToObject(o, key, r12(v)) : cJSON_AddNullToObject(o, key);
}

static cJSON *add_trio(cJSON *o, const char *key, double mn, double mx, double avg)
{
    cJSON *s = cJSON_AddObjectToObject(o, key);
    if (!s)
        return NULL;
    if (!add_num(s, "min", mn) || !add_num(s, "max", mx) || !add_num(s, "avg", avg))
        return NULL;
    return s;
}

static cJSON *add_tri(cJSON *o, const char *key, int v)
{
    return v < 0 ? cJSON_AddNullToObject(o, key) : cJSON_AddBoolToObject(o, key, v != 0);
}

/* "parameters": eval --params (struct noc_topo_params). */
static int params_json(const struct noc_topo_params *p, cJSON *o)
{
    cJSON *q = cJSON_AddObjectToObject(o, "parameters");
    if (!q || !add_trio(q, "in_degree", p->in_min, p->in_max, p->in_avg) ||
        !add_trio(q, "out_degree", p->out_min, p->out_max, p->out_avg))
        return -1;
    cJSON *s = cJSON_AddObjectToObject(q, "symmetry");
    if (!s || !add_tri(s, "vertex_transitive", p->vertex_transitive) ||
        !add_tri(s, "edge_transitive", p->edge_transitive) ||
        !cJSON_AddStringToObject(s, "method", "exact automorphism search (null: not decided)"))
        return -1;
    cJSON *b = cJSON_AddObjectToObject(q, "bandwidth");
    if (!b || !add_num(b, "link_width_bits", p->width > 0 ? p->width : NAN) ||
        !add_num(b, "freq_mhz", p->freq_mhz > 0 ? p->freq_mhz : NAN) ||
        !add_num(b, "channel_mbps", p->channel_mbps) || !add_num(b, "port_mbps", p->port_mbps) ||
        !add_num(b, "aggregate_mbps", p->aggregate_mbps) ||
        !add_num(b, "all_channels_mbps", p->channels_mbps) ||
        !add_num(b, "wire_bisection", p->bisection_wires) ||
        !add_num(b, "bisection_mbps", p->bisection_mbps))
        return -1;
    if (p->cut_side > 0) {
        cJSON *c = cJSON_AddObjectToObject(q, "cut");
        if (!c || !cJSON_AddNumberToObject(c, "min_side", p->cut_side) ||
            !cJSON_AddNumberToObject(c, "links", p->cut_links) ||
            !cJSON_AddBoolToObject(c, "exact", p->cut_exact != 0))
            return -1;
    }
    return 0;
}

static int build(const struct noc_metrics *m, cJSON *o)
{
    int ok = cJSON_AddStringToObject(o, "topology", m->topology) &&
             cJSON_AddStringToObject(o, "traffic", m->traffic) &&
             cJSON_AddStringToObject(o, "routing", m->routing) &&
             cJSON_AddNumberToObject(o, "routers", m->routers) &&
             cJSON_AddNumberToObject(o, "terminals", m->terminals) &&
             cJSON_AddNumberToObject(o, "links", m->links) &&
             cJSON_AddNumberToObject(o, "channels", m->channels) &&
             add_trio(o, "degree", m->degree_min, m->degree_max, m->degree_avg) &&
             add_trio(o, "radix", m->radix_min, m->radix_max, m->radix_avg) &&
             cJSON_AddNumberToObject(o, "diameter", m->diameter);
    if (!ok)
        return -1;
    cJSON *h = cJSON_AddObjectToObject(o, "hops");
    if (!h || !add_num(h, "avg", m->hops_avg) ||
        !add_num(h, "avg_excl_self", m->hops_avg_excl_self) ||
        !(m->hops_max >= 0 ? cJSON_AddNumberToObject(h, "max", m->hops_max)
                           : cJSON_AddNullToObject(h, "max")))
        return -1;
    if (!add_num(o, "max_channel_load", m->max_channel_load) ||
        (!isnan(m->max_port_load) && !add_num(o, "max_port_load", m->max_port_load)) ||
        !add_num(o, "throughput", m->throughput))
        return -1;
    cJSON *pd = cJSON_AddObjectToObject(o, "path_diversity");
    if (!pd || !add_num(pd, "avg", m->pd_avg) || !add_num(pd, "min", m->pd_min) ||
        !add_num(pd, "max", m->pd_max))
        return -1;
    if (isinf(m->pd_max) && !add_num(pd, "log10_max", m->pd_log10_max))
        return -1;
    if (m->bisection_links >= 0) {
        cJSON *b = cJSON_AddObjectToObject(o, "bisection");
        if (!b || !cJSON_AddNumberToObject(b, "links", m->bisection_links) ||
            !cJSON_AddBoolToObject(b, "exact", m->bisection_exact != 0))
            return -1;
    } else if (!cJSON_AddNullToObject(o, "bisection")) {
        return -1;
    }
    if (!(m->deadlock_free >= 0 ? cJSON_AddBoolToObject(o, "deadlock_free", m->deadlock_free != 0)
                                : cJSON_AddNullToObject(o, "deadlock_free")))
        return -1;
    if (!add_num(o, "wire_length_mm", m->wire_length_mm))
        return -1;
    if (m->unit_mbps > 0 &&
        (!add_num(o, "max_channel_load_mbps", m->max_channel_load_mbps) ||
         (!isnan(m->max_utilization) && !add_num(o, "max_utilization", m->max_utilization))))
        return -1;
    if (m->params && params_json(m->params, o) != 0)
        return -1;
    return 0;
}

struct cJSON *noc_metrics_json_object(const struct noc_metrics *m, struct noc_ctx *ctx)
{
    cJSON *o = cJSON_CreateObject();
    if (!o || build(m, o) != 0) {
        cJSON_Delete(o);
        noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory building the metrics JSON");
        return NULL;
    }
    return o;
}

static int loads_json(const struct noc_metrics *m, const struct noc_topo *t, cJSON *o)
{
    cJSON *arr = cJSON_AddArrayToObject(o, "channel_loads");
    if (!arr)
        return -1;
    for (int e = 0; e < m->nch; e++) {
        cJSON *c = cJSON_CreateObject();
        if (!c)
            return -1;
        cJSON_AddItemToArray(arr, c);
        double cap = m->capacity ? m->capacity[e] : 0;
        if (!cJSON_AddStringToObject(c, "from", t->nodes[t->ch[e].src].name) ||
            !cJSON_AddStringToObject(c, "to", t->nodes[t->ch[e].dst].name) ||
            !add_num(c, "load", m->load[e]) ||
            (m->unit_mbps > 0 && !add_num(c, "load_mbps", m->load[e] * m->unit_mbps)) ||
            (m->unit_mbps > 0 && cap > 0 &&
             !add_num(c, "utilization", m->load[e] * m->unit_mbps / cap)))
            return -1;
    }
    return 0;
}

static int json_out(const struct noc_metrics *m, const struct noc_topo *t, int flags,
                    struct noc_buf *out, struct noc_ctx *ctx)
{
    cJSON *o = noc_metrics_json_object(m, ctx);
    if (!o)
        return NOC_ENOMEM;
    char *txt = NULL;
    if (((flags & NOC_METRICS_LOADS) && loads_json(m, t, o) != 0) || !(txt = cJSON_Print(o))) {
        cJSON_Delete(o);
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory printing the metrics JSON");
    }
    noc_buf_append(out, txt, strlen(txt));
    noc_buf_append(out, "\n", 1);
    free(txt);
    cJSON_Delete(o);
    return out->failed ? noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory") : NOC_OK;
}

/* ---- text */

static void label(struct noc_buf *b, const char *name)
{
    noc_buf_printf(b, "%-18s", name);
}

/* A number, or "-" for NaN / inf. */
static void num(struct noc_buf *b, double v)
{
    if (isfinite(v))
        noc_buf_num(b, r12(v));
    else
        noc_buf_append(b, "-", 1);
}

/* A labelled line "min A  max B  avg C". */
static void min_max_avg(struct noc_buf *b, const char *name, int mn, int mx, double avg)
{
    label(b, name);
    noc_buf_printf(b, "min %d  max %d  avg ", mn, mx);
    num(b, avg);
    noc_buf_append(b, "\n", 1);
}

/* A number (as num) followed by the text `then`. */
static void num_then(struct noc_buf *b, double v, const char *then)
{
    num(b, v);
    noc_buf_append(b, then, strlen(then));
}

static const char *tri(int v)
{
    return v < 0 ? "unknown" : v ? "yes" : "no";
}

static void params_text(const struct noc_topo_params *p, struct noc_buf *b)
{
    min_max_avg(b, "in-degree", p->in_min, p->in_max, p->in_avg);
    min_max_avg(b, "out-degree", p->out_min, p->out_max, p->out_avg);
    label(b, "symmetry");
    noc_buf_printf(b, "vertex-transitive %s  edge-transitive %s  (exact automorphism search)\n",
                   tri(p->vertex_transitive), tri(p->edge_transitive));
    if (p->cut_side > 0) {
        label(b, "cut");
        noc_buf_printf(b, "%d links with each side >= %d terminals (%s)\n", p->cut_links, p->cut_side,
                       p->cut_exact ? "exact" : "METIS upper bound");
    }
    label(b, "bandwidth");
    if (!isfinite(p->channel_mbps)) {
        noc_buf_printf(b, "- (give --link-width and --freq)\n");
        return;
    }
    noc_buf_printf(b, "w = ");
    num_then(b, p->width, " bits at ");
    num_then(b, p->freq_mhz, " MHz: channel/port ");
    num_then(b, p->channel_mbps, " MB/s, aggregate ");
    num_then(b, p->aggregate_mbps, " MB/s\n");
    label(b, "bisection bw");
    if (p->bisection_links < 0) {
        noc_buf_printf(b, "- (bisection not computed)\n");
        return;
    }
    noc_buf_printf(b, "B = b x w = %d x ", p->bisection_links);
    num_then(b, p->width, " = ");
    num_then(b, p->bisection_wires, " wires; ");
    num_then(b, p->bisection_mbps, " MB/s (both directions)\n");
}

static void text_out(const struct noc_metrics *m, struct noc_buf *b)
{
    label(b, "topology");
    noc_buf_printf(b, "%s\n", m->topology[0] ? m->topology : "-");
    label(b, "traffic");
    noc_buf_printf(b, "%s\n", m->traffic);
    label(b, "routing");
    noc_buf_printf(b, "%s\n", m->routing);
    label(b, "routers");
    noc_buf_printf(b, "%d\n", m->routers);
    label(b, "terminals");
    noc_buf_printf(b, "%d\n", m->terminals);
    label(b, "links");
    noc_buf_printf(b, "%d  (channels %d)\n", m->links, m->channels);
    min_max_avg(b, "degree", m->degree_min, m->degree_max, m->degree_avg);
    min_max_avg(b, "radix", m->radix_min, m->radix_max, m->radix_avg);
    label(b, "diameter");
    if (m->diameter >= 0)
        noc_buf_printf(b, "%d hop%s\n", m->diameter, m->diameter == 1 ? "" : "s");
    else
        noc_buf_printf(b, "- (some terminal pair is disconnected)\n");
    label(b, "hops");
    noc_buf_printf(b, "avg ");
    num_then(b, m->hops_avg, "  avg excl. self ");
    num_then(b, m->hops_avg_excl_self, "  max ");
    if (m->hops_max >= 0)
        noc_buf_printf(b, "%d", m->hops_max);
    else
        noc_buf_append(b, "-", 1);
    noc_buf_append(b, "\n", 1);
    label(b, "max channel load");
    num_then(b, m->max_channel_load, "  (throughput ");
    num_then(b, m->throughput, " of injection)\n");
    if (!isnan(m->max_port_load)) {
        label(b, "max port load");
        num_then(b, m->max_port_load, "  (shared concentrator ports)\n");
    }
    if (m->unit_mbps > 0) {
        label(b, "max load MB/s");
        num(b, m->max_channel_load_mbps);
        if (!isnan(m->max_utilization)) {
            noc_buf_printf(b, "  (utilization ");
            num(b, m->max_utilization);
            noc_buf_append(b, ")", 1);
        }
        noc_buf_append(b, "\n", 1);
    }
    label(b, "path diversity");
    noc_buf_printf(b, "avg ");
    num_then(b, m->pd_avg, "  min ");
    num_then(b, m->pd_min, "  max ");
    if (isinf(m->pd_max))
        noc_buf_printf(b, "1e%.3f", m->pd_log10_max);
    else
        num(b, m->pd_max);
    noc_buf_append(b, "\n", 1);
    label(b, "bisection");
    if (m->bisection_links >= 0)
        noc_buf_printf(b, "%d links (%s)\n", m->bisection_links,
                       m->bisection_exact ? "exact" : "METIS upper bound");
    else
        noc_buf_printf(b, "not computed\n");
    label(b, "deadlock free");
    if (m->deadlock_free >= 0)
        noc_buf_printf(b, "%s (%d VC%s)\n", m->deadlock_free ? "yes" : "no", m->vcs,
                       m->vcs == 1 ? "" : "s");
    else
        noc_buf_printf(b, "- (not a deterministic routing)\n");
    label(b, "wire length");
    if (isfinite(m->wire_length_mm)) {
        num_then(b, m->wire_length_mm, " mm\n");
    } else {
        noc_buf_printf(b, "- (positions unknown)\n");
    }
    if (m->params)
        params_text(m->params, b);
}

static void loads_text(const struct noc_metrics *m, const struct noc_topo *t, struct noc_buf *b)
{
    int wf = 4, wt = 2;
    for (int e = 0; e < m->nch; e++) {
        if (!noc_topo_is_rr(t, e))
            continue;
        int a = (int)strlen(t->nodes[t->ch[e].src].name), c = (int)strlen(t->nodes[t->ch[e].dst].name);
        if (a > wf)
            wf = a;
        if (c > wt)
            wt = c;
    }
    noc_buf_printf(b, "\nrouter-to-router channel loads\n%-*s    %-*s  %12s", wf, "from", wt, "to", "load");
    if (m->unit_mbps > 0)
        noc_buf_printf(b, "  %12s", "MB/s");
    if (m->unit_mbps > 0 && m->capacity)
        noc_buf_printf(b, "  %11s", "utilization");
    noc_buf_append(b, "\n", 1);
    for (int e = 0; e < m->nch; e++) {
        if (!noc_topo_is_rr(t, e))
            continue;
        noc_buf_printf(b, "%-*s -> %-*s  %12.6g", wf, t->nodes[t->ch[e].src].name, wt,
                       t->nodes[t->ch[e].dst].name, r12(m->load[e]));
        if (m->unit_mbps > 0)
            noc_buf_printf(b, "  %12.6g", r12(m->load[e] * m->unit_mbps));
        if (m->unit_mbps > 0 && m->capacity) {
            if (m->capacity[e] > 0)
                noc_buf_printf(b, "  %11.4f", m->load[e] * m->unit_mbps / m->capacity[e]);
            else
                noc_buf_printf(b, "  %11s", "-");
        }
        noc_buf_append(b, "\n", 1);
    }
}

int noc_metrics_write(const struct noc_metrics *m, const struct noc_topo *t, int format,
                      int flags, struct noc_buf *out, struct noc_ctx *ctx)
{
    if ((flags & NOC_METRICS_LOADS) && (!t || !m->load || t->nch != m->nch))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "channel loads need the evaluated topology");
    if (format == NOC_METRICS_JSON)
        return json_out(m, t, flags, out, ctx);
    if (format != NOC_METRICS_TEXT)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "unknown metrics format %d", format);
    text_out(m, out);
    if (flags & NOC_METRICS_LOADS)
        loads_text(m, t, out);
    return out->failed ? noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory") : NOC_OK;
}

int noc_metrics_to_json(const struct noc_metrics *m, struct noc_buf *out, struct noc_ctx *ctx)
{
    return noc_metrics_write(m, NULL, NOC_METRICS_JSON, 0, out, ctx);
}

int noc_metrics_to_text(const struct noc_metrics *m, struct noc_buf *out, struct noc_ctx *ctx)
{
    return noc_metrics_write(m, NULL, NOC_METRICS_TEXT, 0, out, ctx);
}
