/*
 * ismcts.c — information-set Monte Carlo tree search (Cowling, Powley and
 * Whitehouse 2012, "Information Set Monte Carlo Tree Search"), through the
 * game API only.
 *
 * One tree per search, from the searching seat's point of view. Every
 * iteration starts from a fresh determinization of the root made with
 * gg_determinize(seat) — so the search sees exactly what the seat's view
 * shows and samples the rest; it never reads the true hidden parts.
 *
 * Nodes and arms. A node is reached by a key: the joint observation of the
 * step that led to it. Each node holds, per acting seat, a list of arms (one
 * per action tried) with visits, summed reward and availability (how often
 * the action was legal when the node was visited: the subset-armed UCB of
 * ISMCTS, since legal actions differ between determinizations).
 *
 * Hidden and simultaneous moves.
 *   - Several actors at once (a simultaneous secret choice): decoupled
 *     selection by regret matching (select_rm; sim=exp3: Exp3, select_exp3):
 *     each actor draws from its own mixed strategy, so no actor's choice depends on another's in the same step;
 *     the joint result is the child keyed by the searcher's view once the
 *     step is over (secret picks it cannot see lead to one child). At a
 *     simultaneous root the final choice is drawn (final_choice).
 *   - A single opponent's move is keyed by what the searching seat sees of it
 *     (gg_action_announce with the searcher as viewer): a face-down choice
 *     leads to one child whatever its hidden value, so the searcher's later
 *     decisions cannot depend on a value it would not know.
 *
 * Memory: one node pool and one arm pool per thread, allocated when the bot
 * is made (or grown once when a larger budget needs it); nothing is allocated
 * per iteration. When a pool is full the search keeps iterating without
 * growing the tree.
 *
 * Wide nodes: where one seat acts, a node visited N times chooses among its
 * k * (N + 1)^alpha actions ranked best by the game's evaluation after them
 * (progressive widening, select_ranked; widen=k, by default the game's
 * gg_ai.widen: Ys 1 with 4 players or more, else none).
 * With sh=M the root's own choice is sequential halving over its M
 * best-ranked actions instead (select_sh).
 *
 * Search only: the game's dominated actions are pruned (gg_ai.prune); the
 * reward prefers winning sooner and by more (rewards()), or where the game
 * asks for it (gg_ai.soft: Ys with 4 players or more) is the logistic of the
 * seat's lead in points (soft=T); every rollout stops at the game-length
 * limit of bots' games (rule G-1).
 *
 * Spec: ismcts[:iters=N][:ms=N][:rollout=random|heuristic|light][:threads=1|2]
 *       [:c=X][:depth=D][:reward=win|wide|plain|rank][:soft=T][:nodes=N][:prune=0|1]
 *       [:keys=view|raw][:audit=0|1][:eval=game|learned][:prior=game|learned][:mixed=0|1][:withdraw=0|1]
 *       [:sim=rm|exp3|ucb][:gamma=X][:threshold=X][:widen=K][:alpha=X][:rank_after=N][:sh=M]
 *       [:belief=0|1]
 * (parameters are separated by ':' so a spec fits in a comma-separated list).
 * Without belief= the game's default determinization (gg_ai.belief: the
 * belief in the Ys 4-player base game, elsewhere uniform deals).
 * Without rollout= the game's default policy for the search's cut-off
 * (gg_ai.rollout_at: light for Splendor; for Ys light where rollouts play
 * to the end, random where the learned evaluation cuts them). Without
 * depth= and eval= the game's default cut-off (gg_ai.cutoff: the Ys base
 * game, 30 steps scored by the learned evaluation where a network exists;
 * elsewhere full rollouts); depth=0 asks for full rollouts.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bots/bot.h"
#include "core/game.h"
#include "learn/value.h"

enum { NIL = 0 }; /* index 0 of each pool is unused, so 0 means "none" */
enum { UNRANKED = 0xFFFFFFFFu }; /* an arm no ranking placed (widen=) */
enum { SIM_EXP3, SIM_UCB, SIM_RM }; /* selection at a simultaneous node (sim=) */
/* No rollout= in the spec: the game's gg_ai.rollout_at (GG_ROLLOUT_*). */
enum { ROLLOUT_GAME = -1 };
/* The final draw at a simultaneous root leaves out actions below this share
 * of the strategy (threshold=; see final_choice). */
enum { THRESHOLD_DEFAULT_PCT = 30 };

typedef struct arm {
    gg_action action;
    uint32_t next;    /* next arm of the same seat at the same node */
    uint32_t visits;
    uint32_t avail;
    double reward;
    double wins;      /* summed win share (or evaluation): for hints */
    double x;         /* at a simultaneous node: Exp3's summed reward / probability, or the regret */
    double u;         /* regret matching: summed reward of the iterations it was legal in */
    long stamp;       /* regret matching: the last iteration it was legal in */
    uint32_t rank;    /* widen=: place by the prior at a ranked node (0 best); UNRANKED else */
    uint8_t halved;   /* sh=: left out of the root's sequential halving */
} arm;

typedef struct node {
    uint64_t key;                   /* joint observation that leads here */
    uint32_t first_child, next_sibling;
    uint32_t arms[GG_MAX_SEATS];    /* first arm, per seat */
    uint32_t visits;
    int ranked;                     /* widen=: its arms carry priors (rank_node) */
    /* audit=1 only: what the searcher sees after the step that led here (a
     * hash of its view) and its own action in that step */
    gg_action own;
    uint64_t seen;
} node;

typedef struct ismcts_params {
    long iters;       /* 0: use ms */
    long ms;
    int rollout;      /* GG_ROLLOUT_* of rollout=, or ROLLOUT_GAME: the game's default */
    int threads;
    double c;         /* exploration constant */
    int depth;        /* rollout steps before evaluating (0: play to the end; -1, the
                         default: the game's gg_ai.cutoff, see cutoff()) */
    int rank_reward;  /* reward by rank instead of win share */
    int plain;        /* reward=plain: the win share only, not sooner / by more */
    int wide;         /* reward=wide: sooner and by more */
    double soft;      /* soft=T (points): reward a seat by the logistic of its lead over the
                         best other seat, lead / T; 0: off; -1 (the default): the game's
                         gg_ai.soft (see soft_share) */
    long nodes;       /* pool capacity per thread */
    int no_prune;     /* prune=0: search every legal action */
    int raw_keys;     /* keys=raw: simultaneous steps keyed by the raw choices */
    int audit;        /* count children a sibling hides (see hidden_siblings) */
    int pure;         /* mixed=0: the most visited action even at a simultaneous root */
    int no_withdraw;  /* withdraw=0: others' submitted secret choices stay sampled */
    int sim;          /* selection at simultaneous nodes: SIM_RM (default), SIM_EXP3 or SIM_UCB */
    double gamma;     /* exploration of Exp3 / regret matching */
    double threshold; /* final draw at a simultaneous root: actions below this share dropped */
    int learned_eval; /* eval=learned (1): cut-off rollouts scored by src/learn/value.c;
                         eval=game 0; -1 (the default): see cutoff() */
    int learned_prior; /* prior=learned: widening ranks children by src/learn/value.c */
    double widen;     /* progressive widening: k of k * N^alpha children (0: off; -1: the
                         game's gg_ai.widen) */
    double alpha;     /* its exponent */
    long rank_after;  /* visits before a node other than the root is ranked; -1 (the
                         default): only the root is (sixth session, docs/strength.md) */
    long sh;          /* sh=M: sequential halving over the M best-ranked root actions
                         (0: off, UCB at the root as below it) */
    int belief;       /* belief=1: determinizations by gg_ai.determinize_belief; 0: by the
                         game's determinize; -1 (the default): the game's gg_ai.belief */
} ismcts_params;

typedef struct step {
    uint32_t nd;
    int k;
    int seat[GG_MAX_SEATS];
    uint32_t arm[GG_MAX_SEATS];
    double prob[GG_MAX_SEATS]; /* Exp3 / regret matching at a simultaneous node; else 0 */
} step;

enum { MAX_PATH = 512 };

/* Large scratch space lives in the worker (on the heap), never in static
 * thread-local storage: glibc puts that on every thread's stack, and the
 * server's civetweb threads have small stacks. */
/* Each worker starts on its own cache line and fills whole lines (and its
 * rollout state is a block of whole lines too), so one thread's writes (the
 * RNG, the pool counters, the rollout state) never invalidate a line the
 * other thread reads: no false sharing between the two search threads. */
