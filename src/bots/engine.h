/*
 * engine.h — internal: the controller side of the engine protocol, for
 * `gemgames match` (cli/cmd_match.c). An engine bot ("engine:CMD",
 * "engine-sh:CMD") is a gg_bot like any other; a match also tells it where
 * games begin and end, its time, and where its stderr goes, and learns why
 * it failed when it does (its game is then forfeited and the process is
 * restarted for the next game).
 */
#ifndef GG_BOTS_ENGINE_H
#define GG_BOTS_ENGINE_H

#include "bots/protocol.h"
#include "gemgames.h"

typedef struct gg_engine_config {
    const char *stderr_log; /* the engine's stderr is appended here; NULL: inherited */
    long reply_ms;          /* longest wait for a reply other than genmove's, and for
                               genmove without a time limit (0: 60000) */
} gg_engine_config;

/* Why an engine lost a game (gg_engine_fault): a short word. */
#define GG_FAULT_TIMEOUT "timeout"   /* no reply in time */
#define GG_FAULT_CRASH "crash"       /* exited, or closed its pipes */
#define GG_FAULT_MALFORMED "malformed" /* a reply that breaks the protocol */
#define GG_FAULT_NOISE "noise"       /* output nobody asked for */
#define GG_FAULT_REFUSED "refused"   /* "?" to new_game or genmove */
#define GG_FAULT_ILLEGAL "illegal"   /* a move that is not legal now */
#define GG_FAULT_START "start"       /* could not be started */

/* 1 when `spec` names an engine bot. */
int gg_engine_spec(const char *spec);

/* A new engine bot, started with `cfg`; NULL and an error if it cannot be
 * started or does not answer protocol_version 2. */
gg_bot *gg_engine_open(const char *spec, uint64_t seed, const gg_engine_config *cfg,
                       gg_error *err);

/* A game begins: the engine plays `seat` of `s` (new_game with the table's
 * options, the seat and the time control, never the seed). Restarts the
 * process first if it was stopped. */
gg_status gg_engine_new_game(gg_bot *bot, const gg_state *s, int seat,
                             const gg_time_control *tc, gg_error *err);

/* The next genmove may take at most `ms` (0: the reply timeout); the engine
 * is told with time_left. */
void gg_engine_set_move_limit(gg_bot *bot, long ms);

/* How long the last genmove took, from sending it to its reply (ms). */
double gg_engine_last_move_ms(const gg_bot *bot);

/* The game ended: "game_over ARGS". Errors are faults like any other. */
gg_status gg_engine_game_over(gg_bot *bot, const char *args, gg_error *err);

/* The fault of the last failed call (one of GG_FAULT_*), or "" if none. */
const char *gg_engine_fault(const gg_bot *bot);

/* Stops the process at once (after a fault); the next new_game restarts it. */
void gg_engine_stop(gg_bot *bot);

/* Splits `cmd` into argv words by the quoting rule of docs/protocol.md
 * ("Running engines"): spaces separate words; '...' keeps everything
 * literally; "..." keeps everything but \" and \\, which stand for " and \;
 * outside quotes \c stands for c. `buf` (strlen(cmd) + 1 bytes) holds the
 * words; returns the word count, or -1 for an unclosed quote, a trailing
 * backslash or more than `max` - 1 words (argv is NULL-ended). */
int gg_engine_split(const char *cmd, char *buf, char **argv, int max);

#endif
