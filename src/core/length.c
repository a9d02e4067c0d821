/* length.c — the game-length rule G-1 (docs/rules-notes.md): a bots' game
 * that has not ended after gg_length_limit() decisions is scored as it
 * stands. The engine never applies it by itself; drivers of bots-only games
 * (match, selfplay, bench, a server table with only bots left) do. */
#include "core/ai.h"
#include "core/game.h"

long gg_length_limit(const gg_game *game, int players)
{
    (void)game; /* one rule for every game, per seat */
    return (long)GG_LENGTH_PER_SEAT * players;
}

int gg_length_reached(const gg_state *s, long decisions)
{
    return decisions >= gg_length_limit(s->game, s->players) && !gg_is_over(s);
}

/* Without a game's own scoring: the points so far, ties shared. */
static void rank_by_points(gg_result *r)
{
    r->winners = 0;
    for (int p = 0; p < r->players; p++) {
        r->rank[p] = 1;
        for (int q = 0; q < r->players; q++) r->rank[p] += r->score[q] > r->score[p];
        r->winners += r->rank[p] == 1;
    }
}

void gg_result_adjudicate(const gg_state *s, gg_result *r)
{
    gg_result_get(s, r);
    if (r->over) return;
    if (s->game->ai && s->game->ai->adjudicate) {
        s->game->ai->adjudicate(s, r);
        r->players = s->players;
    } else {
        rank_by_points(r);
    }
    r->over = 1;
    r->adjudicated = 1;
}
