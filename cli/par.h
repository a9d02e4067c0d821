/* par.h — games spread over threads, results handed back in game order.
 *
 * `gemgames bench`, `selfplay` and `match` (--threads N) play numbered items
 * (games, or runs of games) on N worker threads and fold their results on
 * the calling thread in item order, so the output is the same for every N:
 * an item's work may depend only on its index (its seeds are derived from
 * it), never on which thread plays it or when. */
#ifndef GG_CLI_PAR_H
#define GG_CLI_PAR_H

/* Plays item i with work(ctx, thread, slot, i) on one of `threads` worker
 * threads; then done(ctx, slot, i) runs on the calling thread for i = 0, 1,
 * ... in order. `slot` (0 .. cli_par_slots(threads) - 1) names the buffer an
 * item's result waits in: no two items in flight share one. A nonzero return
 * of either stops the run (items already played still reach done in order up
 * to the failing one) and is returned. threads <= 1: no thread is started,
 * each item is played and done in turn on the calling thread. */
typedef int (*cli_par_work)(void *ctx, int thread, int slot, long i);
typedef int (*cli_par_done)(void *ctx, int slot, long i);
int cli_par_run(long items, int threads, cli_par_work work, cli_par_done done, void *ctx);
int cli_par_slots(int threads);

/* The default of --threads: every online core the process may use (its CPU
 * affinity, so under `taskset -c 0` one). */
int cli_threads_default(void);
/* Parses a --threads value: 1 .. CLI_MAX_THREADS. */
enum { CLI_MAX_THREADS = 256 };
int cli_parse_threads(const char *v, int *out);

#endif
