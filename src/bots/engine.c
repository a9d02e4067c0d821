/*
 * engine.c — the "engine:CMD" and "engine-sh:CMD" bots: an external program
 * speaking the engine protocol (docs/protocol.md), the controller side.
 *
 * engine:CMD runs CMD split into words by the quoting rule of
 * gg_engine_split, without a shell; engine-sh:CMD runs /bin/sh -c CMD.
 *
 * Every game begins with new_game (options, seat, time control — never the
 * seed) and ends with game_over. For every decision the bot sends, in this
 * order: position (a determinization for the seat, only to engines that
 * know the command), observe (the seat's view with the printed card data),
 * time_left (with a time limit), then "genmove m1|m2|..." with the seat's
 * legal moves, and checks the answer is one of them.
 *
 * The controller never trusts the engine: every read has a deadline (poll),
 * a reply must start with "=" or "?", output nobody asked for is noise, and
 * an engine that fails is stopped (its process group killed) and restarted
 * for the next game. Its stderr goes to a log file the match names.
 */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bots/bot.h"
#include "bots/engine.h"
#include "core/game.h"

enum {
    MAX_REPLY_LINE = 1 << 16, /* longest reply line accepted (a move, a name) */
    MAX_REPLY = 1 << 20,      /* longest reply, all its lines */
    MAX_WORDS = 256,
    QUIT_WAIT_MS = 1000, /* how long a quitting engine may take to exit */
    DEFAULT_REPLY_MS = 60000
};

typedef struct engine {
    char cmd[sizeof ((gg_bot *)0)->spec];
    int shell;                 /* engine-sh: run under /bin/sh -c */
    gg_engine_config cfg;
    char log_path[4096];
    pid_t pid;                 /* 0 when stopped */
    int to, from;              /* pipe ends, -1 when closed */
    char *buf;                 /* bytes read, not yet consumed */
    size_t len, cap;
    char *reply;               /* the last reply's lines, '\n'-separated */
    size_t reply_cap;
    int knows_position;        /* answered "known_command position" with true */
    char game_line[1024];      /* the last new_game sent ("" before the first) */
    int seat;                  /* the seat the engine plays, -1 unknown */
    long move_limit_ms;        /* the next genmove's deadline, 0 = reply_ms */
    double last_move_ms;
    char fault[16];
} engine;

/* ------------------------------------------------------------- quoting */

int gg_engine_split(const char *cmd, char *buf, char **argv, int max)
{
    int n = 0;
    char *w = buf;
    const char *p = cmd;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        if (n >= max - 1) return -1;
        argv[n++] = w;
        while (*p && *p != ' ' && *p != '\t') {
            if (*p == '\'') {
                const char *end = strchr(p + 1, '\'');
                if (!end) return -1;
                memcpy(w, p + 1, (size_t)(end - p - 1));
                w += end - p - 1;
                p = end + 1;
            } else if (*p == '"') {
                for (p++; *p != '"'; p++) {
                    if (!*p) return -1;
                    if (*p == '\\' && (p[1] == '"' || p[1] == '\\')) p++;
                    *w++ = *p;
                }
                p++;
            } else if (*p == '\\') {
                if (!p[1]) return -1;
                *w++ = p[1];
                p += 2;
            } else {
                *w++ = *p++;
            }
        }
        *w++ = '\0';
    }
    argv[n] = NULL;
    return n;
}

int gg_engine_spec(const char *spec)
{
    return !strncmp(spec, "engine:", 7) || !strncmp(spec, "engine-sh:", 10);
}

