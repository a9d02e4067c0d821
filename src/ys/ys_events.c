/* ys_events.c — the Ys+ events (rules reference Y-10.3, Y-10.20 … Y-10.32):
 * dealing them into the palace piles, turning them in phase 1, and what each
 * one does. ys.c calls in at the few places an event changes the flow (all
 * behind ys_events_on, so a game without events runs exactly as before). The
 * list of events is data/ys/events.csv. */
#include <string.h>

#include "ys/ys.h"
#include "ys/ys_stream.h"

static int players_of(const ys_state *st) { return st->base.players; }

int ys_event_count(const ys_state *st, int kind)
{
    int n = 0;
    for (int c = 0; c < YS_EVENT_CARDS; c++)
        if ((st->ev_active >> c & 1) && ys_event_card_kind[c] == kind) n++;
    return n;
}

int ys_revolt_in(const ys_state *st, int d)
{
    return d >= 0 && d < YS_DISTRICTS && ys_port_event(st, d) == YE_REVOLT;
}

/* Y-10.3: 3 events into each palace pile with its 3 characters, each pile
 * shuffled; the events left over are out of the game unseen. */
void ys_events_deal(ys_state *st)
{
    uint8_t ev[YS_EVENT_CARDS];
    for (int c = 0; c < YS_EVENT_CARDS; c++) ev[c] = (uint8_t)c;
    gg_shuffle_bytes(ev, YS_EVENT_CARDS, &st->base.rng);
    int k = 0;
    for (int d = 0; d < st->districts; d++) {
        for (int i = 0; i < 3; i++) st->pile[d][st->pile_n[d]++] = (uint8_t)(YS_EVENT_CODE0 + ev[k++]);
        gg_shuffle_bytes(st->pile[d], st->pile_n[d], &st->base.rng);
    }
    st->ev_out = 0;
    while (k < YS_EVENT_CARDS) st->ev_out |= (uint16_t)(1u << ev[k++]);
}

static void activate(ys_state *st, int c, int d)
{
    st->ev_active |= (uint16_t)(1u << c);
    if (ys_events[ys_event_card_kind[c]].district) st->port_event[d] = (uint8_t)(c + 1);
}

/* Y-10.3: rounds 1-3 turn cards until a character (one event per palace a
 * round, a second one discarded; Quarantine stops); round 4 turns one card
 * (an event applies, a character is discarded), then the blue cards. */
void ys_events_turn(ys_state *st)
{
    for (int d = 0; d < st->districts; d++) {
        st->palace_card[d] = YS_NONE;
        if (st->round < YS_ROUNDS) {
            int events_here = 0;
            while (st->pile_n[d] > 0) {
                int x = st->pile[d][--st->pile_n[d]];
                st->pile[d][st->pile_n[d]] = 0;
                if (!YS_IS_EVENT_CODE(x)) {
                    st->palace_card[d] = (uint8_t)x;
                    break;
                }
                int c = x - YS_EVENT_CODE0;
                if (events_here++) { /* a second event in this palace this round */
                    st->ev_discarded |= (uint16_t)(1u << c);
                    continue;
                }
                activate(st, c, d);
                if (ys_event_card_kind[c] == YE_QUARANTINE) break; /* Y-10.28: no character */
            }
        } else {
            if (st->pile_n[d] > 0) {
                int x = st->pile[d][--st->pile_n[d]];
                st->pile[d][st->pile_n[d]] = 0;
                if (YS_IS_EVENT_CODE(x)) activate(st, x - YS_EVENT_CODE0, d);
                else st->char_gone |= 1u << x;
            }
            /* Y-4.1; Y-10.28: a quarantined palace's blue card is discarded */
            st->palace_card[d] = ys_port_event(st, d) == YE_QUARANTINE ? YS_NONE : YC_BLUE;
            st->blue_left--;
        }
    }
}

void ys_events_ships(ys_state *st)
{
    if (ys_event_count(st, YE_EMBASSY)) st->centre_ship = (uint8_t)(ys_draw_ship(st) + 1); /* Y-10.20 */
}

static int own_in_district(const ys_state *st, int seat, int d)
{
    int n = 0;
    const ys_player *p = &st->pl[seat];
    for (int i = 0; i < p->n_brokers; i++)
        if (YS_IS_ZONE(p->b[i].loc) && YS_LOC_DISTRICT(p->b[i].loc) == d) n++;
    return n;
}

