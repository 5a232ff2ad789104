/* LEF and DEF writers for the physical hand-off (formats: LEF/DEF 5.8
 * Language Reference; coordinates in the DEF database unit, 1 nm = UNITS
 * DISTANCE MICRONS 1000).  The placement itself is struct noc_layout
 * (src/emit/layout.c). */
#include "nocsyn/emit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nocsyn/topo.h"

#define PIN_NM 100 /* pin squares: 0.1 um, or less when pins are denser */

static long long nm(double mm) { return llround(mm * 1e6); }

/* nm as microns with three decimals (non-negative values). */
static void um(struct noc_buf *b, long long v)
{
    if (v < 0) {
        noc_buf_append(b, "-", 1);
        v = -v;
    }
    noc_buf_printf(b, "%lld.%03lld", v / 1000, v % 1000);
}

/* A size in microns for a macro name: 1000, 12.5 -> 12p5. */
static void um_tag(struct noc_buf *b, long long v)
{
    noc_buf_printf(b, "%lld", v / 1000);
    if (v % 1000) {
        char frac[8];
        snprintf(frac, sizeof frac, "%03lld", v % 1000);
        for (int i = 2; i > 0 && frac[i] == '0'; i--)
            frac[i] = '\0';
        noc_buf_printf(b, "p%s", frac);
    }
}

/* Every macro name ends in "__<design>" (made legal) so that the LEFs of
 * several designs in one directory never define one name twice: KLayout's
 * LEF/DEF reader loads every LEF beside a DEF by default. */
static void macro_tag(struct noc_buf *b, const char *tag)
{
    if (tag && *tag) {
        noc_buf_printf(b, "__");
        noc_def_name(b, tag);
    }
}

static void router_macro(struct noc_buf *b, const struct noc_layout *L, int ports, const char *tag)
{
    noc_buf_printf(b, "noc_router_%dp_%.0fb", ports, L->width);
    macro_tag(b, tag);
}

static void core_macro(struct noc_buf *b, const struct noc_layout *L, int v, const char *tag)
{
    noc_buf_printf(b, "noc_core_");
    um_tag(b, nm(L->w[v]));
    noc_buf_printf(b, "x");
    um_tag(b, nm(L->h[v]));
    noc_buf_printf(b, "um_%dp_%.0fb", L->nports[v], L->width);
    macro_tag(b, tag);
}

static void reg_macro(struct noc_buf *b, const struct noc_layout *L, const char *tag)
{
    noc_buf_printf(b, "noc_pipe_reg_%.0fb", L->width);
    macro_tag(b, tag);
}

/* The macro name of node v into a scratch buffer (NUL-terminated). */
static const char *macro_of(struct noc_buf *s, const struct noc_topo *t, const struct noc_layout *L, int v,
                            const char *tag)
{
    s->len = 0;
    if (v < t->nrouters)
        router_macro(s, L, L->nports[v], tag);
    else
        core_macro(s, L, v, tag);
    noc_buf_append(s, "", 1);
    return s->failed ? "" : s->data;
}

/* One pin: name prefix + "[bit]", a square on the perimeter of a w x h
 * macro at position i of n (evenly around: bottom, right, top, left). */
static void lef_pin(struct noc_buf *b, const char *name, int bit, int out, long long i, long long n, long long w,
                    long long h)
{
    long long perim = 2 * (w + h), pitch = perim / n, ps = PIN_NM;
    if (ps > pitch / 2)
        ps = pitch / 2 > 1 ? pitch / 2 : 1;
    long long pos = (2 * i + 1) * perim / (2 * n), x, y;
    const char *layer = "M2";
    if (pos < w) {
        x = pos;
        y = ps / 2;
    } else if (pos < w + h) {
        x = w - ps / 2;
        y = pos - w;
        layer = "M1";
    } else if (pos < 2 * w + h) {
        x = w - (pos - w - h);
        y = h - ps / 2;
    } else {
        x = ps / 2;
        y = h - (pos - 2 * w - h);
        layer = "M1";
    }
    x = x < ps / 2 ? ps / 2 : x > w - ps + ps / 2 ? w - ps + ps / 2 : x;
    y = y < ps / 2 ? ps / 2 : y > h - ps + ps / 2 ? h - ps + ps / 2 : y;
    noc_buf_printf(b, "  PIN %s[%d]\n    DIRECTION %s ;\n    USE SIGNAL ;\n    PORT\n      LAYER %s ;\n        RECT ",
                   name, bit, out ? "OUTPUT" : "INPUT", layer);
    um(b, x - ps / 2);
    noc_buf_append(b, " ", 1);
    um(b, y - ps / 2);
    noc_buf_append(b, " ", 1);
    um(b, x - ps / 2 + ps);
    noc_buf_append(b, " ", 1);
    um(b, y - ps / 2 + ps);
    noc_buf_printf(b, " ;\n    END\n  END %s[%d]\n", name, bit);
}

