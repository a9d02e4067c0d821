/* bots.c — bot workers. Tables where a bot is to act wait in one queue,
 * ordered by when they are due (now + the bot delay); a few worker threads
 * take the first due table and let its bot make one move, so a slow bot at
 * one table never holds up the others (nor the HTTP and WebSocket threads). */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "server.h"

typedef struct bot_job {
    srv_table *t;
    double due;
    struct bot_job *next;
} bot_job;

static struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bot_job *head; /* ascending due time */
    int stop, delay_ms, n_threads;
    pthread_t threads[16];
} q = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};

static int queued(const srv_table *t)
{
    for (bot_job *j = q.head; j; j = j->next)
        if (j->t == t) return 1;
    return 0;
}

int srv_bots_queued(const srv_table *t)
{
    pthread_mutex_lock(&q.mu);
    int r = queued(t);
    pthread_mutex_unlock(&q.mu);
    return r;
}

/* Puts t in the queue at `due` (srv_now), or moves it earlier if it waits
 * for later. q.mu held. */
static void enqueue(srv_table *t, double due)
{
    bot_job *j = NULL;
    for (bot_job **p = &q.head; *p; p = &(*p)->next)
        if ((*p)->t == t) {
            if ((*p)->due <= due) return;
            j = *p;
            *p = j->next;
            break;
        }
    if (!j && !(j = malloc(sizeof *j))) return;
    j->t = t;
    j->due = due;
    bot_job **p = &q.head;
    while (*p && (*p)->due <= j->due) p = &(*p)->next;
    j->next = *p;
    *p = j;
    pthread_cond_signal(&q.cv);
}

void srv_bots_schedule(srv_table *t)
{
    pthread_mutex_lock(&q.mu);
    if (!q.stop) enqueue(t, srv_now() + q.delay_ms / 1000.0);
    pthread_mutex_unlock(&q.mu);
}

/* In `delay` seconds, or sooner if queued for sooner (sync.c: a bot move
 * another server claimed, retried when its lease runs out). */
void srv_bots_schedule_in(srv_table *t, double delay)
{
    pthread_mutex_lock(&q.mu);
    if (!q.stop) enqueue(t, srv_now() + delay);
    pthread_mutex_unlock(&q.mu);
}

/* A clock's deadline: the worker that takes the table plays the move of a
 * seat whose time is out (tables.c), never on the service thread. */
void srv_bots_schedule_at(srv_table *t, int64_t at_ms)
{
    double due = srv_now() + (double)(at_ms - srv_wall_ms()) / 1000.0;
    pthread_mutex_lock(&q.mu);
    if (!q.stop) enqueue(t, due);
    pthread_mutex_unlock(&q.mu);
}

static void wait_until(double due)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    double wait = due - srv_now();
    if (wait > 1) wait = 1;
    long long ns = (long long)now.tv_nsec + (long long)(wait * 1e9);
    struct timespec ts = {now.tv_sec + (time_t)(ns / 1000000000), (long)(ns % 1000000000)};
    pthread_cond_timedwait(&q.cv, &q.mu, &ts);
}

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&q.mu);
    while (!q.stop) {
        if (!q.head) {
            pthread_cond_wait(&q.cv, &q.mu);
            continue;
        }
        if (q.head->due > srv_now()) {
            wait_until(q.head->due);
            continue;
        }
        bot_job *j = q.head;
        q.head = j->next;
        pthread_mutex_unlock(&q.mu);
        srv_table_bot_step(j->t); /* reschedules itself if a bot is still to act */
        free(j);
        pthread_mutex_lock(&q.mu);
    }
    pthread_mutex_unlock(&q.mu);
    return NULL;
}

int srv_bots_start(int threads, int delay_ms)
{
    if (threads < 1) threads = 1;
    if (threads > 16) threads = 16;
    q.delay_ms = delay_ms;
    q.stop = 0;
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&q.threads[i], NULL, worker, NULL) != 0) return -1;
        q.n_threads++;
    }
    return 0;
}

void srv_bots_stop(void)
{
    pthread_mutex_lock(&q.mu);
    q.stop = 1;
    pthread_cond_broadcast(&q.cv);
    pthread_mutex_unlock(&q.mu);
    for (int i = 0; i < q.n_threads; i++) pthread_join(q.threads[i], NULL);
    q.n_threads = 0;
    pthread_mutex_lock(&q.mu);
    while (q.head) {
        bot_job *j = q.head;
        q.head = j->next;
        free(j);
    }
    pthread_mutex_unlock(&q.mu);
}
