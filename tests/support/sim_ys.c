/* sim_ys.c — Ys's simulation hooks (see sim_ys.h). Rule ids are those of
 * /work/shared/rules/ys.md. */
#include "sim_ys.h"
#include "sim_events.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "ys/ys.h"
#include "ref_ys.h"

#define FAIL(...) (snprintf(msg, n, __VA_ARGS__), 1)

static int opt_on(const ys_state *st, enum ys_option o) { return ys_opt(st, o) != 0; }

/* Y-4.3: market rows that take brokers. */
static int row_open(int players, int r) { return players >= 5 ? 1 : players == 4 ? r >= 1 : r >= 2; }

static int loc_on_board_in_play(const ys_state *st, int loc)
{
    int z[2];
    if (YS_IS_LINE(loc)) return ys_line_zones(st, loc, z); /* Y-10.12 */
    if (YS_IS_SMUGGLE(loc)) /* Y-10.21: a Smuggling card out this round */
        return ys_events_on(st) && !ys_event_refusal(st, 0, loc, 1, YS_LOC_SCREEN);
    if (YS_IS_ZONE(loc)) return YS_LOC_DISTRICT(loc) < st->districts;
    return YS_IS_CELL(loc) && row_open(st->base.players, YS_LOC_ROW(loc));
}

static const char *loc_words(int loc, char *buf, size_t n)
{
    if (YS_IS_ZONE(loc)) snprintf(buf, n, "d%d-%s", YS_LOC_DISTRICT(loc) + 1, ys_zone_name[YS_LOC_ZONE(loc)]);
    else if (YS_IS_CELL(loc)) snprintf(buf, n, "%s%d", ys_gem_name[YS_LOC_COLOUR(loc)], YS_LOC_ROW(loc));
    else if (YS_IS_SMUGGLE(loc)) snprintf(buf, n, "smuggling%d", loc - YS_LOC_SMUGGLE0 + 1);
    else snprintf(buf, n, "loc %d", loc);
    return buf;
}

/* Counts per value 0..4 of a broker set. */
static void set_counts(const ys_broker_set *set, int count[5])
{
    for (int i = 0; i < set->n; i++) count[set->v[i]]++;
}

/* The moments of the round (the step machine rests only at decisions). */
enum phase { PH_BID, PH_ORDER, PH_PLACEMENT, PH_SCORING, PH_THRONE, PH_OVER, PH_BAD };

static enum phase phase_of(const ys_state *st)
{
    if (st->over) return st->stage == YS_ST_OVER && st->step == YS_STEP_OVER ? PH_OVER : PH_BAD;
    switch (st->step) {
    case YS_STEP_BID: return st->stage == YS_ST_BID ? PH_BID : PH_BAD;
    case YS_STEP_SPECULATE: return st->stage == YS_ST_SPECULATE ? PH_BID : PH_BAD; /* Y-10.31: before the bid */
    case YS_STEP_ORDER: return st->stage == YS_ST_ORDER ? PH_ORDER : PH_BAD;
    case YS_STEP_PLACEMENT_WINDOW:
    case YS_STEP_PLACEMENT: return PH_PLACEMENT;
    case YS_STEP_SCORING_WINDOW:
    case YS_STEP_EVENTS: /* Y-10.20, Y-10.21: after the districts, before the market */
    case YS_STEP_DISTRICT:
    case YS_STEP_MARKET_ROWS:
    case YS_STEP_COLUMNS:
    case YS_STEP_MAJORITY:
    case YS_STEP_END_WINDOW: return PH_SCORING;
    case YS_STEP_THRONE: return st->stage == YS_ST_THRONE ? PH_THRONE : PH_BAD;
    default: return PH_BAD;
    }
}

/* Y-10.20 Embassy: palace brokers stay from their district's scoring until
 * the centre ship is shared. */
static int embassy_keeps(const ys_state *st, int loc)
{
    if (!ys_events_on(st) || !ys_event_count(st, YE_EMBASSY) || !YS_IS_ZONE(loc) || YS_LOC_ZONE(loc) != 2) return 0;
    return st->step == YS_STEP_DISTRICT || (st->step == YS_STEP_EVENTS && st->dstep <= 1);
}

/* Whose placement turn it is: the actor, or while an Imitator decides
 * (Y-10.7) the player whose card he may copy; nobody's (-1) while a Spy
 * owner is asked between two turns (Y-7.8). */
static int turn_actor(const ys_state *st)
{
    if (st->stage == YS_ST_SPY) return -1;
    return st->stage == YS_ST_IMITATE ? st->imit_from : st->actor;
}

/* Y-6.1: placement turns seat q has finished this round (step PLACEMENT;
 * the order cards were dealt again, so q's card is its place in the turn). */
static int turns_done(const ys_state *st, int q)
{
    return st->turn + (st->pl[q].order - 1 < st->cursor ? 1 : 0);
}