enum { CACHE_LINE = 64 };
/* A determinization (gg_game.determinize, gg_ai.determinize_belief). */
typedef void determinize_fn(gg_state *s, int seat, gg_rng *rng);

typedef struct worker {
    _Alignas(CACHE_LINE) node *nodes;
    arm *arms;
    uint32_t n_nodes, n_arms, cap_nodes, cap_arms;
    gg_state *work;
    gg_state *probe; /* widen=: one action applied, to score it (rank_node) */
    size_t work_size;
    gg_rng rng;
    long iterations;
    long capped; /* rollouts cut by the game-length limit (not by depth) */
    long hidden_siblings; /* audit: children the searcher cannot tell from a sibling */
    int (*prune)(const gg_state *s, int seat, gg_action *list, int n);
    int (*withdraw)(gg_state *s, int viewer); /* at a simultaneous root */
    int (*public_step)(const gg_state *s);    /* gg_ai.public_step, or NULL */
    step path[MAX_PATH];           /* one iteration's way down the tree */
    uint32_t at[GG_MAX_ACTIONS];   /* select_exp3 and select_arm scratch */
    double x[GG_MAX_ACTIONS];
    int order[GG_MAX_ACTIONS];     /* rank_node scratch */
    /* inputs of one search */
    const gg_state *root;
    int seat;
    long iters;
    double deadline;
    const ismcts_params *p;
    determinize_fn *determinize; /* the game's, or its belief (determinizer()) */
    gg_rollout_policy policy;
    gg_rollout_pick pick; /* rollout=light without a list (gg_ai.light_pick), or NULL */
    gg_state_eval eval;
    gg_state_eval prior; /* widening: the game's (or prior=learned: the learned) evaluation */
    double widen;        /* widening k (widen= or the game's gg_ai.widen) */
    double soft;         /* reward scale (soft= or the game's gg_ai.soft; 0: none) */
    int depth;           /* rollout steps before the evaluation (0: to the end; cutoff()) */
    int sh_actions;      /* sh=: the best-ranked root actions the halving starts with */
    int sh_phases;       /* sh=: phases of the halving at this root (0: off) */
    int sh_phase;        /* the phase the search is in */
    double started;      /* ms: when the search began (phases of a timed search) */
} worker;

/* threads=2: the second worker's thread, made at the bot's first search and
 * kept until the bot is destroyed; each search wakes it (job) and waits for
 * it (done), instead of creating and joining a thread per decision. */
typedef struct helper {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t wake, finished;
    unsigned long job, done; /* searches asked of the thread / completed by it */
    int running, quit;
    pid_t pid; /* the process that made the thread: a forked child has none */
} helper;

typedef struct ismcts {
    ismcts_params p;
    worker w[2];
    helper h;
    gg_action list[GG_MAX_ACTIONS]; /* final_choice / ismcts_hint scratch */
    double visits[GG_MAX_ACTIONS], reward[GG_MAX_ACTIONS];
    long last_iterations; /* of the last search, all threads (for benchmarks) */
    long last_capped;     /* its rollouts cut by the game-length limit */
    long last_hidden;     /* audit=1: its hidden siblings (must be 0) */
} ismcts;

/* ------------------------------------------------------------ utilities */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
}

static uint64_t hash_text(const char *t)
{
    uint64_t h = 1469598103934665603ull;
    for (; *t; t++) h = (h ^ (uint8_t)*t) * 1099511628211ull;
    return h;
}

/* What `me` observes of `seat` playing `a` (see the file comment). */
static uint64_t observation(const gg_state *s, int seat, gg_action a, int me, int n_actors)
{
    if (seat == me || n_actors > 1 || !s->game->announce) return (uint64_t)a;
    char buf[GG_MAX_NOTATION];
    gg_action_announce(s, seat, a, me, buf, sizeof buf);
    return hash_text(buf) | 1ull << 63;
}

/* What `me` sees of a position: a hash of its view, i.e. its information
 * set (gg_view_hash: the view's tree hashed without printing it). */
static uint64_t view_hash(const gg_state *s, int me) { return gg_view_hash(s, me); }

/* A uniform double in [0, 1). */
static double uniform01(gg_rng *rng) { return (double)(gg_rng_next(rng) >> 11) * 0x1p-53; }

/* Index of `a` in the ascending list (no repeats), or -1: a binary search
 * whose halving compiles to a conditional move, no branch to mispredict. */
static int in_sorted(const gg_action *list, int n, gg_action a)
{
    if (n <= 0) return -1;
    const gg_action *base = list;
    for (int len = n; len > 1;) {
        int half = len / 2;
        base = base[half] <= a ? base + half : base;
        len -= half;
    }
    return *base == a ? (int)(base - list) : -1;
}

/* Shaping of reward=win: a win is worth its share times 0.9, plus up to 0.1
 * for winning sooner (of `length` steps from the root, against the
 * game-length limit); with reward=wide, 0.05 of that for sooner and up to
 * 0.05 for winning by more (the margin over the best other seat). A loss is
 * worth 0 however close. So a win always outweighs a loss, only the chance
 * to win counts between them, and of two wins the sooner (and the wider) is
 * preferred (issue 27: a win it could take was delayed). In a game of fixed
 * length (Ys) `sooner` hardly varies, so reward=win is nearly the plain win
 * share there. (Paying every seat for its margin, losers too, traded wins
 * for points in Ys 4p; short matches in docs/strength.md.) */
enum { SHAPE_SHARE_PCT = 90 };
static double shaped(double share, double margin, long length, long limit, int wide)
{
    if (share <= 0) return 0;
    double sooner = length >= limit ? 0.0 : 1.0 - (double)length / (double)limit;
    if (!wide) return share * (0.01 * SHAPE_SHARE_PCT + 0.1 * sooner);
    return share * (0.01 * SHAPE_SHARE_PCT + 0.05 * sooner + 0.05 * (margin > 0 ? margin : 0));
}

/* soft=T: a seat's reward is the logistic of its lead over the best other
 * seat, 1 / (1 + e^(-lead / T)): a win by many points is near 1, a loss by
 * many near 0, and a close finish near 1/2 either way. One random rollout
 * then says more than win or lose: a seat that finishes a point behind was
 * nearly as well placed as the winner (less noise per rollout, so more
 * iterations' worth at equal time). Equal points (a tie-break decides, as
 * Y-8.12's gems) pay between the two: 1/4 + share / 2. reward=plain and
 * reward=rank ignore it; a rollout cut off by depth= is scored by the
 * evaluation as before. */
static double soft_share(double share, double lead, double t)
{
    if (lead == 0) return 0.25 + 0.5 * share;
    return 1.0 / (1.0 + exp(-lead / t));
}

/* The reward of every seat for a finished (or cut-off) game, in [0, 1]. A
 * rollout cut off is scored by the game's evaluation, or for a game without
 * one as the game-length rule would score it (gg_result_adjudicate).
 * `length`: steps from the root to `s`. */
static void rewards(const worker *w, const gg_state *s, long length, double r[GG_MAX_SEATS],
                    double win[GG_MAX_SEATS])
{
    if (w->eval && !gg_is_over(s)) {
        w->eval(s, r);
        memcpy(win, r, sizeof(double) * GG_MAX_SEATS);
        return;
    }
    gg_result res;
    gg_result_adjudicate(s, &res);
    int n = res.players;
    long limit = gg_length_limit(s->game, n);
    for (int p = 0; p < n; p++) {
        double share = res.rank[p] == 1 ? 1.0 / res.winners : 0.0;
        win[p] = share;
        if (w->p->rank_reward && n > 1) {
            r[p] = (double)(n - res.rank[p]) / (double)(n - 1);
            continue;
        }
        if (w->p->plain) {
            r[p] = share;
            continue;
        }
        int32_t best = INT32_MIN;
        for (int q = 0; q < n; q++)
            if (q != p && res.score[q] > best) best = res.score[q];
        if (w->soft > 0) {
            r[p] = soft_share(share, res.score[p] - best, w->soft);
            continue;
        }
        double diff = (double)res.score[p] - best, size = fabs((double)res.score[p]) + fabs((double)best) + 1;
        r[p] = shaped(share, diff / size, length, limit, w->p->wide);
    }
}

/* ---------------------------------------------------------------- pools */

