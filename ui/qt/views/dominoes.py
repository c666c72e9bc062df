"""Dominoes: the line of play drawn tile by tile with pips, doubles crosswise, the spinner's
arms, and each open end marked with the number it shows, under a line with the round, the
boneyard, the hands' sizes and (in Fives) what the ends add up to.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from ui.qt.i18n import text
from ui.qt.views.base import GameView
from ui.qt.views.chain import Bend, Marker, Piece, geometry, placements
from ui.qt.views.glyph import Glyph

MAX_UNIT = 0.09  # share of the window's height: a tile's short side never grows beyond this
MAX_ROWS = 6


def info_line(view: Mapping[str, Any], lang: str) -> str:
    parts = [text("round", lang, number=view.get("round", 1))]
    if "stock" in view:
        parts.append(text("boneyard", lang, count=view["stock"]))
    if "end_sum" in view:
        parts.append(text("end_sum", lang, sum=view["end_sum"]))
    return " · ".join(parts)


def hands_line(view: Mapping[str, Any], lang: str) -> str:
    sizes: Mapping[str, int] = view.get("hand_sizes", {})
    return "   ".join(f"{p}: {text('tiles_in_hand', lang, count=n)}" for p, n in sizes.items())


Arrangement = tuple[list[Piece], list[Marker], list[Bend], float, float]


def best_fit(
    tiles: Sequence[str],
    where: Sequence[str | None],
    ends: Mapping[str, int],
    spinner: str | None,
    area: QRectF,
    most: float = 64.0,
) -> tuple[Arrangement, float]:
    """The arrangement (one row, or a snake of rows; a spinner's cross is never bent) that
    draws the tiles largest in ``area``, and its unit (a tile's short side) in pixels."""
    length = sum(1.0 if t.split("-")[0] == t.split("-")[1] else 2.0 for t in tiles)
    best: tuple[Arrangement, float] | None = None
    for rows in range(1, 2 if spinner else MAX_ROWS + 1):
        capacity = math.ceil(length / rows) + 1.0 if rows > 1 else None
        shape = geometry(tiles, where, ends, spinner, capacity)
        width, height = shape[3], shape[4]
        unit = min(area.width() / max(width, 1.0), area.height() / max(height, 1.0), most)
        if best is None or unit > best[1] * 1.05:
            best = (shape, unit)
    assert best is not None
    return best


def chain_glyphs(
    view: Mapping[str, Any], lang: str, area: QRectF, height: float | None = None
) -> list[Glyph]:
    """The line of play in ``area``; ``height`` is the window's, which sizes follow."""
    height = height or area.height()
    tiles: Sequence[str] = view.get("layout") or []
    if not tiles:
        rect = QRectF(area.left(), area.center().y() - height * 0.04, area.width(), height * 0.08)
        return [Glyph("text", rect, text("no_tiles", lang), "center muted")]
    ends: Mapping[str, int] = view.get("ends") or {}
    spinner = view.get("spinner")
    where = placements(tiles, ends, spinner)
    shape, unit = best_fit(tiles, where, ends, spinner, area, height * MAX_UNIT)
    pieces, markers, bends, width, tall = shape
    left = area.center().x() - width * unit / 2
    top = area.center().y() - tall * unit / 2
    out = []
    for b in bends:
        rect = QRectF(
            left + b.x * unit - unit * 0.08, top + b.y1 * unit, unit * 0.16, (b.y2 - b.y1) * unit
        )
        out.append(Glyph("band", rect, None, "muted"))
    for p in pieces:
        rect = QRectF(left + p.x * unit, top + p.y * unit, p.w * unit, p.h * unit)
        flags = "cross" if p.cross else ""
        if p.tile == spinner:
            flags = f"{flags} spinner".strip()
        out.append(Glyph("tile", rect, (p.first, p.second), flags))
    size = unit * 0.9
    for m in markers:
        rect = QRectF(left + m.x * unit - size / 2, top + m.y * unit - size / 2, size, size)
        out.append(Glyph("end", rect, m.value, m.name))
    return out


class DominoView(GameView):
    """Every layout game of dominoes (Kozel, Fives, Bergen, Sevastopol ...)."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        margin = min(area.width(), area.height()) * 0.03
        inner = area.adjusted(margin, margin, -margin, -margin)
        unit = self.unit()
        line = max(min(inner.height() * 0.1, unit * 0.065), unit * 0.045)
        out = [
            Glyph(
                "text",
                QRectF(inner.left(), inner.top(), inner.width(), line),
                info_line(self.view, self.lang),
                "bold",
            ),
        ]
        hands = hands_line(self.view, self.lang)
        if hands:
            rect = QRectF(inner.left(), inner.top() + line, inner.width(), line * 0.85)
            out.append(Glyph("text", rect, hands, "muted"))
        chain = inner.adjusted(0, line * 2.2, 0, 0)
        return [*out, *chain_glyphs(self.view, self.lang, chain, unit)]
