"""The audience display between the games of a night (the night's standings instead of the
finished game's view) and with the live page's QR code, rendered at 720p and 1080p."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scoring.scenario import Scenario
from session.journal import Journal
from session.live import LiveSession, Submit
from session.nights.folder import Night
from ui.qt.app import LiveWindows
from ui.qt.snapshot import render_png

SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"
SIZES = ((1280, 720), (1920, 1080))
URL = "http://192.168.1.23:8765/"
#: Pig to 10 points, seats as given: Anna throws 6 and 5 and stops, Boris throws a one.
PIG = [
    {"do": "roll", "by": "Anna", "dice": [6]},
    {"do": "roll", "by": "Anna", "dice": [5]},
    {"do": "stop", "by": "Anna"},
    {"do": "roll", "by": "Boris", "dice": [1]},
]


@pytest.fixture
def live_night(tmp_path: Path) -> Any:
    """A night of two Pig games to 10: the first over, the second one throw from its end."""
    night = Night.start(tmp_path / "night", ("Anna", "Boris"), "Sunday")
    done = Scenario("pig", ("Anna", "Boris"), tuple(PIG), None, {"target": 10, "draw": "none"})
    Journal.from_scenario(done, night.folder / "01-pig.sqlite").close()
    journal = night.next_game("pig", ("Boris", "Anna"), None, {"target": 10, "draw": "none"})
    yield night, journal
    journal.close()


def test_the_display_shows_the_nights_standings_once_a_game_is_over(
    qtbot: Any, live_night: Any
) -> None:
    night, journal = live_night
    session = LiveSession(journal)
    windows = LiveWindows(session, lang="en", live_url=URL)
    qtbot.addWidget(windows.console)
    audience = windows.audience
    assert audience is not None
    qtbot.addWidget(audience)
    assert not audience.night_shown()  # the game is on: its own view
    for action in (
        {"do": "roll", "by": "Boris", "dice": [6]},
        {"do": "roll", "by": "Boris", "dice": [6]},
        {"do": "stop", "by": "Boris"},
        {"do": "roll", "by": "Anna", "dice": [1]},
    ):
        session.post(Submit(action))
    windows.tick()
    assert session.view()["over"]
    assert audience.night_shown() and audience.game_view is not None
    assert audience.game_view.isHidden()
    lines = audience.night_board.lines()
    # Anna won game 1, Boris game 2: a point each, one win each, sharing first place
    assert lines[:3] == ["Sunday · Night points", "1. Anna — 1, wins: 1", "1. Boris — 1, wins: 1"]
    assert lines[3:] == ["1. Pig: Anna", "2. Pig: Boris"]
    assert audience.live_link is not None and audience.live_link.url == URL
    for lang in ("en", "ru"):
        windows.language.set(lang)
        for size in SIZES:
            path = render_png(audience, SCREENS / f"night-display-{lang}-{size[0]}.png", size)
            assert path.stat().st_size > 0
    windows.language.set("en")
    assert night.games()[-1] == journal.path


def test_the_qr_code_is_the_live_pages_address(qtbot: Any) -> None:
    from ui.qt.audience import AudienceDisplay

    display = AudienceDisplay()
    qtbot.addWidget(display)
    display.set_live_link(URL)
    badge = display.live_link
    assert badge is not None
    matrix = np.array(badge.matrix)
    # a version-2 code (25 modules) with its four-module quiet zone on every side
    assert matrix.shape == (33, 33)
    assert not matrix[:4].any() and not matrix[:, :4].any() and not matrix[-4:].any()
    assert matrix[4, 4:11].all()  # the top-left finder pattern's top edge
    render_png(display, SCREENS / "live-link-720.png", SIZES[0])
    assert badge.geometry().bottom() <= 720 and badge.geometry().right() <= 1280
    assert badge.height() == round(720 * 0.17)


def test_a_new_game_from_the_console_moves_the_live_page_with_it(
    qtbot: Any, tmp_path: Path
) -> None:
    from ui.web.server import LiveServer, parse_address

    first = Journal.create(tmp_path / "first.sqlite", "yahtzee", ["Anna", "Boris"])
    second = Journal.create(tmp_path / "second.sqlite", "farkle", ["Anna", "Boris"])
    server = LiveServer(LiveSession(first), parse_address("127.0.0.1:0"))
    try:
        windows = LiveWindows(server.session, sources=[server], audience=False)
        qtbot.addWidget(windows.console)
        windows.start()
        assert server.running and server.feed.latest["session"] == "first.sqlite"
        windows._rebind(LiveSession(second))  # what the console's new game does
        assert server.feed.latest["session"] == "second.sqlite"
        assert server.feed.latest["game"] == "farkle"
        windows.stop()
        assert not server.running
    finally:
        server.stop()
        first.close()
        second.close()
