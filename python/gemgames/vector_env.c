/*
 * vector_env.c — VectorEnv: N games stepped together in C for learning
 * (docs/python.md, "Batched environment").
 *
 * One seat of every game is the learner's (`seat`); the other seats are
 * played by built-in bots inside the step, so the learner only ever sees
 * its own decisions. With seat=None the learner plays every seat (self-play):
 * each game waits at whichever seat acts first. Each step takes one action
 * index per game (the fixed index space of the learning encodings), applies
 * it, lets the bots move, and when a game ends records its returns and
 * starts the next one (auto-reset). Observations, masks, rewards and dones
 * are written into arrays the environment owns and returns (no copies: they
 * are overwritten by the next step).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL gemgames_ARRAY_API
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>

#include <stdlib.h>
#include <string.h>

#include "core.h"

typedef struct {
    int n;                            /* legal actions of the seat to play */
    gg_action act[GG_MAX_ACTIONS];
    int index[GG_MAX_ACTIONS];        /* their indices (also: mask bits to clear) */
} env_legal;

typedef struct {
    PyObject_HEAD
    const gg_game *game;
    gg_options opts;
    int n, players, seat, obs_size, space;
    uint64_t seed;
    gg_state **s;
    gg_bot **bots;        /* n * players; NULL at the learner's seat */
    uint64_t *episode;    /* per game: episodes started */
    env_legal *legal;     /* per game */
    gg_rng sample_rng;    /* sample_actions() */
    long long steps, decisions, episodes_done;
    PyObject *obs, *mask, *reward, *done, *to_play, *final_returns;
    char bot_error[200];
} GpVectorEnv;

#define ARR(o, T) ((T *)PyArray_DATA((PyArrayObject *)(o)))

static uint64_t mix64(uint64_t x)
{
    gg_rng r;
    gg_rng_seed(&r, x);
    return gg_rng_next(&r);
}

/* The seed of game i's episode e: a function of (seed, i, e) only. */
static uint64_t game_seed(const GpVectorEnv *v, int i, uint64_t e)
{
    return mix64(mix64(v->seed ^ mix64((uint64_t)i + 1)) + e);
}

/* Run the bots until the learner must act (or the game is over). */
static int advance(GpVectorEnv *v, int i)
{
    gg_state *s = v->s[i];
    int seats[GG_MAX_SEATS];
    for (;;) {
        if (gg_is_over(s)) return 0;
        int n = gg_actors(s, seats), bot = -1;
        if (v->seat < 0) {
            ARR(v->to_play, int32_t)[i] = seats[0];
            return 0;
        }
        for (int k = 0; k < n && bot < 0; k++)
            if (seats[k] != v->seat) bot = seats[k];
        if (bot < 0) {
            ARR(v->to_play, int32_t)[i] = v->seat;
            return 0;
        }
        gg_error err;
        gg_action a;
        if (gg_bot_choose(v->bots[i * v->players + bot], s, bot, &a, &err) != GG_OK) {
            snprintf(v->bot_error, sizeof v->bot_error, "game %d, seat %d: %.150s", i, bot, err.msg);
            return -1;
        }
        gg_apply_trusted(s, bot, a);
        v->decisions++;
    }
}

/* Observation and mask of game i for its seat to play. */
static void write_obs(GpVectorEnv *v, int i)
{
    int seat = ARR(v->to_play, int32_t)[i];
    env_legal *l = &v->legal[i];
    npy_bool *mask = ARR(v->mask, npy_bool) + (size_t)i * (size_t)v->space;
    for (int k = 0; k < l->n; k++) mask[l->index[k]] = 0;
    gg_observe(v->s[i], seat, ARR(v->obs, float) + (size_t)i * (size_t)v->obs_size);
    l->n = gg_legal_indexed(v->s[i], seat, l->act, l->index);
    for (int k = 0; k < l->n; k++) mask[l->index[k]] = 1;
}

static int start_game(GpVectorEnv *v, int i)
{
    gg_error err;
    gg_state *s = gg_new(v->game, &v->opts, game_seed(v, i, v->episode[i]++), &err);
    if (!s) {
        snprintf(v->bot_error, sizeof v->bot_error, "game %d: %.150s", i, err.msg);
        return -1;
    }
    gg_free(v->s[i]);
    v->s[i] = s;
    return advance(v, i);
}

