/* protocol.c — the engine protocol's parser and session (protocol.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/protocol.h"
#include "core/game.h"

/* ----------------------------------------------------------------- parse */

static int is_space(char c) { return c == ' ' || c == '\t'; }

gg_status gg_proto_parse_line(char *line, size_t len, gg_proto_cmd *cmd, gg_error *err)
{
    cmd->name = "";
    cmd->args = line + len;
    if (len && line[len - 1] == '\n') len--;
    if (len && line[len - 1] == '\r') len--;
    if (len > GG_PROTO_MAX_LINE)
        return gg_fail(err, GG_EPARSE, "longer than %d bytes", GG_PROTO_MAX_LINE);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t') || c >= 0x7f)
            return gg_fail(err, GG_EPARSE,
                           "byte 0x%02x at column %zu (printable ASCII only)", c,
                           i + 1);
    }
    line[len] = '\0';
    char *p = line;
    while (is_space(*p)) p++;
    char *end = line + len;
    while (end > p && is_space(end[-1])) *--end = '\0';
    if (*p == '\0' || *p == '#') {
        cmd->args = end;
        return GG_OK;
    }
    char *word = p;
    while (*p && !is_space(*p)) p++;
    if ((size_t)(p - word) > GG_PROTO_MAX_NAME)
        return gg_fail(err, GG_EPARSE, "command word longer than %d",
                       GG_PROTO_MAX_NAME);
    if (*p) *p++ = '\0';
    while (is_space(*p)) p++;
    cmd->name = word;
    cmd->args = p;
    return GG_OK;
}

/* --------------------------------------------------------------- replies */

void gg_proto_out_free(gg_proto_out *o)
{
    free(o->text);
    memset(o, 0, sizeof *o);
}

static void out_add(gg_proto_out *o, const char *text, size_t n)
{
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 256;
        while (cap < o->len + n + 1) cap *= 2;
        char *t = realloc(o->text, cap);
        if (!t) return; /* out of memory: the reply is cut short */
        o->text = t;
        o->cap = cap;
    }
    memcpy(o->text + o->len, text, n);
    o->len += n;
    o->text[o->len] = '\0';
}

static void out_printf(gg_proto_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(gg_proto_out *o, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        out_add(o, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) return;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    out_add(o, big, (size_t)n);
    free(big);
}

/* "= text\n\n" (text may hold several lines). */
static void ok(gg_proto_out *o, const char *text)
{
    out_printf(o, "=%s%s\n\n", *text ? " " : "", text);
}

static void fail(gg_proto_out *o, const char *kind, const char *msg)
{
    out_printf(o, "? %s: %s\n\n", kind, msg);
}

/* A success with several lines of text: empty lines (which would end the
 * reply) are dropped, and a trailing newline is not doubled. */
static void ok_lines(gg_proto_out *o, const char *text)
{
    out_add(o, "=", 1);
    int first = 1;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        size_t m = n;
        while (m && (p[m - 1] == ' ' || p[m - 1] == '\r')) m--;
        if (m) {
            out_add(o, first ? " " : "\n", 1);
            out_add(o, p, m);
            first = 0;
        }
        p += n + (nl != NULL);
    }
    out_add(o, "\n\n", 2);
}

/* -------------------------------------------------------------- session */

gg_status gg_proto_session_init(gg_proto_session *p, const char *bot_spec, uint64_t seed,
                                gg_error *err)
{
    memset(p, 0, sizeof *p);
    p->time_left_ms = -1;
    if (strlen(bot_spec) >= sizeof p->bot_spec)
        return gg_fail(err, GG_EOPTION, "bot spec too long");
    strcpy(p->bot_spec, bot_spec);
    p->seed = seed;
    p->bot = gg_bot_new(bot_spec, seed, err);
    return p->bot ? GG_OK : err->code;
}

static void clear_history(gg_proto_session *p)
{
    for (int i = 0; i < p->n_history; i++) gg_free(p->history[i]);
    p->n_history = 0;
}

/* The game's event list starts again (a new game, a loaded position). */
static void reset_events(gg_proto_session *p)
{
    if (p->events)
        gg_events_clear(p->events);
    else
        p->events = gg_events_new(); /* NULL when out of memory: events fails */
}

