/* tui_ys.c — the Ys board for the full-screen game, drawn from a seat's view
 * (docs/formats.md, Ys section): the districts with their ships, port,
 * trade and palace zones and palace cards; the market grid with its row
 * gems and the rate of each colour; every player's score, order card, gems,
 * front brokers, screen and character cards. A broker this seat may not see
 * shows as "?" (Y-11). Help texts quote the rules reference (docs/rules/ys.md). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"

static const char *const colours[4] = {"blue", "green", "yellow", "red"};
static const char *const zones[3] = {"port", "trade", "palace"};

/* A gem as a coloured capital letter (K for black). */
static int put_gem(const tui_box *b, int y, int x, const char *gem)
{
    char c = !strcmp(gem, "black") ? 'K' : (char)(gem[0] ? gem[0] - 'a' + 'A' : '?');
    return tui_put(b, y, x, tui_attr(tui_colour_role(gem)), "%c", c);
}

/* A place's brokers summed per seat: "0:7 2:1? N:?" — the sum of the values
 * this seat sees, then one "?" per broker it may not see. */
static int put_brokers(const tui_box *b, int y, int x, int w, const cJSON *brokers)
{
    int sum[GG_MAX_SEATS + 1] = {0}, hidden[GG_MAX_SEATS + 1] = {0}, any[GG_MAX_SEATS + 1] = {0};
    const cJSON *br;
    cJSON_ArrayForEach(br, brokers)
    {
        const cJSON *seat = tj(br, "seat");
        int q = cJSON_IsNumber(seat) ? seat->valueint : GG_MAX_SEATS; /* the neutral */
        if (q < 0 || q > GG_MAX_SEATS) continue;
        any[q] = 1;
        if (tj_bool(br, "mercenary")) sum[q] += 5; /* Y-7.15: counts 5 this round */
        else if (cJSON_IsNumber(tj(br, "value"))) sum[q] += tj_int(br, "value");
        else hidden[q]++;
    }
    int end = x + w;
    for (int q = 0; q <= GG_MAX_SEATS; q++) {
        if (!any[q]) continue;
        char txt[24], qs[4];
        snprintf(qs, sizeof qs, "%.*s", hidden[q] < 3 ? hidden[q] : 3, "???");
        if (sum[q] || !hidden[q]) snprintf(txt, sizeof txt, "%d%s", sum[q], qs);
        else snprintf(txt, sizeof txt, "%s", qs);
        int len = 2 + (int)strlen(txt);
        if (x + len > end) break;
        if (q < GG_MAX_SEATS) x = tui_put(b, y, x, tui_attr(tui_seat_role(q)), "%d:", q + 1); /* seats from 1 */
        else x = tui_put(b, y, x, tui_attr(TR_DIM), "N:");
        x = tui_put(b, y, x, tui_attr(TR_TEXT), "%s ", txt);
    }
    return x;
}

/* Ys+ (Y-10.3, Y-10.12): the general events in effect this round (district
 * events show in their port), the brokers on Smuggling cards, and the
 * Philosopher's brokers on lines, after the info line's text. */
static void draw_events_and_lines(const cJSON *view, const tui_box *b, int y, int x)
{
    const cJSON *ev = tj(view, "events"), *e;
    if (ev) {
        int first = 1;
        cJSON_ArrayForEach(e, tj(ev, "active"))
        {
            const cJSON *port;
            int in_port = 0; /* district events are shown in their port (draw_city) */
            cJSON_ArrayForEach(port, tj(ev, "ports")) in_port |= cJSON_IsString(port) && !strcmp(port->valuestring, e->valuestring);
            if (in_port) continue;
            char title[32];
            cli_ys_card_title(e->valuestring, title, sizeof title);
            x = tui_put(b, y, x + (first ? 2 : 1), tui_attr(TR_DIM), "%s", first ? _("events:") : "");
            x = tui_put(b, y, x + (first ? 1 : 0), tui_attr(TR_GOLD), "%s", title);
            first = 0;
        }
        static const char *const cards[2] = {"smuggling1", "smuggling2"};
        for (int k = 0; k < 2; k++)
            if (cJSON_GetArraySize(tj(ev, cards[k])) > 0) {
                x = tui_put(b, y, x + 2, tui_attr(TR_DIM), _("Smuggling %d"), k + 1);
                x = put_brokers(b, y, x + 1, 24, tj(ev, cards[k]));
            }
    }
    const cJSON *l;
    cJSON_ArrayForEach(l, tj(view, "lines"))
    {
        x = tui_put(b, y, x + 2, tui_attr(tui_seat_role(tj_int(l, "seat"))), "S%d", tj_int(l, "seat") + 1);
        x = tui_put(b, y, x + 1, tui_attr(TR_TEXT), "%s %s", tj_str(l, "line"),
                    !strcmp(tj_str(l, "face"), "up") ? _("face up") : _("face down"));
        if (cJSON_IsNumber(tj(l, "value"))) x = tui_put(b, y, x + 1, tui_attr(TR_TEXT), "%d", tj_int(l, "value"));
        else x = tui_put(b, y, x + 1, tui_attr(TR_HIDDEN), "?");
    }
}

/* "ships 14  piles 11  blue cards 4": as many of its items as fit whole
 * (five seats in the turn order leave less room at 80 columns). */
static int put_counts(const cJSON *view, const tui_box *b, int y, int x)
{
    char buf[160];
    snprintf(buf, sizeof buf, _("ships %d  piles %d  blue cards %d"), tj_int(view, "ship_deck_left"),
             tj_int(view, "palace_piles_left"), tj_int(view, "blue_cards_waiting"));
    for (char *p = buf, *sep; *p; p = sep + 2) {
        sep = strstr(p, "  ");
        if (sep) *sep = 0;
        int gap = p == buf ? 0 : 2;
        if (x + gap + tui_cols(p) > b->w) break;
        x = tui_put(b, y, x + gap, tui_attr(TR_DIM), "%s", p);
        if (!sep) break;
        while (sep[2] == ' ') sep++;
    }
    return x;
}

