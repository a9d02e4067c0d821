#!/bin/sh
# pytest tests/python/test_simulation.py, the Ys half (python_simulation.sh runs
# the Splendor half) against build/python (make python); TAP out.
. "$(dirname "$0")/pytest.inc"
run_pytest tests/python/test_simulation.py -k "not splendor"
