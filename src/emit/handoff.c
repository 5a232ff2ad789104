/* Simulator and place-and-route hand-off files for a design (the LEF and
 * DEF are in lefdef.c):
 *   D.links.csv   per directed channel: length and the pipeline registers
 *                 it needs at the design's clock;
 *   D.table.csv   per router routing table (router,src,dst,next);
 *   D.booksim.cfg a BookSim2 configuration for D.anynet.
 * Wire delay model: an optimally repeated global wire has a delay roughly
 * linear in length; tech->wire_ps_mm (default 100 ps/mm, the order of
 * magnitude of repeated global wires in 65-45 nm: Ho, Mai and Horowitz,
 * "The future of wires", Proc. IEEE 89(4), 2001).  A link of delay t at
 * clock period T needs ceil(t / T) - 1 pipeline registers (0 when it fits
 * in one cycle). */
#include "nocsyn/emit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/route.h"
#include "nocsyn/synth.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"
#include "nocsyn/units.h"

int noc_design_links_csv(const struct noc_topo *t, const struct noc_layout *L, const struct noc_tech *tech,
                         struct noc_buf *b)
{
    noc_buf_printf(b, "src,dst,kind,length_mm,delay_ps,pipeline_stages\n");
    for (int c = 0; c < t->nch; c++) {
        const struct noc_channel *ch = &t->ch[c];
        double len = L->len_mm[c];
        noc_buf_printf(b, "%s,%s,%s,", t->nodes[ch->src].name, t->nodes[ch->dst].name,
                       noc_topo_is_rr(t, c) ? "link" : ch->src < t->nrouters ? "eject" : "inject");
        if (len < 0) {
            noc_buf_printf(b, ",,\n");
            continue;
        }
        noc_buf_num(b, len);
        noc_buf_printf(b, ",");
        noc_buf_num(b, noc_tech_wire_delay_ps(tech, len));
        noc_buf_printf(b, ",%d\n", L->stages[c]);
    }
    return b->failed ? NOC_ENOMEM : NOC_OK;
}

int noc_design_table_csv(const struct noc_topo *t, const struct noc_routing *rt, struct noc_buf *b,
                         struct noc_ctx *ctx)
{
    noc_buf_printf(b, "router,src,dst,next,vc_class\n");
    int rc = NOC_OK, *ch = NULL, *cls = NULL;
    size_t cap = 0, ccap = 0;
    for (int i = 0; i < t->nroutes && rc == NOC_OK; i++) {
        const struct noc_route *r = &t->routes[i];
        /* The route's channels: injection, router hops, ejection. */
        if ((rc = noc_grow(ctx, (void **)&ch, &cap, (size_t)r->len + 1, sizeof *ch)) != NOC_OK ||
            (rc = noc_grow(ctx, (void **)&cls, &ccap, (size_t)r->len + 1, sizeof *cls)) != NOC_OK)
            break;
        int n = 0;
        ch[n++] = noc_graph_find(&t->g, r->src, r->path[0]);
        for (int j = 0; j + 1 < r->len; j++)
            ch[n++] = noc_graph_find(&t->g, r->path[j], r->path[j + 1]);
        ch[n++] = noc_graph_find(&t->g, r->path[r->len - 1], r->dst);
        for (int j = 0; j < n; j++)
            cls[j] = 0;
        if (rt && (rc = noc_routing_path_classes(rt, ch, n, cls, ctx)) != NOC_OK)
            break;
        for (int j = 0; j < r->len; j++) {
            int next = j + 1 < r->len ? r->path[j + 1] : r->dst;
            noc_buf_printf(b, "%s,%s,%s,%s,%d\n", t->nodes[r->path[j]].name, t->nodes[r->src].name,
                           t->nodes[r->dst].name, t->nodes[next].name, cls[j + 1]);
        }
    }
    free(ch);
    free(cls);
    if (rc == NOC_OK && b->failed)
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing the routing tables");
    return rc;
}

/* The app's traffic as BookSim can hold it: every node injects at the
 * app's mean rate (packets of one flit per node per cycle), destinations
 * drawn with the app's per-destination shares (hotspot weights, integers
 * scaled so the largest is 1000).  0 when there is no app traffic. */
