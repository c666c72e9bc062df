"""The live session's sources: a camera thread and a panel thread that only ``post``.

Each source runs on its own thread so a slow reader or a serial timeout never stalls the
others or the display; the session's inbox orders what they find.  A source that fails says
so with a :class:`~session.live.SourceStatus` (the console shows it) and then retries (a live
camera, a panel) or stops (a file or a folder, which will not get better): a loose cable
must never end a game.  Threads stop on an event and are joined, so ``tableref run`` exits
cleanly on Ctrl-C.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from hardware.link import LinkStatus
from hardware.panel import ButtonPressed, PanelSource
from session.live import FrameTap, FrameView, LiveSession, SessionEvent, SourceStatus
from vision.sources import FrameSource, FrameSourceError, open_source
from vision.types import Frame

log = logging.getLogger(__name__)


# ---------------------------------------------------------------------------------------------
# Perception: one frame in, table facts and what to draw out.


class Perception(Protocol):
    """A game family's reader and observer as one step per frame."""

    def see(self, frame: Frame) -> tuple[list[Any], tuple[Mapping[str, Any], ...]]:
        """The facts this frame settles (usually none) and the detections to draw."""
        ...


@dataclass
class _ReaderPerception:
    """A reader of one kind of object and the observer that settles its readings into facts;
    the families differ only in what their observer returns and how a reading is drawn.  The
    reader reads only the frames :class:`vision.motion.RestGate` lets through (at rest, and
    changed since the last reading): on a frame showing the table last read its reading
    stands, and a frame in motion is not shown to the observer at all (a stale reading
    repeated through a throw would look to it like a table at rest).  So the live path keeps
    the camera's rate with a reader slower than it."""

    reader: Any
    observer: Any

    def __post_init__(self) -> None:
        from vision.motion import RestGate

        self._gate = RestGate()
        self._readings: list[Any] = []

    def see(self, frame: Frame) -> tuple[list[Any], tuple[Mapping[str, Any], ...]]:
        from vision.motion import Look

        look = self._gate.look(frame.image, frame.timestamp)
        if look is Look.MOVING:  # nothing seen: the observer's count of frames at rest waits
            return [], ()
        if look is Look.READ:
            self._readings = self._read(frame.image)
        return self._observe(frame), tuple(self._drawn(r) for r in self._readings)

    def _read(self, image: Any) -> list[Any]:
        """The readings of a picture worth reading (a family may read more of it)."""
        return list(self.reader.read(image))

    def _observe(self, frame: Frame) -> list[Any]:
        """The facts the frame's readings settle into."""
        return self._facts(self.observer.update(self._readings, frame.index, frame.timestamp))

    def _facts(self, settled: Any) -> list[Any]:
        """The observer's answer as a list of facts (it returns an iterable of them)."""
        return list(settled)

    def _drawn(self, reading: Any) -> dict[str, Any]:
        raise NotImplementedError


class DicePerception(_ReaderPerception):
    """A dice reader and a :class:`vision.observe.DiceObserver`."""

    def _facts(self, settled: Any) -> list[Any]:
        """The dice observer settles at most one scene a frame (None: nothing new)."""
        return [settled] if settled is not None else []

    def _drawn(self, reading: Any) -> dict[str, Any]:
        label = "cocked" if reading.cocked else str(reading.value)
        return _detection("die", reading, label, cocked=reading.cocked)


