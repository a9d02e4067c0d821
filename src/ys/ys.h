/*
 * ys.h — internal: the Ys rules module (rules reference Y-1 … Y-9, Y-11).
 *
 * Files: ys.c (set-up, the round's flow, bids, placement, scoring, final
 * scoring), ys_cards.c (the character cards: when each may be played, what it
 * does), ys_events.c (the Ys+ events, Y-10.3), ys_notation.c (text notation),
 * ys_json.c (view, save, load, determinize). Ships, characters, rates, scoring tables and broker sets come
 * from the CSV files in data/ys/, turned into build/gen/ys_data.{h,c} by gen_data.awk.
 *
 * The state is one flat struct. Every broker of a player is a 4-byte record
 * (value, place, flags, who else knows it), so a player's whole supply is one
 * small array and nothing points anywhere. The round runs as a step machine:
 * ys_advance() does every automatic step (dealing, revealing, scoring what
 * needs no choice) until a seat has a decision to make, and sets `stage` to it.
 */
#ifndef GG_YS_H
#define GG_YS_H

#include <stdint.h>

#include "core/game.h"
#include "ys_data.h"

enum {
    YS_MAX_PLAYERS = 5,
    YS_COLOURS = 4,      /* blue green yellow red: market-column order (Y-1.1) */
    YS_BLACK = 4,
    YS_WHITE = 5,
    YS_GEM_KINDS = 6,
    YS_DISTRICTS = 4,
    YS_ZONES = 3,        /* port trade palace */
    YS_ROWS = 4,         /* market rows 0..3 */
    YS_ROUNDS = 4,       /* Y-3.1 */
    YS_BROKERS = 14,     /* 11, plus the 3 King's Favour `2`s (Y-1.2) */
    YS_NEUTRAL_BROKERS = 4,
    YS_SHIPS = 24,
    YS_PILE_MAX = 6,     /* palace pile: 3 characters (+3 events with Ys+) */
    YS_NEUTRAL = 5,      /* the 2-player neutral, where a "seat" is expected */
    YS_NONE = 0xFF,
    YS_UNKNOWN_VALUE = 7 /* a broker value the acting seat may not see */
};

/* Places (a broker's `loc`). Zones are 8 + 3*district + zone, market cells
 * 32 + 4*row + colour; the rest are off the board. */
enum ys_loc {
    YS_LOC_SCREEN = 0,   /* behind the owner's screen */
    YS_LOC_FRONT = 1,    /* in front of the screen (bid, last broker: Y-5.4, Y-6.6) */
    YS_LOC_THRONE = 2,   /* King's Favour throne room, face down (Y-9.1) */
    YS_LOC_RESERVE = 3,  /* a King's Favour `2` not yet taken */
    YS_LOC_HAND = 4,     /* a neutral broker in its holder's hand (Y-9.4) */
    YS_LOC_ZONE0 = 8,    /* ..19 */
    YS_LOC_RLINE0 = 20,  /* ..27: Philosopher lines between adjacent rings of district d,
                            20 + 2*d + k (k 0: port/trade, 1: trade/palace), Y-10.12 */
    YS_LOC_CELL0 = 32,   /* ..47 */
    YS_LOC_DLINE0 = 48,  /* ..59: lines between zone z of district d and of the next
                            district (d4: d1), 48 + 3*d + z, Y-10.12 */
    YS_LOC_LIMIT = 128
};
#define YS_ZONE_LOC(d, z) (YS_LOC_ZONE0 + 3 * (d) + (z))
#define YS_CELL_LOC(c, r) (YS_LOC_CELL0 + 4 * (r) + (c))
#define YS_IS_ZONE(l) ((l) >= YS_LOC_ZONE0 && (l) < YS_LOC_ZONE0 + 12)
#define YS_IS_CELL(l) ((l) >= YS_LOC_CELL0 && (l) < YS_LOC_CELL0 + 16)
#define YS_IS_LINE(l) (((l) >= YS_LOC_RLINE0 && (l) < YS_LOC_RLINE0 + 8) || \
                       ((l) >= YS_LOC_DLINE0 && (l) < YS_LOC_DLINE0 + 12))
