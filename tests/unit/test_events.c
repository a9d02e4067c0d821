/* test_events.c — the event stream's contract (include/gemgames.h, "events";
 * docs/formats.md, "Events"): every kind a game declares has a sentence in
 * the English catalogue and a line in docs/formats.md; a secret field reaches
 * only the seats that may know it (a Splendor card reserved from a deck);
 * a refused action records nothing; the end of a game is told with its
 * winner; words for an event nobody catalogued, or for garbage, are never
 * empty and never crash. */
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

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

static void test_every_kind_has_words_and_docs(void **unused)
{
    (void)unused;
    cJSON *cat = cJSON_Parse(gg_catalogue_json("en"));
    assert_non_null(cat);
    const char *docs = read_text("docs/formats.md");
    assert_non_null(docs);
    for (int g = 0; g < gg_game_count(); g++) {
        const gg_game *game = gg_game_at(g);
        assert_true(gg_game_event_kind_count(game) > 2);
        for (int i = 0; i < gg_game_event_kind_count(game); i++) {
            const gg_event_kind *k = gg_game_event_kind(game, i);
            int found = cJSON_GetObjectItemCaseSensitive(cat, k->kind) != NULL;
            const cJSON *e;
            size_t len = strlen(k->kind);
            cJSON_ArrayForEach(e, cat) /* or only variants: "ys.zone.trade" */
                found |= strncmp(e->string, k->kind, len) == 0 && e->string[len] == '.';
            if (!found) fail_msg("no sentence for %s in data/i18n/en.json", k->kind);
            char quoted[80];
            snprintf(quoted, sizeof quoted, "`%s`", k->kind);
            if (!strstr(docs, quoted)) fail_msg("%s is not documented in docs/formats.md", k->kind);
        }
        assert_null(gg_game_event_kind(game, gg_game_event_kind_count(game)));
    }
    cJSON_Delete(cat);
}

static gg_state *splendor_2p(uint64_t seed)
{
    gg_options o;
    const gg_game *g = gg_game_find("splendor");
    gg_options_init(&o, g, 2);
    gg_error err;
    gg_state *s = gg_new(g, &o, seed, &err);
    assert_non_null(s);
    return s;
}

/* S-6.2: a card reserved from a deck is seen by its owner only. */
static void test_secret_field_for_its_seat_only(void **unused)
{
    (void)unused;
    gg_state *s = splendor_2p(5);
    gg_events *ev = gg_events_new();
    gg_error err;
    gg_action a;
    assert_int_equal(gg_action_parse(s, 0, "reserve deck 2", &a, &err), GG_OK);
    assert_int_equal(gg_apply_events(s, 0, a, ev, &err), GG_OK);
    assert_int_equal(gg_events_count(ev), 1);
    const int viewers[4] = {0, 1, GG_SPECTATOR, GG_EVERYONE};
    const int sees[4] = {1, 0, 0, 1};
    for (int v = 0; v < 4; v++) {
        char *json = gg_event_json(ev, 0, viewers[v]);
        cJSON *e = cJSON_Parse(json);
        assert_string_equal(cJSON_GetObjectItem(e, "kind")->valuestring, "splendor.reserve");
        assert_int_equal(cJSON_GetObjectItem(e, "card") != NULL, sees[v]);
        assert_int_equal(cJSON_IsTrue(cJSON_GetObjectItem(e, "masked")), !sees[v]);
        assert_null(cJSON_GetObjectItem(e, "_see")); /* the bookkeeping never leaves */
        assert_null(cJSON_GetObjectItem(e, "_secret"));
        char *text = gg_event_text(json, "en");
        assert_non_null(strstr(text, sees[v] ? "tier 2 deck, the " : "tier 2 deck, face down"));
        free(text);
        cJSON_Delete(e);
        free(json);
    }
    assert_null(gg_event_json(ev, 1, 0));
    assert_null(gg_event_json(ev, -1, 0));
    gg_events_free(ev);
    gg_free(s);
}

/* A clone keeps the events and who may see their secret fields, and is
 * independent of the original from then on. */
