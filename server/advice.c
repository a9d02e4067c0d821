/* advice.c — hints and post-game analysis for the browser (issue 27, "bots
 * that teach"). A person asks over the WebSocket ("hint", "analysis"); the
 * request waits in a small queue and one thread of its own computes it, so
 * neither the service thread nor the bot workers ever wait for it. The
 * budget is the server's (tables.c: srv_table_advise), never the client's,
 * and tables.c refuses unless the asker is the one person at the table
 * (every other seat a bot). */
#include <pthread.h>
#include <stdlib.h>

#include "server.h"

enum { ADVICE_QUEUE_MAX = 16 };

typedef struct advice_job {
    srv_table *t;
    int seat, kind;
    struct advice_job *next;
} advice_job;

static struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    advice_job *head;
    int n, stop, started;
    pthread_t thread;
} aq = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};

static int already_queued(const srv_table *t, int seat, int kind)
{
    for (const advice_job *j = aq.head; j; j = j->next)
        if (j->t == t && j->seat == seat && j->kind == kind) return 1;
    return 0;
}

int srv_advice_request(srv_table *t, int seat, int kind, srv_err *e)
{
    if (srv_table_advice_allowed(t, seat, kind, e) != 0) return -1;
    pthread_mutex_lock(&aq.mu);
    int r = 0;
    if (!aq.started || aq.stop) {
        r = srv_fail(e, 503, "no_advice", "hints are not available on this server now");
    } else if (already_queued(t, seat, kind)) {
        /* the answer to the first asking comes to every connection of the seat */
    } else if (aq.n >= ADVICE_QUEUE_MAX) {
        r = srv_fail(e, 503, "busy", "too many hints asked at once; try again in a moment");
    } else {
        advice_job *j = calloc(1, sizeof *j);
        if (!j) {
            r = srv_fail(e, 500, "internal", "out of memory");
        } else {
            *j = (advice_job){t, seat, kind, NULL};
            advice_job **p = &aq.head;
            while (*p) p = &(*p)->next;
            *p = j;
            aq.n++;
            pthread_cond_signal(&aq.cv);
        }
    }
    pthread_mutex_unlock(&aq.mu);
    return r;
}

static void *advice_worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&aq.mu);
    while (!aq.stop) {
        if (!aq.head) {
            pthread_cond_wait(&aq.cv, &aq.mu);
            continue;
        }
        advice_job *j = aq.head;
        pthread_mutex_unlock(&aq.mu);
        srv_table_advise(j->t, j->seat, j->kind); /* computes, then pushes to the seat */
        pthread_mutex_lock(&aq.mu);
        aq.head = j->next;
        aq.n--;
        free(j);
    }
    pthread_mutex_unlock(&aq.mu);
    return NULL;
}

int srv_advice_start(void)
{
    aq.stop = 0;
    if (pthread_create(&aq.thread, NULL, advice_worker, NULL) != 0) return -1;
    aq.started = 1;
    return 0;
}

void srv_advice_stop(void)
{
    if (!aq.started) return;
    pthread_mutex_lock(&aq.mu);
    aq.stop = 1;
    pthread_cond_broadcast(&aq.cv);
    pthread_mutex_unlock(&aq.mu);
    pthread_join(aq.thread, NULL);
    aq.started = 0;
    while (aq.head) {
        advice_job *j = aq.head;
        aq.head = j->next;
        free(j);
    }
    aq.n = 0;
}
