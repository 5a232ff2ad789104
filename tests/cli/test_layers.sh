#!/bin/sh
# The library's module graph, computed from the object files (not from the
# includes): module A depends on module B when an object of src/A/ leaves
# undefined a symbol that an object of src/B/ defines (nm).  The graph must
# be acyclic, and every edge must go down or sideways in the layer table
# below (docs/layout.md): an edge from a lower layer to a higher one fails.
# The checker itself is tested on hand-written edge lists and on tiny
# object files compiled here.  BUILD (default build/) holds the objects.
. "$(dirname "$0")/lib.sh"
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac

# The layers, lowest first: one line per module, "MODULE LAYER".
LAYERS='
core 0
graph 1
lp 1
part 1
topo 2
app 2
map 2
perm 2
route 3
tech 3
gen 3
traffic 3
eval 4
sim 4
rtl 4
emit 4
calc 4
synth 5
explore 5
campaign 5
charz 5
package 5
cli 6
'

# objs DIR SRCROOT: "MODULE OBJECT" for every SRCROOT/MODULE/F.c whose
# object is DIR/obj/src/MODULE/F.o (a missing object is reported as
# "MODULE -"), plus the generated RTL sources (module rtl).  Objects left
# over from deleted sources are ignored.
objs() {
    for c in "$2"/*/*.c; do
        m=$(basename "$(dirname "$c")")
        o="$1/obj/src/$m/$(basename "$c" .c).o"
        if [ -f "$o" ]; then echo "$m $o"; else echo "$m -"; fi
    done
    [ -f "$1/obj/gen/rtl_sources.o" ] && echo "rtl $1/obj/gen/rtl_sources.o"
    return 0
}

# edges: reads "MODULE OBJECT" lines, prints "FROM TO SYMBOL" for every
# undefined symbol of FROM's objects that another module TO defines,
# sorted, one line per (FROM, TO, SYMBOL).  One nm run per kind.
edges() {
    grep -v ' -$' >"$TMP/edges_objs"
    set -- $(cut -d' ' -f2 "$TMP/edges_objs")
    [ $# -gt 0 ] || return 0
    { nm -A -g --defined-only "$@" | sed 's/^/D /'; nm -A -u "$@" | sed 's/^/U /'; } |
    awk 'FNR == NR { mod[$2] = $1; next }
         { o = $2; sub(/:.*/, "", o); m = mod[o] }
         $1 == "D" && NF == 4 && $3 ~ /^[A-Z]$/ && $3 != "U" { if (!($4 in def)) def[$4] = m; next }
         $1 == "U" { u[++n] = m " " $NF }
         END { for (i = 1; i <= n; i++) { split(u[i], a, " ")
                 if ((a[2] in def) && def[a[2]] != a[1]) print a[1], def[a[2]], a[2] } }' "$TMP/edges_objs" - | sort -u
}

# check_graph EDGES LAYERS: EDGES has "FROM TO ..." lines, LAYERS "MODULE
# LAYER" lines.  Prints one line per problem and exits 1 when there is any:
#   cycle: A -> B -> ... -> A
#   layer: A (L) -> B (M) [SYMBOL]     (an edge up the table, L < M)
#   unlisted: A                        (a module without a layer)
check_graph() {
    awk -v layers="$2" '
    BEGIN { n = split(layers, l, "\n")
            for (i = 1; i <= n; i++) if (split(l[i], f, " ") == 2) lay[f[1]] = f[2] + 0 }
    { k = $1 SUBSEP $2
      if (!(k in seen)) { seen[k] = 1; adj[$1] = adj[$1] " " $2; node[$1] = 1; node[$2] = 1 }
      if (!(k in why)) why[k] = $3 }
    # Depth-first search; colour 1 = on the stack, 2 = done.
    function dfs(v,   i, m, w, nb, p, s) {
        col[v] = 1; stack[++sp] = v
        m = split(adj[v], nb, " ")
        for (i = 1; i <= m; i++) {
            w = nb[i]
            if (col[w] == 1) {
                s = ""
                for (p = 1; p <= sp; p++) if (stack[p] == w) break
                for (; p <= sp; p++) s = s stack[p] " -> "
                print "cycle: " s w; bad = 1
            } else if (!col[w]) dfs(w)
        }
        sp--; col[v] = 2
    }
    END {
        # visit the nodes in name order: deterministic messages
        nn = 0; for (v in node) names[++nn] = v
        for (i = 1; i <= nn; i++) for (j = i + 1; j <= nn; j++)
            if (names[j] < names[i]) { t = names[i]; names[i] = names[j]; names[j] = t }
        for (i = 1; i <= nn; i++) {
            v = names[i]
            if (!(v in lay)) { print "unlisted: " v; bad = 1 }
            if (!col[v]) dfs(v)
        }
        for (k in seen) { split(k, e, SUBSEP)
            if ((e[1] in lay) && (e[2] in lay) && lay[e[1]] < lay[e[2]]) {
                print "layer: " e[1] " (" lay[e[1]] ") -> " e[2] " (" lay[e[2]] ") [" why[k] "]"; bad = 1 } }
        exit bad
    }' "$1"
}