/* A BLOCK macro of `ports` ports, each an input and an output bus named
 * <pre><k>_in / <pre><k>_out (pre NULL: one port, buses d and q). */
static void lef_macro(struct noc_buf *b, const char *name, const char *pre, int ports, int width, long long w,
                      long long h)
{
    noc_buf_printf(b, "\nMACRO %s\n  CLASS BLOCK ;\n  ORIGIN 0 0 ;\n  SIZE ", name);
    um(b, w);
    noc_buf_printf(b, " BY ");
    um(b, h);
    noc_buf_printf(b, " ;\n  SYMMETRY X Y ;\n");
    long long n = 2LL * ports * width, i = 0;
    for (int k = 0; k < ports; k++)
        for (int dir = 0; dir < 2; dir++) {
            char pin[48];
            if (pre)
                snprintf(pin, sizeof pin, "%s%d_%s", pre, k, dir ? "out" : "in");
            else
                snprintf(pin, sizeof pin, "%s", dir ? "q" : "d");
            for (int bit = 0; bit < width; bit++)
                lef_pin(b, pin, bit, dir, i++, n, w, h);
        }
    long long in = w > 4 * PIN_NM && h > 4 * PIN_NM ? 2 * PIN_NM : 0;
    noc_buf_printf(b, "  OBS\n    LAYER M1 ;\n      RECT ");
    um(b, in);
    noc_buf_append(b, " ", 1);
    um(b, in);
    noc_buf_append(b, " ", 1);
    um(b, w - in);
    noc_buf_append(b, " ", 1);
    um(b, h - in);
    noc_buf_printf(b, " ;\n  END\nEND %s\n", name);
}

int noc_design_lef(const struct noc_topo *t, const struct noc_layout *L, const char *tag, struct noc_buf *b)
{
    int width = (int)L->width;
    noc_buf_printf(b, "# LEF written by nocsyn %s: abstract views of the NoC routers (area from the\n"
                      "# tech model), the cores of the floorplan and the link pipeline register.\n"
                      "VERSION 5.8 ;\nBUSBITCHARS \"[]\" ;\nDIVIDERCHAR \"/\" ;\n\n"
                      "UNITS\n  DATABASE MICRONS 1000 ;\nEND UNITS\n\nMANUFACTURINGGRID 0.001 ;\n\n"
                      "LAYER M1\n  TYPE ROUTING ;\n  DIRECTION HORIZONTAL ;\n  PITCH 0.2 ;\n  WIDTH 0.1 ;\n"
                      "  SPACING 0.1 ;\nEND M1\n\nLAYER V1\n  TYPE CUT ;\nEND V1\n\n"
                      "LAYER M2\n  TYPE ROUTING ;\n  DIRECTION VERTICAL ;\n  PITCH 0.2 ;\n  WIDTH 0.1 ;\n"
                      "  SPACING 0.1 ;\nEND M2\n\nSITE noc_site\n  CLASS CORE ;\n  SIZE 0.2 BY 1.4 ;\nEND noc_site\n",
                   NOC_VERSION);
    struct noc_buf name;
    noc_buf_init(&name);
    struct noc_strmap seen;
    noc_strmap_init(&seen);
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    int failed = 0;
    for (int v = 0; v < t->nnodes && !failed; v++) {
        const char *m = macro_of(&name, t, L, v, tag);
        if (noc_strmap_get(&seen, m) >= 0) /* one macro per name */
            continue;
        failed = noc_strmap_put(&seen, m, 1, &ctx) != NOC_OK;
        lef_macro(b, m, v < t->nrouters ? "p" : "ni", L->nports[v], width, nm(L->w[v]), nm(L->h[v]));
    }
    if (L->nregs) {
        name.len = 0;
        reg_macro(&name, L, tag);
        noc_buf_append(&name, "", 1);
        lef_macro(b, name.data, NULL, 1, width, nm(L->reg_side), nm(L->reg_side));
    }
    noc_buf_printf(b, "\nEND LIBRARY\n");
    failed |= name.failed;
    noc_buf_free(&name);
    noc_strmap_free(&seen);
    return b->failed || failed ? NOC_ENOMEM : NOC_OK;
}

static void def_point(struct noc_buf *b, double x, double y)
{
    noc_buf_printf(b, "( %lld %lld )", nm(x), nm(y));
}

/* The bus of one link segment: width nets from (a pa) to (c pc). */
static void def_bus(struct noc_buf *b, const char *net, int width, const char *a, const char *pa, const char *c,
                    const char *pc)
{
    for (int bit = 0; bit < width; bit++)
        noc_buf_printf(b, "  - %s[%d] ( %s %s[%d] ) ( %s %s[%d] ) ;\n", net, bit, a, pa, bit, c, pc, bit);
}

