/* test_splendor_rulebook.c — the worked examples of the Splendor rulebook
 * (shared/seeds/001_3e80d2579fb9ef3d.txt) as scenario tests. Each test sets
 * up the position from state JSON (gg_state_load), plays the example's actions
 * with gg_play and checks the outcome the rulebook states. Example ids and
 * source lines: docs/rulebook-examples.md. EX-SP-BONUS-1 is the Splendor
 * module's test_S_3_4_rulebook_card_example (test_splendor_rules.c), which
 * also checks the data of the pictured card and noble; the tests here play
 * those examples through.
 *
 * Only the public API is used: positions are written as JSON and outcomes
 * read back from gg_view_json. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "gemgames.h"
#include "../support/sim.h"

enum { CARDS = 90, TIER2_FIRST = 40, TIER3_FIRST = 70, KINDS = 6 };
enum { W, U, G, R, K, Y }; /* white blue green red black gold (S-1.1) */

static const char *const colour_key[5] = {"white", "blue", "green", "red", "black"};

/* Card 61 (data/splendor/cards.csv): tier 2, red bonus, 2 points, cost 1 white,
 * 4 blue, 2 green — the card the rulebook pictures (SP 102). */
enum { CARD_SHOWN = 61 };
/* Noble 5 (data/splendor/nobles.csv): 3 points for 3 white, 3 blue, 3 green
 * bonuses — the noble the rulebook pictures (SP 112). */
enum { NOBLE_SHOWN = 5 };

static int tier_of(int id) { return id < TIER2_FIRST ? 0 : id < TIER3_FIRST ? 1 : 2; }

/* A position to write: what each seat holds, which cards lie where. */
typedef struct position {
    int players;
    int tokens[4][KINDS];
    int cards[4][16];
    int ncards[4];
    int nobles_in_play[5]; /* noble ids on the table, players+1 of them */
    int face_up[3][4];     /* -1: fill from the remaining cards of that tier */
    int turn;
} position;

static void position_init(position *p, int players)
{
    memset(p, 0, sizeof *p);
    p->players = players;
    for (int t = 0; t < 3; t++)
        for (int k = 0; k < 4; k++) p->face_up[t][k] = -1;
    for (int i = 0; i < 5; i++) p->nobles_in_play[i] = i; /* nobles 0..players */
}

static cJSON *int_array(const int *v, int n) { return cJSON_CreateIntArray(v, n); }

/* The state JSON of `p`: the envelope comes from a new game, the game part is
 * written here. Every card not placed is dealt to its tier's deck. */
