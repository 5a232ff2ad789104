/* Multi-die synthesis (include/nocsyn/package.h, steps 1-5): cores onto
 * dies, D2D modules per boundary, split per die, composition, evaluation
 * of the composed network. */
#include "nocsyn/package.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/part.h"
#include "nocsyn/phys.h"
#include "nocsyn/route.h"
#include "nocsyn/traffic.h"
#include "nocsyn/units.h"

#define PORT_MM 0.2 /* side of a D2D port's pseudo-core in a die's sub-app */
#define IP_LAYER (-2) /* the layer marking the interposer of interposer_view (internal) */

void noc_package_result_init(struct noc_package_result *r)
{
    memset(r, 0, sizeof *r);
    r->chosen = -1;
}

static void design_free(struct noc_design *d)
{
    noc_topo_free(&d->topo);
    noc_metrics_free(&d->m);
    free(d->flow_cycles);
    d->flow_cycles = NULL;
}

void noc_package_result_free(struct noc_package_result *r)
{
    for (int i = 0; i < r->n; i++) {
        design_free(&r->d[i].d);
        free(r->d[i].use);
        free(r->d[i].die_switches);
        for (int d = 0; r->d[i].dies && d < r->d[i].ndies; d++)
            design_free(&r->d[i].dies[d]);
        free(r->d[i].dies);
    }
    free(r->d);
    free(r->core_die);
    noc_package_result_init(r);
}

/* A core's area: its size, else the floorplanner's default 1 mm x 1 mm
 * (the size die_app gives it). */
static double core_area(const struct noc_core *co)
{
    return co->has_size ? co->w * co->h : 1.0;
}

/* Step 1: the die of every core (pins, else METIS over the dies), checked
 * against the dies' areas. */
static int assign_cores(const struct noc_app *app, const struct noc_package *p, unsigned seed, int *die,
                        struct noc_ctx *ctx)
{
    int rc = NOC_OK, n = app->ncores;
    int *xadj = NULL, *adj = NULL, *w = NULL, *vw = NULL, *deg = NULL;
    for (int c = 0; c < n; c++)
        die[c] = -1;
    for (int i = 0; i < p->npins; i++) {
        int c = noc_app_find(app, p->pin_core[i]);
        if (c < 0)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "the package pins core '%.100s', which the app does not have",
                             p->pin_core[i]);
        die[c] = p->pin_die[i];
    }
    /* The floorplan's `die` column (noc_core.die) pins too. */
    int npins = p->npins;
    for (int c = 0; c < n; c++) {
        if (!app->cores[c].die[0])
            continue;
        int d = 0;
        while (d < p->ndies && strcmp(p->dies[d].name, app->cores[c].die))
            d++;
        if (d == p->ndies)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "the floorplan pins core '%.100s' to die '%s', which the package does not have",
                             app->cores[c].name, app->cores[c].die);
        if (die[c] >= 0 && die[c] != d)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "core '%.100s': the floorplan pins it to die '%s', the package to '%s'",
                             app->cores[c].name, app->cores[c].die, p->dies[die[c]].name);
        die[c] = d;
        npins++;
    }
    if (npins > 0) {
        for (int c = 0; c < n; c++)
            if (die[c] < 0)
                return noc_error(ctx, NOC_EINVAL, NULL, 0,
                                 "the package or floorplan pins some cores but not '%.100s': pin every core "
                                 "or none",
                                 app->cores[c].name);
    } else if (p->ndies == 1) {
        for (int c = 0; c < n; c++)
            die[c] = 0;
    } else {
        /* CSR of the flows both ways, bandwidth summed (the cut = D2D MB/s). */
        if (!(deg = noc_calloc(ctx, (size_t)n + 1, sizeof *deg)) ||
            !(xadj = noc_calloc(ctx, (size_t)n + 1, sizeof *xadj)) ||
            !(adj = noc_malloc(ctx, 2 * (size_t)app->nflows + 1, sizeof *adj)) ||
            !(w = noc_malloc(ctx, 2 * (size_t)app->nflows + 1, sizeof *w)) ||
            !(vw = noc_malloc(ctx, (size_t)n + 1, sizeof *vw))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        /* A pair with flows both ways is one edge of summed weight. */
        int m = 0;
        for (int c = 0; c < n; c++) {
            xadj[c] = m;
            for (int f = 0; f < app->nflows; f++) {
                const struct noc_flow *fl = &app->flows[f];
                int o = fl->src == c ? fl->dst : fl->dst == c ? fl->src : -1;
                if (o < 0)
                    continue;
                int k = xadj[c];
                while (k < m && adj[k] != o)
                    k++;
                double add = fl->bw;
                if (k == m) {
                    adj[m] = o;
                    w[m++] = 0;
                }
                w[k] += (int)fmax(1, round(add));
            }
        }
        xadj[n] = m;
        for (int c = 0; c < n; c++) {
            const struct noc_core *co = &app->cores[c];
            vw[c] = (int)fmax(1, round(core_area(co) * 1000));
        }
        int *part = deg; /* reuse: n entries */
        NOC_CHECK(noc_part_kway(n, xadj, adj, vw, w, p->ndies, seed, 30, part, NULL, ctx));
        for (int c = 0; c < n; c++)
            die[c] = part[c];
        /* METIS balances the area equally; dies of unequal size are then
         * repaired: while a die holds more core area than it has, the move
         * of one of its cores to a die with room that cuts the least
         * bandwidth (most toward the new die, least left behind; ties:
         * lowest core, then die) is made.  At most n moves. */
        double used[NOC_PKG_MAX_DIES] = {0};
        for (int c = 0; c < n; c++)
            used[die[c]] += core_area(&app->cores[c]);
        for (int it = 0; it < n; it++) {
            int over = -1, bc = -1, be = -1;
            double best = -INFINITY;
            for (int d = 0; d < p->ndies && over < 0; d++)
                if (noc_exceeds(used[d], p->dies[d].w * p->dies[d].h))
                    over = d;
            if (over < 0)
                break;
            for (int c = 0; c < n; c++) {
                if (die[c] != over)
                    continue;
                for (int e = 0; e < p->ndies; e++) {
                    if (e == over || noc_exceeds(used[e] + core_area(&app->cores[c]), p->dies[e].w * p->dies[e].h))
                        continue;
                    double g = 0;
                    for (int k = xadj[c]; k < xadj[c + 1]; k++)
                        g += die[adj[k]] == e ? w[k] : die[adj[k]] == over ? -w[k] : 0;
                    if (g > best) {
                        best = g;
                        bc = c;
                        be = e;
                    }
                }
            }
            if (bc < 0)
                break; /* no die has room: reported below */
            used[over] -= core_area(&app->cores[bc]);
            used[be] += core_area(&app->cores[bc]);
            die[bc] = be;
        }
    }
    for (int d = 0; d < p->ndies; d++) {
        double a = 0;
        for (int c = 0; c < n; c++)
            if (die[c] == d)
                a += core_area(&app->cores[c]);
        if (noc_exceeds(a, p->dies[d].w * p->dies[d].h)) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "die '%s' (%g x %g mm) cannot hold its cores' %.6g mm2",
                           p->dies[d].name, p->dies[d].w, p->dies[d].h, a);
            goto cleanup;
        }
    }
