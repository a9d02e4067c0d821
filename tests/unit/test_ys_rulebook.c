/* test_ys_rulebook.c — every worked example of the Ys rulebooks
 * (shared/seeds/000_… Polish, 002_… Hungarian) as a scenario test. Each test
 * sets a position up from state JSON (gg_state_load), plays the example's
 * actions with gg_play and checks the outcome the rulebook states. The
 * example ids (EX-YS-…), source lines and the completion of details the
 * missing pictures leave open are in docs/rulebook-examples.md.
 *
 * Players wear the rulebook's colours: Blue seat 0, Orange seat 1, Purple
 * seat 2, Yellow seat 3. Positions are written in the position format of
 * docs/formats.md (the "ys" object); outcomes are read from gg_view_json. */
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

enum { BLUE_P = 0, ORANGE_P = 1, PURPLE_P = 2, YELLOW_P = 3 };
enum { C_BLUE, C_GREEN, C_YELLOW, C_RED, C_WHITE, C_BLACK };
static const char *const colour_name[4] = {"blue", "green", "yellow", "red"};

/* Broker places of the position format: behind the screen, in front, throne
 * room, King's Favour reserve, or board place (8 + place; city places are
 * district*3 + zone, market places 12 + colour*4 + row). */
enum { L_SCREEN = 1, L_FRONT = 2, L_THRONE = 3, L_RESERVE = 4, L_BOARD = 8 };
enum { PORT, TRADE, PALACE };
static int city(int district, int zone) { return L_BOARD + (district - 1) * 3 + zone; }
static int cell(int colour, int row) { return L_BOARD + 12 + colour * 4 + row; }

/* ------------------------------------------------------------- helpers */

static const gg_game *ys(void)
{
    const gg_game *g = gg_game_find("ys");
    assert_non_null(g);
    return g;
}

static gg_state *new_game(int players, const char *kv, uint64_t seed)
{
    gg_options o;
    gg_error err = {0};
    gg_options_init(&o, ys(), players);
    if (kv) assert_int_equal(gg_options_set_kv(&o, ys(), kv, &err), GG_OK);
    gg_state *s = gg_new(ys(), &o, seed, &err);
    if (!s) fail_msg("gg_new: %s", err.msg);
    return s;
}

static void play(gg_state *s, int seat, const char *text)
{
    gg_error err = {0};
    if (gg_play(s, seat, text, &err) != GG_OK) fail_msg("seat %d \"%s\" refused: %s", seat, text, err.msg);
}

/* The action is refused and changes nothing. */
static void refused(gg_state *s, int seat, const char *text)
{
    gg_state *copy = gg_clone(s);
    gg_error err = {0};
    if (gg_play(s, seat, text, &err) == GG_OK) fail_msg("seat %d \"%s\" was accepted", seat, text);
    assert_true(gg_state_equal(s, copy));
    gg_free(copy);
}

static int the_actor(const gg_state *s)
{
    int seats[GG_MAX_SEATS];
    assert_int_equal(gg_actors(s, seats), 1);
    return seats[0];
}

static cJSON *parse_owned(char *text)
{
    assert_non_null(text);
    cJSON *j = cJSON_Parse(text);
    free(text);
    assert_non_null(j);
    return j;
}

static cJSON *state_of(const gg_state *s) { return parse_owned(gg_state_json(s)); }
static cJSON *view_of(const gg_state *s) { return parse_owned(gg_view_json(s, GG_SPECTATOR)); }

static gg_state *load(cJSON *root)
{
    char *text = cJSON_PrintUnformatted(root);
    gg_error err = {0};
    gg_state *s = gg_state_load(text, &err);
    if (!s) fail_msg("position refused: %s", err.msg);
    free(text);
    return s;
}

static cJSON *get(const cJSON *o, const char *key)
{
    cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) fail_msg("no \"%s\"", key);
    return v;
}

static int num(const cJSON *o, const char *key)
{
    const cJSON *v = get(o, key);
    if (!cJSON_IsNumber(v)) fail_msg("\"%s\" is not a number", key);
    return v->valueint;
}

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = get(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static cJSON *at(const cJSON *arr, int i)
{
    cJSON *v = cJSON_GetArrayItem(arr, i);
    if (!v) fail_msg("no item %d", i);
    return v;
}

/* Position fields ("ys" object of the state JSON). */
static void set_num(cJSON *ysj, const char *key, int v)
{
    assert_non_null(cJSON_GetObjectItemCaseSensitive(ysj, key));
    cJSON_ReplaceItemInObjectCaseSensitive(ysj, key, cJSON_CreateNumber(v));
}

static void set_at(cJSON *ysj, const char *key, int i, int v)
{
    cJSON *arr = get(ysj, key);
    assert_true(cJSON_IsArray(arr) && i < cJSON_GetArraySize(arr));
    cJSON_ReplaceItemInArray(arr, i, cJSON_CreateNumber(v));
}

static void set_at2(cJSON *ysj, const char *key, int i, int j, int v)
{
    cJSON *row = at(get(ysj, key), i);
    assert_true(cJSON_IsArray(row) && j < cJSON_GetArraySize(row));
    cJSON_ReplaceItemInArray(row, j, cJSON_CreateNumber(v));
}

static int get_at(const cJSON *ysj, const char *key, int i) { return at(get(ysj, key), i)->valueint; }

/* One broker of a layout: value, place, face down. */
typedef struct broker {
    int v, loc, down;
} broker;

/* Writes every broker slot of `seat` (the rest of the 14 slots unused). The
 * loader checks the values are exactly the seat's broker set. */
static void set_brokers(cJSON *ysj, int seat, const broker *b, int n)
{
    for (int i = 0; i < 14; i++) {
        set_at2(ysj, "bval", seat, i, i < n ? b[i].v : 0);
        set_at2(ysj, "bloc", seat, i, i < n ? b[i].loc : 0);
        set_at2(ysj, "bdown", seat, i, i < n ? b[i].down : 0);
    }
}

static const cJSON *player(const cJSON *view, int seat) { return at(get(view, "players"), seat); }
static int gems(const cJSON *view, int seat, const char *colour) { return num(get(player(view, seat), "gems"), colour); }
static int score(const cJSON *view, int seat) { return num(player(view, seat), "score"); }
static int order(const cJSON *view, int seat) { return num(player(view, seat), "order"); }

static int front_sum(const cJSON *view, int seat)
{
    int t = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, get(player(view, seat), "front")) t += it->valueint;
    return t;
}

