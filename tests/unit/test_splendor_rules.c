/* test_splendor_rules.c — one or more tests for every Splendor rule id
 * (S-1.1 … S-6.4 of shared/rules/splendor.md), the rulebook's card example,
 * and bad input. Positions are built by editing a new game's state JSON and
 * loading it back with gg_state_load (the position format). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cjson/cJSON.h>

#include "splendor/splendor.h"

/* ------------------------------------------------------------ helpers */

static const gg_game *game(void)
{
    const gg_game *g = gg_game_find("splendor");
    assert_non_null(g);
    return g;
}

static gg_state *new_game(int players, const char *first, uint64_t seed)
{
    gg_options o;
    gg_error err;
    gg_options_init(&o, game(), players);
    if (first) assert_int_equal(gg_options_set(&o, game(), "first", first, &err), GG_OK);
    gg_state *s = gg_new(game(), &o, seed, &err);
    assert_non_null(s);
    return s;
}

/* A position under construction: a new game's full state as cJSON. */
static cJSON *pos_new(int players, uint64_t seed)
{
    gg_state *s = new_game(players, NULL, seed);
    char *json = gg_state_json(s);
    cJSON *root = cJSON_Parse(json);
    free(json);
    gg_free(s);
    return root;
}

static cJSON *player(cJSON *root, int seat)
{
    return cJSON_GetArrayItem(cJSON_GetObjectItem(root, "players"), seat);
}

static void set_int_array(cJSON *obj, const char *key, const int *v, int n)
{
    cJSON_ReplaceItemInObject(obj, key, cJSON_CreateIntArray(v, n));
}

/* Removes card `id` from a deck or the board (a board slot is refilled from
 * its deck's top, S-3.5). */
static void take_card_out(cJSON *root, int id)
{
    int t = spl_cards[id].tier;
    cJSON *deck = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "decks"), t);
    for (int i = 0; i < cJSON_GetArraySize(deck); i++)
        if (cJSON_GetArrayItem(deck, i)->valueint == id) {
            cJSON_DeleteItemFromArray(deck, i);
            return;
        }
    cJSON *row = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "board"), t);
    for (int k = 0; k < 4; k++) {
        cJSON *c = cJSON_GetArrayItem(row, k);
        if (cJSON_IsNumber(c) && c->valueint == id) {
            int n = cJSON_GetArraySize(deck);
            cJSON_ReplaceItemInArray(row, k, n ? cJSON_CreateNumber(cJSON_GetArrayItem(deck, n - 1)->valueint)
                                               : cJSON_CreateNull());
            if (n) cJSON_DeleteItemFromArray(deck, n - 1);
            return;
        }
    }
    fail_msg("card %d is neither in its deck nor face up", id);
}

/* Puts card `id` face up at tier slot `slot` (0-based); the card there goes
 * back into the deck. */
static void put_face_up(cJSON *root, int id, int slot)
{
    int t = spl_cards[id].tier;
    cJSON *row = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "board"), t);
    if (cJSON_GetArrayItem(row, slot)->valueint == id) return;
    take_card_out(root, id);
    cJSON *deck = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "decks"), t);
    cJSON_AddItemToArray(deck, cJSON_CreateNumber(cJSON_GetArrayItem(row, slot)->valueint));
    cJSON_ReplaceItemInArray(row, slot, cJSON_CreateNumber(id));
}

static void give_card(cJSON *root, int seat, int id)
{
    take_card_out(root, id);
    cJSON_AddItemToArray(cJSON_GetObjectItem(player(root, seat), "cards"), cJSON_CreateNumber(id));
}

static void give_reserved(cJSON *root, int seat, int id, int from_deck)
{
    take_card_out(root, id);
    cJSON *c = cJSON_CreateObject();
    cJSON_AddNumberToObject(c, "card", id);
    cJSON_AddBoolToObject(c, "from_deck", from_deck);
    cJSON_AddItemToArray(cJSON_GetObjectItem(player(root, seat), "reserved"), c);
}

/* Sets a seat's tokens (W B G R K Y); the supply gives or takes the difference. */
static void set_tokens(cJSON *root, int seat, const int tokens[6])
{
    cJSON *p = player(root, seat), *supply = cJSON_GetObjectItem(root, "supply");
    int sup[6];
    for (int k = 0; k < 6; k++) {
        int had = cJSON_GetArrayItem(cJSON_GetObjectItem(p, "tokens"), k)->valueint;
        sup[k] = cJSON_GetArrayItem(supply, k)->valueint + had - tokens[k];
    }
    set_int_array(p, "tokens", tokens, 6);
    set_int_array(root, "supply", sup, 6);
}

/* Gives `seat` the cheapest-to-find cards with the given bonus colours. */
static void give_bonuses(cJSON *root, int seat, const int bonus[5])
{
    int left[5];
    memcpy(left, bonus, sizeof left);
    for (int id = 0; id < SPL_CARDS; id++) {
        int c = spl_cards[id].bonus;
        if (left[c] > 0 && spl_cards[id].points == 0) {
            give_card(root, seat, id);
            left[c]--;
        }
    }
    for (int c = 0; c < 5; c++) assert_int_equal(left[c], 0);
}

static void set_nobles(cJSON *root, const int *ids, int n)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, ids[i] < 0 ? cJSON_CreateNull() : cJSON_CreateNumber(ids[i]));
    cJSON_ReplaceItemInObject(root, "nobles", arr);
}

static gg_state *pos_load(cJSON *root)
{
    char *json = cJSON_PrintUnformatted(root);
    gg_error err = {0};
    gg_state *s = gg_state_load(json, &err);
    if (!s) fail_msg("position does not load: %s", err.msg);
    free(json);
    cJSON_Delete(root);
    return s;
}

static const spl_state *SS(const gg_state *s) { return (const spl_state *)s; }

static int is_legal(const gg_state *s, int seat, const char *text)
{
    gg_action a, list[GG_MAX_ACTIONS];
    gg_error err;
    if (gg_action_parse(s, seat, text, &a, &err) != GG_OK) fail_msg("%s: %s", text, err.msg);
    int n = gg_legal(s, seat, list);
    for (int i = 0; i < n; i++)
        if (list[i] == a) return 1;
    return 0;
}

static void play(gg_state *s, int seat, const char *text)
{
    gg_error err = {0};
    if (gg_play(s, seat, text, &err) != GG_OK) fail_msg("\"%s\" for seat %d: %s", text, seat, err.msg);
}

/* Plays `text`, expects an error of `code` whose message contains `needle`,
 * and checks the state did not change at all. */
static void refused(gg_state *s, int seat, const char *text, gg_status code, const char *needle)
{
    gg_state *before = gg_clone(s);
    gg_error err = {0};
    gg_status st = gg_play(s, seat, text, &err);
    if (st != code) fail_msg("\"%s\": expected %s, got %s (%s)", text, gg_status_name(code),
                             gg_status_name(st), err.msg);
    if (!strstr(err.msg, needle)) fail_msg("\"%s\": message \"%s\" lacks \"%s\"", text, err.msg, needle);
    assert_true(gg_state_equal(before, s));
    gg_free(before);
}

static int n_legal(const gg_state *s, int seat)
{
    gg_action list[GG_MAX_ACTIONS];
    return gg_legal(s, seat, list);
}

static int legal_count_of_kind(const gg_state *s, int seat, int kind)
{
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, list), k = 0;
    for (int i = 0; i < n; i++) k += SPL_KIND(list[i]) == (unsigned)kind;
    return k;
}

