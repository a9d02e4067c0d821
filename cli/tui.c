/* tui.c — the full-screen game: layout, log, status line, move chooser,
 * dialogs (help, save, hand-over, score sheet), undo and resume.
 *
 * The screen shows exactly one seat's view (the human at the keyboard, or a
 * spectator when only bots play). Moves come from gg_legal and the notation;
 * every action is applied through gg_apply_events, and the log shows its
 * events as sentences (gg_event_text) as the viewer may see them. When an
 * action sets off scoring, the screen walks through it one step at a time
 * (show_scoring; :scoring off, or GEMGAMES_SCORING=off, skips that).
 * Undo replays the game record to an earlier point and is refused when an
 * action since then revealed something a human did not know (a card drawn,
 * a bid or a broker turned) — see action_reveals. */
#include <ctype.h>
#include <locale.h>
#include <ncurses.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "i18n.h"
#include "tui.h"

/* The terminal is gone (closed window, dropped ssh, killed tmux): end the
 * program instead of asking for a key again and again at full speed. */
static _Noreturn void terminal_gone(void)
{
    endwin();
    fputs(_("gemgames: the terminal is gone; the game ends unsaved\n"), stderr);
    exit(1);
}

enum { KEY_WAIT_MS = 200 }; /* the longest one getch() waits */

/* Set by SIGWINCH (installed in tui_play before initscr, so ncurses keeps
 * out of it). */
static volatile sig_atomic_t got_winch;

static void on_winch(int sig)
{
    (void)sig;
    got_winch = 1;
}

/* The next key. Resizes are ours, not ncurses': it looks at its SIGWINCH
 * flag only when a read is interrupted or times out (a resize signalled
 * while we drew or a bot thought left a blocking getch() waiting for the
 * next key, the old layout on screen), and it ignores a resize back to the
 * size it knows, though the terminal may have lost what it showed on the
 * way (tmux drops the top lines when it shrinks). So getch waits at most
 * KEY_WAIT_MS (timeout() in tui_play), and then a SIGWINCH, or a real size
 * other than LINES x COLS, gives KEY_RESIZE and a full repaint.
 * ERR also comes when the terminal is gone: poll says so (hang-up), or
 * input is readable yet getch read nothing, twice running (end of file;
 * once may be a key that came just then). */
static int raw_key(void)
{
    int readable_err = 0;
    for (;;) {
        int ch = getch();
        if (ch != ERR) return ch;
        struct pollfd in = {.fd = STDIN_FILENO, .events = POLLIN};
        if (poll(&in, 1, 0) > 0) {
            if (in.revents & (POLLHUP | POLLERR | POLLNVAL)) terminal_gone();
            if (++readable_err == 2) terminal_gone();
        } else {
            readable_err = 0;
        }
        int resized = got_winch;
        if (resized) got_winch = 0; /* before the size is read: a later signal counts */
        struct winsize ws;
        if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0 &&
            (ws.ws_row != LINES || ws.ws_col != COLS)) {
            resizeterm(ws.ws_row, ws.ws_col);
            resized = 1;
        }
        if (resized) {
            clearok(curscr, TRUE);
            return KEY_RESIZE;
        }
    }
}

static int too_small(void);

/* The next key for any screen. While the terminal is too small every key
 * waits (nothing is chosen blind on a screen the player cannot read); when
 * it is big enough again KEY_RESIZE tells the caller to redraw. */
static int key_in(void)
{
    if (!too_small()) return raw_key();
    while (too_small()) raw_key();
    return KEY_RESIZE;
}

enum { VIEWERS = GG_MAX_SEATS + 1 }; /* every seat, then the spectator */

typedef struct log_entry {
    int seat;
    char said[VIEWERS][GG_MAX_NOTATION]; /* as announced to each viewer */
    int reveals; /* a human learnt something hidden, or chance was drawn */
    int ev_from, ev_to; /* its events in tui.events */
} log_entry;

typedef struct tui {
    tui_config cfg;
    const tui_board *board;
    gg_state *s;
    gg_record *rec;
    int players;
    int human[GG_MAX_SEATS];
    int humans;
    gg_bot *bot[GG_MAX_SEATS];
    log_entry *log; /* one per record action */
    int nlog, caplog;
    int viewer;  /* whose view is on screen (GG_SPECTATOR when no human) */
    int at_keys; /* the human at the keyboard (-1 before the first one) */
    char save_path[512];
    int saved_len; /* record length at the last save/load */
    char msg[256];
    int msg_role;
    cJSON *view; /* the viewer's view, parsed */
    gg_rng rng;  /* for the reveal test's determinizations */
    /* the move chooser */
    int actor;
    gg_action legal[GG_MAX_ACTIONS];
    char text[GG_MAX_ACTIONS][GG_MAX_NOTATION];
    int nlegal;
    int filt[GG_MAX_ACTIONS];
    int nfilt, sel, navigated;
    char input[200];
    int quit;
    /* events of every action, and their sentences for `text_viewer` */
    gg_events *events;
    char **evtext;
    int nevtext, text_viewer;
    int scoring;   /* walk through scoring step by step */
    int replaying; /* resuming a record: no pauses */
    gg_bot *advisor; /* hints and analysis (made at the first request) */
} tui;

/* ------------------------------------------------------------ utilities */

/* "S2 (you)", "S1 heuristic", ... */
static void seat_label(const tui *t, int p, char *buf, size_t n)
{
    if (p < 0) snprintf(buf, n, _("spectator"));
    else if (t->human[p] && t->humans == 1) snprintf(buf, n, _("S%d (you)"), p + 1);
    else if (t->human[p]) snprintf(buf, n, "S%d", p + 1);
    else {
        char bot[64];
        cli_bot_name(t->cfg.seat_spec[p], bot, sizeof bot);
        snprintf(buf, n, "S%d %.30s", p + 1, bot);
    }
}

static int viewer_index(const tui *t, int viewer)
{
    return viewer >= 0 ? viewer : t->players;
}

