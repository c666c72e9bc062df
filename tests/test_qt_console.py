"""The operator console over a real live session: held proposals, confirm, correct, undo,
refusals, connection state, typed actions, the language switch; each state saved as a PNG.

The session is real (a journal on disk, the dice interpreter, the engines); the windows are
fed by the app's own tick, exactly as the QTimer feeds them at the table.
"""

from __future__ import annotations

import json
import os
import threading

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from session.interpreters.dice import DiceInterpreter
from session.journal import Journal
from session.live import FrameTap, FrameView, LiveSession, SourceStatus, Submit
from tests.test_qt_replay import tray
from ui.qt.app import LiveWindows, latency_summary, run_windows
from ui.qt.audience import AudienceDisplay
from ui.qt.console import OperatorConsole
from ui.qt.console_editor import ActionEditor
from ui.qt.console_setup import SetupDialog
from ui.qt.console_tables import select_key
from ui.qt.snapshot import render_png
from vision.observe import DiceSettled
from vision.types import Box

SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"
SIZE = (1400, 860)

OPENING = [
    {"do": "roll", "by": "Anna", "dice": [6, 6, 6, 2, 3]},
    {"do": "score", "by": "Anna", "row": "sixes"},
    {"do": "roll", "by": "Boris", "dice": [1, 1, 2, 2, 2]},
    {"do": "score", "by": "Boris", "row": "full_house"},
]


@pytest.fixture
def windows(qtbot: Any, tmp_path: Path) -> Iterator[LiveWindows]:
    journal = Journal.create(tmp_path / "night.sqlite", "yahtzee", ["Anna", "Boris"])
    session = LiveSession(journal, DiceInterpreter())
    live = LiveWindows(session, FrameTap(), lang="en")
    qtbot.addWidget(live.console)
    assert live.audience is not None
    qtbot.addWidget(live.audience)
    live.show()  # as at the table: a banner is only up on a shown display
    yield live
    journal.close()


def play(windows: LiveWindows, actions: list[dict[str, Any]]) -> None:
    for action in actions:
        windows.session.post(Submit(action))
    windows.tick()


def scores(windows: LiveWindows) -> dict[str, int]:
    return dict(windows.session.view()["scores"])


def shown_scores(windows: LiveWindows) -> dict[str, int]:
    """The scores the audience display shows, read off its score labels."""
    assert windows.audience is not None
    return {player: int(points) for player, points in windows.audience.score_texts().items()}


def answer_dialog(edit: Callable[[ActionEditor], None]) -> list[str]:
    """Arrange for the next modal editor to be edited and accepted; returns the errors it
    showed (an editor that refuses stays open, so it is then cancelled)."""
    seen: list[str] = []

    def act() -> None:
        editor = QApplication.activeModalWidget()
        assert isinstance(editor, ActionEditor)
        edit(editor)
        editor.accept()
        if editor.isVisible():
            seen.append(editor.error.text())
            editor.reject()

    QTimer.singleShot(0, act)
    return seen


def settled(values: list[int], confidence: float, frame: int = 1) -> DiceSettled:
    """The fact the dice reader posts, with the boxes the tray picture draws the dice in."""
    _, detections = tray(values)
    boxes = tuple(Box(*detection["box"]) for detection in detections)
    return DiceSettled(tuple(values), boxes, (False,) * len(values), frame, frame / 30, confidence)


def camera_frame(windows: LiveWindows, fact: DiceSettled) -> None:
    """The picture the fact was read from, with its detections, as the camera thread puts it."""
    image, detections = tray(list(fact.values))
    for detection in detections:
        detection["confidence"] = fact.confidence
    assert windows.console.tap is not None
    windows.console.tap.put(FrameView(image, fact.frame_index, fact.timestamp, tuple(detections)))


def test_a_held_proposal_is_shown_and_confirm_records_it(windows: LiveWindows, qtbot: Any) -> None:
    console = windows.console
    fact = settled([6, 6, 6, 2, 3], confidence=0.62)
    camera_frame(windows, fact)
    windows.session.post(fact)
    windows.tick()
    assert console.pending_list.rowCount() == 1
    assert console.pending_list.item(0, 1).text() == "Anna: roll 6 6 6 2 3"
    assert "low confidence" in console.pending_list.item(0, 3).text()
    assert console.camera.has_frame and len(console.camera.detections) == 5
    assert windows.session.rows() == []
    render_png(console, SCREENS / "console_pending.png", SIZE)

    select_key(console.pending_list, 1)
    qtbot.mouseClick(console.confirm_button, Qt.MouseButton.LeftButton)
    windows.tick()
    [row] = windows.session.rows()
    assert (row.source, row.confidence, row.frame) == ("camera", 0.62, 1)
    assert row.action == {"do": "roll", "by": "Anna", "dice": [6, 6, 6, 2, 3]}
    assert console.pending_list.rowCount() == 0
    assert console.journal_list.item(0, 4).text() == "Anna: roll 6 6 6 2 3"
    assert "throws 6 6 6 2 3" in console.journal_list.item(0, 5).text()
    assert [sample.seq for sample in windows.latency] == [1]
    sample = windows.latency[0]
    assert sample.posted <= sample.handled <= sample.painted


