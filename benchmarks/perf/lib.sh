# Shared by the benchmark scripts (sourced): timing and JSON helpers.
# Needs W (a work directory) and RUNS (repetitions) set by the caller.

now() { date +%s.%N; }

# best_time CMD...: the best wall time of RUNS runs (seconds); the output
# of the last run is left in $W/out.
best_time() {
    best=""
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        t0=$(now)
        "$@" >"$W/out" 2>"$W/err" || { echo "FAILED: $* ($(head -c 200 "$W/err"))" >&2; return 1; }
        t1=$(now)
        best=$(awk -v a="$t0" -v b="$t1" -v c="$best" 'BEGIN { t = b - a; if (c == "" || t < c) c = t; printf "%.3f", c }')
        i=$((i + 1))
    done
    echo "$best"
}

# json_num KEY: the first number after "KEY": in $W/out.
json_num() { sed -n "s/.*\"$1\":[[:space:]]*\([-0-9.e+]*\).*/\1/p" "$W/out" | head -1; }
