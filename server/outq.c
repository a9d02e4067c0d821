/* outq.c — every WebSocket's outgoing frames, written by no one who holds a
 * table's lock.
 *
 * libwebsockets writes to a socket only from its service thread, when the
 * socket can take more (LWS_CALLBACK_SERVER_WRITEABLE, in http.c). A push (a
 * move, a join; any thread, maybe holding a table's lock) only appends the
 * frame to the connection's queue, puts the queue on the `woken` list and
 * wakes the service thread (lws_cancel_service, the one lws call that is
 * safe from any thread); the service thread then asks for a writable
 * callback on each woken queue (srv_outq_wake_all) and writes one frame per
 * callback (srv_outq_write). A client that stops reading therefore costs
 * nobody anything but its own queue; a queue past its bound (OUTQ_FRAMES
 * frames or OUTQ_BYTES bytes) means the client fell behind: its frames are
 * dropped and the connection closed, so it reconnects and joins afresh.
 * One reaper thread pings WebSockets that went quiet and drops those from
 * which nothing (not even a pong) arrived for the idle limit. */
#include <libwebsockets.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

enum { OUTQ_FRAMES = 256, OUTQ_BYTES = 4 << 20 };

typedef struct out_frame {
    struct out_frame *next;
    size_t len;
    int ping; /* a ping from the reaper, else a text frame */
    unsigned char buf[]; /* LWS_PRE bytes of room, then the frame */
} out_frame;

struct srv_outq {
    struct lws *wsi;
    pthread_mutex_t mu;
    out_frame *head, *tail;
    size_t bytes;
    int frames;
    int closing;  /* the connection is going: no more frames */
    int dropped;  /* fell behind or idle: frames are thrown away, then close */
    int woken;    /* on the woken list */
    double heard;  /* srv_now() of the last frame from the client */
    double pinged; /* srv_now() of our last ping */
    srv_outq *prev, *next; /* all queues, for the reaper */
    srv_outq *wnext;       /* the woken list */
};

static struct {
    pthread_mutex_t mu; /* the list of all queues */
    pthread_cond_t cv;
    srv_outq *all;
    pthread_mutex_t wmu; /* the woken list; taken after a queue's mu */
    srv_outq *woken;
    struct lws_context *ctx;
    double idle_s;
    int stop, running;
    pthread_t reaper;
    int dropped; /* how many were dropped (for the log) */
    int quiet;
} qs = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, PTHREAD_MUTEX_INITIALIZER};

static void free_frames(srv_outq *q)
{
    while (q->head) {
        out_frame *f = q->head;
        q->head = f->next;
        free(f);
    }
    q->tail = NULL;
    q->bytes = 0;
    q->frames = 0;
}

/* Called with q->mu held: the service thread will look at q. */
static void wake_locked(srv_outq *q)
{
    pthread_mutex_lock(&qs.wmu);
    int first = 0; /* the service thread is woken once per batch */
    if (!q->woken && !q->closing) {
        first = qs.woken == NULL;
        q->woken = 1;
        q->wnext = qs.woken;
        qs.woken = q;
    }
    /* under wmu: srv_outq_attach(NULL) then means no wake-up is in flight */
    if (qs.ctx && first) lws_cancel_service(qs.ctx);
    pthread_mutex_unlock(&qs.wmu);
}

/* Called with q->mu held: the client is dropped; the service thread closes
 * its connection at its next writable callback. */
static void drop_locked(srv_outq *q, const char *why)
{
    if (q->dropped) return;
    q->dropped = 1;
    free_frames(q);
    __atomic_add_fetch(&qs.dropped, 1, __ATOMIC_RELAXED);
    if (!qs.quiet) fprintf(stderr, "gemgames serve: WebSocket client dropped: %s\n", why);
    wake_locked(q);
}

/* Appends a frame (q->mu held) and wakes the service thread. */
static int append_locked(srv_outq *q, int ping, const char *text, size_t len)
{
    out_frame *f = malloc(sizeof *f + LWS_PRE + len);
    if (!f) return -1;
    memcpy(f->buf + LWS_PRE, text, len);
    f->len = len;
    f->ping = ping;
    f->next = NULL;
    if (q->tail) q->tail->next = f;
    else q->head = f;
    q->tail = f;
    q->bytes += len;
    q->frames++;
    wake_locked(q);
    return 0;
}

int srv_outq_push(srv_outq *q, const char *text, size_t len)
{
    pthread_mutex_lock(&q->mu);
    int r = -1;
    if (q->dropped || q->closing) {
        /* gone */
    } else if (q->frames >= OUTQ_FRAMES || q->bytes + len > OUTQ_BYTES) {
        drop_locked(q, "fell behind");
    } else {
        r = append_locked(q, 0, text, len);
    }
    pthread_mutex_unlock(&q->mu);
    return r;
}

/* Service thread: a writable callback for every woken queue. */
void srv_outq_wake_all(void)
{
    pthread_mutex_lock(&qs.wmu);
    srv_outq *list = qs.woken;
    qs.woken = NULL;
    for (srv_outq *q = list; q; q = q->wnext) {
        q->woken = 0;
        lws_callback_on_writable(q->wsi);
    }
    pthread_mutex_unlock(&qs.wmu);
}

