/*
 * _core.c — the CPython extension behind `import gemgames` (docs/python.md).
 *
 * Written against include/gemgames.h only: games and options, states,
 * actions (engine codes, notation, and the fixed index space of the learning
 * encodings), views and saves, determinize, records, bots. The batched
 * environment lives in vector_env.c; the Pythonic layer (views as dicts,
 * OpenSpiel-style names that need no C) in __init__.py.
 *
 * Every engine error becomes a Python exception (a subclass of
 * gemgames.GemgamesError, itself a ValueError) carrying the engine's
 * sentence; the engine guarantees nothing changed, and this file never
 * changes anything before the engine has accepted.
 *
 * Events: a State made with record_events=True (or after record_events())
 * owns a gg_events list and applies through gg_apply_events; every other
 * State applies through gg_apply and costs nothing more. A new game's list
 * starts with its set-up (gg_events_setup), as the server's and replay's do.
 * A clone copies the list; a loaded state's list starts empty (a save
 * carries no history).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL gemgames_ARRAY_API
#include <numpy/arrayobject.h>

#include <stdlib.h>
#include <string.h>

#include "core.h"

/* ------------------------------------------------------------ exceptions */

PyObject *gp_error_base;
static PyObject *error_of_code[GG_EIO + 1];

PyObject *gp_raise(const gg_error *err)
{
    if (err->code == GG_ENOMEM) return PyErr_NoMemory();
    PyObject *type = err->code > GG_OK && err->code <= GG_EIO ? error_of_code[err->code] : NULL;
    PyErr_SetString(type ? type : gp_error_base, err->msg[0] ? err->msg : gg_status_name(err->code));
    return NULL;
}

static PyObject *raise_code(gg_status code, const char *msg)
{
    gg_error e;
    e.code = code;
    snprintf(e.msg, sizeof e.msg, "%s", msg);
    return gp_raise(&e);
}

/* ----------------------------------------------------------------- games */

const gg_game *gp_find_game(const char *name)
{
    const gg_game *g = gg_game_find(name);
    if (!g) {
        gg_error e;
        e.code = GG_EOPTION;
        snprintf(e.msg, sizeof e.msg, "unknown game \"%.100s\"", name);
        gp_raise(&e);
    }
    return g;
}

static PyObject *mod_game_names(PyObject *m, PyObject *noargs)
{
    (void)m, (void)noargs;
    PyObject *list = PyList_New(0);
    for (int i = 0; list && i < gg_game_count(); i++) {
        PyObject *s = PyUnicode_FromString(gg_game_name(gg_game_at(i)));
        if (!s || PyList_Append(list, s) < 0) { Py_XDECREF(s); Py_CLEAR(list); break; }
        Py_DECREF(s);
    }
    return list;
}

static PyObject *option_dict(const gg_option_info *o)
{
    PyObject *values = PyList_New(o->n_values);
    if (!values) return NULL;
    for (int v = 0; v < o->n_values; v++) {
        PyObject *s = PyUnicode_FromString(o->values[v]);
        if (!s) { Py_DECREF(values); return NULL; }
        PyList_SET_ITEM(values, v, s);
    }
    return Py_BuildValue("{s:s,s:N,s:s,s:s}", "key", o->key, "values", values, "default",
                         o->values[0], "help", o->help ? o->help : "");
}

static PyObject *mod_game_info(PyObject *m, PyObject *args)
{
    (void)m;
    const char *name;
    if (!PyArg_ParseTuple(args, "s", &name)) return NULL;
    const gg_game *g = gp_find_game(name);
    if (!g) return NULL;
    PyObject *opts = PyList_New(gg_game_option_count(g));
    if (!opts) return NULL;
    for (int i = 0; i < gg_game_option_count(g); i++) {
        PyObject *d = option_dict(gg_game_option(g, i));
        if (!d) { Py_DECREF(opts); return NULL; }
        PyList_SET_ITEM(opts, i, d);
    }
    return Py_BuildValue("{s:s,s:s,s:i,s:i,s:N}", "name", gg_game_name(g), "title",
                         gg_game_title(g), "min_players", gg_game_min_players(g),
                         "max_players", gg_game_max_players(g), "options", opts);
}

static PyObject *mod_encoding_sizes(PyObject *m, PyObject *args)
{
    (void)m;
    const char *name;
    int players;
    if (!PyArg_ParseTuple(args, "si", &name, &players)) return NULL;
    const gg_game *g = gp_find_game(name);
    if (!g) return NULL;
    int obs = gg_obs_size(g, players), space = gg_action_space(g, players);
    if (obs <= 0 || space <= 0)
        return raise_code(GG_EOPTION, "no encoding for that game and player count");
    return Py_BuildValue("(ii)", obs, space);
}

/* Table options from a dict {key: value} (values as text, or int/bool that
 * are turned into text), on top of the defaults for `players`. */
