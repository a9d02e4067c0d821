# paired.py DIR... : the first entrant's win share and average score in each match
# directory (seeds-*.json of match-shards.sh), over the games all of them played
# (matched by deal seed), e.g. paired.py learned-idle-3301 soft5-default-3301
import json,glob,sys
def load(d):
    res={}
    for f in glob.glob(d+'/seeds-*.json'):
        j=json.load(open(f))
        for g in j['game_list']:
            e=g['seat_entrant']; r=g['rank']
            seat=e.index(0)
            winners=sum(1 for x in r if x==1)
            res[g['seed']]=(1.0/winners if r[seat]==1 else 0.0, g['score'][seat])
    return res
ds=sys.argv[1:]
L=[load(d) for d in ds]
common=set(L[0])
for x in L[1:]: common&=set(x)
print(len(common),'common games')
for d,x in zip(ds,L):
    print(d, round(100*sum(x[k][0] for k in common)/len(common),1), round(sum(x[k][1] for k in common)/len(common),2))
