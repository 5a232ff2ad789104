#!/bin/sh
# Sign-off of a tiny design (issue 25, item 3), tests/check tier (about 40 s
# of Yosys + OpenSTA, longer on a loaded machine): a three-core ring app
# synthesized under benchmarks/tech/osu018.tech gives one radix-3 router at
# 100 MHz; benchmarks/tech/signoff.sh synthesizes its top level on the OSU
# 0.18 um library and times it.  Its numbers are re-derived from the tools'
# own files.  Then the design `nocsyn characterize` measured for
# fmax_mhz.3, written by hand as a topology (router r0 with one terminal
# and links to routers r1 and r2 with one each), is signed off: the same RTL, so
# sign-off and characterization must agree to the ps.
. "$(dirname "$0")/../cli/lib.sh"
LIB=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
TECH="$ROOT/benchmarks/tech/osu018.tech"
if [ ! -f "$LIB" ] || ! command -v yosys >/dev/null || ! command -v sta >/dev/null; then
    notok "signoff: needs yosys, sta and $LIB (make deps)"
    exit 0
fi
printf 'src,dst,bandwidth_mbps\nA,B,64\nB,C,64\nC,A,32\n' >"$TMP/tiny.csv"
run "synth the tiny app under osu018.tech" 0 "$NOCSYN" synth "$TMP/tiny.csv" --freq 100:500:50 \
    --tech "$TECH" -o "$TMP/d"
# 3 cores, radix 3 closes above 300 MHz at 32 bits (osu018.tech): one
# router, and the cheapest clock of the grid that carries 64 MB/s, 100 MHz.
has "chosen: one router at 100 MHz, 32 bits" "$TMP/out" '^chosen: split_k1_f100_w32 '
D="$TMP/d/split_k1_f100_w32"
run "signoff runs" 0 env KEEP="$TMP/so" NOCSYN="$NOCSYN" sh "$ROOT/benchmarks/tech/signoff.sh" "$D.dot" "$LIB"
cp "$TMP/out" "$TMP/so.out"
has "signoff at the design's clock (freq_mhz 100 of D.json), met" "$TMP/so.out" '^sign-off of split_k1_f100_w32 at 100 MHz on .*(OpenSTA: met)$'
STA="$TMP/so/rtl/sta.txt"
# sec NAME: one section of sta.txt (signoff.sh marks them nocsyn-NAME).
sec() { awk -v s="nocsyn-$1" '/^nocsyn-/ { on = ($0 == s); next } on' "$2"; }
sec nowire "$STA" >"$TMP/nowire.txt"; sec wire "$STA" >"$TMP/wire.txt"
val() { sed -n "s|^$1  *\\(-*[0-9.]*\\) .*|\\1|p" "$TMP/so.out"; }

# Worst slack = 10000 ps - (arrival + setup), read from report_checks' text.
awk -v w="$(val 'worst slack ps')" '
    /data arrival time/ && !a { a = $1 }
    /library setup time/ && !s { s = -$1 }
    END { d = 10000 - a - s - w; if (d < 0) d = -d
          if (a > 0 && s > 0 && w > 0 && d < 0.2) exit 0; print "arrival " a " setup " s " slack " w; exit 1 }' "$TMP/wire.txt" \
    && ok "worst slack = period - (arrival + setup) from STA's report (with the wires)" || notok "worst slack"

