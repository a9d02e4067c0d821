/*
 * protocol.h — internal: the engine protocol (docs/protocol.md), a line
 * protocol in the spirit of GTP and UCI. One command per line; every reply
 * starts with "=" (success) or "?" (failure) and ends with an empty line.
 *
 * The parser (gg_proto_parse_line) and the session (gg_proto_handle) are
 * separate from any I/O so they can be tested and fuzzed; cli/cmd_engine.c
 * wires them to stdin/stdout, src/bots/engine.c is the other end.
 */
#ifndef GG_BOTS_PROTOCOL_H
#define GG_BOTS_PROTOCOL_H

#include <stddef.h>

#include "gemgames.h"

enum {
    GG_PROTO_VERSION = 1,
    GG_PROTO_MAX_LINE = 1 << 20, /* longest accepted line, newline excluded */
    GG_PROTO_MAX_NAME = 32       /* longest command word */
};

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

/* One engine: the game it follows, the seat it plays, the bot that chooses
 * its moves. */
typedef struct gg_proto_session {
    gg_state *state;
    int seat;
    gg_bot *bot;
    char bot_spec[128];
    uint64_t seed;
    int quit;
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

#endif
