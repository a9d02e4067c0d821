/* rng.c — SplitMix64, the engine's only source of chance (see gemgames.h). */
#include "gemgames.h"
#include "core/game.h"

void gg_rng_seed(gg_rng *rng, uint64_t seed) { rng->state = seed; }

uint64_t gg_rng_next(gg_rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Lemire's multiply-shift with rejection: exact uniformity, rarely loops. */
uint32_t gg_rng_below(gg_rng *rng, uint32_t n)
{
    uint32_t x = (uint32_t)(gg_rng_next(rng) >> 32);
    uint64_t m = (uint64_t)x * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            x = (uint32_t)(gg_rng_next(rng) >> 32);
            m = (uint64_t)x * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Here rather than in util.c so that gg_rng_below can be inlined into it
 * (set-up shuffles draw about a hundred numbers per Splendor game). */
void gg_shuffle_bytes(uint8_t *a, int n, gg_rng *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gg_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
