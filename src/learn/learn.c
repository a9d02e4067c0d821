/*
 * learn.c — the game-independent door to the encodings for learning: finds
 * the game's encoding, maps an index back to a legal action, and gives the
 * learned evaluation's inputs (the observation, or the game's cheaper value
 * features).
 */
#include <string.h>

#include "learn/learn.h"
#include "learn/value.h"

static const gg_encoding *encoding_of(const gg_game *game)
{
    if (game == gg_encoding_splendor.game) return &gg_encoding_splendor;
    if (game == gg_encoding_ys.game) return &gg_encoding_ys;
    return NULL;
}

static int players_ok(const gg_game *game, int players)
{
    return players >= gg_game_min_players(game) && players <= gg_game_max_players(game);
}

int gg_obs_size(const gg_game *game, int players)
{
    const gg_encoding *e = encoding_of(game);
    return e && players_ok(game, players) ? e->obs_size(players) : 0;
}

void gg_observe(const gg_state *s, int seat, float *out)
{
    const gg_encoding *e = encoding_of(s->game);
    GG_ASSERT(e != NULL && seat >= 0 && seat < s->players);
    memset(out, 0, sizeof(float) * (size_t)e->obs_size(s->players));
    e->observe(s, seat, out);
}

int gg_value_inputs(const gg_game *game, int players)
{
    const gg_encoding *e = encoding_of(game);
    if (!e || !players_ok(game, players)) return 0;
    return e->value_size ? e->value_size(players) : e->obs_size(players);
}

void gg_value_features_all(const gg_state *s, float *out)
{
    const gg_encoding *e = encoding_of(s->game);
    GG_ASSERT(e != NULL);
    if (e->value_features) {
        e->value_features(s, out);
        return;
    }
    int size = e->obs_size(s->players);
    for (int p = 0; p < s->players; p++) gg_observe(s, p, out + (size_t)p * size);
}

void gg_value_features(const gg_state *s, int seat, float *out)
{
    const gg_encoding *e = encoding_of(s->game);
    GG_ASSERT(e != NULL && seat >= 0 && seat < s->players);
    if (!e->value_features) {
        gg_observe(s, seat, out);
        return;
    }
    enum { ALL_MAX = 1024 };
    float all[ALL_MAX];
    int size = e->value_size(s->players);
    GG_ASSERT(size * s->players <= ALL_MAX);
    e->value_features(s, all);
    memcpy(out, all + (size_t)seat * size, sizeof(float) * (size_t)size);
}

int gg_action_space(const gg_game *game, int players)
{
    const gg_encoding *e = encoding_of(game);
    return e && players_ok(game, players) ? e->space(players) : 0;
}

int gg_action_index(const gg_state *s, int seat, gg_action a)
{
    const gg_encoding *e = encoding_of(s->game);
    if (!e || seat < 0 || seat >= s->players) return -1;
    gg_action legal[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == a) return e->index(s, seat, a);
    return -1;
}

gg_status gg_action_at(const gg_state *s, int seat, int index, gg_action *out, gg_error *err)
{
    const gg_encoding *e = encoding_of(s->game);
    if (!e) return gg_fail(err, GG_EOPTION, "game %s has no action index space", s->game->name);
    if (seat < 0 || seat >= s->players)
        return gg_fail(err, GG_ESEAT, "there is no seat %d in a %d-player game", seat, s->players);
    if (gg_is_over(s)) return gg_fail(err, GG_EOVER, "the game is over");
    int space = e->space(s->players);
    if (index < 0 || index >= space)
        return gg_fail(err, GG_EILLEGAL, "action index %d is outside 0..%d", index, space - 1);
    gg_action legal[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, legal);
    if (n == 0) return gg_fail(err, GG_ESEAT, "seat %d is not to act now", seat);
    for (int i = 0; i < n; i++)
        if (e->index(s, seat, legal[i]) == index) {
            *out = legal[i];
            return GG_OK;
        }
    return gg_fail(err, GG_EILLEGAL, "action index %d is not a legal action for seat %d now",
                   index, seat);
}

int gg_legal_indexed(const gg_state *s, int seat, gg_action *out, int *index)
{
    const gg_encoding *e = encoding_of(s->game);
    GG_ASSERT(e != NULL);
    if (e->legal_indexed) return e->legal_indexed(s, seat, out, index);
    int n = gg_legal(s, seat, out);
    for (int i = 0; i < n; i++) index[i] = e->index(s, seat, out[i]);
    return n;
}
