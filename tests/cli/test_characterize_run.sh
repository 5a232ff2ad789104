#!/bin/sh
# nocsyn characterize (issue 25), in `make test` as the issue asks (about
# 10 s of Yosys, longer on a loaded machine): one small configuration (radix 2, 16-bit
# payload) on the OSU 0.18 um library with Yosys and OpenSTA, its numbers
# re-derived from the tools' own files (fmax from STA's report, the area and
# leakage of router r0 by tests/tools/netlist_area.py from net.v and the
# Liberty file), the cache.  The design is router r0 in context (one
# terminal and a link port to router r1: radix 2 has one link port under
# --links max); the numbers are r0's alone.
# The fast part is tests/cli/test_characterize.sh.
. "$(dirname "$0")/lib.sh"
LIB=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
if [ ! -f "$LIB" ] || ! command -v yosys >/dev/null || ! command -v sta >/dev/null; then
    notok "characterize: needs yosys, sta and $LIB (make deps)"
    exit 0
fi

# A yosys on PATH that logs each call, so a rerun can show it ran no synthesis.
mkdir -p "$TMP/bin"
cat >"$TMP/bin/yosys" <<EOF
#!/bin/sh
echo "\$*" >>"$TMP/yosys.calls"
exec $(command -v yosys) "\$@"
EOF
chmod +x "$TMP/bin/yosys"

run "characterize radix 2, 16 bits" 0 env PATH="$TMP/bin:$PATH" "$NOCSYN" characterize --liberty "$LIB" \
    --radix 2 --link-width 16 --cache "$TMP/cache" -o "$TMP/c.tech"
has "progress line on stderr" "$TMP/err" '^characterize: \[1/1\] radix 2, 16 bits, 2 VCs x 4 flits: .* MHz'
has "header names the library" "$TMP/c.tech" '^# library osu018_stdcells'
has "header: the corner from the Liberty file (nom_voltage 1.8, 25 C, typical)" "$TMP/c.tech" \
    '^# corner: operating conditions typical; nom_process 1, nom_voltage 1.8 V, nom_temperature 25 C'
has "header: units from the file" "$TMP/c.tech" 'time_unit 1ns, capacitive_load_unit (1,pf), leakage_power_unit 1nW'
has "header: tool versions" "$TMP/c.tech" '^# tools: Yosys 0\.23'
has "header: the route table's destinations (R terminals over both routers, so R)" "$TMP/c.tech" \
    '^#   its route table has R destinations'
has "header: the design is r0 in context, R - 1 link ports by default" "$TMP/c.tech" \
    '^#   design: router r0 of radix R with one terminal and R - 1 link ports (--links max),'
has "header: r0's numbers alone" "$TMP/c.tech" "^#   the tables are r0's alone"
has "header: the command" "$TMP/c.tech" '^# command: nocsyn characterize --liberty .* --radix 2 --link-width 16'
for k in fmax_mhz.2 area_mm2.2 leak_mw.2 flit_pj.2 clk_mw_per_mhz.2 reg_um2_bit clk_fj_bit table_width; do
    has "tech file has $k" "$TMP/c.tech" "^$k = [0-9]"
