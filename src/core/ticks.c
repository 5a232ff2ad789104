/* Axis ticks: the nice-number (1-2-5) rule of every plot (core.h). */
#include "nocsyn/core.h"

#include <math.h>
#include <stdio.h>

double noc_nice_step(double span, int want)
{
    if (!(span > 0) || !isfinite(span))
        return 1;
    if (want < 1)
        want = 1;
    double raw = span / want, p = pow(10, floor(log10(raw))), f = raw / p;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

void noc_nice_ticks(double lo, double hi, int want, double *t0, double *step, int *n)
{
    if (!isfinite(lo) || !isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
    if (hi < lo) {
        double x = lo;
        lo = hi;
        hi = x;
    }
    double span = hi - lo;
    if (!(span > 0)) /* one value: a step of its own magnitude around it */
        span = lo != 0 ? fabs(lo) : 1;
    double s = noc_nice_step(span, want);
    double a = floor(lo / s + 1e-9), b = ceil(hi / s - 1e-9);
    if (b <= a)
        b = a + 1;
    *t0 = a * s;
    *step = s;
    *n = (int)(b - a) + 1;
}

void noc_nice_label(double v, double step, char *buf, size_t len)
{
    /* Decimals the step needs: 0 for steps >= 1, else -floor(log10(step)). */
    int dec = step >= 1 || !(step > 0) ? 0 : (int)ceil(-log10(step) - 1e-9);
    double r = pow(10, dec);
    v = round(v * r) / r;
    if (v == 0)
        v = 0; /* no "-0" */
    if (fabs(v) < 1e6)
        snprintf(buf, len, "%.*f", dec, v);
    else
        snprintf(buf, len, "%g", v);
}
