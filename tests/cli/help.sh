#!/bin/sh
# The command-line conventions every command keeps (docs/architecture.md,
# "Command line"): `gemgames CMD --help` prints its usage on stdout and exits
# 0; a wrong option is named on stderr and exits 2; --version prints the
# version and exits 0. For all seven commands, and for gemgames itself.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
VERSION=$(sed -n 's/^#define GG_VERSION "\(.*\)"$/\1/p' "$(dirname "$0")/../../include/gemgames.h")

# run NAME ARGS...: exit code in $rc, stdout in $TMP/NAME.out, stderr in .err
run() {
    n=$1; shift
    "$G" "$@" >"$TMP/$n.out" 2>"$TMP/$n.err" </dev/null
    rc=$?
}
is() { # is "what" actual expected
    T_N=$((T_N + 1))
    if [ "$2" = "$3" ]; then echo "ok $T_N - $1"; else echo "not ok $T_N - $1"; echo "# got $2, expected $3"; fi
}

for cmd in play selfplay replay bench match engine serve; do
    run "$cmd-help" "$cmd" --help
    is "$cmd --help exits 0" "$rc" 0
    contains "$cmd --help prints its usage on stdout" "$(cat "$TMP/$cmd-help.out")" "gemgames $cmd"
    contains "$cmd --help prints nothing on stderr" "[$(cat "$TMP/$cmd-help.err")]" "[]"

    run "$cmd-bad" "$cmd" --no-such-option
    is "$cmd --no-such-option exits 2" "$rc" 2
    contains "$cmd names the wrong option on stderr" "$(cat "$TMP/$cmd-bad.err")" "--no-such-option"
    contains "$cmd prints no usage on stdout for a wrong option" "[$(cat "$TMP/$cmd-bad.out")]" "[]"

    run "$cmd-version" "$cmd" --version
    is "$cmd --version exits 0" "$rc" 0
    contains "$cmd --version prints the version" "$(cat "$TMP/$cmd-version.out")" "gemgames $VERSION"
done

# Usage errors of the commands that take values: named, exit 2.
for args in "selfplay ys --games" "bench --players" "play ys --seat"; do
    set -- $args
    opt=$(eval echo "\${$#}")
    run missing "$@"
    is "$args (no value) exits 2" "$rc" 2
    contains "$args (no value) names $opt" "$(cat "$TMP/missing.err")" "$opt"
done
run flagval bench --json=yes
is "bench --json=yes (a flag given a value) exits 2" "$rc" 2
contains "bench --json=yes names --json" "$(cat "$TMP/flagval.err")" "--json"
run combine-other match --combine a.json --games 2
is "match --combine with a match option exits 2" "$rc" 2
contains "match --combine with a match option says what --combine takes" "$(cat "$TMP/combine-other.err")" "--combine takes only FILEs and --json"
run serve-range serve --port 70000
is "serve --port 70000 exits 2" "$rc" 2
contains "serve --port 70000 names --port" "$(cat "$TMP/serve-range.err")" "--port"
run engine-operand engine stray
is "engine with an operand exits 2" "$rc" 2
run operand replay
is "replay without FILE exits 2" "$rc" 2
run help-cmd help selfplay
is "gemgames help selfplay exits 0" "$rc" 0
contains "gemgames help selfplay prints its usage" "$(cat "$TMP/help-cmd.out")" "gemgames selfplay GAME"

# gemgames itself
run top-help --help
is "gemgames --help exits 0" "$rc" 0
for cmd in play selfplay replay bench match engine serve; do
    contains "gemgames --help lists $cmd" "$(cat "$TMP/top-help.out")" "gemgames $cmd"
done
run top-version --version
is "gemgames --version exits 0" "$rc" 0
is "gemgames --version prints the version" "$(cat "$TMP/top-version.out")" "gemgames $VERSION"
run top-bad --no-such-option
is "gemgames --no-such-option exits 2" "$rc" 2
contains "gemgames names the wrong option" "$(cat "$TMP/top-bad.err")" "--no-such-option"
run top-none
is "gemgames without a command exits 2" "$rc" 2
echo "1..$T_N"
