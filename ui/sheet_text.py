"""Plain-text, CSV and JSON renderings of a score sheet, for the terminal, files and logs.

Every engine describes its paper sheet with ``score_sheet(state)`` (columns = players, rows with
a kind: row, subtotal, bonus, total); this module only lays that out, so a Yahtzee pad, a Farkle
tally and a Bunco card all print through the same code.  State lines read the engine's public
``view`` and use only the keys a game has.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

LANGS = ("en", "ru")
FORMATS = ("text", "csv", "json")

#: Row kinds after which (or before which) the text sheet draws a rule, as a printed pad does.
#: A ``running`` total (written after each round, as on a golf card) is laid out like a row.
RULED = ("subtotal", "bonus", "total")

WORDS = {
    "winner": ("Winner: {player} with {points}", "Победитель: {player}, {points} очков"),
    "shared": ("Shared win: {players} with {points}", "Победа поровну: {players}, по {points}"),
    "over": ("game over", "игра окончена"),
    "to_play": ("{player} to play", "ходит {player}"),
    "nobody": (
        "the table says who plays next (the draw, or who opens): name the player, '{player}: ...'",
        "кто ходит, решает стол (жребий или первый ход): назовите игрока, «{player}: ...»",
    ),
    "throw": ("throw {throw}/{throws}", "бросок {throw}/{throws}"),
    "throw_open": ("throw {throw}", "бросок {throw}"),
    "dice": ("dice {dice}", "кости {dice}"),
    "kept": ("kept {dice}", "отложены {dice}"),
    "open_rows": ("Rows open now: {rows}", "Можно записать: {rows}"),
    "row": ("row", "графа"),
    "best": ("best", "лучшее"),
}


def word(key: str, lang: str, **values: Any) -> str:
    """One phrase of :data:`WORDS` in ``lang``, filled in."""
    en, ru = WORDS[key]
    return (ru if lang == "ru" else en).format(**values)


def _title(row: Mapping[str, Any], lang: str) -> str:
    return str(row["ru"] if lang == "ru" else row["en"])


def _cell(value: Any) -> str:
    return "" if value is None else str(value)


def render_sheet(sheet: Mapping[str, Any], lang: str = "en") -> str:
    """The sheet as a fixed-width table: rows down, players across, figures right-aligned.

    Sums, bonuses and totals are set off by rules, so the rows a player writes stand apart
    from the arithmetic the referee does.
    """
    players: Sequence[str] = sheet["columns"]
    rows: Sequence[Mapping[str, Any]] = sheet["rows"]
    widths = [
        max((len(_title(row, lang)) for row in rows), default=0),
        *(
            max(len(player), 5, *(len(_cell(row["cells"].get(player))) for row in rows))
            for player in players
        ),
    ]
    rule = "-" * (sum(widths) + 2 * len(players))
    out = [_table_line(["", *players], widths), rule]
    for index, row in enumerate(rows):
        ruled = row["kind"] in RULED
        starts_block = index == 0 or rows[index - 1]["kind"] not in RULED or row["kind"] == "total"
        if ruled and out[-1] != rule and starts_block:
            out.append(rule)
        cells = [_cell(row["cells"].get(player)) for player in players]
        out.append(_table_line([_title(row, lang), *cells], widths))
        following = rows[index + 1]["kind"] if index + 1 < len(rows) else None
        if ruled and following not in RULED:
            out.append(rule)
    if out[-1] != rule:
        out.append(rule)
    return "\n".join(out)


def _table_line(cells: Sequence[str], widths: Sequence[int]) -> str:
    """A title left-aligned, then the players' cells right-aligned like figures in a column."""
    title, *numbers = cells
    line = f"{title:<{widths[0]}}" + "".join(
        f"  {cell:>{width}}" for cell, width in zip(numbers, widths[1:], strict=True)
    )
    return line.rstrip()


def sheet_csv(sheet: Mapping[str, Any], lang: str = "en") -> str:
    """The sheet as CSV for a spreadsheet: a header of players, one line per sheet row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["key", word("row", lang), "kind", *sheet["columns"]])
    for row in sheet["rows"]:
        cells = [_cell(row["cells"].get(player)) for player in sheet["columns"]]
        writer.writerow([row["key"], _title(row, lang), row["kind"], *cells])
    return out.getvalue()


def sheet_json(sheet: Mapping[str, Any]) -> str:
    """The sheet exactly as the engine gives it, for other programs."""
    return json.dumps(sheet, ensure_ascii=False, indent=2)


def winner_line(view: Mapping[str, Any], lang: str = "en") -> str:
    """Who won and with how many points; a tie is a shared win."""
    winner = view["winner"]
    if isinstance(winner, list):
        # A team game names its sides "Anna+Vera" in ``sides``: one side won, not a tie.
        for side, points in view.get("sides", {}).items():
            if sorted(side.split("+")) == sorted(winner):
                return word("winner", lang, player=side, points=points)
        points = view["scores"][winner[0]]
        return word("shared", lang, players=", ".join(winner), points=points)
    return word("winner", lang, player=winner, points=view["scores"][winner])


def state_line(view: Mapping[str, Any], lang: str = "en") -> str:
    """The compact state after each action: whose turn and, for dice games, the throw."""
    if view["over"]:
        return word("over", lang)
    if view["turn"] is None:
        return word("nobody", lang, player=view["players"][0])
    parts = [word("to_play", lang, player=view["turn"])]
    if "throw" in view:
        throws = view.get("throws")
        if throws:
            parts.append(word("throw", lang, throw=view["throw"], throws=throws))
        else:
            parts.append(word("throw_open", lang, throw=view["throw"]))
    for key in ("dice", "kept"):
        if view.get(key) and isinstance(view[key], list):
            parts.append(word(key, lang, dice=_faces(view[key])))
    return ", ".join(parts)


def hint_lines(candidates: Mapping[str, int], lang: str = "en") -> list[str]:
    """What each open row would score with the dice showing, the best one marked."""
    if not candidates:
        return []
    best = max(candidates.values())
    width = max(len(name) for name in candidates)
    return [
        f"  {name:<{width}}  {points:>4}" + (f"  <- {word('best', lang)}" if points == best else "")
        for name, points in candidates.items()
    ]


def open_rows_line(view: Mapping[str, Any], lang: str = "en") -> str | None:
    """The rows the player may write now and what each would score, or None when none."""
    candidates: Mapping[str, int] = view.get("candidates") or {}
    if not candidates:
        return None
    rows = ", ".join(f"{name} {points}" for name, points in candidates.items())
    return word("open_rows", lang, rows=rows)


def _faces(dice: Sequence[int]) -> str:
    return " ".join(str(die) for die in dice)
