#!/bin/sh
# nocsyn characterize (issue 25), the fast part (the characterization run
# itself is tests/cli/test_characterize_run.sh): missing tools; a
# hand-made netlist of three cells against the Liberty file read by hand;
# the shipped benchmarks/tech/osu018.tech read by the tech model.
. "$(dirname "$0")/lib.sh"
LIB=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
if [ ! -f "$LIB" ] || ! command -v sta >/dev/null; then
    notok "characterize: needs sta and $LIB (make deps)"
    exit 0
fi

mkdir -p "$TMP/bin"
ln -s "$(command -v yosys || echo /bin/true)" "$TMP/bin/yosys"
# Missing tools, bad library: one line, exit 2, nothing written.
bad "missing yosys: exit 2" "$NOCSYN" characterize --liberty "$LIB" --radix 2 --link-width 16 \
    --yosys "$TMP/none/yosys" --cache "$TMP/cache" -o "$TMP/m.tech"
has "missing yosys named" "$TMP/err" 'yosys not found'
absent "missing yosys: no file" "$TMP/m.tech"
bad "missing sta: exit 2" env PATH="$TMP/bin" "$NOCSYN" characterize --liberty "$LIB" --radix 2 \
    --link-width 16 --cache "$TMP/cache" -o "$TMP/m.tech"
has "missing sta named" "$TMP/err" 'sta (OpenSTA) not found'
printf 'library (x) {\n  cell (A) {\n    area : 1;\n' >"$TMP/broken.lib"
bad "truncated Liberty: exit 2" "$NOCSYN" characterize --liberty "$TMP/broken.lib" --radix 2 --cache "$TMP/cache" \
    -o "$TMP/m.tech"
has "truncated Liberty: names the file" "$TMP/err" 'broken.lib:'
bad "bad radix list" "$NOCSYN" characterize --liberty "$LIB" --radix 2,,3 -o "$TMP/m.tech"
bad "--links 0: exit 2" "$NOCSYN" characterize --liberty "$LIB" --links 0 --cache "$TMP/cache" -o "$TMP/m.tech"
has "--links 0: says the range" "$TMP/err" "links '0': a number of link ports in 1..63, or max"
bad "--links maxi: exit 2" "$NOCSYN" characterize --liberty "$LIB" --links maxi --cache "$TMP/cache" -o "$TMP/m.tech"
absent "--links 0: no file" "$TMP/m.tech"
# The flow's files (--flow): ABC is told every register output is driven by
# the smallest inverter.  By hand from the Liberty file: INVX1 and INVX2
# have area 16, the least of the inverters (function "(!A)"; INVX4 24,
# INVX8 40), INVX1 first in the file; its pin A capacitance 0.00932456 in
# capacitive_load_unit (1,pf): 9.32456 fF.
mkdir -p "$TMP/flow"
run "--flow writes the flow" 0 "$NOCSYN" characterize --liberty "$LIB" --flow "$TMP/flow"
has "constr.txt: driven by INVX1" "$TMP/flow/constr.txt" '^set_driving_cell INVX1$'
has "constr.txt: loaded by 9.32456 fF" "$TMP/flow/constr.txt" '^set_load 9.32456$'
has "synth.ys: abc reads constr.txt" "$TMP/flow/synth.ys" '^abc -D 1000 -constr constr.txt -liberty '
bad "--flow into a missing directory: exit 2" "$NOCSYN" characterize --liberty "$LIB" --flow "$TMP/none/x"
bad "--flow with -o: exit 2" "$NOCSYN" characterize --liberty "$LIB" --flow "$TMP/flow" -o "$TMP/f.tech"
absent "--flow with -o: no tech file" "$TMP/f.tech"

# A hand-made netlist of three cells: DFFPOSX1 -> INVX1 -> DFFPOSX1.
# Read by hand from osu018_stdcells.lib: line 1632 'area : 96;' and line
# 1633 'cell_leakage_power : 0.160725;' (DFFPOSX1), line 2945 'area : 16;'
# and 2946 'cell_leakage_power : 0.0221741;' (INVX1), leakage_power_unit
# "1nW" (line 18): area 2 x 96 + 16 = 208, leakage 2 x 0.160725 + 0.0221741
# = 0.3436241 nW.
cat >"$TMP/three.v" <<'EOF'
module three (clk, d, q);
  input clk; input d; output q;
  wire a, b;
  DFFPOSX1 f1 (.CLK(clk), .D(d), .Q(a));
  INVX1 i1 (.A(a), .Y(b));
  DFFPOSX1 f2 (.CLK(clk), .D(b), .Q(q));
