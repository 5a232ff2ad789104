#!/bin/sh
# Mutation testing: applies each one-line mutant of tests/tools/mutants.txt
# alone to a scratch copy of the tree (never to this checkout), builds it,
# runs the test suite and reports which mutants survive (the tests still
# pass).  A mutant is killed when the build or the suite fails.
#
# Usage: tests/tools/mutate.sh [-f MUTANTS] [ID ...]   (no ID: every mutant)
# Environment: MUTATE_TEST (default "make check": every tier CI runs), MUTATE_DIR (scratch
# directory, default a new /tmp/nocsyn-mutate.XXXXXX, removed at the end
# unless MUTATE_KEEP=1), MUTATE_JOBS (make -j, default 2).
#
# Mutant file format: blocks separated by blank lines or comments.
#   @ ID FILE description...
#   - exact text that occurs exactly once in FILE (part of one line)
#   + its replacement
# Anchors are code text, not line numbers, so the list survives edits
# elsewhere; a mutant whose anchor is missing or ambiguous is reported as
# "stale" and fails the run, as does a surviving one.
# Exit status: 0 when every selected mutant was killed, 1 otherwise.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
LIST=$ROOT/tests/tools/mutants.txt
if [ "${1:-}" = "-f" ]; then LIST=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2; fi
TESTCMD=${MUTATE_TEST:-make check}
JOBS=${MUTATE_JOBS:-2}
command -v python3 >/dev/null 2>&1 || { echo "mutate: needs python3"; exit 1; }
[ -f "$LIST" ] || { echo "mutate: no mutant list $LIST"; exit 1; }

SCR=${MUTATE_DIR:-$(mktemp -d /tmp/nocsyn-mutate.XXXXXX)}
mkdir -p "$SCR/tree" "$SCR/log" || exit 1
if [ "${MUTATE_KEEP:-0}" != 1 ] && [ -z "${MUTATE_DIR:-}" ]; then
    trap 'rm -rf "$SCR"' EXIT
    trap 'exit 130' INT TERM
fi

# ---- scratch tree: the tracked and new files, plus build/ so that each
# mutant only recompiles the file it changes.
(cd "$ROOT" && git ls-files -co --exclude-standard -z | xargs -0 tar cf - build 2>/dev/null) |
    (cd "$SCR/tree" && tar xf -) || { echo "mutate: cannot copy the tree"; exit 1; }

# The helper prints "ID<TAB>FILE<TAB>DESCRIPTION" per mutant, or applies one
# (apply ID) / restores (restore ID) in the scratch tree.
py() {
    python3 - "$LIST" "$SCR/tree" "$@" <<'PYEOF'
import sys, os
lst, tree, cmd = sys.argv[1], sys.argv[2], sys.argv[3]
muts, cur = [], None
for ln in open(lst, encoding="utf-8").read().split("\n"):
    if ln.startswith("@ "):
        parts = ln[2:].split(None, 2)
        cur = {"id": parts[0], "file": parts[1], "desc": parts[2] if len(parts) > 2 else "", "old": None, "new": None}
        muts.append(cur)
    elif ln.startswith("- ") and cur is not None:
        cur["old"] = ln[2:]
    elif ln.startswith("+ ") and cur is not None:
        cur["new"] = ln[2:]
    elif ln == "+" and cur is not None:
        cur["new"] = ""
if cmd == "list":
    for m in muts:
        print("%s\t%s\t%s" % (m["id"], m["file"], m["desc"]))
    sys.exit(0)
mid = sys.argv[4]
m = [x for x in muts if x["id"] == mid]
if len(m) != 1 or m[0]["old"] is None or m[0]["new"] is None:
    print("no complete mutant %s" % mid); sys.exit(3)
m = m[0]
path = os.path.join(tree, m["file"])
if cmd == "apply":
    src = open(path, encoding="utf-8").read()
    n = src.count(m["old"])
    if n != 1:
        print("anchor found %d times in %s: %s" % (n, m["file"], m["old"])); sys.exit(3)
    open(path + ".mutate-orig", "w", encoding="utf-8").write(src)
    open(path, "w", encoding="utf-8").write(src.replace(m["old"], m["new"]))
elif cmd == "restore":
    os.replace(path + ".mutate-orig", path)
PYEOF
}

if [ $# -gt 0 ]; then ids="$*"; else ids=$(py list | cut -f1); fi
[ -n "$ids" ] || { echo "mutate: no mutants in $LIST"; exit 1; }

cd "$SCR/tree" || exit 1
echo "mutate: baseline build and tests in $SCR/tree"
if ! make -j"$JOBS" >"$SCR/log/baseline.log" 2>&1 || ! sh -c "$TESTCMD" >>"$SCR/log/baseline.log" 2>&1; then
    echo "mutate: the unmutated tree fails; see $SCR/log/baseline.log"; tail -5 "$SCR/log/baseline.log"
    exit 1
fi

killed=0; survived=0; stale=0; surv_list=""
for id in $ids; do
    line=$(py list | awk -F'\t' -v id="$id" '$1 == id')
    file=$(echo "$line" | cut -f2); desc=$(echo "$line" | cut -f3)
    log="$SCR/log/$id.log"
    if ! py apply "$id" >"$log" 2>&1; then
        printf '%-4s %-15s %s: %s\n' "$id" STALE "$file" "$(cat "$log")"; stale=$((stale + 1)); surv_list="$surv_list $id"; continue
    fi
    # A later mtime than every object file makes make see the change.
    touch "$file"
    if ! make -j"$JOBS" >>"$log" 2>&1; then
        verdict="killed (build)"; killed=$((killed + 1))
    elif sh -c "$TESTCMD" >>"$log" 2>&1; then
        verdict=SURVIVED; survived=$((survived + 1)); surv_list="$surv_list $id"
    else
        verdict="killed (tests)"; killed=$((killed + 1))
    fi
    py restore "$id" >>"$log" 2>&1
    touch "$file"
    printf '%-4s %-15s %s: %s\n' "$id" "$verdict" "$file" "$desc"
done
# Leave the scratch build matching the unmutated sources.
make -j"$JOBS" >/dev/null 2>&1
echo "mutate: $killed killed, $survived survived, $stale stale${surv_list:+ (not killed:$surv_list)}"
[ "$survived" -eq 0 ] && [ "$stale" -eq 0 ]
