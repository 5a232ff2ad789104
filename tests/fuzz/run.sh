#!/bin/sh
# Builds and runs every libFuzzer harness tests/fuzz/fuzz_*.c (`make fuzz`).
#
# The library sources (src/*/*.c except src/cli) are compiled once with
# clang, coverage instrumentation and ASan+UBSan into build/fuzz/obj
# (recompiled when a source or any header is newer); each harness is linked
# with -fsanitize=fuzzer,address,undefined and the Makefile's libraries.  Its
# corpus, build/fuzz/corpus/NAME, is seeded from benchmarks/apps and
# tests/data (files up to 64 KiB); crashes go to build/fuzz/artifacts/NAME/.
#
# Environment: FUZZ_SECONDS (default 30; `make fuzz` passes 120) per harness; FUZZ_ONLY=NAME runs
# one harness; CLANG picks the compiler (default clang, else clang-14).
# LeakSanitizer suppressions (leaks inside third-party libraries, never
# nocsyn's own code) come from tests/fuzz/lsan.supp when present, else from
# the suite's tests/lsan.supp.
# Exit status: 0 when every harness ran clean, 1 otherwise.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
SECONDS_EACH=${FUZZ_SECONDS:-30}
OUT=build/fuzz
CLANG=${CLANG:-}
if [ -z "$CLANG" ]; then
    for c in clang clang-14; do
        if command -v "$c" >/dev/null 2>&1; then CLANG=$c; break; fi
    done
fi
[ -n "$CLANG" ] || { echo "fuzz: no clang found (apt-get install clang libclang-rt-14-dev)"; exit 1; }

GV_CFLAGS=$(pkg-config --cflags libgvc 2>/dev/null || echo -I/usr/include/graphviz)
GV_LIBS=$(pkg-config --libs libgvc 2>/dev/null || echo -lgvc -lcgraph -lcdt)
LIBS="$GV_LIBS -lglpk -lmetis -lcjson -lcsv -lpthread -lm"
CFLAGS="-std=c11 -g -O1 -fno-omit-frame-pointer -Iinclude -I/usr/include/graphviz $GV_CFLAGS \
-D_POSIX_C_SOURCE=200809L -fno-sanitize-recover=all"
SAN_LIB="-fsanitize=fuzzer-no-link,address,undefined"
SAN_BIN="-fsanitize=fuzzer,address,undefined"

mkdir -p "$OUT/obj" "$OUT/bin" "$OUT/corpus" "$OUT/artifacts" || exit 1
newest_header=$(ls -t include/nocsyn/*.h src/*/*.h 2>/dev/null | head -1)
[ -f build/gen/rtl_sources.c ] || { echo "fuzz: build/gen/rtl_sources.c missing (run make first)"; exit 1; }

# ---- library objects (two compilers at a time: the machine has 2 cores)
objs=""
jobs=0
fail=0
# build/gen/*.c: sources the Makefile generates (the embedded RTL; `make fuzz`
# makes them first).
for src in $(ls src/*/*.c build/gen/*.c 2>/dev/null | grep -v '^src/cli/' | sort); do
    obj="$OUT/obj/$(echo "$src" | sed 's|/|_|g; s|\.c$|.o|')"
    objs="$objs $obj"
    if [ -f "$obj" ] && [ "$obj" -nt "$src" ] && { [ -z "$newest_header" ] || [ "$obj" -nt "$newest_header" ]; }; then
        continue
    fi
    # shellcheck disable=SC2086
    ( $CLANG $CFLAGS $SAN_LIB -c -o "$obj" "$src" 2>"$obj.log" || { cat "$obj.log"; rm -f "$obj"; exit 1; } ) &
    jobs=$((jobs + 1))
    if [ "$jobs" -ge 2 ]; then wait; jobs=0; fi
done
wait
for o in $objs; do
    [ -f "$o" ] || { echo "fuzz: failed to compile $(basename "$o" .o)"; fail=1; }
done
[ "$fail" -eq 0 ] || exit 1

# ---- seeds: every small input file the project ships
seeds=$(find benchmarks/apps benchmarks/campaigns tests/data -type f -size -65k 2>/dev/null | sort)

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
for supp in tests/fuzz/lsan.supp tests/lsan.supp; do
    if [ -f "$supp" ]; then
        export LSAN_OPTIONS="suppressions=$ROOT/$supp:print_suppressions=0"
        break
    fi
done

status=0
ran=0
for h in tests/fuzz/fuzz_*.c; do
    [ -f "$h" ] || continue
    name=$(basename "$h" .c)
    if [ -n "${FUZZ_ONLY:-}" ] && [ "$FUZZ_ONLY" != "$name" ]; then continue; fi
    bin="$OUT/bin/$name"
    # shellcheck disable=SC2086
    if ! $CLANG $CFLAGS $SAN_BIN -o "$bin" "$h" $objs $LIBS; then
        echo "fuzz: $name: build failed"; status=1; continue
    fi
    corpus="$OUT/corpus/$name"
    art="$OUT/artifacts/$name"
    mkdir -p "$corpus" "$art"
    for s in $seeds; do
        cp "$s" "$corpus/seed_$(echo "$s" | sed 's|/|_|g')" 2>/dev/null
    done
    echo "fuzz: $name for ${SECONDS_EACH}s"
    "$bin" "$corpus" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$art/" -print_final_stats=1 >"$OUT/$name.log" 2>&1
    rc=$?
    ran=$((ran + 1))
    if [ "$rc" -ne 0 ]; then
        echo "fuzz: $name FAILED (exit $rc); log $OUT/$name.log, inputs in $art/"
        grep -aE 'ERROR|SUMMARY|runtime error' "$OUT/$name.log" | head -5
        status=1
    else
        grep -E '^stat::number_of_executed_units' "$OUT/$name.log" | sed "s/^/fuzz: $name: /"
    fi
done
echo "fuzz: $ran harness(es) run, $([ "$status" -eq 0 ] && echo clean || echo FAILURES)"
exit "$status"
