"""The shared trick-taking helpers (scoring/card_games/tricks.py), checked on cards.md §9 cases."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.card_games.tricks import (
    NO_OVERTRUMP,
    NO_TRUMP,
    REVOKE,
    FollowRules,
    RankOrder,
    breach,
    playable,
    trick_winner,
)
from scoring.cards import deck, parse_card

DEBERTS = RankOrder(
    plain=("7", "8", "9", "J", "Q", "K", "10", "A"),
    trump=("7", "8", "Q", "K", "10", "A", "9", "J"),
)
DEBERTS_RULES = FollowRules(overtrump_on_trump_lead=True)


def cards(text: str) -> tuple:
    return tuple(parse_card(word) for word in text.split())


@pytest.mark.parametrize(
    ("trump", "lead", "hand", "legal"),
    [
        ("H", "TH", "JH 8H AS", "JH"),  # §9 #7 must overtrump
        ("H", "AH", "9H 7H KC", "9H"),  # §9 #8 the 9 outranks the ace in trumps
        ("H", "AH", "KH QH 7C", "KH QH"),  # §9 #9 cannot beat: any trump
        ("D", "AD", "TD 9D", "9D"),  # §9 #10 T is below A in trumps
        ("S", "TD", "7D JS AC", "7D"),  # §9 #11 follow suit, no duty to beat
        ("S", "TD", "7S AC KH", "7S"),  # §9 #12 void: must trump
        ("S", "TD", "AC KH", "AC KH"),  # §9 #13 void, no trump: anything
    ],
)
def test_deberts_follow_sets(trump: str, lead: str, hand: str, legal: str) -> None:
    got = playable(cards(hand), cards(lead), trump, DEBERTS, DEBERTS_RULES)
    assert set(got) == set(cards(legal))


@pytest.mark.parametrize(
    ("trump", "trick", "winner"),
    [
        ("H", "KC TC", 1),  # §9 #14
        ("H", "AC 7H", 1),  # §9 #15
        ("H", "9C AD", 0),  # §9 #16
        ("H", "JH 9H", 0),  # §9 #17
        (None, "9C AC", 1),
        ("S", "7D 7S AS", 2),
    ],
)
def test_trick_winner(trump: str | None, trick: str, winner: int) -> None:
    assert trick_winner(cards(trick), trump, DEBERTS) == winner


def test_breach_codes_name_the_duty() -> None:
    assert breach(
        cards("JH 8H AS"), cards("TH"), parse_card("8H"), "H", DEBERTS, DEBERTS_RULES
    ) == (NO_OVERTRUMP)
    assert breach(
        cards("JH 8H AS"), cards("TH"), parse_card("AS"), "H", DEBERTS, DEBERTS_RULES
    ) == (REVOKE)
    assert breach(cards("7S AC"), cards("TD"), parse_card("AC"), "S", DEBERTS, DEBERTS_RULES) == (
        NO_TRUMP
    )
    assert breach(cards("AC"), (), parse_card("AC"), "S", DEBERTS, DEBERTS_RULES) is None


def test_overtrump_when_trumping_is_an_option() -> None:
    """3p flag must_overtrump_when_void_3p (cards.md §2.14): beat an earlier trump when void."""
    trick = cards("TD 9S")
    hand = cards("JS 7S")
    assert set(playable(hand, trick, "S", DEBERTS, DEBERTS_RULES)) == set(hand)
    strict = FollowRules(overtrump_on_trump_lead=True, overtrump_when_trumping=True)
    assert playable(hand, trick, "S", DEBERTS, strict) == cards("JS")


def test_lax_rules_allow_anything_when_void() -> None:
    """Thousand page A/C style: follow suit only, no duty to trump."""
    rules = FollowRules(must_trump=False)
    assert set(playable(cards("7S AC"), cards("TD"), "S", DEBERTS, rules)) == set(cards("7S AC"))


def test_rank_order_checks_itself() -> None:
    with pytest.raises(ValueError):
        RankOrder(("7", "7"))
    with pytest.raises(ValueError):
        RankOrder(("7", "8"), ("7", "9"))
    with pytest.raises(ValueError):
        trick_winner((), None, DEBERTS)


DECK = deck(32)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=2, max_size=9, unique=True),
    st.sampled_from(["C", "D", "H", "S", None]),
)
def test_breach_is_monotone_in_the_hand(cards_: list, trump: str | None) -> None:
    """§8.5 proofs rely on this: a breach shown by some held cards stays a breach with more."""
    trick, rest = cards_[:1], cards_[1:]
    for card in rest:
        for known in range(1, len(rest) + 1):
            part = breach(rest[:known], trick, card, trump, DEBERTS, DEBERTS_RULES)
            if part is not None:
                assert breach(rest, trick, card, trump, DEBERTS, DEBERTS_RULES) is not None
    assert playable(rest, trick, trump, DEBERTS, DEBERTS_RULES)  # never leaves no move