static int holds_card(const cJSON *view, int seat, const char *key)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, get(player(view, seat), "cards"))
        if (strcmp(str(it, "card"), key) == 0) return 1;
    return 0;
}

/* The legal actions of `seat`, as notation, one per line. */
static char *legal_text(const gg_state *s, int seat)
{
    static gg_action acts[GG_MAX_ACTIONS];
    static char buf[GG_MAX_ACTIONS * GG_MAX_NOTATION];
    int n = gg_legal(s, seat, acts);
    buf[0] = 0;
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        char a[GG_MAX_NOTATION];
        gg_action_format(s, seat, acts[i], a, sizeof a);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s\n", a);
    }
    return buf;
}

static int has_line(const char *lines, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = lines; *p;) {
        const char *e = strchr(p, '\n');
        if ((size_t)(e - p) == n && strncmp(p, line, n) == 0) return 1;
        p = e + 1;
    }
    return 0;
}

static int count_lines(const char *lines)
{
    int n = 0;
    for (; *lines; lines++) n += *lines == '\n';
    return n;
}

/* ------------------------------------------------- EX-YS-BID-1 set-up */

/* A new 4-player game whose district 1 palace card is not an immediate
 * King or Prince (so the palace winner simply holds it), with the order cards
 * of the bidding example: Orange 2, Yellow 4, and Blue/Purple 1/3. */
static gg_state *bidding_example_start(int blue_card)
{
    for (uint64_t seed = 1;; seed++) {
        gg_state *s = new_game(4, NULL, seed);
        cJSON *v = view_of(s);
        const char *pal = str(at(get(v, "city"), 0), "palace_card");
        int plain = pal && strcmp(pal, "king") && strcmp(pal, "prince");
        cJSON_Delete(v);
        if (!plain) {
            gg_free(s);
            continue;
        }
        cJSON *root = state_of(s);
        gg_free(s);
        cJSON *ysj = get(root, "ys");
        int purple_card = blue_card == 1 ? 3 : 1;
        int card[4] = {blue_card, 2, purple_card, 4};
        for (int p = 0; p < 4; p++) {
            set_at(ysj, "order", p, card[p]);
            set_at(ysj, "turn_seat", card[p] - 1, p);
        }
        s = load(root);
        cJSON_Delete(root);
        return s;
    }
}

/* Plays the bids and turn-place choices of EX-YS-BID-1 (PL 163-172). */
static void play_bidding_example(gg_state *s)
{
    play(s, BLUE_P, "bid 1+0");
    play(s, ORANGE_P, "bid 4+1");
    play(s, PURPLE_P, "bid 4+2");
    play(s, YELLOW_P, "bid 3+2");
    /* Y-5.2: Purple (6) chooses first */
    assert_int_equal(the_actor(s), PURPLE_P);
    play(s, PURPLE_P, "order 4");
    /* Y-5.2: Orange and Yellow tie at 5; Orange's order card 2 beats Yellow's 4 */
    assert_int_equal(the_actor(s), ORANGE_P);
    play(s, ORANGE_P, "order 1");
    assert_int_equal(the_actor(s), YELLOW_P);
    play(s, YELLOW_P, "order 3");
    /* Blue is left with the 2nd place: no choice to make */
}

/* EX-YS-BID-1 — Y-5.1, Y-5.2, Y-5.3, Y-5.4 (both ways of dealing Blue and
 * Purple the order cards 1 and 3, which the missing picture leaves open). */
static void ex_ys_bid_1_turn_order(void **unused)
{
    (void)unused;
    for (int blue_card = 1; blue_card <= 3; blue_card += 2) {
        gg_state *s = bidding_example_start(blue_card);
        cJSON *v = view_of(s);
        assert_int_equal(order(v, ORANGE_P), 2);
        assert_int_equal(order(v, YELLOW_P), 4);
        cJSON_Delete(v);
        play_bidding_example(s);
        v = view_of(s);
        /* Y-5.3: new cards Orange 1, Blue 2, Yellow 3, Purple 4 */
        assert_int_equal(order(v, ORANGE_P), 1);
        assert_int_equal(order(v, BLUE_P), 2);
        assert_int_equal(order(v, YELLOW_P), 3);
        assert_int_equal(order(v, PURPLE_P), 4);
        /* Y-5.4: the bid brokers stay face up in front */
        assert_int_equal(front_sum(v, BLUE_P), 1);
        assert_int_equal(front_sum(v, ORANGE_P), 5);
        assert_int_equal(front_sum(v, PURPLE_P), 6);
        assert_int_equal(front_sum(v, YELLOW_P), 5);
        for (int p = 0; p < 4; p++) assert_int_equal(cJSON_GetArraySize(get(player(v, p), "front")), 2);
        /* placement follows the new order: Orange first */
        assert_string_equal(str(v, "stage"), "placement");
        cJSON_Delete(v);
        assert_int_equal(the_actor(s), ORANGE_P);
        gg_free(s);
    }
}

