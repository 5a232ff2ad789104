#!/bin/sh
# Sign-off of one design (issue 25, item 3; a first cut, see README): the
# RTL `nocsyn rtl` emits for DESIGN.dot (routers with their tables, links
# with the pipeline registers of the design's clock), synthesized by the
# same Yosys script as `nocsyn characterize` onto LIBERTY (written by
# `nocsyn characterize --flow`), timed by OpenSTA
# at the design's clock (freq_mhz of DESIGN.json); prints WNS/TNS, the cell
# area of the routers and of the links, and the power (clock + leakage at
# activity 0, and at ACTIVITY on every net) beside DESIGN.json's numbers.
#   sh benchmarks/tech/signoff.sh DESIGN.dot [LIBERTY] [ACTIVITY]
#   make signoff DESIGN=out/v18/split_k5_f150_w64.dot
# Work files in a temporary directory (KEEP=DIR keeps them there instead;
# KEEP=DIR REUSE=1 reuses a previous run's netlist and STA report there).
set -eu
D=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
J=${D%.dot}.json
LIB=${2:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
ACT=${3:-0.1}
NOCSYN=${NOCSYN:-build/nocsyn}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
LIB=$(cd "$(dirname "$LIB")" && pwd)/$(basename "$LIB")
if [ -n "${KEEP:-}" ]; then W=$KEEP; mkdir -p "$W"; else W=$(mktemp -d); trap 'rm -rf "$W"' EXIT; fi
[ -f "$J" ] || { echo "signoff: $J not found (the design's JSON beside its DOT)" >&2; exit 2; }
freq=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['freq_mhz'])" "$J")
if [ "${REUSE:-0}" = 1 ] && [ -s "$W/rtl/sta.txt" ]; then cd "$W/rtl"; else
case "$NOCSYN" in */*) NOCSYN=$(cd "$(dirname "$NOCSYN")" && pwd)/$(basename "$NOCSYN") ;; esac
"$NOCSYN" rtl "$D" -o "$W/rtl" >"$W/rtl.log"
cd "$W/rtl"
"$NOCSYN" characterize --liberty "$LIB" --flow .
yosys -q -s synth.ys >yosys.log 2>&1 || { echo "signoff: yosys failed, see $W/rtl/yosys.log" >&2; exit 2; }
period=$(python3 -c "print(1e6 / float('$freq'))")
cat >sta.tcl <<T
read_liberty $LIB
read_verilog net.v
link_design nocsyn_top
set_cmd_units -time ps
create_clock -name clk -period $period [get_ports clk]
set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk]]
set_output_delay 0 -clock clk [all_outputs]
report_checks -path_delay max -digits 3
report_wns -digits 3
report_tns -digits 3
puts nocsyn-power-0
set_power_activity -global -activity 0
set_power_activity -input -activity 0
report_power -digits 9
puts nocsyn-power-a
set_power_activity -global -activity $ACT
set_power_activity -input -activity $ACT
report_power -digits 9
exit
T
sta -no_init -no_splash sta.tcl >sta.txt 2>&1 || { echo "signoff: sta failed, see $W/rtl/sta.txt" >&2; exit 2; }
fi
# OpenSTA exits 0 after a command error (a Tcl error in the script, an
# unknown cell): its report would then lack the numbers read below.
if grep -q '^Error' sta.txt; then echo "signoff: sta reported an error, see $W/rtl/sta.txt" >&2; exit 2; fi
python3 - "$ROOT/tests/tools" "$LIB" "$J" "$freq" "$ACT" <<'PY'
import json, re, sys
sys.path.insert(0, sys.argv[1])
import netlist_area as na
lib = na.liberty_areas(sys.argv[2])
mods = na.modules("net.v")
memo = {}
total = na.area("nocsyn_top", mods, lib, memo)
routers = sum(n * na.area(t, mods, lib, memo) for t, n in mods["nocsyn_top"].items() if "nocsyn_router" in t)
sta = open("sta.txt").read()
wns = float(re.search(r"^wns\s+(-?[\d.]+)", sta, re.M).group(1))
tns = float(re.search(r"^tns\s+(-?[\d.]+)", sta, re.M).group(1))
ws = re.search(r"^\s*(-?[\d.]+)\s+slack \((?:MET|VIOLATED)\)", sta, re.M)  # report_checks' worst path
def total_w(tag):
    part = sta[sta.index(tag):]
    return [float(x) for x in re.search(r"^Total\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", part, re.M).groups()]
p0, pa = total_w("nocsyn-power-0"), total_w("nocsyn-power-a")
d = json.load(open(sys.argv[3]))
print("sign-off of %s at %s MHz on %s (OpenSTA: %s)" % (d["topology"], sys.argv[4], sys.argv[2], "met" if wns >= 0 else "VIOLATED"))
print("%-34s %14s %14s" % ("", "signed off", "D.json"))
print("%-34s %14.1f %14s" % ("WNS ps", wns, "-"))
print("%-34s %14.1f %14s" % ("TNS ps", tns, "-"))
if ws:  # OpenSTA's wns is min(0, worst slack); the slack itself shows the margin
    print("%-34s %14.1f %14s" % ("worst slack ps", float(ws.group(1)), "-"))
print("%-34s %14.4f %14.4f" % ("area mm2 (routers + links)", total * 1e-6, d["area_mm2"]))
print("%-34s %14.4f %14s" % ("  routers mm2", routers * 1e-6, "-"))
print("%-34s %14.4f %14s" % ("  links mm2", (total - routers) * 1e-6, "-"))
print("%-34s %14.3f %14s" % ("power mW, activity 0 (clock+leak)", p0[3] * 1e3, "-"))
print("%-34s %14.3f %14.3f" % ("power mW, activity %s / app loads" % sys.argv[5], pa[3] * 1e3, d["power_mw"]))
PY
