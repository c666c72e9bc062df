"""Poker-dice hands (scoring/dice/hands.py): rules/dice.md §1.3, its variants and claims.

There are only 252 different sets of five dice, so every property is checked on all of them
(and on all pairs of them) against rules written here from the spec, not from the module: the
order of §1.3 and ``scoring.dice.combinations.hand``, the tie-break (group size, then face,
then kickers), B's pip-sum rule for hands with no combination (L56), the variant rankings of
Indian dice (no straights) and zariki (§7 #13), and the claims that bluff games announce.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from scoring.dice.combinations import Hand, hand
from scoring.dice.hands import (
    LABELS,
    RANKINGS,
    ClaimError,
    HandValue,
    against,
    best,
    claim,
    claims,
    named_groups,
    value,
)

Roll = tuple[int, ...]
ROLLS: list[Roll] = list(itertools.combinations_with_replacement(range(1, 7), 5))
POKER, NO_STRAIGHTS, LITERAL = (
    RANKINGS["poker"],
    RANKINGS["no_straights"],
    RANKINGS["zariki_literal"],
)
STRAIGHTS = {(1, 2, 3, 4, 5), (2, 3, 4, 5, 6)}
#: Every roll's value under every ranking, computed once: the pairwise checks read these.
VALUES = {
    name: {roll: value(roll, ranking) for roll in ROLLS} for name, ranking in RANKINGS.items()
}
HANDS = {roll: hand(roll) for roll in ROLLS}


def shape(dice: Roll) -> list[int]:
    return sorted(Counter(dice).values(), reverse=True)


def faces_by_group(dice: Roll) -> list[int]:
    """Faces ordered as a tie-break reads them: bigger groups first, then higher faces."""
    counts = Counter(dice)
    return sorted(dice, key=lambda f: (counts[f], f), reverse=True)


def test_there_are_252_rolls() -> None:
    assert len(ROLLS) == 252


# ------------------------------------------------------------------------------------------
# §1.3: the order is a total preorder that agrees with combinations.hand.


def test_poker_ranking_is_consistent_with_combinations_hand() -> None:
    values = VALUES["poker"]
    for a, b in itertools.product(ROLLS, repeat=2):
        if HANDS[a] > HANDS[b]:
            assert values[a] > values[b], (a, b)
        if values[a] == values[b]:
            assert HANDS[a] == HANDS[b]


def test_sorting_all_rolls_is_a_total_preorder() -> None:
    """Sorted by value, the rolls are non-decreasing in the §1.3 hand, and the order is total:
    exactly one of <, ==, > holds for every pair."""
    ordered = sorted(ROLLS, key=value)
    assert [hand(r) for r in ordered] == sorted(hand(r) for r in ROLLS)
    for a, b in itertools.product(ROLLS[::7], repeat=2):
        va, vb = value(a), value(b)
        assert (va < vb) + (va == vb) + (va > vb) == 1


@pytest.mark.parametrize("ranking", list(RANKINGS.values()), ids=list(RANKINGS))
def test_equal_values_mean_the_same_dice(ranking) -> None:
    """Groups name the whole multiset: a pip-sum tie-break after them decides nothing more."""
    seen: dict[HandValue, Roll] = {}
    for roll in ROLLS:
        held = value(roll, ranking)
        assert held not in seen, (roll, seen.get(held))
        seen[held] = roll


def test_within_a_hand_bigger_groups_then_higher_faces_then_kickers_win() -> None:
    """B L58 ("four queens beat four tens") and the §1.3 tie-break, written independently."""
    values, faces = VALUES["poker"], {roll: faces_by_group(roll) for roll in ROLLS}
    for a, b in itertools.product(ROLLS, repeat=2):
        if HANDS[a] == HANDS[b] and faces[a] != faces[b]:
            assert (values[a] > values[b]) == (faces[a] > faces[b]), (a, b)


def test_hand_order_is_the_spec_order() -> None:
    assert list(POKER.hands) == [
        Hand.HIGH_DIE, Hand.ONE_PAIR, Hand.TWO_PAIRS, Hand.THREE_OF_A_KIND, Hand.LOW_STRAIGHT,
        Hand.HIGH_STRAIGHT, Hand.FULL_HOUSE, Hand.FOUR_OF_A_KIND, Hand.FIVE_OF_A_KIND,
    ]  # fmt: skip


def test_t38_full_house_beats_straights_beats_three_of_a_kind() -> None:
    """T38: 2,2,2,3,3 > 2,3,4,5,6 > 1,2,3,4,5 > 4,4,4,1,2; Indian dice: 1,2,3,4,5 is no hand."""
    ordered = [(2, 2, 2, 3, 3), (2, 3, 4, 5, 6), (1, 2, 3, 4, 5), (4, 4, 4, 1, 2)]
    values = [value(r) for r in ordered]
    assert values == sorted(values, reverse=True)
    assert [v.hand for v in values] == [
        Hand.FULL_HOUSE, Hand.HIGH_STRAIGHT, Hand.LOW_STRAIGHT, Hand.THREE_OF_A_KIND,
    ]  # fmt: skip
    assert value((1, 2, 3, 4, 5), NO_STRAIGHTS).hand == Hand.HIGH_DIE
    assert value((1, 2, 3, 4, 5), NO_STRAIGHTS) < value((1, 1, 2, 3, 4), NO_STRAIGHTS)


@pytest.mark.parametrize("ranking", list(RANKINGS.values()), ids=list(RANKINGS))
def test_t39_four_queens_beat_four_tens(ranking) -> None:
    """T39, poker dice as ranks (9=1 .. A=6): Q Q Q Q 9 beats 10 10 10 10 A."""
    assert value((4, 4, 4, 4, 1), ranking) > value((2, 2, 2, 2, 6), ranking)


@pytest.mark.parametrize("ranking", list(RANKINGS.values()), ids=list(RANKINGS))
def test_no_hand_is_ordered_by_pip_sum(ranking) -> None:
    """B L56: with no combination the highest pip sum wins; the group order agrees."""
    values = VALUES[ranking.name]
    nothing = [r for r in ROLLS if values[r].hand == Hand.HIGH_DIE]
    for a, b in itertools.product(nothing, repeat=2):
        assert (values[a] > values[b]) == (sum(a) > sum(b))


# ------------------------------------------------------------------------------------------
# The variant rankings.


def test_no_straights_makes_straights_no_hand_and_keeps_the_rest() -> None:
    for roll in ROLLS:
        expected = Hand.HIGH_DIE if roll in STRAIGHTS else hand(roll)
        assert value(roll, NO_STRAIGHTS).hand == expected
    plain, poker = VALUES["no_straights"], VALUES["poker"]
    others = [roll for roll in ROLLS if roll not in STRAIGHTS]
    for a, b in itertools.product(others, repeat=2):
        assert (plain[a] > plain[b]) == (poker[a] > poker[b])


def test_zariki_literal_counts_three_alike_as_a_pair() -> None:
    """§7 #13 alternative (L51-55 as written): no three of a kind, no straights."""
    for roll in ROLLS:
        made = value(roll, LITERAL).hand
        assert made in LITERAL.hands
        if hand(roll) == Hand.THREE_OF_A_KIND:
            assert made == Hand.ONE_PAIR
    triple, two_pairs, pair = (3, 3, 3, 1, 2), (6, 6, 5, 5, 4), (6, 6, 5, 4, 3)
    assert value(triple, LITERAL) < value(two_pairs, LITERAL)
    assert value(triple, LITERAL) > value(pair, LITERAL)  # the bigger group still wins
    assert value(triple, NO_STRAIGHTS) > value(two_pairs, NO_STRAIGHTS)


