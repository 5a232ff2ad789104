#!/bin/sh
# FO4 of a Liberty library's INVX1 (issue 25, item 4), measured with OpenSTA:
# a chain of INVX1 each loaded by four INVX1; prints the delay of the two
# middle stages (one falling, one rising output) and their mean, in ps.
#   sh benchmarks/tech/fo4.sh [LIBERTY] [INV_CELL]
LIB=${1:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
INV=${2:-INVX1}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
{
    echo "module fo4 (a, y); input a; output y; wire n1, n2, n3;"
    echo "  $INV d0 (.A(a), .Y(n1));"
    for s in 0 1 2 3; do
        [ $s = 0 ] && o1=n2 o2=n3 o3=y || o1= o2= o3=
        echo "  $INV s$s (.A(n1), .Y($o1)); $INV u$s (.A(n2), .Y($o2)); $INV v$s (.A(n3), .Y($o3));"
    done
    echo "endmodule"
} >"$TMP/fo4.v"
cat >"$TMP/fo4.tcl" <<T
read_liberty $LIB
read_verilog $TMP/fo4.v
link_design fo4
set_cmd_units -time ps
set_input_transition 0 [get_ports a]
report_checks -unconstrained -from [get_ports a] -to [get_ports y] -digits 3
exit
T
sta -no_init -no_splash "$TMP/fo4.tcl" | awk '/ s0\/Y / { s = $1 } / u0\/Y / { u = $1 }
    END { printf "FO4 of the inverter: falling %.3f ps, rising %.3f ps, mean %.3f ps\n", s, u, (s + u) / 2 }'