static void set_msg(tui *t, int role, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_msg(tui *t, int role, const char *fmt, ...)
{
    char raw[sizeof t->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    cli_seats_from_one(raw, t->msg, sizeof t->msg); /* the engine's "seat 0" is S1 here */
    t->msg_role = role;
}

static void refresh_view(tui *t)
{
    cJSON_Delete(t->view);
    char *v = gg_view_json(t->s, t->viewer);
    t->view = v ? cJSON_Parse(v) : NULL;
    free(v);
}

static int is_enter(int ch)
{
    return ch == '\n' || ch == '\r' || ch == KEY_ENTER;
}

static void forget_texts(tui *t)
{
    for (int i = 0; i < t->nevtext; i++) free(t->evtext[i]);
    free(t->evtext);
    t->evtext = NULL;
    t->nevtext = 0;
}

/* Event i as the viewer on screen sees it (parsed; cJSON_Delete it). */
static cJSON *event_for_viewer(const tui *t, int i)
{
    char *json = gg_event_json(t->events, i, t->viewer);
    cJSON *e = json ? cJSON_Parse(json) : NULL;
    free(json);
    return e;
}

/* The sentence of event i for the viewer on screen (kept until the viewer
 * changes or an undo: a cache, so drawing may ask through a const tui). */
static const char *event_text(const tui *ct, int i)
{
    tui *t = (tui *)ct;
    if (t->text_viewer != t->viewer) forget_texts(t);
    t->text_viewer = t->viewer;
    if (i >= t->nevtext) {
        int n = gg_events_count(t->events);
        char **more = realloc(t->evtext, (size_t)(n > 0 ? n : 1) * sizeof *more);
        if (!more) return "";
        for (int k = t->nevtext; k < n; k++) more[k] = NULL;
        t->evtext = more;
        t->nevtext = n;
    }
    if (i < 0 || i >= t->nevtext) return "";
    if (!t->evtext[i]) {
        char *json = gg_event_json(t->events, i, t->viewer);
        t->evtext[i] = gg_event_text(json, cli_i18n_lang());
        free(json);
    }
    return t->evtext[i] ? t->evtext[i] : "";
}

static void show_scoring(tui *t, int from, int to);

/* ---------------------------------------------------------- reveal test */

/* Did applying `a` (seat p) show some human anything they could not know
 * before, or draw chance? The rule is the engine's (gg_action_reveals), the
 * one the server's undo keeps too. Undo never crosses an action for which
 * this returns 1. */
static int action_reveals(tui *t, int p, gg_action a)
{
    for (int h = 0; h < t->players; h++)
        if (t->human[h] && gg_action_reveals(t->s, p, a, h, &t->rng)) return 1;
    return 0;
}

/* Records, logs and applies one action; 0 on success. */
static int commit(tui *t, int p, gg_action a, gg_error *err)
{
    if (t->nlog == t->caplog) {
        int cap = t->caplog ? t->caplog * 2 : 256;
        log_entry *l = realloc(t->log, (size_t)cap * sizeof *l);
        if (!l) {
            *err = (gg_error){GG_ENOMEM, "out of memory"};
            return -1;
        }
        t->log = l;
        t->caplog = cap;
    }
    log_entry *e = &t->log[t->nlog];
    memset(e, 0, sizeof *e);
    e->seat = p;
    for (int v = 0; v <= t->players; v++)
        gg_action_announce(t->s, p, a, v < t->players ? v : GG_SPECTATOR, e->said[v],
                           sizeof e->said[v]);
    e->reveals = action_reveals(t, p, a);
    if (gg_record_add(t->rec, t->s, p, a) != GG_OK) {
        *err = (gg_error){GG_ENOMEM, "cannot record the action"};
        return -1;
    }
    e->ev_from = gg_events_count(t->events);
    if (gg_apply_events(t->s, p, a, t->events, err) != GG_OK) {
        gg_record_truncate(t->rec, t->nlog);
        return -1;
    }
    e->ev_to = gg_events_count(t->events);
    t->nlog++;
    refresh_view(t);
    if (t->scoring && !t->replaying) show_scoring(t, e->ev_from, e->ev_to);
    return 0;
}

/* --------------------------------------------------------------- layout */

typedef struct layout {
    int board_h, board_w; /* board at rows 1..board_h, columns 0..board_w-1 */
    int log_x, log_w;     /* log pane on the right (log_w 0: none) */
    int msg_y, status_y, moves_y, moves_h, input_y, footer_y;
} layout;

static layout compute_layout(void)
{
    layout L;
    int H = LINES, W = COLS;
    L.moves_h = H >= 44 ? 8 : H >= 32 ? 6 : H >= 20 ? 4 : 2;
    L.footer_y = H - 1;
    L.input_y = H - 2;
    L.moves_y = L.input_y - L.moves_h;
    L.status_y = L.moves_y - 1;
    L.msg_y = L.status_y - 1;
    L.board_h = L.msg_y - 1;
    if (L.board_h < 1) L.board_h = 1;
    L.log_w = W >= 120 ? (W - 84 > 56 ? 56 : W - 84) : 0;
    L.board_w = L.log_w ? W - L.log_w - 1 : W;
    L.log_x = L.board_w + 1;
    return L;
}

/* --------------------------------------------------------------- drawing */

static void draw_title(const tui *t)
{
    tui_box b = {0, 0, 1, COLS};
    attron(tui_attr(TR_TITLE));
    mvhline(0, 0, ' ', COLS);
    attroff(tui_attr(TR_TITLE));
    char who[48];
    seat_label(t, t->viewer, who, sizeof who);
    int end = tui_put(&b, 0, 1, tui_attr(TR_TITLE), _("gemgames - %s - %d players - seed %llu"),
                      gg_game_title(t->cfg.game), t->players, (unsigned long long)t->cfg.seed);
    int len = (int)strlen(who) + 9;
    if (COLS - len - 1 > end + 1)
        tui_put(&b, 0, COLS - len - 1, tui_attr(TR_TITLE), _("viewing %s"), who);
}

static void draw_fallback_board(const cJSON *view, const tui_box *b)
{
    tui_text text = {0};
    tui_text_json(&text, view, "");
    int colw = b->w >= 100 ? b->w / 2 : b->w;
    for (int i = 0; i < text.n; i++) {
        int col = i / b->h, row = i % b->h;
        if ((col + 1) * colw > b->w) break;
        tui_put(b, row, col * colw, tui_attr(TR_TEXT), "%.*s", colw - 1, text.line[i]);
    }
    tui_text_free(&text);
}

static void draw_board(const tui *t, const layout *L)
{
    tui_box b = {1, 0, L->board_h, L->board_w};
    if (!t->view) {
        tui_put(&b, 0, 0, tui_attr(TR_ERROR), _("(no view)"));
        return;
    }
    /* the last decision's events, for the board to mark where it landed */
    cJSON *recent = NULL;
    if (t->nlog) {
        char *json = gg_events_json(t->events, t->log[t->nlog - 1].ev_from, t->viewer);
        recent = json ? cJSON_Parse(json) : NULL;
        free(json);
    }
    tui_set_recent(recent);
    if (t->board) t->board->draw(t->view, t->viewer, &b);
    else draw_fallback_board(t->view, &b);
    tui_set_recent(NULL);
    cJSON_Delete(recent);
}

/* Splits text into lines of at most w columns at spaces. */
static int wrap_lines(const char *text, int w, char out[][160], int max)
{
    int n = 0;
    if (w > 159) w = 159;
    if (w < 8) w = 8;
    while (*text && n < max) {
        int len = (int)strlen(text), cut = len;
        if (len > w) {
            cut = w;
            while (cut > 0 && text[cut] != ' ') cut--;
            if (cut == 0) cut = w;
        }
        snprintf(out[n++], 160, "%.*s", cut, text);
        text += cut;
        while (*text == ' ') text++;
    }
    return n;
}

/* The log pane: every action's events as sentences, newest at the bottom;
 * the last action's in bright (what just changed). */
static void draw_log(const tui *t, const layout *L)
{
    if (!L->log_w) return;
    attron(tui_attr(TR_DIM));
    mvvline(1, L->log_x - 1, ACS_VLINE, L->board_h);
    attroff(tui_attr(TR_DIM));
    tui_box b = {1, L->log_x, L->board_h, L->log_w};
    tui_put(&b, 0, 0, tui_attr(TR_HEAD), _("Log"));
    int rows = L->board_h - 1, y = L->board_h - 1;
    for (int i = t->nlog - 1; i >= 0 && y >= 1; i--) {
        const log_entry *e = &t->log[i];
        for (int k = e->ev_to - 1; k >= e->ev_from && y >= 1; k--) {
            char lines[8][160];
            int n = wrap_lines(event_text(t, k), L->log_w - 5, lines, 8);
            int role = i == t->nlog - 1 ? TR_GOOD : k == e->ev_from ? TR_TEXT : TR_DIM;
            for (int j = n - 1; j >= 0 && y >= 1; j--, y--) {
                if (j == 0 && k == e->ev_from)
                    tui_put(&b, y, 0, tui_attr(tui_seat_role(e->seat)), "%3d", i + 1);
                tui_put(&b, y, 4, tui_attr((tui_role)role), "%s", lines[j]);
            }
        }
    }
    (void)rows;
}

/* The line above the status: a message, or what happened since the viewer's
 * own last move, in sentences (the latest ones when they do not all fit). */
static void draw_msg(const tui *t, const layout *L)
{
    tui_box b = {L->msg_y, 0, 1, COLS};
    if (t->msg[0]) {
        tui_put(&b, 0, 0, tui_attr((tui_role)t->msg_role), "%s", t->msg);
        return;
    }
    if (!t->nlog) return;
    int first = t->nlog - 1;
    while (first > 0 && t->log[first].seat != t->viewer && t->nlog - first < GG_MAX_SEATS)
        first--;
    /* the decisions' sentences, newest last; drop the oldest until they fit */
    int width = tui_cols(_("last:"));
    for (int i = t->nlog - 1; i >= first; i--) {
        const log_entry *e = &t->log[i];
        int w = e->ev_to > e->ev_from ? tui_cols(event_text(t, e->ev_from)) + 3 : 0;
        if (i < t->nlog - 1 && width + w > COLS) {
            first = i + 1;
            break;
        }
        width += w;
    }
    int x = tui_put(&b, 0, 0, tui_attr(TR_DIM), _("last:"));
    for (int i = first; i < t->nlog; i++) {
        const log_entry *e = &t->log[i];
        if (e->ev_to <= e->ev_from) continue;
        int role = i == t->nlog - 1 ? TR_GOOD : tui_seat_role(e->seat);
        /* one sentence longer than the line: cut after a whole word, with
         * "…" (F4 shows the log whole) */
        x = tui_put_words(&b, 0, x + 1, tui_attr((tui_role)role), event_text(t, e->ev_from));
        if (i + 1 < t->nlog) x = tui_put(&b, 0, x, tui_attr(TR_DIM), " |");
    }
}

static void draw_status(const tui *t, const layout *L, const char *state)
{
    tui_box b = {L->status_y, 0, 1, COLS};
    attron(tui_attr(TR_HEAD));
    mvhline(L->status_y, 0, ' ', COLS);
    attroff(tui_attr(TR_HEAD));
    char decision[512];
    cli_decision_text(t->view, decision, sizeof decision);
    int x = tui_put(&b, 0, 0, tui_attr(TR_HEAD), "%s", state);
    /* once over, the state names the winner: the view's "the game is over:
     * ..." would say it a second time */
    if (*decision && !gg_is_over(t->s)) {
        char line[520];
        snprintf(line, sizeof line, " - %s", decision);
        tui_put_words(&b, 0, x, tui_attr(TR_TEXT), line);
    }
}

static int moves_colw(const tui *t)
{
    int w = 12;
    for (int i = 0; i < t->nfilt; i++) {
        int l = (int)strlen(t->text[t->filt[i]]) + 2;
        if (l > w) w = l;
    }
    return w > COLS ? COLS : w;
}

static void draw_moves(const tui *t, const layout *L)
{
    tui_box b = {L->moves_y, 0, L->moves_h, COLS};
    if (t->actor < 0) return;
    if (t->input[0] == ':') {
        tui_put(&b, 0, 0, tui_attr(TR_DIM),
                _("commands: :save [FILE]  :undo  :log  :scoring on|off  :lang  :help  :quit"));
        return;
    }
    if (!t->nfilt) {
        tui_put(&b, 0, 0, tui_attr(TR_DIM), _("no legal move starts with \"%s\""), t->input);
        return;
    }
    int colw = moves_colw(t), cols = COLS / colw;
    if (cols < 1) cols = 1;
    /* scroll by rows until the selection shows; when more moves follow,
     * the last slot says how many */
    int top = 0, first, more, slots = L->moves_h * cols;
    for (;;) {
        first = top * cols;
        more = t->nfilt - first > slots ? t->nfilt - first - (slots - 1) : 0;
        if (t->sel < first + slots - (more ? 1 : 0)) break;
        top++;
    }
    for (int k = 0; k < slots - (more ? 1 : 0) && first + k < t->nfilt; k++) {
        int i = first + k;
        int role = i == t->sel ? TR_SELECT : TR_TEXT;
        tui_put(&b, k / cols, (k % cols) * colw, tui_attr((tui_role)role), "%-*s", colw - 1,
                t->text[t->filt[i]]);
    }
    if (more)
        tui_put(&b, L->moves_h - 1, (cols - 1) * colw, tui_attr(TR_DIM), _("(+%d more)"), more);
    if (top > 0) tui_put(&b, 0, COLS - 3, tui_attr(TR_DIM), " ^ ");
}

static void draw_input(const tui *t, const layout *L)
{
    tui_box b = {L->input_y, 0, 1, COLS};
    if (t->actor < 0) return;
    int x = tui_put(&b, 0, 0, tui_attr(TR_HEAD), _("move> "));
    tui_put(&b, 0, x, tui_attr(TR_TEXT), "%s", t->input);
    move(L->input_y, x + (int)strlen(t->input) < COLS ? x + (int)strlen(t->input) : COLS - 1);
}

static void draw_footer(const layout *L, const char *keys)
{
    tui_box b = {L->footer_y, 0, 1, COLS};
    tui_put(&b, 0, 0, tui_attr(TR_DIM), "%s", keys);
}

static const char *const MOVE_KEYS =
    N_("arrows+Enter | type+Tab | ? help F2 save F3 undo F4 log F5 hint F6 lang F10 quit");

enum { MIN_COLS = 80, MIN_LINES = 24 };

/* A clear word instead of a clipped board: the size needed and the size
 * now, centred; key_in waits until the window grows. */
static void put_centred(int y, tui_role role, const char *text)
{
    int w = (int)strlen(text), x = (COLS - w) / 2;
    tui_box b = {0, 0, LINES, COLS};
    if (y < 0) y = 0;
    tui_put(&b, y, x > 0 ? x : 0, tui_attr(role), "%s", text);
}

static int too_small(void)
{
    if (COLS >= MIN_COLS && LINES >= MIN_LINES) return 0;
    char need[160];
    snprintf(need, sizeof need, _("The terminal is %dx%d; gemgames needs %dx%d."), COLS, LINES, MIN_COLS,
             MIN_LINES);
    erase();
    put_centred(LINES / 2 - 1, TR_ERROR, need);
    put_centred(LINES / 2, TR_TEXT, _("Enlarge the window: the game waits."));
    put_centred(LINES / 2 + 1, TR_DIM, _("(Or play with --plain.)"));
    curs_set(0);
    refresh();
    return 1;
}

static void draw_screen(const tui *t, const char *state, const char *keys)
{
    if (too_small()) return;
    layout L = compute_layout();
    erase();
    draw_title(t);
    draw_board(t, &L);
    draw_log(t, &L);
    draw_msg(t, &L);
    draw_status(t, &L, state);
    draw_moves(t, &L);
    draw_footer(&L, keys);
    draw_input(t, &L);
    curs_set(t->actor >= 0 ? 1 : 0);
    refresh();
}

/* -------------------------------------------------------------- dialogs */

/* Word-wraps text to `width` columns; continuation lines keep the indent. */
static void wrap_text(const tui_text *in, int width, tui_text *out)
{
    if (width < 10) width = 10;
    for (int i = 0; i < in->n; i++) {
        const char *s = in->line[i];
        int indent = 0, first = 1;
        while (s[indent] == ' ') indent++;
        do {
            int pad = first ? 0 : indent + 2;
            int room = width - pad, len = (int)strlen(s), cut = len;
            if (len > room) {
                int floor = first ? indent : 0;
                cut = room;
                while (cut > floor && s[cut] != ' ') cut--;
                if (cut <= floor) cut = room;
            }
            tui_text_add(out, in->role[i], "%*s%.*s", pad, "", cut, s);
            s += cut;
            while (*s == ' ') s++;
            first = 0;
        } while (*s);
    }
}

/* A full-screen scrollable text. Returns the key that closed it. */
static int pager(const char *title, const tui_text *text)
{
    int top = 0;
    for (;;) {
        tui_text w = {0};
        wrap_text(text, COLS - 2, &w);
        int rows = LINES - 2;
        if (top > w.n - rows) top = w.n - rows;
        if (top < 0) top = 0;
        erase();
        tui_box bar = {0, 0, 1, COLS};
        attron(tui_attr(TR_TITLE));
        mvhline(0, 0, ' ', COLS);
        attroff(tui_attr(TR_TITLE));
        tui_put(&bar, 0, 1, tui_attr(TR_TITLE), "%s", title);
        tui_box body = {1, 1, rows, COLS - 2};
        for (int r = 0; r < rows && top + r < w.n; r++)
            tui_put(&body, r, 0, tui_attr((tui_role)w.role[top + r]), "%s", w.line[top + r]);
        tui_box foot = {LINES - 1, 0, 1, COLS};
        tui_put(&foot, 0, 0, tui_attr(TR_DIM), _("up/down PgUp/PgDn scroll | Enter, Esc or q closes%s"),
                top + rows < w.n ? _(" | more below") : "");
        curs_set(0);
        refresh();
        int total = w.n;
        tui_text_free(&w);
        int ch = key_in();
        switch (ch) {
        case KEY_UP: top--; break;
        case KEY_DOWN: top++; break;
        case KEY_PPAGE: top -= rows - 1; break;
        case KEY_NPAGE: case ' ': top += rows - 1; break;
        case KEY_HOME: top = 0; break;
        case KEY_END: top = total; break;
        case KEY_RESIZE: break;
        case 'q': case 'Q': case 27: case KEY_F(10): return ch;
        default:
            if (is_enter(ch)) return ch;
        }
    }
}

/* A one-line prompt on the bottom rows over the current screen. Returns 1
 * with buf filled, 0 when cancelled (Esc). */
static int prompt(const tui *t, const char *question, char *buf, size_t n, const char *state)
{
    for (;;) {
        draw_screen(t, state, _("Enter accepts | Esc cancels"));
        layout L = compute_layout();
        tui_box b = {L.input_y, 0, 1, COLS};
        move(L.input_y, 0);
        clrtoeol();
        int x = tui_put(&b, 0, 0, tui_attr(TR_HEAD), "%s ", question);
        tui_put(&b, 0, x, tui_attr(TR_TEXT), "%s", buf);
        curs_set(1);
        move(L.input_y, x + (int)strlen(buf) < COLS ? x + (int)strlen(buf) : COLS - 1);
        refresh();
        int ch = key_in();
        size_t len = strlen(buf);
        if (is_enter(ch)) return 1;
        if (ch == 27) return 0;
        if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len) buf[len - 1] = '\0';
        else if (ch == 21) buf[0] = '\0'; /* ^U */
        else if (ch >= 32 && ch < 127 && len + 1 < n) {
            buf[len] = (char)ch;
            buf[len + 1] = '\0';
        }
    }
}

/* Hand-over: a blank screen so the next player does not see the previous
 * player's hidden values. Only Enter (or F10 to quit) leaves it. */
static int handover(tui *t, int p)
{
    char who[48];
    seat_label(t, p, who, sizeof who);
    t->msg[0] = '\0'; /* nothing of the previous person's turn stays on screen */
    for (;;) {
        erase();
        tui_box b = {0, 0, LINES, COLS};
        int y = LINES / 2 - 3, x = COLS / 2 - 26;
        if (x < 0) x = 0;
        tui_put(&b, y, x, tui_attr(TR_TITLE), _("  HAND-OVER  "));
        tui_put(&b, y + 2, x, tui_attr(tui_seat_role(p)), _("Pass the keyboard to %s."), who);
        tui_put(&b, y + 3, x, tui_attr(TR_TEXT), _("Everyone else: please look away now."));
        tui_put(&b, y + 5, x, tui_attr(TR_HEAD), _("%s: press Enter to see your board."), who);
        tui_put(&b, LINES - 1, 0, tui_attr(TR_DIM), _("F10 quits the game"));
        curs_set(0);
        refresh();
        int ch = key_in();
        if (is_enter(ch)) return 1;
        if (ch == KEY_F(10)) return 0;
    }
}

/* ------------------------------------------------------ scoring steps */

/* One step of a scoring (events from..to-1): what the board game's
 * draw_step shows of it on top, its sentences under it. Returns the key. */
static int scoring_page(tui *t, int from, int to, int step, int steps)
{
    for (;;) {
        if (too_small()) {
            if (key_in() == KEY_F(10)) return 's';
            continue;
        }
        erase();
        tui_box bar = {0, 0, 1, COLS};
        attron(tui_attr(TR_TITLE));
        mvhline(0, 0, ' ', COLS);
        attroff(tui_attr(TR_TITLE));
        tui_put(&bar, 0, 1, tui_attr(TR_TITLE), _("Scoring - page %d of %d of this move"), step, steps);
        cJSON *evs = cJSON_CreateArray();
        for (int k = from; k < to; k++) {
            cJSON *e = event_for_viewer(t, k);
            if (e) cJSON_AddItemToArray(evs, e);
        }
        int top = LINES / 2 - 1;
        tui_box pic = {1, 1, top - 1, COLS - 2};
        if (t->board && t->board->draw_step) t->board->draw_step(evs, t->viewer, &pic);
        else top = 1;
        cJSON_Delete(evs);
        tui_box text = {top, 1, LINES - 1 - top, COLS - 2};
        int y = 0;
        for (int k = from; k < to && y < text.h; k++) {
            char lines[10][160];
            int n = wrap_lines(event_text(t, k), text.w - 2, lines, 10);
            for (int j = 0; j < n && y < text.h; j++, y++)
                tui_put(&text, y, j ? 2 : 0, tui_attr(k == from ? TR_HEAD : TR_TEXT), "%s", lines[j]);
        }
        tui_box foot = {LINES - 1, 0, 1, COLS};
        tui_put(&foot, 0, 0, tui_attr(TR_DIM),
                _("Enter or space: go on | s: skip this scoring | S: never stop at scoring"));
        curs_set(0);
        refresh();
        int ch = key_in();
        if (ch == KEY_RESIZE) continue;
        if (is_enter(ch) || ch == ' ' || ch == 's' || ch == 'S' || ch == 'q' || ch == 27) return ch;
    }
}

/* Walks through the scoring the last action set off (events from..to-1),
 * one page a key: a page begins at each event the board says starts a step
 * (a district revealed, the market, the final scoring) and runs to the next;
 * what comes before the first (the rest of a step a choice interrupted) is a
 * page too when it holds any part of the scoring. */
static void show_scoring(tui *t, int from, int to)
{
    if (!t->board || !t->board->scoring_step) return;
    int cut[66], n = 0, part = 0;
    cut[n++] = from;
    for (int k = from; k < to && n < 65; k++) {
        cJSON *e = event_for_viewer(t, k);
        int kind = e ? t->board->scoring_step(e) : 0;
        cJSON_Delete(e);
        if (kind == 2 && k > from) cut[n++] = k;
        if (kind == 1 && n == 1) part = 1;
        if (kind == 2 && k == from) part = 1;
    }
    cut[n] = to;
    for (int i = part ? 0 : 1; i < n; i++) {
        int ch = scoring_page(t, cut[i], cut[i + 1], i + (part ? 1 : 0), n - (part ? 0 : 1));
        if (ch == 'S') {
            t->scoring = 0;
            set_msg(t, TR_GOOD, _("Scoring no longer stops (:scoring on brings it back)."));
        }
        if (ch == 's' || ch == 'S' || ch == 'q' || ch == 27) break;
    }
}

/* ----------------------------------------------------------- save, load */

static int save_record(tui *t, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        set_msg(t, TR_ERROR, _("Cannot write %s."), path);
        return -1;
    }
    char *json = gg_record_json(t->rec);
    int ok = json && fprintf(f, "%s\n", json) > 0;
    free(json);
    if (fclose(f) || !ok) {
        set_msg(t, TR_ERROR, _("Cannot write %s."), path);
        return -1;
    }
    snprintf(t->save_path, sizeof t->save_path, "%s", path);
    t->saved_len = gg_record_length(t->rec);
    set_msg(t, TR_GOOD, _("Saved %d moves to %s (resume: gemgames play --load %s)."), t->saved_len,
            path, path);
    return 0;
}

