/* cmd_play.c — `gemgames play GAME`: a line-based game in the terminal, one
 * person against bots. The person sees only their seat's view; the bots'
 * moves are shown as announced to that seat (secrets masked). */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tui.h"

typedef struct play_args {
    cli_table table;
    long seat;
    const char *bots;
    int plain;         /* --plain: the line-based game even on a terminal */
    const char *seats; /* --seats human,heuristic,...: one entry per seat */
    const char *load;  /* --load FILE: resume a game record */
} play_args;

static void print_help(void)
{
    printf(_("Type the number of a move or its notation (docs/notation.md).\n"
           "  board     show the board again      moves   list your legal moves\n"
           "  json      your view as JSON          save F  save the game record to F\n"
           "  help      this text                  quit    leave the game\n"));
}

static void show_board(const gg_state *s, int seat)
{
    char *view = gg_view_json(s, seat);
    if (view) cli_render_view(stdout, gg_state_game(s), view);
    free(view);
}

static void trim(char *line)
{
    size_t n = strlen(line);
    while (n && isspace((unsigned char)line[n - 1])) line[--n] = '\0';
    size_t k = 0;
    while (line[k] && isspace((unsigned char)line[k])) k++;
    memmove(line, line + k, strlen(line + k) + 1);
}

static int save_record(const gg_record *rec, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) return cli_error(_("cannot write %s"), path);
    char *json = gg_record_json(rec);
    fprintf(f, "%s\n", json);
    free(json);
    if (fclose(f)) return cli_error(_("cannot write %s"), path);
    printf(_("saved to %s\n"), path);
    return 0;
}

/* One answer to the person, in rows of 80 columns between words (an
 * engine's reason can be long: "unknown action ...: use bid, order, up, ...").
 * What the person typed comes back in it (and in the engine's reason), so
 * control characters are shown as '?': a typed escape sequence is not
 * played back to the terminal. */
static void say_wrapped(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say_wrapped(const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    for (char *c = text; *c; c++)
        if ((*c > 0 && *c < ' ' && *c != '\n') || *c == 0x7f) *c = '?';
    cli_print_wrapped(stdout, text, CLI_PLAIN_WIDTH);
}

/* What the person typed, as an answer quotes it: at most QUOTE_MAX bytes,
 * cut before a UTF-8 character, "..." where it was cut. */
enum { QUOTE_MAX = 40 };
static const char *quoted(const char *line, char *out, size_t n)
{
    size_t len = strlen(line);
    if (len <= QUOTE_MAX) return line;
    size_t cut = QUOTE_MAX;
    while (cut > 0 && ((unsigned char)line[cut] & 0xC0) == 0x80) cut--;
    snprintf(out, n, "%.*s...", (int)cut, line);
    return out;
}

/* Asks the person for one move. Returns 1 when a move was chosen, 0 on quit. */
static int ask_move(gg_state *s, int seat, gg_record *rec, gg_action *out)
{
    char line[512];
    gg_action legal[GG_MAX_ACTIONS];
    show_board(s, seat);
    cli_list_moves(stdout, s, seat, 0);
    for (;;) {
        printf(_("seat %d> "), seat + 1);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) return 0;
        if (!strchr(line, '\n')) /* a longer line: one answer, not one per 511 bytes */
            for (int c = getchar(); c != EOF && c != '\n'; c = getchar()) {}
        trim(line);
        if (!*line) continue;
        if (!strcmp(line, "quit") || !strcmp(line, "q") || !strcmp(line, "exit")) return 0;
        if (!strcmp(line, "help") || !strcmp(line, "?")) {
            print_help();
            continue;
        }
        if (!strcmp(line, "board")) {
            show_board(s, seat);
            continue;
        }
        if (!strcmp(line, "moves")) {
            cli_list_moves(stdout, s, seat, 1);
            continue;
        }
        if (!strcmp(line, "json")) {
            char *v = gg_view_json(s, seat);
            printf("%s\n", v);
            free(v);
            continue;
        }
        if (!strncmp(line, "save ", 5)) {
            save_record(rec, line + 5);
            continue;
        }
        int n = gg_legal(s, seat, legal);
        char *end;
        long k = strtol(line, &end, 10);
        if (*end == '\0' && end != line) {
            if (k >= 1 && k <= n) {
                *out = legal[k - 1];
                return 1;
            }
            printf(_("There is no move %ld; choose 1 to %d.\n"), k, n);
            continue;
        }
        gg_error err;
        gg_action a;
        char why[200];
        if (gg_action_parse(s, seat, line, &a, &err) != GG_OK) {
            char q[QUOTE_MAX + 8];
            say_wrapped(_("\"%s\" is not a move: %s"), quoted(line, q, sizeof q),
                        cli_reason(&err, why, sizeof why));
            continue;
        }
        gg_state *probe = gg_clone(s);
        gg_status st = probe ? gg_apply(probe, seat, a, &err) : GG_ENOMEM;
        gg_free(probe);
        if (st != GG_OK) {
            if (!probe) err = (gg_error){GG_ENOMEM, "out of memory"};
            say_wrapped(_("Illegal: %s"), cli_reason(&err, why, sizeof why));
            continue;
        }
        *out = a;
        return 1;
    }
}