/* ------------------------------------------- EX-YS-PLACE-1, PLACE-2 */

/* EX-YS-PLACE-1 — Y-4.3, Y-6.2, Y-6.3, Y-6.4: Purple puts a face-up broker on
 * the bottom-left market cell (blue column, row 3) and a face-down one in
 * the city; Orange then cannot use row 0 nor that cell. */
static void ex_ys_place_1_one_broker_per_cell_row0_closed(void **unused)
{
    (void)unused;
    gg_state *s = bidding_example_start(1);
    play_bidding_example(s);
    play(s, ORANGE_P, "up 3 d1-port");
    play(s, ORANGE_P, "down 2 d1-trade");
    play(s, BLUE_P, "up 2 d1-port");
    play(s, BLUE_P, "down 1 d1-trade");
    play(s, YELLOW_P, "up 0 d2-port");
    play(s, YELLOW_P, "down 1 d2-trade");
    cJSON *v = view_of(s);
    int purple_before = score(v, PURPLE_P);
    cJSON_Delete(v);
    assert_int_equal(the_actor(s), PURPLE_P);
    play(s, PURPLE_P, "up 3 blue3");
    play(s, PURPLE_P, "down 0 d1-palace");
    v = view_of(s);
    assert_int_equal(score(v, PURPLE_P), purple_before + 1); /* Y-6.4 */
    int orange_before = score(v, ORANGE_P);
    cJSON_Delete(v);

    assert_int_equal(the_actor(s), ORANGE_P);
    refused(s, ORANGE_P, "up 3 blue0"); /* Y-4.3: row 0 is closed with 4 players */
    refused(s, ORANGE_P, "up 3 red0");
    refused(s, ORANGE_P, "up 3 blue3"); /* Y-6.3: one broker per cell */
    const char *legal = legal_text(s, ORANGE_P);
    assert_false(has_line(legal, "up 3 blue3"));
    for (int c = 0; c < 4; c++) {
        char line[32];
        snprintf(line, sizeof line, "up 3 %s0", colour_name[c]);
        assert_false(has_line(legal, line));
    }
    assert_true(has_line(legal, "up 3 green3"));
    assert_true(has_line(legal, "up 3 blue2"));
    assert_true(has_line(legal, "up 3 d1-port")); /* the city takes any number */
    play(s, ORANGE_P, "up 3 green3");
    v = view_of(s);
    assert_int_equal(score(v, ORANGE_P), orange_before + 1);
    cJSON_Delete(v);
    gg_free(s);
}

/* EX-YS-PLACE-2 — Y-6.1, Y-6.2, Y-6.6: four turns of two brokers (one face
 * up, one face down) each; then 8 brokers of each player are on the board,
 * 4 face up and 4 face down, and the last one joins the two bid brokers in
 * front. Every broker goes to district 1, so scoring stops at its first
 * port-gem choice with the brokers still there. */
static void ex_ys_place_2_eight_on_board_three_in_front(void **unused)
{
    (void)unused;
    gg_state *s = bidding_example_start(1);
    play_bidding_example(s);
    int turns = 0;
    for (;;) {
        cJSON *v = view_of(s);
        int placing = strcmp(str(v, "stage"), "placement") == 0;
        cJSON_Delete(v);
        if (!placing) break;
        int seat = the_actor(s);
        /* the first legal action of the step that goes to district 1 */
        static gg_action acts[GG_MAX_ACTIONS];
        int n = gg_legal(s, seat, acts), done = 0;
        for (int i = 0; i < n && !done; i++) {
            char a[GG_MAX_NOTATION];
            gg_action_format(s, seat, acts[i], a, sizeof a);
            if (strstr(a, " d1-") && (strncmp(a, "up ", 3) == 0 || strncmp(a, "down ", 5) == 0)) {
                play(s, seat, a);
                done = 1;
            }
        }
        assert_true(done);
        turns++;
        assert_true(turns <= 32);
    }
    assert_int_equal(turns, 32); /* 4 players x 4 turns x 2 brokers */
    cJSON *root = state_of(s);
    cJSON *ysj = get(root, "ys");
    for (int p = 0; p < 4; p++) {
        int board = 0, down = 0, front = 0, screen = 0;
        const cJSON *loc = at(get(ysj, "bloc"), p), *dn = at(get(ysj, "bdown"), p);
        for (int i = 0; i < 14; i++) {
            int l = at(loc, i)->valueint;
            board += l >= L_BOARD;
            down += l >= L_BOARD && at(dn, i)->valueint;
            front += l == L_FRONT;
            screen += l == L_SCREEN;
        }
        assert_int_equal(board, 8);
        assert_int_equal(down, 4);
        assert_int_equal(front, 3);
        assert_int_equal(screen, 0);
    }
    cJSON_Delete(root);
    gg_free(s);
}

/* ------------------------------------------ EX-YS-DIST-1, SHIP-1, PAL-1 */

/* The district example (PL 232-254) as the position just before Purple's
 * last placement of round 1: order cards Orange 1, Blue 2, Yellow 3,
 * Purple 4; front brokers Blue 1+0+4, Orange 4+1+0, Yellow 3+2+1, Purple
 * 4+2 (+1 after his last turn). District 1: port Yellow 4, Blue 3 (Purple
 * adds 3); trade Yellow 4, Orange 4, Blue 2; palace Blue 4, Orange 1
 * (Purple adds 3). Every other broker is in district 2. */