def test_best_returns_everyone_sharing_the_top() -> None:
    values = {"Anna": value((4, 4, 4, 4, 1)), "Boris": value((2, 2, 2, 2, 6))}
    assert best(values) == ["Anna"]
    values["Vera"] = value((1, 4, 4, 4, 4))
    assert best(values) == ["Anna", "Vera"]


# ------------------------------------------------------------------------------------------
# Claims.


@pytest.mark.parametrize("ranking", [POKER, NO_STRAIGHTS], ids=["poker", "no_straights"])
def test_every_thrown_hand_meets_the_claim_of_its_named_groups(ranking) -> None:
    for roll in ROLLS:
        thrown = value(roll, ranking)
        named = claim(thrown.name, thrown.faces[: named_groups(thrown.hand)], ranking)
        assert against(thrown, named) == 0
        full = claim(thrown.name, thrown.faces, ranking)
        assert full == thrown and against(thrown, full) == 0


def test_claims_are_every_hand_without_kickers() -> None:
    poker = claims(POKER)
    assert list(poker) == sorted(set(poker))
    assert len(poker) == 6 + 6 + 30 + 2 + 6 + 15 + 6 + 1  # high die: only "6 high"
    assert len(claims(NO_STRAIGHTS)) == 6 + 6 + 30 + 6 + 15 + 6 + 2