# ---- the checker on hand-written graphs ------------------------------------
T='
a 0
b 1
c 2
'
printf 'b a x\nc b y\nc a z\n' >"$TMP/e_ok"
if check_graph "$TMP/e_ok" "$T" >"$TMP/r" 2>&1 && [ ! -s "$TMP/r" ]; then ok "checker: a layered DAG passes"
else notok "checker: a layered DAG passes" "$(cat "$TMP/r")"; fi

printf 'b a x\nc b y\na c z\n' >"$TMP/e_cyc"
check_graph "$TMP/e_cyc" "$T" >"$TMP/r" 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -qx 'cycle: a -> c -> b -> a' "$TMP/r"; then ok "checker: a three-module cycle fails and is printed"
else notok "checker: a three-module cycle fails and is printed" "rc $rc: $(cat "$TMP/r")"; fi

printf 'a b up\n' >"$TMP/e_up"
check_graph "$TMP/e_up" "$T" >"$TMP/r" 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -qx 'layer: a (0) -> b (1) \[up\]' "$TMP/r" && ! grep -q cycle "$TMP/r"; then
    ok "checker: an edge up the layers fails (no cycle)"
else notok "checker: an edge up the layers fails (no cycle)" "rc $rc: $(cat "$TMP/r")"; fi

printf 'b q w\n' >"$TMP/e_unl"
check_graph "$TMP/e_unl" "$T" >"$TMP/r" 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -qx 'unlisted: q' "$TMP/r"; then ok "checker: a module without a layer fails"
else notok "checker: a module without a layer fails" "rc $rc: $(cat "$TMP/r")"; fi

# ---- the checker on object files: two modules calling each other ----------
mkdir -p "$TMP/fx/src/x" "$TMP/fx/src/y" "$TMP/fx/b/obj/src/x" "$TMP/fx/b/obj/src/y"
printf 'int y_f(void);\nint x_g(void);\nint x_g(void) { return 1; }\nint x_h(void) { return y_f(); }\n' >"$TMP/fx/src/x/x.c"
printf 'int x_g(void);\nint y_f(void);\nint y_f(void) { return x_g(); }\n' >"$TMP/fx/src/y/y.c"
printf 'int x_g(void);\nint y_f(void);\nint y_f(void) { return 2; }\n' >"$TMP/fx/src/y/y2.c.in"
${CC:-cc} -c -o "$TMP/fx/b/obj/src/x/x.o" "$TMP/fx/src/x/x.c" &&
    ${CC:-cc} -c -o "$TMP/fx/b/obj/src/y/y.o" "$TMP/fx/src/y/y.c" || notok "fixture objects compile"
