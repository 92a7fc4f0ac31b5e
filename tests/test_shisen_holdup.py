"""Issue 21's check that the published Shisen-sho figures hold up: the layouts of 10 dates x 3
levels are played again by an independent player, and its shares are compared with what the
layouts publish.

The player (tests/shisen_player.c) is written in C so that every date fits in every CI run: it
shares no code with harupan, has its own RNG (splitmix64) and works out each turn's legal pairs
from scratch; the test compiles it into its own temporary folder (a missing C compiler fails the
test, naming the package). It is checked move by move against the plain-Python reference
(tests/shisen_oracles.py, ScratchBoard), which is checked against the exhaustive corner search
on small boards and, for the look-ahead, against the engine's own player.

This file is its own pytest-xdist unit (``--dist loadfile``), about 115 s of CPU on one worker:
the 30 layouts are dealt once here (about 70 s) and shared by the three statistical tests below;
the C games take 1.2 to 1.9 s a date, the careful player in Python about 28 s in all. One file,
not two: split by date, each half would deal its layouts and the careful test would need both.
"""

import datetime as dt
import functools
import hashlib
import random
import resource
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from harupan.engine.shisen import Board, format_text, legal_pairs, parse_text
from harupan.generator.games.shisen.layouts import PLAYOUTS, PRESETS, deal, generate

from conftest import as_date, artifact, system_tool
from shisen_oracles import ScratchBoard, brute_legal_pairs

PLAYER_SOURCE = Path(__file__).with_name("shisen_player.c")
# Dates for the statistical checks: none of them is in the tuning set the bands were read from
# (that set is seeded harupan:tune:N, not by date).
CHECK_DATES = ["2026-03-01", "2026-04-17", "2026-05-05", "2026-06-30", "2026-08-15",
               "2026-09-09", "2026-10-03", "2026-12-25", "2027-02-14", "2027-03-01"]
RANDOM_GAMES = 4096  # a layout's games for the random player, on every level (see the hold-up test)
AHEAD_GAMES = 512  # the look-ahead player's games on each hard layout


@functools.cache
def made(date: str, size: str, level: str):
    """Layouts are values: the statistical tests share each one instead of dealing it again."""
    return generate(as_date(date), size, level)


@pytest.fixture(scope="module")
def player(tmp_path_factory) -> Path:
    """tests/shisen_player.c compiled into this run's temporary folder (never into the checkout)."""
    gcc = system_tool("gcc")
    exe = tmp_path_factory.mktemp("shisen-player") / "shisen_player"
    r = subprocess.run([gcc, "-O2", "-std=c11", "-Wall", "-Wextra", "-o", str(exe), str(PLAYER_SOURCE)],
                       capture_output=True, text=True)
    if r.returncode != 0 or r.stderr.strip():
        pytest.fail(f"{gcc} could not compile {PLAYER_SOURCE.name} cleanly:\n{r.stderr}", pytrace=False)
    return exe


def seed_for(label: str) -> int:
    """The player's 64-bit seed for ``label`` (the first 8 bytes of its SHA-256, little-endian)."""
    return int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "little")


def play(player: Path, board: Board, mode: str, games: int, seed: int, trace: bool = False) -> tuple[int, str]:
    """(games stuck, the player's output) for ``games`` games of ``mode`` (random or ahead) on ``board``."""
    r = subprocess.run([str(player), mode, str(games), str(seed)] + (["trace"] if trace else []),
                       input=format_text(board), capture_output=True, text=True, check=True)
    last = r.stdout.splitlines()[-1].split()
    assert last[0] == "stuck" and int(last[3]) == games, last
    return int(last[1]), r.stdout


class SplitMix:
    """The C player's RNG and its ``below(n)``, in Python, so its choices can be checked."""

    M = (1 << 64) - 1

    def __init__(self, seed: int):
        self.state = seed

    def below(self, n: int) -> int:
        threshold = (-n % (1 << 64)) % n
        while True:
            self.state = (self.state + 0x9E3779B97F4A7C15) & self.M
            z = self.state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.M
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.M
            z ^= z >> 31
            if z >= threshold:
                return z % n


