#!/bin/sh
# Online play as players expect it (issue 21: clocks, undo against bots,
# rematch, rule G-1 on tables of bots) through the API (tests/web/online.mjs).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - online # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/online.mjs