static int pools_reserve(worker *w, long cap_nodes, int widen)
{
    /* widening: a ranking makes an arm for every action at once (a pool
     * full leaves the rest of a ranking out, see rank_node) */
    uint32_t cn = (uint32_t)cap_nodes + 1,
             ca = (uint32_t)cap_nodes * 2 + 1 + (widen ? 16u * GG_MAX_ACTIONS : 0);
    if (w->cap_nodes >= cn && w->cap_arms >= ca) return 0;
    free(w->nodes);
    free(w->arms);
    w->nodes = malloc(sizeof(node) * cn);
    w->arms = malloc(sizeof(arm) * ca);
    if (!w->nodes || !w->arms) {
        free(w->nodes), free(w->arms);
        w->nodes = NULL, w->arms = NULL;
        w->cap_nodes = w->cap_arms = 0;
        return -1;
    }
    w->cap_nodes = cn, w->cap_arms = ca;
    return 0;
}

static uint32_t new_node(worker *w, uint64_t key)
{
    if (w->n_nodes >= w->cap_nodes) return NIL;
    uint32_t i = w->n_nodes++;
    node *n = &w->nodes[i];
    memset(n, 0, sizeof *n);
    n->key = key;
    return i;
}

static uint32_t new_arm(worker *w, uint32_t nd, int seat, gg_action a)
{
    if (w->n_arms >= w->cap_arms) return NIL;
    uint32_t i = w->n_arms++;
    arm *x = &w->arms[i];
    x->action = a;
    x->visits = 0;
    x->avail = 0;
    x->reward = 0;
    x->wins = 0;
    x->x = 0;
    x->u = 0;
    x->stamp = -1;
    x->rank = UNRANKED;
    x->halved = 0;
    x->next = w->nodes[nd].arms[seat];
    w->nodes[nd].arms[seat] = i;
    return i;
}

static uint32_t find_child(const worker *w, uint32_t nd, uint64_t key)
{
    for (uint32_t c = w->nodes[nd].first_child; c != NIL; c = w->nodes[c].next_sibling)
        if (w->nodes[c].key == key) return c;
    return NIL;
}

static uint32_t add_child(worker *w, uint32_t nd, uint64_t key)
{
    uint32_t c = new_node(w, key);
    if (c == NIL) return NIL;
    w->nodes[c].next_sibling = w->nodes[nd].first_child;
    w->nodes[nd].first_child = c;
    return c;
}

/* ------------------------------------------------------------ selection */

/*
 * Chooses the arm of `seat` at node `nd` for the legal actions list[0..n-1]:
 * an action never tried here first (at random), else the best UCB among the
 * arms legal now. Counts availability. Returns the arm (NIL when the pool is
 * full and an untried action was picked: *action is set either way) and sets
 * *expanded when a new arm was made.
 */
static uint32_t select_arm(worker *w, uint32_t nd, int seat, const gg_action *list, int n,
                           gg_action *action, int *expanded)
{
    uint8_t tried[GG_MAX_ACTIONS];
    memset(tried, 0, (size_t)n);
    uint32_t *legal_arms = w->at; /* the arms legal now, in arm order: one lookup each */
    int n_tried = 0;
    for (uint32_t a = w->nodes[nd].arms[seat]; a != NIL; a = w->arms[a].next) {
        int k = in_sorted(list, n, w->arms[a].action);
        if (k < 0) continue;
        tried[k] = 1;
        legal_arms[n_tried++] = a;
        w->arms[a].avail++;
    }
    if (n_tried < n) {
        int pick = (int)gg_rng_below(&w->rng, (uint32_t)(n - n_tried));
        for (int k = 0; k < n; k++) {
            if (tried[k]) continue;
            if (pick-- == 0) {
                *action = list[k];
                break;
            }
        }
        uint32_t x = new_arm(w, nd, seat, *action);
        if (x != NIL) {
            w->arms[x].avail = 1;
            *expanded = 1;
        }
        return x;
    }
    uint32_t best = NIL;
    double best_v = -1e300;
    for (int i = 0; i < n_tried; i++) {
        uint32_t a = legal_arms[i];
        const arm *x = &w->arms[a];
        double v = x->visits ? x->reward / x->visits +
                                   w->p->c * sqrt(log((double)x->avail) / x->visits)
                             : 1e300;
        if (v > best_v) best_v = v, best = a;
    }
    *action = w->arms[best].action;
    return best;
}

/*
 * Progressive widening (widen=; Coulom 2007, Chaslot et al. 2008) at a node
 * where one seat acts: the actions are ranked once by a cheap prior — the
 * game's evaluation for the mover after the action, on the determinization of
 * the iteration that ranks the node — and a node visited N times chooses only
 * among its k * (N + 1)^alpha best-ranked legal actions (the first untried one
 * of them first, else UCB). The root is ranked at its first visit; another
 * node only with rank_after=N, once it has N visits (a ranking costs one
 * evaluation per action). By default only the root is widened: a node below
 * it is ranked on the one determinization that reaches it, and cutting an
 * opponent's node to its evaluation's favourites stopped the Ys 4p search
 * gaining from more iterations (docs/strength.md, sixth session). Only the
 * choice among arms changes: keys, and so what the tree may tell apart, are as
 * without widening.
 */
static void rank_node(worker *w, const gg_state *s, uint32_t nd, int seat, const gg_action *list,
                      int n)
{
    uint32_t *at = w->at;
    double *score = w->x;
    for (int k = 0; k < n; k++) at[k] = NIL;
    for (uint32_t a = w->nodes[nd].arms[seat]; a != NIL; a = w->arms[a].next) {
        int k = in_sorted(list, n, w->arms[a].action);
        if (k >= 0) at[k] = a;
    }
    int *order = w->order, m = 0;
    for (int k = 0; k < n; k++) {
        if (at[k] == NIL) at[k] = new_arm(w, nd, seat, list[k]); /* avail 0: counted by the caller */
        if (at[k] == NIL) continue;                               /* pool full: left unranked */
        memcpy(w->probe, s, s->size);
        gg_apply_trusted(w->probe, seat, list[k]);
        double v[GG_MAX_SEATS];
        w->prior(w->probe, v);
        score[k] = v[seat];
        /* insertion by score, best first (ties: list order) */
        int j = m++;
        while (j > 0 && score[order[j - 1]] < score[k]) order[j] = order[j - 1], j--;
        order[j] = k;
    }
    for (int r = 0; r < m; r++) w->arms[at[order[r]]].rank = (uint32_t)r;
    w->nodes[nd].ranked = 1;
}

/* The widest choice at a node of `visits` visits (at least 1). */
static int widening(const worker *w, uint32_t visits)
{
    double k = ceil(w->widen * pow((double)visits + 1.0, w->p->alpha));
    return k < 1 ? 1 : k > GG_MAX_ACTIONS ? GG_MAX_ACTIONS : (int)k;
}

static uint32_t select_ranked(worker *w, const gg_state *s, uint32_t nd, int seat,
                              const gg_action *list, int n, gg_action *action, int *expanded)
{
    if (!w->nodes[nd].ranked) rank_node(w, s, nd, seat, list, n);
    uint32_t *legal_arms = w->at;
    uint8_t has_arm[GG_MAX_ACTIONS];
    memset(has_arm, 0, (size_t)n);
    int n_arms = 0;
    for (uint32_t a = w->nodes[nd].arms[seat]; a != NIL; a = w->arms[a].next) {
        int k = in_sorted(list, n, w->arms[a].action);
        if (k < 0) continue;
        has_arm[k] = 1;
        legal_arms[n_arms++] = a;
        w->arms[a].avail++;
    }
    /* the rank below which the K best-ranked legal arms lie */
    int K = widening(w, w->nodes[nd].visits);
    uint32_t cut = UNRANKED;
    if (K < n_arms) {
        uint8_t legal_rank[GG_MAX_ACTIONS];
        memset(legal_rank, 0, sizeof legal_rank);
        for (int i = 0; i < n_arms; i++)
            if (w->arms[legal_arms[i]].rank < GG_MAX_ACTIONS) legal_rank[w->arms[legal_arms[i]].rank] = 1;
        for (uint32_t r = 0, seen = 0; r < GG_MAX_ACTIONS; r++)
            if (legal_rank[r] && ++seen == (uint32_t)K) {
                cut = r;
                break;
            }
    }
    uint32_t best = NIL, fresh = NIL;
    double best_v = -1e300;
    for (int i = 0; i < n_arms; i++) {
        uint32_t a = legal_arms[i];
        const arm *x = &w->arms[a];
        if (cut != UNRANKED && (x->rank == UNRANKED || x->rank > cut)) continue;
        if (!x->visits) {
            if (fresh == NIL || x->rank < w->arms[fresh].rank) fresh = a;
            continue;
        }
        double v = x->reward / x->visits + w->p->c * sqrt(log((double)x->avail) / x->visits);
        if (v > best_v) best_v = v, best = a;
    }
    if (fresh != NIL) {
        *action = w->arms[fresh].action;
        *expanded = 1;
        return fresh;
    }
    if (n_arms < n && (cut == UNRANKED || best == NIL)) {
        /* legal here but in no ranking (another determinization): the ranked ones first */
        int pick = (int)gg_rng_below(&w->rng, (uint32_t)(n - n_arms));
        for (int k = 0; k < n; k++)
            if (!has_arm[k] && pick-- == 0) {
                *action = list[k];
                break;
            }
        uint32_t x = new_arm(w, nd, seat, *action);
        if (x != NIL) {
            w->arms[x].avail = 1;
            *expanded = 1;
        }
        return x;
    }
    *action = w->arms[best].action;
    return best;
}