static void save_dialog(tui *t, const char *path, const char *state)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", path && *path ? path : t->save_path);
    if (!(path && *path) && !prompt(t, _("Save the game record to:"), buf, sizeof buf, state)) {
        set_msg(t, TR_DIM, _("Not saved."));
        return;
    }
    if (!buf[0]) {
        set_msg(t, TR_ERROR, _("No file name given; not saved."));
        return;
    }
    save_record(t, buf);
}

/* Asks before leaving a game with unsaved moves. 1: quit now. */
static int confirm_quit(tui *t, const char *state)
{
    if (gg_record_length(t->rec) == t->saved_len) return 1;
    char buf[8] = "";
    if (!prompt(t, _("Unsaved moves. Save before quitting? (y = save, n = quit without saving)"),
                buf, sizeof buf, state))
        return 0;
    if (buf[0] == 'y' || buf[0] == 'Y') {
        save_dialog(t, NULL, state);
        return gg_record_length(t->rec) == t->saved_len;
    }
    return buf[0] == 'n' || buf[0] == 'N';
}

/* ------------------------------------------------------------ help, log */

static void show_log(const tui *t)
{
    tui_text text = {0};
    if (!t->nlog) tui_text_add(&text, TR_DIM, _("No moves yet."));
    for (int i = 0; i < t->nlog; i++) {
        const log_entry *e = &t->log[i];
        char who[48];
        seat_label(t, e->seat, who, sizeof who);
        char padded[64];
        tui_text_add(&text, tui_seat_role(e->seat), "%4d  %-14s %s", i + 1,
                     cli_pad(padded, sizeof padded, who, 14),
                     t->log[i].said[viewer_index(t, t->viewer)]);
        for (int k = e->ev_from; k < e->ev_to; k++)
            tui_text_add(&text, k == e->ev_from ? TR_TEXT : TR_DIM, "      %s", event_text(t, k));
    }
    pager(_("Game log (as your seat saw it)"), &text);
    tui_text_free(&text);
}

