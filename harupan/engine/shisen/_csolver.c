/* The compiled twin of solver.py's solve(): the CPython binding of the C search (solver_core.c).
 *
 * solver.solve() hands it every board that fits the core's masks (and asks for no trace); it
 * converts the board to bitboards and back. The search is the core's, so the answer is the Python
 * search's exactly: status, removal order, nodes, work, and the memo's cores in the same order
 * (tests/test_shisen_csolver.py holds them equal). This file only turns Python values into the
 * core's and back; Ctrl-C stops a long search (the core asks every 64 nodes).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "solver_core.h"

static hs_mask m_from_bytes(const unsigned char *b) {
    hs_mask r;
    for (int i = 0; i < HS_NW; i++) {
        uint64_t w = 0;
        for (int j = 7; j >= 0; j--) w = (w << 8) | b[i * 8 + j];
        r.w[i] = w;
    }
    return r;
}
static void m_to_bytes(hs_mask m, unsigned char *b) {
    for (int i = 0; i < HS_NW; i++) for (int j = 0; j < 8; j++) b[i * 8 + j] = (unsigned char)(m.w[i] >> (8 * j));
}

/* the SHA-256 of the sources as built (setup.py passes it, csource.py says which files): solver.py
 * compares it with the sources beside it, so a checkout pulled after its build never runs an old twin */
#ifndef CSOLVER_SOURCE_SHA256
#define CSOLVER_SOURCE_SHA256 ""
#endif

static int interrupted(void) { return PyErr_CheckSignals() < 0; }

static PyObject *fail(int code) {
    switch (code) {
    case HS_ERR_MEMORY: return PyErr_NoMemory();
    case HS_ERR_INTERRUPTED: return NULL;  /* the signal's exception is set */
    case HS_ERR_GROUP:
        PyErr_SetString(PyExc_ValueError, "_csolver.solve: a group that is odd, empty, over MAX_KIND tiles or overlapping another");
        return NULL;
    case HS_ERR_OFF_BOARD: PyErr_SetString(PyExc_ValueError, "_csolver.solve: a tile off the board"); return NULL;
    default:
        PyErr_SetString(PyExc_ValueError, "_csolver.solve: board too big for the compiled solver, or bad arguments");
        return NULL;
    }
}

