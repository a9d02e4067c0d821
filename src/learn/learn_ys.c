#include "learn/learn.h"
static int sz(int p) { (void)p; return 1; }
static void obs(const gg_state *s, int seat, float *o) { (void)s, (void)seat, (void)o; }
static int idx(const gg_state *s, int seat, gg_action a) { (void)s, (void)seat; return (int)(a & 0xFFF); }
static int space(int p) { (void)p; return 4096; }
const gg_encoding gg_encoding_ys = { .game = &gg_ys_game, .obs_size = sz, .observe = obs, .space = space, .index = idx };
