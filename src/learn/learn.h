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
} gg_encoding;

extern const gg_encoding gg_encoding_splendor; /* learn_splendor.c */
extern const gg_encoding gg_encoding_ys;       /* learn_ys.c */

#endif
