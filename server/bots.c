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

/* Queues the table to be due in `delay` seconds; a table already queued
 * for later is moved up (another server's move may make a bot due sooner
 * than the lease it was waiting out, sync.c). */
void srv_bots_schedule_in(srv_table *t, double delay)
{
    pthread_mutex_lock(&q.mu);
    double due = srv_now() + delay;
    bot_job *j = NULL;
    for (bot_job **p = &q.head; *p; p = &(*p)->next)
        if ((*p)->t == t) {
            if ((*p)->due <= due) { /* already due as soon */
                pthread_mutex_unlock(&q.mu);
                return;
            }
            j = *p;
            *p = j->next;
            break;
        }
    if (!q.stop && (j || (j = malloc(sizeof *j)))) {
        j->t = t;
        j->due = due;
        bot_job **p = &q.head;
        while (*p && (*p)->due <= j->due) p = &(*p)->next;
        j->next = *p;
        *p = j;
        pthread_cond_signal(&q.cv);
    } else {
        free(j);
    }
    pthread_mutex_unlock(&q.mu);
}

void srv_bots_schedule(srv_table *t) { srv_bots_schedule_in(t, q.delay_ms / 1000.0); }

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
