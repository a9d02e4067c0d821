/* core.h — shared by the extension's C files (_core.c, vector_env.c). */
#ifndef GEMGAMES_PY_CORE_H
#define GEMGAMES_PY_CORE_H

#include "gemgames.h"

typedef struct {
    PyObject_HEAD
    gg_state *s;
    gg_events *ev; /* the state's event list, NULL when it records none */
} GpState;

extern PyTypeObject GpState_Type;
extern PyObject *gp_error_base;

/* Sets the Python exception for an engine error; returns NULL. */
PyObject *gp_raise(const gg_error *err);
/* The game named `name`, or NULL with an OptionError set. */
const gg_game *gp_find_game(const char *name);
/* Options for `players` seats from a dict (or None); -1 with an error set. */
int gp_options_from(const gg_game *g, int players, PyObject *dict, gg_options *opts);
/* 0 when `seat` is a seat of s (or the spectator, if allowed); else -1, error set. */
int gp_seat_arg(const gg_state *s, int seat, int spectator_ok);
/* Per seat, once over: (seats beaten - seats that beat it) / (players - 1). */
void gp_returns(const gg_state *s, double *out);
/* Adds VectorEnv to the module (vector_env.c). */
int gp_add_vector_env(PyObject *m);

#endif
