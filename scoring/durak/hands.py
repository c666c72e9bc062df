"""Who holds what: taking cards out of a hand, putting cards in, and the duplicate check.

The referee never sees a hidden hand, so a card laid from it is accepted if the hand still
has unseen cards and the card has not been seen anywhere else; a card seen elsewhere, or not
in this game's deck, is F-28 (L49-51 is the reminder that a spare deck can slip in).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scoring.durak.messages import MESSAGES
from scoring.durak.rules import Rules
from scoring.durak.state import DurakState, Hand
from scoring.verdicts import IllegalMove

WHERE = {
    "deck": ("not a card of this deck", "такой карты нет в этой колоде"),
    "table": ("already on the table", "уже лежит на столе"),
    "discard": ("already in the discard", "уже ушла в отбой"),
    "stock": ("the turned-up trump, still under the stock", "открытый козырь, он ещё в колоде"),
    "hand": ("known to be in another hand", "известно, что она у другого игрока"),
}


def duplicate(card: str, why: str, player: str | None) -> IllegalMove:
    en, ru = WHERE[why]
    return MESSAGES.illegal("F-28", player, card=card, why=en, why_ru=ru)


def seen_elsewhere(state: DurakState, card: str, seat: int | None) -> str | None:
    """Where else the table has seen ``card`` (a key of :data:`WHERE`), or None."""
    if state.bout is not None and card in state.bout.cards:
        return "table"
    if state.pile is not None and card in state.pile.cards:
        return "table"
    if card in state.discard:
        return "discard"
    if state.turnup_in_stock and card == state.trump_card:
        return "stock"
    for other, hand in enumerate(state.hands):
        if other != seat and card in hand.known:
            return "hand"
    return None


def check_in_deck(rules: Rules, cards: Iterable[str], player: str | None) -> None:
    deck = {str(c) for c in rules.deck}
    for card in cards:
        if card not in deck:
            raise duplicate(card, "deck", player)


def play(state: DurakState, rules: Rules, seat: int, cards: Sequence[str]) -> tuple[Hand, ...]:
    """The hands after ``seat`` lays ``cards`` from his hand; F-28 or not_in_hand if he
    cannot hold them."""
    player = state.players[seat]
    check_in_deck(rules, cards, player)
    hand = state.hands[seat]
    known, count = list(hand.known), hand.count
    for card in cards:
        if card in known:
            known.remove(card)
        else:
            where = seen_elsewhere(state, card, seat)
            if where is not None:
                raise duplicate(card, where, player)
            if count <= len(known):  # every card left in the hand is known
                raise MESSAGES.illegal("not_in_hand", player, card=card)
        count -= 1
    return replace_hand(state.hands, seat, Hand(count, tuple(known)))


def receive(
    hands: tuple[Hand, ...], seat: int, count: int, cards: Sequence[str] = ()
) -> tuple[Hand, ...]:
    """``count`` cards join a hand, of which ``cards`` were seen."""
    hand = hands[seat]
    known = tuple(sorted(hand.known + tuple(cards)))
    return replace_hand(hands, seat, Hand(hand.count + count, known))


def replace_hand(hands: tuple[Hand, ...], seat: int, hand: Hand) -> tuple[Hand, ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


def next_active(state: DurakState, rules: Rules, seat: int) -> int:
    """The next seat in play direction whose player is still in (§2.3); ``seat`` itself when
    nobody else is."""
    step = 1 if rules.clockwise else -1
    n = len(state.players)
    for k in range(1, n + 1):
        other = (seat + step * k) % n
        if state.active(other):
            return other
    return seat


def in_order_from(state: DurakState, rules: Rules, seat: int) -> list[int]:
    """Every seat in play direction starting with ``seat``."""
    step = 1 if rules.clockwise else -1
    n = len(state.players)
    return [(seat + step * k) % n for k in range(n)]
