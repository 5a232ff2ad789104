#!/bin/bash
# Test-suite wall time, this tree against an older commit, in one run:
#
#   bash benchmarks/perf/test_time.sh [BASE]        (BASE default 823427e)
#
# Builds BASE in a scratch worktree and runs its `make test` (the serial
# runner of that commit), then this tree's `make test` (the parallel runner,
# JOBS = the cores), each timed with `time` (wall, user, system), and prints
# a markdown table with each run's last line.  Both from a built tree: the
# builds are not timed.  Run it on an idle machine.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BASE=${1:-823427e}
W=$(mktemp -d /tmp/nocsyn-testtime.XXXXXX)
trap 'git -C "$ROOT" worktree remove --force "$W/base" >/dev/null 2>&1; rm -rf "$W"' EXIT
git -C "$ROOT" worktree add --detach "$W/base" "$BASE" >/dev/null 2>&1 || { echo "cannot check out $BASE"; exit 1; }
(cd "$W/base" && make -j2 all $(ls tests/unit/test_*.c | sed 's#tests/unit/#build/tests/#;s#\.c$##') >/dev/null 2>&1) ||
    { echo "cannot build $BASE"; exit 1; }
(cd "$ROOT" && make -j2 all >/dev/null 2>&1 && make -j2 $(ls tests/unit/test_*.c | sed 's#tests/unit/#build/tests/#;s#\.c$##') >/dev/null 2>&1) ||
    { echo "cannot build this tree"; exit 1; }
timed() { # DIR LOG: make test in DIR, `time -p` lines into LOG.time
    ( cd "$1" && { time -p make test >"$2" 2>&1; } 2>"$2.time" )
}
timed "$W/base" "$W/base.log"
timed "$ROOT" "$W/new.log"
row() { # NAME LOG
    printf '| %s | %s | %s | %s | %s |\n' "$1" \
        "$(awk '/^real/ { printf "%.0f", $2 }' "$2.time")" "$(awk '/^user/ { printf "%.0f", $2 }' "$2.time")" \
        "$(awk '/^sys/ { printf "%.0f", $2 }' "$2.time")" "$(tail -1 "$2")"
}
echo "| make test | wall s | user s | sys s | last line |"
echo "|---|---|---|---|---|"
row "$BASE (serial runner)" "$W/base.log"
row "$(git -C "$ROOT" rev-parse --short HEAD) (parallel, JOBS=$(nproc))" "$W/new.log"
