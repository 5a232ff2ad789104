/* The text side of characterization (charz.h): the tools' scripts, the
 * parsers of their reports, the derived numbers and the tech file. */
#include "nocsyn/charz.h"

#include "nocsyn/rtl.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void noc_charz_opts_init(struct noc_charz_opts *o)
{
    o->target_ps = 1000;
    o->period_ps = 10000;
    o->activity = 0.1;
    o->area_um2 = 1;
}

/* The line of text starting at p, copied into out. */
static void line_at(const char *p, char *out, size_t cap)
{
    size_t n = 0;
    while (p[n] && p[n] != '\n' && n + 1 < cap) {
        out[n] = p[n];
        n++;
    }
    out[n] = '\0';
}

static long line_no(const char *text, const char *p)
{
    long n = 1;
    for (const char *q = text; q < p; q++)
        n += *q == '\n';
    return n;
}

/* The section "=== NAME ===" of Yosys' stat (the line exactly), NULL when
 * absent; *end gets the start of the next section (or the text's end). */
static const char *stat_section(const char *text, const char *name, const char **end)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, "=== "); p; p = strstr(p + 1, "=== ")) {
        if ((p == text || p[-1] == '\n') && strncmp(p + 4, name, n) == 0 && strncmp(p + 4 + n, " ===", 4) == 0 &&
            (p[8 + n] == '\n' || p[8 + n] == '\r' || p[8 + n] == '\0')) {
            const char *q = strstr(p + 8 + n, "\n=== ");
            *end = q ? q : p + strlen(p);
            return p;
        }
    }
    return NULL;
}

int noc_charz_parse_stat(struct noc_charz_stat *st, const char *text, const struct noc_liberty *lib,
                         const char *module, const char *label, struct noc_ctx *ctx)
{
    memset(st, 0, sizeof *st);
    st->tool_area = -1;
    const char *sec, *send = text + strlen(text), *ca;
    if (module) {
        sec = stat_section(text, module, &send);
        if (!sec)
            return noc_error(ctx, NOC_EINVAL, label, 0, "no section of module '%s' in Yosys' stat", module);
        ca = strstr(sec, "Chip area for module '");
    } else {
        sec = strstr(text, "=== design hierarchy ===");
        if (!sec)
            sec = text;
        ca = strstr(text, "Chip area for top module");
        if (!ca)
            ca = strstr(text, "Chip area for module");
    }
    const char *p = strstr(sec, "Number of cells:");
    if (!p || p >= send)
        return noc_error(ctx, NOC_EINVAL, label, 0, "no 'Number of cells:' in Yosys' stat%s%s%s",
                         module ? " of module '" : "", module ? module : "", module ? "'" : "");
    if (ca && ca < send) {
        const char *colon = strstr(ca, "': ");
        if (colon)
            st->tool_area = strtod(colon + 3, NULL);
    }
    st->cells = strtol(p + strlen("Number of cells:"), NULL, 10);
    p = strchr(p, '\n');
    long best = -1;
    char ln[256], cname[128];
    while (p && *++p) {
        line_at(p, ln, sizeof ln);
        long count;
        if (sscanf(ln, " %127s %ld", cname, &count) != 2 || !isspace((unsigned char)ln[0]))
            break;
        const struct noc_liberty_cell *c = noc_liberty_find(lib, cname);
        if (!c)
            return noc_error(ctx, NOC_EINVAL, label, line_no(text, p),
                             "cell '%s' of the netlist is not in library %s", cname, lib->name);
        st->area += count * c->area;
        if (c->seq) {
            st->flops += count;
            if (count > best) {
                best = count;
                snprintf(st->seq_cell, sizeof st->seq_cell, "%.63s", cname);
            }
        }
        p = strchr(p, '\n');
    }
    return NOC_OK;
}

/* The first number on the line of `key` ("  2954.37   data arrival time",
 * "-161.02 9838.98   library setup time": the Delay column). */