@dataclass
class TilePerception(_ReaderPerception):
    """A domino tile reader and a :class:`vision.dominoes.observe.TileObserver`.  The camera
    over a domino table does not move, so a reader that can keep the tile scale it found
    keeps it."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if hasattr(self.reader, "keep_scale"):
            self.reader.keep_scale = True

    def _drawn(self, reading: Any) -> dict[str, Any]:
        halves = reading.halves
        label = "down" if halves is None else f"{min(halves)}-{max(halves)}"
        return _detection("tile", reading, label, face_up=reading.face_up)


class CardPerception(_ReaderPerception):
    """A card reader and a :class:`vision.cards.observe.CardObserver`."""

    def _drawn(self, reading: Any) -> dict[str, Any]:
        return _detection("card", reading, reading.card, covered=reading.covered_by is not None)


class BoardPerception(_ReaderPerception):
    """A Reversi board reader and a :class:`vision.reversi.observe.BoardObserver`; the board
    found is drawn with the count of discs read on it."""

    def _drawn(self, reading: Any) -> dict[str, Any]:
        label = f"B {reading.board.count('B')} W {reading.board.count('W')}"
        return _detection("board", reading, label)


def _detection(kind: str, reading: Any, label: str, **flags: bool) -> dict[str, Any]:
    """One reading as the console draws it: the same keys for every kind of object, so the
    overlay needs no per-family code (``flags``: what only that kind has)."""
    return {
        "kind": kind,
        "box": reading.box.as_list(),
        "label": label,
        "confidence": round(reading.confidence, 3),
        **flags,
    }


@dataclass
class ShotPerception:
    """The carom ``ShotObserver``: it reads whole frames itself (balls and skittles)."""

    observer: Any

    def see(self, frame: Frame) -> tuple[list[Any], tuple[Mapping[str, Any], ...]]:
        facts = self.observer.update(frame.image, frame.timestamp, frame.index)
        detections = getattr(self.observer, "detections", ())
        if callable(detections):
            detections = detections()
        return list(facts), tuple(detections or ())


# ---------------------------------------------------------------------------------------------
# The camera thread.


def is_live(spec: str | int) -> bool:
    """A camera index or a stream URL (worth retrying), not a file or a folder."""
    return isinstance(spec, int) or spec.isdigit() or "://" in spec


class _Worker:
    """A source's own thread (``_run``), stopped by an event and joined, so a slow source never
    stalls the others and ``tableref run`` exits cleanly on Ctrl-C."""

    def __init__(self, session: LiveSession, name: str) -> None:
        self.session = session
        self.name = name
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"tableref-{name}", daemon=True)

    def _run(self) -> None:
        raise NotImplementedError

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()


class CameraWorker(_Worker):
    """Frames from a source, through the perception, into the session (facts) and the tap
    (the newest frame with its detections).

    ``open_frames`` makes a fresh source (called again after a failure of a live camera).
    ``live``: retry with doubling waits (``retry`` up to ``max_retry`` seconds) when the source
    fails or ends; otherwise post the status and stop.  ``realtime`` paces a file or folder
    by its frame timestamps, as a camera would deliver it, and drops a frame whose successor
    is already due when perception falls behind, as a camera does (``dropped`` counts them):
    a slow reader then adds its own time to each fact, never a growing queue.
    ``on_frame(frame, arrived)`` is told each frame's arrival (``time.perf_counter()``) before
    it is read: the latency bench.  A status is posted when it changes, not on every retry of
    the same failure.  ``give_up``: a live camera that gives no frame for that many seconds is
    given up, its reason in ``failure`` (a headless run has nobody to plug it in).
    """

    def __init__(
        self,
        session: LiveSession,
        open_frames: Callable[[], FrameSource | Iterable[Frame]],
        perception: Perception,
        tap: FrameTap | None = None,
        *,
        live: bool = False,
        realtime: bool = False,
        retry: float = 0.5,
        max_retry: float = 8.0,
        name: str = "camera",
        on_frame: Callable[[Frame, float], None] | None = None,
        give_up: float | None = None,
    ) -> None:
        super().__init__(session, name)
        self.open_frames = open_frames
        self.perception = perception
        self.tap = tap
        self.live = live
        self.realtime = realtime
        self.retry = retry
        self.max_retry = max_retry
        self.on_frame = on_frame
        self.give_up = give_up
        self.frames = 0
        self.dropped = 0
        self.failure: str | None = None
        self._last_status: SourceStatus | None = None
        self._last_frame = time.monotonic()

    def start(self) -> CameraWorker:
        self._thread.start()
        return self

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def _status(self, state: str, text: str) -> None:
        status = SourceStatus(self.name, state, text)
        if status != self._last_status:
            self._last_status = status
            self.session.post(status)

    def _run(self) -> None:
        wait = self.retry
        self._last_frame = time.monotonic()
        while not self._stop.is_set():
            try:
                ended = self._session_of_frames()
            except FrameSourceError as error:
                reason = str(error)
                self._status("error", reason)
            except Exception as error:  # a reader or driver fault must not kill the session
                log.exception("%s failed", self.name)
                reason = f"{type(error).__name__}: {error}"
                self._status("error", reason)
            else:
                reason = ended
                self._status("disconnected", ended)
                if self.frames:
                    wait = self.retry
            if not self.live or self._stop.is_set():
                return
            if self.give_up is not None and time.monotonic() - self._last_frame >= self.give_up:
                self.failure = f"{reason}; no frame for {self.give_up:g} s, given up"
                self._status("error", self.failure)
                return
            self._stop.wait(wait)
            wait = min(wait * 2, self.max_retry)

    def _session_of_frames(self) -> str:
        """Deliver frames until the source ends (returns why) or fails (raises)."""
        source = self.open_frames()
        name = getattr(source, "name", self.name)
        delivered = 0
        start: tuple[float, float] | None = None
        previous = 0.0
        failing = False
        try:
            for frame in source:
                if self._stop.is_set():
                    return "stopped"
                if start is None:
                    start = (time.perf_counter(), frame.timestamp)
                    self._status("connected", str(name))
                elif self.realtime:
                    due = start[0] + (frame.timestamp - start[1])
                    late = time.perf_counter() - due
                    if late > frame.timestamp - previous:
                        self.dropped += 1  # the next frame is due already: a camera drops it
                        previous = frame.timestamp
                        continue
                    if self._stop.wait(max(0.0, -late)):
                        return "stopped"
                previous = frame.timestamp
                if self.on_frame is not None:
                    self.on_frame(frame, time.perf_counter())
                try:
                    facts, detections = self.perception.see(frame)
                except Exception as error:  # one bad frame: say so, keep watching
                    log.exception("%s: frame %d could not be read", name, frame.index)
                    self._status("error", f"frame {frame.index}: {type(error).__name__}: {error}")
                    failing = True
                    continue
                if failing:
                    failing = False
                    self._status("connected", str(name))
                if self.tap is not None:
                    self.tap.put(FrameView(frame.image, frame.index, frame.timestamp, detections))
                for fact in facts:
                    self.session.post(fact)
                delivered += 1
                self.frames += 1
                self._last_frame = time.monotonic()
        finally:
            close = getattr(source, "close", None)
            if close is not None:
                close()
        if delivered == 0:
            raise FrameSourceError(str(name), "delivered no frame")
        return f"{name}: ended after {delivered} frames"


def camera_worker(
    session: LiveSession,
    spec: str | int,
    perception: Perception,
    tap: FrameTap | None = None,
    *,
    realtime: bool | None = None,
    fps: float | None = None,
    give_up: float | None = None,
) -> CameraWorker:
    """The camera thread for what a user typed: a camera index or URL (retried when it fails,
    until ``give_up`` seconds pass without a frame when that is given), a video file or an
    image folder (paced in real time unless ``realtime`` is False)."""
    live = is_live(spec)

    def opener() -> FrameSource:
        if live:  # this thread reconnects, saying so on the console while it tries
            return open_source(spec, reconnect=False)
        folder = fps is not None and Path(str(spec)).is_dir()
        return open_source(spec, **({"fps": fps} if folder else {}))

    return CameraWorker(
        session,
        opener,
        perception,
        tap,
        live=live,
        realtime=(not live) if realtime is None else realtime,
        give_up=give_up,
    )


# ---------------------------------------------------------------------------------------------
# The panel thread.

#: A link's status kinds as the console's source states.
LINK_STATES = {
    "connected": "connected",
    "disconnected": "disconnected",
    "reboot": "connected",
    "device_error": "error",
    "keymap": "warning",
}


class PanelWorker(_Worker):
    """Polls a :class:`PanelSource`: button facts and link changes into the session, and the
    verdicts handed to :meth:`show` onto the panel's outputs (from this thread, which owns the
    serial link)."""

    def __init__(
        self, session: LiveSession, source: PanelSource, *, poll: float = 0.05, name: str = "panel"
    ) -> None:
        super().__init__(session, name)
        self.source = source
        self.poll = poll
        self._shows: queue.Queue[tuple[Any, ...]] = queue.Queue()

    def start(self) -> PanelWorker:
        self.session.post(SourceStatus(self.name, "disconnected", "looking for the panel"))
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        super().stop(timeout)
        self.source.link.close()

    def show(self, verdicts: Iterable[Any]) -> None:
        """Queue verdicts for the panel's outputs (a buzzer on a foul); safe from any thread."""
        verdicts = tuple(verdicts)
        if verdicts:
            self._shows.put(verdicts)

    def listener(self, event: SessionEvent) -> None:
        """A session listener: the verdicts of accepted and refused events go to the panel."""
        if event.kind in ("accepted", "refused"):
            self.show(event.verdicts)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                records = self.source.poll(self.poll)
                while not self._shows.empty():
                    self.source.show(self._shows.get_nowait())
            except Exception as error:  # a driver fault: report, wait, try again
                log.exception("%s failed", self.name)
                self.session.post(
                    SourceStatus(self.name, "error", f"{type(error).__name__}: {error}")
                )
                self._stop.wait(1.0)
                continue
            for record in records:
                if isinstance(record, ButtonPressed):
                    self.session.post(record)
                elif isinstance(record, LinkStatus):
                    state = LINK_STATES.get(record.kind, "warning")
                    self.session.post(SourceStatus(self.name, state, record.text))


def open_panel(
    port: str, keymap: Any = None, *, patterns: Iterable[str] = (), settings: Any = None
) -> PanelSource:
    """A panel on ``port``; ``auto`` searches the machine's serial ports and ``patterns``
    (the links running emulators leave, ``tableref panel emulate``)."""
    from hardware.keymap import DEFAULT_KEYMAP, load_keymap
    from hardware.link import Link, scan_ports
    from hardware.panel import Panel

    finder: Any = scan_ports(list(patterns)) if port == "auto" else port
    link = Link(finder, settings=settings) if settings is not None else Link(finder)
    return PanelSource(link, Panel(load_keymap(keymap or DEFAULT_KEYMAP)))