#define YS_IS_BOARD(l) (YS_IS_ZONE(l) || YS_IS_CELL(l) || YS_IS_LINE(l))
#define YS_LOC_DISTRICT(l) (((l) - YS_LOC_ZONE0) / 3)
#define YS_LOC_ZONE(l) (((l) - YS_LOC_ZONE0) % 3)
#define YS_LOC_COLOUR(l) (((l) - YS_LOC_CELL0) % 4)
#define YS_LOC_ROW(l) (((l) - YS_LOC_CELL0) / 4)
/* Y-10.21: the Smuggling cards in play are places too (60 + the card's copy,
 * data/ys/events.csv; after the Philosopher's lines); not YS_IS_BOARD, which
 * means the city and the market. */
#define YS_LOC_SMUGGLE0 60
#define YS_IS_SMUGGLE(l) ((l) == YS_LOC_SMUGGLE0 || (l) == YS_LOC_SMUGGLE0 + 1)
/* Y-10.3: event card c (0..YS_EVENT_CARDS-1) in a palace pile */
#define YS_EVENT_CODE0 32
#define YS_IS_EVENT_CODE(x) ((x) >= YS_EVENT_CODE0 && (x) < YS_EVENT_CODE0 + YS_EVENT_CARDS)

/* Broker flags. */
enum {
    YS_F_UP = 1,      /* face up (board); front brokers are face up unless YS_F_BID */
    YS_F_BID = 2,     /* a bid broker not yet revealed (Y-5.1) */
    YS_F_MERC = 4,    /* the Mercenary's mark: counts 5 this round (Y-7.15) */
    YS_F_JUST = 8,    /* placed in the current placement turn */
    YS_F_ILLUSION = 16 /* placed from the front with the Illusionist (public value) */
};

typedef struct ys_broker {
    uint8_t value; /* printed value 0..4 */
    uint8_t loc;   /* enum ys_loc */
    uint8_t flags;
    uint8_t known; /* bit q: seat q knows the value although it is hidden (a Spy's peek) */
} ys_broker;

/* Card windows (Y-7.2). */
enum ys_window {
    YS_WIN_NONE = 0,
    YS_WIN_START_OF_PLACEMENT,
    YS_WIN_BEFORE_PLACING,  /* ★ inside one's own turn, before the 2 brokers */
    YS_WIN_AFTER_PLACING,   /* ★ inside one's own turn, after the 2 brokers */
    YS_WIN_START_OF_SCORING,
    YS_WIN_END_OF_SCORING,
    YS_WIN_IMMEDIATE,
    YS_WIN_REACTION         /* Y-10.7 Imitator: right after another player plays a card */
};

typedef struct ys_ship { uint8_t large, small[2]; } ys_ship;     /* gem colours */
typedef struct ys_card_info {
    const char *key, *name, *rule;
    uint8_t window; /* enum ys_window */
    uint8_t set;    /* 0 base, 1 Ys+, 2 blue-bordered */
    const char *discard;
} ys_card_info;
typedef struct ys_broker_set { int n; uint8_t v[11]; } ys_broker_set;
typedef struct ys_event_info {
    const char *key, *name, *rule;
    uint8_t district; /* 1: a district event (Q), sits in the port; 0: general */
} ys_event_info;

extern const ys_ship ys_ships[YS_SHIPS];
extern const ys_card_info ys_cards[YS_CARD_KINDS];
extern const uint32_t ys_window_cards[YS_WIN_REACTION + 1]; /* bit c: card c is played in that window (Y-7.2) */
extern const uint8_t ys_nth_bit[256][8]; /* [m][k]: the k-th (from 0) set bit of byte m, 0 past the last */
extern const ys_event_info ys_events[YS_EVENT_KINDS];
extern const uint8_t ys_event_card_kind[YS_EVENT_CARDS]; /* event card -> YE_* */
extern const uint8_t ys_event_card_copy[YS_EVENT_CARDS]; /* 0, or 1 for the second Smuggling */
extern const uint8_t ys_colour_points[4][5];
extern const uint8_t ys_black_points[8];
extern const uint8_t ys_throne_points[5];
extern const ys_broker_set ys_brokers_standard, ys_brokers_short, ys_brokers_reserve,
    ys_brokers_neutral, ys_brokers_strong_neutral;
extern const char *const ys_gem_name[YS_GEM_KINDS];  /* blue green yellow red black white */
extern const char *const ys_zone_name[YS_ZONES];     /* port trade palace */

/* Table options, in the order of the option table (ys.c). */
enum ys_option { YS_OPT_DISTRICTS, YS_OPT_KINGS_FAVOUR, YS_OPT_EXPRESS, YS_OPT_YSPLUS,
                 YS_OPT_EVENTS, YS_OPT_STRONG_NEUTRAL, YS_OPT_SEE_OWN_HIDDEN, YS_OPT_COUNT };

