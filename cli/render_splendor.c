/* render_splendor.c — the Splendor board as text, for line-based play. It
 * reads only the view (docs/formats.md), so it shows exactly what the seat
 * may know: others' cards reserved from a deck appear as "hidden". Positions
 * are printed as the notation names them (1-3 = tier 1, slot 3; r1 = first
 * reserved card; noble 2). */
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"

static const char *const colour_key[6] = {"white", "blue", "green", "red", "black", "gold"};
static const char colour_letter[6] = {'W', 'B', 'G', 'R', 'K', 'Y'};

static int num(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(v) ? v->valueint : 0;
}

static const char *str(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static char letter_of(const char *colour)
{
    for (int k = 0; k < 6; k++)
        if (strcmp(colour, colour_key[k]) == 0) return colour_letter[k];
    return '?';
}

/* "W3 G2" from {"white":3,...}: the non-zero colours (all when `all`). */
static void print_colours(FILE *out, const cJSON *obj, int kinds, int all)
{
    int first = 1;
    for (int k = 0; k < kinds; k++) {
        int v = num(obj, colour_key[k]);
        if (!v && !all) continue;
        fprintf(out, "%s%c%d", first ? "" : " ", colour_letter[k], v);
        first = 0;
    }
    if (first) fprintf(out, "-");
}

/* [G 2p: R5 K3] — bonus colour, points, cost. */
static void print_card(FILE *out, const cJSON *card)
{
    if (cJSON_GetObjectItemCaseSensitive(card, "hidden")) {
        fprintf(out, _("[tier %d, hidden]"), num(card, "tier"));
        return;
    }
    fprintf(out, "[%c", letter_of(str(card, "bonus")));
    if (num(card, "points")) fprintf(out, " %dp", num(card, "points"));
    fprintf(out, ": ");
    print_colours(out, cJSON_GetObjectItemCaseSensitive(card, "cost"), 5, 0);
    fprintf(out, "]");
}

static void print_nobles(FILE *out, const cJSON *nobles)
{
    fprintf(out, _("Nobles (3 points each, need bonuses):\n "));
    const cJSON *n;
    int slot = 0;
    cJSON_ArrayForEach(n, nobles)
    {
        slot++;
        if (cJSON_IsNull(n)) continue;
        fprintf(out, _("  noble %d "), slot);
        print_colours(out, cJSON_GetObjectItemCaseSensitive(n, "requires"), 5, 0);
    }
    fprintf(out, "\n");
}

static void print_tiers(FILE *out, const cJSON *tiers)
{
    for (int t = cJSON_GetArraySize(tiers) - 1; t >= 0; t--) {
        const cJSON *tier = cJSON_GetArrayItem(tiers, t);
        fprintf(out, _("Tier %d (deck %2d):"), num(tier, "tier"), num(tier, "deck"));
        const cJSON *card;
        int slot = 0;
        cJSON_ArrayForEach(card, cJSON_GetObjectItemCaseSensitive(tier, "cards"))
        {
            slot++;
            fprintf(out, "  %d-%d ", num(tier, "tier"), slot);
            if (cJSON_IsNull(card)) fprintf(out, _("[empty]"));
            else print_card(out, card);
        }
        fprintf(out, "\n");
    }
}

static void print_player(FILE *out, const cJSON *p, int viewer, int turn)
{
    int seat = num(p, "seat");
    fprintf(out, _("%s seat %d%s: points %d, cards %d, tokens %d ("), seat == turn ? ">" : " ",
            seat + 1, seat == viewer ? _(" (you)") : "", num(p, "points"), num(p, "card_count"),
            num(p, "token_count"));
    print_colours(out, cJSON_GetObjectItemCaseSensitive(p, "tokens"), 6, 0);
    fprintf(out, _(")\n      bonuses "));
    print_colours(out, cJSON_GetObjectItemCaseSensitive(p, "bonus"), 5, 1);
    int nobles = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(p, "nobles"));
    if (nobles) fprintf(out, _("   nobles %d"), nobles);
    const cJSON *res = cJSON_GetObjectItemCaseSensitive(p, "reserved");
    if (cJSON_GetArraySize(res)) {
        fprintf(out, _("   reserved"));
        const cJSON *card;
        int i = 0;
        cJSON_ArrayForEach(card, res)
        {
            fprintf(out, "  r%d ", ++i);
            print_card(out, card);
            if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(card, "shown")))
                fprintf(out, _(" (shown at a pass, S-3.6)"));
        }
    }
    fprintf(out, "\n");
}

static void print_result(FILE *out, const cJSON *result)
{
    const cJSON *r;
    fprintf(out, _("Final score:\n"));
    cJSON_ArrayForEach(r, result)
    {
        fprintf(out, _("  seat %d: points %d (%d from cards, %d from nobles), cards %d, place %d\n"),
                num(r, "seat") + 1, num(r, "points"), num(r, "card_points"), num(r, "noble_points"),
                num(r, "cards"), num(r, "rank"));
    }
}

void cli_render_splendor(FILE *out, const cJSON *view, int seat)
{
    int turn = num(view, "turn");
    fprintf(out, _("\n== Splendor ==%s\n"),
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(view, "last_round"))
                ? _("  (last round: someone has 15 points)")
                : "");
    print_nobles(out, cJSON_GetObjectItemCaseSensitive(view, "nobles"));
    print_tiers(out, cJSON_GetObjectItemCaseSensitive(view, "tiers"));
    fprintf(out, _("Supply: "));
    print_colours(out, cJSON_GetObjectItemCaseSensitive(view, "supply"), 6, 1);
    fprintf(out, _("   (W white, B blue, G green, R red, K black, Y gold)\n"));
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(view, "players"))
        print_player(out, p, seat, turn);
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(view, "result");
    if (result) print_result(out, result);
    char decision[512];
    cli_decision_text(view, decision, sizeof decision);
    fprintf(out, _("Now: %s\n"), decision);
}
