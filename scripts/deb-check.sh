#!/bin/sh
# The Debian package, end to end (CI, .ci/run; needs root, or sudo):
#   1. builds the .debs with dpkg-buildpackage from a clean copy of the tree
#      (tracked files, plus the two npm libraries the UI loads) and runs lintian;
#   2. installs them (apt-get, so their dependencies come too);
#   3. starts the server: with systemd when it runs, else the unit's own
#      ExecStart line (with its EnvironmentFile) as the unit's user;
#   4. fetches the start page and a vendor library, plays a bot game over the
#      HTTP API to its end, and builds a program against libgemgames-dev;
#   5. purges the packages: the program, its state and its config are gone.
# Prints TAP lines and "deb: N passed, N failed"; exits non-zero on a failure.
# The built packages are left in build/deb/.
set -u
cd "$(dirname "$0")/.." || exit 1
SRC=$PWD
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
VERSION=$(sed -n 's/^#define GG_VERSION "\(.*\)"$/\1/p' include/gemgames.h)
OUT=$SRC/build/deb
WORK=$(mktemp -d)
PID=""
n=0; bad=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); bad=$((bad + 1)); echo "not ok $n - $1"; }
check() { what=$1; shift; if "$@"; then ok "$what"; else notok "$what"; fi; }
finish() {
    [ -n "$PID" ] && $SUDO kill "$PID" 2>/dev/null
    rm -rf "$WORK"
    echo "deb: $((n - bad)) passed, $bad failed"
    [ "$bad" = 0 ]
    exit
}
trap finish EXIT INT TERM

# 1. build from a clean copy
tree="$WORK/gemgames-$VERSION"
mkdir -p "$tree/node_modules" "$OUT"
git ls-files -co --exclude-standard | grep -v '^node_modules' | tar -cf - -T - | tar -xf - -C "$tree"
cp -a node_modules/preact node_modules/htm "$tree/node_modules/"
if (cd "$tree" && dpkg-buildpackage -us -uc -b) >"$OUT/build.log" 2>&1; then
    ok "dpkg-buildpackage -us -uc -b builds the packages"
else
    notok "dpkg-buildpackage -us -uc -b builds the packages (build/deb/build.log)"
    tail -n 30 "$OUT/build.log" | sed 's/^/# /'
    exit 1
