/*
 * value.h — internal: the learned evaluation (issue 27). A small network per
 * game and player count scores one seat's inputs (gg_value_features: only
 * what that seat may know); each seat's chance to win is the softmax of the seats'
 * scores. Weights are data files (data/learn/NAME.value, docs/bots.md "Learned
 * evaluation"), turned into C at build time (gen_value.awk), so nothing is
 * read or downloaded at run time. tools/train_value.c trains them.
 */
#ifndef GG_LEARN_VALUE_H
#define GG_LEARN_VALUE_H

#include "core/game.h"

typedef struct gg_value_net {
    const char *game;
    int players, inputs, hidden; /* hidden 0: a linear score */
    const float *mean, *inv_std; /* input normalisation [inputs] */
    const float *w1, *b1;        /* hidden x inputs, hidden (hidden > 0) */
    const float *w2;             /* hidden (or inputs when linear) */
    float b2;
} gg_value_net;

/* The network's inputs for one seat: the game's value features where its
 * encoding has them (Ys: value_ys.c), else the observation (gg_observe);
 * only what that seat may know, small whole numbers (learn.c). */
int gg_value_inputs(const gg_game *game, int players);
void gg_value_features(const gg_state *s, int seat, float *out);
/* Every seat's at once (seat p's at out + p * inputs): the game's public
 * part is worked out once. */
void gg_value_features_all(const gg_state *s, float *out);

/* The network for a game and player count, or NULL. */
const gg_value_net *gg_value_net_find(const gg_game *game, int players);
/* One seat's score from its (raw) observation. */
double gg_value_net_score(const gg_value_net *net, const float *obs);
/* Each seat's chance to win: softmax of the scores (a gg_state_eval). Falls
 * back to the game's own evaluation where no network exists. */
void gg_learned_eval(const gg_state *s, double value[GG_MAX_SEATS]);
/* 1 when a network exists for this game and player count. */
int gg_learned_eval_available(const gg_game *game, int players);

#endif
