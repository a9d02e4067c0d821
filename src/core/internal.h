/* internal.h — helpers shared by the core's own files (not by games). */
#ifndef GG_CORE_INTERNAL_H
#define GG_CORE_INTERNAL_H

#include "core/game.h"

cJSON *gg_options_to_cjson(const gg_options *opts, const gg_game *game);
/* The game's normalize_options, if any (see game.h). */
void gg_options_normalize(gg_options *opts, const gg_game *game);
gg_status gg_options_from_cjson(gg_options *opts, const gg_game *game, const cJSON *obj,
                                gg_error *err);
/* A uint64 as a JSON number below 10^15 (cJSON prints it exactly), else a
 * decimal string. */
cJSON *gg_u64_to_cjson(uint64_t v);
gg_status gg_u64_from_cjson(const cJSON *v, const char *key, uint64_t *out, gg_error *err);

/* Appends "game.over" (events.c). */
void gg_ev_game_over(const gg_state *s, gg_events *ev);

#endif
