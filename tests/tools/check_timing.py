#!/usr/bin/env python3
"""Re-derives a synthesized design's timing claims from its written files
(issue: timing-aware synthesis), independently of nocsyn's own code:

  check_timing.py APP.csv DESIGN_PREFIX MAX_UTIL PACKET_BITS ROUTER_STAGES FMAX

DESIGN_PREFIX is DIR/D: D.json gives freq_mhz and link_width, D.routes.csv
the path of every flow, D.links.csv the pipeline registers of every channel.
Checks, printing "ok - ..." / "not ok - ...":
  - the clock is within FMAX (the max clock of its largest router, given);
  - every channel, core links included, carries at most MAX_UTIL x width x
    freq / 8 MB/s (loads summed here from the app's flows and the routes);
  - every flow's zero-load latency, recomputed as ROUTER_STAGES per router +
    (1 + registers) per channel + ceil(PACKET_BITS / width) - 1, equals
    D.latency.csv and meets the flow's max_latency_ns and max_hops.
"""
import csv, json, math, sys

app_path, pre, max_util, pkt, stages, fmax = sys.argv[1:7]
max_util, pkt, stages, fmax = float(max_util), float(pkt), int(stages), float(fmax)
name = pre.rsplit('/', 1)[-1]
fails = []
d = json.load(open(pre + '.json'))
f, w = float(d['freq_mhz']), float(d['link_width'])
if f > fmax * (1 + 1e-9):
    fails.append('clock %g MHz above the fmax %g of its largest router' % (f, fmax))
flows = {}
with open(app_path) as fh:
    rows = [r for r in fh if not r.lstrip().startswith('#')]
for r in csv.DictReader(rows):
    key = (r['src'], r['dst'])
    lat = r.get('max_latency_ns') or ''
    hops = r.get('max_hops') or ''
    bw, lb, hb = float(r['bandwidth_mbps']), float(lat) if lat.strip() else None, int(hops) if hops.strip() else None
    if key in flows:
        obw, olb, ohb = flows[key]
        bw += obw
        lb = min(x for x in (lb, olb) if x is not None) if (lb or olb) else None
        hb = min(x for x in (hb, ohb) if x is not None) if (hb is not None or ohb is not None) else None
    flows[key] = (bw, lb, hb)
regs = {}
for r in csv.DictReader(open(pre + '.links.csv')):
    regs[(r['src'], r['dst'])] = int(r['pipeline_stages'] or 0)
lat_file = {(r['src'], r['dst']): int(r['latency_cycles']) for r in csv.DictReader(open(pre + '.latency.csv'))}
load = {}
flits = math.ceil(pkt / w - 1e-9)
for r in csv.DictReader(open(pre + '.routes.csv')):
    path = r['path'].split(' ')
    chans = [(r['src'], path[0])] + list(zip(path, path[1:])) + [(path[-1], r['dst'])]
    bw, lb, hb = flows[(r['src'], r['dst'])]
    cyc = stages * len(path) + flits - 1
    for c in chans:
        if c not in regs:
            fails.append('route %s -> %s uses %s -> %s, not a channel of links.csv' % (r['src'], r['dst'], c[0], c[1]))
            continue
        load[c] = load.get(c, 0) + bw
        cyc += 1 + regs[c]
    if lat_file.get((r['src'], r['dst'])) != cyc:
        fails.append('flow %s -> %s: latency.csv says %s cycles, recomputed %d' % (r['src'], r['dst'], lat_file.get((r['src'], r['dst'])), cyc))
    if lb is not None and cyc * 1000.0 / f > lb * (1 + 1e-9):
        fails.append('flow %s -> %s: %g ns above its max_latency_ns %g' % (r['src'], r['dst'], cyc * 1000.0 / f, lb))
    if hb is not None and len(path) - 1 > hb:
        fails.append('flow %s -> %s: %d hops above its max_hops %d' % (r['src'], r['dst'], len(path) - 1, hb))
cap = w * f / 8
worst = max(load.values()) if load else 0
if worst > max_util * cap * (1 + 1e-9):
    fails.append('a channel carries %g MB/s, above %g x %g' % (worst, max_util, cap))
if fails:
    print('not ok - %s timing re-derived from its files' % name)
    for x in fails[:5]:
        print('#   ' + x)
else:
    print('ok - %s: %g MHz <= fmax %g, busiest channel %.4g of %g MB/s, %d flow latencies re-derived' % (name, f, fmax, worst, cap, len(lat_file)))
