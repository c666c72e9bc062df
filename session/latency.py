"""How long a settled die takes to become a scored event: the live pipeline, measured.

Rendered dice scenes (:mod:`vision.synth.dice`) are played as a camera would deliver them, in
real time at ``fps`` (frames the reader has no time for are dropped, as a camera drops them):
each throw is a few frames of dice still moving (the scene shifted a little every frame) and
then the dice at rest for a second.  The camera thread reads each frame, the dice
observer reports the throw once ``frames`` frames agree, the live session judges it against
Yahtzee and writes the row (fsync'd), and the operator's ``score`` ends each turn.

Measured per throw: from the arrival of the frame that settled the dice (the observer's
frame) to the session's event for it (``accepted``, or ``pending`` when a reading was not sure
enough: either is what the display then shows).  The observer's own wait, ``frames - 1``
frame intervals from the first frame at rest, is reported beside it: the referee cannot know
a die has stopped before the camera has seen it stop.  Only scenes the reader reads right
are played, so what is measured is the pipeline, not the reader's mistakes.
"""

from __future__ import annotations

import statistics
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from session.families import interpreter_for
from session.journal import Journal
from session.live import Confirm, LiveSession, SessionEvent, Submit
from session.loop import run_headless
from session.sources import CameraWorker, DicePerception
from vision.observe import DiceObserver
from vision.sources import FrameSource
from vision.types import Frame

GAME = "yahtzee"
PLAYERS = ("Anna", "Boris")


@dataclass(frozen=True)
class LatencyReport:
    """Per-throw latencies (seconds) from the settling frame to the session's event, and
    their two parts: reading the frame until the fact is posted, and judging it (the rules and
    the journal's fsync'd write) until the event."""

    samples: tuple[float, ...]
    reading: tuple[float, ...]
    judging: tuple[float, ...]
    accepted: int
    held: int
    throws: int
    fps: float
    settle_frames: int
    reader: str
    frames: int
    dropped: int

    @property
    def median(self) -> float:
        return _median(self.samples)

    @property
    def p95(self) -> float:
        if not self.samples:
            return float("nan")
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]

    @property
    def settle_wait(self) -> float:
        """The observer's wait from the first frame at rest to the settling frame."""
        return (self.settle_frames - 1) / self.fps

    def rows(self) -> list[dict[str, Any]]:
        """One row for ``tableref bench``'s table."""
        return [
            {
                "pipeline": f"camera->{self.reader}->observer->session",
                "throws": self.throws,
                "accepted": self.accepted,
                "held": self.held,
                "median_ms": round(self.median * 1000, 1),
                "p95_ms": round(self.p95 * 1000, 1),
                "read_ms": round(_median(self.reading) * 1000, 1),
                "judge_ms": round(_median(self.judging) * 1000, 1),
                "settle_wait_ms": round(self.settle_wait * 1000, 1),
                "fps": self.fps,
                "frames_read": self.frames,
                "frames_dropped": self.dropped,
            }
        ]


class _Frames(FrameSource):
    """Prepared images as a camera's frames at ``fps``."""

    name = "rendered dice"

    def __init__(self, images: list[np.ndarray], fps: float) -> None:
        self.images = images
        self.fps = fps

    def frames(self) -> Iterator[Frame]:
        for index, image in enumerate(self.images):
            yield Frame(image, index / self.fps, index)


def read_right_scenes(
    count: int, reader: Any, seed: int = 0, dice: int = 5, size: tuple[int, int] = (640, 480)
) -> list[np.ndarray]:
    """``count`` rendered scenes of ``dice`` dice (none cocked) that ``reader`` reads right."""
    from vision.synth.dice import render_scene

    scenes: list[np.ndarray] = []
    rng = np.random.default_rng(seed)
    for _ in range(count * 10):
        image, labels = render_scene(rng, n_dice=dice, size=size, cocked_rate=0.0)
        truth = sorted(label.cls + 1 for label in labels)
        if len(truth) == dice and sorted(r.value for r in reader.read(image)) == truth:
            scenes.append(image)
            if len(scenes) == count:
                return scenes
    raise RuntimeError(f"the reader read only {len(scenes)} of {count * 10} scenes right")


