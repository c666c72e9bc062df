"""The draw step (§2.7, [L18]): in order, up to six each, the turned-up trump last.

The camera sees cards leave the stock and the operator confirms who took how many, so a
``draw`` names the player and a count; the cards are named when they are seen (the turned-up
trump, or every card with full information).  A player may draw his share in several pulls.
"""

from __future__ import annotations

from dataclasses import replace

from scoring.actions import Action
from scoring.durak.ending import REFILL, after_draw
from scoring.durak.hands import check_in_deck, duplicate, receive, seen_elsewhere
from scoring.durak.messages import MESSAGES
from scoring.durak.rules import Rules
from scoring.durak.state import DurakState, Phase
from scoring.verdicts import Kind, Verdict


def draw(
    state: DurakState, rules: Rules, seat: int, action: Action
) -> tuple[DurakState, list[Verdict]]:
    player = state.players[seat]
    if not rules.has_stock:
        raise MESSAGES.illegal("F-23", player)
    if state.phase != Phase.DRAW or not state.draws:
        raise MESSAGES.illegal("F-21", player, need=0, count=action.args.get("count", 1))
    drawer, due = state.draws[0]
    if seat != drawer:
        hand = state.hands[seat].count
        if hand >= REFILL:
            raise MESSAGES.illegal("F-21", player, need=0, count=action.args.get("count", 1))
        raise MESSAGES.illegal("F-20", player, drawer=state.players[drawer])
    cards: tuple[str, ...] = action.args.get("cards", ())
    count = action.args.get("count", len(cards) or due)
    if cards and count != len(cards):
        raise MESSAGES.illegal("F-21", player, need=len(cards), count=count)
    if rules.full_information and not cards:
        raise MESSAGES.illegal("cards_needed", player, what="draw")
    if count > due:
        raise MESSAGES.illegal("F-21", player, need=due, count=count)
    stock_after = state.stock - count
    check_in_deck(rules, cards, player)
    for card in cards:
        if card == state.trump_card and state.turnup_in_stock:
            if stock_after > 0:
                raise MESSAGES.illegal("F-22", player, card=card)
            continue
        where = seen_elsewhere(state, card, None)
        if where is not None:
            raise duplicate(card, where, player)
    turnup: tuple[str, ...] = ()
    if state.turnup_in_stock and stock_after == 0 and state.trump_card is not None:
        if cards and state.trump_card not in cards:
            raise MESSAGES.illegal("F-22", player, card=state.trump_card)
        turnup = (state.trump_card,)
    seen = tuple(dict.fromkeys(cards + turnup))
    hands = receive(state.hands, seat, count, seen)
    draws = ((seat, due - count), *state.draws[1:]) if due > count else state.draws[1:]
    state = replace(
        state,
        hands=hands,
        stock=stock_after,
        draws=draws,
        turnup_in_stock=state.turnup_in_stock and stock_after > 0,
    )
    verdicts = [MESSAGES.verdict(Kind.INFO, "drawn", player, count=count)]
    if draws:
        return state, verdicts
    state, more = after_draw(state, rules)
    return state, verdicts + more