static int booksim_traffic(const struct noc_topo *t, const struct noc_app *app, struct noc_buf *b)
{
    if (!app || app->nflows == 0 || t->nterminals == 0)
        return 0;
    double *in = calloc((size_t)t->nterminals, sizeof *in), tot = 0, mx = 0;
    if (!in)
        return 0;
    for (int f = 0; f < app->nflows; f++) {
        int d = noc_topo_find(t, app->cores[app->flows[f].dst].name);
        if (d >= t->nrouters) {
            in[d - t->nrouters] += app->flows[f].bw;
            tot += app->flows[f].bw;
            mx = fmax(mx, in[d - t->nrouters]);
        }
    }
    if (!(tot > 0)) {
        free(in);
        return 0;
    }
    double width = t->link_width > 0 ? t->link_width : NOC_DEFAULT_LINK_WIDTH,
           freq = t->freq_mhz > 0 ? t->freq_mhz : NOC_DEFAULT_FREQ_MHZ;
    double rate = tot / (t->nterminals * width / 8 * freq);
    noc_buf_printf(b, "// Traffic: the app's %d flows, %.6g MB/s in all, as BookSim can express them:\n"
                      "// every node injects at the mean rate (%.6g MB/s over %d nodes, %.0f-bit flits at\n"
                      "// %.0f MHz) and picks destinations with the app's per-destination shares.\n"
                      "// LIMITS: BookSim has no traffic matrix: per-source rates and which source\n"
                      "// talks to which destination are lost (use `nocsyn sim` for the app's flows).\n",
                   app->nflows, tot, tot / t->nterminals, t->nterminals, width, freq);
    noc_buf_printf(b, "traffic = hotspot({{");
    int first = 1;
    for (int i = 0; i < t->nterminals; i++)
        if (in[i] > 0) {
            noc_buf_printf(b, "%s%d", first ? "" : ",", i);
            first = 0;
        }
    noc_buf_printf(b, "},{");
    first = 1;
    for (int i = 0; i < t->nterminals; i++)
        if (in[i] > 0) {
            long w = lround(in[i] / mx * 1000);
            noc_buf_printf(b, "%s%ld", first ? "" : ",", w < 1 ? 1 : w);
            first = 0;
        }
    noc_buf_printf(b, "}});\ninjection_rate = %.6g;\n", rate);
    free(in);
    return 1;
}

int noc_design_booksim_cfg(const struct noc_topo *t, const struct noc_app *app, const char *anynet_file,
                           struct noc_buf *b)
{
    noc_buf_printf(b,
                   "// BookSim2 configuration for %s, written by nocsyn %s.\n"
                   "// NOTE: BookSim's anynet routing (routing_function = min) takes shortest\n"
                   "// paths of its own; it does not use nocsyn's deadlock-free route tables\n"
                   "// (see the .table.csv file), so BookSim may deadlock where the design does not.\n"
                   "// Use `nocsyn sim` to simulate with the design's own routes.\n"
                   "// Link latencies: in the anynet file (cycles = 1 + pipeline registers of\n"
                   "// the .links.csv file, from the wire delay at the design's clock).\n"
                   "topology = anynet;\n"
                   "network_file = %s;\n"
                   "routing_function = min;\n"
                   "num_vcs = 4;\n"
                   "vc_buf_size = 8;\n"
                   "wait_for_tail_credit = 0;\n"
                   "vc_allocator = separable_input_first;\n"
                   "sw_allocator = separable_input_first;\n"
                   "alloc_iters = 1;\n"
                   "credit_delay = 2;\n"
                   "routing_delay = 0;\n"
                   "vc_alloc_delay = 1;\n"
                   "sw_alloc_delay = 1;\n"
                   "input_speedup = 1;\n"
                   "output_speedup = 1;\n"
                   "internal_speedup = 1.0;\n"
                   "packet_size = 1;\n"
                   "sim_type = latency;\n",
                   anynet_file, NOC_VERSION, anynet_file);
    if (!booksim_traffic(t, app, b))
        noc_buf_printf(b, "// No app traffic given: uniform random.\ntraffic = uniform;\ninjection_rate = 0.1;\n");
    return b->failed ? NOC_ENOMEM : NOC_OK;
}