def _cell_order(pairs) -> list[tuple[int, ...]]:
    """ScratchBoard's pairs (cells numbered from 1) as the C player lists them: 0-based x,y,x,y,
    the earlier cell first (row by row), the list in cell order."""
    out = []
    for a, b, _ in pairs:
        a, b = sorted([(a[0] - 1, a[1] - 1), (b[0] - 1, b[1] - 1)], key=lambda p: (p[1], p[0]))
        out.append((*a, *b))
    return sorted(out, key=lambda t: (t[1], t[0], t[3], t[2]))


def _listed(line: str, label: str) -> list[tuple[int, ...]]:
    words = line.split()
    assert words[0] == label, (label, line)
    return [tuple(int(v) for v in w.split(",")) for w in words[1:]]


def _check_trace(board: Board, output: str, ahead: bool, seed: int) -> int:
    """Replay the C player's trace with ScratchBoard and the same RNG: the same legal pairs (and
    look-ahead choices) every turn, the same pair taken, the same end. Returns the games stuck."""
    rng, lines, stuck = SplitMix(seed), iter(output.splitlines()), 0
    for line in lines:
        if line.startswith("stuck "):
            assert int(line.split()[1]) == stuck
            return stuck
        pos = ScratchBoard(board)
        while True:
            pairs = pos.legal_pairs()
            assert _listed(line, "pairs") == _cell_order(pairs)
            if not pairs:
                assert next(lines) == "end stuck"
                stuck += 1
                break
            choices = pairs
            if ahead:
                counts = []
                for a, b, code in pairs:
                    pos.remove(a, b, code)
                    counts.append(len(pos.legal_pairs()))
                    pos.restore(a, b, code)
                choices = [p for p, n in zip(pairs, counts) if n == max(counts)]
                assert _listed(next(lines), "best") == _cell_order(choices)
            ordered = _cell_order(choices)
            (taken,) = _listed(next(lines), "take")
            assert taken == ordered[rng.below(len(ordered))]
            ax, ay, bx, by = taken
            a, b = (ax + 1, ay + 1), (bx + 1, by + 1)
            pos.remove(a, b, board[(ax, ay)])
            if not pos.count:
                assert next(lines) == "end cleared"
                break
            line = next(lines)
    raise AssertionError("the trace has no final count")


