#!/bin/sh
# i18n-missing.sh — every message id missing from each catalogue (the browser's
# web/i18n/<lang>.json, the event sentences' data/i18n/<lang>.json, the
# terminal's po/<lang>.po), one JSON string a line under "# <file>: N missing".
# Add their translations, then `make pot` merges new terminal messages into
# po/*.po (docs/i18n.md, "When a string is added").
cd "$(dirname "$0")/.." && exec python3 scripts/i18n-check.py --missing
