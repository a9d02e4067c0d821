/*
 * store.h — where the server keeps its tables: an interface with one
 * backend per file: store_sqlite.c (one server, the embedded default) and
 * store_pg.c (PostgreSQL: several servers on one database, see sync.c).
 *
 * A table is stored as its header (game, options, seed, seats) plus its
 * action log in notation. Restoring a table is replaying its log. Every
 * function returns 0 on success, or -1 and a message in err[STORE_ERR].
 * append_action must be durable against a process crash when it returns 0:
 * the server acknowledges a move only after that. A move is stored with the
 * time the server gives it (unix ms): the clocks are derived from these times
 * (clock.c), and the expiry rules from their seconds.
 *
 * Schema versions (a backend records which one its database is at and
 * upgrades it at open): 1 tables + actions; 2 adds each table's chat and the
 * `public` flag; 3 the clocks (time control, start, each move's time in ms
 * and flags) and the rematch. Seats' display names and player ids live in the seats JSON.
 */
#ifndef GG_SERVER_STORE_H
#define GG_SERVER_STORE_H

#include <stddef.h>
#include <stdint.h>

enum {
    STORE_ERR = 400,
    STORE_CONFLICT = -2 /* append_action: that index is taken (another server won) */
};
enum { STORE_MOVE_TIMEOUT = 1 }; /* action flags */

typedef struct store store;

/* One stored table header; strings are owned by the caller. */
typedef struct store_table {
    const char *id;
    const char *game;    /* gg_game_name */
    const char *options; /* gg_options_json */
    const char *seed;    /* decimal uint64 */
    const char *seats;   /* JSON array, see server.md ("seats" in the store) */
    const char *admin;   /* the creator's token */
    int64_t created;     /* unix seconds */
    const char *creator; /* the creator's address key (per-address cap) */
    int64_t last_move;   /* unix seconds of the newest move (load_all fills it) */
    int seed_chosen;     /* the creator chose the seed (shown to everyone) */
    int is_public;       /* listed in the lobby (schema 2) */
    const char *clock;   /* the time control as JSON (clock.c); "" for none */
    int64_t clock_start; /* unix ms when the clocks started (every person came); 0 not yet */
    const char *rematch; /* the id of the table its rematch was offered at; "" none */
    int rematch_seats;   /* bit k: seat k accepted the rematch (moved over) */
} store_table;

/* One chat message (schema 2); strings owned by the caller. */
typedef struct store_chat {
    const char *table_id;
    int index;        /* 0-based, the next one of its table */
    int seat;         /* -1: a spectator */
    const char *name; /* the name shown, "" for none */
    const char *text;
    int64_t ts;       /* unix seconds */
} store_chat;

/* Called once per stored table by load_all; actions come in index order via
 * `action` before `done` (which returns 0 to go on). `problem` is NULL when
 * every stored move was read, else why the log stopped early (a gap, an
 * unreadable row): the table is then broken, with that reason. */
typedef struct store_loader {
    void *ctx;
    int (*table)(void *ctx, const store_table *t);
    int (*action)(void *ctx, const char *table_id, int index, int seat, const char *text,
                  int64_t ts_ms, int flags);
    int (*done)(void *ctx, const char *table_id, const char *problem);
    /* The table's newest chat messages (at most `chat_keep`, index order),
     * after its actions and before `done`; NULL: not wanted. */
    int (*chat)(void *ctx, const store_chat *m);
    int chat_keep;
} store_loader;

/* A table's state in the store, for catching up (read_tail). */
typedef struct store_tail {
    char *seats;         /* malloc'd; NULL: no such table (any more) */
    int moves;           /* moves stored: fewer than a server holds means an undo */
    int64_t clock_start; /* unix ms, 0: not started */
    char rematch[16];    /* "" none */
    int rematch_seats;
} store_tail;

