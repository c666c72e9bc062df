"""Dice games: the score sheet beside the current throw, drawn as dice with pips.

Dice set aside (``kept``, or ``locked`` by the rules) wear a yellow frame, so the players see
at a glance which dice stay and which are thrown again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from ui.qt.i18n import text
from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph
from ui.qt.views.sheet import sheet_glyphs, sheet_layout, sheet_text_size
from ui.qt.views.style import MIN_TEXT


def thrown_dice(view: Mapping[str, Any]) -> list[int] | None:
    """The faces showing, or None for a game whose view has no single throw on the table."""
    dice = view.get("dice")
    if not isinstance(dice, list) or not all(isinstance(d, int) for d in dice):
        return None
    return dice


def kept_flags(dice: Sequence[int], kept: Sequence[int]) -> list[bool]:
    """Which of ``dice`` are set aside: each kept face claims one die showing it."""
    left = list(kept)
    out = []
    for face in dice:
        out.append(face in left)
        if face in left:
            left.remove(face)
    return out


def set_aside(view: Mapping[str, Any]) -> list[int]:
    """The faces set aside, by ``keep`` or locked by the rules (a die in both counts once)."""
    faces = Counter()
    for key in ("kept", "locked"):
        values = view.get(key)
        if isinstance(values, list):
            faces |= Counter(d for d in values if isinstance(d, int))
    return list(faces.elements())


def throw_line(view: Mapping[str, Any], lang: str) -> str | None:
    if "throw" not in view or not isinstance(view["throw"], int):
        return None
    if isinstance(view.get("throws"), int):
        return text("throw", lang, throw=view["throw"], throws=view["throws"])
    return text("throw_open", lang, throw=view["throw"])


def dice_glyphs(
    view: Mapping[str, Any], lang: str, area: QRectF, unit: float | None = None
) -> list[Glyph]:
    """The throw in ``area``: the throw count above, the dice in one row (two beyond six).
    ``unit`` is the height sizes follow (the window's)."""
    unit = unit or area.height()
    dice = thrown_dice(view) or []
    out: list[Glyph] = []
    line = max(min(area.height() * 0.14, unit * 0.07), unit * MIN_TEXT / 0.72 * 1.04)
    heading = throw_line(view, lang)
    top = area.top()
    if heading:
        out.append(Glyph("text", QRectF(area.left(), top, area.width(), line), heading, "center"))
        top += line * 1.4
    if not dice:
        rect = QRectF(area.left(), top, area.width(), line)
        out.append(Glyph("text", rect, text("no_dice", lang), "center muted"))
        return out
    flags = kept_flags(dice, set_aside(view))
    per_row = len(dice) if len(dice) <= 6 else (len(dice) + 1) // 2
    rows = (len(dice) + per_row - 1) // per_row
    room = area.bottom() - top
    side = min(area.width() / (per_row * 1.3), room / (rows * 1.7), unit * 0.2)
    gap = side * 0.3
    for index, (face, kept) in enumerate(zip(dice, flags, strict=True)):
        row, col = divmod(index, per_row)
        in_row = min(per_row, len(dice) - row * per_row)
        left = area.center().x() - (in_row * side + (in_row - 1) * gap) / 2
        rect = QRectF(left + col * (side + gap), top + row * side * 1.7, side, side)
        out.append(Glyph("die", rect, face, "kept" if kept else ""))
        if kept:
            label_h = max(side * 0.3, unit * MIN_TEXT / 0.72)
            label = QRectF(rect.left() - gap / 2, rect.bottom() + side * 0.08, side + gap, label_h)
            out.append(Glyph("text", label, text("kept", lang), "center accent"))
    return out


class DiceView(GameView):
    """Every dice game: the sheet on the left, the throw on the right."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        margin = min(area.width(), area.height()) * 0.03
        inner = area.adjusted(margin, margin, -margin, -margin)
        turn = self.view.get("turn")
        unit = self.unit()
        if thrown_dice(self.view) is None:
            return sheet_glyphs(self.sheet, self.lang, inner, turn, unit, self.written_row)
        split = inner.width() * 0.64
        sheet_area = QRectF(inner.left(), inner.top(), split - margin, inner.height())
        dice_area = QRectF(inner.left() + split, inner.top(), inner.width() - split, inner.height())
        # A sheet of many players (a Bunco night) reads better across the whole width, under
        # a strip with the throw.
        strip = inner.height() * 0.26
        below = inner.adjusted(0, strip + margin, 0, 0)
        side = sheet_text_size(self.sheet, self.lang, sheet_area, unit)
        hidden = sheet_layout(self.sheet, self.lang, sheet_area, unit, self.written_row)[1]
        hidden_below = sheet_layout(self.sheet, self.lang, below, unit, self.written_row)[1]
        if hidden_below < hidden or (
            not hidden
            and side < unit * MIN_TEXT
            and sheet_text_size(self.sheet, self.lang, below, unit) > side
        ):
            sheet_area = below
            dice_area = QRectF(inner.left(), inner.top(), inner.width(), strip)
        return [
            *sheet_glyphs(self.sheet, self.lang, sheet_area, turn, unit, self.written_row),
            *dice_glyphs(self.view, self.lang, dice_area, unit),
        ]
