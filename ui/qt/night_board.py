"""The night's standings on the audience display between games: the overall table by night
points (place, player, points, wins) large enough to read from across the room, and under it
each game of the night with its winner, from :meth:`NightStandings.to_dict` data only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from ui.qt.views import style

WORDS = {
    "title": ("Night points", "Очки вечера"),
    "wins": ("wins", "победы"),
    "games": ("Games", "Игры"),
    "in_play": ("in play", "идёт"),
    "settlement": ("Settlement (G1)", "Расчёт (G1)"),
}


class NightBoard(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: Mapping[str, Any] = {}
        self.lang = "en"
        self._height = 720

    def show_standings(self, data: Mapping[str, Any], lang: str) -> None:
        self.data, self.lang = data, lang
        self.update()

    def set_reference_height(self, height: int) -> None:
        self._height = height
        self.update()

    def lines(self) -> list[str]:
        """What the board says, line by line, for tests."""
        out = [f"{self.data.get('title', '')} · {self._word('title')}"]
        for s in self.data.get("overall", []):
            out.append(
                f"{s['place']}. {s['player']} — {s['points']}, {self._word('wins')}: {s['wins']}"
            )
        for game in self.data.get("games", []):
            title = game["title"]["ru" if self.lang == "ru" else "en"]
            state = ", ".join(game["winners"]) if game["over"] else self._word("in_play")
            out.append(f"{game['number']}. {title}: {state}")
        settlement = self.data.get("settlement")
        if settlement:
            deltas = ", ".join(f"{p} {v}" for p, v in settlement.items())
            out.append(f"{self._word('settlement')}: {deltas}")
        return out

    def _word(self, key: str) -> str:
        en, ru = WORDS[key]
        return ru if self.lang == "ru" else en

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        h = self._height
        lines = self.lines()
        overall = len(self.data.get("overall", []))
        y = 0.0
        width = float(self.width())
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        for index, line in enumerate(lines):
            if index == 0:
                size, colour, bold = 0.06, style.ACCENT, True
            elif index <= overall:
                size, colour, bold = 0.055, style.TEXT, index == 1
            else:
                size, colour, bold = 0.036, style.MUTED, False
            step = h * size * 1.45
            if y + step > self.height():
                break
            if index == overall + 1:
                y += h * 0.02
            painter.setFont(style.font(h * size, bold=bold))
            painter.setPen(colour)
            painter.drawText(QRectF(0, y, width, step), int(left), line)
            y += step
        painter.end()
