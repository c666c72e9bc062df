"""Trick-taking helpers shared by the card games (Deberts, Thousand, Nine-card Don).

Every trick-taking game asks the same three questions: who wins a trick, which cards of a hand
may follow to it, and, when the hands are hidden from the camera (cards.md §8.5), whether a card
played later *proves* that an earlier card broke the follow rules.  The games differ only in the
rank order and in how strict the follow duties are, so both are parameters here, and the answers
are pure functions of cards.

Conventions (stable API):

* Cards are :class:`scoring.cards.Card`; a trick is the cards played to it *in play order*
  (``trick[0]`` is the lead).  ``trump`` is a suit letter or ``None`` (no trump).
* A :class:`RankOrder` lists ranks from the **lowest to the highest**, one order for plain suits
  and optionally another for the trump suit (Deberts: J and 9 rise to the top of trumps).
* A :class:`FollowRules` says which duties the follower has; :func:`playable` applies them and
  :func:`breach` names the first duty a card breaks (``revoke``, ``no_trump``,
  ``no_overtrump``) or returns ``None``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.cards import Card

#: Breach codes returned by :func:`breach`; games use them as the verdict's reason code.
REVOKE = "revoke"  # held a card of the led suit and did not follow
NO_TRUMP = "no_trump"  # void in the led suit, held a trump and did not trump
NO_OVERTRUMP = "no_overtrump"  # could have beaten the highest trump in the trick and did not


@dataclass(frozen=True)
class RankOrder:
    """Ranks from lowest to highest; ``trump`` (if given) is the order inside the trump suit.

    Example, Deberts (cards.md §2.7): ``RankOrder(plain=("7","8","9","J","Q","K","10","A"),
    trump=("7","8","Q","K","10","A","9","J"))``.  Thousand: ``RankOrder(("9","J","Q","K","10",
    "A"))``.
    """

    plain: tuple[str, ...]
    trump: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if len(set(self.plain)) != len(self.plain):
            raise ValueError(f"rank order repeats a rank: {self.plain}")
        if self.trump is not None and sorted(self.trump) != sorted(self.plain):
            raise ValueError(f"trump order {self.trump} must rank the same cards as {self.plain}")

    def strength(self, card: Card, trump: str | None) -> int:
        """Position of ``card`` in its suit's order (0 = lowest); only cards of one suit compare."""
        order = self.trump if (card.suit == trump and self.trump is not None) else self.plain
        return order.index(card.rank)

    def beats(self, card: Card, other: Card, trump: str | None) -> bool:
        """Whether ``card`` ranks above ``other`` *within one suit* (False for different suits)."""
        return card.suit == other.suit and self.strength(card, trump) > self.strength(other, trump)


@dataclass(frozen=True)
class FollowRules:
    """The follower's duties, strictest first; each one a game or preset option turns on.

    * ``must_follow``: holding the led suit, play it.
    * ``must_trump``: void in the led suit but holding a trump, play a trump.
    * ``overtrump_on_trump_lead``: when trump was led, play a trump above the highest trump in the
      trick if you hold one (Deberts §2.9).
    * ``overtrump_when_trumping``: when trumping a plain lead, beat a trump already in the trick
      if you can (Deberts 3p flag ``must_overtrump_when_void_3p``).
    """

    must_follow: bool = True
    must_trump: bool = True
    overtrump_on_trump_lead: bool = False
    overtrump_when_trumping: bool = False


def trick_winner(trick: Sequence[Card], trump: str | None, order: RankOrder) -> int:
    """Index (into ``trick``) of the winning card: the highest trump if any trump was played,
    otherwise the highest card of the led suit; cards of other suits never win."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    suit = trump if trump is not None and any(c.suit == trump for c in trick) else trick[0].suit
    best = None
    for index, card in enumerate(trick):
        if card.suit != suit:
            continue
        if best is None or order.strength(card, trump) > order.strength(trick[best], trump):
            best = index
    assert best is not None  # the led suit is always present
    return best


def highest_trump(trick: Sequence[Card], trump: str | None, order: RankOrder) -> Card | None:
    """The best trump already in the trick, or ``None`` when no trump was played."""
    trumps = [c for c in trick if trump is not None and c.suit == trump]
    return max(trumps, key=lambda c: order.strength(c, trump)) if trumps else None


def playable(
    hand: Iterable[Card],
    trick: Sequence[Card],
    trump: str | None,
    order: RankOrder,
    rules: FollowRules,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` now, in the hand's order.

    The leader (empty trick) may play anything.  A hand that can meet no duty may play anything
    (the duties only restrict, they never leave a player without a move).
    """
    cards = tuple(hand)
    return tuple(card for card in cards if breach(cards, trick, card, trump, order, rules) is None)


def breach(
    hand: Iterable[Card],
    trick: Sequence[Card],
    card: Card,
    trump: str | None,
    order: RankOrder,
    rules: FollowRules,
) -> str | None:
    """Which duty playing ``card`` from ``hand`` to ``trick`` breaks, or ``None`` if it is legal.

    ``hand`` need not be the whole hand: the duties are monotone (a card illegal given some of
    the cards held stays illegal given all of them), so passing the cards *known* to have been
    held (the card itself plus every card the player plays later, cards.md §8.5) gives a breach
    only when it is proven.  ``card`` is counted as held even if ``hand`` omits it.
    """
    if not trick:
        return None
    held = set(hand) | {card}
    led = trick[0].suit
    top = highest_trump(trick, trump, order)
    if rules.must_follow and card.suit != led and any(c.suit == led for c in held):
        return REVOKE
    following = card.suit == led
    holds_trump = trump is not None and any(c.suit == trump for c in held)
    void = not any(c.suit == led for c in held)
    if not following and rules.must_trump and holds_trump and card.suit != trump and void:
        return NO_TRUMP
    if card.suit == trump and top is not None:
        duty = rules.overtrump_on_trump_lead if led == trump else rules.overtrump_when_trumping
        could_beat = any(c.suit == trump and order.beats(c, top, trump) for c in held)
        if duty and could_beat and not order.beats(card, top, trump):
            return NO_OVERTRUMP
    return None
