#!/usr/bin/env python3
"""Learn a linear value function for Splendor from self-play, with numpy only.

The value of a position for a seat is w . x + b, where x is the seat's
observation tensor (docs/python.md: only what the seat may know). The policy
plays the legal action whose afterstate (the seat's observation right after
the action, State.afterstates) has the highest value, exploring at random
with probability epsilon. Training repeats: play self-play games with the
current weights, then fit w, b by ridge regression of every afterstate seen
on the final return of the seat that chose it (Monte Carlo targets).

Measured: the win rate against the built-in random bot of the untrained
function (w = 0: every action ties, so it plays at random) and of the trained
one, over the same evaluation games (seats alternating). The script fails
(exit 1) unless training improved the win rate by at least --margin.

    make python && PYTHONPATH=build/python python3 examples/python/learn_value.py
"""
import argparse
import sys
import time

import numpy as np

import gemgames

GAME, PLAYERS = "splendor", 2


class LinearValue:
    def __init__(self, size):
        self.w = np.zeros(size, dtype=np.float64)
        self.b = 0.0

    def choose(self, state, seat, rng, epsilon):
        actions, after = state.afterstates(seat)
        if rng.random() < epsilon:
            return actions[rng.integers(len(actions))], after[0]
        values = after @ self.w + self.b
        best = np.flatnonzero(values >= values.max() - 1e-9)  # ties at random
        k = int(rng.choice(best))
        return actions[k], after[k]

    def fit(self, xs, ys, ridge):
        x = np.asarray(xs, dtype=np.float64)
        y = np.asarray(ys, dtype=np.float64)
        mean = x.mean(axis=0)
        xc = x - mean
        a = xc.T @ xc + ridge * np.eye(x.shape[1])
        self.w = np.linalg.solve(a, xc.T @ (y - y.mean()))
        self.b = float(y.mean() - mean @ self.w)


def self_play(value, games, seed, rng, epsilon):
    """(afterstate, final return of the seat that chose it) for every decision."""
    xs, ys = [], []
    for g in range(games):
        state = gemgames.new_game(GAME, PLAYERS, seed=seed + g)
        chosen = []  # (seat, afterstate)
        while not state.is_terminal():
            seat = state.current_players()[0]
            action, x = value.choose(state, seat, rng, epsilon)
            chosen.append((seat, x))
            state.apply(seat, action)
        returns = state.returns()
        for seat, x in chosen:
            xs.append(x)
            ys.append(returns[seat])
    return xs, ys


def win_rate(value, games, seed, rng):
    """Wins (a shared win counts half) against the random bot, seats alternating."""
    bot = gemgames.Bot("random", seed=seed)
    score = 0.0
    for g in range(games):
        me = g % 2
        state = gemgames.new_game(GAME, PLAYERS, seed=seed + g)
        while not state.is_terminal():
            seat = state.current_players()[0]
            if seat == me:
                action, _ = value.choose(state, seat, rng, 0.0)
            else:
                action = bot.choose(state, seat)
            state.apply(seat, action)
        r = state.returns()[me]
        score += 1.0 if r > 0 else 0.5 if r == 0 else 0.0
    return score / games


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=4)
    ap.add_argument("--games", type=int, default=60, help="self-play games per iteration")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--epsilon", type=float, default=0.1)
    ap.add_argument("--ridge", type=float, default=10.0)
    ap.add_argument("--margin", type=float, default=0.2,
                    help="least improvement of the win rate against random to pass")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    start = time.time()
    size = gemgames.game(GAME).observation_size(PLAYERS)

    value = LinearValue(size)
    before = win_rate(value, args.eval_games, 10**6, np.random.default_rng(args.seed))
    print("untrained (w = 0): win rate %.3f against random over %d games"
          % (before, args.eval_games))

    rng = np.random.default_rng(args.seed)
    xs, ys = [], []
    for it in range(args.iterations):
        x, y = self_play(value, args.games, args.seed * 10**5 + it * args.games, rng, args.epsilon)
        xs += x
        ys += y
        value.fit(xs, ys, args.ridge)
        print("iteration %d: %d self-play games, %d afterstates so far" % (it + 1, args.games, len(xs)))

    after = win_rate(value, args.eval_games, 10**6, np.random.default_rng(args.seed))
    print("trained: win rate %.3f against random over the same %d games (was %.3f); %.1f s"
          % (after, args.eval_games, before, time.time() - start))
    if after < before + args.margin:
        print("FAIL: training improved the win rate by %.3f, less than %.3f"
              % (after - before, args.margin))
        return 1
    print("PASS: improvement %.3f >= %.3f" % (after - before, args.margin))
    return 0


if __name__ == "__main__":
    sys.exit(main())
