/* The power/area model (see include/nocsyn/tech.h for formulas and sources). */
#include "nocsyn/tech.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/topo.h"
#include "nocsyn/units.h"

/* Registry of tech-file keys: name, offset, default and the range a value
 * must lie in (lo < v when lo_open, else lo <= v; v <= hi; a whole number
 * when whole).  The ranges are wide (nothing a real library needs is
 * refused) but keep every derived power, area and delay finite. */
struct tech_key {
    const char *key;
    size_t off;
    double def, lo, hi;
    int lo_open, whole;
};
#define K(name, def, lo, open, hi, whole) {#name, offsetof(struct noc_tech, name), def, lo, hi, open, whole}
static const struct tech_key tech_keys[] = {
    K(ref_width, 32, 0, 1, 65536, 0),
    K(buf_pj, 0.762 + 0.534, 0, 0, 1e6, 0),
    K(xbar_pj, 0.221, 0, 0, 1e6, 0),
    K(xbar_ref_ports, 5, 0, 1, NOC_TECH_MAX_RADIX, 0),
    K(route_pj, 0.12, 0, 0, 1e6, 0),
    K(buf_leak_mw, 2.27, 0, 0, 1e6, 0),
    K(xbar_leak_mw, 0.749, 0, 0, 1e6, 0),
    K(route_leak_mw, 0.24, 0, 0, 1e6, 0),
    K(link_pj_bit_mm, 0.0488, 0, 0, 1e6, 0),
    K(link_leak_uw_bit, 0.48, 0, 0, 1e6, 0),
    K(area_ref_mm2, 0.34 * (45.0 / 65.0) * (45.0 / 65.0), 0, 0, 1e6, 0),
    K(area_ref_ports, 5, 0, 1, NOC_TECH_MAX_RADIX, 0),
    K(area_ref_width, 39, 0, 1, 65536, 0),
    K(area_lin, 0.5, 0, 0, 1, 0),
    K(wire_ps_mm, 100, 0, 0, 1e6, 0),
    K(fo4_ps, 22.5, 0, 1, 1e6, 0),
    K(clk_overhead_fo4, 3, 0, 0, 1e6, 0),
    K(asic_derate, 2.5, 0, 1, 1e3, 0),
    K(vcs, 2, 1, 0, 1024, 0),
    K(buf_flits, 4, 0, 0, 1e6, 0),
    K(router_stages, 3, 1, 0, 64, 1),
    K(clk_fj_bit, 2, 0, 0, 1e6, 0),
    K(reg_um2_bit, 4.52, 0, 0, 1e6, 0),
    K(packet_bits, NOC_DEFAULT_PACKET_BITS, 1, 0, 1e6, 0),
    K(table_width, 0, 0, 0, 65536, 0),
};
#undef K
#define NKEYS (sizeof tech_keys / sizeof tech_keys[0])

/* Per-radix table keys "PREFIX.R = V" (R in 2..NOC_TECH_MAX_RADIX) of a
 * characterized library (tech.h), each with its range (lo < V <= hi, or
 * lo <= V when zero_ok) and the array it fills; "PREFIX.R.wW = V" fills
 * w_table[the width's index][the key's index][R] instead (tech.h). */
struct tech_table_key {
    const char *prefix; /* with its dot */
    const char *what;
    double lo, hi;
    int zero_ok;
    size_t off; /* of a double[NOC_TECH_MAX_RADIX + 1] in struct noc_tech */
};
static const struct tech_table_key table_keys[] = {
    {"fmax_mhz.", "a frequency in MHz", 0, 1e6, 0, offsetof(struct noc_tech, fmax_table)},
    {"area_mm2.", "an area in mm^2", 0, 1e6, 1, offsetof(struct noc_tech, area_table)},
    {"leak_mw.", "a power in mW", 0, 1e6, 1, offsetof(struct noc_tech, leak_table)},
    {"flit_pj.", "an energy in pJ", 0, 1e6, 1, offsetof(struct noc_tech, flit_table)},
    {"clk_mw_per_mhz.", "a power in mW per MHz", 0, 1e6, 1, offsetof(struct noc_tech, clk_table)},
};
#define NTABLES (sizeof table_keys / sizeof table_keys[0])