# The characterized radix-3, 32-bit design (charz.h, noc_charz_design with
# the default --links max: r0 with terminal t0 and links to r1 and r2, each
# with one terminal, t1 and t2, in that order), written by
# hand with positions for the wires; its D.json only gives the clock (area
# and power are placeholders printed beside the sign-off's).  Without the
# wires its worst path ends in r0 and, path + setup, equals 1 / fmax_mhz.3
# of osu018.tech within 1 ps.
cat >"$TMP/ctx3.dot" <<'EOF'
digraph "ctx3" {
  graph [link_width=32, freq_mhz=100];
  "r0" [kind="router", x=1, y=1];
  "r1" [kind="router", x=2, y=1];
  "r2" [kind="router", x=0, y=1];
  "t0" [kind="terminal", x=1, y=2, w=1, h=1];
  "t1" [kind="terminal", x=3, y=1, w=1, h=1];
  "t2" [kind="terminal", x=0, y=0, w=1, h=1];
  "r0" -> "t0" [dir=both];
  "r1" -> "t1" [dir=both];
  "r2" -> "t2" [dir=both];
  "r0" -> "r1" [dir=both];
  "r0" -> "r2" [dir=both];
}
EOF
echo '{"topology": "ctx3", "freq_mhz": 100, "area_mm2": 1, "power_mw": 1}' >"$TMP/ctx3.json"
run "signoff of the characterized radix-3 design" 0 env KEEP="$TMP/so3" NOCSYN="$NOCSYN" \
    sh "$ROOT/benchmarks/tech/signoff.sh" "$TMP/ctx3.dot" "$LIB"
sec nowire "$TMP/so3/rtl/sta.txt" >"$TMP/nowire3.txt"
has "characterized radix-3 design: the worst path ends in r0" "$TMP/nowire3.txt" '^Endpoint: r0/'
f3=$(sed -n 's/^fmax_mhz\.3 = //p' "$TECH")
awk -v f="$f3" '
    /data arrival time/ && !a { a = $1 }
    /library setup time/ && !s { s = -$1 }
    END { d = a + s - 1e6 / f; if (d < 0) d = -d
          if (a > 0 && d < 1) exit 0; print "path " a + s " ps, 1/fmax " 1e6 / f " ps"; exit 1 }' "$TMP/nowire3.txt" \
    && ok "its critical path + setup = 1 / fmax_mhz.3 of osu018.tech within 1 ps" || notok "sign-off vs characterization"

# Area: tests/tools/netlist_area.py (net.v x Liberty areas) and Yosys' own
# stat -liberty agree, and the table shows it (to 0.1 um^2 -> 1e-4 mm2).
a=$(python3 "$ROOT/tests/tools/netlist_area.py" "$LIB" "$TMP/so/rtl/net.v" nocsyn_top)
y=$(sed -n "s/.*Chip area for top module '.nocsyn_top': //p" "$TMP/so/rtl/stat.txt" | tail -1)
python3 -c "import sys; a,y,t=map(float,sys.argv[1:]); sys.exit(0 if a > 0 and abs(a-y) <= 1e-6*y and abs(a*1e-6-t) <= 1e-4 else 1)" \
    "$a" "$y" "$(val 'area mm2 (routers + links)')" \
    && ok "area = netlist x Liberty = Yosys stat ($a um^2) = table" || notok "area" "netlist $a, yosys $y"
# Issue 25's goals for the chosen design: area within 10% of D.json, power
# at activity 0.1 within 20% of D.json's (app loads).
json "area within 10% and power (activity 0.1) within 20% of D.json" "$D.json" "
a = float('$(val 'area mm2 (routers + links)')'); p = float('$(val 'power mW, activity 0.1 / app loads')')
assert a > 0 and abs(a - d['area_mm2']) <= 0.10 * d['area_mm2'], (a, d['area_mm2'])
assert p > 0 and abs(p - d['power_mw']) <= 0.20 * d['power_mw'], (p, d['power_mw'])"

# Bad input: a DOT without its JSON gives exit 2 and one line.
cp "$D.dot" "$TMP/lone.dot"
env NOCSYN="$NOCSYN" sh "$ROOT/benchmarks/tech/signoff.sh" "$TMP/lone.dot" "$LIB" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -q 'lone.json not found' "$TMP/err" \
    && ok "DOT without JSON: exit 2, one line" || notok "DOT without JSON" "exit $rc: $(cat "$TMP/err")"

