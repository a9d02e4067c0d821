#!/bin/sh
# Every example of docs/protocol.md and docs/formats.md is run
# (tests/cli/docs_examples.py says how each kind of example is checked).
cd "$(dirname "$0")/../.." || exit 1
exec python3 tests/cli/docs_examples.py
