/* test_store_race.c — the conditional append every server relies on
 * (server/store.h append_action), raced by two processes.
 *
 * SQLite (always): an index taken or past a gap is refused STORE_CONFLICT
 * and changes nothing; so is a seats update (a hand-over to a bot) made on
 * seats or a number of moves the store no longer holds (both stores). PostgreSQL (when GG_PG_URL names a database, as
 * tests/web/multi.sh does): two processes, each with its own connections,
 * append a move at the same index at the same instant (a process-shared
 * barrier before each round), STORE_RACE_ROUNDS times (default 10000):
 * exactly one wins each index, the loser then reads the winner's move from
 * the store (what a server's catch-up does before checking its move again),
 * and the log read back has every index once, no gap, each the winner's. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../server/store.h"

static void table_row(store_table *t, const char *id)
{
    memset(t, 0, sizeof *t);
    t->id = id;
    t->game = "splendor";
    t->options = "{}";
    t->seed = "1";
    t->seats = "[]";
    t->admin = "0123456789abcdef0123456789abcdef";
    t->created = (int64_t)time(NULL);
    t->creator = "test";
}

/* Appends index 0 and 1, then: the same index again, an index past a gap. */
static void conflicts_change_nothing(store *st, const char *id)
{
    char err[STORE_ERR];
    store_table t;
    table_row(&t, id);
    assert_int_equal(st->ops->create_table(st, &t, err), 0);
    assert_int_equal(st->ops->append_action(st, id, 0, 0, "a", 0, 0, err), 0);
    assert_int_equal(st->ops->append_action(st, id, 1, 1, "b", 0, 0, err), 0);
    assert_int_equal(st->ops->append_action(st, id, 1, 0, "c", 0, 0, err), STORE_CONFLICT);
    assert_int_equal(st->ops->append_action(st, id, 3, 0, "d", 0, 0, err), STORE_CONFLICT);
    assert_null(st->ops->failure(st)); /* a lost race is no storage failure */
    assert_int_equal(st->ops->append_action(st, id, 2, 0, "e", 0, 0, err), 0);
}

typedef struct seats_seen {
    const char *id;
    char seats[128];
} seats_seen;

static int seats_row(void *ctx, const store_table *t)
{
    seats_seen *s = ctx;
    if (!strcmp(t->id, s->id)) snprintf(s->seats, sizeof s->seats, "%s", t->seats);
    return 0;
}

static int any_action(void *ctx, const char *id, int index, int seat, const char *text,
                      int64_t ts_ms, int flags)
{
    (void)ctx, (void)id, (void)index, (void)seat, (void)text, (void)ts_ms, (void)flags;
    return 0;
}

static int any_done(void *ctx, const char *id, const char *problem)
{
    (void)ctx, (void)id, (void)problem;
    return 0;
}

static const char *stored_seats(store *st, seats_seen *s)
{
    char err[STORE_ERR];
    store_loader ld = {s, seats_row, any_action, any_done};
    s->seats[0] = 0;
    assert_int_equal(st->ops->load_all(st, &ld, err), 0);
    return s->seats;
}

/* A seat handed to a bot is a compare-and-swap (update_seats_if): on the
 * seats last read and the number of moves. The table has 3 moves. */
static void seats_compare_and_swap(store *st, const char *id)
{
    char err[STORE_ERR];
    seats_seen seen = {id, ""};
    const char *bot = "[{\"bot\":\"random\"}]", *named = "[{\"bot\":\"random\"},1]";
    assert_non_null(st->ops->update_seats_if);
    /* other seats than those read, or another number of moves: refused, nothing changed */
    assert_int_equal(st->ops->update_seats_if(st, id, "[0]", 3, bot, err), STORE_CONFLICT);
    assert_int_equal(st->ops->update_seats_if(st, id, "[]", 2, bot, err), STORE_CONFLICT);
    assert_int_equal(st->ops->update_seats_if(st, id, "[]", 4, bot, err), STORE_CONFLICT);
    assert_string_equal(stored_seats(st, &seen), "[]");
    /* the seats and moves read: written; a second hand-over on the same reading loses */
    assert_int_equal(st->ops->update_seats_if(st, id, "[]", 3, bot, err), 0);
    assert_int_equal(st->ops->update_seats_if(st, id, "[]", 3, "[2]", err), STORE_CONFLICT);
    assert_string_equal(stored_seats(st, &seen), bot);
    /* moves -1: the seats alone are compared (a name) */
    assert_int_equal(st->ops->update_seats_if(st, id, bot, -1, named, err), 0);
    assert_string_equal(stored_seats(st, &seen), named);
    assert_null(st->ops->failure(st)); /* a lost compare is no storage failure */
}