static int num_before(const char *from, const char *key, double *v, const char **after)
{
    const char *k = strstr(from, key);
    if (!k)
        return -1;
    const char *ls = k;
    while (ls > from && ls[-1] != '\n')
        ls--;
    char *end;
    double x = strtod(ls, &end);
    if (end == ls || end > k)
        return -1;
    *v = x;
    if (after)
        *after = k + strlen(key);
    return 0;
}

static void point(const char *text, const char *key, char *out, size_t cap)
{
    const char *p = strstr(text, key);
    out[0] = '\0';
    if (p) {
        char ln[256];
        line_at(p + strlen(key), ln, sizeof ln);
        char *sp = strchr(ln, ' ');
        if (sp)
            *sp = '\0';
        snprintf(out, cap, "%.95s", ln);
    }
}

int noc_charz_inst_module(char *out, size_t cap, const char *netlist, const char *top, const char *inst,
                          const char *label, struct noc_ctx *ctx)
{
    size_t tn = strlen(top), in = strlen(inst);
    const char *m = NULL;
    out[0] = '\0';
    /* "module TOP(" or "module TOP (" at the start of a line. */
    for (const char *p = strstr(netlist, "module "); p; p = strstr(p + 1, "module ")) {
        if ((p == netlist || p[-1] == '\n') && strncmp(p + 7, top, tn) == 0 &&
            (p[7 + tn] == '(' || isspace((unsigned char)p[7 + tn]))) {
            m = p;
            break;
        }
    }
    if (!m)
        return noc_error(ctx, NOC_EINVAL, label, 0, "the netlist has no module %s", top);
    const char *endm = strstr(m, "\nendmodule");
    if (!endm)
        endm = m + strlen(m);
    /* An instance line: "  TYPE INST (", TYPE an identifier or an escaped
     * one ("\\$paramod$H\\nocsyn_router", ended by a blank). */
    for (const char *l = strchr(m, '\n'); l && l < endm; l = strchr(l + 1, '\n')) {
        const char *a = l + 1;
        while (*a == ' ' || *a == '\t')
            a++;
        const char *b = a;
        while (*b && !isspace((unsigned char)*b))
            b++;
        const char *c = b;
        while (*c == ' ' || *c == '\t')
            c++;
        if (b == a || strncmp(c, inst, in) != 0)
            continue;
        const char *d = c + in;
        while (*d == ' ' || *d == '\t')
            d++;
        if (*d != '(')
            continue;
        if (*a == '\\')
            a++;
        if ((size_t)(b - a) >= cap)
            return noc_error(ctx, NOC_EINVAL, label, line_no(netlist, a), "the module name of %s is too long", inst);
        memcpy(out, a, (size_t)(b - a));
        out[b - a] = '\0';
        return NOC_OK;
    }
    return noc_error(ctx, NOC_EINVAL, label, 0, "module %s of the netlist has no instance %s", top, inst);
}

/* Four numbers after `tag` at the start of a line ("nocsyn-power-0 I S L T"). */
static int power_line(const char *text, const char *tag, double *total, double *leak)
{
    size_t n = strlen(tag);
    for (const char *p = strstr(text, tag); p; p = strstr(p + 1, tag)) {
        if ((p != text && p[-1] != '\n') || p[n] != ' ')
            continue;
        double a, b, c, d;
        if (sscanf(p + n, "%lf %lf %lf %lf", &a, &b, &c, &d) != 4)
            return -1;
        *leak = c;
        *total = d;
        return 0;
    }
    return -1;
}