/*
 * Sequential halving at the root (sh=M; Karnin, Koren and Somekh 2013; at the
 * root of a tree search, Pepels, Cazenave, Winands and Lanctot 2014): the M
 * best-ranked actions (the widening's ranking) share the search in phases;
 * within a phase every action still in is tried in turn (the least visited
 * first), and at the end of a phase the worse half by mean reward is left
 * out. UCB spends a budget to keep its regret low while it searches; halving
 * spends it to tell the best of a few actions apart at the end, which is what
 * a bot's choice needs. Below the root UCB stays.
 */
static uint32_t select_sh(worker *w, const gg_state *s, int seat, const gg_action *list, int n,
                          gg_action *action, int *expanded)
{
    if (!w->nodes[1].ranked) {
        rank_node(w, s, 1, seat, list, n);
        for (uint32_t a = w->nodes[1].arms[seat]; a != NIL; a = w->arms[a].next)
            w->arms[a].halved = w->arms[a].rank >= (uint32_t)w->sh_actions;
    }
    uint32_t best = NIL;
    for (uint32_t a = w->nodes[1].arms[seat]; a != NIL; a = w->arms[a].next) {
        arm *x = &w->arms[a];
        if (in_sorted(list, n, x->action) < 0) continue;
        x->avail++;
        if (x->halved) continue;
        if (best == NIL || x->visits < w->arms[best].visits ||
            (x->visits == w->arms[best].visits && x->rank < w->arms[best].rank))
            best = a;
    }
    if (best == NIL) /* none of the actions still in is legal here: widening's choice */
        return select_ranked(w, s, 1, seat, list, n, action, expanded);
    *action = w->arms[best].action;
    *expanded = w->arms[best].visits == 0;
    return best;
}

/* The mean reward by which sequential halving keeps an action (an action
 * never tried ranks last). */
static double sh_mean(const arm *x) { return x->visits ? x->reward / x->visits : -1e300; }

/* The end of a halving phase: the worse half of the root actions still in,
 * by mean reward, is left out (the better half rounded up stays). */
static void sh_halve(worker *w)
{
    uint32_t in[GG_MAX_ACTIONS];
    int m = 0;
    for (uint32_t a = w->nodes[1].arms[w->seat]; a != NIL; a = w->arms[a].next)
        if (!w->arms[a].halved && m < GG_MAX_ACTIONS) in[m++] = a;
    int keep = (m + 1) / 2;
    for (int i = 0; i < m; i++) { /* out: those with `keep` or more better than them */
        int better = 0;
        for (int j = 0; j < m; j++)
            better += sh_mean(&w->arms[in[j]]) > sh_mean(&w->arms[in[i]]) ||
                      (sh_mean(&w->arms[in[j]]) == sh_mean(&w->arms[in[i]]) && j < i);
        if (better >= keep) w->arms[in[i]].halved = 1; /* the means do not change meanwhile */
    }
}

/* Moves the halving on to the phase the search has reached: phase j of L
 * covers the iterations (or the milliseconds) from j/L to (j+1)/L of the
 * budget. */
static void sh_advance(worker *w, long done)
{
    double f = w->iters ? (double)done / (double)w->iters
                        : (now_ms() - w->started) / (double)w->p->ms;
    int phase = (int)(f * w->sh_phases);
    if (phase > w->sh_phases - 1) phase = w->sh_phases - 1;
    for (; w->sh_phase < phase; w->sh_phase++)
        if (w->nodes[1].ranked) sh_halve(w);
}

/*
 * Chooses the arm of `seat` at a simultaneous node (several seats choose at
 * once, in secret): Exp3 (Auer et al. 2002, as in simultaneous-move MCTS,
 * Teytaud and Flory 2011; Lanctot et al. 2013), a mixed strategy, so that no
 * seat's choice is a best answer to a choice it cannot see. An action never
 * tried has x = 0; the arm is made when it is first drawn. *prob: the chance
 * the drawn action had (for the update x += reward / prob).
 */
enum { GAMMA_DEFAULT_PCT = 10 }; /* exploration gamma of Exp3 / regret matching (gamma=) */
static uint32_t select_exp3(worker *w, uint32_t nd, int seat, const gg_action *list, int n,
                            gg_action *action, int *expanded, double *prob)
{
    uint32_t *at = w->at;
    double *x = w->x;
    for (int k = 0; k < n; k++) at[k] = NIL, x[k] = 0;
    for (uint32_t a = w->nodes[nd].arms[seat]; a != NIL; a = w->arms[a].next) {
        int k = in_sorted(list, n, w->arms[a].action);
        if (k < 0) continue;
        at[k] = a;
        x[k] = w->arms[a].x;
        w->arms[a].avail++;
    }
    /* the anytime learning rate sqrt(ln(K + 1) / (t K)) (after Bubeck and Cesa-Bianchi
     * 2012, 3.2), t the node's visits: with a few hundred iterations the
     * constant gamma / K hardly moves off uniform */
    double t = w->nodes[nd].visits + 1.0;
    double eta = sqrt(log((double)n + 1) / (t * n)), top = x[0], sum = 0;
    for (int k = 1; k < n; k++)
        if (x[k] > top) top = x[k];
    for (int k = 0; k < n; k++) sum += x[k] = exp(eta * (x[k] - top));
    double u = uniform01(&w->rng), p = 0;
    int pick = n - 1;
    for (int k = 0; k < n; k++) {
        p = (1 - w->p->gamma) * x[k] / sum + w->p->gamma / n;
        if (u < p) {
            pick = k;
            break;
        }
        u -= p;
    }
    if (pick == n - 1) p = (1 - w->p->gamma) * x[pick] / sum + w->p->gamma / n;
    *action = list[pick];
    *prob = p;
    if (at[pick] == NIL) {
        at[pick] = new_arm(w, nd, seat, list[pick]);
        if (at[pick] != NIL) {
            w->arms[at[pick]].avail = 1;
            *expanded = 1;
        }
    }
    return at[pick];
}

/*
 * The same choice by regret matching (Hart and Mas-Colell 2000; in
 * simultaneous-move MCTS, Lanctot, Lisy and Winands 2013): each action's
 * regret R = (summed reward / probability over the iterations it was drawn)
 * - (summed reward of the iterations it was legal in), the sampled estimate
 * of how much better always playing it would have done; the strategy is
 * proportional to the positive regrets (uniform while none is positive),
 * mixed with gamma of uniform exploration. It leaves actions with negative
 * regret at once (Exp3's anytime rate stays near uniform over the few
 * hundred iterations of a Ys move), and its average strategy (the visits)
 * converges to an equilibrium. An action never tried has regret 0. The arm keeps the first
 * sum in x, the second in u (stamp: the last iteration it was legal in).
 */
static uint32_t select_rm(worker *w, uint32_t nd, int seat, const gg_action *list, int n,
                          gg_action *action, int *expanded, double *prob)
{
    uint32_t *at = w->at;
    double *x = w->x, sum = 0;
    for (int k = 0; k < n; k++) at[k] = NIL, x[k] = 0;
    for (uint32_t a = w->nodes[nd].arms[seat]; a != NIL; a = w->arms[a].next) {
        arm *r = &w->arms[a];
        int k = in_sorted(list, n, r->action);
        if (k < 0) continue;
        at[k] = a;
        x[k] = r->x > r->u ? r->x - r->u : 0;
        sum += x[k];
        r->avail++;
        r->stamp = w->iterations;
    }
    double g = sum > 0 ? w->p->gamma : 1.0, u = uniform01(&w->rng), p = 0;
    int pick = n - 1;
    for (int k = 0; k < n; k++) {
        p = (sum > 0 ? (1 - g) * x[k] / sum : 0) + g / n;
        if (u < p) {
            pick = k;
            break;
        }
        u -= p;
    }
    if (pick == n - 1) p = (sum > 0 ? (1 - g) * x[pick] / sum : 0) + g / n;
    *action = list[pick];
    *prob = p;
    if (at[pick] == NIL) {
        at[pick] = new_arm(w, nd, seat, list[pick]);
        if (at[pick] != NIL) {
            w->arms[at[pick]].avail = 1;
            w->arms[at[pick]].stamp = w->iterations;
            *expanded = 1;
        }
    }
    return at[pick];
}

