"""``tableref synth dice|dominoes --count N --seed S --out DIR`` (issue 8): labelled scenes,
the same files for the same seed, and one clear error for a bad request."""

from __future__ import annotations

import cv2
import pytest

from ui.cli import main
from vision.labels import read_yolo


def test_synth_dice_writes_labelled_scenes_reproducibly(tmp_path, capsys) -> None:
    for name in ("a", "b"):
        assert (
            main(["synth", "dice", "--count", "2", "--seed", "4", "--out", str(tmp_path / name)])
            == 0
        )
    assert "2 dice scenes (seed 4) written to" in capsys.readouterr().out
    images = sorted((tmp_path / "a").glob("*.jpg"))
    assert len(images) == 2
    for image in images:
        assert image.read_bytes() == (tmp_path / "b" / image.name).read_bytes()
        height, width = cv2.imread(str(image)).shape[:2]
        assert read_yolo(image.with_suffix(".txt"), width, height)


def test_another_seed_gives_other_scenes(tmp_path) -> None:
    main(["synth", "dice", "--count", "1", "--seed", "1", "--out", str(tmp_path / "a")])
    main(["synth", "dice", "--count", "1", "--seed", "2", "--out", str(tmp_path / "b")])
    first = (tmp_path / "a" / "dice_00000.jpg").read_bytes()
    assert first != (tmp_path / "b" / "dice_00000.jpg").read_bytes()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--count", "0"], "--count must be at least 1"),
        (["--count", "1", "--seed", "-3"], "--seed must be 0 or more"),
    ],
)
def test_bad_requests_are_one_error(tmp_path, capsys, argv, message) -> None:
    assert main(["synth", "dice", *argv, "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {message}") and len(err.splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_out_must_be_a_folder(tmp_path, capsys) -> None:
    target = tmp_path / "file.txt"
    target.write_text("x")
    assert main(["synth", "dice", "--count", "1", "--out", str(target)]) == 2
    assert "exists and is not a folder" in capsys.readouterr().err


def test_a_missing_renderer_is_a_clear_error(tmp_path, capsys, monkeypatch) -> None:
    from ui.commands import synth

    monkeypatch.setitem(synth.RENDERERS, "dominoes", "vision.synth.no_such_renderer")
    assert main(["synth", "dominoes", "--count", "1", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no dominoes renderer available") and len(err.splitlines()) == 1
