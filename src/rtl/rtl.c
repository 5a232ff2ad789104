/* nocsyn rtl: the generated top level (routers with their tables, links
 * with their pipeline stages, core ports) and the entry point. */
#include "rtl_int.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"
#include "nocsyn/units.h"

#include <stdlib.h>
#include <string.h>

#define RTL_MAX_FLOWS 4096
#define RTL_MAX_KEYBITS 14

void noc_rtl_opts_init(struct noc_rtl_opts *o)
{
    o->vcs = 2;
    o->buf = 4;
    o->router_delay = 3;
    o->credit_delay = 2;
    o->width = 0;
    o->pkt_len = 4;
    o->tb_packets = 8;
}

void noc_rtl_init(struct noc_rtl *r)
{
    memset(r, 0, sizeof *r);
    noc_buf_init(&r->top);
    noc_buf_init(&r->tb);
    noc_buf_init(&r->flows);
}

void noc_rtl_free(struct noc_rtl *r)
{
    noc_buf_free(&r->top);
    noc_buf_free(&r->tb);
    noc_buf_free(&r->flows);
    free(r->flow);
    memset(r, 0, sizeof *r);
}

static int bits_for(int n)
{
    int b = 1;
    while ((1L << b) < n)
        b++;
    return b;
}

static int check_opts(const struct noc_rtl_opts *o, struct noc_ctx *ctx)
{
    const char *bad = NULL;
    if (o->vcs < 1 || o->vcs > 16)
        bad = "--vcs must be 1..16";
    else if (o->buf < 1 || o->buf > 64)
        bad = "--buf must be 1..64 flits";
    else if (o->router_delay < 2 || o->router_delay > 16)
        bad = "--router-delay must be 2..16 cycles";
    else if (o->credit_delay < 0 || o->credit_delay > 16)
        bad = "--credit-delay must be 0..16 cycles";
    else if (o->width < 0 || o->width > 1024 || (o->width > 0 && o->width < 16))
        bad = "--width must be 16..1024 bits (the testbench's sequence numbers need 16)";
    else if (o->pkt_len < 1 || o->pkt_len > 64)
        bad = "--packet must be 1..64 flits";
    else if (o->tb_packets < 1 || o->tb_packets > 4096)
        bad = "--packets must be 1..4096";
    return bad ? noc_error(ctx, NOC_EINVAL, NULL, 0, "rtl: %s", bad) : NOC_OK;
}

/* The testbench's flows: tr's sparse entries of positive weight, or every
 * ordered pair of distinct terminals. */
static int list_flows(struct noc_rtl *r, const struct noc_topo *t, const struct noc_traffic *tr,
                      struct noc_ctx *ctx)
{
    int N = t->nterminals, all = !tr || tr->uniform > 0;
    long n = all ? (long)N * (N - 1) : tr->nent;
    if (n > RTL_MAX_FLOWS)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "rtl: %ld flows, more than the testbench's %d", n,
                         RTL_MAX_FLOWS);
    r->flow = noc_calloc(ctx, (size_t)n + 1, sizeof *r->flow);
    if (!r->flow)
        return NOC_ENOMEM;
    r->nflows = 0;
    if (all) {
        for (int s = 0; s < N; s++)
            for (int d = 0; d < N; d++)
                if (s != d)
                    r->flow[r->nflows++] = (struct noc_rtl_flow){s, d, 1, 0, 0};
    } else {
        for (int e = 0; e < tr->nent; e++)
            if (tr->ent[e].w > 0)
                r->flow[r->nflows++] = (struct noc_rtl_flow){tr->ent[e].s, tr->ent[e].d, tr->ent[e].w, 0, 0};
    }
    if (r->nflows == 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "rtl: the traffic has no flow");
    return NOC_OK;
}