void gg_proto_session_free(gg_proto_session *p)
{
    clear_history(p);
    free(p->history);
    free(p->history_events);
    gg_events_free(p->events);
    gg_free(p->state);
    gg_bot_free(p->bot);
    p->history = NULL;
    p->history_events = NULL;
    p->events = NULL;
    p->state = NULL;
    p->bot = NULL;
}

/* The game becomes `s` (taken over); undo forgets the old game, and the
 * event list starts empty (events are what happened since; new_game then
 * adds the set-up's). */
static void set_state(gg_proto_session *p, gg_state *s)
{
    clear_history(p);
    reset_events(p);
    gg_free(p->state);
    p->state = s;
    if (p->seat >= gg_players(s)) {
        p->seat = 0;
        p->seat_told = 0;
    }
}

/* Keeps the position before a move for undo, with the number of events
 * then (the oldest is dropped when the history is full). */
static int remember(gg_proto_session *p)
{
    if (!p->events) return 0;
    gg_state *copy = gg_clone(p->state);
    if (!copy) return 0;
    if (!p->history) {
        p->history = calloc(GG_PROTO_MAX_UNDO, sizeof *p->history);
        p->history_events = calloc(GG_PROTO_MAX_UNDO, sizeof *p->history_events);
        if (!p->history || !p->history_events) {
            free(p->history);
            free(p->history_events);
            p->history = NULL;
            p->history_events = NULL;
            gg_free(copy);
            return 0;
        }
    }
    if (p->n_history == GG_PROTO_MAX_UNDO) {
        gg_free(p->history[0]);
        memmove(p->history, p->history + 1, (GG_PROTO_MAX_UNDO - 1) * sizeof *p->history);
        memmove(p->history_events, p->history_events + 1,
                (GG_PROTO_MAX_UNDO - 1) * sizeof *p->history_events);
        p->n_history--;
    }
    p->history_events[p->n_history] = gg_events_count(p->events);
    p->history[p->n_history++] = copy;
    return 1;
}

static void forget_last(gg_proto_session *p)
{
    if (p->n_history) gg_free(p->history[--p->n_history]);
}

static const gg_game *find_game(const gg_proto_session *p, const char *name)
{
    const gg_game *g = gg_game_find(name);
    for (int i = 0; !g && p->extra_games && p->extra_games[i]; i++)
        if (strcmp(gg_game_name(p->extra_games[i]), name) == 0) g = p->extra_games[i];
    return g;
}

/* "? option: unknown game "NAME" (games: splendor, ys)": the name as sent
 * (printable ASCII: the line was checked), cut at 40 characters. */
static void fail_unknown_game(const gg_proto_session *p, const char *name, gg_proto_out *o)
{
    char names[160] = "", msg[240];
    for (int i = 0; i < gg_game_count(); i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                 gg_game_name(gg_game_at(i)));
    for (int i = 0; p->extra_games && p->extra_games[i]; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), ", %s",
                 gg_game_name(p->extra_games[i]));
    snprintf(msg, sizeof msg, "unknown game \"%.40s%s\" (games: %s)", name,
             strlen(name) > 40 ? "..." : "", names);
    fail(o, "option", msg);
}

/* "? seat: seat K is not to act now (waiting for seat A, B)", as play says it. */
static void fail_not_actor(const gg_proto_session *p, gg_proto_out *o)
{
    int seats[GG_MAX_SEATS];
    int n = gg_actors(p->state, seats);
    char who[64] = "", msg[128];
    for (int i = 0; i < n; i++)
        snprintf(who + strlen(who), sizeof who - strlen(who), "%s%d", i ? ", " : "", seats[i]);
    snprintf(msg, sizeof msg, "seat %d is not to act now (waiting for seat %s)", p->seat, who);
    fail(o, "seat", msg);
}

static char *next_word(char **args)
{
    char *p = *args;
    while (is_space(*p)) p++;
    if (!*p) return NULL;
    char *w = p;
    while (*p && !is_space(*p)) p++;
    if (*p) *p++ = '\0';
    *args = p;
    return w;
}