static void print_result(const gg_state *s, int seat)
{
    gg_result r;
    gg_result_get(s, &r);
    show_board(s, seat);
    printf(_("Game over.\n"));
    for (int p = 0; p < r.players; p++) {
        if (p == seat) printf(_("  seat %d (you): %d points, place %d\n"), p + 1, r.score[p], r.rank[p]);
        else printf(_("  seat %d: %d points, place %d\n"), p + 1, r.score[p], r.rank[p]);
    }
    printf("%s", r.rank[seat] == 1 ? (r.winners > 1 ? _("You share the win.\n") : _("You win!\n"))
                                   : _("You lose.\n"));
}

/* The k-th spec of a comma-separated --bots list (one per other seat, in
 * seat order); the last one fills the remaining seats. */
static void nth_bot_spec(const char *list, int k, char *out, size_t n)
{
    const char *p = list, *comma;
    while (k-- > 0 && (comma = strchr(p, ','))) p = comma + 1;
    comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    snprintf(out, n, "%.*s", (int)len, p);
}

static int play_game(const play_args *a)
{
    gg_error err;
    const cli_table *t = &a->table;
    uint64_t seed = t->seed_given ? t->seed : cli_time_seed();
    gg_state *s = gg_new(t->game, &t->opts, seed, &err);
    char why[200];
    if (!s) return cli_error("%s", cli_reason(&err, why, sizeof why));
    int players = gg_players(s), me = (int)a->seat;
    if (me < 0 || me >= players) {
        gg_free(s);
        return cli_error(_("--seat must be from 0 to %d"), players - 1);
    }
    gg_bot *bots[GG_MAX_SEATS] = {0};
    for (int p = 0, k = 0; p < players; p++) {
        if (p == me) continue;
        char spec[256];
        nth_bot_spec(a->bots, k++, spec, sizeof spec);
        bots[p] = cli_play_bot_new(spec, seed, p, &err);
        if (!bots[p]) {
            for (int q = 0; q < p; q++) gg_bot_free(bots[q]);
            gg_free(s);
            return cli_error("%s", err.msg);
        }
    }
    gg_record *rec = gg_record_new(t->game, &t->opts, seed);
    char names[256] = "";
    for (int k = 0; k < players - 1 && strlen(names) < 160; k++) { /* the bots in words */
        char spec[256], name[64];
        nth_bot_spec(a->bots, k, spec, sizeof spec);
        cli_bot_name(spec, name, sizeof name);
        if (!strstr(names, name)) snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "", name);
    }
    char hello[512];
    snprintf(hello, sizeof hello,
             _("%s, %d players, seed %llu. You are seat %d; the others are \"%s\" bots.\n"
               "Type help for commands.\n"),
             gg_game_title(t->game), players, (unsigned long long)seed, me + 1, names);
    cli_print_wrapped(stdout, hello, CLI_PLAIN_WIDTH);
    int quit = 0;
    while (!quit && !gg_is_over(s)) {
        int seats[GG_MAX_SEATS];
        int n = gg_actors(s, seats);
        for (int i = 0; i < n && !quit; i++) {
            int p = seats[i];
            gg_action act;
            if (p == me) {
                if (!ask_move(s, p, rec, &act)) {
                    quit = 1;
                    break;
                }
            } else if (gg_bot_choose(bots[p], s, p, &act, &err) != GG_OK) {
                cli_error(_("bot at seat %d: %s"), p + 1, err.msg);
                quit = 1;
                break;
            }
            char said[GG_MAX_NOTATION];
            gg_action_announce(s, p, act, me, said, sizeof said);
            gg_record_add(rec, s, p, act);
            if (gg_apply(s, p, act, &err) != GG_OK) {
                cli_error(_("seat %d: %s"), p + 1, err.msg);
                quit = 1;
                break;
            }
            if (p == me) printf(_("you, seat %d: %s\n"), p + 1, said);
            else printf(_("seat %d: %s\n"), p + 1, said);
        }
    }
    if (gg_is_over(s)) print_result(s, me);
    else printf(_("bye\n"));
    gg_record_free(rec);
    for (int p = 0; p < players; p++) gg_bot_free(bots[p]);
    gg_free(s);
    return 0;
}