static gg_state *district_example(int port_ship_index)
{
    gg_state *s = bidding_example_start(1);
    play_bidding_example(s);
    cJSON *root = state_of(s);
    gg_free(s);
    cJSON *ysj = get(root, "ys");
    const broker blue[] = {
        {1, L_FRONT, 0}, {0, L_FRONT, 0}, {4, L_FRONT, 0},
        {4, city(1, PALACE), 0}, {3, city(1, PORT), 1}, {2, city(1, TRADE), 1},
        {0, city(2, PORT), 1}, {1, city(2, TRADE), 0}, {1, city(2, PALACE), 1},
        {3, city(2, PORT), 0}, {3, city(2, TRADE), 0},
    };
    const broker orange[] = {
        {4, L_FRONT, 0}, {1, L_FRONT, 0}, {0, L_FRONT, 0},
        {4, city(1, TRADE), 0}, {1, city(1, PALACE), 1},
        {0, city(2, PORT), 1}, {1, city(2, TRADE), 0}, {2, city(2, PALACE), 1},
        {3, city(2, PORT), 0}, {3, city(2, TRADE), 1}, {3, city(2, PALACE), 0},
    };
    const broker purple[] = {
        {4, L_FRONT, 0}, {2, L_FRONT, 0},
        {3, L_SCREEN, 0}, {3, L_SCREEN, 0}, {1, L_SCREEN, 0},
        {0, city(2, PORT), 1}, {0, city(2, TRADE), 0}, {1, city(2, PALACE), 1},
        {1, city(2, PORT), 0}, {3, city(2, TRADE), 1}, {4, city(2, PALACE), 0},
    };
    const broker yellow[] = {
        {3, L_FRONT, 0}, {2, L_FRONT, 0}, {1, L_FRONT, 0},
        {4, city(1, PORT), 0}, {4, city(1, TRADE), 1},
        {0, city(2, PORT), 1}, {0, city(2, TRADE), 0}, {1, city(2, PALACE), 1},
        {1, city(2, PORT), 0}, {3, city(2, TRADE), 1}, {3, city(2, PALACE), 0},
    };
    set_brokers(ysj, BLUE_P, blue, 11);
    set_brokers(ysj, ORANGE_P, orange, 11);
    set_brokers(ysj, PURPLE_P, purple, 11);
    set_brokers(ysj, YELLOW_P, yellow, 11);
    set_num(ysj, "turn_no", 3);
    set_num(ysj, "turn_pos", 3);
    set_num(ysj, "actor", PURPLE_P);
    set_at(ysj, "port_ship", 0, port_ship_index);
    s = load(root);
    cJSON_Delete(root);
    assert_int_equal(the_actor(s), PURPLE_P);
    play(s, PURPLE_P, "up 3 d1-port");
    play(s, PURPLE_P, "down 3 d1-palace");
    return s;
}

/* EX-YS-DIST-1 — Y-8.1, Y-8.2, Y-8.3, Y-8.4 (PL 232-254, HU 367-381). */
static void ex_ys_dist_1_scoring_a_district(void **unused)
{
    (void)unused;
    gg_state *s = district_example(1); /* ship card #2: blue | green, red */
    cJSON *v = view_of(s);
    assert_int_equal(front_sum(v, BLUE_P), 5);
    assert_int_equal(front_sum(v, ORANGE_P), 5);
    assert_int_equal(front_sum(v, PURPLE_P), 7);
    assert_int_equal(front_sum(v, YELLOW_P), 6);
    const char *card = str(at(get(v, "city"), 0), "palace_card");
    assert_non_null(card);
    char palace_card[32];
    snprintf(palace_card, sizeof palace_card, "%s", card);
    int sc[4], black[4];
    for (int p = 0; p < 4; p++) {
        sc[p] = score(v, p);
        black[p] = gems(v, p, "black");
        for (int c = 0; c < 4; c++) assert_int_equal(gems(v, p, colour_name[c]), 0);
    }
    /* Y-8.4: Blue (9) is first and chooses two of blue, blue, green, red */
    assert_string_equal(str(v, "stage"), "gem");
    cJSON_Delete(v);
    assert_int_equal(the_actor(s), BLUE_P);
    play(s, BLUE_P, "gem blue");
    assert_int_equal(the_actor(s), BLUE_P);
    play(s, BLUE_P, "gem red");
    /* Yellow (8) is second: the other blue (or the green) */
    assert_int_equal(the_actor(s), YELLOW_P);
    play(s, YELLOW_P, "gem blue");
    /* Purple (6) is third and gets the last gem without a choice; Orange
     * (5) nothing. The next decision belongs to district 2. */
    v = view_of(s);
    assert_string_equal(str(v, "stage"), "gem");
    assert_non_null(strstr(str(v, "decision"), "district 2"));
    assert_int_equal(gems(v, BLUE_P, "blue"), 1);
    assert_int_equal(gems(v, BLUE_P, "red"), 1);
    assert_int_equal(gems(v, YELLOW_P, "blue"), 1);
    assert_int_equal(gems(v, PURPLE_P, "green"), 1);
    for (int c = 0; c < 4; c++) assert_int_equal(gems(v, ORANGE_P, colour_name[c]), 0);
    /* port: Yellow's 4 wins a black gem */
    assert_int_equal(gems(v, YELLOW_P, "black"), black[YELLOW_P] + 1);
    assert_int_equal(gems(v, BLUE_P, "black"), black[BLUE_P]);
    assert_int_equal(gems(v, PURPLE_P, "black"), black[PURPLE_P]);
    /* trade: Yellow and Orange tie 4-4, fronts 6 to 5: Yellow +3 (Y-8.3) */
    assert_int_equal(score(v, YELLOW_P), sc[YELLOW_P] + 3);
    assert_int_equal(score(v, ORANGE_P), sc[ORANGE_P]);
    assert_int_equal(score(v, BLUE_P), sc[BLUE_P]);
    /* palace: Blue's 4 wins the character card (EX-YS-PAL-1) */
    assert_true(holds_card(v, BLUE_P, palace_card));
    cJSON_Delete(v);
    gg_free(s);
}

