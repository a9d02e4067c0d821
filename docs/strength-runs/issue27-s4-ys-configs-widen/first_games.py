#!/usr/bin/python3
# The win share of entrant 0 over the first N games of a `match --json` file (a shared first place counts as a share).
import json,sys
f=sys.argv[1]; n=int(sys.argv[2])
d=json.load(open(f)); w=0.0
gl=[g for g in d['game_list'] if g['index']<n]
for g in gl:
    seat=g['seat_entrant'].index(0); r=g['rank']
    if r[seat]==1: w+=1.0/r.count(1)
print(f, len(gl), '%.1f%%'%(100*w/len(gl)))