/* Y-1.2, Y-5.4, Y-6.3, Y-6.6, Y-8.9, Y-9.1: one player's brokers. */
static int check_brokers(const ys_state *st, int q, enum phase ph, unsigned *cells, char *msg, size_t n)
{
    const ys_player *p = &st->pl[q];
    int players = st->base.players, kf = opt_on(st, YS_OPT_KINGS_FAVOUR);
    char lb[24];
    int short_set = opt_on(st, YS_OPT_EXPRESS) || st->base.players == 5; /* Y-9.2, Y-10.1 */
    int want_n = (short_set ? ys_brokers_short.n : ys_brokers_standard.n) +
                 (kf ? ys_brokers_reserve.n : 0);
    if (p->n_brokers != want_n)
        return FAIL("seat %d has %d brokers, not %d (Y-1.2, Y-9.1, Y-9.2)", q, p->n_brokers, want_n);
    int want[5] = {0}, have[5] = {0};
    set_counts(short_set ? &ys_brokers_short : &ys_brokers_standard, want);
    if (kf) set_counts(&ys_brokers_reserve, want);
    static const ys_broker zero;
    for (int i = p->n_brokers; i < YS_BROKERS; i++)
        if (memcmp(&p->b[i], &zero, sizeof zero) != 0) return FAIL("seat %d has junk in broker slot %d", q, i);

    int front = 0, front_bid = 0, throne = 0, reserve = 0, board = 0;
    for (int i = 0; i < p->n_brokers; i++) {
        const ys_broker *b = &p->b[i];
        if (b->value > 4) return FAIL("seat %d broker %d has value %d (Y-1.2)", q, i, b->value);
        have[b->value]++;
        if (b->flags & ~31u) return FAIL("seat %d broker %d has unknown flags %#x", q, i, b->flags);
        if (b->known & ~((1u << players) - 1u))
            return FAIL("seat %d broker %d is known to seats that do not exist (%#x)", q, i, b->known);
        if (b->known >> q & 1) return FAIL("seat %d broker %d marked as peeked by its owner (Y-7.8)", q, i);
        switch (b->loc) {
        case YS_LOC_SCREEN:
        case YS_LOC_RESERVE:
            if (b->flags || b->known)
                return FAIL("seat %d broker %d off the board has flags %#x / peeks %#x", q, i, b->flags, b->known);
            if (b->loc == YS_LOC_RESERVE) {
                if (!kf) return FAIL("seat %d has a reserve broker without King's Favour (Y-9.1)", q);
                if (b->value != 2) return FAIL("seat %d has a reserve broker %d, not a 2 (Y-1.2)", q, b->value);
                reserve++;
            }
            break;
        case YS_LOC_FRONT:
            front++;
            if (b->known) return FAIL("seat %d front broker %d marked as peeked", q, i);
            if (b->flags == YS_F_BID) front_bid++;
            else if (b->flags) return FAIL("seat %d front broker %d has flags %#x", q, i, b->flags);
            break;
        case YS_LOC_THRONE:
            if (!kf) return FAIL("seat %d has a throne broker without King's Favour (Y-9.1)", q);
            if (b->flags & YS_F_UP) return FAIL("seat %d has a face-up broker in the throne room (Y-9.1)", q);
            throne++;
            break;
        default:
            if (!loc_on_board_in_play(st, b->loc))
                return FAIL("seat %d broker %d is at %s, not a place in play (Y-6.3)", q, i,
                            loc_words(b->loc, lb, sizeof lb));
            board++;
            if (YS_IS_CELL(b->loc)) {
                unsigned bit = 1u << (b->loc - YS_LOC_CELL0);
                if (*cells & bit)
                    return FAIL("market cell %s holds two brokers (Y-6.3)", loc_words(b->loc, lb, sizeof lb));
                *cells |= bit;
            }
            if (YS_IS_ZONE(b->loc) && ph == PH_SCORING && st->step == YS_STEP_DISTRICT &&
                YS_LOC_DISTRICT(b->loc) < st->district && !embassy_keeps(st, b->loc))
                return FAIL("seat %d still has a broker in scored district %d (Y-8.4)", q,
                            YS_LOC_DISTRICT(b->loc) + 1);
            if (YS_IS_ZONE(b->loc) && ph == PH_SCORING && st->step > YS_STEP_DISTRICT && !embassy_keeps(st, b->loc))
                return FAIL("seat %d still has a city broker after the districts were scored (Y-8.4)", q);
            if ((b->flags & YS_F_MERC) && !(p->active >> YC_MERCENARY & 1))
                return FAIL("seat %d has a Mercenary mark without the Mercenary in effect (Y-7.15)", q);
            if (b->flags & YS_F_BID) return FAIL("seat %d has a bid mark on a board broker", q);
            break;
        }
    }
    if (memcmp(want, have, sizeof want) != 0)
        return FAIL("seat %d's broker values are %d/%d/%d/%d/%d zeros..fours, not %d/%d/%d/%d/%d (Y-1.2)", q,
                    have[0], have[1], have[2], have[3], have[4], want[0], want[1], want[2], want[3], want[4]);

    /* Y-9.1: one throne broker per King's Favour phase done; one reserve `2` taken per phase. */
    int rounds_done = st->over ? YS_ROUNDS : st->round - 1;
    int mine_done = rounds_done + (ph == PH_THRONE && p->throne_done);
    if (throne != (kf ? mine_done : 0))
        return FAIL("seat %d has %d throne brokers after %d King's Favour phases (Y-9.1)", q, throne,
                    kf ? mine_done : 0);
    int res_want = kf ? (rounds_done >= 3 ? 0 : 3 - rounds_done) : 0;
    if (reserve != res_want)
        return FAIL("seat %d has %d reserve `2`s, not %d, in round %d (Y-9.1)", q, reserve, res_want, st->round);

    /* Front brokers: the bid (Y-5.1, Y-5.4), then 3 after placement (Y-6.6). */
    int front_want;
    switch (ph) {
    case PH_BID: front_want = p->bid_done ? 2 : 0; break;
    case PH_ORDER: front_want = 2; break;
    case PH_PLACEMENT: front_want = (st->stage == YS_ST_REFILL && st->actor == q) ? 1 : 2; break;
    case PH_SCORING: front_want = 3; break;
    case PH_THRONE: front_want = p->throne_done ? 2 : 3; break;
    default: front_want = 0; break;
    }
    if (p->guard_placed && ph != PH_BID && ph != PH_ORDER && front_want > 0) front_want--; /* Y-10.6 */
    if (front != front_want)
        return FAIL("seat %d has %d front brokers, not %d, at this point of round %d (Y-5.4, Y-6.6, Y-8.9, Y-9.1)",
                    q, front, front_want, st->round);
    if (front_bid != (ph == PH_BID ? front : 0))
        return FAIL("seat %d has %d unrevealed bid brokers of %d in front (Y-5.1)", q, front_bid, front);
    if (board && ph != PH_PLACEMENT && ph != PH_SCORING)
        return FAIL("seat %d has %d brokers on the board outside placement and scoring (Y-8.9)", q, board);
    if (board && ph == PH_PLACEMENT && st->step == YS_STEP_PLACEMENT_WINDOW)
        return FAIL("seat %d has brokers on the board before the placement turns (Y-6.1)", q);
    if (ph == PH_PLACEMENT && st->step == YS_STEP_PLACEMENT) {
        /* Y-6.2: exactly 2 per turn, at most one of them face up (both with
         * the Bishop, Y-7.7, which is played before the first turn) */
        int now = q == turn_actor(st), done = turns_done(st, q), up = 0;
        for (int i = 0; i < p->n_brokers; i++) up += YS_IS_BOARD(p->b[i].loc) && (p->b[i].flags & YS_F_UP);
        int want_board = 2 * done + (now ? st->n_up + st->n_down : 0) + p->guard_placed; /* Y-10.6 */
        if (board != want_board)
            return FAIL("seat %d has %d brokers on the board after %d placement turns%s (Y-6.2)", q, board, done,
                        now ? " and part of one" : "");
        int per_turn = (p->active >> YC_BISHOP & 1) ? 2 : 1;
        if (up > per_turn * done + (now ? st->n_up : 0) + p->guard_placed)
            return FAIL("seat %d has %d face-up brokers on the board after %d turns (Y-6.2)", q, up, done);
    }
    if (ph == PH_PLACEMENT || ph == PH_SCORING) {
        if (st->turn_order[p->order - 1] != q)
            return FAIL("seat %d holds order card %d but is not that place in the turn order (Y-5.3)", q, p->order);
    }
    if (p->spy_peeks && ph != PH_PLACEMENT)
        return FAIL("seat %d has Spy peeks left outside placement (Y-7.8)", q);
    return 0;
}

