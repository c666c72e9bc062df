"""The carom table's commands (issue 10): ``tableref synth shots``, ``detect table``,
``eval shots`` and ``bench carom``, on one short simulated shot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.cli import main
from vision.synth import carom


@pytest.fixture(scope="module")
def one_shot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("shots")
    shot = carom.simulate_shot(5003, kind="miss")
    shot.write_video(folder / "shot_0000.avi")
    (folder / "shot_0000.json").write_text(json.dumps(shot.truth()), encoding="utf-8")
    return folder


def test_detect_table_prints_the_shot_record(one_shot: Path, capsys) -> None:
    assert main(["detect", "table", str(one_shot / "shot_0000.avi"), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    seen = json.loads(lines[0])
    truth = json.loads((one_shot / "shot_0000.json").read_text(encoding="utf-8"))["record"]
    assert [c[:2] for c in seen["record"]["contacts"]] == [c[:2] for c in truth["contacts"]]


def test_eval_shots_scores_the_folder(one_shot: Path, capsys) -> None:
    assert main(["eval", "shots", str(one_shot), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["shots"] == 1 and report["exact_shots"] == 1.0
    assert report["same_verdict"] == 1.0 and report["skittle_states"] == 1.0


def test_commands_name_what_is_wrong(tmp_path: Path, capsys) -> None:
    assert main(["detect", "table", str(tmp_path / "none.avi")]) == 2
    assert "none.avi: no such file" in capsys.readouterr().err
    assert main(["eval", "shots", str(tmp_path)]) == 2
    assert "no shot_NNNN.avi" in capsys.readouterr().err
    assert main(["synth", "dice", "--count", "1", "--varied", "--out", str(tmp_path / "d")]) == 2
    assert "--varied is for shots only" in capsys.readouterr().err


def test_synth_shots_varied_films_a_shot_another_way(tmp_path: Path) -> None:
    """``--varied`` (a tilted camera, lamps, broadcast compression) films the same shot
    otherwise: its record and skittles are the shot's, the table lies elsewhere in the frame."""
    plain, varied = tmp_path / "plain", tmp_path / "varied"
    assert main(["synth", "shots", "--count", "1", "--seed", "3", "--out", str(plain)]) == 0
    assert (
        main(["synth", "shots", "--count", "1", "--seed", "3", "--varied", "--out", str(varied)])
        == 0
    )
    shot, filmed = (json.loads((d / "shot_0000.json").read_text("utf-8")) for d in (plain, varied))
    assert (filmed["record"], filmed["skittles"]) == (shot["record"], shot["skittles"])
    assert filmed["corners"] != shot["corners"]  # the table seen from elsewhere
    assert (plain / "shot_0000.avi").read_bytes() != (varied / "shot_0000.avi").read_bytes()
