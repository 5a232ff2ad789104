#!/usr/bin/env python3
"""The python half of benchmarks/tech/signoff.sh (issue 25, item 3): link
wires and registers of the sign-off from the design's one legal layout.

  signoff.py dump RTLDIR LIBERTY              -> RTLDIR/dump.tcl (pass 1)
  signoff.py spef RTLDIR DOT LEF LIBERTY      -> RTLDIR/links.spef, wire.tcl,
                                                 links.json (reads nets.txt)
  signoff.py report RTLDIR LIBERTY JSON FREQ ACT TOOLS -> the table on stdout
                                                 (TOOLS: tests/tools, netlist_area.py)

Wire model (docs/hardware.md, "Sign-off"): every channel of nocsyn_top.sv
(router-router and core-router) runs from its source node's centre to its
destination's (the positions of D.dot, the ones `nocsyn rtl` and D.def use;
a `length` attribute overrides, as in noc_topo_channel_length), horizontal
runs on the LEF's topmost horizontal routing layer, vertical runs on its
topmost vertical one (OSU018: metal5 and metal6), with
    R/um = RPERSQ / WIDTH,   C/um = CPERSQDIST x WIDTH + 2 x EDGECAPACITANCE
(one minimum-width wire, no neighbour coupling beyond the LEF's edge term).
A channel's flit path (valid, VC, flit) has the RTL's STAGES registers and
its credit path (valid, VC, backwards) CSTAGES; each chain's registers sit
evenly along the wire (D.def places the flit registers so), so a segment
between registers is length / (registers + 1).  Each segment is a SPEF
*D_NET: the driver pin, a ladder of NSEC pi sections (Elmore delay of the
ladder = the distributed line's, R (C/2 + C_load)), the loads at its far
end; loads inside the driving router (its own use of an output register)
at the driver.  Nothing here prints to stderr but a fatal error (exit 2).
"""
import json
import math
import re
import sys

NSEC = 4  # pi sections per wire piece (any n gives the same Elmore delay)


def die(msg):
    sys.stderr.write("signoff: %s\n" % msg)
    sys.exit(2)


# --- nocsyn_top.sv: channels, their registers, router instances -------------

def top_channels(path):
    """[(c, src, dst, cycles, stages, cstages)], {router name: instance}."""
    chans, routers, pending = [], {}, None
    text = open(path).read().splitlines()
    for i, line in enumerate(text):
        m = re.match(r"\s*// channel (\d+): (.*) -> (.*), (\d+) cycles?$", line)
        if m:
            pending = [int(m.group(1)), m.group(2), m.group(3), int(m.group(4))]
            continue
        m = re.match(r"\s*nocsyn_link #\(.*\.STAGES\((\d+)\), \.CSTAGES\((\d+)\)\) l(\d+) \($", line)
        if m:
            if pending is None or int(m.group(3)) != pending[0]:
                die("%s:%d: link l%s without its channel comment" % (path, i + 1, m.group(3)))
            chans.append(tuple(pending) + (int(m.group(1)), int(m.group(2))))
            pending = None
            continue
        m = re.match(r"\s*// router (.*): \d+ inputs", line)
        if m:
            for j in range(i + 1, min(i + 8, len(text))):
                n = re.match(r"\s*\) (r\d+) \($", text[j])
                if n:
                    routers[m.group(1)] = n.group(1)
                    break
    if not chans:
        die("%s: no channel found" % path)
    return chans, routers


# --- D.dot: node centres (mm) and edge lengths -------------------------------

def _attrs(s):
    out = {}
    for m in re.finditer(r'(\w+)\s*=\s*("(?:[^"\\]|\\.)*"|[^,\s\]]+)', s):
        v = m.group(2)
        out[m.group(1)] = v[1:-1] if v.startswith('"') else v
    return out


def dot_layout(path):
    nodes, lengths = {}, {}
    q = r'"((?:[^"\\]|\\.)*)"'
    for line in open(path):
        m = re.match(r"\s*" + q + r"\s*->\s*" + q + r"\s*\[(.*)\];\s*$", line)
        if m:
            a = _attrs(m.group(3))
            if "length" in a:
                lengths[(m.group(1), m.group(2))] = lengths[(m.group(2), m.group(1))] = float(a["length"])
            continue
        m = re.match(r"\s*" + q + r"\s*\[(.*)\];\s*$", line)
        if m:
            a = _attrs(m.group(2))
            if "x" in a and "y" in a:
                nodes[m.group(1)] = (float(a["x"]), float(a["y"]))
    return nodes, lengths


