/*
 * engine.c — the "engine:CMD" bot: an external program speaking the engine
 * protocol (docs/protocol.md), run with /bin/sh -c CMD.
 *
 * For every decision the bot tells the engine the game (new_game, when it
 * changes), its seat (set_seat) and a position — a determinization of the
 * state for that seat, so the engine learns exactly what the seat may know
 * and nothing else — then asks genmove and checks the answer is legal.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bots/bot.h"
#include "core/game.h"

typedef struct engine {
    pid_t pid;
    FILE *to, *from;
    char game_line[512]; /* the last new_game sent */
    int seat;
    char *line;
    size_t cap;
} engine;

static gg_status start(engine *e, const char *cmd, gg_error *err)
{
    int in[2], out[2];
    if (pipe(in)) return gg_fail(err, GG_EIO, "engine: cannot make a pipe");
    if (pipe(out)) {
        close(in[0]), close(in[1]);
        return gg_fail(err, GG_EIO, "engine: cannot make a pipe");
    }
    /* not inherited by other engines started later */
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    /* a dead engine shows as a write error, not a fatal signal */
    signal(SIGPIPE, SIG_IGN);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return gg_fail(err, GG_EIO, "engine: cannot start \"%s\"", cmd);
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->pid = pid;
    e->to = fdopen(in[1], "w");
    e->from = fdopen(out[0], "r");
    e->seat = -1;
    if (!e->to || !e->from) return gg_fail(err, GG_EIO, "engine: cannot open its pipes");
    return GG_OK;
}

/* Sends one command; reads the reply up to its empty line. On "=" copies the
 * first line's text (after "= ") into answer. */
static gg_status ask(engine *e, const char *command, char *answer, size_t n, gg_error *err)
{
    if (fprintf(e->to, "%s\n", command) < 0 || fflush(e->to))
        return gg_fail(err, GG_EIO, "engine: it stopped reading (command \"%.40s\")", command);
    int first = 1, good = 0;
    char reply[160] = "";
    for (;;) {
        ssize_t len = getline(&e->line, &e->cap, e->from);
        if (len < 0)
            return gg_fail(err, GG_EIO, "engine: it closed its output (command \"%.40s\")", command);
        while (len && (e->line[len - 1] == '\n' || e->line[len - 1] == '\r')) e->line[--len] = '\0';
        if (first) {
            if (len == 0) continue; /* tolerate stray blank lines before a reply */
            if (e->line[0] != '=' && e->line[0] != '?')
                return gg_fail(err, GG_EIO, "engine: a reply must start with = or ?, not \"%.40s\"",
                               e->line);
            good = e->line[0] == '=';
            const char *t = e->line + 1;
            while (*t == ' ') t++;
            snprintf(reply, sizeof reply, "%s", t);
            if (answer && good) snprintf(answer, n, "%s", t);
            first = 0;
            continue;
        }
        if (len == 0) break;
    }
    if (!good) return gg_fail(err, GG_EILLEGAL, "engine refused \"%.40s\": %s", command, reply);
    return GG_OK;
}

static gg_status engine_create(gg_bot *bot, const char *params, gg_error *err)
{
    if (!*params) return gg_fail(err, GG_EOPTION, "engine:CMD needs a command to run");
    engine *e = calloc(1, sizeof *e);
    if (!e) return gg_fail(err, GG_ENOMEM, "out of memory");
    bot->data = e;
    gg_status st = start(e, params, err);
    char version[64];
    if (!st) st = ask(e, "protocol_version", version, sizeof version, err);
    if (!st && atoi(version) != 1)
        st = gg_fail(err, GG_EIO, "engine speaks protocol version %s, not 1", version);
    if (st) bot->kind->destroy(bot);
    return st;
}

static void engine_destroy(gg_bot *bot)
{
    engine *e = bot->data;
    if (!e) return;
    if (e->to) {
        fputs("quit\n", e->to);
        fclose(e->to);
    }
    if (e->from) fclose(e->from);
    if (e->pid > 0) {
        int status;
        if (waitpid(e->pid, &status, 0) < 0) kill(e->pid, SIGTERM);
    }
    free(e->line);
    free(e);
    bot->data = NULL;
}

static gg_status engine_choose(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                               gg_error *err)
{
    engine *e = bot->data;
    /* new_game when the game or table changes */
    char game_line[512];
    int n = snprintf(game_line, sizeof game_line, "new_game %s players=%d", gg_game_name(s->game),
                     gg_players(s));
    for (int i = 0; i < gg_game_option_count(s->game); i++) {
        const gg_option_info *o = gg_game_option(s->game, i);
        n += snprintf(game_line + n, sizeof game_line - (size_t)n, " %s=%s", o->key,
                      gg_options_get(gg_state_options(s), s->game, o->key));
    }
    gg_status st = GG_OK;
    if (strcmp(game_line, e->game_line)) {
        st = ask(e, game_line, NULL, 0, err);
        if (st) return st;
        strcpy(e->game_line, game_line);
        e->seat = -1;
    }
    if (e->seat != seat) {
        char cmd[32];
        snprintf(cmd, sizeof cmd, "set_seat %d", seat);
        if ((st = ask(e, cmd, NULL, 0, err))) return st;
        e->seat = seat;
    }
    /* only what the seat may know: a determinization for it */
    gg_state *d = gg_clone(s);
    if (!d) return gg_fail(err, GG_ENOMEM, "out of memory");
    gg_determinize(d, seat, &bot->rng);
    d->seed = 0; /* the table's seed would reveal the deal */
    char *json = gg_state_json(d);
    gg_free(d);
    if (!json) return gg_fail(err, GG_ENOMEM, "out of memory");
    size_t len = strlen(json);
    char *cmd = malloc(len + 16);
    if (!cmd) {
        free(json);
        return gg_fail(err, GG_ENOMEM, "out of memory");
    }
    memcpy(cmd, "position ", 9);
    memcpy(cmd + 9, json, len + 1);
    free(json);
    st = ask(e, cmd, NULL, 0, err);
    free(cmd);
    if (st) return st;
    char move[GG_MAX_NOTATION + 32];
    if ((st = ask(e, "genmove", move, sizeof move, err))) return st;
    gg_action a;
    if ((st = gg_action_parse(s, seat, move, &a, err))) return st;
    gg_action list[GG_MAX_ACTIONS];
    int k = gg_legal(s, seat, list);
    for (int i = 0; i < k; i++)
        if (list[i] == a) {
            *out = a;
            return GG_OK;
        }
    return gg_fail(err, GG_EILLEGAL, "engine played \"%s\", which is not legal", move);
}

const gg_bot_kind gg_bot_engine = {"engine", engine_create, engine_choose, engine_destroy};