/* A quiet turn: the first "take 3 different" that is legal. */
static void pass_turn(gg_state *s, int seat)
{
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(s, seat, list);
    for (int i = 0; i < n; i++)
        if (SPL_KIND(list[i]) == SPL_A_TAKE3) {
            gg_error err;
            assert_int_equal(gg_apply(s, seat, list[i], &err), GG_OK);
            return;
        }
    fail_msg("seat %d cannot take tokens", seat);
}

/* ------------------------------------------------------------ S-1, S-2 */

static void test_S_1_1_colour_order(void **unused)
{
    (void)unused;
    gg_state *s = new_game(2, NULL, 1);
    char *v = gg_view_json(s, 0);
    /* S-1.1: white, blue, green, red, black, then gold */
    assert_non_null(strstr(v, "\"supply\":{\"white\":4,\"blue\":4,\"green\":4,\"red\":4,\"black\":4,\"gold\":5}"));
    free(v);
    char buf[GG_MAX_NOTATION];
    gg_action a;
    assert_int_equal(gg_action_parse(s, 0, "take black white red", &a, NULL), GG_OK);
    gg_action_format(s, 0, a, buf, sizeof buf);
    assert_string_equal(buf, "take W R K");
    gg_free(s);
}

static void test_S_1_2_card_and_noble_data(void **unused)
{
    (void)unused;
    int per_tier[3] = {0}, points = 0;
    for (int id = 0; id < SPL_CARDS; id++) {
        per_tier[spl_cards[id].tier]++;
        points += spl_cards[id].points;
    }
    assert_int_equal(per_tier[0], 40); /* S-1.2: 40 / 30 / 20 */
    assert_int_equal(per_tier[1], 30);
    assert_int_equal(per_tier[2], 20);
    /* the rulebook's card (EX-SP-CARD-1): card 61, tier 2, red, 2 points, 1W 4B 2G */
    const spl_card *c = &spl_cards[61];
    assert_int_equal(c->tier, 1);
    assert_int_equal(c->bonus, 3);
    assert_int_equal(c->points, 2);
    uint8_t cost[5] = {1, 4, 2, 0, 0};
    assert_memory_equal(c->cost, cost, 5);
    for (int i = 0; i < SPL_NOBLES; i++) assert_int_equal(spl_nobles[i].points, 3);
    /* noble 5: 3 white, 3 blue, 3 green (EX-SP-NOBLE-1) */
    uint8_t need5[5] = {3, 3, 3, 0, 0};
    assert_memory_equal(spl_nobles[5].need, need5, 5);
}

static void test_S_1_3_tokens_by_player_count(void **unused)
{
    (void)unused;
    int want[5] = {0, 0, 4, 5, 7};
    for (int n = 2; n <= 4; n++) {
        gg_state *s = new_game(n, NULL, 3);
        for (int c = 0; c < 5; c++) assert_int_equal(SS(s)->supply[c], want[n]);
        assert_int_equal(SS(s)->supply[SPL_GOLD], 5); /* gold: always 5 */
        gg_free(s);
    }
}

static void test_S_1_4_and_S_2_1_setup(void **unused)
{
    (void)unused;
    for (int n = 2; n <= 4; n++) {
        gg_state *s = new_game(n, NULL, 77);
        const spl_state *st = SS(s);
        int nobles = 0;
        for (int i = 0; i < SPL_MAX_NOBLE_SLOTS; i++) nobles += st->noble[i] != SPL_NONE;
        assert_int_equal(nobles, n + 1); /* S-1.4 */
        for (int t = 0; t < 3; t++) /* S-2.1: four face up per tier */
            for (int k = 0; k < 4; k++) assert_int_not_equal(st->board[t][k], SPL_NONE);
        assert_int_equal(st->deck_n[0], 36);
        assert_int_equal(st->deck_n[1], 26);
        assert_int_equal(st->deck_n[2], 16);
        gg_free(s);
    }
    /* shuffled: different seeds deal differently, the same seed the same */
    gg_state *a = new_game(2, NULL, 1), *b = new_game(2, NULL, 2), *c = new_game(2, NULL, 1);
    assert_memory_not_equal(SS(a)->board, SS(b)->board, sizeof SS(a)->board);
    assert_true(gg_state_equal(a, c));
    gg_free(a);
    gg_free(b);
    gg_free(c);
}

/* S-2.2 */
static void test_S_2_2_first_player_and_seat_order(void **unused)
{
    (void)unused;
    gg_state *s = new_game(3, NULL, 5);
    int seats[GG_MAX_SEATS];
    for (int turn = 0; turn < 6; turn++) {
        assert_int_equal(gg_actors(s, seats), 1);
        assert_int_equal(seats[0], turn % 3); /* seat 0 first, then in seat order */
        pass_turn(s, seats[0]);
    }
    gg_free(s);
    int seen[4] = {0};
    for (uint64_t seed = 0; seed < 40; seed++) {
        s = new_game(4, "random", seed);
        gg_actors(s, seats);
        seen[seats[0]] = 1;
        assert_int_equal(SS(s)->first, seats[0]);
        gg_free(s);
    }
    assert_true(seen[0] && seen[1] && seen[2] && seen[3]); /* option first=random */
}

/* ------------------------------------------------------------------ S-3 */

/* S-3.1 */
static void test_S_3_1_take_three_different(void **unused)
{
    (void)unused;
    gg_state *s = new_game(2, NULL, 1);
    assert_int_equal(legal_count_of_kind(s, 0, SPL_A_TAKE3), 10); /* C(5,3) */
    play(s, 0, "take W B G");
    assert_int_equal(SS(s)->pl[0].tokens[0], 1);
    assert_int_equal(SS(s)->supply[0], 3);
    refused(s, 1, "take W B", GG_EILLEGAL, "take exactly 3 different colours");
    refused(s, 1, "take W Y", GG_EPARSE, "not a gem colour"); /* never gold */
    refused(s, 1, "take W B G R", GG_EPARSE, "1 to 3 different colours");
    gg_free(s);

    /* With three colours or more left, fewer than 3 is refused. */
    cJSON *root = pos_new(2, 1);
    int v0[6] = {4, 4, 0, 0, 0, 0}, v1[6] = {0, 0, 0, 0, 0, 0};
    set_tokens(root, 0, v0);
    set_tokens(root, 1, v1);
    s = pos_load(root); /* green, red, black left: exactly one way, all three */
    assert_int_equal(legal_count_of_kind(s, 0, SPL_A_TAKE3), 1);
    refused(s, 0, "take G R", GG_EILLEGAL, "take exactly 3 different colours");
    refused(s, 0, "take K", GG_EILLEGAL, "take exactly 3 different colours");
    gg_free(s);

    /* Only two colours have tokens: one of each, or one of either (the
     * rulebook: "may take 2 or even only 1"). */
    root = pos_new(2, 1);
    int t0[6] = {4, 2, 2, 1, 0, 0}, t1[6] = {0, 0, 2, 0, 4, 0};
    set_tokens(root, 0, t0);
    set_tokens(root, 1, t1);
    s = pos_load(root); /* left: blue 2, red 3 */
    assert_int_equal(legal_count_of_kind(s, 0, SPL_A_TAKE3), 3);
    assert_true(is_legal(s, 0, "take B R"));
    assert_true(is_legal(s, 0, "take B"));
    assert_true(is_legal(s, 0, "take R"));
    refused(s, 0, "take W B R", GG_EILLEGAL, "no white tokens left");
    refused(s, 0, "take W", GG_EILLEGAL, "no white tokens left");
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(s, 0, list);
    for (int i = 0; i < n; i++) { /* the notation of the new actions reads back */
        char text[GG_MAX_NOTATION];
        gg_action back;
        gg_error err;
        assert_true(gg_action_format(s, 0, list[i], text, sizeof text) > 0);
        assert_int_equal(gg_action_parse(s, 0, text, &back, &err), GG_OK);
        assert_int_equal(back, list[i]);
    }
    play(s, 0, "take R"); /* the effect: one red token, nothing else */
    assert_int_equal(SS(s)->pl[0].tokens[3], 2);
    assert_int_equal(SS(s)->pl[0].tokens[1], 2);
    assert_int_equal(SS(s)->pl[0].ntokens, 10);
    assert_int_equal(SS(s)->supply[3], 2);
    assert_int_equal(SS(s)->supply[1], 2);
    assert_int_equal(SS(s)->turn, 1);
    /* the limits that stay: never gold, never 2 of a pile under 4 (S-3.2) */
    refused(s, 1, "take B B", GG_EILLEGAL, "needs at least 4");
    refused(s, 1, "take B Y", GG_EPARSE, "not a gem colour");
    play(s, 1, "take B R");
    assert_int_equal(SS(s)->supply[3], 1);
    assert_int_equal(SS(s)->supply[1], 1);
    gg_free(s);

    /* one colour left → take one token of it */
    root = pos_new(2, 1);
    int u0[6] = {4, 2, 2, 1, 1, 0}, u1[6] = {0, 2, 2, 2, 3, 0};
    set_tokens(root, 0, u0);
    set_tokens(root, 1, u1);
    s = pos_load(root);
    assert_int_equal(legal_count_of_kind(s, 0, SPL_A_TAKE3), 1);
    assert_true(is_legal(s, 0, "take R"));
    refused(s, 0, "take R K", GG_EILLEGAL, "no black tokens left");
    gg_free(s);
}