def channel_xy(nodes, lengths, src, dst):
    """(horizontal mm, vertical mm) of the channel's wire."""
    if (src, dst) in lengths:
        return lengths[(src, dst)], 0.0
    if src not in nodes or dst not in nodes:
        die("D.dot has no position for '%s' or '%s'" % (src, dst))
    (x0, y0), (x1, y1) = nodes[src], nodes[dst]
    return abs(x1 - x0), abs(y1 - y0)


# --- LEF: per-um R and C of the top horizontal and vertical layers -----------

def lef_layers(path):
    """{'H': (name, ohm/um, fF/um, first line), 'V': ...}: the last ROUTING
    layer of each direction in the file (the top metals)."""
    layers, cur = {}, None
    for no, line in enumerate(open(path), 1):
        t = line.split()
        if len(t) >= 2 and t[0] == "LAYER" and cur is None:
            cur = {"name": t[1], "line": no}
        elif cur is not None and len(t) >= 2 and t[0] == "END" and t[1] == cur["name"]:
            if cur.get("type") == "ROUTING" and all(k in cur for k in ("dir", "w", "rsq", "csq", "edge")):
                r = cur["rsq"] / cur["w"]
                c = (cur["csq"] * cur["w"] + 2 * cur["edge"]) * 1000.0  # pF/um -> fF/um
                layers[cur["dir"][0]] = (cur["name"], r, c, cur["line"], no)
            cur = None
        elif cur is not None and len(t) >= 2:
            if t[0] == "TYPE":
                cur["type"] = t[1]
            elif t[0] == "DIRECTION":
                cur["dir"] = t[1]
            elif t[0] == "WIDTH":
                cur["w"] = float(t[1])
            elif t[0] == "RESISTANCE" and t[1] == "RPERSQ":
                cur["rsq"] = float(t[2])
            elif t[0] == "CAPACITANCE" and t[1] == "CPERSQDIST":
                cur["csq"] = float(t[2])
            elif t[0] == "EDGECAPACITANCE":
                cur["edge"] = float(t[1])
    if "H" not in layers or "V" not in layers:
        die("%s: no horizontal and vertical ROUTING layers with WIDTH, RPERSQ, CPERSQDIST and EDGECAPACITANCE" % path)
    return layers


# --- Liberty: the strongest buffer, for the repeater estimate ----------------

def _table(block, kind):
    m = re.search(kind + r"\s*\((\w+)\)\s*\{(.*?)\}", block, re.S)
    if not m:
        return None
    i1 = [float(x) for x in re.search(r'index_1\s*\("([^"]*)"', m.group(2)).group(1).split(",")]
    i2 = [float(x) for x in re.search(r'index_2\s*\("([^"]*)"', m.group(2)).group(1).split(",")]
    rows = re.search(r"values\s*\((.*?)\)\s*;", m.group(2), re.S).group(1)
    vals = [[float(x) for x in r.split(",")] for r in re.findall(r'"([^"]*)"', rows)]
    return m.group(1), i1, i2, vals


