"""사색패 (four-colour cards): the deck, card codes, melds, the best scoring of a hand, misdeals.

112 cards: four colours × seven ranks × four copies, plus optional jokers. A card code is the
colour letter then the rank digit: ``Y1`` is the yellow general. Ranks follow the xiangqi pieces:
1 將 장 (general), 2 士 사, 3 象 상, 4 車 차, 5 馬 마, 6 砲 포, 7 卒 졸 (soldier). ``J`` is a joker.

A hand is won when every card sits in a meld. Melds and points (the table our rule page shows):
a single general 1, a joker 3, a pair 0, a 치 (將士象 or 車馬砲 of one colour) 1 (a general inside
earns nothing extra), three of a kind 3 concealed / 1 exposed, four of a kind 8 concealed / 6
exposed, four generals of one colour 8, three soldiers of three colours 1, four soldiers of four
colours 2. The source's table gives no figure for three soldiers; we score them like a 치.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..errors import InputError
from ..rng import Rng

COLOURS = "YRGW"  # yellow, red, green, white
COLOUR_KO = {"Y": "노랑", "R": "빨강", "G": "초록", "W": "하양"}
RANKS = "1234567"
RANK_HANJA = "將士象車馬砲卒"
RANK_KO = ("장", "사", "상", "차", "마", "포", "졸")
GENERAL, SOLDIER = 1, 7
JOKER = "J"
KINDS = tuple(f"{c}{r}" for c in COLOURS for r in RANKS)  # 28 kinds, colour-major
_INDEX = {k: i for i, k in enumerate(KINDS)}
N = len(KINDS)

#: Each meld's name when it is concealed, as the daily hand's melds are (the rule page, the
#: sheet, the day page and its script all say these), and the two that change when exposed.
MELD_NAMES_KO = {"general": "장", "joker": "조커", "pair": "또이츠", "chi": "치", "triple": "안커", "quad": "안깡",
                 "soldiers3": "세 졸병 군단", "soldiers4": "네 졸병 군단"}
EXPOSED_NAMES_KO = {"triple": "민커", "quad": "민깡"}
#: Each meld's points when concealed, and the two that score less exposed (four generals of one
#: colour score 8 either way).
CONCEALED_POINTS = {"general": 1, "joker": 3, "pair": 0, "chi": 1, "triple": 3, "quad": 8, "soldiers3": 1,
                    "soldiers4": 2}
EXPOSED_POINTS = {"triple": 1, "quad": 6}


def parse_card(text: str) -> str:
    t = text.strip().upper()
    if t == JOKER or t in _INDEX:
        return t
    raise InputError(f"unknown card {text!r}: expected a colour Y R G W and a rank 1-7 (e.g. R5), or J")


def parse_hand(text: str) -> list[str]:
    return [parse_card(t) for t in text.replace(",", " ").split()]


def _name(card: str) -> str:
    return "조커" if card == JOKER else f"{COLOUR_KO[card[0]]} {RANK_KO[int(card[1]) - 1]}"


#: Every card's Korean name (a table, so the renderers may name cards without the engine's code).
CARD_NAMES_KO = {card: _name(card) for card in (*KINDS, JOKER)}


def card_name(card: str) -> str:
    return CARD_NAMES_KO[card] if card in CARD_NAMES_KO else _name(card)


def deck(jokers: int = 0) -> list[str]:
    """The 112 cards (four of each kind), then any jokers."""
    if not 0 <= jokers <= 5:
        raise InputError(f"jokers must be 0-5, got {jokers}")
    return [k for k in KINDS for _ in range(4)] + [JOKER] * jokers


@dataclass(frozen=True)
class Deal:
    hands: tuple[tuple[str, ...], ...]  # dealer first, then counterclockwise
    stock: tuple[str, ...]


def deal(seed: str, players: int = 4, jokers: int = 0) -> Deal:
    """Shuffle with the project RNG and deal: the dealer takes 6, then 5 at a time
    counterclockwise, until the dealer holds 21 and everyone else 20."""
    if not 2 <= players <= 4:
        raise InputError(f"players must be 2-4, got {players}")
    cards = deck(jokers)
    Rng(seed).shuffle(cards)
    hands: list[list[str]] = [[] for _ in range(players)]
    pos = 0

    def take(p: int, n: int) -> None:
        nonlocal pos
        hands[p].extend(cards[pos:pos + n])
        pos += n

    take(0, 6)
    p = 1 % players
    while any(len(h) < (21 if i == 0 else 20) for i, h in enumerate(hands)):
        want = (21 if p == 0 else 20) - len(hands[p])
        if want > 0:
            take(p, min(5, want))
        p = (p + 1) % players
    return Deal(tuple(tuple(h) for h in hands), tuple(cards[pos:]))


# ---------------------------------------------------------------- melds

@dataclass(frozen=True)
class Meld:
    kind: str  # general, joker, pair, chi, triple, quad, soldiers3, soldiers4
    cards: tuple[str, ...]
    concealed: bool = True

    @property
    def points(self) -> int:
        if self.kind == "quad" and int(self.cards[0][1]) == GENERAL:
            return CONCEALED_POINTS["quad"]  # four generals of one colour: 8, exposed or not
        if not self.concealed and self.kind in EXPOSED_POINTS:
            return EXPOSED_POINTS[self.kind]
        if self.kind not in CONCEALED_POINTS:
            raise ValueError(self.kind)
        return CONCEALED_POINTS[self.kind]

    @property
    def name_ko(self) -> str:
        if self.kind == "quad" and int(self.cards[0][1]) == GENERAL:
            return "장 넷(깡)"
        if self.kind == "pair":
            return MELD_NAMES_KO["pair"] + "(같은 패 두 장)"
        if not self.concealed and self.kind in EXPOSED_NAMES_KO:
            return EXPOSED_NAMES_KO[self.kind]
        return MELD_NAMES_KO[self.kind]


def meld_kind(given: Iterable[str]) -> str | None:
    """What meld these cards form, if any."""
    cards = tuple(given)
    if len(cards) == 1:
        if cards[0] == JOKER:
            return "joker"
        return "general" if int(cards[0][1]) == GENERAL else None
    if JOKER in cards:
        return None
    colours = {c[0] for c in cards}
    ranks = sorted(int(c[1]) for c in cards)
    if len(set(cards)) == 1:
        return {2: "pair", 3: "triple", 4: "quad"}.get(len(cards))
    if len(cards) == 3 and len(colours) == 1 and ranks in ([1, 2, 3], [4, 5, 6]):
        return "chi"
    if ranks == [SOLDIER] * len(cards) and len(colours) == len(cards):
        return {3: "soldiers3", 4: "soldiers4"}.get(len(cards))
    return None


@dataclass(frozen=True)
class Scoring:
    melds: tuple[Meld, ...]
    points: int


def _candidate_melds(counts: tuple[int, ...], jokers: int) -> Iterator[tuple[tuple[int, ...], str, int]]:
    """Melds that use the first card left (lowest kind), so each decomposition is found once."""
    if jokers:
        yield ((), "joker", 1)
        return
    i = next(k for k, c in enumerate(counts) if c)
    colour, rank = divmod(i, 7)
    rank += 1
    c = counts[i]
    if rank == GENERAL:
        yield ((i,), "general", 0)
    if c >= 2:
        yield ((i, i), "pair", 0)
    if c >= 3:
        yield ((i, i, i), "triple", 0)
    if c >= 4:
        yield ((i, i, i, i), "quad", 0)
    if rank in (1, 4) and counts[i + 1] and counts[i + 2]:
        yield ((i, i + 1, i + 2), "chi", 0)
    if rank == SOLDIER:
        others = [7 * oc + 6 for oc in range(colour + 1, 4) if counts[7 * oc + 6]]
        for a in range(len(others)):
            for b in range(a + 1, len(others)):
                yield ((i, others[a], others[b]), "soldiers3", 0)
                for d in range(b + 1, len(others)):
                    yield ((i, others[a], others[b], others[d]), "soldiers4", 0)


@lru_cache(maxsize=200_000)
def _best(counts: tuple[int, ...], jokers: int) -> tuple[int, tuple[Meld, ...]] | None:
    if not jokers and not any(counts):
        return 0, ()
    best: tuple[int, tuple[Meld, ...]] | None = None
    for idx, kind, used_jokers in _candidate_melds(counts, jokers):
        rest = list(counts)
        for i in idx:
            rest[i] -= 1
        sub = _best(tuple(rest), jokers - used_jokers)
        if sub is None:
            continue
        cards = (JOKER,) if kind == "joker" else tuple(KINDS[i] for i in idx)
        meld = Meld(kind, cards)
        total = sub[0] + meld.points
        if best is None or total > best[0]:
            best = (total, (meld,) + sub[1])
    return best


def held_melds(dealt: Iterable[str]) -> tuple[Meld, ...]:
    """The melds a dealt hand must keep: each four of a kind (shown at once, 안깡) and each three
    of a kind (marked with a token, 안커). The rules say a dealt 안커 may never be split."""
    cards = [parse_card(c) for c in dealt]
    melds = []
    for kind in KINDS:
        n = cards.count(kind)
        if n == 4:
            melds.append(Meld("quad", (kind,) * 4))
        elif n == 3:
            melds.append(Meld("triple", (kind,) * 3))
    return tuple(melds)


def best_scoring(hand: Iterable[str], exposed: tuple[Meld, ...] = (),
                 held: tuple[Meld, ...] = ()) -> Scoring | None:
    """The decomposition of the concealed ``hand`` into melds with the most points (plus any
    ``exposed`` melds already on the table), or None when the cards do not all fit in melds.

    ``held`` melds (see :func:`held_melds`) are taken as fixed: their cards must be in ``hand``
    and only the other cards are split, so a dealt 안커 is never broken up to make a better or
    a complete hand."""
    counts = [0] * N
    jokers = 0
    for card in hand:
        card = parse_card(card)
        if card == JOKER:
            jokers += 1
        else:
            counts[_INDEX[card]] += 1
    for k, c in enumerate(counts):
        if c > 4:
            raise InputError(f"{KINDS[k]} appears {c} times; a deck has four of each")
    for meld in held:
        if meld.kind not in ("triple", "quad") or meld_kind(meld.cards) != meld.kind:
            raise InputError(f"a held meld is three or four of one card, not {' '.join(meld.cards)!r}")
        i = _INDEX[meld.cards[0]]
        if counts[i] < len(meld.cards):
            raise InputError(f"held meld {' '.join(meld.cards)!r} is not in the hand")
        counts[i] -= len(meld.cards)
    found = _best(tuple(counts), jokers)
    if found is None:
        return None
    melds = tuple(exposed) + tuple(held) + found[1]
    return Scoring(melds, sum(m.points for m in melds))


def misdeal(hand: Iterable[str]) -> bool:
    """True when a dealt hand holds none of: a general, a concealed triple, a concealed four of a
    kind, four soldiers of four colours. The deal is then void and the cards are shuffled again."""
    cards = [parse_card(c) for c in hand]
    counts = {k: cards.count(k) for k in set(cards)}
    if any(c != JOKER and int(c[1]) == GENERAL for c in cards):
        return False
    if any(n >= 3 for k, n in counts.items() if k != JOKER):
        return False
    if len({c[0] for c in cards if c != JOKER and int(c[1]) == SOLDIER}) == 4:
        return False
    return True
