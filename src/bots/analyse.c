/* analyse.c — post-game analysis (issue 27, "bots that teach"): each decision
 * of one seat in a game record, with the bot's preferred move and the win
 * share the played move gave up by the bot's estimate. Every estimate is a
 * hint (gg_bot_hint), so it comes from what that seat could know then; the
 * record is replayed from its start, and nothing else of it is read. */
#include <stdlib.h>
#include <string.h>

#include "core/game.h"

gg_status gg_analyse_decision(gg_bot *bot, const gg_state *s, int seat, gg_action played,
                              gg_analysis *out, gg_error *err)
{
    gg_error local;
    if (!err) err = &local;
    gg_hint *hints = malloc(GG_MAX_ACTIONS * sizeof *hints);
    if (!hints) return gg_fail(err, GG_ENOMEM, "out of memory");
    int n = gg_bot_hint(bot, s, seat, hints, GG_MAX_ACTIONS, err);
    if (n < 1) {
        free(hints);
        return err->code;
    }
    gg_action legal[GG_MAX_ACTIONS];
    memset(out, 0, sizeof *out);
    out->seat = seat;
    out->choices = gg_legal(s, seat, legal);
    gg_action_format(s, seat, played, out->played, sizeof out->played);
    gg_action_format(s, seat, hints[0].action, out->best, sizeof out->best);
    out->best_win = hints[0].win;
    out->played_win = -1;
    out->loss = -1;
    for (int i = 0; i < n; i++) {
        if (hints[i].action != played) continue;
        out->played_win = hints[i].win;
        out->loss = hints[0].win > hints[i].win ? hints[0].win - hints[i].win : 0;
    }
    free(hints);
    return GG_OK;
}

/* Biggest known loss first; unknown losses (-1) last; then game order. */
static int by_loss(const void *pa, const void *pb)
{
    const gg_analysis *a = pa, *b = pb;
    if (a->loss != b->loss) return a->loss < b->loss ? 1 : -1;
    return (a->index > b->index) - (a->index < b->index);
}

int gg_analyse_record(gg_bot *bot, const gg_record *rec, int seat, int max_decisions,
                      gg_analysis **out, gg_error *err)
{
    gg_error local;
    if (!err) err = &local;
    *out = NULL;
    gg_state *s = gg_record_start(rec, err);
    if (!s) return -1;
    int players = gg_players(s);
    if (seat < 0 || seat >= players) {
        gg_free(s);
        gg_fail(err, GG_ESEAT, "there is no seat %d at this %d-player table", seat + 1, players);
        return -1;
    }
    int len = gg_record_length(rec), count = 0;
    gg_analysis *items = calloc((size_t)len + 1, sizeof *items);
    if (!items) {
        gg_free(s);
        gg_fail(err, GG_ENOMEM, "out of memory");
        return -1;
    }
    gg_action legal[GG_MAX_ACTIONS];
    gg_status st = GG_OK;
    for (int i = 0; i < len && st == GG_OK; i++) {
        int who;
        const char *text = gg_record_action_text(rec, i, &who);
        gg_action a;
        st = gg_action_parse(s, who, text, &a, err);
        if (st == GG_OK && who == seat && gg_legal(s, who, legal) > 1 &&
            (max_decisions <= 0 || count < max_decisions)) {
            st = gg_analyse_decision(bot, s, seat, a, &items[count], err);
            items[count++].index = i;
        }
        if (st == GG_OK) st = gg_apply(s, who, a, err);
    }
    gg_free(s);
    if (st != GG_OK) {
        free(items);
        return -1;
    }
    qsort(items, (size_t)count, sizeof *items, by_loss);
    *out = items;
    return count;
}