/* Decisions: what the actor(s) are choosing now. */
enum ys_stage {
    YS_ST_BID = 1,       /* all seats not yet bid, at once, secretly (Y-5.1) */
    YS_ST_ORDER,         /* the ranked seat picks a free turn place (Y-5.2) */
    YS_ST_WINDOW,        /* card window `window`: seat plays cards or passes (Y-7.2) */
    YS_ST_PLACE,         /* a placement turn (Y-6.2): brokers, Queen before, Spy peeks */
    YS_ST_REFILL,        /* Illusionist: which screen broker replaces the front one */
    YS_ST_AFTER,         /* after the turn's brokers: Magician / Mercenary or pass */
    YS_ST_GEM,           /* take a gem: from a port share, or any colour (white, blue card) */
    YS_ST_COLUMN,        /* order tied market columns (Y-8.7) */
    YS_ST_MAJORITY,      /* market majority moves a rate (Y-8.8) */
    YS_ST_THRONE,        /* King's Favour: all seats at once, secretly (Y-9.1) */
    YS_ST_OVER,
    YS_ST_IMITATE,       /* Y-10.7: the Imitator's holder copies the card just played, or passes */
    YS_ST_SETTLE,        /* Y-10.12: the Philosopher's owner puts a line broker into a zone */
    YS_ST_SPECULATE,     /* Y-10.31: all seats not yet chosen, at once, secretly */
    YS_ST_SMUGGLE,       /* Y-10.21: the Smuggling winner takes 2 gems, 1 black or 3 points */
    YS_ST_SPY            /* Y-7.8: a placement turn ended; a Spy owner may peek or pass */
};

/* Where the step machine resumes (ys_advance). */
enum ys_step {
    YS_STEP_PREPARE = 0, YS_STEP_BID, YS_STEP_ORDER, YS_STEP_PLACEMENT_WINDOW, YS_STEP_PLACEMENT,
    YS_STEP_SCORING_WINDOW, YS_STEP_DISTRICT, YS_STEP_MARKET_ROWS,
    YS_STEP_COLUMNS, YS_STEP_MAJORITY, YS_STEP_END_WINDOW, YS_STEP_RETURN, YS_STEP_THRONE,
    YS_STEP_END_ROUND, YS_STEP_FINAL, YS_STEP_OVER,
    YS_STEP_SPECULATE,   /* Y-10.31: after preparation, before the bid */
    YS_STEP_EVENTS       /* Y-10.20, Y-10.21: Embassy, Smuggling, after the districts (dstep) */
};

/* What a pending gem decision is for (ys_state.gem_kind). */
enum ys_gem_kind {
    YS_GEM_PORT = 1,   /* choosing from the port gems left (Y-8.4) */
    YS_GEM_ANY,        /* any coloured gem: blue card (Y-7.19) */
    YS_GEM_WHITE       /* a white gem received: choose its colour (Y-8.5) */
};

typedef struct ys_player {
    ys_broker b[YS_BROKERS];        /* n_brokers used; the rest zero */
    ys_broker nb[YS_NEUTRAL_BROKERS]; /* 2 players: neutral brokers this seat holds (Y-9.4) */
    int16_t score;
    int16_t pts_trade, pts_market, pts_cards; /* where points came from (score sheet) */
    uint8_t gems[YS_GEM_KINDS];     /* white always 0 (Y-1.7) */
    uint8_t order;                  /* order card 1..N */
    uint8_t n_brokers;
    uint8_t bid_done;               /* this round's bid is in (maybe not revealed) */
    uint8_t played;                 /* cards played this round (limit 2, Y-7.1) */
    uint8_t spy_peeks;              /* Spy peeks left this round (Y-7.8) */
    uint8_t throne_done;            /* King's Favour choice made this round */
    /* Ys+ cards' named choices this scoring, stored plus one (0: none) */
    uint8_t investor_colour;        /* Y-10.8: 1 + the colour whose column is first */
    uint8_t professor_district;     /* Y-10.13: 1 + the district where his brokers count +1 */
    uint8_t customs_colour;         /* Y-10.4: 1 + the gem kind taken off the port ships */
    uint8_t guard_placed;           /* Y-10.6: the Royal Guard's front broker is on the board
                                       this round (one front broker fewer until the round ends) */
    uint8_t imitated;               /* Y-10.7: 1 + the card whose `active` bit is this player's
                                       Imitator copy (the card itself is elsewhere), 0 none */
    uint8_t lines_placed;           /* Y-10.12: brokers placed on lines this round (at most 2) */
    uint32_t hand;                  /* bit c: holds character c (Y-7.3: public) */
    uint32_t fresh;                 /* won this round: playable from next round (Y-7.1) */
    uint32_t active;                /* played cards in effect (Bishop, Spy, Illusionist,
                                       Intriguer, Merchant, Mercenary, Queen; Ys+
                                       Financier, Investor, Professor, Customs Officer) */
    uint32_t kept;                  /* Ys+ kept cards won: Favourite, Pope, Trafficker
                                       (Y-10.9, Y-10.11, Y-10.15; public, never played) */
    int16_t pts_events;             /* Ys+ events: Enrichment, Smuggling (score sheet) */
} ys_player;

