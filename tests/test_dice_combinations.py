"""Dice combinations (rules/dice.md §1.2, §1.3) and score-sheet rows, checked exhaustively.

Five dice have only 6^5 = 7776 ordered rolls and 252 sorted ones, so instead of sampling we
classify every one of them against definitions written here independently of
``scoring.dice.combinations`` (counts and set arithmetic, not the module's own helpers).  A
predicate that is wrong for a single roll therefore cannot pass.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from scoring.dice import combinations as combo
from scoring.dice.combinations import Hand
from scoring.dice.rows import Row
from scoring.registry import create_engine

Roll = tuple[int, ...]

ALL_ROLLS: list[Roll] = list(itertools.product(range(1, 7), repeat=5))
SORTED_ROLLS: list[Roll] = list(itertools.combinations_with_replacement(range(1, 7), 5))

#: How many of the 7776 ordered rolls fall into each §1.3 hand (figures given by the issue).
HAND_TOTALS: dict[Hand, int] = {
    Hand.FIVE_OF_A_KIND: 6,
    Hand.FOUR_OF_A_KIND: 150,
    Hand.FULL_HOUSE: 300,
    Hand.HIGH_STRAIGHT: 120,
    Hand.LOW_STRAIGHT: 120,
    Hand.THREE_OF_A_KIND: 1200,
    Hand.TWO_PAIRS: 1800,
    Hand.ONE_PAIR: 3600,
    Hand.HIGH_DIE: 480,
}


def shape(dice: Roll) -> list[int]:
    """Group sizes, largest first: (3, 3, 3, 5, 5) -> [3, 2]."""
    return sorted(Counter(dice).values(), reverse=True)


def classify(dice: Roll) -> Hand:
    """The §1.3 hand, written from the group shape and the exact straights only."""
    groups = shape(dice)
    if sorted(dice) == [2, 3, 4, 5, 6]:
        return Hand.HIGH_STRAIGHT
    if sorted(dice) == [1, 2, 3, 4, 5]:
        return Hand.LOW_STRAIGHT
    by_shape = {
        (5,): Hand.FIVE_OF_A_KIND,
        (4, 1): Hand.FOUR_OF_A_KIND,
        (3, 2): Hand.FULL_HOUSE,
        (3, 1, 1): Hand.THREE_OF_A_KIND,
        (2, 2, 1): Hand.TWO_PAIRS,
        (2, 1, 1, 1): Hand.ONE_PAIR,
        (1, 1, 1, 1, 1): Hand.HIGH_DIE,
    }
    return by_shape[tuple(groups)]


# ------------------------------------------------------------------------------------------
# §1.3: every ordered roll falls into exactly one hand, in the known proportions.


def test_hand_totals_over_all_ordered_rolls() -> None:
    assert sum(HAND_TOTALS.values()) == len(ALL_ROLLS) == 7776
    totals = Counter(combo.hand(dice) for dice in ALL_ROLLS)
    assert dict(totals) == HAND_TOTALS


def test_hand_agrees_with_an_independent_classification_on_every_roll() -> None:
    wrong = [(dice, combo.hand(dice)) for dice in ALL_ROLLS if combo.hand(dice) != classify(dice)]
    assert wrong == []


def test_straights_split_evenly_between_low_and_high() -> None:
    straights = [combo.hand(d) for d in ALL_ROLLS if len(set(d)) == 5 and max(d) - min(d) == 4]
    assert Counter(straights) == {Hand.LOW_STRAIGHT: 120, Hand.HIGH_STRAIGHT: 120}


def test_hand_ranking_follows_the_spec_order() -> None:
    """§1.3, high to low: 5K > 4K > FH > high straight > low straight > 3K > 2P > 1P > high die."""
    spec_order = [
        (6, 6, 6, 6, 6),
        (4, 4, 4, 4, 1),
        (2, 2, 2, 3, 3),
        (2, 3, 4, 5, 6),
        (1, 2, 3, 4, 5),
        (4, 4, 4, 1, 2),
        (5, 5, 3, 3, 1),
        (6, 6, 1, 2, 3),
        (1, 2, 3, 4, 6),
    ]
    ranks = [combo.hand(dice) for dice in spec_order]
    assert ranks == sorted(ranks, reverse=True)
    assert len(set(ranks)) == len(Hand)


def test_t38_full_house_beats_straights_beats_three_of_a_kind() -> None:
    """T38: 2,2,2,3,3 > 2,3,4,5,6 > 1,2,3,4,5 > 4,4,4,1,2."""
    hands = [
        combo.hand(d) for d in [(2, 2, 2, 3, 3), (2, 3, 4, 5, 6), (1, 2, 3, 4, 5), (4, 4, 4, 1, 2)]
    ]
    assert hands == [Hand.FULL_HOUSE, Hand.HIGH_STRAIGHT, Hand.LOW_STRAIGHT, Hand.THREE_OF_A_KIND]


# ------------------------------------------------------------------------------------------
# §1.2 predicates on the spec's examples and the edge cases it settles.


@pytest.mark.parametrize(
    ("dice", "n", "expected"),
    [
        ((4, 4, 4, 4, 2), 2, 4),  # "at least": a four of a kind is also a pair ...
        ((4, 4, 4, 4, 2), 3, 4),  # ... and a set
        ((4, 4, 4, 4, 2), 4, 4),
        ((4, 4, 4, 4, 2), 5, None),
        ((2, 2, 5, 5, 5), 2, 5),  # the highest face with n or more wins
        ((6, 6, 1, 1, 1), 2, 6),
        ((6, 6, 1, 1, 1), 3, 1),
        ((3, 3, 3, 3, 3), 5, 3),
        ((1, 2, 3, 4, 6), 2, None),
        ((1, 2, 3, 4, 6), 1, 6),
    ],
)
def test_kind_has_at_least_semantics(dice: Roll, n: int, expected: int | None) -> None:
    assert combo.kind(dice, n) == expected


def test_kind_matches_its_definition_on_every_roll() -> None:
    for dice in SORTED_ROLLS:
        for n in range(1, 6):
            faces = [f for f in range(1, 7) if dice.count(f) >= n]
            assert combo.kind(dice, n) == (max(faces) if faces else None), (dice, n)


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((2, 2, 4, 4, 6), (4, 2)),  # T09
        ((1, 1, 1, 1, 5), None),  # T10, §7 #24: a four of a kind is not two pairs
        ((5, 5, 5, 5, 5), None),
        ((3, 3, 3, 5, 5), (5, 3)),  # a full house holds two distinct faces with c >= 2
        ((6, 1, 6, 1, 2), (6, 1)),
        ((1, 2, 3, 4, 4), None),
    ],
)
def test_two_pairs_needs_two_distinct_faces(dice: Roll, expected: tuple[int, int] | None) -> None:
    assert combo.two_pairs(dice) == expected


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((3, 3, 3, 4, 4), (3, 4)),  # T23
        ((4, 4, 2, 2, 2), (2, 4)),  # T17: order of the dice does not matter
        ((6, 6, 6, 6, 6), None),  # §7 #24: five alike is not a full house
        ((6, 6, 6, 6, 1), None),
        ((2, 2, 4, 4, 6), None),
    ],
)
def test_full_house_is_exactly_three_and_two(dice: Roll, expected: tuple[int, int] | None) -> None:
    assert combo.full_house(dice) == expected


@pytest.mark.parametrize(
    ("dice", "length", "expected"),
    [
        ((1, 3, 4, 5, 6), 4, True),  # T12/T24: 3-4-5-6 with a stray 1
        ((1, 3, 4, 5, 6), 5, False),
        ((1, 2, 3, 4, 6), 4, True),
        ((2, 3, 4, 5, 5), 4, True),
        ((1, 2, 3, 5, 6), 4, False),
        ((1, 2, 4, 5, 6), 4, False),
        ((3, 4, 5, 6, 1), 4, True),
        ((1, 2, 3, 4, 5), 5, True),
        ((5, 4, 3, 2, 6), 5, True),
        ((2, 3, 4, 5, 6), 4, True),  # T13: a large straight also qualifies as small
        ((1, 1, 1, 1, 1), 4, False),
    ],
)
def test_has_run(dice: Roll, length: int, expected: bool) -> None:
    assert combo.has_run(dice, length) is expected


def test_has_run_matches_straight4_and_straight5_any_on_every_roll() -> None:
    runs4 = [{1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}]
    runs5 = [{1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}]
    for dice in SORTED_ROLLS:
        assert combo.has_run(dice, 4) == any(run <= set(dice) for run in runs4), dice
        assert combo.has_run(dice, 5) == (set(dice) in runs5), dice


@pytest.mark.parametrize(
    ("dice", "faces", "expected"),
    [
        ((5, 4, 3, 2, 1), (1, 2, 3, 4, 5), True),  # low5, in any order
        ((3, 4, 5, 6, 1), (1, 2, 3, 4, 5), False),  # T18: a 4-run with a 1 is not low5
        ((2, 3, 4, 5, 6), (2, 3, 4, 5, 6), True),  # high5
        ((2, 3, 4, 5, 6), (1, 2, 3, 4, 5), False),
        ((2, 2, 3, 4, 5), (2, 3, 4, 5), False),  # a multiset: the count matters
        ((1, 1, 2, 2, 3), (1, 2, 2, 1, 3), True),
    ],
)
def test_is_exactly_compares_multisets(dice: Roll, faces: Roll, expected: bool) -> None:
    assert combo.is_exactly(dice, faces) is expected


def test_best_group_prefers_size_then_face() -> None:
    assert combo.best_group((2, 2, 6, 6, 6)) == (3, 6)
    assert combo.best_group((2, 2, 6, 6, 1)) == (2, 6)
    assert combo.best_group(()) == (0, 0)


# ------------------------------------------------------------------------------------------
# Rows: every row of the Yahtzee and Yacht presets, and the generic rules the presets do not
# use yet, over all 252 sorted rolls.


def _of_a_kind(dice: Roll, n: int) -> int:
    return sum(dice) if max(Counter(dice).values()) >= n else 0


def _straight4(dice: Roll) -> bool:
    """§1.2 straight4: contains {1,2,3,4}, {2,3,4,5} or {3,4,5,6}."""
    return any(set(run) <= set(dice) for run in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)))


YAHTZEE_ROWS: dict[str, Callable[[Roll], int]] = {
    "ones": lambda d: 1 * d.count(1),
    "twos": lambda d: 2 * d.count(2),
    "threes": lambda d: 3 * d.count(3),
    "fours": lambda d: 4 * d.count(4),
    "fives": lambda d: 5 * d.count(5),
    "sixes": lambda d: 6 * d.count(6),
    "three_of_a_kind": lambda d: _of_a_kind(d, 3),
    "four_of_a_kind": lambda d: _of_a_kind(d, 4),
    "full_house": lambda d: 25 if shape(d) == [3, 2] else 0,
    "small_straight": lambda d: 30 if _straight4(d) else 0,
    "large_straight": lambda d: 40 if set(d) in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0,
    "yahtzee": lambda d: 50 if len(set(d)) == 1 else 0,
    "chance": sum,
}
"""G4 values, written from the spec's wording."""