/* One game's step: the learner's action, the bots, the end and restart. */
static int step_one(GpVectorEnv *v, int i, int k)
{
    int seat = ARR(v->to_play, int32_t)[i];
    gg_apply_trusted(v->s[i], seat, v->legal[i].act[k]);
    v->decisions++;
    float *reward = ARR(v->reward, float) + i;
    npy_bool *done = ARR(v->done, npy_bool) + i;
    *reward = 0, *done = 0;
    if (advance(v, i) < 0) return -1;
    if (gg_is_over(v->s[i])) {
        float *ret = ARR(v->final_returns, float) + (size_t)i * (size_t)v->players;
        double r[GG_MAX_SEATS];
        gp_returns(v->s[i], r);
        for (int q = 0; q < v->players; q++) ret[q] = (float)r[q];
        *reward = ret[v->seat >= 0 ? v->seat : seat];
        *done = 1;
        v->episodes_done++;
        if (start_game(v, i) < 0) return -1;
    }
    write_obs(v, i);
    return 0;
}

static PyObject *make_array(int nd, npy_intp *dims, int type)
{
    return PyArray_ZEROS(nd, dims, type, 0);
}

static int bots_from(GpVectorEnv *v, PyObject *opponents)
{
    /* one spec for every other seat, or a list with one per seat (None at the learner's) */
    for (int i = 0; i < v->n; i++)
        for (int q = 0; q < v->players; q++) {
            if (q == v->seat || v->seat < 0) continue;
            PyObject *spec_o = opponents;
            if (PyList_Check(opponents) || PyTuple_Check(opponents)) {
                if (PySequence_Size(opponents) != v->players) {
                    PyErr_SetString(PyExc_ValueError, "opponents: one bot spec per seat (None at the learner's seat)");
                    return -1;
                }
                spec_o = PySequence_Fast_GET_ITEM(opponents, q);
            }
            const char *spec = PyUnicode_Check(spec_o) ? PyUnicode_AsUTF8(spec_o) : NULL;
            if (!spec) {
                PyErr_Format(PyExc_TypeError, "opponents: seat %d needs a bot spec string", q);
                return -1;
            }
            gg_error err;
            uint64_t bs = mix64(v->seed ^ mix64(((uint64_t)i << 8 | (uint64_t)q) + 0x5eed));
            gg_bot *b = gg_bot_new(spec, bs, &err);
            if (!b) { gp_raise(&err); return -1; }
            v->bots[i * v->players + q] = b;
        }
    return 0;
}

static void venv_dealloc(GpVectorEnv *v)
{
    for (int i = 0; v->s && i < v->n; i++) gg_free(v->s[i]);
    for (int i = 0; v->bots && i < v->n * v->players; i++) gg_bot_free(v->bots[i]);
    free(v->s), free(v->bots), free(v->episode), free(v->legal);
    Py_XDECREF(v->obs), Py_XDECREF(v->mask), Py_XDECREF(v->reward), Py_XDECREF(v->done);
    Py_XDECREF(v->to_play), Py_XDECREF(v->final_returns);
    Py_TYPE(v)->tp_free((PyObject *)v);
}

static PyObject *raise_bot_error(GpVectorEnv *v)
{
    gg_error e;
    e.code = GG_EOPTION;
    snprintf(e.msg, sizeof e.msg, "%s", v->bot_error);
    return gp_raise(&e);
}

static int reset_all(GpVectorEnv *v)
{
    int rc = 0;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < v->n && rc == 0; i++) {
        v->episode[i] = 0;
        rc = start_game(v, i);
        if (rc == 0) write_obs(v, i);
    }
    Py_END_ALLOW_THREADS
    return rc;
}