cleanup:
    free(deg);
    free(xadj);
    free(adj);
    free(w);
    free(vw);
    return rc;
}

/* Step 2a: the die path of every die pair, breadth-first over the
 * boundaries (lowest die index first): next[a * nd + b] = the die after a
 * toward b, -1 when unreachable, b when a == b. */
static void die_routes(const struct noc_package *p, int *next)
{
    int nd = p->ndies, q[NOC_PKG_MAX_DIES], prev[NOC_PKG_MAX_DIES];
    for (int b = 0; b < nd; b++) { /* BFS from the destination */
        for (int i = 0; i < nd; i++)
            prev[i] = -1;
        int h = 0, t = 0;
        q[t++] = b;
        prev[b] = b;
        while (h < t) {
            int u = q[h++];
            for (int v = 0; v < nd; v++)
                if (prev[v] < 0 && noc_package_boundary(p, u, v) >= 0) {
                    prev[v] = u;
                    q[t++] = v;
                }
        }
        for (int a = 0; a < nd; a++)
            next[a * nd + b] = prev[a];
    }
}

/* A crossing of a flow: boundary, direction (0: a -> b), module. */
struct crossing {
    int bnd, dir, mod;
};

struct plan {
    int ncross_total;
    int *first;               /* per flow: index of its first crossing */
    int *ncross;              /* per flow */
    struct crossing *cr;      /* all crossings, by flow */
    int *modules;             /* per boundary */
    double *load;             /* per boundary, module, direction: [(b * maxm + j) * 2 + dir] */
    int maxm;
};

static void plan_free(struct plan *pl)
{
    free(pl->first);
    free(pl->ncross);
    free(pl->cr);
    free(pl->modules);
    free(pl->load);
    memset(pl, 0, sizeof *pl);
}

/* A module's usable capacity, MB/s: max_util x min(its bandwidth, the
 * on-die link). */
static double module_cap(const struct noc_boundary *B, const struct noc_synth_opts *o)
{
    return o->max_util * fmin(noc_d2d_mbps(&B->type), noc_synth_capacity(o));
}

static int by_bw_desc(const void *a, const void *b, void *ud);

/* Step 2b: the crossings of every flow and the module each takes.  extra
 * modules above the least each boundary needs (within its bound).  Returns
 * NOC_OK with why[0] set when the point is infeasible. */