/* Y-9.4: the neutral brokers each seat holds (2 players), or none at all. */
static int check_neutral(const ys_state *st, int q, enum phase ph, unsigned *cells, char *msg, size_t n)
{
    const ys_player *p = &st->pl[q];
    char lb[24];
    static const ys_broker zero;
    if (st->base.players != 2) {
        for (int i = 0; i < YS_NEUTRAL_BROKERS; i++)
            if (memcmp(&p->nb[i], &zero, sizeof zero) != 0)
                return FAIL("seat %d holds neutral brokers with %d players (Y-9.4)", q, st->base.players);
        return 0;
    }
    int want[5] = {0}, have[5] = {0};
    set_counts(opt_on(st, YS_OPT_STRONG_NEUTRAL) ? &ys_brokers_strong_neutral : &ys_brokers_neutral, want);
    for (int i = 0; i < YS_NEUTRAL_BROKERS; i++) {
        const ys_broker *b = &p->nb[i];
        if (b->value > 4) return FAIL("seat %d neutral broker %d has value %d", q, i, b->value);
        have[b->value]++;
        if (b->flags || b->known)
            return FAIL("seat %d neutral broker %d has flags %#x / peeks %#x (Y-9.4: face down, nobody looks)", q,
                        i, b->flags, b->known);
        if (b->loc == YS_LOC_HAND) continue;
        if (!loc_on_board_in_play(st, b->loc))
            return FAIL("seat %d neutral broker %d is at %s, neither in hand nor in play (Y-9.4)", q, i,
                        loc_words(b->loc, lb, sizeof lb));
        if (ph != PH_PLACEMENT && ph != PH_SCORING)
            return FAIL("seat %d's neutral broker on the board outside placement and scoring (Y-8.9)", q);
        if (YS_IS_CELL(b->loc)) {
            unsigned bit = 1u << (b->loc - YS_LOC_CELL0);
            if (*cells & bit)
                return FAIL("market cell %s holds two brokers (Y-6.3, Y-9.4)", loc_words(b->loc, lb, sizeof lb));
            *cells |= bit;
        }
        if (YS_IS_ZONE(b->loc) && ph == PH_SCORING && !embassy_keeps(st, b->loc) &&
            (st->step > YS_STEP_DISTRICT ||
             (st->step == YS_STEP_DISTRICT && YS_LOC_DISTRICT(b->loc) < st->district)))
            return FAIL("seat %d's neutral broker still in scored district %d (Y-8.4)", q,
                        YS_LOC_DISTRICT(b->loc) + 1);
    }
    if (ph == PH_PLACEMENT && st->step == YS_STEP_PLACEMENT) {
        int placed = 0, done = turns_done(st, q);
        for (int i = 0; i < YS_NEUTRAL_BROKERS; i++) placed += p->nb[i].loc != YS_LOC_HAND;
        if (placed != done + (q == turn_actor(st) ? st->n_neutral : 0))
            return FAIL("seat %d placed %d neutral brokers in %d turns (Y-9.4: one per turn)", q, placed, done);
    }
    if (memcmp(want, have, sizeof want) != 0)
        return FAIL("seat %d's neutral brokers are not the set %s (Y-9.4)", q,
                    opt_on(st, YS_OPT_STRONG_NEUTRAL) ? "4 3 1 0" : "4 2 1 0");
    return 0;
}

