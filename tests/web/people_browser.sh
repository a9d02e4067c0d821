#!/bin/sh
# Names, chat, the lobby and "my tables" in headless chromium
# (tests/web/people_browser.mjs); screenshots in build/test-artifacts/.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/playwright-core ]; then echo "ok 1 - people in the browser # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/people_browser.mjs
