"""The live session's source threads, end to end with real parts: rendered dice frames in an
image folder through the camera thread, the classical reader, the dice observer and the
interpreter to an accepted ``roll``; sources that fail post a status and never take the
session down; the emulated panel (real firmware on a pty) confirms a held reading."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from hardware.emulator import Emulator
from hardware.keymap import DEFAULT_KEYMAP, load_keymap
from hardware.link import Link
from hardware.panel import Panel, PanelSource
from hardware.script import parse_script
from session.families import interpreter_for, perception_for
from session.journal import Journal
from session.latency import NIGHT_MOVING, measure, read_right_scenes, throughput, throw_frames
from session.live import Confirm, FrameTap, LiveSession, SessionEvent, Submit
from session.loop import event_line, run_headless
from session.sources import (
    CameraWorker,
    DicePerception,
    PanelWorker,
    camera_worker,
)
from tests.test_hardware_rig import FAST_LINK, FAST_PANEL
from tests.test_session_live import settled
from ui.cli import main
from vision.carom.layout import layout
from vision.carom.physics import simulate
from vision.carom.render import ShotRenderer
from vision.dice.classical import ClassicalReader
from vision.observe import GATED_FRAMES, DiceObserver
from vision.sources import FrameSourceError
from vision.synth.carom import plan
from vision.types import Frame

PLAYERS = ("Anna", "Boris")


def session_of(tmp_path: Path, game: str = "yahtzee") -> LiveSession:
    journal = Journal.create(tmp_path / "live.sqlite", game, PLAYERS)
    return LiveSession(journal, interpreter_for(game))


def perception() -> DicePerception:
    return DicePerception(ClassicalReader(), DiceObserver(frames=3))


def pump_until(
    session: LiveSession, done: Callable[[list[SessionEvent]], bool], timeout: float = 20.0
) -> list[SessionEvent]:
    events: list[SessionEvent] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not done(events):
        events += session.pump(timeout=0.05)
    return events


def kinds(events: list[SessionEvent], kind: str) -> list[SessionEvent]:
    return [event for event in events if event.kind == kind]


@pytest.fixture(scope="module")
def throws(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[list[int]]]:
    """A folder of two rendered throws (2 frames sliding, 6 at rest each) and their faces."""
    reader = ClassicalReader()
    scenes = read_right_scenes(2, reader, seed=3)
    folder = tmp_path_factory.mktemp("throws")
    for index, image in enumerate(throw_frames(scenes, moving=2, still=6)):
        cv2.imwrite(str(folder / f"frame_{index}.png"), image)
    return folder, [sorted(r.value for r in reader.read(scene)) for scene in scenes]


def test_rendered_throws_in_an_image_folder_become_accepted_rolls(tmp_path, throws):
    folder, truths = throws
    session = session_of(tmp_path)
    tap = FrameTap()
    worker = camera_worker(session, str(folder), perception(), tap, realtime=False)
    lines: list[str] = []
    events = run_headless(session, [worker], write=lines.append)
    # Each throw is a roll by Anna: recorded, or held where a die was read less surely.
    rolls = [
        event.row.action if event.kind == "accepted" else event.pending.proposal.action
        for event in events
        if event.kind in ("accepted", "pending")
    ]
    assert [sorted(action["dice"]) for action in rolls] == truths
    assert [action["by"] for action in rolls] == ["Anna", "Anna"]
    first = kinds(events, "accepted")[0]
    assert first.row.frame == 2 + 2  # the third frame at rest settled the first throw
    for held in session.pending():
        session.post(Confirm(held.id))
    session.pump()
    assert [sorted(row.action["dice"]) for row in session.rows()] == truths
    assert [e.text for e in kinds(events, "status")] == [
        "camera: connected",
        "camera: disconnected",
    ]
    assert "ended after 16 frames" in session.status["camera"].text
    assert any(line.startswith("accepted #1 roll by Anna") for line in lines)
    frame = tap.get()
    assert frame is not None and frame.index == 15
    assert len(frame.detections) == 5 and frame.detections[0]["kind"] == "die"
    assert not worker.running


def test_tableref_run_headless_referees_a_folder_of_frames(tmp_path, throws, capsys):
    folder, truths = throws
    journal = tmp_path / "night.sqlite"
    command = ["run", "--camera", str(folder), "--panel", "none", "--game", "yahtzee"]
    command += ["--players", "Anna,Boris", "--headless", "--fps", "0", "--reader", "classical"]
    assert main([*command, "--journal", str(journal), "--confirm-below", "0.5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"recording to {journal}"
    assert [line.split(":")[0] for line in out if line.startswith("accepted")] == [
        "accepted #1 roll by Anna",
        "accepted #2 roll by Anna",
    ]
    assert out[-1] == "scores: Anna 0, Boris 0"
    with Journal.open(journal) as reopened:
        assert [sorted(row.action["dice"]) for row in reopened.rows()] == truths
    assert main([*command, "--camera", str(tmp_path / "nowhere")]) == 2
    assert "no such file, folder or camera" in capsys.readouterr().err


def test_a_folder_with_no_readable_image_posts_an_error_and_stops(tmp_path):
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "shot.png").write_bytes(b"not a png at all")
    session = session_of(tmp_path)
    events = run_headless(session, [camera_worker(session, str(folder), perception())])
    assert session.status["camera"].state == "error"
    assert "delivered no frame" in session.status["camera"].text
    assert [event.kind for event in events] == ["status"]
    missing = camera_worker(session, str(tmp_path / "nowhere"), perception())
    run_headless(session, [missing])
    assert "no such file" in session.status["camera"].text


def test_an_unplugged_camera_is_retried_until_the_session_stops(tmp_path):
    session = session_of(tmp_path)
    tries: list[float] = []

    def unplugged() -> Any:
        tries.append(time.monotonic())
        raise FrameSourceError("camera 0", "cannot be opened (unplugged)")

    worker = CameraWorker(session, unplugged, perception(), live=True, retry=0.01, max_retry=0.05)
    worker.start()
    events = pump_until(session, lambda seen: len(tries) >= 5)
    worker.stop()
    events += session.pump()
    assert not worker.running
    assert worker.failure is None
    # Retried quietly: the same failure is one status, not one per try.
    assert [event.text for event in kinds(events, "status")] == ["camera: error"]
    assert session.status["camera"].text == "camera 0: cannot be opened (unplugged)"


def test_a_camera_giving_no_frame_is_given_up_after_the_wait_asked_for(tmp_path):
    session = session_of(tmp_path)

    def unplugged() -> Any:
        raise FrameSourceError("camera 0", "cannot be opened (unplugged)")

    worker = CameraWorker(
        session, unplugged, perception(), live=True, retry=0.01, max_retry=0.05, give_up=0.2
    )
    events = run_headless(session, [worker])
    assert not worker.running
    assert worker.failure == "camera 0: cannot be opened (unplugged); no frame for 0.2 s, given up"
    assert [event.fact.text for event in kinds(events, "status")] == [
        "camera 0: cannot be opened (unplugged)",
        worker.failure,
    ]


def test_headless_run_without_a_camera_ends_in_one_error_line_and_keeps_the_journal(
    tmp_path, capfd
):
    journal = tmp_path / "run.sqlite"
    code = main(
        ["run", "--game", "yahtzee", "--players", "Anna,Boris", "--camera", "9", "--panel",
         "none", "--headless", "--camera-wait", "0.5", "--journal", str(journal)]
    )  # fmt: skip
    out, err = capfd.readouterr()  # the file descriptors: OpenCV writes to them directly
    assert code == 2
    assert err.splitlines() == [
        "error: camera 9: cannot be opened (unplugged, in use, or no such camera or URL); "
        "no frame for 0.5 s, given up (--camera-wait 0.5)"
    ]
    assert "WARN" not in out + err  # OpenCV's own warnings are silenced
    assert Journal.open(journal).rows() == []


def test_a_frame_the_reader_fails_on_is_reported_and_the_camera_goes_on(tmp_path):
    session = session_of(tmp_path)
    frames = [Frame(scene, i / 30, i) for i, scene in enumerate([_blank()] * 4)]

    class Flaky:
        def see(self, frame: Frame) -> tuple[list[Any], tuple[Any, ...]]:
            if frame.index == 1:
                raise ValueError("glare")
            return [], ()

    worker = CameraWorker(session, lambda: iter(frames), Flaky())
    events = run_headless(session, [worker])
    assert [e.text for e in kinds(events, "status")] == [
        "camera: connected",
        "camera: error",
        "camera: connected",
        "camera: disconnected",
    ]
    assert worker.frames == 3


@pytest.fixture
def panel_rig() -> Any:
    outputs: list[tuple[int, int]] = []
    emulator = Emulator(FAST_PANEL, seed=5, on_output=lambda i, level: outputs.append((i, level)))
    emulator.start()
    link = Link(lambda: [emulator.path] if emulator.path else [], settings=FAST_LINK)
    try:
        yield emulator, PanelSource(link, Panel(load_keymap(DEFAULT_KEYMAP))), outputs
    finally:
        link.close()
        emulator.stop()


def test_the_panels_confirm_button_accepts_a_held_reading(tmp_path, panel_rig):
    emulator, source, outputs = panel_rig
    session = session_of(tmp_path)
    worker = PanelWorker(session, source, poll=0.02)
    session.subscribe(worker.listener)
    worker.start()
    try:
        pump_until(session, lambda _: session.status.get("panel", None) is not None)
        connected = pump_until(
            session, lambda seen: any(e.text == "panel: connected" for e in seen)
        )
        assert any(e.text == "panel: connected" for e in connected)
        session.post(settled([4, 4, 2, 1, 6], confidence=0.4, frame=88))
        [held] = kinds(session.pump(), "pending")
        emulator.submit(parse_script("press 7"))  # the confirm button
        events = pump_until(session, lambda seen: bool(kinds(seen, "accepted")))
        [accepted] = kinds(events, "accepted")
        assert accepted.row.action == {"do": "roll", "by": "Anna", "dice": [4, 4, 2, 1, 6]}
        [press] = [e.fact for e in events if e.kind == "fact"]
        assert (press.fact, press.input, press.gesture) == ("confirm", 7, "press")
        assert held.pending.id not in {p.id for p in session.pending()}
        # A refused move's verdict sounds the panel's buzzer (keymap: illegal -> output 2).
        session.post(settled([5, 5, 5, 5, 5], frame=90, confidence=0.99))
        session.post(settled([1, 1, 1, 1, 1], frame=95, confidence=0.99))
        session.post(settled([2, 2, 2, 2, 2], frame=99, confidence=0.99))
        assert kinds(session.pump(), "refused")
        deadline = time.monotonic() + 10
        while (2, 1) not in outputs and time.monotonic() < deadline:
            time.sleep(0.02)
        assert (2, 1) in outputs
    finally:
        worker.stop()
    assert not worker.running
    assert event_line(accepted).startswith("accepted #1 roll by Anna")


def _blank() -> np.ndarray:
    return np.full((48, 64, 3), 90, np.uint8)


def test_the_live_dice_perception_answers_two_frames_after_the_dice_stop() -> None:
    reader = ClassicalReader()
    frames = throw_frames(read_right_scenes(1, reader, seed=3, size=(640, 480)), moving=2, still=6)
    live = perception_for("yahtzee", "classical")
    answered = [k for k, image in enumerate(frames) if live.see(Frame(image, k / 30, k))[0]]
    # Frame 2 is the first at rest (the gate still sees it move), 3 is read, 4 confirms it.
    assert answered == [2 + GATED_FRAMES]


PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
}


def tray(values: list[int], seed: int, hand: int | None = None) -> np.ndarray:
    """Drawn dice in a row on a noisy green tray; ``hand``: a dark hand at that x."""
    rng = np.random.default_rng(seed)
    image = np.clip(rng.normal((60, 110, 60), 2, (480, 640, 3)), 0, 255).astype(np.uint8)
    for i, value in enumerate(values):
        x, y, side = 100 + i * 120, 200, 40
        cv2.rectangle(image, (x, y), (x + side, y + side), (235, 235, 235), -1)
        for px, py in PIPS[value]:
            cv2.circle(image, (int(x + px * side), int(y + py * side)), 4, (20, 20, 20), -1)
    if hand is not None:
        cv2.rectangle(image, (hand, 150), (hand + 160, 300), (40, 60, 90), -1)
    return image


@pytest.mark.parametrize("hand", [False, True], ids=["turned-unseen", "turned-by-hand"])
def test_a_die_turned_between_two_rests_is_read_again(hand: bool) -> None:
    """The gate must never hide a change: the middle die turned from 4 to 1 in place, by a hand
    the camera saw or between two frames, is a new throw."""
    frames = [tray([2, 4, 2], seed=k) for k in range(4)]
    frames += [tray([2, 4, 2], seed=10 + k, hand=200 + 30 * k) for k in range(3)] if hand else []
    frames += [tray([2, 1, 2], seed=20 + k) for k in range(4)]
    live = perception_for("yahtzee", "classical")
    facts = [
        fact for k, image in enumerate(frames) for fact in live.see(Frame(image, k / 30, k))[0]
    ]
    assert [sorted(fact.values) for fact in facts] == [[2, 2, 4], [1, 2, 2]]


def test_the_latency_bench_times_every_throw_from_the_die_stopping(tmp_path):
    fps = 20.0
    report = measure(throws=2, fps=fps, reader_name="classical", folder=tmp_path)
    assert report.accepted + report.held == 2
    assert len(report.samples) == len(report.confirming) == len(report.judging) == 2
    for total, confirm, read in zip(report.samples, report.confirming, report.reading, strict=True):
        assert confirm >= GATED_FRAMES / fps * 0.99  # the observer's wait is measured, not assumed
        assert total >= confirm + read > confirm
    [row] = report.rows()
    assert row["throws"] == 2 and row["pipeline"] == "camera->gate+classical+observer->session"


def test_the_live_path_throughput_reads_only_frames_at_rest_that_show_something_new() -> None:
    [row] = throughput(throws=2, reader_name="classical")
    assert row["frames"] == 2 * (NIGHT_MOVING + 30)
    # The first frame, one forced read in each throw's motion, one at each rest.
    assert row["read"] == 1 + 2 * 2
    assert row["fps"] > 0 and row["cost_x_baseline"] > 0


def test_a_rendered_skittles_shot_becomes_the_shot_of_the_player_to_move(tmp_path):
    table = layout("seven_skittles")
    simulation = simulate(plan(table, "object_ball", np.random.default_rng(3)))
    renderer = ShotRenderer(simulation, (480, 300), np.random.default_rng(3), stroke_at=0.3)
    images = renderer.frames(30.0)
    frames = [Frame(image, index / 30, index) for index, image in enumerate(images)]
    journal = Journal.create(tmp_path / "skittles.sqlite", "seven_skittles", PLAYERS)
    session = LiveSession(journal, interpreter_for("seven_skittles"))
    session.post(Submit({"do": "start", "by": "Anna"}))
    camera = CameraWorker(session, lambda: iter(frames), perception_for("seven_skittles"))
    events = run_headless(session, [camera])
    [shot] = [
        event.row.action if event.kind == "accepted" else event.pending.proposal.action
        for event in events
        if event.kind in ("accepted", "pending", "refused")
        and (event.row.action if event.row else event.pending.proposal.action)["do"] == "shot"
    ]
    assert (shot["by"], shot["cue"]) == ("Anna", "red")
    assert shot["contacts"][0][0] == "red"  # the cue ball moves first