def throw_frames(scenes: list[np.ndarray], moving: int = 3, still: int = 8) -> list[np.ndarray]:
    """Each scene as a throw: ``moving`` frames of the dice sliding, then ``still`` at rest."""
    frames: list[np.ndarray] = []
    for scene in scenes:
        for step in range(moving, 0, -1):
            frames.append(np.roll(scene, (step * 23, step * 31), axis=(0, 1)))
        frames += [scene] * still
    return frames


def measure(
    throws: int = 20,
    fps: float = 30.0,
    reader_name: str = "classical",
    settle_frames: int = 5,
    seed: int = 0,
    folder: Path | None = None,
) -> LatencyReport:
    """Play ``throws`` rendered throws through the live pipeline and time each one."""
    from vision.dice.readers import READERS

    reader = READERS[reader_name]()
    # Dice lie still about a second before they are picked up again.
    frames = throw_frames(read_right_scenes(throws, reader, seed), still=round(fps))
    arrived: dict[int, float] = {}
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        journal = Journal.create(Path(scratch) / "bench.sqlite", GAME, PLAYERS)
        try:
            session = LiveSession(journal, interpreter_for(GAME))
            samples: list[float] = []
            reading: list[float] = []
            judging: list[float] = []
            counts = {"accepted": 0, "pending": 0}
            timed: set[int] = set()

            def on_event(event: SessionEvent) -> None:
                proposal = event.pending.proposal if event.pending is not None else None
                frame = event.row.frame if event.row is not None else None
                if proposal is not None:
                    frame = proposal.frame
                if event.kind not in counts or frame is None or frame not in arrived:
                    return
                if frame not in timed:
                    timed.add(frame)
                    counts[event.kind] += 1
                    samples.append(event.handled - arrived[frame])
                    reading.append(event.posted - arrived[frame])
                    judging.append(event.handled - event.posted)
                if event.kind == "pending":  # the operator confirms it, as at the table
                    assert event.pending is not None  # a pending event carries what it holds
                    session.post(Confirm(event.pending.id))
                else:
                    session.post(Submit(_score(session, session.view()["turn"])))

            session.subscribe(on_event)
            camera = CameraWorker(
                session,
                lambda: _Frames(frames, fps),
                DicePerception(reader, DiceObserver(frames=settle_frames)),
                realtime=True,
                on_frame=lambda frame, at: arrived.__setitem__(frame.index, at),
            )
            run_headless(session, [camera], write=lambda _line: None)
        finally:
            journal.close()
    return LatencyReport(
        tuple(samples),
        tuple(reading),
        tuple(judging),
        counts["accepted"],
        counts["pending"],
        throws,
        fps,
        settle_frames,
        reader_name,
        camera.frames,
        camera.dropped,
    )


def _median(values: tuple[float, ...]) -> float:
    return statistics.median(values) if values else float("nan")


@runtime_checkable
class RowHints(Protocol):
    """An engine that offers the open rows with what each would score (the dice sheet's hint,
    :meth:`scoring.dice.sheet.DiceSheetEngine.candidates`)."""

    def candidates(self, state: Any) -> Mapping[str, int]: ...


def _score(session: LiveSession, player: str) -> dict[str, Any]:
    """The operator ends the turn in the best open row, as the hint offers it."""
    engine = session.match.engine
    if not isinstance(engine, RowHints):
        raise TypeError(f"{type(engine).__name__} offers no rows to score (no candidates())")
    candidates = engine.candidates(session.match.state)
    row = max(candidates, key=lambda name: candidates[name])
    return {"do": "score", "by": player, "row": row}


def run_bench(quick: bool = False) -> list[dict[str, Any]]:
    """``tableref bench session``: the settled-die-to-event latency."""
    return measure(throws=6 if quick else 20).rows()
