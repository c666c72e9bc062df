"""Frame sources: where images come from (camera, video file, image folder, renderer).

Each source yields :class:`vision.types.Frame` ``(image, timestamp, index)`` so the detectors,
the observers and the recorder never care where a frame came from.  A source that cannot work
raises :class:`FrameSourceError` naming the source and what went wrong (the ``tableref`` commands
turn it into one ``error:`` line); a camera that drops out mid-session is reopened with backoff
instead, because a referee must not lose the game to a loose USB cable.  A bad image in a folder
is skipped and recorded, never a crash: one corrupt photo must not end an evaluation.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.labels import IMAGE_SUFFIXES, labelled_folder
from vision.types import Frame

log = logging.getLogger(__name__)


class FrameSourceError(Exception):
    """A source that cannot deliver frames: ``source`` names it, ``problem`` says why."""

    def __init__(self, source: str, problem: str) -> None:
        super().__init__(f"{source}: {problem}")
        self.source = source
        self.problem = problem


@dataclass(frozen=True)
class SkippedFile:
    """A file of an image folder that was not a readable image, and why."""

    path: Path
    reason: str


@dataclass(frozen=True)
class Delivered:
    """What a source really delivers, as opposed to what was asked: frame size from the frames
    themselves, the frame rate the driver or file claims, and the rate measured on arrival."""

    width: int | None
    height: int | None
    fps_reported: float | None
    fps_measured: float | None


class FrameSource:
    """Base of every source: iterate it for frames; ``close()`` (or ``with``) frees devices."""

    name: str = "source"

    def frames(self) -> Iterator[Frame]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Frame]:
        return self.frames()

    def close(self) -> None:
        """Release whatever the source holds; safe to call more than once."""

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class _RateMeter:
    """Frame size and arrival rate of the frames actually delivered."""

    def __init__(self) -> None:
        self.count = 0
        self.first: float | None = None
        self.last: float | None = None
        self.shape: tuple[int, ...] | None = None

    def add(self, image: np.ndarray, at: float) -> None:
        self.count += 1
        self.first = at if self.first is None else self.first
        self.last = at
        self.shape = image.shape

    @property
    def fps(self) -> float | None:
        if self.count < 2 or self.first is None or self.last is None or self.last <= self.first:
            return None
        return (self.count - 1) / (self.last - self.first)

    def delivered(self, fps_reported: float | None) -> Delivered:
        height, width = self.shape[:2] if self.shape is not None else (None, None)
        return Delivered(width, height, fps_reported, self.fps)


@contextmanager
def quiet_opencv() -> Iterator[None]:
    """OpenCV's own log silenced while a camera is opened: a missing camera makes every
    backend tried print a warning on each retry, and the user hears the one reason
    :class:`FrameSourceError` gives instead."""
    level = cv2.utils.logging.getLogLevel()
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
    try:
        yield
    finally:
        cv2.utils.logging.setLogLevel(level)


class CameraSource(FrameSource):
    """A camera by index (``0``) or a stream URL (``rtsp://...``, ``http://...``), through
    ``cv2.VideoCapture``.

    A camera that cannot be opened at the start is a :class:`FrameSourceError` (most likely a
    wrong index or URL: the user should hear at once).  A camera that stops delivering frames
    later is reopened, waiting ``backoff`` seconds and doubling up to ``max_backoff``, at most
    ``retries`` times in a row; then it is a :class:`FrameSourceError`.  With
    ``reconnect=False`` the first lost frame is the error.  Timestamps are seconds since the
    camera opened, on ``clock``.  ``open_capture``, ``sleep`` and ``clock`` are the real ones
    unless a test replaces them.
    """

    def __init__(
        self,
        device: int | str,
        width: int | None = None,
        height: int | None = None,
        fps: float | None = None,
        reconnect: bool = True,
        retries: int = 5,
        backoff: float = 0.5,
        max_backoff: float = 8.0,
        open_capture: Callable[[int | str], Any] = cv2.VideoCapture,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.device = device
        self.name = f"camera {device}"
        self.requested = (width, height, fps)
        self.reconnect = reconnect
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._open_capture = open_capture
        self._sleep = sleep
        self._clock = clock
        self._capture: Any = None
        self._fps_reported: float | None = None
        self._meter = _RateMeter()
        self.reconnects = 0

    def open(self) -> None:
        """Open the device and ask for the requested size and rate (it may give others)."""
        self.close()
        with quiet_opencv():
            capture = self._open_capture(self.device)
        if capture is None or not capture.isOpened():
            if capture is not None:
                capture.release()
            raise FrameSourceError(
                self.name, "cannot be opened (unplugged, in use, or no such camera or URL)"
            )
        width, height, fps = self.requested
        for prop, value in (
            (cv2.CAP_PROP_FRAME_WIDTH, width),
            (cv2.CAP_PROP_FRAME_HEIGHT, height),
            (cv2.CAP_PROP_FPS, fps),
        ):
            if value is not None:
                capture.set(prop, float(value))
        reported = float(capture.get(cv2.CAP_PROP_FPS) or 0.0)
        self._fps_reported = reported if reported > 0 else None
        self._capture = capture

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None

    @property
    def delivered(self) -> Delivered:
        """The frame size and rates this camera really delivers (None before any frame)."""
        return self._meter.delivered(self._fps_reported)

    def frames(self) -> Iterator[Frame]:
        if self._capture is None:
            self.open()
        start = self._clock()
        index = 0
        while True:
            ok, image = self._capture.read()
            if ok and image is not None:
                now = self._clock() - start
                self._meter.add(image, now)
                yield Frame(image, now, index)
                index += 1
                continue
            if not self.reconnect:
                self.close()
                raise FrameSourceError(self.name, f"stopped delivering frames after {index}")
            self._reopen(index)

    def _reopen(self, delivered: int) -> None:
        """Reopen after a lost frame, with doubling waits; give up after ``retries`` tries."""
        self.close()
        wait = self.backoff
        for attempt in range(1, self.retries + 1):
            log.warning("%s: lost after %d frames, reconnect try %d", self.name, delivered, attempt)
            self._sleep(wait)
            wait = min(wait * 2, self.max_backoff)
            try:
                self.open()
            except FrameSourceError:
                continue
            self.reconnects += 1
            return
        raise FrameSourceError(
            self.name,
            f"lost after {delivered} frames; {self.retries} reconnect tries failed",
        )


class VideoFileSource(FrameSource):
    """A video file, frame by frame, with the file's own timestamps (seconds)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.name = str(self.path)
        self._capture: Any = None
        if not self.path.exists():
            raise FrameSourceError(self.name, "no such file")
        if not self.path.is_file():
            raise FrameSourceError(self.name, "not a file")
        capture = cv2.VideoCapture(str(self.path))
        if not capture.isOpened():
            capture.release()
            raise FrameSourceError(self.name, "cannot be opened as a video")
        self._capture = capture
        fps = float(capture.get(cv2.CAP_PROP_FPS) or 0.0)
        self.fps = fps if fps > 0 else None
        count = int(capture.get(cv2.CAP_PROP_FRAME_COUNT) or 0)
        self.frame_count = count if count > 0 else None

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None

    def frames(self) -> Iterator[Frame]:
        if self._capture is None:
            raise FrameSourceError(self.name, "already closed")
        index = 0
        while True:
            ok, image = self._capture.read()
            if not ok or image is None:
                break
            yield Frame(image, self._timestamp(index), index)
            index += 1
        self.close()
        if index == 0:
            raise FrameSourceError(self.name, "no frame could be decoded")
        if self.frame_count is not None and index < self.frame_count:
            log.warning("%s: ended after %d of %d frames", self.name, index, self.frame_count)

    def _timestamp(self, index: int) -> float:
        """The decoder's timestamp of the frame just read; the frame rate's where it has none."""
        msec = float(self._capture.get(cv2.CAP_PROP_POS_MSEC) or 0.0)
        if msec > 0 or index == 0:
            return msec / 1000.0
        return index / self.fps if self.fps else 0.0


class ImageFolderSource(FrameSource):
    """The images of a folder in natural name order (``dice_2`` before ``dice_10``).

    A frame's index is its file's position in that order (``paths[frame.index]`` is its file),
    its timestamp ``index / fps``.  A file OpenCV cannot decode is skipped with a warning and
    recorded in ``skipped``; a folder with no image files at all is a :class:`FrameSourceError`.
    """

    def __init__(self, folder: Path | str, fps: float = 1.0) -> None:
        self.folder = Path(folder)
        self.name = str(self.folder)
        if fps <= 0:
            raise FrameSourceError(self.name, f"frame rate must be positive, got {fps}")
        self.fps = fps
        try:
            self.paths = [sample.image_path for sample in labelled_folder(self.folder)]
        except (FileNotFoundError, NotADirectoryError) as error:
            raise FrameSourceError(self.name, str(error).split(": ", 1)[-1]) from None
        if not self.paths:
            suffixes = " ".join(IMAGE_SUFFIXES)
            raise FrameSourceError(self.name, f"no image files ({suffixes})")
        self.skipped: list[SkippedFile] = []

    def frames(self) -> Iterator[Frame]:
        for index, path in enumerate(self.paths):
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                self.skipped.append(SkippedFile(path, "not a readable image"))
                log.warning("%s: skipped, not a readable image", path)
                continue
            yield Frame(image, index / self.fps, index)


class SyntheticSource(FrameSource):
    """Frames drawn by a renderer ``render(rng) -> BGR image``, reproducible from ``seed``:
    ``count`` frames (endless if None) at ``fps`` for the timestamps."""

    def __init__(
        self,
        render: Callable[[np.random.Generator], np.ndarray],
        seed: int = 0,
        count: int | None = None,
        fps: float = 30.0,
        name: str = "synthetic",
    ) -> None:
        if fps <= 0:
            raise FrameSourceError(name, f"frame rate must be positive, got {fps}")
        self.render = render
        self.seed = seed
        self.count = count
        self.fps = fps
        self.name = name

    def frames(self) -> Iterator[Frame]:
        rng = np.random.default_rng(self.seed)
        index = 0
        while self.count is None or index < self.count:
            image = self.render(rng)
            if not (
                isinstance(image, np.ndarray)
                and image.dtype == np.uint8
                and image.ndim == 3
                and image.shape[2] == 3
            ):
                got = getattr(image, "shape", type(image).__name__)
                raise FrameSourceError(self.name, f"renderer gave {got}, not a BGR uint8 image")
            yield Frame(image, index / self.fps, index)
            index += 1


def open_source(spec: str | int, **options: Any) -> FrameSource:
    """The source a user means by ``spec``: a camera index (``0``) or stream URL (``://``), a
    folder of images, or a video file.  ``options`` go to the source's constructor."""
    if isinstance(spec, int) or spec.isdigit():
        return CameraSource(int(spec), **options)
    if "://" in spec:
        return CameraSource(spec, **options)
    path = Path(spec)
    if path.is_dir():
        return ImageFolderSource(path, **options)
    if path.exists():
        return VideoFileSource(path, **options)
    raise FrameSourceError(spec, "no such file, folder or camera")


def read_images(paths: Iterable[Path]) -> Iterator[tuple[Path, np.ndarray | None, str]]:
    """Each path with its image, or with None and why it cannot be read (``no such file``, ``not
    a readable image``): the ``detect`` commands report a bad file and go on with the others."""
    for path in paths:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if image is not None:
            yield path, image, ""
        else:
            yield path, None, "not a readable image" if path.exists() else "no such file"