static void test_clone_keeps_secrets_and_is_independent(void **unused)
{
    (void)unused;
    gg_state *s = splendor_2p(5);
    gg_events *ev = gg_events_new();
    gg_error err;
    gg_action a;
    assert_int_equal(gg_action_parse(s, 0, "reserve deck 2", &a, &err), GG_OK);
    assert_int_equal(gg_apply_events(s, 0, a, ev, &err), GG_OK);
    gg_events *c = gg_events_clone(ev);
    assert_non_null(c);
    assert_int_equal(gg_events_count(c), gg_events_count(ev));
    const int viewers[4] = {0, 1, GG_SPECTATOR, GG_EVERYONE};
    for (int v = 0; v < 4; v++) {
        char *x = gg_events_json(ev, 0, viewers[v]), *y = gg_events_json(c, 0, viewers[v]);
        assert_string_equal(x, y);
        free(x), free(y);
    }
    assert_int_equal(gg_action_parse(s, 1, "take W B G", &a, &err), GG_OK);
    assert_int_equal(gg_apply_events(s, 1, a, c, &err), GG_OK);
    assert_true(gg_events_count(c) > gg_events_count(ev)); /* the take, and the round's end */
    assert_int_equal(gg_events_count(ev), 1);
    gg_events_free(ev); /* the clone owns its own copy */
    char *json = gg_event_json(c, 0, 1);
    assert_null(strstr(json, "\"card\""));
    free(json);
    gg_events_free(c);
    gg_free(s);
}

static void test_refused_action_records_nothing(void **unused)
{
    (void)unused;
    gg_state *s = splendor_2p(6);
    gg_events *ev = gg_events_new();
    gg_error err;
    gg_action a;
    assert_int_equal(gg_action_parse(s, 0, "take W B G", &a, &err), GG_OK);
    assert_int_equal(gg_apply_events(s, 1, a, ev, &err), GG_ESEAT); /* not seat 1's turn */
    assert_int_equal(gg_events_count(ev), 0);
    assert_int_equal(gg_apply_events(s, 0, a, ev, &err), GG_OK);
    assert_int_equal(gg_events_count(ev), 1);
    gg_events_truncate(ev, 0);
    assert_int_equal(gg_events_count(ev), 0);
    char *all = gg_events_json(ev, 0, 0);
    assert_string_equal(all, "[]");
    free(all);
    gg_events_free(ev);
    gg_free(s);
}

/* A whole random game: "game.over" last, naming gg_result's winners. */
static void test_game_over_names_the_winner(void **unused)
{
    (void)unused;
    gg_state *s = splendor_2p(7);
    gg_events *ev = gg_events_new();
    gg_rng r;
    gg_rng_seed(&r, 7);
    gg_action legal[GG_MAX_ACTIONS];
    gg_error err;
    while (!gg_is_over(s)) {
        int seats[GG_MAX_SEATS];
        gg_actors(s, seats);
        int n = gg_legal(s, seats[0], legal);
        assert_int_equal(gg_apply_events(s, seats[0], legal[gg_rng_below(&r, (uint32_t)n)], ev, &err), GG_OK);
    }
    char *json = gg_event_json(ev, gg_events_count(ev) - 1, 0);
    cJSON *e = cJSON_Parse(json);
    assert_string_equal(cJSON_GetObjectItem(e, "kind")->valuestring, "game.over");
    gg_result res;
    gg_result_get(s, &res);
    const cJSON *w = cJSON_GetArrayItem(cJSON_GetObjectItem(e, "winners"), 0);
    assert_int_equal(res.rank[w->valueint], 1);
    char *text = gg_event_text(json, NULL);
    char want[32];
    snprintf(want, sizeof want, "Seat %d win", w->valueint + 1); /* seats in words count from 1 */
    assert_non_null(strstr(text, want));
    free(text);
    cJSON_Delete(e);
    free(json);
    gg_events_free(ev);
    gg_free(s);
}

/* The set-up as events (gg_events_setup): Ys tells the first round's ships,
 * market and palace cards; Splendor the nobles and the twelve face-up cards,
 * exactly the ones the view shows. */
