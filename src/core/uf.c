/* Union-find (core.h). */
#include "nocsyn/core.h"

void noc_uf_init(int *p, int n)
{
    for (int x = 0; x < n; x++)
        p[x] = x;
}

int noc_uf_find(int *p, int x)
{
    while (p[x] != x)
        x = p[x] = p[p[x]];
    return x;
}

int noc_uf_union_min(int *p, int a, int b)
{
    a = noc_uf_find(p, a);
    b = noc_uf_find(p, b);
    if (a == b)
        return 0;
    if (a < b)
        p[b] = a;
    else
        p[a] = b;
    return 1;
}
