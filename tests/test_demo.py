"""``tableref demo``: the dice night generated, read by the camera pipeline and refereed, headless;
the renderer is deterministic and the player feeds a session from its own thread."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scoring.match import Match
from scoring.registry import create_engine
from scoring.scenario import load
from session import demo, demo_skittles
from session.demo_render import REST, TUMBLE, DiceTable
from session.demo_script import script_steps
from session.journal import Journal
from session.live import FrameTap
from session.recording import Recording
from session.replay import refold
from ui.cli import main
from ui.short_form import describe

SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"

TURNS = 3


def truth_view(turns: int) -> dict:
    """The bundled game's first ``turns`` turns folded straight through the engine."""
    scenario = load(demo.DICE_NIGHT)
    match = scenario.match()
    for step in script_steps(scenario, turns):
        assert match.submit(step).accepted
    return match.view()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    return tmp_path / "tableref" / "demo"


@pytest.fixture(scope="module")
def one_turn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Anna's first turn of the dice night (three throws), made once for the player tests."""
    return demo.dice_night(tmp_path_factory.mktemp("cache"), turns=1)


def test_headless_demo_reads_the_throws_and_ends_with_the_games_totals(cache, capsys) -> None:
    status = main(["demo", "--game", "dice", "--turns", str(TURNS)])
    out = capsys.readouterr().out
    assert status == 0
    view = truth_view(TURNS)
    steps = script_steps(load(demo.DICE_NIGHT), TURNS)
    assert out.startswith("no display (DISPLAY/WAYLAND_DISPLAY unset): playing headless\n")
    assert "making dice-night-v1-seed12-3.tableref (first run only" in out
    # One numbered line per step of the game; the rolls came from the camera.
    numbered = re.findall(r"^\s+\d+\. (.*)$", out, re.M)
    assert len(numbered) == len(steps)
    rolls = [line for line in numbered if ": roll " in line]
    assert rolls and all("(camera " in line for line in rolls)
    # The sixth throw: two dice against each other, misread, refused, held and corrected.
    assert "held for the operator: Boris: roll" in out
    assert "the operator: held (refused: 5 dice must be on the table" in out
    assert "perception read 7 of 8 throws right" in out
    totals = r"\s+".join(str(view["scores"][player]) for player in view["players"])
    assert re.search(rf"^Total\s+{totals}$", out, re.M)
    assert view["scores"] == {"Anna": 40, "Boris": 50}
    played = re.search(r"this session is recorded in (\S+)", out)
    assert played is not None and Path(played.group(1), "journal.sqlite").is_file()
    # Each printed number is the journal's, so `undo N` from the printout takes that action
    # back (a correction takes a number too).
    rows = {row.seq: row for row in Journal.open(Path(played.group(1), "journal.sqlite")).rows()}
    printed = re.findall(r"^\s+(\d+)\. (.*?)  \(", out, re.M)
    assert len(printed) == len(numbered)
    assert [text for _, text in printed] == [describe(rows[int(n)].action) for n, _ in printed]
    # The played session is recorded losslessly, so re-running perception on it reads the very
    # frames read live: every fact and camera row again, the boxes where they were.
    assert main(["replay", played.group(1), "--rerun", "--json"]) == 0
    rerun = json.loads(capsys.readouterr().out)["rerun"]
    assert rerun["differences"] == [] and not rerun["lossy_video"]
    assert rerun["rows_matching"] == rerun["rows_compared"] == 8
    assert rerun["max_box_shift"] == rerun["max_confidence_change"] == 0
    # The recording is made once: a second run plays the cached one.
    assert main(["demo", "--game", "dice", "--turns", str(TURNS), "--quiet"]) == 0
    again = capsys.readouterr().out
    assert "making" not in again
    assert re.search(rf"^Total\s+{totals}$", again, re.M)
    # The earlier run's recording is kept (its replay command was printed), up to KEEP_PLAYED.
    assert Path(played.group(1), "journal.sqlite").is_file()
    assert len(list(cache.glob("played-*"))) == 2


def test_actions_demo_replays_the_game_without_a_camera(capsys) -> None:
    status = main(["demo", "--actions", "--turns", "1"])
    out = capsys.readouterr().out
    assert status == 0
    assert len(re.findall(r"^\s+\d+\. ", out, re.M)) == 6  # Anna's first turn
    assert re.search(r"^Total\s+16\s+0$", out, re.M)


def test_demo_refuses_nonsense_numbers(capsys) -> None:
    assert main(["demo", "--turns", "0"]) == 2
    assert "--turns must be at least 1, got 0" in capsys.readouterr().err


def test_the_renderer_draws_the_same_throw_for_the_same_seed() -> None:
    first = list(DiceTable(12).throw(3, [1, 2, 3]))
    second = list(DiceTable(12).throw(3, [1, 2, 3]))
    assert len(first) == TUMBLE + REST
    assert all(np.array_equal(a.image, b.image) for a, b in zip(first, second, strict=True))
    assert [frame.at_rest for frame in first] == [False] * TUMBLE + [True] * REST
    assert all(frame.values == (1, 2, 3) for frame in first[TUMBLE:])
    assert not np.array_equal(first[-1].image, list(DiceTable(13).throw(3, [1, 2, 3]))[-1].image)


def test_the_player_feeds_the_session_from_its_own_thread(one_turn, tmp_path) -> None:
    source = one_turn
    tap = FrameTap()
    played, player = demo.prepare(source, tmp_path / "played.tableref", tap=tap)
    player.speed = 20.0
    ended = []
    player.on_end = lambda: ended.append(True)
    played.operator.start()
    player.start()
    deadline = time.monotonic() + 120
    while not (ended and played.operator.done) and time.monotonic() < deadline:
        played.session.pump(timeout=0.05)
    player.stop()
    played.session.pump()
    played.close()
    assert ended and played.operator.done
    assert played.session.view()["scores"] == {"Anna": 16, "Boris": 0}
    assert played.operator.tally.throws == 3
    assert played.session.status["camera"].state == "disconnected"
    frame = tap.get()
    assert frame is not None and frame.index == 29 and frame.detections


