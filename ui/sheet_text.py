"""Plain-text rendering of a dice score sheet, for the terminal and for logs.

Everything here reads only the engine's public ``view`` (plain JSON data), never the engine's
state, so the command line, a replay and a test all print the same sheet from the same facts.
Text is kept out of :mod:`ui.cli` so that the plumbing (argument parsing, journals, stdin) and
the look of the sheet change independently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

LANGS = ("en", "ru")

#: Section names as the presets spell them, with the words the sheet prints for them
#: (Russian in the form that fits "Сумма верхней части" and "Итого по верхней части").
SECTIONS = {
    "upper": ("Upper", "верхней части"),
    "lower": ("Lower", "нижней части"),
}

WORDS = {
    "sum": ("{section} sum", "Сумма {section}"),
    "section_bonus": ("{section} bonus", "Бонус {section}"),
    "row_bonus": ("{row} bonus", "Бонус «{row}»"),
    "section_total": ("{section} total", "Итого по {section}"),
    "total": ("Total", "Итого"),
    "winner": ("Winner: {player} with {points}", "Победитель: {player}, {points} очков"),
    "shared": ("Shared win: {players} with {points}", "Победа поровну: {players}, по {points}"),
    "over": ("game over", "игра окончена"),
    "to_play": (
        "{player} to play, throw {throw}/{throws}",
        "ходит {player}, бросок {throw}/{throws}",
    ),
    "dice": ("dice {dice}", "кости {dice}"),
    "kept": ("kept {dice}", "отложены {dice}"),
    "open_rows": ("Rows open now: {rows}", "Можно записать: {rows}"),
}


def word(key: str, lang: str, **values: Any) -> str:
    """One phrase of :data:`WORDS` in ``lang``, filled in."""
    en, ru = WORDS[key]
    return (ru if lang == "ru" else en).format(**values)


def _section_name(section: str, lang: str) -> str:
    en, ru = SECTIONS.get(section, (section.capitalize(), section))
    return ru if lang == "ru" else en


def _row_title(row: Mapping[str, str], lang: str) -> str:
    return row["ru"] if lang == "ru" else row["en"]


RULE: tuple[str, None] = ("", None)


def _sheet_lines(view: Mapping[str, Any], lang: str) -> list[tuple[str, str | None]]:
    """The sheet's lines top to bottom as (title, key); :data:`RULE` draws a rule.

    Keys are row names (looked up in the sheets) or the engine's totals keys.  Each section's
    rows are followed by its sum, its bonus, the extra bonuses of its rows (the Yahtzee bonus)
    and its total (left out when it can only repeat the sum), as a printed Yahtzee pad has
    them; the grand total closes the sheet.  A totals key this layout does not know is still
    printed, under its own name, above the total.
    """
    rows: Sequence[Mapping[str, str]] = view["rows"]
    totals_keys = list(next(iter(view["totals"].values()), {}))
    titles = {row["name"]: _row_title(row, lang) for row in rows}
    lines: list[tuple[str, str | None]] = []
    placed = {"total"}
    for section in dict.fromkeys(row["section"] for row in rows):
        names = [row["name"] for row in rows if row["section"] == section]
        lines += [(titles[name], name) for name in names]
        lines.append(RULE)
        wording = {"section": _section_name(section, lang)}
        summary = [
            (f"{section}_sum", word("sum", lang, **wording)),
            (f"{section}_bonus", word("section_bonus", lang, **wording)),
            *((f"{name}_bonus", word("row_bonus", lang, row=titles[name])) for name in names),
            (f"{section}_total", word("section_total", lang, **wording)),
        ]
        shown = [(title, key) for key, title in summary if key in totals_keys]
        if not any(key.endswith("_bonus") for _, key in shown):  # total == sum: say it once
            shown = [line for line in shown if line[1] != f"{section}_total"]
        lines += [*shown, RULE]
        placed |= {key for key, _ in summary}
    lines += [(key, key) for key in totals_keys if key not in placed]
    lines.append((word("total", lang), "total"))
    return lines


def _cell(view: Mapping[str, Any], player: str, key: str) -> str:
    """A row's points, blank while the row is open; totals always show a number."""
    written = view["sheets"][player]
    value = written[key] if key in written else view["totals"][player][key]
    return "" if value is None else str(value)


def render_sheet(view: Mapping[str, Any], lang: str = "en") -> str:
    """The score sheet as a fixed-width table: rows down, players across.

    Once the game is over the winner is the table's last line, as the referee announces it.
    """
    players: Sequence[str] = view["players"]
    lines = _sheet_lines(view, lang)
    widths = [max(len(title) for title, _ in lines), *(max(len(p), 5) for p in players)]
    rule = "-" * (sum(widths) + 2 * len(players))
    out = [_table_line(["", *players], widths), rule]
    for title, key in lines:
        if key is None:
            if out[-1] != rule:
                out.append(rule)
            continue
        out.append(_table_line([title, *(_cell(view, p, key) for p in players)], widths))
    out.append(rule)
    if view["over"]:
        out.append(winner_line(view, lang))
    return "\n".join(out)


def _table_line(cells: Sequence[str], widths: Sequence[int]) -> str:
    """A title left-aligned, then the players' cells right-aligned like figures in a column."""
    title, *numbers = cells
    line = f"{title:<{widths[0]}}" + "".join(
        f"  {cell:>{width}}" for cell, width in zip(numbers, widths[1:], strict=True)
    )
    return line.rstrip()


def winner_line(view: Mapping[str, Any], lang: str = "en") -> str:
    """Who won and with how many points; a tie is a shared win."""
    winner = view["winner"]
    if isinstance(winner, list):
        points = view["scores"][winner[0]]
        return word("shared", lang, players=", ".join(winner), points=points)
    return word("winner", lang, player=winner, points=view["scores"][winner])


def state_line(view: Mapping[str, Any], lang: str = "en") -> str:
    """The compact state after each action: whose turn, which throw, the dice showing."""
    if view["over"]:
        return word("over", lang)
    parts = [word("to_play", lang, player=view["turn"], throw=view["throw"], throws=view["throws"])]
    if view["dice"]:
        parts.append(word("dice", lang, dice=_faces(view["dice"])))
    if view["kept"]:
        parts.append(word("kept", lang, dice=_faces(view["kept"])))
    return ", ".join(parts)


def open_rows_line(view: Mapping[str, Any], lang: str = "en") -> str | None:
    """The rows the player may write now and what each would score, or None before a throw.

    Rows go by the names typed at the prompt (``score small_straight``), not their titles.
    """
    candidates: Mapping[str, int] = view["candidates"]
    if not candidates:
        return None
    rows = ", ".join(f"{name} {points}" for name, points in candidates.items())
    return word("open_rows", lang, rows=rows)


def _faces(dice: Sequence[int]) -> str:
    return " ".join(str(die) for die in dice)