YACHT_ROWS: dict[str, Callable[[Roll], int]] = {
    **{name: YAHTZEE_ROWS[name] for name in ("ones", "twos", "threes", "fours", "fives", "sixes")},
    "full_house": lambda d: sum(d) if shape(d) == [3, 2] else 0,
    "four_of_a_kind": lambda d: next((4 * f for f in set(d) if d.count(f) >= 4), 0),
    "little_straight": lambda d: 30 if sorted(d) == [1, 2, 3, 4, 5] else 0,
    "big_straight": lambda d: 30 if sorted(d) == [2, 3, 4, 5, 6] else 0,
    "choice": sum,
    "yacht": lambda d: 50 if len(set(d)) == 1 else 0,
}
"""Knizia's Yacht as the exercism oracle scores it (see scoring/presets/yacht.yaml)."""


def _pairs(dice: Roll) -> list[int]:
    return sorted((f for f in set(dice) if dice.count(f) >= 2), reverse=True)


GENERIC_ROWS: list[tuple[Mapping[str, Any], Callable[[Roll], int]]] = [
    # G1 C-default: pair = 2f of the best pair, two pairs = sum of the 4 dice, set 3f, kare 4f.
    (
        {"rule": "kind", "n": 2, "counted": "matching"},
        lambda d: 2 * _pairs(d)[0] if _pairs(d) else 0,
    ),
    (
        {"rule": "two_pairs"},
        lambda d: 2 * (_pairs(d)[0] + _pairs(d)[1]) if len(_pairs(d)) >= 2 else 0,
    ),
    ({"rule": "two_pairs", "points": 20}, lambda d: 20 if len(_pairs(d)) >= 2 else 0),
    (
        {"rule": "kind", "n": 3, "counted": "matching"},
        lambda d: next((3 * f for f in set(d) if d.count(f) >= 3), 0),
    ),
    (
        {"rule": "kind", "n": 4, "counted": "matching"},
        lambda d: next((4 * f for f in set(d) if d.count(f) >= 4), 0),
    ),
    ({"rule": "kind", "n": 2, "points": 7}, lambda d: 7 if _pairs(d) else 0),
    ({"rule": "full_house"}, lambda d: sum(d) if shape(d) == [3, 2] else 0),
    ({"rule": "run", "length": 4, "points": 15}, lambda d: 15 if _straight4(d) else 0),
    (
        {"rule": "exactly", "faces": [1, 2, 3, 4, 5], "points": 15},
        lambda d: 15 if sorted(d) == [1, 2, 3, 4, 5] else 0,
    ),
    ({"rule": "total"}, sum),
]