static PyObject *venv_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"game", "num_envs", "players", "seed", "seat", "opponents", "options", NULL};
    const char *name;
    int n = 1, players = 2;
    unsigned long long seed = 0;
    PyObject *seat_o = NULL, *opponents = NULL, *optd = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|iiKOOO", kwlist, &name, &n, &players, &seed,
                                     &seat_o, &opponents, &optd))
        return NULL;
    const gg_game *g = gp_find_game(name);
    gg_options opts;
    if (!g || gp_options_from(g, players, optd, &opts) < 0) return NULL;
    if (n < 1 || n > 1 << 20) {
        PyErr_SetString(PyExc_ValueError, "num_envs must be between 1 and 2**20");
        return NULL;
    }
    int seat = 0;
    if (seat_o && seat_o != Py_None) {
        seat = (int)PyLong_AsLong(seat_o);
        if (seat == -1 && PyErr_Occurred()) return NULL;
        if (seat < 0 || seat >= players) {
            PyErr_Format(PyExc_ValueError, "seat must be 0..%d, or None for self-play", players - 1);
            return NULL;
        }
    } else if (seat_o == Py_None) {
        seat = -1;
    }
    if (!opponents) opponents = PyUnicode_FromString("random");
    else Py_INCREF(opponents);
    if (!opponents) return NULL;
    if (PyList_Check(opponents) || PyTuple_Check(opponents)) {
        PyObject *f = PySequence_Fast(opponents, "opponents");
        Py_DECREF(opponents);
        if (!f) return NULL;
        opponents = f;
    }
    GpVectorEnv *v = (GpVectorEnv *)type->tp_alloc(type, 0);
    if (!v) { Py_DECREF(opponents); return NULL; }
    v->game = g, v->opts = opts, v->n = n, v->players = players, v->seat = seat, v->seed = seed;
    v->obs_size = gg_obs_size(g, players);
    v->space = gg_action_space(g, players);
    gg_rng_seed(&v->sample_rng, mix64(seed ^ 0x5a3b1e));
    v->s = calloc((size_t)n, sizeof *v->s);
    v->bots = calloc((size_t)n * (size_t)players, sizeof *v->bots);
    v->episode = calloc((size_t)n, sizeof *v->episode);
    v->legal = calloc((size_t)n, sizeof *v->legal);
    npy_intp d_obs[2] = {n, v->obs_size}, d_mask[2] = {n, v->space}, d_n[1] = {n},
             d_ret[2] = {n, players};
    v->obs = make_array(2, d_obs, NPY_FLOAT32);
    v->mask = make_array(2, d_mask, NPY_BOOL);
    v->reward = make_array(1, d_n, NPY_FLOAT32);
    v->done = make_array(1, d_n, NPY_BOOL);
    v->to_play = make_array(1, d_n, NPY_INT32);
    v->final_returns = make_array(2, d_ret, NPY_FLOAT32);
    int bad = !v->s || !v->bots || !v->episode || !v->legal;
    if (bad && !PyErr_Occurred()) PyErr_NoMemory();
    if (bad || !v->obs || !v->mask || !v->reward || !v->done || !v->to_play || !v->final_returns ||
        bots_from(v, opponents) < 0) {
        Py_DECREF(opponents);
        Py_DECREF(v);
        return NULL;
    }
    Py_DECREF(opponents);
    if (reset_all(v) < 0) {
        raise_bot_error(v);
        Py_DECREF(v);
        return NULL;
    }
    return (PyObject *)v;
}

static PyObject *venv_reset(GpVectorEnv *v, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"seed", NULL};
    PyObject *seed_o = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O", kwlist, &seed_o)) return NULL;
    if (seed_o != Py_None) {
        unsigned long long seed = PyLong_AsUnsignedLongLong(seed_o);
        if (PyErr_Occurred()) return NULL;
        v->seed = seed;
        gg_rng_seed(&v->sample_rng, mix64(seed ^ 0x5a3b1e));
    }
    memset(ARR(v->reward, float), 0, sizeof(float) * (size_t)v->n);
    memset(ARR(v->done, npy_bool), 0, sizeof(npy_bool) * (size_t)v->n);
    if (reset_all(v) < 0) return raise_bot_error(v);
    return Py_BuildValue("(OO)", v->obs, v->mask);
}

/* The step's actions: one index per game, each legal in its game (checked
 * for all games before any is applied). */