objs "$TMP/fx/b" "$TMP/fx/src" | edges >"$TMP/fx/edges"
printf 'x y y_f\ny x x_g\n' >"$TMP/fx/want"
same "objects: edges from nm (x -> y by y_f, y -> x by x_g)" "$TMP/fx/edges" "$TMP/fx/want"
check_graph "$TMP/fx/edges" 'x 1
y 0' >"$TMP/r" 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -qx 'cycle: x -> y -> x' "$TMP/r"; then ok "objects: a link cycle between two object files fails"
else notok "objects: a link cycle between two object files fails" "rc $rc: $(cat "$TMP/r")"; fi
# without the call back, the same objects pass
cp "$TMP/fx/src/y/y2.c.in" "$TMP/fx/src/y/y.c"
${CC:-cc} -c -o "$TMP/fx/b/obj/src/y/y.o" "$TMP/fx/src/y/y.c"
objs "$TMP/fx/b" "$TMP/fx/src" | edges >"$TMP/fx/edges"
if check_graph "$TMP/fx/edges" 'x 1
y 0' >"$TMP/r" 2>&1 && [ "$(cat "$TMP/fx/edges")" = "x y y_f" ]; then ok "objects: the cycle broken, they pass"
else notok "objects: the cycle broken, they pass" "$(cat "$TMP/fx/edges" "$TMP/r")"; fi

# ---- nocsyn's own modules --------------------------------------------------
objs "$BUILD" "$ROOT/src" >"$TMP/objs"
if grep -q ' -$' "$TMP/objs"; then
    notok "every source has its object under $BUILD" "$(grep ' -$' "$TMP/objs" | head -3) (run make)"
else ok "every source has its object under $BUILD"; fi
edges <"$TMP/objs" >"$TMP/edges"
if [ "$(cut -d' ' -f1,2 "$TMP/edges" | sort -u | wc -l)" -ge 40 ]; then ok "module graph found (>= 40 module edges)"
else notok "module graph found (>= 40 module edges)" "$(cut -d' ' -f1,2 "$TMP/edges" | sort -u | wc -l) edges"; fi
for m in $(ls "$ROOT/src"); do
    [ -d "$ROOT/src/$m" ] || continue
    echo "$LAYERS" | grep -q "^$m " || notok "module $m has a layer in test_layers.sh"
done
check_graph "$TMP/edges" "$LAYERS" >"$TMP/r" 2>&1; rc=$?
if [ $rc -eq 0 ] && [ ! -s "$TMP/r" ]; then ok "modules: no cycle, every edge down the layers"
else notok "modules: no cycle, every edge down the layers" "$(head -20 "$TMP/r")"; fi

# ---- every global of the library carries the noc_ prefix -------------------
# (house rules: exported names start with noc_; the rest is static).  Only
# nocsyn's own objects are in libnocsyn.a: no third-party code is linked in.
# unprefixed ARCHIVE: its defined global symbols without the prefix, sorted.
unprefixed() {
    nm -g --defined-only "$1" | awk 'NF == 3 && $2 ~ /^[A-Z]$/ && $3 !~ /^noc_/ { print $3 }' | sort -u
}
printf 'int helper_x(void);\nint helper_x(void) { return 1; }\nint noc_fine(void);\nint noc_fine(void) { return 2; }\nstatic int file_local(void) { return 3; }\nint noc_uses(void);\nint noc_uses(void) { return file_local(); }\n' >"$TMP/g.c"
${CC:-cc} -c -o "$TMP/g.o" "$TMP/g.c" && ar rcs "$TMP/g.a" "$TMP/g.o"
got=$(unprefixed "$TMP/g.a" | tr '\n' ' ')
[ "$got" = "helper_x " ] && ok "prefix check: finds the unprefixed global of a fixture, not its static" ||
    notok "prefix check: finds the unprefixed global of a fixture, not its static" "got '$got'"
if [ -f "$BUILD/libnocsyn.a" ]; then
    unprefixed "$BUILD/libnocsyn.a" >"$TMP/unprefixed"
    if [ ! -s "$TMP/unprefixed" ]; then ok "libnocsyn.a: no global symbol without the noc_ prefix"
    else notok "libnocsyn.a: no global symbol without the noc_ prefix" \
        "$(wc -l <"$TMP/unprefixed") unprefixed: $(head -5 "$TMP/unprefixed" | tr '\n' ' ')"; fi
    n=$(nm -g --defined-only "$BUILD/libnocsyn.a" | awk 'NF == 3 && $2 ~ /^[A-Z]$/' | wc -l)
    [ "$n" -ge 300 ] && ok "libnocsyn.a: $n globals seen by nm" || notok "libnocsyn.a: globals seen by nm" "$n"
else
    notok "libnocsyn.a built under $BUILD" "run make"
fi
