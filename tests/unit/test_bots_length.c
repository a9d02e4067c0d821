/* test_bots_length.c — every bots' game ends (issue 27, point 1): the
 * Splendor position where two heuristic players took a token and gave it back
 * forever, the game-length rule G-1 (docs/rules-notes.md) that ends any bots'
 * game and how it scores, the rollout cap of ISMCTS, and seeded random and
 * heuristic games that all end before the cap.
 *
 * GG_LENGTH_GAMES=N sets the number of seeded games (default 600, quick under
 * the sanitizers; the 10,000 are run on the optimised build:
 * `make VARIANT=rel build/rel/tests/test_bots_length` then
 * `GG_LENGTH_GAMES=10000 build/rel/tests/test_bots_length`). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bots/bot.h"
#include "core/game.h"
#include "splendor/splendor.h"

/* ------------------------------------------------ the looping position */

static int affordable(const spl_player *p, int id)
{
    int missing = 0;
    for (int k = 0; k < SPL_COLOURS; k++) {
        int need = spl_cards[id].cost[k] - p->bonus[k] - p->tokens[k];
        if (need > 0) missing += need;
    }
    return missing <= p->tokens[SPL_GOLD];
}

static int pop_deck(spl_state *st, int tier)
{
    assert_true(st->deck_n[tier] > 0);
    int id = st->deck[tier][--st->deck_n[tier]];
    st->deck[tier][st->deck_n[tier]] = 0; /* unused places stay zero */
    return id;
}

/* Removes the first card of tier t's deck for which keep(id) holds; SPL_NONE
 * when there is none. */
static int take_from_deck(spl_state *st, int t, int (*keep)(const spl_state *, int))
{
    for (int i = 0; i < st->deck_n[t]; i++) {
        int id = st->deck[t][i];
        if (!keep(st, id)) continue;
        memmove(&st->deck[t][i], &st->deck[t][i + 1], (size_t)(st->deck_n[t] - i - 1));
        st->deck[t][--st->deck_n[t]] = 0;
        return id;
    }
    return SPL_NONE;
}

static int nobody_affords(const spl_state *st, int id)
{
    return !affordable(&st->pl[0], id) && !affordable(&st->pl[1], id);
}

/* The position of issue 27, point 1: two players, each at 10 tokens with 3
 * reserved cards, one coloured token (green) left in the supply, and no card
 * anyone can buy. The only legal action is to take that token, which makes
 * 11: one must go back (S-4.1). */
static gg_state *looping_position(uint64_t seed)
{
    gg_options o;
    gg_options_init(&o, &gg_splendor_game, 2);
    gg_error err;
    gg_state *s = gg_new(&gg_splendor_game, &o, seed, &err);
    assert_non_null(s);
    spl_state *st = (spl_state *)s;
    /* 2 players: 4 tokens a colour, 5 gold (S-1.3) */
    static const uint8_t t0[8] = {4, 4, 2, 0, 0, 0}, t1[8] = {0, 0, 1, 4, 4, 1};
    memcpy(st->pl[0].tokens, t0, 8);
    memcpy(st->pl[1].tokens, t1, 8);
    static const uint8_t supply[8] = {0, 0, 1, 0, 0, 4};
    memcpy(st->supply, supply, 8);
    for (int q = 0; q < 2; q++) {
        spl_player *p = &st->pl[q];
        spl_player_derive(p);
        for (int i = 0; i < SPL_HAND; i++) p->reserved[i] = (uint8_t)pop_deck(st, 2);
        p->nreserved = SPL_HAND;
        p->hidden = 7; /* from the top of the tier-3 deck (S-6.2) */
    }
    for (int t = 0; t < SPL_TIERS; t++)
        for (int k = 0; k < SPL_SLOTS; k++) {
            int id = st->board[t][k];
            if (nobody_affords(st, id)) continue;
            int other = take_from_deck(st, t, nobody_affords);
            assert_int_not_equal(other, SPL_NONE);
            st->deck[t][st->deck_n[t]++] = (uint8_t)id; /* to the top of the deck */
            st->board[t][k] = (uint8_t)other;
        }
    spl_board_derive(st);
    for (int q = 0; q < 2; q++)
        for (int i = 0; i < SPL_HAND; i++) assert_false(affordable(&st->pl[q], st->pl[q].reserved[i]));
    /* a consistent position: the loader (which checks every card and token
     * is somewhere once, S-1) takes it back byte for byte */
    char *json = gg_state_json(s);
    gg_state *back = gg_state_load(json, &err);
    if (!back) fail_msg("the looping position does not load: %s", err.msg);
    assert_true(gg_state_equal(s, back));
    gg_free(back);
    free(json);
    return s;
}

