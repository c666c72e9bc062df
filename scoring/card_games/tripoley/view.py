"""What the table shows of a Tripoley state: the engine's view and the paper sheet."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.card_games.common import chip_rows
from scoring.card_games.tripoley.rules import POCKETS, Rules
from scoring.card_games.tripoley.state import State
from scoring.engine import best_of, sheet_row


def public_view(state: State, rules: Rules) -> dict[str, Any]:
    """The engine's view: the stage, the layout, the hands' sizes, what the table has seen."""
    names = state.players
    return {
        "players": list(names),
        "turn": None if state.turn is None or state.over else names[state.turn],
        "scores": dict(zip(names, state.chips, strict=True)),
        "over": state.over,
        "winner": best_of(dict(zip(names, state.chips, strict=True))) if state.over else None,
        "phase": state.phase.value,
        "final_round": state.final,
        "deal": state.deal,
        "dealer": names[state.dealer],
        "layout": dict(zip(POCKETS, state.layout, strict=True)),
        "counts": {names[s]: state.counts[s] for s in range(state.seats) if state.dealt[s]},
        "spare": state.spare,
        "seen": {str(card): names[seat] for card, seat in state.seen},
        "bets": dict(zip(names, state.bets, strict=True)),
        "folded": [names[s] for s in range(state.seats) if state.folded[s]],
        "current_bet": state.current,
        "hands": {
            names[s]: [str(card) for card in hand]
            for s, hand in enumerate(state.hands)
            if hand is not None
        },
        "suit": state.suit,
        "played": [str(card) for card, _ in state.played],
        "stopped": state.stopped,
        "lead_colour": state.colour if rules.alternate_colours else None,
    }


def score_sheet(
    state: State, total: Callable[[Mapping[str, int]], dict[str, Any]]
) -> dict[str, Any]:
    """The sheet: the chips at the start, each deal's result, this deal so far, the chips
    (``total``: the engine's total row)."""
    names = state.players
    rows = chip_rows(names, state.start, state.history, ("deal", "Deal", "Раздача"))
    if not state.over:
        now = {
            p: after - before
            for p, after, before in zip(names, state.chips, state.deal_start, strict=True)
        }
        rows.append(sheet_row("this_deal", "This deal so far", "Эта раздача", now))
    rows.append(total(dict(zip(names, state.chips, strict=True))))
    return {"columns": list(names), "rows": rows}
