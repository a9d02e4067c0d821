/*
 * store.h — where the server keeps its tables: an interface with one
 * backend per file (store_sqlite.c today; a PostgreSQL backend would be
 * store_pg.c implementing the same table of functions).
 *
 * A table is stored as its header (game, options, seed, seats) plus its
 * action log in notation. Restoring a table is replaying its log. Every
 * function returns 0 on success, or -1 and a message in err[STORE_ERR].
 * append_action must be durable against a process crash when it returns 0:
 * the server acknowledges a move only after that.
 */
#ifndef GG_SERVER_STORE_H
#define GG_SERVER_STORE_H

#include <stdint.h>

enum { STORE_ERR = 200 };

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
} store_table;

/* Called once per stored table by load_all; actions come in index order via
 * `action` before `done` (which returns 0 to go on). */
typedef struct store_loader {
    void *ctx;
    int (*table)(void *ctx, const store_table *t);
    int (*action)(void *ctx, const char *table_id, int index, int seat, const char *text);
    int (*done)(void *ctx, const char *table_id);
} store_loader;

typedef struct store_ops {
    const char *name;
    int (*create_table)(store *st, const store_table *t, char *err);
    /* Appends action `index` (0-based, must be the next one) to a table. */
    int (*append_action)(store *st, const char *table_id, int index, int seat,
                         const char *text, char *err);
    int (*update_seats)(store *st, const char *table_id, const char *seats, char *err);
    int (*load_all)(store *st, const store_loader *loader, char *err);
    void (*close)(store *st);
} store_ops;

struct store {
    const store_ops *ops;
};

/* Opens (creating if needed) an SQLite database at path, in WAL mode. */
store *store_sqlite_open(const char *path, char *err);

#endif