static void sqlite_conflicts(void **state)
{
    (void)state;
    char path[] = "/tmp/gg-store-race-XXXXXX", err[STORE_ERR];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    store *st = store_sqlite_open(path, err);
    assert_non_null(st);
    conflicts_change_nothing(st, "0000000000a1");
    store_chat m = {"0000000000a1", 0, 0, "", "hello", 1};
    assert_int_equal(st->ops->append_chat(st, &m, err), 0);
    assert_int_equal(st->ops->append_chat(st, &m, err), STORE_CONFLICT); /* index taken */
    seats_compare_and_swap(st, "0000000000a1");
    st->ops->close(st);
    unlink(path);
    char more[sizeof path + 8];
    snprintf(more, sizeof more, "%s-wal", path);
    unlink(more);
    snprintf(more, sizeof more, "%s-shm", path);
    unlink(more);
}

/* ------------------------------------------------------------ the race */

typedef struct shared {
    pthread_barrier_t go;
    int rounds; /* then results[2][rounds] and saw[2][rounds] */
} shared;

static int *result_of(shared *sh, int who) { return (int *)(sh + 1) + who * sh->rounds; }
static int *saw_of(shared *sh, int who) { return (int *)(sh + 1) + (2 + who) * sh->rounds; }

typedef struct tail_seen {
    int index;
    char text[64];
} tail_seen;

static int seen_action(void *ctx, const char *id, int index, int seat, const char *text,
                       int64_t ts_ms, int flags)
{
    (void)ts_ms;
    (void)flags;
    tail_seen *s = ctx;
    (void)id;
    (void)seat;
    if (s->index < 0) {
        s->index = index;
        snprintf(s->text, sizeof s->text, "%s", text);
    }
    return 1; /* the first is enough */
}

static int seen_done(void *ctx, const char *id, const char *problem)
{
    (void)ctx;
    (void)id;
    (void)problem;
    return 0;
}

/* One racer: its own store (own connections), every round after the barrier. */
static void racer(shared *sh, int who, const char *url, const char *id)
{
    char err[STORE_ERR];
    store *st = store_pg_open(url, err);
    int *res = result_of(sh, who), *saw = saw_of(sh, who);
    for (int i = 0; i < sh->rounds; i++) {
        char text[32];
        snprintf(text, sizeof text, "racer%d-%d", who, i);
        pthread_barrier_wait(&sh->go);
        res[i] = st ? st->ops->append_action(st, id, i, who, text, 0, 0, err) : -1;
        if (res[i] == STORE_CONFLICT) { /* what won? (a server's catch-up) */
            tail_seen s = {-1, ""};
            store_loader ld = {&s, NULL, seen_action, seen_done};
            store_tail tail;
            char want[32];
            snprintf(want, sizeof want, "racer%d-%d", 1 - who, i);
            saw[i] = st->ops->read_tail(st, id, i, &tail, &ld, err) == 0 && s.index == i &&
                     !strcmp(s.text, want);
            free(tail.seats);
        }
    }
    if (st) st->ops->close(st);
}

typedef struct log_check {
    int next, bad;
    shared *sh;
} log_check;

static int check_action(void *ctx, const char *id, int index, int seat, const char *text,
                        int64_t ts_ms, int flags)
{
    (void)ts_ms;
    (void)flags;
    log_check *c = ctx;
    (void)id;
    char want[32];
    snprintf(want, sizeof want, "racer%d-%d", seat, index);
    if (index != c->next || seat < 0 || seat > 1 || strcmp(text, want) != 0 ||
        result_of(c->sh, seat)[index] != 0)
        c->bad++;
    c->next = index + 1;
    return 0;
}

