"""사색패 손패 맞추기 played in headless Chromium, as a player would: at 360x780 (touch) and
1280x900, light and dark, cards picked by their accessible names (노랑 장 …), an illegal set said
why (the engine's own sentence), the day's best arrangement grouped meld by meld, one meld taken
apart and made again, 완성 with the score equal to the best, a share line and the record; the bar
and the status line in view; tap targets of 44 px on the phone; axe finds nothing on the section;
the page does not jump while the game starts, nor when opened at a lower section by a link.
Screenshots go to the artifacts folder."""

import contextlib
import datetime as dt
import json
import os
from unittest import mock

import pytest
from conftest import CHROMIUM_ARGS, SeenBrowser, artifact, npm_tool, registered, system_tool
from pagecheck import GAME_READY, close_results, served, slow_phone_page, watched_page

from harupan.engine.cards import card_name
from harupan.engine.cards.play import why_not

pytestmark = pytest.mark.slow

DATE = dt.date(2026, 12, 1)
VIEWS = {
    "phone": {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    "landscape": {"viewport": {"width": 780, "height": 360}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
APP = "#cards-app"


def cards_registered():
    """The cards game for a build, unless the package registers it already (issue 22's interface part)."""
    from harupan.generator import games
    from harupan.generator.games.cards import Cards
    from harupan.renderers.games.cards import CardsView

    if "cards" in [g.name for g in games.games()]:
        return contextlib.nullcontext()
    return registered(Cards(), CardsView())


@pytest.fixture(scope="module")
def cards_site(tmp_path_factory):
    """A site with the day of DATE, the cards game in it (one Shisen-sho level, the quick par)."""
    from harupan.publish import site as publish
    from harupan.publish.config import load_config

    site = tmp_path_factory.mktemp("cards") / "site"
    with mock.patch.dict(os.environ, {"HARUPAN_PAR": "quick", "HARUPAN_DIFFICULTIES": "normal"}), cards_registered():
        assert publish.build(site, [DATE], load_config(), jobs=1)["written"] == 1
    return site


def day_path(site):
    return site / "2026" / "12" / "01"


def part(site) -> dict:
    return json.loads((day_path(site) / "puzzle.json").read_text())["cards"]


CLEAR_OF_BAR = """() => { const bar = document.querySelector('#cards-app .cbar').getBoundingClientRect();
    const r = document.querySelector('#cards-app .cresult .tmsg').getBoundingClientRect();
    return r.top >= bar.bottom - 0.5 && r.bottom <= innerHeight + 0.5; }"""


def result_in_view(page):
    """The result's first line shows below the sticky bar (after the page's smooth scroll)."""
    page.wait_for_function(CLEAR_OF_BAR, timeout=3000)


def in_view(page, selector) -> bool:
    return page.eval_on_selector(selector, """e => { const r = e.getBoundingClientRect();
        return r.width > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; }""")


def press(locator, touch):
    locator.tap() if touch else locator.click()


def card(page, code, picked=False):
    """A card of the hand by its accessible name (its Korean name), not yet picked (or picked)."""
    return page.locator(f'{APP} .chand').get_by_role("option", name=card_name(code), exact=True, selected=picked).first


def status(page) -> str:
    return page.text_content(f"{APP} .status")


def group(page, codes, touch):
    for c in codes:
        press(card(page, c), touch)
    assert page.locator(f'{APP} .kcard[aria-selected="true"]').count() == len(codes)
    press(page.locator(f'{APP} [data-action="group"]'), touch)


def bar_in_view(page, view, state):
    missing = [s for s in ('[data-action="group"]', '[data-action="ungroup"]', ".status", ".cscore")
               if not in_view(page, f"{APP} {s}")]
    assert missing == [], f"{view}, {state}: out of view: {missing}"


def axe_on_cards(page) -> list[str]:
    page.add_script_tag(content=npm_tool("axe-core").read_text(encoding="utf-8"))
    before = len(page.errors)
    result = page.evaluate("() => axe.run('section[data-game=\"cards\"]', {resultTypes: ['violations']})")
    page.errors[before:] = [e for e in page.errors[before:] if not ("XMLHttpRequest" in e or "net::ERR_FAILED" in e)]
    return [f"{v['id']} on {len(v['nodes'])} nodes: {v['nodes'][0]['target']}" for v in result["violations"]]


def an_illegal_pair(hand):
    return next((a, b) for i, a in enumerate(hand) for b in hand[i + 1:] if a != b)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", ["phone", "desktop"])
def test_the_days_hand_is_played_to_its_best(cards_site, browser, view, scheme):
    touch = VIEWS[view].get("has_touch", False)
    p = part(cards_site)
    with watched_page(browser, color_scheme=scheme, **VIEWS[view]) as pg:
        pg.goto((day_path(cards_site) / "index.html").as_uri() + "#cards")
        pg.wait_for_selector(f"{APP} .kcard")
        pg.locator(APP).scroll_into_view_if_needed()
        shot = lambda state: pg.screenshot(path=str(artifact(f"cards-{view}-{scheme}-{state}.png")))  # noqa: E731
        assert pg.locator(f"{APP} .kcard").count() == 21
        names = pg.eval_on_selector_all(f"{APP} .kcard", "els => els.map((e) => e.getAttribute('aria-label'))")
        assert names == [card_name(c) for c in p["hand"]]
        art = pg.eval_on_selector_all(f"{APP} .kcard svg", "els => els.map((e) => e.dataset.art)")
        assert art == [f"k-{c}" for c in p["hand"]]  # drawn from the site's art sheet
        assert pg.get_attribute(f"{APP} .status", "aria-live") == "polite"
        if view == "phone":  # a finger hits every card and button
            small = pg.eval_on_selector_all(f"{APP} .kcard, {APP} .tool", """els => els.filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect())
                .filter((r) => r.width < 44 || r.height < 44).map((r) => [r.width, r.height])""")
            assert small == [], small
        # an illegal set: the engine's reason, the cards stay picked
        a, b = an_illegal_pair(p["hand"])
        group(pg, [a, b], touch)
        assert status(pg) == why_not([a, b]) and pg.locator(f'{APP} .kcard[aria-selected="true"]').count() == 2
        assert pg.locator(f"{APP} .kmeld").count() == 0
        bar_in_view(pg, view, "after an illegal set")
        shot("illegal")
        for c in (a, b):  # tapped again, picked no more
            press(card(pg, c, picked=True), touch)
        assert pg.locator(f'{APP} .kcard[aria-selected="true"]').count() == 0
        # the best arrangement, meld by meld, all but the last
        melds = p["melds"]
        for k, meld in enumerate(melds[:-1]):
            group(pg, meld, touch)
            assert "묶었어요" in status(pg), status(pg)
            assert pg.locator(f"{APP} .kmeld").count() == k + 1
            assert pg.locator(f"{APP} .kcard").count() == 21 - sum(len(m) for m in melds[:k + 1])
        bar_in_view(pg, view, "mid-play")
        shot("playing")
        # one meld taken apart: its cards go back to the hand; then made again
        first = pg.locator(f"{APP} .kmeld").first
        assert first.get_attribute("aria-label").startswith("묶음 1, ")
        press(first, touch)
        assert first.get_attribute("aria-pressed") == "true"
        press(pg.locator(f'{APP} [data-action="ungroup"]'), touch)
        assert "풀어" in status(pg) and pg.locator(f"{APP} .kmeld").count() == len(melds) - 2
        assert pg.locator(f"{APP} .kcard").count() == len(melds[0]) + len(melds[-1])
        group(pg, melds[0], touch)
        # the last meld: 완성, the score against the best, the share line, the record
        group(pg, melds[-1], touch)
        assert pg.locator(f"{APP} .kcard").count() == 0
        assert status(pg) == f"완성! {p['score']}점, 가장 높은 점수예요.", status(pg)
        close_results(pg)  # the results screen (tests/test_screens.py reads it)
        assert pg.text_content(f"{APP} .cscore") == f"완성 {p['score']}점 · 최고 {p['score']}점"
        share = pg.input_value(f"{APP} textarea.share")
        assert share.startswith(f"하루 판 사색패 {DATE}\n최고점 {p['score']}점 / 최고 {p['score']}점 · 묶음 {len(melds)}개"), share
        assert not any(c in share for c in p["hand"])  # no card given away
        bar_in_view(pg, view, "cleared")
        result_in_view(pg)
        assert in_view(pg, f"{APP} textarea.share")
        stats = pg.evaluate("JSON.parse(localStorage.getItem('harupan:stats'))")
        # the test's day is an archived one, played after its own day: kept, marked late (no streak counts it)
        assert stats["cards"][str(DATE)] == {"done": True, "score": p["score"], "perfect": True, "late": True}
        shot("cleared")
        pg.evaluate("() => { location.hash = ''; }")  # the record's panel is on the day's menu
        pg.wait_for_selector("#harupan-stats .stat")
        assert "사색패 손패 맞추기" in pg.text_content("#harupan-stats")
        pg.evaluate("() => { location.hash = 'cards'; }")
        assert axe_on_cards(pg) == []
        # the page opened again: the finished hand, said so
        pg.reload()
        pg.wait_for_selector(f"{APP} .kmeld")
        assert status(pg).startswith("이미 완성한 손패예요.") and pg.locator(f"{APP} textarea.share").count() == 1


def test_a_lower_finish_says_the_best_is_higher_and_a_phone_on_its_side_fits(cards_site, browser):
    """Landscape, reduced motion: an illegal set shakes nothing; another complete arrangement (not
    the best) finishes the hand and the status says the best is higher."""
    from harupan.engine.cards.puzzle import search

    p = part(cards_site)
    with watched_page(browser, reduced_motion="reduce", **VIEWS["landscape"]) as pg:
        pg.goto((day_path(cards_site) / "index.html").as_uri() + "#cards")
        pg.wait_for_selector(f"{APP} .kcard")
        pg.locator(APP).scroll_into_view_if_needed()
        pg.screenshot(path=str(artifact("cards-landscape-start.png")))
        a, b = an_illegal_pair(p["hand"])
        group(pg, [a, b], True)  # no meld: said, and under reduced motion nothing shakes
        assert status(pg) == why_not([a, b]) and pg.evaluate("document.getAnimations().length") == 0
        for c in (a, b):
            press(card(pg, c, picked=True), True)
        other = lower_arrangement(p["hand"])
        assert other is not None and sum(map(len, other)) == 21
        for meld in other:
            group(pg, meld, True)
        said = status(pg)
        assert said.startswith("완성! ") and f"가장 높은 점수는 {p['score']}점" in said, said
        close_results(pg)
        assert search(p["hand"]).best_score == p["score"]
        bar_in_view(pg, "landscape", "cleared")
        result_in_view(pg)
        pg.screenshot(path=str(artifact("cards-landscape-cleared.png")))


def lower_arrangement(hand):
    """A complete arrangement of ``hand`` scoring below its best, found by plain search."""
    import itertools

    from harupan.engine.cards import meld_kind
    from harupan.engine.cards.puzzle import meld_points, search

    best = search(hand).best_score

    def go(left, melds):
        if not left:
            return melds if sum(meld_points(m) for m in melds) < best else None
        first, rest = left[0], left[1:]
        for size in range(4):
            for others in itertools.combinations(range(len(rest)), size):
                cards = [first] + [rest[i] for i in others]
                if meld_kind(cards) is not None:
                    found = go([c for i, c in enumerate(rest) if i not in others], melds + [cards])
                    if found:
                        return found
        return None

    return go(list(hand), [])


BOXES = """() => { const top = document.querySelector('section[data-game="cards"]').getBoundingClientRect().top;
    return Object.fromEntries(['.cbar', '.chand', '.cbar .status', '.cbar .tool'].map((s) => {
    const r = document.querySelector('#cards-app ' + s).getBoundingClientRect();
    return [s, [r.left, r.top - top, r.width, r.height].map(Math.round)]; })); }"""


@pytest.mark.parametrize("view", ["phone", "desktop"])
def test_the_hand_does_not_jump_when_the_game_starts(cards_site, browser, view):
    """The bar and the hand's box are where they were in the section before the script ran: the
    picture waits in the box the card buttons take (the page with and without its script, fonts
    loaded). (The sections above have their own test: tests/test_play.py.)"""
    html = (day_path(cards_site) / "index.html").read_text(encoding="utf-8")
    section = html[html.index('data-game="cards"'):html.index("</section>", html.index('data-game="cards"'))]
    assert section.count('<use href="#art"/>') == 21 and "<circle" not in section  # framed on the art sheet
    # From file:// the page's own small script adds the web font (templates/_font.html); the page
    # without scripts is given the same face here, so both are measured in the site's font (this
    # machine has no Korean font of its own). Should one context still lay out before its font,
    # that is the font, not the game's script, so the pair is measured again (up to three times);
    # a script that moves the hand moves it every time.
    font = (cards_site / "static" / "fonts" / "sans.woff").as_uri()
    for _ in range(3):
        boxes = {}
        for script in (False, True):
            ctx = browser.new_context(java_script_enabled=script, **VIEWS[view])
            try:
                pg = ctx.new_page()
                pg.goto((day_path(cards_site) / "index.html").as_uri() + "#cards")
                if script:
                    pg.wait_for_selector(f"{APP} .kcard")
                else:
                    pg.evaluate("""u => { const f = new FontFace("Harupan Sans", `url("${u}")`, {display: "block"});
                                   document.fonts.add(f); return f.load().then(() => true); }""", font)
                pg.evaluate("document.fonts.ready.then(() => true)")
                boxes[script] = pg.evaluate(BOXES)
                if not script:
                    pg.locator(APP).screenshot(path=str(artifact(f"cards-{view}-before-script.png")))
            finally:
                ctx.close()
        if boxes[True] == boxes[False]:
            break
    assert boxes[True] == boxes[False]


@pytest.fixture(scope="module")
def korean_phone(tmp_path_factory, browser):
    """Chromium with a Korean system font, as every Korean phone has one (Noto Sans KR from the
    font package: the design Android ships). This machine has none: without one, Hangul falls back
    to empty boxes narrower than the letters, and every line breaks elsewhere when the web font
    arrives, which no player's phone does."""
    from harupan.renderers.fonts import font_path

    folder = tmp_path_factory.mktemp("fontconfig")
    conf = folder / "fonts.conf"
    conf.write_text(f"""<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>{font_path("sans").parent}</dir>
<cachedir>{folder / "cache"}</cachedir></fontconfig>""")
    # a second Chromium from the session's Playwright (one Playwright per process)
    b = browser.browser_type.launch(executable_path=system_tool("chromium"), args=CHROMIUM_ARGS,
                                    env=dict(os.environ, FONTCONFIG_FILE=str(conf)))
    yield SeenBrowser(b)
    b.close()


@pytest.mark.parametrize("anchor", ["cards", "zodiac"])
def test_a_link_to_a_lower_section_lands_on_a_page_that_stays_put(cards_site, korean_phone, anchor):
    """Opened at a game's screen (a link, or a player coming back to it) on a 360-px phone, CPU
    slowed 4x, a slow network: the page opens on that screen before anything is drawn (the head's
    script reads the fragment), and the board takes the room its script gives it (CLS < 0.05; it
    was 0.20 at #cards-h and 0.18 at #zodiac-h on the one long page before the boxes were on it)."""
    ctx = korean_phone.new_context(**VIEWS["phone"])
    try:
        with served(cards_site) as base:
            pg = slow_phone_page(ctx)
            pg.goto(f"{base}2026/12/01/index.html#{anchor}", wait_until="load")
            pg.wait_for_selector(GAME_READY[anchor])
            pg.evaluate("document.fonts.ready.then(() => true)")
            pg.wait_for_timeout(1500)
            cls = pg.evaluate("window.__cls")
            top = pg.eval_on_selector(f"#{anchor}", "e => e.getBoundingClientRect().top")
            pg.screenshot(path=str(artifact(f"cards-phone-opened-at-{anchor}.png")))
    finally:
        ctx.close()
    assert -1 <= top < 40, f"#{anchor} is at {top} px, not at the top of the screen"
    print(f"CLS at #{anchor} {cls:.4f}")
    assert cls < 0.05, cls


def test_the_turn_note_waiting_on_the_page_is_the_scripts_own():
    """The Shisen-sho turn note's placeholder (the box a link to a lower section relies on) says
    what the script's note says, so the two cannot drift into different heights."""
    from harupan.renderers.games.shisen import VIEW

    page = (VIEW.folder / "page.html").read_text(encoding="utf-8")
    waiting = page.split('class="facts turnnote" data-pre>', 1)[1].split("</p>", 1)[0]
    assert f'text: "{waiting}"' in (VIEW.folder / "shisen.js").read_text(encoding="utf-8")


# ---------------------------------------------------------------- a way out of a dead end (issue 33)

def a_dead_meld(hand):
    """A meld of the full hand after which the rest cannot all be melded, as the engine's
    exhaustive search decides it (engine/cards/play.py completable), as card codes."""
    import itertools

    from harupan.engine.cards.play import Group, State, apply, completable

    start = State(tuple(hand))
    assert completable(start)
    for size in (2, 3, 1, 4):
        for places in itertools.combinations(range(len(hand)), size):
            if why_not([hand[i] for i in places]) is None and not completable(apply(start, Group(places))):
                return [hand[i] for i in places]
    return None


def picked_codes(page) -> list[str]:
    return page.eval_on_selector_all(f'{APP} .kcard[aria-selected="true"]', "els => els.map((e) => e.dataset.card)")


def groups_made(page) -> list[list[int]]:
    return page.evaluate("window.harupanCards.state.groups")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_dead_meld_is_flagged_undone_and_the_hints_finish_the_hand(cards_site, browser, scheme):
    """At 360x780 (touch): a meld the exhaustive search says leaves the rest impossible shows the
    warning at once, with its own 되돌리기, and 힌트 then says there is no way on; undone, the hint
    picks the engine's meld (engine/cards/play.py hint) each time, and following the hints finishes
    the hand at its best; the result and the share text count the hints, kept over a reload."""
    from harupan.engine.cards.play import State, completable, hint

    p = part(cards_site)
    dead = a_dead_meld(p["hand"])
    assert dead is not None
    warning = f"{APP} .cwarn"
    with watched_page(browser, color_scheme=scheme, **VIEWS["phone"]) as pg:
        pg.goto((day_path(cards_site) / "index.html").as_uri() + "#cards")
        pg.wait_for_selector(f"{APP} .kcard")
        pg.locator(APP).scroll_into_view_if_needed()
        shot = lambda state: pg.screenshot(path=str(artifact(f"cards-phone-{scheme}-{state}.png")))  # noqa: E731
        assert pg.locator(warning).is_hidden()
        group(pg, dead, True)
        state = State(tuple(p["hand"]), tuple(tuple(g) for g in groups_made(pg)))
        assert not completable(state)  # the engine's own verdict on the page's state
        assert pg.locator(warning).is_visible() and in_view(pg, warning)
        assert pg.text_content(f"{warning} p") == "이렇게 묶으면 남은 카드를 다 묶을 수 없어요."
        assert status(pg).endswith("이렇게 묶으면 남은 카드를 다 묶을 수 없어요."), status(pg)
        press(pg.locator(f'{APP} [data-action="hint"]'), True)
        assert "되돌리기" in status(pg) and picked_codes(pg) == []  # no hint out of a dead end, none counted
        shot("dead-meld")
        assert axe_on_cards(pg) == []
        press(pg.locator(f'{warning} [data-action="undo-dead"]'), True)
        assert pg.locator(warning).is_hidden() and groups_made(pg) == []
        assert sorted(picked_codes(pg)) == sorted(dead)  # the meld's cards back, still picked
        # the hints followed to the end
        hints = 0
        while pg.locator(f"{APP} .kcard").count():
            state = State(tuple(p["hand"]), tuple(tuple(g) for g in groups_made(pg)))
            press(pg.locator(f'{APP} [data-action="hint"]'), True)
            hints += 1
            want = hint(state)
            assert want is not None and status(pg).startswith(f"힌트 {hints}번째: "), status(pg)
            assert sorted(picked_codes(pg)) == sorted(p["hand"][i] for i in want.places)
            assert pg.locator(f"{APP} .kcard.hinted").count() == len(want.places)
            if hints == 1:
                press(pg.locator(f'{APP} [data-action="hint"]'), True)  # asked again: counted once
                assert status(pg).startswith("힌트 1번째: ")
                bar_in_view(pg, "phone", "hint")
                shot("hint")
                assert axe_on_cards(pg) == []
            press(pg.locator(f'{APP} [data-action="group"]'), True)
            assert pg.locator(warning).is_hidden()
        assert hints == len(p["melds"])
        assert State(tuple(p["hand"]), tuple(tuple(g) for g in groups_made(pg))).complete
        assert status(pg) == f"완성! {p['score']}점, 가장 높은 점수예요.", status(pg)
        close_results(pg)
        line = f"완성 · {p['score']}점 = 최고 {p['score']}점 · 힌트 {hints}번"
        assert pg.text_content(f"{APP} .cresult .tmsg") == line
        share = pg.input_value(f"{APP} textarea.share")
        assert f"· 묶음 {len(p['melds'])}개 · 힌트 {hints}번" in share.splitlines()[1], share
        shot("hints-cleared")
        pg.reload()
        pg.wait_for_selector(f"{APP} .kmeld")
        assert pg.text_content(f"{APP} .cresult .tmsg") == line  # the hints are kept with the game
        assert pg.evaluate(f"JSON.parse(localStorage.getItem('harupan:cards:{DATE}')).hints") == hints
        # undo after the finish: the last meld back in the hand, as many times as asked
        for k in range(2):
            press(pg.locator(f'{APP} [data-action="undo"]'), True)
            assert len(groups_made(pg)) == len(p["melds"]) - 1 - k
        assert "되돌렸어요" in status(pg) and pg.locator(f"{APP} .cresult").is_hidden()


def test_the_hand_is_one_tab_stop_and_a_meld_takes_few_keys(cards_site, browser):
    """Keyboard only (1280x900): the tools are one tab stop and the hand another (roving tabindex,
    the listbox pattern: arrows move, Space or Enter picks); a meld of the day's best arrangement
    takes Tab, the arrows to its cards, a key for each card, Shift+Tab and Enter (the cards as tab
    stops took 14 keys for three cards); axe finds nothing."""
    p = part(cards_site)
    with watched_page(browser, **VIEWS["desktop"]) as pg:
        pg.goto((day_path(cards_site) / "index.html").as_uri() + "#cards")
        pg.wait_for_selector(f"{APP} .kcard")
        pg.focus(f'{APP} [data-action="group"]')
        focused = lambda: pg.evaluate("""() => { const e = document.activeElement;
            return e.dataset.place !== undefined ? 'card ' + e.dataset.place : (e.dataset.action || e.tagName); }""")  # noqa: E731
        pg.keyboard.press("Tab")
        assert focused() == "card 0" and pg.get_attribute(f"{APP} .chand", "role") == "listbox"
        assert pg.eval_on_selector_all(f'{APP} .chand [tabindex="0"]', "els => els.length") == 1
        pg.keyboard.press("ArrowDown")
        assert focused() == "card 7"  # a row down: seven cards a row
        pg.keyboard.press("End")
        assert focused() == "card 20"
        pg.keyboard.press("Tab")
        assert not pg.evaluate(f"document.querySelector('{APP} .chand').contains(document.activeElement)")
        pg.keyboard.press("Shift+Tab")
        assert focused() == "card 20"  # the hand's tab stop stays where it was left
        pg.keyboard.press("Home")
        pg.keyboard.press("Shift+Tab")
        assert focused() == "group"
        pg.keyboard.press("ArrowRight")
        assert focused() == "ungroup"
        pg.keyboard.press("ArrowLeft")
        # one meld of three cards or more, picked from the first card on
        meld = next(m for m in p["melds"] if len(m) >= 3)
        places, taken = [], set()
        for c in meld:
            i = next(i for i, h in enumerate(p["hand"]) if h == c and i not in taken)
            taken.add(i)
            places.append(i)
        keys = ["Tab"]
        at = 0
        for n, i in enumerate(sorted(places)):
            keys += ["ArrowRight"] * (i - at) + ["Space" if n % 2 == 0 else "Enter"]
            at = i
        keys += ["Shift+Tab", "Enter"]
        for k in keys:
            pg.keyboard.press(k)
        assert pg.locator(f"{APP} .kmeld").count() == 1, status(pg)
        assert sorted(groups_made(pg)[0]) == sorted(places)
        assert len(keys) == 1 + max(places) + len(meld) + 2
        print(f"one meld of {len(meld)} cards at places {sorted(places)}: {len(keys)} keys")
        if max(places) - min(places) == len(meld) - 1 and min(places) == 0:
            assert len(keys) <= 2 * len(meld) + 2
        assert focused() == "group"  # back in the tools, where the next meld starts from
        pg.keyboard.press("Tab")
        assert focused().startswith("card ")
        assert axe_on_cards(pg) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", ["phone", "desktop"])
def test_the_point_table_is_one_tap_from_the_hand_and_pushes_nothing(cards_site, browser, view, scheme):
    """The 점수표 button beside the score opens the meld points over the hand, its rows the engine's
    own table (names, what each holds, points); the hand does not move; Escape closes it and gives
    the focus back; axe finds nothing with it open."""
    from harupan.engine.cards import CONCEALED_POINTS, MELD_NAMES_KO
    from harupan.renderers.games.cards.sheets import HAND_KINDS, MELD_SHAPE

    touch = VIEWS[view].get("has_touch", False)
    with watched_page(browser, color_scheme=scheme, **VIEWS[view]) as pg:
        pg.goto((day_path(cards_site) / "index.html").as_uri() + "#cards")
        pg.wait_for_selector(f"{APP} .kcard")
        pg.locator(f"{APP} .cbar").evaluate("e => e.scrollIntoView({block: 'start'})")
        button = pg.locator(f"{APP} .cbar button.ctable")
        assert button.get_attribute("aria-expanded") == "false" and button.is_visible()
        hand = pg.locator(f"{APP} .chand").bounding_box()
        bar = pg.locator(f"{APP} .cbar").bounding_box()
        assert button.bounding_box()["y"] + button.bounding_box()["height"] <= bar["y"] + bar["height"] + 0.5  # in the bar
        press(button, touch)
        table = pg.locator("#cards-points table")
        table.wait_for()
        assert button.get_attribute("aria-expanded") == "true" and button.get_attribute("aria-controls") == "cards-points"
        rows = pg.eval_on_selector_all("#cards-points tbody tr", "rs => rs.map(r => [...r.children].map(c => c.textContent))")
        assert rows == [[MELD_NAMES_KO[k], MELD_SHAPE[k], f"{CONCEALED_POINTS[k]}점"] for k in HAND_KINDS]
        assert pg.locator(f"{APP} .chand").bounding_box() == hand  # laid over the hand, not pushing it
        assert in_view(pg, "#cards-points")
        pg.screenshot(path=str(artifact(f"cards-{view}-{scheme}-point-table.png")))
        assert axe_on_cards(pg) == []
        pg.keyboard.press("Escape") if not touch else None
        if touch:  # a tap elsewhere closes it
            pg.locator(f"{APP} .cscore").tap()
            assert pg.locator("#cards-points").is_hidden()
            press(button, touch)
            button.focus()
            pg.keyboard.press("Escape")
        assert pg.locator("#cards-points").is_hidden() and button.get_attribute("aria-expanded") == "false"
        assert pg.evaluate("document.activeElement.classList.contains('ctable')")