int gp_options_from(const gg_game *g, int players, PyObject *dict, gg_options *opts)
{
    gg_error err;
    if (players < gg_game_min_players(g) || players > gg_game_max_players(g)) {
        err.code = GG_EOPTION;
        snprintf(err.msg, sizeof err.msg, "%s is for %d to %d players, not %d", gg_game_name(g),
                 gg_game_min_players(g), gg_game_max_players(g), players);
        gp_raise(&err);
        return -1;
    }
    gg_options_init(opts, g, players);
    if (!dict || dict == Py_None) return 0;
    if (!PyDict_Check(dict)) {
        PyErr_SetString(PyExc_TypeError, "options must be a dict of key: value");
        return -1;
    }
    PyObject *k, *v;
    Py_ssize_t pos = 0;
    while (PyDict_Next(dict, &pos, &k, &v)) {
        if (!PyUnicode_Check(k)) {
            PyErr_SetString(PyExc_TypeError, "option keys must be strings");
            return -1;
        }
        PyObject *text = v == Py_True ? PyUnicode_FromString("on")
                       : v == Py_False ? PyUnicode_FromString("off")
                                       : PyObject_Str(v);
        if (!text) return -1;
        const char *ks = PyUnicode_AsUTF8(k), *vs = PyUnicode_AsUTF8(text);
        gg_status st = ks && vs ? gg_options_set(opts, g, ks, vs, &err) : GG_EOPTION;
        Py_DECREF(text);
        if (!ks || !vs) return -1;
        if (st != GG_OK) { gp_raise(&err); return -1; }
    }
    return 0;
}

static PyObject *options_dict(const gg_game *g, const gg_options *opts)
{
    char *json = gg_options_json(opts, g);
    if (!json) return PyErr_NoMemory();
    PyObject *s = PyUnicode_FromString(json);
    free(json);
    return s;
}

/* ----------------------------------------------------------------- State */

static PyObject *state_wrap(PyTypeObject *type, gg_state *s)
{
    if (!s) return PyErr_NoMemory();
    GpState *self = (GpState *)type->tp_alloc(type, 0);
    if (!self) { gg_free(s); return NULL; }
    self->s = s;
    return (PyObject *)self;
}

static void state_dealloc(GpState *self)
{
    gg_events_free(self->ev);
    gg_free(self->s);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *state_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"game", "players", "seed", "options", "record_events", NULL};
    const char *name;
    int players = 2, record = 0;
    unsigned long long seed = 0;
    PyObject *optd = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|iKOp", kwlist, &name, &players, &seed, &optd,
                                     &record))
        return NULL;
    const gg_game *g = gp_find_game(name);
    gg_options opts;
    if (!g || gp_options_from(g, players, optd, &opts) < 0) return NULL;
    gg_error err;
    gg_state *s = gg_new(g, &opts, (uint64_t)seed, &err);
    if (!s) return gp_raise(&err);
    PyObject *self = state_wrap(type, s);
    if (self && record) {
        if (!(((GpState *)self)->ev = gg_events_new())) {
            Py_DECREF(self);
            return PyErr_NoMemory();
        }
        gg_events_setup(s, ((GpState *)self)->ev); /* what was dealt: events 0.. */
    }
    return self;
}

int gp_seat_arg(const gg_state *s, int seat, int spectator_ok)
{
    if ((seat >= 0 && seat < gg_players(s)) || (spectator_ok && seat == GG_SPECTATOR)) return 0;
    gg_error e;
    e.code = GG_ESEAT;
    snprintf(e.msg, sizeof e.msg, "there is no seat %d in a %d-player game", seat, gg_players(s));
    gp_raise(&e);
    return -1;
}

static PyObject *st_game(GpState *self, void *c) { (void)c; return PyUnicode_FromString(gg_game_name(gg_state_game(self->s))); }
static PyObject *st_players(GpState *self, void *c) { (void)c; return PyLong_FromLong(gg_players(self->s)); }
static PyObject *st_seed(GpState *self, void *c) { (void)c; return PyLong_FromUnsignedLongLong(gg_state_seed(self->s)); }
static PyObject *st_options_json(GpState *self, void *c)
{
    (void)c;
    return options_dict(gg_state_game(self->s), gg_state_options(self->s));
}

static PyObject *st_actors(GpState *self, PyObject *noargs)
{
    (void)noargs;
    int seats[GG_MAX_SEATS];
    int n = gg_actors(self->s, seats);
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(seats[i]));
    return t;
}

static PyObject *st_is_actor(GpState *self, PyObject *arg)
{
    int seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    return PyBool_FromLong(seat >= 0 && seat < gg_players(self->s) && gg_is_actor(self->s, seat));
}

static PyObject *st_legal(GpState *self, PyObject *arg)
{
    int seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(self->s, seat, list);
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *v = PyLong_FromUnsignedLong(list[i]);
        if (!v) { Py_CLEAR(out); break; }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

/* An action argument: a Python int that fits a gg_action. */
static int action_arg(PyObject *o, gg_action *out)
{
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "an action is an int (an engine action code)");
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < 0 || v > 0xFFFFFFFFll) {
        raise_code(GG_EILLEGAL, "an action code is an int between 0 and 2**32-1");
        return -1;
    }
    *out = (gg_action)v;
    return 0;
}