/* The default opponent: the heuristic bot when it plays this game, else random. */
static const char *strongest_bot(const tui_config *cfg)
{
    gg_error err;
    const char *best = "random";
    gg_bot *bot = gg_bot_new("heuristic", 1, &err);
    gg_state *s = bot ? gg_new(cfg->game, &cfg->opts, cfg->seed, &err) : NULL;
    int seats[GG_MAX_SEATS];
    gg_action act;
    if (s && gg_actors(s, seats) > 0 && gg_bot_choose(bot, s, seats[0], &act, &err) == GG_OK)
        best = "heuristic";
    gg_free(s);
    gg_bot_free(bot);
    return best;
}

/* The full-screen game (cli/tui.c): seats from --seats, or a human at --seat
 * and --bots everywhere else; --load takes game, options and seed from the
 * record. */
static int play_tui(play_args *a, int bots_given)
{
    tui_config cfg = {.game = a->table.game, .opts = a->table.opts,
                      .seed = a->table.seed_given ? a->table.seed : cli_time_seed(),
                      .load_path = a->load};
    if (a->load) {
        char *text = cli_read_file(a->load, 64u << 20);
        if (!text) return cli_error(_("cannot read %s"), a->load);
        gg_error err;
        gg_record *rec = gg_record_parse(text, &err);
        free(text);
        if (!rec) return cli_error("%s: %s", a->load, err.msg);
        gg_state *s = gg_record_start(rec, &err);
        gg_record_free(rec);
        if (!s) return cli_error("%s: %s", a->load, err.msg);
        cfg.game = gg_state_game(s);
        cfg.opts = *gg_state_options(s);
        cfg.seed = gg_state_seed(s);
        gg_free(s);
    }
    static char spec_buf[512];
    int n = 0;
    if (a->seats) {
        snprintf(spec_buf, sizeof spec_buf, "%s", a->seats);
        for (char *tok = strtok(spec_buf, ","); tok; tok = strtok(NULL, ",")) {
            if (n == GG_MAX_SEATS) return cli_error(_("--seats: too many seats"));
            cfg.seat_spec[n++] = tok;
        }
        if (a->load && n != cfg.opts.players)
            return cli_error(_("--seats names %d seats; the saved game has %d"), n,
                             cfg.opts.players);
        cfg.opts.players = n;
    } else {
        n = cfg.opts.players;
        if (a->seat >= n) return cli_error(_("--seat must be from 0 to %d"), n - 1);
        static char specs[GG_MAX_SEATS][256];
        for (int p = 0, k = 0; p < n; p++) {
            if (p == a->seat) {
                cfg.seat_spec[p] = "human";
                continue;
            }
            if (bots_given) nth_bot_spec(a->bots, k++, specs[p], sizeof specs[p]);
            else snprintf(specs[p], sizeof specs[p], "%s", strongest_bot(&cfg));
            cfg.seat_spec[p] = specs[p];
        }
    }
    return tui_play(&cfg);
}