static void show_help(const tui *t)
{
    tui_text h = {0};
    char decision[512];
    cli_decision_text(t->view, decision, sizeof decision);
    if (*decision) tui_text_add(&h, TR_HEAD, _("Now: %s"), decision);
    if (t->board && t->board->help) t->board->help(t->view, &h);
    tui_text_add(&h, TR_TEXT, " ");
    tui_text_add(&h, TR_HEAD, _("Playing"));
    tui_text_add(&h, TR_TEXT,
                 _("  The list under the status line holds every legal move. Choose one with the "
                 "arrow keys and press Enter, or type its notation: the list narrows to the moves "
                 "that start with what you typed, Tab completes as far as the choice is certain, "
                 "and Enter plays what you typed. An illegal move is explained and changes "
                 "nothing. Esc clears the line."));
    tui_text_add(&h, TR_TEXT,
                 _("  F2 or :save [FILE] saves the game record; gemgames play --load FILE resumes it. "
                 "F3 or :undo takes back your last move and the bots' replies (refused when "
                 "something hidden was revealed or chance was drawn since). F4 or :log shows the "
                 "whole log. F6 or :lang [en|pl|hu|cs|fr] switches the language. F10 or :quit leaves. ? or "
                 "F1 shows this help."));
    tui_text_add(&h, TR_TEXT, "%s",
                 _("  F5 or :hint shows the bot's top moves with its estimated chance to win after "
                   "each, and once the game is over, a shows each of your decisions with the "
                   "bot's preferred move and the estimated loss, the biggest first. Both only when "
                   "you are the one person at the table (every other seat a bot)."));
    pager(_("Help - ? or F1"), &h);
    tui_text_free(&h);
}

