"""The club board in a window: one row a table (its id, game, players and scores, whose turn,
how far the board has rebuilt it), redrawn from :class:`session.club.board.ClubBoard` by a
timer, so the broker's network thread never touches a widget.  Its text grows with the window
(a club's screen is read from across the room, as the audience display is)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scoring.registry import game
from session.club.board import ClubBoard
from ui.club_text import scores_text, state_text

REFRESH_MS = 250
COLUMNS = {
    "table": ("Table", "Стол"),
    "game": ("Game", "Игра"),
    "scores": ("Scores", "Счёт"),
    "state": ("State", "Состояние"),
    "rows": ("Rows", "Строк"),
}
WORDS = {
    "title": ("Club board — {broker}", "Клуб — {broker}"),
    "count": ("{tables} tables", "столов: {tables}"),
    "waiting": ("waiting for the broker at {broker}", "ждём брокер {broker}"),
}
BEHIND = QColor("#fdecea")
TEXT_SHARE = 0.028  # the text's height as a share of the window's: 20 px at 720p, 30 at 1080p
SMALLEST_TEXT = 14


def game_title(game_id: str, lang: str) -> str:
    entry = game(game_id)
    return entry.title_ru if lang == "ru" else entry.title_en


def word(key: str, lang: str, **values: object) -> str:
    en, ru = WORDS[key]
    return (ru if lang == "ru" else en).format(**values)


class ClubWindow(QWidget):
    def __init__(self, board: ClubBoard, broker: str, lang: str = "en") -> None:
        super().__init__()
        self.board, self.broker, self.lang = board, broker, lang
        self.setWindowTitle(word("title", lang, broker=broker))
        self.heading = QLabel()
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(
            [en if lang == "en" else ru for en, ru in COLUMNS.values()]
        )
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self._size_text(600)
        self.refresh()

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._size_text(event.size().height())
        super().resizeEvent(event)

    def _size_text(self, height: int) -> None:
        pixels = max(SMALLEST_TEXT, round(height * TEXT_SHARE))
        self.heading.setStyleSheet(f"font-size: {round(pixels * 1.15)}px; font-weight: bold;")
        self.table.setStyleSheet(f"font-size: {pixels}px;")
        self.table.verticalHeader().setDefaultSectionSize(round(pixels * 1.8))

    def refresh(self) -> None:
        tables = self.board.tables()
        if not self.board.connected:
            self.heading.setText(word("waiting", self.lang, broker=self.broker))
        else:
            self.heading.setText(word("count", self.lang, tables=len(tables)))
        self.table.setRowCount(len(tables))
        for index, row in enumerate(tables):
            cells = (
                row["table"],
                game_title(row["game"], self.lang),
                scores_text(row),
                state_text(row, self.lang),
                str(row["seq"]),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if not row["in_step"]:
                    item.setBackground(BEHIND)
                self.table.setItem(index, column, item)
