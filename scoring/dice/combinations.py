"""Combinations of dice (rules/dice.md §1.2) and the poker-dice hand ranking (§1.3).

Everything here is a pure function of the faces showing; which faces count, and for how much,
is the business of the score-sheet rows that use these predicates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum

Dice = Sequence[int]

LOW_STRAIGHT = (1, 2, 3, 4, 5)
HIGH_STRAIGHT = (2, 3, 4, 5, 6)


def counts(dice: Dice) -> Counter[int]:
    """How many dice show each face: ``c[f]`` of §1.2."""
    return Counter(dice)


def best_group(dice: Dice) -> tuple[int, int]:
    """(size, face) of the largest group of equal dice, the higher face winning a tie."""
    if not dice:
        return (0, 0)
    face, size = max(counts(dice).items(), key=lambda item: (item[1], item[0]))
    return size, face


def kind(dice: Dice, n: int) -> int | None:
    """The highest face shown by at least ``n`` dice ("at least" semantics, §1.2), or None."""
    faces = [face for face, count in counts(dice).items() if count >= n]
    return max(faces) if faces else None


def two_pairs(dice: Dice) -> tuple[int, int] | None:
    """The two highest faces with a pair each; a four of a kind is not two pairs (§7 #24)."""
    faces = sorted((face for face, count in counts(dice).items() if count >= 2), reverse=True)
    return (faces[0], faces[1]) if len(faces) >= 2 else None


def full_house(dice: Dice) -> tuple[int, int] | None:
    """(three's face, pair's face) for exactly 3 + 2 of two different faces; five alike is not."""
    shape = sorted(counts(dice).items(), key=lambda item: item[1], reverse=True)
    if len(shape) == 2 and shape[0][1] == 3 and shape[1][1] == 2:
        return shape[0][0], shape[1][0]
    return None


def has_run(dice: Dice, length: int) -> bool:
    """Some ``length`` consecutive faces are all present (straight4 / straight5_any of §1.2)."""
    faces = set(dice)
    return any(
        all(f in faces for f in range(start, start + length)) for start in range(1, 8 - length)
    )


def is_exactly(dice: Dice, faces: Sequence[int]) -> bool:
    """The dice are exactly this multiset of faces (low5 = 1-2-3-4-5, high5 = 2-3-4-5-6)."""
    return sorted(dice) == sorted(faces)


class Hand(IntEnum):
    """Poker-dice hands of §1.3, higher value = stronger hand."""

    HIGH_DIE = 0
    ONE_PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    LOW_STRAIGHT = 4
    HIGH_STRAIGHT = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    FIVE_OF_A_KIND = 8


def hand(dice: Dice) -> Hand:
    """Classify five dice into exactly one hand of the §1.3 ranking."""
    shape = sorted(counts(dice).values(), reverse=True)
    if shape[0] == 5:
        return Hand.FIVE_OF_A_KIND
    if shape[0] == 4:
        return Hand.FOUR_OF_A_KIND
    if shape[:2] == [3, 2]:
        return Hand.FULL_HOUSE
    if is_exactly(dice, HIGH_STRAIGHT):
        return Hand.HIGH_STRAIGHT
    if is_exactly(dice, LOW_STRAIGHT):
        return Hand.LOW_STRAIGHT
    if shape[0] == 3:
        return Hand.THREE_OF_A_KIND
    if shape[:2] == [2, 2]:
        return Hand.TWO_PAIRS
    if shape[0] == 2:
        return Hand.ONE_PAIR
    return Hand.HIGH_DIE