typedef struct ys_state {
    gg_state base;
    ys_player pl[YS_MAX_PLAYERS];
    int16_t neutral_score, neutral_market;  /* 2 players (Y-9.4) */
    uint8_t neutral_gems[YS_GEM_KINDS];
    int8_t rate[YS_COLOURS];                /* Y-1.6 */
    uint8_t districts;                      /* 3 or 4 in play (Y-2.2) */
    uint8_t ship_deck[YS_SHIPS];            /* face down below ship_n (top at ship_n-1); above: drawn */
    uint8_t ship_n;
    uint8_t port_ship[YS_DISTRICTS];        /* ship card index or YS_NONE */
    uint8_t market_gem[YS_ROWS];            /* gem colour on each row or YS_NONE */
    uint8_t pile[YS_DISTRICTS][YS_PILE_MAX];/* palace piles, face down; top at pile_n-1 */
    uint8_t pile_n[YS_DISTRICTS];
    uint8_t palace_card[YS_DISTRICTS];      /* the face-up card or YS_NONE */
    uint8_t unused[YS_CARD_KINDS];          /* characters out of the game unseen (Y-2.3) */
    uint8_t unused_n;
    uint8_t blue_left;                      /* blue-bordered cards waiting (Y-2.4) */
    uint8_t queen_loc;                      /* zone locked by the Queen or YS_NONE (Y-7.16) */
    uint8_t queen_owner;
    uint8_t round;                          /* 1..4 */
    uint8_t step;                           /* enum ys_step */
    uint8_t stage;                          /* enum ys_stage */
    uint8_t window;                         /* enum ys_window during YS_ST_WINDOW */
    uint8_t actor;                          /* the seat deciding (one-seat stages) */
    uint8_t cursor;                         /* index into turn_order / bid_rank */
    uint8_t turn;                           /* placement turn 0.. (Y-6.1) */
    uint8_t turns;                          /* placement turns per round */
    uint8_t turn_order[YS_MAX_PLAYERS];     /* seats by order card (Y-5.3) */
    uint8_t bid_rank[YS_MAX_PLAYERS];       /* seats in bid ranking (Y-5.2) */
    uint8_t places_taken;                   /* bit k: turn place k+1 chosen */
    uint8_t place_of[YS_MAX_PLAYERS];       /* turn place chosen by each seat, 0 = none */
    uint8_t n_up, n_down, n_neutral;        /* brokers placed in this turn */
    uint8_t district;                       /* district being scored */
    uint8_t dstep;                          /* sub-step within the district / market */
    uint8_t revealed;                       /* bit d: district d revealed; bit 4: market */
    /* a gem decision (YS_ST_GEM) or a port share in progress */
    uint8_t gem_kind;
    uint8_t port_gems[4], port_gems_n;      /* gems of the port not yet taken */
    uint8_t share_rank[YS_MAX_PLAYERS + 1]; /* who shares the port, best first (YS_NEUTRAL too) */
    uint8_t share_n, share_pos, share_left; /* ranked entries; whose turn; gems still due */
    /* market columns being ordered (Y-8.7) */
    uint8_t col_order[YS_COLOURS];          /* columns, highest first */
    uint8_t col_fixed;                      /* how many of col_order are settled */
    uint8_t col_chooser;
    uint8_t over;
    /* Y-10.7 Imitator: while `stage` is YS_ST_IMITATE, the card just played
     * (plus one), the stage it was played in and who played it */
    uint8_t imitating, imit_stage, imit_from;
    uint16_t cells;                         /* derived: market cells holding a broker
                                               (bit 4*row + colour); ys_sync_cells */
    /* derived: the zone totals of the district being scored (Y-8.1), kept from
     * its reveal (dstep 0) to its zone winners (dstep 2), for the port share
     * and the zones; zero at every other step; ys_sync_cells */
    int16_t zone_total[YS_ZONES][YS_MAX_PLAYERS + 1];
    uint8_t zone_present[YS_ZONES];         /* bit q: participant q has a broker there */
    /* derived: the market's totals, counted when its scoring starts (step
     * YS_STEP_MARKET_ROWS, dstep 0) and kept to the majority (Y-8.6 rows,
     * Y-8.7 columns, Y-8.8 the majority: the brokers stay where they are);
     * zero at every other step; ys_sync_cells */
    int16_t row_total[YS_ROWS][YS_MAX_PLAYERS + 1];
    uint8_t row_present[YS_ROWS];           /* bit q: participant q has a broker in the row */
    int16_t col_total[YS_COLOURS];          /* each column's printed values (Mercenary: 5) */
    uint8_t col_count[YS_COLOURS];          /* and its brokers */
    /* Ys+ events (Y-10.3, ys_events.c); event card c is bit c */
    uint16_t ev_active;                     /* in effect this round (general, or in a port) */
    uint16_t ev_out;                        /* out of the game unseen (not dealt) */
    uint16_t ev_gone;                       /* in effect in an earlier round (public) */
    uint16_t ev_discarded;                  /* turned as a second event in a palace (public) */
    uint8_t port_event[YS_DISTRICTS];       /* 1 + the event card in district d's port, 0 none */
    uint8_t centre_ship;                    /* Y-10.20: 1 + the Embassy's centre ship, 0 none */
    uint8_t spec_pick[YS_MAX_PLAYERS];      /* Y-10.31: 1 + the colour picked (secret), 0 none */
    uint8_t spec_done;                      /* bit q: seat q has made its Speculation choice */
    uint32_t char_gone;                     /* round 4: characters turned and discarded (Y-10.3) */
} ys_state;

