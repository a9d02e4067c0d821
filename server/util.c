/* util.c — the server's small helpers: tokens from the OS random source,
 * token buckets for rate limits, the clock. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "server.h"

int srv_fail(srv_err *e, int http, const char *code, const char *fmt, ...)
{
    if (!e) return -1;
    e->http = http;
    e->code = code;
    e->reason = NULL;
    e->count = e->max = e->min = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return -1;
}

int srv_fail_reason(srv_err *e, const char *reason, int count, int max)
{
    if (!e) return -1;
    e->reason = reason;
    e->count = count;
    e->max = max;
    return -1;
}

int srv_fail_range(srv_err *e, const char *reason, int min, int max)
{
    if (!e) return -1;
    e->reason = reason;
    e->min = min;
    e->max = max;
    return -1;
}

static int fill_random(void *buf, size_t n)
{
    unsigned char *p = buf;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += got;
        n -= (size_t)got;
    }
    return 0;
}

int srv_random_hex(char *out, size_t bytes)
{
    unsigned char raw[64];
    if (bytes > sizeof raw || fill_random(raw, bytes) != 0) return -1;
    for (size_t i = 0; i < bytes; i++) sprintf(out + 2 * i, "%02x", raw[i]);
    out[2 * bytes] = 0;
    return 0;
}

uint64_t srv_random_u64(void)
{
    uint64_t v = 0;
    if (fill_random(&v, sizeof v) != 0) v = (uint64_t)time(NULL) * 0x9E3779B97F4A7C15u;
    return v;
}

int srv_token_equal(const char *a, const char *b)
{
    if (!a || !b) return 0;
    size_t la = strlen(a), lb = strlen(b);
    if (la != lb || la == 0) return 0;
    unsigned diff = 0;
    for (size_t i = 0; i < la; i++) diff |= (unsigned char)a[i] ^ (unsigned char)b[i];
    return diff == 0;
}

double srv_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int srv_bucket_take(srv_bucket *b, double rate, double burst)
{
    if (rate <= 0) return 1;
    double now = srv_now();
    if (b->last == 0) b->tokens = burst;
    else b->tokens += (now - b->last) * rate;
    if (b->tokens > burst) b->tokens = burst;
    b->last = now;
    if (b->tokens < 1) return 0;
    b->tokens -= 1;
    return 1;
}

/* Per-address buckets: a hash table keyed on the exact client key, so two
 * addresses never share (or reset) a bucket. A bucket idle long enough to
 * be full again is the same as a new one, so it is forgotten when the table
 * fills; if it is still full after that, new addresses wait (429). */
enum { ADDR_SLOTS = 4096, ADDR_MAX = 100000 };
typedef struct addr_entry {
    char key[SRV_ADDR_KEY];
    srv_bucket b;
    struct addr_entry *next;
} addr_entry;
static struct {
    pthread_mutex_t mu;
    addr_entry *slot[ADDR_SLOTS];
    int n;
} addrs = {PTHREAD_MUTEX_INITIALIZER};

static void addr_forget_idle(double rate, double burst)
{
    double now = srv_now(), full = burst / rate;
    for (int i = 0; i < ADDR_SLOTS; i++)
        for (addr_entry **p = &addrs.slot[i]; *p;) {
            addr_entry *e = *p;
            if (now - e->b.last >= full) {
                *p = e->next;
                free(e);
                addrs.n--;
            } else {
                p = &e->next;
            }
        }
}

int srv_addr_allow(const char *key, double rate, double burst)
{
    if (rate <= 0) return 1;
    uint32_t h = 2166136261u;
    for (const char *p = key; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
    pthread_mutex_lock(&addrs.mu);
    addr_entry *e = addrs.slot[h % ADDR_SLOTS];
    while (e && strcmp(e->key, key) != 0) e = e->next;
    if (!e) {
        if (addrs.n >= ADDR_MAX) addr_forget_idle(rate, burst);
        e = addrs.n < ADDR_MAX ? calloc(1, sizeof *e) : NULL;
        if (!e) {
            pthread_mutex_unlock(&addrs.mu);
            return 0;
        }
        snprintf(e->key, sizeof e->key, "%s", key);
        e->next = addrs.slot[h % ADDR_SLOTS];
        addrs.slot[h % ADDR_SLOTS] = e;
        addrs.n++;
    }
    int ok = srv_bucket_take(&e->b, rate, burst);
    pthread_mutex_unlock(&addrs.mu);
    return ok;
}

/* Open WebSockets per client key (exact keys, entries gone at zero). */
typedef struct conn_count {
    char key[SRV_ADDR_KEY];
    int n;
    struct conn_count *next;
} conn_count;
static struct {
    pthread_mutex_t mu;
    conn_count *slot[ADDR_SLOTS];
} counts = {PTHREAD_MUTEX_INITIALIZER};

int srv_addr_conns(const char *key, int delta)
{
    uint32_t h = 2166136261u;
    for (const char *p = key; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
    pthread_mutex_lock(&counts.mu);
    conn_count **pp = &counts.slot[h % ADDR_SLOTS];
    while (*pp && strcmp((*pp)->key, key) != 0) pp = &(*pp)->next;
    int n = *pp ? (*pp)->n : 0;
    if (delta > 0 && !*pp && (*pp = calloc(1, sizeof **pp)))
        snprintf((*pp)->key, sizeof (*pp)->key, "%s", key);
    if (delta && *pp) {
        n = (*pp)->n += delta;
        if (n <= 0) {
            conn_count *e = *pp;
            *pp = e->next;
            free(e);
            n = 0;
        }
    }
    pthread_mutex_unlock(&counts.mu);
    return n;
}