int noc_charz_parse_sta(struct noc_charz_sta *s, const char *text, const char *inst, const char *label,
                        struct noc_ctx *ctx)
{
    memset(s, 0, sizeof *s);
    const char *p = strstr(text, "Startpoint: ");
    if (!p)
        return noc_error(ctx, NOC_EINVAL, label, 0, "no register-to-register path in OpenSTA's report%s",
                         strstr(text, "No paths found") ? " (No paths found)" : "");
    point(p, "Startpoint: ", s->start, sizeof s->start);
    point(p, "Endpoint: ", s->end, sizeof s->end);
    const char *after;
    double setup;
    if (num_before(p, "data arrival time", &s->arrival_ps, &after) ||
        num_before(p, "library setup time", &setup, NULL))
        return noc_error(ctx, NOC_EINVAL, label, 0, "OpenSTA's path report lacks the arrival or setup time");
    /* The Delay column holds -setup (required time = edge - setup). */
    s->setup_ps = fabs(setup);
    if (inst) {
        size_t n = strlen(inst);
        if (strncmp(s->end, inst, n) != 0 || s->end[n] != '/')
            return noc_error(ctx, NOC_EINVAL, label, line_no(text, p),
                             "the worst path ends at '%s', outside router %s", s->end, inst);
    }
    if (power_line(text, "nocsyn-power-0", &s->p0_total_w, &s->p0_leak_w) ||
        power_line(text, "nocsyn-power-a", &s->pa_total_w, &s->pa_leak_w))
        return noc_error(ctx, NOC_EINVAL, label, 0, "OpenSTA's output lacks a nocsyn-power line (the router's power)");
    return NOC_OK;
}

void noc_charz_derive(struct noc_charz_result *r, const struct noc_liberty *lib,
                      const struct noc_charz_opts *o)
{
    double mhz = 1e6 / o->period_ps;
    double per = r->sta.arrival_ps + r->sta.setup_ps;
    r->fmax_mhz = per > 0 ? 1e6 / per : 0;
    r->area_mm2 = r->stat.area * o->area_um2 * 1e-6;
    r->leak_mw = r->sta.p0_leak_w * 1e3;
    r->clk_mw_per_mhz = (r->sta.p0_total_w - r->sta.p0_leak_w) * 1e3 / mhz;
    double flits_s = 2 * o->activity * r->cfg.radix * mhz * 1e6;
    r->flit_pj = flits_s > 0 ? (r->sta.pa_total_w - r->sta.p0_total_w) / flits_s * 1e12 : 0;
    r->clk_fj_bit = r->stat.flops > 0 ? r->clk_mw_per_mhz * 1e-3 / 1e6 / (double)r->stat.flops * 1e15 : 0;
    const struct noc_liberty_cell *c = noc_liberty_find(lib, r->stat.seq_cell);
    r->reg_um2_bit = c ? c->area * o->area_um2 : 0;
}

int noc_charz_constr(struct noc_buf *out, const struct noc_liberty *lib)
{
    const struct noc_liberty_cell *c = noc_liberty_drive_cell(lib);
    if (!c)
        return 0;
    noc_buf_printf(out, "set_driving_cell %s\nset_load %.6g\n", c->name, c->in_cap * noc_liberty_cap_ff(lib));
    return 1;
}

void noc_charz_yosys_script(struct noc_buf *out, const char *liberty, const struct noc_charz_opts *o, int constr)
{
    noc_buf_printf(out,
                   "read_verilog -sv nocsyn_router.sv nocsyn_link.sv nocsyn_top.sv\n"
                   "synth -top nocsyn_top\n"
                   "dfflibmap -liberty %s\n"
                   "abc -D %.10g%s -liberty %s -script "
                   "+strash;&get,-n;&fraig,-x;&put;scorr;dc2;dretime;strash;&get,-n;&dch,-f;&nf,{D};&put;"
                   "buffer,-c;topo;upsize,{D};dnsize,{D};stime,-p\n"
                   "opt_clean\n"
                   "tee -q -o stat.txt stat -liberty %s\n"
                   "write_verilog -noattr -noexpr net.v\n",
                   liberty, o->target_ps, constr ? " -constr constr.txt" : "", liberty, liberty);
}

