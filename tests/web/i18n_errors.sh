#!/bin/sh
# The server's refusals shown in the player's language (tests/web/i18n_errors.mjs).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/playwright-core ]; then echo "ok 1 - server errors in the player's language # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/i18n_errors.mjs