/*
 * Actions: kind << 27 | payload. A broker reference (REF, 11 bits) is
 * loc | up << 7 | value << 8 (value YS_UNKNOWN_VALUE: "one of mine I may not
 * see"); it names the first broker of the acting seat that matches.
 *   BID       a | b << 3, a <= b                     Y-5.1
 *   ORDER     turn place 1..N                        Y-5.2
 *   PLACE     loc | up << 7 | value << 8 | front << 11 | guard << 12   Y-6.2, Y-6.3
 *             (front: Illusionist Y-7.10; guard: the Royal Guard's extra front broker,
 *             face up, Y-10.6)
 *   NEUTRAL   loc | value << 8                       Y-9.4
 *   REFILL    value                                  Y-7.10
 *   PEEK      loc | seat << 7 (loc YS_LOC_THRONE for the throne room)  Y-7.8
 *   PASS      0: end my turn in a window / after placing
 *   GEM       colour | to << 3 (to = colour unless white)   Y-8.4, Y-8.5, Y-7.19
 *   COLUMN    colour                                 Y-8.7
 *   RATE      colour | up << 3                       Y-8.8
 *   THRONE    value                                  Y-9.1
 *   PLAY      card << 22 | args (22 bits, per card below)
 */
enum ys_kind {
    YS_A_BID = 1, YS_A_ORDER, YS_A_PLACE, YS_A_NEUTRAL, YS_A_REFILL, YS_A_PEEK, YS_A_PASS,
    YS_A_GEM, YS_A_COLUMN, YS_A_RATE, YS_A_THRONE, YS_A_PLAY,
    YS_A_SETTLE,     /* REF | zone loc << 11: a line broker into one of its two zones (Y-10.12) */
    YS_A_SPECULATE,  /* colour, or YS_SPEC_NONE: no pick   Y-10.31 */
    YS_A_SMUGGLE     /* colour_a | colour_b << 3 (a <= b), or YS_SMUGGLE_BLACK, YS_SMUGGLE_POINTS   Y-10.21 */
};
enum { YS_SPEC_NONE = 4, YS_SMUGGLE_BLACK = 64, YS_SMUGGLE_POINTS = 128 };
#define YS_ACTION(kind, payload) ((gg_action)(kind) << 27 | (gg_action)(payload))
#define YS_KIND(a) ((a) >> 27)
#define YS_PAYLOAD(a) ((a) & 0x7FFFFFFu)
#define YS_PLAY(card, args) YS_ACTION(YS_A_PLAY, (gg_action)(card) << 22 | (gg_action)(args))
#define YS_PLAY_CARD(a) ((YS_PAYLOAD(a) >> 22) & 0x1F)
#define YS_PLAY_ARGS(a) (YS_PAYLOAD(a) & 0x3FFFFF)
#define YS_REF(loc, up, value) ((unsigned)(loc) | (unsigned)(up) << 7 | (unsigned)(value) << 8)
#define YS_REF_LOC(r) ((r) & 0x7F)
#define YS_REF_UP(r) (((r) >> 7) & 1)
#define YS_REF_VALUE(r) (((r) >> 8) & 7)