/* A whole number in [0, max] (decimal). */
static int parse_count(const char *s, long max, long *out)
{
    if (!s || *s < '0' || *s > '9') return 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || v > (unsigned long long)max) return 0;
    *out = (long)v;
    return 1;
}

enum { MAX_MS = 1000L * 60 * 60 * 24 * 7 }; /* a week: any longer is a typo */

/* new_game GAME [players=N] [seat=K] [seed=S] [move_ms=T] [bank_ms=T]
 *          [inc_ms=T] [KEY=VALUE]... */
static void cmd_new_game(gg_proto_session *p, char *args, gg_proto_out *o)
{
    char *name = next_word(&args);
    if (!name)
        return fail(o, "syntax", "usage: new_game GAME [players=N] [seat=K] [seed=S] "
                                 "[move_ms=T] [bank_ms=T] [inc_ms=T] [KEY=VALUE]...");
    const gg_game *game = find_game(p, name);
    if (!game) return fail_unknown_game(p, name, o);
    gg_options opts;
    gg_options_init(&opts, game, gg_game_min_players(game));
    uint64_t seed = p->seed;
    long seat = -1;
    gg_time_control tc = {0, 0, 0};
    gg_error err;
    for (char *kv; (kv = next_word(&args));) {
        if (!strncmp(kv, "seed=", 5)) {
            char *end;
            seed = strtoull(kv + 5, &end, 10);
            if (!kv[5] || *end || kv[5] == '-') return fail(o, "syntax", "seed=S takes a whole number");
        } else if (!strncmp(kv, "seat=", 5)) {
            if (!parse_count(kv + 5, GG_MAX_SEATS, &seat))
                return fail(o, "syntax", "seat=K takes a seat number");
        } else if (!strncmp(kv, "move_ms=", 8) || !strncmp(kv, "bank_ms=", 8) ||
                   !strncmp(kv, "inc_ms=", 7)) {
            char *eq = strchr(kv, '=');
            long *to = kv[0] == 'm' ? &tc.move_ms : kv[0] == 'b' ? &tc.bank_ms : &tc.inc_ms;
            if (!parse_count(eq + 1, MAX_MS, to))
                return fail(o, "syntax", "a time is a whole number of milliseconds");
        } else if (gg_options_set_kv(&opts, game, kv, &err) != GG_OK) {
            return fail(o, "option", err.msg);
        }
    }
    int seat_given = seat >= 0;
    if (seat < 0) seat = p->seat < opts.players ? p->seat : 0; /* the seat stays */
    if (seat >= opts.players) {
        char msg[96];
        snprintf(msg, sizeof msg, "there is no seat %ld at this %d-player table", seat,
                 opts.players);
        return fail(o, "seat", msg);
    }
    int told = seat_given || (p->seat_told && p->seat < opts.players);
    gg_state *s = gg_new(game, &opts, seed, &err);
    if (!s) return fail(o, "option", err.msg);
    set_state(p, s);
    if (p->events) gg_events_setup(p->state, p->events); /* the set-up: events 0.. */
    p->seat = (int)seat;
    p->seat_told = told;
    p->time = tc;
    p->time_left_ms = tc.bank_ms ? tc.bank_ms : -1;
    p->last_result[0] = '\0';
    ok(o, "");
}

static int need_game(gg_proto_session *p, gg_proto_out *o)
{
    if (p->state) return 1;
    fail(o, "state", "no game yet (new_game GAME first)");
    return 0;
}

static int parse_seat(const gg_proto_session *p, const char *w, int *seat, gg_proto_out *o)
{
    char *end;
    long k = w ? strtol(w, &end, 10) : -1;
    if (!w || !*w || *end) {
        fail(o, "syntax", "a seat is a whole number");
        return 0;
    }
    if (k < 0 || k >= gg_players(p->state)) {
        char msg[96];
        snprintf(msg, sizeof msg, "there is no seat %ld at this %d-player table", k,
                 gg_players(p->state));
        fail(o, "seat", msg);
        return 0;
    }
    *seat = (int)k;
    return 1;
}

static int no_args(const char *args, const char *command, gg_proto_out *o)
{
    if (!*args) return 1;
    char msg[64];
    snprintf(msg, sizeof msg, "%s takes no arguments", command);
    fail(o, "syntax", msg);
    return 0;
}

