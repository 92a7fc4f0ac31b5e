/* The Shisen-sho search, in C: solver.py's solve() step for step, and what game.py's legal_pairs,
 * check_move, hint and shuffle (with build.py's place_pairs) do around it. No Python, no I/O, no
 * clock: the CPython extension (_csolver.c) and the WebAssembly module of the day page
 * (solver_wasm.c) are thin bindings over this one file and solver_core.h.
 *
 * Every decision, iteration order, tie-break and work charge of harupan/engine/shisen/solver.py
 * (and the Geometry fills of paths.py it calls) is mirrored here, so for any board that fits the
 * mask size the answer is identical: status, removal order, nodes and work (a double summed in the
 * same order with the same units). solver.py is the reference; this file only makes a node cheap
 * (fixed-size words instead of Python big ints).
 *
 * Masks: the padded bitboard (stride W+3, H+2 rows) in NW = 4 64-bit words (256 bits: 18x8 pads to
 * 21 x 10 = 210), bit 0 lowest; a stride under 64. The fills (paths.py's _stages, joins, reach) run
 * on AVX2 registers when the CPU has them, chosen at hs_init(), else on scalar words (WebAssembly:
 * always): integer operations either way, the same sets bit for bit (tests run both against Python).
 *
 * Python sets become: a tile's bit index, masks, open-addressing tables (a core's hash never orders
 * anything), and insertion-ordered arrays wherever Python iterates a list or a dict.
 *
 * Long searches ask the same pure questions again and again (settle's floods, joinable_pairs):
 * two tables, made after the first 20,000 asks, remember answers keyed by the whole question and
 * used only on an exact match, so they change the time taken, never an answer or the work counted.
 */
/* x86-64: the hardware popcount (every x86-64 CPU since 2008 has it; hs_init() refuses a CPU without,
 * and the solver then runs its Python search). A count is a count: the answers are the same. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#pragma GCC target("popcnt")
#define NEED_POPCNT 1
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "solver_core.h"

#define NW HS_NW  /* known_failure's scan spells out the four words */
#define MAXBITS HS_MAX_BITS
#if NW != 4
#error "the core is written for four words"
#endif

typedef hs_mask M;

#if defined(__GNUC__)
#define INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))  /* big and called once: inlined, it crowds its caller's registers */
#else
#define INLINE inline
#define NOINLINE
#endif

/* a popcount: the builtin (hardware, see above), else the portable SWAR count */
static INLINE int pop64(uint64_t x) {
#if defined(__GNUC__)
    return __builtin_popcountll(x);
#endif
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* ------------------------------------------------------------------ masks */

static INLINE M m_zero(void) { M r; memset(&r, 0, sizeof r); return r; }
static INLINE M m_and(M a, M b) { M r; for (int i = 0; i < NW; i++) r.w[i] = a.w[i] & b.w[i]; return r; }
static INLINE M m_or(M a, M b) { M r; for (int i = 0; i < NW; i++) r.w[i] = a.w[i] | b.w[i]; return r; }
static INLINE M m_xor(M a, M b) { M r; for (int i = 0; i < NW; i++) r.w[i] = a.w[i] ^ b.w[i]; return r; }
static INLINE M m_andnot(M a, M b) { M r; for (int i = 0; i < NW; i++) r.w[i] = a.w[i] & ~b.w[i]; return r; }
static INLINE int m_any(M a) { uint64_t x = 0; for (int i = 0; i < NW; i++) x |= a.w[i]; return x != 0; }
static INLINE int m_eq(M a, M b) { uint64_t x = 0; for (int i = 0; i < NW; i++) x |= a.w[i] ^ b.w[i]; return x == 0; }
static INLINE int m_meets(M a, M b) { uint64_t x = 0; for (int i = 0; i < NW; i++) x |= a.w[i] & b.w[i]; return x != 0; }
static INLINE int m_count(M a) { int c = 0; for (int i = 0; i < NW; i++) c += pop64(a.w[i]); return c; }
/* at least two bits set: a cheaper test than a count */
static INLINE int m_two(M a) {
    int words = 0; uint64_t multi = 0;
    for (int i = 0; i < NW; i++) { words += a.w[i] != 0; multi |= a.w[i] & (a.w[i] - 1); }
    return words > 1 || multi != 0;
}
static INLINE int m_has(M a, int b) { return (int)((a.w[b >> 6] >> (b & 63)) & 1); }
static INLINE void m_set(M *a, int b) { a->w[b >> 6] |= (uint64_t)1 << (b & 63); }
static INLINE void m_clr(M *a, int b) { a->w[b >> 6] &= ~((uint64_t)1 << (b & 63)); }
static INLINE M m_bit(int b) { M r = m_zero(); m_set(&r, b); return r; }
/* lowest set bit's index, -1 for none */
static INLINE int m_low(M a) {
    for (int i = 0; i < NW; i++) if (a.w[i]) return i * 64 + __builtin_ctzll(a.w[i]);
    return -1;
}
/* highest set bit's index, -1 for none */
static INLINE int m_high(M a) {
    for (int i = NW - 1; i >= 0; i--) if (a.w[i]) return i * 64 + 63 - __builtin_clzll(a.w[i]);
    return -1;
}
/* for each set bit b of the mask variable m, lowest first (m is read a word at a time: the body must
 * not change it, and must not `break`) */
#define FOR_BITS(b, m) \
    for (int w_ = 0; w_ < NW; w_++) \
        for (uint64_t x_ = (m).w[w_]; x_ && ((b = w_ * 64 + __builtin_ctzll(x_)), 1); x_ &= x_ - 1)

/* compare as integers: -1, 0, 1 */
static INLINE int m_cmp(M a, M b) {
    for (int i = NW - 1; i >= 0; i--) if (a.w[i] != b.w[i]) return a.w[i] < b.w[i] ? -1 : 1;
    return 0;
}
/* shifts by 0 < k < 64 */
static INLINE M m_shl(M a, int k) {
    M r;
    r.w[0] = a.w[0] << k;
    for (int i = 1; i < NW; i++) r.w[i] = (a.w[i] << k) | (a.w[i - 1] >> (64 - k));
    return r;
}
static INLINE M m_shl_any(M a, int k) { return k ? m_shl(a, k) : a; }
static INLINE M m_shr(M a, int k) {
    M r;
    for (int i = 0; i < NW - 1; i++) r.w[i] = (a.w[i] >> k) | (a.w[i + 1] << (64 - k));
    r.w[NW - 1] = a.w[NW - 1] >> k;
    return r;
}
/* bits lo .. lo+len-1 (0 <= lo, len >= 0, lo + len <= MAXBITS) */
static INLINE M m_run(int lo, int len) {
    M r;
    int hi = lo + len;
    for (int i = 0; i < NW; i++) {  /* the part of [lo, hi) in word i: at or above lo, below hi */
        int a = lo - i * 64, b = hi - i * 64;
        uint64_t ge = a <= 0 ? ~(uint64_t)0 : a >= 64 ? 0 : ~(uint64_t)0 << a;
        uint64_t lt = b <= 0 ? 0 : b >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << b) - 1;
        r.w[i] = ge & lt;
    }
    return r;
}
/* Python's hash() of a non-negative int: the value mod P = 2**61 - 1, by Horner's rule from the top
 * word, each step r = r * 2**64 + w (mod P), where 2**64 = 8 (mod P); 64-bit words throughout (no
 * 128-bit division, which WebAssembly would need a runtime library for). */
static INLINE uint64_t mod61(uint64_t x) {  /* x mod P for any 64-bit x */
    const uint64_t P = ((uint64_t)1 << 61) - 1;
    x = (x & P) + (x >> 61);
    return x >= P ? x - P : x;
}
static uint64_t m_hash61(M a) {
    const uint64_t P = ((uint64_t)1 << 61) - 1;
    uint64_t r = 0;
    for (int i = NW - 1; i >= 0; i--) {
        r = mod61(r << 3) + mod61(a.w[i]);  /* r < P: r << 3 fits 64 bits */
        if (r >= P) r -= P;
    }
    return r;
}
/* a hash for the tables (any will do: no order depends on it); four independent multiplies */
static INLINE uint64_t m_mix(M a) {
    uint64_t h = (a.w[0] * 0x9E3779B97F4A7C15ULL) ^ (a.w[1] * 0xC2B2AE3D27D4EB4FULL)
                 ^ (a.w[2] * 0x165667B19E3779F9ULL) ^ (a.w[3] * 0xD6E8FEB86659FD93ULL);
    return h ^ (h >> 29) ^ (h >> 47);
}

/* ------------------------------------------------------------------ geometry (paths.py) */

typedef struct {
    int width, height, s, rows, nbits;
    M padded, top, bottom, left, right, inner_rows, inner_cols;
    M *column;  /* column[y1 * rows + y2] */
} Geo;

static int geo_init(Geo *g, int width, int height) {
    g->width = width; g->height = height; g->s = width + 3; g->rows = height + 2;
    g->nbits = g->s * g->rows;
    int s = g->s;
    g->padded = m_zero();
    for (int py = 0; py < g->rows; py++) for (int px = 0; px < width + 2; px++) m_set(&g->padded, py * s + px);
    g->top = m_run(0, width + 2);
    g->bottom = m_run((g->rows - 1) * s, width + 2);
    g->left = m_zero();
    for (int py = 0; py < g->rows; py++) m_set(&g->left, py * s);
    g->right = m_zero();
    for (int py = 0; py < g->rows; py++) m_set(&g->right, py * s + width + 1);
    g->inner_rows = m_andnot(m_andnot(g->padded, g->top), g->bottom);
    g->inner_cols = m_andnot(m_andnot(g->padded, g->left), g->right);
    g->column = (M *)calloc((size_t)g->rows * g->rows, sizeof(M));
    if (!g->column) return -1;
    for (int y1 = 0; y1 < g->rows; y1++)
        for (int y2 = 0; y2 < g->rows; y2++) {
            M c = m_zero();
            for (int y = y1; y <= y2; y++) m_set(&c, y * s);
            g->column[y1 * g->rows + y2] = c;
        }
    return 0;
}

/* The fills, the hottest code: written out on four scalar words (a mask passed as a struct of an
 * array is spilled to the stack at every step otherwise). */
#if NW != 4
#error "the fills below are written for four words"
#endif

/* column fill both ways through `along`, stepping until nothing changes */
static INLINE M fill_col(M v, M along, int s) {
    uint64_t v0 = v.w[0], v1 = v.w[1], v2 = v.w[2], v3 = v.w[3];
    const uint64_t a0 = along.w[0], a1 = along.w[1], a2 = along.w[2], a3 = along.w[3];
    const int r = 64 - s;
    for (;;) {
        uint64_t n0 = v0 | (a0 & ((v0 << s) | (v0 >> s) | (v1 << r)));
        uint64_t n1 = v1 | (a1 & ((v1 << s) | (v0 >> r) | (v1 >> s) | (v2 << r)));
        uint64_t n2 = v2 | (a2 & ((v2 << s) | (v1 >> r) | (v2 >> s) | (v3 << r)));
        uint64_t n3 = v3 | (a3 & ((v3 << s) | (v2 >> r) | (v3 >> s)));
        if (!((n0 ^ v0) | (n1 ^ v1) | (n2 ^ v2) | (n3 ^ v3))) break;
        v0 = n0; v1 = n1; v2 = n2; v3 = n3;
    }
    M out; out.w[0] = v0; out.w[1] = v1; out.w[2] = v2; out.w[3] = v3;
    return out;
}

/* a row fill both ways: stepping toward lower bits through `across`, one addition toward higher
 * (m = empty | seed; ((m + seed) ^ m) & m), as paths.py's _stages */
static INLINE M fill_row(M seed, M empty, M across) {
    uint64_t g0 = seed.w[0], g1 = seed.w[1], g2 = seed.w[2], g3 = seed.w[3];
    const uint64_t a0 = across.w[0], a1 = across.w[1], a2 = across.w[2], a3 = across.w[3];
    for (;;) {
        uint64_t n0 = g0 | (a0 & ((g0 >> 1) | (g1 << 63)));
        uint64_t n1 = g1 | (a1 & ((g1 >> 1) | (g2 << 63)));
        uint64_t n2 = g2 | (a2 & ((g2 >> 1) | (g3 << 63)));
        uint64_t n3 = g3 | (a3 & (g3 >> 1));
        if (!((n0 ^ g0) | (n1 ^ g1) | (n2 ^ g2) | (n3 ^ g3))) break;
        g0 = n0; g1 = n1; g2 = n2; g3 = n3;
    }
    const uint64_t s0 = seed.w[0], s1 = seed.w[1], s2 = seed.w[2], s3 = seed.w[3];
    const uint64_t m0 = empty.w[0] | s0, m1 = empty.w[1] | s1, m2 = empty.w[2] | s2, m3 = empty.w[3] | s3;
    uint64_t t0 = m0 + s0;
    uint64_t c = t0 < m0;
    uint64_t t1 = m1 + s1, c1 = t1 < m1; t1 += c; c = c1 | (t1 < c);
    uint64_t t2 = m2 + s2, c2 = t2 < m2; t2 += c; c = c2 | (t2 < c);
    uint64_t t3 = m3 + s3 + c;
    M out;
    out.w[0] = ((t0 ^ m0) & m0) | g0;
    out.w[1] = ((t1 ^ m1) & m1) | g1;
    out.w[2] = ((t2 ^ m2) & m2) | g2;
    out.w[3] = ((t3 ^ m3) & m3) | g3;
    return out;
}

/* one straight run from seed's cells along rows (or columns), and the ring's row (column) if seed
 * touches it: the ring round the board is one open lane */
static INLINE M row_stage(const Geo *G, M seed, M empty, M across) {
    M h = fill_row(seed, empty, across);
    if (m_meets(seed, G->top)) h = m_or(h, G->top);
    if (m_meets(seed, G->bottom)) h = m_or(h, G->bottom);
    return h;
}
static INLINE M col_stage(const Geo *G, M seed, M along) {
    M v = fill_col(seed, along, G->s);
    if (m_meets(seed, G->left)) v = m_or(v, G->left);
    if (m_meets(seed, G->right)) v = m_or(v, G->right);
    return v;
}

static void stages_scalar(const Geo *G, M source, M empty, M *h2o, M *v2o) {
    M across = m_and(empty, G->inner_rows), along = m_and(empty, G->inner_cols);
    M h0 = row_stage(G, source, empty, across), v0 = col_stage(G, source, along);
    M v1 = col_stage(G, h0, along), h1 = row_stage(G, v0, empty, across);
    *h2o = row_stage(G, v1, empty, across);
    *v2o = col_stage(G, h1, along);
}

/* the witness's runs through two tiles a and b: each one's column and row of `empty` */
static void wfills_scalar(const Geo *G, M a, M b, M empty, M *ac, M *bc, M *ar, M *br) {
    *ac = fill_col(a, empty, G->s); *bc = fill_col(b, empty, G->s);
    *ar = fill_row(a, empty, empty); *br = fill_row(b, empty, empty);
}

/* The same fills with AVX2 (a mask in one 256-bit register), chosen at import when the CPU has it:
 * integer operations only, so the same sets as the scalar code bit for bit (the tests run both). */
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#define AVX2 __attribute__((target("avx2")))

