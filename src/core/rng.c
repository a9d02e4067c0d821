/* rng.c — the byte shuffle. SplitMix64 itself, the engine's only source of
 * chance, is defined inline in gemgames.h. */
#include "gemgames.h"
#include "core/game.h"

/* Fisher-Yates from the top (set-up shuffles draw about a hundred numbers
 * per Splendor game). */
void gg_shuffle_bytes(uint8_t *a, int n, gg_rng *rng)
{
    /* The generator in a local: the byte stores to a[] may alias *rng (char
     * aliasing), so through the pointer its state went to memory and back
     * at every draw, a store-to-load wait on the chain of draws. */
    gg_rng r = *rng;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gg_rng_below(&r, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    *rng = r;
}
