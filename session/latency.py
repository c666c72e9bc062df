"""How long a die that stopped takes to become a scored event: the live pipeline, measured.

Rendered dice scenes (:mod:`vision.synth.dice`, 1280x720, five dice) are played as a camera
would deliver them, in real time at ``fps`` (frames the pipeline has no time for are dropped,
as a camera drops them): each throw is a few frames of dice still moving (the scene shifted a
little every frame) and then the dice at rest for a second, every frame with its own sensor
noise.  The camera thread runs the dice family's live perception (the rest gate, the default
reader, the observer: :func:`session.families.perception_for`), the live session judges the
throw against Yahtzee and writes the row (fsync'd), and the operator's ``score`` ends each turn.

Measured per throw from the moment the camera delivered the first frame of the dice at rest
(the renderer's truth: the die stopped there) to the session's event for it (``accepted``, or
``pending`` when a reading was not sure enough: either is what the display then shows).  Its
parts: ``confirm`` (stopped to the frame that settled it, the observer's wait), ``read``
(that frame to the fact posted) and ``judge`` (posted to the event).  Only scenes the reader
reads right are played, so what is measured is the pipeline, not the reader's mistakes.
:mod:`ui.qt.latency` plays the same throws to the audience display's repaint.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from session.families import interpreter_for, perception_for
from session.journal import Journal
from session.live import Confirm, LiveSession, SessionEvent, Submit
from session.loop import run_headless
from session.sources import CameraWorker
from vision.sources import FrameSource
from vision.types import Frame

GAME = "yahtzee"
PLAYERS = ("Anna", "Boris")
SIZE = (1280, 720)
DICE = 5
MOVING = 3
"""Frames of the dice still sliding before each rest."""
NOISE = 2.0
"""The sensor noise added to every frame (standard deviation, grey levels): a real camera never
delivers the same picture twice, and the rest gate must see a still table through it."""
NOISY_COPIES = 4
"""How many noisy copies of each scene the frames cycle through (memory: a 1280x720 frame is
2.7 MB)."""


@dataclass(frozen=True)
class Throws:
    """Prepared throws: the frames of each (``moving`` sliding, then ``still`` at rest)."""

    frames: list[np.ndarray]
    moving: int
    still: int
    fps: float
    reader: str

    def stopped(self, frame: int) -> int:
        """The first frame at rest of the throw that ``frame`` belongs to."""
        length = self.moving + self.still
        return frame // length * length + self.moving

    def source(self) -> FrameSource:
        return _Frames(self.frames, self.fps)


@dataclass(frozen=True)
class LatencyReport:
    """Per-throw latencies (seconds) from the die stopping to the event (or to the display's
    repaint, ``to``), and their parts."""

    samples: tuple[float, ...]
    confirming: tuple[float, ...]
    reading: tuple[float, ...]
    judging: tuple[float, ...]
    accepted: int
    held: int
    throws: int
    fps: float
    reader: str
    frames: int
    dropped: int
    to: str = "session"
    drawing: tuple[float, ...] = ()  # judged to painted, when played to a display

    @property
    def median(self) -> float:
        return _median(self.samples)

    @property
    def p95(self) -> float:
        return _p95(self.samples)

    def rows(self) -> list[dict[str, Any]]:
        """One row for ``tableref bench``'s table."""
        return [
            {
                "pipeline": f"camera->gate+{self.reader}+observer->{self.to}",
                "fps": self.fps,
                "throws": self.throws,
                "accepted": self.accepted,
                "held": self.held,
                "median_ms": _ms(self.median),
                "p95_ms": _ms(self.p95),
                "confirm_ms": _ms(_median(self.confirming)),
                "read_ms": _ms(_median(self.reading)),
                "judge_ms": _ms(_median(self.judging)),
                **({"draw_ms": _ms(_median(self.drawing))} if self.drawing else {}),
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
    count: int, reader: Any, seed: int = 0, dice: int = DICE, size: tuple[int, int] = SIZE
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


def throw_frames(
    scenes: list[np.ndarray],
    moving: int = MOVING,
    still: int = 8,
    noise: float = 0.0,
    seed: int = 0,
) -> list[np.ndarray]:
    """Each scene as a throw: ``moving`` frames of the dice sliding, then ``still`` at rest;
    with ``noise``, the frames at rest cycle through :data:`NOISY_COPIES` noisy copies."""
    rng = np.random.default_rng(seed)
    frames: list[np.ndarray] = []
    for scene in scenes:
        for step in range(moving, 0, -1):
            frames.append(_noisy(np.roll(scene, (step * 23, step * 31), axis=(0, 1)), noise, rng))
        copies = [_noisy(scene, noise, rng) for _ in range(NOISY_COPIES if noise else 1)]
        frames += [copies[k % len(copies)] for k in range(still)]
    return frames


def _noisy(image: np.ndarray, noise: float, rng: np.random.Generator) -> np.ndarray:
    if not noise:
        return image
    grain = rng.normal(0.0, noise, image.shape).astype(np.float32)
    return np.clip(image + grain, 0, 255).astype(np.uint8)


def prepare(throws: int, fps: float, reader: Any, seed: int = 0, moving: int = MOVING) -> Throws:
    """``throws`` throws ``reader`` reads right, each ``moving`` frames in motion and then at
    rest for a second."""
    still = round(fps)  # dice lie still about a second before they are picked up again
    scenes = read_right_scenes(throws, reader, seed)
    return Throws(throw_frames(scenes, moving, still, NOISE, seed), moving, still, fps, reader.name)


def dice_perception(reader_name: str | None) -> Any:
    """The dice family's live perception (the gated observer) with ``reader_name``."""
    return perception_for(GAME, reader_name)


def journal_in(scratch: str) -> Journal:
    return Journal.create(Path(scratch) / "bench.sqlite", GAME, PLAYERS)


def operator(session: LiveSession) -> Callable[[SessionEvent], None]:
    """The operator at the table: confirms a held reading, ends each turn in the best row."""

    def on_event(event: SessionEvent) -> None:
        if event.kind == "pending":
            assert event.pending is not None  # a pending event carries what it holds
            session.post(Confirm(event.pending.id))
        elif event.kind == "accepted" and event.row is not None and event.row.frame is not None:
            session.post(Submit(_score(session, session.view()["turn"])))

    return on_event


def camera(
    session: LiveSession, played: Throws, perception: Any, arrived: dict[int, float]
) -> CameraWorker:
    """The camera thread playing ``played`` in real time, noting each frame's arrival."""
    return CameraWorker(
        session,
        played.source,
        perception,
        realtime=True,
        on_frame=lambda frame, at: arrived.__setitem__(frame.index, at),
    )


def stopped_at(played: Throws, arrived: Mapping[int, float], frame: int) -> float:
    """When the camera delivered (or, dropped, was due to deliver) the first frame at rest of
    the throw that ``frame`` settled."""
    return arrived[0] + played.stopped(frame) / played.fps


def measure(
    throws: int = 20,
    fps: float = 30.0,
    reader_name: str | None = None,
    seed: int = 0,
    folder: Path | None = None,
) -> LatencyReport:
    """Play ``throws`` rendered throws through the live pipeline and time each one."""
    perception = dice_perception(reader_name)
    played = prepare(throws, fps, perception.reader, seed)
    arrived: dict[int, float] = {}
    samples: list[float] = []
    parts: tuple[list[float], list[float], list[float]] = ([], [], [])
    counts = {"accepted": 0, "pending": 0}
    timed: set[int] = set()
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        journal = journal_in(scratch)
        try:
            session = LiveSession(journal, interpreter_for(GAME))
            act = operator(session)

            def on_event(event: SessionEvent) -> None:
                proposal = event.pending.proposal if event.pending is not None else None
                frame = proposal.frame if proposal is not None else None
                if frame is None and event.row is not None:
                    frame = event.row.frame
                if event.kind in counts and frame is not None and frame not in timed:
                    timed.add(frame)
                    counts[event.kind] += 1
                    stopped = stopped_at(played, arrived, frame)
                    samples.append(event.handled - stopped)
                    parts[0].append(arrived[frame] - stopped)
                    parts[1].append(event.posted - arrived[frame])
                    parts[2].append(event.handled - event.posted)
                act(event)

            session.subscribe(on_event)
            worker = camera(session, played, perception, arrived)
            run_headless(session, [worker], write=lambda _line: None)
        finally:
            journal.close()
    return LatencyReport(
        tuple(samples),
        tuple(parts[0]),
        tuple(parts[1]),
        tuple(parts[2]),
        counts["accepted"],
        counts["pending"],
        throws,
        fps,
        played.reader,
        worker.frames,
        worker.dropped,
    )


def _median(values: tuple[float, ...] | list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _p95(values: tuple[float, ...] | list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


@runtime_checkable
class RowHints(Protocol):
    """An engine that offers the open rows with what each would score (the dice sheet's hint,
    :meth:`scoring.dice.sheet.engine.DiceSheetEngine.candidates`)."""

    def candidates(self, state: Any) -> Mapping[str, int]: ...


def _score(session: LiveSession, player: str) -> dict[str, Any]:
    """The operator ends the turn in the best open row, as the hint offers it."""
    engine = session.match.engine
    if not isinstance(engine, RowHints):
        raise TypeError(f"{type(engine).__name__} offers no rows to score (no candidates())")
    candidates = engine.candidates(session.match.state)
    row = max(candidates, key=lambda name: candidates[name])
    return {"do": "score", "by": player, "row": row}


NIGHT_MOVING = 20
"""Frames a throw of the dice night (:func:`throughput`) is in motion: the hand gathering the
dice and the roll, two thirds of a second at 30 fps (the gate reads one of them anyway)."""


def throughput(throws: int = 8, reader_name: str | None = None) -> list[dict[str, Any]]:
    """Frames a second of the live path (rest gate, reader, observer) on one core over a
    rendered dice night at 1280x720 (:data:`NIGHT_MOVING` frames of motion, then a second at
    rest, each throw), every frame handed to it as fast as it takes them, beside the bench
    baseline (cvtColor + GaussianBlur) on the same frames in the same run."""
    from vision.bench import baseline_pass, one_core, significant
    from vision.bench import measure as seconds_per_frame

    perception = dice_perception(reader_name)
    night = prepare(throws, 30.0, perception.reader, 1, NIGHT_MOVING)
    reads = 0
    read = perception.reader.read

    def counted(image: np.ndarray) -> Any:
        nonlocal reads
        reads += 1
        return read(image)

    perception.reader.read = counted
    with one_core():
        baseline = seconds_per_frame(baseline_pass, night.frames, quick=True)
        start = time.perf_counter()
        for frame in night.source():
            perception.see(frame)
        spent = (time.perf_counter() - start) / len(night.frames)
    return [
        {
            "live path": f"gate+{night.reader}+observer",
            "size": f"{SIZE[0]}x{SIZE[1]}",
            "frames": len(night.frames),
            "read": reads,
            "fps": significant(1.0 / spent),
            "baseline_fps": significant(1.0 / baseline),
            "cost_x_baseline": significant(spent / baseline),
        }
    ]


def run_bench(quick: bool = False) -> list[dict[str, Any]]:
    """``tableref bench session``: the live path's frame rate, then the stopped-die-to-event
    latency at 30 and 60 fps."""
    throws = 6 if quick else 20
    rows = throughput(3 if quick else 8)
    return rows + [row for fps in (30.0, 60.0) for row in measure(throws=throws, fps=fps).rows()]
