"""A recording: one session's journal beside the raw inputs it was judged from, in one folder.

The journal is the record (every accepted action is fsync'd before it counts, see
:mod:`session.journal`); the side files hold what the referee saw and heard, so a replay can
re-fold the game or re-run perception on the same inputs.  Side files are appended one line (or
one chunk) at a time and flushed at once, so a crash loses at most the line being written; a
video the crash cut short still opens, and a frame past its readable end is refused by number.

Layout of ``NAME.tableref/``::

    meta.json      {"format": 1, "game", "preset", "players", "options", "started",
                    "video": "video.avi" | null, "fps": float | null, "codec": "MJPG" | "FFV1",
                    "sources": {...}}
    journal.sqlite the session's journal
    video.avi      the camera frames, frame i of the video is frame index i: MJPG (lossy, small
                   and fast enough for a live camera) or FFV1 (lossless: a re-run reads the very
                   pixels that were read live; about 4 times the size)
    frames.jsonl   {"frame", "t", "detections"} per recorded frame
    facts.jsonl    {"t", "frame", "fact"} per table fact
    serial.bin     raw bytes from the panel's serial port, in order
    serial.jsonl   {"t", "offset", "length"} per chunk read
    events.jsonl   {"t", "kind", "seq", "pending", "text"} per session event (not "fact");
                   an accepted one also carries "state", the digest of the game's view after it
    final.json     the game's view when the recording was closed

facts.jsonl lines also carry "rows": how many journal rows stood when the fact was recorded, so
a replay can ask an interpreter about the fact in the state the session judged it in; "state"
and final.json let a replay say exactly where a re-fold of the journal first differs.

A damaged recording is refused, never a traceback: every reader checks what it reads (UTF-8,
JSON, and the type of each field a replay uses) and raises one :class:`RecordingError` line
naming the file, the line and what is wrong; the video meta.json names must lie inside the
folder.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from session.journal import Journal, JournalRow, read_rows

FORMAT = 1
META = "meta.json"
JOURNAL = "journal.sqlite"
VIDEO = "video.avi"
FRAMES = "frames.jsonl"
FACTS = "facts.jsonl"
SERIAL = "serial.bin"
SERIAL_INDEX = "serial.jsonl"
EVENTS = "events.jsonl"
FINAL = "final.json"

#: The frame rate written into the video container when the caller gives none; the real times
#: of the frames are in frames.jsonl either way.
DEFAULT_FPS = 30.0

#: The video codecs a recording is written with: lossy for a live camera, lossless on request.
LOSSY_CODEC = "MJPG"
LOSSLESS_CODEC = "FFV1"


class RecordingError(Exception):
    """A recording cannot be written or read: names the folder or file and what is wrong."""


def view_digest(view: Mapping[str, Any]) -> str:
    """A short fingerprint of a game's view: equal views, equal digests (keys sorted)."""
    text = json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def fact_json(fact: Any) -> dict[str, Any]:
    """A table fact as JSON: its own ``to_json`` when it has one (vision facts), else its
    dataclass fields with the fact's name (the panel's ButtonPressed)."""
    to_json = getattr(fact, "to_json", None)
    if callable(to_json):
        return dict(to_json())
    if dataclasses.is_dataclass(fact) and not isinstance(fact, type):
        fields = dataclasses.asdict(fact)
        return {"fact": getattr(fact, "fact", type(fact).__name__), **fields}
    raise RecordingError(f"cannot record a fact of type {type(fact).__name__}: no to_json")


# ---------------------------------------------------------------------------------------------
# Writing.