static double *field(struct noc_tech *t, size_t i)
{
    return (double *)(void *)((char *)t + tech_keys[i].off);
}

void noc_tech_defaults(struct noc_tech *tech)
{
    memset(tech, 0, sizeof *tech);
    for (size_t i = 0; i < NKEYS; i++)
        *field(tech, i) = tech_keys[i].def;
    /* -1 = not listed (a characterized value may be 0: a library without
     * leakage data). */
    for (size_t ti = 1; ti < NTABLES; ti++) /* every table but fmax's */
        for (int r = 0; r <= NOC_TECH_MAX_RADIX; r++) {
            ((double *)(void *)((char *)tech + table_keys[ti].off))[r] = -1;
            for (int i = 0; i < NOC_TECH_MAX_WIDTHS; i++)
                tech->w_table[i][ti][r] = -1;
        }
}

/* Key k's table of width set s (0: the plain one, i + 1: tab_w[i]'s). */
static const double *set_table(const struct noc_tech *tech, int s, size_t k)
{
    return s ? tech->w_table[s - 1][k] : (const double *)(const void *)((const char *)tech + table_keys[k].off);
}

/* tab_hi / tab_lo of every table (tech.h): an entry is listed when > 0
 * (fmax) or >= 0 (the others).  O(widths x NOC_TECH_MAX_RADIX). */
static void index_tables(struct noc_tech *tech)
{
    for (int s = 0; s <= tech->ntab_w; s++)
        for (size_t k = 0; k < NTABLES; k++) {
            const double *tab = set_table(tech, s, k);
            int hi = 0, lo = 0;
            for (int r = NOC_TECH_MAX_RADIX; r >= 2 && !lo; r--)
                if (k == 0 ? tab[r] > 0 : tab[r] >= 0) {
                    if (!hi)
                        hi = r;
                    else
                        lo = r;
                }
            tech->tab_hi[s][k] = (short)hi;
            tech->tab_lo[s][k] = (short)lo;
        }
}

/* The number in val of key into *v, or NOC_EINVAL at label:line saying the
 * range lo..hi (lo excluded when lo_open; whole numbers when whole). */
static int key_value(const char *key, const char *val, double lo, int lo_open, double hi, int whole,
                     double *v, const char *label, long line, struct noc_ctx *ctx)
{
    if (noc_parse_double(val, v) == 0 && (lo_open ? *v > lo : *v >= lo) && *v <= hi &&
        (!whole || *v == floor(*v)))
        return NOC_OK;
    return noc_error(ctx, NOC_EINVAL, label, line, "'%s = %.40s': needs a %snumber %s %g and <= %g", key, val,
                     whole ? "whole " : "", lo_open ? ">" : ">=", lo, hi);
}

int noc_tech_parse(struct noc_tech *tech, const char *data, const char *label,
                   struct noc_ctx *ctx)
{
    return noc_tech_parse_n(tech, data, strlen(data), label, ctx);
}

