"""Domino poker hand ranking (rules/dominoes.md §10.3, V7, seed 003 L94-109): ranking only.

The betting, the deal and the draw are not described by the text (§16.8), so this module only
classifies a five-tile hand of the 20-tile poker set and orders two hands.  Combinations are
taken in the order listed, as ascending (a hand takes its highest satisfied rank).  "Suit s" is
the tiles carrying s; "other(t, s)" is t's other half (s itself for s-s).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from scoring.dominoes.tiles import FULL_SET, Tile

#: The 20 tiles: the 28 less 1-1 and every tile with a blank half [SRC L95-97].
POKER_SET = tuple(t for t in FULL_SET if t.lo != 0 and t != Tile(1, 1))

#: (rank, id, English, Russian) from the lowest (no combination) to the highest.
RANKS = (
    (0, "none", "no combination", "нет комбинации"),
    (1, "pair", "Pair", "Пара"),
    (2, "flush", "Flush", "Флеш"),
    (3, "three", "Three", "Тройка"),
    (4, "four_straight", "Four Straight", "Фор стрит"),
    (5, "full_hand", "Full hand", "Полная рука"),
    (6, "five_straight", "Five Straight", "Файв стрит"),
    (7, "four_doubles", "Four doubles", "Каре"),
    (8, "six_straight", "Six Straight", "Сикс стрит"),
    (9, "royal", "Royal", "Флеш-рояль"),
)
NAMES = {rank: (name, en, ru) for rank, name, en, ru in RANKS}


class NotPokerHand(ValueError):
    """A hand that is not five distinct tiles of the poker set."""


def _straight(tiles: Sequence[Tile], length: int) -> list[int]:
    """The suits in which ``length`` tiles have consecutive other halves."""
    suits = []
    for suit in range(1, 7):
        others = sorted({t.other(suit) for t in tiles if t.has(suit)})
        run = best = 1 if others else 0
        for a, b in pairwise(others):
            run = run + 1 if b == a + 1 else 1
            best = max(best, run)
        if best >= length:
            suits.append(suit)
    return suits


def rank(tiles: Sequence[Tile]) -> int:
    """The rank (0-9) of a five-tile hand (§10.3's table)."""
    if len(tiles) != 5 or len(set(tiles)) != 5:
        raise NotPokerHand("a poker hand is five different tiles")
    outside = [t for t in tiles if t not in POKER_SET]
    if outside:
        raise NotPokerHand(f"{outside[0]} is not in the poker set")
    doubles = sum(t.double for t in tiles)
    singles = [t for t in tiles if not t.double]
    if doubles == 5:
        return 9
    five = _straight(tiles, 5)
    if 6 in five:
        return 8
    if doubles >= 4:
        return 7
    if five:
        return 6
    if doubles == 3 and (singles[0].has(singles[1].lo) or singles[0].has(singles[1].hi)):
        return 5
    if _straight(tiles, 4):
        return 4
    if doubles >= 3:
        return 3
    if any(all(t.has(s) for t in tiles) for s in range(1, 7)):
        return 2
    return 1 if doubles >= 2 else 0


def high_tile(tiles: Sequence[Tile]) -> int:
    """With no combination the single tile with the most pips wins [SRC L109]."""
    return max(t.pips for t in tiles)


def key(tiles: Sequence[Tile]) -> tuple[int, int]:
    """How two hands compare: the rank, then [ASM] the highest tile (the text only gives it for
    hands without a combination; equal keys share)."""
    return rank(tiles), high_tile(tiles)