def _preset_rows(game: str) -> dict[str, Row]:
    return {row.name: row for row in create_engine(game).rules.rows}


def _mismatches(row: Row, expected: Callable[[Roll], int]) -> Iterator[tuple[Roll, int, int]]:
    for dice in SORTED_ROLLS:
        if row.score(dice) != expected(dice):
            yield dice, row.score(dice), expected(dice)


def test_sorted_rolls_are_252() -> None:
    assert len(SORTED_ROLLS) == 252


@pytest.mark.parametrize("name", list(YAHTZEE_ROWS))
def test_yahtzee_row_over_every_roll(name: str) -> None:
    assert list(_mismatches(_preset_rows("yahtzee")[name], YAHTZEE_ROWS[name])) == []


def test_yahtzee_preset_has_exactly_the_g4_rows() -> None:
    assert list(_preset_rows("yahtzee")) == list(YAHTZEE_ROWS)


@pytest.mark.parametrize("name", list(YACHT_ROWS))
def test_yacht_row_over_every_roll(name: str) -> None:
    assert list(_mismatches(_preset_rows("yacht")[name], YACHT_ROWS[name])) == []


def test_yacht_preset_has_exactly_the_yacht_rows() -> None:
    assert set(_preset_rows("yacht")) == set(YACHT_ROWS)