/* set_seat K */
static void cmd_set_seat(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o)) return;
    int seat;
    char *w = next_word(&args);
    if (w && next_word(&args)) return fail(o, "syntax", "usage: set_seat K");
    if (!parse_seat(p, w, &seat, o)) return;
    p->seat = seat;
    p->seat_told = 1;
    ok(o, "");
}

/* position JSON — the game becomes this state, as the controller may reveal
 * it: a determinization for this engine's seat (never the true hidden
 * parts). position (no argument) — the engine's current state, read back. */
static void cmd_position(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!*args) {
        if (!need_game(p, o)) return;
        char *json = gg_state_json(p->state);
        if (!json) return fail(o, "nomem", "out of memory");
        ok(o, json);
        free(json);
        return;
    }
    gg_error err;
    gg_state *s = gg_state_load(args, &err);
    if (!s) return fail(o, "json", err.msg);
    set_state(p, s);
    ok(o, "");
}

/* view — the engine seat's view, with the printed data of the cards. */
static void cmd_view(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o) || !no_args(args, "view", o)) return;
    char *v = gg_proto_view_json(p->state, p->seat);
    if (!v) return fail(o, "nomem", "out of memory");
    ok(o, v);
    free(v);
}

/* observe JSON — the controller shows the engine its seat's view (what view
 * would answer); an engine may keep it. This one checks it is an object. */
static void cmd_observe(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)p;
    if (*args != '{' || args[strlen(args) - 1] != '}')
        return fail(o, "json", "observe takes the view, a JSON object");
    ok(o, "");
}

/* legal — this seat's legal moves, one per line (none when not to act). */
static void cmd_legal(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o) || !no_args(args, "legal", o)) return;
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(p->state, p->seat, list);
    out_add(o, "=", 1);
    for (int i = 0; i < n; i++) {
        char buf[GG_MAX_NOTATION];
        gg_action_format(p->state, p->seat, list[i], buf, sizeof buf);
        out_printf(o, "%s%s", i ? "\n" : " ", buf);
    }
    out_add(o, "\n\n", 2);
}

/* play K MOVE — seat K made MOVE (for the engine's own bookkeeping). */
static void cmd_play(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o)) return;
    int seat;
    char *w = next_word(&args);
    if (!parse_seat(p, w, &seat, o)) return;
    if (!*args) return fail(o, "syntax", "usage: play K MOVE");
    gg_error err;
    gg_action a;
    if (gg_is_over(p->state) || !gg_is_actor(p->state, seat)) {
        /* gg_play's refusal (it checks the seat before the notation), on a copy */
        gg_state *probe = gg_clone(p->state);
        if (!probe) return fail(o, "nomem", "out of memory");
        gg_status st = gg_play(probe, seat, args, &err);
        gg_free(probe);
        if (st != GG_OK) return fail(o, gg_status_name(err.code), err.msg);
    }
    if (gg_action_parse(p->state, seat, args, &a, &err) != GG_OK)
        return fail(o, gg_status_name(err.code), err.msg);
    if (!remember(p)) return fail(o, "nomem", "out of memory");
    if (gg_apply_events(p->state, seat, a, p->events, &err) != GG_OK) {
        forget_last(p);
        return fail(o, gg_status_name(err.code), err.msg);
    }
    ok(o, "");
}

/* Is `move` one of the '|'-separated moves in `list`? Compares the parsed
 * actions, so spacing and case do not matter. */
static int listed(const gg_state *s, int seat, gg_action a, char *list)
{
    for (char *m = list; m;) {
        char *sep = strchr(m, GG_PROTO_MOVE_SEP);
        if (sep) *sep = '\0';
        gg_action b;
        gg_error err;
        int same = gg_action_parse(s, seat, m, &b, &err) == GG_OK && b == a;
        if (sep) *sep = GG_PROTO_MOVE_SEP;
        if (same) return 1;
        m = sep ? sep + 1 : NULL;
    }
    return 0;
}

/* genmove [MOVE|MOVE|...] — the engine chooses a move for its seat, plays it
 * and says it. The controller lists the seat's legal moves; this engine
 * chooses from its own position and checks its choice is among them. */
