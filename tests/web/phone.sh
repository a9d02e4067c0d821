#!/bin/sh
# The start page in players' words and the phone as a first-class device, in
# headless chromium (tests/web/phone.mjs); screenshots in build/test-artifacts/.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -d node_modules/playwright-core ]; then echo "ok 1 - phone # SKIP node_modules missing (run npm ci)"; exit 0; fi
exec node tests/web/phone.mjs
