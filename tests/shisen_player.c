/* An independent Shisen-sho player for the statistical tests (tests/test_shisen_holdup.py).

   It shares no code with harupan: it reads a board in the text form (one row a line, two-letter
   tile codes, ".." for an empty cell), plays GAMES games from it and prints how many ended stuck.
   Every turn its legal pairs are worked out from scratch from the grid (nothing is carried from
   one turn to the next), and its choices come from its own RNG (splitmix64, not the project's
   xoshiro128**), seeded by SEED.

     shisen_player random|ahead GAMES SEED [trace] < board.txt

   random: a legal pair chosen uniformly each turn. ahead: among the legal pairs, one leaving the
   most legal pairs afterwards (each counted from scratch), ties chosen uniformly.
   Output: "stuck N games GAMES". With "trace", every turn is printed too, so a test can check it
   against the Python reference player (tests/shisen_oracles.py, ScratchBoard) move by move:
     pairs x,y,x,y ...   every legal pair, in cell order (row by row, left to right)
     best x,y,x,y ...    (ahead) the pairs the look-ahead chooses among
     take x,y,x,y        the pair removed
     end cleared|stuck
   Pairs are listed in order of their first tile's cell, then their second's; a choice is
   list[below(len(list))], below(n) = the first draw r with r >= 2^64 mod n, taken mod n.

   Two tiles join (at most two bends, through empty cells or around the board's edge) exactly
   when some row lies in both tiles' vertical runs of empty cells and is empty between their
   columns, or some column lies in both horizontal runs and is empty between their rows; a tile's
   own cell counts as part of its runs. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXW 40 /* the largest board harupan accepts; with the ring, a line fits in 64 bits */
#define MAXT (MAXW * MAXW)

static int W, H;                         /* board size; cells are 1..W x 1..H, the ring 0 and W+1 / H+1 */
static int grid[MAXW + 2][MAXW + 2];     /* kind + 1, or 0 for empty */
static int nkinds;
static char kindname[MAXT][3];

static uint64_t rng_state;

