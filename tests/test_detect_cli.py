"""``tableref detect dice|dominoes IMAGE...`` (issue 8): one JSON object per image, boxes in
pixels of the input image, unreadable images reported and skipped, exit status 2 then."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import cv2
import numpy as np
import pytest

from ui.cli import main
from vision.synth.dice import PIP_LAYOUT


def die_photo(path, values: list[int]) -> None:
    """White dice on green felt, in a row, saved as ``path``."""
    image = np.zeros((480, 640, 3), np.uint8)
    image[:] = (40, 110, 30)
    for i, value in enumerate(values):
        cx, cy, side = 110 + i * 140, 240, 70
        cv2.rectangle(
            image,
            (cx - side // 2, cy - side // 2),
            (cx + side // 2, cy + side // 2),
            (235, 238, 240),
            -1,
        )
        for gx, gy in PIP_LAYOUT[value]:
            cv2.circle(image, (cx + gx * 19, cy + gy * 19), 7, (20, 20, 20), -1, cv2.LINE_AA)
    cv2.imwrite(str(path), image)


def test_json_output_stays_clean_on_a_machine_where_ultralytics_never_ran(tmp_path) -> None:
    """Its first import announces a new settings file: that must not reach stdout."""
    photo = tmp_path / "a.png"
    die_photo(photo, [4])
    env = {**os.environ, "YOLO_CONFIG_DIR": str(tmp_path / "fresh-settings")}
    env.pop("YOLO_VERBOSE", None)
    cli = "import sys; from ui.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", cli, "detect", "dice", str(photo), "--json", "--reader", "yolo"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["image"] for line in done.stdout.splitlines()] == [str(photo)]


@pytest.mark.parametrize("reader", ["classical", "yolo", "combined", "detector", "two-stage"])
def test_detect_dice_prints_one_json_object_per_image(tmp_path, capsys, reader) -> None:
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    die_photo(first, [3, 6])
    die_photo(second, [1, 2, 5])
    status = main(["detect", "dice", str(first), str(second), "--json", "--reader", reader])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["image"] for line in lines] == [str(first), str(second)]
    for line, values in zip(lines, ([3, 6], [1, 2, 5]), strict=True):
        dice = sorted(line["dice"], key=lambda die: die["box"][0])
        assert [die["value"] for die in dice] == values
        for i, die in enumerate(dice):
            x, y, w, h = die["box"]
            assert abs(x + w / 2 - (110 + i * 140)) < 6 and abs(y + h / 2 - 240) < 6
            assert 0 <= die["confidence"] <= 1 and die["cocked"] is False


def test_detect_text_output_names_the_values(tmp_path, capsys) -> None:
    photo = tmp_path / "throw.png"
    die_photo(photo, [4, 4])
    assert main(["detect", "dice", str(photo), "--reader", "classical"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"{photo}: 2 dice: 4 4"


def test_unreadable_images_are_reported_and_the_rest_still_read(tmp_path, capsys) -> None:
    good, broken, missing = tmp_path / "good.png", tmp_path / "broken.jpg", tmp_path / "no.jpg"
    die_photo(good, [5])
    broken.write_bytes(b"not a picture")
    status = main(
        ["detect", "dice", str(broken), str(good), str(missing), "--json", "--reader", "classical"]
    )
    out, err = capsys.readouterr()
    assert status == 2
    assert err.splitlines() == [
        f"error: {broken}: not a readable image",
        f"error: {missing}: no such file",
    ]
    [line] = [json.loads(text) for text in out.splitlines()]
    assert line["image"] == str(good) and [d["value"] for d in line["dice"]] == [5]


def test_unknown_reader_is_one_error(tmp_path, capsys) -> None:
    photo = tmp_path / "throw.png"
    die_photo(photo, [2])
    assert main(["detect", "dice", str(photo), "--reader", "guess"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown dice reader 'guess'") and len(err.splitlines()) == 1


def test_detect_dominoes_without_a_tile_reader_is_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(
        __import__("ui.commands.eval", fromlist=["REGISTRIES"]).REGISTRIES,
        "dominoes",
        "vision.no_such_module.readers",
    )
    photo = tmp_path / "table.png"
    die_photo(photo, [1])
    assert main(["detect", "dominoes", str(photo), "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no dominoes readers available") and len(err.splitlines()) == 1
