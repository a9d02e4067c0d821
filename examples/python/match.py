#!/usr/bin/env python3
"""A match between two Python policies, seats alternating between games.

Each policy is a function (state, seat) -> action that may look only at what
the seat may know: here the seat's view (a dict), its observation tensor and
its legal actions. "greedy" buys the most points it can (Splendor) and
otherwise takes a random action; "random" plays uniformly at random.

    make python && PYTHONPATH=build/python python3 examples/python/match.py --games 100
"""
import argparse
import random

import numpy as np

import gemgames


def random_policy(rng):
    def choose(state, seat):
        return rng.choice(state.legal(seat))
    return choose


def greedy_policy(rng):
    """Splendor: prefer the action after which the seat's points (observation
    field 'points' of its own player row) are highest; ties at random."""
    def choose(state, seat):
        actions, after = state.afterstates(seat)  # the seat's observation after each action
        points = after[:, POINTS_OF_ME]
        best = np.flatnonzero(points == points.max())
        return actions[int(rng.choice(best))]
    return choose


# Splendor observation layout (docs/python.md): players start at 191, and a
# player row begins present, to_act, points, ...
POINTS_OF_ME = 191 + 2


def play(game, players, policies, seed):
    state = gemgames.new_game(game, players=players, seed=seed)
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply(seat, policies[seat](state, seat))
    return state.returns()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    a, b = greedy_policy(rng), random_policy(rng)
    score = {"greedy": 0.0, "random": 0.0}
    wins = 0
    for g in range(args.games):
        swap = g % 2 == 1  # alternate who sits first
        r = play("splendor", 2, [b, a] if swap else [a, b], args.seed + g)
        ga, rb = (r[1], r[0]) if swap else (r[0], r[1])
        score["greedy"] += ga
        score["random"] += rb
        wins += ga > 0
    print("greedy vs random over %d Splendor games: greedy won %d (%.0f%%); mean return "
          "greedy %+.2f, random %+.2f" % (args.games, wins, 100.0 * wins / args.games,
                                          score["greedy"] / args.games, score["random"] / args.games))


if __name__ == "__main__":
    main()