def test_edit_and_confirm_and_reject(windows: LiveWindows, qtbot: Any) -> None:
    console = windows.console
    windows.session.post(settled([6, 6, 6, 2, 3], confidence=0.5))
    windows.tick()
    answer_dialog(
        lambda editor: editor.text.setPlainText(
            '{"do": "roll", "by": "Anna", "dice": [6, 6, 6, 6, 3]}'
        )
    )
    select_key(console.pending_list, 1)
    qtbot.mouseClick(console.edit_button, Qt.MouseButton.LeftButton)
    windows.tick()
    assert windows.session.rows()[0].action["dice"] == [6, 6, 6, 6, 3]

    play(windows, [{"do": "score", "by": "Anna", "row": "sixes"}])
    windows.session.post(settled([1, 2, 3, 4, 5], confidence=0.5, frame=2))
    windows.tick()
    select_key(console.pending_list, 2)
    qtbot.mouseClick(console.reject_button, Qt.MouseButton.LeftButton)
    windows.tick()
    assert windows.session.pending() == [] and len(windows.session.rows()) == 2
    assert "rejected" in console.message()


def test_correcting_an_earlier_action_reaches_the_audience(
    windows: LiveWindows, qtbot: Any
) -> None:
    console = windows.console
    play(windows, OPENING)
    assert shown_scores(windows) == {"Anna": 18, "Boris": 25}

    select_key(console.journal_list, 1)
    answer_dialog(
        lambda editor: editor.text.setPlainText(
            '{"do": "roll", "by": "Anna", "dice": [6, 6, 6, 6, 3]}'
        )
    )
    qtbot.mouseClick(console.correct_button, Qt.MouseButton.LeftButton)
    windows.tick()
    assert scores(windows) == {"Anna": 24, "Boris": 25}
    assert shown_scores(windows) == {"Anna": 24, "Boris": 25}
    assert "corrected by #5" in console.journal_list.item(0, 5).text()
    assert "now 24 (was 18)" in console.journal_list.item(4, 5).text()
    render_png(console, SCREENS / "console_corrected.png", SIZE)
    assert windows.audience is not None
    render_png(windows.audience, SCREENS / "console_audience_corrected.png", (1280, 720))


def test_undo_takes_back_the_last_and_any_chosen_row(windows: LiveWindows, qtbot: Any) -> None:
    console = windows.console
    play(windows, OPENING)
    qtbot.mouseClick(console.undo_last_button, Qt.MouseButton.LeftButton)
    windows.tick()
    assert scores(windows) == {"Anna": 18, "Boris": 0}
    assert "undone by #5" in console.journal_list.item(3, 5).text()
    assert shown_scores(windows) == {"Anna": 18, "Boris": 0}

    select_key(console.journal_list, 3)  # Boris's roll: his score row would break
    qtbot.mouseClick(console.undo_button, Qt.MouseButton.LeftButton)
    windows.tick()
    assert len(windows.session.rows()) == 6
    assert windows.session.view()["turn"] == "Boris"


def test_a_bad_correction_shows_the_engine_error_and_changes_nothing(
    windows: LiveWindows, qtbot: Any
) -> None:
    console = windows.console
    play(windows, OPENING)
    rows_before = windows.session.rows()
    # Anna throwing again instead of scoring is legal there, but Boris's roll no longer is.
    bad = '{"do": "roll", "by": "Anna", "dice": [6, 6, 6, 6, 6]}'

    select_key(console.journal_list, 2)
    errors = answer_dialog(lambda editor: editor.text.setPlainText(bad))
    qtbot.mouseClick(console.correct_button, Qt.MouseButton.LeftButton)
    assert errors and "would make action 3 illegal" in errors[0]
    assert windows.session.rows() == rows_before

    console.correct(2, json.loads(bad))  # posted anyway (as a script could): refused
    windows.tick()
    assert "Refused" in console.message() and "would make action 3 illegal" in console.message()
    assert windows.session.rows() == rows_before
    assert shown_scores(windows) == {"Anna": 18, "Boris": 25}
    render_png(console, SCREENS / "console_refused.png", SIZE)