static int make_plan(const struct noc_app *app, const struct noc_package *p, const int *die, const int *next,
                     const struct noc_synth_opts *o, int extra, struct plan *pl, char *why, size_t whylen,
                     struct noc_ctx *ctx)
{
    int rc = NOC_OK, nd = p->ndies, nb = p->nbound, F = app->nflows;
    int *order = NULL;
    double *need = NULL;
    memset(pl, 0, sizeof *pl);
    why[0] = 0;
    if (!(pl->first = noc_calloc(ctx, (size_t)F + 1, sizeof *pl->first)) ||
        !(pl->ncross = noc_calloc(ctx, (size_t)F + 1, sizeof *pl->ncross)) ||
        !(pl->modules = noc_calloc(ctx, (size_t)nb + 1, sizeof *pl->modules)) ||
        !(need = noc_calloc(ctx, 2 * (size_t)nb + 1, sizeof *need)) ||
        !(order = noc_malloc(ctx, (size_t)F + 1, sizeof *order))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int f = 0; f < F; f++) {
        int a = die[app->flows[f].src], b = die[app->flows[f].dst];
        pl->first[f] = pl->ncross_total;
        if (a != b && next[a * nd + b] < 0) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "flow %s -> %s: no boundary path joins dies '%s' and '%s'",
                           app->cores[app->flows[f].src].name, app->cores[app->flows[f].dst].name,
                           p->dies[a].name, p->dies[b].name);
            goto cleanup;
        }
        for (int u = a; u != b; u = next[u * nd + b])
            pl->ncross[f]++;
        pl->ncross_total += pl->ncross[f];
    }
    if (!(pl->cr = noc_calloc(ctx, (size_t)pl->ncross_total + 1, sizeof *pl->cr))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int f = 0; f < F; f++) {
        int b = die[app->flows[f].dst], k = pl->first[f];
        for (int u = die[app->flows[f].src]; u != b; u = next[u * nd + b], k++) {
            int v = next[u * nd + b], bi = noc_package_boundary(p, u, v);
            const struct noc_boundary *B = &p->bound[bi];
            pl->cr[k].bnd = bi;
            pl->cr[k].dir = u == B->a ? 0 : 1;
            need[bi * 2 + pl->cr[k].dir] += app->flows[f].bw;
            if (noc_exceeds(app->flows[f].bw, module_cap(B, o))) {
                snprintf(why, whylen, "flow %s -> %s (%g MB/s) exceeds a %s module between '%s' and '%s' (%g MB/s "
                         "usable)", app->cores[app->flows[f].src].name, app->cores[app->flows[f].dst].name,
                         app->flows[f].bw, B->type.name, p->dies[B->a].name, p->dies[B->b].name, module_cap(B, o));
                goto cleanup;
            }
        }
    }
    /* The least modules per boundary by volume (packing may add more). */
    for (int bi = 0; bi < nb; bi++) {
        const struct noc_boundary *B = &p->bound[bi];
        double cap = module_cap(B, o), hi = fmax(need[2 * bi], need[2 * bi + 1]);
        int m = hi > 0 ? (int)ceil(hi / cap - 1e-9) : 0;
        if (m > B->max_modules) {
            snprintf(why, whylen, "boundary %s-%s needs %d %s modules for %g MB/s but its %s allows %d",
                     p->dies[B->a].name, p->dies[B->b].name, m, B->type.name, hi,
                     B->type.stacked ? "budget" : "shoreline", B->max_modules);
            goto cleanup;
        }
        pl->modules[bi] = m;
        if (m > pl->maxm)
            pl->maxm = m;
    }
    /* First-fit decreasing: flows by bandwidth (ties by index), each crossing
     * onto the least loaded module of its direction; a boundary whose
     * modules are full gets one more while its bound allows.  Then, for
     * extra > 0, every used boundary gets extra more modules (within its
     * bound) and the flows are packed again, spread over them. */
    for (int f = 0; f < F; f++)
        order[f] = f;
    for (int i = 1; i < F; i++) /* insertion sort: stable, F is small */
        for (int j = i; j > 0 && by_bw_desc(&order[j], &order[j - 1], (void *)app) < 0; j--) {
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
    for (int again = 1, round = 0; again || round++ < (extra > 0);) {
        if (!again) /* the packing fit: the second round adds the extra modules */
            for (int bi = 0; bi < nb; bi++)
                if (pl->modules[bi] > 0) {
                    int m = pl->modules[bi] + extra;
                    pl->modules[bi] = m < p->bound[bi].max_modules ? m : p->bound[bi].max_modules;
                    if (pl->modules[bi] > pl->maxm)
                        pl->maxm = pl->modules[bi];
                }
        again = 0;
        free(pl->load);
        int mm = pl->maxm > 0 ? pl->maxm : 1;
        if (!(pl->load = noc_calloc(ctx, (size_t)nb * mm * 2 + 1, sizeof *pl->load))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        for (int i = 0; i < F && !again; i++) {
            int f = order[i];
            for (int k = pl->first[f]; k < pl->first[f] + pl->ncross[f] && !again; k++) {
                struct crossing *c = &pl->cr[k];
                int best = 0;
                for (int j = 1; j < pl->modules[c->bnd]; j++)
                    if (pl->load[(c->bnd * mm + j) * 2 + c->dir] < pl->load[(c->bnd * mm + best) * 2 + c->dir])
                        best = j;
                double *l = &pl->load[(c->bnd * mm + best) * 2 + c->dir];
                const struct noc_boundary *B = &p->bound[c->bnd];
                if (noc_exceeds(*l + app->flows[f].bw, module_cap(B, o))) {
                    if (pl->modules[c->bnd] >= B->max_modules) {
                        snprintf(why, whylen, "boundary %s-%s: its %d %s modules cannot pack the flows", p->dies[B->a].name,
                                 p->dies[B->b].name, pl->modules[c->bnd], B->type.name);
                        goto cleanup;
                    }
                    if (++pl->modules[c->bnd] > pl->maxm)
                        pl->maxm = pl->modules[c->bnd];
                    again = 1;
                    break;
                }
                *l += app->flows[f].bw;
                c->mod = best;
            }
        }
    }
cleanup:
    free(order);
    free(need);
    return rc;
}

static int by_bw_desc(const void *a, const void *b, void *ud)
{
    const struct noc_app *app = ud;
    int x = *(const int *)a, y = *(const int *)b;
    double bx = app->flows[x].bw, by = app->flows[y].bw;
    return bx > by ? -1 : bx < by ? 1 : (x > y) - (x < y);
}

/* The name of die d's port toward die o, module j: "d2d.<o>.<j>". */
static void port_name(char *s, size_t n, const struct noc_package *p, int o, int j)
{
    snprintf(s, n, "d2d.%s.%d", p->dies[o].name, j);
}

/* Step 3a: die d's sub-app: its cores (positions as given, else the
 * min-cut floorplan), then its ports, then the segments of the flows. */
static int die_app(const struct noc_app *app, const struct noc_package *p, const int *die, const struct plan *pl,
                   int d, unsigned seed, struct noc_app *sub, struct noc_ctx *ctx)
{
    int rc = NOC_OK, nd = p->ndies;
    char name[160];
    noc_app_init(sub);
    if (!(sub->name = noc_strdup(ctx, p->dies[d].name)))
        return NOC_ENOMEM;
    for (int c = 0; c < app->ncores; c++)
        if (die[c] == d) {
            int id = noc_app_core(sub, app->cores[c].name, ctx);
            if (id < 0)
                return -id;
            const struct noc_core *co = &app->cores[c];
            struct noc_core *sc = &sub->cores[id];
            sc->has_size = co->has_size;
            sc->has_pos = co->has_pos;
            sc->w = co->w;
            sc->h = co->h;
            sc->x = co->x;
            sc->y = co->y;
        }
    /* Die-local flows first (the floorplan is made from them). */
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_flow *fl = &app->flows[f];
        if (die[fl->src] == d && die[fl->dst] == d)
            NOC_CHECK(noc_app_add_flow(sub, noc_app_find(sub, app->cores[fl->src].name),
                                       noc_app_find(sub, app->cores[fl->dst].name), fl->bw, fl->max_hops, ctx));
    }
    if (sub->ncores > 0 && !noc_app_placed(sub)) {
        for (int c = 0; c < sub->ncores; c++)
            if (!sub->cores[c].has_size) {
                sub->cores[c].has_size = 1;
                sub->cores[c].w = sub->cores[c].h = 1;
            }
        if (sub->ncores == 1) {
            sub->cores[0].has_pos = 1;
            sub->cores[0].x = sub->cores[0].y = 0;
        } else {
            NOC_CHECK(noc_floorplan_mincut(sub, seed, ctx));
        }
    }
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (int c = 0; c < sub->ncores; c++) {
        const struct noc_core *sc = &sub->cores[c];
        x0 = fmin(x0, sc->x);
        y0 = fmin(y0, sc->y);
        x1 = fmax(x1, sc->x + sc->w);
        y1 = fmax(y1, sc->y + sc->h);
    }
    if (sub->ncores == 0)
        x0 = y0 = 0, x1 = p->dies[d].w, y1 = p->dies[d].h;
    /* Ports: on the side of the cores' box facing the neighbour (2.5-D), or
     * around its centre (3-D), spread along it. */
    const struct noc_die *D = &p->dies[d];
    for (int bi = 0; bi < p->nbound; bi++) {
        const struct noc_boundary *B = &p->bound[bi];
        if (B->a != d && B->b != d)
            continue;
        int o = B->a == d ? B->b : B->a;
        for (int j = 0; j < pl->modules[bi]; j++) {
            port_name(name, sizeof name, p, o, j);
            int id = noc_app_core(sub, name, ctx);
            if (id < 0)
                return -id;
            struct noc_core *sc = &sub->cores[id];
            double s = (j + 0.5) / pl->modules[bi]; /* fraction along the side */
            sc->has_size = sc->has_pos = 1;
            sc->w = sc->h = PORT_MM;
            if (D->layer == IP_LAYER) { /* the interposer: under die o's centre, spread in x */
                const struct noc_die *O = &p->dies[o];
                sc->x = O->x + O->w / 2 - D->x + (j - (pl->modules[bi] - 1) / 2.0) * 2 * PORT_MM - PORT_MM / 2;
                sc->y = O->y + O->h / 2 - D->y - PORT_MM / 2;
            } else if (D->layer >= 0 || p->dies[o].layer == IP_LAYER) { /* 3-D, or down to the interposer */
                sc->x = x0 + (x1 - x0) * s - PORT_MM / 2;
                sc->y = (y0 + y1) / 2 + (p->dies[o].layer > D->layer ? 0 : -PORT_MM);
            } else if (fabs(B->mx - D->x) < 1e-9 || fabs(B->mx - (D->x + D->w)) < 1e-9 ||
                       B->mx < D->x || B->mx > D->x + D->w) { /* a left or right edge */
                sc->x = B->mx <= D->x + D->w / 2 ? x0 - PORT_MM : x1;
                sc->y = y0 + (y1 - y0) * s - PORT_MM / 2;
            } else { /* a bottom or top edge */
                sc->x = x0 + (x1 - x0) * s - PORT_MM / 2;
                sc->y = B->my <= D->y + D->h / 2 ? y0 - PORT_MM : y1;
            }
        }
    }
    /* The segments of the flows that cross. */
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_flow *fl = &app->flows[f];
        int s = -1, t = -1, u = die[fl->src];
        if (u == die[fl->dst])
            continue;
        if (u == d)
            s = noc_app_find(sub, app->cores[fl->src].name);
        if (die[fl->dst] == d)
            t = noc_app_find(sub, app->cores[fl->dst].name);
        for (int k = pl->first[f]; k < pl->first[f] + pl->ncross[f]; k++) {
            const struct crossing *c = &pl->cr[k];
            const struct noc_boundary *B = &p->bound[c->bnd];
            int from = c->dir == 0 ? B->a : B->b, to = c->dir == 0 ? B->b : B->a;
            if (from == d) {
                port_name(name, sizeof name, p, to, c->mod);
                t = noc_app_find(sub, name);
            }
            if (to == d) {
                port_name(name, sizeof name, p, from, c->mod);
                s = noc_app_find(sub, name);
            }
        }
        (void)nd;
        if (s >= 0 && t >= 0)
            NOC_CHECK(noc_app_add_flow(sub, s, t, fl->bw, -1, ctx));
    }