static void test_the_looping_position_is_the_trap(void **unused)
{
    (void)unused;
    gg_state *s = looping_position(27);
    gg_action list[GG_MAX_ACTIONS];
    for (int seat = 0; seat < 2; seat++) {
        /* whoever is to move: only "take the green token" */
        ((spl_state *)s)->turn = (uint8_t)seat;
        int n = gg_legal(s, seat, list);
        assert_int_equal(n, 1);
        assert_int_equal(SPL_KIND(list[0]), SPL_A_TAKE3);
        assert_int_equal(SPL_PAYLOAD(list[0]), 1u << 2);
    }
    gg_free(s);
}

/* The heuristic gives back another token than the one it has just taken
 * (the old one gave the green token back: take K / return K forever). */
static void test_heuristic_never_gives_back_what_it_took(void **unused)
{
    (void)unused;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        gg_state *s = looping_position(seed);
        gg_error err;
        gg_bot *bot = gg_bot_new("heuristic", seed, &err);
        gg_action take, give;
        assert_int_equal(gg_bot_choose(bot, s, 0, &take, &err), GG_OK);
        assert_int_equal(gg_apply(s, 0, take, &err), GG_OK);
        assert_true(gg_is_actor(s, 0)); /* 11 tokens: return one */
        assert_int_equal(gg_bot_choose(bot, s, 0, &give, &err), GG_OK);
        assert_int_equal(SPL_KIND(give), SPL_A_RETURN);
        assert_int_equal(SPL_PAYLOAD(give) >> (2 * 2) & 3, 0); /* no green back */
        assert_int_equal(gg_apply(s, 0, give, &err), GG_OK);
        gg_bot_free(bot);
        gg_free(s);
    }
}

/* Heuristic against heuristic from the looping position: no turn is ever a
 * no-op, and the game ends — by its own rules or by rule G-1 — within the
 * limit; a person's game is never ended by the engine itself. */
static void test_the_looping_position_ends(void **unused)
{
    (void)unused;
    int adjudicated = 0, natural = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        gg_state *s = looping_position(seed);
        gg_error err;
        gg_bot *bots[2] = {gg_bot_new("heuristic", 1, &err), gg_bot_new("heuristic", 2, &err)};
        long limit = gg_length_limit(s->game, 2), decisions = 0;
        gg_state *turn_start = gg_clone(s);
        while (!gg_is_over(s) && !gg_length_reached(s, decisions)) {
            int seats[GG_MAX_SEATS];
            int k = gg_actors(s, seats);
            assert_int_equal(k, 1);
            gg_action a;
            assert_int_equal(gg_bot_choose(bots[seats[0]], s, seats[0], &a, &err), GG_OK);
            assert_int_equal(gg_apply(s, seats[0], a, &err), GG_OK);
            decisions++;
            const spl_state *st = (const spl_state *)s;
            if (st->phase == SPL_MAIN) {
                /* a whole turn is over: the position moved on (whose turn it
                 * is aside) */
                spl_state *before = (spl_state *)turn_start;
                before->turn = st->turn;
                assert_false(gg_state_equal(turn_start, s));
                gg_copy(turn_start, s);
            }
        }
        assert_true(decisions <= limit);
        gg_result r;
        gg_result_adjudicate(s, &r);
        assert_true(r.over);
        assert_int_equal(r.adjudicated, !gg_is_over(s));
        if (r.adjudicated) {
            adjudicated++;
            /* nothing in the engine applies G-1: play could go on */
            assert_false(gg_is_over(s));
            gg_action list[GG_MAX_ACTIONS];
            int seats[GG_MAX_SEATS];
            assert_true(gg_actors(s, seats) > 0);
            assert_true(gg_legal(s, seats[0], list) > 0);
            assert_int_equal(gg_apply(s, seats[0], list[0], &err), GG_OK);
        } else {
            natural++;
        }
        gg_free(turn_start);
        gg_bot_free(bots[0]), gg_bot_free(bots[1]);
        gg_free(s);
    }
    print_message("looping position, 10 deals: %d ended by the rules, %d by rule G-1\n", natural,
                  adjudicated);
}