static PyObject *st_apply(GpState *self, PyObject *args)
{
    int seat;
    PyObject *ao;
    gg_action a;
    if (!PyArg_ParseTuple(args, "iO", &seat, &ao) || action_arg(ao, &a) < 0) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    gg_error err;
    gg_status st = self->ev ? gg_apply_events(self->s, seat, a, self->ev, &err)
                            : gg_apply(self->s, seat, a, &err);
    if (st != GG_OK) return gp_raise(&err);
    Py_RETURN_NONE;
}

static PyObject *st_play(GpState *self, PyObject *args)
{
    int seat;
    const char *text;
    if (!PyArg_ParseTuple(args, "is", &seat, &text)) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    gg_error err;
    gg_action a;
    gg_status st = !self->ev ? gg_play(self->s, seat, text, &err)
                 : gg_action_parse(self->s, seat, text, &a, &err) != GG_OK ? err.code
                 : gg_apply_events(self->s, seat, a, self->ev, &err);
    if (st != GG_OK) return gp_raise(&err);
    Py_RETURN_NONE;
}

static PyObject *st_format(GpState *self, PyObject *args)
{
    int seat;
    PyObject *ao;
    gg_action a;
    if (!PyArg_ParseTuple(args, "iO", &seat, &ao) || action_arg(ao, &a) < 0) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    char buf[GG_MAX_NOTATION];
    gg_action_format(self->s, seat, a, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *st_announce(GpState *self, PyObject *args)
{
    int seat, viewer;
    PyObject *ao;
    gg_action a;
    if (!PyArg_ParseTuple(args, "iOi", &seat, &ao, &viewer) || action_arg(ao, &a) < 0) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0 || gp_seat_arg(self->s, viewer, 1) < 0) return NULL;
    char buf[GG_MAX_NOTATION];
    gg_action_announce(self->s, seat, a, viewer, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *st_parse(GpState *self, PyObject *args)
{
    int seat;
    const char *text;
    if (!PyArg_ParseTuple(args, "is", &seat, &text)) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    gg_error err;
    gg_action a;
    if (gg_action_parse(self->s, seat, text, &a, &err) != GG_OK) return gp_raise(&err);
    return PyLong_FromUnsignedLong(a);
}

static PyObject *st_clone(GpState *self, PyObject *noargs)
{
    (void)noargs;
    PyObject *c = state_wrap(Py_TYPE(self), gg_clone(self->s));
    if (c && self->ev && !(((GpState *)c)->ev = gg_events_clone(self->ev))) {
        Py_DECREF(c);
        return PyErr_NoMemory();
    }
    return c;
}

static PyObject *st_copy_from(GpState *self, PyObject *arg)
{
    if (!PyObject_TypeCheck(arg, &GpState_Type)) {
        PyErr_SetString(PyExc_TypeError, "copy_from needs a State");
        return NULL;
    }
    const gg_state *src = ((GpState *)arg)->s;
    if (gg_state_game(src) != gg_state_game(self->s) || gg_state_size(src) != gg_state_size(self->s))
        return raise_code(GG_EOPTION, "copy_from needs a state of the same game");
    /* The event list follows the state: a copy of src's, or none. */
    const gg_events *src_ev = ((GpState *)arg)->ev;
    gg_events *ev = NULL;
    if (src_ev && src_ev != self->ev && !(ev = gg_events_clone(src_ev))) return PyErr_NoMemory();
    if (src_ev != self->ev) {
        gg_events_free(self->ev);
        self->ev = ev;
    }
    gg_copy(self->s, src);
    Py_RETURN_NONE;
}

static PyObject *st_deepcopy(GpState *self, PyObject *memo)
{
    (void)memo;
    return st_clone(self, NULL);
}

static PyObject *st_is_over(GpState *self, PyObject *noargs)
{
    (void)noargs;
    return PyBool_FromLong(gg_is_over(self->s));
}

static PyObject *int_tuple(const int *v, int n)
{
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(v[i]));
    return t;
}

static PyObject *st_result(GpState *self, PyObject *noargs)
{
    (void)noargs;
    gg_result r;
    gg_result_get(self->s, &r);
    int score[GG_MAX_SEATS];
    for (int i = 0; i < r.players; i++) score[i] = r.score[i];
    return Py_BuildValue("{s:O,s:N,s:N,s:i}", "over", r.over ? Py_True : Py_False, "scores",
                         int_tuple(score, r.players), "ranks", int_tuple(r.rank, r.players),
                         "winners", r.winners);
}

void gp_returns(const gg_state *s, double *out)
{
    gg_result r;
    gg_result_get(s, &r);
    int n = r.players;
    for (int i = 0; i < n; i++) {
        int beat = 0, beaten = 0;
        for (int j = 0; j < n; j++) {
            if (j == i) continue;
            beat += r.rank[i] < r.rank[j];
            beaten += r.rank[j] < r.rank[i];
        }
        out[i] = r.over && n > 1 ? (double)(beat - beaten) / (double)(n - 1) : 0.0;
    }
}

static PyObject *st_returns(GpState *self, PyObject *noargs)
{
    (void)noargs;
    double v[GG_MAX_SEATS];
    gp_returns(self->s, v);
    int n = gg_players(self->s);
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++) PyList_SET_ITEM(l, i, PyFloat_FromDouble(v[i]));
    return l;
}

static PyObject *json_string(char *json)
{
    if (!json) return PyErr_NoMemory();
    PyObject *s = PyUnicode_FromString(json);
    free(json);
    return s;
}

static PyObject *st_view_json(GpState *self, PyObject *arg)
{
    int seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (gp_seat_arg(self->s, seat, 1) < 0) return NULL;
    return json_string(gg_view_json(self->s, seat));
}

static PyObject *st_state_json(GpState *self, PyObject *noargs)
{
    (void)noargs;
    return json_string(gg_state_json(self->s));
}

static PyObject *st_determinize(GpState *self, PyObject *args)
{
    int seat;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "iK", &seat, &seed)) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    gg_rng rng;
    gg_rng_seed(&rng, seed);
    gg_determinize(self->s, seat, &rng);
    Py_RETURN_NONE;
}

