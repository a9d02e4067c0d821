#!/bin/sh
# The server's HTTP + WebSocket API against the real binary (tests/web/api.mjs).
# Needs node and the npm packages from `npm ci` (scripts/setup.sh).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - api # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/api.mjs