/* ISMCTS with heuristic rollouts and no depth: before the cap one decision
 * in this position searched for minutes (each rollout looped). Now every
 * rollout stops at the game-length limit. */
static void test_ismcts_heuristic_rollouts_end(void **unused)
{
    (void)unused;
    gg_state *s = looping_position(3);
    gg_error err;
    gg_action a;
    /* a position with one legal action is answered without search: give the
     * bot the return decision instead (several choices) */
    gg_action list[GG_MAX_ACTIONS];
    assert_int_equal(gg_legal(s, 0, list), 1);
    assert_int_equal(gg_apply(s, 0, list[0], &err), GG_OK);
    /* the last: the game's default rollout (Splendor: light) */
    const char *specs[] = {"ismcts:iters=30:rollout=heuristic", "ismcts:iters=30:rollout=random",
                           "ismcts:iters=30"};
    for (int i = 0; i < 3; i++) {
        gg_bot *bot = gg_bot_new(specs[i], 5, &err);
        assert_non_null(bot);
        assert_int_equal(gg_bot_choose(bot, s, 0, &a, &err), GG_OK);
        long capped = gg_ismcts_last_capped(bot);
        assert_true(capped >= 0 && capped <= gg_ismcts_last_iterations(bot));
        print_message("%s: %ld of %ld rollouts reached the cap\n", specs[i], capped,
                      gg_ismcts_last_iterations(bot));
        gg_bot_free(bot);
    }
    gg_free(s);
}

/* ------------------------------------------- a game that never ends */

/* Two seats take turns forever: "1" scores a point, "0" does nothing. Only
 * the game-length rule and the rollout cap can end its games. */
typedef struct endless_state {
    gg_state base;
    int32_t turn;
    int32_t points[2];
} endless_state;

static gg_status endless_init(gg_state *s, gg_error *err)
{
    (void)s, (void)err;
    return GG_OK;
}
static int endless_actors(const gg_state *s, int seats[GG_MAX_SEATS])
{
    seats[0] = ((const endless_state *)s)->turn;
    return 1;
}
static int endless_legal(const gg_state *s, int seat, gg_action *out)
{
    if (seat != ((const endless_state *)s)->turn) return 0;
    out[0] = 0, out[1] = 1;
    return 2;
}
static void endless_apply(gg_state *s, int seat, gg_action a)
{
    endless_state *e = (endless_state *)s;
    e->points[seat] += (int32_t)a;
    e->turn = 1 - seat;
}
static int endless_over(const gg_state *s)
{
    (void)s;
    return 0;
}
static void endless_result(const gg_state *s, gg_result *r)
{
    const endless_state *e = (const endless_state *)s;
    r->over = 0;
    for (int p = 0; p < 2; p++) r->score[p] = e->points[p], r->rank[p] = 1;
    r->winners = 2;
}
static int endless_format(const gg_state *s, int seat, gg_action a, char *buf, size_t n)
{
    (void)s, (void)seat;
    return snprintf(buf, n, "%u", a);
}
static void endless_determinize(gg_state *s, int seat, gg_rng *rng)
{
    (void)s, (void)seat, (void)rng; /* nothing hidden */
}
static const gg_game endless_game = {
    .name = "endless", .title = "Endless", .min_players = 2, .max_players = 2,
    .state_size = sizeof(endless_state), .init = endless_init, .actors = endless_actors,
    .legal = endless_legal, .legal_checks_seat = 1, .apply = endless_apply,
    .is_over = endless_over, .result = endless_result, .format = endless_format,
    .determinize = endless_determinize,
};

/* ISMCTS on a game that never ends: every rollout stops at the cap (and is
 * scored as the game-length rule scores: the points so far); a bots' game is
 * ended by rule G-1 after exactly gg_length_limit decisions. */
