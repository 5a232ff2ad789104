/* The generated Verilator testbench (nocsyn_tb.sv) and flows.csv: the
 * flows, their paths' hop counts and predicted zero-load latencies. */
#include "rtl_int.h"
#include "nocsyn/topo.h"

/* A localparam int array. */
static void int_array(struct noc_buf *b, const char *name, const struct noc_rtl *r, int which)
{
    noc_buf_printf(b, "    localparam int %s [NF] = '{", name);
    for (int f = 0; f < r->nflows; f++) {
        const struct noc_rtl_flow *x = &r->flow[f];
        int v = which == 0 ? x->src : which == 1 ? x->dst : x->latency;
        noc_buf_printf(b, "%s%d", f ? (f % 16 ? ", " : ",\n        ") : "", v);
    }
    noc_buf_printf(b, "};\n");
}

/* The testbench body: fixed text over the localparams above it. */
static const char tb_body[] =
    "    logic rst_n;\n"
    "    logic [NT-1:0] inj_valid, inj_cr_valid, ej_valid;\n"
    "    logic [NT*VW-1:0] inj_vc, inj_cr_vc, ej_vc;\n"
    "    logic [NT*FW-1:0] inj_flit, ej_flit;\n"
    "    nocsyn_top dut (.*);\n"
    "\n"
    "    // Phase 1 (zero load): one packet per flow, alone in the network; its\n"
    "    // latency (tail arrival - creation) must equal FLAT.  Phase 2 (load):\n"
    "    // every source sends NPK packets of each of its flows back to back\n"
    "    // (round robin over its flows, flow f on VC lane f mod LANES); every\n"
    "    // packet must arrive, flits in order, packets in order per flow.\n"
    "    int cyc = 0, phase = 0, errors = 0, zf = 0, zt0 = 0, zwait = 0, delivered = 0;\n"
    "    int cr [NT][V];\n"
    "    int cur [NT], idx [NT], nxt [NT];\n"
    "    int sent [NF], expseq [NF];\n"
    "    int rxseq [NT][V], rxidx [NT][V];\n"
    "\n"
    "    function automatic logic [FW-1:0] mkflit(int f, int seq, int i);\n"
    "        logic [FW-1:0] x;\n"
    "        x = '0;\n"
    "        x[FW-1] = i == 0;\n"
    "        x[FW-2] = i == LEN - 1;\n"
    "        x[FW-3 -: TW] = TW'(FSRC[f]);\n"
    "        x[FW-3-TW -: TW] = TW'(FDST[f]);\n"
    "        x[15:0] = {8'(seq), 8'(i)};\n"
    "        return x;\n"
    "    endfunction\n"
    "\n"
    "    function automatic int flow_of(int s, int d);\n"
    "        for (int f = 0; f < NF; f++)\n"
    "            if (FSRC[f] == s && FDST[f] == d)\n"
    "                return f;\n"
    "        return -1;\n"
    "    endfunction\n"
    "\n"
    "    always @(posedge clk) begin\n"
    "        inj_valid <= '0;\n"
    "        rst_n <= cyc >= 3;\n"
    "        if (cyc < 3) begin\n"
    "            for (int t = 0; t < NT; t++) begin\n"
    "                cur[t] = -1;\n"
    "                nxt[t] = 0;\n"
    "                idx[t] = 0;\n"
    "                for (int v = 0; v < V; v++) begin\n"
    "                    cr[t][v] = BUF;\n"
    "                    rxidx[t][v] = 0;\n"
    "                    rxseq[t][v] = 0;\n"
    "                end\n"
    "            end\n"
    "            for (int f = 0; f < NF; f++) begin\n"
    "                sent[f] = 0;\n"
    "                expseq[f] = 0;\n"
    "            end\n"
    "            phase = 1;\n"
    "            zwait = 8;\n"
    "        end else begin\n"
    "            for (int t = 0; t < NT; t++)\n"
    "                if (inj_cr_valid[t])\n"
    "                    cr[t][inj_cr_vc[t * VW +: VW]] += 1;\n"
    "            // deliveries\n"
    "            for (int t = 0; t < NT; t++)\n"
    "                if (ej_valid[t]) begin\n"
    "                    logic [FW-1:0] x;\n"
    "                    int s, d, f, v, seq, i;\n"
    "                    x = ej_flit[t * FW +: FW];\n"
    "                    v = int'(ej_vc[t * VW +: VW]);\n"
    "                    s = int'(x[FW-3 -: TW]);\n"
    "                    d = int'(x[FW-3-TW -: TW]);\n"
    "                    seq = int'(x[15:8]);\n"
    "                    i = int'(x[7:0]);\n"
    "                    f = flow_of(s, d);\n"
    "                    if (d != t || f < 0) begin\n"
    "                        $display(\"ERROR cycle %0d: terminal %0d got a flit from %0d to %0d\", cyc, t, s, d);\n"
    "                        errors++;\n"
    "                    end else if (x[FW-1] != (i == 0) || i != rxidx[t][v] ||\n"
    "                                 (i == 0 ? seq != (expseq[f] & 255) : seq != rxseq[t][v])) begin\n"
    "                        $display(\"ERROR cycle %0d: flow %0d->%0d flit %0d of packet %0d out of order\",\n"
    "                                 cyc, s, d, i, seq);\n"
    "                        errors++;\n"
    "                    end else begin\n"
    "                        rxseq[t][v] = seq;\n"
    "                        rxidx[t][v] = i + 1;\n"
    "                        if (x[FW-2]) begin\n"
    "                            rxidx[t][v] = 0;\n"
    "                            expseq[f]++;\n"
    "                            delivered++;\n"
    "                            if (phase == 1) begin\n"
    "                                $display(\"flow %0d %0d latency %0d expected %0d\", s, d, cyc + 1 - zt0, FLAT[f]);\n"
    "                                if (cyc + 1 - zt0 != FLAT[f])\n"
    "                                    errors++;\n"
    "                                zwait = QUIET;\n"
    "                            end\n"
    "                        end\n"
    "                    end\n"
    "                end\n"
    "            // sources\n"
    "            if (phase == 1 && zwait > 0) begin\n"
    "                zwait--;\n"
    "                if (zwait == 0 && delivered == NF) begin\n"
    "                    phase = 2;\n"
    "                    delivered = 0;\n"
    "                    for (int f = 0; f < NF; f++) begin\n"
    "                        expseq[f] = 0;\n"
    "                        sent[f] = 0;\n"
    "                    end\n"
    "                end else if (zwait == 0) begin\n"
    "                    zf = delivered;\n"
    "                    cur[FSRC[zf]] = zf;\n"
    "                    idx[FSRC[zf]] = 0;\n"
    "                    zt0 = cyc + 1;\n"
    "                end\n"
    "            end\n"
    "            for (int t = 0; t < NT; t++) begin\n"
    "                if (phase == 2 && cur[t] < 0)\n"
    "                    for (int k = 0; k < NF && cur[t] < 0; k++) begin\n"
    "                        int f;\n"
    "                        f = (nxt[t] + k) % NF;\n"
    "                        if (FSRC[f] == t && sent[f] < NPK) begin\n"
    "                            cur[t] = f;\n"
    "                            idx[t] = 0;\n"
    "                            nxt[t] = f + 1;\n"
    "                        end\n"
    "                    end\n"
    "                if (cur[t] >= 0 && cr[t][cur[t] % LANES] > 0) begin\n"
    "                    int f;\n"
    "                    f = cur[t];\n"
    "                    cr[t][f % LANES] -= 1;\n"
    "                    inj_valid[t] <= 1'b1;\n"
    "                    inj_vc[t * VW +: VW] <= VW'(f % LANES);\n"
    "                    inj_flit[t * FW +: FW] <= mkflit(f, sent[f], idx[t]);\n"
    "                    idx[t]++;\n"
    "                    if (idx[t] == LEN) begin\n"
    "                        sent[f]++;\n"
    "                        cur[t] = -1;\n"
    "                    end\n"
    "                end\n"
    "            end\n"
    "            if (phase == 2 && delivered == NF * NPK) begin\n"
    "                $display(\"zero-load: %0d flows checked; load: %0d packets of %0d flits delivered in order by cycle %0d; %0d errors\",\n"
    "                         NF, delivered, LEN, cyc, errors);\n"
    "                if (errors == 0)\n"
    "                    $display(\"PASS\");\n"
    "                else\n"
    "                    $display(\"FAIL\");\n"
    "                $finish;\n"
    "            end\n"
    "            if (cyc > LIMIT) begin\n"
    "                $display(\"FAIL: timeout at cycle %0d in phase %0d: %0d packets delivered, %0d errors\",\n"
    "                         cyc, phase, delivered, errors);\n"
    "                $finish;\n"
    "            end\n"
    "        end\n"
    "        cyc <= cyc + 1;\n"
    "    end\n"
    "endmodule\n";

