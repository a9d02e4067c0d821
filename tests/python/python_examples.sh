#!/bin/sh
# The examples in examples/python run as documented; the learning example
# asserts that training improved its win rate against the random bot.
. "$(dirname "$0")/pytest.inc"
run_pytest tests/python/test_examples.py