/*
 * Card arguments (PLAY args):
 *   bishop, spy, illusionist, intriguer, merchant: 0
 *   banker     up_colour | down_colour << 3
 *   captain    district_a | district_b << 3 (a < b)
 *   jeweller   colour_a | colour_b << 3 (a <= b)
 *   alchemist  give | take << 3
 *   queen      zone loc
 *   mercenary  REF (one of the two just placed)
 *   magician   REF_a | REF_b << 11
 *   herald     REF | dest_loc << 11
 *   financier  0
 *   investor, customs_officer   colour (customs_officer: white too)
 *   professor  district
 *   monk       REF_a | REF_b << 11 (REF_a <= REF_b; REF_b 0: one broker only)
 *   rogue      colour_a | colour_b << 3 | points << 6 (a <= b; points 0: a black gem)
 *   imitator   the arguments of the card copied (ys_state.imitating)
 */

/* ---- ys.c: rules */
int ys_actors(const gg_state *s, int seats[GG_MAX_SEATS]);
int ys_legal(const gg_state *s, int seat, gg_action *out);
gg_status ys_validate(const gg_state *s, int seat, gg_action a, gg_error *err);
void ys_apply(gg_state *s, int seat, gg_action a);
int ys_is_over(const gg_state *s);
void ys_result(const gg_state *s, gg_result *r);
/* Runs automatic steps until a decision is due (or the game is over). */
void ys_advance(ys_state *st);
int ys_opt(const ys_state *st, enum ys_option o); /* value index of an option */
/* Whether options as played are the base game's for their player count:
 * every option at its default but what the rules fix (Y-2.2: 2 players
 * always play 3 districts). */
int ys_base_game(const gg_options *opts);
/* Y-2.3, Y-10.2: is character `card` in this game's yellow deck? */
int ys_in_deck(const ys_state *st, int card);
/* Y-10.9, Y-10.11, Y-10.15: a card kept by its winner (never played, no limit)? */
int ys_is_kept(int card);
int ys_see_own_hidden(const ys_state *st);
/* Does `viewer` (a seat, or GG_SPECTATOR) know the value of broker b of seat q? */
int ys_knows(const ys_state *st, int viewer, int q, const ys_broker *b);
/* ... of neutral broker b held/placed by seat q? */
int ys_knows_neutral(const ys_state *st, int viewer, int q, const ys_broker *b);
/* The value a broker counts this scoring (Y-8.1). */
int ys_count_value(const ys_broker *b);
int ys_broker_count(const ys_state *st, const ys_player *p, const ys_broker *b);
/* Sum of a seat's front brokers (Y-8.3). */
int ys_front_sum(const ys_state *st, int q);
/* Y-8.3: does participant a (seat or YS_NEUTRAL) win a tie against b? */
int ys_wins_tie(const ys_state *st, int a, int b);
/* The gems a ship offers this round, in order (large twice with 4+ players). */
int ys_ship_gems(const ys_state *st, int ship, uint8_t out[4]);
/* A decision in words ("seat 1 secretly bids two brokers"), for views. */
void ys_decision_text(const ys_state *st, char *buf, size_t n);
/* Stage name for views ("bid", "turn_places", "placement", "gem", ...). */
const char *ys_stage_name(const ys_state *st);
/* Final scoring breakdown (Y-8.10, Y-8.11, Y-9.1), for the score sheet. */
typedef struct ys_final {
    int colour_rank[YS_COLOURS];          /* colours, best first */
    int colour_pts[YS_MAX_PLAYERS + 1][YS_COLOURS]; /* [YS_NEUTRAL] = the neutral */
    int black_pts[YS_MAX_PLAYERS + 1];
    int throne_total[YS_MAX_PLAYERS], throne_pts[YS_MAX_PLAYERS];
    int kept_pts[YS_MAX_PLAYERS];         /* Y-10.15 Trafficker */
    int spec_pts[YS_MAX_PLAYERS];         /* Y-10.31 Speculation: +3, -2 or 0 */
} ys_final;
void ys_final_scores(const ys_state *st, ys_final *f);

