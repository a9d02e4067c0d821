#!/bin/sh
# The server's connection model against hostile clients (tests/web/conns.mjs):
# a spectator who stops reading, WebSockets that never answer pings, slow
# headers, thousands of idle connections while a game is played. Opens many
# loopback sockets: raises its own open-file limit (CONNS_IDLE_WS, default
# 10000, and CONNS_SLOW, default 1000, say how many).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - conns # SKIP node_modules missing (run npm ci)"; exit 0; fi
ulimit -n "$(ulimit -Hn)" 2>/dev/null
exec node tests/web/conns.mjs
