#!/usr/bin/env python3
"""A random playout: one game played by uniformly random legal moves.

    make python && PYTHONPATH=build/python python3 examples/python/random_playout.py ys --players 4
"""
import argparse
import random

import gemgames


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="splendor", choices=[g.name for g in gemgames.games()])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quiet", action="store_true", help="print only the result")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    state = gemgames.new_game(args.game, players=args.players, seed=args.seed)
    moves = 0
    while not state.is_terminal():
        # Several seats may act at once (the Ys bid): each chooses in secret.
        for seat in state.current_players():
            action = rng.choice(state.legal_actions(seat))
            if not args.quiet:
                print("seat %d: %s" % (seat, state.action_to_string(seat, action)))
            state.apply(seat, action)
            moves += 1
            break  # the actors may change after any action: ask again
    result = state.result()
    print("%d moves; scores %s; ranks %s; returns %s"
          % (moves, list(result["scores"]), list(result["ranks"]), state.returns()))


if __name__ == "__main__":
    main()
