/* Pareto dominance (core.h). */
#include "nocsyn/core.h"

int noc_pareto_dominates(const double *b, const double *a, int n, int ties)
{
    int le = 1, lt = 0;
    for (int k = 0; k < n; k++) {
        le &= b[k] <= a[k];
        lt |= b[k] < a[k];
    }
    return le && (lt || ties);
}
