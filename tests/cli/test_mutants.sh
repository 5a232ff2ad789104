#!/bin/sh
# The mutation list stays applicable: every mutant of tests/tools/mutants.txt
# names a file that exists and an anchor that occurs exactly once in it (a
# stale anchor would let `tests/tools/mutate.sh` report the mutant instead of
# testing it; three had gone stale before this check existed).
. "$(dirname "$0")/lib.sh"
python3 - "$ROOT" >"$TMP/out" 2>&1 <<'PY'
import os, sys
root = sys.argv[1]
cur = None
muts = []
for line in open(os.path.join(root, "tests/tools/mutants.txt"), encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("@ "):
        parts = line.split()
        cur = {"id": parts[1], "file": parts[2]}
        muts.append(cur)
    elif line.startswith("- ") and cur is not None:
        cur["old"] = line[2:]
    elif line.startswith("+ ") and cur is not None:
        cur["new"] = line[2:]
for m in muts:
    path = os.path.join(root, m["file"])
    if not os.path.exists(path):
        print("not ok - %s: no file %s" % (m["id"], m["file"]))
        continue
    n = open(path, encoding="utf-8").read().count(m.get("old", "\0"))
    if n == 1 and m.get("new") and m["new"] != m["old"]:
        print("ok - %s: anchor found once in %s" % (m["id"], m["file"]))
    else:
        print("not ok - %s: anchor found %d times in %s (or no replacement)" % (m["id"], n, m["file"]))
ids = [m["id"] for m in muts]
dup = sorted({i for i in ids if ids.count(i) > 1})
if dup:
    print("not ok - mutant ids are unique (repeated: %s)" % ", ".join(dup))
else:
    print("ok - mutant ids are unique (%d)" % len(ids))
print("count %d" % len(muts))
PY
grep '^ok \|^not ok ' "$TMP/out"
n=$(sed -n 's/^count //p' "$TMP/out")
[ "${n:-0}" -ge 20 ] && ok "at least 20 mutants listed ($n)" || notok "at least 20 mutants listed" "$(tail -3 "$TMP/out")"
