#!/usr/bin/env python3
"""Checks the plots of a compare report (issue 29 item 8), independently of
nocsyn's code:

  check_report_plot.py REPORT.html...

For every <svg> of the report holding tick labels (class "tick"): the
labels of each axis (x: the ones centred, text-anchor middle; y: the ones
right-aligned) are equally spaced numbers whose step is 1, 2 or 5 x 10^k,
each a whole multiple of the step (the 1-2-5 rule: no 4.5, 7.28, 10.1).
For the point labels (class "label", x, y = baseline, data-w = width; 13 px
line, baseline 3 px above its bottom): no two boxes overlap and every box
lies inside the svg's width and height.  Prints "ok - ..." or "not ok - ...".
"""
import math, re, sys

def nice(step):
    m = step / 10 ** math.floor(math.log10(step) + 1e-12)
    return any(abs(m - k) < 1e-6 for k in (1, 2, 5, 10))

for path in sys.argv[1:]:
    html = open(path).read()
    fails, nsvg, nlab = [], 0, 0
    for svg in re.findall(r'<svg[^>]*>.*?</svg>', html, re.S):
        ticks = re.findall(r'<text class="tick" x="([-0-9.]+)" y="([-0-9.]+)" text-anchor="(middle|end)">([^<]*)</text>', svg)
        if not ticks:
            continue
        nsvg += 1
        for anchor in ('middle', 'end'):
            v = [float(t[3]) for t in ticks if t[2] == anchor]
            if len(v) < 2:
                fails.append('an axis with %d ticks' % len(v))
                continue
            d = [b - a for a, b in zip(v, v[1:])]
            step = d[0]
            if step <= 0 or any(abs(x - step) > 1e-9 * max(1, abs(step)) for x in d):
                fails.append('ticks not equally spaced: %s' % v)
            elif not nice(step):
                fails.append('tick step %g is not 1, 2 or 5 x 10^k: %s' % (step, v))
            elif any(abs(x / step - round(x / step)) > 1e-6 for x in v):
                fails.append('ticks not multiples of %g: %s' % (step, v))
        m = re.match(r'<svg[^>]*width="([0-9.]+)" height="([0-9.]+)"', svg)
        W, H = float(m.group(1)), float(m.group(2))
        boxes = [(float(x), float(y) - 10, float(w), 13, name) for x, y, w, name in
                 re.findall(r'<text class="label" x="([-0-9.]+)" y="([-0-9.]+)" data-w="([0-9.]+)">([^<]*)</text>', svg)]
        nlab += len(boxes)
        for i, a in enumerate(boxes):
            if a[0] < 0 or a[1] < 0 or a[0] + a[2] > W or a[1] + a[3] > H:
                fails.append('label %s outside the %gx%g plot' % (a[4], W, H))
            for b in boxes[:i]:
                if a[0] < b[0] + b[2] - 0.15 and b[0] < a[0] + a[2] - 0.15 and a[1] < b[1] + b[3] - 0.15 and b[1] < a[1] + a[3] - 0.15:
                    fails.append('labels %s and %s overlap' % (b[4], a[4]))
    name = '%s: %d plots, %d point labels' % (path.rsplit('/', 2)[-2], nsvg, nlab)
    if fails or not nsvg:
        print('not ok - %s: 1-2-5 ticks, labels apart' % name)
        for f in fails[:10]:
            print('#   ' + f)
    else:
        print('ok - %s: 1-2-5 ticks, labels apart' % name)
