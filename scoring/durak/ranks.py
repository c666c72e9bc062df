"""Which card beats which: §2.2 for the Russian variants, §8's spade rule for the Japanese ones.

Cards travel as their canonical text (``10H``); this module reads them with
:func:`scoring.cards.parse_card`, so ``TD`` and ``10D`` are the same card everywhere.
"""

from __future__ import annotations

from functools import cache

from scoring.cards import Card, parse_card

SPADES = "S"


@cache
def card(text: str) -> Card:
    return parse_card(text)


def rank_of(text: str) -> str:
    return card(text).rank


def suit_of(text: str) -> str:
    return card(text).suit


def rank_value(text: str) -> int:
    """6 < 7 < ... < 10 < J < Q < K < A (§2.1); with 52 cards 2 is lowest."""
    return card(text).rank_index


def beats(defence: str, attack: str, trump: str | None) -> bool:
    """§2.2: a higher card of the same suit, or a trump on a non-trump; equal rank never."""
    d, a = card(defence), card(attack)
    if d.suit == a.suit:
        return d.rank_index > a.rank_index
    return trump is not None and d.suit == trump


def beats_japanese(defence: str, attack: str, trump: str | None) -> bool:
    """§8 beats_jp: spades only by higher spades (JA-2, JB-5), a spade beats nothing else
    (JA-3, JB-5 "ими нельзя и отбиться")."""
    if suit_of(attack) == SPADES:
        return suit_of(defence) == SPADES and rank_value(defence) > rank_value(attack)
    if suit_of(defence) == SPADES:
        return False
    return beats(defence, attack, trump)


def spade_rule_broken(defence: str, attack: str) -> bool:
    """Whether a failed Japanese defence failed on the spade rule (F-29) rather than on rank
    or suit (F-04): a non-spade on a spade, or a spade on a non-spade."""
    return (suit_of(attack) == SPADES) != (suit_of(defence) == SPADES)