void noc_charz_sta_script(struct noc_buf *out, const char *liberty, const struct noc_charz_opts *o)
{
    const char *r = NOC_CHARZ_ROUTER;
    noc_buf_printf(out,
                   "read_liberty %s\n"
                   "read_verilog net.v\n"
                   "link_design nocsyn_top\n"
                   "set_cmd_units -time ps\n"
                   "create_clock -name clk -period %.10g [get_ports clk]\n"
                   "# the router %s alone: paths ending in its registers, its leaf cells' power\n"
                   "set nocsyn_to {}\n"
                   "foreach p [all_registers -data_pins] {\n"
                   "  if {[string match {%s/*} [get_full_name $p]]} { lappend nocsyn_to $p }\n"
                   "}\n"
                   "set nocsyn_cells {}\n"
                   "foreach c [get_cells -hierarchical *] {\n"
                   "  if {[$c is_leaf] && [string match {%s/*} [get_full_name $c]]} { lappend nocsyn_cells $c }\n"
                   "}\n"
                   "proc nocsyn_power {tag cells} {\n"
                   "  set corner [sta::cmd_corner]\n"
                   "  set s {0 0 0 0}\n"
                   "  foreach c $cells { set s [lmap a $s b [sta::instance_power $c $corner] {expr {$a + $b}}] }\n"
                   "  puts \"$tag [format {%%.9e %%.9e %%.9e %%.9e} {*}$s] [llength $cells] cells\"\n"
                   "}\n"
                   "report_checks -path_delay max -from [all_registers -clock_pins] -to $nocsyn_to -digits 3\n"
                   "set_power_activity -global -activity 0\n"
                   "set_power_activity -input -activity 0\n"
                   "nocsyn_power nocsyn-power-0 $nocsyn_cells\n"
                   "report_power -digits 9\n"
                   "set_power_activity -global -activity %.10g\n"
                   "set_power_activity -input -activity %.10g\n"
                   "nocsyn_power nocsyn-power-a $nocsyn_cells\n"
                   "report_power -digits 9\n"
                   "exit\n",
                   liberty, o->period_ps, r, r, r, o->activity, o->activity);
}

static void num(struct noc_buf *b, double v, int digits)
{
    noc_buf_num(b, noc_round_digits(v, digits));
}

/* The five tables of the width-w configurations (same VCs and buffers as
 * the first) as "KEY.R = V", or "KEY.R.wW = V" when suffix; fmax as the
 * running minimum over radix (tech.h: a larger router is never faster). */
static void width_tables(struct noc_buf *out, const struct noc_charz_result *res, int nres, int w, int suffix)
{
    static const char *const keys[] = {"fmax_mhz", "area_mm2", "leak_mw", "flit_pj", "clk_mw_per_mhz"};
    const struct noc_charz_config *c0 = &res[0].cfg;
    for (int k = 0; k < 5; k++) {
        double fmin = 0;
        for (int i = 0; i < nres; i++) {
            const struct noc_charz_result *r = &res[i];
            if (r->cfg.width != w || r->cfg.vcs != c0->vcs || r->cfg.buf != c0->buf)
                continue;
            double v = k == 0 ? r->fmax_mhz : k == 1 ? r->area_mm2 : k == 2 ? r->leak_mw : k == 3 ? r->flit_pj
                                                                                              : r->clk_mw_per_mhz;
            if (k == 0 && fmin > 0 && v > fmin)
                v = fmin;
            if (k == 0)
                fmin = v;
            if (suffix)
                noc_buf_printf(out, "%s.%d.w%d = ", keys[k], r->cfg.radix, w);
            else
                noc_buf_printf(out, "%s.%d = ", keys[k], r->cfg.radix);
            num(out, v, 6);
            noc_buf_printf(out, "\n");
        }
    }
}

