#!/usr/bin/env python3
"""Re-derives the violations and Pareto columns of a compare run from its
written files, independently of nocsyn's code (issue: compare tells the truth):

  check_compare.py APP.csv DIR MAX_UTIL MAX_RADIX PACKET_BITS ROUTER_STAGES FMAX_JSON...

FMAX_JSON: `nocsyn tech --width W --radix 2:R --format json` outputs, one per
link width used (the timing model itself is checked by hand in test_tech.c).
For every row of DIR/summary.csv (design D, files DIR/D.*):
  - max_hops: some flow's route in D.routes.csv crosses more router-to-router
    links (routers on the path - 1) than the app's max_hops column;
  - radix: a router of D.links.csv has more ports (out channels + in channels
    without a reverse) than MAX_RADIX (0 = none); a router marked
    shared_port=1 in D.dot (a concentrator) counts its terminal ports as one;
  - timing: the clock of D.json is above the fmax of that radix;
  - capacity: under a single-path routing (table, dor, desttag) the flows'
    bandwidth summed over D.routes.csv's channels (core links included) is
    above MAX_UTIL x width x freq / 8 on a channel, or on a shared port (the
    sum over its terminals' channels into, or out of, the router); under
    up*/down* (several
    paths per flow) the summary's max_util column is compared instead;
  - latency: ROUTER_STAGES per router + (1 + pipeline registers) per channel
    + ceil(PACKET_BITS / width) - 1 cycles above max_latency_ns;
  - deadlock: deadlock_free is false.
The violations column must list exactly these, in the order max_hops, radix,
timing, capacity, latency, deadlock.  The pareto column must be true exactly
for the designs without violations that no other such design beats on
(power_mw, latency_avg_ns, area_mm2, radix_max).  report.md must bold no cell
of a violating row.  Prints "ok - ..." or "not ok - ..." lines.
"""
import csv, json, math, os, re, sys

app_path, d = sys.argv[1], sys.argv[2]
max_util, max_radix, pkt, stages = float(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6])
fmax = {}
for p in sys.argv[7:]:
    t = json.load(open(p))
    for r in t['radix']:
        fmax[(float(t['width']), int(r['radix']))] = float(r['fmax_mhz'])

flows = {}
with open(app_path) as fh:
    rows = [r for r in fh if not r.lstrip().startswith('#')]
for r in csv.DictReader(rows):
    lat, hops = (r.get('max_latency_ns') or '').strip(), (r.get('max_hops') or '').strip()
    key = (r['src'], r['dst'])
    bw, lb, hb = float(r['bandwidth_mbps']), float(lat) if lat else None, int(hops) if hops else None
    if key in flows:
        obw, olb, ohb = flows[key]
        bw += obw
        lb = min([x for x in (lb, olb) if x is not None], default=None)
        hb = min([x for x in (hb, ohb) if x is not None], default=None)
    flows[key] = (bw, lb, hb)