done
W=$(ls -d "$TMP"/cache/*/ | head -1)
key() { sed -n "s/^$1 = //p" "$TMP/c.tech"; }

# fmax = 1 / (arrival + setup) from OpenSTA's own report text, to the ps.
awk -v f="$(key fmax_mhz.2)" '
    /data arrival time/ && !a { a = $1 }
    /library setup time/ && !s { s = -$1 }
    END { p = a + s; q = 1e6 / f; d = p - q; if (d < 0) d = -d
          if (a > 0 && s > 0 && d < 1) exit 0; print "period " p " ps, tech " q " ps"; exit 1 }' "$W/sta.txt" \
    && ok "fmax = 1 / (STA arrival + setup) within 1 ps" || notok "fmax from STA's report"

# The worst path is r0's: it ends in a register of r0 (STA's own report).
has "the worst path ends in r0" "$W/sta.txt" '^Endpoint: r0/'
# The design has a second router r1 and r0 a link port (an output that is
# not an ejection port: EJ has a 0 bit), as nocsyn rtl writes it.
has "the design has router r1" "$W/nocsyn_top.sv" '^    ) r1 ($'
grep -q "EJ(2'b10)" "$W/nocsyn_top.sv" && ok "r0 (radix 2) has one ejection and one link output" \
    || notok "r0's ports" "$(grep -n 'EJ(' "$W/nocsyn_top.sv")"

# Area of r0 from the mapped netlist and the Liberty file, by a separate
# parser: the module net.v's top instantiates as r0; less than the design's
# (r1 and the link registers are left out).
a=$(python3 "$ROOT/tests/tools/netlist_area.py" "$LIB" "$W/net.v" nocsyn_top/r0)
at=$(python3 "$ROOT/tests/tools/netlist_area.py" "$LIB" "$W/net.v" nocsyn_top)
python3 -c "import sys; a=float(sys.argv[1]); t=float(sys.argv[2]); d=float(sys.argv[3]); sys.exit(0 if 0 < a < d and abs(a*1e-6-t) <= 1e-6*t else 1)" \
    "$a" "$(key area_mm2.2)" "$at" && ok "area = r0's netlist cells x Liberty areas ($a of $at um^2)" \
    || notok "area recomputed" "netlist r0 $a um^2 (design $at), tech $(key area_mm2.2) mm2"

# Leakage of r0: the Liberty file's cell_leakage_power (leakage_power_unit
# 1nW) summed over r0's cells in net.v, not from OpenSTA.
lk=$(python3 "$ROOT/tests/tools/netlist_area.py" "$LIB" "$W/net.v" nocsyn_top/r0 cell_leakage_power)
python3 -c "import sys; l=float(sys.argv[1])*1e-6; t=float(sys.argv[2]); sys.exit(0 if l > 0 and abs(l-t) <= 1e-5*t else 1)" \
    "$lk" "$(key leak_mw.2)" && ok "leak_mw = r0's cells' Liberty leakage ($lk nW)" || notok "leakage" "$lk nW vs $(key leak_mw.2) mW"

# The cache: a rerun runs no synthesis (only 'yosys -V').
calls1=$(grep -vc '^-V$' "$TMP/yosys.calls")
cp "$TMP/c.tech" "$TMP/c1.tech"
run "rerun" 0 env PATH="$TMP/bin:$PATH" "$NOCSYN" characterize --liberty "$LIB" \
    --radix 2 --link-width 16 --cache "$TMP/cache" -o "$TMP/c.tech"
calls2=$(grep -vc '^-V$' "$TMP/yosys.calls")
[ "$calls1" = 1 ] && [ "$calls2" = 1 ] && ok "rerun: yosys synthesized once in two runs" \
    || notok "cache" "synthesis calls $calls1 then $calls2"
has "rerun: reported as cached" "$TMP/err" '(cached)$'
same "rerun: same tech file" "$TMP/c.tech" "$TMP/c1.tech"

# The tech model reads it: radix 2 at the characterized fmax; radix 3 above
# the table is not available.
run "tech reads the characterized file" 0 "$NOCSYN" tech --tech "$TMP/c.tech" --radix 2:3 --width 16 --format json
json "tech: fmax and area from the tables" "$TMP/out" "
r = {x['radix']: x for x in d['radix']}
f = float('$(key fmax_mhz.2)'); a = float('$(key area_mm2.2)')
assert abs(r[2]['fmax_mhz'] - f) < 1e-6 * f, r[2]
assert abs(r[2]['area_mm2'] - a) < 1e-6 * a, r[2]
assert r[3]['fmax_mhz'] == 0, r[3]"