static AVX2 INLINE __m256i v_ld(M a) { return _mm256_loadu_si256((const __m256i *)a.w); }
static AVX2 INLINE M v_st(__m256i v) { M r; _mm256_storeu_si256((__m256i *)r.w, v); return r; }
static AVX2 INLINE int v_meets(__m256i a, __m256i b) { return !_mm256_testz_si256(a, b); }
/* shifts of the 256-bit mask by k (0 < k < 64; rk = 64 - k) */
static AVX2 INLINE __m256i v_shl(__m256i v, __m128i k, __m128i rk) {
    __m256i lo = _mm256_blend_epi32(_mm256_permute4x64_epi64(v, _MM_SHUFFLE(2, 1, 0, 0)), _mm256_setzero_si256(), 0x03);
    return _mm256_or_si256(_mm256_sll_epi64(v, k), _mm256_srl_epi64(lo, rk));
}
static AVX2 INLINE __m256i v_shr(__m256i v, __m128i k, __m128i rk) {
    __m256i hi = _mm256_blend_epi32(_mm256_permute4x64_epi64(v, _MM_SHUFFLE(3, 3, 2, 1)), _mm256_setzero_si256(), 0xC0);
    return _mm256_or_si256(_mm256_srl_epi64(v, k), _mm256_sll_epi64(hi, rk));
}
typedef struct { __m128i k, rk, one, r63; } VShift;
static unsigned char carry_in[8][8];  /* [carries out of lanes 0-2][lanes 0-2 all ones]: lanes a carry enters */
static void carry_init(void) {
    for (int gen = 0; gen < 8; gen++)
        for (int pass = 0; pass < 8; pass++) {
            int cin = 0, c = 0;
            for (int i = 0; i < 3; i++) { c = ((gen >> i) & 1) | ((pass >> i) & 1 & c); cin |= c << (i + 1); }
            carry_in[gen][pass] = (unsigned char)cin;
        }
}
static const long long carry_lanes[16][4] = {  /* lane i is 1 where bit i of the index is set */
    {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0}, {0, 0, 1, 0}, {1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 1, 0},
    {0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 0, 1}, {0, 0, 1, 1}, {1, 0, 1, 1}, {0, 1, 1, 1}, {1, 1, 1, 1},
};

static AVX2 INLINE __m256i v_fill_col(__m256i v, __m256i along, const VShift *z) {
    for (;;) {
        __m256i n = _mm256_or_si256(v, _mm256_and_si256(along, _mm256_or_si256(v_shl(v, z->k, z->rk), v_shr(v, z->k, z->rk))));
        if (_mm256_testz_si256(_mm256_xor_si256(n, v), _mm256_xor_si256(n, v))) return v;
        v = n;
    }
}
/* row fill: stepping toward lower bits, one addition toward higher (the carry is scalar) */
static AVX2 INLINE __m256i v_fill_row(__m256i seed, __m256i empty, __m256i across, const VShift *z) {
    __m256i g = seed;
    for (;;) {
        __m256i n = _mm256_or_si256(g, _mm256_and_si256(across, v_shr(g, z->one, z->r63)));
        if (_mm256_testz_si256(_mm256_xor_si256(n, g), _mm256_xor_si256(n, g))) break;
        g = n;
    }
    /* m + seed over 256 bits: lane sums, then each lane's carry in (a lane's carry out, or one passed
     * on through a lane of all ones) added as 0 or 1 */
    __m256i mv = _mm256_or_si256(empty, seed);
    __m256i x = _mm256_add_epi64(mv, seed);
    const __m256i sign = _mm256_set1_epi64x((long long)0x8000000000000000ULL);
    __m256i out = _mm256_cmpgt_epi64(_mm256_xor_si256(mv, sign), _mm256_xor_si256(x, sign));  /* x < m: wrapped */
    __m256i ones = _mm256_cmpeq_epi64(x, _mm256_set1_epi64x(-1));
    int gen = _mm256_movemask_pd(_mm256_castsi256_pd(out)), pass = _mm256_movemask_pd(_mm256_castsi256_pd(ones));
    if (gen & 7) {
        int cin = carry_in[gen & 7][pass & 7];
        x = _mm256_add_epi64(x, _mm256_loadu_si256((const __m256i *)carry_lanes[cin]));
    }
    return _mm256_or_si256(_mm256_and_si256(_mm256_xor_si256(x, mv), mv), g);
}

static AVX2 INLINE void vshift_init(VShift *z, int s) {
    z->k = _mm_cvtsi32_si128(s); z->rk = _mm_cvtsi32_si128(64 - s);
    z->one = _mm_cvtsi32_si128(1); z->r63 = _mm_cvtsi32_si128(63);
}

static AVX2 INLINE void v_stages(const Geo *G, __m256i source, __m256i empty, const VShift *z, __m256i *h2o, __m256i *v2o) {
    __m256i top = v_ld(G->top), bottom = v_ld(G->bottom), left = v_ld(G->left), right = v_ld(G->right);
    __m256i across = _mm256_and_si256(empty, v_ld(G->inner_rows)), along = _mm256_and_si256(empty, v_ld(G->inner_cols));
    __m256i h0 = v_fill_row(source, empty, across, z);
    if (v_meets(source, top)) h0 = _mm256_or_si256(h0, top);
    if (v_meets(source, bottom)) h0 = _mm256_or_si256(h0, bottom);
    __m256i v0 = v_fill_col(source, along, z);
    if (v_meets(source, left)) v0 = _mm256_or_si256(v0, left);
    if (v_meets(source, right)) v0 = _mm256_or_si256(v0, right);
    __m256i v1 = v_fill_col(h0, along, z);
    if (v_meets(h0, left)) v1 = _mm256_or_si256(v1, left);
    if (v_meets(h0, right)) v1 = _mm256_or_si256(v1, right);
    __m256i h1 = v_fill_row(v0, empty, across, z);
    if (v_meets(v0, top)) h1 = _mm256_or_si256(h1, top);
    if (v_meets(v0, bottom)) h1 = _mm256_or_si256(h1, bottom);
    __m256i h2 = v_fill_row(v1, empty, across, z);
    if (v_meets(v1, top)) h2 = _mm256_or_si256(h2, top);
    if (v_meets(v1, bottom)) h2 = _mm256_or_si256(h2, bottom);
    __m256i v2 = v_fill_col(h1, along, z);
    if (v_meets(h1, left)) v2 = _mm256_or_si256(v2, left);
    if (v_meets(h1, right)) v2 = _mm256_or_si256(v2, right);
    *h2o = h2; *v2o = v2;
}

static AVX2 void stages_avx2(const Geo *G, M source, M empty, M *h2o, M *v2o) {
    VShift z;
    vshift_init(&z, G->s);
    __m256i h2, v2;
    v_stages(G, v_ld(source), v_ld(empty), &z, &h2, &v2);
    *h2o = v_st(h2); *v2o = v_st(v2);
}

static AVX2 void wfills_avx2(const Geo *G, M a, M b, M empty, M *ac, M *bc, M *ar, M *br) {
    VShift z;
    vshift_init(&z, G->s);
    __m256i e = v_ld(empty), va = v_ld(a), vb = v_ld(b);
    *ac = v_st(v_fill_col(va, e, &z)); *bc = v_st(v_fill_col(vb, e, &z));
    *ar = v_st(v_fill_row(va, e, e, &z)); *br = v_st(v_fill_row(vb, e, e, &z));
}

static AVX2 INLINE __m256i v_around(__m256i src, const VShift *z) {
    return _mm256_or_si256(_mm256_or_si256(v_shl(src, z->one, z->r63), v_shr(src, z->one, z->r63)),
                           _mm256_or_si256(v_shl(src, z->k, z->rk), v_shr(src, z->k, z->rk)));
}

/* reach (any = 0) and reach_any (any = 1), as g_reach / g_reach_any below */
static AVX2 INLINE M v_reach(const Geo *G, M source_, M empty_, M targets_, int any) {
    VShift z;
    vshift_init(&z, G->s);
    __m256i source = v_ld(source_), empty = v_ld(empty_), targets = v_ld(targets_);
    __m256i around = v_around(source, &z);
    if (!v_meets(around, empty)) return v_st(_mm256_and_si256(around, targets));
    __m256i h2, v2;
    v_stages(G, source, empty, &z, &h2, &v2);
    __m256i near = _mm256_or_si256(_mm256_or_si256(v_shl(h2, z.one, z.r63), v_shr(h2, z.one, z.r63)),
                                   _mm256_or_si256(v_shl(v2, z.k, z.rk), v_shr(v2, z.k, z.rk)));
    if (any) near = _mm256_or_si256(near, _mm256_or_si256(h2, v2));
    return v_st(_mm256_andnot_si256(source, _mm256_and_si256(near, targets)));
}
static AVX2 M g_reach_avx2(const Geo *G, M source, M empty, M tiles) { return v_reach(G, source, empty, tiles, 0); }
static AVX2 M g_reach_any_avx2(const Geo *G, M source, M empty, M targets) { return v_reach(G, source, empty, targets, 1); }

static AVX2 M g_joins_avx2(const Geo *G, M source_, M targets_, M empty_) {
    VShift z;
    vshift_init(&z, G->s);
    __m256i source = v_ld(source_), targets = v_ld(targets_), empty = v_ld(empty_);
    __m256i around = v_around(source, &z);
    M out = v_st(_mm256_and_si256(around, targets));
    if (!v_meets(around, empty)) return out;
    __m256i top = v_ld(G->top), bottom = v_ld(G->bottom), left = v_ld(G->left), right = v_ld(G->right);
    __m256i across = _mm256_and_si256(empty, v_ld(G->inner_rows)), along = _mm256_and_si256(empty, v_ld(G->inner_cols));
    __m256i h0 = v_fill_row(source, empty, across, &z);
    __m256i v0 = v_fill_col(source, along, &z);
    __m256i v1 = v_fill_col(h0, along, &z);
    if (v_meets(h0, left)) v1 = _mm256_or_si256(v1, left);
    if (v_meets(h0, right)) v1 = _mm256_or_si256(v1, right);
    __m256i h1 = v_fill_row(v0, empty, across, &z);
    if (v_meets(v0, top)) h1 = _mm256_or_si256(h1, top);
    if (v_meets(v0, bottom)) h1 = _mm256_or_si256(h1, bottom);
    M rest = m_andnot(targets_, out);
    int b;
    FOR_BITS(b, rest) {
        __m256i t = v_ld(m_bit(b));
        if (v_meets(v1, v_fill_row(t, empty, across, &z))) { m_set(&out, b); continue; }
        if (v_meets(h1, v_fill_col(t, along, &z))) m_set(&out, b);
    }
    return out;
}
#endif

static M g_joins_scalar(const Geo *G, M source, M targets, M empty);
static M g_reach_scalar(const Geo *G, M source, M empty, M tiles);
static M g_reach_any_scalar(const Geo *G, M source, M empty, M targets);
/* the fills in use: AVX2 when the CPU has it (set at import, see simd()), else scalar */
static void (*stages)(const Geo *, M, M, M *, M *) = stages_scalar;
static M (*g_joins)(const Geo *, M, M, M) = g_joins_scalar;
static M (*g_reach)(const Geo *, M, M, M) = g_reach_scalar;
static M (*g_reach_any)(const Geo *, M, M, M) = g_reach_any_scalar;
static void (*wfills)(const Geo *, M, M, M, M *, M *, M *, M *) = wfills_scalar;

static void use_simd(int on) {
#ifdef HAVE_AVX2_PATH
    if (on) {
        stages = stages_avx2; g_joins = g_joins_avx2; g_reach = g_reach_avx2; g_reach_any = g_reach_any_avx2;
        wfills = wfills_avx2;
        return;
    }
#endif
    (void)on;
    stages = stages_scalar; g_joins = g_joins_scalar; g_reach = g_reach_scalar; g_reach_any = g_reach_any_scalar;
    wfills = wfills_scalar;
}

static INLINE M around_of(M src, int s) {
    return m_or(m_or(m_shl(src, 1), m_shr(src, 1)), m_or(m_shl(src, s), m_shr(src, s)));
}

static M g_reach_scalar(const Geo *G, M source, M empty, M tiles) {
    int s = G->s;
    M around = around_of(source, s);
    if (!m_meets(around, empty)) return m_and(around, tiles);
    M h2, v2;
    stages(G, source, empty, &h2, &v2);
    M near = m_or(m_or(m_shl(h2, 1), m_shr(h2, 1)), m_or(m_shl(v2, s), m_shr(v2, s)));
    return m_andnot(m_and(near, tiles), source);
}

static M g_reach_any_scalar(const Geo *G, M source, M empty, M targets) {
    int s = G->s;
    M around = around_of(source, s);
    if (!m_meets(around, empty)) return m_and(around, targets);
    M h2, v2;
    stages(G, source, empty, &h2, &v2);
    M near = m_or(m_or(h2, v2), m_or(m_or(m_shl(h2, 1), m_shr(h2, 1)), m_or(m_shl(v2, s), m_shr(v2, s))));
    return m_andnot(m_and(near, targets), source);
}

static M g_joins_scalar(const Geo *G, M source, M targets, M empty) {
    int s = G->s;
    M around = around_of(source, s);
    M out = m_and(around, targets);
    if (!m_meets(around, empty)) return out;
    M across = m_and(empty, G->inner_rows), along = m_and(empty, G->inner_cols);
    M h0 = fill_row(source, empty, across);
    M v0 = fill_col(source, along, s);
    M v1 = fill_col(h0, along, s);
    if (m_meets(h0, G->left)) v1 = m_or(v1, G->left);
    if (m_meets(h0, G->right)) v1 = m_or(v1, G->right);
    M h1 = fill_row(v0, empty, across);
    if (m_meets(v0, G->top)) h1 = m_or(h1, G->top);
    if (m_meets(v0, G->bottom)) h1 = m_or(h1, G->bottom);
    M rest = m_andnot(targets, out);
    int b;
    FOR_BITS(b, rest) {
        M t = m_bit(b);
        if (m_meets(v1, fill_row(t, empty, across))) { m_set(&out, b); continue; }
        if (m_meets(h1, fill_col(t, along, s))) m_set(&out, b);
    }
    return out;
}

typedef struct { int found; int k0, k1; M best; M ends, free, costly; } Wit;

static void wit_consider(Wit *w, M cells) {
    if (m_any(m_andnot(cells, w->free))) return;
    M inner = m_andnot(cells, w->ends);
    int k0 = m_count(m_and(inner, w->costly)), k1 = m_count(inner);
    if (!w->found || k0 < w->k0 || (k0 == w->k0 && k1 < w->k1)) {
        w->found = 1; w->k0 = k0; w->k1 = k1; w->best = inner;
    }
}

/* Geometry.witness: *none set when there is no path (Python's -1) */
static NOINLINE M g_witness(const Geo *G, int abit, int bbit, M empty, M costly, int *none) {
    int s = G->s, R = G->rows;
    int ay = abit / s, ax = abit % s, by = bbit / s, bx = bbit % s;
    M a = m_bit(abit), b = m_bit(bbit);
    Wit w;
    w.found = 0; w.k0 = w.k1 = 0; w.best = m_zero();
    w.ends = m_or(a, b); w.free = m_or(empty, w.ends); w.costly = costly;
    int x1 = ax < bx ? ax : bx, x2 = ax < bx ? bx : ax;
    int y1 = ay < by ? ay : by, y2 = ay < by ? by : ay;
#define ROWB(y) m_run((y) * s + x1, x2 - x1 + 1)
#define COL(p, q) G->column[(p) * R + (q)]
#define MIN(p, q) ((p) < (q) ? (p) : (q))
#define MAX(p, q) ((p) < (q) ? (q) : (p))
    wit_consider(&w, m_or(ROWB(ay), m_shl_any(COL(y1, y2), bx)));
    wit_consider(&w, m_or(m_shl_any(COL(y1, y2), ax), ROWB(by)));
    if (w.found && w.k0 == 0) { *none = 0; return w.best; }
    /* Python's g_fill(a, empty, s) | g_fill(a, empty, -s) (and the rows'): from one bit, the two ways
     * at once are the same set (the run of `empty` through it), so the both-ways fills serve (wfills: AVX2 or scalar) */
    M a_col, b_col, a_row, b_row;
    wfills(G, a, b, empty, &a_col, &b_col, &a_row, &b_row);
    int bit;
    M rest = a_col;
    FOR_BITS(bit, rest) {
        int y = bit / s;
        if (m_has(b_col, y * s + bx)) {
            wit_consider(&w, m_or(ROWB(y), m_or(m_shl_any(COL(MIN(y, ay), MAX(y, ay)), ax),
                                                m_shl_any(COL(MIN(y, by), MAX(y, by)), bx))));
        }
    }
    rest = a_row;
    FOR_BITS(bit, rest) {
        int x = bit % s;
        if (m_has(b_row, by * s + x)) {
            int lo = MIN(x, ax), hi = MAX(x, ax), lo2 = MIN(x, bx), hi2 = MAX(x, bx);
            wit_consider(&w, m_or(m_run(ay * s + lo, hi - lo + 1),
                                  m_or(m_shl_any(COL(y1, y2), x), m_run(by * s + lo2, hi2 - lo2 + 1))));
        }
    }
#undef ROWB
#undef COL
#undef MIN
#undef MAX
    *none = !w.found;
    return w.best;
}

