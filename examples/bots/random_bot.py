#!/usr/bin/env python3
"""A random bot for the gemgames engine protocol (docs/protocol.md).

It plays any game: genmove lists the legal moves, separated by "|", and the
bot answers one of them. Every other command gets "=" (or "= 2" for
protocol_version). Run it in a match:

    gemgames match --game splendor --players 2 --games 20 \
        --bots "engine:python3 examples/bots/random_bot.py,random"
"""
import random
import sys


def main():
    rng = random.Random()
    for line in sys.stdin:
        words = line.split(None, 1)
        if not words:
            continue
        command = words[0]
        if command == "protocol_version":
            reply = "= 2"
        elif command == "genmove":
            moves = words[1].strip().split("|")
            reply = "= " + rng.choice(moves)
        else:
            reply = "="
        sys.stdout.write(reply + "\n\n")
        sys.stdout.flush()
        if command == "quit":
            break


if __name__ == "__main__":
    main()
