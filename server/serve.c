/* serve.c — `gemgames serve`: open the store, restore every table by
 * replaying its log, start the bot workers and the web server, and run until
 * SIGINT or SIGTERM. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../cli/cli.h"
#include "server.h"

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
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
    if (mkdirs(dir) != 0) return cli_error("cannot create %s: %s", dir, strerror(errno)), -1;
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
static int find_web(char *out, size_t n)
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
    (void)n;
    return -1;
}

int cmd_serve(int argc, char **argv)
{
    static char db[PATH_MAX], web[PATH_MAX], vendor[PATH_MAX + 16];
    srv_config cfg = {.host = NULL, .port = 8080, .threads = 64, .bot_threads = 2,
                      .bot_delay_ms = 400, .rate = 20, .burst = 60};
    long v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val;
        if (cli_flag_is(a, "--quiet")) {
            cfg.quiet = 1;
            continue;
        }
        if (!(val = cli_flag_value(argc, argv, &i))) return 2;
        if (cli_flag_is(a, "--port") && !cli_parse_int(val, 0, 65535, &v)) cfg.port = (int)v;
        else if (cli_flag_is(a, "--host")) cfg.host = val;
        else if (cli_flag_is(a, "--db")) snprintf(db, sizeof db, "%s", val);
        else if (cli_flag_is(a, "--web")) snprintf(web, sizeof web, "%s", val);
        else if (cli_flag_is(a, "--threads") && !cli_parse_int(val, 4, 20000, &v))
            cfg.threads = (int)v;
        else if (cli_flag_is(a, "--bot-threads") && !cli_parse_int(val, 1, 16, &v))
            cfg.bot_threads = (int)v;
        else if (cli_flag_is(a, "--bot-delay") && !cli_parse_int(val, 0, 60000, &v))
            cfg.bot_delay_ms = (int)v;
        else if (cli_flag_is(a, "--rate") && !cli_parse_int(val, 0, 1000000, &v))
            cfg.rate = (double)v, cfg.burst = cfg.burst < 3.0 * v ? 3.0 * v : cfg.burst;
        else return cli_error("serve: bad or unknown flag %s %s", a, val);
    }
    if (!*db && default_db(db, sizeof db) != 0) return 1;
    if (!*web && find_web(web, sizeof web) != 0)
        return cli_error("serve: cannot find the web/ folder (give --web DIR)"), 1;
    snprintf(vendor, sizeof vendor, "%s/../node_modules", web);
    cfg.db_path = db;
    cfg.web_root = web;
    cfg.vendor_root = vendor;

    char err[STORE_ERR];
    store *st = store_sqlite_open(db, err);
    if (!st) return cli_error("serve: %s", err), 1;
    if (srv_bots_start(cfg.bot_threads, cfg.bot_delay_ms) != 0 ||
        srv_tables_init(st, &cfg, err) != 0 || srv_http_start(&cfg, err) != 0) {
        srv_bots_stop();
        srv_tables_shutdown();
        st->ops->close(st);
        return cli_error("serve: %s", err), 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    printf("gemgames serve: listening on http://%s:%d/ (db %s)\n",
           cfg.host ? cfg.host : "localhost", srv_http_port(), db);
    fflush(stdout);
    while (!stop_requested) pause();
    if (!cfg.quiet) fprintf(stderr, "gemgames serve: stopping\n");
    srv_http_stop();
    srv_bots_stop();
    srv_tables_shutdown();
    st->ops->close(st);
    return 0;
}