/* ------------------------------------------------- hints and analysis */

/* The bot that gives hints and analyses (issue 27): a bounded search, the
 * same on every machine (an iteration budget). */
#define ADVISOR_SPEC "ismcts:iters=4000:rollout=light"

/* Hints and analysis only where every person agreed: one person at the
 * table, every other seat a bot. Never when several people play. */
static int advice_allowed(tui *t)
{
    if (t->humans != 1) {
        set_msg(t, TR_ERROR, "%s", _("Hints and analysis are off: other people play at this table."));
        return 0;
    }
    if (!t->advisor) {
        gg_error err;
        t->advisor = gg_bot_new(ADVISOR_SPEC, t->cfg.seed ^ 0x68696e74ull, &err);
        if (!t->advisor) {
            char why[200];
            set_msg(t, TR_ERROR, _("No hint: %s"), cli_reason(&err, why, sizeof why));
            return 0;
        }
    }
    return 1;
}

/* F5 or :hint — the bot's top moves for the seat to play, with its estimate
 * of the chance to win after each (from that seat's view only). */
static void show_hint(tui *t, int p, const char *state)
{
    if (!advice_allowed(t)) return;
    draw_screen(t, state, _("the bot is looking for a hint..."));
    gg_hint h[5];
    gg_error err;
    int n = gg_bot_hint(t->advisor, t->s, p, h, 5, &err);
    if (n < 1) {
        char why[200];
        set_msg(t, TR_ERROR, _("No hint: %s"), cli_reason(&err, why, sizeof why));
        return;
    }
    tui_text text = {0};
    tui_text_add(&text, TR_HEAD, _("The bot's top moves for Seat %d, best first:"), p + 1);
    tui_text_add(&text, TR_TEXT, " ");
    for (int i = 0; i < n; i++) {
        char move[GG_MAX_NOTATION];
        gg_action_format(t->s, p, h[i].action, move, sizeof move);
        tui_text_add(&text, i ? TR_TEXT : TR_GOOD, _("  %d. %-28s estimated chance to win %3.0f%%"),
                     i + 1, move, 100 * h[i].win);
    }
    tui_text_add(&text, TR_TEXT, " ");
    /* the order is the search's (visits: the robust choice, or at a secret
     * choice made with others the mix it draws from), not the estimates' */
    tui_text_add(&text, TR_DIM, "%s",
                 _("Ranked by how much the search looked at each move, which is how the bot chooses, "
                   "so a move further down can show a higher estimate."));
    tui_text_add(&text, TR_DIM, _("From your view only, by a short search (%s); the estimates are rough."),
                 ADVISOR_SPEC);
    pager(_("Hint - F5"), &text);
    tui_text_free(&text);
    char move[GG_MAX_NOTATION];
    gg_action_format(t->s, p, h[0].action, move, sizeof move);
    set_msg(t, TR_GOOD, _("Hint: %s (%.0f%% to win)."), move, 100 * h[0].win);
}

/* The analysis of a finished game for the person's seat: each of their
 * decisions with the bot's preferred move and the estimated loss, biggest
 * first. */
