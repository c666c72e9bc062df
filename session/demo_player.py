"""Perception into a session: camera frames through a dice reader and the observer, the settled
throws posted as table facts; and a player that feeds a recording's video as a live camera.

:class:`DiceCamera` is what a camera thread does with each frame, whatever the frames come from
(the demo's renderer while a recording is made, the recording's video when it is played);
:class:`RecordingPlayer` is the source the Qt windows start and stop, pacing the video at its
recorded times (or ``speed`` times faster) on its own thread, as a real camera would.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from session.demo_script import ThrowEnded
from session.live import FrameTap, FrameView, LiveSession, SourceStatus
from session.recording import Recording, RecordingWriter
from vision.observe import DiceObserver
from vision.types import DieReading


def detections(readings: Sequence[DieReading]) -> list[dict[str, Any]]:
    """Readings as the console draws them and frames.jsonl stores them."""
    return [
        {
            "kind": "die",
            "box": reading.box.as_list(),
            "label": str(reading.value),
            "confidence": round(reading.confidence, 3),
            "cocked": reading.cocked,
        }
        for reading in readings
    ]


class DiceCamera:
    """One camera's perception: read each frame, draw it for the console, record it, and post
    the throw to the session when the observer says the dice are at rest."""

    def __init__(
        self,
        reader: Any,
        session: LiveSession,
        *,
        observer: DiceObserver | None = None,
        tap: FrameTap | None = None,
        writer: RecordingWriter | None = None,
    ) -> None:
        self.reader = reader
        self.session = session
        self.observer = observer or DiceObserver()
        self.tap = tap
        self.writer = writer
        self.t = 0.0  # the time of the latest frame: the recording's clock

    def feed(self, image: Any, index: int, t: float) -> None:
        self.t = t
        readings = self.reader.read(image)
        drawn = detections(readings)
        if self.tap is not None:
            self.tap.put(FrameView(image, index, t, tuple(drawn)))
        if self.writer is not None:
            self.writer.add_frame(image, t, drawn)
        fact = self.observer.update(readings, index, t)
        if fact is not None:
            if self.writer is not None:
                self.writer.add_fact(fact, t, index)
            self.session.post(fact)


def cues(meta: Mapping[str, Any]) -> dict[int, int]:
    """The demo script's cues in a recording's meta: last frame of a throw -> its script step."""
    script = meta.get("sources", {}).get("script", {})
    return {int(frame): int(step) for frame, step in script.get("cues", [])}


class PacedPlayer:
    """A camera source for the windows: plays a recording's frames on its own thread in real
    time (``speed`` times faster).  ``start()`` runs it, ``stop()`` ends it; a subclass feeds
    each frame (``play``) and may wait for more once all are played (``played_through``: False
    when stopped meanwhile); then ``on_end`` is called."""

    def __init__(
        self,
        recording: Recording,
        session: LiveSession,
        *,
        speed: float = 1.0,
        on_end: Callable[[], None] | None = None,
        name: str = "demo-camera",
    ) -> None:
        if speed <= 0:
            raise ValueError(f"speed must be positive, got {speed}")
        self.recording = recording
        self.session = session
        self.speed = speed
        self.on_end = on_end
        self.name = name
        self._times = recording.frame_times()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def play(self, index: int) -> None:
        raise NotImplementedError

    def played_through(self) -> bool:
        return True

    def _run(self) -> None:
        folder = self.recording.folder.name
        self.session.post(SourceStatus("camera", "connected", f"playing {folder}"))
        times = self._times
        began = time.perf_counter()
        for index, t in enumerate(times):
            delay = began + (t - times[0]) / self.speed - time.perf_counter()
            if self._stop.wait(max(0.0, delay)):
                return
            self.play(index)
        self.session.post(SourceStatus("camera", "disconnected", "the recording has ended"))
        if self.played_through() and self.on_end is not None:
            self.on_end()


class RecordingPlayer(PacedPlayer):
    """The dice night's video through perception (:class:`DiceCamera`); after each scripted
    throw's last frame it posts the operator's cue."""

    def __init__(
        self,
        recording: Recording,
        camera: DiceCamera,
        *,
        speed: float = 1.0,
        on_end: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(recording, camera.session, speed=speed, on_end=on_end)
        self.camera = camera
        self._cues = cues(recording.meta)

    def play(self, index: int) -> None:
        """Feed frame ``index`` and post the cue that follows it, if any."""
        self.camera.feed(self.recording.frame(index), index, self._times[index])
        if index in self._cues:
            self.session.post(ThrowEnded(self._cues[index]))
