#!/usr/bin/env python3
"""Benchmarks of the Python package (docs/performance.md, "Python").

1. Single-step overhead: a whole game driven from Python one decision at a
   time (legal list, a random choice in Python, apply), in decisions/s; then
   the same with the event list recorded (new_game(..., record_events=True)).
2. Batched random playouts through the vector environment: N games stepped
   together in C, the learner's seat choosing a uniformly random legal index
   (VectorEnv.sample_actions, drawn in C) and the other seats played by the
   random bot in C, observations and masks written every step. Counted in
   decisions/s: every action applied, the bots' included (as the C bench
   counts them).

    make python && PYTHONPATH=build/python taskset -c 0 python3 examples/python/bench_vector.py
"""
import argparse
import random
import time

import gemgames


def single_step(game, players, seconds, record_events=False):
    rng = random.Random(1)
    decisions, seed = 0, 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        s = gemgames.new_game(game, players, seed=seed, record_events=record_events)
        seed += 1
        while not s.is_over():
            seat = s.actors()[0]
            legal = s.legal(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - start), decisions / (time.process_time() - cpu)


def per_call(game, players):
    """Cost of single calls on a position at least 20 decisions into a game,
    where the seat to act has at least 20 legal actions."""
    import timeit
    s = gemgames.new_game(game, players, seed=3)
    rng = random.Random(3)
    played = 0
    while played < 20 or len(s.legal(s.actors()[0])) < 20:
        seat = s.actors()[0]
        s.apply(seat, rng.choice(s.legal(seat)))
        played += 1
    seat = s.actors()[0]
    a = s.legal(seat)[0]
    calls = {
        "legal(seat)": lambda: s.legal(seat),
        "clone()": lambda: s.clone(),
        "clone().apply(seat, a)": lambda: s.clone().apply(seat, a),
        "observation(seat)": lambda: s.observation(seat),
        "legal_mask(seat)": lambda: s.legal_mask(seat),
        "view_json(seat)": lambda: s.view_json(seat),
    }
    out = ["(%d legal actions)" % len(s.legal(seat))]
    for name, f in calls.items():
        n = 2000
        t = min(timeit.repeat(f, number=n, repeat=3)) / n
        out.append("%s %.2f us" % (name, t * 1e6))
    return out


def vector(game, players, envs, seconds):
    env = gemgames.VectorEnv(game, num_envs=envs, players=players, seed=1, opponents="random")
    for _ in range(20):  # warm-up
        env.step(env.sample_actions())
    d0, s0, e0 = env.decisions, env.steps, env.episodes
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            env.step(env.sample_actions())
    dt, dcpu = time.perf_counter() - start, time.process_time() - cpu
    d = env.decisions - d0
    return d / dt, (env.steps - s0) * envs / dt, (env.episodes - e0) / dt, d / dcpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="splendor")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    print("%s %dp, python %s" % (args.game, args.players, __import__("sys").version.split()[0]))
    for label, rec in (("single-step from Python (legal, choose, apply)", False),
                       ("single-step, the same with record_events=True", True)):
        r, rcpu = single_step(args.game, args.players, args.seconds, record_events=rec)
        print("%s: %.0f decisions/s (%.2f us each; %.0f decisions per CPU second, %.2f us)"
              % (label, r, 1e6 / r, rcpu, 1e6 / rcpu))
    print("per call " + "; ".join(per_call(args.game, args.players)))
    d, steps, eps, dcpu = vector(args.game, args.players, args.envs, args.seconds)
    print("vector env, %d games, random bot opponents: %.2f M decisions/s "
          "(%.2f M learner steps/s, %.0f games/s; %.2f M decisions per CPU second)"
          % (args.envs, d / 1e6, steps / 1e6, eps, dcpu / 1e6))


if __name__ == "__main__":
    main()
