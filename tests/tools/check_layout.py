"""Re-derives a design's layout figures from its written files (issue 26:
the design that is priced is the design that is handed off).  Usage:
check_layout.py DIR D [RTL_TOP.sv] [REPORT.html]; prints one line per
failed check, nothing when all hold.  The oracle is the files themselves
(DEF 5.8 DIEAREA and COMPONENTS syntax, links.csv, place.csv, the DOT's x/y
attributes), never nocsyn's own arithmetic:
  - wire: every router-router link once (a bidirectional pair counts once),
    summed from links.csv, equals D.json's wire_length_mm;
  - pipeline registers: the DEF's noc_pipe_reg components equal links.csv's
    pipeline_stages sum, per channel the RTL's STAGES (its "k cycles" comment
    minus one) equal links.csv's;
  - die: (x1 - x0)(y1 - y0) of the DEF's DIEAREA (nm) equals D.json die_mm2,
    and the cores' areas over it core_util;
  - positions: every DEF component's placed corner equals place.csv's (nm),
    the DOT's router centres equal place.csv's corner + side / 2, the
    design's drawing D.svg (when written) draws the routers at the DOT's
    positions, and the report's drawing (when given) centres each router
    there."""
import csv, json, re, sys

d, name = sys.argv[1], sys.argv[2]
rtl = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
html = sys.argv[4] if len(sys.argv) > 4 else None
bad = []
def close(a, b, tol=1e-6):
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))

js = json.load(open(f"{d}/{name}.json"))
links = list(csv.DictReader(open(f"{d}/{name}.links.csv")))
place = {r["node"]: r for r in csv.DictReader(open(f"{d}/{name}.place.csv"))}
deft = open(f"{d}/{name}.def").read()

pairs = {}
for r in links:
    if r["kind"] == "link":
        pairs.setdefault(frozenset((r["src"], r["dst"])), float(r["length_mm"]))
wire = sum(pairs.values())
if not close(wire, js["wire_length_mm"], 1e-5):
    bad.append(f"{name}: links.csv wire {wire} != D.json {js['wire_length_mm']}")

stages = sum(int(r["pipeline_stages"] or 0) for r in links)
regs = len(re.findall(r"^\s*- \S+ noc_pipe_reg_\S+ \+ PLACED", deft, re.M))
if regs != stages:
    bad.append(f"{name}: DEF has {regs} pipeline registers, links.csv {stages}")

m = re.search(r"DIEAREA \( (-?\d+) (-?\d+) \) \( (-?\d+) (-?\d+) \)", deft)
x0, y0, x1, y1 = map(int, m.groups())
die = (x1 - x0) * (y1 - y0) / 1e12
if "die_mm2" not in js or not close(die, js["die_mm2"]):
    bad.append(f"{name}: DEF DIEAREA {die} mm2 != D.json die_mm2 {js.get('die_mm2')}")
cores = sum(float(r["w_mm"]) * float(r["h_mm"]) for r in place.values() if r["kind"] == "core")
if "core_util" not in js or not close(cores / die, js["core_util"]):
    bad.append(f"{name}: core area / die {cores / die} != D.json core_util {js.get('core_util')}")

# DEF names: every character outside [A-Za-z0-9_] becomes '_', a name
# already taken gets _2, _3, ... (src/emit/layout.c), in place.csv's order.
def_place = {}
for n, r in place.items():
    base = re.sub(r"[^A-Za-z0-9_]", "_", n)
    dn, k = base, 2
    while dn in def_place:
        dn, k = f"{base}_{k}", k + 1
    def_place[dn] = r
for comp, x, y in re.findall(r"^\s*- (\S+) \S+ \+ (?:PLACED|FIXED) \( (-?\d+) (-?\d+) \)", deft, re.M):
    p = def_place.get(comp)
    if p is None or round(float(p["x_mm"]) * 1e6) != int(x) or round(float(p["y_mm"]) * 1e6) != int(y):
        bad.append(f"{name}: DEF places {comp} at ({x}, {y}) nm, place.csv {p and (p['x_mm'], p['y_mm'])}")

def centre(n):
    p = place[n]
    return float(p["x_mm"]) + float(p["w_mm"]) / 2, float(p["y_mm"]) + float(p["h_mm"]) / 2

