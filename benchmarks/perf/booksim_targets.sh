#!/bin/sh
# booksim_targets.sh [TABLE]: the issue-30 targets read off a table of
# `make bench-booksim` (benchmarks/perf/booksim_bench.sh; TABLE a file, or
# standard input), one line per row with each target met or not:
# - saturation within 3% (nocsyn's against BookSim2's, under the one
#   criterion);
# - accepted throughput at offered 1.0 within 3%;
# - latency at 0.5 and at 0.9 of BookSim2's saturation within 5% after
#   BookSim2's one cycle of terminal delivery (nocsyn against BookSim2 raw
#   less one).
# The differences are recomputed from the table's figures (not read from
# its rounded "diff" cells), relative to BookSim2; the columns are found
# by their header names, so the tables of earlier bench layouts in
# benchmarks/RESULTS.md are read too (a saturation "m [min, max]" by its
# mean m).  The
# last line counts the rows that meet every target.  This is the one place
# that states the targets' bounds.
set -u
SAT=3 ACC=3 LAT=5
awk -v sat="$SAT" -v acc="$ACC" -v lat="$LAT" -F' [|] ' '
function d(a, b) { return (a == "" || a == "-" || b + 0 <= 0) ? "" : 100 * (a - b) / b }
function cell(x, lim) {
    if (x == "") { bad++; return "- (no figure) NOT met" }
    ok = (x <= lim && x >= -lim); if (!ok) bad++
    return sprintf("%+.1f%% %s", x, ok ? "met" : "NOT met")
}
# the header names the columns (any layout of the bench since the one
# criterion: with or without the zero-load and windows columns); a table
# ends at the first line that is not a table row
!/^[|]/ { hdr = 0; next }
/^[|] configuration/ {
    sub(/^[|] /, ""); sub(/ [|]$/, ""); delete c
    for (i = 1; i <= NF; i++) {
        k = $i; if (k in c) k = k " 2"; c[k] = i
    }
    hdr = ("nocsyn sat." in c) && ("BookSim2 sat." in c) && ("nocsyn acc. @1.0" in c) && ("BookSim2 acc. @1.0" in c) &&
        ("nocsyn lat. 2" in c) && ("BookSim2 lat. (raw / -1) 2" in c)
    next
}
/^[|]/ && !/^[|]---/ && hdr {
    sub(/^[|] /, ""); sub(/ [|]$/, "")
    split($(c["BookSim2 lat. (raw / -1)"]), b5, " "); split($(c["BookSim2 lat. (raw / -1) 2"]), b9, " ")
    bad = 0
    s = cell(d($(c["nocsyn sat."]), $(c["BookSim2 sat."])), sat)
    a = cell(d($(c["nocsyn acc. @1.0"]), $(c["BookSim2 acc. @1.0"])), acc)
    l5 = cell(d($(c["nocsyn lat."]), b5[1] - 1), lat)
    l9 = cell(d($(c["nocsyn lat. 2"]), b9[1] - 1), lat)
    rows++; if (!bad) good++
    printf "| %s | %s | %s | %s | %s | %s |\n", $1, s, a, l5, l9, bad ? "no" : "yes"
}
BEGIN {
    printf "| configuration | saturation (3%%) | accepted @1.0 (3%%) | latency @0.5 sat. (5%%) | latency @0.9 sat. (5%%) | every target |\n"
    printf "|---|---|---|---|---|---|\n"
}
END { printf "\n%d of %d rows meet every target\n", good, rows }' "${1:--}"