static void test_rollouts_and_games_stop_at_the_cap(void **unused)
{
    (void)unused;
    gg_options o;
    gg_options_init(&o, &endless_game, 2);
    gg_error err;
    gg_state *s = gg_new(&endless_game, &o, 1, &err);
    assert_non_null(s);
    gg_bot *bots[2] = {gg_bot_new("ismcts:iters=40", 1, &err), gg_bot_new("random", 2, &err)};
    long decisions = 0;
    while (!gg_is_over(s) && !gg_length_reached(s, decisions)) {
        int seat = ((endless_state *)s)->turn;
        gg_action a;
        assert_int_equal(gg_bot_choose(bots[seat], s, seat, &a, &err), GG_OK);
        if (seat == 0 && decisions < 4) /* every rollout of the search was cut by the cap */
            assert_int_equal(gg_ismcts_last_capped(bots[0]), 40);
        assert_int_equal(gg_apply(s, seat, a, &err), GG_OK);
        decisions++;
    }
    assert_int_equal(decisions, gg_length_limit(&endless_game, 2));
    gg_result r;
    gg_result_adjudicate(s, &r);
    assert_true(r.over && r.adjudicated);
    /* scored as it stands: the points so far (this game has no ai) */
    const endless_state *e = (const endless_state *)s;
    for (int p = 0; p < 2; p++) assert_int_equal(r.score[p], e->points[p]);
    assert_int_equal(r.rank[0], 1 + (r.score[1] > r.score[0]));
    assert_int_equal(r.rank[1], 1 + (r.score[0] > r.score[1]));
    assert_int_equal(r.winners, r.score[0] == r.score[1] ? 2 : 1);
    gg_bot_free(bots[0]), gg_bot_free(bots[1]);
    gg_free(s);
}

/* ---------------------------------------------------- G-1's scoring */

static int has_points(const spl_state *st, int id, int points)
{
    (void)st;
    return spl_cards[id].points == points;
}
static int one_point(const spl_state *st, int id) { return has_points(st, id, 1); }
static int two_points(const spl_state *st, int id) { return has_points(st, id, 2); }

/* S-5.2: equal points, fewer purchased cards wins; G-1 ranks the same way. */
static void test_adjudicated_splendor_is_scored_by_s5(void **unused)
{
    (void)unused;
    gg_options o;
    gg_options_init(&o, &gg_splendor_game, 2);
    gg_error err;
    gg_state *s = gg_new(&gg_splendor_game, &o, 5, &err);
    spl_state *st = (spl_state *)s;
    int a = take_from_deck(st, 0, one_point), b = take_from_deck(st, 0, one_point);
    int c = take_from_deck(st, 1, two_points);
    assert_true(a != SPL_NONE && b != SPL_NONE && c != SPL_NONE);
    st->pl[0].bought[a / 64] |= 1ull << (a % 64);
    st->pl[0].bought[b / 64] |= 1ull << (b % 64);
    st->pl[1].bought[c / 64] |= 1ull << (c % 64);
    spl_player_derive(&st->pl[0]);
    spl_player_derive(&st->pl[1]);
    gg_result r;
    gg_result_get(s, &r);
    assert_false(r.over);
    assert_int_equal(r.adjudicated, 0);
    gg_result_adjudicate(s, &r);
    assert_true(r.over && r.adjudicated);
    assert_int_equal(r.score[0], 2);
    assert_int_equal(r.score[1], 2);
    assert_int_equal(r.rank[1], 1);
    assert_int_equal(r.rank[0], 2);
    assert_int_equal(r.winners, 1);
    gg_free(s);
}

/* Every game: a finished game's result is returned as is; an unfinished one
 * is over, adjudicated, and ranked consistently with its scores. */
static void test_adjudicate_every_game(void **unused)
{
    (void)unused;
    for (int g = 0; g < gg_game_count(); g++) {
        const gg_game *game = gg_game_at(g);
        for (int players = gg_game_min_players(game); players <= gg_game_max_players(game);
             players++) {
            gg_options o;
            gg_options_init(&o, game, players);
            gg_error err;
            gg_state *s = gg_new(game, &o, 40 + (uint64_t)players, &err);
            gg_rng rng;
            gg_rng_seed(&rng, 9);
            gg_action list[GG_MAX_ACTIONS];
            for (int step = 0; !gg_is_over(s); step++) {
                if (step == 60) {
                    gg_result r;
                    gg_result_adjudicate(s, &r);
                    assert_true(r.over && r.adjudicated);
                    assert_int_equal(r.players, players);
                    int winners = 0;
                    for (int p = 0; p < players; p++) {
                        winners += r.rank[p] == 1;
                        for (int q = 0; q < players; q++)
                            if (r.score[p] > r.score[q]) assert_true(r.rank[p] < r.rank[q]);
                    }
                    assert_int_equal(winners, r.winners);
                }
                int seats[GG_MAX_SEATS];
                int k = gg_actors(s, seats);
                for (int i = 0; i < k; i++) {
                    int n = gg_legal(s, seats[i], list);
                    gg_apply_trusted(s, seats[i], list[gg_rng_below(&rng, (uint32_t)n)]);
                }
            }
            gg_result a, b;
            gg_result_get(s, &a);
            gg_result_adjudicate(s, &b);
            assert_memory_equal(&a, &b, sizeof a);
            assert_int_equal(b.adjudicated, 0);
            gg_free(s);
        }
    }
}