/* Service thread, at a writable callback: writes one frame. -1: close the
 * connection (dropped, or the write failed). */
int srv_outq_write(srv_outq *q)
{
    pthread_mutex_lock(&q->mu);
    if (q->dropped) {
        pthread_mutex_unlock(&q->mu);
        return -1;
    }
    out_frame *f = q->head;
    if (f) {
        q->head = f->next;
        if (!q->head) q->tail = NULL;
        q->bytes -= f->len;
        q->frames--;
    }
    int more = q->head != NULL;
    pthread_mutex_unlock(&q->mu);
    if (!f) return 0;
    int r = lws_write(q->wsi, f->buf + LWS_PRE, f->len, f->ping ? LWS_WRITE_PING : LWS_WRITE_TEXT);
    int bad = r < (int)f->len;
    free(f);
    if (bad) return -1;
    if (more) lws_callback_on_writable(q->wsi);
    return 0;
}

srv_outq *srv_outq_new(struct lws *wsi)
{
    srv_outq *q = calloc(1, sizeof *q);
    if (!q) return NULL;
    q->wsi = wsi;
    q->heard = srv_now();
    pthread_mutex_init(&q->mu, NULL);
    pthread_mutex_lock(&qs.mu);
    q->next = qs.all;
    if (qs.all) qs.all->prev = q;
    qs.all = q;
    pthread_mutex_unlock(&qs.mu);
    return q;
}

void srv_outq_heard(srv_outq *q)
{
    pthread_mutex_lock(&q->mu);
    q->heard = srv_now();
    pthread_mutex_unlock(&q->mu);
}

int srv_outq_dropped(srv_outq *q)
{
    pthread_mutex_lock(&q->mu);
    int d = q->dropped;
    pthread_mutex_unlock(&q->mu);
    return d;
}

/* Service thread, when the connection is closed (no push reaches q any more:
 * its connection left its table first). */
void srv_outq_free(srv_outq *q)
{
    if (!q) return;
    pthread_mutex_lock(&qs.mu);
    if (q->prev) q->prev->next = q->next;
    else qs.all = q->next;
    if (q->next) q->next->prev = q->prev;
    pthread_mutex_unlock(&qs.mu);
    pthread_mutex_lock(&q->mu);
    q->closing = 1;
    free_frames(q);
    pthread_mutex_lock(&qs.wmu);
    for (srv_outq **p = &qs.woken; *p; p = &(*p)->wnext)
        if (*p == q) {
            *p = q->wnext;
            break;
        }
    pthread_mutex_unlock(&qs.wmu);
    pthread_mutex_unlock(&q->mu);
    pthread_mutex_destroy(&q->mu);
    free(q);
}

/* Every second: a WebSocket quiet for a third of the idle limit is pinged
 * (its pong counts as hearing from it); one silent past the limit is
 * dropped. */
static void *reaper(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&qs.mu);
    while (!qs.stop) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_sec += 1;
        pthread_cond_timedwait(&qs.cv, &qs.mu, &ts);
        double now = srv_now();
        for (srv_outq *q = qs.all; q && !qs.stop; q = q->next) {
            pthread_mutex_lock(&q->mu);
            if (!q->dropped && !q->closing && now - q->heard > qs.idle_s) {
                drop_locked(q, "idle");
            } else if (!q->dropped && !q->closing && now - q->heard > qs.idle_s / 3 &&
                       now - q->pinged > qs.idle_s / 3) {
                q->pinged = now;
                append_locked(q, 1, "gg", 2); /* lws reports only pongs with a payload */
            }
            pthread_mutex_unlock(&q->mu);
        }
    }
    pthread_mutex_unlock(&qs.mu);
    return NULL;
}

void srv_outq_attach(struct lws_context *ctx)
{
    pthread_mutex_lock(&qs.wmu);
    qs.ctx = ctx;
    pthread_mutex_unlock(&qs.wmu);
}

int srv_outq_start(double idle_s, int quiet)
{
    qs.idle_s = idle_s;
    qs.quiet = quiet;
    qs.stop = 0;
    if (pthread_create(&qs.reaper, NULL, reaper, NULL) != 0) return -1;
    qs.running = 1;
    return 0;
}

void srv_outq_stop(void)
{
    if (!qs.running) return;
    pthread_mutex_lock(&qs.mu);
    qs.stop = 1;
    pthread_cond_broadcast(&qs.cv);
    pthread_mutex_unlock(&qs.mu);
    pthread_join(qs.reaper, NULL);
    qs.running = 0;
}

int srv_outq_busy(void)
{
    int busy = 0;
    pthread_mutex_lock(&qs.mu);
    for (srv_outq *q = qs.all; q && !busy; q = q->next) {
        pthread_mutex_lock(&q->mu);
        busy = !q->dropped && q->head; /* written by the service thread, which runs on while draining */
        pthread_mutex_unlock(&q->mu);
    }
    pthread_mutex_unlock(&qs.mu);
    return busy;
}

int srv_outq_dropped_count(void) { return __atomic_load_n(&qs.dropped, __ATOMIC_RELAXED); }