/* S-3.2 */
static void test_S_3_2_take_two_needs_four(void **unused)
{
    (void)unused;
    gg_state *s = new_game(2, NULL, 1);
    assert_true(is_legal(s, 0, "take G G"));
    play(s, 0, "take2 G");
    assert_int_equal(SS(s)->pl[0].tokens[2], 2);
    assert_int_equal(SS(s)->supply[2], 2);
    refused(s, 1, "take G G", GG_EILLEGAL, "needs at least 4 in the pile; it holds 2");
    play(s, 1, "take W B G"); /* green pile now 1 */
    /* 3 in a pile is not enough either */
    play(s, 0, "take W B R");
    assert_int_equal(SS(s)->supply[3], 3);
    refused(s, 1, "take R R", GG_EILLEGAL, "it holds 3");
    gg_free(s);
}

static void test_S_3_3_reserve(void **unused)
{
    (void)unused;
    gg_state *s = new_game(2, NULL, 9);
    int card = SS(s)->board[1][2];
    play(s, 0, "reserve 2-3");
    assert_int_equal(SS(s)->pl[0].reserved[0], card);
    assert_int_equal(SS(s)->pl[0].tokens[SPL_GOLD], 1); /* one gold */
    assert_int_equal(SS(s)->supply[SPL_GOLD], 4);
    int top = SS(s)->deck[2][SS(s)->deck_n[2] - 1];
    play(s, 1, "reserve deck 3");
    assert_int_equal(SS(s)->pl[1].reserved[0], top);
    assert_int_equal(SS(s)->pl[1].hidden, 1);
    play(s, 0, "reserve 1-1");
    play(s, 1, "reserve 1-1");
    play(s, 0, "reserve 1-1");
    assert_int_equal(SS(s)->pl[0].nreserved, 3);
    assert_int_equal(legal_count_of_kind(s, 0, SPL_A_RESERVE), 0);
    play(s, 1, "reserve 1-2"); /* gold supply: 5 - 5 = 0 */
    assert_int_equal(SS(s)->supply[SPL_GOLD], 0);
    refused(s, 0, "reserve 2-1", GG_EILLEGAL, "already hold 3 reserved cards"); /* at most 3 */
    pass_turn(s, 0);
    /* no gold left: reserving is still legal, just without gold */
    assert_int_equal(SS(s)->pl[1].nreserved, 3);
    gg_free(s);

    cJSON *root = pos_new(3, 4);
    int t2[6] = {0, 0, 0, 0, 0, 5};
    set_tokens(root, 2, t2);
    s = pos_load(root);
    play(s, 0, "reserve 3-4");
    assert_int_equal(SS(s)->pl[0].tokens[SPL_GOLD], 0);
    assert_int_equal(SS(s)->pl[0].nreserved, 1);
    gg_free(s);
}

/* The rulebook's example (EX-SP-BONUS-1): with 2 blue bonuses, a card costing
 * 2 blue + 1 green costs just 1 green token. */
static void test_S_3_4_ex_sp_bonus_1_rulebook_card_example(void **unused)
{
    (void)unused;
    cJSON *root = pos_new(2, 11);
    int blue2[5] = {0, 2, 0, 0, 0};
    give_bonuses(root, 0, blue2);
    put_face_up(root, 24, 0); /* card 24: tier 1, red, cost 2 blue + 1 green */
    int tokens[6] = {0, 0, 1, 0, 0, 0};
    set_tokens(root, 0, tokens);
    gg_state *s = pos_load(root);
    assert_int_equal(SS(s)->pl[0].bonus[1], 2);
    play(s, 0, "buy 1-1");
    assert_int_equal(SS(s)->pl[0].tokens[2], 0);  /* paid 1 green */
    assert_int_equal(SS(s)->supply[2], 4);         /* back to the supply */
    assert_int_equal(SS(s)->pl[0].bonus[3], 1);    /* its red bonus */
    assert_true(SS(s)->pl[0].bought[0] >> 24 & 1);
    gg_free(s);
}

static void test_S_3_4_buy_gold_payments_are_distinct_moves(void **unused)
{
    (void)unused;
    cJSON *root = pos_new(2, 11);
    put_face_up(root, 24, 0); /* 2 blue + 1 green */
    int tokens[6] = {0, 2, 1, 0, 0, 2};
    set_tokens(root, 0, tokens);
    give_reserved(root, 0, 30, 0);
    give_reserved(root, 0, 31, 1);
    gg_state *s = pos_load(root);
    /* payments of card 1-1: no gold; gold for 1 blue; gold for 2 blue; gold
     * for green; gold for green + 1 blue */
    const char *ways[] = {"buy 1-1", "buy 1-1 gold B", "buy 1-1 gold B B", "buy 1-1 gold G",
                          "buy 1-1 gold B G"};
    for (int i = 0; i < 5; i++) assert_true(is_legal(s, 0, ways[i]));
    refused(s, 0, "buy 1-1 gold B B G", GG_EILLEGAL, "gold payment does not fit");
    refused(s, 0, "buy 1-1 gold R", GG_EILLEGAL, "gold payment does not fit");
    play(s, 0, "buy 1-1 gold B G");
    assert_int_equal(SS(s)->pl[0].tokens[1], 1);
    assert_int_equal(SS(s)->pl[0].tokens[2], 1);
    assert_int_equal(SS(s)->pl[0].tokens[SPL_GOLD], 0);
    assert_int_equal(SS(s)->supply[SPL_GOLD], 3 + 2);
    gg_free(s);

    /* cannot afford → refused with a reason; own reserved cards can be bought */
    root = pos_new(2, 11);
    put_face_up(root, 61, 0); /* 1W 4B 2G */
    give_reserved(root, 0, 24, 1);
    int t2[6] = {0, 2, 1, 0, 0, 0};
    set_tokens(root, 0, t2);
    s = pos_load(root);
    refused(s, 0, "buy 2-1", GG_EILLEGAL, "cannot afford");
    refused(s, 0, "buy r2", GG_EILLEGAL, "no reserved card r2");
    play(s, 0, "buy r1");
    assert_int_equal(SS(s)->pl[0].nreserved, 0);
    assert_int_equal(SS(s)->pl[0].ncards, 1);
    gg_free(s);
}