static void draw_info(const cJSON *view, const tui_box *b, int y, int with_events)
{
    int x = tui_put(b, y, 0, tui_attr(TR_HEAD), _("Round %d of 4"), tj_int(view, "round"));
    if (cJSON_IsNumber(tj(view, "turn")))
        x = tui_put(b, y, x, tui_attr(TR_TEXT), _("  turn %d of %d"), tj_int(view, "turn"),
                    tj_int(view, "turns"));
    x = tui_put(b, y, x + 2, tui_attr(TR_DIM), _("order:"));
    const cJSON *s;
    cJSON_ArrayForEach(s, tj(view, "turn_order"))
        x = tui_put(b, y, x + 1, tui_attr(tui_seat_role(s->valueint)), "S%d", s->valueint + 1);
    x += 2;
    const cJSON *g;
    if (cJSON_IsArray(tj(view, "port_gems_left"))) {
        /* a port being shared (Y-8.4): what is still to choose */
        x = tui_put(b, y, x, tui_attr(TR_HEAD), _("port gems left:"));
        cJSON_ArrayForEach(g, tj(view, "port_gems_left")) x = put_gem(b, y, x + 1, g->valuestring);
    } else if (cJSON_IsArray(tj(view, "column_order"))) {
        /* tied columns being ordered (Y-8.7): the order so far */
        x = tui_put(b, y, x, tui_attr(TR_HEAD), _("columns:"));
        int k = 0;
        cJSON_ArrayForEach(g, tj(view, "column_order"))
        {
            if (k++ >= tj_int(view, "columns_fixed")) break;
            x = tui_put(b, y, x + 1, tui_attr(tui_colour_role(g->valuestring)), "%s",
                        cli_word("ys", "gem", g->valuestring));
        }
    } else {
        x = put_counts(view, b, y, x);
    }
    if (cJSON_IsNumber(tj(view, "intriguer")))
        x = tui_put(b, y, x + 2, tui_attr(TR_GOLD), _("Intriguer S%d"), tj_int(view, "intriguer") + 1);
    if (cJSON_IsNumber(tj(view, "merchant")))
        x = tui_put(b, y, x + 2, tui_attr(TR_GOLD), _("Merchant S%d"), tj_int(view, "merchant") + 1);
    if (with_events) draw_events_and_lines(view, b, y, x);
}

static void draw_city(const cJSON *view, const tui_box *b, int y)
{
    const cJSON *city = tj(view, "city");
    int nd = cJSON_GetArraySize(city);
    if (nd < 1) return;
    int colw = (b->w - 7) / nd;
    if (colw > 30) colw = 30;
    int d = 0;
    const cJSON *dist;
    cJSON_ArrayForEach(dist, city)
    {
        int x = 7 + d * colw;
        tui_put(b, y, x, tui_attr(TR_HEAD), _("District %d"), tj_int(dist, "district"));
        /* the ship in the port: its gems, the large one counted twice with 4+ players */
        const cJSON *ship = tj(dist, "ship"), *g;
        int gx = x;
        if (cJSON_IsNull(ship) || !ship) gx = tui_put(b, y + 1, x, tui_attr(TR_DIM), "-") + 1;
        else cJSON_ArrayForEach(g, tj(ship, "gems")) gx = put_gem(b, y + 1, gx, g->valuestring) + 1;
        const cJSON *port_event = cJSON_GetArrayItem(tj(tj(view, "events"), "ports"), d);
        if (cJSON_IsString(port_event)) { /* Y-10.3: a district event lies in the port this round */
            char title[32];
            cli_ys_card_title(port_event->valuestring, title, sizeof title);
            tui_put(b, y + 1, gx, tui_attr(TR_ERROR), "%.*s", colw - 1 - (gx - x) > 0 ? colw - 1 - (gx - x) : 0, title);
        }
        for (int z = 0; z < 3; z++) {
            const cJSON *zone = tj(dist, zones[z]);
            int zx = x;
            if (tj_bool(zone, "queen")) zx = tui_put(b, y + 2 + z, zx, tui_attr(TR_ERROR), "Q ");
            int end = put_brokers(b, y + 2 + z, zx, colw - 2 - (zx - x), tj(zone, "brokers"));
            /* the last move's placement here: marked (the log says what it was) */
            if (tui_recent_has("ys.place", "district", tj_int(dist, "district"), NULL, 0, "zone", zones[z]) ||
                tui_recent_has("ys.neutral", "district", tj_int(dist, "district"), NULL, 0, "zone", zones[z]))
                tui_put(b, y + 2 + z, end < x + colw - 1 ? end : x + colw - 2, tui_attr(TR_GOOD), "*");
        }
        const cJSON *card = tj(dist, "palace_card");
        char title[32];
        if (cJSON_IsString(card)) {
            cli_ys_card_title(card->valuestring, title, sizeof title);
            tui_put(b, y + 5, x, tui_attr(TR_GOLD), "%.*s", colw - 6, title);
        } else {
            tui_put(b, y + 5, x, tui_attr(TR_DIM), "-");
        }
        tui_put(b, y + 5, x + colw - 5, tui_attr(TR_DIM), "+%d", tj_int(dist, "pile"));
        d++;
    }
    /* TRANSLATORS: row labels left of the districts, at most 6 columns */
    static const char *const labels[] = {N_("ship"), N_("port"), N_("trade"), N_("palace"), N_("card")};
    tui_box lb = {b->y, b->x, b->h, 6};
    for (int i = 0; i < 5; i++) tui_put(&lb, y + 1 + i, 0, tui_attr(TR_DIM), "%s", _(labels[i]));
}

/* The market: one row per market row (its gem, then a cell per colour
 * column), and the rate of each colour under its column. */
static int draw_market(const cJSON *view, const tui_box *b, int y)
{
    const cJSON *market = tj(view, "market"), *rows = tj(market, "rows");
    const cJSON *cols = tj(market, "columns");
    int cw = 7;
    tui_put(b, y, 0, tui_attr(TR_HEAD), _("Market"));
    /* TRANSLATORS: market column headers, at most 6 columns each */
    static const char *const header[4] = {N_("blue"), N_("green"), N_("yellow"), N_("red")};
    for (int c = 0; c < 4; c++) { /* the colour's name, clipped to its column */
        tui_box cb = {b->y, b->x + 8 + c * cw, b->h, cw - 1};
        tui_put(&cb, y, 0, tui_attr(tui_colour_role(colours[c])), "%s", _(header[c]));
    }
    int r = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        int yy = y + 1 + r;
        tui_put(b, yy, 0, tui_attr(TR_DIM), _("row%d"), tj_int(row, "row"));
        const cJSON *gem = tj(row, "gem");
        if (cJSON_IsString(gem)) put_gem(b, yy, 5, gem->valuestring);
        if (!tj_bool(row, "open")) {
            tui_put(b, yy, 8, tui_attr(TR_DIM), _("(closed)"));
        } else {
            for (int c = 0; c < 4; c++) {
                const cJSON *cell = cJSON_GetArrayItem(tj(cols, colours[c]), r);
                if (!cell || cJSON_IsNull(cell)) {
                    tui_put(b, yy, 8 + c * cw, tui_attr(TR_DIM), ".");
                    continue;
                }
                cJSON *one = cJSON_CreateArray();
                cJSON_AddItemReferenceToArray(one, (cJSON *)cell);
                int end = put_brokers(b, yy, 8 + c * cw, cw - 1, one);
                cJSON_Delete(one);
                if (tui_recent_has("ys.place", "row", tj_int(row, "row"), NULL, 0, "colour", colours[c]) ||
                    tui_recent_has("ys.neutral", "row", tj_int(row, "row"), NULL, 0, "colour", colours[c]))
                    tui_put(b, yy, end, tui_attr(TR_GOOD), "*");
            }
        }
        r++;
    }
    int yy = y + 1 + r;
    tui_put(b, yy, 0, tui_attr(TR_HEAD), _("rate"));
    for (int c = 0; c < 4; c++) {
        int v = tj_int(tj(view, "rates"), colours[c]);
        tui_put(b, yy, 8 + c * cw, tui_attr(tui_colour_role(colours[c])), "%+d", v);
    }
    return yy + 1;
}