def liberty_buffers(path):
    """[(name, drive ohm, intrinsic ps, input fF, area)] of the non-clock
    buffers (cell_footprint buf, name not CLK*), from each
    cell's first cell_rise/cell_fall table: drive = the slope of delay
    against load between the two largest loads at the smallest input
    transition (rise and fall averaged), intrinsic = that line at 0 load.
    Time in ns and capacitance in pF (the OSU018 header; another unit
    gives no buffer: no repeater and no estimate)."""
    text = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
    if not re.search(r'time_unit\s*:\s*"1ns"', text) or not re.search(r"capacitive_load_unit\s*\(\s*1\s*,\s*pf\s*\)", text):
        return []
    templ = {}
    for m in re.finditer(r"lu_table_template\s*\((\w+)\)\s*\{(.*?)\}", text, re.S):
        v1 = re.search(r"variable_1\s*:\s*(\w+)", m.group(2))
        templ[m.group(1)] = v1.group(1) if v1 else ""
    out = []
    cells = re.split(r"\n\s*cell\s*\(", text)[1:]
    for blk in cells:
        name = blk.split(")", 1)[0].strip().strip('"')
        if name.upper().startswith("CLK") or not re.search(r"cell_footprint\s*:\s*\"?buf\"?\s*;", blk):
            continue
        cap = re.search(r"pin\s*\(\s*A\s*\)\s*\{[^}]*?\bcapacitance\s*:\s*([0-9.eE+-]+)", blk, re.S)
        area = re.search(r"\barea\s*:\s*([0-9.eE+-]+)", blk)
        rs, ts = [], []
        for kind in ("cell_rise", "cell_fall"):
            t = _table(blk, kind)
            if t is None:
                break
            tn, i1, i2, vals = t
            if templ.get(tn) == "total_output_net_capacitance":
                loads, col = i1, [row[0] for row in vals]
            else:
                loads, col = i2, vals[0]
            r = (col[-1] - col[-2]) / (loads[-1] - loads[-2])  # ns/pF = kohm
            rs.append(r * 1000.0)
            ts.append((col[-1] - r * loads[-1]) * 1000.0)
        if len(rs) == 2 and cap and area:
            out.append((name, sum(rs) / 2, sum(ts) / 2, float(cap.group(1)) * 1000.0, float(area.group(1))))
    return out


def repeater(buf, r_um, c_um):
    """Optimum spacing (um) and delay per mm (ps) of a wire repeated by buf:
    a stage of length l costs t(l) = t0 + Rb (c l + Cb) + r l (c l / 2 + Cb)
    (Elmore; Bakoglu & Meindl, IEEE T-ED 32(5), 1985, with the buffer's
    intrinsic delay t0 in place of its output parasitic), so t(l) / l is
    least at l_opt = sqrt(2 (t0 + Rb Cb) / (r c))."""
    name, rb, t0, cb, _ = buf
    rc = r_um * c_um * 1e-15 * 1e12  # ohm/um x fF/um -> ps/um^2
    l_opt = math.sqrt(2 * (t0 + rb * cb * 1e-3) / rc)
    t = t0 + rb * (c_um * l_opt + cb) * 1e-3 + r_um * l_opt * (c_um * l_opt / 2 + cb) * 1e-3
    return l_opt, t / l_opt * 1000.0


# --- pass 1: the link nets as OpenSTA sees them ------------------------------

DUMP_TCL = r"""read_liberty {%s}
read_verilog net.v
link_design nocsyn_top
# a bracket that is not the final bus index is part of the name (Yosys' \fd[1] )
proc nocsyn_esc {nm} {
  if {![regexp {^(.*?)(\[[0-9]+\])$} $nm -> head idx]} { set head $nm; set idx "" }
  return "[string map {[ \\[ ] \\]} $head]$idx"
}
proc nocsyn_dump {nets} {
  foreach n $nets {
    set nm [get_full_name $n]
    if {$nm == "clk" || $nm == "rst_n"} continue
    puts "nocsyn-net $nm"
    report_net -connections -verbose [nocsyn_esc $nm]
  }
}
"""


def cmd_dump(rtl, lib):
    chans, _ = top_channels(rtl + "/nocsyn_top.sv")
    with open(rtl + "/dump.tcl", "w") as f:
        f.write(DUMP_TCL.replace("%s", lib, 1))
        for ch in chans:
            f.write("nocsyn_dump [get_nets -quiet -of_objects [get_pins l%d/*]]\n" % ch[0])
            f.write("nocsyn_dump [get_nets -quiet l%d/*]\n" % ch[0])
        f.write("exit\n")


def parse_dump(path):
    """{alias: (driver pin or None, [(load pin, cell)], driver cell)}."""
    nets, cur, sect = {}, None, None
    for line in open(path):
        if line.startswith("nocsyn-net "):
            cur = [line[len("nocsyn-net "):].strip(), None, [], None]
            nets[cur[0]] = cur
            sect = None
        elif cur is None:
            continue
        elif line.startswith("Driver pins"):
            sect = "d"
        elif line.startswith("Load pins"):
            sect = "l"
        elif line.startswith(" ") and sect and line.strip():
            t = line.split()
            cell = re.search(r"\((\S+)\)", line)
            cell = cell.group(1) if cell else "port"
            if sect == "d":
                cur[1], cur[3] = t[0], cell
            else:
                cur[2].append((t[0], cell))
    return nets


