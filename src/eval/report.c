/* Metrics output: the JSON object of docs/INTERFACE.md section 3.2 (nocsyn/json.h) and an aligned
 * text table, optionally with the per-channel loads. */
#include "nocsyn/eval.h"

#include "nocsyn/topo.h"

#include "nocsyn/json.h"
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

/* Adds a number rounded as r12, or null when it is NaN / infinite. */
static void add_num(struct noc_json *j, struct noc_json_node *o, const char *key, double v)
{
    noc_json_add_round(j, o, key, v, 12);
}

static void add_trio(struct noc_json *j, struct noc_json_node *o, const char *key, double mn, double mx,
                     double avg)
{
    struct noc_json_node *s = noc_json_add_object(j, o, key);
    add_num(j, s, "min", mn);
    add_num(j, s, "max", mx);
    add_num(j, s, "avg", avg);
}

static void add_tri(struct noc_json *j, struct noc_json_node *o, const char *key, int v)
{
    if (v < 0)
        noc_json_add_null(j, o, key);
    else
        noc_json_add_bool(j, o, key, v != 0);
}

/* "parameters": eval --params (struct noc_topo_params). */
static void params_json(const struct noc_topo_params *p, struct noc_json *j, struct noc_json_node *o)
{
    struct noc_json_node *q = noc_json_add_object(j, o, "parameters");
    add_trio(j, q, "in_degree", p->in_min, p->in_max, p->in_avg);
    add_trio(j, q, "out_degree", p->out_min, p->out_max, p->out_avg);
    struct noc_json_node *s = noc_json_add_object(j, q, "symmetry");
    add_tri(j, s, "vertex_transitive", p->vertex_transitive);
    add_tri(j, s, "edge_transitive", p->edge_transitive);
    noc_json_add_str(j, s, "method", "exact automorphism search (null: not decided)");
    struct noc_json_node *b = noc_json_add_object(j, q, "bandwidth");
    add_num(j, b, "link_width_bits", p->width > 0 ? p->width : NAN);
    add_num(j, b, "freq_mhz", p->freq_mhz > 0 ? p->freq_mhz : NAN);
    add_num(j, b, "channel_mbps", p->channel_mbps);
    add_num(j, b, "port_mbps", p->port_mbps);
    add_num(j, b, "aggregate_mbps", p->aggregate_mbps);
    add_num(j, b, "all_channels_mbps", p->channels_mbps);
    add_num(j, b, "wire_bisection", p->bisection_wires);
    add_num(j, b, "bisection_mbps", p->bisection_mbps);
    if (p->cut_side > 0) {
        struct noc_json_node *c = noc_json_add_object(j, q, "cut");
        noc_json_add_num(j, c, "min_side", p->cut_side);
        noc_json_add_num(j, c, "links", p->cut_links);
        noc_json_add_bool(j, c, "exact", p->cut_exact != 0);
    }
}

static void build(const struct noc_metrics *m, struct noc_json *j, struct noc_json_node *o)
{
    noc_json_add_str(j, o, "topology", m->topology);
    noc_json_add_str(j, o, "traffic", m->traffic);
    noc_json_add_str(j, o, "routing", m->routing);
    noc_json_add_num(j, o, "routers", m->routers);
    noc_json_add_num(j, o, "terminals", m->terminals);
    noc_json_add_num(j, o, "links", m->links);
    noc_json_add_num(j, o, "channels", m->channels);
    add_trio(j, o, "degree", m->degree_min, m->degree_max, m->degree_avg);
    add_trio(j, o, "radix", m->radix_min, m->radix_max, m->radix_avg);
    noc_json_add_num(j, o, "diameter", m->diameter);
    struct noc_json_node *h = noc_json_add_object(j, o, "hops");
    add_num(j, h, "avg", m->hops_avg);
    add_num(j, h, "avg_excl_self", m->hops_avg_excl_self);
    if (m->hops_max >= 0)
        noc_json_add_num(j, h, "max", m->hops_max);
    else
        noc_json_add_null(j, h, "max");
    add_num(j, o, "max_channel_load", m->max_channel_load);
    if (!isnan(m->max_port_load))
        add_num(j, o, "max_port_load", m->max_port_load);
    add_num(j, o, "throughput", m->throughput);
    struct noc_json_node *pd = noc_json_add_object(j, o, "path_diversity");
    add_num(j, pd, "avg", m->pd_avg);
    add_num(j, pd, "min", m->pd_min);
    add_num(j, pd, "max", m->pd_max);
    if (isinf(m->pd_max))
        add_num(j, pd, "log10_max", m->pd_log10_max);
    if (m->bisection_links >= 0) {
        struct noc_json_node *b = noc_json_add_object(j, o, "bisection");
        noc_json_add_num(j, b, "links", m->bisection_links);
        noc_json_add_bool(j, b, "exact", m->bisection_exact != 0);
    } else {
        noc_json_add_null(j, o, "bisection");
    }
    add_tri(j, o, "deadlock_free", m->deadlock_free);
    add_num(j, o, "wire_length_mm", m->wire_length_mm);
    if (m->unit_mbps > 0) {
        add_num(j, o, "max_channel_load_mbps", m->max_channel_load_mbps);
        if (!isnan(m->max_utilization))
            add_num(j, o, "max_utilization", m->max_utilization);
    }
    if (m->params)
        params_json(m->params, j, o);
}

struct noc_json *noc_metrics_json_object(const struct noc_metrics *m, struct noc_ctx *ctx)
{
    struct noc_json *j = noc_json_new();
    build(m, j, noc_json_root(j));
    if (noc_json_status(j, ctx) != NOC_OK) {
        noc_json_free(j);
        return NULL;
    }
    return j;
}

static void loads_json(const struct noc_metrics *m, const struct noc_topo *t, struct noc_json *j)
{
    struct noc_json_node *arr = noc_json_add_array(j, noc_json_root(j), "channel_loads");
    for (int e = 0; e < m->nch; e++) {
        struct noc_json_node *c = noc_json_add_object(j, arr, NULL);
        double cap = m->capacity ? m->capacity[e] : 0;
        noc_json_add_str(j, c, "from", t->nodes[t->ch[e].src].name);
        noc_json_add_str(j, c, "to", t->nodes[t->ch[e].dst].name);
        add_num(j, c, "load", m->load[e]);
        if (m->unit_mbps > 0)
            add_num(j, c, "load_mbps", m->load[e] * m->unit_mbps);
        if (m->unit_mbps > 0 && cap > 0)
            add_num(j, c, "utilization", m->load[e] * m->unit_mbps / cap);
    }
}

static int json_out(const struct noc_metrics *m, const struct noc_topo *t, int flags,
                    struct noc_buf *out, struct noc_ctx *ctx)
{
    struct noc_json *j = noc_metrics_json_object(m, ctx);
    if (!j)
        return NOC_ENOMEM;
    if (flags & NOC_METRICS_LOADS)
        loads_json(m, t, j);
    int rc = noc_json_print(j, out, ctx);
    noc_json_free(j);
    return rc;
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