enum { OPT_PLAYERS, OPT_SEAT, OPT_BOTS, OPT_SEATS, OPT_PLAIN, OPT_LOAD, OPT_OPTION, OPT_SEED, OPT_LANG };
static const cli_opt play_opts[] = {
    [OPT_PLAYERS] = {"players", "N", N_("seats at the table (default: the game's fewest)")},
    [OPT_SEAT] = {"seat", "K", N_("your seat, from 0 (default 0)")},
    [OPT_BOTS] = {"bots", "SPEC", N_("the other seats' bots: one spec, or one per seat (docs/bots.md)")},
    [OPT_SEATS] = {"seats", "LIST", N_("who sits where, e.g. human,human,heuristic (full screen)")},
    [OPT_PLAIN] = {"plain", NULL, N_("the line-based game even on a terminal")},
    [OPT_LOAD] = {"load", "FILE", N_("resume a saved game record (full screen; GAME not needed)")},
    [OPT_OPTION] = {"option", "K=V", N_("a table option of the game (repeatable; docs/formats.md)")},
    [OPT_SEED] = {"seed", "S", N_("the deal's seed (default: from the clock)")},
    [OPT_LANG] = {"lang", "LANG", N_("the language: en, pl, hu, cs, fr (default: from LANG/LC_MESSAGES)")},
    {NULL, NULL, NULL}};

const cli_spec cli_play_spec = {
    "play", "GAME [OPTION]...\n       gemgames play --load FILE [--seats LIST]",
    N_("Plays a game in the terminal: full screen on a terminal (docs/terminal.md), else\n"
    "line by line, you against bots or several people at one screen."),
    play_opts,
    N_("examples: gemgames play ys --players 4\n"
    "          gemgames play splendor --seats human,human")};

/* Reads GAME (unless --load) and the options, in the order given after GAME.
 * Returns 0, or the exit code (-1 for 0 after --help or --version). */
static int parse_play_args(play_args *a, int *bots_given, int argc, char **argv)
{
    cli_parser p;
    const char *v;
    int k, n = 0;
    struct { int k; const char *v; } given[64];
    cli_opts_begin(&p, &cli_play_spec, argc, argv);
    while ((k = cli_opts_next(&p, &v)) >= 0) {
        if (n == 64) return cli_usage_error(&cli_play_spec, _("too many options"));
        given[n].k = k;
        given[n++].v = v;
        if (k == OPT_LOAD) a->load = v;
    }
    if (k == CLI_OPTS_EXIT) return p.status ? p.status : -1;
    char **games;
    int n_games = cli_opts_operands(&p, &games);
    if (n_games > 1 || (n_games == 0 && !a->load))
        return cli_usage_error(&cli_play_spec, n_games ? _("give one GAME") : _("which GAME?"));
    if (n_games && cli_table_init(&a->table, games[0])) return 2;
    for (int i = 0; i < n; i++) {
        v = given[i].v;
        switch (given[i].k) {
        case OPT_SEAT:
            if (cli_parse_int(v, 0, GG_MAX_SEATS - 1, &a->seat))
                return cli_usage_error(&cli_play_spec, _("--seat needs a seat number"));
            break;
        case OPT_BOTS: a->bots = v, *bots_given = 1; break;
        case OPT_SEATS: a->seats = v; break;
        case OPT_PLAIN: a->plain = 1; break;
        case OPT_LOAD: break;
        case OPT_LANG:
            if (cli_i18n_init(v))
                return cli_usage_error(&cli_play_spec, _("--lang: en, pl, hu, cs or fr"));
            break;
        default:
            if (!a->table.game)
                return cli_usage_error(&cli_play_spec, _("--%s needs GAME (a loaded game keeps "
                                       "its table)"), play_opts[given[i].k].name);
            if (cli_table_opt(&a->table, play_opts[given[i].k].name, v)) return 2;
        }
    }
    return 0;
}

int cmd_play(int argc, char **argv)
{
    play_args a = {.seat = 0, .bots = "random"};
    int bots_given = 0;
    int rc = parse_play_args(&a, &bots_given, argc, argv);
    if (rc) return rc < 0 ? 0 : rc;
    if (!a.table.game && !a.load) return cli_error(_("play: which game?"));
    if (!a.plain && tui_available()) return play_tui(&a, bots_given);
    if (a.seats || a.load) return cli_error(_("--seats and --load need the full-screen game "
                                            "(a terminal, without --plain)"));
    if (!bots_given) { /* the same default opponents as the full-screen game */
        tui_config cfg = {.game = a.table.game, .opts = a.table.opts, .seed = 1};
        a.bots = strongest_bot(&cfg);
    }
    return play_game(&a);
}