/* After an iteration through a simultaneous node chosen by regret matching:
 * the drawn arm's reward / probability, and the reward to every arm legal in
 * this iteration (select_rm). */
static void update_regrets(worker *w, const step *st, int i, double r)
{
    w->arms[st->arm[i]].x += r / st->prob[i];
    for (uint32_t a = w->nodes[st->nd].arms[st->seat[i]]; a != NIL; a = w->arms[a].next)
        if (w->arms[a].stamp == w->iterations) w->arms[a].u += r;
}

/* ------------------------------------------------------------- rollouts */

static gg_action rollout_pick(worker *w, const gg_state *s, int seat, const gg_action *list,
                              int n, gg_action prev)
{
    if (w->policy) {
        int k = w->policy(s, seat, list, n, prev, &w->rng);
        if (k >= 0 && k < n) return list[k];
    }
    return list[gg_rng_below(&w->rng, (uint32_t)n)];
}

/* Plays on from `s` (all actors of a step choose before any is applied), at
 * most `depth` steps, and never more than the game-length limit of bots'
 * games (rule G-1): a rollout always ends, even where the rules let play go
 * on forever; one cut off is scored by rewards(). prev[] is each seat's last
 * action (for the policy), kept up to date. */
static long rollout(worker *w, gg_state *s, gg_action prev[GG_MAX_SEATS])
{
    gg_action list[GG_MAX_ACTIONS];
    long limit = gg_length_limit(s->game, s->players), cap = limit, steps;
    if (w->depth && w->depth < cap) cap = w->depth;
    for (steps = 0; !gg_is_over(s) && steps < cap; steps++) {
        int seats[GG_MAX_SEATS];
        gg_action chosen[GG_MAX_SEATS];
        int k = gg_actors(s, seats);
        for (int i = 0; i < k; i++) {
            if (w->pick && w->pick(s, seats[i], prev[seats[i]], &w->rng, &chosen[i])) continue;
            if (!w->policy && !w->prune) { /* uniform: the same draw, no list where the game counts (Ys placements) */
                int n = gg_legal_random(s, seats[i], &w->rng, &chosen[i]);
                GG_ASSERT(n > 0);
                continue;
            }
            int n = gg_legal(s, seats[i], list);
            GG_ASSERT(n > 0);
            if (w->prune) n = w->prune(s, seats[i], list, n);
            chosen[i] = rollout_pick(w, s, seats[i], list, n, prev[seats[i]]);
        }
        for (int i = 0; i < k; i++) {
            gg_apply_trusted(s, seats[i], chosen[i]);
            prev[seats[i]] = chosen[i];
        }
    }
    if (steps >= limit && !gg_is_over(s)) w->capped++;
    return steps;
}

/* ------------------------------------------------------------ iteration */


static void iterate(worker *w)
{
    gg_state *s = w->work;
    memcpy(s, w->root, w->root->size);
    w->determinize(s, w->seat, &w->rng);
    if (w->withdraw) w->withdraw(s, w->seat);

    step *path = w->path;
    int depth = 0;
    uint32_t nd = 1; /* the root */
    gg_action list[GG_MAX_ACTIONS];
    gg_action prev[GG_MAX_SEATS];
    for (int p = 0; p < GG_MAX_SEATS; p++) prev[p] = GG_NO_ACTION;
    while (!gg_is_over(s) && depth < MAX_PATH) {
        step *st = &path[depth++];
        st->nd = nd;
        st->k = gg_actors(s, st->seat);
        gg_action chosen[GG_MAX_SEATS], own = GG_NO_ACTION;
        uint64_t key = 0;
        int expanded = 0, simultaneous = st->k > 1;
        /* a step whose choices all become public is keyed by them (cheap) */
        int public_step = simultaneous && w->public_step && w->public_step(s);
        for (int i = 0; i < st->k; i++) {
            int n = gg_legal(s, st->seat[i], list);
            GG_ASSERT(n > 0);
            if (w->prune) n = w->prune(s, st->seat[i], list, n);
            st->prob[i] = 0;
            if (simultaneous && w->p->sim == SIM_EXP3)
                st->arm[i] = select_exp3(w, nd, st->seat[i], list, n, &chosen[i], &expanded,
                                         &st->prob[i]);
            else if (simultaneous && w->p->sim == SIM_RM)
                st->arm[i] = select_rm(w, nd, st->seat[i], list, n, &chosen[i], &expanded,
                                       &st->prob[i]);
            else if (nd == 1 && w->sh_phases && !simultaneous && n > 1)
                st->arm[i] = select_sh(w, s, st->seat[i], list, n, &chosen[i], &expanded);
            else if (!simultaneous && w->prior && n > 1 && (nd == 1 || w->nodes[nd].ranked ||
                                           (w->p->rank_after >= 0 &&
                                            w->nodes[nd].visits >= w->p->rank_after)))
                st->arm[i] = select_ranked(w, s, nd, st->seat[i], list, n, &chosen[i], &expanded);
            else
                st->arm[i] = select_arm(w, nd, st->seat[i], list, n, &chosen[i], &expanded);
            if (!simultaneous || w->p->raw_keys || public_step)
                key = mix(key, observation(s, st->seat[i], chosen[i], w->seat, st->k));
            if (st->seat[i] == w->seat) own = chosen[i];
        }
        for (int i = 0; i < st->k; i++) {
            gg_apply_trusted(s, st->seat[i], chosen[i]);
            prev[st->seat[i]] = chosen[i];
        }
        /* A simultaneous step is keyed by what the searcher sees once it is
         * over (its view): secret choices it cannot see lead to one child,
         * choices revealed when all are in (the Ys bid) to distinct ones. */
        if (simultaneous && !w->p->raw_keys && !public_step) key = view_hash(s, w->seat) | 1ull << 62;
        uint32_t child = find_child(w, nd, key);
        if (child == NIL) {
            child = add_child(w, nd, key);
            expanded = 1;
            if (child != NIL && w->p->audit) {
                w->nodes[child].own = own;
                w->nodes[child].seen = view_hash(s, w->seat);
            }
        }
        if (child == NIL || expanded) {
            if (child != NIL) w->nodes[child].visits++;
            break;
        }
        nd = child;
    }
    long length = depth + rollout(w, s, prev);
    double r[GG_MAX_SEATS], win[GG_MAX_SEATS];
    rewards(w, s, length, r, win);
    for (int d = 0; d < depth; d++) {
        const step *st = &path[d];
        w->nodes[st->nd].visits++;
        for (int i = 0; i < st->k; i++) {
            if (st->arm[i] == NIL) continue;
            arm *x = &w->arms[st->arm[i]];
            x->visits++;
            x->reward += r[st->seat[i]];
            x->wins += win[st->seat[i]];
            if (st->prob[i] > 0 && w->p->sim == SIM_RM) update_regrets(w, st, i, r[st->seat[i]]);
            else if (st->prob[i] > 0) x->x += r[st->seat[i]] / st->prob[i];
        }
    }
    w->iterations++;
}

/* audit=1: children that differ from a sibling only by what the searcher
 * cannot know — the same view after the step and the same own action, yet a
 * different key. Sound keys make this 0. */
static long count_hidden_siblings(const worker *w)
{
    long count = 0;
    for (uint32_t nd = 1; nd < w->n_nodes; nd++)
        for (uint32_t c = w->nodes[nd].first_child; c != NIL; c = w->nodes[c].next_sibling)
            for (uint32_t d = w->nodes[c].next_sibling; d != NIL; d = w->nodes[d].next_sibling)
                if (w->nodes[d].seen == w->nodes[c].seen && w->nodes[d].own == w->nodes[c].own) {
                    count++;
                    break;
                }
    return count;
}

