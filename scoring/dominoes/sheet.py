"""What the table sees (``view``) and the score sheet the players keep (``score_sheet``).

The sheet has one column per side, as a Kozel pad has one per team: a team is written
``Anna+Vera``, a single player by his name.  Each finished round is a row of running totals
(what players write down), the round still being played shows its points so far, a Kozel
match ends with the goat marked, and the last row is the total.
"""

from __future__ import annotations

from typing import Any

from scoring.dominoes.layout import end_sum
from scoring.dominoes.rules import Rules
from scoring.dominoes.state import State
from scoring.engine import sheet_row

HOW = {
    "out": ("", ""),
    "fish": (", fish", ", рыба"),
    "fish_tie": (", fish tie", ", ничья в рыбе"),
}


def view(rules: Rules, full: bool, state: State) -> dict[str, Any]:
    """The public picture of ``state``: every hand in it where the game is played with
    ``full`` information, else only the hands revealed at a round's end."""
    rnd = state.round
    players = state.players
    names = [state.side_name(i) for i in range(len(state.sides))]
    winner: Any = None
    if state.winners is not None:
        won = [players[s] for i in state.winners for s in state.sides[i]]
        winner = won[0] if len(won) == 1 else won
    turn = None
    if not state.over and rnd is not None and rnd.turn is not None:
        turn = players[rnd.turn]
    out: dict[str, Any] = {
        "players": list(players),
        "turn": turn,
        "scores": {p: state.scores[state.side_of(s)] for s, p in enumerate(players)},
        "over": state.over,
        "winner": winner,
        "sides": {name: state.scores[i] for i, name in enumerate(names)},
        "round": rnd.number if rnd else len(state.lines) + 1,
        "carry": state.carry,
        "goat": names[state.goat] if state.goat is not None else None,
    }
    if rnd is None:
        out["phase"] = "over" if state.over else "deal"
        return out
    layout = rnd.layout
    out |= {
        "phase": "reveal" if rnd.ending else "play",
        "leader": players[rnd.leader] if rnd.leader is not None else None,
        "hand_sizes": {p: rnd.hands[s].count for s, p in enumerate(players)},
        "stock": rnd.stock_count,
        "layout": [str(t) for t in layout.tiles],
        "ends": {e.name: e.value for e in layout.ends},
        "spinner": str(layout.spinner) if layout.spinner else None,
        "in_play": {name: rnd.in_play[i] for i, name in enumerate(names)},
    }
    if rules.scoring == "fives":
        out["end_sum"] = end_sum(layout, rules.played_sides_only)
    known = {p: [str(t) for t in rnd.hands[s].tiles] for s, p in enumerate(players)}
    if full:
        out["hands"] = known
    elif rnd.ending:
        out["revealed"] = {
            p: tiles for s, (p, tiles) in enumerate(known.items()) if rnd.hands[s].known
        }
    return out


def score_sheet(state: State, rules: Rules) -> dict[str, Any]:
    names = [state.side_name(i) for i in range(len(state.sides))]
    rows = []
    for line in state.lines:
        how_en, how_ru = HOW[line.how]
        rows.append(
            sheet_row(
                f"round_{line.number}",
                f"Round {line.number}{how_en}",
                f"Раунд {line.number}{how_ru}",
                dict(zip(names, line.totals, strict=True)),
            )
        )
    rnd = state.round
    if rnd is not None and any(rnd.in_play):
        rows.append(
            sheet_row(
                f"round_{rnd.number}",
                f"Round {rnd.number} (so far)",
                f"Раунд {rnd.number} (пока)",
                dict(zip(names, state.scores, strict=True)),
            )
        )
    if state.carry:
        rows.append(
            sheet_row(
                "carry",
                f"Carried to the next loser: {state.carry}",
                f"Переходит к проигравшему: {state.carry}",
                dict.fromkeys(names),
            )
        )
    if state.goat is not None:
        rows.append(
            sheet_row(
                "goat",
                "Goat",
                "Козёл",
                {n: "X" if i == state.goat else "" for i, n in enumerate(names)},
            )
        )
    total_en = "Total (penalty)" if rules.scoring == "penalty" else "Total"
    total_ru = "Итого (штраф)" if rules.scoring == "penalty" else "Итого"
    rows.append(
        sheet_row("total", total_en, total_ru, dict(zip(names, state.scores, strict=True)), "total")
    )
    return {"columns": names, "rows": rows}
