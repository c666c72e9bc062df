"""The two-stage dice reader (issue 8): detector proposals read again by the face classifier.
Its committed weights load, its patches are cut as trained, it drops proposals on no die, and
the training script labels proposals the way the reader will meet them (reading drawn and
rendered dice is tested with the detector's, in test_vision_dice_detector.py).  Accuracy on the
held-out sets is the harness's job (``tableref eval dice DIR --reader two-stage``)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.test_vision_dice_detector import wood_table
from tests.training_scripts import training_script
from vision.dice import readers, two_stage
from vision.dice.two_stage import CLASS_NAMES, TwoStageReader, cut_square
from vision.types import Box, DieReading


@pytest.fixture(scope="module")
def reader() -> TwoStageReader:
    return TwoStageReader()


def test_committed_weights_exist_and_are_small() -> None:
    assert two_stage.WEIGHTS.is_file(), f"{two_stage.WEIGHTS} is missing"
    assert two_stage.WEIGHTS.stat().st_size < 2 * 2**20


def test_registry_offers_the_two_stage_reader_as_the_default() -> None:
    assert readers.READERS["two-stage"] is TwoStageReader
    assert readers.DEFAULT == "two-stage"


def test_cut_square_centres_the_box_and_repeats_the_frame_edge() -> None:
    image = np.zeros((100, 200, 3), np.uint8)
    image[40:60, 90:110] = 255  # a 20 px white square centred at (100, 50)
    patch = cut_square(image, Box(90, 40, 20, 20), size=64, span=2.0)
    assert patch.shape == (64, 64, 3)
    white = np.argwhere(patch[..., 0] > 127)
    assert white.min(axis=0).tolist() == [16, 16] and white.max(axis=0).tolist() == [47, 47]
    image[:, :5] = 200  # the left edge, repeated beyond the frame
    edge = cut_square(image, Box(0, 40, 20, 20), size=64, span=2.0)
    assert (edge[:, :10, 0] == 200).all()


def test_bare_table_patch_reads_as_no_die(reader) -> None:
    image = wood_table()
    [row] = reader.probabilities([cut_square(image, Box(300, 200, 40, 40))])
    assert CLASS_NAMES[int(row.argmax())] == "none"
    assert row.sum() == pytest.approx(1.0, abs=1e-4)
    assert reader.read(image) == []


def test_training_labels_proposals_by_the_die_they_sit_on() -> None:
    script = training_script("train_dice_face")
    truth = [(2, Box(100, 100, 40, 40)), (6, Box(150, 100, 40, 56))]
    assert script.proposal_class(Box(102, 98, 38, 42), truth) == "3"
    assert script.proposal_class(Box(152, 100, 36, 30), truth) == "cocked"  # one face of it
    assert script.proposal_class(Box(400, 300, 40, 40), truth) == "none"
    # Between the two dice, or near one without being on it: no answer is right.
    assert script.proposal_class(Box(120, 100, 50, 40), truth) is None
    assert script.proposal_class(Box(70, 100, 40, 40), truth) is None


def test_training_background_boxes_avoid_every_die() -> None:
    script = training_script("train_dice_face")
    image = wood_table()
    truth = [(0, Box(100, 100, 40, 40)), (4, Box(300, 200, 40, 40))]
    rng = np.random.default_rng(0)
    for _ in range(50):
        box = script._background_box(image, truth, rng)
        assert box is not None
        assert all(box.iou(die) == 0 for _, die in truth)
        assert box.x >= 0 and box.y >= 0 and box.x + box.w <= 640 and box.y + box.h <= 480


@pytest.mark.parametrize(
    ("detector_sure", "cocked"),
    [(two_stage.DETECTOR_COCKED, True), (two_stage.DETECTOR_COCKED - 0.01, False)],
)
def test_a_die_the_detector_is_sure_is_on_edge_is_read_on_edge_whatever_its_patch_shows(
    reader: TwoStageReader,
    monkeypatch: pytest.MonkeyPatch,
    detector_sure: float,
    cocked: bool,
) -> None:
    """The patch of a die on edge often looks like a flat die seen at a slant (here: a 4); the
    detector, which sees it lean in the whole frame, decides."""
    box = Box(100, 100, 40, 40)
    proposal = DieReading(1, box, detector_sure, cocked=True)
    four = np.zeros(len(CLASS_NAMES), np.float32)
    four[CLASS_NAMES.index("4")] = 1.0
    monkeypatch.setattr(reader, "propose", lambda image: [proposal])
    monkeypatch.setattr(reader, "probabilities", lambda patches: np.stack([four] * len(patches)))
    [reading] = reader.read(wood_table())
    assert reading.cocked is cocked
    assert reading.value == (1 if cocked else 4)