static void *search(void *arg)
{
    worker *w = arg;
    w->n_nodes = 1;
    w->n_arms = 1;
    w->iterations = 0;
    w->capped = 0;
    new_node(w, 0);
    w->sh_phase = 0;
    for (long i = 0;; i++) {
        if (w->iters ? i >= w->iters : ((i & 15) == 0 && now_ms() >= w->deadline && i > 0))
            break;
        if (w->sh_phases && (w->iters || (i & 15) == 0)) sh_advance(w, i);
        iterate(w);
    }
    w->hidden_siblings = w->p->audit ? count_hidden_siblings(w) : 0;
    return NULL;
}

/* ------------------------------------------------------ the second thread */

static void *helper_main(void *arg)
{
    ismcts *m = arg;
    helper *h = &m->h;
    unsigned long seen = 0;
    pthread_mutex_lock(&h->mu);
    for (;;) {
        while (!h->quit && h->job == seen) pthread_cond_wait(&h->wake, &h->mu);
        if (h->quit) break;
        seen = h->job;
        pthread_mutex_unlock(&h->mu);
        search(&m->w[1]);
        pthread_mutex_lock(&h->mu);
        h->done = seen;
        pthread_cond_signal(&h->finished);
    }
    pthread_mutex_unlock(&h->mu);
    return NULL;
}

/* Starts the helper thread once; 0 when it runs. */
static int helper_start(ismcts *m)
{
    helper *h = &m->h;
    if (h->running && h->pid == getpid()) return 0;
    h->running = 0; /* in a forked child: the thread stayed in the parent */
    if (pthread_mutex_init(&h->mu, NULL)) return -1;
    if (pthread_cond_init(&h->wake, NULL)) {
        pthread_mutex_destroy(&h->mu);
        return -1;
    }
    if (pthread_cond_init(&h->finished, NULL)) {
        pthread_cond_destroy(&h->wake);
        pthread_mutex_destroy(&h->mu);
        return -1;
    }
    h->job = h->done = 0;
    h->quit = 0;
    if (pthread_create(&h->thread, NULL, helper_main, m)) {
        pthread_cond_destroy(&h->finished);
        pthread_cond_destroy(&h->wake);
        pthread_mutex_destroy(&h->mu);
        return -1;
    }
    h->running = 1;
    h->pid = getpid();
    return 0;
}

static void helper_stop(ismcts *m)
{
    helper *h = &m->h;
    if (!h->running || h->pid != getpid()) return;
    pthread_mutex_lock(&h->mu);
    h->quit = 1;
    pthread_cond_signal(&h->wake);
    pthread_mutex_unlock(&h->mu);
    pthread_join(h->thread, NULL);
    pthread_cond_destroy(&h->finished);
    pthread_cond_destroy(&h->wake);
    pthread_mutex_destroy(&h->mu);
    h->running = 0;
}

/* Runs both workers' searches, the second on the helper thread (on this
 * thread, after the first, when no thread could be made). */
static void search_both(ismcts *m)
{
    helper *h = &m->h;
    if (helper_start(m)) {
        search(&m->w[0]);
        search(&m->w[1]);
        return;
    }
    pthread_mutex_lock(&h->mu);
    unsigned long job = ++h->job;
    pthread_cond_signal(&h->wake);
    pthread_mutex_unlock(&h->mu);
    search(&m->w[0]);
    pthread_mutex_lock(&h->mu);
    while (h->done != job) pthread_cond_wait(&h->finished, &h->mu);
    pthread_mutex_unlock(&h->mu);
}

/* -------------------------------------------------------------- the bot */

static gg_status parse_params(ismcts_params *p, const char *params, gg_error *err)
{
    *p = (ismcts_params){.iters = 0, .ms = 0, .rollout = ROLLOUT_GAME, .threads = 1, .c = 0.7,
                         .nodes = 0, .gamma = 0.01 * GAMMA_DEFAULT_PCT, .sim = SIM_RM,
                         .threshold = 0.01 * THRESHOLD_DEFAULT_PCT, .alpha = 0.5,
                         .rank_after = -1, .widen = -1, .soft = -1, .depth = -1,
                         .learned_eval = -1, .belief = -1};
    char buf[128];
    snprintf(buf, sizeof buf, "%s", params);
    char *rest; /* strtok_r: bots are made on several threads at once (server bot workers, match) */
    for (char *tok = strtok_r(buf, ":", &rest); tok; tok = strtok_r(NULL, ":", &rest)) {
        char *eq = strchr(tok, '=');
        if (!eq) return gg_fail(err, GG_EOPTION, "ismcts: \"%s\" is not key=value", tok);
        *eq = '\0';
        const char *v = eq + 1;
        char *end;
        if (!strcmp(tok, "iters") || !strcmp(tok, "ms") || !strcmp(tok, "depth") ||
            !strcmp(tok, "threads") || !strcmp(tok, "nodes") || !strcmp(tok, "rank_after") ||
            !strcmp(tok, "sh")) {
            long x = strtol(v, &end, 10);
            if (!*v || *end || x < 0 || x > 100000000)
                return gg_fail(err, GG_EOPTION, "ismcts: %s takes a whole number, not \"%s\"",
                               tok, v);
            if (!strcmp(tok, "iters")) p->iters = x;
            else if (!strcmp(tok, "ms")) p->ms = x;
            else if (!strcmp(tok, "depth")) p->depth = (int)x;
            else if (!strcmp(tok, "nodes")) p->nodes = x;
            else if (!strcmp(tok, "rank_after")) p->rank_after = x;
            else if (!strcmp(tok, "sh")) p->sh = x;
            else if (x == 1 || x == 2) p->threads = (int)x;
            else return gg_fail(err, GG_EOPTION, "ismcts: threads is 1 or 2");
        } else if (!strcmp(tok, "c")) {
            double x = strtod(v, &end);
            if (!*v || *end || !(x >= 0 && x <= 100))
                return gg_fail(err, GG_EOPTION, "ismcts: c takes a number from 0 to 100");
            p->c = x;
        } else if (!strcmp(tok, "widen") || !strcmp(tok, "alpha")) {
            double x = strtod(v, &end);
            if (!*v || *end || !(x >= 0 && x <= 100))
                return gg_fail(err, GG_EOPTION, "ismcts: %s takes a number from 0 to 100", tok);
            if (!strcmp(tok, "widen")) p->widen = x;
            else if (x <= 1) p->alpha = x;
            else return gg_fail(err, GG_EOPTION, "ismcts: alpha takes a number from 0 to 1");
        } else if (!strcmp(tok, "soft")) {
            double x = strtod(v, &end);
            if (!*v || *end || !(x >= 0 && x <= 1000))
                return gg_fail(err, GG_EOPTION, "ismcts: soft takes a number of points from 0 to 1000");
            p->soft = x;
        } else if (!strcmp(tok, "threshold")) {
            double x = strtod(v, &end);
            if (!*v || *end || !(x >= 0 && x <= 1))
                return gg_fail(err, GG_EOPTION, "ismcts: threshold takes a number from 0 to 1");
            p->threshold = x;
        } else if (!strcmp(tok, "gamma")) {
            double x = strtod(v, &end);
            if (!*v || *end || !(x > 0 && x <= 1))
                return gg_fail(err, GG_EOPTION, "ismcts: gamma takes a number above 0, at most 1");
            p->gamma = x;
        } else if (!strcmp(tok, "rollout")) {
            if (!strcmp(v, "random")) p->rollout = GG_ROLLOUT_RANDOM;
            else if (!strcmp(v, "heuristic")) p->rollout = GG_ROLLOUT_HEURISTIC;
            else if (!strcmp(v, "light")) p->rollout = GG_ROLLOUT_LIGHT;
            else return gg_fail(err, GG_EOPTION, "ismcts: rollout is random, heuristic or light");
        } else if (!strcmp(tok, "prune") || !strcmp(tok, "audit") || !strcmp(tok, "mixed") ||
                   !strcmp(tok, "withdraw") || !strcmp(tok, "belief")) {
            if (strcmp(v, "0") && strcmp(v, "1"))
                return gg_fail(err, GG_EOPTION, "ismcts: %s is 0 or 1", tok);
            if (!strcmp(tok, "prune")) p->no_prune = *v == '0';
            else if (!strcmp(tok, "mixed")) p->pure = *v == '0';
            else if (!strcmp(tok, "withdraw")) p->no_withdraw = *v == '0';
            else if (!strcmp(tok, "belief")) p->belief = *v == '1';
            else p->audit = *v == '1';
        } else if (!strcmp(tok, "sim")) {
            if (!strcmp(v, "exp3")) p->sim = SIM_EXP3;
            else if (!strcmp(v, "ucb")) p->sim = SIM_UCB;
            else if (!strcmp(v, "rm")) p->sim = SIM_RM;
            else return gg_fail(err, GG_EOPTION, "ismcts: sim is exp3, ucb or rm");
        } else if (!strcmp(tok, "eval")) {
            if (!strcmp(v, "game")) p->learned_eval = 0;
            else if (!strcmp(v, "learned")) p->learned_eval = 1;
            else return gg_fail(err, GG_EOPTION, "ismcts: eval is game or learned");
        } else if (!strcmp(tok, "prior")) {
            if (!strcmp(v, "game")) p->learned_prior = 0;
            else if (!strcmp(v, "learned")) p->learned_prior = 1;
            else return gg_fail(err, GG_EOPTION, "ismcts: prior is game or learned");
        } else if (!strcmp(tok, "keys")) {
            if (!strcmp(v, "view")) p->raw_keys = 0;
            else if (!strcmp(v, "raw")) p->raw_keys = 1;
            else return gg_fail(err, GG_EOPTION, "ismcts: keys is view or raw");
        } else if (!strcmp(tok, "reward")) {
            p->rank_reward = p->plain = p->wide = 0;
            if (!strcmp(v, "win")) p->plain = 0;
            else if (!strcmp(v, "wide")) p->wide = 1;
            else if (!strcmp(v, "plain")) p->plain = 1;
            else if (!strcmp(v, "rank")) p->rank_reward = 1;
            else return gg_fail(err, GG_EOPTION, "ismcts: reward is win, wide, plain or rank");
        } else {
            return gg_fail(err, GG_EOPTION,
                           "ismcts: unknown parameter \"%s\" (iters, ms, rollout, threads, c, "
                           "depth, reward, soft, nodes, prune, keys, audit, mixed, withdraw, sim, gamma, threshold, eval, prior, widen, alpha, rank_after, sh)", tok);
        }
    }
    if (p->iters && p->ms)
        return gg_fail(err, GG_EOPTION, "ismcts: give iters or ms, not both");
    if (!p->iters && !p->ms) p->iters = 1000;
    if (!p->nodes) p->nodes = p->iters ? p->iters / p->threads + 1 : 1 << 19;
    if (p->nodes < 2) p->nodes = 2;
    return GG_OK;
}

