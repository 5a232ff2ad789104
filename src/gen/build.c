/* Shared construction helpers of the generators: size check, node creation,
 * shapes, terminal placement and the neighbour-function direct builder. */
#include "gen_priv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Places terminal node `term` near a router at (rx, ry) mm: a quarter pitch
 * up and right when c = 1, else slot s of c on a circle of 0.3 pitch. */
static void gen_place_term(struct noc_topo *t, int term, double rx, double ry, int slot, int conc,
                    double pitch);

int noc_gen_check_size(const char *fam, double nodes, double channels, struct noc_ctx *ctx)
{
    double total = nodes + channels;
    if (!(total <= (double)NOC_GEN_MAX_ELEMS))
        return noc_error(ctx, NOC_ENOMEM, NULL, 0,
                         "gen %s: %.4g nodes + %.4g channels exceed the generator limit of "
                         "%ld (2^24) elements",
                         fam, nodes, channels, (long)NOC_GEN_MAX_ELEMS);
    return NOC_OK;
}

int noc_gen_nodes(struct noc_topo *t, const char *fam, double nrouters, double nterms,
                  double channels, struct noc_ctx *ctx)
{
    int rc = noc_gen_check_size(fam, nrouters + nterms, channels, ctx);
    if (rc)
        return rc;
    int R = (int)nrouters, N = (int)nterms;
    if ((rc = noc_grow(ctx, (void **)&t->nodes, &t->node_cap, (size_t)R + (size_t)N,
                       sizeof *t->nodes)) != NOC_OK)
        return rc;
    if (channels >= 1 &&
        (rc = noc_grow(ctx, (void **)&t->ch, &t->ch_cap, (size_t)channels, sizeof *t->ch)) != NOC_OK)
        return rc;
    char name[32];
    for (int i = 0; i < R; i++) {
        snprintf(name, sizeof name, "r%d", i);
        int id = noc_topo_add_node(t, name, NOC_ROUTER, ctx);
        if (id < 0)
            return -id;
    }
    for (int i = 0; i < N; i++) {
        snprintf(name, sizeof name, "t%d", i);
        int id = noc_topo_add_node(t, name, NOC_TERMINAL, ctx);
        if (id < 0)
            return -id;
    }
    return NOC_OK;
}

void noc_gen_shape(struct noc_topo *t, int family, int ndims, const int *dims, int k, int conc)
{
    struct noc_shape *s = &t->shape;
    s->family = family;
    s->ndims = ndims;
    for (int d = 0; d < NOC_MAXDIM; d++)
        s->dims[d] = d < ndims ? (dims ? dims[d] : k) : 0;
    s->k = k;
    s->conc = conc;
}

static void gen_place_term(struct noc_topo *t, int term, double rx, double ry, int slot, int conc,
                    double pitch)
{
    const double pi = 3.14159265358979323846;
    if (conc <= 1) {
        noc_topo_set_pos(t, term, rx + 0.25 * pitch, ry + 0.25 * pitch);
        return;
    }
    double ang = pi / 4 + 2 * pi * slot / conc;
    noc_topo_set_pos(t, term, rx + 0.3 * pitch * cos(ang), ry + 0.3 * pitch * sin(ang));
}

double noc_gen_circle_radius(int n, double spacing)
{
    const double pi = 3.14159265358979323846;
    if (n < 2)
        return 0;
    if (n == 2)
        return spacing / 2;
    return spacing / (2 * sin(pi / n));
}

void noc_gen_circle_pos(int i, int n, double spacing, double *x, double *y)
{
    const double pi = 3.14159265358979323846;
    double r = noc_gen_circle_radius(n, spacing);
    /* Start at the top, clockwise; + r + 0.5 keeps terminals at x, y >= 0. */
    double ang = pi / 2 - 2 * pi * i / (n > 0 ? n : 1);
    *x = r + 0.5 + r * cos(ang);
    *y = r + 0.5 + r * sin(ang);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int noc_gen_direct_build(struct noc_topo *t, const struct gen_direct *d, struct noc_ctx *ctx)
{
    int rc;
    int *buf = NULL;
    double R = d->nrouters, N = d->nterms;
    NOC_CHECK(noc_gen_nodes(t, d->fam, R, N, R * d->maxdeg + 2 * N, ctx));
    buf = noc_malloc(ctx, (size_t)d->maxdeg + 1, sizeof *buf);
    if (!buf) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < d->nrouters; i++) {
        int cnt = d->nbrs(d, i, buf);
        qsort(buf, (size_t)cnt, sizeof *buf, cmp_int);
        for (int j = 0; j < cnt; j++) {
            if (buf[j] <= i || (j > 0 && buf[j] == buf[j - 1]))
                continue;
            NOC_CHECK(noc_topo_add_link(t, i, buf[j], ctx));
        }
        double x, y;
        d->pos(d, i, &x, &y);
        noc_topo_set_pos(t, i, x * d->pitch, y * d->pitch);
    }
    for (int j = 0; j < d->nterms; j++) {
        int r = j / d->conc, tn = d->nrouters + j;
        NOC_CHECK(noc_topo_add_link(t, tn, r, ctx));
        gen_place_term(t, tn, t->nodes[r].x, t->nodes[r].y, j % d->conc, d->conc, d->pitch);
    }
    rc = NOC_OK;
cleanup:
    free(buf);
    return rc;
}
