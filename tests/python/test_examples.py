"""The examples in examples/python run as docs/python.md says; the learning
example must show its measured improvement (it exits 1 otherwise)."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(ROOT, "examples", "python")


def run(script, *args, timeout=170):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "build", "python"))
    p = subprocess.run([sys.executable, os.path.join(EXAMPLES, script), *args], env=env,
                       capture_output=True, text=True, timeout=timeout)
    print(p.stdout)
    print(p.stderr, file=sys.stderr)
    return p


@pytest.mark.parametrize("args", [["splendor", "--players", "3"], ["ys", "--players", "5", "--quiet"]])
def test_random_playout(args):
    p = run("random_playout.py", *args)
    assert p.returncode == 0
    assert re.search(r"^\d+ moves; scores \[.*\]; ranks \[.*\]; returns", p.stdout, re.M)


def test_match_between_two_python_policies():
    p = run("match.py", "--games", "40")
    assert p.returncode == 0
    m = re.search(r"greedy won (\d+)", p.stdout)
    assert m and int(m.group(1)) > 20  # greedy on points beats random


def test_learning_example_improves_on_untrained():
    p = run("learn_value.py")
    assert p.returncode == 0, "the learning example did not show its improvement"
    before = float(re.search(r"untrained \(w = 0\): win rate ([\d.]+)", p.stdout).group(1))
    after = float(re.search(r"trained: win rate ([\d.]+)", p.stdout).group(1))
    assert after >= before + 0.2


def test_vector_benchmark_script_runs():
    p = run("bench_vector.py", "--seconds", "0.3", "--envs", "64")
    assert p.returncode == 0
    assert re.search(r"decisions/s", p.stdout)