cleanup:
    return rc;
}

/* The route of T from terminal `s` to terminal `t` (names), or NULL. */
static const struct noc_route *find_route(const struct noc_topo *T, const char *s, const char *t)
{
    int sn = noc_topo_find(T, s), tn = noc_topo_find(T, t);
    for (int i = 0; i < T->nroutes; i++)
        if (T->routes[i].src == sn && T->routes[i].dst == tn)
            return &T->routes[i];
    return NULL;
}

/* Step 4 and 5: composes the die designs dd[] into pd->d and evaluates it.
 * Sets pd->d.reason (infeasible) or pd->d.feasible. */
static int compose(const struct noc_app *app, const struct noc_package *p, const int *die, const struct plan *pl,
                   struct noc_design *const *dd, const struct noc_synth_opts *o, struct noc_package_design *pd,
                   struct noc_ctx *ctx)
{
    int rc = NOC_OK, nd = p->ndies, *path = NULL, *cyc = NULL;
    int *map[NOC_PKG_MAX_DIES] = {0};
    double *rw = NULL;
    struct noc_phys_stats ps;
    double *mbps = NULL;
    char nm[400], sname[160], tname[160];
    struct noc_topo *t = &pd->d.topo;
    size_t plen = 8;
    for (int d = 0; d < nd; d++) {
        if (!dd[d])
            continue;
        const struct noc_topo *T = &dd[d]->topo;
        double dx, dy;
        noc_package_die_origin(p, d, &dx, &dy);
        plen += (size_t)T->nrouters + 2;
        if (!(map[d] = noc_malloc(ctx, (size_t)T->nnodes + 1, sizeof *map[d]))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        for (int v = 0; v < T->nnodes; v++) {
            const struct noc_node *nv = &T->nodes[v];
            int router = v < T->nrouters || !strncmp(nv->name, "d2d.", 4);
            if (router)
                snprintf(nm, sizeof nm, "%s.%s", p->dies[d].name, nv->name);
            else
                snprintf(nm, sizeof nm, "%s", nv->name);
            int id = noc_topo_add_node(t, nm, router ? NOC_ROUTER : NOC_TERMINAL, ctx);
            if (id < 0) {
                rc = -id;
                goto cleanup;
            }
            map[d][v] = id;
            if (nv->has_pos)
                noc_topo_set_pos(t, id, nv->x + dx, nv->y + dy);
            t->nodes[id].w = nv->w;
            t->nodes[id].h = nv->h;
            t->nodes[id].shared = nv->shared;
        }
        for (int c = 0; c < T->nch; c++) {
            NOC_CHECK(noc_topo_add_channel(t, map[d][T->ch[c].src], map[d][T->ch[c].dst], ctx));
            t->ch[t->nch - 1].width = T->ch[c].width;
            t->ch[t->nch - 1].length = T->ch[c].length;
            t->ch[t->nch - 1].latency = T->ch[c].latency;
        }
    }
    /* The D2D channels: latency_ns at the clock, no on-die wire. */
    for (int bi = 0; bi < p->nbound; bi++) {
        const struct noc_boundary *B = &p->bound[bi];
        int lat = (int)ceil(B->type.latency_ns * o->freq_mhz / 1000.0 - 1e-9);
        if (lat < 1)
            lat = 1;
        for (int j = 0; j < pl->modules[bi]; j++) {
            snprintf(nm, sizeof nm, "%s.d2d.%s.%d", p->dies[B->a].name, p->dies[B->b].name, j);
            int na = noc_topo_find(t, nm);
            snprintf(nm, sizeof nm, "%s.d2d.%s.%d", p->dies[B->b].name, p->dies[B->a].name, j);
            int nb = noc_topo_find(t, nm);
            if (na < 0 || nb < 0) {
                rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "package (a bug): D2D port %s missing", nm);
                goto cleanup;
            }
            NOC_CHECK(noc_topo_add_link(t, na, nb, ctx));
            for (int c = t->nch - 2; c < t->nch; c++) {
                t->ch[c].latency = lat;
                t->ch[c].length = 0;
                t->ch[c].width = o->link_width;
                t->ch[c].capacity_mbps = noc_d2d_mbps(&B->type); /* its own: eval, sim, latency */
            }
            pd->d.d2d_modules++;
        }
    }
    /* Every flow's route: its segments' routes joined at the D2D ports. */
    if (!(path = noc_malloc(ctx, plen + 4 * (size_t)pl->ncross_total + 8, sizeof *path))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_flow *fl = &app->flows[f];
        int len = 0, u = die[fl->src];
        snprintf(sname, sizeof sname, "%s", app->cores[fl->src].name);
        for (int k = pl->first[f]; k <= pl->first[f] + pl->ncross[f]; k++) {
            int to = -1;
            if (k < pl->first[f] + pl->ncross[f]) {
                const struct crossing *c = &pl->cr[k];
                const struct noc_boundary *B = &p->bound[c->bnd];
                to = c->dir == 0 ? B->b : B->a;
                port_name(tname, sizeof tname, p, to, c->mod);
            } else {
                snprintf(tname, sizeof tname, "%s", app->cores[fl->dst].name);
            }
            const struct noc_topo *T = &dd[u]->topo;
            const struct noc_route *r = find_route(T, sname, tname);
            if (!r) {
                rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "package (a bug): die %s has no route %s -> %s",
                               p->dies[u].name, sname, tname);
                goto cleanup;
            }
            if (!strncmp(sname, "d2d.", 4))
                path[len++] = map[u][noc_topo_find(T, sname)];
            for (int i = 0; i < r->len; i++)
                path[len++] = map[u][r->path[i]];
            if (to >= 0) {
                path[len++] = map[u][noc_topo_find(T, tname)];
                port_name(sname, sizeof sname, p, u, pl->cr[k].mod);
                u = to;
            }
        }
        int st = map[die[fl->src]][noc_topo_find(&dd[die[fl->src]]->topo, app->cores[fl->src].name)];
        int dt = map[die[fl->dst]][noc_topo_find(&dd[die[fl->dst]]->topo, app->cores[fl->dst].name)];
        NOC_CHECK(noc_topo_add_route(t, st, dt, path, len, ctx));
    }
    t->link_width = o->link_width;
    t->freq_mhz = o->freq_mhz;
    snprintf(t->shape.name, sizeof t->shape.name, "package");
    NOC_CHECK(noc_topo_finalize(t, ctx));
    /* One legal layout (phys.h, the cores fixed where their dies put
     * them): adapters and routers moved off the cores and each other, so
     * the priced wires are the handed-off ones (DOT = DEF = links.csv);
     * route f carries flow f.  ps: the die of that layout (its DIEAREA). */
    if (!(rw = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *rw))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int f = 0; f < app->nflows; f++)
        rw[f] = t->nroutes == app->nflows ? app->flows[f].bw : 1;
    NOC_CHECK(noc_phys_cosynth(t, &o->tech, rw, 0, o->seed, &ps, ctx));
    /* Step 5: the engine on the composed network, priced as every
     * synthesized design (noc_synth_price). */
    NOC_CHECK(noc_synth_price(app, o, t, &pd->d, &mbps, ctx));
    if (!(cyc = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *cyc))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    /* The D2D price: energy per bit of the traffic over each D2D channel,
     * leakage and area per module. */
    for (int c = 0; c < t->nch; c++) {
        const char *a = t->nodes[t->ch[c].src].name, *b = t->nodes[t->ch[c].dst].name;
        if (!noc_topo_is_rr(t, c) || !strstr(a, ".d2d.") || !strstr(b, ".d2d."))
            continue;
        int da = -1, db = -1;
        for (int d = 0; d < nd; d++) {
            size_t l = strlen(p->dies[d].name);
            if (!strncmp(a, p->dies[d].name, l) && a[l] == '.')
                da = d;
            if (!strncmp(b, p->dies[d].name, l) && b[l] == '.')
                db = d;
        }
        if (da == db)
            continue; /* a die's router -> its adapter is on-die */
        int bi = noc_package_boundary(p, da, db);
        const struct noc_boundary *B = &p->bound[bi];
        pd->d.d2d_mbps += mbps[c];
        pd->d.d2d_mw += mbps[c] * 8 * B->type.pj_bit / 1000;
        if (da == B->a)
            pd->use[bi].mbps_ab += mbps[c];
        else
            pd->use[bi].mbps_ba += mbps[c];
        double u = mbps[c] / pd->d.m.capacity[c]; /* the engine's: min(module, link) */
        if (u > pd->use[bi].util)
            pd->use[bi].util = u;
    }
    for (int bi = 0; bi < p->nbound; bi++) {
        pd->use[bi].modules = pl->modules[bi];
        pd->d.d2d_mw += pl->modules[bi] * p->bound[bi].type.leak_mw;
        pd->d.d2d_area_mm2 += pl->modules[bi] * p->bound[bi].type.area_mm2;
    }
    pd->d.power_mw += pd->d.d2d_mw;
    pd->d.area_mm2 += pd->d.d2d_area_mm2;
    pd->d.die_mm2 = ps.die_mm2;
    pd->d.core_util = ps.util;
    pd->d.vcs = 1;
    pd->d.freq_mhz = o->freq_mhz;
    pd->d.link_width = o->link_width;
    pd->d.fmax_mhz = noc_tech_router_fmax_mhz(&o->tech, pd->d.m.radix_max, o->link_width);
    NOC_CHECK(noc_synth_latency(app, t, &o->tech, cyc, &pd->d.lat_avg_cycles, &pd->d.lat_max_cycles, ctx));
    pd->d.lat_avg_ns = noc_cycles_ns(pd->d.lat_avg_cycles, o->freq_mhz);
    pd->d.lat_max_ns = noc_cycles_ns(pd->d.lat_max_cycles, o->freq_mhz);
    pd->d.flow_cycles = cyc;
    pd->d.nflow_cycles = app->nflows;
    cyc = NULL;
    if (pd->d.m.deadlock_free != 1) {
        struct noc_routing rt;
        struct noc_deadlock dl;
        noc_deadlock_init(&dl);
        int n = snprintf(pd->d.reason, sizeof pd->d.reason,
                         "the composed network's channel dependency graph has a cycle (each die's routes are "
                         "acyclic alone):");
        if (noc_routing_init(&rt, t, NOC_RT_TABLE, 1, ctx) == NOC_OK) {
            if (noc_routing_deadlock(&rt, &dl, ctx) == NOC_OK)
                for (int i = 0; i < dl.ncycle && n > 0 && (size_t)n < sizeof pd->d.reason - 1; i++) {
                    const struct noc_channel *ch = &t->ch[dl.cycle_ch[i]];
                    n += snprintf(pd->d.reason + n, sizeof pd->d.reason - (size_t)n, " %s>%s",
                                  t->nodes[ch->src].name, t->nodes[ch->dst].name);
                }
            noc_routing_free(&rt);
        }
        noc_deadlock_free(&dl);
        noc_ctx_clear(ctx);
        goto cleanup;
    }
    for (int f = 0; f < app->nflows; f++)
        if (app->flows[f].max_latency_ns > 0 &&
            noc_exceeds(noc_cycles_ns(pd->d.flow_cycles[f], o->freq_mhz), app->flows[f].max_latency_ns)) {
            snprintf(pd->d.reason, sizeof pd->d.reason, "flow %s -> %s takes %g ns, above its max_latency_ns %g",
                     app->cores[app->flows[f].src].name, app->cores[app->flows[f].dst].name,
                     noc_cycles_ns(pd->d.flow_cycles[f], o->freq_mhz), app->flows[f].max_latency_ns);
            goto cleanup;
        }
    pd->d.feasible = 1;
