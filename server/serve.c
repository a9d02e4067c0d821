/* serve.c — `gemgames serve`: read the options, open the store, restore
 * every table by replaying its log, start the bot workers and the web
 * server, and run until SIGINT or SIGTERM (or until the store fails: then
 * the server stops acknowledging and exits non-zero). */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "intl.h" /* common/: _() for the messages a person reads */
#include "opts.h" /* common/: the option parser every command shares */
#include "server.h"

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

static int serve_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int serve_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gemgames serve: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

static int mkdirs(const char *dir)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) return -1;
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(path, 0700) != 0 && errno != EEXIST) return -1;
        *p = '/';
    }
    return (mkdir(path, 0700) != 0 && errno != EEXIST) ? -1 : 0;
}

/* $XDG_DATA_HOME/gemgames/gemgames.db, else ~/.local/share/gemgames/... */
static int default_db(char *out, size_t n)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char dir[PATH_MAX];
    if (xdg && *xdg) snprintf(dir, sizeof dir, "%s/gemgames", xdg);
    else if (home && *home) snprintf(dir, sizeof dir, "%s/.local/share/gemgames", home);
    else snprintf(dir, sizeof dir, "gemgames-data");
    if (mkdirs(dir) != 0) return serve_error(_("cannot create %s: %s"), dir, strerror(errno)), -1;
    if ((size_t)snprintf(out, n, "%.4000s/gemgames.db", dir) >= n) return -1;
    return 0;
}

