/* health.c — GET /healthz: 200 {"status":"ok",...} while the store takes
 * writes (no store write has failed, and the database file is still there
 * and writable); 503 {"status":"failing"} otherwise, and while the server
 * stops. For load balancers and the service manager; it names no path, no
 * error text (those go to the log).
 * And the drain of a graceful stop: the transport stops writing replies the
 * moment it is told to stop, so before that the server refuses new requests,
 * lets the running ones finish and waits for their acks to be written. */
#include <pthread.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server.h"

static const srv_config *cfg;
static time_t started;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;
static int stopping, in_flight;

void srv_health_init(const srv_config *c)
{
    cfg = c;
    started = time(NULL);
}

int srv_drain_enter(void)
{
    pthread_mutex_lock(&mu);
    int ok = !stopping;
    in_flight += ok;
    pthread_mutex_unlock(&mu);
    return ok ? 0 : -1;
}

void srv_drain_leave(void)
{
    pthread_mutex_lock(&mu);
    if (--in_flight == 0) pthread_cond_broadcast(&idle);
    pthread_mutex_unlock(&mu);
}

void srv_drain_wait(double max_s)
{
    struct timespec end;
    clock_gettime(CLOCK_REALTIME, &end);
    end.tv_sec += (time_t)max_s;
    pthread_mutex_lock(&mu);
    stopping = 1;
    while (in_flight > 0 && pthread_cond_timedwait(&idle, &mu, &end) == 0) {}
    pthread_mutex_unlock(&mu);
    struct timespec now, tick = {0, 10 * 1000 * 1000};
    while (srv_outq_busy() && clock_gettime(CLOCK_REALTIME, &now) == 0 && now.tv_sec < end.tv_sec)
        nanosleep(&tick, NULL);
}

static int store_healthy(void)
{
    struct stat sb;
    if (store_is_pg(cfg->db_path)) return !srv_store_failed(); /* a broken connection fails it */
    return !srv_store_failed() && stat(cfg->db_path, &sb) == 0 && S_ISREG(sb.st_mode) &&
           access(cfg->db_path, W_OK) == 0;
}

cJSON *srv_health_json(int *status)
{
    pthread_mutex_lock(&mu);
    int stop = stopping;
    pthread_mutex_unlock(&mu);
    int ok = cfg && !stop && store_healthy();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "status", ok ? "ok" : stop ? "stopping" : "failing");
    cJSON_AddStringToObject(o, "version", GG_VERSION);
    cJSON_AddNumberToObject(o, "tables", srv_table_count());
    cJSON_AddNumberToObject(o, "uptime_s", (double)(time(NULL) - started));
    if (srv_sync_shared()) /* several servers: moves that lost their index to another's */
        cJSON_AddNumberToObject(o, "races_lost", (double)srv_sync_races_lost());
    *status = ok ? 200 : 503;
    return o;
}
