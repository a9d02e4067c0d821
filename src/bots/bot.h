/* bot.h — internal: the table every kind of bot provides. */
#ifndef GG_BOTS_BOT_H
#define GG_BOTS_BOT_H

#include "gemgames.h"

typedef struct gg_bot_kind {
    const char *name; /* the spec's word before ':' */
    /* Parse the parameters after ':' (may be "") into a new bot's private data. */
    gg_status (*create)(gg_bot *bot, const char *params, gg_error *err);
    gg_status (*choose)(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                        gg_error *err);
    void (*destroy)(gg_bot *bot);
} gg_bot_kind;

struct gg_bot {
    const gg_bot_kind *kind;
    char spec[128];
    gg_rng rng;
    void *data; /* the kind's own */
};

extern const gg_bot_kind gg_bot_random;

#endif
