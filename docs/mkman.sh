#!/bin/sh
# mkman.sh NOCSYN > nocsyn.1: the man page, generated from the binary's own
# help text (`nocsyn --help` and every `nocsyn COMMAND --help`), so the page
# and --help cannot differ.  `make man` writes build/nocsyn.1; `make
# install` installs it as share/man/man1/nocsyn.1.  Each command's help
# becomes a subsection, printed verbatim (.nf) after roff escaping: a
# backslash doubled, a line starting with '.' or "'" protected by \&.
set -eu
BIN=${1:?usage: mkman.sh NOCSYN}
esc() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
ver=$("$BIN" --version | sed 's/^nocsyn //')
cmds=$("$BIN" --help | sed -n '/^Commands:/,/^$/p' | awk 'NF >= 2 && $1 != "Commands:" { print $1 }')
printf '.TH NOCSYN 1 "" "nocsyn %s" "User Commands"\n' "$ver"
printf '.SH NAME\nnocsyn \\- network-on-chip topology synthesis and design-space exploration\n'
printf '.SH SYNOPSIS\n.B nocsyn\n.I COMMAND\n[\n.I ARGS...\n]\n.br\n.B nocsyn\n.I COMMAND\n.B \\-\\-help\n'
printf '.SH DESCRIPTION\n.nf\n'
"$BIN" --help | esc
printf '.fi\n.SH COMMANDS\n'
for c in $cmds; do
    printf '.SS %s\n.nf\n' "$c"
    "$BIN" "$c" --help | esc
    printf '.fi\n'
done
printf '.SH EXIT STATUS\n0 success, 1 a valid request that cannot be met, 2 bad input or usage\n(one line on standard error naming the file and line; nothing written).\n'
printf '.SH SEE ALSO\nREADME.md and docs/ of the source tree: docs/INTERFACE.md (the contract:\ncommands, formats, output keys).\n'