static gg_status ismcts_create(gg_bot *bot, const char *params, gg_error *err)
{
    ismcts *m = aligned_alloc(CACHE_LINE, sizeof *m); /* a multiple of CACHE_LINE */
    if (!m) return gg_fail(err, GG_ENOMEM, "out of memory");
    memset(m, 0, sizeof *m);
    gg_status st = parse_params(&m->p, params, err);
    for (int t = 0; !st && t < m->p.threads; t++)
        if (pools_reserve(&m->w[t], m->p.nodes, m->p.widen != 0))
            st = gg_fail(err, GG_ENOMEM, "ismcts: no memory for %ld nodes", m->p.nodes);
    if (st) {
        for (int t = 0; t < 2; t++) free(m->w[t].nodes), free(m->w[t].arms);
        free(m);
        return st;
    }
    bot->data = m;
    return GG_OK;
}

static void ismcts_destroy(gg_bot *bot)
{
    ismcts *m = bot->data;
    helper_stop(m);
    for (int t = 0; t < 2; t++) {
        free(m->w[t].nodes);
        free(m->w[t].arms);
        free(m->w[t].work);
        free(m->w[t].probe);
    }
    free(m);
}

/* Sums the root arms of `seat` over the workers into visits[] and reward[]
 * (one entry per action of list). */
static void root_stats(const ismcts *m, int seat, const gg_action *list, int n,
                       double *visits, double *reward)
{
    for (int k = 0; k < n; k++) visits[k] = reward[k] = 0;
    for (int t = 0; t < m->p.threads; t++) {
        const worker *w = &m->w[t];
        for (uint32_t a = w->nodes[1].arms[seat]; a != NIL; a = w->arms[a].next) {
            int k = in_sorted(list, n, w->arms[a].action);
            if (k < 0) continue;
            visits[k] += w->arms[a].visits;
            reward[k] += w->arms[a].reward;
        }
    }
}

/* The final choice after sequential halving (sh=): of the root actions still
 * in (in either tree), the index of the best mean reward over both trees
 * (visits[] and reward[] summed by root_stats); -1 when none was tried. */
static int sh_choice(const ismcts *m, int seat, const gg_action *list, int n)
{
    int best = -1;
    for (int t = 0; t < m->p.threads; t++) {
        const worker *w = &m->w[t];
        for (uint32_t a = w->nodes[1].arms[seat]; a != NIL; a = w->arms[a].next) {
            int k = in_sorted(list, n, w->arms[a].action);
            if (k < 0 || w->arms[a].halved || !m->visits[k]) continue;
            if (best < 0 || m->reward[k] / m->visits[k] > m->reward[best] / m->visits[best])
                best = k;
        }
    }
    return best;
}

/* The final choice: the most visited root action (then the higher reward);
 * at a simultaneous root (a secret choice made with others), a draw from the
 * mixed strategy the search played, its exploration taken out (Teytaud and Flory
 * 2011: p(a) ~ max(0, visits(a) - gamma * N / K)), never a pure best answer. */
static gg_action final_choice(ismcts *m, gg_bot *bot, int seat, int simultaneous,
                              const gg_action *list, int n)
{
    double *visits = m->visits, *reward = m->reward;
    root_stats(m, seat, list, n, visits, reward);
    int halved = !simultaneous && m->w[0].sh_phases ? sh_choice(m, seat, list, n) : -1;
    if (halved >= 0) return list[halved];
    int best = 0; /* else (or nothing the halving kept was tried) the most visited */
    double total = 0;
    for (int k = 0; k < n; k++) total += visits[k];
    for (int k = 1; k < n; k++)
        if (visits[k] > visits[best] ||
            (visits[k] == visits[best] && reward[k] > reward[best]))
            best = k;
    if (!simultaneous || m->p.pure) return list[best];
    double floor = m->p.gamma * total / n, sum = 0;
    for (int k = 0; k < n; k++) sum += visits[k] > floor ? visits[k] - floor : 0;
    if (sum <= 0) return list[best];
    /* thresholding (Ganzfried and Sandholm 2012): actions below `threshold`
     * of the strategy are dropped, the rest renormalised; if none is left,
     * the most visited */
    double kept = 0;
    for (int k = 0; k < n; k++) {
        double wk = visits[k] > floor ? visits[k] - floor : 0;
        visits[k] = wk >= m->p.threshold * sum ? wk : 0;
        kept += visits[k];
    }
    if (kept <= 0) return list[best];
    double u = uniform01(&bot->rng) * kept;
    for (int k = 0; k < n; k++) {
        if (u < visits[k]) return list[k];
        u -= visits[k];
    }
    return list[best];
}

/* The rollout policy (GG_ROLLOUT_*) of rollout=`kind` for a search from `s`
 * whose rollouts are cut after `depth` steps (0: to the end); ROLLOUT_GAME
 * is the game's default there (gg_ai.rollout_at; none: uniform). */
static int rollout_kind(int kind, const gg_state *s, int depth)
{
    const gg_ai *ai = s->game->ai;
    if (kind != ROLLOUT_GAME) return kind;
    return ai && ai->rollout_at ? ai->rollout_at(s, depth) : GG_ROLLOUT_RANDOM;
}

/* The rollout depth and evaluation of a search from `s` (fills *depth and
 * *learned): a spec that names neither depth= nor eval= gets the game's
 * default cut-off (gg_ai.cutoff: the Ys base game, 30 steps scored by the
 * learned evaluation, docs/strength.md ninth and eleventh sessions) where a
 * network exists for the player count; otherwise what it names, and
 * for the other one full rollouts and the game's own evaluation. */
static void cutoff(const ismcts_params *p, const gg_state *s, int *depth, int *learned)
{
    *depth = p->depth;
    *learned = p->learned_eval;
    if (*depth < 0 && *learned < 0 && s->game->ai && s->game->ai->cutoff &&
        gg_learned_eval_available(s->game, s->players)) {
        *depth = s->game->ai->cutoff(s);
        *learned = *depth > 0;
    }
    if (*depth < 0) *depth = 0;
    if (*learned < 0) *learned = 0;
}