/* EX-YS-PAL-1 — Y-4.1, Y-8.4, Y-7.3: the card turned face up on district 1's
 * palace goes to the palace majority's hand and leaves the palace. */
static void ex_ys_pal_1_palace_card_to_majority(void **unused)
{
    (void)unused;
    gg_state *s = district_example(1);
    cJSON *v = view_of(s);
    char palace_card[32];
    snprintf(palace_card, sizeof palace_card, "%s", str(at(get(v, "city"), 0), "palace_card"));
    for (int p = 0; p < 4; p++) assert_false(holds_card(v, p, palace_card));
    cJSON_Delete(v);
    play(s, BLUE_P, "gem blue");
    play(s, BLUE_P, "gem red");
    play(s, YELLOW_P, "gem blue");
    v = view_of(s);
    assert_true(cJSON_IsNull(get(at(get(v, "city"), 0), "palace_card")));
    assert_true(holds_card(v, BLUE_P, palace_card));
    for (int p = 1; p < 4; p++) assert_false(holds_card(v, p, palace_card));
    cJSON_Delete(v);
    gg_free(s);
}

/* EX-YS-SHIP-1 — Y-1.5, Y-4.2, Y-8.4, Y-8.5: a ship card with a large blue and
 * small white and red offers two blue, one white and one red gem with 4
 * players; the white gem becomes a coloured gem of the taker's choice. */
static void ex_ys_ship_1_port_offers_four_gems(void **unused)
{
    (void)unused;
    gg_state *s = district_example(4); /* ship card #5: blue | white, red */
    cJSON *v = view_of(s);
    const cJSON *ship = get(at(get(v, "city"), 0), "ship");
    assert_string_equal(str(ship, "large"), "blue");
    const cJSON *offered = get(v, "port_gems_left");
    assert_int_equal(cJSON_GetArraySize(offered), 4);
    int n[6] = {0};
    const cJSON *it;
    cJSON_ArrayForEach(it, offered)
    {
        for (int c = 0; c < 4; c++) n[c] += strcmp(it->valuestring, colour_name[c]) == 0;
        n[C_WHITE] += strcmp(it->valuestring, "white") == 0;
    }
    assert_int_equal(n[C_BLUE], 2);
    assert_int_equal(n[C_WHITE], 1);
    assert_int_equal(n[C_RED], 1);
    cJSON_Delete(v);
    assert_int_equal(the_actor(s), BLUE_P);
    play(s, BLUE_P, "gem blue");
    play(s, BLUE_P, "gem blue");
    /* Yellow: the red, or the white as any coloured gem (Y-8.5) */
    assert_int_equal(the_actor(s), YELLOW_P);
    const char *legal = legal_text(s, YELLOW_P);
    assert_int_equal(count_lines(legal), 5);
    assert_true(has_line(legal, "gem red"));
    for (int c = 0; c < 4; c++) {
        char line[32];
        snprintf(line, sizeof line, "gem white>%s", colour_name[c]);
        assert_true(has_line(legal, line));
    }
    play(s, YELLOW_P, "gem white>yellow");
    v = view_of(s);
    assert_int_equal(gems(v, BLUE_P, "blue"), 2);
    assert_int_equal(gems(v, YELLOW_P, "yellow"), 1);
    assert_int_equal(gems(v, PURPLE_P, "red"), 1); /* the last gem, no choice */
    cJSON_Delete(v);
    cJSON *root = state_of(s);
    for (int p = 0; p < 4; p++) assert_int_equal(at(at(get(get(root, "ys"), "gems"), p), C_WHITE)->valueint, 0);
    cJSON_Delete(root);
    gg_free(s);
}

/* ---------------------------------------------------------- EX-YS-MKT-1 */

/* EX-YS-MKT-1 — Y-8.3, Y-8.5, Y-8.6, Y-8.7, Y-8.8 (PL 256-266, HU 383-402).
 * Market: row 1 white — blue col Blue 3, green col Orange 4, red col Blue 1;
 * row 2 yellow — blue col Orange 0, red col Yellow 3; row 3 red — blue col
 * Purple 1 (his last turn), red col Blue 0. Fronts Blue 1+0+4, Orange 4+1+0,
 * Yellow 3+2+1, Purple 4+2+1. The other brokers are in district 1. */
