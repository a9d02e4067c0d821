"""How well does each evaluation name the winner of Ys 4p positions from
ISMCTS self-play?  Cross-entropy of softmax(value / T) against the final win
shares, by round, at the best scale T: the hand-written ys_eval (its worth
difference, recovered from the logistic the data file keeps), the position
scored as it stands (points + final scoring now, rule G-1's adjudication),
and the learned network (data/learn/ys-4p.value).  Usage:
    calib.py SAMPLES.data NETWORK.value"""
import math, struct, sys
import numpy as np

def load_samples(path):
    d = open(path, 'rb').read()
    assert d[:4] == b'GGVD'
    _, P, I, N = struct.unpack('<4I', d[4:20])
    rec = np.dtype([('obs', np.int8, (P, I)), ('win', '<f4', (P,)), ('base', '<f4', (P,))])
    a = np.frombuffer(d, rec, count=N, offset=20)
    return a['obs'].astype(float), a['win'].astype(float), a['base'].astype(float), P

def load_net(path):
    f = {}
    for line in open(path):
        t = line.split()
        if t and t[0] in ('inputs', 'hidden', 'mean', 'inv_std', 'w1', 'b1', 'w2', 'b2'):
            f[t[0]] = np.array([float(x) for x in t[1:]])
    I, H = int(f['inputs'][0]), int(f['hidden'][0])
    return f, I, H

def net_scores(net, obs):
    f, I, H = net
    x = (obs - f['mean']) * f['inv_std']
    h = np.tanh(x @ f['w1'].reshape(H, I).T + f['b1'])
    return h @ f['w2'] + f['b2'][0]

def ce(w, win, T):
    z = w / T
    z = z - z.max(1, keepdims=True)
    q = np.exp(z)
    q /= q.sum(1, keepdims=True)
    return -(win * np.log(np.clip(q, 1e-12, 1))).sum(1).mean()

obs, win, base, P = load_samples(sys.argv[1])
b = np.clip(base, 1e-7, 1 - 1e-7)
lead = 8 * np.log(b / (1 - b))            # ys_eval: logistic((w_p - best other) / 8)
ys_eval = np.minimum(lead, 0)             # w_p - w_top
G = 14                                    # value_ys.c: YV_GLOBAL; per seat YV_SCORE 0, YV_FINAL 1
as_it_stands = 2 * (obs[:, :, G] + obs[:, :, G + 1])
net = net_scores(load_net(sys.argv[2]), obs)
rnd = obs[:, 0, 0:4].argmax(1)
scales = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 25, 30, 40, 60, 100, 200]
print('%d positions, %d players; uniform guess %.4f' % (len(win), P, math.log(P)))
print('%-28s %s' % ('evaluation', ' '.join('round %d (T)     ' % (r + 1) for r in range(4)) + 'all (T)'))
for name, w in (('ys_eval (hand-written)', ys_eval), ('scored as it stands (G-1)', as_it_stands),
                ('network ys-4p.value', net)):
    cells = []
    for m in [rnd == r for r in range(4)] + [np.ones(len(win), bool)]:
        c, T = min((ce(w[m], win[m], T), T) for T in (scales if name[0] != 'n' else [1]))
        cells.append('%.4f (%s)' % (c, T))
    print('%-28s %s' % (name, '  '.join('%-15s' % c for c in cells)))
print('positions per round:', ' '.join(str((rnd == r).sum()) for r in range(4)))