/* "{cN_x, ..., c0_x}": channels ch[0..n) as a packed array, index 0 last. */
static void concat(struct noc_buf *b, const int *ch, int n, char end, const char *suffix)
{
    noc_buf_printf(b, "{");
    for (int i = n - 1; i >= 0; i--)
        noc_buf_printf(b, "c%d_%c%s%s", ch[i], end, suffix, i ? ", " : "}");
}

/* A router's five port connections on one side ("in": the channels' receive
 * ends 'r', "out": their send ends 's'), each the concatenation over ch. */
static void port_group(struct noc_buf *b, const char *side, char end, const int *ch, int n)
{
    static const char *const port[] = {"valid", "vc", "flit", "cr_valid", "cr_vc"};
    static const char *const sig[] = {"v", "vc", "f", "cv", "cc"};
    static const char *const sep[] = {"", ", ", ", ", ",\n        ", ", "};
    for (int k = 0; k < 5; k++) {
        noc_buf_printf(b, "%s.%s_%s(", sep[k], side, port[k]);
        concat(b, ch, n, end, sig[k]);
        noc_buf_printf(b, ")");
    }
}

/* The routing table of router u as a hex literal (entry k = {cls, port}). */
static void table_hex(struct noc_buf *b, const struct rtl_design *d, int u, int opw)
{
    int N = d->N, kw = d->srckey[u] ? 2 * d->TW : d->TW, ew = opw + 1;
    long entries = 1L << kw, nbits = entries * ew, ndig = (nbits + 3) / 4;
    noc_buf_printf(b, "%ld'h", nbits);
    for (long dig = ndig - 1; dig >= 0; dig--) {
        int val = 0;
        for (int bit = 3; bit >= 0; bit--) {
            long pos = dig * 4 + bit, k = pos / ew;
            int sub = (int)(pos % ew), s = d->srckey[u] ? (int)(k >> d->TW) : 0, dst = (int)(k & ((1L << d->TW) - 1));
            int on = 0;
            if (pos < nbits && s < N && dst < N) {
                int s0 = d->srckey[u] ? s : 0, s1 = d->srckey[u] ? s + 1 : N;
                for (int ss = s0; ss < s1; ss++) { /* dst-keyed: any source's entry */
                    size_t at = (size_t)u * N * N + (size_t)ss * N + dst;
                    if (!d->port[at])
                        continue;
                    int e = (d->port[at] - 1) | d->cls[at] << opw;
                    on = (e >> sub) & 1;
                    break;
                }
            }
            val = val << 1 | on;
        }
        noc_buf_printf(b, "%x", val);
    }
}

static void emit_router(struct noc_buf *b, const struct rtl_design *d, int u)
{
    const struct noc_topo *t = d->t;
    const struct noc_graph *g = &t->g;
    int nin = g->in_off[u + 1] - g->in_off[u], nout = g->off[u + 1] - g->off[u];
    int opw = nout > 1 ? bits_for(nout) : 1;
    const int *in = g->in_edge + g->in_off[u];
    int out[256];
    noc_buf_printf(b, "    // router %s: %d inputs, %d outputs, table keyed by %s\n", t->nodes[u].name, nin,
                   nout, d->srckey[u] ? "(source, destination)" : "destination");
    noc_buf_printf(b, "    nocsyn_router #(.NIN(%d), .NOUT(%d), .V(V), .BUF(%d), .D(%d), .TW(TW), .W(W), "
                      ".NCLS(%d), .SRCKEY(%d),\n        .EJ(%d'b", nin, nout, d->o->buf, d->o->router_delay,
                   d->ncls, d->srckey[u], nout);
    for (int o = nout - 1; o >= 0; o--) {
        out[o] = g->off[u] + o;
        noc_buf_printf(b, "%d", noc_topo_is_router(t, g->dst[g->off[u] + o]) ? 0 : 1);
    }
    noc_buf_printf(b, "),\n        .RT(");
    table_hex(b, d, u, opw);
    noc_buf_printf(b, ")\n    ) r%d (\n        .clk, .rst_n,\n        ", u);
    port_group(b, "in", 'r', in, nin);
    noc_buf_printf(b, ",\n        ");
    port_group(b, "out", 's', out, nout);
    noc_buf_printf(b, "\n    );\n");
}