fails = []
summary = list(csv.DictReader(open(d + '/summary.csv')))
single_path = {'table', 'dor', 'desttag'}
for row in summary:
    name = row['design']
    pre = d + '/' + name
    meta = json.load(open(pre + '.json'))
    f, w = float(meta['freq_mhz']), float(meta['link_width'])
    chans, regs = set(), {}
    for r in csv.DictReader(open(pre + '.links.csv')):
        chans.add((r['src'], r['dst']))
        regs[(r['src'], r['dst'])] = int(r['pipeline_stages'] or 0)
    routers = {r['node'] for r in csv.DictReader(open(pre + '.place.csv')) if r['kind'] == 'router'}
    shared = set(re.findall(r'^\s*"([^"]+)" \[kind="router"[^\]]*shared_port=1', open(pre + '.dot').read(), re.M))
    radix = {v: 0 for v in routers}
    term_ports = {v: 0 for v in routers}
    for (a, b) in chans:
        if a in radix:
            if b in routers:
                radix[a] += 1
            else:
                term_ports[a] += 1
        if b in radix and (b, a) not in chans:
            if a in routers:
                radix[b] += 1
            else:
                term_ports[b] += 1
    for v in routers:
        radix[v] += min(term_ports[v], 1) if v in shared else term_ports[v]
    rmax = max(radix.values()) if radix else 0
    want = []
    load, hops_bad, lat_bad = {}, 0, 0
    flits = math.ceil(pkt / w - 1e-9)
    for r in csv.DictReader(open(pre + '.routes.csv')):
        if (r['src'], r['dst']) not in flows:
            continue
        path = r['path'].split(' ')
        bw, lb, hb = flows[(r['src'], r['dst'])]
        if hb is not None and len(path) - 1 > hb:
            hops_bad += 1
        cyc = stages * len(path) + flits - 1
        for c in [(r['src'], path[0])] + list(zip(path, path[1:])) + [(path[-1], r['dst'])]:
            load[c] = load.get(c, 0) + bw
            cyc += 1 + regs.get(c, 0)
        if lb is not None and cyc * 1000.0 / f > lb * (1 + 1e-9):
            lat_bad += 1
    if hops_bad:
        want.append('max_hops')
    if max_radix > 0 and rmax > max_radix:
        want.append('radix')
    if f > fmax[(w, rmax)] * (1 + 1e-12):
        want.append('timing')
    cap = w * f / 8
    if row['routing'] in single_path:
        worst = max(load.values())
        for v in shared:
            worst = max(worst, sum(x for (a, b), x in load.items() if b == v and a not in routers),
                        sum(x for (a, b), x in load.items() if a == v and b not in routers))
        over = worst / cap > max_util * (1 + 1e-9)
    else:
        over = float(row['max_util']) > max_util * (1 + 1e-9)
    if over:
        want.append('capacity')
    if lat_bad:
        want.append('latency')
    if row['deadlock_free'] == 'false':
        want.append('deadlock')
    got = row['violations']
    if got != ';'.join(want):
        fails.append('%s: violations "%s", re-derived "%s"' % (name, got, ';'.join(want)))
    row['_want'] = want

def obj(r):
    return [float(r['power_mw']), float(r['latency_avg_ns']), float(r['area_mm2']), int(r['radix_max'])]

# The front within tolerances (README, compare: "Pareto front and chosen
# design"): s beats r when no figure of s is worse than r's by more than
# TOL x |r's|, and one is better by more than that.  PARETO_TOL overrides the
# default tolerances (power, latency, area, radix).
tol = [float(x) for x in os.environ.get('PARETO_TOL', '0.01,0.01,0.01,1').split(',')]
def beats(s, r):
    a, b = obj(s), obj(r)
    d = [t * abs(y) for t, y in zip(tol, b)]
    return all(x <= y + e for x, y, e in zip(a, b, d) if not math.isinf(e)) and \
        any(x < y - e for x, y, e in zip(a, b, d) if not math.isinf(e))
# identical rows: every figure within 0.1% (NOC_PARETO_SAME_REL, core.h:
# one topology reached by two methods may have its routers a few um apart)
def same(a, b):
    return all(abs(x - y) <= 1e-3 * max(abs(x), abs(y)) for x, y in zip(obj(a), obj(b)))
names = [r['design'] for r in summary]
for i, r in enumerate(summary):
    # same_as: an earlier constraint-meeting row with the same four figures
    # (as written), never on the front.
    if r['same_as']:
        s = [x for x in summary[:i] if x['design'] == r['same_as']]
        if not s or s[0]['_want'] or r['_want'] or not same(s[0], r):
            fails.append('%s: same_as %s, but not an earlier row with its figures' % (r['design'], r['same_as']))
    elif not r['_want'] and any(not x['_want'] and not x['same_as'] and same(x, r) for x in summary[:i]):
        fails.append('%s: identical to an earlier row, same_as empty' % r['design'])
for r in summary:
    ok_rows = [s for s in summary if not s['_want']]
    front = not r['_want'] and not r['same_as'] and not any(s is not r and beats(s, r) for s in ok_rows)
    if (r['pareto'] == 'true') != front:
        fails.append('%s: pareto %s, re-derived %s' % (r['design'], r['pareto'], front))

viol = {r['design'] for r in summary if r['_want']}
for line in open(d + '/report.md'):
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if line.startswith('|') and cells and cells[0] in viol and any(c.startswith('**') for c in cells):
        fails.append('report.md bolds a cell of %s, which breaks a constraint' % cells[0])

label = '%s: %d designs' % (d.rsplit('/', 1)[-1], len(summary))
if fails:
    print('not ok - %s: violations, pareto and best re-derived from the files' % label)
    for x in fails[:20]:
        print('#   ' + x)
else:
    print('ok - %s: violations, pareto and best re-derived from the files (%d violating)' % (label, len(viol)))
