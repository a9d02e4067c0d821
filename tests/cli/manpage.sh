#!/bin/sh
# The manual page gemgames(1) (man/gemgames.1) has a section for every
# command, and every long option a command's --help shows is in that
# command's section, and the other way round; man renders it without warnings;
# its title line and debian/changelog name the version of include/gemgames.h.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
MAN="$(dirname "$0")/../../man/gemgames.1"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

# section CMD: the roff text of ".SH "gemgames CMD"", with \- as -
section() {
    awk -v h=".SH \"gemgames $1\"" '$0 == h { on = 1; next } /^\.SH / { on = 0 } on' "$MAN" |
        sed 's/\\-/-/g'
}
# --help and --version, which every command takes, are in DESCRIPTION
options() { grep -o -- '--[a-z][a-z0-9-]*' | grep -v -x -e --help -e --version | sort -u; }

for cmd in play selfplay replay bench match engine serve; do
    section "$cmd" >"$TMP/$cmd.man"
    ok_if "the manual has a section for $cmd" test -s "$TMP/$cmd.man"
    if "$G" "$cmd" --help >"$TMP/$cmd.help" 2>/dev/null; then
        missing=""
        for o in $(options <"$TMP/$cmd.help"); do
            grep -q -- "$o\\b" "$TMP/$cmd.man" || missing="$missing $o"
        done
        contains "every option of $cmd --help is in its section of the manual" "[$missing]" "[]"
        stale=""
        for o in $(options <"$TMP/$cmd.man"); do
            grep -q -- "$o\\b" "$TMP/$cmd.help" || stale="$stale $o"
        done
        contains "every option in the manual's $cmd section is in $cmd --help" "[$stale]" "[]"
    else
        T_N=$((T_N + 1)); echo "not ok $T_N - $cmd --help works, to compare with the manual"
    fi
done
contains "the manual's DESCRIPTION says every command takes --help and --version" \
    "$(sed 's/\\-/-/g' "$MAN" | awk '/^\.SH DESCRIPTION/ { on = 1; next } /^\.SH / { on = 0 } on')" \
    "Every command takes"
VERSION=$(sed -n 's/^#define GG_VERSION "\(.*\)"$/\1/p' "$(dirname "$0")/../../include/gemgames.h")
contains "the manual's title line names this version ($VERSION)" "$(grep '^\.TH' "$MAN")" "\"gemgames $VERSION\""
contains "debian/changelog names this version" "$(head -n 1 "$(dirname "$0")/../../debian/changelog")" "($VERSION)"
if command -v man >/dev/null 2>&1; then
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$MAN" 2>&1 >/dev/null)
    contains "man renders gemgames.1 without warnings" "[$warnings]" "[]"
else
    echo "ok $((T_N + 1)) - man renders gemgames.1 # SKIP man is not installed"; T_N=$((T_N + 1))
fi
echo "1..$T_N"