static void ex_ys_mkt_1_scoring_the_market(void **unused)
{
    (void)unused;
    gg_state *s = bidding_example_start(1);
    play_bidding_example(s);
    cJSON *root = state_of(s);
    gg_free(s);
    cJSON *ysj = get(root, "ys");
    const broker blue[] = {
        {1, L_FRONT, 0}, {0, L_FRONT, 0}, {4, L_FRONT, 0},
        {3, cell(C_BLUE, 1), 0}, {1, cell(C_RED, 1), 1}, {0, cell(C_RED, 3), 0},
        {1, city(1, PORT), 1}, {2, city(1, TRADE), 0}, {3, city(1, PALACE), 1},
        {3, city(1, PORT), 0}, {4, city(1, TRADE), 1},
    };
    const broker orange[] = {
        {4, L_FRONT, 0}, {1, L_FRONT, 0}, {0, L_FRONT, 0},
        {4, cell(C_GREEN, 1), 0}, {0, cell(C_BLUE, 2), 1},
        {1, city(1, PORT), 1}, {1, city(1, TRADE), 0}, {2, city(1, PALACE), 1},
        {3, city(1, PORT), 0}, {3, city(1, TRADE), 1}, {3, city(1, PALACE), 0},
    };
    const broker purple[] = {
        {4, L_FRONT, 0}, {2, L_FRONT, 0},
        {1, L_SCREEN, 0}, {3, L_SCREEN, 0}, {1, L_SCREEN, 0},
        {0, city(1, PORT), 1}, {0, city(1, TRADE), 0}, {1, city(1, PALACE), 1},
        {3, city(1, PORT), 0}, {3, city(1, TRADE), 1}, {4, city(1, PALACE), 0},
    };
    const broker yellow[] = {
        {3, L_FRONT, 0}, {2, L_FRONT, 0}, {1, L_FRONT, 0},
        {3, cell(C_RED, 2), 0},
        {0, city(1, PORT), 1}, {0, city(1, TRADE), 0}, {1, city(1, PALACE), 1},
        {1, city(1, PORT), 0}, {3, city(1, TRADE), 1}, {4, city(1, PALACE), 0},
        {4, city(1, PORT), 1},
    };
    set_brokers(ysj, BLUE_P, blue, 11);
    set_brokers(ysj, ORANGE_P, orange, 11);
    set_brokers(ysj, PURPLE_P, purple, 11);
    set_brokers(ysj, YELLOW_P, yellow, 11);
    set_num(ysj, "turn_no", 3);
    set_num(ysj, "turn_pos", 3);
    set_num(ysj, "actor", PURPLE_P);
    set_at(ysj, "row_gem", 1, C_WHITE);
    set_at(ysj, "row_gem", 2, C_YELLOW);
    set_at(ysj, "row_gem", 3, C_RED);
    for (int c = 0; c < 4; c++) set_at(ysj, "rate", c, 0);
    s = load(root);
    cJSON_Delete(root);
    play(s, PURPLE_P, "up 1 blue3");
    play(s, PURPLE_P, "down 3 d1-port");

    /* the city first: district 1's gem choices (not part of the example) */
    for (int guard = 0;; guard++) {
        assert_true(guard < 20);
        cJSON *v = view_of(s);
        int city_pick = strcmp(str(v, "stage"), "gem") == 0 && cJSON_GetObjectItem(v, "port_gems_left");
        cJSON_Delete(v);
        if (!city_pick) break;
        int seat = the_actor(s);
        gg_action a[GG_MAX_ACTIONS];
        assert_true(gg_legal(s, seat, a) > 0);
        gg_error err;
        assert_int_equal(gg_apply(s, seat, a[0], &err), GG_OK);
    }

    /* Row 1: Blue 3+1 = 4 ties Orange's 4; fronts 5 = 5; Orange's order card
     * 1 beats Blue's 2 (Y-8.3) — Orange takes the white gem as green. */
    cJSON *v = view_of(s);
    assert_string_equal(str(v, "stage"), "gem");
    assert_non_null(strstr(str(v, "decision"), "row 1"));
    assert_int_equal(front_sum(v, BLUE_P), 5);
    assert_int_equal(front_sum(v, ORANGE_P), 5);
    assert_int_equal(front_sum(v, YELLOW_P), 6);
    assert_int_equal(front_sum(v, PURPLE_P), 7);
    int before[4][4];
    for (int p = 0; p < 4; p++)
        for (int c = 0; c < 4; c++) before[p][c] = gems(v, p, colour_name[c]);
    for (int c = 0; c < 4; c++) assert_int_equal(num(get(v, "rates"), colour_name[c]), 0);
    cJSON_Delete(v);
    assert_int_equal(the_actor(s), ORANGE_P);
    play(s, ORANGE_P, "gem white>green");

    /* Rows 2 and 3 need no decision. Columns: blue, green, red at 4; blue
     * and red have 3 brokers, green 1; Purple (front 7) orders blue and red. */
    v = view_of(s);
    assert_string_equal(str(v, "stage"), "columns");
    cJSON_Delete(v);
    assert_int_equal(the_actor(s), PURPLE_P);
    const char *legal = legal_text(s, PURPLE_P);
    assert_int_equal(count_lines(legal), 2);
    assert_true(has_line(legal, "column blue"));
    assert_true(has_line(legal, "column red"));
    play(s, PURPLE_P, "column blue");

    /* Majority: Orange and Blue have 4 each, fronts 5 = 5, Orange's order
     * card decides (Y-8.8, Y-8.3); he raises green. */
    v = view_of(s);
    assert_string_equal(str(v, "stage"), "market_majority");
    assert_int_equal(num(get(v, "rates"), "blue"), 2);
    assert_int_equal(num(get(v, "rates"), "red"), 1);
    assert_int_equal(num(get(v, "rates"), "green"), -1);
    assert_int_equal(num(get(v, "rates"), "yellow"), -2);
    assert_int_equal(gems(v, ORANGE_P, "green"), before[ORANGE_P][C_GREEN] + 1);
    assert_int_equal(gems(v, YELLOW_P, "yellow"), before[YELLOW_P][C_YELLOW] + 1);
    assert_int_equal(gems(v, PURPLE_P, "red"), before[PURPLE_P][C_RED] + 1);
    for (int c = 0; c < 4; c++) assert_int_equal(gems(v, BLUE_P, colour_name[c]), before[BLUE_P][c]);
    cJSON_Delete(v);
    assert_int_equal(the_actor(s), ORANGE_P);
    play(s, ORANGE_P, "rate green+");
    v = view_of(s);
    assert_int_equal(num(get(v, "rates"), "blue"), 2);
    assert_int_equal(num(get(v, "rates"), "green"), 0);
    assert_int_equal(num(get(v, "rates"), "yellow"), -2);
    assert_int_equal(num(get(v, "rates"), "red"), 1);
    cJSON_Delete(v);
    gg_free(s);
}

/* ------------------------------------------------------ EX-YS-MKTSET-1 */

