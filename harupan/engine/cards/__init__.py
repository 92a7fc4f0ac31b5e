"""사색패 (four-colour cards): the rules of the deck and its melds (:mod:`.rules`), the daily hand
puzzle (:mod:`.puzzle`) and the play model the browser shares (:mod:`.play`). Pure, no I/O."""

from .rules import (COLOUR_KO, COLOURS, CONCEALED_POINTS, EXPOSED_NAMES_KO, EXPOSED_POINTS, GENERAL, MELD_NAMES_KO, JOKER, KINDS, RANK_HANJA, RANK_KO, RANKS, SOLDIER, Deal, Meld, Scoring,
                    N, best_scoring, CARD_NAMES_KO, card_name, deal, deck, held_melds, meld_kind, misdeal, parse_card, parse_hand)

__all__ = ["COLOUR_KO", "COLOURS", "CONCEALED_POINTS", "EXPOSED_NAMES_KO", "EXPOSED_POINTS", "GENERAL", "MELD_NAMES_KO", "JOKER", "KINDS", "N", "RANK_HANJA", "RANK_KO", "RANKS", "SOLDIER", "Deal",
           "CARD_NAMES_KO", "Meld", "Scoring", "best_scoring", "card_name", "deal", "deck", "held_melds", "meld_kind", "misdeal",
           "parse_card", "parse_hand"]