/* ------------------------------------------------------------------ the project RNG (rng.py) */

typedef struct { uint32_t s[4]; } Rng;

static INLINE uint32_t rotl32(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

static uint32_t rng_next(Rng *r) {
    uint32_t *s = r->s;
    uint32_t result = rotl32(s[1] * 5, 7) * 9;
    uint32_t t = s[1] << 9;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
    s[3] = rotl32(s[3], 11);
    return result;
}

static uint32_t rng_below(Rng *r, uint64_t n) { return (uint32_t)(((uint64_t)rng_next(r) * n) >> 32); }

/* SHA-256 (FIPS 180-4), for the RNG's seed */
static const uint32_t SHA_K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static INLINE uint32_t rotr32(uint32_t x, int k) { return (x >> k) | (x << (32 - k)); }

static void sha_block(uint32_t h[8], const unsigned char *p) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = ((uint32_t)p[4 * i] << 24) | ((uint32_t)p[4 * i + 1] << 16) | ((uint32_t)p[4 * i + 2] << 8) | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = rotr32(w[i - 15], 7) ^ rotr32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = rotr32(w[i - 2], 17) ^ rotr32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = k + (rotr32(e, 6) ^ rotr32(e, 11) ^ rotr32(e, 25)) + ((e & f) ^ (~e & g)) + SHA_K[i] + w[i];
        uint32_t t2 = (rotr32(a, 2) ^ rotr32(a, 13) ^ rotr32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        k = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
}

void hs_sha256(const unsigned char *data, size_t len, unsigned char digest[32]) {
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    size_t i = 0;
    for (; i + 64 <= len; i += 64) sha_block(h, data + i);
    unsigned char last[128];
    size_t rest = len - i, n = rest + 9 <= 64 ? 64 : 128;
    memset(last, 0, sizeof last);
    memcpy(last, data + i, rest);
    last[rest] = 0x80;
    uint64_t bits = (uint64_t)len * 8;
    for (int j = 0; j < 8; j++) last[n - 1 - j] = (unsigned char)(bits >> (8 * j));
    sha_block(h, last);
    if (n == 128) sha_block(h, last + 64);
    for (int j = 0; j < 8; j++) {
        digest[4 * j] = (unsigned char)(h[j] >> 24); digest[4 * j + 1] = (unsigned char)(h[j] >> 16);
        digest[4 * j + 2] = (unsigned char)(h[j] >> 8); digest[4 * j + 3] = (unsigned char)h[j];
    }
}

/* Rng(seed): the state is the first 16 bytes of SHA-256(seed's UTF-8), four little-endian words */
static void rng_seed_bytes(Rng *r, const char *seed, size_t len) {
    unsigned char b[32];
    hs_sha256((const unsigned char *)seed, len, b);
    for (int i = 0; i < 4; i++)
        r->s[i] = (uint32_t)b[4 * i] | ((uint32_t)b[4 * i + 1] << 8) | ((uint32_t)b[4 * i + 2] << 16)
                  | ((uint32_t)b[4 * i + 3] << 24);
}

/* Rng(f"{prefix}{n}"), the seeds the search's runs and games take (n >= 1) */
static void rng_seed_run(Rng *r, const char *prefix, long long n) {
    char text[96], digits[24];
    size_t k = strlen(prefix), d = 0;
    memcpy(text, prefix, k);
    do { digits[d++] = (char)('0' + n % 10); n /= 10; } while (n > 0);
    while (d) text[k++] = digits[--d];
    rng_seed_bytes(r, text, k);
}

/* ------------------------------------------------------------------ memory */

typedef struct Chunk { struct Chunk *next; size_t cap, used; char *data; } Chunk;
typedef struct { Chunk *head, *cur; } Arena;
typedef struct { Chunk *c; size_t used; } Mark;

static void *ar_alloc(Arena *a, size_t n) {
    n = (n + 15) & ~(size_t)15;
    for (;;) {
        Chunk *c = a->cur;
        if (c && c->used + n <= c->cap) { void *p = c->data + c->used; c->used += n; return p; }
        Chunk *next = c ? c->next : a->head;
        if (next && next->cap >= n) { next->used = 0; a->cur = next; continue; }
        size_t cap = n > ((size_t)1 << 20) ? n : ((size_t)1 << 20);
        Chunk *nc = (Chunk *)malloc(sizeof(Chunk));
        if (!nc) return NULL;
        nc->data = (char *)aligned_alloc(64, (cap + 63) & ~(size_t)63);
        if (!nc->data) { free(nc); return NULL; }
        nc->cap = cap; nc->used = 0; nc->next = next;
        if (c) c->next = nc; else a->head = nc;
        a->cur = nc;
    }
}
static INLINE Mark ar_mark(Arena *a) { Mark m; m.c = a->cur; m.used = a->cur ? a->cur->used : 0; return m; }
static INLINE void ar_release(Arena *a, Mark m) { a->cur = m.c; if (m.c) m.c->used = m.used; }
static void ar_free(Arena *a) {
    Chunk *c = a->head;
    while (c) { Chunk *n = c->next; free(c->data); free(c); c = n; }
    a->head = a->cur = NULL;
}

/* ------------------------------------------------------------------ the solver (solver.py) */

enum { OK = 0, OUT_OF_BUDGET = 1, OUT_OF_WORK = 2, FAIL = 3, INTERRUPTED = 4 };  /* FAIL: out of memory */

int (*hs_interrupted)(void) = NULL;

typedef struct Step { int tile; int looked; M partners, crossed, empty, gone; } Step;
typedef struct { int a, b; } Pair;
/* a core: its groups sorted by value (a set), their union and each group's hash (for known_failure) */
/* sig, sig64: a bit per group, picked by its hash (sig_set, sig64_of): a core all of whose groups a position
 * has sets no bit the position's sigs lack, the cheap tests known_failure runs before the exact one */
typedef struct Core { int n; uint64_t hash; M tiles; M sig; uint64_t sig64; uint64_t *gh; M g[]; } Core;

typedef struct { M key; int used, seen; Core **list; M *tiles; uint64_t *sig64; int n, cap; } GEntry;  /* tiles[2i], tiles[2i+1]: list[i]'s union and sig */  /* cores filed under a group */
typedef struct { M key; unsigned stamp; } HEntry;
/* a remembered flood of settle's: g_reach_any(t, empty, others) = hit (t < 0: the slot is free) */
typedef struct { M empty, others, hit; int t; } RMemo;
#ifndef RMEMO_BITS
#define RMEMO_BITS 14  /* 1.7 MB: 2^16 saved more instructions, no more time (cache misses) */
#endif
/* a remembered joinable_pairs(group, empty) for a group of at most four tiles (n < 0: the slot is free) */
typedef struct { M group, empty; int n; Pair p[6]; } PMemo;
#define PMEMO_BITS 14
#ifndef RMEMO_AFTER
#define RMEMO_AFTER 20000  /* settle's floods before the memo is made (a few ms of search) */
#endif

/* settings.py's settings (RESTART_UNIT, FIRST_RUN_PROBE, PROBE_GROUPS, PLAYOUTS, UNPAIR_FLOODS) and the work weight come in
 * from the caller with each search, so the core holds no copy to disagree */

struct hs_search {
    Geo G;
    long long budget, limit, nodes;
    double work, work_limit, weight;
    int has_salt; uint64_t salt; int probe;
    long long restart_unit, first_probe, probe_groups, playouts, unpair_floods;
    long long activity[MAXBITS];  /* kind -> dead ends whose core held it split (_Search.activity) */
    M root_tiles, stuck;
    M direct[MAXBITS];
    int kind_idx[MAXBITS];  /* tile -> its kind (root group index) */
    M *root_groups; int nroot;
    Core *core;
    /* failed cores: a set, and the order they came in (the memo's, then learned) */
    Core **fset; size_t fcap, fcount;
    Core **learned; size_t nlearned, lcap;
    GEntry *gmap; size_t gcap, gcount;
    uint64_t filed[64];  /* a bit (FILED_BIT of its hash) for each group with cores filed under it: most have none */
    Arena keep, stack;
    /* the relaxation's workspace */
    M rtiles, base_empty, rgone, waitkeys, queued;
    int rank[MAXBITS]; unsigned rankstamp[MAXBITS], rstamp; int *rcount; int rcountcap;  /* rank[u] holds when rankstamp[u] == rstamp, else 0 */
    int root_order[MAXBITS]; M root_partners[MAXBITS];  /* joinable_now's answer for a fresh start */
    int whead[MAXBITS], wtail[MAXBITS];
    Step **wstep; int *wnext; int wn, wcap;
    Step **wstack;
    int dq[1024]; int dh, dt;
    Step **rsteps; int nrsteps;
    long long floods;
    RMemo *rmemo;  /* settle's floods: half of them repeat one asked before (same tile, empties, partners) */
    long long rfloods;  /* settle's floods so far: the memo is made for a long search only */
    PMemo *pmemo;  /* joinable_pairs of the search: three in four repeat one asked before */
    long long pcalls;
    /* known_failure's workspace */
    HEntry *hset; unsigned hcap, hstamp;
    M *have; uint64_t *haveh; int havecap;
    int kinds_seen[MAXBITS]; unsigned kstamp[MAXBITS]; unsigned kst;
    /* the answer */
    Pair *sol; int nsol, solcap;
    size_t given;  /* cores handed in (hs_search_remember) before the run */
};
typedef struct hs_search S_t;

static int charge(S_t *S, double units) {
    S->work += units * S->weight;
    return S->work > S->work_limit ? OUT_OF_WORK : OK;
}

/* _tie(x, salt): salt may be ~salt (a negative Python int: its low 64 bits are the same) */
static INLINE uint64_t tie(M x, uint64_t salt) {
    return ((m_hash61(x) ^ salt) * 0x9E3779B97F4A7C15ULL) >> 48;
}

static long long luby(long long i) {
    int k = 1;
    while (((long long)1 << k) - 1 < i) k++;
    while (((long long)1 << k) - 1 != i) {
        i -= ((long long)1 << (k - 1)) - 1;
        k = 1;
        while (((long long)1 << k) - 1 < i) k++;
    }
    return (long long)1 << (k - 1);
}

/* joinable_pairs: out must hold C(popcount, 2) pairs */
static int joinable_pairs(const Geo *G, M group, M empty, Pair *out) {
    int n = 0, a;
    M rest = group;
    FOR_BITS(a, group) {
        m_clr(&rest, a);
        if (!m_any(rest)) continue;  /* the last tile: nothing after it */
        M hit = g_joins(G, m_bit(a), rest, empty);
        int b;
        FOR_BITS(b, hit) { out[n].a = a; out[n].b = b; n++; }
    }
    return n;
}
static INLINE int pairs_cap(M group) { int k = m_count(group); return k * (k - 1) / 2 + 1; }

/* joinable_pairs through S's memo (made after RMEMO_AFTER calls: long searches only); the same pairs */
static int joinable_pairs_memo(S_t *S, M group, M empty, Pair *out) {
    if (!S->pmemo && ++S->pcalls == RMEMO_AFTER) {  /* no memory: every call is run */
        S->pmemo = (PMemo *)malloc(sizeof(PMemo) << PMEMO_BITS);
        if (S->pmemo) for (size_t i = 0; i < ((size_t)1 << PMEMO_BITS); i++) S->pmemo[i].n = -1;
    }
    if (!S->pmemo || m_count(group) > 4) return joinable_pairs(&S->G, group, empty, out);
    uint64_t h = m_mix(group) ^ (m_mix(empty) * 5);
    PMemo *pm = &S->pmemo[(h ^ (h >> 32)) & ((1u << PMEMO_BITS) - 1)];
    if (pm->n >= 0 && m_eq(pm->group, group) && m_eq(pm->empty, empty)) {
        memcpy(out, pm->p, sizeof(Pair) * (size_t)pm->n);
        return pm->n;
    }
    int n = joinable_pairs(&S->G, group, empty, out);
    pm->group = group; pm->empty = empty; pm->n = n;
    memcpy(pm->p, out, sizeof(Pair) * (size_t)n);
    return n;
}

/* ------------------------------------------------------------------ cores */

/* a group's bit in a signature: the top byte of its hash (m_mix) */
static INLINE void sig_set(M *sig, uint64_t h) { m_set(sig, (int)(h >> 56)); }
static INLINE uint64_t sig64_of(uint64_t h) { return (uint64_t)1 << ((h >> 40) & 63); }

static int core_cmp(const void *x, const void *y) { return m_cmp(*(const M *)x, *(const M *)y); }

/* sorts n masks by value dropping repeats, tmp holding n; returns how many are left. The list is
 * cut into its ascending runs (a union of cores: one run a core, each sorted already), then
 * neighbouring runs are merged until one is left, a mask in both runs kept once. */
static int m_sort_unique(M *g, M *tmp, int n) {
    if (n < 2) return n;
    int starts[1025], nr = 0;  /* run r: [starts[r], starts[r + 1]) */
    int ends[1025];
    starts[nr] = 0;
    for (int i = 1; i < n; i++) if (m_cmp(g[i - 1], g[i]) >= 0) { ends[nr] = i; starts[++nr] = i; }
    ends[nr++] = n;
    M *src = g, *dst = tmp;
    while (nr > 1) {
        int o = 0, nn = 0;
        for (int r = 0; r < nr; r += 2) {
            int ns = o;
            if (r + 1 == nr) {
                for (int a = starts[r]; a < ends[r]; a++) dst[o++] = src[a];
            } else {
                int a = starts[r], ae = ends[r], b = starts[r + 1], be = ends[r + 1];
                while (a < ae && b < be) {
                    int c = m_cmp(src[a], src[b]);
                    if (c < 0) dst[o++] = src[a++];
                    else if (c > 0) dst[o++] = src[b++];
                    else { dst[o++] = src[a++]; b++; }
                }
                while (a < ae) dst[o++] = src[a++];
                while (b < be) dst[o++] = src[b++];
            }
            starts[nn] = ns; ends[nn++] = o;
        }
        nr = nn;
        M *t = src; src = dst; dst = t;
    }
    int k = ends[0];
    if (src != g) memcpy(g, src, sizeof(M) * (size_t)k);
    return k;
}

static Core *core_new(S_t *S, M *g, int n) {  /* sorts g in place */
    int sorted = 1;  /* a core less the groups just made: still sorted, no repeats */
    for (int i = 1; i < n && sorted; i++) sorted = m_cmp(g[i - 1], g[i]) < 0;
    if (!sorted && n > 16 && n <= MAXBITS) {
        /* a position's groups (disjoint): masks whose highest bits all differ sort by those bits */
        short at[MAXBITS];
        memset(at, -1, sizeof at);
        int ok = 1;
        for (int i = 0; i < n && ok; i++) {
            int h = m_high(g[i]);
            if (h < 0 || at[h] >= 0) ok = 0; else at[h] = (short)i;
        }
        if (ok) {
            M small[MAXBITS];
            memcpy(small, g, sizeof(M) * (size_t)n);
            int k = 0;
            for (int b = 0; b < MAXBITS; b++) if (at[b] >= 0) g[k++] = small[at[b]];
            sorted = 1;
        }
    }
    if (!sorted && n > 16 && n <= 1024) {  /* a union of many cores */
        M small[256];
        M *tmp = n <= 256 ? small : (M *)malloc(sizeof(M) * (size_t)n);
        if (!tmp) return NULL;
        n = m_sort_unique(g, tmp, n);
        if (tmp != small) free(tmp);
    } else if (!sorted && n > 16) {
        qsort(g, (size_t)n, sizeof(M), core_cmp);
    } else if (!sorted) {
        for (int i = 1; i < n; i++) {  /* insertion sort: a core has a few groups */
            M x = g[i]; int j = i - 1;
            while (j >= 0 && m_cmp(g[j], x) > 0) { g[j + 1] = g[j]; j--; }
            g[j + 1] = x;
        }
    }
    int k = 0;
    for (int i = 0; i < n; i++) if (k == 0 || !m_eq(g[k - 1], g[i])) g[k++] = g[i];
    Core *c = (Core *)ar_alloc(&S->keep, sizeof(Core) + (size_t)k * sizeof(M) + (size_t)k * sizeof(uint64_t));
    if (!c) return NULL;
    c->n = k;
    c->gh = (uint64_t *)((char *)c + sizeof(Core) + (size_t)k * sizeof(M));
    c->tiles = m_zero();
    c->sig = m_zero();
    c->sig64 = 0;
    uint64_t h = 0x51ED270B27F4A7C1ULL ^ (uint64_t)k;
    for (int i = 0; i < k; i++) {
        c->g[i] = g[i];
        c->gh[i] = m_mix(g[i]);
        c->tiles = m_or(c->tiles, g[i]);
        sig_set(&c->sig, c->gh[i]);
        c->sig64 |= sig64_of(c->gh[i]);
        h = (h ^ c->gh[i]) * 0x100000001B3ULL;
    }
    c->hash = h;
    return c;
}
static int core_eq(const Core *a, const Core *b) {
    if (a->n != b->n || a->hash != b->hash) return 0;
    for (int i = 0; i < a->n; i++) if (!m_eq(a->g[i], b->g[i])) return 0;
    return 1;
}
static int core_has(const Core *c, M g) {
    for (int i = 0; i < c->n; i++) if (m_eq(c->g[i], g)) return 1;
    return 0;
}
static int core_disjoint(const Core *c, const M *nw, int nn) {
    for (int j = 0; j < nn; j++) if (core_has(c, nw[j])) return 0;
    return 1;
}

static int fset_has(S_t *S, const Core *c) {
    if (!S->fcap) return 0;
    size_t mask = S->fcap - 1, i = c->hash & mask;
    while (S->fset[i]) { if (core_eq(S->fset[i], c)) return 1; i = (i + 1) & mask; }
    return 0;
}
static int fset_add(S_t *S, Core *c) {
    if ((S->fcount + 1) * 2 > S->fcap) {
        size_t ncap = S->fcap ? S->fcap * 2 : 1024;
        Core **n = (Core **)calloc(ncap, sizeof(Core *));
        if (!n) return -1;
        for (size_t i = 0; i < S->fcap; i++) if (S->fset[i]) {
            size_t j = S->fset[i]->hash & (ncap - 1);
            while (n[j]) j = (j + 1) & (ncap - 1);
            n[j] = S->fset[i];
        }
        free(S->fset); S->fset = n; S->fcap = ncap;
    }
    size_t mask = S->fcap - 1, i = c->hash & mask;
    while (S->fset[i]) i = (i + 1) & mask;
    S->fset[i] = c; S->fcount++;
    if (S->nlearned == S->lcap) {
        size_t ncap = S->lcap ? S->lcap * 2 : 256;
        Core **n = (Core **)realloc(S->learned, ncap * sizeof(Core *));
        if (!n) return -1;
        S->learned = n; S->lcap = ncap;
    }
    S->learned[S->nlearned++] = c;
    return 0;
}

static GEntry *gmap_find_h(S_t *S, M key, uint64_t h) {
    if (!S->gcap) return NULL;
    size_t mask = S->gcap - 1, i = h & mask;
    while (S->gmap[i].used) { if (m_eq(S->gmap[i].key, key)) return &S->gmap[i]; i = (i + 1) & mask; }
    return NULL;
}
static GEntry *gmap_find(S_t *S, M key) { return gmap_find_h(S, key, m_mix(key)); }

static GEntry *gmap_get(S_t *S, M key) {  /* find or add */
    GEntry *e = gmap_find(S, key);
    if (e) return e;
    if ((S->gcount + 1) * 2 > S->gcap) {
        size_t ncap = S->gcap ? S->gcap * 2 : 1024;
        GEntry *n = (GEntry *)calloc(ncap, sizeof(GEntry));
        if (!n) return NULL;
        for (size_t i = 0; i < S->gcap; i++) if (S->gmap[i].used) {
            size_t j = m_mix(S->gmap[i].key) & (ncap - 1);
            while (n[j].used) j = (j + 1) & (ncap - 1);
            n[j] = S->gmap[i];
        }
        free(S->gmap); S->gmap = n; S->gcap = ncap;
    }
    size_t mask = S->gcap - 1, i = m_mix(key) & mask;
    while (S->gmap[i].used) i = (i + 1) & mask;
    e = &S->gmap[i];
    e->used = 1; e->key = key; e->seen = 0; e->list = NULL; e->tiles = NULL; e->sig64 = NULL; e->n = e->cap = 0;
    S->gcount++;
    return e;
}

#define FILED_BIT(h) ((int)((h) >> 52))  /* of 4,096 */

/* file(): under the core's group held by the fewest cores so far (then the smallest) */
static int file_core(S_t *S, Core *c) {
    for (int i = 0; i < c->n; i++) { GEntry *e = gmap_get(S, c->g[i]); if (!e) return -1; e->seen++; }
    int bi = -1, bs = 0;
    for (int i = 0; i < c->n; i++) {
        int sn = gmap_find(S, c->g[i])->seen;
        if (bi < 0 || sn < bs || (sn == bs && m_cmp(c->g[i], c->g[bi]) < 0)) { bi = i; bs = sn; }
    }
    if (bi < 0) return 0;  /* an empty core is filed nowhere (min() of nothing: never happens) */
    GEntry *e = gmap_find(S, c->g[bi]);
    if (e->n == e->cap) {
        int ncap = e->cap ? e->cap * 2 : 4;
        Core **n = (Core **)realloc(e->list, (size_t)ncap * sizeof(Core *));
        if (!n) return -1;
        e->list = n;
        M *t = (M *)realloc(e->tiles, (size_t)ncap * 2 * sizeof(M));
        if (!t) return -1;
        e->tiles = t;
        uint64_t *q = (uint64_t *)realloc(e->sig64, (size_t)ncap * sizeof(uint64_t));
        if (!q) return -1;
        e->sig64 = q; e->cap = ncap;
    }
    int fb = FILED_BIT(m_mix(c->g[bi]));
    S->filed[fb >> 6] |= (uint64_t)1 << (fb & 63);
    e->tiles[2 * e->n] = c->tiles;
    e->tiles[2 * e->n + 1] = c->sig;
    e->sig64[e->n] = c->sig64;
    e->list[e->n++] = c;
    return 0;
}

static int learn(S_t *S, Core *c) {
    S->core = c;
    if (!fset_has(S, c)) {
        if (fset_add(S, c) < 0) return -1;
        if (file_core(S, c) < 0) return -1;
    }
    return 0;
}

/* have-set for known_failure: stamped open addressing */
static int hset_reserve(S_t *S, unsigned need) {
    if (need * 2 <= S->hcap) return 0;
    unsigned ncap = S->hcap ? S->hcap : 256;
    while (need * 2 > ncap) ncap *= 2;
    HEntry *n = (HEntry *)calloc(ncap, sizeof(HEntry));
    if (!n) return -1;
    free(S->hset); S->hset = n; S->hcap = ncap; S->hstamp = 0;
    return 0;
}
static int hset_add(S_t *S, M key, uint64_t h) {  /* 1 when added, 0 when present; h = m_mix(key) */
    unsigned mask = S->hcap - 1, i = (unsigned)h & mask;
    while (S->hset[i].stamp == S->hstamp) { if (m_eq(S->hset[i].key, key)) return 0; i = (i + 1) & mask; }
    S->hset[i].stamp = S->hstamp; S->hset[i].key = key;
    return 1;
}
static int hset_has(S_t *S, M key, uint64_t h) {
    unsigned mask = S->hcap - 1, i = (unsigned)h & mask;
    while (S->hset[i].stamp == S->hstamp) { if (m_eq(S->hset[i].key, key)) return 1; i = (i + 1) & mask; }
    return 0;
}

/* known_failure: the first core filed under a group of `have` (in its order) that `have` holds */
static int known_failure(S_t *S, const M *groups, int n, Core **out) {
    /* have: the groups, then per kind (first appearance) the unions of two or more of its groups.
     * Python adds a union only when not in have yet; here one already there (none, in a position of
     * disjoint groups) would only be looked through a second time, finding nothing new: the same answer.
     * The set itself (hset) is built only when a core passes the quick tests. */
    int kinds[MAXBITS]; int nk = 0;
    S->kst++;
    if (S->kst == 0) { memset(S->kstamp, 0, sizeof S->kstamp); S->kst = 1; }
    int parts_of[MAXBITS], first_of[MAXBITS], last_of[MAXBITS], next_in[MAXBITS];
    for (int i = 0; i < n; i++) {
        int k = S->kind_idx[m_low(groups[i])];
        next_in[i] = -1;
        if (S->kstamp[k] != S->kst) { S->kstamp[k] = S->kst; parts_of[k] = 0; kinds[nk++] = k; first_of[k] = i; }
        else next_in[last_of[k]] = i;
        last_of[k] = i;
        parts_of[k]++;
    }
    long total = n;
    for (int j = 0; j < nk; j++) if (parts_of[kinds[j]] > 1) total += (1L << parts_of[kinds[j]]);
    if (total > 1L << 24) return -1;
    if (total > S->havecap) {
        M *h = (M *)realloc(S->have, (size_t)total * 2 * sizeof(M));
        if (!h) return -1;
        S->have = h;
        uint64_t *hh = (uint64_t *)realloc(S->haveh, (size_t)total * 2 * sizeof(uint64_t));
        if (!hh) return -1;
        S->haveh = hh; S->havecap = (int)total * 2;
    }
    M *have = S->have;
    uint64_t *hh = S->haveh;  /* have[i]'s hash */
    int nh = 0;
    for (int i = 0; i < n; i++) { hh[nh] = m_mix(groups[i]); have[nh++] = groups[i]; }
    for (int j = 0; j < nk; j++) {
        int k = kinds[j];
        if (parts_of[k] < 2) continue;
        /* unions = [0]; for part in parts: unions += [u | part for u in unions]; the empty one and
         * the single parts (already in have) left out */
        int nu = 1;
        M small[64];
        unsigned char nparts[64];
        int big = parts_of[k] > 6;
        M *tmp = big ? (M *)malloc(sizeof(M) * ((size_t)1 << parts_of[k])) : small;
        unsigned char *np = big ? (unsigned char *)malloc((size_t)1 << parts_of[k]) : nparts;
        if (!tmp || !np) { if (big) { free(tmp); free(np); } return -1; }
        tmp[0] = m_zero(); np[0] = 0;
        for (int i = first_of[k]; i >= 0; i = next_in[i]) {
            for (int u = 0; u < nu; u++) { tmp[nu + u] = m_or(tmp[u], groups[i]); np[nu + u] = (unsigned char)(np[u] + 1); }
            nu *= 2;
        }
        for (int u = 0; u < nu; u++) {
            if (np[u] < 2) continue;
            hh[nh] = m_mix(tmp[u]); have[nh++] = tmp[u];
        }
        if (big) { free(tmp); free(np); }
    }
    int built = 0;  /* hset holds have */
    M pos = m_zero();  /* a core held has all its tiles here, and its sig in have's: quick tests before the groups' */
    for (int i = 0; i < n; i++) pos = m_or(pos, groups[i]);
    M hsig = m_zero();
    uint64_t hsig64 = 0;
    for (int i = 0; i < nh; i++) { sig_set(&hsig, hh[i]); hsig64 |= sig64_of(hh[i]); }
    const uint64_t nsig64 = ~hsig64;
    uint64_t out0 = ~pos.w[0], out1 = ~pos.w[1], out2 = ~pos.w[2], out3 = ~pos.w[3];
    uint64_t ns0 = ~hsig.w[0], ns1 = ~hsig.w[1], ns2 = ~hsig.w[2], ns3 = ~hsig.w[3];
    for (int i = 0; i < nh; i++) {
        int fb = FILED_BIT(hh[i]);
        if (!(S->filed[fb >> 6] >> (fb & 63) & 1)) continue;  /* nothing filed under it */
        GEntry *e = gmap_find_h(S, have[i], hh[i]);
        if (!e) continue;
        const uint64_t *s64 = e->sig64;
        for (int c = 0; c < e->n; c++) {
            if (s64[c] & nsig64) continue;
            const uint64_t *tw = (const uint64_t *)(e->tiles + 2 * c);
            if ((tw[4] & ns0) | (tw[5] & ns1) | (tw[6] & ns2) | (tw[7] & ns3)
                | (tw[0] & out0) | (tw[1] & out1) | (tw[2] & out2) | (tw[3] & out3)) continue;
            Core *core = e->list[c];
            if (!built) {
                if (hset_reserve(S, (unsigned)nh + 1) < 0) return -1;
                S->hstamp++;
                if (S->hstamp == 0) { for (unsigned q = 0; q < S->hcap; q++) S->hset[q].stamp = 0; S->hstamp = 1; }
                for (int q = 0; q < nh; q++) hset_add(S, have[q], hh[q]);
                built = 1;
            }
            int all = 1;
            for (int q = 0; q < core->n; q++) if (!hset_has(S, core->g[q], core->gh[q])) { all = 0; break; }
            if (all) { S->core = core; *out = core; return 0; }
        }
    }
    *out = NULL;
    return 0;
}

/* ------------------------------------------------------------------ propagation */

static int propagate(S_t *S, const M *groups, int n, M tiles, const int *check, int nc,
                     M **og, int *on, M *ot, Pair **orem, int *onrem) {
    const Geo *G = &S->G;
    unsigned char live[MAXBITS], queued[MAXBITS];
    int todo[MAXBITS + 4], nt = 0;
    memset(live, 1, (size_t)n);
    memset(queued, 0, (size_t)n);
    for (int i = 0; i < nc; i++) { todo[nt++] = check[i]; queued[check[i]] = 1; }
    Pair *rem = (Pair *)ar_alloc(&S->stack, sizeof(Pair) * ((size_t)m_count(tiles) / 2 + 1));
    if (!rem) return FAIL;
    int nr = 0;
    if (charge(S, (double)nt)) return OUT_OF_WORK;
    Pair pbuf[MAXBITS * 8];
    while (nt) {
        int gi = todo[--nt];
        queued[gi] = 0;
        if (!live[gi]) continue;
        if (charge(S, 1.0)) return OUT_OF_WORK;
        M grp = groups[gi];
        M empty = m_andnot(G->padded, tiles);
        int cnt = m_count(grp), ng = 0;
        Pair gone[2];
        if (cnt == 2) {
            int a = m_low(grp);
            M b = m_xor(grp, m_bit(a));
            if (m_any(g_joins(G, m_bit(a), b, empty))) { gone[0].a = a; gone[0].b = m_low(b); ng = 1; }
        } else if (cnt == 4) {
            int np = joinable_pairs_memo(S, grp, empty, pbuf);
            for (int i = 0; i < np && !ng; i++) {
                M c = grp; m_clr(&c, pbuf[i].a); m_clr(&c, pbuf[i].b);
                int c1 = m_low(c); m_clr(&c, c1); int c2 = m_low(c);
                for (int j = 0; j < np; j++) if (pbuf[j].a == c1 && pbuf[j].b == c2) {
                    gone[0] = pbuf[i]; gone[1].a = c1; gone[1].b = c2; ng = 2; break;
                }
            }
        }
        if (!ng) continue;
        live[gi] = 0;
        tiles = m_andnot(tiles, grp);
        for (int i = 0; i < ng; i++) rem[nr++] = gone[i];
        empty = m_andnot(G->padded, tiles);
        M seen = g_reach(G, grp, empty, tiles);
        for (int oi = 0; oi < n; oi++)
            if (live[oi] && !queued[oi] && m_two(m_and(groups[oi], seen))) { todo[nt++] = oi; queued[oi] = 1; }
    }
    int k = 0;
    for (int i = 0; i < n; i++) k += live[i];
    M *out = (M *)ar_alloc(&S->stack, sizeof(M) * ((size_t)k + 2));
    if (!out) return FAIL;
    k = 0;
    for (int i = 0; i < n; i++) if (live[i]) out[k++] = groups[i];
    *og = out; *on = k; *ot = tiles; *orem = rem; *onrem = nr;
    return OK;
}

/* joinable_now: every tile joinable with a tile of its group now, with those partners, keyed in
 * the order of the sorted pairs (first tile, then second) */
static int joinable_now(S_t *S, const M *groups, int n, int *order, M *partners) {
    const Geo *G = &S->G;
    M tiles = m_zero();
    for (int i = 0; i < n; i++) tiles = m_or(tiles, groups[i]);
    M empty = m_andnot(G->padded, tiles);
    int cap = 0;
    for (int i = 0; i < n; i++) cap += pairs_cap(groups[i]);
    Pair *ps = (Pair *)malloc(sizeof(Pair) * (size_t)(cap + 1));
    if (!ps) return -1;
    int np = 0;
    for (int i = 0; i < n; i++) np += joinable_pairs(G, groups[i], empty, ps + np);
    /* sort by (a, b): insertion sort (np is small), a stable order of distinct keys */
    for (int i = 1; i < np; i++) {
        Pair x = ps[i]; int j = i - 1;
        while (j >= 0 && (ps[j].a > x.a || (ps[j].a == x.a && ps[j].b > x.b))) { ps[j + 1] = ps[j]; j--; }
        ps[j + 1] = x;
    }
    int no = 0;
    M seen = m_zero();
    for (int i = 0; i < np; i++) {
        int a = ps[i].a, b = ps[i].b;
        if (!m_has(seen, a)) { m_set(&seen, a); order[no++] = a; partners[a] = m_zero(); }
        m_set(&partners[a], b);
        if (!m_has(seen, b)) { m_set(&seen, b); order[no++] = b; partners[b] = m_zero(); }
        m_set(&partners[b], a);
    }
    free(ps);
    return no;
}

/* ------------------------------------------------------------------ the relaxation */

static Step *step_new(S_t *S, int tile, M partners, int looked, M crossed, M empty, M gone) {
    Step *s = (Step *)ar_alloc(&S->stack, sizeof(Step));
    if (!s) return NULL;
    s->tile = tile; s->partners = partners; s->looked = looked; s->crossed = crossed; s->empty = empty; s->gone = gone;
    return s;
}

static int park_grow(S_t *S) {  /* room for more parked steps (rare) */
    int ncap = S->wcap ? S->wcap * 2 : 1024;
    Step **a = (Step **)realloc(S->wstep, (size_t)ncap * sizeof(Step *));
    if (!a) return -1;
    S->wstep = a;
    int *b = (int *)realloc(S->wnext, (size_t)ncap * sizeof(int));
    if (!b) return -1;
    S->wnext = b;
    Step **c = (Step **)realloc(S->wstack, (size_t)ncap * sizeof(Step *));
    if (!c) return -1;
    S->wstack = c;
    S->wcap = ncap;
    return 0;
}

static INLINE int park(S_t *S, int key, Step *st) {
    if (S->wn == S->wcap && park_grow(S) < 0) return -1;
    int nd = S->wn++;
    S->wstep[nd] = st; S->wnext[nd] = -1;
    if (m_has(S->waitkeys, key)) { S->wnext[S->wtail[key]] = nd; S->wtail[key] = nd; }
    else { m_set(&S->waitkeys, key); S->whead[key] = S->wtail[key] = nd; }
    return 0;
}

/* waiting.pop(key) pushed onto the stack in list order */
static INLINE void unpark(S_t *S, int key, int *sp) {
    for (int nd = S->whead[key]; nd >= 0; nd = S->wnext[nd]) S->wstack[(*sp)++] = S->wstep[nd];
    m_clr(&S->waitkeys, key);
}

static int wake(S_t *S, int u, M *went_out) {
    M gone = S->rgone, went = m_zero(), tiles = S->rtiles;
    int sp = 0;
    unpark(S, u, &sp);
    while (sp) {
        Step *st = S->wstack[--sp];
        int v = st->tile;
        if (m_has(gone, v)) continue;
        M need = m_andnot(m_and(st->crossed, tiles), gone);
        if (m_any(need)) { if (park(S, m_low(need), st) < 0) return -1; continue; }
        m_set(&gone, v); m_set(&went, v);
        S->rsteps[S->nrsteps++] = st;
        if (m_has(S->waitkeys, v)) unpark(S, v, &sp);
    }
    S->rgone = gone;
    *went_out = went;
    return 0;
}

static INLINE void dq_left(S_t *S, int u) { S->dh = (S->dh - 1) & 1023; S->dq[S->dh] = u; }
static INLINE void dq_right(S_t *S, int u) { S->dq[S->dt] = u; S->dt = (S->dt + 1) & 1023; }

static const M *rgroups;  /* the position's groups, during a relaxation */
static unsigned char rgidx[MAXBITS];  /* tile -> its group's index there (only tiles of the position) */
#define RGROUP(t) (rgroups[rgidx[t]])

static void release(S_t *S, M nw, M empty) {
    M seen = g_reach_any(&S->G, nw, m_or(empty, nw), S->rtiles);
    S->floods++;
    M near = m_or(seen, nw);
    M rest = m_andnot(m_andnot(seen, S->rgone), S->queued);  /* the loop queues only the tile at hand */
    int u;
    FOR_BITS(u, rest) {
        M grp = RGROUP(u); m_clr(&grp, u);
        if (m_meets(grp, near)) { dq_left(S, u); m_set(&S->queued, u); }
    }
}

static NOINLINE int settle(S_t *S, int swept, M removed_since_root) {
    const Geo *G = &S->G;
    M tiles = S->rtiles, base_empty = S->base_empty, gone = S->rgone;
    for (;;) {
        if (S->dh == S->dt) {
            if (swept || m_eq(gone, tiles)) break;
            swept = 1;
            S->rgone = gone;
            release(S, m_or(gone, removed_since_root), base_empty);
            /* sorted(todo, key=rank, reverse=True): descending, equal ranks in their order */
            /* a counting sort: ranks lie in [0, the hint's length) */
            int tmp[1024], key[1024], k = 0, top = 0;
            for (int i = S->dh; i != S->dt; i = (i + 1) & 1023) {
                int u = S->dq[i];
                key[k] = S->rankstamp[u] == S->rstamp ? S->rank[u] : 0;
                if (key[k] > top) top = key[k];
                tmp[k++] = u;
            }
            S->dh = 0; S->dt = 0;
            if (k > 1) {
                int *count = S->rcount;  /* count[r]: where rank r's tiles start, highest rank first */
                memset(count, 0, sizeof(int) * ((size_t)top + 2));
                for (int i = 0; i < k; i++) count[top - key[i] + 1]++;
                for (int r = 1; r <= top + 1; r++) count[r] += count[r - 1];
                int sorted[1024];
                for (int i = 0; i < k; i++) sorted[count[top - key[i]]++] = tmp[i];
                for (int i = 0; i < k; i++) dq_right(S, sorted[i]);
            } else if (k == 1) dq_right(S, tmp[0]);
            continue;
        }
        S->dt = (S->dt - 1) & 1023;
        int t = S->dq[S->dt];
        m_clr(&S->queued, t);
        if (m_has(gone, t)) continue;
        M empty = m_or(base_empty, gone);
        S->floods++;
        M others = RGROUP(t); m_clr(&others, t);
        M hit;
        RMemo *rm = NULL;
        if (!S->rmemo && ++S->rfloods == RMEMO_AFTER) {  /* no memory: every flood is run */
            S->rmemo = (RMemo *)malloc(sizeof(RMemo) << RMEMO_BITS);
            if (S->rmemo) for (size_t i = 0; i < ((size_t)1 << RMEMO_BITS); i++) S->rmemo[i].t = -1;
        }
        if (S->rmemo) {
            uint64_t h = m_mix(empty) ^ (m_mix(others) * 3) ^ ((uint64_t)(t + 1) * 0xD6E8FEB86659FD93ULL);
            rm = &S->rmemo[(h ^ (h >> 32)) & ((1u << RMEMO_BITS) - 1)];
        }
        if (rm && rm->t == t && m_eq(rm->empty, empty) && m_eq(rm->others, others)) hit = rm->hit;
        else {
            hit = g_reach_any(G, m_bit(t), empty, others);
            if (rm) { rm->t = t; rm->empty = empty; rm->others = others; rm->hit = hit; }
        }
        if (m_any(hit)) {
            M nw = m_andnot(m_or(m_bit(t), hit), gone);
            Step *st = step_new(S, t, m_bit(m_low(hit)), 0, m_zero(), empty, gone);
            if (!st) return -1;
            S->rsteps[S->nrsteps++] = st;
            M rest = nw; m_clr(&rest, t);
            int u;
            FOR_BITS(u, rest) {
                st = step_new(S, u, m_bit(t), 0, m_zero(), empty, gone);
                if (!st) return -1;
                S->rsteps[S->nrsteps++] = st;
            }
            S->rgone = gone = m_or(gone, nw);
            rest = nw;
            FOR_BITS(u, rest) {
                if (m_has(S->waitkeys, u)) {
                    M went;
                    if (wake(S, u, &went) < 0) return -1;
                    nw = m_or(nw, went);
                }
            }
            gone = S->rgone;
            if (swept) release(S, nw, empty);
        }
    }
    S->rgone = gone;
    return 0;
}


/* A relaxation's start (the _Relaxation constructor): the position's groups and tiles, nothing gone,
 * nothing queued or parked, no floods yet. */
static void relax_begin(S_t *S, const M *groups, int n, M tiles) {
    rgroups = groups;
    for (int i = 0; i < n; i++) {
        M rest = groups[i]; int t;
        FOR_BITS(t, rest) { rgidx[t] = (unsigned char)i; }
    }
    S->rtiles = tiles;
    S->base_empty = m_andnot(S->G.padded, tiles);
    S->rgone = m_zero();
    S->waitkeys = m_zero(); S->queued = m_zero();
    S->wn = 0; S->dh = S->dt = 0;
    S->floods = 0;
}

/* _Relaxation.spread(): settle() without steps or parked ones, from the queued tiles; 0 when it
 * spent more than limit floods before its fixed point. */
static int spread(S_t *S, long long limit) {
    const Geo *G = &S->G;
    while (S->dh != S->dt) {
        S->dt = (S->dt - 1) & 1023;
        int t = S->dq[S->dt];
        m_clr(&S->queued, t);
        if (m_has(S->rgone, t)) continue;
        S->floods++;
        if (S->floods > limit) return 0;
        M empty = m_or(S->base_empty, S->rgone);
        M others = RGROUP(t); m_clr(&others, t);
        M hit = g_reach_any(G, m_bit(t), empty, others);
        if (m_any(hit)) {
            M nw = m_andnot(m_or(m_bit(t), hit), S->rgone);
            S->rgone = m_or(S->rgone, nw);
            release(S, nw, empty);
        }
    }
    return 1;
}

/* _Search.stuck_core(): a dead end's core, each kind the position split put back whole where the
 * relaxation still fails that way (hopeless() left S->stuck). NULL with *rc OUT_OF_WORK or FAIL. */
static Core *stuck_core(S_t *S, const M *groups, int n, M tiles, int *rc) {
    M cur[MAXBITS], trial[MAXBITS];
    int kind_at[MAXBITS], order[MAXBITS], nparts[MAXBITS];
    int nk = 0, nc = n;
    M stuck = S->stuck;
    *rc = OK;
    for (int i = 0; i < n; i++) cur[i] = groups[i];
    for (int i = 0; i < S->nroot; i++) nparts[i] = 0;
    for (int i = 0; i < n; i++) {  /* the kinds, in the order they first appear */
        int k = S->kind_idx[m_low(groups[i])];
        kind_at[i] = k;
        if (nparts[k]++ == 0) order[nk++] = k;
    }
    for (int q = 0; q < nk; q++) {
        int k = order[q];
        if (nparts[k] < 2) continue;
        M whole = m_zero();
        for (int i = 0; i < n; i++) if (kind_at[i] == k) whole = m_or(whole, groups[i]);
        if (!m_meets(whole, stuck)) continue;
        int nt = 0, put = 0;
        for (int i = 0; i < nc; i++) {
            if (S->kind_idx[m_low(cur[i])] != k) trial[nt++] = cur[i];
            else if (!put) { trial[nt++] = whole; put = 1; }
        }
        relax_begin(S, trial, nt, tiles);
        S->rgone = m_andnot(tiles, stuck);
        M rest = m_and(whole, stuck);
        while (m_any(rest)) {  /* highest first to the right end: taken from the right, lowest first */
            int t = m_high(rest);
            m_clr(&rest, t);
            dq_right(S, t);
            m_set(&S->queued, t);
        }
        int settled = spread(S, S->unpair_floods);
        if (charge(S, (double)S->floods)) { *rc = OUT_OF_WORK; return NULL; }
        if (settled && !m_eq(S->rgone, tiles)) {
            for (int i = 0; i < nt; i++) cur[i] = trial[i];
            nc = nt;
            stuck = m_andnot(tiles, S->rgone);
        }
    }
    S->stuck = stuck;
    M tmp[MAXBITS];
    int k = 0;
    for (int i = 0; i < nc; i++) if (m_meets(cur[i], stuck)) tmp[k++] = cur[i];
    for (int i = 0; i < k; i++) {  /* kinds whose pairing this jam depends on */
        int kd = S->kind_idx[m_low(tmp[i])];
        if (!m_eq(tmp[i], S->root_groups[kd])) S->activity[kd]++;
    }
    Core *c = core_new(S, tmp, k);
    if (!c) *rc = FAIL;
    return c;
}

/* hopeless(): the relaxation's steps, or NULL with S->stuck set. *rc says OUT_OF_WORK / FAIL. */
static Step **hopeless(S_t *S, const M *groups, int n, M tiles, Step **hint, int nh, int *nsteps, int *rc) {
    const Geo *G = &S->G;
    *rc = OK;
    relax_begin(S, groups, n, tiles);
    if (++S->rstamp == 0) { memset(S->rankstamp, 0, sizeof S->rankstamp); S->rstamp = 1; }
    if (nh + 2 > S->rcountcap) {  /* the settle's counting sort: one slot a rank */
        int *c = (int *)realloc(S->rcount, sizeof(int) * ((size_t)nh + 2));
        if (!c) { *rc = FAIL; return NULL; }
        S->rcount = c; S->rcountcap = nh + 2;
    }
    S->rsteps = (Step **)ar_alloc(&S->stack, sizeof(Step *) * ((size_t)m_count(tiles) + 1));
    if (!S->rsteps) { *rc = FAIL; return NULL; }
    S->nrsteps = 0;
    if (!hint) {
        int *order = S->root_order;
        M *partners = S->root_partners;
        int no = joinable_now(S, groups, n, order, partners);
        if (no < 0) { *rc = FAIL; return NULL; }
        M gone = m_zero();
        for (int i = 0; i < no; i++) {
            int u = order[i];
            m_set(&gone, u);
            Step *st = step_new(S, u, partners[u], 1, m_zero(), m_zero(), m_zero());
            if (!st) { *rc = FAIL; return NULL; }
            S->rsteps[S->nrsteps++] = st;
        }
        S->rgone = gone;
        if (m_any(gone)) release(S, gone, S->base_empty);
    } else {
        M gone = m_zero();
        S->floods += nh / 8;
        for (int i = 0; i < nh; i++) {
            Step *st = hint[i];
            int u = st->tile;
            S->rank[u] = i; S->rankstamp[u] = S->rstamp;
            if (!m_has(tiles, u) || m_has(gone, u)) continue;
            M group = RGROUP(u);
            M allowed = m_and(st->partners, group);
            Step *taken = NULL;
            M crossed = m_zero();
            if (m_any(allowed)) {
                if (!st->looked) {
                    int none;
                    M w = g_witness(G, u, m_low(st->partners), st->empty, st->gone, &none);
                    st->crossed = none ? st->gone : m_and(w, st->gone);
                    st->looked = 1;
                }
                crossed = st->crossed;
                if (!m_meets(crossed, m_andnot(tiles, gone))) taken = st;
            }
            if (!taken) {
                M partners = m_and(S->direct[u], group);
                if (m_any(partners)) {
                    taken = step_new(S, u, partners, 1, m_zero(), m_zero(), m_zero());
                    if (!taken) { *rc = FAIL; return NULL; }
                } else {
                    if (m_any(allowed)) {
                        M need = m_andnot(m_and(crossed, tiles), gone);
                        if (park(S, m_low(need), st) < 0) { *rc = FAIL; return NULL; }
                    }
                    continue;
                }
            }
            m_set(&gone, u);
            S->rsteps[S->nrsteps++] = taken;
            if (m_has(S->waitkeys, u)) {
                S->rgone = gone;
                M went;
                if (wake(S, u, &went) < 0) { *rc = FAIL; return NULL; }
                gone = S->rgone;
            }
        }
        S->rgone = gone;
        M blocked = m_zero();
        M keys = S->waitkeys;
        int k;
        FOR_BITS(k, keys) {
            for (int nd = S->whead[k]; nd >= 0; nd = S->wnext[nd]) m_set(&blocked, S->wstep[nd]->tile);
        }
        M roots = m_andnot(m_andnot(tiles, gone), blocked);
        FOR_BITS(k, roots) { dq_right(S, k); m_set(&S->queued, k); }
    }
    if (settle(S, hint == NULL, m_andnot(S->root_tiles, tiles)) < 0) { *rc = FAIL; return NULL; }
    if (charge(S, (double)(S->floods + (hint == NULL ? n : 0)))) { *rc = OUT_OF_WORK; return NULL; }
    if (!m_eq(S->rgone, tiles)) {
        S->stuck = m_andnot(tiles, S->rgone);
        return NULL;
    }
    *nsteps = S->nrsteps;
    return S->rsteps;
}

/* ------------------------------------------------------------------ search */

static int sol_set(S_t *S, const Pair *p, int k) {
    if (k > S->solcap) return -1;
    memcpy(S->sol, p, sizeof(Pair) * (size_t)k);
    S->nsol = k;
    return 0;
}
static int sol_prepend(S_t *S, const Pair *p, int k) {
    if (S->nsol + k > S->solcap) return -1;
    memmove(S->sol + k, S->sol, sizeof(Pair) * (size_t)S->nsol);
    memcpy(S->sol, p, sizeof(Pair) * (size_t)k);
    S->nsol += k;
    return 0;
}

typedef struct {
    M *cg; int cn; M ct; Pair *rem; int nrem; Step **steps; int nsteps; M nw[2]; int nn;
} Child;

static int leftover_distance(const Geo *G, M grp, int t, int partner) {
    M rest = grp; m_clr(&rest, t); m_clr(&rest, partner);
    if (m_count(rest) != 2) return 0;
    int a = m_low(rest); m_clr(&rest, a); int b = m_low(rest);
    int ax = a % G->s, ay = a / G->s, bx = b % G->s, by = b / G->s;
    return abs(ax - bx) + abs(ay - by);
}

/* a stable sort of ints by key */
static void sort_by_key(int *v, long long *key, int n) {
    for (int i = 1; i < n; i++) {
        int x = v[i]; long long kx = key[i]; int j = i - 1;
        while (j >= 0 && key[j] > kx) { v[j + 1] = v[j]; key[j + 1] = key[j]; j--; }
        v[j + 1] = x; key[j + 1] = kx;
    }
}

typedef struct { long long hot; int np; uint64_t tie; int gi; Pair *pairs; } Cand;

static int expand_in(S_t *S, const M *groups, int n, M tiles, Step **steps, int nsteps, int *found);

static int expand(S_t *S, const M *groups, int n, M tiles, Step **steps, int nsteps, int *found) {
    Mark mk = ar_mark(&S->stack);
    int rc = expand_in(S, groups, n, tiles, steps, nsteps, found);
    ar_release(&S->stack, mk);
    return rc;
}

static int expand_in(S_t *S, const M *groups, int n, M tiles, Step **steps, int nsteps, int *found) {
    const Geo *G = &S->G;
    *found = 0;
    M empty = m_andnot(G->padded, tiles);
    if (charge(S, (double)n)) return OUT_OF_WORK;
    Cand *cands = (Cand *)ar_alloc(&S->stack, sizeof(Cand) * ((size_t)n + 1));
    if (!cands) return FAIL;
    int nc = 0;
    for (int gi = 0; gi < n; gi++) {
        M grp = groups[gi];
        if (m_count(grp) < 4) continue;
        Pair *ps = (Pair *)ar_alloc(&S->stack, sizeof(Pair) * (size_t)pairs_cap(grp));
        if (!ps) return FAIL;
        int np = joinable_pairs_memo(S, grp, empty, ps);
        if (np) {
            cands[nc].hot = S->has_salt ? -S->activity[S->kind_idx[m_low(grp)]] : 0;
            cands[nc].np = np; cands[nc].tie = S->has_salt ? tie(grp, S->salt) : 0; cands[nc].gi = gi;
            cands[nc].pairs = ps; nc++;
        }
    }
    for (int i = 1; i < nc; i++) {  /* sort by (hot, pairs, tie, index): distinct keys */
        Cand x = cands[i]; int j = i - 1;
        while (j >= 0 && (cands[j].hot > x.hot || (cands[j].hot == x.hot && (cands[j].np > x.np
               || (cands[j].np == x.np && (cands[j].tie > x.tie
               || (cands[j].tie == x.tie && cands[j].gi > x.gi))))))) { cands[j + 1] = cands[j]; j--; }
        cands[j + 1] = x;
    }
    int have_best = 0, nbest = 0, nbest_dead = 0;
    Child *best = NULL;
    Core **best_dead = NULL;
    M branched = m_zero();
    int probe = nc < S->probe ? nc : S->probe;
    M *rest = (M *)ar_alloc(&S->stack, sizeof(M) * ((size_t)n + 2));
    if (!rest) return FAIL;
    for (int ci = 0; ci < probe; ci++) {
        Cand *cd = &cands[ci];
        M grp = groups[cd->gi];
        int kk = m_count(grp);
        int t = cd->pairs[S->has_salt ? (int)(tie(m_xor(grp, tiles), S->salt) % (uint64_t)cd->np) : 0].a;
        int *cand = (int *)ar_alloc(&S->stack, sizeof(int) * (size_t)kk);
        long long *key = (long long *)ar_alloc(&S->stack, sizeof(long long) * (size_t)kk);
        if (!cand || !key) return FAIL;
        int nl = 0;
        for (int i = 0; i < cd->np; i++) if (cd->pairs[i].a == t) cand[nl++] = cd->pairs[i].b;
        for (int i = 0; i < cd->np; i++) if (cd->pairs[i].b == t) cand[nl++] = cd->pairs[i].a;
        for (int i = 0; i < nl; i++) key[i] = leftover_distance(G, grp, t, cand[i]);
        sort_by_key(cand, key, nl);
        if (S->has_salt && nl > 1 && tie(m_xor(grp, tiles), ~S->salt) % 4 == 0) {
            for (int i = 0; i < nl; i++) key[i] = (long long)tie(m_xor(m_bit(cand[i]), tiles), S->salt);
            sort_by_key(cand, key, nl);
        }
        M legal = m_zero();
        for (int i = 0; i < nl; i++) m_set(&legal, cand[i]);
        int no = nl;
        M orest = m_andnot(grp, legal); m_clr(&orest, t);
        int u;
        FOR_BITS(u, orest) { cand[no++] = u; }
        for (int i = nl; i < no; i++) key[i] = leftover_distance(G, grp, t, cand[i]);
        sort_by_key(cand + nl, key + nl, no - nl);
        int nr = 0;
        for (int i = 0; i < n; i++) if (i != cd->gi) rest[nr++] = groups[i];
        Child *alive = (Child *)ar_alloc(&S->stack, sizeof(Child) * (size_t)kk);
        Core **dead = (Core **)ar_alloc(&S->stack, sizeof(Core *) * (size_t)kk);
        if (!alive || !dead) return FAIL;
        int nalive = 0, ndead = 0;
        for (int pi = 0; pi < no; pi++) {
            int partner = cand[pi];
            M pair = m_bit(t); m_set(&pair, partner);
            M left = m_andnot(grp, pair);
            M *arr = (M *)ar_alloc(&S->stack, sizeof(M) * ((size_t)n + 2));
            if (!arr) return FAIL;
            memcpy(arr, rest, sizeof(M) * (size_t)nr);
            int na = nr, chk[2], nn = 0;
            M nw[2];
            nw[nn++] = pair;
            if (m_any(left)) nw[nn++] = left;
            for (int j = 0; j < nn; j++) { chk[j] = na; arr[na++] = nw[j]; }
            M *cg; int cn; M ct; Pair *crem; int ncrem;
            int r = propagate(S, arr, na, tiles, chk, nn, &cg, &cn, &ct, &crem, &ncrem);
            if (r) return r;
            if (cn == 0) {
                if (sol_set(S, crem, ncrem) < 0) return FAIL;
                *found = 1;
                return OK;
            }
            Core *core;
            if (known_failure(S, cg, cn, &core) < 0) return FAIL;
            Step **cs = NULL; int ncs = 0;
            if (!core) {
                cs = hopeless(S, cg, cn, ct, steps, nsteps, &ncs, &r);
                if (r) return r;
                if (!cs) {
                    core = stuck_core(S, cg, cn, ct, &r);
                    if (r) return r;
                    if (learn(S, core) < 0) return FAIL;
                }
            }
            if (!cs) {
                core = S->core;
                if (core_disjoint(core, nw, nn)) { S->core = core; return OK; }
                M *tmp = (M *)ar_alloc(&S->stack, sizeof(M) * ((size_t)core->n + 1));
                if (!tmp) return FAIL;
                int k = 0;
                for (int q = 0; q < core->n; q++) if (!(m_eq(core->g[q], nw[0]) || (nn > 1 && m_eq(core->g[q], nw[1])))) tmp[k++] = core->g[q];
                Core *d = core_new(S, tmp, k);
                if (!d) return FAIL;
                dead[ndead++] = d;
                continue;
            }
            Child *ch = &alive[nalive++];
            ch->cg = cg; ch->cn = cn; ch->ct = ct; ch->rem = crem; ch->nrem = ncrem; ch->steps = cs; ch->nsteps = ncs;
            ch->nw[0] = nw[0]; ch->nw[1] = nn > 1 ? nw[1] : m_zero(); ch->nn = nn;
            if (have_best && nalive >= nbest) break;
        }
        if (!have_best || nalive < nbest) {
            have_best = 1; best = alive; nbest = nalive; best_dead = dead; nbest_dead = ndead; branched = grp;
        }
        if (nbest <= 1) break;
    }
    for (int i = 0; i < nbest; i++) {
        Child *ch = &best[i];
        Core *core;
        if (known_failure(S, ch->cg, ch->cn, &core) < 0) return FAIL;
        if (!core) {
            S->nodes++;
            if (S->nodes > S->limit) return OUT_OF_BUDGET;
            if (!(S->nodes & 63) && hs_interrupted && hs_interrupted()) return INTERRUPTED;  /* Ctrl-C, in Python */
            int f;
            int r = expand(S, ch->cg, ch->cn, ch->ct, ch->steps, ch->nsteps, &f);
            if (r) return r;
            if (f) {
                if (sol_prepend(S, ch->rem, ch->nrem) < 0) return FAIL;
                *found = 1;
                return OK;
            }
            core = S->core;
        }
        if (core_disjoint(core, ch->nw, ch->nn)) { S->core = core; return OK; }
        M *tmp = (M *)ar_alloc(&S->stack, sizeof(M) * ((size_t)core->n + 1));
        if (!tmp) return FAIL;
        int k = 0;
        for (int q = 0; q < core->n; q++)
            if (!(m_eq(core->g[q], ch->nw[0]) || (ch->nn > 1 && m_eq(core->g[q], ch->nw[1])))) tmp[k++] = core->g[q];
        Core *d = core_new(S, tmp, k);
        if (!d) return FAIL;
        best_dead[nbest_dead++] = d;
    }
    Core *c;
    if (!have_best) {
        M *tmp = (M *)ar_alloc(&S->stack, sizeof(M) * ((size_t)n + 1));
        if (!tmp) return FAIL;
        memcpy(tmp, groups, sizeof(M) * (size_t)n);
        c = core_new(S, tmp, n);
    } else {
        int tot = 1;
        for (int i = 0; i < nbest_dead; i++) tot += best_dead[i]->n;
        M *tmp = (M *)ar_alloc(&S->stack, sizeof(M) * (size_t)tot);
        if (!tmp) return FAIL;
        int k = 0;
        tmp[k++] = branched;
        for (int i = 0; i < nbest_dead; i++) for (int q = 0; q < best_dead[i]->n; q++) tmp[k++] = best_dead[i]->g[q];
        c = core_new(S, tmp, k);
    }
    if (!c || learn(S, c) < 0) return FAIL;
    return OK;
}

static int search(S_t *S, const M *groups, int n, M tiles, int *found) {
    *found = 0;
    S->nodes++;
    if (S->nodes > S->limit) return OUT_OF_BUDGET;
    int check[MAXBITS];
    for (int i = 0; i < n; i++) check[i] = i;
    M *cg; int cn; M ct; Pair *rem; int nrem;
    int r = propagate(S, groups, n, tiles, check, n, &cg, &cn, &ct, &rem, &nrem);
    if (r) return r;
    if (cn == 0) {
        if (sol_set(S, rem, nrem) < 0) return FAIL;
        *found = 1;
        return OK;
    }
    Core *core;
    if (known_failure(S, cg, cn, &core) < 0) return FAIL;
    if (core) return OK;
    int ns;
    Step **steps = hopeless(S, cg, cn, ct, NULL, 0, &ns, &r);
    if (r) return r;
    if (!steps) {
        Core *c = stuck_core(S, cg, cn, ct, &r);
        if (r) return r;
        if (learn(S, c) < 0) return FAIL;
        return OK;
    }
    int f;
    r = expand(S, cg, cn, ct, steps, ns, &f);
    if (r) return r;
    if (f) {
        if (sol_prepend(S, rem, nrem) < 0) return FAIL;
        *found = 1;
    }
    return OK;
}

/* playout(): one random game; the pairs in S->sol, *done = whether it cleared the board */
static int playout(S_t *S, M tiles, Rng *rng, Pair *legal, int *gotn) {
    const Geo *G = &S->G;
    const M *groups = S->root_groups;
    int n = S->nroot;
    M live[MAXBITS];
    for (int i = 0; i < n; i++) live[i] = groups[i];
    M empty = m_andnot(G->padded, tiles);
    int nl = 0;
    for (int i = 0; i < n; i++) nl += joinable_pairs(G, groups[i], empty, legal + nl);
    int no = 0;
    Pair pbuf[MAXBITS * 8];
    while (nl) {
        if (charge(S, 1.0)) return OUT_OF_WORK;
        Pair p = legal[rng_below(rng, (uint64_t)nl)];
        M ab = m_bit(p.a); m_set(&ab, p.b);
        S->sol[no++] = p;
        tiles = m_andnot(tiles, ab);
        int k = S->kind_idx[p.a];
        live[k] = m_andnot(live[k], ab);
        int j = 0;
        for (int i = 0; i < nl; i++)
            if (!(m_has(ab, legal[i].a) || m_has(ab, legal[i].b))) legal[j++] = legal[i];
        nl = j;
        if (!m_any(tiles)) break;
        empty = m_andnot(G->padded, tiles);
        M seen = g_reach(G, ab, empty, tiles);
        int nknown = nl;
        M done = m_zero();
        M rest = seen;
        int t;
        FOR_BITS(t, rest) {
            int kk = S->kind_idx[t];
            M r = live[kk];
            if (m_meets(done, r) || !m_two(m_and(r, seen))) continue;
            done = m_or(done, r);
            int np = joinable_pairs(G, r, empty, pbuf);
            for (int q = 0; q < np; q++) {
                int known = 0;
                for (int i = 0; i < nknown; i++) if (legal[i].a == pbuf[q].a && legal[i].b == pbuf[q].b) { known = 1; break; }
                if (!known) legal[nl++] = pbuf[q];
            }
        }
    }
    *gotn = no;
    return OK;
}

static int play_games(S_t *S, M tiles, long long run, int *found) {
    *found = 0;
    Rng rng;
    rng_seed_run(&rng, "harupan:solver:playout:", run);
    long long games = S->playouts * luby(run);
    int pairs = m_count(tiles) / 2;
    int cap = 0;
    for (int i = 0; i < S->nroot; i++) cap += pairs_cap(S->root_groups[i]);
    Pair *legal = (Pair *)malloc(sizeof(Pair) * (size_t)(cap + 1));
    if (!legal) return FAIL;
    for (long long i = 0; i < games; i++) {
        int got;
        int r = playout(S, tiles, &rng, legal, &got);
        if (r) { free(legal); return r; }
        if (got == pairs) { S->nsol = got; *found = 1; break; }
    }
    free(legal);
    return OK;
}

enum { ST_SOLVED = HS_SOLVED, ST_UNSOLVABLE = HS_UNSOLVABLE, ST_UNDECIDED = HS_UNDECIDED };

static int run_solve(S_t *S, M tiles, int *status) {
    const M *groups = S->root_groups;
    int n = S->nroot;
    /* set_root */
    {
        int order[MAXBITS];
        int no = joinable_now(S, groups, n, order, S->direct);
        if (no < 0) return FAIL;
        M keys = m_zero();
        for (int i = 0; i < no; i++) m_set(&keys, order[i]);
        for (int b = 0; b < MAXBITS; b++) if (!m_has(keys, b)) S->direct[b] = m_zero();
    }
    S->root_tiles = tiles;
    for (int i = 0; i < n; i++) {
        M rest = groups[i]; int t;
        FOR_BITS(t, rest) { S->kind_idx[t] = i; }
    }
    for (size_t i = 0; i < S->nlearned; i++) if (file_core(S, S->learned[i]) < 0) return FAIL;
    long long run = 0;
    int found = 0;
    for (;;) {
        run++;
        long long start = S->nodes, L = luby(run);
        int last = start + S->restart_unit * L >= S->budget;
        S->limit = last ? S->budget : start + S->restart_unit * L;
        if (run == 1) { S->has_salt = 0; S->salt = 0; }
        else {
            Rng r;
            rng_seed_run(&r, "harupan:solver:restart:", run);
            S->has_salt = 1; S->salt = rng_below(&r, (uint64_t)1 << 30);
        }
        S->probe = (int)(run == 1 ? S->first_probe : S->probe_groups);
        Mark mk = ar_mark(&S->stack);
        int r = search(S, groups, n, tiles, &found);
        ar_release(&S->stack, mk);
        if (r == OUT_OF_WORK) { *status = ST_UNDECIDED; return OK; }
        if (r == FAIL || r == INTERRUPTED) return r;
        if (r == OK) break;
        if (last) { *status = ST_UNDECIDED; return OK; }
        r = play_games(S, tiles, run, &found);
        if (r == OUT_OF_WORK) { *status = ST_UNDECIDED; return OK; }
        if (r == FAIL) return FAIL;
        if (found) break;
    }
    *status = found ? ST_SOLVED : ST_UNSOLVABLE;
    return OK;
}

static void s_free(S_t *S) {
    free(S->G.column);
    free(S->fset); free(S->learned);
    for (size_t i = 0; i < S->gcap; i++) if (S->gmap[i].used) { free(S->gmap[i].list); free(S->gmap[i].tiles); free(S->gmap[i].sig64); }
    free(S->gmap);
    ar_free(&S->keep); ar_free(&S->stack);
    free(S->wstep); free(S->wnext); free(S->wstack);
    free(S->rmemo); free(S->pmemo);
    free(S->hset); free(S->have); free(S->haveh); free(S->rcount);
    free(S->sol); free(S->root_groups);
    free(S);
}


/* ------------------------------------------------------------------ the API (solver_core.h) */

static int avx2_ok = 0;

int hs_init(void) {
#ifdef NEED_POPCNT
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) return 0;
#endif
#ifdef HAVE_AVX2_PATH
    __builtin_cpu_init();
    avx2_ok = __builtin_cpu_supports("avx2");
    carry_init();
    use_simd(avx2_ok);
#endif
    return 1;
}