/* The rate track (Y-1.6: -7..+7), each colour's marker on its space. */
static void draw_rate_track(const cJSON *view, const tui_box *b, int y)
{
    int x = tui_put(b, y, 0, tui_attr(TR_HEAD), _("Rates "));
    x = tui_put(b, y, x, tui_attr(TR_DIM), "-7 ");
    for (int r = -7; r <= 7; r++) {
        int cx = x, any = 0;
        for (int c = 0; c < 4; c++)
            if (tj_int(tj(view, "rates"), colours[c]) == r) {
                cx = put_gem(b, y, cx, colours[c]);
                any = 1;
            }
        if (!any) tui_put(b, y, x, tui_attr(TR_DIM), r == 0 ? "0" : ".");
        x += 4;
    }
    tui_put(b, y, x, tui_attr(TR_DIM), "+7");
}

static void put_values(const tui_box *b, int y, int *x, const cJSON *vals, int hidden)
{
    const cJSON *v;
    cJSON_ArrayForEach(v, vals) *x = tui_put(b, y, *x, tui_attr(TR_TEXT), " %d", v->valueint);
    for (int i = 0; i < hidden; i++) *x = tui_put(b, y, *x, tui_attr(TR_HIDDEN), " ?");
}

static int lay_cards(const cJSON *pl, const tui_box *b, int y, int x, int wrap, int draw);

/* A player on two lines (`full`) or, when rows are short, on one; one's own
 * cards wrap onto more lines when they do not fit on the second. */
static void draw_player(const cJSON *view, const cJSON *pl, int seat, const tui_box *b, int y, int full)
{
    int q = tj_int(pl, "seat"), acting = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, tj(view, "actors")) acting |= cJSON_IsNumber(a) && a->valueint == q;
    int x = tui_put(b, y, 0, tui_attr(TR_HEAD), "%s", acting ? ">" : " ");
    x = tui_put(b, y, x, tui_attr(tui_seat_role(q)), "S%d%s", q + 1, q == seat ? _(" you") : "");
    x = tui_put(b, y, 8, tui_attr(TR_GOOD), _("%3dpt"), tj_int(pl, "score"));
    x = tui_put(b, y, x + 1, tui_attr(TR_DIM), "#%d", tj_int(pl, "order"));
    const cJSON *gems = tj(pl, "gems");
    static const char *const all[5] = {"blue", "green", "yellow", "red", "black"};
    for (int g = 0; g < 5; g++) {
        int n = tj_int(gems, all[g]);
        x = put_gem(b, y, x + (g ? 0 : 1), all[g]);
        x = tui_put(b, y, x, n ? tui_attr(TR_TEXT) : tui_attr(TR_DIM), "%d", n);
    }
    x = tui_put(b, y, x + 1, tui_attr(TR_DIM), _("front"));
    put_values(b, y, &x, tj(pl, "front"), tj_int(pl, "front_hidden"));
    if (cJSON_IsArray(tj(pl, "throne"))) {
        x = tui_put(b, y, x + 2, tui_attr(TR_DIM), _("throne"));
        put_values(b, y, &x, tj(pl, "throne"), tj_int(pl, "throne_hidden"));
    }
    if (!full) return;
    /* second line: the screen, then the character cards */
    x = tui_put(b, y + 1, 4, tui_attr(TR_DIM), _("screen"));
    if (cJSON_IsArray(tj(pl, "screen"))) put_values(b, y + 1, &x, tj(pl, "screen"), 0);
    else x = tui_put(b, y + 1, x, tui_attr(TR_HIDDEN), _(" %d hidden"), tj_int(pl, "screen_count"));
    if (!tj_bool(pl, "bid_done")) x = tui_put(b, y + 1, x + 1, tui_attr(TR_DIM), _("(bidding)"));
    if (cJSON_IsArray(tj(pl, "neutral_hand"))) {
        x = tui_put(b, y + 1, x + 2, tui_attr(TR_DIM), _("neutral"));
        put_values(b, y + 1, &x, tj(pl, "neutral_hand"), 0);
    } else if (tj(pl, "neutral_hand_count")) {
        x = tui_put(b, y + 1, x + 2, tui_attr(TR_DIM), _("neutral %d"), tj_int(pl, "neutral_hand_count"));
    }
    if (tj_int(pl, "spy_peeks_left"))
        x = tui_put(b, y + 1, x + 2, tui_attr(TR_GOLD), _("spy %d"), tj_int(pl, "spy_peeks_left"));
    lay_cards(pl, b, y + 1, x, q == seat, 1); /* one's own cards always in full */
}

/* Character cards in hand (* playable now), kept and active cards, from
 * column x of row y. With `wrap` a card that does not fit starts a new row
 * (names are never cut: one's own cards are always read in full); drawn only
 * with `draw`. Returns the rows used after the first. */
static int lay_cards(const cJSON *pl, const tui_box *b, int y, int x, int wrap, int draw)
{
    static const char *const lists[3] = {"cards", "kept", "active"};
    static const char *const labels[3] = {N_("cards"), N_("kept"), N_("active")};
    int rows = 0, left = 0;
    for (int k = 0; k < 3; k++) left += cJSON_GetArraySize(tj(pl, lists[k]));
    for (int k = 0; k < 3; k++) {
        const cJSON *c;
        int first = 1;
        cJSON_ArrayForEach(c, tj(pl, lists[k]))
        {
            char title[32];
            const char *key = k == 0 ? tj_str(c, "card") : cJSON_IsString(c) ? c->valuestring : "";
            int playable = k == 0 && tj_bool(c, "playable");
            cli_ys_card_title(key, title, sizeof title);
            const char *label = _(labels[k]);
            /* screen columns: names are UTF-8 in most languages */
            int lw = tui_cols(label), tw = tui_cols(title);
            int w = (first ? 3 + lw : 0) + 1 + tw + playable;
            if (wrap && x + w > b->w && x > 2) {
                rows++;
                x = 2;
            } else if (!wrap && x + w > b->w) {
                /* another player's cards that do not fit: how many more,
                 * never a name cut in two (F1 and the log name them) */
                if (draw) tui_put(b, y + rows, x + 1, tui_attr(TR_DIM), "+%d", left);
                return rows;
            }
            if (first) x = draw ? tui_put(b, y + rows, x + 2, tui_attr(TR_DIM), "%s:", label) : x + 3 + lw;
            x = draw ? tui_put(b, y + rows, x + 1, tui_attr(playable ? TR_GOLD : k ? TR_GOOD : TR_TEXT), "%s%s",
                               title, playable ? "*" : "")
                     : x + 1 + tw + playable;
            first = 0;
            left--;
        }
    }
    return rows;
}

