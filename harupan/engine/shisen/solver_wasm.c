/* The WebAssembly binding of the C search (solver_core.c): what the day page's hint, shuffle and
 * move checks call, through shisen-solver.js (renderers/games/shisen). Built by build_wasm.py at the
 * repository's root into a module with no imports (malloc and memcpy come from wasi-libc, which
 * needs nothing from the host for them).
 *
 * The page and the module talk through three buffers in the module's memory, whose addresses the
 * io_* exports give: `in` (int32: the board, then what a call needs), `out` (int32: the answer) and
 * `num` (float64: nodes and work). Points are (x, y) pairs of int32.
 *   in:  width, height, then width * height kind ids (0 empty; ids follow the codes' sorted order);
 *        hint's order after the cells: n, then n pairs (ax, ay, bx, by)
 *   seed: the shuffle seed's UTF-8 bytes
 * Each call returns a count or a status (>= 0), or one of solver_core.h's HS_ERR_* (< 0). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "solver_core.h"

#define EXPORT(name) __attribute__((export_name(name)))

#define IN_INTS (2 + HS_MAX_CELLS + 1 + 4 * HS_MAX_PAIRS)
#define OUT_INTS (4 * 8192)
static int32_t in[IN_INTS];
static int32_t out[OUT_INTS];
static double num[2];
static char seed[512];
static hs_settings settings;

EXPORT("io_in") int32_t *io_in(void) { return in; }
EXPORT("io_out") int32_t *io_out(void) { return out; }
EXPORT("io_num") double *io_num(void) { return num; }
EXPORT("io_seed") char *io_seed(void) { return seed; }
EXPORT("io_seed_size") int io_seed_size(void) { return (int)sizeof seed; }

/* settings.py's settings, once, from the page's tables (HARUPAN_DATA.shisen.search) */
EXPORT("configure") int configure(int restart_unit, int first_probe, int probe_groups, int playouts, int unpair_floods,
                                  int work_per_node, int work_board, int work_slack, int default_budget, int shuffle_budget) {
    settings.restart_unit = restart_unit; settings.first_probe = first_probe; settings.probe_groups = probe_groups;
    settings.playouts = playouts; settings.unpair_floods = unpair_floods;
    settings.work_per_node = work_per_node; settings.work_board = work_board; settings.work_slack = work_slack;
    settings.default_budget = default_budget; settings.shuffle_budget = shuffle_budget;
    return work_board > 0 ? 0 : HS_ERR_ARGS;
}

/* the board in `in`; returns the ints it took, or an error */
static int read_board(hs_board *b) {
    int w = in[0], h = in[1];
    if (w < 1 || h < 1 || w > HS_MAX_CELLS || h > HS_MAX_CELLS || w * h > HS_MAX_CELLS) return HS_ERR_TOO_BIG;
    b->width = w; b->height = h;
    memset(b->cell, 0, sizeof b->cell);
    for (int i = 0; i < w * h; i++) {
        if (in[2 + i] < 0 || in[2 + i] > 255) return HS_ERR_ARGS;
        b->cell[i] = (unsigned char)in[2 + i];
    }
    return 2 + w * h;
}

static int put_pairs(int at, const hs_point (*pairs)[2], int n) {
    out[at++] = n;
    for (int i = 0; i < n; i++) {
        out[at++] = pairs[i][0].x; out[at++] = pairs[i][0].y; out[at++] = pairs[i][1].x; out[at++] = pairs[i][1].y;
    }
    return at;
}

static hs_board board;
static hs_result result;

/* solver.solve(board, budget, work=work) (budget < 0: the default; work < 0: the budget's own)
 * -> status; out: the removal order (n, pairs); num: nodes, work */
EXPORT("solve") int solve(int budget, double work) {
    int r = read_board(&board);
    if (r < 0) return r;
    if ((r = hs_board_solve(&board, &settings, budget, work, &result)) < 0) return r;
    put_pairs(0, (const hs_point (*)[2])result.pairs, result.npairs);
    num[0] = (double)result.nodes; num[1] = result.work;
    return result.status;
}

