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

from session.demo_player import PacedPlayer
from session.live import (
    Confirm,
    Correct,
    FrameTap,
    FrameView,
    LiveSession,
    SessionEvent,
    Submit,
)
from session.recording import Recording, RecordingWriter
from vision.progress import tracked

GAME = "seven_skittles"
PLAYERS = ("Anna", "Boris")
SEED = 2  # the cue ball fells the front side skittle before the pink: a foul, +30
KIND = "object_ball"
#: How often the windows' player looks whether the session has judged the shot yet.
JUDGED_POLL_S = 0.05


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
        frames = tracked(enumerate(shot.frames()), "simulating and seeing the shot's frames")
        return _run(writer, shot.record, frames, shot.fps)
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
    table = ShotTable(writer, truth)
    if on_event is not None:
        table.session.subscribe(on_event)
    table.session.pump()
    for index, image in frames:
        table.see(index, image, index / fps)
        table.session.pump()
    outcome = table.look()
    table.session.pump()
    return outcome


class ShotTable:
    """The shot's fresh session (Anna has won the draw: she breaks, posted), the shot observer
    and the recording of both: frames are seen one by one, then the operator looks."""

    def __init__(self, writer: RecordingWriter, truth: Mapping[str, Any]) -> None:
        from session.families import interpreter_for
        from vision.carom.observer import ShotObserver

        self.writer = writer
        self.truth = dict(truth)
        self.session = LiveSession(writer.journal, interpreter_for(GAME))
        self.seen: list[SessionEvent] = []
        self.clock = 0.0
        self.session.subscribe(lambda event: writer.add_event(event, self.clock))
        self.session.subscribe(self.seen.append)
        self.observer = ShotObserver(None, GAME)
        self.session.post(Submit({"do": "start", "by": PLAYERS[0]}))

    def see(self, index: int, image: Any, t: float) -> None:
        """One frame recorded and shown to the observer; a shot it saw ended is posted."""
        self.clock = t
        self.writer.add_frame(image, t)
        for ended in self.observer.update(image, t, index):
            self.writer.add_fact(ended, t, index)
            self.session.post(ended)

    def look(self) -> ShotOutcome:
        """The operator's verdict on what the session has judged so far (posted, not judged:
        whoever pumps the session judges it)."""
        return _operator(self.session, self.truth, list(self.seen))


class ShotPlayer(PacedPlayer):
    """The recorded shot's video through the :class:`ShotTable`, each frame shown on the tap;
    once it is played through and the session has judged it, the operator looks (``outcome``
    is his verdict)."""

    def __init__(
        self,
        recording: Recording,
        table: ShotTable,
        tap: FrameTap | None = None,
        *,
        speed: float = 1.0,
        on_end: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(recording, table.session, speed=speed, on_end=on_end, name="demo-shot")
        self.table = table
        self.tap = tap
        self.outcome: ShotOutcome | None = None

    def play(self, index: int) -> None:
        image, t = self.recording.frame(index), self._times[index]
        self.table.see(index, image, t)
        if self.tap is not None:
            self.tap.put(FrameView(image, index, t, ()))

    def played_through(self) -> bool:
        while not self._stop.is_set() and not self._judged():
            self._stop.wait(JUDGED_POLL_S)
        if self._stop.is_set():
            return False
        self.outcome = self.table.look()
        return True

    def _judged(self) -> bool:
        """Whether the window's pump has judged everything posted (the last status is the
        last thing posted, so its event means the shot's fact was judged before it)."""
        return any(
            event.kind == "status" and event.text == "camera: disconnected"
            for event in self.table.seen
        )


def prepare(
    source: Path, out: Path, *, tap: FrameTap | None = None
) -> tuple[Recording, ShotTable, ShotPlayer]:
    """The recorded shot, a fresh recorded session over it in ``out`` (a new folder) and the
    player that feeds the video into it in real time (close the recording and the table's
    writer when done)."""
    recording = Recording.open(source)
    meta = recording.meta
    writer = RecordingWriter.create(
        out, meta["game"], meta["players"], fps=meta["fps"], sources=meta["sources"]
    )
    table = ShotTable(writer, meta["sources"]["truth"])
    return recording, table, ShotPlayer(recording, table, tap)


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
    return ShotOutcome(session, action, read, right, how)


def same_shot(seen: Mapping[str, Any], truth: Mapping[str, Any]) -> bool:
    """The same shot as a referee reads it: the same events in the same order, the times
    (which the video knows only to a frame) left out."""
    from vision.carom.record import untimed

    return untimed(dict(seen)) == untimed(dict(truth))