/* A 3-player game where face-up slot 3-1 has just emptied (S-3.5): seat 0
 * owns the rest of tier 3, so the last round runs; seat 1 reserved 3-1 and
 * seat 2 is to act. */
static gg_state *empty_slot_3_1(void)
{
    cJSON *root = pos_new(3, 21);
    cJSON *deck = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "decks"), 2);
    while (cJSON_GetArraySize(deck)) give_card(root, 0, cJSON_GetArrayItem(deck, 0)->valueint);
    cJSON_ReplaceItemInObject(root, "last_round", cJSON_CreateTrue());
    cJSON_ReplaceItemInObject(root, "turn", cJSON_CreateNumber(1));
    gg_state *s = pos_load(root);
    play(s, 1, "reserve 3-1");
    assert_int_equal(SS(s)->board[2][0], SPL_NONE);
    return s;
}

/* Which face-up cards can be bought (S-3.4), at the edges: a card the tokens
 * cover exactly, and cards short by exactly the gold held or by one more. The
 * whole-board test legal() uses must agree with the card-by-card reference. */
static void test_S_3_4_which_face_up_cards_are_affordable(void **unused)
{
    (void)unused;
    /* tokens W0 B1 G1 R1 K1; tier 1: card 2 costs B1 G1 R1 K1 (covered),
     * card 4 B1 G2 R1 K1 (1 short), card 5 B2 G2 K1 (2 short), card 1 B3 (2 short) */
    const int cards[4] = {2, 4, 5, 1};
    const unsigned want[3] = {0x1, 0x3, 0xf}; /* tier-1 slots in reach with 0, 1, 2 gold */
    for (int gold = 0; gold <= 2; gold++) {
        cJSON *root = pos_new(2, 11);
        for (int k = 0; k < 4; k++) put_face_up(root, cards[k], k);
        int tokens[6] = {0, 1, 1, 1, 1, gold};
        set_tokens(root, 0, tokens);
        gg_state *s = pos_load(root);
        const spl_state *st = SS(s);
        uint64_t wealth = 0x0101010100ull; /* the tokens above, no bonuses */
        unsigned reach = spl_board_within_reach(st, wealth, (unsigned)gold);
        assert_int_equal(reach, spl_board_within_reach_ref(st, wealth, (unsigned)gold));
        assert_int_equal(reach & 0xf, want[gold]);
        gg_action legal[GG_MAX_ACTIONS];
        unsigned bought_from = 0; /* sources with at least one legal payment */
        for (int i = 0, n = gg_legal(s, 0, legal); i < n; i++)
            if (SPL_KIND(legal[i]) == SPL_A_BUY) bought_from |= 1u << SPL_BUY_SRC(legal[i]);
        assert_int_equal(bought_from & 0xfff, reach);
        gg_free(s);
    }

    /* an empty face-up slot is out of reach of any wealth (S-3.5 leaves it empty) */
    gg_state *s = empty_slot_3_1();
    uint64_t rich = 0x1414141414ull; /* 20 of every colour */
    for (unsigned gold = 0; gold <= 5; gold++) {
        assert_int_equal(spl_board_within_reach(SS(s), rich, gold), 0xfffu & ~(1u << 8));
        assert_int_equal(spl_board_within_reach_ref(SS(s), rich, gold), 0xfffu & ~(1u << 8));
    }
    gg_free(s);
}

static void test_S_3_5_refill(void **unused)
{
    (void)unused;
    gg_state *s = new_game(2, NULL, 21);
    int top = SS(s)->deck[0][SS(s)->deck_n[0] - 1];
    play(s, 0, "reserve 1-2");
    assert_int_equal(SS(s)->board[0][1], top); /* replaced at once from the deck */
    assert_int_equal(SS(s)->deck_n[0], 35);
    gg_free(s);

    /* an empty deck leaves the space empty (seat 0 owns the rest of tier 3,
     * so the last round runs: seat 1 reserves, seat 2 looks) */
    s = empty_slot_3_1();
    assert_false(gg_is_over(s));
    assert_false(is_legal(s, 2, "reserve deck 3"));
    assert_true(is_legal(s, 2, "reserve 3-2"));
    char *v = gg_view_json(s, 2);
    assert_non_null(strstr(v, "\"tier\":3,\"deck\":0,\"cards\":[null,"));
    free(v);
    refused(s, 2, "buy 3-1", GG_EILLEGAL, "there is no face-up card 3-1");
    refused(s, 2, "reserve 3-1", GG_EILLEGAL, "face-up card 3-1 is empty");
    refused(s, 2, "reserve deck 3", GG_EILLEGAL, "the tier 3 deck is empty");
    gg_free(s);
}

/* Neither seat can do anything: no gem tokens in the supply, three reserved
 * cards each, and every card in reach needs red or black (seat 0 has none)
 * and white or blue (seat 1 has none). */
static int out_of_reach(int id)
{
    const uint8_t *c = spl_cards[id].cost;
    return (c[3] || c[4]) && (c[0] || c[1]);
}

static cJSON *stuck_position(int seat0_from_deck)
{
    cJSON *root = pos_new(2, 31);
    int id = 0;
    for (int t = 0; t < 3; t++) {
        for (int k = 0; k < 4; k++) {
            while (spl_cards[id].tier != t || !out_of_reach(id)) id++;
            put_face_up(root, id++, k);
        }
    }
    id = 39; /* reserved: more tier-1 cards, from the other end */
    for (int i = 0; i < 6; i++) {
        while (!out_of_reach(id)) id--;
        give_reserved(root, i / 3, id--, i < 3 ? seat0_from_deck : 0);
    }
    int t0[6] = {4, 4, 2, 0, 0, 0}, t1[6] = {0, 0, 2, 4, 4, 0};
    set_tokens(root, 0, t0);
    set_tokens(root, 1, t1);
    return root;
}

/* S-3.6 */
static void test_S_3_6_pass_only_when_nothing_is_legal(void **unused)
{
    (void)unused;
    gg_state *s = new_game(2, NULL, 1);
    refused(s, 0, "pass", GG_EILLEGAL, "only when no other action is legal");
    gg_free(s);

    s = pos_load(stuck_position(0));
    gg_action list[GG_MAX_ACTIONS];
    assert_int_equal(gg_legal(s, 0, list), 1);
    assert_int_equal(SPL_KIND(list[0]), SPL_A_PASS);
    char *v = gg_view_json(s, 1);
    assert_non_null(strstr(v, "seat 0 has no legal action and must pass"));
    free(v);
    gg_free(s);

    /* with a card reserved from a deck, only seat 0 itself learns it is stuck */
    s = pos_load(stuck_position(1));
    v = gg_view_json(s, 1);
    assert_null(strstr(v, "must pass"));
    free(v);
    v = gg_view_json(s, 0);
    assert_non_null(strstr(v, "must pass"));
    free(v);
    gg_free(s);
}

/* The reserved cards of seat q as `viewer` sees them: how many are shown as
 * cards, and how many as "hidden" tiers. */
static void reserved_seen(const gg_state *s, int q, int viewer, int *cards, int *hidden)
{
    char *v = gg_view_json(s, viewer);
    cJSON *root = cJSON_Parse(v);
    free(v);
    cJSON *game_part = cJSON_GetObjectItem(root, "view");
    cJSON *players = cJSON_GetObjectItem(game_part ? game_part : root, "players");
    cJSON *res = cJSON_GetObjectItem(cJSON_GetArrayItem(players, q), "reserved"), *c;
    assert_non_null(res);
    *cards = *hidden = 0;
    cJSON_ArrayForEach(c, res)
    {
        if (cJSON_IsTrue(cJSON_GetObjectItem(c, "hidden"))) (*hidden)++;
        else if (cJSON_GetObjectItem(c, "card")) (*cards)++;
    }
    cJSON_Delete(root);
}

