import datetime as dt
import json

import pytest
import re

from harupan.cli.main import cli

from conftest import load_vectors

REPLAYS = load_vectors("zodiac_replays.json")["replays"]


def run(runner, *args, input=None):
    return runner.invoke(cli, list(args), input=input)


def test_start(runner):
    r = run(runner, "zodiac", "start", "--date", "2026-11-29")
    assert r.exit_code == 0
    out = json.loads(r.output)
    assert out == {"format": "harupan/zodiac@1", "date": "2026-11-29", "seed": "harupan:zodiac:2026-11-29",
                   "start": REPLAYS[4]["start"]}
    t = run(runner, "zodiac", "start", "--date", "2026-11-29", "--format", "text")
    assert t.exit_code == 0 and t.output.count("쥐") == 2 and len(t.output.splitlines()) == 5


def test_replay_matches_vectors(runner):
    for vec in REPLAYS:
        r = run(runner, "zodiac", "replay", "--date", vec["date"], "--moves", vec["moves"])
        assert r.exit_code == 0
        assert json.loads(r.output) == {k: vec[k] for k in ("board", "score", "counted", "state", "top")}


def test_replay_from_seed_and_start(runner):
    r = run(runner, "zodiac", "replay", "--seed", "s", "--start", "11,11" + ",0" * 14, "--moves", "L")
    assert json.loads(r.output)["state"] == "won"


def test_verify(runner):
    lines = [json.dumps({"date": v["date"], "moves": v["moves"], "score": v["score"]}) for v in REPLAYS]
    r = run(runner, "zodiac", "verify", "-", input="\n".join(lines) + "\n")
    assert r.exit_code == 0
    results = [json.loads(x) for x in r.output.splitlines()]
    assert len(results) == len(REPLAYS) and all(x["valid"] for x in results)
    bad = lines[:1] + [json.dumps({"date": REPLAYS[1]["date"], "moves": REPLAYS[1]["moves"], "score": 9999})]
    r = run(runner, "zodiac", "verify", "-", input="\n".join(bad))
    out = [json.loads(x) for x in r.output.splitlines()]
    assert r.exit_code == 1 and out[0]["valid"] and not out[1]["valid"] and out[1]["score"] == REPLAYS[1]["score"]
    after_end = json.dumps({"date": REPLAYS[1]["date"], "moves": REPLAYS[1]["moves"] + "L", "score": 0})
    r = run(runner, "zodiac", "verify", "-", input=after_end)
    assert r.exit_code == 1 and "comes after the game ended" in json.loads(r.output)["error"]


def test_verify_malformed_lines(runner):
    good = json.dumps({"date": "2026-11-29", "moves": "L", "score": 0})
    for bad, msg in [("nope", "<stdin>:2: invalid JSON"),
                     ('{"date": "2026-11-29"}', "<stdin>:2: missing moves, score"),
                     ('{"date": "2026-02-30", "moves": "", "score": 0}', "<stdin>:2: bad date"),
                     ('{"date": "2026-11-29", "moves": 5, "score": 0}', "<stdin>:2: moves must be")]:
        r = run(runner, "zodiac", "verify", "-", input=good + "\n" + bad + "\n")
        assert r.exit_code == 2 and msg in r.stderr and r.stdout == ""


@pytest.mark.parametrize("text", ["", "\n\n  \n", "\r\n\t\n"])
def test_verify_with_no_claim_is_bad_input(runner, tmp_path, text):
    """A file of blank lines claims nothing: that is not "all valid" (exit 2, one line)."""
    (tmp_path / "claims").write_text(text)
    for source, given in ((str(tmp_path / "claims"), None), ("-", text)):
        r = run(runner, "zodiac", "verify", source, input=given)
        assert r.exit_code == 2 and "no claims to check" in r.stderr and r.stdout == "", r.output


def test_bad_input(runner):
    for args, msg in [(["zodiac", "start", "--date", "26-1-1"], "bad date"),
                      (["zodiac", "start", "--date", ""], "bad date"),
                      (["zodiac", "replay", "--date", "2026-11-29", "--moves", "LUQ"], "move 3: 'Q' is not a move"),
                      (["zodiac", "replay", "--moves", "L"], "exactly one of --date or --seed"),
                      (["zodiac", "replay", "--seed", "s", "--start", "1,2", "--moves", "L"], "expected 16 cells"),
                      (["zodiac", "replay", "--seed", "s", "--start", "1,99" + ",0" * 14, "--moves", "L"], "rank 0..12")]:
        r = run(runner, *args)
        assert r.exit_code == 2 and msg in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_verify_in_groups_of_days_past_the_draws_made_ahead(runner, monkeypatch):
    """Few days' draws at once and few made ahead, so games run past them and days fall in several
    groups: the verdicts, in input order, are those of a letter-by-letter replay."""
    import harupan.cli.games.zodiac as cz
    from harupan.engine.errors import InputError
    from harupan.engine.rng import Rng
    from harupan.engine.zodiac import Game

    monkeypatch.setattr(cz, "DRAWS_AHEAD", 3)
    monkeypatch.setattr(cz, "DAYS_AT_ONCE", 2)
    monkeypatch.setattr(cz, "CHUNK", 5)  # and the claims replayed five at a time, printed as they go
    rng, claims, expected = Rng("test:verify:groups"), [], []
    for i in range(24):
        date = f"2027-01-{1 + rng.below(7):02d}"
        moves = "".join("UDLR"[rng.below(4)] for _ in range(rng.below(300)))
        game, error = Game.for_date(dt.date.fromisoformat(date)), None
        try:
            for n, ch in enumerate(moves, 1):
                game.apply(ch, n)
        except InputError as e:
            error = str(e)
        claimed = game.score if i % 3 else game.score + 1
        claims.append(json.dumps({"date": date, "moves": moves, "score": claimed}))
        expected.append((game.score, game.state, max(game.result().board), error))
    r = run(runner, "zodiac", "verify", "-", input="\n".join(claims) + "\n")
    got = [json.loads(x) for x in r.output.splitlines()]
    assert [(g["score"], g["state"], g["top"], g.get("error") if "comes after" in g.get("error", "") else None)
            for g in got] == [(s, st, t, e) for s, st, t, e in expected]
    assert [g["valid"] for g in got] == [i % 3 != 0 and e is None for i, (*_, e) in enumerate(expected)]
    assert r.exit_code == 1


def test_par_prints_no_clock(monkeypatch):
    """The same date prints the same par, byte for byte; how long it took goes to stderr on request.
    (The quick bot stands in for the full one, which takes tens of seconds a game.)"""
    from click.testing import CliRunner

    from harupan.generator.games.zodiac import bot

    real = bot.par
    ticks = iter(range(0, 1000, 7))
    monkeypatch.setattr(bot, "par", lambda day: bot.play(bot.Game.for_date(day), depth=1,
                                                         clock=lambda: float(next(ticks))))
    assert real is not bot.par
    runner = CliRunner()  # stdout and stderr apart
    first, second = (runner.invoke(cli, ["zodiac", "par", "--date", "2026-11-29"]) for _ in range(2))
    assert first.exit_code == 0 and first.stdout == second.stdout and "seconds" not in first.stdout
    assert json.loads(first.stdout)["score"] > 0 and first.stderr == ""
    timed = runner.invoke(cli, ["zodiac", "par", "--date", "2026-11-29", "--format", "text", "--timings"])
    assert timed.exit_code == 0 and not re.search(r"\d\s?s\b", timed.stdout), timed.stdout
    assert timed.stderr.startswith("par 2026-11-29: 7.000 s")