int noc_tech_parse_n(struct noc_tech *tech, const char *data, size_t len, const char *label,
                     struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    long at = noc_nul_line(data, len);
    if (at)
        return noc_error(ctx, NOC_EINVAL, label, at, "NUL byte (not a text file?)");
    char *copy = noc_malloc(ctx, len + 1, 1);
    if (!copy)
        return NOC_ENOMEM;
    memcpy(copy, data, len);
    copy[len] = '\0';
    long line = 0, table_line[(NOC_TECH_MAX_WIDTHS + 1) * (NOC_TECH_MAX_RADIX + 1)] = {0};
    /* Line by line, blank lines counted (strtok_r would skip them and
     * misnumber every later line in messages). */
    for (char *ln = copy, *nl; ln; ln = nl) {
        if ((nl = strchr(ln, '\n')) != NULL)
            *nl++ = '\0';
        line++;
        char *key, *val;
        int kv = noc_kv_split(ln, &key, &val);
        if (kv == 0)
            continue;
        if (kv < 0) {
            rc = noc_error(ctx, NOC_EINVAL, label, line, "expected 'key = value'");
            goto cleanup;
        }
        size_t ti = 0;
        while (ti < NTABLES && strncmp(key, table_keys[ti].prefix, strlen(table_keys[ti].prefix)) != 0)
            ti++;
        if (ti < NTABLES) {
            const struct tech_table_key *tk = &table_keys[ti];
            long radix, wbits = 0;
            double v;
            /* KEY.R.wW: the table of W-bit routers. */
            char *wsuf = strstr(key + strlen(tk->prefix), ".w");
            if (wsuf) {
                *wsuf = '\0';
                if (noc_parse_int(wsuf + 2, 1, 65536, &wbits) != 0) {
                    rc = noc_error(ctx, NOC_EINVAL, label, line, "'%.60s.%.60s': the width must be a number of bits",
                                   key, wsuf + 1);
                    goto cleanup;
                }
            }
            if (noc_parse_int(key + strlen(tk->prefix), 2, NOC_TECH_MAX_RADIX, &radix) != 0) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, "'%.60s': the radix must be 2..%d", key,
                               NOC_TECH_MAX_RADIX);
                goto cleanup;
            }
            if (noc_parse_double(val, &v) != 0 || !(tk->zero_ok ? v >= tk->lo : v > tk->lo) || v > tk->hi) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, "'%s = %.40s': needs %s %s %g and <= %g", key, val,
                               tk->what, tk->zero_ok ? ">=" : ">", tk->lo, tk->hi);
                goto cleanup;
            }
            int wi = -1;
            if (wsuf) {
                wi = 0;
                while (wi < tech->ntab_w && tech->tab_w[wi] != (double)wbits)
                    wi++;
                if (wi == tech->ntab_w) {
                    if (wi == NOC_TECH_MAX_WIDTHS) {
                        rc = noc_error(ctx, NOC_EINVAL, label, line, "more than %d widths of tables",
                                       NOC_TECH_MAX_WIDTHS);
                        goto cleanup;
                    }
                    tech->tab_w[wi] = (double)wbits;
                    tech->ntab_w++;
                }
                tech->w_table[wi][ti][radix] = v;
            } else {
                ((double *)(void *)((char *)tech + tk->off))[radix] = v;
            }
            if (ti != 0) {
                tech->router_tables |= 1u << (ti - 1);
                continue;
            }
            tech->has_table = 1;
            table_line[(wi + 1) * (NOC_TECH_MAX_RADIX + 1) + radix] = line;
            continue;
        }
        size_t i = 0;
        while (i < NKEYS && strcmp(tech_keys[i].key, key) != 0)
            i++;
        if (i == NKEYS) {
            rc = noc_error(ctx, NOC_EINVAL, label, line, "unknown tech key '%.60s'", key);
            goto cleanup;
        }
        const struct tech_key *k = &tech_keys[i];
        if ((rc = key_value(key, val, k->lo, k->lo_open, k->hi, k->whole, field(tech, i), label, line, ctx)) !=
            NOC_OK)
            goto cleanup;
    }
    index_tables(tech);
    rc = noc_tech_check_table(tech, label, table_line, ctx);
cleanup:
    free(copy);
    return rc;
}

static int tech_parse(void *tech, const char *data, size_t len, const char *label, struct noc_ctx *ctx)
{
    return noc_tech_parse_n(tech, data, len, label, ctx);
}

int noc_tech_read(struct noc_tech *tech, const char *path, struct noc_ctx *ctx)
{
    return noc_read_parse(path, NULL, tech_parse, tech, ctx);
}

