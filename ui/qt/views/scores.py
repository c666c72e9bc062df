"""The generic view: the game's score sheet alone, the fallback for any game without a view of
its own.  Apart from the sheet's layout (:mod:`ui.qt.views.sheet`) so that the layout, which the
result screen of every view draws too, does not import the views' base."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph
from ui.qt.views.sheet import sheet_glyphs


class ScoresView(GameView):
    """Any game: its score sheet, the column of the player to move lit."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        margin = min(area.width(), area.height()) * 0.03
        inner = area.adjusted(margin, margin, -margin, -margin)
        turn = self.view.get("turn")
        return sheet_glyphs(self.sheet, self.lang, inner, turn, self.unit(), self.written_row)