static PyObject *st_observe(GpState *self, PyObject *arg)
{
    int seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    int size = gg_obs_size(gg_state_game(self->s), gg_players(self->s));
    npy_intp dim = size;
    PyObject *arr = PyArray_ZEROS(1, &dim, NPY_FLOAT32, 0);
    if (!arr) return NULL;
    gg_observe(self->s, seat, (float *)PyArray_DATA((PyArrayObject *)arr));
    return arr;
}

static PyObject *st_legal_mask(GpState *self, PyObject *arg)
{
    int seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    npy_intp dim = gg_action_space(gg_state_game(self->s), gg_players(self->s));
    PyObject *arr = PyArray_ZEROS(1, &dim, NPY_BOOL, 0);
    if (!arr) return NULL;
    npy_bool *m = (npy_bool *)PyArray_DATA((PyArrayObject *)arr);
    gg_action list[GG_MAX_ACTIONS];
    int index[GG_MAX_ACTIONS];
    int n = gg_legal_indexed(self->s, seat, list, index);
    for (int i = 0; i < n; i++)
        if (index[i] >= 0) m[index[i]] = 1;
    return arr;
}

static PyObject *st_action_index(GpState *self, PyObject *args)
{
    int seat;
    PyObject *ao;
    gg_action a;
    if (!PyArg_ParseTuple(args, "iO", &seat, &ao) || action_arg(ao, &a) < 0) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    int k = gg_action_index(self->s, seat, a);
    if (k < 0) return raise_code(GG_EILLEGAL, "that action is not legal for that seat now");
    return PyLong_FromLong(k);
}

static PyObject *st_action_at(GpState *self, PyObject *args)
{
    int seat, index;
    if (!PyArg_ParseTuple(args, "ii", &seat, &index)) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    gg_error err;
    gg_action a;
    if (gg_action_at(self->s, seat, index, &a, &err) != GG_OK) return gp_raise(&err);
    return PyLong_FromUnsignedLong(a);
}

/* For learning: every legal action of `seat`, and the observation `seat`
 * would have after it (one clone per action, all in C). */
