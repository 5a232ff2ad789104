#!/bin/sh
# Usage: OLD=/path/to/old/nocsyn sh benchmarks/perf/timing_bench.sh (from the repository root).
# Prints a Markdown table: the chosen split design per benchmark app before the
# timing model, after it at 1000 MHz x 32 bits, and over the 400:1200:200 x 32,64 grid.
# Before/after chosen split designs per benchmark app.
OLD=${OLD:-}; NEW=${NEW:-build/nocsyn}; T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
[ -x "$OLD" ] || { echo "usage: OLD=path/to/previous/nocsyn sh $0  (build the commit before the timing model beside this one)" >&2; exit 2; }
echo "| app | before: design | K | power mW | hops | after (1000 MHz, 32 bit): design | K | power mW | lat ns | after (grid): design | K | MHz | bits | power mW | lat ns | radix | Pareto (MHz/bits) |"
echo "|---|---|---:|---:|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|"
for a in benchmarks/apps/*.csv; do
  n=$(basename $a .csv); [ "$n" = e3s_processors.cores ] && continue
  $OLD synth $a -q -o $T/old_$n >/dev/null 2>&1
  $NEW synth $a -q -o $T/new1_$n >/dev/null 2>&1
  $NEW synth $a --freq 400:1200:200 --link-width 32,64 -q -o $T/new_$n >/dev/null 2>&1
  o=$(awk -F, '$6==1{printf "%s | %s | %.2f | %.3f", $1,$3,$7,$9}' $T/old_$n/pareto.csv)
  n1=$(awk -F, 'NR==1{for(i=1;i<=NF;i++)c[$i]=i} NR>1 && $6==1{printf "%s | %s | %.2f | %.2f", $1,$3,$7,$(c["latency_avg_ns"])}' $T/new1_$n/pareto.csv)
  n2=$(awk -F, 'NR==1{for(i=1;i<=NF;i++)c[$i]=i} NR>1 && $6==1{printf "%s | %s | %s | %s | %.2f | %.2f | %s", $1,$3,$(c["freq_mhz"]),$(c["link_width"]),$7,$(c["latency_avg_ns"]),$(c["radix_max"])}' $T/new_$n/pareto.csv)
  np=$(awk -F, 'NR==1{for(i=1;i<=NF;i++)c[$i]=i} NR>1 && $5==1{print $(c["freq_mhz"])"/"$(c["link_width"])}' $T/new_$n/pareto.csv | sort -n -u | tr '\n' ' ')
  echo "| $n | $o | $n1 | $n2 | $np|"
done
