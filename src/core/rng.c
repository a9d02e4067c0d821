/* rng.c — the byte shuffle. SplitMix64 itself, the engine's only source of
 * chance, is defined inline in gemgames.h. */
#include "gemgames.h"
#include "core/game.h"

/* Fisher-Yates from the top (set-up shuffles draw about a hundred numbers
 * per Splendor game). */
void gg_shuffle_bytes(uint8_t *a, int n, gg_rng *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gg_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
