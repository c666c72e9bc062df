"""The paper score sheet laid out as a big table (rows down, players across), drawn by the
sheet view (:mod:`ui.qt.views.scores`), the dice view, the card sheets and the result screen.

Like ``ui/sheet_text.py`` this only lays out what ``engine.score_sheet()`` says; the running
totals, subtotals and bonuses stand out as bands, the total row is the largest, and the column
of the player to move is lit.  A sheet taller than the room is cut into blocks side by side
(each under its own header of players), as many as draw the text largest; only when even then
the text would fall below ``style.MIN_TEXT`` of the window's height do the oldest written rows
give way (the sums and the total always stay) and a line says how many.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from ui.qt.i18n import text
from ui.qt.views import style
from ui.qt.views.glyph import Glyph

#: Rows the referee adds up (drawn as bands); a ``row`` is what a player writes.
SUMS = ("subtotal", "bonus", "running")
TEXT_SCALE = 0.72  # a line's text is this share of the line's height (``fitted_text``)
MAX_ROW = 0.075  # share of the window's height: a line never grows beyond this
GAP = 0.025  # share of the window's height between side-by-side blocks
MAX_BLOCKS = 4
#: The smallest line, as a share of the window's height, that keeps its text at MIN_TEXT.
MIN_ROW = style.MIN_TEXT / TEXT_SCALE * 1.02


def title(row: Mapping[str, Any], lang: str) -> str:
    return str(row["ru"] if lang == "ru" else row["en"])


def cell_text(value: Any) -> str:
    return "" if value is None else str(value)


def fitting_rows(
    rows: Sequence[Mapping[str, Any]], room: int, keep: str | None = None
) -> tuple[list[Mapping], int]:
    """The rows to show in ``room`` lines and how many written rows were left out: the
    earliest ``row`` lines go first, sums and totals stay, and so does the row ``keep``
    (the one just written, which the players and the operator look for)."""
    shown = list(rows)
    dropped = 0
    while len(shown) + (1 if dropped else 0) > room:
        index = next(
            (
                i
                for i, r in enumerate(shown)
                if r["kind"] not in (*SUMS, "total") and r.get("key") != keep
            ),
            None,
        )
        if index is None:
            break
        shown.pop(index)
        dropped += 1
    return shown, dropped


def split_rows(rows: Sequence[Mapping[str, Any]], blocks: int) -> list[list[Mapping[str, Any]]]:
    """``rows`` cut into ``blocks`` runs of nearly equal length, each cut moved (by up to two
    rows) to where a section starts, so the upper section's sums stay under its rows."""
    rows = list(rows)
    if blocks <= 1 or len(rows) <= 1:
        return [rows]
    blocks = min(blocks, len(rows))
    cuts = [0]
    for index in range(1, blocks):
        ideal = round(index * len(rows) / blocks)
        starts = [
            p
            for p in range(max(cuts[-1] + 1, ideal - 2), min(len(rows), ideal + 3))
            if rows[p - 1]["kind"] in SUMS and rows[p]["kind"] not in (*SUMS, "total")
        ]
        cut = min(starts, key=lambda p: (abs(p - ideal), p)) if starts else ideal
        cuts.append(max(cut, cuts[-1] + 1))
    cuts.append(len(rows))
    return [rows[a:b] for a, b in itertools.pairwise(cuts) if b > a]


def _widths(
    rows: Sequence[Mapping[str, Any]], players: Sequence[str], lang: str, pixels: float
) -> tuple[float, list[float]]:
    """The title column and each player's column a block needs with its text at ``pixels``."""
    metrics = QFontMetricsF(style.font(pixels, bold=True))
    pad = pixels * 0.5
    rows = [r for r in rows if r["kind"] != "more"]
    longest = max((metrics.horizontalAdvance(title(r, lang)) for r in rows), default=0.0)
    columns = []
    for player in players:
        cells = [metrics.horizontalAdvance(cell_text(r["cells"].get(player))) for r in rows]
        columns.append(max([metrics.horizontalAdvance(player), *cells]) + 2 * pad)
    return longest + 2 * pad, columns


def _text_size(
    chunks: Sequence[Sequence[Mapping[str, Any]]],
    players: Sequence[str],
    lang: str,
    area: QRectF,
    unit: float,
) -> float:
    """The text size (px) the sheet reaches when cut into ``chunks`` side by side."""
    lines = max(len(c) for c in chunks) + 1
    row_h = min(unit * MAX_ROW, area.height() / lines)
    return min(row_h * TEXT_SCALE, _width_size(chunks, players, lang, area, unit))


def _width_size(
    chunks: Sequence[Sequence[Mapping[str, Any]]],
    players: Sequence[str],
    lang: str,
    area: QRectF,
    unit: float,
) -> float:
    """The text size (px) the blocks' width allows."""
    gap = unit * GAP
    block_w = (area.width() - gap * (len(chunks) - 1)) / len(chunks)
    probe = 100.0
    need = max(t + sum(c) for t, c in (_widths(chunk, players, lang, probe) for chunk in chunks))
    return probe * block_w / max(need, 1.0) * 0.97