/* Y-1.4, Y-2.3, Y-2.4, Y-4.1, Y-7: every character in one place at most. */
static int check_cards(const ys_state *st, char *msg, size_t n)
{
    int where[YS_CARD_KINDS] = {0}, base = 0;
    for (int c = 0; c < YS_CARD_KINDS; c++) base += ys_in_deck(st, c); /* Y-10.2 */
    int round_cards = st->round < 3 ? st->round : 3; /* characters turned so far (Y-4.1) */
    int events = ys_events_on(st);
    uint16_t ev_seen = 0;
    for (int d = 0; d < YS_DISTRICTS; d++) {
        int want = d < st->districts ? 3 - round_cards : 0;
        if (events) { /* Y-10.3: characters as in the base game (more after a Quarantine), up to 3 events */
            int chars = 0, evs = 0;
            for (int i = 0; i < st->pile_n[d]; i++) {
                int x = st->pile[d][i];
                if (!YS_IS_EVENT_CODE(x)) {
                    chars++;
                    continue;
                }
                evs++;
                if (ev_seen >> (x - YS_EVENT_CODE0) & 1) return FAIL("event card %d in two piles", x - YS_EVENT_CODE0);
                ev_seen |= (uint16_t)(1u << (x - YS_EVENT_CODE0));
            }
            if (d >= st->districts ? st->pile_n[d] != 0 : (chars < want || chars > 3 || evs > 3))
                return FAIL("palace pile %d holds %d characters and %d events in round %d (Y-2.3, Y-10.3)", d + 1,
                            chars, evs, st->round);
            want = st->pile_n[d];
        }
        if (st->pile_n[d] != want)
            return FAIL("palace pile %d holds %d cards, not %d, in round %d (Y-2.3, Y-4.1)", d + 1,
                        st->pile_n[d], want, st->round);
        for (int i = 0; i < YS_PILE_MAX; i++) {
            int c = st->pile[d][i];
            if (i >= st->pile_n[d]) {
                if (c) return FAIL("palace pile %d has junk past its end", d + 1);
                continue;
            }
            if (events && YS_IS_EVENT_CODE(c)) continue;
            if (!ys_in_deck(st, c))
                return FAIL("palace pile %d holds card %d, not a yellow character of this game (Y-2.3, Y-10.2)", d + 1, c);
            where[c]++;
        }
    }
    if (st->unused_n != base - 3 * st->districts)
        return FAIL("%d characters out of the game, not %d (Y-2.3)", st->unused_n, base - 3 * st->districts);
    for (int i = 0; i < st->unused_n; i++) {
        int c = st->unused[i];
        if (!ys_in_deck(st, c))
            return FAIL("card %d out of the game is not a yellow character of this game (Y-2.3, Y-10.2)", c);
        where[c]++;
    }
    int blue_want = 4 - (st->round >= YS_ROUNDS ? st->districts : 0); /* Y-10.28: discarded there */
    if (events) {
        uint16_t all[5] = {ev_seen, st->ev_active, st->ev_out, st->ev_gone, st->ev_discarded}, acc = 0;
        for (int k = 0; k < 5; k++) {
            if (acc & all[k]) return FAIL("an event card is in two places (Y-10.3)");
            acc |= all[k];
        }
        if (acc != (1u << YS_EVENT_CARDS) - 1) return FAIL("event cards %#x are nowhere (Y-10.3)", ~acc & 0x3FFF);
        if (__builtin_popcount(st->ev_out) != YS_EVENT_CARDS - 3 * st->districts)
            return FAIL("%d event cards out of the game, not %d (Y-10.3)", __builtin_popcount(st->ev_out),
                        YS_EVENT_CARDS - 3 * st->districts);
        for (int d = 0; d < YS_DISTRICTS; d++) {
            int x = st->port_event[d];
            if (x && (d >= st->districts || !(st->ev_active >> (x - 1) & 1) ||
                      !ys_events[ys_event_card_kind[x - 1]].district))
                return FAIL("district %d's port holds event %d, not an active district event (Y-10.3)", d + 1, x - 1);
        }
        for (int c = 0; c < YS_CARD_KINDS; c++)
            if (st->char_gone >> c & 1) where[c]++;
    }
    if (st->blue_left != blue_want)
        return FAIL("%d blue cards waiting, not %d, in round %d (Y-2.4, Y-4.1)", st->blue_left, blue_want, st->round);
    enum phase ph = phase_of(st);
    for (int d = 0; d < YS_DISTRICTS; d++) {
        int c = st->palace_card[d];
        int present = d < st->districts && ph != PH_OVER && ph != PH_THRONE &&
                      (st->step < YS_STEP_DISTRICT || st->step == YS_STEP_SPECULATE ||
                       (st->step == YS_STEP_DISTRICT &&
                        (d > st->district || (d == st->district && st->dstep < 3))));
        if (events && present && c == YS_NONE) continue; /* Y-10.28 Quarantine, or a pile turned out */
        if ((c != YS_NONE) != present)
            return FAIL("district %d's palace card is %s at step %d (Y-4.1, Y-8.4)", d + 1,
                        c == YS_NONE ? "missing" : "still there", st->step);
        if (c == YS_NONE) continue;
        if (st->round >= YS_ROUNDS ? c != YC_BLUE : !ys_in_deck(st, c))
            return FAIL("district %d's palace card %d is wrong for round %d (Y-4.1)", d + 1, c, st->round);
        if (c != YC_BLUE) where[c]++;
    }
    const uint32_t lasting = 1u << YC_BISHOP | 1u << YC_SPY | 1u << YC_ILLUSIONIST | 1u << YC_INTRIGUER |
                             1u << YC_MERCHANT | 1u << YC_MERCENARY | 1u << YC_QUEEN | 1u << YC_FINANCIER |
                             1u << YC_INVESTOR | 1u << YC_PROFESSOR | 1u << YC_CUSTOMS_OFFICER | 1u << YC_ROYAL_GUARD |
                             1u << YC_PHILOSOPHER;
    const uint32_t immediate = 1u << YC_KING | 1u << YC_PRINCE | 1u << YC_BLUE | 1u << YC_FAVOURITE |
                               1u << YC_POPE | 1u << YC_TRAFFICKER;
    const uint32_t kept = 1u << YC_FAVOURITE | 1u << YC_POPE | 1u << YC_TRAFFICKER;
    for (int q = 0; q < st->base.players; q++) {
        const ys_player *p = &st->pl[q];
        if (p->hand >> YS_CARD_KINDS || (p->hand & immediate))
            return FAIL("seat %d holds an immediate or unknown card (hand %#x, Y-7.1)", q, p->hand);
        if (p->fresh & ~p->hand) return FAIL("seat %d has a fresh card it does not hold (Y-7.1)", q);
        if (p->active & ~lasting) return FAIL("seat %d has a card in effect that has no lasting effect (%#x)", q, p->active);
        if (p->active & p->hand) return FAIL("seat %d holds a card that is also in effect", q);
        if (p->played > 2) return FAIL("seat %d played %d cards this round (Y-7.1)", q, p->played);
        if (p->spy_peeks > 3 || (p->spy_peeks && !(p->active >> YC_SPY & 1)))
            return FAIL("seat %d has %d Spy peeks (Y-7.8)", q, p->spy_peeks);
        if (st->over && (p->active || p->fresh || p->played))
            return FAIL("seat %d has cards in effect, fresh or played after the game", q);
        int on_lines = 0; /* Y-10.12: at most 2 a round, the Philosopher's, settled before scoring */
        for (int i = 0; i < p->n_brokers; i++) on_lines += YS_IS_LINE(p->b[i].loc);
        if (on_lines > p->lines_placed || p->lines_placed > 2 ||
            (p->lines_placed && !(p->active >> YC_PHILOSOPHER & 1)))
            return FAIL("seat %d has %d brokers on lines, %d placed there, Philosopher %d (Y-10.12)", q, on_lines,
                        p->lines_placed, p->active >> YC_PHILOSOPHER & 1);
        if (on_lines && !(st->step == YS_STEP_PLACEMENT || st->stage == YS_ST_SETTLE))
            return FAIL("seat %d has brokers on lines at step %d stage %d (Y-10.12)", q, st->step, st->stage);
        if (p->imitated && !(p->active >> (p->imitated - 1) & 1))
            return FAIL("seat %d's Imitator copy %d is not in effect (Y-10.7)", q, p->imitated - 1);
        if (p->kept & ~kept) return FAIL("seat %d keeps a card that is not kept (%#x, Y-10.2)", q, p->kept);
        for (int c = 0; c < YS_CARD_KINDS; c++) {
            where[c] += (int)((p->hand | p->active | p->kept) >> c & 1) - (p->imitated == c + 1); /* Y-10.7 copy */
            if (((p->hand | p->active | p->kept) >> c & 1) && !ys_in_deck(st, c) && c != YC_BLUE)
                return FAIL("seat %d has the %s, not in this game's deck (Y-10.2)", q, ys_cards[c].key);
        }
        /* Y-10.4, Y-10.8, Y-10.13: a named choice exactly while its card is in effect */
        if (!p->investor_colour != !(p->active >> YC_INVESTOR & 1) || p->investor_colour > YS_COLOURS)
            return FAIL("seat %d's Investor colour %d does not match the card in effect", q, p->investor_colour);
        if (!p->professor_district != !(p->active >> YC_PROFESSOR & 1) || p->professor_district > st->districts)
            return FAIL("seat %d's Professor district %d does not match the card in effect", q, p->professor_district);
        if (!p->customs_colour != !(p->active >> YC_CUSTOMS_OFFICER & 1) || p->customs_colour == YS_BLACK + 1 ||
            p->customs_colour > YS_WHITE + 1)
            return FAIL("seat %d's Customs Officer colour %d does not match the card in effect", q, p->customs_colour);
    }
    for (int c = 0; c < YS_CARD_KINDS; c++)
        if (where[c] > 1) return FAIL("character %s is in %d places (Y-1.4)", ys_cards[c].key, where[c]);
    /* Y-7.16: the Queen's lock and her owner */
    int qo = st->queen_owner, ql = st->queen_loc;
    if ((ql == YS_NONE) != (qo == YS_NONE)) return FAIL("a Queen lock without an owner, or the reverse (Y-7.16)");
    for (int q = 0; q < st->base.players; q++)
        if ((st->pl[q].active >> YC_QUEEN & 1) != (qo == q))
            return FAIL("seat %d's Queen in effect does not match the lock (Y-7.16)", q);
    if (ql != YS_NONE && (!YS_IS_ZONE(ql) || YS_LOC_DISTRICT(ql) >= st->districts || qo >= st->base.players))
        return FAIL("the Queen locks %d, not a city zone in play (Y-7.16)", ql);
    return 0;
}

