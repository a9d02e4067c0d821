/*
 * random_bot.c — a random bot for the gemgames engine protocol
 * (docs/protocol.md), in C with nothing but the C library.
 *
 * genmove lists the legal moves separated by '|'; the bot answers one of
 * them. Every other command gets "=" ("= 2" for protocol_version).
 *
 *   cc -std=c11 -O2 -o random_bot examples/bots/random_bot.c
 *   gemgames match --game ys --players 2 --games 4 --bots "engine:./random_bot,random"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char line[1 << 20];

/* The k-th of the '|'-separated moves in list (0-based), in place. */
static char *pick(char *list, int k)
{
    for (char *m = list; m; k--) {
        char *sep = strchr(m, '|');
        if (k == 0) {
            if (sep) *sep = '\0';
            return m;
        }
        m = sep ? sep + 1 : NULL;
    }
    return list;
}

int main(void)
{
    srand((unsigned)time(NULL));
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *args = strchr(line, ' ');
        if (args) *args++ = '\0';
        if (!line[0]) continue;
        if (!strcmp(line, "protocol_version")) {
            printf("= 2\n\n");
        } else if (!strcmp(line, "genmove") && args) {
            int n = 1;
            for (char *c = args; *c; c++) n += *c == '|';
            printf("= %s\n\n", pick(args, rand() % n));
        } else {
            printf("=\n\n");
        }
        fflush(stdout);
        if (!strcmp(line, "quit")) break;
    }
    return 0;
}