/* --------------------------------------------------------------- clock */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static gg_status fault(engine *e, gg_error *err, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static gg_status fault(engine *e, gg_error *err, const char *kind, const char *fmt, ...)
{
    snprintf(e->fault, sizeof e->fault, "%s", kind);
    char msg[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gg_fail(err, GG_EIO, "%s: %s", kind, msg);
}

/* ------------------------------------------------------------ process */

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* Waits up to `ms` for the process to exit; kills its group if it has not. */
static void reap(engine *e, long ms)
{
    if (e->pid <= 0) return;
    int status;
    double end = now_ms() + (double)ms;
    for (;;) {
        pid_t r = waitpid(e->pid, &status, WNOHANG);
        if (r == e->pid || (r < 0 && errno != EINTR)) break;
        if (now_ms() >= end) {
            kill(-e->pid, SIGKILL);
            kill(e->pid, SIGKILL);
            while (waitpid(e->pid, &status, 0) < 0 && errno == EINTR) {}
            break;
        }
        struct timespec nap = {0, 5 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    e->pid = 0;
}

static void stop_now(engine *e)
{
    close_fd(&e->to);
    close_fd(&e->from);
    if (e->pid > 0) {
        kill(-e->pid, SIGKILL);
        kill(e->pid, SIGKILL);
    }
    reap(e, 0);
    e->len = 0;
    e->game_line[0] = '\0';
    e->seat = -1;
}

/* The child: stdin/stdout the pipes, stderr the log; a process group of its
 * own, so that a stop kills what it started too. Never returns. */
static void exec_child(engine *e, int in, int out)
{
    setpgid(0, 0);
    dup2(in, 0);
    dup2(out, 1);
    fcntl(0, F_SETFD, 0); /* dup2 onto itself keeps close-on-exec */
    fcntl(1, F_SETFD, 0);
    if (e->log_path[0]) { /* never the controller's stderr: the log, or nowhere */
        int fd = open(e->log_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd < 0) fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) dup2(fd, 2);
        if (fd > 2) close(fd);
    }
    if (in > 2) close(in);
    if (out > 2) close(out);
    signal(SIGPIPE, SIG_DFL);
    if (e->shell) {
        execl("/bin/sh", "sh", "-c", e->cmd, (char *)NULL);
    } else {
        char words[sizeof e->cmd];
        char *argv[MAX_WORDS];
        if (gg_engine_split(e->cmd, words, argv, MAX_WORDS) > 0) execvp(argv[0], argv);
    }
    fprintf(stderr, "gemgames: cannot run \"%s\": %s\n", e->cmd, strerror(errno));
    _exit(127);
}

static void log_note(const engine *e, const char *what)
{
    if (!e->log_path[0]) return;
    FILE *f = fopen(e->log_path, "a");
    if (!f) return;
    fprintf(f, "== gemgames: %s ==\n", what);
    fclose(f);
}

static gg_status ask(engine *e, const char *command, long timeout_ms, gg_error *err);

static gg_status start(engine *e, gg_error *err)
{
    int in[2], out[2];
    e->fault[0] = '\0';
    /* Every end close-on-exec from the start (the child's two become its
     * stdin and stdout by dup2, which clears the flag): no engine inherits
     * another's pipe, even one started at the same moment by another thread
     * (gemgames match --threads), so a dead engine's pipe shows EOF. */
    if (pipe2(in, O_CLOEXEC)) return fault(e, err, GG_FAULT_START, "cannot make a pipe");
    if (pipe2(out, O_CLOEXEC)) {
        close(in[0]), close(in[1]);
        return fault(e, err, GG_FAULT_START, "cannot make a pipe");
    }
    /* a dead engine shows as a write error, not a fatal signal */
    signal(SIGPIPE, SIG_IGN);
    log_note(e, "engine started");
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return fault(e, err, GG_FAULT_START, "cannot start \"%.60s\"", e->cmd);
    }
    if (pid == 0) exec_child(e, in[0], out[1]);
    setpgid(pid, pid);
    close(in[0]);
    close(out[1]);
    e->pid = pid;
    e->to = in[1];
    e->from = out[0];
    e->seat = -1;
    e->game_line[0] = '\0';
    gg_status st = ask(e, "protocol_version", e->cfg.reply_ms, err);
    if (!st && strcmp(e->reply, "2"))
        st = fault(e, err, GG_FAULT_START, "it speaks protocol version \"%.20s\", not 2", e->reply);
    if (!st) {
        gg_error ignored;
        e->knows_position = ask(e, "known_command position", e->cfg.reply_ms, &ignored) == GG_OK &&
                            !strcmp(e->reply, "true");
        if (e->fault[0]) st = gg_fail(err, GG_EIO, "%s", ignored.msg);
    }
    if (st) {
        char msg[320];
        snprintf(msg, sizeof msg, "engine \"%.60s\" did not start: %s", e->cmd, err->msg);
        stop_now(e);
        snprintf(e->fault, sizeof e->fault, "%s", GG_FAULT_START);
        return gg_fail(err, GG_EIO, "%.190s", msg);
    }
    return GG_OK;
}

/* ---------------------------------------------------------------- talk */

/* Reads whatever is waiting, up to `deadline` (now_ms); 1 read, 0 timeout,
 * -1 end of file or error. */
static int fill(engine *e, double deadline)
{
    double left = deadline - now_ms();
    struct pollfd pfd = {e->from, POLLIN, 0};
    int r = poll(&pfd, 1, left <= 0 ? 0 : (int)(left + 1));
    if (r < 0 && errno == EINTR) return 0;
    if (r <= 0) return 0;
    if (e->cap - e->len < 4096) {
        size_t cap = e->cap ? e->cap * 2 : 8192;
        char *b = realloc(e->buf, cap);
        if (!b) return -1;
        e->buf = b;
        e->cap = cap;
    }
    ssize_t n = read(e->from, e->buf + e->len, e->cap - e->len);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return 1;
    if (n <= 0) return -1;
    e->len += (size_t)n;
    return 1;
}

/* Takes one line (without its "\n" or "\r\n") into `line`; 1 got one, 0
 * timeout, -1 closed, -2 too long. */
static int next_line(engine *e, double deadline, char **line, size_t *n)
{
    for (;;) {
        char *nl = e->len ? memchr(e->buf, '\n', e->len) : NULL;
        if (nl) {
            size_t k = (size_t)(nl - e->buf);
            if (k > MAX_REPLY_LINE) return -2;
            if (*n < k + 1) {
                char *b = realloc(*line, k + 1);
                if (!b) return -1;
                *line = b;
                *n = k + 1;
            }
            memcpy(*line, e->buf, k);
            (*line)[k] = '\0';
            if (k && (*line)[k - 1] == '\r') (*line)[k - 1] = '\0';
            memmove(e->buf, nl + 1, e->len - k - 1);
            e->len -= k + 1;
            return 1;
        }
        if (e->len > MAX_REPLY_LINE) return -2;
        if (now_ms() >= deadline) return 0;
        int r = fill(e, deadline);
        if (r < 0) return -1;
        if (r == 0 && now_ms() >= deadline) return 0;
    }
}

/* How the process ended, for a crash's reason. */
static void exit_words(engine *e, char *buf, size_t n)
{
    int status;
    snprintf(buf, n, "it closed its output");
    if (e->pid <= 0) return;
    double end = now_ms() + 200;
    pid_t r;
    while ((r = waitpid(e->pid, &status, WNOHANG)) == 0 && now_ms() < end) {
        struct timespec nap = {0, 2 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    if (r != e->pid) return;
    e->pid = 0;
    if (WIFEXITED(status)) snprintf(buf, n, "it exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status)) snprintf(buf, n, "it was killed by signal %d", WTERMSIG(status));
}

/* Output nobody asked for, waiting before a command (blank lines are let
 * pass): noise. */
static gg_status check_quiet(engine *e, const char *command, gg_error *err)
{
    char *line = NULL;
    size_t n = 0;
    gg_status st = GG_OK;
    for (;;) {
        int r = next_line(e, now_ms(), &line, &n);
        if (r == 1 && !*line) continue;
        if (r == 1 || r == -2)
            st = fault(e, err, GG_FAULT_NOISE, "output before \"%.20s\" that answers nothing: \"%.40s\"",
                       command, r == 1 ? line : "(a very long line)");
        else if (r == 0 && e->len)
            st = fault(e, err, GG_FAULT_NOISE, "output before \"%.20s\" that answers nothing: \"%.40s\"",
                       command, e->buf);
        break;
    }
    free(line);
    return st;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Sends one command and reads its reply within `timeout_ms`. GG_OK on "=",
 * the reply's text in e->reply (lines joined by "\n"); GG_EILLEGAL on "?"
 * (e->reply holds it); GG_EIO on anything that breaks the protocol, with
 * e->fault set. */
static gg_status ask(engine *e, const char *command, long timeout_ms, gg_error *err)
{
    gg_status st;
    if (e->pid <= 0 || e->to < 0) return fault(e, err, GG_FAULT_CRASH, "the engine is not running");
    if ((st = check_quiet(e, command, err))) return st;
    size_t clen = strlen(command);
    char *msg = malloc(clen + 2);
    if (!msg) return gg_fail(err, GG_ENOMEM, "out of memory");
    memcpy(msg, command, clen);
    msg[clen] = '\n';
    int werr = write_all(e->to, msg, clen + 1);
    free(msg);
    char how[64];
    if (werr) {
        exit_words(e, how, sizeof how);
        return fault(e, err, GG_FAULT_CRASH, "%s (sending \"%.20s\")", how, command);
    }
    double deadline = now_ms() + (double)(timeout_ms > 0 ? timeout_ms : DEFAULT_REPLY_MS);
    char *line = NULL;
    size_t n = 0, used = 0;
    int first = 1, good = 0;
    st = GG_OK;
    for (;;) {
        int r = next_line(e, deadline, &line, &n);
        if (r == 0) {
            st = fault(e, err, GG_FAULT_TIMEOUT, "no reply to \"%.20s\" within %ld ms", command,
                       timeout_ms > 0 ? timeout_ms : (long)DEFAULT_REPLY_MS);
            break;
        }
        if (r == -2) {
            st = fault(e, err, GG_FAULT_MALFORMED, "a reply line over %d bytes", MAX_REPLY_LINE);
            break;
        }
        if (r < 0) {
            exit_words(e, how, sizeof how);
            st = fault(e, err, GG_FAULT_CRASH, "%s (waiting for the reply to \"%.20s\")", how,
                       command);
            break;
        }
        if (first) {
            if (!*line) continue; /* blank lines before a reply are let pass */
            if (line[0] != '=' && line[0] != '?') {
                st = fault(e, err, GG_FAULT_NOISE, "a reply to \"%.20s\" must start with = or ?, not \"%.40s\"",
                           command, line);
                break;
            }
            good = line[0] == '=';
            const char *t = line + 1;
            while (*t == ' ') t++;
            memmove(line, t, strlen(t) + 1);
            first = 0;
        } else if (!*line) {
            break;
        }
        size_t k = strlen(line);
        if (used + k > MAX_REPLY) {
            st = fault(e, err, GG_FAULT_MALFORMED, "a reply to \"%.20s\" over %d bytes", command, MAX_REPLY);
            break;
        }
        if (used + k + 2 > e->reply_cap) {
            size_t cap = (used + k + 2) * 2;
            char *b = realloc(e->reply, cap);
            if (!b) {
                st = gg_fail(err, GG_ENOMEM, "out of memory");
                break;
            }
            e->reply = b;
            e->reply_cap = cap;
        }
        if (used) e->reply[used++] = '\n';
        memcpy(e->reply + used, line, k + 1);
        used += k;
    }
    free(line);
    if (st) return st;
    if (!good) return gg_fail(err, GG_EILLEGAL, "the engine refused \"%.30s\": %.120s", command, e->reply);
    return GG_OK;
}

/* A command whose "?" the engine may give (it need not follow what the
 * command tells it); only a broken reply is a fault. */
static gg_status tell(engine *e, const char *command, gg_error *err)
{
    gg_status st = ask(e, command, e->cfg.reply_ms, err);
    return st == GG_EILLEGAL ? GG_OK : st;
}

/* A command that must be accepted: "?" is a fault too. */
static gg_status demand(engine *e, const char *command, long timeout_ms, gg_error *err)
{
    gg_status st = ask(e, command, timeout_ms, err);
    if (st == GG_EILLEGAL) {
        snprintf(e->fault, sizeof e->fault, "%s", GG_FAULT_REFUSED);
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        return gg_fail(err, GG_EIO, "%s: %.180s", GG_FAULT_REFUSED, msg);
    }
    return st;
}

/* "COMMAND ARG" (ARG may be long), sent with tell or demand. */
static gg_status send_with(engine *e, const char *command, const char *arg, int must,
                           long timeout_ms, gg_error *err)
{
    size_t a = strlen(command), b = strlen(arg);
    char *line = malloc(a + b + 2);
    if (!line) return gg_fail(err, GG_ENOMEM, "out of memory");
    memcpy(line, command, a);
    line[a] = ' ';
    memcpy(line + a + 1, arg, b + 1);
    gg_status st = must ? demand(e, line, timeout_ms, err) : tell(e, line, err);
    free(line);
    return st;
}

/* -------------------------------------------------------------- the bot */

static gg_status open_engine(gg_bot *bot, const char *params, int shell,
                             const gg_engine_config *cfg, gg_error *err)
{
    if (!*params) return gg_fail(err, GG_EOPTION, "engine:CMD needs a command to run");
    if (strlen(params) >= sizeof ((engine *)0)->cmd)
        return gg_fail(err, GG_EOPTION, "engine command too long");
    if (!shell) {
        char words[sizeof ((engine *)0)->cmd];
        char *argv[MAX_WORDS];
        int n = gg_engine_split(params, words, argv, MAX_WORDS);
        if (n < 0)
            return gg_fail(err, GG_EOPTION, "engine:CMD: an unclosed quote or a trailing \\ in \"%.80s\"", params);
        if (n == 0) return gg_fail(err, GG_EOPTION, "engine:CMD needs a command to run");
    }
    engine *e = calloc(1, sizeof *e);
    if (!e) return gg_fail(err, GG_ENOMEM, "out of memory");
    e->to = e->from = -1;
    e->seat = -1;
    strcpy(e->cmd, params);
    e->shell = shell;
    if (cfg) {
        e->cfg = *cfg;
        if (cfg->stderr_log) snprintf(e->log_path, sizeof e->log_path, "%s", cfg->stderr_log);
    }
    e->cfg.stderr_log = NULL;
    bot->data = e;
    gg_status st = start(e, err);
    if (st) bot->kind->destroy(bot);
    return st;
}

static gg_status engine_create(gg_bot *bot, const char *params, gg_error *err)
{
    return open_engine(bot, params, 0, NULL, err);
}

static gg_status engine_sh_create(gg_bot *bot, const char *params, gg_error *err)
{
    return open_engine(bot, params, 1, NULL, err);
}

gg_bot *gg_engine_open(const char *spec, uint64_t seed, const gg_engine_config *cfg,
                       gg_error *err)
{
    int shell = !strncmp(spec, "engine-sh:", 10);
    if (!shell && strncmp(spec, "engine:", 7)) {
        gg_fail(err, GG_EOPTION, "\"%.60s\" is not an engine spec", spec);
        return NULL;
    }
    if (strlen(spec) >= sizeof ((gg_bot *)0)->spec) {
        gg_fail(err, GG_EOPTION, "bot spec too long");
        return NULL;
    }
    gg_bot *bot = calloc(1, sizeof *bot);
    if (!bot) {
        gg_fail(err, GG_ENOMEM, "out of memory");
        return NULL;
    }
    bot->kind = shell ? &gg_bot_engine_sh : &gg_bot_engine;
    strcpy(bot->spec, spec);
    gg_rng_seed(&bot->rng, seed);
    if (open_engine(bot, spec + (shell ? 10 : 7), shell, cfg, err)) {
        free(bot);
        return NULL;
    }
    return bot;
}

static void engine_destroy(gg_bot *bot)
{
    engine *e = bot->data;
    if (!e) return;
    if (e->pid > 0 && e->to >= 0) {
        /* quit, and read its reply before closing: a naive engine that
         * writes "=" after quit must not meet a closed pipe */
        gg_error ignored;
        ask(e, "quit", QUIT_WAIT_MS, &ignored);
    }
    close_fd(&e->to);
    close_fd(&e->from);
    reap(e, QUIT_WAIT_MS);
    free(e->buf);
    free(e->reply);
    free(e);
    bot->data = NULL;
}

/* "new_game GAME players=N KEY=VALUE... seat=K [move_ms= bank_ms= inc_ms=]" */
static void new_game_line(const gg_state *s, int seat, const gg_time_control *tc, char *buf,
                          size_t n)
{
    size_t k = (size_t)snprintf(buf, n, "new_game %s players=%d", gg_game_name(s->game),
                                gg_players(s));
    for (int i = 0; i < gg_game_option_count(s->game) && k < n; i++) {
        const gg_option_info *o = gg_game_option(s->game, i);
        k += (size_t)snprintf(buf + k, n - k, " %s=%s", o->key,
                              gg_options_get(gg_state_options(s), s->game, o->key));
    }
    if (k < n) k += (size_t)snprintf(buf + k, n - k, " seat=%d", seat);
    if (tc && k < n && (tc->move_ms || tc->bank_ms))
        snprintf(buf + k, n - k, " move_ms=%ld bank_ms=%ld inc_ms=%ld", tc->move_ms,
                 tc->bank_ms, tc->inc_ms);
}

gg_status gg_engine_new_game(gg_bot *bot, const gg_state *s, int seat,
                             const gg_time_control *tc, gg_error *err)
{
    engine *e = bot->data;
    e->fault[0] = '\0';
    gg_status st;
    if (e->pid <= 0 && (st = start(e, err))) return st;
    log_note(e, "new game");
    char line[sizeof e->game_line];
    new_game_line(s, seat, tc, line, sizeof line);
    if ((st = demand(e, line, e->cfg.reply_ms, err))) return st;
    snprintf(e->game_line, sizeof e->game_line, "%s", line);
    e->seat = seat;
    return GG_OK;
}

void gg_engine_set_move_limit(gg_bot *bot, long ms) { ((engine *)bot->data)->move_limit_ms = ms; }

double gg_engine_last_move_ms(const gg_bot *bot) { return ((const engine *)bot->data)->last_move_ms; }

const char *gg_engine_fault(const gg_bot *bot) { return ((const engine *)bot->data)->fault; }

gg_status gg_engine_game_over(gg_bot *bot, const char *args, gg_error *err)
{
    engine *e = bot->data;
    e->fault[0] = '\0';
    gg_status st = send_with(e, "game_over", args, 0, 0, err);
    e->game_line[0] = '\0';
    return st;
}

void gg_engine_stop(gg_bot *bot)
{
    engine *e = bot->data;
    log_note(e, "engine stopped by the controller");
    stop_now(e);
}

/* The seat's legal moves in notation, '|'-separated (malloc'd). */
static char *legal_line(const gg_state *s, int seat)
{
    gg_action list[GG_MAX_ACTIONS];
    int k = gg_legal(s, seat, list);
    char *line = malloc((size_t)k * GG_MAX_NOTATION + 1);
    if (!line) return NULL;
    size_t n = 0;
    line[0] = '\0';
    for (int i = 0; i < k; i++) {
        if (i) line[n++] = GG_PROTO_MOVE_SEP;
        n += (size_t)gg_action_format(s, seat, list[i], line + n, GG_MAX_NOTATION);
    }
    line[n] = '\0';
    return line;
}

/* position: a determinization for the seat, the seed zeroed (the seed would
 * reveal the deal). */
static gg_status send_position(engine *e, gg_bot *bot, const gg_state *s, int seat, gg_error *err)
{
    gg_state *d = gg_clone(s);
    if (!d) return gg_fail(err, GG_ENOMEM, "out of memory");
    gg_determinize(d, seat, &bot->rng);
    d->seed = 0;
    char *json = gg_state_json(d);
    gg_free(d);
    if (!json) return gg_fail(err, GG_ENOMEM, "out of memory");
    gg_status st = send_with(e, "position", json, 0, 0, err);
    free(json);
    return st;
}

static gg_status engine_choose(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                               gg_error *err)
{
    engine *e = bot->data;
    e->fault[0] = '\0';
    e->last_move_ms = 0;
    gg_status st;
    /* outside a match (play, selfplay): a game starts when the table changes */
    char line[sizeof e->game_line];
    new_game_line(s, seat, NULL, line, sizeof line);
    size_t table = (size_t)(strstr(line, " seat=") - line);
    if ((!e->game_line[0] || strncmp(line, e->game_line, table)) &&
        (st = gg_engine_new_game(bot, s, seat, NULL, err)))
        return st;
    if (e->seat != seat) {
        char cmd[32];
        snprintf(cmd, sizeof cmd, "set_seat %d", seat);
        if ((st = demand(e, cmd, e->cfg.reply_ms, err))) return st;
        e->seat = seat;
    }
    if (e->knows_position && (st = send_position(e, bot, s, seat, err))) return st;
    char *view = gg_proto_view_json(s, seat);
    if (!view) return gg_fail(err, GG_ENOMEM, "out of memory");
    st = send_with(e, "observe", view, 0, 0, err);
    free(view);
    if (st) return st;
    long limit = e->move_limit_ms > 0 ? e->move_limit_ms : e->cfg.reply_ms;
    if (e->move_limit_ms > 0) {
        char cmd[48];
        snprintf(cmd, sizeof cmd, "time_left %ld", e->move_limit_ms);
        if ((st = tell(e, cmd, err))) return st;
    }
    char *moves = legal_line(s, seat);
    if (!moves) return gg_fail(err, GG_ENOMEM, "out of memory");
    double t0 = now_ms();
    st = send_with(e, "genmove", moves, 1, limit, err);
    e->last_move_ms = now_ms() - t0;
    free(moves);
    if (st) return st;
    gg_action a;
    if (gg_action_parse(s, seat, e->reply, &a, err))
        return fault(e, err, GG_FAULT_MALFORMED, "genmove answered \"%.40s\", not a move: %.100s",
                     e->reply, err->msg);
    gg_action list[GG_MAX_ACTIONS];
    int k = gg_legal(s, seat, list);
    for (int i = 0; i < k; i++)
        if (list[i] == a) {
            *out = a;
            return GG_OK;
        }
    return fault(e, err, GG_FAULT_ILLEGAL, "genmove answered \"%.60s\", which is not legal now", e->reply);
}

const gg_bot_kind gg_bot_engine = {"engine", engine_create, engine_choose, engine_destroy};
const gg_bot_kind gg_bot_engine_sh = {"engine-sh", engine_sh_create, engine_choose, engine_destroy};
