"""The replay viewer on a real recording: the timeline with verdicts, scrubbing to any point
(score, frame and detections of that moment), and the score sheet exported as CSV, JSON and a
real PDF; each state saved as a PNG."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import csv
import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from PySide6.QtPdf import QPdfDocument  # noqa: E402

from session.recording import Recording, RecordingError, RecordingWriter  # noqa: E402
from ui.qt.replay import ReplayViewer  # noqa: E402
from ui.qt.snapshot import render_png  # noqa: E402

SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"
SIZE = (1400, 860)

#: A short Yahtzee night: two turns, then the operator corrects Anna's first throw.
NIGHT = [
    {"do": "roll", "by": "Anna", "dice": [6, 6, 6, 2, 3]},
    {"do": "score", "by": "Anna", "row": "sixes"},
    {"do": "roll", "by": "Boris", "dice": [1, 1, 2, 2, 2]},
    {"do": "score", "by": "Boris", "row": "full_house"},
    {"do": "correct", "target": 1, "action": {"do": "roll", "by": "Anna", "dice": [6, 6, 6, 6, 3]}},
]
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)],
}


def tray(dice: list[int]) -> tuple[np.ndarray, list[dict[str, Any]]]:
    """A green tray with the dice drawn on it, and their detections as perception gives them."""
    image = np.full((360, 480, 3), (40, 100, 40), np.uint8)
    detections = []
    for index, face in enumerate(dice):
        x, y, size = 40 + index * 84, 140, 60
        cv2.rectangle(image, (x, y), (x + size, y + size), (245, 245, 245), -1)
        for px, py in PIPS[face]:
            cv2.circle(image, (int(x + px * size), int(y + py * size)), 6, (20, 20, 20), -1)
        detections.append(
            {"kind": "die", "box": [x, y, size, size], "label": str(face), "confidence": 0.97}
        )
    return image, detections


@pytest.fixture
def recording(tmp_path: Path) -> Path:
    """A recording as a live session writes it: a frame per row, the rows pointing at them."""
    folder = tmp_path / "night.tableref"
    with RecordingWriter.create(folder, "yahtzee", ["Anna", "Boris"], fps=10) as writer:
        for index, action in enumerate(NIGHT):
            image, detections = tray(action.get("dice", [5, 5]))
            frame = writer.add_frame(image, index * 0.5, detections)
            source = "camera" if action["do"] == "roll" else "operator"
            confidence = 0.97 if source == "camera" else None
            writer.journal.submit(action, source=source, confidence=confidence, frame=frame)
    return folder


@pytest.fixture
def viewer(qtbot: Any, recording: Path) -> ReplayViewer:
    window = ReplayViewer()
    qtbot.addWidget(window)
    window.open(recording)
    return window


def test_the_timeline_lists_every_row_with_its_verdicts(viewer: ReplayViewer) -> None:
    timeline = viewer.timeline
    assert timeline.rowCount() == len(NIGHT)
    assert [timeline.item(i, 4).text() for i in range(2)] == [
        "Anna: roll 6 6 6 2 3",
        "Anna: score sixes",
    ]
    assert "corrected by #5" in timeline.item(0, 5).text()
    assert "Anna's total is now 24 (was 18)" in timeline.item(4, 5).text()
    assert viewer.position == len(NIGHT)
    assert viewer.game_view.view["scores"] == {"Anna": 24, "Boris": 25}
    with Recording.open(viewer.recording.folder) as again:  # type: ignore[union-attr]
        assert [judged.row for judged in viewer.judged] == again.rows()
    render_png(viewer, SCREENS / "replay_end.png", SIZE)


def test_scrubbing_shows_the_score_and_the_frame_of_that_point(viewer: ReplayViewer) -> None:
    viewer.slider.setValue(2)
    assert viewer.position_label.text() == "After action 2 of 5"
    assert viewer.game_view.view["scores"] == {"Anna": 18, "Boris": 0}
    assert viewer.frame_at(2) == 1 and viewer.camera.has_frame
    assert [d["label"] for d in viewer.camera.detections] == ["5", "5"]

    viewer.seek(3)
    assert [d["label"] for d in viewer.camera.detections] == ["1", "1", "2", "2", "2"]
    assert viewer.game_view.view["turn"] == "Boris"
    render_png(viewer, SCREENS / "replay_scrub.png", SIZE)

    viewer.timeline.selectRow(0)  # picking a row of the timeline scrubs there
    assert viewer.slider.value() == 1
    viewer.seek(0)
    assert viewer.game_view.view["scores"] == {"Anna": 0, "Boris": 0}
    assert viewer.position_label.text() == "Before the first action"


def test_the_sheet_exports_as_csv_json_and_pdf(viewer: ReplayViewer, tmp_path: Path) -> None:
    viewer.seek(4)  # before the correction: Anna 18, Boris 25
    table = list(csv.reader(io.StringIO(viewer.export(tmp_path / "s.csv").read_text("utf-8"))))
    assert table[0] == ["key", "row", "kind", "Anna", "Boris"]
    assert ["sixes", "Sixes", "row", "18", ""] in table
    assert table[-1][-2:] == ["18", "25"]

    sheet = json.loads(viewer.export(tmp_path / "s.json").read_text("utf-8"))
    assert sheet["columns"] == ["Anna", "Boris"]
    assert sheet["rows"][-1]["cells"] == {"Anna": 18, "Boris": 25}

    pdf = viewer.export(tmp_path / "s.pdf")
    assert pdf.read_bytes().startswith(b"%PDF")
    document = QPdfDocument()
    assert document.load(str(pdf)) == QPdfDocument.Error.None_
    assert document.pageCount() == 1
    text = document.getAllText(0).text()
    for words in ("Yahtzee: score sheet", "After action 4 of 5", "Full house", "Total"):
        assert words in text
    assert "Written:" in viewer.message_label.text()


def test_the_viewer_in_russian_and_a_folder_that_is_not_a_recording(
    viewer: ReplayViewer, tmp_path: Path
) -> None:
    viewer.language.set("ru")
    viewer.seek(2)
    assert viewer.position_label.text() == "После действия 2 из 5"
    assert "записывает 18" in viewer.timeline.item(1, 5).text()
    render_png(viewer, SCREENS / "replay_ru.png", SIZE)
    with pytest.raises(RecordingError, match="not a recording"):
        viewer.open(tmp_path)
    assert viewer.position == 2  # the open recording stays shown


def test_a_row_without_a_frame_shows_the_frame_of_its_moment_on_the_recordings_clock(
    qtbot, tmp_path: Path
) -> None:
    """The headless demo plays its video far faster than real time: an operator's row must
    show the frame recorded when it was written on the video's clock, not by the wall clock
    (which put row 110 of a night on frame 163 instead of about 547)."""
    from session import demo

    source = demo.dice_night(tmp_path / "cache", turns=1)
    played = demo.play(source, tmp_path / "played.tableref")
    played.close()
    viewer = ReplayViewer()
    qtbot.addWidget(viewer)
    viewer.open(tmp_path / "played.tableref")
    events = Recording.open(tmp_path / "played.tableref").events()
    written = {e["seq"]: e["t"] for e in events if e["kind"] == "accepted"}
    times = viewer._times
    operator_rows = [
        (count, judged.row)
        for count, judged in enumerate(viewer.judged, start=1)
        if judged.row.frame is None
    ]
    assert operator_rows and times[-1] > 1.0  # seconds of video, played in far less
    for count, row in operator_rows:
        index = viewer.frame_at(count)
        assert index is not None
        assert times[index] <= written[row.seq]
        assert index == len(times) - 1 or written[row.seq] < times[index + 1]
