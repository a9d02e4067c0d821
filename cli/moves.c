/* moves.c — the line-based game's list of legal moves (gemgames play
 * --plain): numbered, in as many columns as 80 hold; or, where that list
 * is long (a Ys placement offers up to ~190 moves: 2 faces x 4 values x 24
 * places), grouped by notation, so the board printed just above it stays on
 * the screen: the moves that differ only in their last word are one
 * "start", the starts that share the same last words are one line, and
 * the last words follow it.
 *
 *   Your legal moves (192) by notation ("moves" numbers them):
 *     down 1, up 1, down 2, up 2, down 3, up 3, down 4, up 4, then one of:
 *         d1-port d1-trade d1-palace d2-port ...
 *
 * A number still picks the move of that number in the numbered list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The grouped form is used only where the numbered list would take more
 * rows than this and the grouped one fewer than half of them. */
enum { GROUP_AFTER_ROWS = 12 };

typedef struct move_texts {
    int n;
    char text[GG_MAX_ACTIONS][GG_MAX_NOTATION];
    int start_len[GG_MAX_ACTIONS]; /* bytes before the last word (0: one word) */
    int group[GG_MAX_ACTIONS];     /* the first move with the same start */
    int family[GG_MAX_ACTIONS];    /* per start (indexed by its first move): the
                                      first start with the same last words */
} move_texts;

static const char *last_word(const move_texts *m, int i)
{
    return m->text[i] + m->start_len[i] + (m->start_len[i] > 0);
}

static int same_start(const move_texts *m, int i, int j)
{
    return m->start_len[i] == m->start_len[j] &&
           strncmp(m->text[i], m->text[j], (size_t)m->start_len[i]) == 0;
}

/* Do the starts of moves a and b (each a group's first move) take the same
 * last words, in the same order? */
static int same_ends(const move_texts *m, int a, int b)
{
    int i = a, j = b;
    for (;;) {
        while (i < m->n && m->group[i] != a) i++;
        while (j < m->n && m->group[j] != b) j++;
        if (i >= m->n || j >= m->n) return i >= m->n && j >= m->n;
        if (strcmp(last_word(m, i), last_word(m, j)) != 0) return 0;
        i++, j++;
    }
}

static void group_moves(move_texts *m)
{
    for (int i = 0; i < m->n; i++) {
        const char *sp = strrchr(m->text[i], ' ');
        m->start_len[i] = sp ? (int)(sp - m->text[i]) : 0;
        m->group[i] = i;
        for (int j = 0; j < i; j++)
            if (m->group[j] == j && same_start(m, i, j)) {
                m->group[i] = j;
                break;
            }
    }
    for (int i = 0; i < m->n; i++) {
        if (m->group[i] != i) continue;
        m->family[i] = i;
        for (int j = 0; j < i; j++)
            if (m->group[j] == j && m->family[j] == j && (m->start_len[j] > 0) == (m->start_len[i] > 0) &&
                same_ends(m, i, j)) {
                m->family[i] = j;
                break;
            }
    }
}

/* Words in rows of at most `width` columns, each row from column `indent`,
 * `sep` between two words (its spaces dropped at a row's end), `tail` after
 * the last word, a word never split. */
static void put_words(FILE *out, int indent, const char *const *word, int n, const char *sep,
                      const char *tail, int width)
{
    int col = fprintf(out, "%*s", indent, "");
    size_t cut = strlen(sep);
    while (cut && sep[cut - 1] == ' ') cut--;
    for (int k = 0; k < n; k++) {
        int len = (int)strlen(word[k]) + (k + 1 < n ? (int)cut : tail ? (int)strlen(tail) : 0);
        if (k > 0 && col + (int)(strlen(sep) - cut) + len > width)
            col = fprintf(out, "%.*s\n%*s", (int)cut, sep, indent, "") - 1 - (int)cut;
        else if (k > 0)
            col += fprintf(out, "%s", sep);
        col += fprintf(out, "%s", word[k]);
    }
    if (tail) fputs(tail, out);
    fputc('\n', out);
}

static void print_grouped(FILE *out, move_texts *m)
{
    static char start[GG_MAX_ACTIONS][GG_MAX_NOTATION];
    static const char *word[GG_MAX_ACTIONS];
    for (int f = 0; f < m->n; f++) {
        if (m->group[f] != f || m->family[f] != f) continue;
        int k = 0;
        for (int g = f; g < m->n; g++)
            if (m->group[g] == g && m->family[g] == f) {
                snprintf(start[k], sizeof start[k], "%.*s", m->start_len[g], m->text[g]);
                word[k] = start[k];
                k++;
            }
        int indent = 2;
        if (m->start_len[f] > 0) {
            put_words(out, 2, word, k, ", ", _(", then one of:"), CLI_PLAIN_WIDTH);
            indent = 6;
        }
        k = 0;
        for (int i = 0; i < m->n; i++)
            if (m->group[i] == f) word[k++] = last_word(m, i); /* the family's first start */
        put_words(out, indent, word, k, " ", NULL, CLI_PLAIN_WIDTH);
    }
}

/* Moves a row of the numbered list holds: as many as 80 columns hold,
 * "  %3d  move" each, one space between. */
static int per_row_of(const move_texts *m, int *width)
{
    int w = 1;
    for (int i = 0; i < m->n; i++) {
        int len = (int)strlen(m->text[i]); /* notation is ASCII */
        if (len > w) w = len;
    }
    int per_row = (CLI_PLAIN_WIDTH + 1) / (7 + w + 1);
    *width = w;
    return per_row < 1 ? 1 : per_row;
}

static void print_numbered(FILE *out, const move_texts *m)
{
    int w, per_row = per_row_of(m, &w);
    fprintf(out, _("Your legal moves (%d):\n"), m->n);
    for (int i = 0; i < m->n; i++) {
        int last = i % per_row == per_row - 1 || i == m->n - 1;
        fprintf(out, "  %3d  %-*s%s", i + 1, last ? 0 : w + 1, m->text[i], last ? "\n" : "");
    }
}

/* The grouped list, with its heading and an example, in a malloc'd string
 * (NULL when memory runs out). */
static char *grouped_text(move_texts *m)
{
    char *text = NULL, line[512];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return NULL;
    group_moves(m);
    snprintf(line, sizeof line, _("Your legal moves (%d) by notation (\"moves\" numbers them):\n"), m->n);
    cli_print_wrapped(f, line, CLI_PLAIN_WIDTH);
    print_grouped(f, m);
    snprintf(line, sizeof line, _("Type a start and one of its ends, e.g. \"%s\", or a number.\n"), m->text[0]);
    cli_print_wrapped(f, line, CLI_PLAIN_WIDTH);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

static int rows_of(const char *text)
{
    int rows = 0;
    for (; *text; text++) rows += *text == '\n';
    return rows;
}

void cli_list_moves(FILE *out, const gg_state *s, int seat, int numbered)
{
    static move_texts m;
    gg_action legal[GG_MAX_ACTIONS];
    m.n = gg_legal(s, seat, legal);
    for (int i = 0; i < m.n; i++) gg_action_format(s, seat, legal[i], m.text[i], sizeof m.text[i]);
    int w, per_row = per_row_of(&m, &w), rows = 1 + (m.n + per_row - 1) / per_row; /* with its heading */
    char *grouped = numbered || rows <= GROUP_AFTER_ROWS ? NULL : grouped_text(&m);
    if (grouped && 2 * rows_of(grouped) < rows) fputs(grouped, out);
    else print_numbered(out, &m);
    free(grouped);
}
