#!/bin/sh
# The browser UI in five languages and the pseudo-locale (tests/web/i18n.mjs);
# screenshots in build/test-artifacts/i18n/.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/playwright-core ]; then echo "ok 1 - i18n in the browser # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/i18n.mjs