static char *position_json(const position *p)
{
    const gg_game *game = gg_game_find("splendor");
    assert_non_null(game);
    gg_options opts;
    gg_options_init(&opts, game, p->players);
    gg_error err;
    gg_state *fresh = gg_new(game, &opts, 7, &err);
    assert_non_null(fresh);
    char *text = gg_state_json(fresh);
    gg_free(fresh);
    cJSON *root = cJSON_Parse(text);
    free(text);
    assert_non_null(root);

    int used[CARDS] = {0};
    for (int q = 0; q < p->players; q++)
        for (int i = 0; i < p->ncards[q]; i++) used[p->cards[q][i]] = 1;
    for (int t = 0; t < 3; t++)
        for (int k = 0; k < 4; k++)
            if (p->face_up[t][k] >= 0) used[p->face_up[t][k]] = 1;
    int board[3][4];
    for (int t = 0; t < 3; t++)
        for (int k = 0; k < 4; k++) {
            board[t][k] = p->face_up[t][k];
            for (int id = 0; board[t][k] < 0 && id < CARDS; id++)
                if (!used[id] && tier_of(id) == t) {
                    board[t][k] = id;
                    used[id] = 1;
                }
        }

    int per_colour = p->players == 2 ? 4 : p->players == 3 ? 5 : 7; /* S-1.3 */
    int supply[KINDS];
    for (int k = 0; k < KINDS; k++) {
        supply[k] = k == Y ? 5 : per_colour;
        for (int q = 0; q < p->players; q++) supply[k] -= p->tokens[q][k];
        assert_true(supply[k] >= 0);
    }

    const char *keys[] = {"phase", "turn", "first", "last_round", "passes", "over",
                          "supply", "nobles", "board", "decks", "players"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        cJSON_DeleteItemFromObjectCaseSensitive(root, keys[i]);
    cJSON_AddStringToObject(root, "phase", "main");
    cJSON_AddNumberToObject(root, "turn", p->turn);
    cJSON_AddNumberToObject(root, "first", 0);
    cJSON_AddBoolToObject(root, "last_round", 0);
    cJSON_AddNumberToObject(root, "passes", 0);
    cJSON_AddBoolToObject(root, "over", 0);
    cJSON_AddItemToObject(root, "supply", int_array(supply, KINDS));
    cJSON_AddItemToObject(root, "nobles", int_array(p->nobles_in_play, p->players + 1));
    cJSON *jboard = cJSON_AddArrayToObject(root, "board");
    cJSON *jdecks = cJSON_AddArrayToObject(root, "decks");
    for (int t = 0; t < 3; t++) {
        cJSON_AddItemToArray(jboard, int_array(board[t], 4));
        cJSON *deck = cJSON_CreateArray();
        for (int id = 0; id < CARDS; id++)
            if (!used[id] && tier_of(id) == t) cJSON_AddItemToArray(deck, cJSON_CreateNumber(id));
        cJSON_AddItemToArray(jdecks, deck);
    }
    cJSON *players = cJSON_AddArrayToObject(root, "players");
    for (int q = 0; q < p->players; q++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToObject(o, "tokens", int_array(p->tokens[q], KINDS));
        cJSON_AddItemToObject(o, "cards", int_array(p->cards[q], p->ncards[q]));
        cJSON_AddArrayToObject(o, "nobles");
        cJSON_AddArrayToObject(o, "reserved");
        cJSON_AddItemToArray(players, o);
    }
    char *out = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return out;
}

static gg_state *position_load(const position *p)
{
    char *json = position_json(p);
    gg_error err = {0};
    gg_state *s = gg_state_load(json, &err);
    if (!s) fail_msg("position refused: %s\n%s", err.msg, json);
    free(json);
    return s;
}

static void play(gg_state *s, int seat, const char *text)
{
    gg_error err = {0};
    gg_status st = gg_play(s, seat, text, &err);
    if (st != GG_OK) fail_msg("seat %d \"%s\" refused: %s", seat, text, err.msg);
}

/* `play` through gg_apply_events: the sentences of everything it set off as
 * the spectator reads them, one per line between newlines (free()). */
static char *play_told(gg_state *s, int seat, const char *text)
{
    gg_error err = {0};
    gg_action a;
    gg_events *ev = gg_events_new();
    if (gg_action_parse(s, seat, text, &a, &err) != GG_OK || gg_apply_events(s, seat, a, ev, &err) != GG_OK)
        fail_msg("seat %d \"%s\" refused: %s", seat, text, err.msg);
    char *told = sim_told(ev, GG_SPECTATOR);
    gg_events_free(ev);
    return told;
}


/* The spectator's view (everything in these positions is public). */
static cJSON *view_of(const gg_state *s)
{
    char *text = gg_view_json(s, GG_SPECTATOR);
    assert_non_null(text);
    cJSON *v = cJSON_Parse(text);
    free(text);
    assert_non_null(v);
    return v;
}

static const cJSON *player_view(const cJSON *view, int q)
{
    const cJSON *pl = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(view, "players"), q);
    assert_non_null(pl);
    return pl;
}

static int num(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsNumber(v)) fail_msg("no number \"%s\" in the view", key);
    return v->valueint;
}

static int colour_count(const cJSON *pl, const char *what, const char *colour)
{
    return num(cJSON_GetObjectItemCaseSensitive(pl, what), colour);
}

static int has_number(const cJSON *arr, int x)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, arr) if (cJSON_IsNumber(it) && it->valueint == x) return 1;
    return 0;
}

/* ------------------------------------------------------------- examples */

/* EX-SP-CARD-1 (SP 102) — S-1.2, S-3.4: the pictured card is worth 2 points,
 * gives a red bonus and costs 1 white, 4 blue, 2 green. A player without
 * bonuses who holds exactly those tokens buys it: +2 points, red bonus 1, the
 * 7 tokens go back to the supply. */