int hs_simd(int on) {
    use_simd(on && avx2_ok);
    return on && avx2_ok;
}

int hs_simd_available(void) { return avx2_ok; }

int hs_search_new(hs_search **out, int width, int height, const hs_mask *groups, int n, long long budget,
                  double work_limit, double weight, const hs_settings *st) {
    *out = NULL;
    if (width < 1 || height < 1 || width + 3 >= 64 || (width + 3) * (height + 2) > MAXBITS || n < 0 || n > MAXBITS / 2
        || budget < 0 || st->restart_unit < 0 || st->restart_unit > (1LL << 40) || st->first_probe < 0
        || st->probe_groups < 0 || st->playouts < 0 || st->playouts > (1LL << 40) || st->unpair_floods < 0)
        return HS_ERR_ARGS;
    M tiles = m_zero();
    for (int i = 0; i < n; i++) {  /* each group: an even number of tiles, 2 to HS_MAX_KIND, none in another group */
        int k = m_count(groups[i]);
        if (k < 2 || k % 2 || k > HS_MAX_KIND || m_meets(tiles, groups[i])) return HS_ERR_GROUP;
        tiles = m_or(tiles, groups[i]);
    }
    S_t *S = (S_t *)calloc(1, sizeof(S_t));
    if (!S) return HS_ERR_MEMORY;
    if (geo_init(&S->G, width, height) < 0) { free(S); return HS_ERR_MEMORY; }
    S->root_groups = (M *)malloc(sizeof(M) * ((size_t)n + 1));
    S->solcap = m_count(tiles) / 2 + 1;
    S->sol = (Pair *)malloc(sizeof(Pair) * (size_t)S->solcap);
    if (!S->root_groups || !S->sol) { s_free(S); return HS_ERR_MEMORY; }
    for (int i = 0; i < n; i++) S->root_groups[i] = groups[i];
    if (m_any(m_andnot(tiles, m_andnot(S->G.padded, m_or(m_or(S->G.top, S->G.bottom), m_or(S->G.left, S->G.right)))))) {
        s_free(S);
        return HS_ERR_OFF_BOARD;
    }
    S->nroot = n;
    S->budget = budget;
    S->work_limit = work_limit;
    S->weight = weight;
    S->restart_unit = st->restart_unit; S->first_probe = st->first_probe; S->probe_groups = st->probe_groups;
    S->playouts = st->playouts; S->unpair_floods = st->unpair_floods;
    *out = S;
    return 0;
}