static void emit_top(const struct rtl_design *d, struct noc_rtl *r)
{
    const struct noc_topo *t = d->t;
    struct noc_buf *b = &r->top;
    int stages = 0;
    for (int c = 0; c < t->nch; c++)
        stages += d->lat[c] - 1;
    noc_buf_printf(b, "// nocsyn_top: generated by `nocsyn rtl` from design '%s': %d routers, %d terminals,\n"
                      "// %d channels (%d link pipeline stages), routing %s, %d VC class%s.\n"
                      "// Core ports are indexed by terminal (flows.csv names them); a core\n"
                      "// injects flits {head, tail, src, dst, data} on inj_* and gets credits\n"
                      "// back on inj_cr_*; ej_* delivers (terminals always accept).\n",
                   t->name ? t->name : "", d->R, d->N, t->nch, stages, noc_routing_name(r->routing),
                   d->ncls, d->ncls == 1 ? "" : "es");
    noc_buf_printf(b, "module nocsyn_top #(\n    parameter int NT = %d,\n    parameter int TW = %d,\n"
                      "    parameter int W = %d,\n    parameter int V = %d,\n    parameter int VW = %d,\n"
                      "    parameter int FW = %d\n) (\n",
                   d->N, d->TW, d->W, d->V, d->VW, d->FW);
    noc_buf_printf(b, "    input  logic                  clk,\n    input  logic                  rst_n,\n"
                      "    input  logic [NT-1:0]         inj_valid,\n    input  logic [NT*VW-1:0]      inj_vc,\n"
                      "    input  logic [NT*FW-1:0]      inj_flit,\n    output logic [NT-1:0]         inj_cr_valid,\n"
                      "    output logic [NT*VW-1:0]      inj_cr_vc,\n    output logic [NT-1:0]         ej_valid,\n"
                      "    output logic [NT*VW-1:0]      ej_vc,\n    output logic [NT*FW-1:0]      ej_flit\n);\n");
    for (int c = 0; c < t->nch; c++) {
        int cs = d->lat[c] + d->o->credit_delay - 2;
        noc_buf_printf(b, "    // channel %d: %s -> %s, %d cycle%s\n", c, t->nodes[t->ch[c].src].name,
                       t->nodes[t->ch[c].dst].name, d->lat[c], d->lat[c] == 1 ? "" : "s");
        noc_buf_printf(b, "    logic c%d_sv, c%d_rv, c%d_scv, c%d_rcv;\n    logic [VW-1:0] c%d_svc, c%d_rvc, c%d_scc, "
                          "c%d_rcc;\n    logic [FW-1:0] c%d_sf, c%d_rf;\n",
                       c, c, c, c, c, c, c, c, c, c);
        noc_buf_printf(b, "    nocsyn_link #(.WIDTH(VW + FW), .CWIDTH(VW), .STAGES(%d), .CSTAGES(%d)) l%d (\n"
                          "        .clk, .rst_n, .in_valid(c%d_sv), .in_data({c%d_svc, c%d_sf}),\n"
                          "        .out_valid(c%d_rv), .out_data({c%d_rvc, c%d_rf}),\n"
                          "        .cr_in_valid(c%d_rcv), .cr_in_vc(c%d_rcc), .cr_out_valid(c%d_scv), .cr_out_vc(c%d_scc));\n",
                       d->lat[c] - 1, cs > 0 ? cs : 0, c, c, c, c, c, c, c, c, c, c, c);
    }
    for (int i = 0; i < d->N; i++) {
        int ci = d->inj[i], ce = d->ej[i];
        noc_buf_printf(b, "    // terminal %d: %s\n", i, t->nodes[noc_topo_term_node(t, i)].name);
        noc_buf_printf(b, "    assign c%d_sv = inj_valid[%d];\n    assign c%d_svc = inj_vc[%d * VW +: VW];\n"
                          "    assign c%d_sf = inj_flit[%d * FW +: FW];\n    assign inj_cr_valid[%d] = c%d_scv;\n"
                          "    assign inj_cr_vc[%d * VW +: VW] = c%d_scc;\n",
                       ci, i, ci, i, ci, i, i, ci, i, ci);
        noc_buf_printf(b, "    assign ej_valid[%d] = c%d_rv;\n    assign ej_vc[%d * VW +: VW] = c%d_rvc;\n"
                          "    assign ej_flit[%d * FW +: FW] = c%d_rf;\n    assign c%d_rcv = 1'b0;\n    assign c%d_rcc = '0;\n",
                       i, ce, i, ce, i, ce, ce, ce);
    }
    for (int u = 0; u < d->R; u++)
        emit_router(b, d, u);
    noc_buf_printf(b, "endmodule\n");
}

