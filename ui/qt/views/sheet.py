"""The paper score sheet laid out as a big table (rows down, players across), and the generic
view that shows only it: the fallback for any game without a view of its own.

Like ``ui/sheet_text.py`` this only lays out what ``engine.score_sheet()`` says; the running
totals, subtotals and bonuses stand out as bands, the total row is the largest, and the column
of the player to move is lit.  When the sheet is taller than the room, the oldest written rows
give way (the sums and the total always stay).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from ui.qt.i18n import text
from ui.qt.views import style
from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph

#: Rows the referee adds up (drawn as bands); a ``row`` is what a player writes.
SUMS = ("subtotal", "bonus", "running")
MIN_ROW = 26.0  # px: the smallest row still readable across the table
MAX_ROW = 60.0


def title(row: Mapping[str, Any], lang: str) -> str:
    return str(row["ru"] if lang == "ru" else row["en"])


def cell_text(value: Any) -> str:
    return "" if value is None else str(value)


def fitting_rows(rows: Sequence[Mapping[str, Any]], room: int) -> tuple[list[Mapping], int]:
    """The rows to show in ``room`` lines and how many written rows were left out: the
    earliest ``row`` lines go first, sums and totals stay."""
    shown = list(rows)
    dropped = 0
    while len(shown) + (1 if dropped else 0) > room:
        index = next((i for i, r in enumerate(shown) if r["kind"] not in (*SUMS, "total")), None)
        if index is None:
            break
        shown.pop(index)
        dropped += 1
    return shown, dropped


def title_column(
    rows: Sequence[Mapping[str, Any]], lang: str, height: float, width: float
) -> float:
    """Wide enough for the longest row title at full size, within a quarter and three fifths
    of the table, so titles keep one size and the players' columns keep their room."""
    metrics = QFontMetricsF(style.font(height * 0.72, bold=True))
    longest = max((metrics.horizontalAdvance(title(r, lang)) for r in rows), default=0.0)
    return min(max(longest + height * 0.5, width * 0.25), width * 0.6)


def sheet_glyphs(
    sheet: Mapping[str, Any], lang: str, area: QRectF, turn: str | None = None
) -> list[Glyph]:
    """The sheet as glyphs filling ``area``: a header of players, then the rows."""
    players: Sequence[str] = sheet.get("columns", [])
    rows: Sequence[Mapping[str, Any]] = sheet.get("rows", [])
    room = max(2, int(area.height() // MIN_ROW) - 1)
    shown, dropped = fitting_rows(rows, room)
    lines = len(shown) + 1 + (1 if dropped else 0)
    height = min(MAX_ROW, area.height() / max(lines, 1))
    title_width = title_column(shown, lang, height, area.width())
    column = (area.width() - title_width) / max(len(players), 1)
    pad = height * 0.18
    out: list[Glyph] = []

    def line_rect(line: int) -> QRectF:
        return QRectF(area.left(), area.top() + line * height, area.width(), height)

    def cell_rect(line: int, index: int) -> QRectF:
        left = area.left() + title_width + index * column
        return QRectF(left + pad, area.top() + line * height, column - 2 * pad, height)

    out.append(Glyph("band", line_rect(0), None, "dark"))
    for index, player in enumerate(players):
        flags = "right bold"
        if player == turn:
            out.append(Glyph("band", cell_rect(0, index).adjusted(-pad, 0, pad, 0), None, "turn"))
            flags += " ink"
        out.append(Glyph("text", cell_rect(0, index), player, flags))
    line = 1
    if dropped:
        more = line_rect(line).adjusted(pad, 0, -pad, 0)
        out.append(Glyph("text", more, text("more_rows", lang, count=dropped), "muted"))
        line += 1
    for row in shown:
        kind = row["kind"]
        rect = line_rect(line)
        flags = ""
        if kind in SUMS:
            out.append(Glyph("band", rect, None, "panel"))
            flags = "bold"
        elif kind == "total":
            out.append(Glyph("band", rect, None, "dark"))
            flags = "bold accent"
        title_rect = QRectF(rect.left() + pad, rect.top(), title_width - 2 * pad, height)
        out.append(Glyph("text", title_rect, title(row, lang), f"{flags} title".strip()))
        for index, player in enumerate(players):
            value = cell_text(row["cells"].get(player))
            if value:
                out.append(Glyph("text", cell_rect(line, index), value, f"right {flags}".strip()))
        line += 1
    return out


class ScoresView(GameView):
    """Any game: its score sheet, the column of the player to move lit."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        margin = min(area.width(), area.height()) * 0.03
        inner = area.adjusted(margin, margin, -margin, -margin)
        return sheet_glyphs(self.sheet, self.lang, inner, self.view.get("turn"))