/* Table k's entry for a radix-p router by the radix rule (tech.h): the
 * next larger listed radix, above the largest (hi) the line through the
 * two largest (hi, lo; lo 0: in proportion to the radix), never below
 * tab[hi]; -1 when nothing is listed.  O(hi - p). */
static double radix_at(const double *tab, int hi, int lo, int p)
{
    if (!hi)
        return -1;
    if (p > hi) {
        double v = lo ? tab[hi] + (tab[hi] - tab[lo]) / (hi - lo) * (p - hi) : tab[hi] * p / hi;
        return v < tab[hi] ? tab[hi] : v;
    }
    int r = p < 2 ? 2 : p;
    while (!(tab[r] >= 0))
        r++;
    return tab[r];
}

/* Characterized table k (1 area, 2 leak, 3 flit, 4 clk) for a radix-p
 * router of `width` bits (tech.h: each width's value by the radix rule,
 * then linear in width); -1 when the table is empty (its bit of
 * router_tables clear: O(1)).  O(widths^2 + radix gap) otherwise. */
static double table_at(const struct noc_tech *tech, size_t k, int p, double width)
{
    if (!(tech->router_tables & (1u << (k - 1))))
        return -1;
    double w[NOC_TECH_MAX_WIDTHS + 1], v[NOC_TECH_MAX_WIDTHS + 1];
    int n = 0;
    for (int s = 0; s <= tech->ntab_w; s++) {
        double ws = s ? tech->tab_w[s - 1] : tech->table_width;
        double x = radix_at(set_table(tech, s, k), tech->tab_hi[s][k], tech->tab_lo[s][k], p);
        if (x < 0)
            continue;
        if (!(ws > 0)) /* the plain table of no stated width: unscaled */
            return x;
        int j = n;
        while (j > 0 && w[j - 1] > ws)
            j--;
        if (j > 0 && w[j - 1] == ws) /* listed twice: the first */
            continue;
        memmove(w + j + 1, w + j, (size_t)(n - j) * sizeof *w);
        memmove(v + j + 1, v + j, (size_t)(n - j) * sizeof *v);
        w[j] = ws;
        v[j] = x;
        n++;
    }
    if (n == 0)
        return -1;
    if (n == 1)
        return v[0] * width / w[0];
    int a = 0;
    while (a < n - 2 && width >= w[a + 1])
        a++;
    double y = v[a] + (v[a + 1] - v[a]) * (width - w[a]) / (w[a + 1] - w[a]);
    if (!(y > 0)) {
        int near = width < w[0] ? 0 : n - 1;
        y = v[near] * width / w[near];
    }
    return y;
}

/* mW of `bits` flip-flops clocked at freq_mhz. */
static double clock_mw(const struct noc_tech *tech, double bits, double freq_mhz)
{
    return freq_mhz > 0 ? freq_mhz * 1e6 * tech->clk_fj_bit * 1e-15 * bits * 1e3 : 0;
}

/* A router's three terms at flits_per_s (dyn: the flits' share; leak,
 * clk), the characterized tables replacing the model's (tech.h). */
static void router_terms(const struct noc_tech *tech, int buf_ports, int xbar_ports, double width,
                         double flits_per_s, double freq_mhz, double *dyn, double *leak_out, double *clk_out)
{
    double ws = width / tech->ref_width;
    double pr = xbar_ports / tech->xbar_ref_ports;
    double e_pj = (tech->buf_pj + tech->xbar_pj * pr + tech->route_pj) * ws;
    double dyn_mw = flits_per_s * e_pj * 1e-12 * 1e3;
    double leak = (buf_ports * tech->buf_leak_mw + tech->xbar_leak_mw * pr * pr) * ws + tech->route_leak_mw;
    double bits = buf_ports == xbar_ports
                      ? (double)buf_ports * width * (tech->buf_flits + tech->router_stages)
                      : width * ((double)buf_ports * tech->buf_flits + (double)xbar_ports * tech->router_stages);
    double clk = clock_mw(tech, bits, freq_mhz);
    /* A characterized library replaces each term it lists (tech.h). */
    int p = buf_ports > xbar_ports ? buf_ports : xbar_ports;
    double v;
    if ((v = table_at(tech, 3, p, width)) >= 0) {
        dyn[0] = flits_per_s * v * 1e-9;
        dyn[1] = 0 * v * 1e-9;
    } else {
        dyn[0] = dyn_mw;
        dyn[1] = 0 * e_pj * 1e-12 * 1e3;
    }
    if ((v = table_at(tech, 2, p, width)) >= 0)
        leak = v;
    if ((v = table_at(tech, 4, p, width)) >= 0)
        clk = freq_mhz > 0 ? freq_mhz * v : 0;
    *leak_out = leak;
    *clk_out = clk;
}