def test_the_connection_state_of_camera_and_panel_is_always_shown(windows: LiveWindows) -> None:
    console = windows.console
    assert console.status_text().count("not started") == 2
    windows.session.post(SourceStatus("camera", "disconnected", "no frames for 3 s"))
    windows.session.post(SourceStatus("panel", "disconnected", "/dev/ttyUSB0 gone"))
    windows.tick()
    status = console.status_text()
    assert "Camera</b>: disconnected (no frames for 3 s)" in status
    assert "Panel</b>: disconnected (/dev/ttyUSB0 gone)" in status
    assert not console.camera.has_frame
    render_png(console, SCREENS / "console_disconnected.png", SIZE)


def test_typed_actions_use_the_play_prompt_forms(windows: LiveWindows, qtbot: Any) -> None:
    console = windows.console
    qtbot.keyClicks(console.manual_edit, "roll 6 6 6 2 3")
    qtbot.keyClick(console.manual_edit, Qt.Key.Key_Return)
    windows.tick()
    assert windows.session.rows()[-1].action == {
        "do": "roll",
        "by": "Anna",
        "dice": [6, 6, 6, 2, 3],
    }
    assert console.manual_edit.text() == ""
    assert not console.submit_line("Anna: fly away")
    assert "unknown verb 'fly'" in console.message()
    assert console.submit_line('{"do": "score", "by": "Anna", "row": "sixes"}')
    windows.tick()
    assert scores(windows)["Anna"] == 18


def test_typed_errors_read_in_the_consoles_language(windows: LiveWindows, qtbot: Any) -> None:
    console = windows.console
    qtbot.mouseClick(console.language_button, Qt.MouseButton.LeftButton)
    assert windows.language.code == "ru"
    assert not console.submit_line("Anna: fly away")
    assert "неизвестный глагол 'fly'" in console.message()
    assert not console.submit_line("Anna: roll 9")
    assert "не грань этой кости" in console.message()


def test_the_language_switch_redraws_the_console_in_russian(
    windows: LiveWindows, qtbot: Any
) -> None:
    console = windows.console
    play(windows, OPENING)
    windows.session.post(SourceStatus("camera", "connected"))
    windows.session.post(settled([5, 5, 1, 2, 3], confidence=0.4, frame=9))
    windows.tick()
    qtbot.mouseClick(console.language_button, Qt.MouseButton.LeftButton)
    assert windows.language.code == "ru"
    assert console.journal_box.title() == "Журнал"
    assert "записывает 18" in console.journal_list.item(1, 5).text()
    assert "Камера</b>: подключена" in console.status_text()
    render_png(console, SCREENS / "console_ru.png", SIZE)
    assert windows.audience is not None
    render_png(windows.audience, SCREENS / "console_audience_ru.png", (1280, 720))


class DiceThread:
    """A camera source as the app sees one: start() spawns a thread that posts, stop() joins."""

    def __init__(self, session: LiveSession, facts: list[DiceSettled]) -> None:
        self.session = session
        self.facts = facts
        self.thread: threading.Thread | None = None
        self.stopped = False

    def start(self) -> None:
        self.session.post(SourceStatus("camera", "connected"))
        self.thread = threading.Thread(target=lambda: [self.session.post(f) for f in self.facts])
        self.thread.start()

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def stop(self, timeout: float = 5.0) -> None:
        assert self.thread is not None
        self.thread.join(timeout)
        self.session.post(SourceStatus("camera", "disconnected", "stopped"))
        self.stopped = True


def test_the_timer_pumps_facts_posted_from_a_source_thread(
    windows: LiveWindows, qtbot: Any
) -> None:
    source = DiceThread(windows.session, [settled([6, 6, 6, 2, 3], confidence=0.98)])
    windows.sources.append(source)
    windows.start()
    qtbot.waitUntil(lambda: len(windows.session.rows()) == 1, timeout=5000)
    assert "Camera</b>: connected" in windows.console.status_text()
    windows.stop()
    assert source.stopped and not windows.timer.isActive()
    assert "Camera</b>: disconnected (stopped)" in windows.console.status_text()
    [row] = windows.session.rows()
    assert (row.source, row.confidence) == ("camera", 0.98)
    [sample] = windows.latency
    assert sample.seq == 1 and sample.to_screen >= sample.judging >= 0
    summary = latency_summary(windows.latency)
    assert summary["count"] == 1 and summary["to_screen_median_ms"] >= 0


