"""A recording folder: written while a session runs, read back whole, and still readable when
the video was cut short; a folder that is not a recording says what it lacks."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from session.live import LiveSession, Submit
from session.recording import Recording, RecordingError, RecordingWriter
from vision.observe import DiceSettled
from vision.types import Box


def _image(index: int) -> np.ndarray:
    """A frame whose brightness encodes its index, so a read-back frame can be identified."""
    noise = np.random.default_rng(index).integers(0, 65, (120, 160, 3))
    return (noise + index * 15).astype(np.uint8)


def _write(folder: Path, frames: int = 6) -> None:
    writer = RecordingWriter.create(folder, "yahtzee", ["Anna", "Boris"], fps=10.0)
    session = LiveSession(writer.journal)
    session.subscribe(lambda event: writer.add_event(event, 0.5))
    for index in range(frames):
        detections = [{"kind": "die", "box": [1, 2, 3, 4], "label": str(index % 6 + 1)}]
        writer.add_frame(_image(index), index / 10, detections)
    fact = DiceSettled((3, 4), (Box(1, 2, 3, 4), Box(5, 6, 3, 4)), (False, False), 4, 0.4, 0.95)
    writer.add_fact(fact, 0.4, 4)
    writer.add_serial(b"\x7e\x01\x02", 0.1)
    writer.add_serial(b"\x03\x7e", 0.2)
    session.post(Submit({"do": "roll", "by": "Anna", "dice": [3, 4, 4, 6, 2]}))
    session.post(Submit({"do": "roll", "by": "Anna", "dice": [1]}))  # refused: keep first
    session.pump()
    writer.close()


def test_a_recording_reads_back_what_was_written(tmp_path: Path) -> None:
    folder = tmp_path / "night.tableref"
    _write(folder)
    with Recording.open(folder) as recording:
        assert recording.meta["game"] == "yahtzee"
        assert recording.meta["players"] == ["Anna", "Boris"]
        assert recording.meta["video"] == "video.avi" and recording.meta["fps"] == 10.0
        assert recording.frame_count == 6 == recording.video_frames()
        assert recording.frame_times() == [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
        assert recording.detections(2)[0]["label"] == "3"
        for index in (3, 0, 5, 1, 2):  # random access, seeking back and forth
            assert abs(float(recording.frame(index).mean()) - index * 15 - 32) < 3
        [fact] = recording.facts()
        assert fact["frame"] == 4 and fact["fact"]["values"] == [3, 4]
        assert recording.serial() == b"\x7e\x01\x02\x03\x7e"
        assert [chunk["offset"] for chunk in recording.serial_chunks()] == [0, 3]
        [row] = recording.rows()
        assert row.seq == 1 and row.action["dice"] == [3, 4, 4, 6, 2]
        kinds = [event["kind"] for event in recording.events()]
        assert kinds == ["accepted", "refused"]


def test_a_cut_short_video_still_opens_and_names_the_missing_frames(tmp_path: Path) -> None:
    folder = tmp_path / "cut.tableref"
    _write(folder, frames=12)
    video = folder / "video.avi"
    video.write_bytes(video.read_bytes()[: video.stat().st_size * 2 // 3])
    with (folder / "frames.jsonl").open("a") as handle:
        handle.write('{"frame": 12, "t": 1.2, "detec')  # the crash came mid-line
    with Recording.open(folder) as recording:
        assert recording.frame_count == 12
        readable = recording.video_frames()
        assert 0 < readable < 12
        assert recording.frame(readable - 1) is not None
        with pytest.raises(RecordingError, match=f"frame 11 is beyond the end.*{readable}"):
            recording.frame(11)
        with pytest.raises(RecordingError, match="no frame 12"):
            recording.frame(12)


def test_a_folder_that_is_not_a_recording_names_what_is_missing(tmp_path: Path) -> None:
    with pytest.raises(RecordingError, match="no such folder"):
        Recording.open(tmp_path / "absent.tableref")
    (tmp_path / "empty").mkdir()
    with pytest.raises(RecordingError, match=r"meta\.json and journal\.sqlite missing"):
        Recording.open(tmp_path / "empty")
    folder = tmp_path / "night.tableref"
    _write(folder, frames=1)
    (folder / "video.avi").unlink()
    with pytest.raises(RecordingError, match=r"video\.avi missing"):
        Recording.open(folder)


def test_a_recording_is_never_written_over(tmp_path: Path) -> None:
    folder = tmp_path / "night.tableref"
    _write(folder, frames=1)
    with pytest.raises(RecordingError, match="exists already"):
        RecordingWriter.create(folder, "yahtzee", ["Anna"])
