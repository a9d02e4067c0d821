/*
 * splendor.h — internal: the Splendor rules module (rules reference S-1 … S-6).
 *
 * Files: splendor.c (set-up, legal actions, apply, end of turn and game),
 * splendor_notation.c (text notation), splendor_json.c (view, save, load,
 * determinize). The card and noble tables are generated at build time from
 * data/splendor/cards.csv and nobles.csv (gen_data.awk → build/gen/splendor_data.c).
 *
 * Colours are indexed white, blue, green, red, black, gold (S-1.1). Tokens and
 * bonuses are kept as 8-byte arrays so that a whole colour vector can be read
 * as one 64-bit word (SWAR arithmetic in the hot path).
 */
#ifndef GG_SPLENDOR_H
#define GG_SPLENDOR_H

#include <stdint.h>

#include "core/game.h"

enum {
    SPL_COLOURS = 5,   /* white blue green red black */
    SPL_GOLD = 5,      /* index of gold in token vectors */
    SPL_TOKEN_KINDS = 6,
    SPL_CARDS = 90,
    SPL_NOBLES = 10,
    SPL_TIERS = 3,
    SPL_SLOTS = 4,     /* face-up cards per tier (S-2.1) */
    SPL_HAND = 3,      /* most reserved cards (S-3.3) */
    SPL_MAX_PLAYERS = 4,
    SPL_MAX_NOBLE_SLOTS = SPL_MAX_PLAYERS + 1, /* S-1.4 */
    SPL_DECK_MAX = 40,
    SPL_NONE = 0xFF,   /* an empty card or noble slot */
    SPL_GOLD_TOKENS = 5,
    SPL_TOKEN_LIMIT = 10, /* S-4.1 */
    SPL_WIN_POINTS = 15   /* S-5.1 */
};

/* One printed development card (cards.csv). cost[] is padded to 8 bytes. */
typedef struct spl_card {
    uint8_t cost[8];
    uint8_t tier;   /* 0..2 */
    uint8_t bonus;  /* colour 0..4 */
    uint8_t points;
} spl_card;

typedef struct spl_noble {
    uint8_t need[8]; /* padded to 8 bytes */
    uint8_t points;
} spl_noble;

extern const spl_card spl_cards[SPL_CARDS];
extern const spl_noble spl_nobles[SPL_NOBLES];
/* cards.csv lists the tiers in order (gen_data.awk checks): tier t is the
 * run of ids spl_tier_start[t] .. spl_tier_start[t + 1] - 1. */
extern const uint8_t spl_tier_start[SPL_TIERS + 1];
/* cost of card id as one word (byte k = colour k); 256 entries so that any
 * byte, SPL_NONE included, indexes it (unknown ids cost 127 of everything). */
extern const uint64_t spl_cost64[256];
/* Generated lists of actions, ascending, indexed by a colour mask:
 * spl_take3[colours with tokens left] — the "take 3 different" actions (S-3.1);
 * spl_take2[colours whose pile holds 4 or more] — the "take 2 same" (S-3.2). */
typedef struct spl_take_list {
    uint32_t n;
    uint32_t act[10];
} spl_take_list;
extern const spl_take_list spl_take3[32];
extern const spl_take_list spl_take2[32];
/* S-4.1 return choices, generated (gen_data.awk explains the split): a field
 * of 2 bits per token kind is a high half (kinds 3..5, bits 6..11) and a low
 * half (kinds 0..2, bits 0..5). caps = a half's three holdings, each capped
 * at 3, two bits each. spl_ret_hi[left][caps] lists the high halves (with how
 * many the low half must still return), spl_ret_lo[caps][k] the low halves
 * returning exactly k; both ascending. (At most 20 high halves: the ways to
 * return up to 3 from three kinds; at most 10 low halves: exactly 3.) */
