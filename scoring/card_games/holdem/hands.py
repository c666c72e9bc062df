"""Hold'em hand values (docs/rules/poker.md H9, D6): the best five of a player's seven cards.

A value is a tuple that compares as the hands do: the category first, then the ranks that
break ties within it (the kickers, L481).  Suits never rank, so two values are equal exactly
when the pot is split.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

from scoring.cards import Card


class Category(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR = 7
    STRAIGHT_FLUSH = 8


#: Each category's name (English, Russian) as the dealer reads it out (TPT 7).
NAMES: dict[Category, tuple[str, str]] = {
    Category.HIGH_CARD: ("High card", "Старшая карта"),
    Category.PAIR: ("One pair", "Пара"),
    Category.TWO_PAIR: ("Two pairs", "Две пары"),
    Category.THREE: ("Three of a kind", "Тройка (сет)"),
    Category.STRAIGHT: ("Straight", "Стрит"),
    Category.FLUSH: ("Flush", "Флеш"),
    Category.FULL_HOUSE: ("Full house", "Фулл-хаус"),
    Category.FOUR: ("Four of a kind", "Каре"),
    Category.STRAIGHT_FLUSH: ("Straight flush", "Стрит-флеш"),
}
ROYAL = ("Royal flush", "Роял-флеш")
#: The ace's rank index, and the top card of the wheel (A-2-3-4-5) where the ace plays low.
ACE = 12
WHEEL_TOP = 3


@dataclass(frozen=True, order=True)
class HandValue:
    """What a hand is worth: ``category`` then ``ranks`` (rank indices, 2 = 0 ... ace = 12),
    compared in that order."""

    category: Category
    ranks: tuple[int, ...]

    @property
    def en(self) -> str:
        return self._name()[0]

    @property
    def ru(self) -> str:
        return self._name()[1]

    def _name(self) -> tuple[str, str]:
        if self.category is Category.STRAIGHT_FLUSH and self.ranks[0] == ACE:
            return ROYAL
        return NAMES[self.category]


def straight_top(ranks: Iterable[int]) -> int | None:
    """The top rank of a five-rank run, the ace playing low in the wheel; None for no run."""
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [ACE, 3, 2, 1, 0]:
        return WHEEL_TOP
    return None


def five_card_value(cards: Sequence[Card]) -> HandValue:
    """The value of exactly five cards."""
    ranks = [card.rank_index for card in cards]
    flush = len({card.suit for card in cards}) == 1
    top = straight_top(ranks)
    if top is not None:
        return HandValue(Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT, (top,))
    if flush:
        return HandValue(Category.FLUSH, tuple(sorted(ranks, reverse=True)))
    # Groups by size then rank: a full house's three before its pair, a pair before kickers.
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    category = {
        (4, 1): Category.FOUR,
        (3, 2): Category.FULL_HOUSE,
        (3, 1, 1): Category.THREE,
        (2, 2, 1): Category.TWO_PAIR,
        (2, 1, 1, 1): Category.PAIR,
    }.get(shape, Category.HIGH_CARD)
    return HandValue(category, order)


def best_hand(cards: Sequence[Card]) -> tuple[HandValue, tuple[Card, ...]]:
    """The best five of five to seven cards (H9: only five cards make a hand), with the five."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a hand is made of 5 to 7 cards, got {len(cards)}")
    return max(
        ((five_card_value(five), tuple(five)) for five in combinations(cards, 5)),
        key=lambda pair: pair[0],
    )
