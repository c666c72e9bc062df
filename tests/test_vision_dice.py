"""The dice renderer and the dice readers (issue 8): scenes are reproducible and labelled right,
the finder and the pip counter work on drawn dice, and both readers read rendered scenes and a
fixed handful of real photos.  Full accuracy runs are the harness's job (``tableref eval``)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.dice import readers
from vision.dice.classical import ClassicalReader
from vision.dice.finder import cut_patch, find_dice
from vision.dice.learned import WEIGHTS, LearnedReader
from vision.dice.pips import count_pips
from vision.labels import read_yolo
from vision.synth.dice import COCKED, PIP_LAYOUT, DieLabel, render_dataset, render_scene
from vision.types import DieReading

REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "dice-real-train"


def draw_die(image: np.ndarray, value: int, cx: int, cy: int, side: int, angle: float = 0.0):
    """A plain white die with black pips, drawn straight onto ``image`` (no renderer)."""
    sprite = np.zeros((side, side, 3), np.uint8)
    sprite[:] = (235, 238, 240)
    for gx, gy in PIP_LAYOUT[value]:
        centre = (side // 2 + round(gx * side * 0.27), side // 2 + round(gy * side * 0.27))
        cv2.circle(sprite, centre, max(2, round(side * 0.09)), (20, 20, 20), -1, cv2.LINE_AA)
    matrix = cv2.getRotationMatrix2D((side / 2, side / 2), angle, 1.0)
    matrix[:, 2] += (cx - side / 2, cy - side / 2)
    h, w = image.shape[:2]
    warped = cv2.warpAffine(sprite, matrix, (w, h))
    mask = cv2.warpAffine(np.full((side, side), 255, np.uint8), matrix, (w, h))
    image[mask > 127] = warped[mask > 127]


def green_table(width: int = 640, height: int = 480) -> np.ndarray:
    image = np.zeros((height, width, 3), np.uint8)
    image[:] = (40, 110, 30)
    return image


def values_by_position(readings: list[DieReading]) -> list[int]:
    return [r.value for r in sorted(readings, key=lambda r: r.box.x)]


def read_right(readings: list[DieReading], labels) -> int:
    """Labelled dice read right: a reading whose box holds the label's centre, of its class."""
    right, used = 0, set()
    for label in labels:
        lx, ly = label.x + label.w / 2, label.y + label.h / 2
        for i, reading in enumerate(readings):
            box = reading.box
            if i not in used and box.x <= lx <= box.x + box.w and box.y <= ly <= box.y + box.h:
                used.add(i)
                got = COCKED if reading.cocked else reading.value - 1
                right += got == label.cls
                break
    return right


# --------------------------------------------------------------------------------------------
# the renderer


def test_same_seed_renders_the_same_scene() -> None:
    first, labels = render_scene(np.random.default_rng(5))
    second, again = render_scene(np.random.default_rng(5))
    assert np.array_equal(first, second)
    assert labels == again
    other, _ = render_scene(np.random.default_rng(6))
    assert first.shape != other.shape or not np.array_equal(first, other)


def test_scene_labels_lie_in_the_image_and_name_faces_or_cocked() -> None:
    for seed in range(4):
        image, labels = render_scene(np.random.default_rng(seed), n_dice=6, cocked_rate=0.3)
        height, width = image.shape[:2]
        assert labels
        for label in labels:
            assert 0 <= label.cls <= COCKED
            assert label.x >= 0 and label.x + label.w <= width + 1e-6
            assert label.y >= 0 and label.y + label.h <= height + 1e-6
            assert label.w > 5 and label.h > 5


def test_render_dataset_writes_yolo_files_reproducibly(tmp_path) -> None:
    render_dataset(tmp_path / "a", 3, seed=11)
    render_dataset(tmp_path / "b", 3, seed=11)
    images = sorted((tmp_path / "a").glob("*.jpg"))
    assert [p.name for p in images] == ["dice_00000.jpg", "dice_00001.jpg", "dice_00002.jpg"]
    for path in images:
        twin = tmp_path / "b" / path.name
        assert path.read_bytes() == twin.read_bytes()
        height, width = cv2.imread(str(path)).shape[:2]
        labels = read_yolo(path.with_suffix(".txt"), width, height)
        assert labels and all(0 <= label.cls <= COCKED for label in labels)
    assert (tmp_path / "a" / "classes.txt").read_text().split()[6] == "cocked"


