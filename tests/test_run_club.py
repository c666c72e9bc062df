"""``tableref run --club``: the refereed table publishes its journal to the club's broker from
the run itself (the club's publisher following the session's journal), referees on while the
broker is down and catches up when it returns, and moves to the next game's journal; with the
Mosquitto the tests start."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import cv2
import pytest
from mosquitto_broker import Broker
from test_club import MORE, WAIT_S, YAHTZEE, same_table

from session.club.board import ClubBoard
from session.club.link import ClubLink
from session.club.publisher import wait_for
from session.journal import Journal
from session.latency import read_right_scenes, throw_frames
from session.live import LiveSession, Submit
from ui.cli import main
from vision.dice.classical import ClassicalReader


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    running = Broker(tmp_path)
    running.start()
    yield running
    running.stop()


@pytest.fixture
def board(broker: Broker) -> Iterator[ClubBoard]:
    listening = ClubBoard(broker.host, broker.port).start()
    yield listening
    listening.stop()


def rebuilt(board: ClubBoard, table: str, path: Path, rows: int) -> bool:
    replica = board.replica(table)
    board.chase_gaps()
    return (
        replica is not None
        and replica.applied == rows
        and replica.in_step
        and same_table(replica, path)
    )


def pump_until(session: LiveSession, rows: int) -> None:
    deadline = time.monotonic() + 10
    while len(session.rows()) < rows:
        assert time.monotonic() < deadline, f"the session stopped at {len(session.rows())} rows"
        session.pump(timeout=0.02)


def test_the_table_referees_on_with_the_broker_down_and_catches_up(
    tmp_path: Path, broker: Broker, board: ClubBoard
) -> None:
    path = tmp_path / "storm.sqlite"
    session = LiveSession(Journal.create(path, "yahtzee", ["Anna", "Boris"]))
    said: list[str] = []
    link = ClubLink(session, "storm", broker.host, broker.port, say=said.append).start()
    try:
        for action in YAHTZEE[:3]:
            session.post(Submit(action))
        pump_until(session, 3)
        assert wait_for(lambda: rebuilt(board, "storm", path, 3), WAIT_S)
        broker.stop()
        assert wait_for(lambda: not link.publisher.connected, WAIT_S)
        started = time.monotonic()
        for action in YAHTZEE[3:] + MORE:  # the referee does not wait for the network
            session.post(Submit(action))
        pump_until(session, len(YAHTZEE) + len(MORE))
        assert time.monotonic() - started < 2.0
        assert link.publisher.acknowledged == 3 and link.running
        broker.start()
        total = len(YAHTZEE) + len(MORE)
        assert wait_for(lambda: rebuilt(board, "storm", path, total), WAIT_S)
        # the next game at the table: the link moves to its journal, a new match on the board
        second = tmp_path / "storm-2.sqlite"
        session.journal.close()
        session = LiveSession(Journal.create(second, "yahtzee", ["Anna", "Boris"]))
        first, release = link.publisher, threading.Event()
        first_stop = first.stop
        first.stop = lambda: (release.wait(WAIT_S), first_stop())  # type: ignore[method-assign]
        link.session = session  # the GUI thread goes on while the first game's link closes
        first_done = f"club: table storm: {total} of {total} rows acknowledged by {broker.address}"
        assert first_done not in said
        session.post(Submit(YAHTZEE[0]))
        pump_until(session, 1)
        assert wait_for(lambda: rebuilt(board, "storm", second, 1), WAIT_S)
        release.set()
        assert wait_for(lambda: first_done in said, WAIT_S)
    finally:
        link.stop()
        session.journal.close()
    assert said[-1] == f"club: table storm: 1 of 1 rows acknowledged by {broker.address}"


@pytest.fixture(scope="module")
def throws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of two rendered throws the classical reader reads right."""
    reader = ClassicalReader()
    folder = tmp_path_factory.mktemp("throws")
    scenes = read_right_scenes(2, reader, seed=3)
    for index, image in enumerate(throw_frames(scenes, moving=2, still=6)):
        cv2.imwrite(str(folder / f"frame_{index}.png"), image)
    return folder


