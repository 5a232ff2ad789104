#!/bin/sh
# Sign-off of one design (issue 25, item 3; docs/hardware.md): the
# RTL `nocsyn rtl` emits for DESIGN.dot (routers with their tables, links
# with the pipeline registers of the design's clock), synthesized by the
# same Yosys script as `nocsyn characterize` onto LIBERTY (written by
# `nocsyn characterize --flow`), timed by OpenSTA
# at the design's clock (freq_mhz of DESIGN.json) with the link wires of
# the design's layout (DESIGN.dot positions, R and C of the LEF's top metals,
# one SPEF net per segment between link registers: benchmarks/tech/signoff.py);
# prints WNS/TNS with and without the wires, the worst link and router
# paths, the cell area of the routers and of the links, the power (clock +
# leakage at activity 0, and at ACTIVITY on every net) with and without the
# wires, wire length, link registers and a repeater estimate beside
# DESIGN.json's numbers.
#   sh benchmarks/tech/signoff.sh DESIGN.dot [LIBERTY] [ACTIVITY]
#   make signoff DESIGN=out/v18/split_k5_f150_w64.dot
# LEF=FILE: the library's LEF (default LIBERTY with .lef for .lib).
# Work files in a temporary directory (KEEP=DIR keeps them there instead;
# KEEP=DIR REUSE=1 reuses a previous run's netlist there and reruns OpenSTA,
# REUSE=2 also its reports; REPEAT=0 leaves long link wires unrepeated).
set -eu
D=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
J=${D%.dot}.json
LIB=${2:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
ACT=${3:-0.1}
NOCSYN=${NOCSYN:-build/nocsyn}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
LIB=$(cd "$(dirname "$LIB")" && pwd)/$(basename "$LIB")
LEF=${LEF:-${LIB%.lib}.lef}
PY=$ROOT/benchmarks/tech/signoff.py
[ -f "$LEF" ] || { echo "signoff: $LEF not found (the library's LEF, for the wires' R and C; LEF=FILE)" >&2; exit 2; }
if [ -n "${KEEP:-}" ]; then W=$KEEP; mkdir -p "$W"; else W=$(mktemp -d); trap 'rm -rf "$W"' EXIT; fi
[ -f "$J" ] || { echo "signoff: $J not found (the design's JSON beside its DOT)" >&2; exit 2; }
freq=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['freq_mhz'])" "$J")
if [ "${REUSE:-0}" != 0 ] && [ -s "$W/rtl/net.v" ]; then cd "$W/rtl"; else
case "$NOCSYN" in */*) NOCSYN=$(cd "$(dirname "$NOCSYN")" && pwd)/$(basename "$NOCSYN") ;; esac
"$NOCSYN" rtl "$D" -o "$W/rtl" >"$W/rtl.log"
cd "$W/rtl"
"$NOCSYN" characterize --liberty "$LIB" --flow .
yosys -q -s synth.ys >yosys.log 2>&1 || { echo "signoff: yosys failed, see $W/rtl/yosys.log" >&2; exit 2; }
fi
if [ "${REUSE:-0}" != 2 ] || [ ! -s "$W/rtl/sta.txt" ]; then
cd "$W/rtl"
period=$(python3 -c "print(1e6 / float('$freq'))")
# Pass 1: the link nets as OpenSTA sees them (drivers and loads of every
# net of every link instance), then their wires from the layout.
python3 "$PY" dump . "$LIB"
sta -no_init -no_splash -exit dump.tcl >nets.txt 2>&1 || { echo "signoff: sta failed, see $W/rtl/nets.txt" >&2; exit 2; }
if grep -q '^Error' nets.txt; then echo "signoff: sta reported an error, see $W/rtl/nets.txt" >&2; exit 2; fi
python3 "$PY" spef . "$D" "$LEF" "$LIB" "${REPEAT:-1}"
cat >sta.tcl <<T
read_liberty $LIB
read_verilog net.v
link_design nocsyn_top
set_cmd_units -time ps
create_clock -name clk -period $period [get_ports clk]
set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk]]
set_output_delay 0 -clock clk [all_outputs]
source wire.tcl
puts nocsyn-nowire
report_checks -path_delay max -digits 3
report_wns -digits 3
report_tns -digits 3
puts nocsyn-nowire-link
report_checks -path_delay max -digits 3 -through [get_pins \$nocsyn_link_pins]
puts nocsyn-power-0
set_power_activity -global -activity 0
set_power_activity -input -activity 0
report_power -digits 9
puts nocsyn-power-a
set_power_activity -global -activity $ACT
set_power_activity -input -activity $ACT
report_power -digits 9
puts nocsyn-spef
nocsyn_repeat
read_spef links.spef
puts nocsyn-wire
report_checks -path_delay max -digits 3 -fields {cap input_pins}
report_wns -digits 3
report_tns -digits 3
puts nocsyn-wire-link
report_checks -path_delay max -digits 3 -fields {cap input_pins} -through [get_pins \$nocsyn_link_pins]
puts nocsyn-wire-power-0
set_power_activity -global -activity 0
set_power_activity -input -activity 0
report_power -digits 9
puts nocsyn-wire-power-a
set_power_activity -global -activity $ACT
set_power_activity -input -activity $ACT
report_power -digits 9
puts nocsyn-netcheck
nocsyn_netcheck
puts nocsyn-router
set_false_path -through [get_pins \$nocsyn_link_pins]
report_checks -path_delay max -digits 3
exit
T
sta -no_init -no_splash sta.tcl >sta.txt 2>&1 || { echo "signoff: sta failed, see $W/rtl/sta.txt" >&2; exit 2; }
fi
cd "$W/rtl"
# OpenSTA exits 0 after a command error (a Tcl error in the script, an
# unknown cell) and only warns on a SPEF net or pin it cannot find: its
# report would then lack numbers or wires.
if grep -q '^Error' sta.txt; then echo "signoff: sta reported an error, see $W/rtl/sta.txt" >&2; exit 2; fi
if grep -q '^Warning: links.spef' sta.txt; then echo "signoff: sta did not find a link net or pin of links.spef, see $W/rtl/sta.txt" >&2; exit 2; fi
python3 "$PY" report . "$LIB" "$J" "$freq" "$ACT" "$ROOT/tests/tools"