cleanup:
    for (int d = 0; d < nd; d++)
        free(map[d]);
    free(mbps);
    free(path);
    free(cyc);
    free(rw);
    return rc;
}

static struct noc_package_design *add_design(struct noc_package_result *res, size_t *cap, const struct noc_package *p,
                                         int k, int extra, struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&res->d, cap, (size_t)res->n + 1, sizeof *res->d))
        return NULL;
    struct noc_package_design *pd = &res->d[res->n];
    memset(pd, 0, sizeof *pd);
    noc_topo_init(&pd->d.topo);
    noc_metrics_init(&pd->d.m);
    res->n++;
    pd->k = k;
    pd->extra = extra;
    pd->ndies = p->ndies;
    snprintf(pd->d.method, sizeof pd->d.method, "package");
    snprintf(pd->d.name, sizeof pd->d.name, "pkg_k%d_m%d", k, extra);
    if (!(pd->use = noc_calloc(ctx, (size_t)p->nbound + 1, sizeof *pd->use)) ||
        !(pd->die_switches = noc_calloc(ctx, (size_t)p->ndies + 1, sizeof *pd->die_switches)) ||
        !(pd->dies = noc_calloc(ctx, (size_t)p->ndies + 1, sizeof *pd->dies)))
        return NULL;
    for (int d = 0; d < p->ndies; d++) {
        noc_topo_init(&pd->dies[d].topo);
        noc_metrics_init(&pd->dies[d].m);
    }
    return pd;
}

