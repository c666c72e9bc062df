"""Poker-dice hands: the ranking of rules/dice.md §1.3, its variants, its tie-break and claims.

Showdown games (G6 zariki, G7 Indian dice) compare thrown hands; bluff games (G8 Liar, G9 Bluff,
G11 Liar's Dice common hand) compare a revealed hand with a claimed one and claims with each
other.  Both use one value per hand, :class:`HandValue`, ordered as Python tuples are:

* the hand (§1.3, H L502-510) comes first, as the ranking in play classifies it;
* then the groups of equal dice as (size, face) pairs, largest group first and the higher face
  first among groups of one size, the single dice (kickers) last.  "Four queens beat four tens"
  (B L58) is the first group's face; the rest of the tie-break is §1.3's [ASM].

The groups name the whole multiset of faces, so two values are equal only for the same dice: a
pip-sum comparison after them (B L56-57) never decides anything more.  Where B says the pip sum
decides (nobody holds a combination, L56) it agrees with this order, because five different
faces of six are ordered by the face they leave out (``tests/test_dice_hands.py`` checks it).

A claim ("three 3s and two 2s", L210) names a hand and the faces of its groups, kickers
optional: it is a value whose groups are a prefix of the real hand's.  Claims are ordered among
themselves by the same tuple order (a claim that names more is higher), and a real hand is
measured against a claim by :func:`against`, which ignores what the claim leaves unnamed.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from scoring.dice.combinations import Dice, Hand, counts, hand

#: Faces as printed: plain pips, or the card faces of poker dice mapped to ranks 1..6 (§1.1).
LABELS = {"pips": ("1", "2", "3", "4", "5", "6"), "poker": ("9", "10", "J", "Q", "K", "A")}

#: Where a hand a ranking leaves out falls: to the next lower hand the same dice still make
#: (a straight is five single dice; three alike is still a pair under "at least" semantics).
_FOLDS = {
    Hand.HIGH_STRAIGHT: Hand.HIGH_DIE,
    Hand.LOW_STRAIGHT: Hand.HIGH_DIE,
    Hand.THREE_OF_A_KIND: Hand.ONE_PAIR,
}

#: The group sizes of each hand, and the faces of the two straights.
SHAPES: dict[Hand, tuple[int, ...]] = {
    Hand.FIVE_OF_A_KIND: (5,),
    Hand.FOUR_OF_A_KIND: (4, 1),
    Hand.FULL_HOUSE: (3, 2),
    Hand.HIGH_STRAIGHT: (1, 1, 1, 1, 1),
    Hand.LOW_STRAIGHT: (1, 1, 1, 1, 1),
    Hand.THREE_OF_A_KIND: (3, 1, 1),
    Hand.TWO_PAIRS: (2, 2, 1),
    Hand.ONE_PAIR: (2, 1, 1, 1),
    Hand.HIGH_DIE: (1, 1, 1, 1, 1),
}
_STRAIGHTS = {Hand.HIGH_STRAIGHT: (6, 5, 4, 3, 2), Hand.LOW_STRAIGHT: (5, 4, 3, 2, 1)}

#: Hand names as a claim spells them (``{"do": "claim", "hand": "full_house", ...}``).
NAMES = {h: h.name.lower() for h in Hand}
BY_NAME = {name: h for h, name in NAMES.items()}

#: How the referee says a hand; {a} and {b} are the faces of the first two groups.
_TEXT = {
    Hand.FIVE_OF_A_KIND: ("five {a}s", "покер: пять {a}"),
    Hand.FOUR_OF_A_KIND: ("four {a}s", "каре {a}"),
    Hand.FULL_HOUSE: ("full house, {a}s over {b}s", "фул-хаус: три {a} и две {b}"),
    Hand.HIGH_STRAIGHT: ("high straight", "большой стрит"),
    Hand.LOW_STRAIGHT: ("low straight", "малый стрит"),
    Hand.THREE_OF_A_KIND: ("three {a}s", "тройка {a}"),
    Hand.TWO_PAIRS: ("two pairs, {a}s and {b}s", "две пары: {a} и {b}"),
    Hand.ONE_PAIR: ("a pair of {a}s", "пара {a}"),
    Hand.HIGH_DIE: ("no hand, {a} high", "ничего, старшая {a}"),
}


#: Hand names alone, for messages about a claim as a whole.
HAND_NAMES = {
    Hand.FIVE_OF_A_KIND: ("five of a kind", "покер"),
    Hand.FOUR_OF_A_KIND: ("four of a kind", "каре"),
    Hand.FULL_HOUSE: ("full house", "фул-хаус"),
    Hand.HIGH_STRAIGHT: ("high straight", "большой стрит"),
    Hand.LOW_STRAIGHT: ("low straight", "малый стрит"),
    Hand.THREE_OF_A_KIND: ("three of a kind", "тройка"),
    Hand.TWO_PAIRS: ("two pairs", "две пары"),
    Hand.ONE_PAIR: ("one pair", "пара"),
    Hand.HIGH_DIE: ("high die", "старшая кость"),
}


class ClaimError(ValueError):
    """A claim no five dice can make under the ranking in play.  ``code`` is the reason code
    (``not_in_ranking``, ``faces_missing``, ``impossible_claim``); ``hand`` the hand named and
    ``need`` how many faces it must name."""

    def __init__(self, code: str, made: Hand, faces: Sequence[int], need: int = 0) -> None:
        super().__init__(f"{code}: {NAMES[made]} {list(faces)}")
        self.code = code
        self.hand = made
        self.faces = tuple(faces)
        self.need = need


@dataclass(frozen=True)
class Ranking:
    """A list of hands, lowest first.  Dice making a hand the list leaves out fall to the
    next lower hand they make (:data:`_FOLDS`)."""

    name: str
    hands: tuple[Hand, ...]

    def classify(self, dice: Dice) -> Hand:
        made = hand(dice)
        while made not in self.hands:
            made = _FOLDS[made]
        return made


RANKINGS = {
    # §1.3 from H L502-510: used by Liar (G8, "as in Generala", not in the file), Bluff, G11.
    "poker": Ranking("poker", tuple(Hand)),
    # Indian dice L241-244 ("no straight"), and zariki with 3K added (§7 #13 default).
    "no_straights": Ranking(
        "no_straights",
        tuple(h for h in Hand if h not in (Hand.LOW_STRAIGHT, Hand.HIGH_STRAIGHT)),
    ),
    # Zariki B L51-55 as written: poker, kare, full house, two pairs, pair (§7 #13 alternative).
    "zariki_literal": Ranking(
        "zariki_literal",
        (Hand.HIGH_DIE, Hand.ONE_PAIR, Hand.TWO_PAIRS, Hand.FULL_HOUSE, Hand.FOUR_OF_A_KIND,
         Hand.FIVE_OF_A_KIND),
    ),
}  # fmt: skip


@dataclass(frozen=True, order=True)
class HandValue:
    """A hand and its groups of equal dice, ``(size, face)`` largest first: the sort key.

    A thrown hand has all its groups; a claim may stop after the groups it names.
    """

    hand: Hand
    groups: tuple[tuple[int, int], ...]

    @property
    def faces(self) -> tuple[int, ...]:
        """The face of each group, in order: what a claim names."""
        return tuple(face for _, face in self.groups)

    @property
    def name(self) -> str:
        return NAMES[self.hand]

    def text(self, labels: Sequence[str] = LABELS["pips"]) -> tuple[str, str]:
        """English and Russian words for the hand, kickers in brackets when they are known."""
        faces = [labels[face - 1] for face in self.faces]
        padded = [*faces, "", ""]
        en, ru = (t.format(a=padded[0], b=padded[1]) for t in _TEXT[self.hand])
        kickers = faces[named_groups(self.hand) :]
        if kickers:
            extra = " (" + " ".join(kickers) + ")"
            en, ru = en + extra, ru + extra
        return en, ru


def named_groups(made: Hand) -> int:
    """How many groups a claim of this hand must name: every pair or more (one face for no
    hand), and the whole of a straight, which has no free faces."""
    if made in _STRAIGHTS:
        return len(_STRAIGHTS[made])
    return sum(1 for size in SHAPES[made] if size > 1) or 1


def groups(dice: Dice) -> tuple[tuple[int, int], ...]:
    """(size, face) of every group of equal dice, largest first, higher face first."""
    return tuple(sorted(((size, face) for face, size in counts(dice).items()), reverse=True))


def value(dice: Dice, ranking: Ranking = RANKINGS["poker"]) -> HandValue:
    """The value of five thrown dice under a ranking."""
    return HandValue(ranking.classify(dice), groups(dice))


@cache
def _thrown_values(ranking: Ranking) -> frozenset[HandValue]:
    rolls = itertools.combinations_with_replacement(range(1, 7), 5)
    return frozenset(value(roll, ranking) for roll in rolls)


@cache
def _claimable(ranking: Ranking) -> frozenset[HandValue]:
    """Every claim some roll makes true exactly: each thrown value cut after any group."""
    return frozenset(
        HandValue(thrown.hand, thrown.groups[:cut])
        for thrown in _thrown_values(ranking)
        for cut in range(1, len(thrown.groups) + 1)
    )


def claim(name: str, faces: Sequence[int], ranking: Ranking = RANKINGS["poker"]) -> HandValue:
    """The value a claim names: a hand of the ranking, the faces of its groups (pairs and more
    required, kickers optional), in any order within groups of one size.

    Raises :class:`ClaimError` (``not_in_ranking``, ``faces_missing``, ``impossible_claim``)
    for a claim that no roll could make true.
    """
    made = BY_NAME[name]
    if made not in ranking.hands:
        raise ClaimError("not_in_ranking", made, faces)
    shape = SHAPES[made]
    if made in _STRAIGHTS and not faces:
        faces = _STRAIGHTS[made]
    if len(faces) < named_groups(made):
        raise ClaimError("faces_missing", made, faces, named_groups(made))
    if len(faces) > len(shape):
        raise ClaimError("impossible_claim", made, faces)
    ordered: list[int] = []
    for _, run in itertools.groupby(shape[: len(faces)]):
        start = len(ordered)
        ordered += sorted(faces[start : start + len(list(run))], reverse=True)
    result = HandValue(made, tuple(zip(shape, ordered, strict=False)))
    if result not in _claimable(ranking):
        raise ClaimError("impossible_claim", made, faces)
    return result


def against(thrown: HandValue, claimed: HandValue) -> int:
    """-1, 0 or 1 as a thrown hand is below, level with or above a claim: a claim that names
    no kickers is met by any kickers, so "a pair of 5s" is level with every pair of 5s."""
    if thrown.hand != claimed.hand:
        return 1 if thrown.hand > claimed.hand else -1
    mine = thrown.groups[: len(claimed.groups)]
    return (mine > claimed.groups) - (mine < claimed.groups)


def best(values: Mapping[str, HandValue]) -> list[str]:
    """Everyone holding the best value, in the order given: one winner, or a tie."""
    top = max(values.values())
    return [player for player, held in values.items() if held == top]


@cache
def claims(ranking: Ranking) -> tuple[HandValue, ...]:
    """Every claim that names just the groups it must (no kickers), lowest first: the claims
    a player can make without naming kickers."""
    found = {
        HandValue(thrown.hand, thrown.groups[: named_groups(thrown.hand)])
        for thrown in _thrown_values(ranking)
    }
    return tuple(sorted(found))