/* Y-1.5, Y-2.5, Y-4.2, Y-4.3: ship cards dealt once each, in the right places. */
static int check_ships(const ys_state *st, char *msg, size_t n)
{
    int express = opt_on(st, YS_OPT_EXPRESS), total = 0, seen[YS_SHIPS] = {0};
    uint32_t in_game = 0;
    for (int i = 0; i < YS_SHIPS; i++) {
        int white = ys_ships[i].small[0] == YS_WHITE || ys_ships[i].small[1] == YS_WHITE;
        if (express && white) continue;
        in_game |= 1u << i;
        total++;
    }
    int rounds = st->round < YS_ROUNDS ? st->round : YS_ROUNDS;
    int want = total - rounds * (st->districts + 1);
    if (ys_events_on(st)) /* Y-10.20: the Embassy's centre ship */
        for (int c = 0; c < YS_EVENT_CARDS; c++)
            if (ys_event_card_kind[c] == YE_EMBASSY && ((st->ev_active | st->ev_gone) >> c & 1)) want--;
    if (st->centre_ship) {
        int drawn = 0;
        for (int i = st->ship_n + 1; i < total; i++) drawn |= st->ship_deck[i] == st->centre_ship - 1;
        if (!drawn || !ys_event_count(st, YE_EMBASSY)) return FAIL("centre ship %d without the Embassy, or not drawn", st->centre_ship);
        for (int d = 0; d < YS_DISTRICTS; d++)
            if (st->port_ship[d] == st->centre_ship - 1) return FAIL("the centre ship is also a port's");
    }
    if (st->ship_n != want)
        return FAIL("%d ship cards in the deck, not %d, in round %d (Y-4.2, Y-4.3)", st->ship_n, want, st->round);
    for (int i = 0; i < total; i++) {
        int s = st->ship_deck[i];
        if (s >= YS_SHIPS || !(in_game >> s & 1))
            return FAIL("ship card %d is not in this game (Y-2.5)", s + 1);
        if (seen[s]++) return FAIL("ship card %d dealt twice", s + 1);
    }
    enum phase ph = phase_of(st);
    for (int d = 0; d < YS_DISTRICTS; d++) {
        int s = st->port_ship[d];
        int present = d < st->districts && ph != PH_OVER && ph != PH_THRONE;
        if ((s != YS_NONE) != present)
            return FAIL("district %d's port %s a ship at step %d (Y-4.2, Y-8.9)", d + 1,
                        s == YS_NONE ? "lacks" : "still has", st->step);
        if (s == YS_NONE) continue;
        int drawn = 0;
        for (int i = st->ship_n; i < total; i++) drawn |= st->ship_deck[i] == s;
        if (!drawn) return FAIL("district %d's port ship %d was never drawn", d + 1, s + 1);
        for (int e = 0; e < d; e++)
            if (st->port_ship[e] == s) return FAIL("ship %d in two ports", s + 1);
    }
    for (int r = 0; r < YS_ROWS; r++) {
        int g = st->market_gem[r];
        if (g == YS_NONE) continue;
        if (!row_open(st->base.players, r)) return FAIL("closed market row %d has a gem (Y-4.3)", r);
        if (g >= YS_GEM_KINDS || g == YS_BLACK) return FAIL("market row %d holds gem %d (Y-4.3)", r, g);
        if (g == YS_WHITE && express) return FAIL("a white gem on the market in Ys Express (Y-9.2)");
        if (ph != PH_PLACEMENT && ph != PH_SCORING && ph != PH_BID && ph != PH_ORDER)
            return FAIL("market row %d still holds a gem after scoring (Y-8.6)", r);
    }
    return 0;
}