/* S-3.6, S-6.2: a player who passes first shows his reserved cards: from the
 * pass on, every card then in his hand is public in every view (the other
 * seat's and a spectator's), determinize leaves it where it is, and the state
 * keeps it through a save; before the pass it was his secret. A card
 * reserved from a deck later (not in the hand at the pass) stays secret. */
static void test_S_3_6_pass_shows_reserved_cards(void **unused)
{
    (void)unused;
    gg_state *s = pos_load(stuck_position(1)); /* seat 0: three cards from a deck */
    int cards, hidden;
    int viewers[2] = {1, GG_SPECTATOR};
    for (int k = 0; k < 2; k++) { /* before the pass: private */
        reserved_seen(s, 0, viewers[k], &cards, &hidden);
        assert_int_equal(cards, 0);
        assert_int_equal(hidden, 3);
    }
    reserved_seen(s, 0, 0, &cards, &hidden);
    assert_int_equal(cards, 3);
    uint8_t hand[3];
    memcpy(hand, SS(s)->pl[0].reserved, 3);
    play(s, 0, "pass");
    assert_int_equal(SS(s)->pl[0].shown, 7);
    for (int k = 0; k < 2; k++) { /* after: public, marked as shown */
        reserved_seen(s, 0, viewers[k], &cards, &hidden);
        assert_int_equal(cards, 3);
        assert_int_equal(hidden, 0);
        char *v = gg_view_json(s, viewers[k]);
        for (int i = 0; i < 3; i++) {
            char key[24];
            snprintf(key, sizeof key, "\"card\":%d,", hand[i]);
            assert_non_null(strstr(v, key));
        }
        assert_non_null(strstr(v, "\"shown\":true"));
        free(v);
    }
    /* determinize for seat 1 keeps the shown cards where they are */
    for (uint64_t seed = 1; seed <= 20; seed++) {
        gg_state *d = gg_clone(s);
        gg_rng rng;
        gg_rng_seed(&rng, seed);
        gg_determinize(d, 1, &rng);
        assert_memory_equal(SS(d)->pl[0].reserved, hand, 3);
        gg_free(d);
    }
    /* the state format keeps it */
    char *json = gg_state_json(s);
    assert_non_null(strstr(json, "\"shown\":true"));
    gg_error err = {0};
    gg_state *back = gg_state_load(json, &err);
    assert_non_null(back);
    assert_true(gg_state_equal(back, s));
    gg_free(back);
    free(json);
    gg_free(s);

    /* Only the cards in the hand at the pass: a card reserved from a deck
     * after it (shown false) stays secret; a seat that never passed keeps
     * its secret too. */
    cJSON *root = stuck_position(1);
    cJSON *res = cJSON_GetObjectItem(player(root, 0), "reserved");
    cJSON_AddBoolToObject(cJSON_GetArrayItem(res, 0), "shown", 1);
    cJSON_AddBoolToObject(cJSON_GetArrayItem(res, 1), "shown", 1);
    s = pos_load(root);
    reserved_seen(s, 0, 1, &cards, &hidden);
    assert_int_equal(cards, 2);
    assert_int_equal(hidden, 1);
    for (uint64_t seed = 1; seed <= 20; seed++) { /* the third may be any tier-1 card */
        gg_state *d = gg_clone(s);
        gg_rng rng;
        gg_rng_seed(&rng, seed);
        gg_determinize(d, 1, &rng);
        assert_memory_equal(SS(d)->pl[0].reserved, SS(s)->pl[0].reserved, 2);
        gg_free(d);
    }
    gg_free(s);
    /* "shown" only on a card reserved from a deck */
    root = stuck_position(0);
    cJSON_AddBoolToObject(cJSON_GetArrayItem(cJSON_GetObjectItem(player(root, 0), "reserved"), 0),
                          "shown", 1);
    char *bad = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    assert_null(gg_state_load(bad, &err));
    assert_non_null(strstr(err.msg, "only a card reserved from a deck"));
    free(bad);
}

/* Decision: if every player passes in a round, the game ends. */
static void test_S_3_6_all_pass_ends_the_game(void **unused)
{
    (void)unused;
    gg_state *s = pos_load(stuck_position(0));
    play(s, 0, "pass");
    assert_false(gg_is_over(s));
    assert_int_equal(SS(s)->passes, 1);
    play(s, 1, "pass");
    assert_true(gg_is_over(s)); /* a whole round of passes */
    gg_result r;
    gg_result_get(s, &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.winners, 2); /* nobody scored, same card count: shared */
    gg_free(s);
}

/* ------------------------------------------------------------------ S-4 */

/* S-4.1 */
static void test_S_4_1_return_to_ten(void **unused)
{
    (void)unused;
    cJSON *root = pos_new(2, 41);
    int t0[6] = {2, 2, 2, 2, 1, 0};
    set_tokens(root, 0, t0);
    gg_state *s = pos_load(root);
    play(s, 0, "take W B G"); /* 12 tokens */
    int seats[GG_MAX_SEATS];
    assert_int_equal(gg_actors(s, seats), 1);
    assert_int_equal(seats[0], 0); /* a separate decision of the same player */
    assert_int_equal(SS(s)->phase, SPL_RETURN);
    char *v = gg_view_json(s, 1);
    assert_non_null(strstr(v, "must return 2"));
    free(v);
    /* every multiset of 2 held tokens: 10 pairs of kinds + 4 doubles (one K) */
    assert_int_equal(n_legal(s, 0), 14);
    refused(s, 0, "take R K", GG_EILLEGAL, "first return 2");
    refused(s, 0, "return W", GG_EILLEGAL, "return exactly 2");
    refused(s, 0, "return Y Y", GG_EILLEGAL, "return exactly 2");
    refused(s, 1, "return W W", GG_ESEAT, "not to act");
    play(s, 0, "return W W"); /* including tokens just taken */
    assert_int_equal(SS(s)->pl[0].ntokens, 10);
    assert_int_equal(SS(s)->pl[0].tokens[0], 1);
    assert_int_equal(SS(s)->turn, 1);
    gg_free(s);

    /* gold can be returned too */
    root = pos_new(2, 41);
    int t1[6] = {2, 2, 2, 2, 2, 0};
    set_tokens(root, 0, t1);
    s = pos_load(root);
    play(s, 0, "reserve 1-1");
    assert_true(is_legal(s, 0, "return Y"));
    play(s, 0, "return gold");
    assert_int_equal(SS(s)->pl[0].tokens[SPL_GOLD], 0);
    gg_free(s);
}

