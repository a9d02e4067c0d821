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
 * An action h sees masked (a face-down broker, a bid) is replaced in each
 * redrawn world by one of that world's legal actions that h would see
 * announced the same way: if h's view afterwards differs, the action's
 * hidden part became known (the last bid reveals every bid, Y-5.2), while a
 * broker that stays face down tells nothing. If no world can be played on,
 * it counts as a reveal, to be safe. */
#include <stdlib.h>
#include <string.h>

#include "gemgames.h"

/* One of d's legal actions for `seat` that `viewer` would see announced as
 * `seen` (a uniformly random one); 0 when there is none. */
static int alike(const gg_state *d, int seat, int viewer, const char *seen, gg_rng *rng,
                 gg_action *out)
{
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(d, seat, list), k = 0;
    for (int i = 0; i < n; i++) {
        char buf[GG_MAX_NOTATION];
        gg_action_announce(d, seat, list[i], viewer, buf, sizeof buf);
        if (strcmp(buf, seen) == 0) list[k++] = list[i];
    }
    if (k == 0) return 0;
    *out = list[gg_rng_below(rng, (uint32_t)k)];
    return 1;
}

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
        gg_action b = a;
        if (!public_action && !alike(d, seat, viewer, seen, rng, &b)) {
            gg_free(d);
            continue;
        }
        if (gg_apply(d, seat, b, &err) == GG_OK) {
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
