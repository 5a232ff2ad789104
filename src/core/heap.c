/* The one binary min-heap of (key, id) items (see core.h). */
#include "nocsyn/core.h"

#include <stdlib.h>

static inline int less(const struct noc_heap *h, const struct noc_heap_item *x, const struct noc_heap_item *y)
{
    return x->key < y->key || (h->tie_id && x->key == y->key && x->id < y->id);
}

static inline void place(struct noc_heap *h, size_t i, struct noc_heap_item x)
{
    h->a[i] = x;
    if (h->pos)
        h->pos[x.id] = (int)i;
}

/* Moves x up from hole i (x not yet stored). */
static void sift_up(struct noc_heap *h, size_t i, struct noc_heap_item x)
{
    while (i > 0 && less(h, &x, &h->a[(i - 1) / 2])) {
        place(h, i, h->a[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    place(h, i, x);
}

/* Moves x down from hole i (x not yet stored). */
static void sift_down(struct noc_heap *h, size_t i, struct noc_heap_item x)
{
    size_t n = h->n;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && less(h, &h->a[c + 1], &h->a[c]))
            c++;
        if (!less(h, &h->a[c], &x))
            break;
        place(h, i, h->a[c]);
        i = c;
    }
    place(h, i, x);
}

int noc_heap_init(struct noc_heap *h, int nid, int tie_id, struct noc_ctx *ctx)
{
    *h = (struct noc_heap){.nid = nid, .tie_id = tie_id};
    if (nid < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "heap: negative id count");
    if (nid == 0)
        return NOC_OK;
    h->a = noc_malloc(ctx, (size_t)nid, sizeof *h->a);
    h->pos = noc_malloc(ctx, (size_t)nid, sizeof *h->pos);
    if (!h->a || !h->pos) {
        noc_heap_free(h);
        return NOC_ENOMEM;
    }
    h->cap = (size_t)nid;
    for (int i = 0; i < nid; i++)
        h->pos[i] = -1;
    return NOC_OK;
}

void noc_heap_free(struct noc_heap *h)
{
    free(h->a);
    free(h->pos);
    *h = (struct noc_heap){0};
}

void noc_heap_clear(struct noc_heap *h)
{
    h->n = 0;
    for (int i = 0; i < h->nid; i++)
        h->pos[i] = -1;
}

void noc_heap_clear_ids(struct noc_heap *h, const int *ids, int n)
{
    h->n = 0;
    for (int i = 0; i < n; i++)
        h->pos[ids[i]] = -1;
}

int noc_heap_push(struct noc_heap *h, double key, int id, struct noc_ctx *ctx)
{
    if (!h->pos && noc_grow(ctx, (void **)&h->a, &h->cap, h->n + 1, sizeof *h->a))
        return NOC_ENOMEM;
    sift_up(h, h->n++, (struct noc_heap_item){key, id});
    return NOC_OK;
}

void noc_heap_update(struct noc_heap *h, int id, double key)
{
    size_t i = h->pos[id] >= 0 ? (size_t)h->pos[id] : h->n++;
    sift_up(h, i, (struct noc_heap_item){key, id});
}

struct noc_heap_item noc_heap_pop(struct noc_heap *h)
{
    struct noc_heap_item top = h->a[0], last = h->a[--h->n];
    if (h->pos)
        h->pos[top.id] = -2;
    if (h->n)
        sift_down(h, 0, last);
    return top;
}
