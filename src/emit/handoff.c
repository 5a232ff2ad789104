/* Place-and-route and simulator hand-off files for a design:
 *   D.def         DEF 5.8 fragment: routers as COMPONENTS PLACED at their
 *                 position (1 um = 1000 database units), links as NETS;
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
#include <string.h>

#include "nocsyn/synth.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

/* DEF names: letters, digits and _ only. */
static void def_name(struct noc_buf *b, const char *s)
{
    for (; *s; s++) {
        char ch = *s;
        int okc = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
        noc_buf_append(b, okc ? s : "_", 1);
    }
}

int noc_design_def(const struct noc_topo *t, struct noc_buf *b)
{
    noc_buf_printf(b, "# DEF fragment written by nocsyn %s: the NoC routers as placed components and\n"
                      "# the links as nets, to merge into a floorplan DEF (OpenROAD, Innovus).\n"
                      "# Router macros are named noc_router_<radix>p; replace them with your IP.\n"
                      "VERSION 5.8 ;\nDIVIDERCHAR \"/\" ;\nBUSBITCHARS \"[]\" ;\nDESIGN ",
                   NOC_VERSION);
    def_name(b, t->name ? t->name : "noc");
    noc_buf_printf(b, " ;\nUNITS DISTANCE MICRONS 1000 ;\n\nCOMPONENTS %d ;\n", t->nrouters);
    for (int r = 0; r < t->nrouters; r++) {
        const struct noc_node *n = &t->nodes[r];
        noc_buf_printf(b, "  - ");
        def_name(b, n->name);
        noc_buf_printf(b, " noc_router_%dp + PLACED ( %.0f %.0f ) N ;\n", noc_topo_radix(t, r),
                       n->has_pos ? n->x * 1e6 : 0, n->has_pos ? n->y * 1e6 : 0);
    }
    noc_buf_printf(b, "END COMPONENTS\n\n");
    int nets = 0;
    for (int c = 0; c < t->nch; c++)
        nets++;
    noc_buf_printf(b, "NETS %d ;\n", nets);
    for (int c = 0; c < t->nch; c++) {
        const struct noc_channel *ch = &t->ch[c];
        noc_buf_printf(b, "  - ");
        def_name(b, t->nodes[ch->src].name);
        noc_buf_printf(b, "__");
        def_name(b, t->nodes[ch->dst].name);
        noc_buf_printf(b, " ( ");
        def_name(b, t->nodes[ch->src].name);
        noc_buf_printf(b, " out_%d ) ( ", c);
        def_name(b, t->nodes[ch->dst].name);
        noc_buf_printf(b, " in_%d ) ;\n", c);
    }
    noc_buf_printf(b, "END NETS\n\nEND DESIGN\n");
    return b->failed ? NOC_ENOMEM : NOC_OK;
}

int noc_design_links_csv(const struct noc_topo *t, const struct noc_tech *tech, double freq_mhz, struct noc_buf *b)
{
    noc_buf_printf(b, "src,dst,kind,length_mm,delay_ps,pipeline_stages\n");
    for (int c = 0; c < t->nch; c++) {
        const struct noc_channel *ch = &t->ch[c];
        double len = noc_topo_channel_length(t, c);
        noc_buf_printf(b, "%s,%s,%s,", t->nodes[ch->src].name, t->nodes[ch->dst].name,
                       noc_topo_is_rr(t, c) ? "link" : ch->src < t->nrouters ? "eject" : "inject");
        if (len < 0) {
            noc_buf_printf(b, ",,\n");
            continue;
        }
        double delay = noc_tech_wire_delay_ps(tech, len);
        int stages = noc_tech_link_stages(tech, len, freq_mhz);
        noc_buf_num(b, len);
        noc_buf_printf(b, ",");
        noc_buf_num(b, delay);
        noc_buf_printf(b, ",%d\n", stages);
    }
    return b->failed ? NOC_ENOMEM : NOC_OK;
}

int noc_design_table_csv(const struct noc_topo *t, struct noc_buf *b)
{
    noc_buf_printf(b, "router,src,dst,next\n");
    for (int i = 0; i < t->nroutes; i++) {
        const struct noc_route *r = &t->routes[i];
        for (int j = 0; j < r->len; j++) {
            int next = j + 1 < r->len ? r->path[j + 1] : r->dst;
            noc_buf_printf(b, "%s,%s,%s,%s\n", t->nodes[r->path[j]].name, t->nodes[r->src].name,
                           t->nodes[r->dst].name, t->nodes[next].name);
        }
    }
    return b->failed ? NOC_ENOMEM : NOC_OK;
}

int noc_design_booksim_cfg(const char *anynet_file, struct noc_buf *b)
{
    noc_buf_printf(b,
                   "// BookSim2 configuration for %s, written by nocsyn %s.\n"
                   "// NOTE: BookSim's anynet routing (routing_function = min) takes shortest\n"
                   "// paths of its own; it does not use nocsyn's deadlock-free route tables\n"
                   "// (see the .table.csv file), so BookSim may deadlock where the design does not.\n"
                   "// Use `nocsyn sim` to simulate with the design's own routes.\n"
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
                   "traffic = uniform;\n"
                   "packet_size = 1;\n"
                   "injection_rate = 0.1;\n"
                   "sim_type = latency;\n",
                   anynet_file, NOC_VERSION, anynet_file);
    return b->failed ? NOC_ENOMEM : NOC_OK;
}
