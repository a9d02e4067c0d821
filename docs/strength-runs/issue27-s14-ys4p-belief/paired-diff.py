#!/usr/bin/python3
# paired-diff.py DIR1 DIR2 : the first entrant's win share in DIR1 minus DIR2 over the deals both played
# (seeds-*.json of match-shards.sh, matched by deal seed), with a 95% normal interval of the mean difference
import json,glob,sys,math
def load(d):
    res={}
    for f in glob.glob(d+'/seeds-*.json'):
        j=json.load(open(f))
        for g in j['game_list']:
            e=g['seat_entrant']; r=g['rank']; seat=e.index(0)
            w=sum(1 for x in r if x==1)
            res[g['seed']]=1.0/w if r[seat]==1 else 0.0
    return res
a=load(sys.argv[1]); b=load(sys.argv[2]); c=sorted(set(a)&set(b))
d=[a[k]-b[k] for k in c]; n=len(d); m=sum(d)/n; sd=math.sqrt(sum((x-m)**2 for x in d)/(n-1))
print('%d paired games: %+.1f points, 95%% [%+.1f, %+.1f]; first wins where second loses %d, reverse %d' % (n, 100*m, 100*(m-1.96*sd/math.sqrt(n)), 100*(m+1.96*sd/math.sqrt(n)), sum(1 for x in d if x>0), sum(1 for x in d if x<0)))