int hs_search_remember(hs_search *S, const hs_mask *groups, int n) {
    if (n < 0 || n > MAXBITS) return HS_ERR_ARGS;
    M tmp[MAXBITS];
    memcpy(tmp, groups, sizeof(M) * (size_t)n);
    Core *c = core_new(S, tmp, n);
    if (!c) return HS_ERR_MEMORY;
    if (!fset_has(S, c) && fset_add(S, c) < 0) return HS_ERR_MEMORY;
    S->given = S->nlearned;
    return 0;
}

int hs_search_run(hs_search *S, int *status) {
    M tiles = m_zero();
    for (int i = 0; i < S->nroot; i++) tiles = m_or(tiles, S->root_groups[i]);
    *status = ST_UNDECIDED;
    int r = run_solve(S, tiles, status);
    return r == OK ? 0 : r == INTERRUPTED ? HS_ERR_INTERRUPTED : HS_ERR_MEMORY;
}

long long hs_search_nodes(const hs_search *S) { return S->nodes; }
double hs_search_work(const hs_search *S) { return S->work; }
int hs_search_solution(const hs_search *S, const hs_pair **pairs) { *pairs = (const hs_pair *)S->sol; return S->nsol; }
size_t hs_search_given(const hs_search *S) { return S->given; }
size_t hs_search_cores(const hs_search *S) { return S->nlearned; }
int hs_search_core(const hs_search *S, size_t i, const hs_mask **groups) {
    *groups = S->learned[i]->g;
    return S->learned[i]->n;
}
void hs_search_free(hs_search *S) { if (S) s_free(S); }