/* Y-10.12: the two zones a line joins (1), or 0 when `loc` is not a line in play. */
int ys_line_zones(const ys_state *st, int loc, int zones[2]);

/* Y-4.3: is market row r open with this player count? */
int ys_row_open(const ys_state *st, int r);
/* Market cells holding a broker (bit = 4*row + colour): the cached `cells`. */
unsigned ys_cells_taken(const ys_state *st);
/* The same, counted from the brokers; ys_sync_cells stores it in `cells`
 * and recounts the other derived fields (`zone_total`, `zone_present`,
 * the market's `row_total`, `row_present`, `col_total`, `col_count`) too
 * (after loading, or after a test edited brokers in place). */
unsigned ys_count_cells(const ys_state *st);
void ys_sync_cells(ys_state *st);
/* Free places to put a broker now (Y-6.3), as a mask of locs: the zones of
 * the districts in play but the Queen's, the open empty cells (and, with
 * events, the Smuggling cards in play). */
uint64_t ys_free_places(const ys_state *st);
/* Y-6.3: may a broker go to `loc` now (taken: ys_cells_taken)? */
int ys_loc_free(const ys_state *st, int loc, unsigned taken);
/* A port gem taken by `who` (to: the colour a white one becomes, Y-8.5). */
void ys_take_port_gem(ys_state *st, int who, int gem, int to);
/* The ordering player names the next of the tied columns (Y-8.7). */
void ys_choose_column(ys_state *st, int colour);

/* ---- ys_cards.c: character cards (Y-7) */
/* Appends the card plays legal for `seat` in the current stage/window. */
int ys_card_plays(const ys_state *st, int seat, gg_action *out);
/* Does the seat have any card play now (ys_card_plays would list one)? */
int ys_has_card_play(const ys_state *st, int seat);
/* The gems a gem choice offers (Y-8.4, Y-8.5, Y-7.19): the colours as a
 * mask over the four colours, and *white when a white gem is offered (it may
 * be taken as any colour). A blue card offers any colour. */
static inline unsigned ys_gems_on_offer(const ys_state *st, unsigned *white)
{
    *white = 0;
    if (st->gem_kind == YS_GEM_WHITE) {
        *white = 1;
        return 0;
    }
    if (st->gem_kind != YS_GEM_PORT) return 0x0F;
    unsigned kinds = 0;
    for (int i = 0; i < st->port_gems_n; i++) kinds |= 1u << st->port_gems[i];
    *white = kinds >> YS_WHITE & 1;
    return kinds & 0x0F;
}

/* The first test ys_card_plays and ys_has_card_play make, inline: does the
 * player hold a card that is not fresh, with fewer than 2 played this round
 * (Y-7.1)? Without one there is no card play (with one there may be). */
static inline int ys_may_hold_play(const ys_player *p) { return (p->hand & ~p->fresh) && p->played < 2; }
/* Plays a card (trusted: came from ys_card_plays). */
void ys_card_apply(ys_state *st, int seat, gg_action a);
/* Y-10.7: the seat that may copy `card` just played by `from`, or -1. */
int ys_imitator_for(const ys_state *st, int from, int card);
/* Y-10.7: may the Imitator ever copy this card (not the Intriguer, Pope, Queen)? */
int ys_copyable(int card);
/* Y-10.12 Philosopher: may the seat place a broker on a line now? */
int ys_may_place_line(const ys_state *st, int seat);
/* Y-10.12: the settle actions of the seat (a line broker into one of its zones), ascending. */
int ys_settle_plays(const ys_state *st, int seat, gg_action *out);
void ys_settle_apply(ys_state *st, int seat, gg_action a);
/* Does the seat hold a card playable now in window w (limit, freshness)? */
int ys_can_play(const ys_state *st, int seat, int card);
/* Index of the first broker of seat q matching REF r, or -1. */
int ys_find_ref(const ys_state *st, int seat, int q, unsigned ref);
/* Why a card play is refused (Y-7.1, Y-7.2, the card's own limits). */
gg_status ys_card_explain(const ys_state *st, int seat, gg_action a, gg_error *err);
/* The acting seat's REF for its broker i (value masked when it may not see it). */
unsigned ys_ref_of(const ys_state *st, int seat, int i);