static void test_S_4_2_nobles(void **unused)
{
    (void)unused;
    /* one qualifying noble visits automatically at the end of the turn */
    cJSON *root = pos_new(2, 51);
    int nobles[3] = {5, 0, 1}; /* 5: 3W 3B 3G; 0: 4W 4B; 1: 4W 4K */
    set_nobles(root, nobles, 3);
    int b[5] = {3, 3, 2, 0, 0};
    give_bonuses(root, 0, b);
    int green = -1;
    for (int id = 39; id >= 0 && green < 0; id--)
        if (spl_cards[id].bonus == 2 && spl_cards[id].cost[2] == 0 && spl_cards[id].cost[4] <= 1 &&
            spl_cards[id].cost[3] <= 1)
            green = id;
    assert_true(green >= 0);
    put_face_up(root, green, 0);
    int tokens[6] = {4, 4, 0, 1, 1, 0};
    set_tokens(root, 0, tokens);
    gg_state *s = pos_load(root);
    assert_int_equal(SS(s)->pl[0].points, 0);
    play(s, 0, "buy 1-1");
    assert_int_equal(SS(s)->pl[0].nobles, 1u << 5); /* not an action, not refusable */
    assert_int_equal(SS(s)->pl[0].points, 3 + spl_cards[green].points);
    assert_int_equal(SS(s)->noble[0], SPL_NONE);
    assert_int_equal(SS(s)->turn, 1);
    gg_free(s);

    /* tokens do not count: 3 green bonuses, 2 blue bonuses + blue tokens */
    root = pos_new(2, 51);
    set_nobles(root, nobles, 3);
    int b2[5] = {3, 2, 3, 0, 0};
    give_bonuses(root, 0, b2);
    int t2[6] = {0, 4, 0, 0, 0, 0};
    set_tokens(root, 0, t2);
    s = pos_load(root);
    play(s, 0, "take W G R");
    assert_int_equal(SS(s)->pl[0].nobles, 0);
    gg_free(s);

    /* two qualify: the player chooses; at most one per turn, the other later */
    root = pos_new(2, 51);
    set_nobles(root, nobles, 3);
    int b3[5] = {4, 4, 3, 0, 0};
    give_bonuses(root, 0, b3);
    s = pos_load(root);
    play(s, 0, "take W B G");
    assert_int_equal(SS(s)->phase, SPL_NOBLE);
    assert_int_equal(n_legal(s, 0), 2);
    refused(s, 0, "noble 3", GG_EILLEGAL, "does not qualify");
    refused(s, 0, "take R K", GG_EILLEGAL, "choose which noble");
    char *v = gg_view_json(s, 1);
    assert_non_null(strstr(v, "qualifies for 2 nobles"));
    free(v);
    play(s, 0, "noble 2");
    assert_int_equal(SS(s)->pl[0].nobles, 1u << 0);
    assert_int_equal(SS(s)->turn, 1);
    pass_turn(s, 1);
    play(s, 0, "take R K G"); /* the other noble comes at the end of this turn */
    assert_int_equal(SS(s)->pl[0].nobles, (1u << 0) | (1u << 5));
    assert_int_equal(SS(s)->pl[0].points, 6);
    gg_free(s);
}

/* ------------------------------------------------------------------ S-5 */

/* Gives `seat` purchased cards worth exactly `points` (tier 3 first). */
static void give_points(cJSON *root, int seat, int points)
{
    static const int start[3] = {70, 40, 0}, end[3] = {90, 70, 40};
    for (int t = 0; t < 3; t++)
        for (int id = start[t]; id < end[t] && points > 0; id++) {
            if (spl_cards[id].points == 0 || spl_cards[id].points > points) continue;
            cJSON *c;
            int owned = 0;
            cJSON *players = cJSON_GetObjectItem(root, "players");
            cJSON *p;
            cJSON_ArrayForEach(p, players)
                cJSON_ArrayForEach(c, cJSON_GetObjectItem(p, "cards")) owned |= c->valueint == id;
            if (owned) continue;
            give_card(root, seat, id);
            points -= spl_cards[id].points;
        }
    assert_int_equal(points, 0);
}

static int count_cards(cJSON *root, int seat)
{
    return cJSON_GetArraySize(cJSON_GetObjectItem(player(root, seat), "cards"));
}

/* Gives `seat` 0-point cards until it holds `n` purchased cards. */
static void fill_cards(cJSON *root, int seat, int n)
{
    for (int id = 0; id < 40 && count_cards(root, seat) < n; id++) {
        if (spl_cards[id].points) continue;
        int free_card = 0;
        cJSON *deck = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "decks"), 0);
        cJSON *c;
        cJSON_ArrayForEach(c, deck) free_card |= c->valueint == id;
        if (free_card) give_card(root, seat, id);
    }
    assert_int_equal(count_cards(root, seat), n);
}

/* S-5.1 */
static void test_S_5_1_round_is_completed(void **unused)
{
    (void)unused;
    cJSON *root = pos_new(3, 61);
    give_points(root, 0, 14);
    int id = -1; /* a 1-point tier-1 card (cost: 4 of one colour) */
    for (int k = 39; k >= 0 && id < 0; k--)
        if (spl_cards[k].points == 1) id = k;
    give_reserved(root, 0, id, 0);
    int t[6] = {0};
    for (int k = 0; k < 5; k++) t[k] = spl_cards[id].cost[k];
    set_tokens(root, 0, t);
    gg_state *s = pos_load(root);
    play(s, 0, "buy r1");
    assert_int_equal(SS(s)->pl[0].points, 15);
    assert_int_equal(SS(s)->last_round, 1);
    assert_false(gg_is_over(s)); /* the round is completed */
    pass_turn(s, 1);
    assert_false(gg_is_over(s));
    pass_turn(s, 2);
    assert_true(gg_is_over(s)); /* every player had the same number of turns */
    char *v = gg_view_json(s, 1);
    assert_non_null(strstr(v, "\"result\":[{\"seat\":0,\"points\":15,\"card_points\":15"));
    free(v);
    gg_result r;
    gg_result_get(s, &r);
    assert_int_equal(r.rank[0], 1);
    gg_free(s);

    /* the last seat of the round reaching 15 ends the game at once */
    root = pos_new(2, 62);
    give_points(root, 1, 14);
    give_reserved(root, 1, id, 0);
    set_tokens(root, 1, t);
    s = pos_load(root);
    pass_turn(s, 0);
    play(s, 1, "buy r1");
    assert_true(gg_is_over(s));
    gg_free(s);
}

/* S-5.2 */
static void test_S_5_2_ties_go_to_fewest_cards(void **unused)
{
    (void)unused;
    cJSON *root = pos_new(3, 71);
    give_points(root, 0, 15);
    give_points(root, 1, 15);
    int most = count_cards(root, 0) > count_cards(root, 1) ? count_cards(root, 0) : count_cards(root, 1);
    fill_cards(root, 0, most);
    fill_cards(root, 1, most + 1);
    cJSON_ReplaceItemInObject(root, "last_round", cJSON_CreateTrue());
    cJSON_ReplaceItemInObject(root, "over", cJSON_CreateTrue());
    gg_state *s = pos_load(root);
    gg_result r;
    gg_result_get(s, &r);
    assert_int_equal(r.score[0], 15);
    assert_int_equal(r.score[1], 15);
    assert_int_equal(r.rank[0], 1); /* fewer purchased cards */
    assert_int_equal(r.rank[1], 2);
    assert_int_equal(r.rank[2], 3);
    assert_int_equal(r.winners, 1);
    gg_free(s);

    /* reserved cards do not count; still tied → shared win */
    root = pos_new(2, 71);
    give_points(root, 0, 15);
    give_points(root, 1, 15);
    most = count_cards(root, 0) > count_cards(root, 1) ? count_cards(root, 0) : count_cards(root, 1);
    fill_cards(root, 0, most);
    fill_cards(root, 1, most);
    give_reserved(root, 1, 39, 0);
    cJSON_ReplaceItemInObject(root, "over", cJSON_CreateTrue());
    cJSON_ReplaceItemInObject(root, "last_round", cJSON_CreateTrue());
    s = pos_load(root);
    gg_result_get(s, &r);
    assert_int_equal(r.rank[0], 1);
    assert_int_equal(r.rank[1], 1);
    assert_int_equal(r.winners, 2);
    gg_free(s);
}

/* ------------------------------------------------------------------ S-6 */

