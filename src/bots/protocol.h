/*
 * protocol.h — internal: the engine protocol (docs/protocol.md), a line
 * protocol in the spirit of GTP and UCI. One command per line; every reply
 * starts with "=" (success) or "?" (failure) and ends with an empty line.
 *
 * The parser (gg_proto_parse_line) and the session (gg_proto_handle) are
 * separate from any I/O so they can be tested and fuzzed; cli/cmd_engine.c
 * wires them to stdin/stdout, src/bots/engine.c is the other end (the
 * controller that `gemgames match` uses for engine:CMD players).
 */
#ifndef GG_BOTS_PROTOCOL_H
#define GG_BOTS_PROTOCOL_H

#include <stddef.h>
#include <stdio.h>

#include "gemgames.h"

enum {
    GG_PROTO_VERSION = 2,
    GG_PROTO_MAX_LINE = 1 << 20, /* longest accepted line, newline excluded */
    GG_PROTO_MAX_NAME = 32,      /* longest command word */
    GG_PROTO_MAX_UNDO = 4096     /* positions kept for undo */
};

/* The separator of the legal moves sent with genmove ("genmove m1|m2|...");
 * no move's notation contains it (docs/notation.md). */
#define GG_PROTO_MOVE_SEP '|'

/* One parsed line: the command word and the rest (both point into the line,
 * which the parser modifies). An empty or comment ("#...") line has name "". */
typedef struct gg_proto_cmd {
    const char *name;
    char *args; /* the text after the command word, trimmed ("" if none) */
} gg_proto_cmd;

/* Parses a line (its trailing "\n" or "\r\n" optional) in place. Refuses a
 * line that is too long or holds control or non-ASCII characters. */
gg_status gg_proto_parse_line(char *line, size_t len, gg_proto_cmd *cmd, gg_error *err);

/* A growable reply buffer. */
typedef struct gg_proto_out {
    char *text;
    size_t len, cap;
} gg_proto_out;

void gg_proto_out_free(gg_proto_out *o);

/* Draws the text board of a view (showboard). cli/cmd_engine.c passes the
 * terminal's renderer (cli/render*.c); without one showboard prints the
 * view's JSON. The rules library never depends on the terminal. */
typedef void (*gg_proto_board_fn)(FILE *out, const gg_game *game, const char *view_json);

/* A time control in milliseconds; 0 = no such limit. */
typedef struct gg_time_control {
    long move_ms; /* at most this long for one move */
    long bank_ms; /* the whole game's bank, at the start */
    long inc_ms;  /* added to the bank after each move */
} gg_time_control;

/* One engine: the game it follows, the seat it plays, the bot that chooses
 * its moves. */
typedef struct gg_proto_session {
    gg_state *state;
    int seat;
    int seat_told; /* seat given by set_seat or new_game seat=K (else events are a spectator's) */
    gg_events *events; /* what happened in this game (play, genmove), for "events" */
    gg_bot *bot;
    char bot_spec[128];
    uint64_t seed;
    int quit;
    gg_state **history; /* positions before each play/genmove, for undo */
    int *history_events; /* gg_events_count before each of them: undo truncates to it */
    int n_history;
    gg_time_control time;
    long time_left_ms; /* from time_left; -1 when never told */
    char last_result[256]; /* the last game_over's arguments */
    gg_proto_board_fn board;
    /* Extra games new_game accepts besides the registry (tests), NULL-ended. */
    const gg_game *const *extra_games;
} gg_proto_session;

/* A session whose genmove uses `bot_spec` seeded with `seed`. */
gg_status gg_proto_session_init(gg_proto_session *p, const char *bot_spec, uint64_t seed,
                                gg_error *err);
void gg_proto_session_free(gg_proto_session *p);

/* Handles one raw line (len bytes, may be modified) and appends the reply to
 * `out` (nothing for an empty or comment line). Sets p->quit on "quit". */
void gg_proto_handle(gg_proto_session *p, char *line, size_t len, gg_proto_out *out);

/* The view of `seat` with the printed data of the game's cards added under
 * "printed" (printed.c): what the protocol's view and observe carry. */
char *gg_proto_view_json(const gg_state *s, int seat);

#endif