class RecordingWriter:
    """Writes one recording while the session runs; the journal is a live :class:`Journal`."""

    def __init__(self, folder: Path, meta: dict[str, Any], journal: Journal) -> None:
        self.folder = folder
        self.meta = meta
        self.journal = journal
        self._video: Any = None  # cv2.VideoWriter, opened on the first frame (its size)
        self._size: tuple[int, int] | None = None
        self._frames = 0
        self._serial_offset = 0
        self._files: dict[str, IO[Any]] = {}
        self._closed = False

    @classmethod
    def create(
        cls,
        folder: Path | str,
        game: str,
        players: Sequence[str],
        preset: str | None = None,
        options: Mapping[str, Any] | None = None,
        fps: float | None = None,
        sources: Mapping[str, Any] | None = None,
        lossless: bool = False,
    ) -> RecordingWriter:
        """A new recording in ``folder``, which must not exist yet (or be empty), so a second
        session never writes into the first one's files.  ``lossless`` video is for frames that
        are few or small (the demo's renders), where an exact re-run is worth the size."""
        folder = Path(folder)
        if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
            raise RecordingError(f"{folder}: exists already; a recording is never overwritten")
        if fps is not None and fps <= 0:
            raise RecordingError(f"fps must be positive, got {fps}")
        folder.mkdir(parents=True, exist_ok=True)
        journal = Journal.create(folder / JOURNAL, game, players, preset, options)
        meta = {
            "format": FORMAT,
            "game": game,
            "preset": journal.preset,
            "players": list(players),
            "options": dict(options or {}),
            "started": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "video": None,
            "fps": fps,
            "codec": LOSSLESS_CODEC if lossless else LOSSY_CODEC,
            "sources": dict(sources or {}),
        }
        writer = cls(folder, meta, journal)
        writer._write_meta()
        return writer

    def _write_meta(self) -> None:
        """Replace meta.json atomically: a reader sees the old or the new file, never half."""
        temporary = self.folder / f"{META}.tmp"
        temporary.write_text(json.dumps(self.meta, indent=1, ensure_ascii=False), "utf-8")
        os.replace(temporary, self.folder / META)

    def _append(self, name: str, record: Mapping[str, Any]) -> None:
        handle = self._files.get(name)
        if handle is None:
            handle = self._files[name] = open(self.folder / name, "a", encoding="utf-8")  # noqa: SIM115
        handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        handle.flush()

    def add_frame(self, image: Any, t: float, detections: Sequence[Mapping[str, Any]] = ()) -> int:
        """Append one camera frame (BGR uint8) and what the readers saw on it; its index."""
        height, width = image.shape[:2]
        if self._video is None:
            cv2 = _cv2()
            fps = self.meta["fps"] or DEFAULT_FPS
            codec = self.meta["codec"]
            fourcc = cv2.VideoWriter_fourcc(*codec)
            self._video = cv2.VideoWriter(str(self.folder / VIDEO), fourcc, fps, (width, height))
            if not self._video.isOpened():
                raise RecordingError(f"{self.folder / VIDEO}: OpenCV cannot write {codec} video")
            self._size = (width, height)
            self.meta.update(video=VIDEO, fps=fps)
            self._write_meta()
        elif (width, height) != self._size:
            raise RecordingError(
                f"frame {self._frames} is {width}x{height}, the video is "
                f"{self._size[0]}x{self._size[1]}"  # type: ignore[index]  # set with the video
            )
        self._video.write(image)
        index = self._frames
        self._append(FRAMES, {"frame": index, "t": round(t, 4), "detections": list(detections)})
        self._frames += 1
        return index

    def add_fact(
        self, fact: Any, t: float, frame: int | None = None, rows: int | None = None
    ) -> None:
        """Append one table fact as it is handed to the session, with how many rows stood:
        ``rows`` where the journal has moved on since (a session listener hears of a fact
        after it was judged), else the journal's length now."""
        record = {"t": round(t, 4), "frame": frame, "fact": fact_json(fact)}
        stood = len(self.journal.match.entries) if rows is None else rows
        self._append(FACTS, {**record, "rows": stood})

    def add_serial(self, data: bytes, t: float) -> None:
        """Append one chunk read from the serial port, byte for byte."""
        if not data:
            return
        handle = self._files.get(SERIAL)
        if handle is None:
            handle = self._files[SERIAL] = open(self.folder / SERIAL, "ab")  # noqa: SIM115
        handle.write(data)
        handle.flush()
        self._append(
            SERIAL_INDEX, {"t": round(t, 4), "offset": self._serial_offset, "length": len(data)}
        )
        self._serial_offset += len(data)

    def add_event(self, event: Any, t: float) -> None:
        """Append one session event (a ``SessionEvent``); ``fact`` events are in facts.jsonl."""
        if event.kind == "fact":
            return
        record = {
            "t": round(t, 4),
            "kind": event.kind,
            "seq": event.row.seq if event.row is not None else None,
            "pending": event.pending.id if event.pending is not None else None,
            "text": event.text,
        }
        if event.kind == "accepted":
            record["state"] = view_digest(self.journal.view())
        self._append(EVENTS, record)

    def close(self) -> None:
        """Finish the video (its index is written now), write the final view, close the files."""
        if self._closed:
            return
        self._closed = True
        final = json.dumps(self.journal.view(), ensure_ascii=False, default=str)
        (self.folder / FINAL).write_text(final, "utf-8")
        if self._video is not None:
            self._video.release()
            self._video = None
        for handle in self._files.values():
            handle.close()
        self._files.clear()
        self.journal.close()

    def __enter__(self) -> RecordingWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------------------------------------
