/* The package description: the D2D interface presets and the package file
 * reader (include/nocsyn/package.h, docs/INTERFACE.md section 1.4). */
#include "nocsyn/package.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/tech.h"

/* The D2D interface registry: the one home of every preset figure.
 * Sources (README "Multi-die synthesis" repeats them):
 *  - UCIe: D. Das Sharma et al., Hot Interconnects 2025 summary of the UCIe
 *    1.x/2.0 PHY figures: standard package (2D, 100-130 um bumps) up to 224
 *    GB/s/mm of shoreline at 32 GT/s, 0.5 pJ/bit at <= 16 GT/s; advanced
 *    package (2.5D, 25-55 um) up to 1317 GB/s/mm at 32 GT/s, 0.25 pJ/bit at
 *    <= 16 GT/s; 3D hybrid bonding 0.01-0.05 pJ/bit; ~2 ns round trip.
 *    Modules: x16 (standard), x64 (advanced) at 16 GT/s.  Shoreline density
 *    halves at 16 GT/s: 112 GB/s/mm / 32 GB/s = 3.5 modules/mm (standard),
 *    658 GB/s/mm / 128 GB/s = 5.14 modules/mm (advanced).
 *  - BoW: OCP ODSA Bunch of Wires PHY specification (draft 1.9d, 2023):
 *    a slice of 16 data wires at up to 16 Gb/s each; its energy target is
 *    below 1 pJ/bit, taken at the bound (1.0).
 * Latency: 2 ns per crossing (UCIe's ~2 ns round trip taken as one way, a
 * conservative reading), BoW alike; hybrid bonding 0.5 ns.  per_mm of BoW
 * (3.9: ~1 Tbps/mm of laminate beachfront / 256 Gb/s), the 3-D budget (16
 * modules per boundary), and every area and leakage figure are nocsyn's
 * assumptions, not published figures: override them in the package file. */
static const struct noc_d2d_type presets[] = {
    {"ucie-standard", 0, 16, 16, 0.5, 2.0, 3.5, 0, 0.30, 4.0},
    {"ucie-advanced", 0, 64, 16, 0.25, 2.0, 5.14, 0, 0.40, 6.0},
    {"bow", 0, 16, 16, 1.0, 2.0, 3.9, 0, 0.30, 4.0},
    {"hybrid-bond", 1, 64, 4, 0.05, 0.5, 0, 16, 0.05, 0.5},
};
#define NPRESETS (int)(sizeof presets / sizeof presets[0])

int noc_d2d_preset(const char *name, struct noc_d2d_type *t)
{
    for (int i = 0; i < NPRESETS; i++)
        if (!strcmp(presets[i].name, name)) {
            *t = presets[i];
            return 0;
        }
    return -1;
}

const char *noc_d2d_preset_name(int i)
{
    return i >= 0 && i < NPRESETS ? presets[i].name : NULL;
}

double noc_d2d_mbps(const struct noc_d2d_type *t)
{
    return t->lanes * t->gbps * 1000.0 / 8.0;
}

void noc_package_init(struct noc_package *p)
{
    memset(p, 0, sizeof *p);
    noc_d2d_preset("ucie-advanced", &p->def_type);
    p->max_gap = 1.0;
    p->extra_max = 1;
}

void noc_package_free(struct noc_package *p)
{
    for (int i = 0; i < p->npins; i++)
        free(p->pin_core[i]);
    free(p->pin_core);
    free(p->pin_die);
    free(p->bound);
    noc_package_init(p);
}

void noc_package_die_origin(const struct noc_package *p, int d, double *x, double *y)
{
    double wmax = 0;
    for (int i = 0; i < p->ndies; i++)
        wmax = fmax(wmax, p->dies[i].w);
    *x = p->dies[d].layer >= 0 ? p->dies[d].layer * (wmax + 1) : p->dies[d].x;
    *y = p->dies[d].layer >= 0 ? 0 : p->dies[d].y;
}