def test_the_skittles_shot_is_seen_by_the_shot_observer_and_refereed(tmp_path) -> None:
    folder = tmp_path / "shot.tableref"
    outcome = demo_skittles.generate(folder)
    # The score is the true shot's, whatever the camera made of it (the operator saw to that).
    truth = Match(create_engine(demo_skittles.GAME), demo_skittles.PLAYERS)
    assert truth.submit({"do": "start", "by": "Anna"}).accepted
    assert truth.submit(outcome.truth).accepted
    assert outcome.session.view()["scores"] == truth.view()["scores"]
    with Recording.open(folder) as recording:
        rows = recording.rows()
        assert refold(recording).equal
        [fact] = recording.facts()
    assert fact["fact"]["fact"] == "shot_ended"
    assert rows[0].action == {"do": "start", "by": "Anna"}
    shot = rows[1]  # the camera's shot, as the observer saw it
    assert shot.source == "camera" and shot.frame == fact["frame"]
    assert outcome.seen == shot.action
    assert outcome.read_right == demo_skittles.same_shot(shot.action, outcome.truth)
    if outcome.read_right:
        assert outcome.how in ("recorded", "confirmed") and len(rows) == 2
    else:
        assert outcome.how == "corrected" and rows[2].action["do"] == "correct"


def close_console_when(done: Callable[[], bool], shots: str, size: tuple[int, int]) -> Any:
    """A running timer that, as the operator would, closes the console once ``done()`` (or
    after two minutes), first saving both windows as ``<shots>_<window>.png`` for the note."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ui.qt.snapshot import render_png

    deadline = time.monotonic() + 120

    def check() -> None:
        if not done() and time.monotonic() < deadline:
            return
        for window in QApplication.topLevelWidgets():
            name = type(window).__name__
            if name in ("OperatorConsole", "AudienceDisplay") and window.isVisible():
                render_png(window, SCREENS / f"{shots}_{name}.png", size)
        for window in QApplication.topLevelWidgets():
            if type(window).__name__ == "OperatorConsole":
                window.close()

    timer = QTimer()
    timer.timeout.connect(check)
    timer.start(100)
    return timer


def test_the_demo_plays_into_the_windows(one_turn, tmp_path, monkeypatch) -> None:
    pytest.importorskip("PySide6")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from ui.qt.app import run_windows

    _app = QApplication.instance() or QApplication([])
    source = one_turn
    tap = FrameTap()
    played, player = demo.prepare(source, tmp_path / "played.tableref", tap=tap)
    player.speed = 20.0
    ended: list[bool] = []
    player.on_end = lambda: ended.append(True)
    timer = close_console_when(lambda: bool(ended) and played.operator.done, "demo", (1400, 860))
    played.operator.start()
    try:
        status = run_windows(played.session, tap, sources=(player,))
    finally:
        timer.stop()
        played.close()
    assert status == 0
    assert ended and played.operator.done
    assert played.session.view()["scores"] == {"Anna": 16, "Boris": 0}
    assert played.operator.tally.read_right == 3


def test_played_demos_keep_the_newest_and_any_still_being_played(tmp_path) -> None:
    playing = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        folders = [tmp_path / f"played-{age}" for age in range(5)]
        for age, folder in enumerate(folders):
            folder.mkdir()
            (folder / demo.PLAYER_PID).write_text(str(os.getpid()))  # done: this process
            os.utime(folder, (1000 + age, 1000 + age))  # made in this order
        (folders[0] / demo.PLAYER_PID).write_text(str(playing.pid))  # the oldest: still playing
        (folders[1] / demo.PLAYER_PID).write_text("not a pid")
        os.utime(folders[0], (1000, 1000))
        os.utime(folders[1], (1001, 1001))
        newest = demo.played_folder(tmp_path)
    finally:
        playing.kill()
        playing.wait()
    kept = set(tmp_path.glob("played-*"))
    assert kept == {newest, folders[4], folders[3], folders[0]}


def test_the_skittles_shot_plays_into_the_windows(tmp_path, monkeypatch) -> None:
    pytest.importorskip("PySide6")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from ui.qt.app import run_windows

    _app = QApplication.instance() or QApplication([])
    source = demo.skittles_shot(tmp_path / "cache")
    tap = FrameTap()
    recording, table, player = demo_skittles.prepare(source, tmp_path / "played", tap=tap)
    player.speed = 20.0
    shown: list[int] = []

    def looked() -> bool:  # the operator closes the console once he has looked at the shot
        latest = tap.get()
        if latest is not None:
            shown.append(latest.index)
        if player.outcome is None:
            return False
        table.session.pump()  # what the operator posted, as the console's timer would
        return True

    timer = close_console_when(looked, "demo_skittles", (1280, 720))
    try:
        status = run_windows(table.session, tap, sources=(player,))
    finally:
        timer.stop()
        table.writer.close()
        recording.close()
    assert status == 0
    assert player.outcome is not None
    assert shown and max(shown) == recording.frame_count - 1  # the video reached the console
    truth = Match(create_engine(demo_skittles.GAME), demo_skittles.PLAYERS)
    assert truth.submit({"do": "start", "by": "Anna"}).accepted
    assert truth.submit(player.outcome.truth).accepted
    assert table.session.view()["scores"] == truth.view()["scores"]
