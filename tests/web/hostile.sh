#!/bin/sh
# The server against a hostile client (tests/web/hostile.mjs): every attack of
# issue 18 that the server now refuses, on loopback, bounded in time.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - hostile # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/hostile.mjs