static void show_analysis(tui *t, int seat, const char *state)
{
    if (seat < 0 || !advice_allowed(t)) return;
    draw_screen(t, state, _("the bot is analysing the game..."));
    gg_analysis *items;
    gg_error err;
    int n = gg_analyse_record(t->advisor, t->rec, seat, 0, &items, &err);
    if (n < 0) {
        char why[200];
        set_msg(t, TR_ERROR, _("No analysis: %s"), cli_reason(&err, why, sizeof why));
        return;
    }
    tui_text text = {0};
    tui_text_add(&text, TR_HEAD, _("Your decisions as Seat %d, the biggest estimated loss first:"),
                 seat + 1);
    tui_text_add(&text, TR_TEXT, " ");
    if (!n) tui_text_add(&text, TR_DIM, "%s", _("No decision with a choice to analyse."));
    for (int i = 0; i < n; i++) {
        const gg_analysis *a = &items[i];
        if (a->loss < 0)
            tui_text_add(&text, TR_DIM, _("move %3d: you played %s; the bot prefers %s (%.0f%%); it did not look at yours"),
                         a->index + 1, a->played, a->best, 100 * a->best_win);
        else if (!strcmp(a->played, a->best))
            tui_text_add(&text, TR_GOOD, _("move %3d: you played %s (%.0f%%), the bot's choice too"),
                         a->index + 1, a->played, 100 * a->played_win);
        else
            tui_text_add(&text, a->loss >= 0.05 ? TR_ERROR : TR_TEXT,
                         _("move %3d: you played %s (%.0f%%); the bot prefers %s (%.0f%%): estimated loss %.0f%%"),
                         a->index + 1, a->played, 100 * a->played_win, a->best,
                         100 * a->best_win, 100 * a->loss);
    }
    tui_text_add(&text, TR_TEXT, " ");
    tui_text_add(&text, TR_DIM, _("Each estimate is the chance to win the bot saw from your view at the time (%s)."),
                 ADVISOR_SPEC);
    free(items);
    pager(_("Analysis - a"), &text);
    tui_text_free(&text);
}

/* --------------------------------------------------------- move chooser */

static int starts_with_ci(const char *s, const char *prefix)
{
    for (; *prefix; s++, prefix++)
        if (tolower((unsigned char)*s) != tolower((unsigned char)*prefix)) return 0;
    return 1;
}

static int contains_ci(const char *s, const char *needle)
{
    for (; *s; s++)
        if (starts_with_ci(s, needle)) return 1;
    return !*needle;
}

static void filter_moves(tui *t)
{
    t->nfilt = 0;
    for (int i = 0; i < t->nlegal; i++)
        if (starts_with_ci(t->text[i], t->input)) t->filt[t->nfilt++] = i;
    if (!t->nfilt)
        for (int i = 0; i < t->nlegal; i++)
            if (contains_ci(t->text[i], t->input)) t->filt[t->nfilt++] = i;
    if (t->sel >= t->nfilt) t->sel = t->nfilt ? t->nfilt - 1 : 0;
}

static void load_moves(tui *t, int p)
{
    t->actor = p;
    t->nlegal = gg_legal(t->s, p, t->legal);
    for (int i = 0; i < t->nlegal; i++)
        gg_action_format(t->s, p, t->legal[i], t->text[i], sizeof t->text[i]);
    t->sel = 0;
    t->navigated = 0;
    t->input[0] = '\0';
    filter_moves(t);
}

/* Tab: extend the input to the longest prefix shared by the matching moves. */
static void complete(tui *t)
{
    int first = -1;
    size_t common = 0;
    for (int i = 0; i < t->nlegal; i++) {
        if (!starts_with_ci(t->text[i], t->input)) continue;
        if (first < 0) {
            first = i;
            common = strlen(t->text[i]);
            continue;
        }
        size_t k = 0;
        while (k < common && tolower((unsigned char)t->text[i][k]) ==
                                 tolower((unsigned char)t->text[first][k]))
            k++;
        common = k;
    }
    if (first < 0) {
        set_msg(t, TR_ERROR, _("No legal move starts with \"%s\"."), t->input);
        return;
    }
    if (common >= sizeof t->input) common = sizeof t->input - 1;
    if (common > strlen(t->input)) {
        memcpy(t->input, t->text[first], common);
        t->input[common] = '\0';
    }
    t->navigated = 0;
    t->sel = 0;
    filter_moves(t);
    if (t->nfilt > 1) set_msg(t, TR_DIM, _("%d moves start with \"%s\"."), t->nfilt, t->input);
}

/* Enter on typed text: parse it and check it on a copy of the game. */
static int typed_move(tui *t, gg_action *out)
{
    gg_error err;
    gg_action a;
    const char *text = t->input;
    while (*text == ' ') text++;
    char why[200];
    if (gg_action_parse(t->s, t->actor, text, &a, &err) != GG_OK) {
        set_msg(t, TR_ERROR, _("\"%s\" is not a move: %s"), text, cli_reason(&err, why, sizeof why));
        return 0;
    }
    gg_state *probe = gg_clone(t->s);
    gg_status st = probe ? gg_apply(probe, t->actor, a, &err) : GG_ENOMEM;
    gg_free(probe);
    if (st != GG_OK) {
        if (!probe) err = (gg_error){GG_ENOMEM, "out of memory"};
        set_msg(t, TR_ERROR, _("Illegal: %s"), cli_reason(&err, why, sizeof why));
        return 0;
    }
    *out = a;
    return 1;
}

/* Undo: back to before the last move of seat p (and the bots' replies). */
static void undo(tui *t, int p)
{
    int last = -1;
    for (int i = t->nlog - 1; i >= 0; i--)
        if (t->human[t->log[i].seat]) {
            last = i;
            break;
        }
    if (last < 0) {
        set_msg(t, TR_ERROR, _("Nothing to undo: no human has moved yet."));
        return;
    }
    if (t->log[last].seat != p) {
        set_msg(t, TR_ERROR, _("Cannot undo: the last human move was S%d's, not yours."),
                t->log[last].seat + 1);
        return;
    }
    for (int i = last; i < t->nlog; i++)
        if (t->log[i].reveals) {
            set_msg(t, TR_ERROR,
                    _("Cannot undo: move %d (%s) revealed hidden information or drew chance."),
                    i + 1, t->log[i].said[viewer_index(t, t->viewer)]);
            return;
        }
    gg_error err;
    gg_record_truncate(t->rec, last);
    gg_state *s = gg_record_replay(t->rec, -1, &err);
    if (!s) {
        char why[200];
        set_msg(t, TR_ERROR, _("Cannot undo: %s"), cli_reason(&err, why, sizeof why));
        return;
    }
    gg_free(t->s);
    t->s = s;
    int undone = t->nlog - last;
    gg_events_truncate(t->events, t->log[last].ev_from);
    forget_texts(t);
    t->nlog = last;
    refresh_view(t);
    set_msg(t, TR_GOOD, ngettext("Undone: %d move taken back.", "Undone: %d moves taken back.", (unsigned long)undone), undone);
}

enum { TURN_MOVE, TURN_UNDO, TURN_QUIT };

/* :lang [LANG] or F6 (the next language): the screen, the log's sentences
 * and the help speak it from now on (docs/i18n.md). */
static void switch_language(tui *t, const char *lang)
{
    if (cli_i18n_set(lang)) {
        set_msg(t, TR_ERROR, _("Unknown language \"%s\" (en, pl, hu, cs, fr)."), lang);
        return;
    }
    forget_texts(t);
    set_msg(t, TR_GOOD, _("Language: English"));
}