/* game.legal_pairs -> how many; out: the pairs (ax, ay, bx, by), sorted */
EXPORT("legal_pairs") int legal_pairs(void) {
    int r = read_board(&board);
    if (r < 0) return r;
    static hs_point pairs[OUT_INTS / 4][2];
    int n = hs_legal_pairs(&board, pairs, OUT_INTS / 4 - 1);
    if (n < 0) return n;
    if (n > OUT_INTS / 4 - 1) return HS_ERR_TOO_BIG;
    for (int i = 0; i < n; i++) {
        out[4 * i] = pairs[i][0].x; out[4 * i + 1] = pairs[i][0].y; out[4 * i + 2] = pairs[i][1].x; out[4 * i + 3] = pairs[i][1].y;
    }
    return n;
}

/* game.check_move -> the path's corners (0: not a legal move); out: the points */
EXPORT("check_move") int check_move(int ax, int ay, int bx, int by) {
    int r = read_board(&board);
    if (r < 0) return r;
    hs_point a = {ax, ay}, b = {bx, by}, path[4];
    int n = hs_check_move(&board, a, b, path);
    for (int i = 0; i < n; i++) { out[2 * i] = path[i].x; out[2 * i + 1] = path[i].y; }
    return n;
}

/* game.hint -> HS_HINT_*; out: the pair (4), the path (n, then points), the whole board's removal
 * order when it was solved (n, pairs); num: that solve's nodes and work. With with_order, the order
 * after the board in `in` stands for the solve. */
EXPORT("hint") int hint(int budget, int with_order) {
    int at = read_board(&board);
    if (at < 0) return at;
    static hs_point order[HS_MAX_PAIRS][2];
    int norder = 0;
    if (with_order) {
        norder = in[at++];
        if (norder < 1 || norder > HS_MAX_PAIRS) return HS_ERR_ARGS;
        for (int i = 0; i < norder; i++, at += 4) {
            order[i][0].x = in[at]; order[i][0].y = in[at + 1]; order[i][1].x = in[at + 2]; order[i][1].y = in[at + 3];
        }
    }
    static hs_hint_out h;
    int r = hs_hint(&board, &settings, budget, with_order ? (const hs_point (*)[2])order : NULL, norder, &h);
    if (r < 0) return r;
    out[0] = h.pair[0].x; out[1] = h.pair[0].y; out[2] = h.pair[1].x; out[3] = h.pair[1].y;
    out[4] = h.npath;
    for (int i = 0; i < h.npath; i++) { out[5 + 2 * i] = h.path[i].x; out[6 + 2 * i] = h.path[i].y; }
    put_pairs(13, (const hs_point (*)[2])h.whole.pairs, h.solved && h.whole.status == HS_SOLVED ? h.whole.npairs : 0);
    num[0] = h.solved ? (double)h.whole.nodes : 0; num[1] = h.solved ? h.whole.work : 0;
    return h.kind;
}

/* game.shuffle(board, seed, budget) (budget < 0: SHUFFLE_BUDGET) -> 0; out: the new cells (width *
 * height kind ids), then its clearing order (n, pairs). The seed's bytes are in io_seed(). */
EXPORT("shuffle") int shuffle(int seed_len, int budget) {
    int r = read_board(&board);
    if (r < 0) return r;
    if (seed_len < 0 || seed_len > (int)sizeof seed) return HS_ERR_ARGS;
    static hs_board next;
    static hs_point solution[HS_MAX_PAIRS][2];
    int n;
    if ((r = hs_shuffle(&board, &settings, seed, (size_t)seed_len, budget, &next, solution, &n)) < 0) return r;
    int cells = board.width * board.height;
    for (int i = 0; i < cells; i++) out[i] = next.cell[i];
    put_pairs(cells, (const hs_point (*)[2])solution, n);
    return 0;
}
