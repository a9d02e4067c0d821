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

/* -------------------------------------------------------------- session */

gg_status gg_proto_session_init(gg_proto_session *p, const char *bot_spec, uint64_t seed,
                                gg_error *err)
{
    memset(p, 0, sizeof *p);
    if (strlen(bot_spec) >= sizeof p->bot_spec)
        return gg_fail(err, GG_EOPTION, "bot spec too long");
    strcpy(p->bot_spec, bot_spec);
    p->seed = seed;
    p->bot = gg_bot_new(bot_spec, seed, err);
    return p->bot ? GG_OK : err->code;
}

void gg_proto_session_free(gg_proto_session *p)
{
    gg_free(p->state);
    gg_bot_free(p->bot);
    p->state = NULL;
    p->bot = NULL;
}

static const gg_game *find_game(const gg_proto_session *p, const char *name)
{
    const gg_game *g = gg_game_find(name);
    for (int i = 0; !g && p->extra_games && p->extra_games[i]; i++)
        if (strcmp(gg_game_name(p->extra_games[i]), name) == 0) g = p->extra_games[i];
    return g;
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

/* new_game GAME [players=N] [seed=S] [KEY=VALUE]... */
static void cmd_new_game(gg_proto_session *p, char *args, gg_proto_out *o)
{
    char *name = next_word(&args);
    if (!name) return fail(o, "syntax", "usage: new_game GAME [players=N] [seed=S] [KEY=VALUE]...");
    const gg_game *game = find_game(p, name);
    if (!game) return fail(o, "option", "unknown game");
    gg_options opts;
    gg_options_init(&opts, game, gg_game_min_players(game));
    uint64_t seed = p->seed;
    gg_error err;
    for (char *kv; (kv = next_word(&args));) {
        if (!strncmp(kv, "seed=", 5)) {
            char *end;
            seed = strtoull(kv + 5, &end, 10);
            if (!kv[5] || *end || kv[5] == '-') return fail(o, "syntax", "seed=S takes a whole number");
        } else if (gg_options_set_kv(&opts, game, kv, &err) != GG_OK) {
            return fail(o, "option", err.msg);
        }
    }
    gg_state *s = gg_new(game, &opts, seed, &err);
    if (!s) return fail(o, "option", err.msg);
    gg_free(p->state);
    p->state = s;
    if (p->seat >= gg_players(s)) p->seat = 0;
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

/* set_seat K */
static void cmd_set_seat(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o)) return;
    int seat;
    char *w = next_word(&args);
    if (w && next_word(&args)) return fail(o, "syntax", "usage: set_seat K");
    if (!parse_seat(p, w, &seat, o)) return;
    p->seat = seat;
    ok(o, "");
}

/* position JSON — a whole state, as the controller may reveal it: a
 * determinization for this engine's seat (never the true hidden parts). */
static void cmd_position(gg_proto_session *p, char *args, gg_proto_out *o)
{
    gg_error err;
    gg_state *s = gg_state_load(args, &err);
    if (!s) return fail(o, "json", err.msg);
    gg_free(p->state);
    p->state = s;
    if (p->seat >= gg_players(s)) p->seat = 0;
    ok(o, "");
}

static void cmd_view(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o)) return;
    if (*args) return fail(o, "syntax", "view takes no arguments");
    char *v = gg_view_json(p->state, p->seat);
    if (!v) return fail(o, "nomem", "out of memory");
    ok(o, v);
    free(v);
}

/* legal — this seat's legal moves, one per line (none when not to act). */
static void cmd_legal(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o)) return;
    if (*args) return fail(o, "syntax", "legal takes no arguments");
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
    if (gg_play(p->state, seat, args, &err) != GG_OK) return fail(o, gg_status_name(err.code), err.msg);
    ok(o, "");
}

/* genmove — the engine chooses a move for its seat, plays it and says it. */
static void cmd_genmove(gg_proto_session *p, char *args, gg_proto_out *o)
{
    if (!need_game(p, o)) return;
    if (*args) return fail(o, "syntax", "genmove takes no arguments");
    gg_error err;
    if (gg_is_over(p->state)) return fail(o, "over", "the game is over");
    if (!gg_is_actor(p->state, p->seat)) {
        char msg[64];
        snprintf(msg, sizeof msg, "seat %d is not to act now", p->seat);
        return fail(o, "seat", msg);
    }
    gg_action a;
    if (gg_bot_choose(p->bot, p->state, p->seat, &a, &err) != GG_OK)
        return fail(o, gg_status_name(err.code), err.msg);
    char buf[GG_MAX_NOTATION];
    gg_action_format(p->state, p->seat, a, buf, sizeof buf);
    if (gg_apply(p->state, p->seat, a, &err) != GG_OK)
        return fail(o, gg_status_name(err.code), err.msg);
    ok(o, buf);
}

static void cmd_protocol_version(gg_proto_session *p, char *args, gg_proto_out *o);
static void cmd_name(gg_proto_session *p, char *args, gg_proto_out *o);
static void cmd_list_commands(gg_proto_session *p, char *args, gg_proto_out *o);
static void cmd_quit(gg_proto_session *p, char *args, gg_proto_out *o);

typedef struct proto_command {
    const char *name;
    void (*run)(gg_proto_session *p, char *args, gg_proto_out *o);
} proto_command;

static const proto_command commands[] = {
    {"protocol_version", cmd_protocol_version},
    {"name", cmd_name},
    {"list_commands", cmd_list_commands},
    {"new_game", cmd_new_game},
    {"set_seat", cmd_set_seat},
    {"position", cmd_position},
    {"view", cmd_view},
    {"legal", cmd_legal},
    {"play", cmd_play},
    {"genmove", cmd_genmove},
    {"quit", cmd_quit},
};
enum { N_COMMANDS = sizeof commands / sizeof commands[0] };

static void cmd_protocol_version(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)p, (void)args;
    out_printf(o, "= %d\n\n", GG_PROTO_VERSION);
}

static void cmd_name(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)args;
    out_printf(o, "= gemgames %s (%s)\n\n", GG_VERSION, p->bot_spec);
}

static void cmd_list_commands(gg_proto_session *p, char *args, gg_proto_out *o)
{
    (void)p, (void)args;
    for (int i = 0; i < N_COMMANDS; i++) out_printf(o, "%s%s", i ? "\n" : "= ", commands[i].name);
    out_add(o, "\n\n", 2);
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