const char *ys_event_refusal(const ys_state *st, int seat, int loc, int up, int from)
{
    if (YS_IS_SMUGGLE(loc)) {
        for (int c = 0; c < YS_EVENT_CARDS; c++)
            if ((st->ev_active >> c & 1) && ys_event_card_kind[c] == YE_SMUGGLING &&
                YS_LOC_SMUGGLE0 + ys_event_card_copy[c] == loc)
                return NULL;
        return "no Smuggling card lies there this round (Y-10.21)";
    }
    if (!YS_IS_ZONE(loc) || YS_LOC_DISTRICT(loc) >= st->districts) return NULL;
    int d = YS_LOC_DISTRICT(loc);
    switch (ys_port_event(st, d)) {
    case YE_INCOGNITO:
        return up ? "Incognito: only face-down brokers go to that district this round (Y-10.25)" : NULL;
    case YE_TRANSPARENCY:
        return up ? NULL : "Transparency: only face-up brokers go to that district this round (Y-10.32)";
    case YE_RESTRICTION:
        if (seat == YS_NEUTRAL || (YS_IS_ZONE(from) && YS_LOC_DISTRICT(from) == d)) return NULL;
        return own_in_district(st, seat, d) >= 2
                   ? "Restriction: you have your 2 brokers in that district this round (Y-10.29)"
                   : NULL;
    default: return NULL;
    }
}

int ys_event_value(const ys_state *st, int loc, int face, int v)
{
    if (!YS_IS_ZONE(loc)) return v;
    switch (ys_port_event(st, YS_LOC_DISTRICT(loc))) {
    case YE_DEMOCRACY: return 1;   /* Y-10.23: whatever else applies */
    case YE_REVOLT: return face;   /* Y-10.30: no Mercenary, no Professor */
    default: return v;
    }
}

void ys_event_gem_won(ys_state *st, int who)
{
    if (st->step != YS_STEP_DISTRICT || st->district >= st->districts) return;
    if (ys_port_event(st, st->district) != YE_ENRICHMENT) return; /* Y-10.24 */
    const char *was = GG_EV_ON() ? ys_ev_context("enrichment") : NULL;
    ys_add_points(st, who, 1, who == YS_NEUTRAL ? NULL : &st->pl[who].pts_events);
    if (was) ys_ev_context(was);
}

/* Totals over the places in `locs` (bit = loc), neutral included. */
static void totals_in(const ys_state *st, uint64_t locs, int total[YS_MAX_PLAYERS + 1],
                      int present[YS_MAX_PLAYERS + 1])
{
    memset(total, 0, sizeof(int) * (YS_MAX_PLAYERS + 1));
    memset(present, 0, sizeof(int) * (YS_MAX_PLAYERS + 1));
    for (int q = 0; q < players_of(st); q++) {
        const ys_player *p = &st->pl[q];
        for (int i = 0; i < p->n_brokers; i++)
            if (p->b[i].loc < 64 && (locs >> p->b[i].loc & 1)) {
                total[q] += ys_broker_count(st, p, &p->b[i]);
                present[q] = 1;
            }
        for (int i = 0; players_of(st) == 2 && i < YS_NEUTRAL_BROKERS; i++)
            if (p->nb[i].loc < 64 && (locs >> p->nb[i].loc & 1)) {
                total[YS_NEUTRAL] += ys_event_value(st, p->nb[i].loc, p->nb[i].value, p->nb[i].value);
                present[YS_NEUTRAL] = 1;
            }
    }
}

static uint64_t palace_locs(const ys_state *st)
{
    uint64_t m = 0;
    for (int d = 0; d < st->districts; d++) m |= 1ull << YS_ZONE_LOC(d, 2);
    return m;
}

/* dstep: 0 the Embassy's ranking, 1 its gems shared, 2 palace brokers home,
 * 3 and 4 the two Smuggling cards, 5 done. */