int noc_design_def(const struct noc_topo *t, const struct noc_layout *L, const char *tag, struct noc_buf *b)
{
    int width = (int)L->width;
    noc_buf_printf(b, "# DEF written by nocsyn %s with its LEF (same base name): routers PLACED and\n"
                      "# cores FIXED at their lower-left corners, link pipeline registers, one net per\n"
                      "# link bit.  Router macros noc_router_<ports>p_<width>b__<design> are abstracts:\n"
                      "# replace them with your router IP of the same ports.\n",
                   NOC_VERSION);
    for (int v = 0; v < t->nrouters; v++)
        if (L->moved_mm[v] > 0)
            noc_buf_printf(b, "# router %s moved %.3f mm from its synthesized spot to clear the cores\n",
                           L->names[v], L->moved_mm[v]);
    noc_buf_printf(b, "VERSION 5.8 ;\nDIVIDERCHAR \"/\" ;\nBUSBITCHARS \"[]\" ;\nDESIGN ");
    noc_def_name(b, t->name ? t->name : "noc");
    noc_buf_printf(b, " ;\nUNITS DISTANCE MICRONS 1000 ;\n\nDIEAREA ");
    def_point(b, L->die[0], L->die[1]);
    noc_buf_append(b, " ", 1);
    def_point(b, L->die[2], L->die[3]);
    noc_buf_printf(b, " ;\n\nCOMPONENTS %d ;\n", t->nnodes + L->nregs);
    struct noc_buf m;
    noc_buf_init(&m);
    for (int v = 0; v < t->nnodes; v++) {
        noc_buf_printf(b, "  - %s %s", L->names[v], macro_of(&m, t, L, v, tag));
        if (L->placed[v]) {
            noc_buf_printf(b, " + %s ", v < t->nrouters ? "PLACED" : "FIXED");
            def_point(b, L->x[v], L->y[v]);
            noc_buf_printf(b, " N");
        }
        noc_buf_printf(b, " ;\n");
    }
    m.len = 0;
    reg_macro(&m, L, tag);
    noc_buf_append(&m, "", 1);
    for (int i = 0; i < L->nregs; i++) {
        noc_buf_printf(b, "  - %s %s + PLACED ", L->reg_names[i], m.data);
        def_point(b, L->rx[i], L->ry[i]);
        noc_buf_printf(b, " N ;\n");
    }
    int nets = 0;
    for (int c = 0; c < t->nch; c++)
        nets += (L->stages[c] + 1) * width;
    noc_buf_printf(b, "END COMPONENTS\n\nNETS %d ;\n", nets);
    struct noc_strmap used;
    noc_strmap_init(&used);
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_buf net, pa, pb;
    noc_buf_init(&net);
    noc_buf_init(&pa);
    noc_buf_init(&pb);
    int rc = NOC_OK;
    for (int c = 0; c < t->nch && rc == NOC_OK; c++) {
        int s = t->ch[c].src, d = t->ch[c].dst;
        /* Unique base name per channel (parallel channels get _2, ...). */
        net.len = 0;
        noc_buf_printf(&net, "%s__%s", L->names[s], L->names[d]);
        size_t base = net.len;
        for (int k = 2;; k++) {
            noc_buf_append(&net, "", 1);
            if (net.failed || noc_strmap_get(&used, net.data) < 0)
                break;
            net.len = base;
            noc_buf_printf(&net, "_%d", k);
        }
        if (net.failed || noc_strmap_put(&used, net.data, 1, &ctx) != NOC_OK) {
            rc = NOC_ENOMEM;
            break;
        }
        net.len--; /* drop the NUL to append segment suffixes */
        size_t nb = net.len;
        pa.len = pb.len = 0;
        noc_buf_printf(&pa, "%s%d_out", s < t->nrouters ? "p" : "ni", L->src_port[c]);
        noc_buf_printf(&pb, "%s%d_in", d < t->nrouters ? "p" : "ni", L->dst_port[c]);
        noc_buf_append(&pa, "", 1);
        noc_buf_append(&pb, "", 1);
        if (pa.failed || pb.failed) {
            rc = NOC_ENOMEM;
            break;
        }
        int n = L->stages[c];
        for (int k = 0; k <= n; k++) {
            net.len = nb;
            if (n)
                noc_buf_printf(&net, "_s%d", k);
            noc_buf_append(&net, "", 1);
            const char *from = k ? L->reg_names[L->reg_first[c] + k - 1] : L->names[s];
            const char *to = k < n ? L->reg_names[L->reg_first[c] + k] : L->names[d];
            def_bus(b, net.data, width, from, k ? "q" : pa.data, to, k < n ? "d" : pb.data);
        }
    }
    noc_buf_printf(b, "END NETS\n\nEND DESIGN\n");
    if (m.failed || net.failed)
        rc = NOC_ENOMEM;
    noc_strmap_free(&used);
    noc_buf_free(&m);
    noc_buf_free(&net);
    noc_buf_free(&pa);
    noc_buf_free(&pb);
    return rc != NOC_OK || b->failed ? NOC_ENOMEM : NOC_OK;
}