def run_command(folder: Path, journal: Path, broker: Broker) -> list[str]:
    command = ["run", "--camera", str(folder), "--panel", "none", "--game", "yahtzee"]
    command += ["--players", "Anna,Boris", "--headless", "--fps", "0", "--reader", "classical"]
    command += ["--journal", str(journal), "--confirm-below", "0.5"]
    return [*command, "--club", broker.address, "--table", "t7"]


def test_run_publishes_its_journal_from_the_run_itself(
    tmp_path: Path,
    throws: Path,
    broker: Broker,
    board: ClubBoard,
    capsys: pytest.CaptureFixture[str],
) -> None:
    journal = tmp_path / "t7.sqlite"
    assert main(run_command(throws, journal, broker)) == 0
    out = capsys.readouterr().out.splitlines()
    assert f"club: table t7 publishing to {broker.address}" in out
    assert f"club: table t7: 2 of 2 rows acknowledged by {broker.address}" in out
    assert wait_for(lambda: rebuilt(board, "t7", journal, 2), WAIT_S)


def test_a_run_while_the_broker_is_away_says_how_to_send_the_rest(
    tmp_path: Path, throws: Path, broker: Broker, capsys: pytest.CaptureFixture[str]
) -> None:
    broker.stop()
    journal = tmp_path / "t7.sqlite"
    assert main(run_command(throws, journal, broker)) == 0  # refereed all the same
    out = capsys.readouterr().out.splitlines()
    rest = f"tableref club publish {journal} --table t7 --once"
    assert f"club: table t7: 0 of 2 rows acknowledged by {broker.address}; the rest: {rest}" in out
    broker.start()
    board = ClubBoard(broker.host, broker.port).start()
    try:
        assert (
            main(
                [
                    "club",
                    "publish",
                    str(journal),
                    "--table",
                    "t7",
                    "--once",
                    "--broker",
                    broker.address,
                ]
            )
            == 0
        )
        assert wait_for(lambda: rebuilt(board, "t7", journal, 2), WAIT_S)
    finally:
        board.stop()


def test_run_club_names_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["run", "--game", "yahtzee", "--players", "A,B", "--camera", "none", "--panel", "none"]
    base += ["--headless", "--seconds", "0.1", "--journal", str(tmp_path / "x.sqlite")]
    assert main([*base, "--club", "localhost:1883", "--table", "a/b"]) == 2
    assert "--table: table id 'a/b'" in capsys.readouterr().err  # argparse's line
    assert main([*base, "--table", "t1"]) == 2
    assert "add --club HOST:PORT" in capsys.readouterr().err
    assert main([*base, "--club", "nohost:99999"]) == 2
    assert "is not HOST:PORT" in capsys.readouterr().err
    assert not (tmp_path / "x.sqlite").exists()


def test_the_windows_start_and_stop_the_link_with_their_sources(
    tmp_path: Path, broker: Broker, board: ClubBoard, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``tableref run --club`` with windows: the link is one of the windows' sources."""
    pytest.importorskip("PySide6")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ui.qt.app import run_windows

    _app = QApplication.instance() or QApplication([])
    path = tmp_path / "windows.sqlite"
    session = LiveSession(Journal.create(path, "yahtzee", ["Anna", "Boris"]))
    said: list[str] = []
    link = ClubLink(session, "windows", broker.host, broker.port, say=said.append)
    for action in YAHTZEE[:3]:
        session.post(Submit(action))
    deadline = time.monotonic() + WAIT_S

    def close_when_rebuilt() -> None:
        if rebuilt(board, "windows", path, 3) or time.monotonic() > deadline:
            for window in QApplication.topLevelWidgets():
                if type(window).__name__ == "OperatorConsole":
                    window.close()

    timer = QTimer()
    timer.timeout.connect(close_when_rebuilt)
    timer.start(100)
    try:
        status = run_windows(session, sources=(link,))
    finally:
        timer.stop()
        session.journal.close()
    assert status == 0 and not link.running
    assert rebuilt(board, "windows", path, 3)
    assert said == [f"club: table windows: 3 of 3 rows acknowledged by {broker.address}"]