static void pg_race(void **state)
{
    (void)state;
    const char *url = getenv("GG_PG_URL");
    int rounds = getenv("STORE_RACE_ROUNDS") ? atoi(getenv("STORE_RACE_ROUNDS")) : 10000;
    assert_true(rounds > 0 && rounds <= 1000000);
    char err[STORE_ERR], id[16], cid[16];
    store *st = store_pg_open(url, err);
    if (!st) fail_msg("%s", err);
    snprintf(cid, sizeof cid, "c%011lx", (unsigned long)getpid() & 0xffffffffffUL);
    conflicts_change_nothing(st, cid);
    seats_compare_and_swap(st, cid);
    snprintf(id, sizeof id, "r%011lx", (unsigned long)getpid() & 0xffffffffffUL);
    store_table t;
    table_row(&t, id);
    assert_int_equal(st->ops->create_table(st, &t, err), 0);

    size_t size = sizeof(shared) + 4 * (size_t)rounds * sizeof(int);
    shared *sh = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    assert_true(sh != MAP_FAILED);
    sh->rounds = rounds;
    pthread_barrierattr_t ba;
    pthread_barrierattr_init(&ba);
    pthread_barrierattr_setpshared(&ba, PTHREAD_PROCESS_SHARED);
    pthread_barrier_init(&sh->go, &ba, 2);
    pid_t kids[2];
    for (int who = 0; who < 2; who++) {
        kids[who] = fork();
        assert_true(kids[who] >= 0);
        if (kids[who] == 0) {
            racer(sh, who, url, id);
            _exit(0);
        }
    }
    for (int who = 0; who < 2; who++) {
        int status;
        assert_int_equal(waitpid(kids[who], &status, 0), kids[who]);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    int one_winner = 0, loser_saw = 0, wins[2] = {0, 0};
    for (int i = 0; i < rounds; i++) {
        int a = result_of(sh, 0)[i], b = result_of(sh, 1)[i];
        if ((a == 0 && b == STORE_CONFLICT) || (a == STORE_CONFLICT && b == 0)) one_winner++;
        wins[0] += a == 0;
        wins[1] += b == 0;
        loser_saw += (a == STORE_CONFLICT && saw_of(sh, 0)[i]) || (b == STORE_CONFLICT && saw_of(sh, 1)[i]);
    }
    log_check c = {0, 0, sh};
    store_loader ld = {&c, NULL, check_action, seen_done};
    store_tail tail;
    assert_int_equal(st->ops->read_tail(st, id, 0, &tail, &ld, err), 0);
    assert_int_equal(tail.moves, rounds);
    free(tail.seats);
    printf("# %d rounds: racer 0 won %d, racer 1 won %d; %d stored\n", rounds, wins[0], wins[1],
           c.next);
    assert_int_equal(one_winner, rounds); /* exactly one winner at every index */
    assert_int_equal(loser_saw, rounds);  /* and the loser read the winner's move */
    assert_int_equal(c.next, rounds);     /* every index stored, in order, no gap */
    assert_int_equal(c.bad, 0);           /* each the winner's */
    /* (every round had a loser that got STORE_CONFLICT: both really raced;
     * which one wins is the scheduler's affair, often lopsided) */
    assert_int_equal(st->ops->delete_table(st, id, err), 0);
    assert_int_equal(st->ops->delete_table(st, cid, err), 0);
    pthread_barrier_destroy(&sh->go);
    munmap(sh, size);
    st->ops->close(st);
}

/* The race needs a PostgreSQL: tests/web/multi.sh runs this program again
 * with GG_PG_URL set; without it only the SQLite part runs. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sqlite_conflicts),
        cmocka_unit_test(pg_race),
    };
    const char *url = getenv("GG_PG_URL");
    return _cmocka_run_group_tests("store_race", tests, (url && *url) ? 2 : 1, NULL, NULL);
}
