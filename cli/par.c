/* par.c — games spread over threads, results in game order (par.h). */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "par.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"

int cli_par_slots(int threads) { return threads <= 1 ? 1 : 4 * threads; }

/* The online cores this process may run on: `taskset -c 0 gemgames bench`
 * (scripts/bench-ab.sh) plays on one thread, as before --threads. */
int cli_threads_default(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) < n) n = CPU_COUNT(&set);
    return n < 1 ? 1 : n > CLI_MAX_THREADS ? CLI_MAX_THREADS : (int)n;
}

int cli_parse_threads(const char *v, int *out)
{
    long n;
    if (cli_parse_int(v, 1, CLI_MAX_THREADS, &n)) return -1;
    *out = (int)n;
    return 0;
}

typedef struct par {
    pthread_mutex_t mu;
    pthread_cond_t claimed, finished; /* a slot came free; an item was played */
    long items, next, emitted;        /* next item to claim; items done so far */
    int slots, stop, fail;            /* fail: the first failing work's status */
    long *ready;                      /* per slot: the item played into it, or -1 */
    int *status;                      /* per slot: that item's work status */
    cli_par_work work;
    void *ctx;
} par;

typedef struct worker_arg {
    par *p;
    int thread;
} worker_arg;

static void *worker_main(void *arg)
{
    worker_arg *w = arg;
    par *p = w->p;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        /* an item is claimed only when its slot is free: at most `slots` in flight */
        while (!p->stop && p->next < p->items && p->next >= p->emitted + p->slots)
            pthread_cond_wait(&p->claimed, &p->mu);
        if (p->stop || p->next >= p->items) break;
        long i = p->next++;
        int slot = (int)(i % p->slots);
        pthread_mutex_unlock(&p->mu);
        int rc = p->work(p->ctx, w->thread, slot, i);
        pthread_mutex_lock(&p->mu);
        p->ready[slot] = i;
        p->status[slot] = rc;
        if (rc && !p->stop) p->stop = 1, p->fail = rc;
        pthread_cond_broadcast(&p->finished);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

int cli_par_run(long items, int threads, cli_par_work work, cli_par_done done, void *ctx)
{
    if (threads <= 1) {
        for (long i = 0; i < items; i++) {
            int rc = work(ctx, 0, 0, i);
            if (!rc) rc = done(ctx, 0, i);
            if (rc) return rc;
        }
        return 0;
    }
    par p = {.items = items, .slots = cli_par_slots(threads), .work = work, .ctx = ctx};
    p.ready = malloc((size_t)p.slots * sizeof *p.ready);
    p.status = calloc((size_t)p.slots, sizeof *p.status);
    pthread_t *th = malloc((size_t)threads * sizeof *th);
    worker_arg *args = malloc((size_t)threads * sizeof *args);
    if (!p.ready || !p.status || !th || !args) {
        free(p.ready), free(p.status), free(th), free(args);
        return cli_error(_("out of memory"));
    }
    for (int s = 0; s < p.slots; s++) p.ready[s] = -1;
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.claimed, NULL);
    pthread_cond_init(&p.finished, NULL);
    int started = 0, rc = 0;
    for (; started < threads; started++) {
        args[started] = (worker_arg){&p, started};
        if (pthread_create(&th[started], NULL, worker_main, &args[started])) break;
    }
    if (!started) rc = cli_error(_("cannot start a thread"));
    for (long i = 0; i < items && !rc; i++) {
        int slot = (int)(i % p.slots);
        pthread_mutex_lock(&p.mu);
        /* a failure stops the claims: an item never claimed is not waited for */
        while (p.ready[slot] != i && !(p.stop && i >= p.next)) pthread_cond_wait(&p.finished, &p.mu);
        rc = p.ready[slot] == i ? p.status[slot] : p.fail ? p.fail : 1;
        pthread_mutex_unlock(&p.mu);
        if (!rc) rc = done(ctx, slot, i);
        pthread_mutex_lock(&p.mu);
        p.ready[slot] = -1;
        p.emitted = i + 1;
        if (rc) p.stop = 1;
        pthread_cond_broadcast(&p.claimed);
        pthread_mutex_unlock(&p.mu);
    }
    pthread_mutex_lock(&p.mu);
    p.stop = 1;
    pthread_cond_broadcast(&p.claimed);
    pthread_mutex_unlock(&p.mu);
    for (int t = 0; t < started; t++) pthread_join(th[t], NULL);
    pthread_cond_destroy(&p.claimed);
    pthread_cond_destroy(&p.finished);
    pthread_mutex_destroy(&p.mu);
    free(p.ready), free(p.status), free(th), free(args);
    return rc;
}
