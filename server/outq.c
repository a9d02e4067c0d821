/* outq.c — every WebSocket's outgoing frames, written by no one who holds a
 * table's lock.
 *
 * A push (a move, a join) only appends the frame to the connection's queue
 * and returns; a writer thread, started when a queue has frames and gone
 * when it is empty, does the socket write. A client that stops reading
 * blocks only its own writer. A queue past its bound (OUTQ_FRAMES frames or
 * OUTQ_BYTES bytes) means the client fell behind: its frames are dropped
 * and its socket is shut down, so it reconnects and joins afresh. One reaper
 * thread shuts down WebSockets from which nothing (not even a pong to the
 * server's pings) arrived for the idle limit.
 *
 * civetweb gives no handle on a connection's socket, and closes a WebSocket
 * only when its reading thread sees the socket end; so hanging up finds the
 * socket by its two addresses (hang_up) and shuts it down. That happens only
 * for a client being dropped, never on the path of a move. */
#include <arpa/inet.h>
#include <civetweb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server.h"

enum { OUTQ_FRAMES = 256, OUTQ_BYTES = 4 << 20, WRITER_STACK = 256 << 10 };

typedef struct out_frame {
    struct out_frame *next;
    size_t len;
    int opcode; /* MG_WEBSOCKET_OPCODE_TEXT, or _PING from the reaper */
    char text[];
} out_frame;

struct srv_outq {
    struct mg_connection *mg;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    out_frame *head, *tail;
    size_t bytes;
    int frames;
    int writing;  /* a writer thread is running */
    int threads;  /* threads using this queue (writer, hang-up): free waits */
    int closing;  /* the connection is going: no more frames */
    int dropped;  /* fell behind or idle: frames are thrown away */
    double heard;  /* srv_now() of the last frame from the client */
    double pinged; /* srv_now() of our last ping */
    srv_outq *prev, *next; /* all queues, for the reaper */
};

static struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    srv_outq *all;
    double idle_s;
    int stop, running;
    pthread_t reaper;
    int dropped; /* how many were dropped (for the log) */
    int quiet;
} qs = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};

/* Shuts down the connection's socket, found by its peer's address and port
 * and our local port; civetweb's reading thread then ends it as usual. */
static void hang_up(struct mg_connection *mg)
{
    const struct mg_request_info *ri = mg_get_request_info(mg);
    if (!ri) return;
    struct rlimit rl;
    int maxfd = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < 1u << 20 ? (int)rl.rlim_cur
                                                                               : 65536;
    for (int fd = 3; fd < maxfd; fd++) {
        struct sockaddr_storage peer;
        socklen_t len = sizeof peer;
        if (getpeername(fd, (struct sockaddr *)&peer, &len) != 0) continue;
        char host[INET6_ADDRSTRLEN] = "";
        int port = 0;
        if (peer.ss_family == AF_INET) {
            const struct sockaddr_in *a = (const struct sockaddr_in *)&peer;
            inet_ntop(AF_INET, &a->sin_addr, host, sizeof host);
            port = ntohs(a->sin_port);
        } else if (peer.ss_family == AF_INET6) {
            const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&peer;
            inet_ntop(AF_INET6, &a->sin6_addr, host, sizeof host);
            port = ntohs(a->sin6_port);
        }
        if (port != ri->remote_port || strcmp(host, ri->remote_addr) != 0) continue;
        struct sockaddr_storage local;
        len = sizeof local;
        if (getsockname(fd, (struct sockaddr *)&local, &len) != 0) continue;
        int lport = local.ss_family == AF_INET ? ntohs(((struct sockaddr_in *)&local)->sin_port)
                                               : ntohs(((struct sockaddr_in6 *)&local)->sin6_port);
        if (lport != srv_http_port()) continue;
        shutdown(fd, SHUT_RDWR);
        return;
    }
}

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

static void *hanger(void *arg)
{
    srv_outq *q = arg;
    hang_up(q->mg); /* a writer blocked on this socket returns too */
    pthread_mutex_lock(&q->mu);
    q->threads--;
    pthread_cond_broadcast(&q->cv);
    pthread_mutex_unlock(&q->mu); /* q may be freed from here on */
    return NULL;
}