double noc_tech_router_mw_ports(const struct noc_tech *tech, int buf_ports, int xbar_ports, double width,
                                double flits_per_s, double freq_mhz)
{
    double dyn[2], leak, clk;
    router_terms(tech, buf_ports, xbar_ports, width, flits_per_s, freq_mhz, dyn, &leak, &clk);
    return dyn[0] + leak + clk;
}

double noc_tech_router_dyn_mw(const struct noc_tech *tech, int ports, double width, double flits_per_s,
                              double freq_mhz)
{
    double dyn[2], leak, clk;
    router_terms(tech, ports, ports, width, flits_per_s, freq_mhz, dyn, &leak, &clk);
    return (dyn[0] + leak + clk) - (dyn[1] + leak + clk);
}

double noc_tech_router_mw(const struct noc_tech *tech, int ports, double width,
                          double flits_per_s, double freq_mhz)
{
    return noc_tech_router_mw_ports(tech, ports, ports, width, flits_per_s, freq_mhz);
}

double noc_tech_router_mm2_ports(const struct noc_tech *tech, int buf_ports, int xbar_ports, double width)
{
    double sb = (buf_ports / tech->area_ref_ports) * (width / tech->area_ref_width);
    double sx = (xbar_ports / tech->area_ref_ports) * (width / tech->area_ref_width);
    double v = table_at(tech, 1, buf_ports > xbar_ports ? buf_ports : xbar_ports, width);
    if (v >= 0)
        return v;
    return tech->area_ref_mm2 * (tech->area_lin * sb + (1 - tech->area_lin) * sx * sx);
}

double noc_tech_router_mm2(const struct noc_tech *tech, int ports, double width)
{
    return noc_tech_router_mm2_ports(tech, ports, ports, width);
}

/* One channel's power with its pipeline register count given. */
static double channel_mw_regs(const struct noc_tech *tech, double length_mm, double width, double mbps,
                              double freq_mhz, double regs)
{
    double bits_s = mbps * 8e6;
    return bits_s * length_mm * tech->link_pj_bit_mm * 1e-12 * 1e3 +
           width * tech->link_leak_uw_bit * 1e-3 + clock_mw(tech, regs * width, freq_mhz);
}

double noc_tech_channel_mw(const struct noc_tech *tech, double length_mm, double width,
                           double mbps, double freq_mhz)
{
    return channel_mw_regs(tech, length_mm, width, mbps, freq_mhz,
                           noc_tech_link_stages(tech, length_mm, freq_mhz));
}

double noc_tech_channel_mw_per_mbps_mm(const struct noc_tech *tech)
{
    return 8e6 * tech->link_pj_bit_mm * 1e-12 * 1e3; /* channel_mw_regs' first term */
}

void noc_tech_channel_mw_pair(const struct noc_tech *tech, double length_mm, double width, double mbps,
                              double freq_mhz, double mw[2])
{
    double regs = noc_tech_link_stages(tech, length_mm, freq_mhz);
    mw[0] = channel_mw_regs(tech, length_mm, width, mbps, freq_mhz, regs);
    mw[1] = channel_mw_regs(tech, length_mm, width, 0, freq_mhz, regs);
}