# An error line in OpenSTA's report (it exits 0 after a command error):
# exit 2 and one line, rather than a table from a partial report
# (REUSE=2 reads the kept report again without rerunning the tools).
cp -r "$TMP/so" "$TMP/so2"
echo "Error: sta.tcl, 10 made-up error." >>"$TMP/so2/rtl/sta.txt"
env KEEP="$TMP/so2" REUSE=2 NOCSYN="$NOCSYN" sh "$ROOT/benchmarks/tech/signoff.sh" "$D.dot" "$LIB" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -q 'sta reported an error' "$TMP/err" && [ ! -s "$TMP/out" ] \
    && ok "STA error line: exit 2, one line, no table" || notok "STA error line" "exit $rc: $(cat "$TMP/err")"

# A SPEF net or pin OpenSTA cannot find (it only warns), and a link net
# whose annotated wire is not the one written: exit 2, one line, no table.
cp -r "$TMP/so" "$TMP/so3"
echo "Warning: links.spef, line 17 net c9_rf[0] not found." >>"$TMP/so3/rtl/sta.txt"
env KEEP="$TMP/so3" REUSE=2 NOCSYN="$NOCSYN" sh "$ROOT/benchmarks/tech/signoff.sh" "$D.dot" "$LIB" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -q 'did not find a link net' "$TMP/err" && [ ! -s "$TMP/out" ] \
    && ok "SPEF net unknown to OpenSTA: exit 2, one line, no table" || notok "SPEF unknown net" "exit $rc: $(cat "$TMP/err")"
cp -r "$TMP/so" "$TMP/so4"
awk '/^nocsyn-check / && !done { $NF = $NF + 1; done = 1 } 1' "$TMP/so/rtl/sta.txt" >"$TMP/so4/rtl/sta.txt"
env KEEP="$TMP/so4" REUSE=2 NOCSYN="$NOCSYN" sh "$ROOT/benchmarks/tech/signoff.sh" "$D.dot" "$LIB" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -q 'lack their wire' "$TMP/err" && [ ! -s "$TMP/out" ] \
    && ok "a link net without its wire in OpenSTA: exit 2, one line" || notok "unannotated net" "exit $rc: $(cat "$TMP/err")"

# --- Wires from the layout: two cores 40 mm apart at 300 MHz ---------------
# A -> B and back; the floorplan puts B 40 mm right of A, --switches 2 gives
# one router per core, so the link sw0 -> sw1 is 40 mm of horizontal wire
# (read below from the DEF itself), and the model's 100 ps/mm puts one
# pipeline register on it at 300 MHz (ceil(4000 / 3333.3) - 1 = 1).
printf 'src,dst,bandwidth_mbps\nA,B,64\nB,A,64\n' >"$TMP/two.csv"
printf 'core,x_mm,y_mm,w_mm,h_mm\nA,0,0,1,1\nB,40,0,1,1\n' >"$TMP/fp40.csv"
run "synth two cores 40 mm apart at 300 MHz" 0 "$NOCSYN" synth "$TMP/two.csv" --floorplan "$TMP/fp40.csv" \
    --switches 2 --freq 300 --tech "$TECH" -o "$TMP/l"
L="$TMP/l/split_k2"
run "signoff of the 40 mm link, unrepeated (REPEAT=0)" 0 env KEEP="$TMP/sl" REPEAT=0 NOCSYN="$NOCSYN" sh "$ROOT/benchmarks/tech/signoff.sh" "$L.dot" "$LIB"
cp "$TMP/out" "$TMP/sl.out"
R="$TMP/sl/rtl"
grep -q '^    // channel 0: sw0 -> sw1, 2 cycles$' "$R/nocsyn_top.sv" && grep -q 'STAGES(1), .CSTAGES(2)) l0 (' "$R/nocsyn_top.sv" \
    && ok "channel 0 is sw0 -> sw1 with 1 flit and 2 credit registers" || notok "channel 0" "$(grep -A3 'channel 0:' "$R/nocsyn_top.sv")"