/* Points only through a rule: trade, market, cards; at the end the final
 * breakdown (Y-6.4, Y-8.4, Y-7.17, Y-7.18, Y-8.10, Y-8.11, Y-9.1, Y-9.4). */
static int check_points(const ys_state *st, char *msg, size_t n)
{
    int players = st->base.players;
    ys_final f;
    memset(&f, 0, sizeof f);
    if (st->over) ys_final_scores(st, &f);
    for (int q = 0; q < players; q++) {
        const ys_player *p = &st->pl[q];
        if (p->pts_trade < 0 || p->pts_market < 0 || p->pts_cards < 0 || p->pts_events < 0)
            return FAIL("seat %d has negative points on its score sheet", q);
        if (p->pts_events && !ys_events_on(st)) return FAIL("seat %d has event points without events", q);
        int want = p->pts_trade + p->pts_market + p->pts_cards + p->pts_events; /* Y-10.21, Y-10.24 */
        if (st->over) {
            want += f.black_pts[q] + f.throne_pts[q] + f.kept_pts[q] + f.spec_pts[q]; /* Y-10.31 */
            for (int c = 0; c < YS_COLOURS; c++) want += f.colour_pts[q][c];
        }
        if (p->score != want)
            return FAIL("seat %d scores %d, but trade %d + market %d + cards %d%s make %d", q, p->score,
                        p->pts_trade, p->pts_market, p->pts_cards, st->over ? " + final scoring" : "", want);
    }
    if (players != 2) {
        if (st->neutral_score || st->neutral_market) return FAIL("a neutral score with %d players (Y-9.4)", players);
        for (int g = 0; g < YS_GEM_KINDS; g++)
            if (st->neutral_gems[g]) return FAIL("neutral gems with %d players (Y-9.4)", players);
        return 0;
    }
    int floor = st->neutral_market;
    if (st->over) {
        floor += f.black_pts[YS_NEUTRAL];
        for (int c = 0; c < YS_COLOURS; c++) floor += f.colour_pts[YS_NEUTRAL][c];
    }
    if (st->neutral_market < 0 || st->neutral_score < floor)
        return FAIL("the neutral scores %d, less than its market points %d%s (Y-9.4)", st->neutral_score,
                    st->neutral_market, st->over ? " plus its final scoring" : "");
    return 0;
}