static PyObject *st_afterstates(GpState *self, PyObject *arg)
{
    int seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (gp_seat_arg(self->s, seat, 0) < 0) return NULL;
    gg_action list[GG_MAX_ACTIONS];
    int n = gg_legal(self->s, seat, list);
    int size = gg_obs_size(gg_state_game(self->s), gg_players(self->s));
    npy_intp dims[2] = {n, size};
    PyObject *arr = PyArray_ZEROS(2, dims, NPY_FLOAT32, 0);
    PyObject *acts = PyList_New(n);
    gg_state *tmp = gg_clone(self->s);
    if (!arr || !acts || !tmp) {
        Py_XDECREF(arr), Py_XDECREF(acts), gg_free(tmp);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    float *o = (float *)PyArray_DATA((PyArrayObject *)arr);
    for (int i = 0; i < n; i++) {
        gg_copy(tmp, self->s);
        gg_apply_trusted(tmp, seat, list[i]);
        gg_observe(tmp, seat, o + (size_t)i * (size_t)size);
        PyList_SET_ITEM(acts, i, PyLong_FromUnsignedLong(list[i]));
    }
    gg_free(tmp);
    return Py_BuildValue("(NN)", acts, arr);
}

/* ---------------------------------------------------------------- events */

static PyObject *st_record_events(GpState *self, PyObject *noargs)
{
    (void)noargs;
    if (!self->ev && !(self->ev = gg_events_new())) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

/* The list becomes the set-up's events only: for a state at the start of
 * its game (Record.replay from action 0), never a later position. */
static PyObject *st_record_from_setup(GpState *self, PyObject *noargs)
{
    (void)noargs;
    if (!self->ev && !(self->ev = gg_events_new())) return PyErr_NoMemory();
    gg_events_clear(self->ev);
    gg_events_setup(self->s, self->ev);
    Py_RETURN_NONE;
}

static PyObject *st_records_events(GpState *self, void *c)
{
    (void)c;
    return PyBool_FromLong(self->ev != NULL);
}

static PyObject *st_event_count(GpState *self, void *c)
{
    (void)c;
    return PyLong_FromLong(self->ev ? gg_events_count(self->ev) : 0);
}

/* The events from `start` on as `viewer` may see them, a JSON array: a seat,
 * GG_SPECTATOR, or GG_EVERYONE once the game is over (never before). */
static PyObject *st_events_json(GpState *self, PyObject *args)
{
    int viewer, start = 0;
    if (!PyArg_ParseTuple(args, "i|i", &viewer, &start)) return NULL;
    if (!self->ev)
        return raise_code(GG_EOPTION, "this state records no events: make it with "
                                      "record_events=True or call record_events() first");
    if (viewer == GG_EVERYONE) {
        if (!gg_is_over(self->s))
            return raise_code(GG_ESEAT, "everyone's events (every hidden field) only once "
                                        "the game is over");
    } else if (gp_seat_arg(self->s, viewer, 1) < 0) {
        return NULL;
    }
    if (start < 0 || start > gg_events_count(self->ev))
        return raise_code(GG_EOPTION, "events: start out of range");
    return json_string(gg_events_json(self->ev, start, viewer));
}

static PyObject *mod_event_text(PyObject *m, PyObject *args)
{
    (void)m;
    const char *json, *lang = "en";
    if (!PyArg_ParseTuple(args, "s|s", &json, &lang)) return NULL;
    if (strlen(json) > 1 << 20) return raise_code(GG_EJSON, "event JSON too long");
    if (!gg_catalogue_json(lang)) return raise_code(GG_EOPTION, "no message catalogue for that language");
    return json_string(gg_event_text(json, lang));
}

static PyObject *mod_catalogue_json(PyObject *m, PyObject *args)
{
    (void)m;
    const char *lang = "en";
    if (!PyArg_ParseTuple(args, "|s", &lang)) return NULL;
    const char *cat = gg_catalogue_json(lang);
    if (!cat) return raise_code(GG_EOPTION, "no message catalogue for that language");
    return PyUnicode_FromString(cat);
}

static PyObject *st_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &GpState_Type) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    const gg_state *x = ((GpState *)a)->s, *y = ((GpState *)b)->s;
    int eq = gg_state_game(x) == gg_state_game(y) && gg_state_size(x) == gg_state_size(y) &&
             gg_state_equal(x, y);
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyObject *mod_load_state(PyObject *m, PyObject *args)
{
    (void)m;
    PyObject *type;
    const char *json;
    int record = 0;
    if (!PyArg_ParseTuple(args, "Os|p", &type, &json, &record)) return NULL;
    if (!PyType_Check(type) || !PyType_IsSubtype((PyTypeObject *)type, &GpState_Type)) {
        PyErr_SetString(PyExc_TypeError, "load_state needs a State type");
        return NULL;
    }
    gg_error err;
    gg_state *s = gg_state_load(json, &err);
    if (!s) return gp_raise(&err);
    PyObject *self = state_wrap((PyTypeObject *)type, s);
    if (self && record && !(((GpState *)self)->ev = gg_events_new())) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return self;
}

static PyMethodDef state_methods[] = {
    {"actors", (PyCFunction)st_actors, METH_NOARGS, "Seats that must act now, ascending (several: simultaneous secret choices)."},
    {"current_players", (PyCFunction)st_actors, METH_NOARGS, "Same as actors()."},
    {"is_actor", (PyCFunction)st_is_actor, METH_O, "Whether `seat` must act now."},
    {"legal", (PyCFunction)st_legal, METH_O, "legal(seat): the seat's legal actions as engine action codes, ascending."},
    {"apply", (PyCFunction)st_apply, METH_VARARGS, "apply(seat, action): validates and applies; raises (nothing changed) when refused."},
    {"play", (PyCFunction)st_play, METH_VARARGS, "play(seat, text): parses notation and applies."},
    {"format", (PyCFunction)st_format, METH_VARARGS, "format(seat, action): the action's notation."},
    {"action_to_string", (PyCFunction)st_format, METH_VARARGS, "Same as format(seat, action)."},
    {"announce", (PyCFunction)st_announce, METH_VARARGS, "announce(seat, action, viewer): the notation as `viewer` may see it."},
    {"parse", (PyCFunction)st_parse, METH_VARARGS, "parse(seat, text): the action code of the notation (form only, not legality)."},
    {"string_to_action", (PyCFunction)st_parse, METH_VARARGS, "Same as parse(seat, text)."},
    {"clone", (PyCFunction)st_clone, METH_NOARGS, "An independent copy."},
    {"__copy__", (PyCFunction)st_clone, METH_NOARGS, "An independent copy."},
    {"__deepcopy__", (PyCFunction)st_deepcopy, METH_O, "An independent copy."},
    {"copy_from", (PyCFunction)st_copy_from, METH_O, "copy_from(other): become a copy of another state of the same game (no allocation)."},
    {"is_over", (PyCFunction)st_is_over, METH_NOARGS, "Whether the game has ended."},
    {"is_terminal", (PyCFunction)st_is_over, METH_NOARGS, "Same as is_over()."},
    {"result", (PyCFunction)st_result, METH_NOARGS, "{'over', 'scores', 'ranks', 'winners'}."},
    {"returns", (PyCFunction)st_returns, METH_NOARGS, "Per seat: (seats beaten - seats that beat it) / (players - 1) once over, else 0."},
    {"view_json", (PyCFunction)st_view_json, METH_O, "view_json(seat): what the seat (-1: a spectator) may know, as JSON text."},
    {"information_state_string", (PyCFunction)st_view_json, METH_O, "Same as view_json(seat)."},
    {"state_json", (PyCFunction)st_state_json, METH_NOARGS, "The full referee state (hidden parts and RNG) as JSON text."},
    {"determinize", (PyCFunction)st_determinize, METH_VARARGS, "determinize(seat, seed): in place, replace what the seat cannot see by a consistent random guess."},
    {"observation", (PyCFunction)st_observe, METH_O, "observation(seat): float32 numpy array (docs/python.md), only what the seat may know."},
    {"information_state_tensor", (PyCFunction)st_observe, METH_O, "Same as observation(seat)."},
    {"observation_tensor", (PyCFunction)st_observe, METH_O, "Same as observation(seat)."},
    {"legal_mask", (PyCFunction)st_legal_mask, METH_O, "legal_mask(seat): bool numpy array over the fixed action index space."},
    {"legal_actions_mask", (PyCFunction)st_legal_mask, METH_O, "Same as legal_mask(seat)."},
    {"action_index", (PyCFunction)st_action_index, METH_VARARGS, "action_index(seat, action): its index in the fixed space (legal actions only)."},
    {"action_at", (PyCFunction)st_action_at, METH_VARARGS, "action_at(seat, index): the legal action code at that index."},
    {"record_events", (PyCFunction)st_record_events, METH_NOARGS, "Start recording events from this position on (no-op if already recording)."},
    {"_record_from_setup", (PyCFunction)st_record_from_setup, METH_NOARGS, "_record_from_setup(): the list becomes the game's set-up events (a state at its game's start only)."},
    {"_events_json", (PyCFunction)st_events_json, METH_VARARGS, "_events_json(viewer, start=0): the events as JSON text for viewer (seat, -1 spectator, -2 everyone once over)."},
    {"afterstates", (PyCFunction)st_afterstates, METH_O, "afterstates(seat): (legal actions, float32 array of the seat's observation after each)."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef state_getset[] = {
    {"game", (getter)st_game, NULL, "the game's short name", NULL},
    {"num_players", (getter)st_players, NULL, "number of seats", NULL},
    {"seed", (getter)st_seed, NULL, "the seed the game was created with", NULL},
    {"options_json", (getter)st_options_json, NULL, "the table options as JSON text", NULL},
    {"records_events", (getter)st_records_events, NULL, "whether this state keeps an event list", NULL},
    {"event_count", (getter)st_event_count, NULL, "events in the list (0 when it records none)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject GpState_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gemgames._core.State",
    .tp_basicsize = sizeof(GpState),
    .tp_dealloc = (destructor)state_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "State(game, players=2, seed=0, options=None): one game in progress.",
    .tp_richcompare = st_richcompare,
    .tp_methods = state_methods,
    .tp_getset = state_getset,
    .tp_new = state_new,
};

/* ------------------------------------------------------------------- Bot */

typedef struct {
    PyObject_HEAD
    gg_bot *bot;
} GpBot;

static PyObject *bot_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"spec", "seed", NULL};
    const char *spec;
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|K", kwlist, &spec, &seed)) return NULL;
    gg_error err;
    gg_bot *b = gg_bot_new(spec, (uint64_t)seed, &err);
    if (!b) return gp_raise(&err);
    GpBot *self = (GpBot *)type->tp_alloc(type, 0);
    if (!self) { gg_bot_free(b); return NULL; }
    self->bot = b;
    return (PyObject *)self;
}

static void bot_dealloc(GpBot *self)
{
    gg_bot_free(self->bot);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *bot_choose(GpBot *self, PyObject *args)
{
    PyObject *so;
    int seat;
    if (!PyArg_ParseTuple(args, "O!i", &GpState_Type, &so, &seat)) return NULL;
    const gg_state *s = ((GpState *)so)->s;
    if (gp_seat_arg(s, seat, 0) < 0) return NULL;
    if (gg_is_over(s)) return raise_code(GG_EOVER, "the game is over");
    if (!gg_is_actor(s, seat)) return raise_code(GG_ESEAT, "that seat is not to act now");
    gg_error err;
    gg_action a;
    gg_status st;
    Py_BEGIN_ALLOW_THREADS
    st = gg_bot_choose(self->bot, s, seat, &a, &err);
    Py_END_ALLOW_THREADS
    if (st != GG_OK) return gp_raise(&err);
    return PyLong_FromUnsignedLong(a);
}

static PyObject *bot_spec(GpBot *self, void *c) { (void)c; return PyUnicode_FromString(gg_bot_spec(self->bot)); }

static PyMethodDef bot_methods[] = {
    {"choose", (PyCFunction)bot_choose, METH_VARARGS, "choose(state, seat): a legal action code, from what the seat may know."},
    {NULL, NULL, 0, NULL}};
static PyGetSetDef bot_getset[] = {{"spec", (getter)bot_spec, NULL, "the bot's spec", NULL},
                                   {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject GpBot_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gemgames._core.Bot",
    .tp_basicsize = sizeof(GpBot),
    .tp_dealloc = (destructor)bot_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Bot(spec, seed=0): a built-in bot (\"random\", \"heuristic\", \"ismcts:iters=N\", ...).",
    .tp_methods = bot_methods,
    .tp_getset = bot_getset,
    .tp_new = bot_new,
};

/* ---------------------------------------------------------------- Record */

typedef struct {
    PyObject_HEAD
    gg_record *rec;
} GpRecord;

static PyObject *record_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"game", "players", "seed", "options", "json", NULL};
    const char *name = NULL, *json = NULL;
    int players = 2;
    unsigned long long seed = 0;
    PyObject *optd = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|ziKOz", kwlist, &name, &players, &seed, &optd, &json))
        return NULL;
    gg_record *r;
    gg_error err;
    if (json) {
        r = gg_record_parse(json, &err);
        if (!r) return gp_raise(&err);
    } else {
        if (!name) {
            PyErr_SetString(PyExc_TypeError, "Record needs a game name or json=");
            return NULL;
        }
        const gg_game *g = gp_find_game(name);
        gg_options opts;
        if (!g || gp_options_from(g, players, optd, &opts) < 0) return NULL;
        r = gg_record_new(g, &opts, (uint64_t)seed);
        if (!r) return PyErr_NoMemory();
    }
    GpRecord *self = (GpRecord *)type->tp_alloc(type, 0);
    if (!self) { gg_record_free(r); return NULL; }
    self->rec = r;
    return (PyObject *)self;
}

static void record_dealloc(GpRecord *self)
{
    gg_record_free(self->rec);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *rec_add(GpRecord *self, PyObject *args)
{
    PyObject *so, *ao;
    int seat;
    gg_action a;
    if (!PyArg_ParseTuple(args, "O!iO", &GpState_Type, &so, &seat, &ao) || action_arg(ao, &a) < 0)
        return NULL;
    const gg_state *s = ((GpState *)so)->s;
    if (gg_state_game(s) != gg_record_game(self->rec))
        return raise_code(GG_EOPTION, "that state is of another game");
    if (gp_seat_arg(s, seat, 0) < 0) return NULL;
    gg_error err;
    /* The record stores notation: refuse what the state would refuse. */
    gg_state *probe = gg_clone(s);
    if (!probe) return PyErr_NoMemory();
    gg_status st = gg_apply(probe, seat, a, &err);
    gg_free(probe);
    if (st != GG_OK) return gp_raise(&err);
    if (gg_record_add(self->rec, s, seat, a) != GG_OK) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *rec_len(GpRecord *self, PyObject *noargs)
{
    (void)noargs;
    return PyLong_FromLong(gg_record_length(self->rec));
}

static Py_ssize_t rec_sq_len(GpRecord *self) { return gg_record_length(self->rec); }

static PyObject *rec_actions(GpRecord *self, PyObject *noargs)
{
    (void)noargs;
    int n = gg_record_length(self->rec);
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++) {
        int seat;
        const char *text = gg_record_action_text(self->rec, i, &seat);
        PyObject *t = Py_BuildValue("(is)", seat, text);
        if (!t) { Py_CLEAR(l); break; }
        PyList_SET_ITEM(l, i, t);
    }
    return l;
}

static PyObject *rec_truncate(GpRecord *self, PyObject *arg)
{
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 0 || n > gg_record_length(self->rec))
        return raise_code(GG_EOPTION, "truncate: length out of range");
    gg_record_truncate(self->rec, (int)n);
    Py_RETURN_NONE;
}

static PyObject *rec_json(GpRecord *self, PyObject *noargs)
{
    (void)noargs;
    return json_string(gg_record_json(self->rec));
}

static PyObject *rec_replay(GpRecord *self, PyObject *args)
{
    PyObject *type;
    int upto = -1;
    if (!PyArg_ParseTuple(args, "O|i", &type, &upto)) return NULL;
    if (!PyType_Check(type) || !PyType_IsSubtype((PyTypeObject *)type, &GpState_Type)) {
        PyErr_SetString(PyExc_TypeError, "replay needs a State type");
        return NULL;
    }
    if (upto < -1 || upto > gg_record_length(self->rec))
        return raise_code(GG_EOPTION, "replay: upto out of range");
    gg_error err;
    gg_state *s = upto == 0 ? gg_record_start(self->rec, &err) : gg_record_replay(self->rec, upto, &err);
    if (!s) return gp_raise(&err);
    return state_wrap((PyTypeObject *)type, s);
}

static PyObject *rec_game(GpRecord *self, void *c)
{
    (void)c;
    return PyUnicode_FromString(gg_game_name(gg_record_game(self->rec)));
}

static PyMethodDef record_methods[] = {
    {"add", (PyCFunction)rec_add, METH_VARARGS, "add(state_before, seat, action): append a legal action."},
    {"length", (PyCFunction)rec_len, METH_NOARGS, "Number of actions."},
    {"actions", (PyCFunction)rec_actions, METH_NOARGS, "[(seat, notation), ...]."},
    {"truncate", (PyCFunction)rec_truncate, METH_O, "truncate(n): keep the first n actions."},
    {"json", (PyCFunction)rec_json, METH_NOARGS, "The record as JSON text (docs/formats.md)."},
    {"_replay", (PyCFunction)rec_replay, METH_VARARGS, "_replay(StateType, upto=-1)."},
    {NULL, NULL, 0, NULL}};
static PyGetSetDef record_getset[] = {{"game", (getter)rec_game, NULL, "the game's short name", NULL},
                                      {NULL, NULL, NULL, NULL, NULL}};
static PySequenceMethods record_seq = {.sq_length = (lenfunc)rec_sq_len};

static PyTypeObject GpRecord_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gemgames._core.Record",
    .tp_basicsize = sizeof(GpRecord),
    .tp_dealloc = (destructor)record_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Record(game, players=2, seed=0, options=None) or Record(json=text): a game record.",
    .tp_methods = record_methods,
    .tp_getset = record_getset,
    .tp_as_sequence = &record_seq,
    .tp_new = record_new,
};

/* ---------------------------------------------------------------- module */

static PyMethodDef module_methods[] = {
    {"game_names", mod_game_names, METH_NOARGS, "Short names of the registered games."},
    {"game_info", mod_game_info, METH_VARARGS, "game_info(name): title, player counts, options."},
    {"encoding_sizes", mod_encoding_sizes, METH_VARARGS, "encoding_sizes(game, players): (observation size, action space size)."},
    {"_load_state", mod_load_state, METH_VARARGS, "_load_state(StateType, json, record_events=False)."},
    {"event_text", mod_event_text, METH_VARARGS, "event_text(event_json, lang='en'): the event's sentence."},
    {"catalogue_json", mod_catalogue_json, METH_VARARGS, "catalogue_json(lang='en'): the message catalogue as JSON text."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "gemgames._core",
                                        "The gemgames engine (C).", -1, module_methods,
                                        NULL, NULL, NULL, NULL};

static int add_error(PyObject *m, gg_status code, const char *name, const char *doc)
{
    char full[80];
    snprintf(full, sizeof full, "gemgames.%s", name);
    PyObject *e = PyErr_NewExceptionWithDoc(full, doc, gp_error_base, NULL);
    if (!e || PyModule_AddObject(m, name, e) < 0) { Py_XDECREF(e); return -1; }
    Py_INCREF(e);
    error_of_code[code] = e;
    return 0;
}

static int add_type(PyObject *m, PyTypeObject *t, const char *name)
{
    if (PyType_Ready(t) < 0) return -1;
    Py_INCREF(t);
    if (PyModule_AddObject(m, name, (PyObject *)t) < 0) { Py_DECREF(t); return -1; }
    return 0;
}

PyMODINIT_FUNC PyInit__core(void);
PyMODINIT_FUNC PyInit__core(void)
{
    import_array();
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    gp_error_base = PyErr_NewExceptionWithDoc("gemgames.GemgamesError",
                                              "An error from the gemgames engine; nothing was changed.",
                                              PyExc_ValueError, NULL);
    if (!gp_error_base) goto fail;
    Py_INCREF(gp_error_base);
    if (PyModule_AddObject(m, "GemgamesError", gp_error_base) < 0) goto fail;
    if (add_error(m, GG_EILLEGAL, "IllegalActionError", "An action the rules do not allow now.") < 0 ||
        add_error(m, GG_ESEAT, "SeatError", "No such seat, or it is not to act now.") < 0 ||
        add_error(m, GG_EPARSE, "NotationError", "Text that is not valid notation.") < 0 ||
        add_error(m, GG_EJSON, "StateFormatError", "JSON that describes no valid state or record.") < 0 ||
        add_error(m, GG_EOPTION, "OptionError", "Unknown game or option, or a bad value.") < 0 ||
        add_error(m, GG_EOVER, "GameOverError", "The game is already over.") < 0 ||
        add_error(m, GG_EIO, "EngineIOError", "A file could not be read or written.") < 0)
        goto fail;
    if (add_type(m, &GpState_Type, "State") < 0 || add_type(m, &GpBot_Type, "Bot") < 0 ||
        add_type(m, &GpRecord_Type, "Record") < 0 || gp_add_vector_env(m) < 0)
        goto fail;
    PyModule_AddStringConstant(m, "ENGINE_VERSION", GG_VERSION);
    PyModule_AddIntConstant(m, "SPECTATOR", GG_SPECTATOR);
    PyModule_AddIntConstant(m, "EVERYONE", GG_EVERYONE);
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