typedef struct spl_return_hi {
    uint8_t n;
    struct { uint8_t half, low_left; } e[20];
} spl_return_hi;
typedef struct spl_return_lo {
    uint8_t half[12]; /* the first n in use, the rest 0: copied 12 at a time */
    uint8_t n;
    uint8_t pad[3]; /* 16 bytes: read whole by one vector load */
} spl_return_lo;
extern const spl_return_hi spl_ret_hi[4][64];
extern const spl_return_lo spl_ret_lo[64][4];
/* spl_one_gold[mask]: the gold fields paying one gold in each colour of
 * mask (1 << 3c), ascending, padded with 0 (see buy_with_gold). */
extern const uint16_t spl_one_gold[32][8];

/* Phases: whose decision is what. */
enum spl_phase {
    SPL_MAIN = 0,   /* the turn's one action (S-3) */
    SPL_RETURN = 1, /* give back tokens down to 10 (S-4.1) */
    SPL_NOBLE = 2   /* choose among several qualifying nobles (S-4.2) */
};

typedef struct spl_player {
    uint64_t bought[2];      /* bitmask of purchased card ids */
    uint16_t nobles;         /* bitmask of noble ids that visited */
    uint8_t tokens[8];       /* 0..4 colours, 5 gold, 6..7 zero */
    uint8_t bonus[8];        /* derived: purchased cards per colour; 5..7 zero */
    uint8_t points;          /* derived: cards + nobles */
    uint8_t ncards;          /* derived: purchased cards */
    uint8_t ntokens;         /* derived: tokens held, gold included */
    uint8_t nreserved;
    uint8_t reserved[SPL_HAND]; /* card ids, oldest first; SPL_NONE past nreserved */
    uint8_t hidden;          /* bit i: reserved[i] came from the top of a deck (S-6.2) */
    uint8_t shown;           /* bit i: reserved[i] was in the hand when its owner passed,
                                so it is public from then on (S-3.6); only hidden bits */
    uint8_t pad[3];
} spl_player;

/* Bit i: reserved[i] is a secret of its owner (from a deck, not shown at a
 * pass; S-6.2, S-3.6). */
static inline unsigned spl_secret(const spl_player *p) { return (unsigned)(p->hidden & ~p->shown); }

typedef struct spl_state {
    gg_state base;
    spl_player pl[SPL_MAX_PLAYERS];
    uint8_t supply[8];                   /* 0..4 colours, 5 gold */
    uint8_t board[SPL_TIERS][SPL_SLOTS]; /* card id or SPL_NONE */
    /* derived from board, for the legal-buy test: slot_cost[c][k] is what the
     * card in face-up slot k (tier*4+slot) costs in colour c; an empty slot,
     * and k = 12..15, cost 127 of every colour (never affordable) */
    uint8_t slot_cost[SPL_COLOURS][16];
    uint8_t deck[SPL_TIERS][SPL_DECK_MAX]; /* deck[t][0] bottom, deck[t][n-1] top; rest 0 */
    uint8_t deck_n[SPL_TIERS];
    uint8_t noble[SPL_MAX_NOBLE_SLOTS];  /* noble id or SPL_NONE; players+1 slots used */
    uint8_t phase;        /* enum spl_phase */
    uint8_t turn;         /* the seat whose turn it is */
    uint8_t first;        /* the seat that began the game (rounds start there) */
    uint8_t last_round;   /* someone ended a turn with 15+ points (S-5.1) */
    uint8_t passes;       /* passes in the current round (S-3.6) */
    uint8_t over;
    uint8_t pad[6];
} spl_state;

/*
 * Actions: kind << 24 | payload, so that sorting by value groups them by kind.
 *   take3   payload = colour mask (1 to 3 colours)                   S-3.1
 *   take2   payload = colour                                          S-3.2
 *   reserve payload = source: tier*4+slot (0..11) or 12+tier (deck)   S-3.3
 *   buy     payload = source << 16 | gold: source tier*4+slot (0..11)
 *           or 12+hand index; gold = 3 bits per colour: gold tokens
 *           paid in place of that colour                              S-3.4
 *   return  payload = 2 bits per token kind (0..5): how many returned S-4.1
 *   noble   payload = noble slot                                      S-4.2
 *   pass    payload = 0                                               S-3.6
 */
