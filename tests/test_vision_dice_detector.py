"""The detector dice reader (issue 8): its committed weights load and read drawn and rendered
dice (so does the two-stage reader built on it), a die boxed twice is read once, and the
training script holds out the same fold of the real photos that every report measures on.
Full accuracy runs are the harness's job."""

from __future__ import annotations

import numpy as np
import pytest

from tests.test_vision_dice import draw_die, read_right, values_by_position
from tests.training_scripts import training_script
from vision.dice import detector, readers
from vision.dice.detector import DetectorReader
from vision.dice.two_stage import TwoStageReader
from vision.labels import labelled_folder
from vision.synth.dice import render_scene
from vision.types import Box


def wood_table(width: int = 640, height: int = 480) -> np.ndarray:
    """A light brown table with faint grain, like the real photos' wood."""
    image = np.zeros((height, width, 3), np.uint8)
    image[:] = (120, 160, 190)
    image[::7] = (112, 152, 182)
    return image


@pytest.fixture(
    scope="module", params=[DetectorReader, TwoStageReader], ids=["detector", "two-stage"]
)
def reader(request) -> DetectorReader | TwoStageReader:
    """Both readers built on the detector: alone, and with its proposals read again."""
    return request.param()


def test_committed_weights_exist_and_are_small() -> None:
    assert detector.WEIGHTS.is_file(), f"{detector.WEIGHTS} is missing"
    assert detector.WEIGHTS.stat().st_size < 8 * 2**20


def test_registry_offers_the_detector() -> None:
    assert readers.READERS["detector"] is DetectorReader


def test_reads_dice_drawn_on_a_table(reader) -> None:
    image = wood_table()
    for i, value in enumerate((2, 3, 5, 6)):
        draw_die(image, value, 100 + i * 150, 200 + 30 * i, 60, angle=i * 20)
    readings = reader.read(image)
    assert values_by_position(readings) == [2, 3, 5, 6]
    assert all(0.0 < r.confidence <= 1.0 and not r.cocked for r in readings)


def test_empty_table_has_no_dice(reader) -> None:
    assert reader.read(wood_table()) == []


def test_reads_rendered_scenes(reader) -> None:
    """Six fixed rendered scenes (held out: the training scenes have other seeds); the harness
    measures 95 % on 200 held-out scenes, so only a broken reader falls below 90 %."""
    right = total = 0
    for seed in range(6):
        image, labels = render_scene(np.random.default_rng([2026, seed]), size=(640, 480))
        total += len(labels)
        right += read_right(reader.read(image), labels)
    assert right >= 0.9 * total, f"{right}/{total}"


def test_nested_share_sees_a_box_inside_another() -> None:
    outer = Box(100, 100, 50, 50)
    assert Box(110, 110, 20, 20).nested_share(outer) == pytest.approx(1.0)
    assert outer.nested_share(Box(110, 110, 20, 20)) == pytest.approx(1.0)
    assert Box(140, 100, 50, 50).nested_share(outer) == pytest.approx(0.2)
    assert Box(200, 200, 10, 10).nested_share(outer) == 0.0


def test_training_holds_out_the_fold_the_reports_measure_on(tmp_path) -> None:
    """Photos sorted by natural name, index % 5 == 4 held out: the same images as
    ``labelled_folder`` order gives, so the reported fifth was never trained on."""
    for n in range(1, 23):
        (tmp_path / f"dice_{n}.jpg").write_bytes(b"")
        (tmp_path / f"dice_{n}.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    (tmp_path / "dice_99.jpg").write_bytes(b"")  # no labels: not used
    train, held = training_script("train_dice_detector").real_split(tmp_path, fold=4, folds=5)
    assert not set(train) & set(held)
    assert len(train) + len(held) == 22
    ordered = [s.image_path for s in labelled_folder(tmp_path)]
    assert held == [p for i, p in enumerate(ordered) if i % 5 == 4]
    assert [p.name for p in held] == ["dice_5.jpg", "dice_10.jpg", "dice_15.jpg", "dice_20.jpg"]


def test_training_script_names_a_missing_folder(tmp_path) -> None:
    with pytest.raises(FileNotFoundError, match="no labelled photos"):
        training_script("train_dice_detector").real_split(tmp_path, fold=4, folds=5)