/* EX-YS-MKTSET-1 — Y-4.3: when the market ship card shows a white gem, the
 * white goes on row 1 and the other two gems on rows 2 and 3; row 0 stays
 * empty. Checked on the round-1 market of many seeded games; the card's gems
 * are read by putting the market card on a port in a copy of the position. */
static void ex_ys_mktset_1_white_on_row_1(void **unused)
{
    (void)unused;
    int white_seen = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        gg_state *s = new_game(4, NULL, seed);
        cJSON *root = state_of(s);
        gg_free(s);
        cJSON *ysj = get(root, "ys");
        int market = num(ysj, "market_ship");
        int row[4];
        for (int r = 0; r < 4; r++) row[r] = get_at(ysj, "row_gem", r);
        set_at(ysj, "port_ship", 0, market);
        gg_state *probe = load(root);
        cJSON_Delete(root);
        cJSON *v = view_of(probe);
        gg_free(probe);
        const cJSON *ship = get(at(get(v, "city"), 0), "ship");
        int card[3], has_white = 0;
        const char *names[3] = {str(ship, "large"), at(get(ship, "small"), 0)->valuestring,
                                at(get(ship, "small"), 1)->valuestring};
        for (int i = 0; i < 3; i++) {
            card[i] = strcmp(names[i], "white") == 0 ? C_WHITE : -1;
            for (int c = 0; c < 4; c++)
                if (strcmp(names[i], colour_name[c]) == 0) card[i] = c;
            assert_true(card[i] >= 0);
            has_white |= card[i] == C_WHITE;
        }
        cJSON_Delete(v);
        assert_int_equal(row[0], 255); /* row 0 closed */
        /* rows 1-3 hold the card's three gems (the large one once) */
        int want[6] = {0}, got[6] = {0};
        for (int i = 0; i < 3; i++) want[card[i]]++;
        for (int r = 1; r < 4; r++) {
            assert_true(row[r] >= 0 && row[r] <= C_WHITE);
            got[row[r]]++;
        }
        assert_memory_equal(want, got, sizeof want);
        if (has_white) {
            white_seen++;
            assert_int_equal(row[1], C_WHITE);
        }
    }
    assert_true(white_seen >= 3); /* the rule was really exercised */
}

/* ------------------------------------- final scoring: END-1..3, KF-1 */

/* A 4-player King's Favour game played at random up to the throne-room
 * decision of round 4, the last decision before final scoring (Y-9.1). */
static cJSON *round4_throne_position(void)
{
    gg_state *s = new_game(4, "kings_favour=on", 2026);
    gg_rng rng;
    gg_rng_seed(&rng, 77);
    for (int guard = 0;; guard++) {
        assert_true(guard < 100000);
        cJSON *v = view_of(s);
        int there = num(v, "round") == 4 && strcmp(str(v, "stage"), "throne") == 0;
        cJSON_Delete(v);
        if (there) break;
        int seats[GG_MAX_SEATS];
        int n = gg_actors(s, seats);
        assert_true(n > 0);
        for (int k = 0; k < n; k++) {
            gg_action a[GG_MAX_ACTIONS];
            int m = gg_legal(s, seats[k], a);
            assert_true(m > 0);
            gg_error err;
            assert_int_equal(gg_apply(s, seats[k], a[gg_rng_below(&rng, (uint32_t)m)], &err), GG_OK);
        }
    }
    cJSON *root = state_of(s);
    gg_free(s);
    return root;
}

/* Rewrites the round-4 throne position: gems and rates as given, every seat
 * with throne brokers {throne...} and front brokers 0, 1, 3; the first
 * seat in turn order decides first. */
static gg_state *final_position(const int gem[4][6], const int rate[4], const int throne[4][3])
{
    cJSON *root = round4_throne_position();
    cJSON *ysj = get(root, "ys");
    for (int p = 0; p < 4; p++) {
        for (int g = 0; g < 6; g++) set_at2(ysj, "gems", p, g, gem[p][g]);
        /* the 14 brokers {0,0,1,1,1,2,3,3,3,4,4,2,2,2} */
        int left[5] = {2, 3, 4, 3, 2};
        broker b[14];
        int n = 0;
        for (int i = 0; i < 3; i++) {
            b[n++] = (broker){throne[p][i], L_THRONE, 1};
            left[throne[p][i]]--;
        }
        const int front[3] = {0, 1, 3};
        for (int i = 0; i < 3; i++) {
            b[n++] = (broker){front[i], L_FRONT, 0};
            left[front[i]]--;
        }
        for (int v = 0; v < 5; v++) {
            assert_true(left[v] >= 0);
            while (left[v]-- > 0) b[n++] = (broker){v, L_SCREEN, 0};
        }
        assert_int_equal(n, 14);
        set_brokers(ysj, p, b, 14);
    }
    for (int c = 0; c < 4; c++) set_at(ysj, "rate", c, rate[c]);
    set_num(ysj, "kf_pos", 0);
    set_num(ysj, "actor", get_at(ysj, "turn_seat", 0));
    gg_state *s = load(root);
    cJSON_Delete(root);
    return s;
}

/* Every seat puts its front 0 into the throne room; then final scoring. */
static void finish_with_throne_zero(gg_state *s)
{
    for (int k = 0; k < 4; k++) {
        cJSON *v = view_of(s);
        assert_string_equal(str(v, "stage"), "throne");
        cJSON_Delete(v);
        play(s, the_actor(s), "throne 0");
    }
    assert_true(gg_is_over(s));
}

static const cJSON *final_of(const cJSON *view, int seat) { return at(get(view, "final"), seat); }
static int colour_points(const cJSON *view, int seat, const char *colour)
{
    return num(get(get(final_of(view, seat), "colours"), colour), "points");
}

static const int no_throne_tie[4][3] = {{2, 2, 2}, {2, 2, 0}, {0, 1, 1}, {4, 4, 2}};