FLIT = re.compile(r"^(c\d+_(sv|svc|sf|rv|rvc|rf)|inj_(valid|vc|flit)|ej_(valid|vc|flit))(\[|$)|^l\d+/(fd|fv)\[")
CRED = re.compile(r"^(c\d+_(rcv|rcc|scv|scc)|inj_cr_(valid|vc))(\[|$)|^l\d+/(cd|cv)\[")


def spef_name(n):
    """An OpenSTA net name in SPEF: brackets inside a hierarchical (Yosys
    escaped) name are part of it (`l0/cv[1]`, `l0/fd[1][3]`: bit 3 of
    `\\fd[1] `), except a last index after another one; a top-level name's
    final index is a bus bit (`c0_sf[3]`)."""
    m = re.match(r"^(.*?)(\[\d+\])?$", n)
    head, idx = m.group(1), m.group(2) or ""
    if "/" in n and "[" not in head:
        head, idx = n, ""
    return head.replace("[", "\\[").replace("]", "\\]") + idx


ESC_TCL = r"""# moves a load pin from its net to net (a repeater's output)
proc nocsyn_move {pin net} {
  set p [get_pins $pin]
  disconnect_pin [get_nets -of_objects $p] $p
  connect_pin $net $p
}
"""


def _dnet(out, sn, drv, local, pieces, rh, ch_, rv, cv):
    """One *D_NET: driver pin drv, its local loads at the driver, then the
    wire pieces [(h um, v um, loads at the piece's end)] in a row, each a
    ladder of NSEC pi sections."""
    caps, res, k = {}, [], 0
    last = _spin(drv)
    for p in local:
        res.append((last, _spin(p), 0.0))
    c_tot = 0.0
    for h, v, loads in pieces:
        rs = (h * rh + v * rv) / NSEC
        cs = (h * ch_ + v * cv) / NSEC
        c_tot += cs * NSEC
        for _ in range(NSEC):
            k += 1
            nd = "%s:%d" % (sn, k)
            res.append((last, nd, rs))
            caps[last] = caps.get(last, 0.0) + cs / 2
            caps[nd] = caps.get(nd, 0.0) + cs / 2
            last = nd
        for p in loads:
            res.append((last, _spin(p), 0.0))
    out.append("*D_NET %s %.6f" % (sn, c_tot))
    out.append("*CONN")
    out.append("*%s %s %s" % ("P" if "/" not in drv else "I", _spin(drv), "I" if "/" not in drv else "O"))
    for p in local + [p for _, _, ls in pieces for p in ls]:
        out.append("*%s %s %s" % ("P" if "/" not in p else "I", _spin(p), "O" if "/" not in p else "I"))
    out.append("*CAP")
    for i, nd in enumerate(caps, 1):
        out.append("%d %s %.6f" % (i, nd, caps[nd]))
    out.append("*RES")
    for i, (x, y, r) in enumerate(res, 1):
        out.append("%d %s %s %.6f" % (i, x, y, r))
    out.append("*END")
    out.append("")