endmodule
EOF
a3=$(python3 "$ROOT/tests/tools/netlist_area.py" "$LIB" "$TMP/three.v" three)
[ "$a3" = "208.000000" ] && ok "three cells: area 208 as read by hand" || notok "three cells area" "$a3"
cat >"$TMP/three.tcl" <<EOF
read_liberty $LIB
read_verilog $TMP/three.v
link_design three
set_cmd_units -time ps
create_clock -name clk -period 10000 [get_ports clk]
report_checks -path_delay max -from [all_registers -clock_pins] -to [all_registers -data_pins] -digits 3
puts nocsyn-power-0
set_power_activity -global -activity 0
set_power_activity -input -activity 0
report_power -digits 9
puts nocsyn-power-a
set_power_activity -global -activity 0.1
set_power_activity -input -activity 0.1
report_power -digits 9
exit
EOF
sta -no_init -no_splash "$TMP/three.tcl" >"$TMP/three.txt" 2>&1
lk3=$(awk '/nocsyn-power-0/ { on = 1 } on && /^Total/ { print $4; exit }' "$TMP/three.txt")
python3 -c "import sys; sys.exit(0 if abs(float(sys.argv[1]) - 0.3436241e-9) < 1e-15 else 1)" "$lk3" \
    && ok "three cells: STA leakage = 0.3436241 nW as read by hand" || notok "three cells leakage" "$lk3"
has "three cells: the path starts at f1" "$TMP/three.txt" '^Startpoint: f1 '
has "three cells: and ends at f2" "$TMP/three.txt" '^Endpoint: f2 '

# The shipped characterization: read by the model, synth uses it.  Every
# expected value below is read from the file itself (its key = value lines),
# never from nocsyn's output; the file lists radices 2..RMAX.
T="$ROOT/benchmarks/tech/osu018.tech"
rmax=$(sed -n 's/^fmax_mhz\.\([0-9]*\) = .*/\1/p' "$T" | sort -n | tail -1)
run "shipped osu018.tech: tech reads it" 0 "$NOCSYN" tech --tech "$T" --radix 2:$((rmax + 1)) --format json
json "shipped: fmax falls with radix up to $rmax, radix $((rmax + 1)) not available, areas from the table" "$TMP/out" "
r = {x['radix']: x for x in d['radix']}
assert all(r[k]['fmax_mhz'] >= r[k+1]['fmax_mhz'] > 0 for k in range(2, $rmax)), r
assert r[$rmax + 1]['fmax_mhz'] == 0
assert r[4]['area_mm2'] == float([l.split('=')[1] for l in open('$T') if l.startswith('area_mm2.4 ')][0])"
has "shipped: the header says the route table has R destinations (one per terminal)" "$T" \
    '^#   .*route table has R destinations'
run "synth with the shipped file (no Yosys)" 0 env PATH=/usr/bin/nonexistent "$NOCSYN" synth "$APPS/vopd.csv" \
    --tech "$T" --freq 100:200:50 --link-width 64 -o "$TMP/v18"
has "synth osu018: a chosen design" "$TMP/out" '^split_k[0-9]*_f[12][05]0_w64 .*chosen'
# The 64-bit table: a radix-4 router at 64 bits takes fmax_mhz.4.w64, not
# the 32-bit fmax_mhz.4 (both read from the file, not from nocsyn; they differ).
f32=$(sed -n 's/^fmax_mhz\.4 = //p' "$T"); f64=$(sed -n 's/^fmax_mhz\.4\.w64 = //p' "$T")
run "shipped: tech at 64 bits" 0 "$NOCSYN" tech --tech "$T" --radix 4:4 --width 64 --format json
json "shipped: radix 4 at 64 bits = fmax_mhz.4.w64 ($f64), not the 32-bit $f32" "$TMP/out" "
r = d['radix'][0]
assert float('$f64') != float('$f32') and abs(r['fmax_mhz'] - float('$f64')) < 1e-9, r"
# Every design synth offers closes its clock by the file's own 64-bit table:
# its largest router's fmax_mhz.R.w64 (running minimum over R' <= R, tech.h:
# a larger router is never faster) is at least its freq_mhz.
python3 -c "
import json,glob,sys
t={}
for l in open('$T'):
    k=l.split('=')[0].strip().split('.')
    if len(k)==3 and k[0]=='fmax_mhz' and k[2]=='w64': t[int(k[1])]=float(l.split('=')[1])
c=[json.load(open(f)) for f in glob.glob('$TMP/v18/*.json')]
c=[d for d in c if 'freq_mhz' in d]
sys.exit(0 if c and t and all(min(t[r] for r in t if r<=d['radix']['max']) >= d['freq_mhz'] for d in c) else 1)" \
    && ok "synth osu018: every design's largest router meets its clock by fmax_mhz.R.w64 of the file" \
    || notok "synth osu018: a design above its routers' 64-bit fmax"
