"""A pytest plugin that writes one TAP line per test (tests/run.sh counts them).

Loaded by tests/python/*.sh with `-p tap_plugin`: `ok N - test` for a pass,
`ok N - test # SKIP` for a skip, `not ok N - test` for a failure or error in
any phase. The lines go to the file named by $GEMGAMES_TAP (the script prints
it after pytest's own report, whose progress dots would otherwise start the
lines), or to stdout.
"""
import os
import sys

_n = 0
_out = None


def _tap(ok, name, extra=""):
    global _n, _out
    if _out is None:
        path = os.environ.get("GEMGAMES_TAP")
        _out = open(path, "w") if path else sys.__stdout__
    _n += 1
    _out.write("%s %d - %s%s\n" % ("ok" if ok else "not ok", _n, name, extra))
    _out.flush()


def pytest_runtest_logreport(report):
    if report.when == "call":
        if report.passed:
            _tap(True, report.nodeid)
        elif report.skipped:
            _tap(True, report.nodeid, " # SKIP")
        else:
            _tap(False, report.nodeid)
    elif report.failed:  # setup or teardown went wrong
        _tap(False, "%s (%s)" % (report.nodeid, report.when))
    elif report.when == "setup" and report.skipped:
        _tap(True, report.nodeid, " # SKIP")


def pytest_collectreport(report):
    if report.failed:
        _tap(False, "collect %s" % report.nodeid)
