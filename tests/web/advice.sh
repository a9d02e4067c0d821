#!/bin/sh
# Hints and post-game analysis over the WebSocket (tests/web/advice.mjs).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - advice # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/advice.mjs
