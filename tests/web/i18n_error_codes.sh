#!/bin/sh
# Every error code of server/*.c has a sentence in every language of the browser (tests/web/i18n_error_codes.mjs).
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/ws ]; then echo "ok 1 - error codes in every language # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/i18n_error_codes.mjs