enum spl_kind {
    SPL_A_TAKE3 = 1,
    SPL_A_TAKE2 = 2,
    SPL_A_RESERVE = 3,
    SPL_A_BUY = 4,
    SPL_A_RETURN = 5,
    SPL_A_NOBLE = 6,
    SPL_A_PASS = 7
};
#define SPL_ACTION(kind, payload) ((gg_action)(kind) << 24 | (gg_action)(payload))
#define SPL_KIND(a) ((a) >> 24)
#define SPL_PAYLOAD(a) ((a) & 0xFFFFFFu)
#define SPL_BUY_SRC(a) (((a) >> 16) & 0xFFu)
#define SPL_BUY_GOLD(a) ((a) & 0xFFFFu)
enum { SPL_SRC_DECK = 12, SPL_SRC_HAND = 12 };

extern const char spl_colour_letter[SPL_TOKEN_KINDS]; /* "WBGRKY" */
extern const char *const spl_colour_name[SPL_TOKEN_KINDS];

/* Rules (splendor.c). */
int spl_actors(const gg_state *s, int seats[GG_MAX_SEATS]);
int spl_legal(const gg_state *s, int seat, gg_action *out);
void spl_apply(gg_state *s, int seat, gg_action a);
gg_status spl_validate(const gg_state *s, int seat, gg_action a, gg_error *err);
int spl_is_over(const gg_state *s);
void spl_result(const gg_state *s, gg_result *r);
/* Tokens `seat` must give back now (0 outside the return phase). */
int spl_excess(const spl_state *st);
/* Card id at a buy/reserve source for seat (SPL_NONE when empty). */
int spl_source_card(const spl_state *st, int seat, int src, int reserve);
/* Recomputes a player's derived fields (bonus, points, ncards, ntokens). */
void spl_player_derive(spl_player *p);
void spl_board_derive(spl_state *st);
/* Bit k set: the card in face-up slot k is affordable with `wealth` (bonuses +
 * coloured tokens, byte c = colour c) and at most `gold` gold (S-3.4). The
 * first is what legal() uses (SSE2 where there is SSE2); the second is the
 * plain card-by-card reference it is tested against. */
unsigned spl_board_within_reach(const spl_state *st, uint64_t wealth, unsigned gold);
unsigned spl_board_within_reach_ref(const spl_state *st, uint64_t wealth, unsigned gold);
/* Bitmask of noble slots whose requirement seat's bonuses meet (S-4.2). */
unsigned spl_qualifying_nobles(const spl_state *st, int seat);
/* Tokens of each kind in the game for this player count (S-1.3). */
int spl_tokens_per_colour(int players);

/* Notation (splendor_notation.c). */
int spl_format(const gg_state *s, int seat, gg_action a, char *buf, size_t n);
gg_status spl_parse(const gg_state *s, int seat, const char *text, gg_action *out,
                    gg_error *err);

/* The event stream (splendor_stream.c): every event read from the states
 * before and after a decision, so apply has no hook. */
enum { SPL_N_EVENT_KINDS = 10 };
extern const gg_event_kind spl_event_kinds[SPL_N_EVENT_KINDS];
void spl_setup_events(const gg_state *s, gg_events *ev);
void spl_after_events(const gg_state *before, int seat, gg_action a, const gg_state *after,
                      gg_events *ev);

/* JSON (splendor_json.c). */
void spl_view(const gg_state *s, int seat, cJSON *obj);
void spl_save(const gg_state *s, cJSON *obj);
gg_status spl_load(gg_state *s, const cJSON *obj, gg_error *err);
void spl_determinize(gg_state *s, int seat, gg_rng *rng);

/* Playing knowledge: heuristic, evaluation, search hints (splendor_ai.c). */
extern const struct gg_ai spl_ai;

#endif