def test_a_new_game_from_the_console_starts_a_new_journal(
    windows: LiveWindows, tmp_path: Path
) -> None:
    console = windows.console
    console.journal_folder = tmp_path / "sessions"
    play(windows, OPENING[:1])
    source = DiceThread(windows.session, [])
    windows.sources.append(source)

    def choose(dialog: QWidget) -> None:
        assert isinstance(dialog, SetupDialog)
        dialog.select("farkle")
        dialog.players_edit.setText("Vera, Gleb , Ira")
        dialog.accept()

    QTimer.singleShot(0, lambda: choose(QApplication.activeModalWidget()))
    console.new_game()
    session = windows.session
    assert session is console.session and source.session is session
    assert (session.journal.game, session.journal.players) == ("farkle", ("Vera", "Gleb", "Ira"))
    assert session.journal.path.parent == tmp_path / "sessions"
    assert session.rows() == [] and console.journal_list.rowCount() == 0
    assert "Farkle" in console.game_label.text()
    session.post(Submit({"do": "roll", "by": "Vera", "dice": [1, 5, 2, 3, 4, 6]}))
    windows.tick()
    assert console.journal_list.rowCount() == 1
    session.journal.close()


def test_a_throw_the_rules_refuse_is_held_and_bannered(windows: LiveWindows) -> None:
    play(windows, [{"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5]}] * 3)
    fact = settled([6, 6, 6, 6, 6], confidence=0.99, frame=4)
    camera_frame(windows, fact)
    windows.session.post(fact)
    windows.tick()
    assert len(windows.session.rows()) == 3  # a fourth throw is never scored
    assert windows.console.pending_list.item(0, 1).text() == "Anna: roll 6 6 6 6 6"
    assert windows.console.pending_list.item(0, 3).text() == (
        "Refused: Anna has used all 3 throws: choose a row"
    )
    assert windows.audience is not None
    banner = windows.audience.banner_text()
    assert banner is not None and banner.startswith("NOT ALLOWED")
    render_png(windows.console, SCREENS / "console_illegal.png", SIZE)
    render_png(windows.audience, SCREENS / "console_audience_illegal.png", (1280, 720))


def test_run_windows_opens_both_windows_and_stops_the_sources_on_close(
    qtbot: Any, tmp_path: Path
) -> None:
    journal = Journal.create(tmp_path / "run.sqlite", "yahtzee", ["Anna", "Boris"])
    session = LiveSession(journal, DiceInterpreter())
    source = DiceThread(session, [settled([2, 2, 3, 3, 3], confidence=0.95)])
    seen: dict[str, Any] = {}

    def close_when_scored() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
        consoles = [w for w in windows if isinstance(w, OperatorConsole) and w.session is session]
        if not session.rows():
            QTimer.singleShot(20, close_when_scored)
            return
        seen["audience"] = any(isinstance(w, AudienceDisplay) for w in windows)
        consoles[0].close()

    QTimer.singleShot(20, close_when_scored)
    assert run_windows(session, sources=[source]) == 0
    assert seen["audience"] and source.stopped
    assert session.status["camera"].state == "disconnected"  # taken in after the stop
    assert session.rows()[0].action["dice"] == [2, 2, 3, 3, 3]
    journal.close()


def test_the_console_keeps_the_row_just_written_in_sight(windows: LiveWindows) -> None:
    """A whole evening's sheet in the console's small game view: the row just written is
    shown (and marked), whatever earlier rows give way; the window names the game."""
    from tests.test_qt_views import DEMO, fold

    console = windows.console
    assert console.windowTitle() == "Table Referee — Yahtzee (console)"
    actions = [entry.action.to_dict() for entry in fold(DEMO).entries][:124]
    play(windows, actions)
    written = next(a["row"] for a in reversed(actions) if a["do"] == "score")
    render_png(console, SCREENS / "console_written_row_1280x720.png", (1280, 720))
    sheet = windows.session.sheet()
    title = next(r["en"] for r in sheet["rows"] if r["key"] == written)
    assert title in console.game_view.texts()
    assert console.game_view.found("band", "written")
    render_png(console, SCREENS / "console_written_row_1920x1080.png", (1920, 1080))
    assert title in console.game_view.texts()
    windows.language.set("ru")
    assert console.windowTitle() == "Судья за столом — Яхтзи (пульт)"


def test_the_typed_line_s_hint_is_typed_in_this_game_s_words(windows: LiveWindows) -> None:
    """The entry line's hint is the first thing open now: in a dice game the roll due, with
    the dice the table has still to show left as ``<dice>``; typed with them, it is the
    roll."""
    console = windows.console
    hint = console.manual_edit.placeholderText()
    assert hint == 'e.g. "Anna: roll <dice>", "undo 3" or a JSON action'
    assert console.submit_line(hint.split('"')[1].replace("<dice>", "6 6 6 2 3"))
    windows.tick()
    assert windows.session.rows()[-1].action == {
        "do": "roll",
        "by": "Anna",
        "dice": [6, 6, 6, 2, 3],
    }
    assert console.manual_edit.placeholderText().startswith('e.g. "Anna: ')