void noc_charz_emit_tech(struct noc_buf *out, const struct noc_liberty *lib, const char *liberty_path,
                         const struct noc_charz_tools *tools, const struct noc_charz_opts *o,
                         const struct noc_charz_result *res, int nres, const char *command)
{
    noc_buf_printf(out, "# nocsyn characterize: the router nocsyn emits (nocsyn rtl), synthesized and timed\n");
    noc_buf_printf(out, "# library %s (%s)\n", lib->name, liberty_path);
    noc_buf_printf(out, "# corner: operating conditions %s; nom_process %g, nom_voltage %g V, nom_temperature %g C\n",
                   lib->opcond[0] ? lib->opcond : "(none)", lib->process, lib->voltage, lib->temperature);
    noc_buf_printf(out, "# units read from the file: time_unit %s, capacitive_load_unit (%s), leakage_power_unit %s;\n",
                   lib->time_unit[0] ? lib->time_unit : "(absent: 1ns)", lib->cap_unit[0] ? lib->cap_unit : "absent",
                   lib->leak_unit[0] ? lib->leak_unit : "(absent)");
    noc_buf_printf(out, "#   area: the cells' Liberty 'area' (the format has no area unit) x %g um^2\n", o->area_um2);
    noc_buf_printf(out, "# tools: %s; OpenSTA %s\n", tools->yosys_version, tools->sta_version);
    noc_buf_printf(out, "# flow: abc -D %g ps (Yosys' delay script, then buffer -c, upsize, dnsize);\n", o->target_ps);
    const struct noc_liberty_cell *drv = noc_liberty_drive_cell(lib);
    if (drv)
        noc_buf_printf(out, "#   abc -constr: every register output driven by %s (the smallest inverter) and\n"
                            "#   loaded by %g fF, so ABC buffers a register's fanout;\n",
                       drv->name, noc_round_digits(drv->in_cap * noc_liberty_cap_ff(lib), 6));
    else
        noc_buf_printf(out, "#   no inverter in the library: register outputs taken as ideal drivers;\n");
    int nl = nres > 0 ? res[0].cfg.links : 1, all_but_one = nres > 0;
    for (int i = 0; i < nres; i++)
        all_but_one &= res[i].cfg.links >= NOC_CHARZ_LINKS_MAX;
    if (all_but_one)
        noc_buf_printf(out, "#   design: router %s of radix R with one terminal and R - 1 link ports (--links max),\n"
                            "#   each to a router of radix 2 (one terminal), as nocsyn rtl emits it: every output\n"
                            "#   of %s but one has its credit counters and the switch allocator checks credits of\n"
                            "#   R - 1 outputs, the most a router with a core attached has (each further link port\n"
                            "#   lengthens the credit path), so a router of radix R meets its table's clock whatever\n"
                            "#   its mix of link and terminal ports;\n",
                       NOC_CHARZ_ROUTER, NOC_CHARZ_ROUTER);
    else if (nl <= 1)
        noc_buf_printf(out, "#   design: router %s of radix R with R - 1 terminals and one link port to a router\n"
                            "#   r1 of radix 2 (one terminal), as nocsyn rtl emits it: %s's link output has its\n"
                            "#   credit counters and the switch allocator's credit check, the worst path of a\n"
                            "#   router in a multi-router design, which an all-terminal router lacks; one link\n"
                            "#   port, the fewest a router of a multi-router design has (the two radix-7 routers\n"
                            "#   of VOPD's split_k2 have exactly one); each further link port adds V credit\n"
                            "#   counters of clog2(buf+1) bits, not counted here;\n",
                       NOC_CHARZ_ROUTER, NOC_CHARZ_ROUTER);
    else
        noc_buf_printf(out, "#   design: router %s of radix R with R - L terminals and L = %d link ports (at most\n"
                            "#   R - 1; --links), to routers r1..rL of radix 2 (one terminal each), as nocsyn rtl\n"
                            "#   emits it: %s's link outputs have their credit counters and the switch allocator's\n"
                            "#   credit check over L link ports;\n",
                       NOC_CHARZ_ROUTER, nl, NOC_CHARZ_ROUTER);
    noc_buf_printf(out, "#   the tables are %s's alone (r1, channel registers and top-level cells left out):\n"
                        "#   area, cells, flip-flops of its module (Yosys stat), power summed over its cells;\n",
                   NOC_CHARZ_ROUTER);
    noc_buf_printf(out, "#   its route table has R destinations (a design's routers have one per core: not\n"
                        "#   characterized);\n");
    noc_buf_printf(out, "#   fmax = 1 / (arrival + setup) of the worst register-to-register path ending in %s;\n",
                   NOC_CHARZ_ROUTER);
    noc_buf_printf(out, "#   power at %g MHz: every net at activity 0 (clock + leakage) and at activity %g\n",
                   1e6 / o->period_ps, o->activity);
    noc_buf_printf(out, "#   (set_power_activity -global/-input, toggles per cycle), taken as 2 x %g flits per\n",
                   o->activity);
    noc_buf_printf(out, "#   port per cycle with random payload; link wires (wire_ps_mm, link_pj_bit_mm,\n"
                        "#   link_leak_uw_bit) are not characterized and keep their defaults\n");
    noc_buf_printf(out, "# command: %s\n", command);
    noc_buf_printf(out, "#\n# radix width vcs buf    cells flops  arrival_ps setup_ps  fmax_mhz   area_mm2"
                        "    leak_mw    flit_pj clk_mw_per_mhz\n");
    for (int i = 0; i < nres; i++) {
        const struct noc_charz_result *r = &res[i];
        noc_buf_printf(out, "# %5d %5d %3d %3d %8ld %5ld %11.3f %8.3f %9.3f %10.6f %10.6f %10.6f %14.8f\n",
                       r->cfg.radix, r->cfg.width, r->cfg.vcs, r->cfg.buf, r->stat.cells, r->stat.flops,
                       r->sta.arrival_ps, r->sta.setup_ps, r->fmax_mhz, r->area_mm2, r->leak_mw, r->flit_pj,
                       r->clk_mw_per_mhz);
    }
    if (nres < 1)
        return;
    const struct noc_charz_config *c0 = &res[0].cfg;
    noc_buf_printf(out, "#\n# tables: width %d, %d VCs x %d flits (the first configuration's); other widths\n"
                        "#   as KEY.R.wW (the model interpolates area and power linearly in width)\n",
                   c0->width, c0->vcs, c0->buf);
    /* The RTL's cycles per hop (rtl.h's router_delay, which noc_charz_design
     * leaves at its default): the model's router_stages, so the model, the
     * simulator and the characterized RTL count the same cycles per hop. */
    struct noc_rtl_opts ro;
    noc_rtl_opts_init(&ro);
    noc_buf_printf(out, "table_width = %d\nvcs = %d\nbuf_flits = %d\nrouter_stages = %d\n", c0->width, c0->vcs,
                   c0->buf, ro.router_delay);
    noc_buf_printf(out, "reg_um2_bit = ");
    num(out, res[0].reg_um2_bit, 6);
    noc_buf_printf(out, "\nclk_fj_bit = ");
    num(out, res[0].clk_fj_bit, 6);
    noc_buf_printf(out, "\n");
    /* The first width's tables plain (KEY.R), every other width's (same
     * VCs and buffers) with its suffix (KEY.R.wW), in the order listed. */
    for (int i = 0; i < nres; i++) {
        int w = res[i].cfg.width, first = 1;
        if (res[i].cfg.vcs != c0->vcs || res[i].cfg.buf != c0->buf)
            continue;
        for (int j = 0; j < i; j++)
            if (res[j].cfg.width == w && res[j].cfg.vcs == c0->vcs && res[j].cfg.buf == c0->buf)
                first = 0;
        if (first)
            width_tables(out, res, nres, w, w != c0->width);
    }
}