/* ---- ys.c: shared with ys_events.c */
void ys_give_gem(ys_state *st, int who, int gem);
void ys_add_points(ys_state *st, int who, int pts, int16_t *bucket_of_seat);
int ys_best_rated(const ys_state *st);
int ys_rank_present(const ys_state *st, const int total[], const int present[], uint8_t out[YS_MAX_PLAYERS + 1]);
int ys_share_port(ys_state *st);   /* 1: a seat must choose a gem */
int ys_share_due(const ys_state *st, int pos);
void ys_return_brokers_in(ys_state *st, uint64_t locs);
uint8_t ys_draw_ship(ys_state *st);

/* ---- ys_events.c: the Ys+ events (Y-10.3, Y-10.20 … Y-10.32) */
static inline int ys_events_on(const ys_state *st) { return st->base.opts.value[YS_OPT_EVENTS] != 0; }
/* The event kind (YE_*) in district d's port this round, or -1. */
static inline int ys_port_event(const ys_state *st, int d)
{
    return st->port_event[d] ? ys_event_card_kind[st->port_event[d] - 1] : -1;
}
/* How many cards of general event `kind` are in effect this round. */
int ys_event_count(const ys_state *st, int kind);
/* Y-10.3 set-up: shuffles the 14 events, 3 into each palace pile, shuffles the piles. */
void ys_events_deal(ys_state *st);
/* Y-10.3 phase 1: turns the palace piles (replaces Y-4.1 with events). */
void ys_events_turn(ys_state *st);
/* After the port ships: the Embassy's centre ship (Y-10.20). */
void ys_events_ships(ys_state *st);
/* Y-10.25, Y-10.29, Y-10.32: why `seat` may not put a broker (face `up`)
 * at `loc` (coming from `from`, or YS_LOC_SCREEN), or NULL. */
const char *ys_event_refusal(const ys_state *st, int seat, int loc, int up, int from);
/* The value a broker at `loc` counts, given its usual value v (Y-10.23, Y-10.30). */
int ys_event_value(const ys_state *st, int loc, int face, int v);
/* Y-10.30: does Revolt stop the cards in district d this round? */
int ys_revolt_in(const ys_state *st, int d);
/* YS_STEP_EVENTS: Embassy, Smuggling; 1 when a decision is due. */
int ys_events_step(ys_state *st);
/* Y-10.22 Brokerage, after the market rows. */
void ys_events_brokerage(ys_state *st);
/* Y-10.31: Speculation's picks this round? Its choice, its points. */
int ys_events_speculate_now(const ys_state *st);
void ys_apply_speculate(ys_state *st, int seat, int choice);
void ys_apply_smuggle(ys_state *st, int seat, unsigned pay);
int ys_legal_speculate(const ys_state *st, int seat, gg_action *out);
int ys_legal_smuggle(const ys_state *st, gg_action *out);
/* Y-10.3: events last one round. */
void ys_events_end_round(ys_state *st);
/* Y-10.24 Enrichment: a gem won in district d's scoring. */
void ys_event_gem_won(ys_state *st, int who);

/* ---- ys_notation.c */
int ys_format(const gg_state *s, int seat, gg_action a, char *buf, size_t n);
int ys_announce(const gg_state *s, int seat, gg_action a, int viewer, char *buf, size_t n);
gg_status ys_parse(const gg_state *s, int seat, const char *text, gg_action *out, gg_error *err);
/* "d2-trade", "blue1", "throne" — a place in notation. */
int ys_loc_text(int loc, char *buf, size_t n);

/* ---- ys_json.c */
void ys_view(const gg_state *s, int seat, cJSON *obj);
void ys_save(const gg_state *s, cJSON *obj);
gg_status ys_load(gg_state *s, const cJSON *obj, gg_error *err);
void ys_determinize(gg_state *s, int seat, gg_rng *rng);
void ys_determinize_belief(gg_state *s, int seat, gg_rng *rng); /* ismcts:belief=1 */

/* Playing knowledge: heuristic, evaluation, search hints (ys_ai.c). */
extern const struct gg_ai ys_ai;

#endif