@pytest.mark.parametrize(("params", "expected"), GENERIC_ROWS, ids=lambda v: repr(v)[:60])
def test_generic_rule_over_every_roll(
    params: Mapping[str, Any], expected: Callable[[Roll], int]
) -> None:
    row = Row.from_preset({"name": "r", "section": "s", **params})
    assert list(_mismatches(row, expected)) == []


@pytest.mark.parametrize(
    ("name", "points"), [("full_house", 25), ("small_straight", 30), ("large_straight", 40)]
)
@pytest.mark.parametrize("face", range(1, 7))
def test_yahtzee_joker_gives_pattern_rows_their_fixed_values(
    name: str, points: int, face: int
) -> None:
    """G4 Joker: FH/SS/LS score 25/30/40 for five alike "even though the pattern does not match"."""
    row = _preset_rows("yahtzee")[name]
    assert row.score((face,) * 5) == 0
    assert row.score((face,) * 5, joker=True) == points


@pytest.mark.parametrize("name", ["three_of_a_kind", "four_of_a_kind", "chance", "fours"])
def test_joker_does_not_change_rows_that_already_match(name: str) -> None:
    row = _preset_rows("yahtzee")[name]
    assert row.score((4,) * 5, joker=True) == row.score((4,) * 5) == YAHTZEE_ROWS[name]((4,) * 5)


def test_upper_rows_know_their_face_and_lower_rows_have_none() -> None:
    """The Joker's compulsory upper box is found through ``Row.face``."""
    faces = [row.face for row in _preset_rows("yahtzee").values()]
    assert faces == [1, 2, 3, 4, 5, 6] + [None] * 7


@pytest.mark.parametrize(
    ("dice", "row", "points"),
    [
        ((2, 2, 2, 3, 5), "three_of_a_kind", 14),  # T22
        ((3, 3, 3, 4, 4), "full_house", 25),  # T23
        ((3, 3, 3, 4, 4), "three_of_a_kind", 17),
        ((3, 3, 3, 4, 4), "threes", 9),
        ((3, 3, 3, 4, 4), "fours", 8),
        ((3, 3, 3, 4, 4), "chance", 17),
        ((3, 3, 3, 4, 4), "four_of_a_kind", 0),
        ((1, 3, 4, 5, 6), "small_straight", 30),  # T24
        ((1, 3, 4, 5, 6), "large_straight", 0),
        ((1, 3, 4, 5, 6), "chance", 19),
        ((2, 4, 5, 6, 6), "ones", 0),  # G4: a zero by choice
    ],
)
def test_yahtzee_acceptance_values(dice: Roll, row: str, points: int) -> None:
    assert _preset_rows("yahtzee")[row].score(dice) == points