static int is_file(const char *dir, const char *name)
{
    char path[PATH_MAX + 64];
    struct stat sb;
    snprintf(path, sizeof path, "%.4000s/%.60s", dir, name);
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* web/ next to the working directory, else next to the binary (build/rel/),
 * else installed: BINDIR/../share/gemgames/web (make install, any PREFIX). */
static int find_web(char *out)
{
    static const char *const from_exe[] = {"../../web", "../share/gemgames/web"};
    char exe[PATH_MAX];
    if (is_file("web", "index.html") && realpath("web", out)) return 0;
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = len > 0 ? (exe[len] = 0, strrchr(exe, '/')) : NULL;
    if (slash) *slash = 0;
    for (int i = 0; slash && i < 2; i++) {
        char cand[PATH_MAX + 32];
        snprintf(cand, sizeof cand, "%s/%s", exe, from_exe[i]);
        if (is_file(cand, "index.html") && realpath(cand, out)) return 0;
    }
    return -1;
}

/* ------------------------------------------------------------ options */

/* One option table (common/opts.h, the parser every command shares): the
 * parser, --help, --version and the usage errors are made from it (STYLE 12).
 * Integer options also have their accepted range in `ranges`. */
enum {
    O_PORT, O_HOST, O_DB, O_WEB, O_THREADS, O_BOT_THREADS, O_BOT_DELAY, O_RATE, O_BOT_MAX_MS,
    O_BOT_MAX_ITERS, O_ENGINES, O_ORIGIN, O_PROXY, O_TABLES_PER_ADDR, O_EXPIRE_OVER,
    O_EXPIRE_IDLE, O_WS_IDLE, O_WS_PER_ADDR, O_LOG_JSON, O_QUIET, O_COUNT
};

static const cli_opt opts[O_COUNT + 1] = {
    [O_PORT] = {"port", "N", N_("TCP port (default 8080; 0: any free port)")},
    [O_HOST] = {"host", "ADDR", N_("listen on this address only (default: every interface)")},
    [O_DB] = {"db", "PATH",
              N_("the SQLite file (default $XDG_DATA_HOME/gemgames/gemgames.db), or a "
              "PostgreSQL URI postgresql://... that several servers share")},
    [O_WEB] = {"web", "DIR", N_("the browser UI (default ./web, else next to the build)")},
    [O_THREADS] = {"threads", "N", N_("ignored: one thread serves every connection")},
    [O_BOT_THREADS] = {"bot-threads", "N", N_("threads that let bots move (default 2)")},
    [O_BOT_DELAY] = {"bot-delay", "MS", N_("pause before a bot moves (default 400)")},
    [O_RATE] = {"rate", "N", N_("messages/s per WebSocket and POSTs/s per address (default 20; 0: off)")},
    [O_BOT_MAX_MS] = {"bot-max-ms", "MS",
                      N_("most thinking time a client may give an ismcts bot (default 2000)")},
    [O_BOT_MAX_ITERS] = {"bot-max-iters", "N",
                         N_("most iterations a client may give an ismcts bot (default 20000)")},
    [O_ENGINES] = {"engines", "FILE",
                   N_("external engines clients may name: lines name=command (default none)")},
    [O_ORIGIN] = {"allowed-origin", "ORIGIN",
                  N_("a page origin allowed to open WebSockets, e.g. https://games.example "
                  "(repeatable; default: the server's own host only)")},
    [O_PROXY] = {"trusted-proxy", "ADDR",
                 N_("a reverse proxy whose X-Forwarded-For is believed (repeatable; default none)")},
    [O_TABLES_PER_ADDR] = {"tables-per-addr", "N",
                           N_("live tables one address (IPv6: one /64) may have created (default 100)")},
    [O_EXPIRE_OVER] = {"expire-over", "SECONDS",
                       N_("finished tables are deleted this long after their last move "
                       "(default 604800: 7 days)")},
    [O_EXPIRE_IDLE] = {"expire-idle", "SECONDS",
                       N_("unfinished tables with no move for this long are deleted "
                       "(default 2592000: 30 days)")},
    [O_WS_IDLE] = {"ws-idle", "SECONDS",
                   N_("a WebSocket from which nothing (not even a pong to the server's pings) "
                   "arrives for this long is closed (default 75)")},
    [O_WS_PER_ADDR] = {"ws-per-addr", "N",
                       N_("open WebSockets one address (IPv6: one /64) may hold (default 32)")},
    [O_LOG_JSON] = {"log-json", NULL, N_("the request and table log on stderr as JSON lines")},
    [O_QUIET] = {"quiet", NULL, N_("no start-up, connection, request or table messages on stderr")},
    {NULL, NULL, NULL}};

static const struct { long lo, hi; } ranges[O_COUNT] = {
    [O_PORT] = {0, 65535}, [O_THREADS] = {4, 20000}, [O_BOT_THREADS] = {1, 16},
    [O_BOT_DELAY] = {0, 60000}, [O_RATE] = {0, 1000000}, [O_BOT_MAX_MS] = {1, 600000},
    [O_BOT_MAX_ITERS] = {1, 100000000}, [O_TABLES_PER_ADDR] = {1, 1000000},
    [O_EXPIRE_OVER] = {1, 315360000}, [O_EXPIRE_IDLE] = {1, 315360000}, [O_WS_IDLE] = {3, 86400},
    [O_WS_PER_ADDR] = {1, 1000000},
};

const cli_spec srv_serve_spec = {
    "serve", "[OPTION]...",
    N_("The online server: the browser UI, the HTTP/WebSocket API, tables stored in\n"
    "SQLite (docs/server.md). GET /healthz answers 200 while the store is healthy.\n"
    "SIGTERM or SIGINT: stop accepting, finish the moves in flight, exit 0."),
    opts, NULL};

static int int_arg(int which, const char *val, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(val, &end, 10);
    if (!*val || *end || errno || v < ranges[which].lo || v > ranges[which].hi)
        return cli_usage_error(&srv_serve_spec, _("--%s takes a whole number from %ld to %ld, not '%s'"),
                               opts[which].name, ranges[which].lo, ranges[which].hi, val);
    *out = v;
    return 0;
}

static int add_to(const char **list, int *n, int max, const char *val, const char *what)
{
    if (*n == max) return cli_usage_error(&srv_serve_spec, _("at most %d --%s"), max, what);
    list[(*n)++] = val;
    return 0;
}

/* One option into cfg (db, web: the paths given); 0, or 2 for a usage error. */
static int serve_option(int which, const char *val, srv_config *cfg, char *db, char *web)
{
    long v = 0;
    if (ranges[which].hi > 0 && int_arg(which, val, &v) != 0) return 2;
    switch (which) {
    case O_PORT: cfg->port = (int)v; break;
    case O_HOST: cfg->host = val; break;
    case O_DB: snprintf(db, PATH_MAX, "%s", val); break;
    case O_WEB: snprintf(web, PATH_MAX, "%s", val); break;
    case O_THREADS: cfg->threads = (int)v; break;
    case O_BOT_THREADS: cfg->bot_threads = (int)v; break;
    case O_BOT_DELAY: cfg->bot_delay_ms = (int)v; break;
    case O_RATE:
        cfg->rate = (double)v;
        cfg->burst = cfg->burst < 3.0 * (double)v ? 3.0 * (double)v : cfg->burst;
        break;
    case O_BOT_MAX_MS: cfg->bot_max_ms = v; break;
    case O_BOT_MAX_ITERS: cfg->bot_max_iters = v; break;
    case O_ENGINES: cfg->engines_file = val; break;
    case O_ORIGIN: return add_to(cfg->origins, &cfg->n_origins, SRV_MAX_LIST, val, "allowed-origin");
    case O_PROXY: return add_to(cfg->proxies, &cfg->n_proxies, SRV_MAX_LIST, val, "trusted-proxy");
    case O_TABLES_PER_ADDR: cfg->tables_per_addr = (int)v; break;
    case O_EXPIRE_OVER: cfg->expire_over_s = v; break;
    case O_EXPIRE_IDLE: cfg->expire_idle_s = v; break;
    case O_WS_IDLE: cfg->ws_idle_s = v; break;
    case O_WS_PER_ADDR: cfg->ws_per_addr = (int)v; break;
    case O_LOG_JSON: cfg->log_json = 1; break;
    case O_QUIET: cfg->quiet = 1; break;
    }
    return 0;
}

/* 0 to run, 1 after --help or --version, 2 on a usage error. */
static int parse_options(int argc, char **argv, srv_config *cfg, char *db, char *web)
{
    cli_parser p;
    const char *val;
    int k;
    cli_opts_begin(&p, &srv_serve_spec, argc, argv);
    while ((k = cli_opts_next(&p, &val)) >= 0)
        if (serve_option(k, val, cfg, db, web)) return 2;
    if (k == CLI_OPTS_EXIT) return p.status ? p.status : 1;
    char **rest;
    if (cli_opts_operands(&p, &rest) > 0)
        return cli_usage_error(&srv_serve_spec, _("unexpected operand '%s'"), rest[0]);
    return 0;
}

/* ------------------------------------------------------------ run */

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

int cmd_serve(int argc, char **argv)
{
    static char db[PATH_MAX], web[PATH_MAX], vendor[PATH_MAX + 16];
    srv_config cfg = {.host = NULL, .port = 8080, .threads = 256, .bot_threads = 2,
                      .bot_delay_ms = 400, .rate = 20, .burst = 60, .bot_max_ms = 2000,
                      .bot_max_iters = 20000, .tables_per_addr = 100,
                      .expire_over_s = 7 * 86400, .expire_idle_s = 30 * 86400,
                      .ws_idle_s = 75, .ws_per_addr = 32};
    int r = parse_options(argc, argv, &cfg, db, web);
    if (r) return r == 1 ? 0 : 2;
    if (!*db && default_db(db, sizeof db) != 0) return 1;
    if (!*web && find_web(web) != 0)
        return serve_error(_("cannot find the web/ folder (give --web DIR)"));
    snprintf(vendor, sizeof vendor, "%s/../node_modules", web);
    cfg.db_path = db;
    cfg.web_root = web;
    cfg.vendor_root = vendor;

    char err[STORE_ERR];
    srv_oplog_init(&cfg);
    srv_health_init(&cfg);
    if (srv_botlist_init(&cfg, err) != 0) return serve_error("%s", err);
    store *st = store_is_pg(db) ? store_pg_open(db, err) : store_sqlite_open(db, err);
    if (!st) return serve_error("%s", err);
    char shown[PATH_MAX];
    if (store_is_pg(db)) store_pg_redact(db, shown, sizeof shown); /* no password in logs */
    else snprintf(shown, sizeof shown, "%s", db);
    if (srv_outq_start((double)cfg.ws_idle_s, cfg.quiet) != 0 ||
        srv_bots_start(cfg.bot_threads, cfg.bot_delay_ms) != 0 || srv_advice_start() != 0 ||
        srv_tables_init(st, &cfg, err) != 0 || srv_sync_init(st, &cfg, err) != 0 ||
        srv_http_start(&cfg, err) != 0) {
        srv_advice_stop();
        srv_bots_stop();
        srv_sync_stop();
        srv_outq_stop();
        srv_tables_shutdown();
        st->ops->close(st);
        return serve_error("%s", err);
    }
    install_signals();
    printf("gemgames serve: listening on http://%s:%d/ (db %s)\n",
           cfg.host ? cfg.host : "localhost", srv_http_port(), shown);
    fflush(stdout);
    while (!stop_requested && !srv_store_failed()) {
        sleep(1);
        srv_tables_expire();
    }
    int failed = srv_store_failed();
    if (failed) serve_error(_("%s; stopping (nothing more was acknowledged)"), srv_store_error());
    else if (!cfg.quiet) fprintf(stderr, "gemgames serve: stopping (finishing the moves in flight)\n");
    if (!failed) srv_drain_wait(10.0); /* new requests refused, running ones finish */
    srv_http_stop();
    srv_outq_stop();
    srv_advice_stop();
    srv_bots_stop();
    srv_sync_stop();
    srv_tables_shutdown();
    st->ops->close(st);
    return failed ? 1 : 0;
}