static void test_S_6_1_S_6_2_S_6_3_what_views_show(void **unused)
{
    (void)unused;
    gg_state *s = new_game(3, NULL, 81);
    play(s, 0, "reserve 2-1"); /* face up: public */
    int open = SS(s)->pl[0].reserved[0];
    play(s, 1, "reserve deck 1"); /* from the deck: private to seat 1 */
    int hidden = SS(s)->pl[1].reserved[0];
    char key_open[24], key_hidden[24];
    snprintf(key_open, sizeof key_open, "\"card\":%d,", open);
    snprintf(key_hidden, sizeof key_hidden, "\"card\":%d,", hidden);
    for (int seat = GG_SPECTATOR; seat < 3; seat++) {
        char *v = gg_view_json(s, seat);
        assert_non_null(strstr(v, key_open));                              /* S-6.1 */
        assert_true((strstr(v, key_hidden) != NULL) == (seat == 1));       /* S-6.2 */
        assert_true((strstr(v, "{\"tier\":1,\"hidden\":true,\"from_deck\":true}") != NULL) == (seat != 1));
        assert_null(strstr(v, "\"rng\""));                                /* S-6.3 */
        assert_null(strstr(v, "\"seed\""));
        assert_null(strstr(v, "\"decks\""));
        assert_non_null(strstr(v, "\"deck\":35")); /* the number left is public */
        assert_non_null(strstr(v, "\"gold\":3"));  /* supply */
        free(v);
    }
    /* S-6.3: the deck order is in no view — two states that differ only in
     * deck order give identical views */
    gg_state *d = gg_clone(s);
    gg_rng rng;
    gg_rng_seed(&rng, 5);
    gg_determinize(d, 1, &rng);
    assert_memory_not_equal(SS(d)->deck, SS(s)->deck, sizeof SS(s)->deck);
    char *v1 = gg_view_json(s, 1), *v2 = gg_view_json(d, 1);
    assert_string_equal(v1, v2);
    free(v1);
    free(v2);
    gg_free(d);
    gg_free(s);
}

static void test_S_6_4_over_shows_everything(void **unused)
{
    (void)unused;
    cJSON *root = pos_new(2, 91);
    give_reserved(root, 1, 3, 1);
    cJSON_ReplaceItemInObject(root, "over", cJSON_CreateTrue());
    gg_state *s = pos_load(root);
    char *v = gg_view_json(s, 0);
    assert_non_null(strstr(v, "\"card\":3,"));
    assert_non_null(strstr(v, "\"result\":"));
    assert_non_null(strstr(v, "\"noble_points\":"));
    free(v);
    gg_free(s);
}

/* ------------------------------------------------------------ bad input */

static void test_bad_notation(void **unused)
{
    (void)unused;
    gg_state *s = new_game(2, NULL, 1);
    refused(s, 0, "", GG_EPARSE, "no action given");
    refused(s, 0, "   ", GG_EPARSE, "no action given");
    refused(s, 0, "grab W B G", GG_EPARSE, "unknown action");
    refused(s, 0, "take X B G", GG_EPARSE, "not a gem colour");
    refused(s, 0, "take W W W", GG_EPARSE, "1 to 3 different colours");
    refused(s, 0, "reserve 4-1", GG_EPARSE, "tier-slot");
    refused(s, 0, "reserve 1-5", GG_EPARSE, "tier-slot");
    refused(s, 0, "reserve deck 4", GG_EPARSE, "deck");
    refused(s, 0, "buy", GG_EPARSE, "buy takes");
    refused(s, 0, "buy r4", GG_EPARSE, "buy takes");
    refused(s, 0, "buy 1-1 gold", GG_EPARSE, "gold");
    refused(s, 0, "buy 1-1 silver B", GG_EPARSE, "gold");
    refused(s, 0, "buy 1-1 gold W W W W W W", GG_EPARSE, "only 5 gold");
    refused(s, 0, "return", GG_EPARSE, "return names 1 to 3");
    refused(s, 0, "return W W W W", GG_EPARSE, "return names 1 to 3");
    refused(s, 0, "noble 0", GG_EPARSE, "noble");
    refused(s, 0, "noble", GG_EPARSE, "noble");
    refused(s, 0, "pass now", GG_EPARSE, "nothing after");
    refused(s, 0, "take averyveryverylongword", GG_EPARSE, "word too long");
    refused(s, 0, "take W B G R K W B G R K W B G R", GG_EPARSE, "too many words");
    char longtext[400];
    memset(longtext, 'a', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = '\0';
    refused(s, 0, longtext, GG_EPARSE, "too long");
    gg_free(s);
}

static void test_bad_seat_and_illegal_actions(void **unused)
{
    (void)unused;
    gg_state *s = new_game(3, NULL, 1);
    refused(s, 1, "take W B G", GG_ESEAT, "seat 1 is not to act now (waiting for seat 0)");
    refused(s, 3, "take W B G", GG_ESEAT, "no seat 3");
    refused(s, -1, "take W B G", GG_ESEAT, "no seat -1");
    refused(s, 0, "buy 3-1", GG_EILLEGAL, "cannot afford");
    refused(s, 0, "buy r1", GG_EILLEGAL, "no reserved card r1");
    refused(s, 0, "return W", GG_EILLEGAL, "nothing to return");
    refused(s, 0, "noble 1", GG_EILLEGAL, "no noble to choose");
    /* raw action codes that no notation produces */
    gg_state *before = gg_clone(s);
    gg_error err;
    gg_action junk[] = {0, SPL_ACTION(SPL_A_TAKE3, 0), SPL_ACTION(SPL_A_TAKE3, 31),
                        SPL_ACTION(SPL_A_TAKE2, 9), SPL_ACTION(SPL_A_RESERVE, 200),
                        SPL_ACTION(SPL_A_BUY, 0xff0000), SPL_ACTION(9, 0), 0xffffffffu};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        assert_int_equal(gg_apply(s, 0, junk[i], &err), GG_EILLEGAL);
        assert_true(gg_state_equal(before, s));
        char buf[GG_MAX_NOTATION];
        gg_action_format(s, 0, junk[i], buf, sizeof buf); /* formats without crashing */
    }
    gg_free(before);
    gg_free(s);

    /* a finished game refuses everything */
    cJSON *root = pos_new(2, 1);
    cJSON_ReplaceItemInObject(root, "over", cJSON_CreateTrue());
    s = pos_load(root);
    refused(s, 0, "take W B G", GG_EOVER, "over");
    assert_int_equal(n_legal(s, 0), 0);
    gg_free(s);
}

/* Loads `json`, expecting GG_EJSON with `needle` in the message. */
static void bad_state(const char *json, const char *needle)
{
    gg_error err = {0};
    gg_state *s = gg_state_load(json, &err);
    if (s) fail_msg("loaded a bad state (expected \"%s\"): %.300s", needle, json);
    assert_int_equal(err.code, GG_EJSON);
    if (!strstr(err.msg, needle)) fail_msg("message \"%s\" lacks \"%s\"", err.msg, needle);
}

/* A valid position's JSON with one field replaced. */
static char *edited(void (*edit)(cJSON *root))
{
    cJSON *root = pos_new(2, 1);
    edit(root);
    char *json = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return json;
}

