#!/bin/sh
# `make check`: the docs' slow shell examples (marked <!-- example: check
# -->: the campaign under GNU parallel, the RTL under Verilator), run and
# compared as tests/cli/test_docs_examples.sh does the fast ones.
. "$(dirname "$0")/../cli/lib.sh"
command -v python3 >/dev/null 2>&1 || { notok "python3 for the docs examples"; exit 0; }
n=$(python3 "$ROOT/tests/tools/doc_examples.py" --list "$ROOT" "$ROOT/README.md" "$ROOT"/docs/*.md | grep -c ' check ')
[ "$n" -ge 2 ] && ok "docs hold $n slow examples" || notok "docs hold slow examples" "$n"
python3 "$ROOT/tests/tools/doc_examples.py" --tier check "$ROOT" "$ROOT/README.md" "$ROOT"/docs/*.md