static int start_thread(srv_outq *q, void *(*fn)(void *))
{
    pthread_attr_t at;
    pthread_t th;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, WRITER_STACK);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    int r = pthread_create(&th, &at, fn, q);
    pthread_attr_destroy(&at);
    if (r == 0) q->threads++;
    return r;
}

/* Called with q->mu held: the client is dropped, and its socket shut down
 * by a thread of its own (the scan for it must not hold up the caller, who
 * may hold a table's lock). */
static void drop_locked(srv_outq *q, const char *why)
{
    if (q->dropped) return;
    q->dropped = 1;
    free_frames(q);
    __atomic_add_fetch(&qs.dropped, 1, __ATOMIC_RELAXED);
    if (!qs.quiet) fprintf(stderr, "gemgames serve: WebSocket client dropped: %s\n", why);
    if (!q->closing) start_thread(q, hanger);
    pthread_cond_broadcast(&q->cv);
}

static void *writer(void *arg)
{
    srv_outq *q = arg;
    pthread_mutex_lock(&q->mu);
    while (q->head && !q->dropped) {
        out_frame *f = q->head;
        q->head = f->next;
        if (!q->head) q->tail = NULL;
        q->bytes -= f->len;
        q->frames--;
        pthread_mutex_unlock(&q->mu);
        int r = mg_websocket_write(q->mg, f->opcode, f->text, f->len);
        free(f);
        pthread_mutex_lock(&q->mu);
        if (r <= 0) drop_locked(q, "write failed");
    }
    q->writing = 0;
    q->threads--;
    pthread_cond_broadcast(&q->cv);
    pthread_mutex_unlock(&q->mu); /* q may be freed from here on */
    return NULL;
}

static int start_writer(srv_outq *q) { return start_thread(q, writer); }

/* Appends a frame (q->mu held); starts the writer if none runs. */
static int append_locked(srv_outq *q, int opcode, const char *text, size_t len)
{
    out_frame *f = malloc(sizeof *f + len);
    if (!f) return -1;
    memcpy(f->text, text, len);
    f->len = len;
    f->opcode = opcode;
    f->next = NULL;
    if (q->tail) q->tail->next = f;
    else q->head = f;
    q->tail = f;
    q->bytes += len;
    q->frames++;
    if (!q->writing) {
        if (start_writer(q) != 0) return drop_locked(q, "no thread"), -1;
        q->writing = 1;
    }
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
        r = append_locked(q, MG_WEBSOCKET_OPCODE_TEXT, text, len);
    }
    pthread_mutex_unlock(&q->mu);
    return r;
}

srv_outq *srv_outq_new(struct mg_connection *mg)
{
    srv_outq *q = calloc(1, sizeof *q);
    if (!q) return NULL;
    q->mg = mg;
    q->heard = srv_now();
    pthread_mutex_init(&q->mu, NULL);
    pthread_cond_init(&q->cv, NULL);
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
    while (q->threads > 0) pthread_cond_wait(&q->cv, &q->mu);
    free_frames(q);
    pthread_mutex_unlock(&q->mu);
    pthread_mutex_destroy(&q->mu);
    pthread_cond_destroy(&q->cv);
    free(q);
}

/* Every second: a WebSocket quiet for a third of the idle limit is pinged
 * (its pong counts as hearing from it); one silent past the limit is
 * dropped. The server's own pings, not civetweb's: civetweb answers pongs
 * itself, so the server would never see them. */
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
                append_locked(q, MG_WEBSOCKET_OPCODE_PING, "", 0);
            }
            pthread_mutex_unlock(&q->mu);
        }
    }
    pthread_mutex_unlock(&qs.mu);
    return NULL;
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
        busy = !q->dropped && (q->head || q->writing);
        pthread_mutex_unlock(&q->mu);
    }
    pthread_mutex_unlock(&qs.mu);
    return busy;
}

int srv_outq_dropped_count(void) { return __atomic_load_n(&qs.dropped, __ATOMIC_RELAXED); }