int noc_package_boundary(const struct noc_package *p, int a, int b)
{
    for (int i = 0; i < p->nbound; i++)
        if ((p->bound[i].a == a && p->bound[i].b == b) || (p->bound[i].a == b && p->bound[i].b == a))
            return i;
    return -1;
}

/* The override fields of an interface: name, offset, lowest value (open
 * when lo_open), highest. */
static const struct {
    const char *name;
    size_t off;
    double lo, hi;
    int lo_open;
} fields[] = {
    {"lanes", offsetof(struct noc_d2d_type, lanes), 0, 4096, 1},
    {"gbps", offsetof(struct noc_d2d_type, gbps), 0, 1e4, 1},
    {"pj_bit", offsetof(struct noc_d2d_type, pj_bit), 0, 1e3, 0},
    {"latency_ns", offsetof(struct noc_d2d_type, latency_ns), 0, 1e4, 0},
    {"per_mm", offsetof(struct noc_d2d_type, per_mm), 0, 1e4, 0},
    {"budget", offsetof(struct noc_d2d_type, budget), 0, 1e6, 0},
    {"area_mm2", offsetof(struct noc_d2d_type, area_mm2), 0, 1e4, 0},
    {"leak_mw", offsetof(struct noc_d2d_type, leak_mw), 0, 1e6, 0},
};
#define NFIELDS (int)(sizeof fields / sizeof fields[0])

#define MAXTOK 16