/* The width of a player's second line before the cards (as draw_player). */
static int own_line2_width(const cJSON *pl)
{
    int w = 10;
    if (cJSON_IsArray(tj(pl, "screen"))) w += 2 * cJSON_GetArraySize(tj(pl, "screen"));
    else w += 10;
    if (!tj_bool(pl, "bid_done")) w += 10;
    if (cJSON_IsArray(tj(pl, "neutral_hand"))) w += 9 + 2 * cJSON_GetArraySize(tj(pl, "neutral_hand"));
    if (tj_int(pl, "spy_peeks_left")) w += 7;
    return w;
}

static void draw_players(const cJSON *view, int seat, const tui_box *b, int y, int gap)
{
    const cJSON *pl;
    int rows = cJSON_GetArraySize(tj(view, "players")) + (tj(view, "neutral") ? 1 : 0);
    int own_extra = 0; /* more lines for one's own cards (draw_player) */
    cJSON_ArrayForEach(pl, tj(view, "players")) if (tj_int(pl, "seat") == seat) own_extra =
        lay_cards(pl, b, 0, own_line2_width(pl), 1, 0);
    int compact = y + 2 * rows + own_extra > b->h; /* 5 players in 24 rows: others on one line */
    cJSON_ArrayForEach(pl, tj(view, "players"))
    {
        int full = !compact || tj_int(pl, "seat") == seat;
        draw_player(view, pl, seat, b, y, full);
        y += (full ? 2 : 1) + gap + (tj_int(pl, "seat") == seat ? own_extra : 0);
    }
    const cJSON *n = tj(view, "neutral");
    if (n) {
        int x = tui_put(b, y, 1, tui_attr(TR_DIM), _("neutral %3d pts  brokers %s "), tj_int(n, "score"),
                        tj_str(n, "brokers"));
        static const char *const all[5] = {"blue", "green", "yellow", "red", "black"};
        for (int g = 0; g < 5; g++) {
            x = put_gem(b, y, x + 1, all[g]);
            x = tui_put(b, y, x, tui_attr(TR_TEXT), "%d", tj_int(tj(n, "gems"), all[g]));
        }
    }
}

static void ys_draw(const cJSON *view, int seat, const tui_box *b)
{
    int players = cJSON_GetArraySize(tj(view, "players")) + (tj(view, "neutral") ? 1 : 0);
    int need = 1 + 6 + 2 * players; /* info, city, players (the market sits beside them) */
    int spare = b->h - need;
    int y = 0;
    draw_info(view, b, y++, spare < 3); /* Ys+ events and lines: their own row when there is room */
    if (spare >= 1) {
        draw_rate_track(view, b, y++);
        spare--;
    }
    if (spare >= 2) draw_events_and_lines(view, b, y++, -2);
    draw_city(view, b, y);
    y += 6;
    if (spare >= 3) y++;
    if (b->w >= 100 || spare >= 8 + players * 2) {
        /* wide or tall: the market on the left, players on the right / below */
        int bottom = draw_market(view, b, y);
        if (b->w >= 100) {
            tui_box right = {b->y + y, b->x + 38, b->h - y, b->w - 38};
            draw_players(view, seat, &right, 0, spare >= 6 ? 1 : 0);
        } else {
            draw_players(view, seat, b, bottom + 1, 0);
        }
        return;
    }
    /* 80 columns: the market on the left, players to its right */
    tui_box left = {b->y + y, b->x, b->h - y, 36};
    draw_market(view, &left, 0);
    tui_box right = {b->y + y, b->x + 37, b->h - y, b->w - 37};
    draw_players(view, seat, &right, 0, 0);
}

/* --------------------------------------------------------------- help */

/* What every card does: the rules reference's table (Y-7, Y-10.2). */
static const struct {
    const char *key, *rule, *window, *effect;
} card_text[] = {
    {"alchemist", "Y-7.4", N_("end of scoring (after rates are final)"),
     N_("may exchange one own coloured gem for a gem of another coloured colour (never black or "
     "white); discarded when played")},
    {"banker", "Y-7.5", N_("start of scoring"),
     N_("one colour's rate +1 and another colour's rate -1; both are required; discarded when played")},
    {"captain", "Y-7.6", N_("start of scoring"), N_("swap two ship cards between two ports; discarded when played")},
    {"bishop", "Y-7.7", N_("start of placement"),
     N_("this round each of this player's brokers goes face up or face down as he likes: two down, "
     "two up, or one of each; discarded at the end of the round")},
    {"spy", "Y-7.8", N_("start of placement"),
     N_("during this placement phase, look at up to 3 face-down brokers of other players: in his "
     "own turns, and whenever any placement turn ends (the last one too, before scoring); with "
     "King's Favour, throne-room brokers too; discarded at the end of the round")},
    {"herald", "Y-7.9", N_("start of scoring"),
     N_("move one own broker from one place to another (city<->market, within market, within city); "
     "city->market scores 1 point, market->market scores nothing, market->city keeps the point; "
     "face stays as it was; placement rules hold (empty open market cell, no Queen zone); never "
     "into or out of the throne room; discarded when played")},
    {"illusionist", "Y-7.10", N_("start of placement"),
     N_("this placement phase, a front broker may be placed on the board (face up or down as the turn "
     "requires) and is replaced in front by a broker from behind the screen, face up; repeatable; "
     "still 2 per turn, one up one down; ties use whatever is in front at the end; discarded at "
     "the end of the round")},
    {"intriguer", "Y-7.11", N_("start of scoring"),
     N_("this player wins every tie he is part of this scoring. Not market columns; but where columns "
     "stay tied after counting brokers, this player orders the tied columns; discarded at the end "
     "of scoring")},
    {"jeweller", "Y-7.12", N_("start of scoring"), N_("take 2 coloured gems of choice from the bank; discarded when played")},
    {"magician", "Y-7.13", N_("right after this player placed his 2 brokers in one of his turns"),
     N_("swap the places of two of his own brokers on the board (city or market, face up or down; "
     "each keeps its face); not a broker in a Queen zone; with King's Favour one of them may be in "
     "the throne room; no points are gained or lost by the swap; discarded when played")},
    {"merchant", "Y-7.14", N_("start of scoring"),
     N_("this scoring every trade zone pays 5 points instead of 3, to whoever wins it; discarded at "
     "the end of scoring")},
    {"mercenary", "Y-7.15", N_("right after this player placed his 2 brokers in one of his turns"),
     N_("mark one of the two just placed: it counts 5 in this round's scoring; discarded after scoring")},
    {"queen", "Y-7.16", N_("right before this player places his 2 brokers in one of his turns"),
     N_("put the card on one city zone: nobody, its owner included, places a broker there this round; "
     "brokers already there stay and no card can move them; discarded after that district is scored")},
    {"prince", "Y-7.17", N_("immediate"), N_("+4 points")},
    {"king", "Y-7.18", N_("immediate"), N_("+5 points")},
    {"blue", "Y-7.19", N_("immediate (blue-bordered card, round 4)"), N_("take one coloured gem of choice")},
};