for n, x, y in re.findall(r'^\s*"([^"]+)" \[kind="router", x=([-\d.e]+), y=([-\d.e]+)', open(f"{d}/{name}.dot").read(), re.M):
    cx, cy = centre(n)
    if not (close(float(x), cx, 1e-5) and close(float(y), cy, 1e-5)):
        bad.append(f"{name}: DOT puts router {n} at ({x}, {y}), the DEF at ({cx}, {cy})")

# The design's drawing (D.svg, graphviz from the DOT's pos="100 x, 100 y!"
# in points): each router box's centre, relative to the first router's,
# is the DOT's pos offset (y downwards in SVG) times the drawing's scale;
# with the DOT check above, the DEF's positions.
import html as _html, os
dot = open(f"{d}/{name}.dot").read()
if os.path.exists(f"{d}/{name}.svg"):
    svg = open(f"{d}/{name}.svg").read()
    sc = re.search(r'class="graph" transform="scale\(([\d.]+) ([\d.]+)\)', svg)
    kx, ky = (float(sc.group(1)), float(sc.group(2))) if sc else (1.0, 1.0)
    pos = {n: (float(px), float(py)) for n, px, py in re.findall(r'^\s*"([^"]+)" \[kind="router"[^\n]*?pos="([-\d.e]+),([-\d.e]+)!"', dot, re.M)}
    box = {}
    for n, pts in re.findall(r'<g id="node\d+" class="node">\s*<title>([^<]+)</title>\s*<polygon[^>]*points="([^"]+)"', svg):
        n = _html.unescape(n)
        if n in pos:
            xy = [tuple(map(float, q.split(","))) for q in pts.split()]
            box[n] = ((min(a for a, _ in xy) + max(a for a, _ in xy)) / 2, (min(b for _, b in xy) + max(b for _, b in xy)) / 2)
    if set(box) != set(pos):
        bad.append(f"{name}: D.svg draws routers {sorted(box)[:4]}..., the DOT has {sorted(pos)[:4]}...")
    elif box:
        r0 = sorted(box)[0]
        for n in box:
            dx, dy = box[n][0] - box[r0][0], box[n][1] - box[r0][1]
            ex, ey = kx * (pos[n][0] - pos[r0][0]), -ky * (pos[n][1] - pos[r0][1])
            if abs(dx - ex) > 0.02 + 1e-6 * abs(ex) or abs(dy - ey) > 0.02 + 1e-6 * abs(ey):
                bad.append(f"{name}: D.svg draws router {n} at offset ({dx:.2f}, {dy:.2f}) pt from {r0}, the DOT/DEF at ({ex:.2f}, {ey:.2f})")

if rtl:
    want = {}
    for r in links:
        want.setdefault((r["src"], r["dst"]), []).append(int(r["pipeline_stages"] or 0))
    got = {}
    for a, b, k in re.findall(r"// channel \d+: (\S+) -> (\S+), (\d+) cycle", open(rtl).read()):
        got.setdefault((a, b), []).append(int(k) - 1)
    if {k: sorted(v) for k, v in got.items()} != {k: sorted(v) for k, v in want.items()}:
        diff = [k for k in want if sorted(want[k]) != sorted(got.get(k, []))][:3]
        bad.append(f"{name}: RTL STAGES differ from links.csv on {diff}")

if html:
    text = open(html).read()
    # The design's drawing: from its heading to the next design's.
    i = text.find(f"<h3>{name}</h3>")
    j = text.find("<h3", i + 1)
    sec = text[i:j if j > 0 else len(text)]
    seen = 0
    for x, y, w, h, n in re.findall(r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="#334"[^>]*><title>([^<:]+): radix', sec):
        cx, cy = centre(n)
        seen += 1
        if not (abs(float(x) + float(w) / 2 - cx) < 1e-3 and abs(float(y) + float(h) / 2 - cy) < 1e-3):
            bad.append(f"{name}: report draws router {n} at ({float(x) + float(w) / 2}, {float(y) + float(h) / 2}), the DEF at ({cx}, {cy})")
    if seen != sum(1 for r in place.values() if r["kind"] == "router"):
        bad.append(f"{name}: the report draws {seen} routers, place.csv has {sum(1 for r in place.values() if r['kind'] == 'router')}")
print("\n".join(bad))