def test_each_die_carries_the_angle_the_camera_saw_it_at(tmp_path) -> None:
    views = [
        label.view
        for seed in range(30)
        for label in render_scene(np.random.default_rng([3, seed]), n_dice=4)[1]
    ]
    assert all(0 <= view <= 50 for view in views)  # the renderer's steepest line of sight
    # Both dice seen from straight above and dice seen across the table occur.
    assert min(views) < 10 and max(views) > 35
    render_dataset(tmp_path, 2, seed=11)
    for index in range(2):
        _, labels = render_scene(np.random.default_rng([11, index]))
        written = json.loads((tmp_path / f"dice_{index:05d}.json").read_text())
        assert written["view_degrees"] == pytest.approx([label.view for label in labels], abs=0.01)


# --------------------------------------------------------------------------------------------
# the finder and the pip counter on dice drawn here


def test_finder_boxes_each_die_on_a_plain_table() -> None:
    image = green_table()
    for i, (x, angle) in enumerate([(120, 0), (320, 30), (520, 60)]):
        draw_die(image, i + 2, x, 240, 70, angle)
    found = sorted(find_dice(image), key=lambda c: c.cx)
    assert len(found) == 3
    for candidate, x in zip(found, (120, 320, 520), strict=True):
        assert abs(candidate.cx - x) < 4 and abs(candidate.cy - 240) < 4
        assert 64 < min(candidate.w, candidate.h) < 76


def test_finder_cuts_a_row_of_touching_dice() -> None:
    image = green_table()
    for i in range(3):
        draw_die(image, 6, 200 + i * 70, 240, 70)
    assert len(find_dice(image)) == 3


@pytest.mark.parametrize("value", range(1, 7))
def test_pip_counter_reads_every_face(value) -> None:
    image = green_table(400, 400)
    draw_die(image, value, 200, 200, 80, angle=17)
    [candidate] = find_dice(image)
    count = count_pips(cut_patch(image, candidate), candidate.w, candidate.h)
    assert (count.value, count.cocked) == (value, False)


# --------------------------------------------------------------------------------------------
# the readers


def test_readers_registry_names_the_readers_and_a_default() -> None:
    assert set(readers.READERS) == {"classical", "yolo", "combined", "detector", "two-stage"}
    assert readers.DEFAULT in readers.READERS


def test_classical_reader_reads_drawn_dice() -> None:
    image = green_table()
    for i, value in enumerate((1, 4, 5, 6)):
        draw_die(image, value, 100 + i * 150, 200 + 30 * i, 60, angle=i * 20)
    assert values_by_position(ClassicalReader().read(image)) == [1, 4, 5, 6]


# Floors well under what the harness measures on 200 held-out scenes (classical 58 %, yolo 78 %,
# combined 74 % of dice read right), so only a broken reader falls below them on a few scenes.
FLOORS = {"classical": 0.4, "yolo": 0.6, "combined": 0.6}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_reader_reads_rendered_scenes(name) -> None:
    """Six fixed rendered scenes (held out: the training scenes have other seeds)."""
    reader = readers.READERS[name]()
    right = total = 0
    for seed in range(6):
        rng = np.random.default_rng([2026, seed])
        image, labels = render_scene(rng, size=(640, 480), cocked_rate=0.0)
        total += len(labels)
        right += read_right(reader.read(image), labels)
    assert right >= FLOORS[name] * total, f"{name}: {right}/{total}"


def test_committed_weights_load_and_read_a_rendered_die() -> None:
    assert WEIGHTS.is_file(), "vision/dice/weights/dice_cls.pt is missing"
    image = green_table()
    draw_die(image, 5, 320, 240, 80, angle=25)
    readings = LearnedReader().read(image)
    assert [(r.value, r.cocked) for r in readings] == [(5, False)]
    assert 0.5 < readings[0].confidence <= 1.0


def test_default_reader_reads_a_fixed_set_of_real_photos() -> None:
    """Twelve real photos (every 26th of dice-real-train sorted by name; the default reader was
    trained on some of them); the harness measures 99.0 % of dice read right on the held-out
    fifth."""
    if not REAL.is_dir():
        pytest.skip(f"{REAL} is absent (real photos are not shipped with the repository)")
    reader = readers.READERS[readers.DEFAULT]()
    right = total = 0
    for path in sorted(REAL.glob("*.jpg"))[::26]:
        image = cv2.imread(str(path))
        height, width = image.shape[:2]
        labels = [
            DieLabel(label.cls, label.box.x, label.box.y, label.box.w, label.box.h)
            for label in read_yolo(path.with_suffix(".txt"), width, height)
        ]
        total += len(labels)
        right += read_right(reader.read(image), labels)
    assert right >= 0.9 * total, f"{right}/{total}"
