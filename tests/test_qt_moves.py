"""The console's moves open now (ui/qt/moves_panel.py) at a hold'em table: the legal moves
with their amounts (the call, the smallest raise, a pot-sized one, the most the structure
allows, all-in) as buttons that enter them, an amount box for any other size, and the table's
due cards as buttons that begin the typed line.  Offscreen, over a real live session."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QPushButton

from session.families import interpreter_for
from session.journal import Journal
from session.live import FrameTap, LiveSession, Submit
from ui.qt.app import LiveWindows
from ui.qt.moves_panel import MovesPanel
from ui.qt.snapshot import render_png

SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"
PLAYERS = ["Anna", "Boris", "Vera"]


def windows_for(qtbot: Any, tmp_path: Path, preset: str | None = None) -> LiveWindows:
    journal = Journal.create(tmp_path / "holdem.sqlite", "holdem", PLAYERS, preset)
    live = LiveWindows(LiveSession(journal, interpreter_for("holdem")), FrameTap(), lang="en")
    qtbot.addWidget(live.console)
    if live.audience is not None:
        qtbot.addWidget(live.audience)
    live.show()
    live.console.refresh()
    return live


@pytest.fixture
def windows(qtbot: Any, tmp_path: Path) -> Iterator[LiveWindows]:
    live = windows_for(qtbot, tmp_path)
    yield live
    live.session.journal.close()


def panel(windows: LiveWindows) -> MovesPanel:
    return windows.console.moves_panel


def click(windows: LiveWindows, label: str) -> None:
    [button] = [b for b in panel(windows).buttons if b.text() == label]
    button.click()
    windows.tick()


def test_the_moves_open_are_offered_with_their_amounts(windows: LiveWindows) -> None:
    assert panel(windows).title() == "Moves open now: Anna"
    # Blinds 10/20: Anna faces 20; the smallest raise is to 40, the pot after her call 70.
    assert panel(windows).labels() == [
        "fold",
        "call 20",
        "raise to 40 (min)",
        "raise to 70 (pot)",
        "all-in 1500",
    ]
    click(windows, "raise to 70 (pot)")
    click(windows, "call 60")  # Boris has the small blind in
    assert [row.action for row in windows.session.rows()] == [
        {"do": "raise", "by": "Anna", "to": 70},
        {"do": "call", "by": "Boris"},
    ]
    assert panel(windows).labels()[:3] == ["fold", "call 50", "raise to 120 (min)"]


def test_any_raise_between_the_minimum_and_all_in_is_entered_from_the_amount_box(
    windows: LiveWindows,
) -> None:
    box = panel(windows).amount
    assert (box.minimum(), box.maximum(), box.singleStep()) == (40, 1500, 5)
    box.setValue(245)
    assert panel(windows).amount_button.text() == "raise to 245"
    panel(windows).amount_button.click()
    windows.tick()
    assert windows.session.rows()[-1].action == {"do": "raise", "by": "Anna", "to": 245}


def test_the_cards_due_begin_the_typed_line(windows: LiveWindows) -> None:
    for action in (
        {"do": "call", "by": "Anna"},
        {"do": "call", "by": "Boris"},
        {"do": "check", "by": "Vera"},
    ):
        windows.session.post(Submit(action))
    windows.tick()
    assert panel(windows).labels() == ["flop…"]
    assert not panel(windows).amount_row.isVisibleTo(windows.console)
    click(windows, "flop…")
    assert windows.console.manual_edit.text() == "flop "


@pytest.mark.parametrize(
    ("preset", "labels"),
    [
        ("pot_limit", ["fold", "call 20", "raise to 40 (min)", "raise to 70 (pot, max)"]),
        ("limit", ["fold", "call 20", "raise to 40 (min, max)"]),
    ],
)
def test_the_structure_caps_the_raise(
    qtbot: Any, tmp_path: Path, preset: str, labels: list[str]
) -> None:
    live = windows_for(qtbot, tmp_path, preset)
    assert panel(live).labels() == labels
    assert panel(live).amount.maximum() == int(labels[-1].split()[2])
    live.session.journal.close()


def test_the_moves_in_russian_and_on_screen(windows: LiveWindows) -> None:
    windows.console.language.toggle()
    windows.tick()
    assert panel(windows).labels()[:3] == ["пас", "колл 20", "рейз до 40 (мин.)"]
    windows.console.language.toggle()
    windows.tick()
    for size in ((1280, 720), (1920, 1080)):
        windows.console.resize(*size)
        QApplication.processEvents()  # laid out anew, the other language's buttons deleted
        path = render_png(
            windows.console, SCREENS / f"console_holdem_{size[0]}x{size[1]}.png", size
        )
        assert path.stat().st_size > 10_000
        box = panel(windows).rect()
        for button in panel(windows).findChildren(QPushButton):
            if button.isVisibleTo(windows.console):  # every label fits its button, inside
                fits = button.fontMetrics().horizontalAdvance(button.text()) <= button.width()
                assert fits, (size, button.text(), button.width())
                place = QRect(button.mapTo(panel(windows), QPoint(0, 0)), button.size())
                assert box.contains(place), (size, button.text(), place, box)
        buttons = [b.geometry() for b in panel(windows).buttons]
        amount = panel(windows).amount_row.geometry()
        assert not any(place.intersects(amount) for place in buttons), size


def test_the_typed_line_s_hint_is_a_move_open_now(windows: LiveWindows) -> None:
    """In hold'em the hint is the first legal move, typed as the line reads it back; with
    nothing open it names the journal's own commands only."""
    from ui.qt.console import manual_hint
    from ui.short_form import read_action

    hint = windows.console.manual_edit.placeholderText()
    assert "roll" not in hint and hint.startswith('e.g. "Anna: ')
    match = windows.session.match
    typed = read_action(hint.split('"')[1], match.engine.verbs, "Anna")
    assert typed in [action.to_dict() for action in match.engine.legal(match.state)]
    assert manual_hint([], match.engine.verbs, "ru") == "например «undo 3» или действие в JSON"