/* ------------------------------------------------ seeded bots' games */

/* Game i of the seeded set: which game, how many seats, which bots. */
static long play_seeded(long i, int *over, const gg_game **game_out, int *players_out)
{
    const gg_game *game = gg_game_find(i % 10 < 7 ? "splendor" : "ys");
    int lo = gg_game_min_players(game), hi = gg_game_max_players(game);
    int players = lo + (int)(i / 10 % (hi - lo + 1));
    gg_rng pick;
    gg_rng_seed(&pick, 0xC0FFEEull + (uint64_t)i);
    gg_error err;
    gg_bot *bots[GG_MAX_SEATS];
    int heuristic = 0;
    for (int p = 0; p < players; p++) {
        /* every seat random or heuristic; Ys heuristic games are slow under
         * the sanitizers, so at most one Ys heuristic seat */
        int h = (int)gg_rng_below(&pick, 2) && (game == &gg_splendor_game || !heuristic);
        heuristic += h;
        /* and one Splendor game in 50 has an ISMCTS seat (heuristic rollouts) */
        const char *spec = h ? "heuristic" : "random";
        if (p == 0 && i % 50 == 0 && game == &gg_splendor_game)
            spec = "ismcts:iters=30:rollout=heuristic";
        bots[p] = gg_bot_new(spec, (uint64_t)i * 7 + (uint64_t)p, &err);
    }
    gg_options o;
    gg_options_init(&o, game, players);
    gg_state *s = gg_new(game, &o, 1000003ull * (uint64_t)(i + 1), &err);
    long decisions = 0;
    while (!gg_is_over(s) && !gg_length_reached(s, decisions)) {
        int seats[GG_MAX_SEATS];
        int k = gg_actors(s, seats);
        for (int j = 0; j < k; j++) {
            gg_action a;
            assert_int_equal(gg_bot_choose(bots[seats[j]], s, seats[j], &a, &err), GG_OK);
            gg_apply_trusted(s, seats[j], a);
            decisions++;
        }
    }
    *over = gg_is_over(s);
    *game_out = game;
    *players_out = players;
    for (int p = 0; p < players; p++) gg_bot_free(bots[p]);
    gg_free(s);
    return decisions;
}

static void test_seeded_bots_games_end_before_the_cap(void **unused)
{
    (void)unused;
    const char *env = getenv("GG_LENGTH_GAMES");
    long games = env ? atol(env) : 600;
    long longest[2][GG_MAX_SEATS + 1] = {{0}};
    for (long i = 0; i < games; i++) {
        int over, players;
        const gg_game *game;
        long d = play_seeded(i, &over, &game, &players);
        if (!over)
            fail_msg("game %ld (%s, %d players) reached the cap of %ld decisions", i,
                     gg_game_name(game), players, gg_length_limit(game, players));
        int g = game == &gg_splendor_game;
        if (d > longest[g][players]) longest[g][players] = d;
    }
    for (int g = 0; g < 2; g++)
        for (int p = 2; p <= GG_MAX_SEATS; p++)
            if (longest[g][p])
                print_message("%s %dp: longest of the seeded games %ld decisions (cap %ld)\n",
                              g ? "splendor" : "ys", p, longest[g][p],
                              (long)GG_LENGTH_PER_SEAT * p);
    print_message("%ld seeded random/heuristic games (1 Splendor game in 50 with an ISMCTS seat), "
                  "every one ended by its rules\n", games);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_looping_position_is_the_trap),
        cmocka_unit_test(test_heuristic_never_gives_back_what_it_took),
        cmocka_unit_test(test_the_looping_position_ends),
        cmocka_unit_test(test_ismcts_heuristic_rollouts_end),
        cmocka_unit_test(test_rollouts_and_games_stop_at_the_cap),
        cmocka_unit_test(test_adjudicated_splendor_is_scored_by_s5),
        cmocka_unit_test(test_adjudicate_every_game),
        cmocka_unit_test(test_seeded_bots_games_end_before_the_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