/* ------------------------------------------------------------------ a board (game.py, build.py) */

static INLINE int b_stride(const hs_board *b) { return b->width + 3; }
static INLINE int b_bit(const hs_board *b, int x, int y) { return (y + 1) * b_stride(b) + (x + 1); }
static INLINE hs_point b_point(const hs_board *b, int bit) {
    hs_point p; p.x = bit % b_stride(b) - 1; p.y = bit / b_stride(b) - 1; return p;
}
static INLINE int b_at(const hs_board *b, int x, int y) { return b->cell[y * b->width + x]; }

static int b_counts(const hs_board *b, int counts[256]) {  /* tiles of each kind; 0 when one is odd */
    memset(counts, 0, sizeof(int) * 256);
    for (int i = 0; i < b->width * b->height; i++) if (b->cell[i]) counts[b->cell[i]]++;
    for (int k = 1; k < 256; k++) if (counts[k] % 2) return 0;
    return 1;
}

int hs_board_fits(const hs_board *b) {
    if (b->width < 1 || b->height < 1 || b->width * b->height > HS_MAX_CELLS || b->width + 3 >= 64
        || (b->width + 3) * (b->height + 2) > MAXBITS) return 0;
    int counts[256];
    b_counts(b, counts);
    for (int k = 1; k < 256; k++) if (counts[k] > HS_MAX_KIND) return 0;
    return 1;
}

