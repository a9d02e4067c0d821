#!/bin/sh
# Server operations: the request and table log, /healthz, a graceful stop (tests/web/ops.mjs).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - ops # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/ops.mjs