int ys_events_step(ys_state *st)
{
    for (;;) {
        switch (st->dstep) {
        case 0: {
            if (!ys_event_count(st, YE_EMBASSY) || !st->centre_ship) {
                st->dstep = 3;
                break;
            }
            int total[YS_MAX_PLAYERS + 1], present[YS_MAX_PLAYERS + 1];
            totals_in(st, palace_locs(st), total, present); /* Y-10.20: all palaces, as a district */
            st->share_n = (uint8_t)ys_rank_present(st, total, present, st->share_rank);
            st->port_gems_n = (uint8_t)ys_ship_gems(st, st->centre_ship - 1, st->port_gems);
            if (GG_EV_ON()) ys_ev_embassy(st, total, present);
            st->share_pos = 0;
            st->share_left = (uint8_t)ys_share_due(st, 0);
            st->dstep = 1;
            break;
        }
        case 1:
            if (ys_share_port(st)) return 1;
            st->dstep = 2;
            break;
        case 2:
            ys_return_brokers_in(st, palace_locs(st));
            st->revealed &= (uint8_t)~15u;
            st->dstep = 3;
            break;
        case 3:
        case 4: { /* Y-10.21: the highest total on each Smuggling card */
            int copy = st->dstep - 3, card = -1;
            st->dstep++;
            for (int c = 0; c < YS_EVENT_CARDS; c++)
                if ((st->ev_active >> c & 1) && ys_event_card_kind[c] == YE_SMUGGLING && ys_event_card_copy[c] == copy)
                    card = c;
            if (card < 0) break;
            int total[YS_MAX_PLAYERS + 1], present[YS_MAX_PLAYERS + 1];
            uint8_t rk[YS_MAX_PLAYERS + 1];
            st->revealed |= 32;
            totals_in(st, 1ull << (YS_LOC_SMUGGLE0 + copy), total, present);
            if (!ys_rank_present(st, total, present, rk)) {
                if (GG_EV_ON()) ys_ev_smuggling(st, copy, total, present, -1, 0);
                break;
            }
            if (GG_EV_ON()) ys_ev_smuggling(st, copy, total, present, rk[0], rk[0] == YS_NEUTRAL ? ys_best_rated(st) : 0);
            if (rk[0] == YS_NEUTRAL) { /* Y-9.4: the best-rated colour, twice */
                int c = ys_best_rated(st);
                ys_give_gem(st, YS_NEUTRAL, c);
                ys_give_gem(st, YS_NEUTRAL, c);
                break;
            }
            st->stage = YS_ST_SMUGGLE;
            st->actor = rk[0];
            return 1;
        }
        default:
            return 0;
        }
    }
}

/* Y-10.22: each column's gem to the highest total in it (ties Y-8.3). */
void ys_events_brokerage(ys_state *st)
{
    if (!ys_event_count(st, YE_BROKERAGE)) return;
    int winner[YS_COLOURS];
    for (int c = 0; c < YS_COLOURS; c++) {
        uint64_t col = 0;
        for (int r = 0; r < YS_ROWS; r++) col |= 1ull << YS_CELL_LOC(c, r);
        int total[YS_MAX_PLAYERS + 1], present[YS_MAX_PLAYERS + 1];
        uint8_t rk[YS_MAX_PLAYERS + 1];
        totals_in(st, col, total, present);
        winner[c] = ys_rank_present(st, total, present, rk) ? rk[0] : -1;
    }
    if (GG_EV_ON()) ys_ev_brokerage(st, winner); /* told first, the gems follow */
    for (int c = 0; c < YS_COLOURS; c++)
        if (winner[c] >= 0) ys_give_gem(st, winner[c], c);
}

int ys_events_speculate_now(const ys_state *st)
{
    return ys_event_count(st, YE_SPECULATION) && st->spec_done != (1u << players_of(st)) - 1;
}

void ys_apply_speculate(ys_state *st, int seat, int choice)
{
    st->spec_pick[seat] = (uint8_t)(choice < YS_COLOURS ? choice + 1 : 0);
    st->spec_done |= (uint8_t)(1u << seat);
    if (st->spec_done == (1u << players_of(st)) - 1) st->step = YS_STEP_BID;
}

int ys_legal_speculate(const ys_state *st, int seat, gg_action *out)
{
    int n = 0;
    if (st->spec_done >> seat & 1) return 0;
    for (int c = 0; c < YS_COLOURS; c++) out[n++] = YS_ACTION(YS_A_SPECULATE, (unsigned)c);
    out[n++] = YS_ACTION(YS_A_SPECULATE, YS_SPEC_NONE);
    return n;
}

int ys_legal_smuggle(const ys_state *st, gg_action *out)
{
    int n = 0;
    (void)st;
    for (int b = 0; b < YS_COLOURS; b++)
        for (int a = 0; a <= b; a++) out[n++] = YS_ACTION(YS_A_SMUGGLE, (unsigned)a | (unsigned)b << 3);
    out[n++] = YS_ACTION(YS_A_SMUGGLE, YS_SMUGGLE_BLACK);
    out[n++] = YS_ACTION(YS_A_SMUGGLE, YS_SMUGGLE_POINTS);
    return n;
}

void ys_apply_smuggle(ys_state *st, int seat, unsigned pay)
{
    if (pay == YS_SMUGGLE_POINTS) {
        ys_add_points(st, seat, 3, &st->pl[seat].pts_events);
    } else if (pay == YS_SMUGGLE_BLACK) {
        ys_give_gem(st, seat, YS_BLACK);
    } else {
        ys_give_gem(st, seat, (int)(pay & 7));
        ys_give_gem(st, seat, (int)(pay >> 3 & 7));
    }
    st->stage = 0;
}

void ys_events_end_round(ys_state *st)
{
    st->ev_gone |= st->ev_active;
    st->ev_active = 0;
    memset(st->port_event, 0, sizeof st->port_event);
    st->centre_ship = 0;
}