static void cmd_genmove(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o)) return;
    gg_error err;
    if (gg_is_over(p->state)) return fail(o, "over", "the game is over");
    if (!gg_is_actor(p->state, p->seat)) return fail_not_actor(p, o);
    gg_action a;
    if (gg_bot_choose(p->bot, p->state, p->seat, &a, &err) != GG_OK)
        return fail(o, gg_status_name(err.code), err.msg);
    char buf[GG_MAX_NOTATION];
    gg_action_format(p->state, p->seat, a, buf, sizeof buf);
    if (*args && !listed(p->state, p->seat, a, args))
        return fail(o, "state", "the moves listed are not this engine's position's "
                                "(send position first)");
    if (!remember(p)) return fail(o, "nomem", "out of memory");
    if (gg_apply_events(p->state, p->seat, a, p->events, &err) != GG_OK) {
        forget_last(p);
        return fail(o, gg_status_name(err.code), err.msg);
    }
    ok(o, buf);
}

/* hint [N] — the engine's bot's top N moves (default 3, at most 10) for its
 * seat, best first, one a line: MOVE|W|V (its estimated win share after the
 * move, and the search's visits). From the seat's view only (gg_bot_hint);
 * nothing is played. Only bots that search give hints (ismcts). */
static void cmd_hint(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o)) return;
    char *w = next_word(&args);
    long want = 3;
    if (next_word(&args) || (w && !parse_count(w, 10, &want)) || want < 1)
        return fail(o, "syntax", "usage: hint [N] (N from 1 to 10)");
    if (gg_is_over(p->state)) return fail(o, "over", "the game is over");
    if (!gg_is_actor(p->state, p->seat)) return fail_not_actor(p, o);
    gg_hint h[10];
    gg_error err;
    int n = gg_bot_hint(p->bot, p->state, p->seat, h, (int)want, &err);
    if (n < 1) return fail(o, gg_status_name(err.code), err.msg);
    out_add(o, "=", 1);
    for (int i = 0; i < n; i++) {
        char buf[GG_MAX_NOTATION];
        gg_action_format(p->state, p->seat, h[i].action, buf, sizeof buf);
        out_printf(o, "%s%s|%.3f|%ld", i ? "\n" : " ", buf, h[i].win, h[i].visits);
    }
    out_add(o, "\n\n", 2);
}

/* undo — takes back the last play or genmove. */
static void cmd_undo(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o) || !no_args(args, "undo", o)) return;
    if (!p->n_history) return fail(o, "state", "nothing to undo");
    gg_free(p->state);
    p->state = p->history[--p->n_history];
    gg_events_truncate(p->events, p->history_events[p->n_history]);
    ok(o, "");
}

/* events [FROM], events text [FROM] — what happened in this game from event
 * FROM on (default 0), as the engine's seat may know it (a spectator's view
 * when no seat was told): a JSON array, or one English sentence per line. */
static void cmd_events(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o)) return;
    if (!p->events) return fail(o, "nomem", "out of memory");
    char *w = next_word(&args);
    int text = w && !strcmp(w, "text");
    if (text) w = next_word(&args);
    long from = 0;
    int n = gg_events_count(p->events);
    if (next_word(&args)) return fail(o, "syntax", "usage: events [text] [FROM]");
    if (w && !parse_count(w, n, &from)) {
        char msg[96];
        snprintf(msg, sizeof msg, "FROM is a whole number from 0 to %d (the events so far)", n);
        return fail(o, "syntax", msg);
    }
    int viewer = p->seat_told ? p->seat : GG_SPECTATOR;
    if (!text) {
        char *json = gg_events_json(p->events, (int)from, viewer);
        if (!json) return fail(o, "nomem", "out of memory");
        ok(o, json);
        free(json);
        return;
    }
    gg_proto_out lines = {0};
    for (int i = (int)from; i < n; i++) {
        char *one = gg_event_json(p->events, i, viewer);
        char *sentence = one ? gg_event_text(one, "en") : NULL;
        if (sentence) out_printf(&lines, "%s\n", sentence);
        free(sentence);
        free(one);
    }
    ok_lines(o, lines.text ? lines.text : "");
    gg_proto_out_free(&lines);
}

