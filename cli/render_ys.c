/* render_ys.c — the Ys board as text, for line-based play (80 columns, no
 * colours). It reads only the view (docs/formats.md, the same fields as
 * cli/tui_ys.c), so it shows exactly what the seat may know: a face-down
 * broker this seat has not seen is "?" (Y-11). Places are labelled as the
 * notation names them (docs/notation.md): district D's zones are dD-port,
 * dD-trade and dD-palace; a market cell is its colour and row, blue1. */
#include <stdarg.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"

enum { WIDTH = 79 }; /* stay off the last column of an 80-column terminal */

static const char *const colours[4] = {"blue", "green", "yellow", "red"}; /* Y-1.1 */
static const char *const gem_kinds[5] = {"blue", "green", "yellow", "red", "black"};
static const char gem_letter[5] = {'B', 'G', 'Y', 'R', 'K'};
static const char *const zones[3] = {"port", "trade", "palace"};

/* ------------------------------------------------------------ reading */

static const cJSON *item(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static int num(const cJSON *obj, const char *key)
{
    const cJSON *v = item(obj, key);
    return cJSON_IsNumber(v) ? v->valueint : 0;
}

static const char *str(const cJSON *obj, const char *key)
{
    const cJSON *v = item(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* An array element's text ("?" if it is not a string). */
static const char *text(const cJSON *v) { return cJSON_IsString(v) ? v->valuestring : "?"; }

static int flag(const cJSON *obj, const char *key) { return cJSON_IsTrue(item(obj, key)); }

/* "Magician" from "magician", "Royal Guard" from "royal_guard", "Blue card"
 * from "blue" (the blue-bordered cards of round 4, Y-7.19). */
void cli_ys_card_title(const char *key, char *buf, size_t n)
{
    if (!strcmp(key, "blue")) {
        snprintf(buf, n, _("Blue card"));
        return;
    }
    /* the name the published edition of the player's language gives it
     * (the event catalogue, docs/i18n.md), else the key as a title */
    char id[64];
    snprintf(id, sizeof id, "ys:card.%s", key);
    const char *name = gg_catalogue_word(cli_i18n_lang(), id);
    if (!name) {
        snprintf(id, sizeof id, "ys:event.%s", key);
        name = gg_catalogue_word(cli_i18n_lang(), id);
    }
    size_t kl = strlen(key);
    if (!name && kl > 1 && kl < 40 && key[kl - 1] == '2') { /* "smuggling2": the second copy (Y-10.21) */
        snprintf(id, sizeof id, "ys:event.%.*s", (int)(kl - 1), key);
        if ((name = gg_catalogue_word(cli_i18n_lang(), id))) {
            snprintf(buf, n, "%s 2", name);
            return;
        }
    }
    if (name) {
        snprintf(buf, n, "%s", name);
        return;
    }
    snprintf(buf, n, "%s", key);
    for (char *p = buf; *p; p++) {
        if (*p == '_') *p = ' ';
        else if ((p == buf || p[-1] == ' ') && *p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
    }
}

/* ----------------------------------------------------- wrapped lines */

/* A line that wraps at word boundaries, continuing under `indent`. */
typedef struct wrap {
    FILE *out;
    int col, indent;
} wrap;

static void wrap_begin(wrap *w, FILE *out, int indent, const char *head)
{
    w->out = out;
    w->indent = indent;
    w->col = fprintf(out, "%s", head);
}

/* Adds one word (never split), `gap` spaces after the previous one; a word
 * that would pass WIDTH starts the next line instead. */
static void wrap_add(wrap *w, int gap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void wrap_add(wrap *w, int gap, const char *fmt, ...)
{
    char word[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(word, sizeof word, fmt, ap);
    va_end(ap);
    int len = (int)strlen(word);
    if (w->col > w->indent && w->col + gap + len > WIDTH) {
        fprintf(w->out, "\n%*s", w->indent, "");
        w->col = w->indent;
        gap = 0;
    }
    w->col += fprintf(w->out, "%*s%s", gap, "", word);
}

static void wrap_end(wrap *w) { fputc('\n', w->out); }

/* A sentence after `head`, wrapped between its words. */
static void print_words(FILE *out, const char *head, const char *text)
{
    wrap w;
    wrap_begin(&w, out, 2, head);
    while (*text) {
        size_t n = strcspn(text, " ");
        if (n) wrap_add(&w, 1, "%.*s", (int)(n < 150 ? n : 150), text);
        text += n;
        text += strspn(text, " ");
    }
    wrap_end(&w);
}

/* A table line built cell by cell, printed without trailing blanks. */
typedef struct row {
    char buf[256];
    size_t len;
} row;

static void row_add(row *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void row_add(row *r, const char *fmt, ...)
{
    if (r->len + 1 >= sizeof r->buf) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(r->buf + r->len, sizeof r->buf - r->len, fmt, ap);
    va_end(ap);
    if (n > 0) r->len += (size_t)n;
    if (r->len >= sizeof r->buf) r->len = sizeof r->buf - 1;
}

static void row_print(FILE *out, row *r)
{
    while (r->len && r->buf[r->len - 1] == ' ') r->len--;
    fprintf(out, "%.*s\n", (int)r->len, r->buf);
    r->len = 0;
}

/* "0 0 1 3" from [0,0,1,3], then one "?" per value not seen (Y-11). */
static void values_text(const cJSON *values, int hidden, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    const cJSON *v;
    cJSON_ArrayForEach(v, values)
    {
        if (len + 3 >= n) break;
        len += (size_t)snprintf(buf + len, n - len, "%s%d", len ? " " : "", v->valueint);
    }
    for (int i = 0; i < hidden && len + 3 < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s?", len ? " " : "");
    if (!len) snprintf(buf, n, "-");
}

/* "B1 G0 Y2 R0 K1": coloured gems, then black (K). */
static void gems_text(const cJSON *gems, char *buf, size_t n)
{
    size_t len = 0;
    for (int g = 0; g < 5 && len < n; g++)
        len += (size_t)snprintf(buf + len, n - len, "%s%c%d", g ? " " : "", gem_letter[g],
                                num(gems, gem_kinds[g]));
}

/* ------------------------------------------------------------ brokers */

/* One broker as this seat sees it: "S0:3" face up, "S0:(3)" face down but
 * known to this seat, "S1:?" face down and unseen (Y-11.2); "N" is the
 * neutral (Y-9.4). M: a Mercenary, counting 5 this round (Y-7.15). With
 * `just`, +: one of the two just placed (the window of the Magician and the
 * Mercenary, Y-7.13, Y-7.15; elsewhere the mark would only be noise). */
static void broker_text(const cJSON *br, int just, char *buf, size_t n)
{
    const cJSON *seat = item(br, "seat"), *value = item(br, "value");
    char who[16], val[8];
    if (cJSON_IsNumber(seat)) snprintf(who, sizeof who, "S%d", seat->valueint + 1);
    else snprintf(who, sizeof who, "N");
    int down = !strcmp(str(br, "face"), "down");
    if (!cJSON_IsNumber(value)) snprintf(val, sizeof val, "?");
    else snprintf(val, sizeof val, down ? "(%d)" : "%d", value->valueint);
    snprintf(buf, n, "%s:%s%s%s", who, val, flag(br, "mercenary") ? "M" : "",
             just && flag(br, "just_placed") ? "+" : "");
}

/* "  d1-trade   Q S0:3 S0:(1) S1:?": a zone, named as the notation names
 * it, with its brokers; Q when the Queen locks it (Y-7.16: nobody places
 * there this round; brokers already there stay). */
/* "blue blue green": a list of gem names. */
static void gems_list(const cJSON *gems, char *buf, size_t n)
{
    const cJSON *g;
    size_t len = 0;
    buf[0] = '\0';
    cJSON_ArrayForEach(g, gems)
    {
        int k = snprintf(buf + len, n - len, "%s%s", len ? " " : "", cli_word("ys", "gem", text(g)));
        if (k < 0 || (size_t)k >= n - len) break;
        len += (size_t)k;
    }
}

static void print_zone(FILE *out, int district, const char *name, const cJSON *zone, int just)
{
    char head[24];
    snprintf(head, sizeof head, "  d%d-%-7s", district, name);
    wrap w;
    wrap_begin(&w, out, 13, head);
    if (flag(zone, "queen")) wrap_add(&w, 1, "Q");
    const cJSON *br, *brokers = item(zone, "brokers");
    cJSON_ArrayForEach(br, brokers)
    {
        char b[24];
        broker_text(br, just, b, sizeof b);
        wrap_add(&w, 1, "%s", b);
    }
    if (!cJSON_GetArraySize(brokers)) wrap_add(&w, 1, "-");
    wrap_end(&w);
}

/* ------------------------------------------------------------- header */

static void print_options(FILE *out, const cJSON *opts)
{
    static const char *const keys[] = {"kings_favour", "express", "ysplus", "events",
                                       "strong_neutral"};
    static const char *const names[] = {N_("King's Favour (Y-9.1)"), N_("Ys Express"), N_("Ys+"),
                                        N_("events"), N_("strong neutral (Y-9.4)")};
    int any = 0;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (strcmp(str(opts, keys[i]), "on")) continue;
        fprintf(out, "%s%s", any ? ", " : _("Variants: "), _(names[i]));
        any = 1;
    }
    if (any) fprintf(out, "\n");
}

/* "Rates (Y-1.6, -7..+7): blue +1  green 0  yellow -1  red +2". */
static void print_rates(FILE *out, const cJSON *rates)
{
    fprintf(out, _("Rates (Y-1.6, -7..+7):"));
    for (int c = 0; c < 4; c++) {
        int r = num(rates, colours[c]);
        fprintf(out, "  %s %s%d", cli_word("ys", "gem", colours[c]), r > 0 ? "+" : "", r);
    }
    fprintf(out, "\n");
}

static void print_turn_order(FILE *out, const cJSON *view)
{
    fprintf(out, _("Turn order (by order card, Y-5.3):"));
    const cJSON *s;
    cJSON_ArrayForEach(s, item(view, "turn_order")) fprintf(out, " S%d", s->valueint + 1);
    if (cJSON_IsNumber(item(view, "intriguer")))
        fprintf(out, _("   Intriguer: S%d"), num(view, "intriguer") + 1);
    if (cJSON_IsNumber(item(view, "merchant")))
        fprintf(out, _("   Merchant: S%d"), num(view, "merchant") + 1);
    fprintf(out, "\n");
}

static void print_supplies(FILE *out, const cJSON *view)
{
    fprintf(out, _("Ships in deck %d, palace cards in piles %d, blue cards waiting %d\n"),
            num(view, "ship_deck_left"), num(view, "palace_piles_left"),
            num(view, "blue_cards_waiting"));
}

/* Y-5.2: the bid ranking, and which turn place each seat has taken. */
static void print_turn_places(FILE *out, const cJSON *view)
{
    const cJSON *rank = item(view, "bid_ranking"), *places = item(view, "turn_places"), *e;
    if (!cJSON_IsArray(rank)) return;
    fprintf(out, _("Bid ranking (Y-5.2):"));
    cJSON_ArrayForEach(e, rank) fprintf(out, " S%d", e->valueint + 1);
    fprintf(out, _("   turn places:"));
    int k = 0;
    cJSON_ArrayForEach(e, places)
    {
        if (cJSON_IsNumber(e)) fprintf(out, " %d=S%d", ++k, e->valueint + 1);
        else fprintf(out, _(" %d=free"), ++k);
    }
    fprintf(out, "\n");
}

/* Scoring choices in progress: the port's gems still to share out (Y-8.4),
 * or the tied market columns ordered so far (Y-8.7). */
static void print_scoring_progress(FILE *out, const cJSON *view)
{
    const cJSON *g;
    if (cJSON_IsArray(item(view, "port_gems_left"))) {
        fprintf(out, _("Port gems left to choose (Y-8.4):"));
        cJSON_ArrayForEach(g, item(view, "port_gems_left")) fprintf(out, " %s", cli_word("ys", "gem", text(g)));
        fprintf(out, "\n");
    }
    if (cJSON_IsArray(item(view, "column_order"))) {
        int fixed = num(view, "columns_fixed"), k = 0;
        fprintf(out, _("Tied market columns ordered so far (Y-8.7):"));
        cJSON_ArrayForEach(g, item(view, "column_order"))
            if (k++ < fixed) fprintf(out, " %s", cli_word("ys", "gem", text(g)));
        fprintf(out, "%s%s\n", fixed ? "" : " ", fixed ? "" : _("none yet"));
    }
}

/* The view's stage in words (ys_stage_name); a Ys+ card's or event's own
 * stage by its name from the catalogue. */
static const char *stage_words(const char *stage)
{
    static const struct {
        const char *key, *words;
    } names[] = {
        {"bid", N_("bidding")},
        {"turn_places", N_("turn order")},
        {"start_of_placement", N_("start of placement")},
        {"placement", N_("placement")},
        {"after_placing", N_("after placing")},
        {"refill", N_("refill")},
        {"start_of_scoring", N_("start of scoring")},
        {"gem", N_("gems")},
        {"columns", N_("tied columns")},
        {"market_majority", N_("market majority")},
        {"throne", N_("throne room")},
        {"end_of_scoring", N_("end of scoring")},
        {"settle", N_("settling the lines")},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(stage, names[i].key)) return _(names[i].words);
    if (!strcmp(stage, "imitate")) return cli_word("ys", "card", "imitator");
    if (!strcmp(stage, "spy")) return cli_word("ys", "card", "spy");
    if (!strcmp(stage, "smuggling") || !strcmp(stage, "speculation")) return cli_word("ys", "event", stage);
    return stage;
}

static void print_header(FILE *out, const cJSON *view)
{
    fprintf(out, _("\n== Ys ==  round %d of 4"), num(view, "round"));
    if (flag(view, "over")) fprintf(out, _(", game over"));
    else fprintf(out, ", %s", stage_words(str(view, "stage")));
    if (cJSON_IsNumber(item(view, "turn")))
        fprintf(out, _(", turn %d of %d"), num(view, "turn"), num(view, "turns"));
    fprintf(out, "\n");
    print_options(out, item(view, "options"));
    print_turn_order(out, view);
    print_rates(out, item(view, "rates"));
    if (!flag(view, "over")) print_supplies(out, view);
    print_turn_places(out, view);
    print_scoring_progress(out, view);
}

/* ---------------------------------------------------------- districts */

/* "District 1  ship: green green blue red  palace: Magician, pile 2": the
 * ship's gems (the large one listed twice with 4-5 players, Y-4.2) and the
 * face-up palace card with how many cards are left under it (Y-2.3). */
static void print_district_head(FILE *out, const cJSON *dist)
{
    char head[32];
    snprintf(head, sizeof head, _("District %d"), num(dist, "district"));
    wrap w;
    wrap_begin(&w, out, 2, head);
    const cJSON *ship = item(dist, "ship"), *g;
    if (!cJSON_IsObject(ship)) {
        wrap_add(&w, 2, _("ship: none"));
    } else {
        wrap_add(&w, 2, _("ship:"));
        cJSON_ArrayForEach(g, item(ship, "gems")) wrap_add(&w, 1, "%s", cli_word("ys", "gem", text(g)));
    }
    const cJSON *card = item(dist, "palace_card");
    char title[32];
    snprintf(title, sizeof title, "%s", _("none"));
    if (cJSON_IsString(card)) cli_ys_card_title(card->valuestring, title, sizeof title);
    wrap_add(&w, 2, _("palace: %s, pile %d"), title, num(dist, "pile"));
    wrap_end(&w);
}

/* What the marks on brokers mean; only the marks this board can show. */
static void print_legend(FILE *out, const cJSON *view, int just)
{
    const char *marks[6];
    int n = 0;
    /* TRANSLATORS: the marks on brokers: keep the mark first ((n), ?, M, Q, N, +) */
    marks[n++] = _("(n) face down, seen by you");
    marks[n++] = _("? face down, not seen (Y-11)");
    marks[n++] = _("M Mercenary, counts 5 (Y-7.15)");
    marks[n++] = _("Q locked by the Queen (Y-7.16)");
    if (cJSON_IsObject(item(view, "neutral"))) marks[n++] = _("N the neutral (Y-9.4)");
    if (just) marks[n++] = _("+ just placed");
    wrap w;
    wrap_begin(&w, out, 2, " ");
    for (int i = 0; i < n; i++) wrap_add(&w, 1, "%s%s", marks[i], i + 1 < n ? ";" : "");
    wrap_end(&w);
}

static void print_city(FILE *out, const cJSON *view)
{
    int just = !strcmp(str(view, "stage"), "after_placing");
    const cJSON *dist;
    cJSON_ArrayForEach(dist, item(view, "city"))
    {
        print_district_head(out, dist);
        for (int z = 0; z < 3; z++)
            print_zone(out, num(dist, "district"), zones[z], item(dist, zones[z]), just);
    }
    const cJSON *br; /* Ys+ Philosopher (Y-10.12): brokers on lines, settled before scoring */
    cJSON_ArrayForEach(br, item(view, "lines"))
    {
        char b[32];
        broker_text(br, just, b, sizeof b);
        fprintf(out, _("  line %-16s %s\n"), str(br, "line"), b);
    }
    print_legend(out, view, just);
}

/* ------------------------------------------------------------- market */

/* The market grid: one line per row (its gem first), a cell per colour
 * column holding at most one broker (Y-6.3); a row closed for this player
 * count says so (Y-4.3). Each colour's rate sits under its column. */
static void print_market(FILE *out, const cJSON *view)
{
    const cJSON *market = item(view, "market"), *cols = item(market, "columns"), *mrow;
    int just = !strcmp(str(view, "stage"), "after_placing");
    row line = {.len = 0};
    fprintf(out, _("Market (cell = colour+row, e.g. blue1; 1 point per broker, Y-6.4)\n"));
    char padded[48];
    row_add(&line, "%s  ", _("  row  gem     "));
    for (int c = 0; c < 4; c++) row_add(&line, " %s", cli_pad(padded, sizeof padded, cli_word("ys", "gem", colours[c]), 9));
    row_print(out, &line);
    int r = 0;
    cJSON_ArrayForEach(mrow, item(market, "rows"))
    {
        const cJSON *gem = item(mrow, "gem");
        row_add(&line, "  %-3d  %s ", num(mrow, "row"),
                cli_pad(padded, sizeof padded, cJSON_IsString(gem) ? cli_word("ys", "gem", gem->valuestring) : "-", 9));
        if (!flag(mrow, "open")) row_add(&line, _(" closed (Y-4.3)"));
        for (int c = 0; c < 4 && flag(mrow, "open"); c++) {
            const cJSON *cell = cJSON_GetArrayItem(item(cols, colours[c]), r);
            char b[24] = ".";
            if (cJSON_IsObject(cell)) broker_text(cell, just, b, sizeof b);
            row_add(&line, " %s", cli_pad(padded, sizeof padded, b, 9));
        }
        row_print(out, &line);
        r++;
    }
    row_add(&line, "%s  ", _("  rate         "));
    for (int c = 0; c < 4; c++) {
        int v = num(item(view, "rates"), colours[c]);
        char t[8];
        snprintf(t, sizeof t, "%s%d", v > 0 ? "+" : "", v);
        row_add(&line, " %-9s", t);
    }
    row_print(out, &line);
}

/* ------------------------------------------------------------ players */

static int is_actor(const cJSON *view, int seat)
{
    const cJSON *a;
    cJSON_ArrayForEach(a, item(view, "actors")) if (cJSON_IsNumber(a) && a->valueint == seat) return 1;
    return 0;
}

/* Character cards in hand (public, Y-7.3): * playable now; "new" won this
 * round, playable from the next (Y-7.1). Then the cards in force, and how
 * many this player has played this round (at most 2, Y-7.1). */
static void add_cards(wrap *w, const cJSON *p)
{
    const cJSON *c, *cards = item(p, "cards");
    char title[32];
    if (cJSON_GetArraySize(cards)) {
        wrap_add(w, 0, _("cards:"));
        cJSON_ArrayForEach(c, cards)
        {
            cli_ys_card_title(str(c, "card"), title, sizeof title);
            wrap_add(w, 1, "%s%s%s%s", title, flag(c, "playable") ? "*" : "",
                     flag(c, "fresh") ? " (new)" : "", c->next ? "," : "");
        }
    }
    const cJSON *active = item(p, "active");
    if (cJSON_GetArraySize(active)) {
        wrap_add(w, cJSON_GetArraySize(cards) ? 2 : 0, _("active:"));
        cJSON_ArrayForEach(c, active)
        {
            cli_ys_card_title(text(c), title, sizeof title);
            wrap_add(w, 1, "%s%s", title, c->next ? "," : "");
        }
    }
    const cJSON *kept = item(p, "kept"); /* Ys+ Favourite, Pope, Trafficker (Y-10.2) */
    if (cJSON_GetArraySize(kept)) {
        wrap_add(w, w->col > w->indent ? 2 : 0, _("kept:"));
        cJSON_ArrayForEach(c, kept)
        {
            cli_ys_card_title(text(c), title, sizeof title);
            wrap_add(w, 1, "%s%s", title, c->next ? "," : "");
        }
    }
    if (num(p, "played"))
        wrap_add(w, w->col > w->indent ? 2 : 0, _("played %d of 2 this round (Y-7.1)"), num(p, "played"));
}

/* The brokers off the board: front (bid brokers, public once revealed,
 * Y-5.4), the throne room (King's Favour, Y-9.1), the screen (values only
 * for its owner, Y-11), and the 2-player neutral hand (Y-9.4). */
static void add_brokers(wrap *w, const cJSON *view, const cJSON *p)
{
    char vals[64];
    values_text(item(p, "front"), num(p, "front_hidden"), vals, sizeof vals);
    wrap_add(w, 0, _("front: %s"), vals);
    if (cJSON_IsArray(item(p, "throne"))) {
        values_text(item(p, "throne"), num(p, "throne_hidden"), vals, sizeof vals);
        wrap_add(w, 2, _("throne: %s"), vals);
        if (num(p, "reserve")) wrap_add(w, 2, _("reserve 2s: %d"), num(p, "reserve"));
    }
    if (cJSON_IsArray(item(p, "screen"))) {
        values_text(item(p, "screen"), 0, vals, sizeof vals);
        wrap_add(w, 2, _("screen: %s"), vals);
    } else {
        int n = num(p, "screen_count");
        wrap_add(w, 2, ngettext("screen: %d broker", "screen: %d brokers", (unsigned long)n), n);
    }
    if (!strcmp(str(view, "stage"), "bid"))
        wrap_add(w, 2, "%s", flag(p, "bid_done") ? _("(bid chosen)") : _("(still bidding)"));
    if (cJSON_GetArraySize(item(p, "unseen"))) {
        values_text(item(p, "unseen"), 0, vals, sizeof vals);
        wrap_add(w, 2, _("unseen values: %s"), vals);
    }
    if (cJSON_IsArray(item(p, "neutral_hand"))) {
        values_text(item(p, "neutral_hand"), 0, vals, sizeof vals);
        wrap_add(w, 2, _("neutral hand: %s"), vals);
    } else if (cJSON_IsNumber(item(p, "neutral_hand_count"))) {
        wrap_add(w, 2, _("neutral hand: %d"), num(p, "neutral_hand_count"));
    }
    if (num(p, "spy_peeks_left")) wrap_add(w, 2, _("spy peeks left: %d"), num(p, "spy_peeks_left"));
}

/* "> S0 (you)   12 pts  order card 3  gems B1 G0 Y2 R0 K1", then the
 * brokers and cards on wrapped lines below. ">" marks who is to act. */
static void print_player(FILE *out, const cJSON *view, const cJSON *p, int viewer)
{
    int seat = num(p, "seat");
    char gems[40];
    gems_text(item(p, "gems"), gems, sizeof gems);
    fprintf(out, _("%c S%d%-6s %4d pts  order card %d  gems %s\n"), is_actor(view, seat) ? '>' : ' ',
            seat + 1, seat == viewer ? _(" (you)") : "", num(p, "score"), num(p, "order"), gems);
    wrap w;
    wrap_begin(&w, out, 4, "    ");
    add_brokers(&w, view, p);
    wrap_end(&w);
    if (cJSON_GetArraySize(item(p, "cards")) || cJSON_GetArraySize(item(p, "active")) ||
        cJSON_GetArraySize(item(p, "kept")) || num(p, "played")) {
        wrap_begin(&w, out, 6, "    ");
        add_cards(&w, p);
        wrap_end(&w);
    }
}

/* With 2 players the neutral is a third party on the board (Y-9.4). */
static void print_neutral(FILE *out, const cJSON *n)
{
    char gems[40];
    gems_text(item(n, "gems"), gems, sizeof gems);
    fprintf(out, _("  neutral  %4d pts  brokers %s  gems %s  (Y-9.4)\n"), num(n, "score"),
            str(n, "brokers"), gems);
}

static void print_players(FILE *out, const cJSON *view, int viewer)
{
    fprintf(out, _("Players (gems: B blue, G green, Y yellow, R red, K black; > to act)\n"));
    const cJSON *p;
    cJSON_ArrayForEach(p, item(view, "players")) print_player(out, view, p, viewer);
    const cJSON *n = item(view, "neutral");
    if (cJSON_IsObject(n)) print_neutral(out, n);
}

/* -------------------------------------------------------------- final */

/* One row of the final table: a label, then a cell per participant. */
typedef void (*final_cell)(const cJSON *entry, char *buf, size_t n, const void *arg);

static void print_final_row(FILE *out, const char *label, const cJSON *fin, final_cell cell,
                            const void *arg)
{
    row line = {.len = 0};
    char padded[96];
    row_add(&line, "  %-22s", cli_pad(padded, sizeof padded, label, 22));
    const cJSON *f;
    cJSON_ArrayForEach(f, fin)
    {
        char buf[24];
        cell(f, buf, sizeof buf, arg);
        row_add(&line, " %-10s", cli_pad(padded, sizeof padded, buf, 10));
    }
    row_print(out, &line);
}

/* Y-8.10: a colour's points and, in brackets, the gems held. */
static void cell_colour(const cJSON *f, char *buf, size_t n, const void *arg)
{
    const cJSON *e = item(item(f, "colours"), (const char *)arg);
    snprintf(buf, n, "%3d [%d]", num(e, "points"), num(e, "gems"));
}

/* Y-8.11: black gems. */
static void cell_black(const cJSON *f, char *buf, size_t n, const void *arg)
{
    (void)arg;
    snprintf(buf, n, "%3d [%d]", num(f, "black_points"), num(f, "black_gems"));
}

/* Y-9.1: King's Favour points and, in brackets, the throne-room total. */
static void cell_throne(const cJSON *f, char *buf, size_t n, const void *arg)
{
    (void)arg;
    if (!item(f, "kings_favour_points")) snprintf(buf, n, "  -");
    else snprintf(buf, n, "%3d [%d]", num(f, "kings_favour_points"), num(f, "throne_total"));
}

/* A plain number field; "-" where the participant has none (the neutral). */
static void cell_field(const cJSON *f, char *buf, size_t n, const void *arg)
{
    if (!item(f, (const char *)arg)) snprintf(buf, n, "  -");
    else snprintf(buf, n, "%3d", num(f, (const char *)arg));
}

/* Points outside the breakdown (e.g. cards' exchanges, events): the total
 * minus every listed part. */
static int other_points(const cJSON *f)
{
    int sum = num(f, "black_points") + num(f, "kings_favour_points") + num(f, "trade_points") +
              num(f, "market_points") + num(f, "card_points");
    for (int c = 0; c < 4; c++) sum += num(item(item(f, "colours"), colours[c]), "points");
    return num(f, "total") - sum;
}

static void cell_other(const cJSON *f, char *buf, size_t n, const void *arg)
{
    (void)arg;
    snprintf(buf, n, "%3d", other_points(f));
}

static void print_final_heads(FILE *out, const cJSON *fin, int viewer)
{
    row line = {.len = 0};
    char label[96];
    row_add(&line, "  %s", cli_pad(label, sizeof label, _("points [gems held]"), 22));
    const cJSON *f;
    cJSON_ArrayForEach(f, fin)
    {
        const cJSON *seat = item(f, "seat");
        char who[24];
        if (!cJSON_IsNumber(seat)) snprintf(who, sizeof who, _("neutral"));
        else if (seat->valueint == viewer) snprintf(who, sizeof who, _("S%d (you)"), seat->valueint + 1);
        else snprintf(who, sizeof who, "S%d", seat->valueint + 1);
        char padded[48];
        row_add(&line, " %-10s", cli_pad(padded, sizeof padded, who, 10));
    }
    row_print(out, &line);
}

/* The final breakdown (Y-8.10 to Y-8.12): each colour in rank order by its
 * final rate, black gems, King's Favour, then the points won during play. */
static void print_final(FILE *out, const cJSON *view, int viewer)
{
    const cJSON *fin = item(view, "final"), *c, *f;
    if (!cJSON_IsArray(fin)) return;
    fprintf(out, _("Final scoring (Y-8.10 to Y-8.12)\n"));
    print_final_heads(out, fin, viewer);
    int rank = 0;
    cJSON_ArrayForEach(c, item(view, "colour_ranks"))
    {
        char label[32];
        snprintf(label, sizeof label, _("%s (rank %d)"), cli_word("ys", "gem", text(c)), ++rank);
        print_final_row(out, label, fin, cell_colour, text(c));
    }
    print_final_row(out, _("black gems (Y-8.11)"), fin, cell_black, NULL);
    int kf = 0, other = 0;
    cJSON_ArrayForEach(f, fin)
    {
        kf |= item(f, "kings_favour_points") != NULL;
        other |= other_points(f) != 0;
    }
    if (kf) print_final_row(out, _("King's Favour [throne]"), fin, cell_throne, NULL);
    print_final_row(out, _("trade zones"), fin, cell_field, "trade_points");
    print_final_row(out, _("market brokers"), fin, cell_field, "market_points");
    print_final_row(out, _("character cards"), fin, cell_field, "card_points");
    if (other) print_final_row(out, _("other"), fin, cell_other, NULL);
    print_final_row(out, _("total"), fin, cell_field, "total");
    if (item(view, "neutral"))
        fprintf(out, _("  The neutral's trade zones and palace cards count under other (Y-9.4).\n"));
    fprintf(out, _("  Most points wins; a tie goes to the most gems (Y-8.12).\n"));
}

/* ------------------------------------------------------------- events */

/* Ys+ events (Y-10.3, Y-11.1): those in effect this round, the district
 * events by their ports, the Embassy's centre ship, the brokers on each
 * Smuggling card, the Speculation picks as this seat may see them. */
static void print_events(FILE *out, const cJSON *view)
{
    const cJSON *ev = item(view, "events"), *it;
    if (!cJSON_IsObject(ev)) return;
    wrap w;
    wrap_begin(&w, out, 2, _("Events this round (Y-10.3):"));
    int k = 0, d = 0;
    cJSON_ArrayForEach(it, item(ev, "active"))
    {
        wrap_add(&w, 1, "%s", cli_word("ys", "event", text(it)));
        k++;
    }
    if (!k) wrap_add(&w, 1, _("none"));
    cJSON_ArrayForEach(it, item(ev, "ports"))
    {
        d++;
        if (cJSON_IsString(it)) wrap_add(&w, 1, _("[d%d port: %s]"), d, cli_word("ys", "event", text(it)));
    }
    wrap_end(&w);
    const cJSON *cs = item(ev, "centre_ship");
    if (cJSON_IsObject(cs)) {
        char g[160];
        gems_list(item(cs, "gems"), g, sizeof g);
        fprintf(out, _("  Embassy centre ship %d: %s (palace totals share it, Y-10.20)\n"), num(cs, "card"), g);
    }
    static const char *const sm[2] = {"smuggling1", "smuggling2"};
    for (int i = 0; i < 2; i++) {
        const cJSON *arr = item(ev, sm[i]);
        if (!cJSON_IsArray(arr)) continue;
        char name[48], padded[64], head[72];
        snprintf(name, sizeof name, "%s %d", cli_word("ys", "event", "smuggling"), i + 1);
        snprintf(head, sizeof head, "  %s", cli_pad(padded, sizeof padded, name, 11));
        wrap_begin(&w, out, 13, head);
        cJSON_ArrayForEach(it, arr)
        {
            char b[24];
            broker_text(it, 0, b, sizeof b);
            wrap_add(&w, 1, "%s", b);
        }
        if (!cJSON_GetArraySize(arr)) wrap_add(&w, 1, "-");
        wrap_end(&w);
    }
    int q = 0, any = 0;
    cJSON_ArrayForEach(it, item(ev, "speculation")) any |= cJSON_IsString(it);
    if (any) {
        wrap_begin(&w, out, 2, _("  Speculation picks (Y-10.31):"));
        cJSON_ArrayForEach(it, item(ev, "speculation"))
        {
            const char *pick = cJSON_IsString(it) ? text(it) : "-";
            wrap_add(&w, 1, "S%d %s", ++q, !strcmp(pick, "hidden") ? _("hidden")
                                                   : !strcmp(pick, "none") ? _("none")
                                                                           : cli_word("ys", "gem", pick));
        }
        wrap_end(&w);
    }
}

/* --------------------------------------------------------------- all */

void cli_render_ys(FILE *out, const cJSON *view, int seat)
{
    print_header(out, view);
    fprintf(out, "\n");
    print_city(out, view);
    fprintf(out, "\n");
    print_market(out, view);
    fprintf(out, "\n");
    if (item(view, "events")) {
        print_events(out, view);
        fprintf(out, "\n");
    }
    print_players(out, view, seat);
    if (flag(view, "over")) {
        fprintf(out, "\n");
        print_final(out, view, seat);
    }
    char decision[512];
    cli_decision_text(view, decision, sizeof decision);
    print_words(out, _("Now:"), decision);
}