/* Runs a colon command typed in the move line. */
static int command(tui *t, const char *cmd, const char *state)
{
    while (*cmd == ' ') cmd++;
    if (!strncmp(cmd, "save", 4) && (cmd[4] == ' ' || !cmd[4])) {
        const char *arg = cmd + 4;
        while (*arg == ' ') arg++;
        save_dialog(t, arg, state);
    } else if (!strcmp(cmd, "undo")) {
        return TURN_UNDO;
    } else if (!strcmp(cmd, "log")) {
        show_log(t);
    } else if (!strcmp(cmd, "hint")) {
        if (t->actor >= 0) show_hint(t, t->actor, state);
    } else if (!strcmp(cmd, "help")) {
        show_help(t);
    } else if (!strcmp(cmd, "scoring off") || !strcmp(cmd, "scoring on")) {
        t->scoring = cmd[9] == 'n';
        set_msg(t, TR_GOOD, "%s", t->scoring ? _("Scoring shown step by step.") : _("Scoring no longer stops."));
    } else if (!strcmp(cmd, "lang") || !strncmp(cmd, "lang ", 5)) {
        const char *l = cmd[4] ? cmd + 5 : cli_i18n_next();
        while (*l == ' ') l++;
        switch_language(t, l);
    } else if (!strcmp(cmd, "quit") || !strcmp(cmd, "q")) {
        if (confirm_quit(t, state)) return TURN_QUIT;
    } else {
        set_msg(t, TR_ERROR, _("Unknown command \":%s\" (try :save, :undo, :log, :hint, :scoring off, :lang, "
                ":help, :quit)."), cmd);
    }
    return -1;
}

/* A human's decision. Returns TURN_MOVE with *out set, TURN_UNDO or TURN_QUIT. */
static int human_turn(tui *t, int p, gg_action *out)
{
    load_moves(t, p);
    char state[96], who[48];
    seat_label(t, p, who, sizeof who);
    snprintf(state, sizeof state, _("%s to play"), who);
    for (;;) {
        draw_screen(t, state, _(MOVE_KEYS));
        int ch = key_in();
        layout L = compute_layout();
        int colw = moves_colw(t), cols = COLS / colw > 0 ? COLS / colw : 1;
        size_t len = strlen(t->input);
        if (ch == KEY_RESIZE) continue;
        if (ch != KEY_UP && ch != KEY_DOWN && ch != KEY_LEFT && ch != KEY_RIGHT) t->msg[0] = 0;
        switch (ch) {
        case KEY_UP: t->sel -= cols; t->navigated = 1; break;
        case KEY_DOWN: t->sel += cols; t->navigated = 1; break;
        case KEY_LEFT: t->sel--; t->navigated = 1; break;
        case KEY_RIGHT: t->sel++; t->navigated = 1; break;
        case KEY_PPAGE: t->sel -= cols * L.moves_h; t->navigated = 1; break;
        case KEY_NPAGE: t->sel += cols * L.moves_h; t->navigated = 1; break;
        case KEY_HOME: t->sel = 0; t->navigated = 1; break;
        case KEY_END: t->sel = t->nfilt - 1; t->navigated = 1; break;
        case '\t': complete(t); break;
        case 27: t->input[0] = '\0'; t->navigated = 0; filter_moves(t); break;
        case KEY_F(1): show_help(t); break;
        case KEY_F(2): save_dialog(t, NULL, state); break;
        case KEY_F(3): return TURN_UNDO;
        case KEY_F(4): show_log(t); break;
        case KEY_F(5): show_hint(t, p, state); break;
        case KEY_F(6): switch_language(t, cli_i18n_next()); break;
        case KEY_F(10):
            if (confirm_quit(t, state)) return TURN_QUIT;
            break;
        case KEY_BACKSPACE: case 127: case 8:
            if (len) t->input[len - 1] = '\0';
            t->navigated = 0;
            filter_moves(t);
            break;
        case 21: /* ^U */
            t->input[0] = '\0';
            filter_moves(t);
            break;
        default:
            if (is_enter(ch)) {
                if (t->input[0] == ':') {
                    char cmd[200];
                    snprintf(cmd, sizeof cmd, "%s", t->input + 1);
                    t->input[0] = '\0';
                    filter_moves(t);
                    int r = command(t, cmd, state);
                    if (r >= 0) return r;
                    break;
                }
                if (!t->input[0] || t->navigated) {
                    if (!t->nfilt) {
                        set_msg(t, TR_ERROR, _("No move to choose."));
                        break;
                    }
                    *out = t->legal[t->filt[t->sel]];
                    return TURN_MOVE;
                }
                if (typed_move(t, out)) return TURN_MOVE;
                break;
            }
            if (ch == '?' && !t->input[0]) {
                show_help(t);
                break;
            }
            if (ch >= 32 && ch < 127 && len + 1 < sizeof t->input) {
                t->input[len] = (char)ch;
                t->input[len + 1] = '\0';
                t->navigated = 0;
                t->sel = 0;
                filter_moves(t);
            }
        }
        if (t->sel >= t->nfilt) t->sel = t->nfilt - 1;
        if (t->sel < 0) t->sel = 0;
    }
}

/* ------------------------------------------------------------ game over */

/* "S2 (you) wins with 92 points." or "S1 and S3 share the win with 9
 * points.": the winner named once, for the status line and the sheet. */
static void winner_text(const tui *t, const gg_result *r, char *buf, size_t n)
{
    char who[48];
    size_t len = 0;
    int k = 0, pts = 0;
    buf[0] = 0;
    for (int p = 0; p < r->players && len < n; p++) {
        if (r->rank[p] != 1) continue;
        seat_label(t, p, who, sizeof who);
        pts = r->score[p];
        int w = snprintf(buf + len, n - len, "%s%s", k++ ? (k == r->winners ? _(" and ") : ", ") : "", who);
        if (w > 0) len += (size_t)w;
    }
    if (len < n)
        snprintf(buf + len, n - len, r->winners > 1 ? _(" share the win with %d points.") : _(" wins with %d points."), pts);
}