static uint64_t next_u64(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int below(int n) { /* uniform in 0..n-1, by rejection */
    uint64_t m = (uint64_t)n, threshold = (0 - m) % m, r;
    do r = next_u64(); while (r < threshold);
    return (int)(r % m);
}

typedef struct { unsigned char ax, ay, bx, by; } Pair;

static Pair pairs[MAXT * (MAXT - 1) / 2]; /* the current turn's legal pairs (at most every pair) */
static Pair best[MAXT * (MAXT - 1) / 2];

/* Legal pairs of the position in ``grid``, worked out from scratch; written to ``out`` (when not
   NULL) in cell order. Returns how many. */
static int legal(Pair *out) {
    static uint64_t rows[MAXW + 2], cols[MAXW + 2];
    static int tx[MAXT], ty[MAXT], tk[MAXT], vlo[MAXT], vhi[MAXT], hlo[MAXT], hhi[MAXT];
    static int later[MAXT], last[MAXT + 1]; /* the next tile of the same kind in cell order, or -1 */
    int n = 0, count = 0;
    memset(rows, 0, sizeof rows);
    memset(cols, 0, sizeof cols);
    for (int k = 0; k <= nkinds; k++) last[k] = -1;
    for (int y = 1; y <= H; y++)
        for (int x = 1; x <= W; x++)
            if (grid[y][x]) {
                rows[y] |= 1ULL << x;
                cols[x] |= 1ULL << y;
                tx[n] = x; ty[n] = y; tk[n] = grid[y][x];
                later[n] = -1;
                if (last[tk[n]] >= 0) later[last[tk[n]]] = n;
                last[tk[n]] = n;
                n++;
            }
    for (int i = 0; i < n; i++) {
        int x = tx[i], y = ty[i], k;
        for (k = y - 1; k >= 0 && !grid[k][x]; k--) ;
        vlo[i] = k + 1;
        for (k = y + 1; k <= H + 1 && !grid[k][x]; k++) ;
        vhi[i] = k - 1;
        for (k = x - 1; k >= 0 && !grid[y][k]; k--) ;
        hlo[i] = k + 1;
        for (k = x + 1; k <= W + 1 && !grid[y][k]; k++) ;
        hhi[i] = k - 1;
    }
    for (int i = 0; i < n; i++)
        for (int j = later[i]; j >= 0; j = later[j]) {
            int ok = 0;
            int lo = vlo[i] > vlo[j] ? vlo[i] : vlo[j], hi = vhi[i] < vhi[j] ? vhi[i] : vhi[j];
            if (lo <= hi) { /* a row in both vertical runs, empty between the two columns */
                int a = tx[i] < tx[j] ? tx[i] : tx[j], b = tx[i] < tx[j] ? tx[j] : tx[i];
                uint64_t between = b > a + 1 ? ((1ULL << (b - a - 1)) - 1) << (a + 1) : 0;
                for (int r = lo; r <= hi && !ok; r++) ok = !(rows[r] & between);
            }
            lo = hlo[i] > hlo[j] ? hlo[i] : hlo[j];
            hi = hhi[i] < hhi[j] ? hhi[i] : hhi[j];
            if (!ok && lo <= hi) { /* a column in both horizontal runs, empty between the two rows */
                int a = ty[i] < ty[j] ? ty[i] : ty[j], b = ty[i] < ty[j] ? ty[j] : ty[i];
                uint64_t between = b > a + 1 ? ((1ULL << (b - a - 1)) - 1) << (a + 1) : 0;
                for (int c = lo; c <= hi && !ok; c++) ok = !(cols[c] & between);
            }
            if (ok) {
                if (out) out[count] = (Pair){tx[i], ty[i], tx[j], ty[j]};
                count++;
            }
        }
    return count;
}

static void print_pairs(const char *label, const Pair *p, int n) {
    printf("%s", label);
    for (int i = 0; i < n; i++) printf(" %d,%d,%d,%d", p[i].ax - 1, p[i].ay - 1, p[i].bx - 1, p[i].by - 1);
    printf("\n");
}

/* One game on ``start``; 1 when the board is cleared. */
static int play(int start[MAXW + 2][MAXW + 2], int tiles, int ahead, int trace) {
    memcpy(grid, start, sizeof grid);
    while (tiles) {
        int n = legal(pairs);
        if (trace) print_pairs("pairs", pairs, n);
        if (!n) {
            if (trace) printf("end stuck\n");
            return 0;
        }
        Pair *choose = pairs;
        if (ahead) {
            int top = -1, m = 0;
            for (int i = 0; i < n; i++) {
                Pair p = pairs[i];
                int kind = grid[p.ay][p.ax];
                grid[p.ay][p.ax] = grid[p.by][p.bx] = 0;
                int after = legal(NULL);
                grid[p.ay][p.ax] = grid[p.by][p.bx] = kind;
                if (after > top) { top = after; m = 0; }
                if (after == top) best[m++] = p;
            }
            if (trace) print_pairs("best", best, m);
            choose = best;
            n = m;
        }
        Pair p = choose[below(n)];
        if (trace) print_pairs("take", &p, 1);
        grid[p.ay][p.ax] = grid[p.by][p.bx] = 0;
        tiles -= 2;
    }
    if (trace) printf("end cleared\n");
    return 1;
}

static void fail(const char *why) {
    fprintf(stderr, "shisen_player: %s\n", why);
    exit(2);
}

int main(int argc, char **argv) {
    static int start[MAXW + 2][MAXW + 2];
    if (argc < 4 || argc > 5 || (strcmp(argv[1], "random") && strcmp(argv[1], "ahead")))
        fail("usage: shisen_player random|ahead GAMES SEED [trace] < board.txt");
    int ahead = !strcmp(argv[1], "ahead"), trace = argc == 5 && !strcmp(argv[4], "trace");
    long games = strtol(argv[2], NULL, 10);
    rng_state = strtoull(argv[3], NULL, 10);
    if (games < 1) fail("GAMES must be a positive number");

    char line[4096];
    int tiles = 0;
    H = W = 0;
    while (fgets(line, sizeof line, stdin)) {
        int x = 0;
        for (char *tok = strtok(line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
            if (strlen(tok) != 2) fail("a cell is not two characters");
            if (x >= MAXW || H >= MAXW) fail("board too large");
            int kind = 0;
            if (strcmp(tok, "..")) {
                for (kind = 1; kind <= nkinds && strcmp(kindname[kind - 1], tok); kind++) ;
                if (kind > nkinds) memcpy(kindname[nkinds++], tok, 3);
                tiles++;
            }
            start[H + 1][x + 1] = kind;
            x++;
        }
        if (!x) continue;
        if (W && x != W) fail("ragged rows");
        W = x;
        H++;
    }
    if (!W) fail("empty board");

    long stuck = 0;
    for (long g = 0; g < games; g++) stuck += !play(start, tiles, ahead, trace);
    printf("stuck %ld games %ld\n", stuck, games);
    return 0;
}
