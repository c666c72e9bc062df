"""The protocol every game view follows, and the glyph list that makes views testable.

A view lays out its state as a list of :class:`Glyph` (a die, a card, a tile, a skittle, a line
of text, each with its rectangle) for the widget's current size, then paints that list.  The
list is the view's model: tests, the console and the replay viewer can ask what is shown
(which cards, how many tiles, which skittle is marked fallen) without reading pixels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from scoring.verdicts import Verdict
from ui.qt.views import style
from ui.qt.views.glyph import Glyph
from ui.qt.views.painting import paint_glyph


class GameView(QWidget):
    """A game's picture, built from plain data only: ``show_state(view, sheet, lang)``.

    ``view`` is the engine's ``view(state)``, ``sheet`` its ``score_sheet(state)``, ``lang``
    ``en`` or ``ru``; ``verdicts`` are the latest action's, for views that mark what the shot
    just did.  Subclasses implement :meth:`layout_glyphs`.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 200)
        self.view: Mapping[str, Any] = {}
        self.sheet: Mapping[str, Any] = {"columns": [], "rows": []}
        self.lang = "en"
        self.verdicts: tuple[Verdict, ...] = ()
        self._glyphs: list[Glyph] | None = None
        #: The height every size follows: the window's, set by the window that holds the view
        #: (the audience display), else the view's own.
        self.reference_height: float | None = None
        #: The sheet row just written (its key): never left out of a sheet too long to fit.
        self.written_row: str | None = None

    def set_written_row(self, key: str | None) -> None:
        """Keep the sheet row ``key`` (the one just written) in sight and mark it."""
        if key != self.written_row:
            self.written_row = key
            self._glyphs = None
            self.update()

    def set_reference_height(self, height: float | None) -> None:
        """Size text and pieces from ``height`` (the window's) instead of the view's own."""
        if height != self.reference_height:
            self.reference_height = height
            self._glyphs = None
            self.update()

    def unit(self) -> float:
        """The height sizes are shares of (``style.MIN_TEXT`` is the smallest text's share)."""
        if self.reference_height:
            return float(self.reference_height)
        return max(float(self.height()), 200.0)

    def show_state(
        self,
        view: Mapping[str, Any],
        sheet: Mapping[str, Any],
        lang: str = "en",
        verdicts: Sequence[Verdict] = (),
    ) -> None:
        """Show a new state (or the same state in another language) and repaint."""
        self.view = view
        self.sheet = sheet
        self.lang = lang
        self.verdicts = tuple(verdicts)
        self._glyphs = None
        self.update()

    def set_language(self, lang: str) -> None:
        """Redraw the state shown in another language (a :class:`Language` slot)."""
        self.show_state(self.view, self.sheet, lang, self.verdicts)

    def glyphs(self) -> list[Glyph]:
        """What is drawn at the widget's current size."""
        if self._glyphs is None:
            area = QRectF(self.rect())
            if self.view.get("over"):
                self._glyphs = self.result_glyphs(area)
            else:
                self._glyphs = self.layout_glyphs(area)
        return self._glyphs

    def found(self, kind: str, flag: str | None = None) -> list[Glyph]:
        """The glyphs of one kind (and flag): ``found("tile")``, ``found("skittle", "fallen")``."""
        return [g for g in self.glyphs() if g.kind == kind and (flag is None or g.has(flag))]

    def texts(self) -> list[str]:
        """Every line of text shown, in drawing order."""
        return [str(g.value) for g in self.glyphs() if g.kind == "text"]

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        raise NotImplementedError

    def result_glyphs(self, area: QRectF) -> list[Glyph]:
        """The game is over: who won and the final standings, beside the final sheet."""
        from ui.qt.views.result import result_screen

        return result_screen(self.view, self.sheet, self.lang, area, self.unit())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._glyphs = None
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.fillRect(self.rect(), style.FELT)
        for glyph in self.glyphs():
            paint_glyph(painter, glyph, self.lang)
        painter.end()
