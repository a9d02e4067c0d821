/* reveals.c — the undo rule shared by the terminal and the server: an undo
 * never goes back across an action that told a person something hidden or
 * drew chance (docs/terminal.md, docs/server.md "Undo against bots").
 *
 * For a viewer h, the action is applied to the real state and to states
 * whose hidden parts (including the RNG) were redrawn by gg_determinize:
 *   - if h's view afterwards differs, the outcome depended on a hidden value
 *     or on chance (a card drawn, bids revealed, a ship turned up);
 *   - if an action h sees in full cannot be played in some redrawn world,
 *     the action itself told h something (e.g. a broker played face up from
 *     behind a screen shows it was not among that seat's face-down ones).
 * An action h sees masked (a face-down broker, a bid) may fail in a redrawn
 * world only because of its hidden part; that says nothing. If it cannot be
 * replayed in any world it counts as a reveal, to be safe. */
#include <stdlib.h>
#include <string.h>

#include "gemgames.h"

int gg_action_reveals(const gg_state *s, int seat, gg_action a, int viewer, gg_rng *rng)
{
    enum { TRIES = 8 };
    char full[GG_MAX_NOTATION], seen[GG_MAX_NOTATION];
    gg_action_format(s, seat, a, full, sizeof full);
    gg_action_announce(s, seat, a, viewer, seen, sizeof seen);
    int public_action = strcmp(full, seen) == 0;
    gg_error err;
    gg_state *after = gg_clone(s);
    if (!after || gg_apply(after, seat, a, &err) != GG_OK) {
        gg_free(after);
        return 1;
    }
    char *want = gg_view_json(after, viewer);
    gg_free(after);
    int applied = 0, reveals = !want;
    for (int k = 0; k < TRIES && !reveals; k++) {
        gg_state *d = gg_clone(s);
        if (!d) {
            reveals = 1;
            break;
        }
        gg_determinize(d, viewer, rng);
        if (gg_apply(d, seat, a, &err) == GG_OK) {
            applied++;
            char *got = gg_view_json(d, viewer);
            reveals = !got || strcmp(want, got) != 0;
            free(got);
        } else if (public_action) {
            reveals = 1;
        }
        gg_free(d);
    }
    free(want);
    return reveals || !applied;
}