def _small_boards() -> list[Board]:
    """Small seeded boards with holes, kinds of two and of four tiles, and tiles against the edges."""
    rng = random.Random(21)
    boards = []
    for w, h, kinds, fill in [(6, 4, 4, 1.0), (7, 5, 5, 0.7), (5, 5, 3, 0.5), (8, 3, 6, 0.8)]:
        cells = [".."] * (w * h)
        spots = rng.sample(range(w * h), int(fill * w * h) // 2 * 2)
        for i in range(0, len(spots), 2):
            cells[spots[i]] = cells[spots[i + 1]] = f"{rng.randrange(kinds) + 1}m"
        boards.append(parse_text("".join(" ".join(cells[y * w:(y + 1) * w]) + "\n" for y in range(h))))
    return boards


def test_scratch_board_matches_the_exhaustive_search_on_small_boards():
    """The Python reference's legal pairs are the exhaustive corner search's, turn by turn."""
    rng = random.Random(7)
    for board in _small_boards():
        pos = ScratchBoard(board)
        while True:
            pairs = pos.legal_pairs()
            cells = {(x - 1, y - 1) for tiles in pos.kinds.values() for x, y in tiles}
            now = board.with_cells({p: None for p, _ in board.tiles() if p not in cells})
            assert {frozenset(p) for p in brute_legal_pairs(now)} == \
                {frozenset(((a[0] - 1, a[1] - 1), (b[0] - 1, b[1] - 1))) for a, b, _ in pairs}
            if not pairs:
                break
            pos.remove(*pairs[rng.randrange(len(pairs))])


@pytest.mark.parametrize("ahead", [False, True], ids=["random", "ahead"])
def test_c_player_matches_the_python_reference_move_by_move(player, ahead):
    """The C player and ScratchBoard, driven by the same RNG, list the same legal pairs (and the
    same look-ahead choices) every turn, take the same pairs and end the same way: on a real
    18x8 deal (dealt, not graded) and on small boards with holes."""
    boards = [deal(dt.date(2026, 11, 29), 18, 8, PRESETS["hard"], 1)[0], *_small_boards()]
    for i, board in enumerate(boards):
        games = 3 if ahead else 8
        seed = seed_for(f"agree:{i}:{ahead}")
        stuck, output = play(player, board, "ahead" if ahead else "random", games, seed, trace=True)
        assert _check_trace(board, output, ahead, seed) == stuck
        assert sum(line.startswith("end ") for line in output.splitlines()) == games


def test_independent_look_ahead_player_agrees_with_the_engine():
    """The engine's look-ahead player (incremental, gains kept between turns) and the
    independent one (every pair's outcome counted from scratch) offer the same pairs, turn by
    turn, along a few games."""
    board = deal(dt.date(2026, 11, 29), 18, 8, PRESETS["hard"], 1)[0]
    rng = random.Random(5)
    for _ in range(3):
        pos = ScratchBoard(board)
        while True:
            pairs = pos.legal_pairs()
            if not pairs:
                break
            counts = []
            for a, b, code in pairs:
                pos.remove(a, b, code)
                counts.append(len(pos.legal_pairs()))
                pos.restore(a, b, code)
            top = max(counts)
            mine = {frozenset(((a[0] - 1, a[1] - 1), (b[0] - 1, b[1] - 1)))
                    for (a, b, _), n in zip(pairs, counts) if n == top}
            cells = {(x - 1, y - 1) for tiles in pos.kinds.values() for x, y in tiles}
            now = board.with_cells({p: None for p, _ in board.tiles() if p not in cells})
            assert mine == _engine_best(now)
            a, b, code = pairs[rng.randrange(len(pairs))]
            pos.remove(a, b, code)


def _engine_best(board):
    """The pairs the engine's look-ahead player would choose among on ``board``."""
    from harupan.engine.shisen.playout import PathTable, _initial_pairs
    from harupan.engine.shisen.solver import board_bits
    g, tiles, kinds = board_bits(board)
    best = PathTable(board.width, board.height, g, tiles, kinds).first_offer(_initial_pairs(g, tiles, kinds))
    return {frozenset((g.point(a.bit_length() - 1), g.point(b.bit_length() - 1))) for a, b, _ in best}


@pytest.mark.slow
@pytest.mark.parametrize("date", CHECK_DATES)
def test_published_layouts_hold_up_for_an_independent_player(player, date):
    """Issue 21's check, on the published layouts of 10 dates x 3 levels: the independent player
    (tests/shisen_player.c) plays 4,096 games on each layout; its stuck share lies in the level's
    band and within 0.05 of the published figure. Its look-ahead twin plays 512 games on each
    hard layout and is stuck at least half the time. The figures go to the artifacts folder
    (shisen-holdup-DATE.txt) whether or not they pass.

    Why 4,096 games (the issue asks for at least 512): the gap between two measures has the
    noise of both, and the published figure's is fixed (128 to 1,024 games). At 512 games here,
    near a share of 1/2, two 512-game measures differ by more than 0.05 one time in nine; with
    normal's 1,024 published games and 4,096 here the gap's standard error is 0.017 (0.05 is 2.9
    of them), and on every level the measure here is at least twice as precise as the one it
    checks, so a miss points at the published figure, not at this test. The C player makes that
    cheap: about 1.5 s of CPU a date (a Python player took about 3 minutes for one date)."""
    misses, lines, cpu = [], [], 0.0
    for name, preset in PRESETS.items():
        layout = made(date, "18x8", name)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        d = layout.difficulty
        stuck, _ = play(player, layout.board, "random", RANDOM_GAMES, seed_for(f"issue-21:{date}:{name}"))
        share = stuck / RANDOM_GAMES
        line = (f"{date} {name}: random {share:.4f} of {RANDOM_GAMES} (published {d['stuck_share']:.4f} "
                f"of {d['rollouts']}, band {preset.stuck[0]:.2f}-{preset.stuck[1]:.2f})")
        if not (preset.stuck[0] <= share <= preset.stuck[1] and abs(share - d["stuck_share"]) <= 0.05):
            misses.append(line)
        if name == "hard":
            ahead, _ = play(player, layout.board, "ahead", AHEAD_GAMES, seed_for(f"issue-21:{date}:{name}:ahead"))
            line += (f"; look-ahead {ahead / AHEAD_GAMES:.4f} of {AHEAD_GAMES} "
                     f"(published {d['lookahead_stuck_share']:.4f} of {d['lookahead_rollouts']}, needs >= 0.50)")
            if ahead / AHEAD_GAMES < 0.5:
                misses.append(line)
        lines.append(line)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu += after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    lines.append(f"{date}: the C player's games took {cpu:.2f} s of CPU")
    artifact(f"shisen-holdup-{date}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert not misses, "\n".join(misses)


def _slow_play(board, rng: random.Random, careful: bool) -> bool:
    """An independent player: legal pairs recomputed from scratch every turn (no incremental
    bookkeeping), Python's own RNG. True when it clears the board."""
    while not board.is_empty():
        pairs = legal_pairs(board)
        if not pairs:
            return False
        if careful:
            left = Counter(c for _, c in board.tiles())
            safe = []
            for p in pairs:
                code = board[p[0]]
                if left[code] == 2:
                    safe.append(p)
                elif any(board[q[0]] == code and not set(p) & set(q) for q in pairs):
                    safe.append(p)
            pairs = safe or pairs
        a, b = rng.choice(pairs)
        board = board.with_cells({a: None, b: None})
    return True


@pytest.mark.slow
def test_published_careful_shares_agree_with_an_independent_player():
    """On 10 dates x 3 presets, the slow careful player's stuck share agrees with the published one
    within sampling noise (3.5 standard errors of the difference); and over all 30 the mean gap
    is small."""
    games = 64
    careful = True
    key = "careful_stuck_share"
    gaps = []
    for date in CHECK_DATES:
        for name in PRESETS:
            layout = made(date, "18x8", name)
            rng = random.Random(f"{date}:{name}:{careful}")
            slow = sum(not _slow_play(layout.board, rng, careful) for _ in range(games)) / games
            published = layout.difficulty[key]
            p = (published * PLAYOUTS + slow * games) / (PLAYOUTS + games)
            noise = (max(p * (1 - p), 0.02) * (1 / PLAYOUTS + 1 / games)) ** 0.5
            assert abs(published - slow) <= 3.5 * noise, (date, name, published, slow)
            gaps.append(published - slow)
    assert abs(sum(gaps) / len(gaps)) <= 0.05, gaps


@pytest.mark.slow
def test_presets_order_by_stuck_share_on_every_date():
    for date in CHECK_DATES:
        shares = [made(date, "18x8", name).difficulty["stuck_share"] for name in ("easy", "normal", "hard")]
        assert shares[0] < shares[1] < shares[2], (date, shares)


@pytest.mark.slow
def test_rule_page_quotes_the_layout_it_names():
    """The Shisen-sho rule page's worked example (a day's stuck shares, filled in from a record in
    its YAML: publish/examples.py) is what the generator publishes for the day it names. That day
    is one of this file's, dealt here anyway, so the check costs no dealing of its own. A change to
    the generator that moves the figures fails here, printing the record to copy into the YAML."""
    import json

    from harupan.engine.shisen import format_json
    from harupan.engine.shisen.board import layout_from_dict
    from harupan.generator.games.shisen import examples
    from harupan.publish import rules
    from harupan.renderers.games.shisen import shisen_facts
    from harupan.renderers.games.shisen.sheets import difficulty_lines

    checked = rules.check()
    shown = [(si, ex) for p in checked.pages if p.slug == "shisen"
             for si, s in enumerate(p.sections) for ex in s.examples if ex.kind == "shisen-difficulty"]
    assert len(shown) == 1
    si, ex = shown[0]
    date, size, level = str(ex.spec["date"]), ex.spec["size"], ex.spec["level"]
    assert date in CHECK_DATES, f"name a day this file deals ({', '.join(CHECK_DATES)}), or it costs a deal"
    published = json.loads(format_json(made(date, size, level)))  # the layout as the day's puzzle.json holds it
    record = {k: published["difficulty"][k] for k in examples.DIFFICULTY_KEYS}
    flow = "{" + ", ".join(f"{k}: {v}" for k, v in record.items()) + "}"
    assert ex.spec["difficulty"] == record, (f"the rule page's record for {date} {level} differs from what the "
                                             f"generator publishes; the YAML should say difficulty: {flow}")
    line = checked.examples[("shisen", si, ex.name)]["line"]
    assert line == difficulty_lines(published["difficulty"])[0]
    assert shisen_facts(layout_from_dict(published)).endswith(" · " + line)  # as the day page shows that level
