"""The club board's window over a real broker: a row a table with its scores and state,
redrawn as the tables play; saved as PNGs at 1280x720 and 1920x1080."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path
from typing import Any

from mosquitto_broker import Broker
from test_club import MORE, YAHTZEE, Running, append, journal_with

from ui.qt.club_window import ClubWindow
from ui.qt.snapshot import render_png

PNG = Path("/work/notes/png")


def cells(window: ClubWindow) -> list[list[str]]:
    table = window.table
    return [
        [table.item(row, column).text() for column in range(table.columnCount())]
        for row in range(table.rowCount())
    ]


def test_the_club_window_lists_every_table_and_follows_play(qtbot: Any, tmp_path: Path) -> None:
    broker = Broker(tmp_path)
    broker.start()
    club = Running(broker)
    try:
        first = journal_with(tmp_path / "one.sqlite", YAHTZEE)
        second = journal_with(tmp_path / "two.sqlite", YAHTZEE[:2], game="yacht")
        club.table(first, "table-1")
        club.table(second, "table-2")
        window = ClubWindow(club.board(), broker.address)
        qtbot.addWidget(window)
        qtbot.waitUntil(
            lambda: len(cells(window)) == 2 and cells(window)[0][4] == "7", timeout=20000
        )
        assert cells(window)[0][:4] == ["table-1", "Yahtzee", "Anna 18, Boris 25", "Anna to play"]
        assert cells(window)[1][:4] == ["table-2", "Yacht", "Anna 18, Boris 0", "Boris to play"]
        assert window.heading.text() == "2 tables"
        append(first, MORE)
        qtbot.waitUntil(lambda: cells(window)[0][2] == "Anna 58, Boris 75", timeout=20000)
        for size in ((1280, 720), (1920, 1080)):
            render_png(window, PNG / f"club_window_{size[0]}x{size[1]}.png", size)
            # read from across the room: the text is a share of the window's height
            assert window.table.font().pixelSize() >= size[1] * 0.025
    finally:
        club.close()
        broker.stop()
