#!/bin/sh
# `make check`: the library as a third party gets it.  `make install` into
# a scratch prefix (and once more with DESTDIR staging); a small C program
# built against the installed headers with pkg-config, linked shared and
# static, generates a 4x4 mesh and evaluates it; Python loads
# libnocsyn.so through cffi (ABI mode, ffi.dlopen) and reuses one error
# context across failing calls.  Oracles for the 4 x 4 mesh (k = 4, one
# terminal per router), by hand: R = N = 16; links 2k(k-1) = 24 (48
# channels); diameter 2(k-1) = 6; uniform traffic with self traffic has
# mean |x - x'| = (k^2 - 1)/(3k) = 1.25 per dimension, so hops_avg = 2.5;
# the bisection cuts the k = 4 links between columns 1 and 2.
. "$(dirname "$0")/../cli/lib.sh"
BUILD=${BUILD:-build}
P="$TMP/prefix"
if make -s -C "$ROOT" BUILD="$BUILD" install PREFIX="$P" >"$TMP/inst" 2>&1; then ok "make install PREFIX"
else notok "make install PREFIX" "$(tail -5 "$TMP/inst")"; exit 0; fi
for f in bin/nocsyn lib/libnocsyn.a lib/libnocsyn.so lib/pkgconfig/nocsyn.pc include/nocsyn.h include/nocsyn/core.h include/nocsyn/synth.h share/man/man1/nocsyn.1; do
    [ -e "$P/$f" ] || notok "installed $f"
