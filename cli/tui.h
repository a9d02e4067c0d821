/* tui.h — the full-screen terminal game (ncurses). The frame (tui.c) owns
 * the layout, the log, the status line, the move chooser and the dialogs;
 * each game draws its board from the viewer's view (tui_<game>.c). Nothing
 * here ever reads a state directly: views, gg_legal, gg_action_format/parse
 * and gg_action_announce are the only inputs. */
#ifndef GG_CLI_TUI_H
#define GG_CLI_TUI_H

#include <cjson/cJSON.h>

#include "cli.h"

/* How a game in the terminal is set up (from `gemgames play`). */
typedef struct tui_config {
    const gg_game *game;
    gg_options opts;
    uint64_t seed;
    /* Per seat: "human" or a bot spec; seat_spec[0..players-1] are set. */
    const char *seat_spec[GG_MAX_SEATS];
    const char *load_path; /* resume this game record (NULL: a new game) */
} tui_config;

/* 1 when stdin and stdout are terminals (the full-screen UI can run). */
int tui_available(void);
/* Plays a game full-screen; returns the process exit code. */
int tui_play(const tui_config *cfg);

/* ---------------------------------------------- drawing helpers for boards */

/* Colour roles; tui_attr maps them to attributes (monochrome under NO_COLOR). */
typedef enum tui_role {
    TR_TEXT = 0,
    TR_DIM,
    TR_TITLE,
    TR_HEAD,    /* section headings */
    TR_SELECT,  /* highlighted move */
    TR_ERROR,
    TR_GOOD,
    TR_HIDDEN,  /* a value this seat may not see */
    TR_WHITE,
    TR_BLUE,
    TR_GREEN,
    TR_RED,
    TR_BLACK,
    TR_GOLD,
    TR_YELLOW,
    TR_SEAT0, /* TR_SEAT0 + seat: each seat's colour */
    TR_SEAT1,
    TR_SEAT2,
    TR_SEAT3,
    TR_SEAT4,
    TR_COUNT
} tui_role;

/* Sets up colours (or, under NO_COLOR or on a terminal without colours,
 * attributes only). Called once after initscr. */
void tui_colours_init(void);
int tui_attr(tui_role role);
/* The role of a colour by name ("white", "blue", "green", "red", "black",
 * "gold", "yellow"; anything else: TR_TEXT). */
tui_role tui_colour_role(const char *name);
/* The role of a seat (TR_SEAT0 + seat; TR_TEXT for a spectator). */
tui_role tui_seat_role(int seat);

/* A rectangle of the screen a board draws into. */
typedef struct tui_box {
    int y, x, h, w;
} tui_box;

/* Prints at (y, x) inside box b (coordinates relative to b), clipped to b;
 * returns the column after the text (relative), so calls can be chained. */
int tui_put(const tui_box *b, int y, int x, int attr, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* The screen columns of UTF-8 text (not its bytes). */
int tui_cols(const char *s);
/* Like tui_put for a sentence that may not fit: cut after its last whole
 * word that fits, with "…", never inside a word. */
int tui_put_words(const tui_box *b, int y, int x, int attr, const char *text);
/* A horizontal rule with a title at row y of b. */
void tui_rule(const tui_box *b, int y, const char *title);

/* JSON helpers for boards: missing or mistyped items read as 0 / "" / NULL. */
const cJSON *tj(const cJSON *obj, const char *key);
int tj_int(const cJSON *obj, const char *key);
const char *tj_str(const cJSON *obj, const char *key);
int tj_bool(const cJSON *obj, const char *key);
/* Flattens any JSON into "path: value" lines (the fallback board and the
 * fallback score explanation). */
typedef struct tui_text {
    char **line;
    int *role;
    int n, cap;
} tui_text;
void tui_text_add(tui_text *t, int role, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void tui_text_free(tui_text *t);
void tui_text_json(tui_text *t, const cJSON *item, const char *path);

/* A game's board: draws a view; explains a decision; explains a final score. */
typedef struct tui_board {
    const char *game;
    /* Draws the board of `view` (seen by `seat`) into b. */
    void (*draw)(const cJSON *view, int seat, const tui_box *b);
    /* Rules summary for the current decision and the reference of every
     * card (appended to out). */
    void (*help)(const cJSON *view, tui_text *out);
    /* Explains every point of the final score (view after the game). */
    void (*score)(const cJSON *view, tui_text *out);
    /* Optional: what an action changed that its notation does not say
     * (points scored, gems won, rates moved), from the spectator's views
     * before and after it; "" when nothing worth a note. */
    void (*changes)(const cJSON *before, const cJSON *after, char *buf, size_t n);
    /* Optional: 2 when this event (as the viewer sees it) begins a step of
     * the scoring that the screen walks through one key at a time (a
     * district revealed, the market, the final scoring), 1 when it belongs
     * to such a step (a zone's result, a market row), else 0. */
    int (*scoring_step)(const cJSON *event);
    /* Optional: draws what one scoring step shows (the brokers revealed at
     * that moment, the market, the final table) from its events, into b. */
    void (*draw_step)(const cJSON *events, int seat, const tui_box *b);
} tui_board;

/* The events of the last decision (as the viewer may see them, a JSON array;
 * NULL when none), set by the frame before each board is drawn, so a board
 * can mark where the last move landed (tui_draw.c). */
void tui_set_recent(const cJSON *events);
const cJSON *tui_recent(void);
/* Nonzero when one of tui_recent() is `kind` with these number fields
 * (a field NULL: any value) and string field `skey` = `sval` (NULL: any). */
int tui_recent_has(const char *kind, const char *nkey1, int n1, const char *nkey2, int n2,
                   const char *skey, const char *sval);

extern const tui_board tui_board_splendor;
extern const tui_board tui_board_ys;

#endif
