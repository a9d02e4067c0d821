#!/bin/sh
# The browser UI in headless chromium (tests/web/browser.mjs); screenshots
# in build/test-artifacts/.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/playwright-core ]; then echo "ok 1 - browser # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/browser.mjs