static void test_setup_events_tell_what_was_dealt(void **unused)
{
    (void)unused;
    gg_error err = {0};
    gg_options o;
    gg_options_init(&o, gg_game_find("ys"), 4);
    gg_state *s = gg_new(gg_game_find("ys"), &o, 11, &err);
    assert_non_null(s);
    gg_events *ev = gg_events_new();
    gg_events_setup(s, ev);
    assert_int_equal(gg_events_count(ev), 1);
    char *json = gg_event_json(ev, 0, 0);
    cJSON *e = cJSON_Parse(json);
    assert_string_equal(cJSON_GetObjectItem(e, "kind")->valuestring, "ys.round");
    assert_int_equal(cJSON_GetObjectItem(e, "round")->valueint, 1);
    char *text = gg_event_text(json, NULL);
    assert_non_null(strstr(text, "Round 1 begins. Ships: district 1 "));
    assert_null(strchr(text, '{'));
    free(text);
    cJSON_Delete(e);
    free(json);
    gg_events_free(ev);
    gg_free(s);

    s = splendor_2p(12);
    ev = gg_events_new();
    gg_events_setup(s, ev);
    assert_int_equal(gg_events_count(ev), 1);
    json = gg_event_json(ev, 0, 1);
    e = cJSON_Parse(json);
    assert_string_equal(cJSON_GetObjectItem(e, "kind")->valuestring, "splendor.setup");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(e, "nobles")), 3); /* 2 players + 1 (S-1.4) */
    char *view = gg_view_json(s, 1);
    cJSON *v = cJSON_Parse(view);
    const cJSON *tier, *vt;
    int cards = 0;
    cJSON_ArrayForEach(tier, cJSON_GetObjectItem(e, "tiers"))
    {
        const cJSON *c;
        int k = 0;
        cJSON_ArrayForEach(vt, cJSON_GetObjectItem(v, "tiers"))
        if (cJSON_GetObjectItem(vt, "tier")->valueint == cJSON_GetObjectItem(tier, "tier")->valueint)
            cJSON_ArrayForEach(c, cJSON_GetObjectItem(tier, "cards"))
            {
                const cJSON *shown = cJSON_GetArrayItem(cJSON_GetObjectItem(vt, "cards"), k++);
                assert_int_equal(cJSON_GetObjectItem(c, "points")->valueint, cJSON_GetObjectItem(shown, "points")->valueint);
                assert_string_equal(cJSON_GetObjectItem(c, "colour")->valuestring, cJSON_GetObjectItem(shown, "bonus")->valuestring);
                cards++;
            }
    }
    assert_int_equal(cards, 12);
    text = gg_event_text(json, NULL);
    assert_non_null(strstr(text, "The table is laid out — nobles: 3 points for "));
    assert_non_null(strstr(text, "face up: tier 3: the "));
    assert_null(strchr(text, '{'));
    free(text);
    cJSON_Delete(v);
    free(view);
    cJSON_Delete(e);
    free(json);
    gg_events_free(ev);
    gg_free(s);
}

static void test_words_for_anything(void **unused)
{
    (void)unused;
    const char *odd[] = {NULL, "", "[", "42", "{}", "{\"kind\":7}", "{\"kind\":\"chess.castle\",\"seat\":1}",
                         "{\"kind\":\"ys.zone\",\"variant\":\"trade\"}",
                         "{\"kind\":\"ys.zone\",\"variant\":\"trade\",\"standings\":{\"a\":[1,{}]},\"winner\":\"x\"}",
                         "{\"kind\":\"ys.bids\",\"bids\":[[[[[[[[[[[[1]]]]]]]]]]]]}"};
    for (size_t i = 0; i < sizeof odd / sizeof *odd; i++) {
        char *t = gg_event_text(odd[i], "xx");
        assert_non_null(t);
        assert_true(strlen(t) > 0);
        free(t);
    }
    char *t = gg_event_text("{\"kind\":\"chess.castle\",\"seat\":1}", "en");
    assert_non_null(strstr(t, "chess.castle")); /* uncatalogued: says what it is */
    free(t);
    assert_null(gg_catalogue_json("zz")); /* "xx" is the pseudo-locale (docs/i18n.md) */
    assert_non_null(gg_catalogue_json(NULL));
}


/* The engine's English decision line with seats counted from 1, lower case,
 * "start_of_placement" as words: what the English prompt must say. */
