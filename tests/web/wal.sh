#!/bin/sh
# The SQLite WAL stays bounded over many stored moves (tests/web/wal.mjs).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - wal # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/wal.mjs
