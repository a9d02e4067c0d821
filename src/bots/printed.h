/* printed.h — internal: the printed texts of cards, generated from
 * data/ys/character_text.csv and event_text.csv (src/bots/gen_text.awk) into
 * build/gen/printed_text.c; printed.c adds them to the protocol's views. */
#ifndef GG_BOTS_PRINTED_H
#define GG_BOTS_PRINTED_H

typedef struct gg_printed_text {
    const char *key;  /* the card's key, as views name it */
    const char *text; /* what the card says (the rules reference's effect) */
} gg_printed_text;

/* Both end with {NULL, NULL}. */
extern const gg_printed_text gg_ys_character_text[];
extern const gg_printed_text gg_ys_event_text[];

#endif
