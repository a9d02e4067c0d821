#!/bin/sh
# pytest tests/python/test_events.py against build/python (make python); TAP out.
. "$(dirname "$0")/pytest.inc"
run_pytest tests/python/test_events.py