# Reading.


class Recording:
    """A recording opened for reading; nothing in the folder is changed."""

    def __init__(self, folder: Path, meta: dict[str, Any]) -> None:
        self.folder = folder
        self.meta = meta
        self.journal_path = folder / JOURNAL
        self._frames = _read_lines(folder / FRAMES, _check_frame)
        self._capture: Any = None
        self._position = 0  # the index the capture reads next
        self._readable: int | None = None  # how many frames the video really holds, once known

    @classmethod
    def open(cls, folder: Path | str) -> Recording:
        """Open ``folder``; one that is not a recording is refused, naming what is missing."""
        folder = Path(folder)
        if not folder.is_dir():
            raise RecordingError(f"{folder}: no such folder (a recording is a NAME.tableref)")
        missing = [name for name in (META, JOURNAL) if not (folder / name).is_file()]
        if missing:
            raise RecordingError(f"{folder}: not a recording ({' and '.join(missing)} missing)")
        meta = _read_json(folder / META)
        if (
            not isinstance(meta, dict)
            or not _is_int(meta.get("format"))
            or meta["format"] != FORMAT
        ):
            found = meta.get("format") if isinstance(meta, dict) else None
            raise RecordingError(
                f"{folder / META}: format {_short(found)} unknown (expected {FORMAT})"
            )
        _check_meta(folder / META, meta)
        video = meta.get("video")
        if video is not None and not _inside(folder, video):
            raise RecordingError(
                f"{folder / META}: video {_short(video)} is not a file name inside the recording"
            )
        if video and not (folder / video).is_file():
            raise RecordingError(f"{folder}: {video} missing (meta.json names it)")
        return cls(folder, meta)

    # -- the journal ----------------------------------------------------------------------------

    def rows(self) -> list[JournalRow]:
        """The journal's rows, read without changing the file (no replay, no write); a row
        that is not an action is a :class:`~session.journal.JournalError` naming it."""
        return read_rows(self.journal_path)

    # -- frames ---------------------------------------------------------------------------------

    @property
    def frame_count(self) -> int:
        """How many frames were recorded (frames.jsonl); see :meth:`video_frames` for how many
        the video file can still give back."""
        return len(self._frames)

    def frame_times(self) -> list[float]:
        return [float(line["t"]) for line in self._frames]

    def detections(self, index: int) -> list[dict[str, Any]]:
        self._check_index(index)
        return list(self._frames[index].get("detections", []))

    def frame(self, index: int) -> Any:
        """The BGR image of frame ``index``: sequential reads are cheap, a jump seeks."""
        self._check_index(index)
        capture = self._open_video()
        if index != self._position:
            capture.set(_cv2().CAP_PROP_POS_FRAMES, index)
        ok, image = capture.read()
        if not ok:
            self._position = -1
            readable = self.video_frames()
            raise RecordingError(
                f"{self.folder}: frame {index} is beyond the end of the video: "
                f"{self.meta['video']} holds {readable} readable frames of the "
                f"{self.frame_count} recorded (cut short)"
            )
        self._position = index + 1
        return image

    def video_frames(self) -> int:
        """How many frames the video file really decodes (a cut-short file holds fewer than
        frames.jsonl lists); counted once by reading it through."""
        if self._readable is None:
            if not self.meta.get("video"):
                self._readable = 0
            else:
                capture = _cv2().VideoCapture(str(self.folder / self.meta["video"]))
                count = 0
                while capture.isOpened() and capture.grab():
                    count += 1
                capture.release()
                self._readable = count
        return self._readable

    def _check_index(self, index: int) -> None:
        if not 0 <= index < self.frame_count:
            raise RecordingError(
                f"{self.folder}: no frame {index} (the recording has {self.frame_count} frames)"
            )

    def _open_video(self) -> Any:
        if self._capture is None:
            if not self.meta.get("video"):
                raise RecordingError(f"{self.folder}: the recording has no video")
            path = self.folder / self.meta["video"]
            capture = _cv2().VideoCapture(str(path))
            if not capture.isOpened():
                raise RecordingError(
                    f"{path}: cannot be decoded (the recording was not closed: its video index "
                    "was never written)"
                )
            self._capture = capture
            self._position = 0
        return self._capture

    # -- facts, serial, events ------------------------------------------------------------------

    def facts(self) -> list[dict[str, Any]]:
        return _read_lines(self.folder / FACTS, _check_fact)

    def events(self) -> list[dict[str, Any]]:
        return _read_lines(self.folder / EVENTS, _check_event)

    def final_view(self) -> dict[str, Any] | None:
        """The game's view when the recording was closed (None: it never was, a crash)."""
        path = self.folder / FINAL
        if not path.is_file():
            return None
        view = _read_json(path)
        if not isinstance(view, dict):
            raise RecordingError(f"{path}: {_short(view)} is not a game's view (a JSON object)")
        return view

    def serial(self) -> bytes:
        path = self.folder / SERIAL
        return path.read_bytes() if path.is_file() else b""

    def serial_chunks(self) -> list[dict[str, Any]]:
        return _read_lines(self.folder / SERIAL_INDEX, _check_chunk)

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None

    def __enter__(self) -> Recording:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------------------------------------