int sim_ys_check_state(const gg_state *s, char *msg, size_t n)
{
    const ys_state *st = (const ys_state *)s;
    int players = s->players;
    if (players < 2 || players > YS_MAX_PLAYERS) return FAIL("%d players", players);
    if (st->cells != ys_count_cells(st)) /* the cached market occupancy is exact */
        return FAIL("cells 0x%04x, but the brokers occupy 0x%04x", st->cells, ys_count_cells(st));
    ys_state recount = *st; /* so are the cached zone totals of the district being scored and the market's (zero when none) */
    ys_sync_cells(&recount);
    if (memcmp(recount.zone_total, st->zone_total, sizeof st->zone_total) != 0 ||
        memcmp(recount.zone_present, st->zone_present, sizeof st->zone_present) != 0)
        return FAIL("the cached zone totals (district %d, step %d, dstep %d) are not the brokers'", st->district + 1,
                    st->step, st->dstep);
    if (memcmp(recount.row_total, st->row_total, sizeof st->row_total) != 0 ||
        memcmp(recount.row_present, st->row_present, sizeof st->row_present) != 0 ||
        memcmp(recount.col_total, st->col_total, sizeof st->col_total) != 0 ||
        memcmp(recount.col_count, st->col_count, sizeof st->col_count) != 0)
        return FAIL("the cached market totals (step %d, dstep %d) are not the brokers'", st->step, st->dstep);
    if (st->districts != ((players == 2 || ys_opt(st, YS_OPT_DISTRICTS) == 1) ? 3 : 4))
        return FAIL("%d districts in play with %d players (Y-2.2)", st->districts, players);
    if (st->round < 1 || st->round > YS_ROUNDS + (st->over ? 1 : 0))
        return FAIL("round %d (Y-3.1)", st->round);
    if (st->over && st->round != YS_ROUNDS + 1) return FAIL("the game ended in round %d (Y-3.1)", st->round);
    enum phase ph = phase_of(st);
    if (ph == PH_BAD) return FAIL("resting at step %d, stage %d (over %d)", st->step, st->stage, st->over);
    for (int c = 0; c < YS_COLOURS; c++) /* Y-1.6 */
        if (st->rate[c] < YS_RATE_MIN || st->rate[c] > YS_RATE_MAX)
            return FAIL("the %s rate is %d, off the track (Y-1.6)", ys_gem_name[c], st->rate[c]);
    int orders = 0;
    for (int q = 0; q < players; q++) {
        const ys_player *p = &st->pl[q];
        if (p->gems[YS_WHITE]) return FAIL("seat %d holds a white gem (Y-1.7, Y-8.5)", q);
        if (p->order < 1 || p->order > players) return FAIL("seat %d has order card %d (Y-1.3)", q, p->order);
        orders |= 1 << p->order;
    }
    if (orders != ((1 << (players + 1)) - 2)) return FAIL("order cards are not 1..%d, one each (Y-5.3)", players);
    if (st->neutral_gems[YS_WHITE]) return FAIL("the neutral holds a white gem (Y-9.4)");
    unsigned cells = 0;
    for (int q = 0; q < players; q++) {
        if (check_brokers(st, q, ph, &cells, msg, n)) return 1;
        if (check_neutral(st, q, ph, &cells, msg, n)) return 1;
    }
    for (int q = players; q < YS_MAX_PLAYERS; q++) {
        static const ys_player zero;
        if (memcmp(&st->pl[q], &zero, sizeof zero) != 0) return FAIL("seat %d does not exist but is not empty", q);
    }
    if (check_cards(st, msg, n) || check_ships(st, msg, n) || check_points(st, msg, n)) return 1;
    return 0;
}

/* ----------------------------------------------------------------- views */

/* Rotates the values of the brokers in b[] that `viewer` may not know by one
 * place among themselves. */
static void rotate_unknown(const ys_state *orig, int viewer, int q, const ys_broker *ob, ys_broker *b, int nb,
                           int neutral)
{
    int idx[YS_BROKERS], k = 0;
    for (int i = 0; i < nb; i++) {
        int known = neutral ? ys_knows_neutral(orig, viewer, q, &ob[i]) : ys_knows(orig, viewer, q, &ob[i]);
        if (!known) idx[k++] = i;
    }
    if (k < 2) return;
    uint8_t first = b[idx[0]].value;
    for (int j = 0; j + 1 < k; j++) b[idx[j]].value = b[idx[j + 1]].value;
    b[idx[k - 1]].value = first;
}

/* A copy of s that differs from it only in what `seat` may not know. */
static ys_state *hidden_changed(const gg_state *s, int seat)
{
    const ys_state *st = (const ys_state *)s;
    ys_state *m = (ys_state *)gg_clone(s);
    if (!m) return NULL;
    for (int q = 0; q < s->players; q++) {
        rotate_unknown(st, seat, q, st->pl[q].b, m->pl[q].b, st->pl[q].n_brokers, 0);
        if (s->players == 2) rotate_unknown(st, seat, q, st->pl[q].nb, m->pl[q].nb, YS_NEUTRAL_BROKERS, 1);
    }
    /* Y-11.3: the face-down ship deck (the cards drawn are public) */
    for (int i = 0, j = st->ship_n - 1; i < j; i++, j--) {
        uint8_t t = m->ship_deck[i];
        m->ship_deck[i] = m->ship_deck[j];
        m->ship_deck[j] = t;
    }
    /* Y-2.3, Y-11.3: the unseen characters, palace piles and the unused
     * ones together, rotated by one place (so cards change piles too) */
    uint8_t *slot[YS_DISTRICTS * YS_PILE_MAX + YS_CARD_KINDS];
    int ns = 0;
    for (int d = 0; d < YS_DISTRICTS; d++)
        for (int i = 0; i < st->pile_n[d]; i++) slot[ns++] = &m->pile[d][i];
    for (int i = 0; i < st->unused_n; i++) slot[ns++] = &m->unused[i];
    if (ns > 1) {
        uint8_t first = *slot[0];
        for (int i = 0; i + 1 < ns; i++) *slot[i] = *slot[i + 1];
        *slot[ns - 1] = first;
    }
    m->base.seed ^= 0x5bd1e9955bd1e995ull;
    m->base.rng.state ^= 0x9e3779b97f4a7c15ull;
    return m;
}