int noc_rtl_generate(struct noc_rtl *r, const struct noc_topo *t, const struct noc_tech *tech,
                     const struct noc_traffic *tr, const struct noc_rtl_opts *o, struct noc_ctx *ctx)
{
    struct rtl_design d;
    int rc;
    memset(&d, 0, sizeof d);
    noc_rtl_free(r);
    noc_rtl_init(r);
    if ((rc = check_opts(o, ctx)) != NOC_OK)
        return rc;
    if (t->nterminals < 1 || t->nrouters < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "rtl: the design has no %s",
                         t->nrouters < 1 ? "router" : "terminal");
    if (noc_topo_shared_ports(t) > 0)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "rtl: shared concentrator ports (shared_port=1) are not generated; use private ports");
    for (int c = 0; c < t->nch; c++) /* the links carry a flit a cycle: no slower channel is generated */
        if (noc_topo_channel_gap(t, c) > 1)
            return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                             "rtl: channel '%s' -> '%s' carries a flit every %d cycles (its capacity_mbps, a D2D "
                             "module narrower than the link); the generated links carry one a cycle",
                             t->nodes[t->ch[c].src].name, t->nodes[t->ch[c].dst].name, noc_topo_channel_gap(t, c));
    d.t = t;
    d.o = o;
    d.N = t->nterminals;
    d.R = t->nrouters;
    d.V = o->vcs;
    d.W = o->width > 0 ? o->width : t->link_width >= 16 ? (int)t->link_width : NOC_DEFAULT_LINK_WIDTH;
    d.TW = bits_for(d.N);
    d.VW = d.V > 1 ? bits_for(d.V) : 1;
    d.FW = 2 + 2 * d.TW + d.W;
    for (int u = 0; u < d.R; u++) {
        int nin = t->g.in_off[u + 1] - t->g.in_off[u], nout = t->g.off[u + 1] - t->g.off[u];
        if (nin < 1 || nout < 1 || nout > 256)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "rtl: router '%s' has %d inputs and %d outputs (1..256 each)",
                             t->nodes[u].name, nin, nout);
    }
    NOC_CHECK(list_flows(r, t, tr, ctx));
    NOC_CHECK(noc_rtl_route(&d, r, tech, ctx));
    for (int u = 0; u < d.R; u++)
        if ((d.srckey[u] ? 2 : 1) * d.TW > RTL_MAX_KEYBITS) {
            rc = noc_error(ctx, NOC_EUNSUP, NULL, 0, "rtl: router '%s' needs a routing table of 2^%d entries "
                           "(at most 2^%d)", t->nodes[u].name, (d.srckey[u] ? 2 : 1) * d.TW, RTL_MAX_KEYBITS);
            goto cleanup;
        }
    emit_top(&d, r);
    noc_rtl_emit_tb(&d, r);
    if (r->top.failed || r->tb.failed || r->flows.failed)
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
cleanup:
    noc_rtl_design_free(&d);
    if (rc != NOC_OK)
        noc_rtl_free(r);
    return rc;
}