fi
rm -f "$OUT"/*.deb
cp "$WORK"/*.deb "$WORK"/*.changes "$WORK"/*.buildinfo "$OUT/"
deb="$OUT/gemgames_${VERSION}_$(dpkg --print-architecture).deb"
dev="$OUT/libgemgames-dev_${VERSION}_$(dpkg --print-architecture).deb"
check "the program and the -dev package are built" test -f "$deb" -a -f "$dev"
if command -v lintian >/dev/null 2>&1; then
    lintian --fail-on error,warning "$OUT"/gemgames_*.changes >"$OUT/lintian.log" 2>&1
    lrc=$?
    sed 's/^/# /' "$OUT/lintian.log" | grep -v 'running with root' | head -n 20
    check "lintian finds no error or warning" test "$lrc" = 0
fi

# 2. install
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -qq "$deb" "$dev" >"$OUT/install.log" 2>&1
check "the packages install" sh -c "dpkg -s gemgames libgemgames-dev >/dev/null 2>&1"
check "the server's user exists" sh -c "getent passwd gemgames >/dev/null"
check "its state directory belongs to it" test "$(stat -c %U /var/lib/gemgames 2>/dev/null)" = gemgames
check "the installed program runs" sh -c "/usr/games/gemgames --version | grep -qx 'gemgames $VERSION'"
check "the manual is installed" test -f /usr/share/man/man1/gemgames.1.gz

# 3. start the service, on a free loopback port and with bots at full speed
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18080)
$SUDO sh -c "echo 'GEMGAMES_OPTS=\"--host 127.0.0.1 --port $port --bot-delay 0\"' >/etc/default/gemgames"
unit=/lib/systemd/system/gemgames.service
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    how="systemd"
    $SUDO systemctl daemon-reload
    $SUDO systemctl restart gemgames
else
    # the unit's command line, as the unit's user, in its working directory
    how="the unit's ExecStart as its user (no systemd running)"
    user=$(sed -n 's/^User=//p' "$unit")
    dir=$(sed -n 's/^WorkingDirectory=//p' "$unit")
    envfile=$(sed -n 's/^EnvironmentFile=-\{0,1\}//p' "$unit")
    cmd=$(sed -n 's/^ExecStart=//p' "$unit")
    $SUDO runuser -u "$user" -- sh -c "cd '$dir' && set -a && . '$envfile' && set +a && exec $cmd" \
        >"$WORK/serve.log" 2>&1 &
    PID=$!
fi
up=""
for _ in $(seq 1 100); do
    curl -sf --max-time 2 "http://127.0.0.1:$port/" >"$WORK/index.html" 2>/dev/null && { up=1; break; }
    sleep 0.2
done
check "the service starts ($how) and serves the start page" test -n "$up"
[ -n "$up" ] || sed 's/^/# /' "$WORK/serve.log" 2>/dev/null | tail -n 10
check "the start page loads the UI's libraries" grep -q '/vendor/preact/dist/preact.module.js' "$WORK/index.html"
check "a vendor library is served" sh -c "curl -sf --max-time 5 http://127.0.0.1:$port/vendor/htm/dist/htm.module.js | grep -q export"

# 4. a bot game over the API (docs/server.md)
created=$(curl -sf --max-time 5 -X POST -H 'Content-Type: application/json' \
    -d '{"game":"splendor","players":2,"seats":["heuristic","random"],"seed":7}' \
    "http://127.0.0.1:$port/api/tables")
id=$(printf '%s' "$created" | sed -n 's/^{"id":"\([0-9a-f]*\)".*/\1/p')
check "a table of two bots is created over the API" test -n "$id"
over=""
for _ in $(seq 1 150); do
    info=$(curl -sf --max-time 5 "http://127.0.0.1:$port/api/tables/$id")
    case "$info" in *'"over":true'*) over=1; break ;; esac
    sleep 0.2
done
check "the bots play the game to its end" test -n "$over"
echo "# $(printf '%s' "$info" | grep -o '"moves":[0-9]*,.*"result":{[^}]*}' | head -c 200)"
curl -sf --max-time 5 "http://127.0.0.1:$port/api/tables/$id/record" >"$WORK/record.json"
check "its game record is served" grep -q '"splendor"' "$WORK/record.json"
check "the table is stored in /var/lib/gemgames" $SUDO test -s /var/lib/gemgames/gemgames.db
cat >"$WORK/hello.c" <<'C'
#include <stdio.h>
#include <gemgames.h>
int main(void) { printf("%s\n", gg_game_title(gg_game_find("splendor"))); return 0; }
C
# shellcheck disable=SC2046
cc -o "$WORK/hello" "$WORK/hello.c" $(pkg-config --cflags --libs gemgames) >"$WORK/cc.log" 2>&1
check "a program builds with libgemgames-dev (pkg-config gemgames)" sh -c "'$WORK/hello' | grep -qx Splendor"

# 5. stop and purge
if [ "$how" = systemd ]; then $SUDO systemctl stop gemgames; else $SUDO kill "$PID"; wait "$PID" 2>/dev/null; PID=""; fi
for _ in $(seq 1 50); do pgrep -u gemgames >/dev/null 2>&1 || break; sleep 0.1; done
check "the server stops" sh -c "! pgrep -u gemgames >/dev/null 2>&1"
$SUDO apt-get purge -y -qq gemgames libgemgames-dev >"$OUT/purge.log" 2>&1
check "the packages are purged" sh -c "! dpkg -s gemgames >/dev/null 2>&1 && ! dpkg -s libgemgames-dev >/dev/null 2>&1"
check "the program is gone" test ! -e /usr/games/gemgames
check "the state is gone" test ! -e /var/lib/gemgames
check "the configuration is gone" test ! -e /etc/default/gemgames
