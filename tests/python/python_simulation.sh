#!/bin/sh
# pytest tests/python/test_simulation.py (the Splendor half; python_simulation_ys.sh
# runs the Ys half in parallel) against build/python (make python); TAP out.
. "$(dirname "$0")/pytest.inc"
run_pytest tests/python/test_simulation.py -k splendor