/* Keys no view may have (Y-11.3); cJSON prints a key as "key": */
static const char *forbidden_key(const char *view)
{
    static const char *const bad[] = {"\"seed\":", "\"rng\":", "\"ship_deck\":", "\"pile_cards\":",
                                      "\"unused\":", "\"deck\":", "\"piles\":"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (strstr(view, bad[i])) return bad[i];
    return NULL;
}

/* The view of `seat` must not change when what it may not know changes. */
static int leak_check(const gg_state *s, int seat, const char *view, char *msg, size_t n)
{
    const char *key = forbidden_key(view);
    if (key) return FAIL("the view has a %s key (Y-11.3)", key);
    ys_state *m = hidden_changed(s, seat);
    if (!m) return FAIL("gg_clone failed");
    char *again = gg_view_json(&m->base, seat);
    int bad = !again || strcmp(again, view) != 0;
    if (bad) {
        /* where they part, to make the message useful */
        size_t k = 0;
        if (again)
            while (view[k] && view[k] == again[k]) k++;
        size_t from = k > 60 ? k - 60 : 0;
        (void)FAIL("the view changes when what seat %d may not know changes (a leak, Y-11): "
                   "...%.110s... became ...%.110s...",
                   seat, view + from, again ? again + from : "(null)");
    }
    free(again);
    gg_free(&m->base);
    return bad;
}

/* The harness checks positions between decisions, so it never sees a secret
 * choice made while others are still choosing (the bid, Y-5.1; the throne,
 * Y-9.1). Here the first `k` actors choose (an action picked from the state),
 * and that position goes through the state check, the leak check and
 * determinize (view kept, Y-11.2, Y-11.3) for `seat`. */
static int check_partly_chosen(const gg_state *s, int seat, int k, char *msg, size_t n)
{
    const ys_state *st = (const ys_state *)s;
    int seats[GG_MAX_SEATS], actors = gg_actors(s, seats);
    gg_state *mid = gg_clone(s);
    if (!mid) return FAIL("gg_clone failed");
    gg_action legal[GG_MAX_ACTIONS];
    char what[400] = "";
    int bad = 0;
    for (int i = 0; i < k && i < actors && !bad; i++) {
        int nl = gg_legal(mid, seats[i], legal);
        if (nl <= 0) {
            bad = FAIL("seat %d has no choice while others choose (stage %d)", seats[i], st->stage);
            break;
        }
        gg_error err = {0};
        gg_action a = legal[(unsigned)(st->round * 7 + i * 3 + st->pl[0].score) % (unsigned)nl];
        if (gg_apply(mid, seats[i], a, &err) != GG_OK) bad = FAIL("gg_apply refuses a legal choice: %s", err.msg);
    }
    if (!bad && sim_ys_check_state(mid, what, sizeof what))
        bad = FAIL("after %d of %d secret choices: %s", k, actors, what);
    char *view = bad ? NULL : gg_view_json(mid, seat);
    if (!bad && leak_check(mid, seat, view, what, sizeof what))
        bad = FAIL("after %d of %d secret choices: %s", k, actors, what);
    if (!bad) {
        gg_state *d = gg_clone(mid);
        gg_rng rng;
        gg_rng_seed(&rng, (uint64_t)st->round * 1000003u + (uint64_t)(seat + 1) * 7919u + (uint64_t)k);
        gg_determinize(d, seat, &rng);
        char *dview = gg_view_json(d, seat);
        if (!dview || strcmp(dview, view) != 0)
            bad = FAIL("after %d of %d secret choices, determinize for seat %d changes its view", k, actors, seat);
        free(dview);
        gg_free(d);
    }
    free(view);
    gg_free(mid);
    return bad;
}

int sim_ys_check_view(const gg_state *s, int seat, const char *view, char *msg, size_t n)
{
    if (leak_check(s, seat, view, msg, n)) return 1;
    int seats[GG_MAX_SEATS], actors = gg_actors(s, seats);
    if (actors < 2) return 0;
    if (check_partly_chosen(s, seat, 1, msg, n)) return 1;
    if (actors > 2 && check_partly_chosen(s, seat, actors - 1, msg, n)) return 1;
    return 0;
}

const sim_hooks sim_ys_hooks = {sim_ys_check_state, sim_ys_check_view, ref_ys_check_legal, NULL, sim_ys_check_events,
                                 sim_ys_events_reveal, sim_ys_check_event_list};

void sim_ys_run(int players, const char *const opts[4], uint64_t first_seed)
{
    enum { MAX_STEPS = 2000 }; /* a game is about 130-230 decisions */
    sim_config cfg = {.game = "ys", .players = players,
                      .options = {opts[0], opts[1], opts[2], opts[3]},
                      .first_seed = first_seed, .games = SIM_YS_GAMES, .max_steps = MAX_STEPS,
                      .hooks = &sim_ys_hooks, .full_games = SIM_YS_FULL, .json_every = SIM_YS_EVERY, .events_every = SIM_YS_EVENTS_EVERY};
    sim_run_checked(&cfg);
}