# R and C of every segment of channel 0 from the DEF's coordinates and the
# LEF's metal5 by hand: osu018_stdcells.lef lines 117-121 (metal5: WIDTH
# 0.3, RPERSQ 0.07, CPERSQDIST 8e-06 pF/um^2, EDGECAPACITANCE 2.4e-05
# pF/um): r = 0.07 / 0.3 ohm/um, c = (8e-06 x 0.3 + 2 x 2.4e-05) pF/um =
# 0.0504 fF/um.  The flit chain's segments (driver r0 -> the register in l0,
# the register -> r1) are half the link, the credit chain's thirds.
python3 - "$L.def" "$L.lef" "$R/links.spef" <<'PY' && ok "SPEF R and C of channel 0 = DEF length x LEF metal5 by hand" || notok "SPEF R and C"
import re, sys
d, lef, spef = (open(f).read() for f in sys.argv[1:])
unit = float(re.search(r"UNITS DISTANCE MICRONS (\d+)", d).group(1))
size = {m.group(1): (float(m.group(2)), float(m.group(3)))
        for m in re.finditer(r"MACRO (\S+).*?SIZE ([\d.]+) BY ([\d.]+)", lef, re.S)}
cen = {}
for m in re.finditer(r"- (\S+) (\S+) \+ (?:PLACED|FIXED) \( (-?\d+) (-?\d+) \)", d):
    w, h = size[m.group(2)]
    cen[m.group(1)] = (int(m.group(3)) / unit + w / 2, int(m.group(4)) / unit + h / 2)
dx, dy = abs(cen["sw1"][0] - cen["sw0"][0]), abs(cen["sw1"][1] - cen["sw0"][1])
assert abs(dx - 40000) < 1e-6 and dy < 1e-6, (dx, dy)
# the DEF's flit register sits halfway (its centre, as signoff.py assumes)
reg = cen["sw0__sw1_reg1"]
assert abs(reg[0] - (cen["sw0"][0] + cen["sw1"][0]) / 2) < 1e-3 and abs(reg[1] - cen["sw0"][1]) < 1e-3, reg
r_um, c_um = 0.07 / 0.3, (8e-06 * 0.3 + 2 * 2.4e-05) * 1000
nets = re.findall(r"\*D_NET (\S+) \S+\n\*CONN\n\*I (\S+) O\n(.*?)\*CAP\n(.*?)\*RES\n(.*?)\*END", spef, re.S)
flit = cred = 0
seen = set()
for name, drv, conn, cap, res in nets:
    if drv in seen:
        continue  # one D_NET per OpenSTA name of a net (signoff.py)
    seen.add(drv)
    loads = re.findall(r"\*I (\S+) I", conn)
    far = [p for p in loads if drv.startswith("l0/") or not p.startswith(drv.split("/")[0] + "/")]
    C = sum(float(l.split()[2]) for l in cap.strip().splitlines())
    R = sum(float(l.split()[3]) for l in res.strip().splitlines())
    if drv.startswith("r0/") and far and all(p.startswith("l0/") for p in far) or drv.startswith("l0/") and far and all(p.startswith("r1/") for p in far):
        L = dx / 2  # a flit segment
        flit += 1
    elif drv.startswith("r1/") and far and all(p.startswith("l0/") for p in far) or drv.startswith("l0/") and far and all(p.startswith("r0/") for p in far) \
            or drv.startswith("l0/") and far and all(p.startswith("l0/") for p in far):
        L = dx / 3  # a credit segment
        cred += 1
    else:
        continue
    assert abs(R - L * r_um) < 1e-3 and abs(C - L * c_um) < 1e-3, (name, R, L * r_um, C, L * c_um)
