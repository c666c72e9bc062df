"""Replay: a recorded dice session re-folds to exactly what was recorded, perception re-run on
its video reproduces the recorded facts, and a tampered or cut-short recording is named."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from session import demo
from session.recording import Recording
from session.replay import BOX_TOLERANCE, refold, rerun
from ui.cli import main


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, demo.Tally]:
    """Two turns of the dice night made through the whole pipeline: six throws, the sixth with
    two dice lying against each other (misread, refused by the rules, corrected)."""
    folder = tmp_path_factory.mktemp("replay") / "night.tableref"
    tally = demo.generate_dice_night(folder, turns=2)
    return folder, tally


def test_refold_equals_the_recorded_journal_exactly(recorded) -> None:
    folder, _ = recorded
    with Recording.open(folder) as recording:
        result = refold(recording)
        rows = recording.rows()
    assert result.equal, result.detail
    assert result.rows == len(rows) == 12
    assert result.checked_states == len(rows)  # every row's view compared with its digest
    assert result.view["scores"] == {"Anna": 16, "Boris": 50}


def test_refold_names_the_first_row_whose_state_differs(recorded, tmp_path: Path) -> None:
    folder = tmp_path / "tampered.tableref"
    shutil.copytree(recorded[0], folder)
    events = folder / "events.jsonl"
    lines = [json.loads(line) for line in events.read_text().splitlines()]
    for line in lines:
        if line.get("seq") == 4 and "state" in line:
            line["state"] = "0" * 16
    events.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with Recording.open(folder) as recording:
        result = refold(recording)
    assert not result.equal
    assert result.first_difference == 4
    assert "view after it" in result.detail


def test_rerun_reproduces_the_recorded_facts_and_camera_rows(recorded) -> None:
    folder, tally = recorded
    with Recording.open(folder) as recording:
        report = rerun(recording, demo.classical_reader(), demo.dice_interpreter())
        rows = {row.seq: row for row in recording.rows()}
    assert report.frames == 60
    assert report.facts_recorded == report.facts_rerun == report.facts_matching == 6
    assert report.rows_compared == 6
    # The throw the operator corrected while confirming it is reproduced too: the row holds the
    # truth, perception proposes the misread now as it did then, and the change was the
    # operator's, not a difference of perception.
    assert tally.corrected == 1
    assert report.rows_matching == 6 and report.rows_corrected == 1
    assert report.differences == []
    assert rows[11].action == {"do": "roll", "by": "Boris", "dice": [5, 5]}
    assert report.lossy_video  # the generated recording is MJPG: boxes move a little
    assert 0 < report.max_box_shift <= BOX_TOLERANCE


def test_rerun_takes_dice_listed_in_another_order_for_the_same_reading(recorded, tmp_path):
    folder = tmp_path / "reordered.tableref"
    shutil.copytree(recorded[0], folder)
    facts = folder / "facts.jsonl"
    lines = [json.loads(line) for line in facts.read_text().splitlines()]
    first = lines[0]["fact"]
    assert len(set(first["values"])) > 1
    for key in ("values", "boxes", "cocked"):
        first[key] = first[key][::-1]  # the reader listed the same dice the other way round
    facts.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with Recording.open(folder) as recording:
        report = rerun(recording, demo.classical_reader(), demo.dice_interpreter())
    assert report.differences == []
    assert report.facts_matching == 6 and report.rows_matching == 6


class MisreadingFirstThrow:
    """The demo's reader, but the first die of the first throw's frames reads one pip more."""

    def __init__(self) -> None:
        self.inner = demo.classical_reader()
        self.frames = 0

    def read(self, image):
        readings = list(self.inner.read(image))
        self.frames += 1
        if self.frames <= 10 and readings:
            first = readings[0]
            readings[0] = dataclasses.replace(first, value=first.value % 6 + 1)
        return readings


def test_rerun_names_a_row_recorded_straight_from_the_camera_that_reads_otherwise(recorded):
    with Recording.open(recorded[0]) as recording:
        report = rerun(recording, MisreadingFirstThrow(), demo.dice_interpreter())
    assert report.rows_matching == 5 and report.rows_corrected == 1
    fact, row = report.differences
    assert fact.startswith("frame 7: values ")
    assert row.startswith("row 1 (frame 7): recorded straight from the camera as ")
    assert "perception now proposes" in row
    assert "MJPG (lossy)" in report.to_text()


def test_rerun_of_a_cut_short_video_says_what_it_could_not_read(recorded, tmp_path) -> None:
    folder = tmp_path / "cut.tableref"
    shutil.copytree(recorded[0], folder)
    video = folder / "video.avi"
    video.write_bytes(video.read_bytes()[: video.stat().st_size * 3 // 5])
    with Recording.open(folder) as recording:
        report = rerun(recording, demo.classical_reader(), demo.dice_interpreter())
        readable = recording.video_frames()
    assert 0 < readable < 60
    assert report.frames == readable
    assert report.differences[0] == (
        f"the video holds {readable} of 60 frames: the rest is not re-read"
    )
    assert report.facts_matching == report.facts_rerun < 6


def test_replay_command_prints_both_comparisons(recorded, capsys) -> None:
    status = main(["replay", str(recorded[0]), "--rerun", "--json"])
    document = json.loads(capsys.readouterr().out)
    assert status == 0
    assert document["refold"]["equal"] is True
    assert document["rerun"]["facts_matching"] == 6


def test_replay_command_refuses_a_folder_that_is_no_recording(tmp_path, capsys) -> None:
    status = main(["replay", str(tmp_path)])
    assert status == 2
    assert "not a recording (meta.json and journal.sqlite missing)" in capsys.readouterr().err


def test_replay_viewer_without_a_screen_says_so_in_one_line(recorded, monkeypatch, capsys):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["replay", str(recorded[0]), "--gui"]) == 2
    err = capsys.readouterr().err
    assert (
        err == "error: the replay viewer cannot open: no display (DISPLAY/WAYLAND_DISPLAY unset)\n"
    )


def test_replay_viewer_on_a_folder_that_is_no_recording_says_so_before_a_window(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert main(["replay", str(tmp_path), "--gui"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a recording (meta.json and journal.sqlite missing)" in err