@pytest.mark.parametrize("made", claims(POKER), ids=lambda v: f"{v.name}{v.faces}")
def test_against_measures_only_what_the_claim_names(made: HandValue) -> None:
    """A claim without kickers: a roll meets it exactly when it is at least as good, and is
    level with it when the named groups are the same."""
    for thrown in VALUES["poker"].values():
        assert (against(thrown, made) >= 0) == (thrown >= made)
        level = thrown.hand == made.hand and thrown.groups[: len(made.groups)] == made.groups
        assert (against(thrown, made) == 0) == level


def test_claim_faces_are_ordered_within_groups_of_one_size() -> None:
    assert claim("two_pairs", [2, 5]).faces == (5, 2)
    assert claim("two_pairs", [2, 5, 6]).faces == (5, 2, 6)
    assert claim("one_pair", [5, 2, 6]).faces == (5, 6, 2)
    assert claim("full_house", [2, 3]).faces == (2, 3)  # three 2s and two 3s
    assert claim("high_straight", []) == value((2, 3, 4, 5, 6))
    assert claim("low_straight", [5, 4, 3, 2, 1]) == value((1, 2, 3, 4, 5))


@pytest.mark.parametrize(
    ("name", "faces", "ranking", "code"),
    [
        ("full_house", [3, 3], POKER, "impossible_claim"),
        ("full_house", [3], POKER, "faces_missing"),
        ("two_pairs", [4], POKER, "faces_missing"),
        ("one_pair", [], POKER, "faces_missing"),
        ("one_pair", [5, 2], POKER, "impossible_claim"),  # no three kickers below 2
        ("high_die", [6, 5, 4, 3, 2], POKER, "impossible_claim"),  # that is a straight
        ("high_die", [5], POKER, "impossible_claim"),  # 5 high is 1-2-3-4-5
        ("high_straight", [6, 5, 4, 3, 1], POKER, "impossible_claim"),
        ("four_of_a_kind", [4, 4], POKER, "impossible_claim"),
        ("five_of_a_kind", [2, 3], POKER, "impossible_claim"),
        ("high_straight", [], NO_STRAIGHTS, "not_in_ranking"),
        ("three_of_a_kind", [3], LITERAL, "not_in_ranking"),
    ],
)
def test_impossible_claims_are_refused(name, faces, ranking, code) -> None:
    with pytest.raises(ClaimError) as caught:
        claim(name, faces, ranking)
    assert caught.value.code == code


def test_high_die_five_high_is_a_hand_without_straights() -> None:
    assert claim("high_die", [5], NO_STRAIGHTS) == HandValue(Hand.HIGH_DIE, ((1, 5),))


def test_claims_naming_more_are_higher() -> None:
    """L210: claims rise by the ranking; a claim that names a kicker is above the bare one."""
    assert claim("full_house", [3, 4]) > claim("full_house", [3, 2])
    assert claim("full_house", [4, 2]) > claim("full_house", [3, 4])
    assert claim("one_pair", [5, 6]) > claim("one_pair", [5])
    assert against(value((5, 5, 6, 4, 3)), claim("one_pair", [5, 6])) == 0
    assert against(value((5, 5, 6, 4, 3)), claim("one_pair", [5, 6, 4, 2])) == 1


# ------------------------------------------------------------------------------------------
# Words.


def test_hand_words_in_both_languages_and_both_dice() -> None:
    assert value((3, 3, 3, 2, 2)).text() == ("full house, 3s over 2s", "фул-хаус: три 3 и две 2")
    assert value((4, 4, 4, 4, 1)).text(LABELS["poker"]) == ("four Qs (9)", "каре Q (9)")
    assert value((2, 3, 4, 5, 6)).text()[0] == "high straight"
    assert value((2, 3, 4, 5, 6), NO_STRAIGHTS).text()[0] == "no hand, 6 high (5 4 3 2)"
    assert claim("two_pairs", [6, 5]).text()[1] == "две пары: 6 и 5"