/* board_bits: the tile mask and the groups in solver order (by lowest bit: a kind's first cell in
 * row-major order), returning how many; kind_of[i] is group i's kind */
static int b_groups(const hs_board *b, M *tiles, M *groups, int *kind_of) {
    int at[256];
    int n = 0;
    memset(at, -1, sizeof at);
    *tiles = m_zero();
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++) {
            int k = b_at(b, x, y);
            if (!k) continue;
            if (at[k] < 0) { at[k] = n; kind_of[n] = k; groups[n++] = m_zero(); }
            m_set(&groups[at[k]], b_bit(b, x, y));
            m_set(tiles, b_bit(b, x, y));
        }
    return n;
}

int hs_board_solve(const hs_board *b, const hs_settings *st, long long budget, double work, hs_result *out) {
    int counts[256];
    out->status = HS_UNDECIDED; out->npairs = 0; out->nodes = 0; out->work = 0;
    if (!hs_board_fits(b)) return HS_ERR_TOO_BIG;
    if (!b_counts(b, counts)) return HS_ERR_GROUP;  /* Board.check_pairs */
    if (budget < 0) budget = st->default_budget;
    M tiles, groups[MAXBITS];
    int kind_of[MAXBITS];
    int n = b_groups(b, &tiles, groups, kind_of);
    double limit = work < 0 ? (double)((budget + st->work_slack) * st->work_per_node) : work;
    double weight = (double)(b_stride(b) * (b->height + 2)) / (double)st->work_board;  /* as _Search.weight */
    hs_search *S;
    int r = hs_search_new(&S, b->width, b->height, groups, n, budget, limit, weight, st);
    if (r < 0) return r;
    int status;
    r = hs_search_run(S, &status);
    if (r < 0) { hs_search_free(S); return r; }
    out->status = status;
    out->nodes = S->nodes;
    out->work = S->work;
    if (status == HS_SOLVED) {
        out->npairs = S->nsol;
        for (int i = 0; i < S->nsol; i++) { out->pairs[i][0] = b_point(b, S->sol[i].a); out->pairs[i][1] = b_point(b, S->sol[i].b); }
    }
    hs_search_free(S);
    return 0;
}

static int pair_cmp(const void *x, const void *y) {
    const Pair *p = (const Pair *)x, *q = (const Pair *)y;
    return p->a != q->a ? (p->a < q->a ? -1 : 1) : (p->b < q->b ? -1 : p->b > q->b);
}

int hs_legal_pairs(const hs_board *b, hs_point (*out)[2], int cap) {
    if (!hs_board_fits(b)) return HS_ERR_TOO_BIG;
    Geo G;
    if (geo_init(&G, b->width, b->height) < 0) return HS_ERR_MEMORY;
    M tiles, groups[MAXBITS];
    int kind_of[MAXBITS];
    int n = b_groups(b, &tiles, groups, kind_of), total = 0;
    for (int i = 0; i < n; i++) total += pairs_cap(groups[i]);
    Pair *ps = (Pair *)malloc(sizeof(Pair) * (size_t)(total + 1));
    if (!ps) { free(G.column); return HS_ERR_MEMORY; }
    M empty = m_andnot(G.padded, tiles);
    int np = 0;
    for (int i = 0; i < n; i++) np += joinable_pairs(&G, groups[i], empty, ps + np);
    /* bits and the padded grid's indices are both row-major: sorted bits are sorted points */
    qsort(ps, (size_t)np, sizeof(Pair), pair_cmp);
    for (int i = 0; i < np && i < cap; i++) { out[i][0] = b_point(b, ps[i].a); out[i][1] = b_point(b, ps[i].b); }
    free(ps);
    free(G.column);
    return np;
}

/* paths.find_path: fewest bends, then shortest, then the first in its scan order */
static int p_blocked(const hs_board *b, int x, int y) {
    if (x < -1 || y < -1 || x > b->width || y > b->height) return 1;  /* beyond the ring */
    if (x == -1 || y == -1 || x == b->width || y == b->height) return 0;  /* the ring is always free */
    return b_at(b, x, y) != 0;
}
static INLINE int p_same(hs_point p, hs_point q) { return p.x == q.x && p.y == q.y; }
static int p_segment_clear(const hs_board *b, hs_point p, hs_point q, hs_point e1, hs_point e2) {
    if (p.x == q.x) {
        int step = q.y >= p.y ? 1 : -1;
        for (int y = p.y; y != q.y + step; y += step) {
            hs_point c = {p.x, y};
            if (!p_same(c, e1) && !p_same(c, e2) && p_blocked(b, c.x, c.y)) return 0;
        }
    } else {
        int step = q.x >= p.x ? 1 : -1;
        for (int x = p.x; x != q.x + step; x += step) {
            hs_point c = {x, p.y};
            if (!p_same(c, e1) && !p_same(c, e2) && p_blocked(b, c.x, c.y)) return 0;
        }
    }
    return 1;
}
static int p_ok(const hs_board *b, const hs_point *pts, int n, hs_point e1, hs_point e2) {
    for (int i = 0; i + 1 < n; i++) if (!p_segment_clear(b, pts[i], pts[i + 1], e1, e2)) return 0;
    return 1;
}
static int p_length(const hs_point *pts, int n) {
    int s = 0;
    for (int i = 0; i + 1 < n; i++) s += abs(pts[i].x - pts[i + 1].x) + abs(pts[i].y - pts[i + 1].y);
    return s;
}