/* EX-YS-END-1 — Y-8.10 (PL 285-287, HU 430-435): blue rated highest; blue
 * gems A 6, B 5, C 5, D 3 score 24, 12, 12, 6. */
static void ex_ys_end_1_tied_players_take_the_lower_place(void **unused)
{
    (void)unused;
    const int gem[4][6] = {{6}, {5}, {5}, {3}};
    const int rate[4] = {3, 0, 0, -1};
    gg_state *s = final_position(gem, rate, no_throne_tie);
    finish_with_throne_zero(s);
    cJSON *v = view_of(s);
    assert_string_equal(at(get(v, "colour_ranks"), 0)->valuestring, "blue");
    const int want[4] = {24, 12, 12, 6};
    for (int p = 0; p < 4; p++) {
        assert_int_equal(colour_points(v, p, "blue"), want[p]);
        for (int c = 1; c < 4; c++) assert_int_equal(colour_points(v, p, colour_name[c]), 0);
    }
    cJSON_Delete(v);
    gg_free(s);
}

/* EX-YS-END-2 — Y-8.10 (PL 281-283, HU 420-428): blue and red share the top
 * rate, blue (further left) ranks first; then red, yellow, green. Holdings
 * 4, 3, 2, 1 of every colour. */
static void ex_ys_end_2_equal_rates_leftmost_first(void **unused)
{
    (void)unused;
    const int gem[4][6] = {{4, 4, 4, 4}, {3, 3, 3, 3}, {2, 2, 2, 2}, {1, 1, 1, 1}};
    const int rate[4] = {3, -2, 1, 3}; /* blue green yellow red */
    gg_state *s = final_position(gem, rate, no_throne_tie);
    finish_with_throne_zero(s);
    cJSON *v = view_of(s);
    const char *ranks[4] = {"blue", "red", "yellow", "green"};
    for (int r = 0; r < 4; r++) assert_string_equal(at(get(v, "colour_ranks"), r)->valuestring, ranks[r]);
    const int blue[4] = {24, 18, 12, 6}, red[4] = {20, 15, 10, 5}, yellow[4] = {16, 12, 8, 4},
              green[4] = {12, 9, 6, 3};
    for (int p = 0; p < 4; p++) {
        assert_int_equal(colour_points(v, p, "blue"), blue[p]);
        assert_int_equal(colour_points(v, p, "red"), red[p]);
        assert_int_equal(colour_points(v, p, "yellow"), yellow[p]);
        assert_int_equal(colour_points(v, p, "green"), green[p]);
    }
    cJSON_Delete(v);
    gg_free(s);
}

/* EX-YS-END-3 — Y-8.11 (PL 289-294): black gems 0, 2, 7, 9 score 0, 4, 24,
 * 24 (seven or more: 24). */
static void ex_ys_end_3_black_gems_seven_or_more(void **unused)
{
    (void)unused;
    const int gem[4][6] = {{0}, {0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 0, 7}, {0, 0, 0, 0, 0, 9}};
    const int rate[4] = {0, 0, 0, 0};
    gg_state *s = final_position(gem, rate, no_throne_tie);
    finish_with_throne_zero(s);
    cJSON *v = view_of(s);
    const int want[4] = {0, 4, 24, 24};
    for (int p = 0; p < 4; p++) assert_int_equal(num(final_of(v, p), "black_points"), want[p]);
    cJSON_Delete(v);
    gg_free(s);
}

/* EX-YS-KF-1 — Y-9.1 (PL 410-416, HU 640-649): throne totals 6, 6, 4, 2; the
 * two tied first share (12+7)/2 rounded down = 9 each; the next scores 3,
 * the last 0. */
static void ex_ys_kf_1_tied_throne_places_share(void **unused)
{
    (void)unused;
    const int gem[4][6] = {{1}, {1}, {1}, {1}};
    const int rate[4] = {0, 0, 0, 0};
    const int throne[4][3] = {{2, 2, 2}, {2, 2, 2}, {2, 2, 0}, {0, 1, 1}};
    gg_state *s = final_position(gem, rate, throne);
    cJSON *before = view_of(s);
    int sc[4];
    for (int p = 0; p < 4; p++) sc[p] = score(before, p);
    cJSON_Delete(before);
    finish_with_throne_zero(s);
    cJSON *v = view_of(s);
    const int want[4] = {9, 9, 3, 0};
    for (int p = 0; p < 4; p++) {
        assert_int_equal(num(final_of(v, p), "kings_favour_points"), want[p]);
        /* the total is the running score plus colours (one blue each: all
         * tied 4th, 6 points), black (none) and the throne */
        assert_int_equal(num(final_of(v, p), "total"), sc[p] + 6 + want[p]);
    }
    cJSON_Delete(v);
    gg_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ex_ys_bid_1_turn_order),
        cmocka_unit_test(ex_ys_place_1_one_broker_per_cell_row0_closed),
        cmocka_unit_test(ex_ys_place_2_eight_on_board_three_in_front),
        cmocka_unit_test(ex_ys_dist_1_scoring_a_district),
        cmocka_unit_test(ex_ys_pal_1_palace_card_to_majority),
        cmocka_unit_test(ex_ys_ship_1_port_offers_four_gems),
        cmocka_unit_test(ex_ys_mkt_1_scoring_the_market),
        cmocka_unit_test(ex_ys_mktset_1_white_on_row_1),
        cmocka_unit_test(ex_ys_end_1_tied_players_take_the_lower_place),
        cmocka_unit_test(ex_ys_end_2_equal_rates_leftmost_first),
        cmocka_unit_test(ex_ys_end_3_black_gems_seven_or_more),
        cmocka_unit_test(ex_ys_kf_1_tied_throne_places_share),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