static PyObject *venv_step(GpVectorEnv *v, PyObject *arg)
{
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(arg, NPY_INT64, 1, 1,
                                                        NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
    if (!a) return NULL;
    if (PyArray_DIM(a, 0) != v->n) {
        Py_DECREF(a);
        return PyErr_Format(PyExc_ValueError, "step needs %d actions, got %zd", v->n,
                            (Py_ssize_t)PyArray_DIM(a, 0));
    }
    const int64_t *act = (const int64_t *)PyArray_DATA(a);
    int *pick = malloc(sizeof(int) * (size_t)v->n);
    if (!pick) { Py_DECREF(a); return PyErr_NoMemory(); }
    for (int i = 0; i < v->n; i++) {
        const env_legal *l = &v->legal[i];
        int k = -1;
        for (int j = 0; j < l->n && k < 0; j++)
            if (l->index[j] == act[i]) k = j;
        if (k < 0) {
            gg_error e;
            e.code = GG_EILLEGAL;
            snprintf(e.msg, sizeof e.msg,
                     "game %d: action index %lld is not legal there (see the mask); nothing was applied",
                     i, (long long)act[i]);
            free(pick);
            Py_DECREF(a);
            return gp_raise(&e);
        }
        pick[i] = k;
    }
    Py_DECREF(a);
    int rc = 0;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < v->n && rc == 0; i++) rc = step_one(v, i, pick[i]);
    Py_END_ALLOW_THREADS
    free(pick);
    v->steps++;
    if (rc < 0) return raise_bot_error(v);
    return Py_BuildValue("(OOOO)", v->obs, v->reward, v->done, v->mask);
}

/* A uniformly random legal action index per game (like a gym action space's
 * sample with a mask), drawn in C. */
static PyObject *venv_sample(GpVectorEnv *v, PyObject *noargs)
{
    (void)noargs;
    npy_intp d = v->n;
    PyObject *out = PyArray_EMPTY(1, &d, NPY_INT64, 0);
    if (!out) return NULL;
    int64_t *o = ARR(out, int64_t);
    for (int i = 0; i < v->n; i++) {
        const env_legal *l = &v->legal[i];
        o[i] = l->n ? l->index[gg_rng_below(&v->sample_rng, (uint32_t)l->n)] : -1;
    }
    return out;
}

static PyObject *venv_state(GpVectorEnv *v, PyObject *arg)
{
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || i >= v->n) return PyErr_Format(PyExc_IndexError, "no game %ld", i);
    PyObject *mod = PyImport_ImportModule("gemgames");
    PyObject *type = mod ? PyObject_GetAttrString(mod, "State") : NULL;
    Py_XDECREF(mod);
    if (!type) return NULL;
    if (!PyType_Check(type) || !PyType_IsSubtype((PyTypeObject *)type, &GpState_Type)) {
        Py_DECREF(type);
        PyErr_SetString(PyExc_TypeError, "gemgames.State is not a State type");
        return NULL;
    }
    gg_state *c = gg_clone(v->s[i]);
    if (!c) { Py_DECREF(type); return PyErr_NoMemory(); }
    GpState *st = (GpState *)((PyTypeObject *)type)->tp_alloc((PyTypeObject *)type, 0);
    Py_DECREF(type);
    if (!st) { gg_free(c); return NULL; }
    st->s = c;
    return (PyObject *)st;
}

static PyObject *venv_actions_of(GpVectorEnv *v, PyObject *arg)
{
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || i >= v->n) return PyErr_Format(PyExc_IndexError, "no game %ld", i);
    const env_legal *l = &v->legal[i];
    PyObject *d = PyDict_New();
    for (int k = 0; d && k < l->n; k++) {
        PyObject *key = PyLong_FromLong(l->index[k]), *val = PyLong_FromUnsignedLong(l->act[k]);
        if (!key || !val || PyDict_SetItem(d, key, val) < 0) Py_CLEAR(d);
        Py_XDECREF(key), Py_XDECREF(val);
    }
    return d;
}

