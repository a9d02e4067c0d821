#!/bin/sh
# Names, the lobby, "my tables" and chat against the real binary
# (tests/web/people.mjs): every new input, hostile ones included.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - people # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/people.mjs
