/* ys_stream.h — internal: the Ys event stream (ys_stream.c). ys.c calls the
 * ys_ev_* hooks only `if (GG_EV_ON())`. */
#ifndef GG_YS_STREAM_H
#define GG_YS_STREAM_H

#include "ys/ys.h"

enum { YS_N_EVENT_KINDS = 30 };
extern const gg_event_kind ys_event_kinds[YS_N_EVENT_KINDS];
void ys_decision_events(const gg_state *s, int seat, gg_action a, gg_events *ev);
/* The set-up as events: the first round's ys.round (all of it public). */
void ys_setup_events(const gg_state *s, gg_events *ev);

/* What the next gems, points and rates move for ("port", "trade", ...);
 * returns what it was. */
const char *ys_ev_context(const char *for_what);
void ys_ev_gem(const ys_state *st, int who, int gem, int n);
void ys_ev_points(const ys_state *st, int who, int pts);
void ys_ev_rate(const ys_state *st, int colour, int from, int to);
void ys_ev_round(const ys_state *st);
void ys_ev_bids(const ys_state *st);
void ys_ev_reveal(const ys_state *st, int d);
void ys_ev_port(const ys_state *st, int d, const int total[], const int present[]);
/* prize: the trade points (zone 1) or the palace card (zone 2) */
void ys_ev_zone(const ys_state *st, int d, int z, const int total[], const int present[], int winner,
                int prize);
void ys_ev_market(const ys_state *st);
void ys_ev_row(const ys_state *st, int r, int gem, const int total[], const int present[], int winner);
void ys_ev_columns(const ys_state *st, const int moves[YS_COLOURS]);
void ys_ev_majority(const ys_state *st, int winner);
void ys_ev_home(const ys_state *st);
void ys_ev_throne(const ys_state *st);
void ys_ev_final(const ys_state *st, const ys_final *f);
/* Ys+ events' scoring (Y-10.20 … Y-10.22), each told before the gems and
 * points it gives (which follow as ys.gem / ys.points). */
void ys_ev_embassy(const ys_state *st, const int total[], const int present[]);
/* winner: the seat that chooses its prize, YS_NEUTRAL (then `colour` is the
 * neutral's two gems), or -1 when nobody is on the card */
void ys_ev_smuggling(const ys_state *st, int card, const int total[], const int present[], int winner,
                     int colour);
/* winner[c]: who takes column c's gem, -1 nobody */
void ys_ev_brokerage(const ys_state *st, const int winner[YS_COLOURS]);

#endif
