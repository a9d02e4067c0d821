/* cli.h — the gemgames command line: one file per command (cmd_*.c). */
#ifndef GG_CLI_H
#define GG_CLI_H

#include <stdio.h>

#include "gemgames.h"
#include "i18n.h"   /* _(): every player-facing string (docs/i18n.md) */
#include "opts.h" /* common/opts.h: the option parser cli/ and server/ share */

/* Commands: argv[0] is the command name. Return the process exit code. */
int cmd_play(int argc, char **argv);
int cmd_selfplay(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_serve(int argc, char **argv); /* server/serve.c */

/* The option tables of the commands that parse with opts.h (their --help). */
extern const cli_spec cli_play_spec, cli_selfplay_spec, cli_replay_spec, cli_bench_spec;
extern const cli_spec cli_match_spec, cli_engine_spec;
extern const cli_spec srv_serve_spec; /* server/serve.c (it includes nothing from cli/) */

/* A game and its table as given by GAME [--players N] [--option K=V]... */
typedef struct cli_table {
    const gg_game *game;
    gg_options opts;
    uint64_t seed;
    int seed_given;
} cli_table;

/* Prints "gemgames: <msg>" to stderr; returns 2 (usage) for convenience. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Looks up the game by name and sets default options for its fewest players. */
int cli_table_init(cli_table *t, const char *game_name);
/* Sets a table option given as --NAME VALUE (players, option, seed) for
 * commands parsing with opts.h; 0, or 2 with the error reported. */
int cli_table_opt(cli_table *t, const char *name, const char *value);
int cli_parse_int(const char *s, long lo, long hi, long *out);
int cli_parse_u64(const char *s, uint64_t *out);
/* Reads a whole file (or "-" for stdin); malloc'd, NULL on failure. */
char *cli_read_file(const char *path, size_t max);
/* A seed from the clock, for games nobody gave a seed. */
uint64_t cli_time_seed(void);
/* {"over":..,"score":[..],"rank":[..],"winners":N} (cJSON, caller deletes). */
struct cJSON *cli_result_json(const gg_state *s);
/* Prints a readable rendering of a view (per game, in rows of at most
 * CLI_PLAIN_WIDTH columns; JSON when none exists). */
void cli_render_view(FILE *out, const gg_game *game, const char *view_json);
/* The plain mode's rows: 80 columns in every language (docs/i18n.md). */
enum { CLI_PLAIN_WIDTH = 80 };
/* Prints text, each line in rows of at most `width` screen columns: a
 * longer line breaks before a field (a run of two spaces) or a word, and
 * continues under its first field ("Tier 3 (deck 16):  3-1 [..]  3-2 [..]"
 * goes on under "3-1"). */
void cli_print_wrapped(FILE *out, const char *text, int width);
/* The legal moves of `seat` for the line-based game (cli/moves.c): numbered
 * in columns; or, unless `numbered`, grouped by notation where the numbered
 * list would be long (a Ys placement), so the board above stays in view. */
void cli_list_moves(FILE *out, const gg_state *s, int seat, int numbered);

/* A per-game text renderer for line-based play (cli/render_<game>.c). It
 * prints the board as the view shows it; `seat` is the viewer (may be
 * GG_SPECTATOR). Registered in cli/render.c. */
typedef void (*cli_renderer)(FILE *out, const struct cJSON *view, int seat);
void cli_render_splendor(FILE *out, const struct cJSON *view, int seat);
void cli_render_ys(FILE *out, const struct cJSON *view, int seat);
/* An engine text (a view's "decision", an error) for players: every "seat N"
 * / "Seat N" numbered from 1 as players count seats ("seat 0 bids" ->
 * "seat 1 bids"); the engine's own texts keep the index from 0. */
void cli_seats_from_one(const char *in, char *out, size_t n);
/* Why the engine refused (err from gg_action_parse, gg_apply, gg_new...)
 * in the player's language: the engine's own sentence (English, e.g. "you
 * have placed your 2 brokers this turn (Y-6.2)") when the terminal speaks
 * English; else a translated sentence for err->code and the rule ids the
 * engine's sentence names ("against the rules (Y-6.2)"), which read the same
 * in every language. The engine stays language-free (docs/i18n.md). Returns
 * err->msg or buf. */
const char *cli_reason(const gg_error *err, char *buf, size_t n);
/* A bot's name in words from its spec ("heuristic" -> "heuristic" in the
 * player's language, "ismcts:ms=1000" -> "thinking 1s"); an engine's spec as
 * it is. */
void cli_bot_name(const char *spec, char *buf, size_t n);
/* The bot of `gemgames play` at `seat` for a game dealt from `seed` (seeded
 * seed + 7919 (seat + 1)). It runs `spec` itself, except that an ISMCTS bot
 * with a time budget (ms=) and no threads= searches with two threads where
 * the process may use two cores or more: `play` runs one game and one search
 * at a time, so the second core is free, and at equal time a move two
 * threads were as strong in Splendor and stronger in Ys (docs/strength.md;
 * issue 27: "threads=2 as the default where it is as strong"). */
gg_bot *cli_play_bot_new(const char *spec, uint64_t seed, int seat, gg_error *err);
/* s followed by spaces up to `width` screen columns, in buf (cut to n-1
 * bytes). printf's %-6s pads by bytes, and translations are UTF-8: pass
 * cli_pad(...) where a translated word fills a column. */
const char *cli_pad(char *buf, size_t n, const char *s, int width);
/* A Ys card key as a title: "royal_guard" -> "Royal Guard", "blue" -> "Blue card". */
void cli_ys_card_title(const char *key, char *buf, size_t n);
/* A word of the event catalogue in the player's language: cli_word("ys",
 * "gem", "red") is ys:gem.red or :gem.red, else "red" (cli/render.c). */
const char *cli_word(const char *game, const char *hint, const char *v);
/* The view's decision in the player's language: its "prompt" (catalogue id
 * + fields) through gg_event_text, else the engine's English "decision" with
 * seats counted from 1 (cli/render.c). */
void cli_decision_text(const struct cJSON *view, char *out, size_t n);

#endif