static const struct {
    const char *rule, *title, *window, *effect;
} ysplus_text[] = {
    {"Y-10.4", "Customs Officer", N_("start of scoring"),
     N_("name a colour (white allowed, not black): gems of that colour are removed from the port ship "
     "cards this scoring; the market is unchanged, and white gems may still become that colour")},
    {"Y-10.5", "Financier", N_("start of scoring"),
     N_("every trade zone pays 1 point instead of 3 this scoring; with the Merchant in the same "
     "scoring both cancel (3)")},
    {"Y-10.6", "Royal Guard", N_("start of placement"),
     N_("once this round, in one of his turns, place one front broker on the board face up in "
     "addition to the turn's 2; ties then use the front brokers left")},
    {"Y-10.7", "Imitator", N_("right after any player plays a character"),
     N_("copy that card's power for himself; never the Intriguer or the Pope")},
    {"Y-10.8", "Investor", N_("start of scoring"),
     N_("name a colour: its column is first in column scoring; the others are ranked normally")},
    {"Y-10.9", "Favourite", N_("immediate (kept)"),
     N_("only with King's Favour: +2 to its owner's throne total at the end")},
    {"Y-10.10", "Monk", N_("start of scoring"),
     N_("remove up to 2 own brokers from the city or market back behind the screen; score their face "
     "values in points")},
    {"Y-10.11", "Pope", N_("immediate (kept)"),
     N_("its owner wins every tie in final colour scoring against other players (not throne ties)")},
    {"Y-10.12", "Philosopher", N_("start of placement"),
     N_("this round up to 2 of his brokers may be placed on a line between two zones; just before "
     "scoring he puts each into one of its two zones")},
    {"Y-10.13", "Professor", N_("start of scoring"),
     N_("name a district: each of his brokers there counts +1 this scoring")},
    {"Y-10.14", "Rogue", N_("end of scoring"),
     N_("exchange any 2 own gems, coloured or black in any mix, for 1 black gem or 3 points")},
    {"Y-10.15", "Trafficker", N_("immediate (kept)"), N_("at the end, 8 or more black gems: +5 points")},
};

static void help_stage(const char *stage, tui_text *h)
{
    if (!strcmp(stage, "bid")) {
        tui_text_add(h, TR_TEXT,
                     _("  Bid (Y-5.1): every player secretly chooses 2 brokers from behind the screen; "
                     "all are revealed together. Y-5.2: players are ranked by bid sum, highest first; "
                     "equal sums by their current order card, lowest first; in that ranking each "
                     "picks a free turn place. Y-5.4: the two bid brokers stay face up in front of the "
                     "screen and cannot be used this round. Notation: bid 1+3"));
    } else if (!strcmp(stage, "turn_places")) {
        tui_text_add(h, TR_TEXT,
                     _("  Choosing places (Y-5.2, Y-5.3): in the bid ranking each player picks a free "
                     "turn place; the player who picked place k takes order card k. Notation: order 2"));
    } else if (!strcmp(stage, "placement")) {
        tui_text_add(h, TR_TEXT,
                     _("  A turn (Y-6.2) places exactly 2 brokers from behind the screen: one face up, "
                     "one face down (with the Bishop, Y-7.7, either face for each). Y-6.3: each goes to a city zone (port, trade or palace of a "
                     "district; any number may share a zone) or to an empty market cell of an open "
                     "row (one broker per cell); a zone locked by the Queen takes no brokers. Y-6.4: "
                     "each broker placed on the market scores 1 point at once. Y-6.6: the last "
                     "broker joins the two bid brokers in front (ties in scoring)."));
        tui_text_add(h, TR_TEXT,
                     _("  Notation: up 3 d1-port, down 2 blue1 (market column blue, row 1), "
                     "up front 4 d2-trade (a front broker, with the Illusionist)."));
    } else if (!strcmp(stage, "spy")) {
        tui_text_add(h, TR_TEXT,
                     _("  Spy (Y-7.8): a placement turn has just ended; the Spy's owner may look at a "
                     "face-down broker of another player (3 looks a round) or pass. Notation: "
                     "peek S2 d1-palace, pass"));
    } else if (!strcmp(stage, "start_of_placement") || !strcmp(stage, "start_of_scoring") ||
               !strcmp(stage, "end_of_scoring")) {
        tui_text_add(h, TR_TEXT,
                     _("  Card windows (Y-7.2): players in turn order each play any eligible cards or "
                     "pass. Y-7.1: a card won in round r can be played from round r+1; at most 2 cards "
                     "per round (immediate cards do not count). Notation: play banker blue+ red-, pass"));
    } else if (!strcmp(stage, "gem")) {
        tui_text_add(h, TR_TEXT,
                     _("  District (Y-8.4): with 4-5 players the 1st chooses 2 of the 4 port gems, the "
                     "2nd 1 of the rest, the 3rd takes the last (2-3 players: 2 of 3, then the last). "
                     "Y-8.5: a white gem is at once exchanged for a coloured gem of your choice. "
                     "Notation: gem red, gem white>blue"));
    } else if (!strcmp(stage, "columns")) {
        tui_text_add(h, TR_TEXT,
                     _("  Market columns (Y-8.7): the highest column's colour rate +2, the second +1, the "
                     "third -1, the lowest -2. Equal totals: more brokers is higher; still equal, the "
                     "player with the highest front-broker sum orders those columns. Notation: column red"));
    } else if (!strcmp(stage, "market_majority")) {
        tui_text_add(h, TR_TEXT,
                     _("  Market majority (Y-8.8): the player with the highest total over the whole "
                     "market must move one colour's rate by 1, up or down. Notation: rate green+, rate red-"));
    } else if (!strcmp(stage, "throne")) {
        tui_text_add(h, TR_TEXT,
                     _("  King's Favour (Y-9.1): put one of your front brokers face down in the throne "
                     "room for the rest of the game; the others go behind the screen. At the end "
                     "throne totals score 12, 7, 3. Notation: throne 3"));
    }
}