# 38 flit bits (valid, 1 VC bit, 36-bit flit) x 2 segments; credit valid + VC x 3
assert flit == 76 and cred == 6, (flit, cred)
PY
# The wire's own delay on the worst link path (the register in l0 -> r1
# over 20 mm) is its Elmore delay R (C/2 + C_pins) (a uniform RC line with
# its loads at the far end: Rubinstein, Penfield & Horowitz, IEEE TCAD 2(3),
# 1983), which is what OpenSTA's default delay calculator (dmp_ceff_elmore)
# gives a wire: within 2%.  C_pins = the driver row's load (Cap, pF) - C.
sec wire-link "$R/sta.txt" >"$TMP/wl.txt"
awk -v r="$(python3 -c 'print(20000 * 0.07 / 0.3)')" -v c="$(python3 -c 'print(20000 * (8e-06 * 0.3 + 2 * 2.4e-05))')" '
    /\/Q \(DFF/ && !q { q = 1; cap = $1; getline; wire = $1 }
    END { el = r * (c / 2 + (cap - c)); d = wire - el; if (d < 0) d = -d
          if (q && cap > c && d <= 0.02 * el) exit 0; print "wire " wire " ps, Elmore " el " ps (load " cap " pF)"; exit 1 }' "$TMP/wl.txt" \
    && ok "20 mm wire delay on the worst link path = Elmore R (C/2 + C_pins) within 2%" || notok "Elmore" "$(head -14 "$TMP/wl.txt" | tail -4)"
val2() { sed -n "s|^$1  *\\(-*[0-9.]*\\) .*|\\1|p" "$TMP/sl.out"; }
# The link path slows by at least R C / 2 = 4666.7 ohm x 504 fF = 2352 ps
# (the wire alone; its driver slows too), the router paths keep their
# slack, and at 300 MHz the unrepeated 20 mm segment misses the clock.
python3 - "$(val2 'worst link path slack ps')" "$(val2 '  no wire')" "$(val2 'worst router path slack ps')" "$(val2 'worst slack ps, no wire')" <<'PY' \
    && ok "link path: slack drops by >= R C / 2, violated; router paths unchanged" || notok "link vs router slack" "$*"
import sys
w, n, r, n0 = map(float, sys.argv[1:])
assert w < 0 < r and n - w >= 4666.67 * 1.008 / 2, (w, n, r)
assert abs(r - n0) < 0.2 or n0 < r, (r, n0)
PY
has "VIOLATED at 300 MHz with the wire" "$TMP/sl.out" '^sign-off of split_k2 at 300 MHz on .*(OpenSTA: VIOLATED)$'
has "link wire 40 mm, as D.json's wire_length_mm" "$TMP/sl.out" '^link wire mm (each link once)  *40\.000  *40\.000$'
has "2 link registers in the RTL, 2 in links.csv, 0 channels differ" "$TMP/sl.out" '^link pipeline registers (RTL)  *2  *2$'
has "RTL registers = links.csv per channel" "$TMP/sl.out" '^  channels RTL != links.csv  *0 '
# Repeaters: BUFX4 (osu018_stdcells.lib lines 1090-1140: input cap 0.0139855
# pF, cell_rise/cell_fall at the smallest input transition rising
# 0.219765 -> 0.352268 ns and falling 0.220463 -> 0.34088 ns between 0.3 and
# 0.6 pF): drive Rb = (441.68 + 401.39) / 2 = 421.53 ohm, intrinsic t0 =
# the delay at 0.6 pF - Rb x 0.6 pF, averaged; l_opt = sqrt(2 (t0 + Rb Cb) /
# (r c)) on metal5: the 20 mm segments need repeaters (Bakoglu & Meindl 1985).
python3 - "$(sed -n 's/^repeater BUFX4: l_opt mm, ps\/mm  *\([0-9.]*\) .*/\1/p' "$TMP/sl.out")" <<'PY' \
    && ok "repeater spacing l_opt from BUFX4's Liberty table and the LEF by hand" || notok "l_opt"
import math, sys
rb = ((0.352268 - 0.219765) / 0.3 + (0.34088 - 0.220463) / 0.3) / 2 * 1000
t0 = ((0.352268 - rb / 1000 * 0.6) + (0.34088 - rb / 1000 * 0.6)) / 2 * 1000
r, c = 0.07 / 0.3, (8e-06 * 0.3 + 2 * 2.4e-05) * 1000
l = math.sqrt(2 * (t0 + rb * 13.9855e-3) / (r * c * 1e-3)) / 1000
assert abs(float(sys.argv[1]) - l) < 0.0015 and l < 20, (sys.argv[1], l)
PY
# 76 flit segments of 20 mm and 6 credit segments of 13.3 mm per direction
# are longer than l_opt; none is repeated under REPEAT=0.
has "link segments longer than l_opt: 2 x (76 + 6)" "$TMP/sl.out" '^  link segments > l_opt  *164 '
has "REPEAT=0 inserts no repeater" "$TMP/sl.out" '^  repeaters inserted  *0 '
# Power: at activity 0 no net toggles, so the wire adds nothing; at 0.1 it
# adds the wire's switching power 0.5 C V^2 x (0.1 x 300 MHz) summed over
# links.spef (V = 1.8, nom_voltage of the Liberty), within 20% (the loads'
# internal power also moves with the slower slews).
python3 - "$R/links.spef" "$(val2 'power mW, activity 0 (clock+leak)')" "$(val2 '  no wire, activity 0')" \
    "$(val2 'power mW, activity 0.1 / app loads')" "$(val2 '  no wire, activity 0.1')" <<'PY' \
    && ok "wire power: 0 at activity 0, 0.5 C V^2 a f at 0.1 (within 20%)" || notok "wire power"
import re, sys
spef = open(sys.argv[1]).read()
# one D_NET per OpenSTA name of a net (signoff.py): count each driver once
nets = {m.group(1): m.group(2) for m in re.finditer(r"\*CONN\n\*[IP] (\S+) [IO]\n.*?\*CAP\n(.*?)\*RES", spef, re.S)}
C = sum(float(l.split()[2]) for v in nets.values() for l in v.strip().splitlines()) * 1e-15
p0, q0, pa, qa = map(float, sys.argv[2:])
want = 0.5 * C * 1.8 ** 2 * 0.1 * 300e6 * 1e3
assert abs(p0 - q0) < 0.01 and abs((pa - qa) - want) <= 0.2 * want, (p0, q0, pa - qa, want)
PY

# The repeater fix (the default): the same netlist (REUSE=1), each segment
# longer than l_opt cut into ceil(L / l_opt) pieces by BUFX4s: a 20 mm flit
# segment gets 4, a 13.3 mm credit segment 3, so 2 x (76 x 4 + 6 x 3) = 644
# (l_opt = 4.115 mm, checked above).  The link path gains at least what
# the wire alone loses, R C / 2 - 20 mm x 72.9 ps/mm (the repeated wire's
# delay per mm at l_opt, from the same numbers) = 2352 - 1458 = 894 ps.
run "signoff of the 40 mm link with repeaters" 0 env KEEP="$TMP/sl" REUSE=1 NOCSYN="$NOCSYN" sh "$ROOT/benchmarks/tech/signoff.sh" "$L.dot" "$LIB"
cp "$TMP/out" "$TMP/sr.out"
has "644 repeaters inserted" "$TMP/sr.out" '^  repeaters inserted  *644 '
has "their area, 644 x BUFX4's 32 um^2" "$TMP/sr.out" '^    of which repeaters mm2  *0\.0206 '
python3 - "$(val2 'worst link path slack ps')" "$(sed -n 's|^worst link path slack ps  *\(-*[0-9.]*\) .*|\1|p' "$TMP/sr.out")" <<'PY' \
    && ok "repeaters recover >= 894 ps of the link path" || notok "repeater gain"
import sys
u, r = map(float, sys.argv[1:])
assert r - u >= 894, (u, r)
PY
grep -q '^  make_instance nocsyn_rep' "$TMP/sl/rtl/wire.tcl" && ! grep -q '^Warning' "$TMP/sl/rtl/sta.txt" \
    && ok "repeaters are BUFX4 instances OpenSTA added, no warning" || notok "repeater instances"