def sheet_layout(
    sheet: Mapping[str, Any], lang: str, area: QRectF, unit: float, keep: str | None = None
) -> tuple[list[list[Mapping[str, Any]]], int]:
    """How the sheet is shown in ``area``: its rows in side-by-side blocks (columns of rows)
    and how many written rows were left out.  The block count that draws the text largest
    wins; rows are left out only when no count keeps the text at ``style.MIN_TEXT``."""
    players: Sequence[str] = sheet.get("columns", [])
    rows: Sequence[Mapping[str, Any]] = sheet.get("rows", [])
    if not rows:
        return [[]], 0
    best: tuple[float, list[list[Mapping[str, Any]]]] | None = None
    for blocks in range(1, min(MAX_BLOCKS, len(rows)) + 1):
        chunks = split_rows(rows, blocks)
        size = _text_size(chunks, players, lang, area, unit)
        if best is None or size > best[0] * 1.03:
            best = (size, chunks)
    assert best is not None
    size, chunks = best
    if size >= unit * style.MIN_TEXT:
        return chunks, 0
    # Nothing fits at the smallest size: the earliest written rows give way, in as many
    # blocks as the width still holds at that size.
    per_block = max(2, int(area.height() // (unit * MIN_ROW)) - 1)
    blocks = max(
        (
            n
            for n in range(1, min(MAX_BLOCKS, len(rows)) + 1)
            if _width_size(split_rows(rows, n), players, lang, area, unit) >= unit * style.MIN_TEXT
        ),
        default=1,
    )
    shown, dropped = fitting_rows(rows, per_block * blocks, keep)
    more: list[Mapping[str, Any]] = [{"kind": "more", "count": dropped}] if dropped else []
    return split_rows([*more, *shown], blocks), dropped


def sheet_text_size(
    sheet: Mapping[str, Any], lang: str, area: QRectF, unit: float | None = None
) -> float:
    """The text size (px) the sheet is drawn at in ``area``: what a view compares to choose
    where the sheet goes."""
    unit = unit or area.height()
    chunks, _ = sheet_layout(sheet, lang, area, unit)
    if not chunks[0]:
        return unit
    return _text_size(chunks, sheet.get("columns", []), lang, area, unit)


def sheet_glyphs(
    sheet: Mapping[str, Any],
    lang: str,
    area: QRectF,
    turn: str | None = None,
    unit: float | None = None,
    keep: str | None = None,
) -> list[Glyph]:
    """The sheet as glyphs filling ``area``: a header of players over each block of rows.
    ``unit`` is the height sizes follow (the window's); the area's own by default.  The row
    ``keep`` (its key: the row just written) is never left out and is marked."""
    unit = unit or area.height()
    players: Sequence[str] = sheet.get("columns", [])
    chunks, _ = sheet_layout(sheet, lang, area, unit, keep)
    lines = max(len(c) for c in chunks) + 1
    gap = unit * GAP
    block_w = (area.width() - gap * (len(chunks) - 1)) / len(chunks)
    height = min(unit * MAX_ROW, area.height() / max(lines, 1))
    pixels = _text_size(chunks, players, lang, area, unit) if chunks[0] else height
    out: list[Glyph] = []
    for number, chunk in enumerate(chunks):
        block = QRectF(area.left() + number * (block_w + gap), area.top(), block_w, area.height())
        out.extend(_block_glyphs(chunk, players, lang, block, height, pixels, turn, keep))
    return out


def _block_glyphs(
    rows: Sequence[Mapping[str, Any]],
    players: Sequence[str],
    lang: str,
    area: QRectF,
    height: float,
    pixels: float,
    turn: str | None,
    keep: str | None = None,
) -> list[Glyph]:
    title_need, column_need = _widths(rows, players, lang, pixels)
    spare = max(0.0, area.width() - title_need - sum(column_need))
    title_width = title_need + spare * 0.4
    extra = spare * 0.6 / max(len(players), 1)
    lefts = [area.left() + title_width]
    for need in column_need:
        lefts.append(lefts[-1] + need + extra)
    pad = pixels * 0.4
    # Text boxes as tall as draws every line at one size, centred in its line.
    text_h = min(height, pixels / TEXT_SCALE)
    inset = (height - text_h) / 2
    out: list[Glyph] = []

    def line_rect(line: int) -> QRectF:
        return QRectF(area.left(), area.top() + line * height, area.width(), height)

    def cell_rect(line: int, index: int) -> QRectF:
        left, right = lefts[index], lefts[index + 1]
        top = area.top() + line * height + inset
        return QRectF(left + pad, top, right - left - 2 * pad, text_h)

    out.append(Glyph("band", line_rect(0), None, "dark"))
    for index, player in enumerate(players):
        flags = "right bold"
        if player == turn:
            lit = cell_rect(0, index).adjusted(-pad, -inset, pad, inset)
            out.append(Glyph("band", lit, None, "turn"))
            flags += " ink"
        out.append(Glyph("text", cell_rect(0, index), player, flags))
    for line, row in enumerate(rows, start=1):
        kind = row["kind"]
        rect = line_rect(line)
        if kind == "more":
            more = rect.adjusted(pad, inset, -pad, -inset)
            out.append(Glyph("text", more, text("more_rows", lang, count=row["count"]), "muted"))
            continue
        flags = ""
        if kind in SUMS:
            out.append(Glyph("band", rect, None, "panel"))
            flags = "bold"
        elif kind == "total":
            out.append(Glyph("band", rect, None, "dark"))
            flags = "bold accent"
        if keep is not None and row.get("key") == keep:
            out.append(Glyph("band", rect, None, "accent written"))
        title_rect = QRectF(rect.left() + pad, rect.top() + inset, title_width - 2 * pad, text_h)
        out.append(Glyph("text", title_rect, title(row, lang), f"{flags} title".strip()))
        for index, player in enumerate(players):
            value = cell_text(row["cells"].get(player))
            if value:
                out.append(Glyph("text", cell_rect(line, index), value, f"right {flags}".strip()))
    return out
