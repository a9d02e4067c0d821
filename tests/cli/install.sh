#!/bin/sh
# `make install DESTDIR=...` into a temporary directory gives a working
# gemgames: run from outside the checkout it plays a self-play game and serves
# the web UI (start page and a vendor library over loopback) without --web; a
# program builds against the installed library through pkg-config; and
# `make uninstall` takes every file away again.
. "$(dirname "$0")/../lib/tap.sh"
SRC="$(cd "$(dirname "$0")/../.." && pwd)"
TMP=$(mktemp -d); SRV=""
trap '[ -n "$SRV" ] && kill "$SRV" 2>/dev/null; rm -rf "$TMP"' EXIT
ROOT="$TMP/root"
unset MAKEFLAGS MFLAGS MAKELEVEL
make -s -C "$SRC" install DESTDIR="$ROOT" PREFIX=/usr >"$TMP/install.log" 2>&1
rc=$?
ok_if "make install DESTDIR=... PREFIX=/usr succeeds" test "$rc" = 0
[ "$rc" = 0 ] || sed 's/^/# /' "$TMP/install.log" | tail -n 20
for f in bin/gemgames lib/libgemgames.a lib/pkgconfig/gemgames.pc include/gemgames.h \
         share/man/man1/gemgames.1 share/bash-completion/completions/gemgames \
         share/gemgames/web/index.html share/gemgames/node_modules/preact/dist/preact.module.js \
         share/gemgames/node_modules/preact/hooks/dist/hooks.module.js \
         share/gemgames/node_modules/htm/dist/htm.module.js share/doc/gemgames/README.md; do
    ok_if "installs /usr/$f" test -s "$ROOT/usr/$f"
done
G="$ROOT/usr/bin/gemgames"
mkdir "$TMP/elsewhere" && cd "$TMP/elsewhere" || exit 1

contains "the installed gemgames plays a self-play game" \
    "$("$G" selfplay splendor --games 1 --seed 3 --bots heuristic 2>&1)" "1 games from seed 3"
contains "the installed gemgames knows its version" "$("$G" --version)" "gemgames "

# serve from outside the checkout, no --web: it finds BINDIR/../share/gemgames/web
HOME="$TMP" "$G" serve --port 0 --host 127.0.0.1 --db "$TMP/gg.db" --quiet >"$TMP/serve.out" 2>&1 &
SRV=$!
port=""
for _ in $(seq 1 100); do
    port=$(sed -n 's|.*listening on http://[^:]*:\([0-9]*\)/.*|\1|p' "$TMP/serve.out")
    [ -n "$port" ] && break
    kill -0 "$SRV" 2>/dev/null || break
    sleep 0.1
done
ok_if "the installed server starts without --web" test -n "$port"
[ -n "$port" ] || sed 's/^/# /' "$TMP/serve.out"
page=$(curl -sf --max-time 10 "http://127.0.0.1:$port/" 2>&1)
contains "it serves the start page" "$page" "/vendor/preact/dist/preact.module.js"
lib=$(curl -sf --max-time 10 "http://127.0.0.1:$port/vendor/htm/dist/htm.module.js" 2>&1)
contains "it serves the vendor library htm" "$lib" "export"
lib=$(curl -sf --max-time 10 "http://127.0.0.1:$port/vendor/preact/hooks/dist/hooks.module.js" 2>&1)
contains "it serves preact/hooks" "$lib" "export"
games=$(curl -sf --max-time 10 "http://127.0.0.1:$port/api/games" 2>&1)
contains "its API answers" "$games" '"splendor"'
kill "$SRV" 2>/dev/null; wait "$SRV" 2>/dev/null; SRV=""

# a program against the installed library and header, through pkg-config
cat >"$TMP/hello.c" <<'C'
#include <stdio.h>
#include <gemgames.h>
int main(void)
{
    gg_error err;
    const gg_game *g = gg_game_find("ys");
    gg_options o;
    gg_options_init(&o, g, 3);
    gg_state *s = gg_new(g, &o, 7, &err);
    if (!s) return 1;
    printf("%s for %d\n", gg_game_title(g), gg_players(s));
    gg_free(s);
    return 0;
}
C
flags=$(PKG_CONFIG_PATH="$ROOT/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$ROOT" \
        pkg-config --cflags --libs gemgames 2>&1)
contains "pkg-config knows the installed library" "$flags" "-lgemgames"
# shellcheck disable=SC2086
cc -std=c11 -o "$TMP/hello" "$TMP/hello.c" $flags >"$TMP/cc.log" 2>&1
ok_if "a program builds against the installed header and library" test -x "$TMP/hello"
sed 's/^/# /' "$TMP/cc.log" | head -n 10
contains "and runs" "$("$TMP/hello" 2>&1)" "Ys for 3"

make -s -C "$SRC" uninstall DESTDIR="$ROOT" PREFIX=/usr >/dev/null 2>&1
contains "make uninstall removes every installed file" "[$(find "$ROOT" -type f | head -n 5)]" "[]"
echo "1..$T_N"