/* How a search from `s` deals the hidden parts: by the game's belief
 * (gg_ai.determinize_belief) where belief=1 asks for it, or where the spec
 * does not name belief= and the game's gg_ai.belief says so (the Ys 4-player
 * base game, docs/strength.md fourteenth and fifteenth sessions); otherwise
 * uniformly, by the game's own determinize. */
static determinize_fn *determinizer(const ismcts_params *p, const gg_state *s)
{
    const gg_ai *ai = s->game->ai;
    int belief = p->belief >= 0 ? p->belief : ai && ai->belief ? ai->belief(s) : 0;
    return belief && ai && ai->determinize_belief ? ai->determinize_belief : s->game->determinize;
}

/* The list policy of rollout kind `kind` (GG_ROLLOUT_*) in `game`; NULL:
 * uniformly random, also where the game has no such policy. */
static gg_rollout_policy rollout_policy(int kind, const gg_game *game)
{
    if (kind == GG_ROLLOUT_HEURISTIC) return gg_heuristic_policy(game);
    if (kind == GG_ROLLOUT_LIGHT && game->ai) return game->ai->light; /* may be NULL */
    return NULL;
}

/* Searches for `seat` from `s`: fills list[0..*n) with the actions searched
 * (the legal ones, pruned) and *simultaneous. With one action left no search
 * is run unless `always`. */
static gg_status search_root(gg_bot *bot, const gg_state *s, int seat, gg_action *list, int *n,
                             int *simultaneous, int always, gg_error *err)
{
    ismcts *m = bot->data;
    *n = gg_legal(s, seat, list);
    if (*n == 0) return gg_fail(err, GG_EILLEGAL, "no legal action for seat %d", seat);
    m->last_iterations = 0;
    m->last_capped = 0;
    m->last_hidden = 0;
    /* dominated actions are left out of the search, and so of its choice
     * (never out of what gg_legal offers anyone) */
    int (*prune)(const gg_state *, int, gg_action *, int) =
        s->game->ai && !m->p.no_prune ? s->game->ai->prune : NULL;
    if (prune) *n = prune(s, seat, list, *n);
    int seats[GG_MAX_SEATS];
    *simultaneous = gg_actors(s, seats) > 1;
    /* At a secret simultaneous step, the others' choices already made are
     * taken back in every determinization (gg_ai.withdraw): they are modelled
     * like those still to come, whatever the seat order. */
    int (*withdraw)(gg_state *, int) =
        s->game->ai && !m->p.no_withdraw ? s->game->ai->withdraw : NULL;
    if (withdraw) {
        gg_state *probe = gg_clone(s);
        if (!probe) return gg_fail(err, GG_ENOMEM, "out of memory");
        gg_rng r;
        gg_rng_seed(&r, 1);
        gg_determinize(probe, seat, &r);
        if (withdraw(probe, seat) > 0) *simultaneous = 1;
        else if (!*simultaneous) withdraw = NULL;
        gg_free(probe);
    }
    if (*n == 1 && !always) return GG_OK;
    double widen = m->p.widen >= 0                          ? m->p.widen
                   : s->game->ai && s->game->ai->widen ? s->game->ai->widen(s)
                                                         : 0;
    double soft = m->p.soft >= 0                         ? m->p.soft
                  : s->game->ai && s->game->ai->soft ? s->game->ai->soft(s)
                                                     : 0;
    int depth, learned;
    cutoff(&m->p, s, &depth, &learned);
    int kind = rollout_kind(m->p.rollout, s, depth);
    double deadline = now_ms() + (double)m->p.ms;
    for (int t = 0; t < m->p.threads; t++) {
        worker *w = &m->w[t];
        if (w->work_size != s->size) {
            free(w->work);
            free(w->probe);
            size_t bytes = (s->size + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE;
            w->work = aligned_alloc(CACHE_LINE, bytes);
            w->probe = aligned_alloc(CACHE_LINE, bytes);
            w->work_size = w->work && w->probe ? s->size : 0;
            if (!w->work_size) return gg_fail(err, GG_ENOMEM, "out of memory");
        }
        gg_rng_seed(&w->rng, gg_rng_next(&bot->rng));
        w->root = s;
        w->seat = seat;
        w->p = &m->p;
        w->determinize = determinizer(&m->p, s);
        w->iters = m->p.iters ? (m->p.iters + t) / m->p.threads : 0;
        w->deadline = deadline;
        w->policy = rollout_policy(kind, s->game);
        w->pick = kind == GG_ROLLOUT_LIGHT && s->game->ai ? s->game->ai->light_pick /* may be NULL */
                                                          : NULL;
        w->eval = learned ? gg_learned_eval : gg_heuristic_eval(s->game);
        w->depth = depth;
        w->prior = widen <= 0           ? NULL
                   : m->p.learned_prior ? gg_learned_eval
                                        : gg_heuristic_eval(s->game);
        w->widen = widen;
        w->soft = soft;
        w->started = deadline - (double)m->p.ms;
        /* sh=M: ceil(log2(min(M, n))) phases, so about two actions are left
         * for the last; none at a simultaneous root, nor without a ranking */
        w->sh_actions = m->p.sh < *n ? (int)m->p.sh : *n;
        w->sh_phases = 0;
        if (w->sh_actions >= 2 && !*simultaneous && w->prior)
            while ((1 << w->sh_phases) < w->sh_actions) w->sh_phases++;
        w->prune = prune;
        w->withdraw = *simultaneous ? withdraw : NULL;
        w->public_step = s->game->ai ? s->game->ai->public_step : NULL;
    }
    if (m->p.threads == 2) search_both(m);
    else search(&m->w[0]);
    for (int t = 0; t < m->p.threads; t++) m->last_iterations += m->w[t].iterations;
    for (int t = 0; t < m->p.threads; t++) m->last_capped += m->w[t].capped;
    for (int t = 0; t < m->p.threads; t++) m->last_hidden += m->w[t].hidden_siblings;
    return GG_OK;
}

static gg_status ismcts_choose(gg_bot *bot, const gg_state *s, int seat, gg_action *out,
                               gg_error *err)
{
    gg_action list[GG_MAX_ACTIONS];
    int n, simultaneous;
    gg_status st = search_root(bot, s, seat, list, &n, &simultaneous, 0, err);
    if (st) return st;
    *out = n == 1 ? list[0] : final_choice(bot->data, bot, seat, simultaneous, list, n);
    return GG_OK;
}

/* Hints (gg_bot_hint): a search as for a choice, then the root actions by
 * visits with their mean win share. The search sees only what `seat` may
 * know, as every search does. */
static int ismcts_hint(gg_bot *bot, const gg_state *s, int seat, gg_hint *out, int max,
                       gg_error *err)
{
    ismcts *m = bot->data;
    gg_action *list = m->list;
    double *visits = m->visits, *wins = m->reward;
    int n, simultaneous;
    if (search_root(bot, s, seat, list, &n, &simultaneous, 1, err)) return -1;
    for (int k = 0; k < n; k++) visits[k] = wins[k] = 0;
    for (int t = 0; t < m->p.threads; t++) {
        const worker *w = &m->w[t];
        for (uint32_t a = w->nodes[1].arms[seat]; a != NIL; a = w->arms[a].next) {
            int k = in_sorted(list, n, w->arms[a].action);
            if (k < 0) continue;
            visits[k] += w->arms[a].visits;
            wins[k] += w->arms[a].wins;
        }
    }
    int count = 0;
    while (count < max) {
        int best = -1;
        for (int k = 0; k < n; k++)
            if (visits[k] > 0 && (best < 0 || visits[k] > visits[best] ||
                                  (visits[k] == visits[best] && wins[k] > wins[best])))
                best = k;
        if (best < 0) break;
        out[count++] = (gg_hint){list[best], wins[best] / visits[best], (long)visits[best]};
        visits[best] = 0;
    }
    return count;
}

long gg_ismcts_last_iterations(const gg_bot *bot)
{
    return bot->kind == &gg_bot_ismcts ? ((const ismcts *)bot->data)->last_iterations : -1;
}

long gg_ismcts_last_hidden_siblings(const gg_bot *bot)
{
    return bot->kind == &gg_bot_ismcts ? ((const ismcts *)bot->data)->last_hidden : -1;
}

long gg_ismcts_last_capped(const gg_bot *bot)
{
    return bot->kind == &gg_bot_ismcts ? ((const ismcts *)bot->data)->last_capped : -1;
}

const gg_bot_kind gg_bot_ismcts = {"ismcts", ismcts_create, ismcts_choose, ismcts_destroy,
                                   ismcts_hint};