/* showboard — the text board of the engine seat's view. */
static void cmd_showboard(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o) || !no_args(args, "showboard", o)) return;
    char *view = gg_view_json(p->state, p->seat);
    if (!view) return fail(o, "nomem", "out of memory");
    if (!p->board) {
        ok(o, view);
        free(view);
        return;
    }
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (!f) {
        free(view);
        return fail(o, "nomem", "out of memory");
    }
    p->board(f, gg_state_game(p->state), view);
    fclose(f);
    free(view);
    ok_lines(o, text ? text : "");
    free(text);
}

/* final_score — over=true|false scores=A,B,... ranks=R,S,... winners=N
 * (the scores so far while the game goes on). */
static void cmd_final_score(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o) || !no_args(args, "final_score", o)) return;
    gg_result r;
    gg_result_get(p->state, &r);
    out_printf(o, "= over=%s scores=", r.over ? "true" : "false");
    for (int i = 0; i < r.players; i++) out_printf(o, "%s%d", i ? "," : "", (int)r.score[i]);
    out_add(o, " ranks=", 7);
    for (int i = 0; i < r.players; i++) out_printf(o, "%s%d", i ? "," : "", r.rank[i]);
    out_printf(o, " winners=%d\n\n", r.winners);
}

/* game_over RESULT... — the controller ends the game; the arguments are kept
 * (tests read them back from the session). */
static void cmd_game_over(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!*args) return fail(o, "syntax", "usage: game_over result=win|draw|loss ...");
    snprintf(p->last_result, sizeof p->last_result, "%s", args);
    ok(o, "");
}

/* time_settings MOVE_MS BANK_MS INC_MS */
static void cmd_time_settings(gg_proto_session *p, char *args, gg_proto_out *o)
{
    gg_time_control tc;
    char *a = next_word(&args), *b = next_word(&args), *c = next_word(&args);
    if (!parse_count(a, MAX_MS, &tc.move_ms) || !parse_count(b, MAX_MS, &tc.bank_ms) ||
        !parse_count(c, MAX_MS, &tc.inc_ms) || next_word(&args))
        return fail(o, "syntax", "usage: time_settings MOVE_MS BANK_MS INC_MS");
    p->time = tc;
    p->time_left_ms = tc.bank_ms ? tc.bank_ms : -1;
    ok(o, "");
}

/* time_left MS — what this engine's next move may take at most. */
static void cmd_time_left(gg_proto_session *p, char *args, gg_proto_out *o)
{
    long ms;
    char *a = next_word(&args);
    if (!parse_count(a, MAX_MS, &ms) || next_word(&args))
        return fail(o, "syntax", "usage: time_left MS");
    p->time_left_ms = ms;
    ok(o, "");
}

/* setoption NAME VALUE, or UCI's setoption name NAME value VALUE:
 * bot (the bot spec genmove uses) and seed (its seed, and new_game's). */
static void cmd_setoption(gg_proto_session *p, char *args, gg_proto_out *o)
{
    char *name = next_word(&args);
    if (name && !strcmp(name, "name")) {
        name = next_word(&args);
        char *v = args;
        while (is_space(*v)) v++;
        if (strncmp(v, "value", 5) || (v[5] && !is_space(v[5])))
            return fail(o, "syntax", "usage: setoption name NAME value VALUE");
        args = v + 5;
    }
    while (is_space(*args)) args++;
    if (!name || !*args) return fail(o, "syntax", "usage: setoption NAME VALUE");
    gg_error err;
    if (!strcmp(name, "bot")) {
        if (strlen(args) >= sizeof p->bot_spec) return fail(o, "option", "bot spec too long");
        gg_bot *bot = gg_bot_new(args, p->seed, &err);
        if (!bot) return fail(o, "option", err.msg);
        gg_bot_free(p->bot);
        p->bot = bot;
        strcpy(p->bot_spec, args);
        return ok(o, "");
    }
    if (!strcmp(name, "seed")) {
        char *end;
        uint64_t seed = strtoull(args, &end, 10);
        if (*args == '-' || *end) return fail(o, "syntax", "seed takes a whole number");
        gg_bot *bot = gg_bot_new(p->bot_spec, seed, &err);
        if (!bot) return fail(o, "option", err.msg);
        gg_bot_free(p->bot);
        p->bot = bot;
        p->seed = seed;
        return ok(o, "");
    }
    char msg[96];
    snprintf(msg, sizeof msg, "unknown option \"%.40s\" (options: bot, seed)", name);
    fail(o, "option", msg);
}