static void ys_help(const cJSON *view, tui_text *h)
{
    help_stage(tj_str(view, "stage"), h);
    tui_text_add(h, TR_TEXT, " ");
    tui_text_add(h, TR_HEAD, _("The board"));
    tui_text_add(h, TR_TEXT,
                 _("  Districts: the ship's gems (the large gem counts twice with 4-5 players), then "
                 "each zone's brokers summed per seat as seat:total; a ? is a face-down broker you "
                 "may not see. Q marks a zone locked by the Queen. card: the face-up palace card, "
                 "+n the cards left in the pile. Market: one row per market row (its gem first), one "
                 "column per colour, and each colour's rate. Players: points, order card, gems "
                 "(B G Y R, K black), front brokers, screen, character cards (* playable now)."));
    tui_text_add(h, TR_TEXT, " ");
    tui_text_add(h, TR_HEAD, _("Scoring (Y-8)"));
    tui_text_add(h, TR_TEXT,
                 _("  Each district: the highest total over its 3 zones chooses port gems first; port "
                 "-> 1 black gem, trade -> 3 points, palace -> the character card, each to the "
                 "highest total there. Ties (Y-8.3): higher sum of front brokers, then the lower "
                 "order card. Market rows: the highest total in a row takes its gem."));
    tui_text_add(h, TR_TEXT,
                 _("  Final (Y-8.10): colours ranked by rate; per colour the players holding most gems "
                 "score 24/18/12/6 (rank 1), 20/15/10/5, 16/12/8/4, 12/9/6/3 (rank 4); tied players "
                 "score the lowest place they share. Black gems (Y-8.11): 1, 4, 8, 12, 16, 20, 24 "
                 "(7 or more)."));
    tui_text_add(h, TR_TEXT, " ");
    tui_text_add(h, TR_HEAD, _("Character cards (Y-7; hands are public, Y-7.3)"));
    for (size_t i = 0; i < sizeof card_text / sizeof card_text[0]; i++) {
        char title[32];
        cli_ys_card_title(card_text[i].key, title, sizeof title);
        tui_text_add(h, TR_TEXT, "  %s (%s, %s): %s.", title, card_text[i].rule,
                     _(card_text[i].window), _(card_text[i].effect));
    }
    const cJSON *opts = tj(view, "options");
    tui_text_add(h, TR_TEXT, _("  Every rule id (Y-8.12 ...) is an entry of docs/rules/ys.md."));
    if (!strcmp(tj_str(opts, "ysplus"), "on") || tj_int(opts, "players") == 5) {
        tui_text_add(h, TR_HEAD, _("Ys+ characters (Y-10.2)"));
        for (size_t i = 0; i < sizeof ysplus_text / sizeof ysplus_text[0]; i++)
        {
            char key[32], title[48]; /* "Royal Guard" -> royal_guard: its name in the catalogue */
            snprintf(key, sizeof key, "%s", ysplus_text[i].title);
            for (char *c = key; *c; c++) *c = *c == ' ' ? '_' : (char)tolower((unsigned char)*c);
            cli_ys_card_title(key, title, sizeof title);
            tui_text_add(h, TR_TEXT, "  %s (%s, %s): %s.", title, ysplus_text[i].rule,
                         _(ysplus_text[i].window), _(ysplus_text[i].effect));
        }
    }
    if (!strcmp(tj_str(opts, "events"), "on")) { /* the events' texts from the catalogue (ys:text.*) */
        static const char *const events[] = {"embassy", "smuggling", "brokerage", "democracy", "enrichment",
                                             "incognito", "indiscretion", "shipwreck", "quarantine",
                                             "restriction", "revolt", "speculation", "transparency"};
        tui_text_add(h, TR_HEAD, _("Ys+ events (Y-10.3)"));
        for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
            tui_text_add(h, TR_TEXT, "  %s: %s", cli_word("ys", "event", events[i]), cli_word("ys", "text", events[i]));
    }
}

/* -------------------------------------------------------------- score */

static void ys_score(const cJSON *view, tui_text *h)
{
    tui_text_add(h, TR_HEAD, _("Where every point came from (Y-8.10 to Y-8.12)"));
    char ranks[192] = "";
    int r = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, tj(view, "colour_ranks"))
    {
        char one[48];
        snprintf(one, sizeof one, "%s%d %s", r ? ", " : "", r + 1,
                 cJSON_IsString(c) ? cli_word("ys", "gem", c->valuestring) : "?");
        strncat(ranks, one, sizeof ranks - strlen(ranks) - 1);
        r++;
    }
    tui_text_add(h, TR_TEXT, _("  Colour ranks by final rate: %s."), ranks);
    const cJSON *fin = tj(view, "final"), *f;
    cJSON_ArrayForEach(f, fin)
    {
        const cJSON *seat = tj(f, "seat");
        int q = cJSON_IsNumber(seat) ? seat->valueint : -1;
        if (q >= 0) tui_text_add(h, tui_seat_role(q), _("  S%d: %d points"), q + 1, tj_int(f, "total"));
        else tui_text_add(h, tui_seat_role(q), _("  neutral: %d points"), tj_int(f, "total"));
        int sum = 0, colour_pts = 0;
        for (int k = 0; k < 4; k++) {
            const cJSON *e = tj(tj(f, "colours"), colours[k]);
            int gems = tj_int(e, "gems"), pts = tj_int(e, "points");
            char pad[48];
            colour_pts += pts;
            /* the place: how many holders of this colour have at least as many gems */
            int place = 0;
            const cJSON *o;
            cJSON_ArrayForEach(o, fin)
            {
                int og = tj_int(tj(tj(o, "colours"), colours[k]), "gems");
                place += og > 0 && og >= gems;
            }
            int rank = 0, i = 0;
            cJSON_ArrayForEach(c, tj(view, "colour_ranks"))
            {
                i++;
                if (!strcmp(c->valuestring, colours[k])) rank = i;
            }
            if (gems)
                tui_text_add(h, TR_TEXT, ngettext("      %-6s (colour rank %d): %d gem, place %d -> %d",
                                                  "      %-6s (colour rank %d): %d gems, place %d -> %d",
                                                  (unsigned long)gems),
                             cli_pad(pad, sizeof pad, cli_word("ys", "gem", colours[k]), 6), rank,
                             gems, place, pts);
            else
                tui_text_add(h, TR_DIM, _("      %-6s (colour rank %d): no gems -> %d"),
                             cli_pad(pad, sizeof pad, cli_word("ys", "gem", colours[k]), 6), rank,
                             pts);
        }
        sum += colour_pts;
        tui_text_add(h, TR_TEXT, _("      black gems: %d -> %d (Y-8.11)"), tj_int(f, "black_gems"),
                     tj_int(f, "black_points"));
        sum += tj_int(f, "black_points");
        if (tj(f, "kings_favour_points")) {
            tui_text_add(h, TR_TEXT, _("      King's Favour throne room: %d (Y-9.1)"),
                         tj_int(f, "kings_favour_points"));
            sum += tj_int(f, "kings_favour_points");
        }
        tui_text_add(h, TR_TEXT, _("      trade zones won: %d; market brokers: %d; character cards: %d"),
                     tj_int(f, "trade_points"), tj_int(f, "market_points"), tj_int(f, "card_points"));
        sum += tj_int(f, "trade_points") + tj_int(f, "market_points") + tj_int(f, "card_points");
        if (sum != tj_int(f, "total"))
            tui_text_add(h, TR_TEXT, _("      other points (events, cards' exchanges): %d"),
                         tj_int(f, "total") - sum);
    }
    tui_text_add(h, TR_TEXT, " ");
    tui_text_add(h, TR_DIM, _("  Y-8.12: most points wins; a tie goes to the most gems (coloured + "
                            "black); still tied, a shared win."));
}