static void score_sheet(const tui *t)
{
    gg_result r;
    gg_result_get(t->s, &r);
    tui_text h = {0};
    int order[GG_MAX_SEATS];
    for (int p = 0; p < r.players; p++) order[p] = p;
    for (int i = 1; i < r.players; i++)
        for (int j = i; j > 0 && r.rank[order[j]] < r.rank[order[j - 1]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    char who[48], line[200];
    winner_text(t, &r, line, sizeof line);
    tui_text_add(&h, TR_GOOD, _("Game over: %s"), line);
    tui_text_add(&h, TR_TEXT, " ");
    for (int i = 0; i < r.players; i++) {
        int p = order[i];
        seat_label(t, p, who, sizeof who);
        char padded[64];
        tui_text_add(&h, tui_seat_role(p), _("  place %d  %-18s %4d points"), r.rank[p],
                     cli_pad(padded, sizeof padded, who, 18), r.score[p]);
    }
    tui_text_add(&h, TR_TEXT, " ");
    if (t->board && t->board->score) {
        t->board->score(t->view, &h);
    } else {
        tui_text_add(&h, TR_HEAD, _("The final view"));
        tui_text_json(&h, t->view, "");
    }
    pager(_("Final score"), &h);
    tui_text_free(&h);
}

static void game_over(tui *t)
{
    t->actor = -1;
    t->msg[0] = 0;
    score_sheet(t);
    char state[240], line[200];
    gg_result r;
    gg_result_get(t->s, &r);
    winner_text(t, &r, line, sizeof line);
    snprintf(state, sizeof state, _("Game over: %s"), line);
    for (;;) {
        draw_screen(t, state, t->humans == 1
                                  ? _("Enter score sheet | a analysis | F2 save | F4 log | q or F10 quit")
                                  : _("Enter score sheet | F2 save | F4 log | q or F10 quit"));
        int ch = key_in();
        if (is_enter(ch)) score_sheet(t);
        else if (ch == 'a' || ch == 'A') show_analysis(t, t->at_keys, state);
        else if (ch == KEY_F(2)) save_dialog(t, NULL, state);
        else if (ch == KEY_F(4)) show_log(t);
        else if (ch == 'q' || ch == 'Q' || ch == KEY_F(10)) {
            if (confirm_quit(t, state)) return;
        }
    }
}

/* ------------------------------------------------------------ main loop */

static int bot_move(tui *t, int p)
{
    char who[48], state[96];
    seat_label(t, p, who, sizeof who);
    snprintf(state, sizeof state, _("%s is thinking..."), who);
    t->actor = -1;
    draw_screen(t, state, _("bots are playing | F10 quits once it is your turn"));
    gg_error err;
    gg_action a;
    if (gg_bot_choose(t->bot[p], t->s, p, &a, &err) != GG_OK || commit(t, p, a, &err)) {
        set_msg(t, TR_ERROR, _("Bot at S%d failed: %s"), p + 1, err.msg);
        return -1;
    }
    return 0;
}

/* The next seat to act: bots first during a simultaneous choice (nothing is
 * revealed until everyone has chosen), then humans in seat order. */
static int next_actor(const tui *t)
{
    int seats[GG_MAX_SEATS];
    int n = gg_actors(t->s, seats);
    for (int i = 0; i < n; i++)
        if (!t->human[seats[i]]) return seats[i];
    return n ? seats[0] : -1;
}

static int run(tui *t)
{
    while (!gg_is_over(t->s)) {
        int p = next_actor(t);
        if (p < 0) break;
        if (!t->human[p]) {
            if (bot_move(t, p)) {
                char state[] = "A bot failed";
                t->actor = -1;
                draw_screen(t, state, _("press any key to leave"));
                key_in();
                return 1;
            }
            continue;
        }
        if (t->humans > 1 && p != t->at_keys) {
            if (!handover(t, p)) {
                if (confirm_quit(t, _("Hand-over"))) return 0;
                continue;
            }
        }
        t->at_keys = p;
        if (t->viewer != p) {
            t->viewer = p;
            refresh_view(t);
        }
        gg_action a;
        int r = human_turn(t, p, &a);
        if (r == TURN_QUIT) return 0;
        if (r == TURN_UNDO) {
            undo(t, p);
            continue;
        }
        gg_error err;
        char why[200];
        if (commit(t, p, a, &err)) set_msg(t, TR_ERROR, _("Illegal: %s"), cli_reason(&err, why, sizeof why));
    }
    game_over(t);
    return 0;
}

/* ---------------------------------------------------------------- setup */

/* One line per game with a board; others show their view as text. */
static const tui_board *const boards[] = {
    &tui_board_splendor,
    &tui_board_ys,
    NULL,
};

static void tui_free(tui *t)
{
    for (int p = 0; p < GG_MAX_SEATS; p++) gg_bot_free(t->bot[p]);
    gg_bot_free(t->advisor);
    gg_record_free(t->rec);
    gg_free(t->s);
    cJSON_Delete(t->view);
    free(t->log);
    forget_texts(t);
    gg_events_free(t->events);
    free(t);
}

/* Replays a saved record action by action, logging each as it goes. */
static int resume(tui *t, const char *path)
{
    char *text = cli_read_file(path, 64u << 20);
    if (!text) return cli_error(_("cannot read %s"), path);
    gg_error err;
    gg_record *saved = gg_record_parse(text, &err);
    free(text);
    if (!saved) return cli_error("%s: %s", path, err.msg);
    t->replaying = 1;
    for (int i = 0; i < gg_record_length(saved); i++) {
        int seat;
        const char *act = gg_record_action_text(saved, i, &seat);
        gg_action a;
        if (gg_action_parse(t->s, seat, act, &a, &err) != GG_OK || commit(t, seat, a, &err)) {
            gg_record_free(saved);
            return cli_error(_("%s: action %d (\"%s\"): %s"), path, i + 1, act, err.msg);
        }
    }
    t->replaying = 0;
    gg_record_free(saved);
    snprintf(t->save_path, sizeof t->save_path, "%s", path);
    t->saved_len = gg_record_length(t->rec);
    return 0;
}

static tui *tui_new(const tui_config *cfg)
{
    tui *t = calloc(1, sizeof *t);
    if (!t) {
        cli_error(_("out of memory"));
        return NULL;
    }
    t->cfg = *cfg;
    t->players = cfg->opts.players;
    t->at_keys = -1;
    t->actor = -1;
    t->viewer = GG_SPECTATOR;
    t->saved_len = 0;
    const char *sc = getenv("GEMGAMES_SCORING");
    t->scoring = !(sc && !strcmp(sc, "off"));
    t->events = gg_events_new();
    gg_rng_seed(&t->rng, cfg->seed ^ 0x7475692d756e646full);
    for (size_t i = 0; boards[i]; i++)
        if (!strcmp(boards[i]->game, gg_game_name(cfg->game))) t->board = boards[i];
    gg_error err;
    for (int p = 0; p < t->players; p++) {
        if (!strcmp(cfg->seat_spec[p], "human")) {
            t->human[p] = 1;
            if (t->humans++ == 0) t->viewer = p;
            continue;
        }
        t->bot[p] = cli_play_bot_new(cfg->seat_spec[p], cfg->seed, p, &err);
        if (!t->bot[p]) {
            cli_error(_("seat %d: %s"), p + 1, err.msg);
            tui_free(t);
            return NULL;
        }
    }
    t->s = gg_new(cfg->game, &cfg->opts, cfg->seed, &err);
    t->rec = gg_record_new(cfg->game, &cfg->opts, cfg->seed);
    if (!t->s || !t->rec || !t->events) {
        char why[200];
        if (t->s) err = (gg_error){GG_ENOMEM, "out of memory"};
        cli_error("%s", cli_reason(&err, why, sizeof why));
        tui_free(t);
        return NULL;
    }
    snprintf(t->save_path, sizeof t->save_path, _("gemgames-%s-%llu.json"),
             gg_game_name(cfg->game), (unsigned long long)cfg->seed);
    if (cfg->load_path && resume(t, cfg->load_path)) {
        tui_free(t);
        return NULL;
    }
    refresh_view(t);
    return t;
}

int tui_available(void)
{
    return isatty(0) && isatty(1);
}

int tui_play(const tui_config *cfg)
{
    tui *t = tui_new(cfg);
    if (!t) return 2;
    setlocale(LC_ALL, "");
    cli_i18n_set(cli_i18n_lang()); /* after setlocale: LANGUAGE needs a non-C LC_MESSAGES */
    set_escdelay(25);
    struct sigaction sa = {.sa_handler = on_winch, .sa_flags = SA_RESTART};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, NULL); /* see raw_key */
    if (!initscr()) {
        tui_free(t);
        return cli_error(_("cannot start the terminal screen (try --plain)"));
    }
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    timeout(KEY_WAIT_MS); /* see raw_key */
    tui_colours_init();
    if (cfg->load_path) set_msg(t, TR_GOOD, _("Resumed %s: %d moves replayed."), cfg->load_path,
                                gg_record_length(t->rec));
    int rc = run(t);
    endwin();
    int n = gg_record_length(t->rec);
    if (n != t->saved_len) printf(_("Left without saving the last %d moves.\n"), n - t->saved_len);
    else if (t->saved_len) printf(_("Game record: %s\n"), t->save_path);
    tui_free(t);
    return rc;
}