/* The interposer-mesh view of a 2.5-D package p (the baseline "ipmesh"):
 * p's dies plus one more, the interposer (layer IP_LAYER, the package's
 * bounding box, named "interposer" or with '_' appended until unique),
 * and one boundary per die, die-interposer, of p's default interface with
 * a bound of floor(die perimeter x per_mm) modules; no boundary between
 * two dies, so every crossing flow goes down to the interposer and up.
 * *q is initialised here; the caller frees it. */
static int interposer_view(const struct noc_package *p, struct noc_package *q, struct noc_ctx *ctx)
{
    noc_package_init(q);
    q->extra_max = p->extra_max;
    q->def_type = p->def_type;
    q->max_gap = p->max_gap;
    q->ndies = p->ndies + 1;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (int d = 0; d < p->ndies; d++) {
        const struct noc_die *D = &p->dies[d];
        q->dies[d] = *D;
        x0 = fmin(x0, D->x);
        y0 = fmin(y0, D->y);
        x1 = fmax(x1, D->x + D->w);
        y1 = fmax(y1, D->y + D->h);
    }
    struct noc_die *I = &q->dies[p->ndies];
    snprintf(I->name, sizeof I->name, "interposer");
    for (int d = 0; d < p->ndies; d++) /* a die of that name: append '_' */
        if (!strcmp(p->dies[d].name, I->name) && strlen(I->name) + 1 < sizeof I->name) {
            strcat(I->name, "_");
            d = -1;
        }
    I->x = x0;
    I->y = y0;
    I->w = x1 - x0;
    I->h = y1 - y0;
    I->layer = IP_LAYER;
    if (!(q->bound = noc_calloc(ctx, (size_t)p->ndies + 1, sizeof *q->bound)))
        return NOC_ENOMEM;
    q->nbound = p->ndies;
    for (int d = 0; d < p->ndies; d++) {
        struct noc_boundary *B = &q->bound[d];
        B->a = d;
        B->b = p->ndies;
        B->type = p->def_type;
        B->shoreline_mm = 2 * (p->dies[d].w + p->dies[d].h);
        double m = floor(B->shoreline_mm * B->type.per_mm + 1e-9);
        B->max_modules = m > 1e6 ? 1000000 : (int)m;
        B->mx = p->dies[d].x + p->dies[d].w / 2;
        B->my = p->dies[d].y + p->dies[d].h / 2;
    }
    return NOC_OK;
}

