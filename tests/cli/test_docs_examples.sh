#!/bin/sh
# Every shell example of README.md and docs/*.md runs and prints what the
# page says (tests/tools/doc_examples.py: "..." lines elide, blocks marked
# <!-- example: check --> run in tests/check/test_docs_examples_long.sh,
# <!-- example: skip REASON --> never).  The docs cannot drift from the
# binary: a changed output fails here until the page is updated.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null 2>&1 || { notok "python3 for the docs examples"; exit 0; }
n=$(python3 "$ROOT/tests/tools/doc_examples.py" --list "$ROOT" "$ROOT/README.md" "$ROOT"/docs/*.md | grep -c ' test ')
[ "$n" -ge 20 ] && ok "docs hold $n fast example blocks" || notok "docs hold at least 20 fast example blocks" "$n"
python3 "$ROOT/tests/tools/doc_examples.py" --tier test "$ROOT" "$ROOT/README.md" "$ROOT"/docs/*.md
# The matcher itself: a changed line fails, "..." elides, status survives.
cat >"$TMP/t.md" <<'EOT'
```
$ echo a; echo b; echo c
a
...
c
$ false
$ echo $?
1
```

```
$ echo x
y
```
EOT
python3 "$ROOT/tests/tools/doc_examples.py" "$ROOT" "$TMP/t.md" >"$TMP/self" 2>&1
[ "$(grep -c '^ok' "$TMP/self")" -eq 3 ] && ok "matcher: elision and exit status pass" || notok "matcher: elision and exit status pass" "$(cat "$TMP/self")"
grep -q '^not ok - .*echo x' "$TMP/self" && ok "matcher: a wrong output fails" || notok "matcher: a wrong output fails" "$(cat "$TMP/self")"