double noc_tech_channel_dyn_mw(const struct noc_tech *tech, double length_mm, double width, double mbps,
                               double freq_mhz)
{
    double regs = noc_tech_link_stages(tech, length_mm, freq_mhz);
    double fixed = width * tech->link_leak_uw_bit * 1e-3, clk = clock_mw(tech, regs * width, freq_mhz);
    double on = mbps * 8e6 * length_mm * tech->link_pj_bit_mm * 1e-12 * 1e3;
    double off = 0 * 8e6 * length_mm * tech->link_pj_bit_mm * 1e-12 * 1e3;
    return (on + fixed + clk) - (off + fixed + clk);
}

double noc_tech_channel_mm2(const struct noc_tech *tech, double length_mm, double width,
                            double freq_mhz)
{
    return noc_tech_link_stages(tech, length_mm, freq_mhz) * width * tech->reg_um2_bit * 1e-6;
}

static double chan_width(const struct noc_topo *t, int c, double width)
{
    if (t->ch[c].width > 0)
        return t->ch[c].width;
    return t->link_width > 0 ? t->link_width : width;
}

void noc_tech_topo(const struct noc_tech *tech, const struct noc_topo *t,
                   const double *load_mbps, double width, double *power_mw,
                   double *area_mm2, int *unknown_len)
{
    double p = 0, a = 0;
    int unknown = 0;
    const struct noc_graph *g = &t->g;
    for (int r = 0; r < t->nrouters; r++) {
        /* Flits through r = flits arriving on its input channels. */
        double flits = 0, w = 0;
        int nin = 0;
        for (int i = g->in_off[r]; i < g->in_off[r + 1]; i++) {
            int c = g->in_edge[i];
            double cw = chan_width(t, c, width);
            flits += load_mbps ? noc_flits_per_s(load_mbps[c], cw) : 0;
            w = fmax(w, cw);
            nin++;
        }
        if (nin == 0)
            w = t->link_width > 0 ? t->link_width : width;
        /* A shared concentrator port: one crossbar port, one input
         * buffer per terminal (noc_topo_buffer_ports). */
        int ports = noc_topo_radix(t, r), bufs = noc_topo_buffer_ports(t, r);
        p += noc_tech_router_mw_ports(tech, bufs, ports, w, flits, t->freq_mhz);
        a += noc_tech_router_mm2_ports(tech, bufs, ports, w);
    }
    for (int c = 0; c < t->nch; c++) {
        double len = noc_topo_channel_length(t, c);
        if (len < 0) {
            unknown++;
            len = 0;
        }
        double cw = chan_width(t, c, width);
        p += noc_tech_channel_mw(tech, len, cw, load_mbps ? load_mbps[c] : 0, t->freq_mhz);
        a += noc_tech_channel_mm2(tech, len, cw, t->freq_mhz);
    }
    *power_mw = p;
    *area_mm2 = a;
    if (unknown_len)
        *unknown_len = unknown;
}

double noc_tech_wire_delay_ps(const struct noc_tech *tech, double length_mm)
{
    return length_mm > 0 ? length_mm * tech->wire_ps_mm : 0;
}

int noc_tech_link_stages(const struct noc_tech *tech, double length_mm, double freq_mhz)
{
    if (!(freq_mhz > 0) || !(length_mm > 0) || !isfinite(length_mm))
        return 0;
    double period_ps = noc_period_ps(freq_mhz);
    double cycles = noc_tech_wire_delay_ps(tech, length_mm) / period_ps - 1e-9;
    if (cycles <= 1)
        return 0; /* within one cycle (most links): no ceil needed, the same 0 */
    double regs = ceil(cycles) - 1;
    if (regs > 1e6)
        regs = 1e6;
    return regs > 0 ? (int)regs : 0;
}

int noc_tech_link_cycles(const struct noc_tech *tech, double length_mm, double freq_mhz)
{
    return 1 + noc_tech_link_stages(tech, length_mm, freq_mhz);
}
