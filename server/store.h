/*
 * store.h — where the server keeps its tables: an interface with one
 * backend per file: store_sqlite.c (one server, the embedded default) and
 * store_pg.c (PostgreSQL: several servers on one database, see sync.c).
 *
 * A table is stored as its header (game, options, seed, seats) plus its
 * action log in notation. Restoring a table is replaying its log. Every
 * function returns 0 on success, or -1 and a message in err[STORE_ERR].
 * append_action must be durable against a process crash when it returns 0:
 * the server acknowledges a move only after that. Writes also stamp the time
 * (unix seconds) for the expiry rules.
 */
#ifndef GG_SERVER_STORE_H
#define GG_SERVER_STORE_H

#include <stddef.h>
#include <stdint.h>

enum {
    STORE_ERR = 400,
    STORE_CONFLICT = -2 /* append_action: that index is taken (another server won) */
};

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
} store_table;

/* Called once per stored table by load_all; actions come in index order via
 * `action` before `done` (which returns 0 to go on). `problem` is NULL when
 * every stored move was read, else why the log stopped early (a gap, an
 * unreadable row): the table is then broken, with that reason. */
typedef struct store_loader {
    void *ctx;
    int (*table)(void *ctx, const store_table *t);
    int (*action)(void *ctx, const char *table_id, int index, int seat, const char *text);
    int (*done)(void *ctx, const char *table_id, const char *problem);
} store_loader;

typedef struct store_ops {
    const char *name;
    int (*create_table)(store *st, const store_table *t, char *err);
    /* Appends action `index` (0-based, must be the next one) to a table.
     * STORE_CONFLICT (and err) when the index is already taken or the one
     * before it is missing: the caller reads the log again and re-validates. */
    int (*append_action)(store *st, const char *table_id, int index, int seat,
                         const char *text, char *err);
    int (*update_seats)(store *st, const char *table_id, const char *seats, char *err);
    int (*delete_table)(store *st, const char *table_id, char *err);
    int (*load_all)(store *st, const store_loader *loader, char *err);
    /* NULL while healthy; else why every write now fails (the first fault). */
    const char *(*failure)(store *st);
    void (*close)(store *st);

    /* ---- several servers on one database (NULL in a single-server store) */
    /* Reads one table as load_all would (nothing called when it is gone). */
    int (*load_table)(store *st, const char *table_id, const store_loader *ld, char *err);
    /* The table's seats now, and its actions from index `from` on, through
     * ld->action then ld->done (ld->table is not called; seats are given in
     * *seats, malloc'd, NULL when the table is gone). */
    int (*read_tail)(store *st, const char *table_id, int from, char **seats,
                     const store_loader *ld, char *err);
    /* Claims the bot move `index` of a table for this server for lease_ms:
     * 1 claimed, 0 another live server holds it, -1 error. */
    int (*claim_bot)(store *st, const char *table_id, int index, int lease_ms, char *err);
    /* Starts the thread that tells this server about other servers' writes:
     * on_change(ctx, kind, table_id, index) with kind 'c' created, 'm' move
     * `index` appended, 's' seats changed, 'd' deleted, 'l' an item appended
     * to a table's log (append_item; index is its sequence number), and
     * kind 'r' (table_id "") after a lost connection: anything may have changed. */
    int (*listen)(store *st, void (*on_change)(void *ctx, char kind, const char *table_id,
                                               int index),
                  void *ctx, char *err);

    /* ---- generic per-table logs (chat, names, clocks, ...: issue 21) */
    /* Appends item `seq` (0-based, the next one) of log `kind` ("chat",
     * "clock", ...) of a table: body is JSON text. STORE_CONFLICT when the
     * sequence number is taken. Durable when it returns 0. */
    int (*append_item)(store *st, const char *table_id, const char *kind, int seq,
                       const char *body, char *err);
    /* Items of log `kind` from `from` on, in order, through item(ctx, seq, body). */
    int (*read_items)(store *st, const char *table_id, const char *kind, int from,
                      int (*item)(void *ctx, int seq, const char *body), void *ctx, char *err);
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