/* ------------------------------------------------------------ changes */

static void append(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t n, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= n) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, n - len, fmt, ap);
    va_end(ap);
}

/* Points, gems and rates an action moved (scoring happens inside actions). */
static void ys_changes(const cJSON *before, const cJSON *after, char *buf, size_t n)
{
    static const char *const all[5] = {"blue", "green", "yellow", "red", "black"};
    buf[0] = '\0';
    const cJSON *pb = tj(before, "players"), *pa = tj(after, "players");
    for (int q = 0; q < cJSON_GetArraySize(pa); q++) {
        const cJSON *b = cJSON_GetArrayItem(pb, q), *a = cJSON_GetArrayItem(pa, q);
        int ds = tj_int(a, "score") - tj_int(b, "score"), head = 0;
        if (ds) {
            append(buf, n, _("%sS%d %+d pts"), buf[0] ? "; " : "", q + 1, ds);
            head = 1;
        }
        for (int g = 0; g < 5; g++) {
            int d = tj_int(tj(a, "gems"), all[g]) - tj_int(tj(b, "gems"), all[g]);
            if (!d) continue;
            if (!head) append(buf, n, "%sS%d", buf[0] ? "; " : "", q + 1);
            append(buf, n, "%s %+d %s", head ? "," : "", d, all[g]);
            head = 1;
        }
    }
    int head = 0;
    for (int c = 0; c < 4; c++) {
        int d = tj_int(tj(after, "rates"), colours[c]) - tj_int(tj(before, "rates"), colours[c]);
        if (!d) continue;
        append(buf, n, "%s%s %+d", head ? ", " : buf[0] ? "; rates: " : "rates: ", colours[c], d);
        head = 1;
    }
}

/* ------------------------------------------------------- scoring steps */

/* A district revealed, the market revealed, the final scoring: each starts
 * a step of the scoring walk-through. */
static int ys_scoring_step(const cJSON *e)
{
    static const char *const parts[] = {"ys.port", "ys.zone", "ys.row", "ys.columns", "ys.majority",
                                        "ys.embassy", "ys.smuggling", "ys.brokerage"}; /* Ys+ events */
    const char *k = tj_str(e, "kind");
    if (!strcmp(k, "ys.reveal") || !strcmp(k, "ys.market") || !strcmp(k, "ys.final")) return 2;
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        if (!strcmp(k, parts[i])) return 1;
    return 0;
}

/* "S2:4" for each broker (seat colours; the neutral N). */
static int put_seat_values(const tui_box *b, int y, int x, const cJSON *brokers)
{
    const cJSON *br;
    cJSON_ArrayForEach(br, brokers)
    {
        const cJSON *q = tj(br, "seat");
        if (cJSON_IsNumber(q))
            x = tui_put(b, y, x + 1, tui_attr(tui_seat_role(q->valueint)), "S%d:%d", q->valueint + 1, tj_int(br, "value"));
        else
            x = tui_put(b, y, x + 1, tui_attr(TR_DIM), "N:%d", tj_int(br, "value"));
    }
    return x;
}

static int put_winner(const tui_box *b, int y, int x, const cJSON *e)
{
    const cJSON *w = tj(e, "winner");
    if (cJSON_IsNumber(w)) return tui_put(b, y, x + 2, tui_attr(tui_seat_role(w->valueint)), "-> S%d", w->valueint + 1);
    if (cJSON_IsString(w)) return tui_put(b, y, x + 2, tui_attr(TR_DIM), _("-> neutral"));
    return tui_put(b, y, x + 2, tui_attr(TR_DIM), _("-> nobody"));
}

/* The event of `kind` (and zone/row `key` = `val`) among the step's. */
static const cJSON *find_event(const cJSON *events, const char *kind, const char *key, const char *sval, int ival)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, events)
    {
        if (strcmp(tj_str(e, "kind"), kind)) continue;
        if (!key) return e;
        if (sval ? !strcmp(tj_str(e, key), sval) : tj_int(e, key) == ival) return e;
    }
    return NULL;
}

/* A zone's name in the 6-column label of the scoring pages: the board's own
 * short row labels (the catalogue's names run longer: "obszar handlowy"). */
static const char *zone_label(const char *zone)
{
    if (!strcmp(zone, "port")) return _("port");
    if (!strcmp(zone, "trade")) return _("trade");
    if (!strcmp(zone, "palace")) return _("palace");
    return cli_word("ys", "zone", zone);
}

static void draw_district_step(const cJSON *events, const cJSON *reveal, const tui_box *b)
{
    int d = tj_int(reveal, "district");
    tui_put(b, 0, 0, tui_attr(TR_HEAD), _("District %d - every broker face up"), d);
    const cJSON *port = find_event(events, "ys.port", NULL, NULL, 0);
    int x = tui_put(b, 1, 0, tui_attr(TR_DIM), _("ship  "));
    const cJSON *g;
    cJSON_ArrayForEach(g, tj(port, "gems")) x = put_gem(b, 1, x, g->valuestring) + 1;
    const cJSON *z;
    int y = 2;
    cJSON_ArrayForEach(z, tj(reveal, "zones"))
    {
        const char *zone = tj_str(z, "zone");
        tui_put(b, y, 0, tui_attr(TR_DIM), "%s", zone_label(zone));
        x = 7;
        x = put_seat_values(b, y, x, tj(z, "brokers"));
        const cJSON *res = find_event(events, "ys.zone", "zone", zone, 0);
        if (res) put_winner(b, y, x < 40 ? 40 : x, res);
        y++;
    }
    if (port) {
        x = tui_put(b, y, 0, tui_attr(TR_DIM), _("totals "));
        const cJSON *st;
        cJSON_ArrayForEach(st, tj(port, "standings"))
        {
            const cJSON *q = tj(st, "seat");
            x = tui_put(b, y, x + 1, tui_attr(cJSON_IsNumber(q) ? tui_seat_role(q->valueint) : TR_DIM), "%s%d:%d",
                        cJSON_IsNumber(q) ? "S" : "N", cJSON_IsNumber(q) ? q->valueint + 1 : 0, tj_int(st, "total"));
        }
    }
}

