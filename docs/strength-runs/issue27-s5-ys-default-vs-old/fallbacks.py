#!/usr/bin/python3
"""Sums the shim's fallbacks over the shards of a match: each shard's --json names
its engines' log directory ("logs"); each log ends with tools/proto1_shim.py's
"fallback N of M decisions in all". Also counts games ended by rule G-1
("adjudicated") and forfeits in the game lists.  Usage: fallbacks.py SHARD.json..."""
import json
import os
import re
import sys

fb = dec = logs = missing = adjudicated = forfeits = games = 0
for path in sys.argv[1:]:
    m = json.load(open(path))
    for g in m["game_list"]:
        games += 1
        adjudicated += bool(g.get("adjudicated"))
        forfeits += "forfeit" in g
    d = m.get("logs")
    if not d or not os.path.isdir(d):
        missing += 1
        continue
    for name in sorted(os.listdir(d)):
        text = open(os.path.join(d, name), errors="replace").read()
        found = re.findall(r"fallback (\d+) of (\d+) decisions in all", text)
        if found:
            logs += 1
            fb += int(found[-1][0])
            dec += int(found[-1][1])
print(f"{games} games, {adjudicated} ended by rule G-1, {forfeits} with a forfeit; "
      f"fallbacks {fb} of {dec} old-engine decisions ({100.0 * fb / max(dec, 1):.2f}%) "
      f"in {logs} engine logs; shards whose logs are gone: {missing}")
