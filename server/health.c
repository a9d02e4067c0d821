/* health.c — GET /healthz: 200 {"status":"ok",...} while the store takes
 * writes (no store write has failed, and the database file is still there
 * and writable); 503 {"status":"failing"} otherwise, and while the server
 * stops. For load balancers and the service manager; it names no path, no
 * error text (those go to the log). */
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server.h"

static const srv_config *cfg;
static time_t started;
static volatile int stopping;

void srv_health_init(const srv_config *c)
{
    cfg = c;
    started = time(NULL);
}

void srv_health_stopping(void) { stopping = 1; }

static int store_healthy(void)
{
    struct stat sb;
    return !srv_store_failed() && stat(cfg->db_path, &sb) == 0 && S_ISREG(sb.st_mode) &&
           access(cfg->db_path, W_OK) == 0;
}

cJSON *srv_health_json(int *status)
{
    int ok = cfg && !stopping && store_healthy();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "status", ok ? "ok" : stopping ? "stopping" : "failing");
    cJSON_AddStringToObject(o, "version", GG_VERSION);
    cJSON_AddNumberToObject(o, "tables", srv_table_count());
    cJSON_AddNumberToObject(o, "uptime_s", (double)(time(NULL) - started));
    *status = ok ? 200 : 503;
    return o;
}