done
ok "installed: binary, both libraries, headers, nocsyn.pc, man page"
n_hdr=$(ls "$ROOT"/include/nocsyn/*.h | wc -l)
n_inc=$(grep -c '^#include "nocsyn/' "$P/include/nocsyn.h")
[ "$n_hdr" -eq "$n_inc" ] && ok "nocsyn.h includes every public header ($n_hdr)" || notok "nocsyn.h includes every public header" "$n_inc of $n_hdr"
miss=$(grep -L 'extern "C"' "$P"/include/nocsyn/*.h)
[ -z "$miss" ] && ok "every public header has extern \"C\"" || notok "every public header has extern \"C\"" "$miss"
run "installed nocsyn --version" 0 "$P/bin/nocsyn" --version
ver=$(sed -n 's/^#define NOC_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' "$ROOT/include/nocsyn/core.h" | paste -sd.)
has "version from core.h's three numbers ($ver)" "$TMP/out" "^nocsyn $ver\$"

if make -s -C "$ROOT" BUILD="$BUILD" install PREFIX=/opt/nocsyn DESTDIR="$TMP/stage" >"$TMP/inst" 2>&1 &&
    [ -f "$TMP/stage/opt/nocsyn/lib/libnocsyn.a" ] && grep -qx 'prefix=/opt/nocsyn' "$TMP/stage/opt/nocsyn/lib/pkgconfig/nocsyn.pc"
then ok "DESTDIR stages under the prefix, nocsyn.pc names the prefix"
else notok "DESTDIR stages under the prefix" "$(tail -3 "$TMP/inst")"; fi

export PKG_CONFIG_PATH="$P/lib/pkgconfig"
run "pkg-config knows nocsyn $ver" 0 pkg-config --modversion nocsyn
has "pkg-config version" "$TMP/out" "^$ver\$"

cat >"$TMP/prog.c" <<'EOF'
#include <nocsyn.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_eval_opts o;
    struct noc_metrics m;
    noc_ctx_init(&ctx);
    noc_topo_init(&t);
    noc_metrics_init(&m);
    noc_eval_opts_init(&o);
    o.threads = 1;
    if (strcmp(noc_version(), NOC_VERSION) != 0)
        return 3;
    if (noc_gen_spec(&t, "mesh:k=4,n=2", &ctx) || noc_traffic_make(&tr, &t, "uniform", NULL, &ctx) ||
        noc_eval(&t, &tr, &o, &m, &ctx)) {
        fprintf(stderr, "error: %s\n", ctx.msg);
        return 1;
    }
    printf("version %s\nrouters %d terminals %d links %d channels %d diameter %d hops_avg %.6f bisection %d\n",
           noc_version(), m.routers, m.terminals, m.links, m.channels, m.diameter, m.hops_avg, m.bisection_links);
    printf("sizeof_topo %zu\n", sizeof(struct noc_topo));
    noc_metrics_free(&m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
    return 0;
}
EOF
mesh_want="routers 16 terminals 16 links 24 channels 48 diameter 6 hops_avg 2.500000 bisection 4"
# shared: the plain pkg-config line; the loader finds the library by rpath
if ${CC:-cc} -Wall -Werror -o "$TMP/prog_so" "$TMP/prog.c" $(pkg-config --cflags --libs nocsyn) -Wl,-rpath,"$P/lib" 2>"$TMP/err"
then ok "C program builds against the shared library"; else notok "C program builds (shared)" "$(head -5 "$TMP/err")"; fi
run "C program runs (shared)" 0 "$TMP/prog_so"
has "shared: 4x4 mesh evaluated as derived by hand" "$TMP/out" "^$mesh_want\$"
has "shared: noc_version() = $ver" "$TMP/out" "^version $ver\$"
if ldd "$TMP/prog_so" | grep -q "$P/lib/libnocsyn.so.0"; then ok "shared: linked to the installed libnocsyn.so.0"
else notok "shared: linked to the installed libnocsyn.so.0" "$(ldd "$TMP/prog_so" | grep nocsyn)"; fi
# static: the archive plus the private libraries pkg-config lists
if ${CC:-cc} -Wall -Werror -o "$TMP/prog_a" "$TMP/prog.c" $(pkg-config --cflags nocsyn) \
    -Wl,-Bstatic -lnocsyn -Wl,-Bdynamic $(pkg-config --static --libs nocsyn | sed 's/-lnocsyn//') 2>"$TMP/err"
then ok "C program builds against the static library"; else notok "C program builds (static)" "$(head -5 "$TMP/err")"; fi
run "C program runs (static)" 0 "$TMP/prog_a"
has "static: 4x4 mesh evaluated as derived by hand" "$TMP/out" "^$mesh_want\$"
if ldd "$TMP/prog_a" | grep -q libnocsyn; then notok "static: no libnocsyn.so needed" "$(ldd "$TMP/prog_a" | grep nocsyn)"
else ok "static: no libnocsyn.so needed"; fi
SZ=$(sed -n 's/^sizeof_topo //p' "$TMP/out")

# the shared library exports the noc_ prefix only
bad=$(nm -D --defined-only "$P/lib/libnocsyn.so" | awk 'NF == 3 && $3 !~ /^noc_/' | head -5)
[ -z "$bad" ] && ok "libnocsyn.so exports noc_* only" || notok "libnocsyn.so exports noc_* only" "$bad"
[ "$(nm -D --defined-only "$P/lib/libnocsyn.so" | grep -c ' T noc_')" -ge 300 ] &&
    ok "libnocsyn.so exports the API (>= 300 functions)" || notok "libnocsyn.so exports the API"

# Python through cffi, ABI mode
if ! python3 -c 'import cffi' 2>/dev/null; then
    notok "python3-cffi installed" "make deps installs python3-cffi"; exit 0
fi
cat >"$TMP/smoke.py" <<'EOF'
import sys, cffi
lib_path, sz = sys.argv[1], int(sys.argv[2])
ffi = cffi.FFI()
ffi.cdef("""
struct noc_ctx { int status; char msg[1024]; void (*note)(void *, const char *); void *note_ud; unsigned seed; };
struct noc_topo;
const char *noc_version(void);
void noc_ctx_init(struct noc_ctx *ctx);
void noc_ctx_clear(struct noc_ctx *ctx);
int noc_ctx_take(struct noc_ctx *ctx, char *buf, size_t len);
const char *noc_strerror(int status);
int noc_exit_code(int status);
void noc_topo_init(struct noc_topo *t);
void noc_topo_free(struct noc_topo *t);
int noc_gen_spec(struct noc_topo *t, const char *spec, struct noc_ctx *ctx);
int noc_parse_double(const char *s, double *out);
""")
L = ffi.dlopen(lib_path)
print("version", ffi.string(L.noc_version()).decode())
ctx = ffi.new("struct noc_ctx *")
L.noc_ctx_init(ctx)
buf = ffi.new("char[1024]")
raw = ffi.new("double[]", sz // 8 + 1)          # room for a struct noc_topo
t = ffi.cast("struct noc_topo *", raw)
def gen(spec):
    L.noc_topo_init(t)
    rc = L.noc_gen_spec(t, spec.encode(), ctx)
    L.noc_topo_free(t)
    return rc
rc = gen("mesh:k=4,n=2")
print("ok", rc, ctx.status)
for k in ("0", "1"):
    rc = gen("mesh:k=%s,n=2" % k)
    st = L.noc_ctx_take(ctx, buf, 1024)
    print("bad", k, rc, st, L.noc_exit_code(rc), ffi.string(buf).decode())
# without take: the first error of the call is kept until cleared
gen("mesh:k=0,n=2"); gen("mesh:k=1,n=2")
print("kept", ffi.string(ctx.msg).decode())
L.noc_ctx_clear(ctx)
gen("mesh:k=1,n=2")
print("cleared", ffi.string(ctx.msg).decode())
d = ffi.new("double *")
print("parse", L.noc_parse_double(b" 2.5 ", d), d[0], L.noc_parse_double(b"x", d))
print("strerror", ffi.string(L.noc_strerror(2)).decode())
EOF
if python3 "$TMP/smoke.py" "$P/lib/libnocsyn.so" "$SZ" >"$TMP/py" 2>&1; then ok "python cffi smoke test runs"
else notok "python cffi smoke test runs" "$(tail -3 "$TMP/py")"; fi
has "python: noc_version" "$TMP/py" "^version $ver\$"
has "python: a good noc_gen_spec" "$TMP/py" "^ok 0 0\$"
# gen.h: k must be >= 2; NOC_EINVAL = 1 (core.h), exit status 2
has "python: first bad call reports k=0" "$TMP/py" "^bad 0 1 1 2 .*'0'"
has "python: reused context reports the new error (k=1)" "$TMP/py" "^bad 1 1 1 2 .*'1'"
has "python: without take the first error is kept" "$TMP/py" "^kept .*'0'"
has "python: after noc_ctx_clear the new error" "$TMP/py" "^cleared .*'1'"
has "python: noc_parse_double" "$TMP/py" "^parse 0 2.5 -1\$"
has "python: noc_strerror(NOC_EIO)" "$TMP/py" "^strerror input/output error\$"
