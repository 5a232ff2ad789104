#!/bin/sh
# The man page is generated from the binary's own help (docs/mkman.sh), so
# it cannot differ from --help: every command is a subsection, every option
# line of every command's --help is in the page, the page renders with
# groff's warnings on and nothing to say, and roff-special help text (a
# leading '.' or a backslash) survives escaping.
. "$(dirname "$0")/lib.sh"
if sh "$ROOT/docs/mkman.sh" "$NOCSYN" >"$TMP/nocsyn.1" 2>"$TMP/err"; then ok "mkman.sh writes the page"
else notok "mkman.sh writes the page" "$(cat "$TMP/err")"; exit 0; fi
cmds=$("$NOCSYN" --help | sed -n '/^Commands:/,/^$/p' | awk 'NF >= 2 && $1 != "Commands:" { print $1 }')
n=0; miss=""
for c in $cmds; do
    n=$((n + 1))
    grep -qx ".SS $c" "$TMP/nocsyn.1" || miss="$miss $c"
done
[ "$n" -ge 15 ] && [ -z "$miss" ] && ok "every command ($n) is a subsection" || notok "every command is a subsection" "$n commands, missing:$miss"
miss=""; nopt=0
for c in $cmds; do
    for o in $("$NOCSYN" "$c" --help | sed -n 's/^  *\(--[a-z][a-z0-9-]*\).*/\1/p' | sort -u); do
        nopt=$((nopt + 1))
        grep -q -- "$(echo "$o" | sed 's/-/\\\\-\\{0,1\\}-/')" "$TMP/nocsyn.1" || grep -q -- "$o" "$TMP/nocsyn.1" || miss="$miss $c:$o"
    done
done
[ "$nopt" -ge 100 ] && [ -z "$miss" ] && ok "every option line of every --help ($nopt) is in the page" || notok "every option of every --help is in the page" "$nopt options, missing:$miss"
if command -v groff >/dev/null 2>&1; then
    groff -man -Tutf8 -ww -z "$TMP/nocsyn.1" >"$TMP/gw" 2>&1
    [ ! -s "$TMP/gw" ] && ok "groff -ww renders it without a warning" || notok "groff renders it without a warning" "$(head -5 "$TMP/gw")"
    groff -man -Tutf8 "$TMP/nocsyn.1" 2>/dev/null | col -b 2>/dev/null >"$TMP/txt" || groff -man -Tascii "$TMP/nocsyn.1" >"$TMP/txt" 2>/dev/null
    has "rendered page shows synth's usage line" "$TMP/txt" "usage: nocsyn synth APP"
else
    ok "groff absent: rendering not checked (SKIP)"
fi
# escaping, on a fake binary whose help has roff-special lines
cat >"$TMP/fake" <<'EOT'
#!/bin/sh
case "$1" in
--version) echo "nocsyn 9.9.9" ;;
--help) printf 'usage: nocsyn\n\nCommands:\n  x          a command\n\n' ;;
x) printf '.TH not a macro\n'"'"'quoted\na \\back slash\n' ;;
esac
EOT
chmod +x "$TMP/fake"
sh "$ROOT/docs/mkman.sh" "$TMP/fake" >"$TMP/f.1"
grep -qx '\\&.TH not a macro' "$TMP/f.1" && grep -qx "\\\\&'quoted" "$TMP/f.1" && grep -qx 'a \\eback slash' "$TMP/f.1" \
    && ok "leading '.', leading quote and backslash escaped" || notok "roff escaping" "$(sed -n '/^.SS x/,$p' "$TMP/f.1")"
has "version from --version" "$TMP/f.1" '^.TH NOCSYN 1 "" "nocsyn 9.9.9"'