static void draw_market_step(const cJSON *events, const cJSON *market, const tui_box *b)
{
    tui_put(b, 0, 0, tui_attr(TR_HEAD), _("Market - every broker face up"));
    const cJSON *r;
    int y = 1;
    cJSON_ArrayForEach(r, tj(market, "rows"))
    {
        int row = tj_int(r, "row");
        const cJSON *res = find_event(events, "ys.row", "row", NULL, row);
        int x = tui_put(b, y, 0, tui_attr(TR_DIM), _("row%d "), row);
        if (res) x = put_gem(b, y, x, tj_str(res, "gem"));
        const cJSON *br;
        cJSON_ArrayForEach(br, tj(r, "brokers"))
        {
            const cJSON *q = tj(br, "seat");
            x = tui_put(b, y, x + 2, tui_attr(TR_DIM), "%s", cli_word("ys", "gem", tj_str(br, "colour")));
            x = tui_put(b, y, x + 1, tui_attr(cJSON_IsNumber(q) ? tui_seat_role(q->valueint) : TR_DIM), "%s%d:%d",
                        cJSON_IsNumber(q) ? "S" : "N", cJSON_IsNumber(q) ? q->valueint + 1 : 0, tj_int(br, "value"));
        }
        if (res) put_winner(b, y, x < 40 ? 40 : x, res);
        y++;
    }
    const cJSON *cols = find_event(events, "ys.columns", NULL, NULL, 0), *c;
    if (cols) {
        int x = tui_put(b, y, 0, tui_attr(TR_DIM), _("columns"));
        cJSON_ArrayForEach(c, tj(cols, "columns"))
        {
            x = put_gem(b, y, x + 1, tj_str(c, "colour"));
            x = tui_put(b, y, x, tui_attr(TR_TEXT), "%d %+d", tj_int(c, "total"), tj_int(c, "move"));
        }
    }
}

static void draw_final_step(const cJSON *final, const tui_box *b)
{
    tui_put(b, 0, 0, tui_attr(TR_HEAD), _("Final scoring"));
    int x = tui_put(b, 1, 0, tui_attr(TR_DIM), _("rates"));
    const cJSON *r, *q;
    cJSON_ArrayForEach(r, tj(final, "rates"))
    {
        x = put_gem(b, 1, x + 1, tj_str(r, "colour"));
        x = tui_put(b, 1, x, tui_attr(TR_TEXT), "%+d", tj_int(r, "rate"));
    }
    int y = 2;
    cJSON_ArrayForEach(q, tj(final, "seats"))
    {
        const cJSON *seat = tj(q, "seat");
        x = tui_put(b, y, 0, tui_attr(cJSON_IsNumber(seat) ? tui_seat_role(seat->valueint) : TR_DIM), "%s",
                    cJSON_IsNumber(seat) ? "" : "neutral");
        if (cJSON_IsNumber(seat)) x = tui_put(b, y, 0, tui_attr(tui_seat_role(seat->valueint)), "S%d", seat->valueint + 1);
        x = 8;
        static const char *const all[4] = {"blue", "green", "yellow", "red"};
        for (int g = 0; g < 4; g++) {
            x = put_gem(b, y, x + 1, all[g]);
            x = tui_put(b, y, x, tui_attr(TR_TEXT), "%-3d", tj_int(tj(q, "colours"), all[g]));
        }
        x = tui_put(b, y, x + 1, tui_attr(TR_DIM), _("black %-3d throne %-3d other %-3d"), tj_int(q, "black"),
                    tj_int(q, "throne"), tj_int(q, "kept") + tj_int(q, "speculation"));
        tui_put(b, y, x + 1, tui_attr(TR_GOOD), "= +%d", tj_int(q, "points"));
        y++;
    }
}

/* The rest of a district after a choice: each zone's standings and winner. */
static void draw_zone_results(const cJSON *events, const tui_box *b)
{
    const cJSON *e;
    int y = 1, d = 0;
    cJSON_ArrayForEach(e, events)
    {
        if (strcmp(tj_str(e, "kind"), "ys.zone")) continue;
        d = tj_int(e, "district");
        tui_put(b, y, 0, tui_attr(TR_DIM), "%s", zone_label(tj_str(e, "zone")));
        int x = 7;
        const cJSON *st;
        cJSON_ArrayForEach(st, tj(e, "standings"))
        {
            const cJSON *q = tj(st, "seat");
            x = tui_put(b, y, x + 1, tui_attr(cJSON_IsNumber(q) ? tui_seat_role(q->valueint) : TR_DIM), "%s%d:%d",
                        cJSON_IsNumber(q) ? "S" : "N", cJSON_IsNumber(q) ? q->valueint + 1 : 0, tj_int(st, "total"));
        }
        put_winner(b, y, x < 40 ? 40 : x, e);
        y++;
    }
    if (d) tui_put(b, 0, 0, tui_attr(TR_HEAD), _("District %d - the zones"), d);
}

static void ys_draw_step(const cJSON *events, int seat, const tui_box *b)
{
    (void)seat;
    const cJSON *e;
    cJSON_ArrayForEach(e, events)
    {
        const char *k = tj_str(e, "kind");
        if (!strcmp(k, "ys.reveal")) {
            draw_district_step(events, e, b);
            return;
        }
        if (!strcmp(k, "ys.market")) {
            draw_market_step(events, e, b);
            return;
        }
        if (!strcmp(k, "ys.final")) {
            draw_final_step(e, b);
            return;
        }
        if (!strcmp(k, "ys.zone")) {
            draw_zone_results(events, b);
            return;
        }
        if (!strcmp(k, "ys.row") || !strcmp(k, "ys.columns") || !strcmp(k, "ys.majority")) {
            cJSON market = {0};
            draw_market_step(events, &market, b);
            return;
        }
    }
}

const tui_board tui_board_ys = {"ys", ys_draw, ys_help, ys_score, ys_changes, ys_scoring_step, ys_draw_step};
