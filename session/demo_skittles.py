"""The demo's skittles shot: one simulated carom shot, seen by the shot observer and refereed.

The simulator (:func:`vision.synth.carom.simulate_shot`) gives the video and the truth record
from its exact events; the shot observer (:class:`vision.carom.observer.ShotObserver`) sees the
video as a camera would, the carom interpreter turns its ``ShotEnded`` into a ``shot`` for the
player to move, and the live session judges it.  The operator compares what the camera saw with
the truth (contacts, skittles down, balls pocketed; the times of the events may differ by a
frame) and confirms, corrects or types the shot, as at the dice night.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from session.live import Confirm, Correct, LiveSession, SessionEvent, Submit
from session.recording import Recording, RecordingWriter

GAME = "seven_skittles"
PLAYERS = ("Anna", "Boris")
SEED = 2  # the cue ball fells the front side skittle before the pink: a foul, +30
KIND = "object_ball"


@dataclass
class ShotOutcome:
    """What became of the shot: the row recorded, and whether the camera saw it right."""

    session: LiveSession
    truth: dict[str, Any]
    seen: dict[str, Any] | None
    read_right: bool
    how: str  # recorded | confirmed | corrected | typed


def generate(folder: Path, *, seed: int = SEED) -> ShotOutcome:
    """Simulate the shot and play it through the observer into a recorded session."""
    from vision.synth.carom import simulate_shot

    shot = simulate_shot(seed, GAME, kind=KIND)
    sources = {
        "camera": {"simulator": "vision.synth.carom", "seed": seed, "kind": KIND},
        "truth": shot.record,
    }
    writer = RecordingWriter.create(folder, GAME, PLAYERS, fps=shot.fps, sources=sources)
    try:
        return _run(writer, shot.record, enumerate(shot.frames()), shot.fps)
    finally:
        writer.close()


def play(
    source: Path, out: Path, *, on_event: Callable[[SessionEvent], None] | None = None
) -> ShotOutcome:
    """Play a recorded shot's video through the observer into a fresh recorded session."""
    with Recording.open(source) as recording:
        meta = recording.meta
        writer = RecordingWriter.create(
            out, meta["game"], meta["players"], fps=meta["fps"], sources=meta["sources"]
        )
        frames = ((i, recording.frame(i)) for i in range(recording.frame_count))
        try:
            return _run(writer, meta["sources"]["truth"], frames, meta["fps"], on_event)
        finally:
            writer.close()


def _run(
    writer: RecordingWriter,
    truth: Mapping[str, Any],
    frames: Any,
    fps: float,
    on_event: Callable[[SessionEvent], None] | None = None,
) -> ShotOutcome:
    from session.families import interpreter_for
    from vision.carom.observer import ShotObserver

    session = LiveSession(writer.journal, interpreter_for(GAME))
    seen: list[SessionEvent] = []
    clock = [0.0]
    session.subscribe(lambda event: writer.add_event(event, clock[0]))
    session.subscribe(seen.append)
    if on_event is not None:
        session.subscribe(on_event)
    observer = ShotObserver(None, GAME)
    session.post(Submit({"do": "start", "by": PLAYERS[0]}))  # Anna won the draw: she breaks
    session.pump()
    for index, image in frames:
        clock[0] = index / fps
        writer.add_frame(image, clock[0])
        for ended in observer.update(image, clock[0], index):
            writer.add_fact(ended, clock[0], index)
            session.post(ended)
        session.pump()
    return _operator(session, dict(truth), seen)


def _operator(session: LiveSession, truth: dict[str, Any], seen: list[SessionEvent]) -> ShotOutcome:
    """The operator's look at the shot: right as recorded, held and right (confirm), wrong
    (correct), or not seen at all (typed)."""
    action = {**truth, "by": PLAYERS[0]}
    rows = [e.row for e in seen if e.row is not None and e.row.source == "camera"]
    held = [e.pending for e in seen if e.pending is not None]
    if rows:
        right = same_shot(rows[0].action, action)
        how = "recorded" if right else "corrected"
        if not right:
            session.post(Correct(rows[0].seq, action))
        read = rows[0].action
    elif held:
        read = dict(held[0].proposal.action)
        right = same_shot(read, action)
        how = "confirmed" if right else "corrected"
        session.post(Confirm(held[0].id, None if right else action))
    else:
        read, right, how = None, False, "typed"
        session.post(Submit(action))
    session.pump()
    return ShotOutcome(session, action, read, right, how)


def same_shot(seen: Mapping[str, Any], truth: Mapping[str, Any]) -> bool:
    """The same shot as a referee reads it: the same events in the same order, the times
    (which the video knows only to a frame) left out."""
    from vision.carom.record import untimed

    return untimed(dict(seen)) == untimed(dict(truth))
