"""What the table shows of a hold'em state: the engine's view and the paper sheet."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.card_games.common import chip_rows
from scoring.card_games.holdem import betting
from scoring.card_games.holdem.hands import best_hand
from scoring.card_games.holdem.pots import pots_in_play
from scoring.card_games.holdem.rules import Rules
from scoring.card_games.holdem.state import Phase, State
from scoring.engine import best_of, sheet_row


def turn_name(state: State) -> str | None:
    """The name of the player whose turn it is, or None."""
    return None if state.turn is None else state.players[state.turn]


def public_view(state: State, rules: Rules) -> dict[str, Any]:
    """The engine's view (docs/rules/poker.md §5): what the table and the displays show."""
    names = state.players

    def named(seat: int | None) -> str | None:
        return None if seat is None else names[seat]

    seat = state.turn
    betting_now = state.phase is Phase.BETTING and seat is not None
    pots = (
        pots_in_play(
            state.committed,
            [state.live(s) for s in range(state.seats)],
            [state.stacks[s] == 0 for s in range(state.seats)],
        )
        if not state.over
        else []
    )
    shown = {}
    for index, hand in enumerate(state.shown):
        if hand is None:
            continue
        entry: dict[str, Any] = {"cards": [str(card) for card in hand]}
        if len(state.board) >= 3:
            value = best_hand((*hand, *state.board))[0]
            entry |= {"en": value.en, "ru": value.ru}
        shown[names[index]] = entry
    return {
        "players": list(names),
        "turn": named(seat),
        "scores": dict(zip(names, state.stacks, strict=True)),
        "over": state.over,
        "winner": best_of(dict(zip(names, state.stacks, strict=True))) if state.over else None,
        "structure": rules.structure.value,
        "blinds": [rules.small_blind, rules.big_blind],
        "ante": rules.ante,
        "chip": rules.chip,
        "phase": state.phase.value,
        "hand": state.hand,
        "street": state.street.label,
        "button": names[state.button],
        "dead_button": not state.dealt[state.button],
        "small_blind": named(state.small_blind) if state.dealt[state.small_blind] else None,
        "big_blind": names[state.big_blind],
        "board": [str(card) for card in state.board],
        "burns": [str(card) for card in state.burns],
        "burned": state.burned,
        "four_card_flop": [str(card) for card in state.four],
        "stacks": dict(zip(names, state.stacks, strict=True)),
        "bets": dict(zip(names, state.bets, strict=True)),
        "committed": dict(zip(names, state.committed, strict=True)),
        "folded": [names[s] for s in range(state.seats) if state.dealt[s] and not state.live(s)],
        "all_in": [
            names[s]
            for s in range(state.seats)
            if state.dealt and state.live(s) and state.stacks[s] == 0
        ],
        "current_bet": state.current_bet,
        "to_call": state.to_call(seat) if betting_now and seat is not None else 0,
        "min_raise_to": betting.min_raise_to(state, rules) if betting_now else None,
        "max_raise_to": (
            betting.max_raise_to(state, rules, seat) if betting_now and seat is not None else None
        ),
        "can_raise": betting_now and seat is not None and betting.can_raise(state, rules, seat),
        "pots": [
            {"amount": pot.amount, "eligible": [names[s] for s in pot.eligible]} for pot in pots
        ],
        "shown": shown,
        "results": [dict(result) for result in state.results],
        "held": None
        if state.held is None
        else {"player": names[state.held.seat], "action": state.held.action.to_dict()},
        "bound": state.bound,
        "rulings": [
            {"rule": rule, "player": player, "kill": kill, "note": note}
            for rule, player, kill, note in state.rulings
        ],
    }


def score_sheet(
    state: State, total: Callable[[Mapping[str, int]], dict[str, Any]]
) -> dict[str, Any]:
    """The sheet: the chips at the start, each hand's result, the chips in the pot now, the
    chips behind (``total``: the engine's total row)."""
    names = state.players
    rows = chip_rows(names, state.start, state.history, ("hand", "Hand", "Раздача"))
    if not state.over:
        rows.append(
            sheet_row(
                "in_pot",
                "In the pot now",
                "Сейчас в банке",
                {p: -c for p, c in zip(names, state.committed, strict=True)},
            )
        )
    rows.append(total(dict(zip(names, state.stacks, strict=True))))
    return {"columns": list(names), "rows": rows}