static void e_dup_card(cJSON *r)
{
    cJSON_AddItemToArray(cJSON_GetObjectItem(player(r, 0), "cards"),
                         cJSON_CreateNumber(cJSON_GetArrayItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "board"), 0), 0)->valueint));
}
static void e_lost_card(cJSON *r)
{
    cJSON_DeleteItemFromArray(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "decks"), 0), 0);
}
static void e_wrong_tier(cJSON *r)
{
    cJSON *deck = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "decks"), 1);
    int id = cJSON_GetArrayItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "decks"), 0), 0)->valueint;
    cJSON_DeleteItemFromArray(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "decks"), 0), 0);
    cJSON_AddItemToArray(deck, cJSON_CreateNumber(id));
}
static void e_tokens_created(cJSON *r)
{
    int t[6] = {1, 0, 0, 0, 0, 0};
    set_int_array(player(r, 0), "tokens", t, 6);
}
static void e_eleven_tokens(cJSON *r)
{
    int t[6] = {3, 3, 3, 2, 0, 0};
    set_tokens(r, 0, t);
}
static void e_four_reserved(cJSON *r)
{
    for (int i = 0; i < 4; i++) give_reserved(r, 0, i, 0);
}
static void e_bad_phase(cJSON *r) { cJSON_ReplaceItemInObject(r, "phase", cJSON_CreateString("dance")); }
static void e_bad_turn(cJSON *r) { cJSON_ReplaceItemInObject(r, "turn", cJSON_CreateNumber(2)); }
static void e_huge_number(cJSON *r) { cJSON_ReplaceItemInObject(r, "turn", cJSON_CreateNumber(1e300)); }
static void e_fraction(cJSON *r) { cJSON_ReplaceItemInObject(r, "passes", cJSON_CreateNumber(0.5)); }
static void e_empty_slot(cJSON *r)
{
    cJSON *row = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "board"), 0);
    int id = cJSON_GetArrayItem(row, 0)->valueint;
    cJSON_ReplaceItemInArray(row, 0, cJSON_CreateNull());
    cJSON_AddItemToArray(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "decks"), 0), cJSON_CreateNumber(id));
}
static void e_noble_twice(cJSON *r)
{
    cJSON *n = cJSON_GetObjectItem(r, "nobles");
    cJSON_ReplaceItemInArray(n, 1, cJSON_CreateNumber(cJSON_GetArrayItem(n, 0)->valueint));
}
static void e_unearned_noble(cJSON *r)
{
    cJSON *n = cJSON_GetObjectItem(r, "nobles");
    int id = cJSON_GetArrayItem(n, 0)->valueint;
    cJSON_ReplaceItemInArray(n, 0, cJSON_CreateNull());
    cJSON_AddItemToArray(cJSON_GetObjectItem(player(r, 0), "nobles"), cJSON_CreateNumber(id));
}
static void e_fifteen_without_last_round(cJSON *r) { give_points(r, 1, 15); }
static void e_last_round_back_at_first(cJSON *r)
{
    give_points(r, 1, 15);
    cJSON_ReplaceItemInObject(r, "last_round", cJSON_CreateTrue());
}
static void e_noble_phase(cJSON *r) { cJSON_ReplaceItemInObject(r, "phase", cJSON_CreateString("noble")); }
static void e_return_phase(cJSON *r) { cJSON_ReplaceItemInObject(r, "phase", cJSON_CreateString("return")); }
static void e_first_random(cJSON *r) { cJSON_ReplaceItemInObject(r, "first", cJSON_CreateNumber(1)); }
static void e_passes(cJSON *r) { cJSON_ReplaceItemInObject(r, "passes", cJSON_CreateNumber(1)); }
static void e_players_missing(cJSON *r) { cJSON_DeleteItemFromArray(cJSON_GetObjectItem(r, "players"), 1); }
static void e_reserved_not_object(cJSON *r)
{
    cJSON_AddItemToArray(cJSON_GetObjectItem(player(r, 0), "reserved"), cJSON_CreateNumber(3));
}
static void e_board_string(cJSON *r)
{
    cJSON_ReplaceItemInArray(cJSON_GetObjectItem(r, "board"), 1, cJSON_CreateString("x"));
}

static void test_bad_state_json(void **unused)
{
    (void)unused;
    /* a good state loads; every cut of it is refused without crashing */
    gg_state *s = new_game(3, NULL, 5);
    play(s, 0, "reserve deck 2");
    char *good = gg_state_json(s);
    gg_error err;
    gg_state *back = gg_state_load(good, &err);
    assert_non_null(back);
    assert_true(gg_state_equal(s, back));
    gg_free(back);
    size_t len = strlen(good);
    for (size_t cut = 0; cut < len; cut += 7) {
        char *t = strndup(good, cut);
        assert_null(gg_state_load(t, &err));
        assert_true(err.code == GG_EJSON);
        free(t);
    }
    free(good);
    gg_free(s);

    bad_state("[]", "must be a JSON object");
    bad_state("{\"game\":\"chess\"}", "known game");
    struct {
        void (*edit)(cJSON *);
        const char *needle;
    } cases[] = {
        {e_dup_card, "appears twice"},
        {e_lost_card, "holds 89 of the 90 cards"},
        {e_wrong_tier, "is a tier 1 card"},
        {e_tokens_created, "there must be 4 white tokens in all, not 5"},
        {e_eleven_tokens, "more than 10 tokens"},
        {e_four_reserved, "\"reserved\" must have 0 to 3 items"},
        {e_bad_phase, "\"phase\" must be"},
        {e_bad_turn, "\"turn\" must be a whole number from 0 to 1"},
        {e_huge_number, "\"turn\" must be a whole number"},
        {e_fraction, "\"passes\" must be a whole number"},
        {e_empty_slot, "is empty although its deck is not"},
        {e_noble_twice, "noble"},
        {e_unearned_noble, "without the bonuses it requires"},
        {e_fifteen_without_last_round, "\"last_round\" must be true"},
        {e_last_round_back_at_first, "the game is over"},
        {e_noble_phase, "several nobles"},
        {e_return_phase, "11 to 13 tokens"},
        {e_first_random, "first=seat0"},
        {e_passes, "\"passes\" counts more seats"},
        {e_players_missing, "\"players\" must have 2 to 2 items"},
        {e_reserved_not_object, "must be objects"},
        {e_board_string, "\"board\"[1] must list 4 cards"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *json = edited(cases[i].edit);
        bad_state(json, cases[i].needle);
        free(json);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_S_1_1_colour_order),
        cmocka_unit_test(test_S_1_2_card_and_noble_data),
        cmocka_unit_test(test_S_1_3_tokens_by_player_count),
        cmocka_unit_test(test_S_1_4_and_S_2_1_setup),
        cmocka_unit_test(test_S_2_2_first_player_and_seat_order),
        cmocka_unit_test(test_S_3_1_take_three_different),
        cmocka_unit_test(test_S_3_2_take_two_needs_four),
        cmocka_unit_test(test_S_3_3_reserve),
        cmocka_unit_test(test_S_3_4_ex_sp_bonus_1_rulebook_card_example),
        cmocka_unit_test(test_S_3_4_buy_gold_payments_are_distinct_moves),
        cmocka_unit_test(test_S_3_4_which_face_up_cards_are_affordable),
        cmocka_unit_test(test_S_3_5_refill),
        cmocka_unit_test(test_S_3_6_pass_only_when_nothing_is_legal),
        cmocka_unit_test(test_S_3_6_all_pass_ends_the_game),
        cmocka_unit_test(test_S_3_6_pass_shows_reserved_cards),
        cmocka_unit_test(test_S_4_1_return_to_ten),
        cmocka_unit_test(test_S_4_2_nobles),
        cmocka_unit_test(test_S_5_1_round_is_completed),
        cmocka_unit_test(test_S_5_2_ties_go_to_fewest_cards),
        cmocka_unit_test(test_S_6_1_S_6_2_S_6_3_what_views_show),
        cmocka_unit_test(test_S_6_4_over_shows_everything),
        cmocka_unit_test(test_bad_notation),
        cmocka_unit_test(test_bad_seat_and_illegal_actions),
        cmocka_unit_test(test_bad_state_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
