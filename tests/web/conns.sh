#!/bin/sh
# The server's connection model against hostile clients (tests/web/conns.mjs):
# a spectator who stops reading, WebSockets that never answer pings, slow
# headers, thousands of idle connections while a game is played. Opens many
# loopback sockets: raises its own open-file limit (CONNS_IDLE_WS, default
# 10000, and CONNS_SLOW, default 1000, say how many).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - conns # SKIP node_modules missing (run npm ci)"; exit 0; fi
ulimit -n "$(ulimit -Hn)" 2>/dev/null
# Server and client each need a descriptor per connection: with a lower
# limit, fewer idle WebSockets (the TAP lines say how many).
lim=$(ulimit -n)
if [ "$lim" != unlimited ] && [ "$lim" -lt 11600 ] && [ -z "${CONNS_IDLE_WS:-}" ]; then
    CONNS_SLOW=${CONNS_SLOW:-$((lim / 12))}
    CONNS_IDLE_WS=$((lim - CONNS_SLOW - 600))
    export CONNS_SLOW CONNS_IDLE_WS
    echo "# open-file limit $lim: $CONNS_IDLE_WS idle WebSockets, $CONNS_SLOW slow-header connections"
fi
exec node tests/web/conns.mjs