/* The points of one package view for both module settings (extra = 0 and
 * 1): variant 0 the split points K = kmin..kmax and the bridged-mesh
 * baseline "mesh_mE", variant 1 the interposer-mesh baseline "ipmesh_mE"
 * (p is then interposer_view's).  Appends to res. */
static int sweep_view(const struct noc_app *app, const struct noc_package *p, const int *core_die,
                      const struct noc_synth_opts *o, int variant, struct noc_package_result *res, size_t *cap,
                      struct noc_ctx *ctx)
{
    int rc = NOC_OK, nd = p->ndies, *next = NULL, nsub = 0;
    struct noc_app subs[NOC_PKG_MAX_DIES + 1];
    struct noc_synth_result dr[NOC_PKG_MAX_DIES + 1];
    struct plan pl, prev;
    char why[512];
    memset(&pl, 0, sizeof pl);
    memset(&prev, 0, sizeof prev);
    for (int d = 0; d < nd; d++)
        noc_synth_result_init(&dr[d]);
    if (!(next = noc_malloc(ctx, (size_t)nd * nd, sizeof *next))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    die_routes(p, next);
    for (int extra = 0; extra <= p->extra_max; extra++) {
        NOC_CHECK(make_plan(app, p, core_die, next, o, extra, &pl, why, sizeof why, ctx));
        if (why[0]) {
            struct noc_package_design *pd = add_design(res, cap, p, 0, extra, ctx);
            if (!pd) {
                rc = NOC_ENOMEM;
                goto cleanup;
            }
            if (variant) {
                snprintf(pd->d.method, sizeof pd->d.method, "mesh");
                snprintf(pd->d.name, sizeof pd->d.name, "ipmesh_m%d", extra);
                pd->interposer = 1;
            }
            snprintf(pd->d.reason, sizeof pd->d.reason, "%s", why);
            plan_free(&pl);
            continue;
        }
        if (extra > 0 && prev.modules && !memcmp(prev.modules, pl.modules, (size_t)p->nbound * sizeof *pl.modules)) {
            plan_free(&pl); /* no boundary had room for more: the same point */
            continue;
        }
        int kmax = 1;
        for (int d = 0; d < nd; d++) {
            nsub = d + 1; /* die_app initialises subs[d] first: freed below even on failure */
            NOC_CHECK(die_app(app, p, core_die, &pl, d, o->seed, &subs[d], ctx));
            if (subs[d].ncores > kmax)
                kmax = subs[d].ncores;
        }
        int k0 = o->kmin > 0 ? o->kmin : 1, k1 = o->kmax > 0 && o->kmax < kmax ? o->kmax : kmax;
        if (variant)
            k0 = k1 + 1; /* the interposer mesh alone */
        for (int K = k0; K <= k1 + 1; K++) { /* K = k1 + 1: the mesh baseline */
            int mesh = K == k1 + 1;
            struct noc_package_design *pd = add_design(res, cap, p, mesh ? 0 : K, extra, ctx);
            struct noc_design *dd[NOC_PKG_MAX_DIES + 1] = {0};
            if (!pd) {
                rc = NOC_ENOMEM;
                goto cleanup;
            }
            if (mesh) {
                snprintf(pd->d.method, sizeof pd->d.method, "mesh");
                snprintf(pd->d.name, sizeof pd->d.name, "%s_m%d", variant ? "ipmesh" : "mesh", extra);
                pd->interposer = variant;
            }
            for (int d = 0; d < nd && !pd->d.reason[0]; d++) {
                if (subs[d].ncores == 0)
                    continue;
                struct noc_synth_opts so = *o;
                so.kmin = so.kmax = K < subs[d].ncores ? K : subs[d].ncores;
                so.kstep = 0;
                so.nfreqs = so.nwidths = 0;
                so.progress = NULL;
                so.conc = 1;
                /* a die's size and place are the package's: co-synthesis
                 * keeps its cores where the die's floorplan put them */
                so.free_floorplan = 0;
                if (so.max_radix == 0)
                    so.max_radix = noc_tech_max_radix(&o->tech, o->link_width, o->freq_mhz);
                noc_synth_result_free(&dr[d]);
                noc_synth_result_init(&dr[d]);
                rc = mesh ? noc_synth_cmesh(&subs[d], &so, &dr[d], ctx) : noc_synth_split(&subs[d], &so, &dr[d], ctx);
                if (rc == NOC_OK && dr[d].chosen < 0)
                    rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "%s", dr[d].n ? dr[d].d[0].reason : "no design");
                if (rc == NOC_EINFEASIBLE) {
                    snprintf(pd->d.reason, sizeof pd->d.reason, "die %s: %.400s", p->dies[d].name, ctx->msg);
                    noc_ctx_clear(ctx);
                    rc = NOC_OK;
                    break;
                }
                if (rc != NOC_OK)
                    goto cleanup;
                /* The die's design moves into the point (kept for its files). */
                struct noc_design *src = &dr[d].d[dr[d].chosen];
                design_free(&pd->dies[d]);
                pd->dies[d] = *src;
                noc_topo_init(&src->topo);
                noc_metrics_init(&src->m);
                src->flow_cycles = NULL;
                dd[d] = &pd->dies[d];
                pd->die_switches[d] = dd[d]->switches;
                pd->d.switches += dd[d]->switches;
            }
            if (!pd->d.reason[0])
                NOC_CHECK(compose(app, p, core_die, &pl, dd, o, pd, ctx));
        }
        for (int d = 0; d < nsub; d++)
            noc_app_free(&subs[d]);
        nsub = 0;
        plan_free(&prev);
        prev = pl;
        memset(&pl, 0, sizeof pl);
    }
cleanup:
    for (int d = 0; d < nd; d++)
        noc_synth_result_free(&dr[d]);
    for (int d = 0; d < nsub; d++)
        noc_app_free(&subs[d]);
    plan_free(&pl);
    plan_free(&prev);
    free(next);
    return rc;
}