static void cmd_protocol_version(gg_proto_session *p, char *args, gg_proto_out *o);
static void cmd_name(gg_proto_session *p, char *args, gg_proto_out *o);
static void cmd_version(gg_proto_session *p, char *args, gg_proto_out *o);
static void cmd_list_commands(gg_proto_session *p, char *args, gg_proto_out *o);
static void cmd_known_command(gg_proto_session *p, char *args, gg_proto_out *o);
static void cmd_isready(gg_proto_session *p, char *args, gg_proto_out *o);
static void cmd_quit(gg_proto_session *p, char *args, gg_proto_out *o);

typedef struct proto_command {
    const char *name;
    void (*run)(gg_proto_session *p, char *args, gg_proto_out *o);
} proto_command;

/* Every command, in the order list_commands gives them. */
static const proto_command commands[] = {
    {"protocol_version", cmd_protocol_version},
    {"name", cmd_name},
    {"version", cmd_version},
    {"list_commands", cmd_list_commands},
    {"known_command", cmd_known_command},
    {"isready", cmd_isready},
    {"setoption", cmd_setoption},
    {"new_game", cmd_new_game},
    {"set_seat", cmd_set_seat},
    {"time_settings", cmd_time_settings},
    {"time_left", cmd_time_left},
    {"position", cmd_position},
    {"view", cmd_view},
    {"observe", cmd_observe},
    {"legal", cmd_legal},
    {"play", cmd_play},
    {"genmove", cmd_genmove},
    {"hint", cmd_hint},
    {"undo", cmd_undo},
    {"events", cmd_events},
    {"showboard", cmd_showboard},
    {"final_score", cmd_final_score},
    {"game_over", cmd_game_over},
    {"quit", cmd_quit},
};
enum { N_COMMANDS = sizeof commands / sizeof commands[0] };

static void cmd_protocol_version(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)p;
    if (!no_args(args, "protocol_version", o)) return;
    out_printf(o, "= %d\n\n", GG_PROTO_VERSION);
}

static void cmd_name(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!no_args(args, "name", o)) return;
    out_printf(o, "= gemgames %s (%s)\n\n", GG_VERSION, p->bot_spec);
}

static void cmd_version(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)p;
    if (!no_args(args, "version", o)) return;
    ok(o, GG_VERSION);
}

static void cmd_list_commands(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)p;
    if (!no_args(args, "list_commands", o)) return;
    for (int i = 0; i < N_COMMANDS; i++) out_printf(o, "%s%s", i ? "\n" : "= ", commands[i].name);
    out_add(o, "\n\n", 2);
}

static void cmd_known_command(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)p;
    char *w = next_word(&args);
    if (!w || next_word(&args)) return fail(o, "syntax", "usage: known_command COMMAND");
    for (int i = 0; i < N_COMMANDS; i++)
        if (!strcmp(w, commands[i].name)) return ok(o, "true");
    ok(o, "false");
}

static void cmd_isready(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)p;
    if (!no_args(args, "isready", o)) return;
    ok(o, "readyok");
}

static void cmd_quit(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)args;
    p->quit = 1;
    ok(o, "");
}

void gg_proto_handle(gg_proto_session *p, char *line, size_t len, gg_proto_out *o)
{
    gg_proto_cmd cmd;
    gg_error err;
    if (gg_proto_parse_line(line, len, &cmd, &err) != GG_OK) return fail(o, "malformed", err.msg);
    if (!*cmd.name) return;
    for (int i = 0; i < N_COMMANDS; i++)
        if (strcmp(cmd.name, commands[i].name) == 0) return commands[i].run(p, cmd.args, o);
    char msg[96];
    snprintf(msg, sizeof msg, "unknown command \"%s\" (list_commands lists them)", cmd.name);
    fail(o, "unknown", msg);
}
