/* sim.c — the random-simulation harness (see sim.h). */
#include "sim.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "core/ai.h"   /* gg_ai.determinize_belief */
#include "core/game.h" /* gg_events_items */

typedef struct sim_ctx {
    const sim_config *cfg;
    uint64_t seed;
    long step;
    long actions_checked, json_checked;
    int every, offset; /* JSON checks when (step + offset) % every == 0 */
    int events;        /* this game's decisions go through gg_apply_events */
    char *msg;
    size_t n;
} sim_ctx;

static int failf(sim_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int failf(sim_ctx *c, const char *fmt, ...)
{
    char what[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(c->msg, c->n, "%s %dp seed %llu step %ld: %s", c->cfg->game, c->cfg->players,
             (unsigned long long)c->seed, c->step, what);
    return 1;
}

static int check_round_trip(sim_ctx *c, const gg_state *s)
{
    char *json = gg_state_json(s);
    if (!json) return failf(c, "gg_state_json returned NULL");
    gg_error err = {0};
    gg_state *back = gg_state_load(json, &err);
    int bad = 0;
    if (!back) {
        bad = failf(c, "state JSON does not load back: %s\n%s", err.msg, json);
    } else if (!gg_state_equal(back, s)) {
        bad = failf(c, "state JSON loads back to a different state:\n%s", json);
    } /* equal states save to equal text: no need to save `back` again */
    gg_free(back);
    free(json);
    return bad;
}

static int check_actions(sim_ctx *c, const gg_state *s, int seat, const gg_action *legal,
                         int k)
{
    char buf[GG_MAX_NOTATION + 8];
    for (int i = 0; i < k; i++) {
        if (i && legal[i] <= legal[i - 1])
            return failf(c, "legal actions of seat %d not sorted and unique at %d", seat, i);
        int len = gg_action_format(s, seat, legal[i], buf, sizeof buf);
        if (len <= 0 || len >= GG_MAX_NOTATION || (int)strlen(buf) != len)
            return failf(c, "action %u formats badly (length %d)", legal[i], len);
        gg_action back;
        gg_error err = {0};
        if (gg_action_parse(s, seat, buf, &back, &err) != GG_OK)
            return failf(c, "\"%s\" does not parse: %s", buf, err.msg);
        if (back != legal[i])
            return failf(c, "\"%s\" parses to %u, not %u", buf, back, legal[i]);
    }
    c->actions_checked += k;
    return 0;
}

/* One determinization `det` (the game's, or ISMCTS's belief=1 one:
 * gg_ai.determinize_belief) of s for `seat`, whose view is `view`: it keeps
 * the view, its result depends only on that view (determinizing the
 * determinized state with the same random numbers gives the same), and the
 * state it makes passes the game's state check. */
static int check_determinize(sim_ctx *c, const gg_state *s, int seat, const char *view,
                             void (*det)(gg_state *, int, gg_rng *), const char *what,
                             gg_rng *rng)
{
    const sim_hooks *h = c->cfg->hooks;
    gg_state *d = gg_clone(s);
    gg_rng before = *rng;
    det(d, seat, rng);
    char *dview = gg_view_json(d, seat), hm[400] = "";
    int bad = 0;
    if (!dview || strcmp(view, dview) != 0)
        bad = failf(c, "%s changed the view of seat %d:\n%s\n%s", what, seat, view,
                    dview ? dview : "(null)");
    gg_state *e = gg_clone(d);
    gg_rng again = before;
    det(e, seat, &again);
    if (!bad && !gg_state_equal(e, d))
        bad = failf(c, "%s for seat %d depends on the hidden parts it replaces", what, seat);
    gg_free(e);
    if (!bad && h && h->check_state && h->check_state(d, hm, sizeof hm))
        bad = failf(c, "%s for seat %d made a bad state: %s", what, seat, hm);
    free(dview);
    gg_free(d);
    return bad;
}

static int check_views(sim_ctx *c, const gg_state *s, gg_rng *rng)
{
    const sim_hooks *h = c->cfg->hooks;
    int players = gg_players(s);
    for (int seat = GG_SPECTATOR; seat < players; seat++) {
        char *view = gg_view_json(s, seat);
        if (!view) return failf(c, "no view for seat %d", seat);
        char hm[400] = "";
        if (h && h->check_view && h->check_view(s, seat, view, hm, sizeof hm)) {
            failf(c, "view of seat %d: %s", seat, hm);
            free(view);
            return 1;
        }
        int bad = check_determinize(c, s, seat, view, s->game->determinize, "determinize", rng);
        const gg_ai *ai = s->game->ai;
        if (!bad && ai && ai->determinize_belief) {
            gg_rng own = *rng; /* the simulation's own draws stay as they were */
            bad = check_determinize(c, s, seat, view, ai->determinize_belief,
                                    "belief determinize", &own);
        }
        free(view);
        if (bad) return 1;
    }
    return 0;
}

/* The events of `ev` for viewer up to the first event the rules reveal
 * hidden things with (hooks->events_reveal), as JSON text. */
static char *events_until_reveal(const sim_hooks *h, const gg_events *ev, int viewer)
{
    char *all = gg_events_json(ev, 0, viewer);
    cJSON *arr = cJSON_Parse(all), *cut = cJSON_CreateArray();
    free(all);
    cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(e, "kind");
        if (h && h->events_reveal && cJSON_IsString(k) && h->events_reveal(k->valuestring)) break;
        cJSON_AddItemToArray(cut, cJSON_Duplicate(e, 1));
    }
    char *out = cJSON_PrintUnformatted(cut);
    cJSON_Delete(arr);
    cJSON_Delete(cut);
    return out;
}

/* Events of `a` from `from` for viewer v compared with those of `b` from
 * `other`, when both apply and leave v the same view (else nothing to say). */
static int same_events_for(sim_ctx *c, const gg_state *s_after, const gg_events *ev,
                           const gg_state *other, int seat, gg_action b, int v, const char *how)
{
    const sim_hooks *h = c->cfg->hooks;
    gg_state *d = gg_clone(other);
    gg_events *dev = gg_events_new();
    gg_error err = {0};
    int bad = 0;
    if (gg_apply_events(d, seat, b, dev, &err) == GG_OK) {
        char *va = gg_view_json(s_after, v), *vd = gg_view_json(d, v);
        if (strcmp(va, vd) == 0) {
            char *ea = events_until_reveal(h, ev, v), *ed = events_until_reveal(h, dev, v);
            if (strcmp(ea, ed) != 0)
                bad = failf(c, "the events of seat %d's action tell viewer %d what it may not "
                               "know:\n%s\n%s:\n%s", seat, v, ea, how, ed);
            free(ea);
            free(ed);
        }
        free(va);
        free(vd);
    }
    gg_events_free(dev);
    gg_free(d);
    return bad;
}

/* No event tells a viewer what it may not know. For each viewer other than
 * the actor: the same action on a state determinized for the viewer, and
 * (up to 3) other legal actions announced to the viewer in the same words,
 * give it the same events whenever they give it the same view after (up to
 * a reveal by the rules). */
static int check_event_leaks(sim_ctx *c, const gg_state *before, int seat, gg_action a,
                             const gg_state *after, const gg_events *ev, const gg_action *legal,
                             int k, gg_rng *rng)
{
    int bad = 0;
    char said[GG_MAX_NOTATION + 8], other[GG_MAX_NOTATION + 8];
    for (int v = GG_SPECTATOR; v < gg_players(before) && !bad; v++) {
        if (v == seat) continue; /* the actor knows its own decision */
        gg_state *d = gg_clone(before);
        gg_determinize(d, v, rng);
        bad = same_events_for(c, after, ev, d, seat, a, v, "from a determinization");
        gg_free(d);
        gg_action_announce(before, seat, a, v, said, sizeof said);
        for (int i = 0, tried = 0; i < k && tried < 3 && !bad; i++) {
            if (legal[i] == a) continue;
            gg_action_announce(before, seat, legal[i], v, other, sizeof other);
            if (strcmp(said, other) != 0) continue;
            tried++;
            bad = same_events_for(c, after, ev, before, seat, legal[i], v,
                                  "from another action announced alike");
        }
    }
    return bad;
}

/* The action through gg_apply_events; the events reconciled with the state
 * change (hooks->check_events) and, when `leaks`, checked for leaks. */
static int apply_with_events(sim_ctx *c, gg_state *s, int seat, gg_action a, int leaks,
                             const gg_action *legal, int k, gg_rng *rng)
{
    const sim_hooks *h = c->cfg->hooks;
    gg_state *before = gg_clone(s);
    gg_events *ev = gg_events_new();
    gg_error err = {0};
    int bad = 0;
    if (gg_apply_events(s, seat, a, ev, &err) != GG_OK) {
        bad = failf(c, "gg_apply_events refuses legal action %u: %s", a, err.msg);
    } else if (h && h->check_event_list && !leaks) {
        char hm[600] = "";
        if (h->check_event_list(before, seat, a, s, gg_events_items(ev), hm, sizeof hm)) {
            char *json = gg_events_json(ev, 0, GG_EVERYONE);
            bad = failf(c, "events of seat %d's action: %s\n%s", seat, hm, json);
            free(json);
        }
    } else if (h && h->check_events) {
        char *json = gg_events_json(ev, 0, GG_EVERYONE), hm[600] = "";
        if (h->check_events(before, seat, a, s, json, hm, sizeof hm))
            bad = failf(c, "events of seat %d's action: %s\n%s", seat, hm, json);
        free(json);
    }
    if (!bad && leaks) bad = check_event_leaks(c, before, seat, a, s, ev, legal, k, rng);
    gg_events_free(ev);
    gg_free(before);
    return bad;
}

/* One decision of seat `seat`: every check, then a random legal action. */
static int step(sim_ctx *c, gg_state *s, int seat, gg_rng *choice, int leaks, gg_rng *det)
{
    gg_action legal[GG_MAX_ACTIONS];
    int k = gg_legal(s, seat, legal);
    if (k <= 0 || k > GG_MAX_ACTIONS) return failf(c, "actor %d has %d legal actions", seat, k);
    if (check_actions(c, s, seat, legal, k)) return 1;
    const sim_hooks *h = c->cfg->hooks;
    char hm[400] = "";
    if (h && h->check_legal && h->check_legal(s, seat, legal, k, hm, sizeof hm))
        return failf(c, "legal actions of seat %d: %s", seat, hm);
    gg_rng pick = *choice; /* gg_legal_random: the same draw picks the same action */
    gg_action picked = 0;
    int kr = gg_legal_random(s, seat, &pick, &picked);
    gg_action a = legal[gg_rng_below(choice, (uint32_t)k)];
    if (kr != k || picked != a || pick.state != choice->state)
        return failf(c, "gg_legal_random gives action %u of %d where the list gives %u of %d", picked, kr, a, k);
    gg_state *clone = gg_clone(s);
    if (!gg_state_equal(clone, s)) return failf(c, "a clone differs from its original");
    gg_error err = {0};
    if (c->events ? apply_with_events(c, s, seat, a, leaks, legal, k, det)
                  : (gg_apply(s, seat, a, &err) != GG_OK &&
                     failf(c, "gg_apply refuses legal action %u: %s", a, err.msg))) {
        gg_free(clone);
        return 1;
    }
    if (h && h->check_apply && h->check_apply(clone, seat, a, s, hm, sizeof hm)) {
        gg_free(clone);
        return failf(c, "move of seat %d: %s", seat, hm);
    }
    gg_apply_trusted(clone, seat, a);
    int bad = !gg_state_equal(clone, s) ? failf(c, "the clone did not follow its original") : 0;
    gg_free(clone);
    return bad;
}

static int play_one(sim_ctx *c, const gg_game *game, const gg_options *opts, sim_stats *st)
{
    gg_error err = {0};
    gg_state *s = gg_new(game, opts, c->seed, &err);
    if (!s) return failf(c, "gg_new: %s", err.msg);
    gg_rng choice, det;
    gg_rng_seed(&choice, c->seed * 0x9E3779B97F4A7C15ull + 1);
    gg_rng_seed(&det, c->seed ^ 0xd1b54a32d192ed03ull);
    const sim_hooks *h = c->cfg->hooks;
    char hm[400] = "";
    int bad = 0;
    for (c->step = 0; !bad; c->step++) {
        int json = gg_is_over(s) || (c->step + c->offset) % c->every == 0;
        if (json) {
            bad = check_round_trip(c, s) || check_views(c, s, &det);
            c->json_checked++;
        }
        if (!bad && h && h->check_state && h->check_state(s, hm, sizeof hm))
            bad = failf(c, "%s", hm);
        if (bad || gg_is_over(s)) break;
        if (c->step >= c->cfg->max_steps) {
            bad = failf(c, "the game did not end within %d decisions", c->cfg->max_steps);
            break;
        }
        int seats[GG_MAX_SEATS];
        int n = gg_actors(s, seats);
        if (n <= 0) {
            bad = failf(c, "nobody to act in a game that is not over");
            break;
        }
        int leaks = (c->step + c->offset) % c->every == 0;
        for (int i = 0; i < n && !bad; i++) bad = step(c, s, seats[i], &choice, leaks, &det);
        st->steps++;
    }
    if (!bad) {
        gg_result r;
        gg_result_get(s, &r);
        if (!r.over || r.winners < 1) bad = failf(c, "a finished game has no winner");
        if (gg_actors(s, (int[GG_MAX_SEATS]){0}) != 0) bad = failf(c, "actors after the end");
    }
    if (c->step > st->longest) st->longest = c->step;
    gg_free(s);
    return bad;
}

#ifndef SIM_SHARE
#define SIM_SHARE 1
#endif

/* The games to play of cfg->games: all, or one in SIM_SHARE (sim.h). */
static int games_to_play(const sim_config *cfg, long *share)
{
    const char *env = getenv("SIM_SHARE");
    long k = env && *env ? strtol(env, NULL, 10) : SIM_SHARE;
    if (k < 1) k = 1;
    long games = cfg->games / k;
    if (games < cfg->full_games) games = cfg->full_games;
    if (games < 1) games = 1;
    if (games > cfg->games) games = cfg->games;
    *share = k;
    return (int)games;
}

int sim_run(const sim_config *cfg, sim_stats *stats, char *msg, size_t n)
{
    sim_stats local = {0};
    sim_stats *st = stats ? stats : &local;
    memset(st, 0, sizeof *st);
    sim_ctx c = {.cfg = cfg, .msg = msg, .n = n};
    const gg_game *game = gg_game_find(cfg->game);
    if (!game) return failf(&c, "no such game");
    gg_options opts;
    gg_options_init(&opts, game, cfg->players);
    for (int i = 0; i < 4 && cfg->options[i]; i++) {
        gg_error err = {0};
        if (gg_options_set_kv(&opts, game, cfg->options[i], &err))
            return failf(&c, "option %s: %s", cfg->options[i], err.msg);
    }
    const char *full = getenv("SIM_FULL");
    int all_full = full && strcmp(full, "1") == 0;
    int games = games_to_play(cfg, &st->share);
    for (int g = 0; g < games; g++) {
        c.seed = cfg->first_seed + (uint64_t)g;
        c.every = (all_full || g < cfg->full_games || cfg->json_every < 1) ? 1 : cfg->json_every;
        c.offset = g % c.every;
        c.events = all_full || cfg->events_every <= 1 || g % cfg->events_every == 0;
        if (play_one(&c, game, &opts, st)) return 1;
        st->games++;
        st->actions_checked = c.actions_checked;
        st->json_checked = c.json_checked;
    }
    return 0;
}

void sim_run_checked(const sim_config *cfg)
{
    sim_stats stats;
    char msg[1200] = "";
    if (sim_run(cfg, &stats, msg, sizeof msg)) fail_msg("%s", msg);
    long share = 1;
    int expected = games_to_play(cfg, &share);
    if (share > 1) printf("# %d of %d games (one in %ld in this build, SIM_SHARE)\n", expected,
                          cfg->games, share);
    printf("# %ld games, %ld decisions, %ld legal actions round-tripped, %ld positions "
           "through the JSON checks, longest game %ld decisions\n",
           stats.games, stats.steps, stats.actions_checked, stats.json_checked, stats.longest);
    assert_int_equal(stats.games, expected);
}

char *sim_told(const gg_events *ev, int viewer)
{
    size_t len = 1, cap = 256;
    char *told = malloc(cap);
    strcpy(told, "\n");
    for (int i = 0; i < gg_events_count(ev); i++) {
        char *json = gg_event_json(ev, i, viewer), *line = gg_event_text(json, "en");
        size_t n = strlen(line);
        while (len + n + 2 > cap) told = realloc(told, cap *= 2);
        memcpy(told + len, line, n);
        len += n;
        told[len++] = '\n';
        told[len] = 0;
        free(line);
        free(json);
    }
    return told;
}

void sim_assert_told(const char *told, const char *sentence)
{
    char *line = malloc(strlen(sentence) + 3);
    sprintf(line, "\n%s\n", sentence);
    int found = strstr(told, line) != NULL;
    free(line);
    if (!found) fail_msg("not told: \"%s\"; the events said:%s", sentence, told);
}