int noc_package_synth(const struct noc_app *app, const struct noc_package *p, const struct noc_synth_opts *o,
                      struct noc_package_result *res, struct noc_ctx *ctx)
{
    int rc = NOC_OK, nd = p->ndies;
    size_t cap = 0;
    struct noc_package ip;
    struct noc_synth_opts *po = NULL; /* one grid point (large: on the heap) */
    noc_package_init(&ip);
    noc_package_result_free(res);
    if (app->nflows == 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "the app has no flows");
    if (!(res->core_die = noc_calloc(ctx, (size_t)app->ncores + 1, sizeof *res->core_die))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int c = 0; c < app->ncores; c++)
        if (!strncmp(app->cores[c].name, "d2d.", 4)) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "core '%.100s': names starting 'd2d.' are the D2D ports'",
                           app->cores[c].name);
            goto cleanup;
        }
    res->ncores = app->ncores;
    res->ndies = nd;
    NOC_CHECK(assign_cores(app, p, o->seed, res->core_die, ctx));
    /* The interposer mesh: 2.5-D packages of more than one die (a 3-D
     * stack has no interposer; a full package has no room for it). */
    int with_ip = nd > 1 && nd < NOC_PKG_MAX_DIES && p->dies[0].layer < 0;
    if (with_ip)
        NOC_CHECK(interposer_view(p, &ip, ctx));
    /* Every (clock, width) of synth's grid (synth.h), the same core
     * assignment at each; with more than one point every design's name
     * ends "_f<MHZ>_w<BITS>". */
    int nf = noc_synth_grid_nfreqs(o), nw = noc_synth_grid_nwidths(o);
    if (!(po = malloc(sizeof *po))) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        goto cleanup;
    }
    for (int fi = 0; fi < nf; fi++)
        for (int wi = 0; wi < nw; wi++) {
            *po = *o;
            po->freq_mhz = noc_synth_grid_freq(o, fi);
            po->link_width = noc_synth_grid_width(o, wi);
            po->nfreqs = po->nwidths = 0;
            int first = res->n;
            NOC_CHECK(sweep_view(app, p, res->core_die, po, 0, res, &cap, ctx));
            if (with_ip)
                NOC_CHECK(sweep_view(app, &ip, res->core_die, po, 1, res, &cap, ctx));
            for (int i = first; i < res->n; i++) {
                struct noc_design *d = &res->d[i].d;
                d->freq_mhz = po->freq_mhz;
                d->link_width = po->link_width;
                if (nf * nw > 1) {
                    size_t l = strlen(d->name);
                    snprintf(d->name + l, sizeof d->name - l, "_f%g_w%g", po->freq_mhz, po->link_width);
                }
            }
        }
    /* The Pareto front and the choice: synth's rule over the composed
     * designs (shallow views, flags copied back). */
    struct noc_synth_result view;
    noc_synth_result_init(&view);
    NOC_CHECK(noc_package_view(res, &view, ctx));
    for (int i = 0; i < res->n; i++)
        if (strcmp(res->d[i].d.method, "package"))
            view.d[i].feasible = 0; /* a baseline is no candidate */
    rc = noc_synth_pareto(&view, &o->pick, ctx);
    for (int i = 0; i < res->n; i++) {
        res->d[i].d.pareto = view.d[i].pareto;
        snprintf(res->d[i].d.same_as, sizeof res->d[i].d.same_as, "%s", view.d[i].same_as);
    }
    res->chosen = view.chosen;
    free(view.d);
    if (rc != NOC_OK)
        goto cleanup;
    if (res->chosen < 0) { /* the reason of the last candidate (not a baseline) */
        const char *why_last = "nothing to try";
        for (int i = 0; i < res->n; i++)
            if (!strcmp(res->d[i].d.method, "package"))
                why_last = res->d[i].d.reason;
        rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "no feasible package design; %s", why_last);
    }
cleanup:
    free(po);
    noc_package_free(&ip);
    return rc;
}

int noc_package_boundaries_csv(const struct noc_package *p, const struct noc_package_design *d, struct noc_buf *b,
                           struct noc_ctx *ctx)
{
    noc_buf_printf(b, "boundary,interface,modules,max_modules,shoreline_mm,mbps_ab,mbps_ba,util\n");
    for (int i = 0; i < p->nbound; i++) {
        const struct noc_boundary *B = &p->bound[i];
        noc_buf_printf(b, "%s-%s,%s,%d,%d,", p->dies[B->a].name, p->dies[B->b].name, B->type.name,
                       d->use[i].modules, B->max_modules);
        noc_buf_num(b, B->shoreline_mm);
        noc_buf_printf(b, ",");
        noc_buf_num(b, d->use[i].mbps_ab);
        noc_buf_printf(b, ",");
        noc_buf_num(b, d->use[i].mbps_ba);
        noc_buf_printf(b, ",");
        noc_buf_num(b, noc_round_digits(d->use[i].util, 6));
        noc_buf_printf(b, "\n");
    }
    return noc_buf_status(b, "package boundaries", ctx);
}

int noc_package_view(const struct noc_package_result *res, struct noc_synth_result *view, struct noc_ctx *ctx)
{
    if (!(view->d = noc_calloc(ctx, (size_t)res->n + 1, sizeof *view->d)))
        return NOC_ENOMEM;
    view->n = res->n;
    view->chosen = res->chosen;
    for (int i = 0; i < res->n; i++)
        view->d[i] = res->d[i].d;
    return NOC_OK;
}
