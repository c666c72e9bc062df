"""The Deberts score sheet as the players keep it (cards.md §2.13): a column per player, a line
per hand with a running total under it, hanging points, penalties named on the hand's line,
totals brought forward, and corrections of what a player wrote too many (L25-L26)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.card_games.deberts.messages import MESSAGES
from scoring.card_games.deberts.state import Line, Phase, State
from scoring.engine import sheet_row
from scoring.verdicts import COMMON, Kind, Verdict


def _add(values: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    return tuple(v + points if s == seat else v for s, v in enumerate(values))


def _cells(seats: int, seat: int, points: int) -> tuple[int | None, ...]:
    return tuple(points if s == seat else None for s in range(seats))


def carry(state: State, seat: int, points: int) -> tuple[State, list[Verdict]]:
    """A game started on paper goes on here: its totals are brought forward before the first
    deal [EXT]; they are the sheet's first line."""
    name, seats = state.players[seat], len(state.players)
    if state.hand is not None or state.hands_played or state.dealer is not None:
        raise MESSAGES.illegal("carry_too_late", name)
    line = Line(
        f"carried_{seat}_start", "Brought forward", "Перенесено", _cells(seats, seat, points)
    )
    state = replace(state, totals=_add(state.totals, seat, points), lines=(*state.lines, line))
    return state, [MESSAGES.verdict(Kind.INFO, "carried", name, points)]


def misrecord(state: State, seat: int, points: int) -> tuple[State, list[Verdict]]:
    """L26: what a player wrote beyond his due at the scoring stands on the sheet until the
    opponent spots it (or the next deal puts the pencil down, L25)."""
    name, seats = state.players[seat], len(state.players)
    if state.hand is None or state.hand.phase != Phase.DONE:
        raise MESSAGES.illegal("not_scoring_time", name)
    number = len(state.lines) + 1
    line = Line(
        f"written_{number}", "Written too many", "Записано лишнее", _cells(seats, seat, points)
    )
    state = replace(
        state,
        totals=_add(state.totals, seat, points),
        misrecorded=_add(state.misrecorded, seat, points),
        lines=(*state.lines, line),
    )
    return state, [MESSAGES.verdict(Kind.INFO, "misrecorded", name, points)]


def spot(state: State, seat: int, writer_name: str) -> tuple[State, list[Verdict]]:
    """L26: the opponent points the error out and writes it to himself; the writer strikes
    it.  "Сотни поправляются": an error of a hundred (a multiple of 100) is only struck."""
    name, players = state.players[seat], state.players
    if writer_name not in players:
        raise COMMON.illegal("unknown_player", writer_name, players=", ".join(players))
    writer = players.index(writer_name)
    points = state.misrecorded[writer]
    if writer == seat or points == 0:
        raise MESSAGES.illegal("nothing_to_spot", name, writer=writer_name)
    hundreds = points % 100 == 0
    cells: list[int | None] = [None] * len(players)
    cells[writer] = -points
    totals = _add(state.totals, writer, -points)
    if not hundreds:
        cells[seat] = points
        totals = _add(totals, seat, points)
    number = len(state.lines) + 1
    line = Line(f"correction_{number}", "Correction", "Поправка", tuple(cells))
    state = replace(
        state,
        totals=totals,
        misrecorded=_add(state.misrecorded, writer, -points),
        lines=(*state.lines, line),
    )
    code = "hundreds" if hundreds else "spotted"
    return state, [MESSAGES.verdict(Kind.INFO, code, name, points, writer=writer_name)]


def score_sheet(state: State) -> dict[str, Any]:
    """Columns = players.  Each hand's line is followed by the running totals, as players
    write a Deberts sheet; hanging points stand on a line of their own (not yet anyone's)."""
    players = state.players
    rows = []
    running = [0] * len(players)
    lines = state.lines
    for index, line in enumerate(lines):
        cells = dict(zip(players, line.cells, strict=True))
        rows.append(sheet_row(line.key, line.en, line.ru, cells, line.kind))
        if line.kind != "row":
            continue
        running = [r + (c or 0) for r, c in zip(running, line.cells, strict=True)]
        group = line.key.rsplit("_", 1)[-1]
        following = next((x for x in lines[index + 1 :] if x.kind == "row"), None)
        if following is None or following.key.rsplit("_", 1)[-1] == group:
            continue  # the group goes on, or the total row follows
        rows.append(
            sheet_row(
                f"running_{index + 1}",
                "Running total",
                "Итого",
                dict(zip(players, running, strict=True)),
                "subtotal",
            )
        )
    if state.hanging:
        rows.append(
            sheet_row(
                "hanging_now",
                f"Hanging now: {state.hanging}",
                f"Висят: {state.hanging}",
                dict.fromkeys(players),
                "bonus",
            )
        )
    totals = dict(zip(players, state.totals, strict=True))
    rows.append(sheet_row("total", "Total", "Всего", totals, "total"))
    return {"columns": list(players), "rows": rows}