static int find_path(const hs_board *b, hs_point a, hs_point z, hs_point out[4]) {
    if (p_same(a, z)) return 0;
    hs_point two[2] = {a, z};
    if ((a.x == z.x || a.y == z.y) && p_ok(b, two, 2, a, z)) { out[0] = a; out[1] = z; return 2; }
    int have = 0, best_len = 0;
    hs_point corners[2] = {{z.x, a.y}, {a.x, z.y}};
    for (int i = 0; i < 2; i++) {
        hs_point c = corners[i], cand[3] = {a, c, z};
        if (p_same(c, a) || p_same(c, z) || p_blocked(b, c.x, c.y) || !p_ok(b, cand, 3, a, z)) continue;
        if (!have || p_length(cand, 3) < best_len) { have = 1; best_len = p_length(cand, 3); memcpy(out, cand, sizeof cand); }
    }
    if (have) return 3;
    /* 2 bends: a vertical run to row y, across, to b; then horizontal, vertical, horizontal; the
     * first of the shortest */
    for (int pass = 0; pass < 2; pass++) {
        int lo = -1, hi = pass == 0 ? b->height : b->width;
        for (int v = lo; v <= hi; v++) {
            hs_point p = pass == 0 ? (hs_point){a.x, v} : (hs_point){v, a.y};
            hs_point q = pass == 0 ? (hs_point){z.x, v} : (hs_point){v, z.y};
            if (p_same(p, a) || p_same(p, z) || p_same(q, a) || p_same(q, z) || p_blocked(b, p.x, p.y)
                || p_blocked(b, q.x, q.y) || (pass == 0 ? a.x == z.x : a.y == z.y)) continue;
            hs_point cand[4] = {a, p, q, z};
            if (!p_ok(b, cand, 4, a, z)) continue;
            if (!have || p_length(cand, 4) < best_len) { have = 1; best_len = p_length(cand, 4); memcpy(out, cand, sizeof cand); }
        }
    }
    return have ? 4 : 0;
}

int hs_check_move(const hs_board *b, hs_point a, hs_point z, hs_point out[4]) {
    hs_point ends[2] = {a, z};
    for (int i = 0; i < 2; i++) {
        hs_point p = ends[i];
        if (p.x < 0 || p.y < 0 || p.x >= b->width || p.y >= b->height || !b_at(b, p.x, p.y)) return 0;
    }
    if (p_same(a, z) || b_at(b, a.x, a.y) != b_at(b, z.x, z.y)) return 0;
    return find_path(b, a, z, out);
}

int hs_hint(const hs_board *b, const hs_settings *st, long long budget, const hs_point (*order)[2], int norder,
            hs_hint_out *out) {
    out->kind = HS_HINT_NONE; out->npath = 0; out->solved = 0; out->whole.npairs = 0;
    int cap = HS_MAX_LEGAL, np;
    hs_point (*pairs)[2];
    for (;;) {
        pairs = (hs_point (*)[2])malloc(sizeof(hs_point[2]) * (size_t)cap);
        if (!pairs) return HS_ERR_MEMORY;
        np = hs_legal_pairs(b, pairs, cap);
        if (np <= cap) break;
        free(pairs);
        cap = np;
    }
    if (np <= 0) { free(pairs); return np; }  /* none legal (or an error) */
    hs_point first[2];
    if (order && norder > 0) {
        first[0] = order[0][0]; first[1] = order[0][1];
    } else {
        int r = hs_board_solve(b, st, budget, -1, &out->whole);
        if (r < 0) { free(pairs); return r; }
        out->solved = 1;
        if (out->whole.status != HS_SOLVED) {
            out->kind = out->whole.status == HS_UNSOLVABLE ? HS_HINT_LOST : HS_HINT_UNDECIDED;
            free(pairs);
            return 0;
        }
        first[0] = out->whole.pairs[0][0]; first[1] = out->whole.pairs[0][1];
    }
    /* the last two of a kind are always safe on a solvable board (they must pair with each other) */
    int counts[256];
    b_counts(b, counts);
    int chosen = 0;
    for (int i = 0; i < np && !chosen; i++)
        if (counts[b_at(b, pairs[i][0].x, pairs[i][0].y)] == 2) { out->pair[0] = pairs[i][0]; out->pair[1] = pairs[i][1]; chosen = 1; }
    free(pairs);
    if (!chosen) {  /* the clearing order's first pair, in row-major order */
        int swap = first[1].y < first[0].y || (first[1].y == first[0].y && first[1].x < first[0].x);
        out->pair[0] = first[swap]; out->pair[1] = first[!swap];
    }
    out->npath = hs_check_move(b, out->pair[0], out->pair[1], out->path);
    if (!out->npath) return HS_ERR_ARGS;  /* an order given that does not start with a legal pair */
    out->kind = HS_HINT_PAIR;
    return 0;
}

/* ---- the shuffle: build.py's domino tiling and place_pairs, then game.py's shuffle */

static void rng_shuffle(Rng *rng, unsigned char *items, int n) {  /* Fisher-Yates from the last index down */
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(rng, (uint64_t)i + 1);
        unsigned char t = items[i]; items[i] = items[j]; items[j] = t;
    }
}

#define PARTNERS (MAXBITS + 64)  /* a cell's right and lower neighbours stay below this */

/* build.domino_tiling: the dominoes (lower cell, higher cell) sorted, or 0 when the cells have none */
static int domino_tiling(const Geo *G, M cells, Rng *rng, int (*pairs)[2], int *npairs) {
    int s = G->s, order[MAXBITS], n = 0, partner[PARTNERS];
    int b;
    FOR_BITS(b, cells) { order[n++] = b; }
    for (int i = 0; i < PARTNERS; i++) partner[i] = -1;
    int st_i[MAXBITS], st_opt[MAXBITS][2], st_nopt[MAXBITS], st_next[MAXBITS], depth = 0;
    int budget = 50000;
#define FIRST_FREE(start, into) do { into = -1; for (int q_ = (start); q_ < n; q_++) if (partner[order[q_]] < 0) { into = q_; break; } } while (0)
    int i;
    FIRST_FREE(0, i);
    while (i >= 0) {
        int c = order[i], nopt = 0, opts[2];
        int cand[2] = {c + 1, c + s};
        for (int k = 0; k < 2; k++)
            if (cand[k] < MAXBITS && m_has(cells, cand[k]) && partner[cand[k]] < 0) opts[nopt++] = cand[k];
        if (nopt == 2 && rng_below(rng, 2)) { int t = opts[0]; opts[0] = opts[1]; opts[1] = t; }
        st_i[depth] = i; st_opt[depth][0] = nopt > 0 ? opts[0] : -1; st_opt[depth][1] = nopt > 1 ? opts[1] : -1;
        st_nopt[depth] = nopt; st_next[depth] = 0; depth++;
        for (;;) {
            if (--budget < 0) return 0;
            if (!depth) return 0;
            int top = depth - 1, sc = order[st_i[top]];
            if (partner[sc] >= 0) { int m = partner[sc]; partner[sc] = -1; partner[m] = -1; }  /* undo this depth's choice */
            if (st_next[top] < st_nopt[top]) {
                int m = st_opt[top][st_next[top]++];
                partner[sc] = m; partner[m] = sc;
                break;
            }
            depth--;
        }
        FIRST_FREE(st_i[depth - 1] + 1, i);
    }
#undef FIRST_FREE
    int np = 0;
    for (int k = 0; k < n; k++) if (partner[order[k]] > order[k]) { pairs[np][0] = order[k]; pairs[np][1] = partner[order[k]]; np++; }
    /* flip random 2x2 squares: two horizontal dominoes stacked <-> two vertical side by side */
    int rounds = 4 * np;
    for (int r = 0; r < rounds; r++) {
        int k = (int)rng_below(rng, (uint64_t)np);
        int a = pairs[k][0], z = pairs[k][1];
        int o2a, o2b, n1a, n1b, n2a, n2b;
        if (z == a + 1) {  /* horizontal: look below */
            o2a = a + s; o2b = a + s + 1; n1a = a; n1b = a + s; n2a = z; n2b = z + s;
        } else {  /* vertical: look right */
            o2a = a + 1; o2b = z + 1; n1a = a; n1b = a + 1; n2a = z; n2b = z + 1;
        }
        if (o2a >= PARTNERS || partner[o2a] != o2b) continue;
        partner[a] = partner[z] = partner[o2a] = partner[o2b] = -1;
        partner[n1a] = n1b; partner[n1b] = n1a; partner[n2a] = n2b; partner[n2b] = n2a;
        int j = 0;  /* the two old dominoes out, the two new in, sorted (as bisect and insort keep it) */
        for (int q = 0; q < np; q++) if (!(pairs[q][0] == a && pairs[q][1] == z) && !(pairs[q][0] == o2a && pairs[q][1] == o2b)) {
            pairs[j][0] = pairs[q][0]; pairs[j][1] = pairs[q][1]; j++;
        }
        int add[2][2] = {{n1a, n1b}, {n2a, n2b}};
        for (int q = 0; q < 2; q++) {
            int at = j;
            while (at > 0 && (pairs[at - 1][0] > add[q][0] || (pairs[at - 1][0] == add[q][0] && pairs[at - 1][1] > add[q][1]))) {
                pairs[at][0] = pairs[at - 1][0]; pairs[at][1] = pairs[at - 1][1]; at--;
            }
            pairs[at][0] = add[q][0]; pairs[at][1] = add[q][1]; j++;
        }
    }
    *npairs = np;
    return 1;
}

#define CROSS_TRIES 30  /* build.py's */

static INLINE M reach_cells(const Geo *G, M source, M empty) {
    M h2, v2;
    stages(G, source, empty, &h2, &v2);
    return m_andnot(m_or(h2, v2), source);
}

/* build.place_pairs with cross = 1.0: kinds[k] for the k-th pair placed; the cells' kinds in kind_at,
 * the removal order (bit pairs, lower first) in removal; 0 when the cells have no domino tiling */
static int place_pairs(const Geo *G, M cells, const unsigned char *kinds, Rng *rng, unsigned char *kind_at,
                       int (*removal)[2]) {
    int free_[MAXBITS / 2][2], nfree;
    if (!domino_tiling(G, cells, rng, free_, &nfree)) return 0;
    int placed[MAXBITS][2], nplaced = 0;
    M filled = m_zero();
    const uint32_t threshold = 1024;  /* int(cross * 1024) */
    while (nfree) {
        int k = (int)rng_below(rng, (uint64_t)nfree);
        int d1[2] = {free_[k][0], free_[k][1]};
        memmove(free_[k], free_[k + 1], sizeof(free_[0]) * (size_t)(nfree - k - 1));
        nfree--;
        int crossed = 0;
        if (nfree && rng_below(rng, 1024) < threshold) {
            int tries = nfree < CROSS_TRIES ? nfree : CROSS_TRIES;
            for (int t = 0; t < tries; t++) {
                int j = (int)rng_below(rng, (uint64_t)nfree);
                int f = (int)rng_below(rng, 2);
                int p0 = d1[0], p1 = free_[j][f], q0 = d1[1], q1 = free_[j][1 - f];
                M m1 = m_or(m_bit(p0), m_bit(p1)), m2 = m_or(m_bit(q0), m_bit(q1));
                M empty = m_andnot(G->padded, filled);
                if (!m_has(reach_cells(G, m_bit(p0), empty), p1)) continue;
                if (!m_has(reach_cells(G, m_bit(q0), m_andnot(empty, m1)), q1)) continue;
                memmove(free_[j], free_[j + 1], sizeof(free_[0]) * (size_t)(nfree - j - 1));
                nfree--;
                placed[nplaced][0] = p0; placed[nplaced][1] = p1; nplaced++;
                placed[nplaced][0] = q0; placed[nplaced][1] = q1; nplaced++;
                filled = m_or(filled, m_or(m1, m2));
                crossed = 1;
                break;
            }
        }
        if (!crossed) {
            placed[nplaced][0] = d1[0]; placed[nplaced][1] = d1[1]; nplaced++;
            filled = m_or(filled, m_or(m_bit(d1[0]), m_bit(d1[1])));
        }
    }
    for (int k = 0; k < nplaced; k++) { kind_at[placed[k][0]] = kinds[k]; kind_at[placed[k][1]] = kinds[k]; }
    for (int k = 0; k < nplaced; k++) {
        int a = placed[nplaced - 1 - k][0], z = placed[nplaced - 1 - k][1];
        removal[k][0] = a < z ? a : z; removal[k][1] = a < z ? z : a;
    }
    return 1;
}

static int b_same(const hs_board *x, const hs_board *y) {
    return memcmp(x->cell, y->cell, (size_t)(x->width * x->height)) == 0;
}

int hs_shuffle(const hs_board *b, const hs_settings *st, const char *seed, size_t seed_len, long long budget,
               hs_board *out, hs_point (*solution)[2], int *nsolution) {
    int counts[256];
    *out = *b;
    *nsolution = 0;
    if (!hs_board_fits(b)) return HS_ERR_TOO_BIG;
    if (!b_counts(b, counts)) return HS_ERR_GROUP;  /* Board.check_pairs */
    if (budget < 0) budget = st->shuffle_budget;
    M tiles, groups[MAXBITS];
    int kind_of[MAXBITS];
    int nkinds = b_groups(b, &tiles, groups, kind_of);
    if (!m_any(tiles)) return 0;
    unsigned char pair_kinds[MAXBITS / 2];  /* one per pair, sorted (ids follow the codes' order) */
    int npk = 0;
    for (int k = 1; k < 256; k++) for (int c = 0; c < counts[k] / 2; c++) pair_kinds[npk++] = (unsigned char)k;
    Rng rng;
    rng_seed_bytes(&rng, seed, seed_len);
    Geo G;
    if (geo_init(&G, b->width, b->height) < 0) return HS_ERR_MEMORY;
    for (int attempt = 0; attempt < 8; attempt++) {
        unsigned char order[MAXBITS / 2], kind_at[MAXBITS];
        int removal[MAXBITS / 2][2];
        memcpy(order, pair_kinds, (size_t)npk);
        rng_shuffle(&rng, order, npk);
        if (!place_pairs(&G, tiles, order, &rng, kind_at, removal)) break;  /* no domino tiling: no use trying again */
        hs_board next = *b;
        int t;
        FOR_BITS(t, tiles) { hs_point p = b_point(b, t); next.cell[p.y * b->width + p.x] = kind_at[t]; }
        if (b_same(&next, b) && nkinds > 1) continue;
        *out = next;
        for (int k = 0; k < npk; k++) { solution[k][0] = b_point(b, removal[k][0]); solution[k][1] = b_point(b, removal[k][1]); }
        *nsolution = npk;
        free(G.column);
        return 0;
    }
    free(G.column);
    /* cells with no domino tiling: seeded arrangements, each proved by the solver, sharing one solve's work */
    int cells[MAXBITS], ncells = 0;
    unsigned char codes[MAXBITS];
    for (int i = 0; i < b->width * b->height; i++) if (b->cell[i]) cells[ncells++] = i;
    int nc = 0;
    for (int k = 1; k < 256; k++) for (int c = 0; c < counts[k]; c++) codes[nc++] = (unsigned char)k;
    double work = (double)(budget * st->work_per_node);
    hs_result *res = (hs_result *)malloc(sizeof(hs_result));
    if (!res) return HS_ERR_MEMORY;
    for (int attempt = 0; attempt < 64; attempt++) {
        rng_shuffle(&rng, codes, nc);
        hs_board next = *b;
        for (int k = 0; k < ncells; k++) next.cell[cells[k]] = codes[k];
        if (b_same(&next, b) && nkinds > 1) continue;
        int r = hs_board_solve(&next, st, budget, work, res);
        if (r < 0) { free(res); return r; }
        if (res->status == HS_SOLVED) {
            *out = next;
            memcpy(solution, res->pairs, sizeof(hs_point[2]) * (size_t)res->npairs);
            *nsolution = res->npairs;
            free(res);
            return 0;
        }
        work -= res->work;
        if (work <= 0) break;
    }
    free(res);
    return HS_ERR_NO_ARRANGEMENT;
}