void noc_rtl_emit_tb(const struct rtl_design *d, struct noc_rtl *r)
{
    const struct noc_topo *t = d->t;
    struct noc_buf *b = &r->tb, *fl = &r->flows;
    int maxlat = 0;
    for (int f = 0; f < r->nflows; f++)
        if (r->flow[f].latency > maxlat)
            maxlat = r->flow[f].latency;
    int quiet = 2 * maxlat + 2 * d->o->credit_delay + 8;
    long limit = 1000L + (long)r->nflows * (quiet + maxlat + 8) +
                 (long)r->nflows * d->o->tb_packets * d->o->pkt_len * (maxlat + 8);
    noc_buf_printf(b, "// nocsyn_tb: generated by `nocsyn rtl` from design '%s' ; build and run it\n"
                      "// with `make sim` (the Makefile next to it).\n"
                      "/* verilator lint_off BLKSEQ */\n/* verilator lint_off UNUSEDSIGNAL */\n"
                      "module nocsyn_tb (\n    input logic clk\n);\n",
                   t->name ? t->name : "");
    /* FW is written as the router's flit format (nocsyn_router.sv), so that
     * W is used and `verilator --lint-only -Wall` of the testbench is clean. */
    noc_buf_printf(b, "    localparam int NT = %d, TW = %d, W = %d, V = %d, VW = %d, FW = 2 + 2 * TW + W, BUF = %d;\n"
                      "    localparam int LEN = %d, NPK = %d, NF = %d, LANES = %d, QUIET = %d, LIMIT = %ld;\n",
                   d->N, d->TW, d->W, d->V, d->VW, d->o->buf, d->o->pkt_len, d->o->tb_packets,
                   r->nflows, d->ncls == 2 ? d->V / 2 : d->V, quiet, limit);
    int_array(b, "FSRC", r, 0);
    int_array(b, "FDST", r, 1);
    int_array(b, "FLAT", r, 2);
    noc_buf_append(b, tb_body, sizeof tb_body - 1);
    noc_buf_printf(fl, "src,dst,src_name,dst_name,weight,hops,latency\n");
    for (int f = 0; f < r->nflows; f++) {
        const struct noc_rtl_flow *x = &r->flow[f];
        noc_buf_printf(fl, "%d,%d,%s,%s,", x->src, x->dst, t->nodes[noc_topo_term_node(t, x->src)].name,
                       t->nodes[noc_topo_term_node(t, x->dst)].name);
        noc_buf_num(fl, x->weight);
        noc_buf_printf(fl, ",%d,%d\n", x->hops, x->latency);
    }
}
