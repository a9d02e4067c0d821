#!/usr/bin/python3
# paired-diff.py A1 B1 [A2 B2 ...] : the first entrant's win share in each A minus its B over
# the deals both played (each a folder of match-shards.sh's seeds-*.json or one whole
# `match --json` file; games matched by deal seed), every pair's differences pooled, with a 95%
# normal interval of the mean difference (the fourteenth session's script, extended to several
# pairs, and in the sixteenth to whole files)
import json, glob, os, sys, math

def load(d):
    res = {}
    for f in glob.glob(d + '/seeds-*.json') if os.path.isdir(d) else [d]:
        for g in json.load(open(f))['game_list']:
            seat = g['seat_entrant'].index(0)
            r = g['rank']
            res[g['seed']] = 1.0 / sum(1 for x in r if x == 1) if r[seat] == 1 else 0.0
    return res

args = sys.argv[1:]
if len(args) < 2 or len(args) % 2:
    sys.exit('usage: paired-diff.py A1 B1 [A2 B2 ...]')
d = []
for a_dir, b_dir in zip(args[0::2], args[1::2]):
    a, b = load(a_dir), load(b_dir)
    d += [a[k] - b[k] for k in sorted(set(a) & set(b))]
n = len(d)
m = sum(d) / n
half = 1.96 * math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1)) / math.sqrt(n)
print('%d paired games: %+.1f points, 95%% [%+.1f, %+.1f]; first wins where second loses %d, reverse %d'
      % (n, 100 * m, 100 * (m - half), 100 * (m + half), sum(1 for x in d if x > 0), sum(1 for x in d if x < 0)))