def cmd_spef(rtl, dot, lef, lib, repeat="1"):
    repeat = repeat != "0"
    chans, routers = top_channels(rtl + "/nocsyn_top.sv")
    nodes, lengths = dot_layout(dot)
    layers = lef_layers(lef)
    (hn, rh, ch_, hl0, hl1), (vn, rv, cv, vl0, vl1) = layers["H"], layers["V"]
    dump = parse_dump(rtl + "/nets.txt")
    # electrical nets by driver pin
    elec = {}
    for alias, (name, drv, loads, cell) in dump.items():
        if drv is None:
            continue
        e = elec.setdefault(drv, {"aliases": [], "loads": loads, "cell": cell})
        e["aliases"].append(alias)
    # cell -> the drivers of its input nets
    ins_of = {}
    for drv, e in elec.items():
        for p, cell in e["loads"]:
            ins_of.setdefault(p.rsplit("/", 1)[0], []).append(drv)
    cell_of = {drv.rsplit("/", 1)[0]: e["cell"] for drv, e in elec.items()}

    def is_ff(inst):
        return re.match(r"^(DFF|SDFF|LATCH)", cell_of.get(inst, "")) is not None

    lvl_memo = {}

    def lvl(drv, depth=0):
        """Link registers from the chain's start up to this net's driver."""
        if drv in lvl_memo:
            return lvl_memo[drv]
        inst = drv.rsplit("/", 1)[0] if "/" in drv else ""
        if depth > 10000 or not re.match(r"^l\d+/", inst):
            v = 0
        else:
            ins = [lvl(d, depth + 1) for d in ins_of.get(inst, [])]
            v = (max(ins) if ins else 0) + (1 if is_ff(inst) else 0)
        lvl_memo[drv] = v
        return v

    segs, checks, through = [], [], []
    total_mm = {"link": 0.0, "core": 0.0}
    term_nodes = set(n for n in nodes if n not in routers)
    for c, src, dst, cyc, st, cst in chans:
        dx, dy = channel_xy(nodes, lengths, src, dst)
        kind = "core" if src in term_nodes or dst in term_nodes else "link"
        total_mm[kind] += dx + dy
        for drv, e in sorted(elec.items()):
            ali = e["aliases"]
            if not any(re.match(r"^(c%d_|l%d/)" % (c, c), a) for a in ali):
                continue
            flit = any(FLIT.match(a) for a in ali)
            cred = any(CRED.match(a) for a in ali)
            if flit == cred:
                continue  # a gate -> register net inside a register: no wire
            nreg = st if flit else cst
            dtop = drv.split("/", 1)[0] if "/" in drv else "port"
            a = lvl(drv)
            pos = {}
            for p, cell in e["loads"]:
                ptop = p.split("/", 1)[0] if "/" in p else "port"
                if re.match(r"^l\d+$", ptop):
                    b = a + 1
                elif not re.match(r"^l\d+$", dtop) and ptop == dtop and (ptop != "port"):
                    b = a
                else:
                    b = nreg + 1
                pos.setdefault(b, []).append(p)
            frac = [(b - a) / (nreg + 1.0) for b in sorted(pos)]
            if not frac or max(frac) <= 0:
                continue
            segs.append((c, drv, ali, a, nreg, pos, dx, dy, flit))
    # SPEF
    out = ['*SPEF "IEEE 1481-1998"', '*DESIGN "nocsyn_top"', '*DATE "-"', '*VENDOR "nocsyn"',
           '*PROGRAM "benchmarks/tech/signoff.py"', '*VERSION "1"', '*DESIGN_FLOW "PIN_CAP NONE"',
           "*DIVIDER /", "*DELIMITER :", "*BUS_DELIMITER [ ]", "*T_UNIT 1 PS", "*C_UNIT 1 FF",
           "*R_UNIT 1 OHM", "*L_UNIT 1 HENRY", ""]
    bufs = liberty_buffers(lib)
    best = min(bufs, key=lambda b: b[1]) if bufs else None
    recs, edits, nrep = [], [], 0
    for c, drv, ali, a, nreg, pos, dx, dy, flit in segs:
        tops = [x for x in ali if "/" not in x] or ali
        pieces, prev = [], a
        for b in sorted(pos):
            if b > prev:
                f = (b - prev) / (nreg + 1.0)
                pieces.append((b, dx * f * 1000.0, dy * f * 1000.0))  # um
                prev = b
        r_tot = sum(h * rh + v * rv for _, h, v in pieces)
        c_tot = sum(h * ch_ + v * cv for _, h, v in pieces)
        length = sum(h + v for _, h, v in pieces) / 1000.0
        local = pos.get(a, [])
        far = [p for b in sorted(pos) if b != a for p in pos[b]]
        # Repeaters: one far end, no top port among its loads (a port
        # cannot move to another net), longer than the optimum spacing of
        # the strongest buffer on this segment's mix of layers.
        n, lopt = 0, None
        if best and len(pieces) == 1:
            _, h, v = pieces[0]
            ln = h + v
            lopt = repeater(best, (h * rh + v * rv) / ln, (h * ch_ + v * cv) / ln)[0]
            if repeat and ln > lopt and all("/" in p for p in far):
                n = int(math.ceil(ln / lopt - 1e-9)) - 1
        recs.append({"channel": c, "driver": drv, "nets": sorted(ali), "flit": flit, "from": a,
                     "registers": nreg, "length_mm": length, "r_ohm": r_tot, "c_ff": c_tot,
                     "repeaters": n, "l_opt_mm": lopt and lopt / 1000.0, "loads": {str(k): v for k, v in sorted(pos.items())}})
        through.extend(p for p in far if "/" in p)
        if n == 0:
            checks.append((spef_name(tops[0]), c_tot))
            for nm in sorted(set(tops)):
                _dnet(out, spef_name(nm), drv, local, [(pieces[i][1], pieces[i][2], pos[pieces[i][0]]) for i in range(len(pieces))],
                      rh, ch_, rv, cv)
            continue
        _, h, v = pieces[0]
        h, v = h / (n + 1), v / (n + 1)
        cpiece = h * ch_ + v * cv
        reps = ["nocsyn_rep%d_%d" % (len(recs), i) for i in range(1, n + 1)]
        rnets = ["nocsyn_rn%d_%d" % (len(recs), i) for i in range(1, n + 1)]
        checks.append((spef_name(tops[0]), cpiece))
        for nm in sorted(set(tops)):
            _dnet(out, spef_name(nm), drv, local, [(h, v, [reps[0] + "/A"])], rh, ch_, rv, cv)
        for i in range(n):
            loads = [reps[i + 1] + "/A"] if i + 1 < n else far
            _dnet(out, rnets[i], reps[i] + "/Y", [], [(h, v, loads)], rh, ch_, rv, cv)
            checks.append((rnets[i], cpiece))
        edits.append(("{%s}" % spef_name(tops[0]) if "/" not in drv else "[get_nets -of_objects [get_pins {%s}]]" % drv,
                      reps, rnets, far))
        nrep += n
    open(rtl + "/links.spef", "w").write("\n".join(out) + "\n")
    with open(rtl + "/wire.tcl", "w") as f:
        f.write("set nocsyn_link_pins [list %s]\n" % " ".join("{%s}" % n for n in through))
        f.write(ESC_TCL)
        f.write("proc nocsyn_repeat {} {\n")
        for orig, reps, rnets, far in edits:
            for r_, n_ in zip(reps, rnets):
                f.write("  make_instance %s %s\n  make_net %s\n  connect_pin %s %s/Y\n" % (r_, best[0], n_, n_, r_))
            f.write("  connect_pin %s %s/A\n" % (orig, reps[0]))
            for r_, n_ in zip(reps[1:], rnets):
                f.write("  connect_pin %s %s/A\n" % (n_, r_))
            for p in far:
                f.write("  nocsyn_move {%s} %s\n" % (p, rnets[-1]))
        f.write("}\n")
        f.write("proc nocsyn_netcheck {} {\n")
        for n, cc in checks:
            f.write("  puts \"nocsyn-check {%s} %.6f\"\n  report_net -connections -verbose -digits 6 {%s}\n" % (n, cc, n))
        f.write("}\n")
    rep = None
    if best:
        lh, dh = repeater(best, rh, ch_)
        lv, dv = repeater(best, rv, cv)
        rep = {"cell": best[0], "drive_ohm": best[1], "intrinsic_ps": best[2], "input_ff": best[3],
               "area": best[4], "inserted": nrep,
               "H": {"l_opt_mm": lh / 1000.0, "ps_mm": dh}, "V": {"l_opt_mm": lv / 1000.0, "ps_mm": dv}}
    json.dump({"layers": {"H": [hn, rh, ch_, hl0, hl1], "V": [vn, rv, cv, vl0, vl1]},
               "channels": [{"channel": c, "src": s, "dst": d, "cycles": cy, "stages": st, "cstages": cs,
                             "dx_mm": channel_xy(nodes, lengths, s, d)[0], "dy_mm": channel_xy(nodes, lengths, s, d)[1],
                             "kind": "core" if s in term_nodes or d in term_nodes else "link"}
                            for c, s, d, cy, st, cs in chans],
               "segments": recs, "repeater": rep, "wire_mm": total_mm},
              open(rtl + "/links.json", "w"), indent=1, sort_keys=True)