static PyObject *g_obs(GpVectorEnv *v, void *c) { (void)c; Py_INCREF(v->obs); return v->obs; }
static PyObject *g_mask(GpVectorEnv *v, void *c) { (void)c; Py_INCREF(v->mask); return v->mask; }
static PyObject *g_to_play(GpVectorEnv *v, void *c) { (void)c; Py_INCREF(v->to_play); return v->to_play; }
static PyObject *g_final(GpVectorEnv *v, void *c) { (void)c; Py_INCREF(v->final_returns); return v->final_returns; }
static PyObject *g_num_envs(GpVectorEnv *v, void *c) { (void)c; return PyLong_FromLong(v->n); }
static PyObject *g_players(GpVectorEnv *v, void *c) { (void)c; return PyLong_FromLong(v->players); }
static PyObject *g_obs_size(GpVectorEnv *v, void *c) { (void)c; return PyLong_FromLong(v->obs_size); }
static PyObject *g_space(GpVectorEnv *v, void *c) { (void)c; return PyLong_FromLong(v->space); }
static PyObject *g_seat(GpVectorEnv *v, void *c)
{
    (void)c;
    if (v->seat < 0) Py_RETURN_NONE;
    return PyLong_FromLong(v->seat);
}
static PyObject *g_decisions(GpVectorEnv *v, void *c) { (void)c; return PyLong_FromLongLong(v->decisions); }
static PyObject *g_steps(GpVectorEnv *v, void *c) { (void)c; return PyLong_FromLongLong(v->steps); }
static PyObject *g_episodes(GpVectorEnv *v, void *c) { (void)c; return PyLong_FromLongLong(v->episodes_done); }
static PyObject *g_game(GpVectorEnv *v, void *c) { (void)c; return PyUnicode_FromString(gg_game_name(v->game)); }

static PyMethodDef venv_methods[] = {
    {"reset", (PyCFunction)(void (*)(void))venv_reset, METH_VARARGS | METH_KEYWORDS,
     "reset(seed=None) -> (observations, masks): new games everywhere."},
    {"step", (PyCFunction)venv_step, METH_O,
     "step(actions) -> (observations, rewards, dones, masks): one action index per game."},
    {"sample_actions", (PyCFunction)venv_sample, METH_NOARGS,
     "A uniformly random legal action index per game (int64 array)."},
    {"state", (PyCFunction)venv_state, METH_O, "state(i): a copy of game i's State."},
    {"legal_actions", (PyCFunction)venv_actions_of, METH_O,
     "legal_actions(i): {index: engine action code} for game i's seat to play."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef venv_getset[] = {
    {"observations", (getter)g_obs, NULL, "float32 (num_envs, obs_size), the last written", NULL},
    {"masks", (getter)g_mask, NULL, "bool (num_envs, action_space)", NULL},
    {"to_play", (getter)g_to_play, NULL, "int32 (num_envs,): the seat each observation is for", NULL},
    {"final_returns", (getter)g_final, NULL, "float32 (num_envs, players): returns of the game that ended in the last step (rows where done)", NULL},
    {"num_envs", (getter)g_num_envs, NULL, "number of games", NULL},
    {"num_players", (getter)g_players, NULL, "seats per game", NULL},
    {"obs_size", (getter)g_obs_size, NULL, "floats per observation", NULL},
    {"action_space", (getter)g_space, NULL, "size of the action index space", NULL},
    {"seat", (getter)g_seat, NULL, "the learner's seat (None: self-play)", NULL},
    {"game", (getter)g_game, NULL, "the game's short name", NULL},
    {"decisions", (getter)g_decisions, NULL, "actions applied so far, bots' included", NULL},
    {"steps", (getter)g_steps, NULL, "step() calls so far", NULL},
    {"episodes", (getter)g_episodes, NULL, "games finished so far", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject GpVectorEnv_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gemgames._core.VectorEnv",
    .tp_basicsize = sizeof(GpVectorEnv),
    .tp_dealloc = (destructor)venv_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "VectorEnv(game, num_envs=1, players=2, seed=0, seat=0, opponents='random', options=None)",
    .tp_methods = venv_methods,
    .tp_getset = venv_getset,
    .tp_new = venv_new,
};

int gp_add_vector_env(PyObject *m)
{
    if (PyType_Ready(&GpVectorEnv_Type) < 0) return -1;
    Py_INCREF(&GpVectorEnv_Type);
    if (PyModule_AddObject(m, "VectorEnv", (PyObject *)&GpVectorEnv_Type) < 0) {
        Py_DECREF(&GpVectorEnv_Type);
        return -1;
    }
    return 0;
}