typedef struct store_ops {
    const char *name;
    int (*create_table)(store *st, const store_table *t, char *err);
    /* Appends action `index` (0-based, must be the next one) to a table,
     * made at `ts_ms` (unix ms: the clocks are derived from these), with
     * `flags` (STORE_MOVE_TIMEOUT: played by the clock for the seat).
     * STORE_CONFLICT (and err) when the index is already taken or the one
     * before it is missing: the caller reads the log again and re-validates. */
    int (*append_action)(store *st, const char *table_id, int index, int seat,
                         const char *text, int64_t ts_ms, int flags, char *err);
    int (*update_seats)(store *st, const char *table_id, const char *seats, char *err);
    int (*delete_table)(store *st, const char *table_id, char *err); /* and its chat */
    /* Appends a chat message; durable when it returns 0, like append_action. */
    int (*append_chat)(store *st, const store_chat *m, char *err);
    /* Removes actions from `index` on (an undo against bots). */
    int (*truncate_actions)(store *st, const char *table_id, int index, char *err);
    /* When the clocks started (unix ms). */
    int (*set_clock_start)(store *st, const char *table_id, int64_t ms, char *err);
    /* The table's rematch: its id and the seats that moved over (bits). */
    int (*set_rematch)(store *st, const char *table_id, const char *rematch, int seats,
                       char *err);
    int (*load_all)(store *st, const store_loader *loader, char *err);
    /* NULL while healthy; else why every write now fails (the first fault). */
    const char *(*failure)(store *st);
    void (*close)(store *st);

    /* ---- several servers on one database (NULL in a single-server store) */
    /* Reads one table as load_all would (nothing called when it is gone). */
    int (*load_table)(store *st, const char *table_id, const store_loader *ld, char *err);
    /* What catching a table up needs, in one snapshot: its actions from
     * index `from` on, through ld->action then ld->done (ld->table is not
     * called), and the rest in *out (out->seats NULL: the table is gone). */
    int (*read_tail)(store *st, const char *table_id, int from, store_tail *out,
                     const store_loader *ld, char *err);
    /* Chat messages of a table from `index` on, in order, through ld->chat. */
    int (*read_chat)(store *st, const char *table_id, int from, const store_loader *ld,
                     char *err);
    /* Replaces the seats only if they are still `old` (what this server last
     * read or wrote) and, when moves >= 0, the table has exactly `moves`
     * moves stored: STORE_CONFLICT when another server changed either (a seat
     * handed to a bot is decided on the seats and moves this server holds).
     * Both stores have it. */
    int (*update_seats_if)(store *st, const char *table_id, const char *old, int moves,
                           const char *seats, char *err);
    /* Claims the bot move `index` of a table for this server for lease_ms:
     * 1 claimed, 0 another live server holds it, -1 error. */
    int (*claim_bot)(store *st, const char *table_id, int index, int lease_ms, char *err);
    /* Starts the thread that tells this server about other servers' writes:
     * on_change(ctx, kind, table_id, index) with kind 'c' created, 'm' move
     * `index` appended, 's' seats (or clock start, rematch) changed, 'd' deleted,
     * kind 'r' (table_id "") after a lost connection: anything may have changed.
     * Also 'h' chat message `index` appended, 'u' moves from `index` on undone. */
    int (*listen)(store *st, void (*on_change)(void *ctx, char kind, const char *table_id,
                                               int index),
                  void *ctx, char *err);

} store_ops;

struct store {
    const store_ops *ops;
};

/* Opens (creating if needed) an SQLite database at path, in WAL mode; checks
 * it is writable and passes PRAGMA integrity_check. Every write afterwards
 * first checks the file is still the one opened (not deleted or replaced);
 * once a write fails, every later one fails too (the server stops). */
store *store_sqlite_open(const char *path, char *err);

/* Connects to PostgreSQL (a libpq URI "postgresql://..." or
 * "postgres://..."), creates or migrates the schema (schema_version, under
 * an advisory lock so servers starting together take turns). The connection
 * string is never printed; errors name the server's message only. */
store *store_pg_open(const char *conninfo, char *err);
/* 1 when --db names a PostgreSQL database rather than an SQLite file. */
int store_is_pg(const char *db);
/* The connection string with any password replaced by "***" (for logs). */
void store_pg_redact(const char *conninfo, char *out, size_t n);

#endif