static void plain_decision(const char *in, char *out, size_t n)
{
    size_t o = 0;
    for (const char *p = in; *p && o + 8 < n;) {
        if (!strncmp(p, "seat ", 5) && p[5] >= '0' && p[5] <= '9') {
            char *end;
            long v = strtol(p + 5, &end, 10);
            o += (size_t)snprintf(out + o, n - o, "seat %ld", v + 1);
            p = end;
        } else {
            char c = *p++;
            out[o++] = c == '_' ? ' ' : (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        }
    }
    out[o] = 0;
}

/* Issue 23: every view carries its decision as a catalogue id and fields
 * ("prompt"); in English it says what the engine's "decision" says, and every
 * language has a sentence for it (no template left unfilled, none missing). */
static void check_prompts(const char *game_name, int players, const char *const *opts, uint64_t seed, int *kinds)
{
    static const char *const langs[] = {"en", "pl", "hu", "cs", "fr", "xx"};
    const gg_game *g = gg_game_find(game_name);
    gg_options o;
    gg_error err;
    gg_options_init(&o, g, players);
    for (int i = 0; opts[i]; i++) assert_int_equal(gg_options_set_kv(&o, g, opts[i], &err), GG_OK);
    gg_state *s = gg_new(g, &o, seed, &err);
    assert_non_null(s);
    gg_rng rng;
    gg_rng_seed(&rng, seed);
    for (int step = 0;; step++) {
        for (int v = -1; v < players; v++) {
            char *json = gg_view_json(s, v);
            cJSON *view = cJSON_Parse(json);
            const cJSON *d = cJSON_GetObjectItemCaseSensitive(view, "decision");
            const cJSON *p = cJSON_GetObjectItemCaseSensitive(view, "prompt");
            assert_true(cJSON_IsString(d) && cJSON_IsObject(p));
            char *pj = cJSON_PrintUnformatted(p);
            for (size_t l = 0; l < sizeof langs / sizeof *langs; l++) {
                if (l == 5 && !gg_catalogue_json("xx")) continue;
                char *text = gg_event_text(pj, langs[l]);
                if (text[0] == '{' || strchr(text, '{') || strstr(text, "?"))
                    fail_msg("%s: no sentence for %s: %s", langs[l], pj, text);
                if (l == 0) {
                    char want[512], got[512];
                    plain_decision(d->valuestring, want, sizeof want);
                    plain_decision(text, got, sizeof got);
                    if (strcmp(want, got)) fail_msg("prompt %s says \"%s\", the decision \"%s\"", pj, text, d->valuestring);
                }
                free(text);
            }
            (*kinds)++;
            free(pj);
            cJSON_Delete(view);
            free(json);
        }
        if (gg_is_over(s)) break;
        int seats[GG_MAX_SEATS];
        assert_true(gg_actors(s, seats) > 0);
        gg_action a;
        assert_true(gg_legal_random(s, seats[0], &rng, &a) > 0);
        assert_int_equal(gg_apply(s, seats[0], a, &err), GG_OK);
    }
    gg_free(s);
}

static void test_decision_prompt_in_every_language(void **unused)
{
    (void)unused;
    const char *const none[] = {NULL};
    const char *const plus[] = {"ysplus=on", "events=on", NULL};
    const char *const kf[] = {"kings_favour=on", NULL};
    int views = 0;
    check_prompts("splendor", 2, none, 3, &views);
    check_prompts("splendor", 4, none, 4, &views);
    check_prompts("ys", 2, plus, 5, &views);
    check_prompts("ys", 4, plus, 6, &views);
    check_prompts("ys", 5, none, 7, &views);
    check_prompts("ys", 3, kf, 8, &views);
    assert_true(views > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kind_has_words_and_docs),
        cmocka_unit_test(test_setup_events_tell_what_was_dealt),
        cmocka_unit_test(test_secret_field_for_its_seat_only),
        cmocka_unit_test(test_clone_keeps_secrets_and_is_independent),
        cmocka_unit_test(test_refused_action_records_nothing),
        cmocka_unit_test(test_game_over_names_the_winner),
        cmocka_unit_test(test_words_for_anything),
        cmocka_unit_test(test_decision_prompt_in_every_language),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