/* Splits s in place at blanks into at most MAXTOK tokens; -1 when more. */
static int tokens(char *s, char **tok)
{
    int n = 0;
    for (char *save = NULL, *w = strtok_r(s, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        if (n == MAXTOK)
            return -1;
        tok[n++] = w;
    }
    return n;
}

/* An interface: preset tok[0] and FIELD=V overrides tok[1..n-1]. */
static int parse_type(char **tok, int n, struct noc_d2d_type *t, const char *label, long line,
                      struct noc_ctx *ctx)
{
    if (n < 1)
        return noc_error(ctx, NOC_EINVAL, label, line, "expected an interface preset");
    if (noc_d2d_preset(tok[0], t) < 0)
        return noc_error(ctx, NOC_EINVAL, label, line,
                         "unknown D2D interface '%.60s' (ucie-standard, ucie-advanced, bow, hybrid-bond)", tok[0]);
    for (int i = 1; i < n; i++) {
        char *eq = strchr(tok[i], '=');
        int f = -1;
        if (eq) {
            *eq = 0;
            for (int j = 0; j < NFIELDS; j++)
                if (!strcmp(fields[j].name, tok[i]))
                    f = j;
        }
        if (f < 0)
            return noc_error(ctx, NOC_EINVAL, label, line,
                             "'%.60s': expected FIELD=VALUE with FIELD one of lanes gbps pj_bit latency_ns "
                             "per_mm budget area_mm2 leak_mw", tok[i]);
        double v;
        if (noc_parse_double(eq + 1, &v) || v > fields[f].hi || (fields[f].lo_open ? v <= fields[f].lo : v < fields[f].lo))
            return noc_error(ctx, NOC_EINVAL, label, line, "'%s=%.40s': needs a number %s %g and <= %g",
                             fields[f].name, eq + 1, fields[f].lo_open ? ">" : ">=", fields[f].lo, fields[f].hi);
        *(double *)((char *)t + fields[f].off) = v;
    }
    return NOC_OK;
}

static int die_find(const struct noc_package *p, const char *name)
{
    for (int i = 0; i < p->ndies; i++)
        if (!strcmp(p->dies[i].name, name))
            return i;
    return -1;
}

static int num(const char *s, double lo, double hi, int lo_open, double *v)
{
    return !noc_parse_double(s, v) && *v <= hi && (lo_open ? *v > lo : *v >= lo) ? 0 : -1;
}

/* The neighbour relation of two dies: 1 with the shoreline and midpoint of
 * the shared edge, else 0.  3-D: consecutive layers (shoreline 0, the
 * midpoint the centre of the smaller die). */
static int neighbours(const struct noc_package *p, int i, int j, double *shore, double *mx, double *my)
{
    const struct noc_die *a = &p->dies[i], *b = &p->dies[j];
    if (a->layer >= 0) {
        const struct noc_die *s = a->w * a->h <= b->w * b->h ? a : b;
        *shore = 0;
        *mx = s->w / 2;
        *my = s->h / 2;
        return abs(a->layer - b->layer) == 1;
    }
    double ox = fmin(a->x + a->w, b->x + b->w) - fmax(a->x, b->x); /* overlap along x */
    double oy = fmin(a->y + a->h, b->y + b->h) - fmax(a->y, b->y);
    if (oy > 0 && -ox <= p->max_gap && ox <= 0) { /* side by side in x */
        *shore = oy;
        *mx = (fmin(a->x + a->w, b->x + b->w) + fmax(a->x, b->x)) / 2;
        *my = fmax(a->y, b->y) + oy / 2;
        return 1;
    }
    if (ox > 0 && -oy <= p->max_gap && oy <= 0) { /* one above the other */
        *shore = ox;
        *mx = fmax(a->x, b->x) + ox / 2;
        *my = (fmin(a->y + a->h, b->y + b->h) + fmax(a->y, b->y)) / 2;
        return 1;
    }
    return 0;
}

/* Sets every boundary's shoreline and module bound from its type. */
static void bound_limit(struct noc_boundary *B)
{
    double m = B->type.stacked ? B->type.budget : floor(B->shoreline_mm * B->type.per_mm + 1e-9);
    B->max_modules = m > 1e6 ? 1000000 : (int)m;
}

int noc_package_parse(struct noc_package *p, const char *data, size_t len, const char *label,
                      struct noc_ctx *ctx)
{
    int rc = NOC_OK, kind = -1;
    char *buf = NULL;
    long line = 0, *die_line = NULL;
    /* Links are applied after all dies are known: kept as (a, b, type). */
    struct pend {
        char a[64], b[64];
        struct noc_d2d_type t;
        long line;
    } *links = NULL;
    size_t links_cap = 0, pins_cap = 0;
    int nlinks = 0;
    noc_package_free(p);
    long at = noc_nul_line(data, len);
    if (at)
        return noc_error(ctx, NOC_EINVAL, label, at, "NUL byte (not a text file?)");
    if (!(buf = noc_malloc(ctx, len + 1, 1)) || !(die_line = noc_calloc(ctx, NOC_PKG_MAX_DIES, sizeof *die_line))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    memcpy(buf, data, len);
    buf[len] = 0;
    for (char *ln = buf, *nl; ln && ln < buf + len; ln = nl) { /* no line after a final newline */
        if ((nl = strchr(ln, '\n')) != NULL)
            *nl++ = 0;
        line++;
        char *key, *val, *tok[MAXTOK];
        int kv = noc_kv_split(ln, &key, &val);
        if (kv == 0)
            continue;
        if (kv < 0) {
            rc = noc_error(ctx, NOC_EINVAL, label, line, "expected 'key = value'");
            goto cleanup;
        }
        int n = tokens(val, tok);
        if (n < 0) {
            rc = noc_error(ctx, NOC_EINVAL, label, line, "'%.40s': too many words", key);
            goto cleanup;
        }
        if (!strcmp(key, "d2d")) {
            NOC_CHECK(parse_type(tok, n, &p->def_type, label, line, ctx));
        } else if (!strcmp(key, "max_gap")) {
            if (n != 1 || num(tok[0], 0, NOC_DIE_MAX_MM, 0, &p->max_gap)) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, "max_gap: needs one number of mm in 0..%d",
                               NOC_DIE_MAX_MM);
                goto cleanup;
            }
        } else if (!strcmp(key, "die") || !strcmp(key, "layer")) {
            int stacked = key[0] == 'l';
            struct noc_die d;
            double v[4];
            memset(&d, 0, sizeof d);
            if (n != (stacked ? 4 : 5)) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, stacked ? "layer: expected NAME W H INDEX"
                                                                     : "die: expected NAME W H X Y");
                goto cleanup;
            }
            if (kind >= 0 && kind != stacked) {
                rc = noc_error(ctx, NOC_EINVAL, label, line,
                               "'%s': a package is either 2.5-D (die lines) or a 3-D stack (layer lines)", key);
                goto cleanup;
            }
            kind = stacked;
            if (strlen(tok[0]) >= sizeof d.name || strchr(tok[0], '.')) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, "die name '%.60s': at most %d bytes and no '.'",
                               tok[0], (int)sizeof d.name - 1);
                goto cleanup;
            }
            if (die_find(p, tok[0]) >= 0) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, "die '%s' given twice", tok[0]);
                goto cleanup;
            }
            if (p->ndies == NOC_PKG_MAX_DIES) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, "more than %d dies", NOC_PKG_MAX_DIES);
                goto cleanup;
            }
            for (int i = 0; i < 4; i++) {
                int whole = stacked && i == 2;
                if (num(tok[1 + i], 0, whole ? NOC_PKG_MAX_DIES - 1 : NOC_DIE_MAX_MM, i < 2, &v[i]) ||
                    (whole && v[i] != floor(v[i]))) {
                    rc = noc_error(ctx, NOC_EINVAL, label, line, "'%.40s': %s", tok[1 + i],
                                   i < 2 ? "a size needs a number of mm > 0 and <= 1000"
                                         : whole ? "a layer index needs a whole number 0..63"
                                                 : "a position needs a number of mm in 0..1000");
                    goto cleanup;
                }
                if (stacked && i == 2)
                    break;
            }
            snprintf(d.name, sizeof d.name, "%s", tok[0]);
            d.w = v[0];
            d.h = v[1];
            d.layer = stacked ? (int)v[2] : -1;
            d.x = stacked ? 0 : v[2];
            d.y = stacked ? 0 : v[3];
            for (int i = 0; i < p->ndies; i++) {
                const struct noc_die *o = &p->dies[i];
                int clash = stacked ? o->layer == d.layer
                                    : fmin(o->x + o->w, d.x + d.w) - fmax(o->x, d.x) > 1e-9 &&
                                          fmin(o->y + o->h, d.y + d.h) - fmax(o->y, d.y) > 1e-9;
                if (clash) {
                    rc = noc_error(ctx, NOC_EINVAL, label, line, "die '%s' %s die '%s' (line %ld)", d.name,
                                   stacked ? "is on the same layer as" : "overlaps", o->name, die_line[i]);
                    goto cleanup;
                }
            }
            die_line[p->ndies] = line;
            p->dies[p->ndies++] = d;
        } else if (!strcmp(key, "link")) {
            if (n < 3) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, "link: expected A B PRESET [FIELD=V ...]");
                goto cleanup;
            }
            if (noc_grow(ctx, (void **)&links, &links_cap, (size_t)nlinks + 1, sizeof *links)) {
                rc = NOC_ENOMEM;
                goto cleanup;
            }
            struct pend *L = &links[nlinks++];
            snprintf(L->a, sizeof L->a, "%s", tok[0]);
            snprintf(L->b, sizeof L->b, "%s", tok[1]);
            L->line = line;
            NOC_CHECK(parse_type(tok + 2, n - 2, &L->t, label, line, ctx));
        } else if (!strcmp(key, "core")) {
            if (n != 2) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, "core: expected CORE DIE");
                goto cleanup;
            }
            int di = die_find(p, tok[1]);
            if (di < 0) {
                rc = noc_error(ctx, NOC_EINVAL, label, line, "core '%.60s': unknown die '%.60s' (dies come first)",
                               tok[0], tok[1]);
                goto cleanup;
            }
            size_t die_cap = (size_t)p->npins; /* pin_die grows one at a time */
            if (noc_grow(ctx, (void **)&p->pin_core, &pins_cap, (size_t)p->npins + 1, sizeof *p->pin_core) ||
                noc_grow(ctx, (void **)&p->pin_die, &die_cap, (size_t)p->npins + 1, sizeof *p->pin_die)) {
                rc = NOC_ENOMEM;
                goto cleanup;
            }
            if (!(p->pin_core[p->npins] = noc_strdup(ctx, tok[0]))) {
                rc = NOC_ENOMEM;
                goto cleanup;
            }
            p->pin_die[p->npins++] = di;
        } else {
            rc = noc_error(ctx, NOC_EINVAL, label, line,
                           "unknown key '%.60s' (d2d, die, layer, link, core, max_gap)", key);
            goto cleanup;
        }
    }
    if (p->ndies == 0) {
        rc = noc_error(ctx, NOC_EINVAL, label, line > 0 ? line : 1, "no die (die = NAME W H X Y, or layer = ...)");
        goto cleanup;
    }
    /* Boundaries: every neighbouring pair, in die order. */
    for (int i = 0; i < p->ndies; i++)
        for (int j = i + 1; j < p->ndies; j++) {
            double sh, mx, my;
            if (!neighbours(p, i, j, &sh, &mx, &my))
                continue;
            size_t cap = (size_t)p->nbound;
            if (noc_grow(ctx, (void **)&p->bound, &cap, (size_t)p->nbound + 1, sizeof *p->bound)) {
                rc = NOC_ENOMEM;
                goto cleanup;
            }
            struct noc_boundary *B = &p->bound[p->nbound++];
            memset(B, 0, sizeof *B);
            B->a = i;
            B->b = j;
            B->shoreline_mm = sh;
            B->mx = mx;
            B->my = my;
            B->type = p->def_type;
            bound_limit(B);
        }
    for (int l = 0; l < nlinks; l++) {
        int a = die_find(p, links[l].a), b = die_find(p, links[l].b), bi;
        if (a < 0 || b < 0) {
            rc = noc_error(ctx, NOC_EINVAL, label, links[l].line, "link: unknown die '%.60s'",
                           a < 0 ? links[l].a : links[l].b);
            goto cleanup;
        }
        if ((bi = noc_package_boundary(p, a, b)) < 0) {
            rc = noc_error(ctx, NOC_EINVAL, label, links[l].line,
                           "link: dies '%s' and '%s' are not neighbours (edges more than max_gap %g mm apart, "
                           "or layers not consecutive)", links[l].a, links[l].b, p->max_gap);
            goto cleanup;
        }
        if (links[l].t.stacked != (p->dies[a].layer >= 0)) {
            rc = noc_error(ctx, NOC_EINVAL, label, links[l].line, "link: interface '%s' is %s but the dies are %s",
                           links[l].t.name, links[l].t.stacked ? "3-D" : "2.5-D",
                           p->dies[a].layer >= 0 ? "stacked" : "side by side");
            goto cleanup;
        }
        p->bound[bi].type = links[l].t;
        bound_limit(&p->bound[bi]);
    }
    for (int i = 0; i < p->nbound; i++)
        if (p->bound[i].type.stacked != (p->dies[0].layer >= 0)) {
            rc = noc_error(ctx, NOC_EINVAL, label, 1, "the default interface '%s' is %s but the dies are %s; "
                           "set d2d = %s", p->def_type.name, p->def_type.stacked ? "3-D" : "2.5-D",
                           p->dies[0].layer >= 0 ? "stacked" : "side by side",
                           p->dies[0].layer >= 0 ? "hybrid-bond" : "ucie-advanced");
            goto cleanup;
        }
cleanup:
    free(buf);
    free(die_line);
    free(links);
    if (rc != NOC_OK)
        noc_package_free(p);
    return rc;
}

static int package_parse(void *p, const char *data, size_t len, const char *label, struct noc_ctx *ctx)
{
    return noc_package_parse(p, data, len, label, ctx);
}

int noc_package_read(struct noc_package *p, const char *path, struct noc_ctx *ctx)
{
    return noc_read_parse(path, NULL, package_parse, p, ctx);
}
