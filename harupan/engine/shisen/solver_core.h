/* The Shisen-sho search in C, with no Python, no I/O and no clock: the core that two thin bindings
 * share, the CPython extension (_csolver.c, the compiled twin of solver.py) and the WebAssembly
 * module the day page runs (solver_wasm.c). solver.py is the reference; solver_core.c does step
 * for step what it does, and what game.py's hint and shuffle do around it.
 *
 * Two levels:
 *   - hs_search_*: one search over groups of tiles (masks of the padded bitboard), as solver.py's
 *     _Search and solve(): the CPython binding passes the groups, budgets and settings it made.
 *   - hs_board_* and the rest: a board of kind ids (what a tile is; equal ids pair), as game.py's
 *     legal_pairs, check_move, hint and shuffle see a Board: the WebAssembly binding's way in.
 * Every setting comes in from the caller (engine/shisen/settings.py, through Python or through
 * the page's tables), so the core holds no copy of one. */
#ifndef HARUPAN_SOLVER_CORE_H
#define HARUPAN_SOLVER_CORE_H

#include <stddef.h>
#include <stdint.h>

#define HS_NW 4  /* 64-bit words of a mask */
#define HS_MAX_BITS (HS_NW * 64)  /* the padded bitboard: (W + 3) x (H + 2) bits at most (18x8: 210) */
#define HS_MASK_BYTES (HS_NW * 8)
#define HS_MAX_KIND 60  /* tiles of one kind the pair buffers hold: C(60, 2) = 1,770 pairs */

typedef struct { uint64_t w[HS_NW]; } hs_mask;
typedef struct { int a, b; } hs_pair;  /* two bit positions */
typedef struct { int x, y; } hs_point;  /* a board cell; the ring round the board is x = -1 or W, y = -1 or H */

/* settings.py's search settings and budgets, as the caller has them */
typedef struct {
    long long restart_unit, first_probe, probe_groups, playouts, unpair_floods;
    long long work_per_node, work_board, work_slack;  /* the work budget (WORK_PER_NODE, WORK_BOARD, WORK_SLACK) */
    long long default_budget, shuffle_budget;  /* solver.DEFAULT_BUDGET (boards the masks hold), SHUFFLE_BUDGET */
} hs_settings;

enum { HS_SOLVED = 0, HS_UNSOLVABLE = 1, HS_UNDECIDED = 2 };
/* errors (negative): bad arguments, a group that is odd, empty, too big or overlapping, a tile off
 * the board, no memory, stopped by hs_interrupted, a board past the masks */
enum { HS_ERR_ARGS = -1, HS_ERR_GROUP = -2, HS_ERR_OFF_BOARD = -3, HS_ERR_MEMORY = -4, HS_ERR_INTERRUPTED = -5,
       HS_ERR_TOO_BIG = -6, HS_ERR_NO_ARRANGEMENT = -7 };

/* Called every 64 nodes when set (the CPython binding: Ctrl-C); nonzero stops the search. */
extern int (*hs_interrupted)(void);

/* The CPU's fills: AVX2 where the CPU has it (x86-64), else scalar words; the same sets bit for bit.
 * hs_init() once first; 0 when the CPU lacks an instruction the build assumes (x86-64: popcnt). */
int hs_init(void);
int hs_simd(int on);  /* use AVX2 when on and the CPU has it; returns whether it is used */
int hs_simd_available(void);

/* ---- one search */
typedef struct hs_search hs_search;
/* groups in solver order (by lowest bit); work_limit and weight as solver.py computes them */
int hs_search_new(hs_search **out, int width, int height, const hs_mask *groups, int n, long long budget,
                  double work_limit, double weight, const hs_settings *settings);
int hs_search_remember(hs_search *s, const hs_mask *groups, int n);  /* a core known to fail (the memo) */
int hs_search_run(hs_search *s, int *status);  /* 0, or an error; status HS_SOLVED, ... */
long long hs_search_nodes(const hs_search *s);
double hs_search_work(const hs_search *s);
int hs_search_solution(const hs_search *s, const hs_pair **pairs);  /* removal order (solved only) */
size_t hs_search_given(const hs_search *s);  /* cores handed in with hs_search_remember */
size_t hs_search_cores(const hs_search *s);  /* cores known now: those given, then those learned */
int hs_search_core(const hs_search *s, size_t i, const hs_mask **groups);
void hs_search_free(hs_search *s);

/* ---- a board */
#define HS_MAX_CELLS 256
typedef struct {
    int width, height;
    unsigned char cell[HS_MAX_CELLS];  /* cell[y * width + x]: 0 empty, else the tile's kind; ids follow the
                                        * codes' sorted order (the shuffle sorts by them, as game.py by code) */
} hs_board;
#define HS_MAX_PAIRS (HS_MAX_CELLS / 2)
#define HS_MAX_LEGAL 4096

typedef struct {
    int status;  /* HS_SOLVED, HS_UNSOLVABLE, HS_UNDECIDED */
    int npairs;  /* solved: the removal order */
    hs_point pairs[HS_MAX_PAIRS][2];
    long long nodes;
    double work;
} hs_result;

/* whether the board's padded bitboard fits the masks (18x8 does; a stride under 64) */
int hs_board_fits(const hs_board *b);
/* solver.solve(board, budget, work=work): budget < 0 the default, work < 0 the budget's own */
int hs_board_solve(const hs_board *b, const hs_settings *st, long long budget, double work, hs_result *out);
/* game.legal_pairs: every joinable pair of equal tiles, sorted row-major; returns how many */
int hs_legal_pairs(const hs_board *b, hs_point (*out)[2], int cap);
/* game.check_move: the path's corner points (2 to 4) for a legal move, 0 for none */
int hs_check_move(const hs_board *b, hs_point a, hs_point p, hs_point out[4]);

/* game.hint: a legal pair after which the board can still be cleared. kind: */
enum { HS_HINT_NONE = 0, HS_HINT_PAIR = 1, HS_HINT_LOST = 2, HS_HINT_UNDECIDED = 3 };
typedef struct {
    int kind;  /* NONE: no legal pair; PAIR; LOST: proved that no order clears the board; UNDECIDED: out of budget */
    hs_point pair[2];
    int npath;
    hs_point path[4];
    hs_result whole;  /* the solve of the whole board, when one was run (whole.npairs pairs: a clearing order) */
    int solved;  /* whether whole was run */
} hs_hint_out;
/* order (norder pairs, or NULL): a clearing order of this board known to the caller, used instead
 * of a solve (the page's proof of an earlier hint, still standing) */
int hs_hint(const hs_board *b, const hs_settings *st, long long budget, const hs_point (*order)[2], int norder,
            hs_hint_out *out);

/* game.shuffle: the tiles rearranged over the same cells, solvable, with a clearing order;
 * HS_ERR_NO_ARRANGEMENT when none was found within the budget (budget < 0: SHUFFLE_BUDGET) */
int hs_shuffle(const hs_board *b, const hs_settings *st, const char *seed, size_t seed_len, long long budget,
               hs_board *out, hs_point (*solution)[2], int *nsolution);

/* SHA-256 (the project RNG's seed, engine/rng.py) */
void hs_sha256(const unsigned char *data, size_t len, unsigned char digest[32]);

#endif