def _sta_sections(text):
    out, cur = {}, None
    for line in text.splitlines(True):
        m = re.match(r"^(nocsyn-[\w-]+)\s*$", line)
        if m:
            cur = m.group(1)
            out[cur] = ""
        elif cur:
            out[cur] += line
    return out


def _slack(sec):
    m = re.search(r"^\s*(-?[\d.]+)\s+slack \((?:MET|VIOLATED)\)", sec, re.M)
    return float(m.group(1)) if m else None


def _total_w(sec):
    m = re.search(r"^Total\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", sec, re.M)
    return float(m.group(4)) if m else None


def cmd_report(rtl, lib, jpath, freq, act, tools):
    sys.path.insert(0, tools)
    import netlist_area as na
    areas = na.liberty_areas(lib)
    mods = na.modules(rtl + "/net.v")
    memo = {}
    total = na.area("nocsyn_top", mods, areas, memo)
    routers = sum(n * na.area(t, mods, areas, memo) for t, n in mods["nocsyn_top"].items() if "nocsyn_router" in t)
    sec = _sta_sections(open(rtl + "/sta.txt").read())
    for k in ("nocsyn-nowire", "nocsyn-power-0", "nocsyn-power-a", "nocsyn-wire", "nocsyn-wire-link",
              "nocsyn-wire-power-0", "nocsyn-wire-power-a", "nocsyn-netcheck", "nocsyn-router"):
        if k not in sec:
            die("%s/sta.txt: no '%s' section (see it)" % (rtl, k))
    # every link net's wire capacitance as OpenSTA annotated it (pF) = ours
    bad = 0
    for m in re.finditer(r"^nocsyn-check \{(.*)\} ([\d.]+)\nNet .*\n.*\n Wire capacitance: (?:r )?([\d.]+)", sec["nocsyn-netcheck"], re.M):
        if abs(float(m.group(3)) * 1000.0 - float(m.group(2))) > 0.01:
            bad += 1
    nchk = sec["nocsyn-netcheck"].count("nocsyn-check ")
    if bad or nchk != len(re.findall(r"Wire capacitance", sec["nocsyn-netcheck"])):
        die("%s/sta.txt: %d of %d link nets lack their wire in OpenSTA (links.spef not annotated)" % (rtl, max(bad, 1), nchk))
    wns = float(re.search(r"^wns\s+(-?[\d.]+)", sec["nocsyn-wire"], re.M).group(1))
    tns = float(re.search(r"^tns\s+(-?[\d.]+)", sec["nocsyn-wire"], re.M).group(1))
    wns0 = float(re.search(r"^wns\s+(-?[\d.]+)", sec["nocsyn-nowire"], re.M).group(1))
    lk = json.load(open(rtl + "/links.json"))
    d = json.load(open(jpath))
    period = 1e6 / float(freq)
    fmt = "%-34s %14s %14s"

    def row(label, a, b="-"):
        print(fmt % (label, a, b))

    def ps(v):
        return "-" if v is None else "%.1f" % v
    print("sign-off of %s at %s MHz on %s (OpenSTA: %s)" % (d["topology"], freq, lib, "met" if wns >= 0 else "VIOLATED"))
    row("", "signed off", "D.json")
    row("WNS ps", "%.1f" % wns)
    row("TNS ps", "%.1f" % tns)
    ws = _slack(sec["nocsyn-wire"])
    if ws is not None:
        row("worst slack ps", "%.1f" % ws)
    row("worst slack ps, no wire", ps(_slack(sec["nocsyn-nowire"])))
    row("  WNS ps, no wire", "%.1f" % wns0)
    row("worst link path slack ps", ps(_slack(sec["nocsyn-wire-link"])))
    row("  no wire", ps(_slack(sec.get("nocsyn-nowire-link", ""))))
    row("worst router path slack ps", ps(_slack(sec["nocsyn-router"])))
    rep = lk.get("repeater") or {}
    rep_um2 = rep.get("inserted", 0) * rep.get("area", 0.0)  # repeaters OpenSTA added
    total += rep_um2
    row("area mm2 (routers + links)", "%.4f" % (total * 1e-6), "%.4f" % d["area_mm2"])
    row("  routers mm2", "%.4f" % (routers * 1e-6))
    row("  links mm2", "%.4f" % ((total - routers) * 1e-6))
    if rep_um2:
        row("    of which repeaters mm2", "%.4f" % (rep_um2 * 1e-6))
    p0, pa = _total_w(sec["nocsyn-wire-power-0"]), _total_w(sec["nocsyn-wire-power-a"])
    q0, qa = _total_w(sec["nocsyn-power-0"]), _total_w(sec["nocsyn-power-a"])
    row("power mW, activity 0 (clock+leak)", "%.3f" % (p0 * 1e3))
    row("power mW, activity %s / app loads" % act, "%.3f" % (pa * 1e3), "%.3f" % d["power_mw"])
    row("  no wire, activity 0", "%.3f" % (q0 * 1e3))
    row("  no wire, activity %s" % act, "%.3f" % (qa * 1e3))
    ch = lk["channels"]
    rr = [c for c in ch if c["kind"] == "link"]
    seen, once = set(), 0.0
    for c in rr:
        key = tuple(sorted((c["src"], c["dst"])))
        if key not in seen:
            seen.add(key)
            once += c["dx_mm"] + c["dy_mm"]
    row("link wire mm (each link once)", "%.3f" % once, "%.3f" % d.get("wire_length_mm", float("nan")))
    row("  router-router channels", "%d" % len(rr))
    row("core-link wire mm (channels)", "%.3f" % lk["wire_mm"]["core"])
    row("  core channels", "%d" % (len(ch) - len(rr)))
    regs = sum(c["stages"] for c in ch)
    lay, diff = None, 0
    lc = jpath[:-5] + ".links.csv"
    try:
        import csv
        want = {}
        for r in csv.DictReader(open(lc)):
            want.setdefault((r["src"], r["dst"]), []).append(int(r["pipeline_stages"]))
        lay = 0
        for c in ch:
            w = want.get((c["src"], c["dst"]), [None]).pop(0) if want.get((c["src"], c["dst"])) else None
            lay += w or 0
            diff += w is None or w != c["stages"]
    except OSError:
        pass
    row("link pipeline registers (RTL)", "%d" % regs, "-" if lay is None else "%d" % lay)
    row("  channels RTL != links.csv", "-" if lay is None else "%d" % diff)
    L = lk["layers"]
    row("wire %s ohm/um, fF/um (H)" % L["H"][0], "%.4f" % L["H"][1], "%.4f" % L["H"][2])
    row("wire %s ohm/um, fF/um (V)" % L["V"][0], "%.4f" % L["V"][1], "%.4f" % L["V"][2])
    if rep:
        row("repeater %s: l_opt mm, ps/mm" % rep["cell"], "%.3f" % rep["H"]["l_opt_mm"], "%.1f" % rep["H"]["ps_mm"])
        # each segment against the optimum of its own mix of the two layers
        long_ = sum(1 for s in lk["segments"] if s["l_opt_mm"] and s["length_mm"] > s["l_opt_mm"])
        need = 0
        for c in ch:
            dly = c["dx_mm"] * rep["H"]["ps_mm"] + c["dy_mm"] * rep["V"]["ps_mm"]
            if max(0, math.ceil(dly / period - 1e-9) - 1) > c["stages"]:
                need += 1
        row("  link segments > l_opt", "%d" % long_)
        row("  repeaters inserted", "%d" % rep["inserted"])
        row("  short of registers (wire only)", "%d" % need)


def _spin(p):
    """OpenSTA pin r0/_1_/Q -> SPEF r0/_1_:Q; a top port stays itself."""
    if "/" not in p:
        return spef_name(p)
    inst, pin = p.rsplit("/", 1)
    return "%s:%s" % (inst, pin)


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "dump":
        cmd_dump(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 8 and sys.argv[1] == "report":
        cmd_report(*sys.argv[2:8])
    elif len(sys.argv) >= 6 and sys.argv[1] == "spef":
        cmd_spef(*sys.argv[2:7])
    else:
        die("usage: signoff.py dump RTLDIR | spef RTLDIR DOT LEF LIBERTY | report ...")
