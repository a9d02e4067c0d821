#!/usr/bin/env python3
"""Engines that misbehave, for tests/cli/match_forfeits.sh. The first argument
is how: hang, crash, noise, chatter, flood, illegal, garbage, slow, sleepy,
refuse,
or spy (well-behaved: it writes every line it gets to stderr, asks for
positions, and says on stderr if it sees a file in $SPY_RECORDS). Each plays
like examples/bots/random_bot.py until it misbehaves, on its AFTER-th genmove
of a game (second argument, default 3)."""
import os
import random
import sys
import time

how = sys.argv[1]
after = int(sys.argv[2]) if len(sys.argv) > 2 else 3
moves = 0
out = sys.stdout
sys.stderr.write("bad_engine %s starting (pid %d)\n" % (how, os.getpid()))
for line in sys.stdin:
    if how == "spy":
        sys.stderr.write("got: " + line)
    words = line.split(None, 1)
    if not words:
        continue
    cmd = words[0]
    reply = "="
    if cmd == "protocol_version":
        reply = "= 2"
    elif cmd == "new_game":
        moves = 0
    elif cmd == "known_command" and how == "spy":
        reply = "= true"
    elif cmd == "genmove":
        moves += 1
        legal = words[1].strip().split("|")
        reply = "= " + random.choice(legal)
        if how == "spy" and os.environ.get("SPY_RECORDS"):
            seen = os.listdir(os.environ["SPY_RECORDS"])
            if seen:
                sys.stderr.write("spy: records on disk during a game: %s\n" % " ".join(sorted(seen)))
        if moves >= after:
            if how == "hang":
                time.sleep(3600)
            elif how == "crash":
                sys.stderr.write("bad_engine: crashing now\n")
                sys.stderr.flush()
                os._exit(3)
            elif how == "noise":
                out.write("debug: thinking about " + legal[0] + "\n")
            elif how == "illegal":
                reply = "= pass"
            elif how == "garbage":
                reply = "= fly to the moon"
            elif how == "slow":
                time.sleep(4.0)
            elif how == "sleepy":
                time.sleep(0.5)
            elif how == "refuse":
                reply = "? I give up"
            elif how == "flood":
                out.write("= " + legal[0] + "\n")
                while True:
                    out.write("x" * 100 + "\n")
            elif how == "chatter":
                reply = reply + "\n\nunsolicited line"
    out.write(reply + "\n\n")
    out.flush()
    if cmd == "quit":
        break