# Checking what is read.

#: A check of one record: the problem with it in a few words, or None when it is sound.
Check = Callable[[Any], "str | None"]


def _read_lines(path: Path, check: Check) -> list[dict[str, Any]]:
    """A JSON-lines file's records; a last line cut off by a crash (no newline) is left out,
    any other bad line (not UTF-8, not JSON, not the record ``check`` wants) is an error
    naming its number."""
    if not path.is_file():
        return []
    try:
        data = path.read_bytes()
    except OSError as error:
        raise RecordingError(f"{path}: cannot be read: {error.strerror}") from None
    lines = data.split(b"\n")
    if lines and lines[-1]:
        lines = lines[:-1]  # written without its newline: the crash came mid-line
    records = []
    for number, line in enumerate(lines, start=1):
        if not line:
            continue
        try:
            record = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            raise RecordingError(f"{path}: line {number} is not UTF-8 text") from None
        except (ValueError, RecursionError) as error:
            raise RecordingError(
                f"{path}: line {number} is not valid JSON: {_why(error)}"
            ) from None
        problem = check(record) if isinstance(record, dict) else "not a JSON object"
        if problem is not None:
            raise RecordingError(f"{path}: line {number}: {problem}")
        records.append(record)
    return records


def _read_json(path: Path) -> Any:
    """One JSON document from a file: not UTF-8, not JSON (cut short) are one error line."""
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        raise RecordingError(f"{path}: cannot be read: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise RecordingError(f"{path}: not UTF-8 text (byte {error.start})") from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RecordingError(f"{path}: not valid JSON: {_why(error)}") from None


def _check_meta(path: Path, meta: dict[str, Any]) -> None:
    """The fields of meta.json a replay uses, each of its type, and a game that can be set up."""
    from scoring.match import Match
    from scoring.registry import create_engine

    for key in ("game", "players"):
        if key not in meta:
            raise RecordingError(f"{path}: {key} missing")
    fields = (
        ("game", isinstance(meta["game"], str), "a game id"),
        ("players", _is_names(meta["players"]), "a list of names"),
        ("preset", _optional(meta.get("preset"), str), "a preset name or null"),
        ("options", _optional(meta.get("options"), dict), "a mapping of options"),
        ("video", _optional(meta.get("video"), str), "a file name or null"),
        ("fps", meta.get("fps") is None or _is_positive(meta["fps"]), "a positive number"),
        ("sources", _optional(meta.get("sources"), dict), "a mapping"),
        ("started", _optional(meta.get("started"), str), "a time"),
    )
    for key, sound, wanted in fields:
        if not sound:
            raise RecordingError(f"{path}: {key} is {_short(meta.get(key))}, not {wanted}")
    reader = (meta.get("sources") or {}).get("reader")
    if not _optional(reader, str):
        raise RecordingError(f"{path}: sources.reader is {_short(reader)}, not a reader's name")
    try:
        engine = create_engine(meta["game"], meta.get("preset"), meta.get("options") or {})
        Match(engine, meta["players"])
    except Exception as error:  # an unknown game, bad options or players: one line
        raise RecordingError(f"{path}: cannot set up the recorded game: {_why(error)}") from None


def _check_frame(record: dict[str, Any]) -> str | None:
    if not _is_int(record.get("frame")):
        return f"frame is {_short(record.get('frame'))}, not a frame number"
    if not _is_number(record.get("t")):
        return f"t is {_short(record.get('t'))}, not a time in seconds"
    detections = record.get("detections", [])
    if not isinstance(detections, list) or not all(isinstance(d, dict) for d in detections):
        return "detections is not a list of JSON objects"
    return None


def _check_fact(record: dict[str, Any]) -> str | None:
    fact = record.get("fact")
    if not isinstance(fact, dict):
        return f"fact is {_short(fact)}, not a JSON object"
    if not _is_number(record.get("t")):
        return f"t is {_short(record.get('t'))}, not a time in seconds"
    if record.get("frame") is not None and not _is_int(record["frame"]):
        return f"frame is {_short(record['frame'])}, not a frame number"
    if not _is_int(record.get("rows", 0)) or record.get("rows", 0) < 0:
        return f"rows is {_short(record.get('rows'))}, not a count of rows"
    if fact.get("fact") == "dice_settled":
        return _check_dice(record, fact)
    return None


def _check_dice(record: dict[str, Any], fact: dict[str, Any]) -> str | None:
    """What a re-run compares of settled dice: their values, boxes and confidence."""
    if not _is_int(record.get("frame")):
        return "a dice_settled fact needs its frame number"
    if not isinstance(fact.get("values"), list) or not isinstance(fact.get("cocked"), list):
        return "a dice_settled fact needs lists of values and cocked"
    boxes = fact.get("boxes")
    if not isinstance(boxes, list) or not all(
        isinstance(box, list) and len(box) == 4 and all(map(_is_number, box)) for box in boxes
    ):
        return "a dice_settled fact's boxes must be lists of 4 numbers"
    if not _is_number(fact.get("confidence")):
        return f"confidence is {_short(fact.get('confidence'))}, not a number"
    return None


def _check_event(record: dict[str, Any]) -> str | None:
    if "seq" not in record:
        return "seq missing"
    if record["seq"] is not None and not _is_int(record["seq"]):
        return f"seq is {_short(record['seq'])}, not a row number"
    if not isinstance(record.get("kind"), str):
        return f"kind is {_short(record.get('kind'))}, not text"
    if not _optional(record.get("state"), str):
        return f"state is {_short(record.get('state'))}, not a view digest"
    if not _is_number(record.get("t", 0)):
        return f"t is {_short(record.get('t'))}, not a time in seconds"
    return None


def _check_chunk(record: dict[str, Any]) -> str | None:
    for key in ("offset", "length"):
        if not _is_int(record.get(key)) or record[key] < 0:
            return f"{key} is {_short(record.get(key))}, not a byte count"
    return None


def _inside(folder: Path, name: Any) -> bool:
    """Whether ``name`` is a plain relative path that stays inside ``folder``."""
    if not isinstance(name, str) or not name or "\x00" in name:
        return False
    relative = Path(name)
    if relative.is_absolute() or relative.drive or ".." in relative.parts:
        return False
    try:
        return (folder / relative).resolve().is_relative_to(folder.resolve())
    except (OSError, ValueError, RuntimeError):
        return False


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_number(value: Any) -> bool:
    return type(value) is int or (type(value) is float and math.isfinite(value))


def _is_positive(value: Any) -> bool:
    return _is_number(value) and value > 0


def _is_names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(name, str) for name in value)


def _optional(value: Any, kind: type) -> bool:
    return value is None or isinstance(value, kind)


def _short(value: Any) -> str:
    """A value quoted for an error line: one line, at most 60 characters."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (ValueError, TypeError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def _why(error: BaseException) -> str:
    if isinstance(error, RecursionError):
        return "nested too deeply"
    return " ".join(str(error).split())


def _cv2() -> Any:
    """OpenCV, imported when video is first touched, with the extra to install named."""
    try:
        import cv2
    except ImportError:
        raise RecordingError(
            "reading or writing video needs OpenCV: pip install opencv-python-headless"
        ) from None
    return cv2