static void ex_sp_card_1_buy_the_pictured_card(void **unused)
{
    (void)unused;
    position p;
    position_init(&p, 2);
    p.face_up[1][0] = CARD_SHOWN;
    p.tokens[0][W] = 1;
    p.tokens[0][U] = 4;
    p.tokens[0][G] = 2;
    gg_state *s = position_load(&p);

    cJSON *before = view_of(s);
    const cJSON *tier2 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(before, "tiers"), 1);
    const cJSON *shown = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(tier2, "cards"), 0);
    assert_int_equal(num(shown, "card"), CARD_SHOWN);
    assert_int_equal(num(shown, "points"), 2);                 /* S-1.2 */
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(shown, "bonus")->valuestring, "red");
    const cJSON *cost = cJSON_GetObjectItemCaseSensitive(shown, "cost");
    int want_cost[5] = {1, 4, 2, 0, 0};
    for (int k = 0; k < 5; k++) assert_int_equal(num(cost, colour_key[k]), want_cost[k]);
    int supply_before[KINDS];
    const cJSON *sup = cJSON_GetObjectItemCaseSensitive(before, "supply");
    for (int k = 0; k < 5; k++) supply_before[k] = num(sup, colour_key[k]);
    cJSON_Delete(before);

    char *told = play_told(s, 0, "buy 2-1"); /* S-3.4 */
    sim_assert_told(told, "Seat 1 buys the red 2-point card (1 white, 4 blue and 2 green) paying 1 white, "
                      "4 blue and 2 green.");
    free(told);

    cJSON *after = view_of(s);
    const cJSON *pl = player_view(after, 0);
    assert_int_equal(num(pl, "points"), 2);
    assert_int_equal(colour_count(pl, "bonus", "red"), 1);
    for (int k = 0; k < 5; k++) assert_int_equal(colour_count(pl, "tokens", colour_key[k]), 0);
    assert_true(has_number(cJSON_GetObjectItemCaseSensitive(pl, "cards"), CARD_SHOWN));
    sup = cJSON_GetObjectItemCaseSensitive(after, "supply");
    for (int k = 0; k < 5; k++)
        assert_int_equal(num(sup, colour_key[k]), supply_before[k] + want_cost[k]);
    cJSON_Delete(after);
    gg_free(s);
}

/* The same card without one of the blue tokens cannot be bought (S-3.4): the
 * cost of the example is really 4 blue, not less. */
static void ex_sp_card_1_one_token_short(void **unused)
{
    (void)unused;
    position p;
    position_init(&p, 2);
    p.face_up[1][0] = CARD_SHOWN;
    p.tokens[0][W] = 1;
    p.tokens[0][U] = 3;
    p.tokens[0][G] = 2;
    gg_state *s = position_load(&p);
    gg_state *copy = gg_clone(s);
    gg_error err = {0};
    assert_int_equal(gg_play(s, 0, "buy 2-1", &err), GG_EILLEGAL);
    assert_true(gg_state_equal(s, copy));
    gg_free(copy);
    gg_free(s);
}

/* EX-SP-BONUS-2 (SP 161) — S-3.4: bonuses covering the whole cost buy the
 * card without a single token. Bonuses white 1, blue 4, green 2 (cards 0; 8,
 * 9, 10, 11; 16, 17, all 0 points) and no tokens buy card 61. */
static void ex_sp_bonus_2_free_purchase(void **unused)
{
    (void)unused;
    position p;
    position_init(&p, 2);
    p.face_up[1][0] = CARD_SHOWN;
    int owned[] = {0, 8, 9, 10, 11, 16, 17};
    for (size_t i = 0; i < sizeof owned / sizeof *owned; i++) p.cards[0][p.ncards[0]++] = owned[i];
    gg_state *s = position_load(&p);

    cJSON *before = view_of(s);
    const cJSON *pl = player_view(before, 0);
    assert_int_equal(colour_count(pl, "bonus", "white"), 1);
    assert_int_equal(colour_count(pl, "bonus", "blue"), 4);
    assert_int_equal(colour_count(pl, "bonus", "green"), 2);
    assert_int_equal(num(pl, "points"), 0);
    char *supply_before = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(before, "supply"));
    cJSON_Delete(before);

    char *told = play_told(s, 0, "buy 2-1");
    sim_assert_told(told, "Seat 1 buys the red 2-point card (1 white, 4 blue and 2 green) paying nothing.");
    free(told);

    cJSON *after = view_of(s);
    pl = player_view(after, 0);
    assert_int_equal(num(pl, "points"), 2);
    assert_int_equal(colour_count(pl, "bonus", "red"), 1);
    assert_int_equal(num(pl, "token_count"), 0);
    char *supply_after = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(after, "supply"));
    assert_string_equal(supply_after, supply_before); /* not one token moved */
    free(supply_before);
    free(supply_after);
    cJSON_Delete(after);
    gg_free(s);
}

