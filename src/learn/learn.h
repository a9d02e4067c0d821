/*
 * learn.h — internal: the encodings for learning programs (gemgames.h,
 * "encodings for learning"), one pair of files per game. Each game provides
 * its observation (only what the seat's view shows) and its fixed action
 * index space. Layouts are documented in docs/python.md.
 */
#ifndef GG_LEARN_H
#define GG_LEARN_H

#include "core/game.h"

typedef struct gg_encoding {
    const gg_game *game;
    int (*obs_size)(int players);
    void (*observe)(const gg_state *s, int seat, float *out);
    int (*space)(int players);
    /* -1 for an action that has no index (never a legal one) */
    int (*index)(const gg_state *s, int seat, gg_action a);
    /* Optional: gg_legal and every action's index at once (for speed). */
    int (*legal_indexed)(const gg_state *s, int seat, gg_action *out, int *index);
    /* Optional: the learned evaluation's inputs (src/learn/value.c) when they
     * are not the observation: cheaper features of each seat's knowledge
     * (only what that seat may know), small whole numbers; every seat's at
     * once, seat p's at out + p * value_size(players). */
    int (*value_size)(int players);
    void (*value_features)(const gg_state *s, float *out);
} gg_encoding;

extern const gg_encoding gg_encoding_splendor; /* learn_splendor.c */
extern const gg_encoding gg_encoding_ys;       /* learn_ys.c */

/* value_ys.c: the Ys value features (gg_encoding_ys.value_*) */
int ys_value_size(int players);
void ys_value_features(const gg_state *s, float *out);

#endif