/* solve(width, height, groups, budget, work_limit, weight, (restart_unit, first_probe, probe_groups, playouts, unpair_floods), memo)
 *   -> (status, pairs or None, nodes, work, learned)
 * groups: the root groups in solver order, MASK_BYTES little-endian bytes each, concatenated;
 * memo: the cores known to fail, in order, each its groups' bytes concatenated (None: no memo, none handed back);
 * status: 0 solved, 1 unsolvable, 2 undecided; pairs: (bit, bit) in removal order;
 * learned: the cores learned, in order, as memo's entries. */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    (void)self;
    int width, height;
    Py_buffer gb;
    long long budget;
    double work_limit, weight;
    hs_settings st;
    memset(&st, 0, sizeof st);
    PyObject *memo;
    if (!PyArg_ParseTuple(args, "iiy*Ldd(LLLLL)O", &width, &height, &gb, &budget, &work_limit, &weight, &st.restart_unit,
                          &st.first_probe, &st.probe_groups, &st.playouts, &st.unpair_floods, &memo)) return NULL;
    int keep_learned = memo != Py_None;  /* None: no memo, so no cores handed back */
    if (gb.len % HS_MASK_BYTES || gb.len / HS_MASK_BYTES > HS_MAX_BITS / 2 || (keep_learned && !PyList_Check(memo))) {
        PyBuffer_Release(&gb);
        return fail(HS_ERR_ARGS);
    }
    int n = (int)(gb.len / HS_MASK_BYTES);
    hs_mask groups[HS_MAX_BITS / 2];
    for (int i = 0; i < n; i++) groups[i] = m_from_bytes((const unsigned char *)gb.buf + (size_t)i * HS_MASK_BYTES);
    PyBuffer_Release(&gb);
    hs_search *S;
    int r = hs_search_new(&S, width, height, groups, n, budget, work_limit, weight, &st);
    if (r < 0) return fail(r);
    Py_ssize_t nm = keep_learned ? PyList_GET_SIZE(memo) : 0;
    for (Py_ssize_t i = 0; i < nm; i++) {
        char *buf; Py_ssize_t len;
        if (PyBytes_AsStringAndSize(PyList_GET_ITEM(memo, i), &buf, &len) < 0) { hs_search_free(S); return NULL; }
        if (len % HS_MASK_BYTES || len / HS_MASK_BYTES > HS_MAX_BITS) {
            hs_search_free(S);
            PyErr_SetString(PyExc_ValueError, "_csolver.solve: a bad memo entry");
            return NULL;
        }
        hs_mask core[HS_MAX_BITS];
        int k = (int)(len / HS_MASK_BYTES);
        for (int j = 0; j < k; j++) core[j] = m_from_bytes((const unsigned char *)buf + (size_t)j * HS_MASK_BYTES);
        if ((r = hs_search_remember(S, core, k)) < 0) { hs_search_free(S); return fail(r); }
    }
    int status = HS_UNDECIDED;
    if ((r = hs_search_run(S, &status)) < 0) { hs_search_free(S); return fail(r); }
    PyObject *pairs;
    if (status == HS_SOLVED) {
        const hs_pair *sol;
        int ns = hs_search_solution(S, &sol);
        pairs = PyList_New(ns);
        if (!pairs) { hs_search_free(S); return NULL; }
        for (int i = 0; i < ns; i++) {
            PyObject *p = Py_BuildValue("(ii)", sol[i].a, sol[i].b);
            if (!p) { Py_DECREF(pairs); hs_search_free(S); return NULL; }
            PyList_SET_ITEM(pairs, i, p);
        }
    } else {
        pairs = Py_None; Py_INCREF(pairs);
    }
    size_t given = keep_learned ? hs_search_given(S) : hs_search_cores(S), total = hs_search_cores(S);
    PyObject *learned = PyList_New((Py_ssize_t)(total - given));
    if (!learned) { Py_DECREF(pairs); hs_search_free(S); return NULL; }
    for (size_t i = given; i < total; i++) {
        const hs_mask *g;
        int k = hs_search_core(S, i, &g);
        PyObject *b = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)k * HS_MASK_BYTES);
        if (!b) { Py_DECREF(pairs); Py_DECREF(learned); hs_search_free(S); return NULL; }
        unsigned char *bp = (unsigned char *)PyBytes_AS_STRING(b);
        for (int j = 0; j < k; j++) m_to_bytes(g[j], bp + (size_t)j * HS_MASK_BYTES);
        PyList_SET_ITEM(learned, (Py_ssize_t)(i - given), b);
    }
    PyObject *out = Py_BuildValue("(iNLdN)", status, pairs, hs_search_nodes(S), hs_search_work(S), learned);
    hs_search_free(S);
    return out;
}

/* simd(on): use the AVX2 fills (when the CPU has them) or the scalar ones; returns whether AVX2 is now used.
 * Both give the same answers: the tests compare each with Python. */
static PyObject *py_simd(PyObject *self, PyObject *arg) {
    (void)self;
    int on = PyObject_IsTrue(arg);
    if (on < 0) return NULL;
    if (hs_simd(on)) Py_RETURN_TRUE;
    Py_RETURN_FALSE;
}

static PyMethodDef methods[] = {
    {"simd", py_simd, METH_O, "simd(on): AVX2 fills if the CPU has them (the default), else scalar; returns whether AVX2 is used."},
    {"solve", py_solve, METH_VARARGS, "solver.solve()'s search, compiled: see harupan/engine/shisen/solver.py."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_csolver", "A compiled twin of harupan.engine.shisen.solver's search.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__csolver(void) {
    if (!hs_init()) {
        PyErr_SetString(PyExc_ImportError, "_csolver: this CPU has no popcnt instruction");
        return NULL;
    }
    hs_interrupted = interrupted;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "MASK_BYTES", HS_MASK_BYTES) < 0 || PyModule_AddIntConstant(m, "MAX_BITS", HS_MAX_BITS) < 0
        || PyModule_AddIntConstant(m, "MAX_KIND", HS_MAX_KIND) < 0
        || PyModule_AddStringConstant(m, "SOURCE_SHA256", CSOLVER_SOURCE_SHA256) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