/* EX-SP-NOBLE-1 (SP 106-112, 163-169) — S-4.2: the pictured noble (3 points;
 * 3 green, 3 blue, 3 white bonuses) visits a player who ends his turn with
 * those bonuses: automatically, not as an action. Seat 0 holds white 3, blue 3
 * and green 2 bonuses (cards 0 1 2; 8 9 10; 16 17) and buys green card 18
 * (cost 2 blue + 2 red: the blue bonuses cover the blue, 2 red tokens pay). */
static void ex_sp_noble_1_visits_at_end_of_turn(void **unused)
{
    (void)unused;
    position p;
    position_init(&p, 2);
    p.nobles_in_play[0] = NOBLE_SHOWN;
    p.nobles_in_play[1] = 0; /* 4 white 4 blue: not met */
    p.nobles_in_play[2] = 1; /* 4 white 4 black: not met */
    int owned[] = {0, 1, 2, 8, 9, 10, 16, 17};
    for (size_t i = 0; i < sizeof owned / sizeof *owned; i++) p.cards[0][p.ncards[0]++] = owned[i];
    p.face_up[0][0] = 18; /* green bonus, 0 points, cost 2 blue + 2 red */
    p.tokens[0][R] = 2;
    gg_state *s = position_load(&p);

    cJSON *before = view_of(s);
    const cJSON *pl = player_view(before, 0);
    assert_int_equal(colour_count(pl, "bonus", "white"), 3);
    assert_int_equal(colour_count(pl, "bonus", "blue"), 3);
    assert_int_equal(colour_count(pl, "bonus", "green"), 2);
    int points_before = num(pl, "points");
    cJSON_Delete(before);

    char *told = play_told(s, 0, "buy 1-1"); /* the turn's one action; the noble is not one */
    sim_assert_told(told, "Seat 1 buys the green 0-point card (2 blue and 2 red) paying 2 red.");
    sim_assert_told(told, "A noble (3 points for 3 white, 3 blue and 3 green) visits Seat 1.");
    free(told);

    cJSON *after = view_of(s);
    pl = player_view(after, 0);
    assert_int_equal(colour_count(pl, "bonus", "green"), 3);
    assert_true(has_number(cJSON_GetObjectItemCaseSensitive(pl, "nobles"), NOBLE_SHOWN));
    assert_int_equal(num(pl, "points"), points_before + 0 + 3); /* card 18 is worth 0 */
    const cJSON *nobles = cJSON_GetObjectItemCaseSensitive(after, "nobles");
    const cJSON *it;
    cJSON_ArrayForEach(it, nobles) /* the tile left the table */
        if (cJSON_IsObject(it)) assert_int_not_equal(num(it, "noble"), NOBLE_SHOWN);
    int seats[GG_MAX_SEATS];
    assert_int_equal(gg_actors(s, seats), 1);
    assert_int_equal(seats[0], 1); /* the turn passed: no extra decision */
    cJSON_Delete(after);
    gg_free(s);
}

/* EX-SP-NOBLE-1, second half — S-4.2 "only bonuses": with 2 green bonuses and
 * green tokens in hand the noble does not come. */
static void ex_sp_noble_1_tokens_do_not_count(void **unused)
{
    (void)unused;
    position p;
    position_init(&p, 2);
    p.nobles_in_play[0] = NOBLE_SHOWN;
    p.nobles_in_play[1] = 0;
    p.nobles_in_play[2] = 1;
    int owned[] = {0, 1, 2, 8, 9, 10, 16, 17};
    for (size_t i = 0; i < sizeof owned / sizeof *owned; i++) p.cards[0][p.ncards[0]++] = owned[i];
    p.tokens[0][G] = 2;
    gg_state *s = position_load(&p);
    play(s, 0, "take W B R");
    cJSON *after = view_of(s);
    const cJSON *pl = player_view(after, 0);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(pl, "nobles")), 0);
    assert_int_equal(colour_count(pl, "tokens", "green"), 2);
    cJSON_Delete(after);
    gg_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ex_sp_card_1_buy_the_pictured_card),
        cmocka_unit_test(ex_sp_card_1_one_token_short),
        cmocka_unit_test(ex_sp_bonus_2_free_purchase),
        cmocka_unit_test(ex_sp_noble_1_visits_at_end_of_turn),
        cmocka_unit_test(ex_sp_noble_1_tokens_do_not_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
