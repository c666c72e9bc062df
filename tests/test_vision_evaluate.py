"""The evaluation harness (vision/evaluate.py), the YOLO labels (vision/labels.py) and
``tableref eval``: an oracle reader that reads the labels back scores perfectly, a reader with
known mistakes scores exactly what those mistakes cost, on folders written with OpenCV."""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from ui.cli import main  # noqa: E402
from vision.dominoes.layout import truth_readings  # noqa: E402
from vision.evaluate import (  # noqa: E402
    evaluate_dice,
    evaluate_dominoes,
    match,
    split_tile,
)
from vision.labels import (  # noqa: E402
    DICE_COCKED,
    DOMINO_FACE_DOWN,
    Label,
    LabelError,
    labelled_folder,
    read_yolo,
    write_sample,
    yolo_line,
)
from vision.synth.dominoes import render_dataset  # noqa: E402
from vision.types import Box, DieReading, TileReading  # noqa: E402

REAL_DICE = Path("/work/shared/data/dice-real-train")
COCKED = 0  # in DICE_SCENES: a cocked die (class 6), not a value

# Values per image (COCKED = a die on edge).  Mistakes of MistakenReader on these are worked out
# by hand in test_mistaken_dice_reader_scores_exactly_its_mistakes.
DICE_SCENES = [[1, 2, 6], [6, 6], [3, 4, 5], [COCKED, 2], [2, 3]]


def die_box(slot: int) -> Box:
    return Box(20 + 70 * slot, 40, 50, 50)


def image_key(image: np.ndarray) -> bytes:
    return image.tobytes()


def noise_image(rng: np.random.Generator, size=(160, 240)) -> np.ndarray:
    return rng.integers(0, 255, (*size, 3), dtype=np.uint8)


@pytest.fixture
def dice_folder(tmp_path: Path) -> Path:
    """Five labelled images, a corrupt jpg, an image without labels is NOT here (see below),
    and the classes.txt a YOLO export carries."""
    rng = np.random.default_rng(0)
    for index, values in enumerate(DICE_SCENES):
        labels = [
            Label(DICE_COCKED if value == COCKED else value - 1, die_box(slot))
            for slot, value in enumerate(values)
        ]
        write_sample(tmp_path, f"dice_{index}", noise_image(rng), labels)
    (tmp_path / "dice_9.jpg").write_bytes(b"\xff\xd8\xff\xe0 this is not a jpeg")
    (tmp_path / "dice_9.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    (tmp_path / "classes.txt").write_text("One\nTwo\nThree\nFour\nFive\nSix\n")
    return tmp_path


class OracleDiceReader:
    """Reads the labels back (boxes nudged by 2 px so matching is by overlap, not equality)."""

    name = "oracle"

    def __init__(self, folder: Path) -> None:
        self.truth = {}
        for sample in labelled_folder(folder):
            image = cv2.imread(str(sample.image_path))
            if image is not None:
                self.truth[image_key(image)] = sample.labels(image.shape[1], image.shape[0])

    def read(self, image: np.ndarray) -> list[DieReading]:
        readings = []
        for label in self.truth[image_key(image)]:
            box = Box(label.box.x + 2, label.box.y - 2, label.box.w, label.box.h)
            if label.cls == DICE_COCKED:
                readings.append(DieReading(1, box, 0.9, cocked=True))
            else:
                readings.append(DieReading(label.cls + 1, box, 0.9))
        return readings


class MistakenReader(OracleDiceReader):
    """Reads 6 as 5, never sees a 1, reads a cocked die as a flat 3, and sees a phantom 4 in the
    top-left corner of every image that has a 5 in it."""

    name = "mistaken"

    def read(self, image: np.ndarray) -> list[DieReading]:
        readings = []
        for reading in super().read(image):
            if reading.cocked:
                readings.append(DieReading(3, reading.box, 0.5))
            elif reading.value == 6:
                readings.append(DieReading(5, reading.box, 0.5))
            elif reading.value != 1:
                readings.append(reading)
        if any(r.value == 5 and not r.cocked for r in super().read(image)):
            readings.append(DieReading(4, Box(0, 0, 12, 12), 0.3))
        return readings


def test_yolo_labels_round_trip_through_files(tmp_path):
    labels = [Label(0, Box(10, 20, 30, 40)), Label(5, Box(100.5, 50.25, 20, 20))]
    write_sample(tmp_path, "one", np.zeros((120, 200, 3), np.uint8), labels)
    back = read_yolo(tmp_path / "one.txt", 200, 120)
    assert [label.cls for label in back] == [0, 5]
    for label, read in zip(labels, back, strict=True):
        assert np.allclose(label.box.as_list(), read.box.as_list(), atol=0.01)
    assert yolo_line(labels[0], 200, 120) == "0 0.125000 0.333333 0.150000 0.333333"


def test_boxes_cut_to_nothing_are_not_written(tmp_path):
    write_sample(tmp_path, "cut", np.zeros((10, 10, 3), np.uint8), [Label(1, Box(10, 0, 0, 5))])
    assert (tmp_path / "cut.txt").read_text() == ""


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("0 0.5 0.5 0.1", "expected 'class cx cy w h'"),
        ("one 0.5 0.5 0.1 0.1", "not numbers"),
        ("0 1.5 0.5 0.1 0.1", "coordinates must be normalised"),
        ("-1 0.5 0.5 0.1 0.1", "negative class"),
    ],
)
def test_a_bad_label_line_names_the_file_and_line(tmp_path, line, says):
    path = tmp_path / "bad.txt"
    path.write_text(f"0 0.5 0.5 0.1 0.1\n\n{line}\n")
    with pytest.raises(LabelError, match=rf"bad\.txt:3: {says}"):
        read_yolo(path, 100, 100)


def test_labelled_folder_pairs_images_in_natural_order(tmp_path):
    for name in ("dice_10", "dice_2", "dice_1"):
        cv2.imwrite(str(tmp_path / f"{name}.png"), np.zeros((4, 4, 3), np.uint8))
    (tmp_path / "dice_2.txt").write_text("1 0.5 0.5 0.5 0.5\n")
    (tmp_path / "classes.txt").write_text("One\n")
    samples = labelled_folder(tmp_path)
    assert [s.image_path.name for s in samples] == ["dice_1.png", "dice_2.png", "dice_10.png"]
    assert [s.label_path is not None for s in samples] == [False, True, False]
    assert samples[0].labels(4, 4) == []
    assert [s.image_path.name for s in labelled_folder(tmp_path, limit=2)] == [
        "dice_1.png",
        "dice_2.png",
    ]
    with pytest.raises(FileNotFoundError):
        labelled_folder(tmp_path / "missing")


def test_match_is_greedy_by_overlap_and_respects_the_threshold():
    truth = [Label(0, Box(0, 0, 10, 10)), Label(1, Box(8, 0, 10, 10))]
    read = [Label(1, Box(7, 0, 10, 10)), Label(0, Box(1, 0, 10, 10)), Label(2, Box(50, 50, 5, 5))]
    assert sorted(match(truth, read, 0.4)) == [(0, 1), (1, 0)]
    assert match(truth[:1], [Label(0, Box(6, 0, 10, 10))], 0.4) == []  # IoU 0.25


def test_a_whole_die_box_matches_its_top_face_label_unless_iou_only():
    """dice-real-train boxes the top face; a reader may box the whole die around it."""
    face = [Label(2, Box(100, 100, 40, 40))]
    whole_die = [Label(2, Box(90, 95, 70, 75))]  # IoU 0.30, the face fully inside
    neighbour = [Label(2, Box(130, 100, 70, 75))]  # a quarter of the face inside
    assert match(face, whole_die, 0.4) == [(0, 0)]
    assert match(face, whole_die, 0.4, nested=False) == []
    assert match(face, neighbour, 0.4) == []
    assert face[0].box.nested_share(whole_die[0].box) == 1.0


def test_oracle_dice_reader_scores_perfectly(dice_folder):
    report = evaluate_dice(OracleDiceReader(dice_folder), dice_folder)
    assert (report.images, report.labelled, report.read_right) == (5, 12, 12)
    assert report.exact_images == 5 and report.missed == report.extra == 0
    assert report.read_right_share == 1.0
    assert np.array_equal(np.diag(report.confusion)[:-1], [1, 3, 2, 1, 1, 3, 1])
    assert report.confusion.sum() == 12
    assert [s.path for s in report.skipped] == [str(dice_folder / "dice_9.jpg")]
    assert report.fps is not None and report.fps > 0


def test_mistaken_dice_reader_scores_exactly_its_mistakes(dice_folder):
    report = evaluate_dice(MistakenReader(dice_folder), dice_folder)
    # Right: the 2 of image 0, the 3 4 5 of image 2, the 2 of image 3, the 2 3 of image 4.
    assert (report.labelled, report.read_right) == (12, 7)
    assert report.exact_images == 1  # only image 4 has no mistake
    assert (report.missed, report.extra) == (1, 1)  # the 1; the phantom 4
    scores = {score.name: score for score in report.classes}
    assert (scores["6"].labelled, scores["6"].read, scores["6"].recall) == (3, 0, 0.0)
    assert scores["6"].precision is None
    assert (scores["5"].read, scores["5"].right, scores["5"].precision) == (4, 1, 0.25)
    assert (scores["4"].precision, scores["4"].recall) == (0.5, 1.0)
    assert (scores["3"].read, scores["3"].right) == (3, 2)
    assert scores["3"].precision == pytest.approx(2 / 3)
    assert (scores["2"].precision, scores["2"].recall) == (1.0, 1.0)
    assert (scores["1"].labelled, scores["1"].recall) == (1, 0.0)
    assert (scores["cocked"].labelled, scores["cocked"].right) == (1, 0)
    none = 7
    assert report.confusion[5, 4] == 3  # 6 read as 5
    assert report.confusion[DICE_COCKED, 2] == 1  # cocked read as 3
    assert report.confusion[0, none] == 1 and report.confusion[none, 3] == 1
    as_json = report.to_json()
    assert as_json["read_right_share"] == round(7 / 12, 4)
    assert as_json["exact_image_share"] == 0.2
    assert as_json["confusion"]["matrix"] == report.confusion.tolist()
    text = report.to_text()
    assert "dice read right  7/12  58.3%" in text
    assert "exact images     1/5  20.0%" in text


def test_dice_are_tallied_by_the_angle_the_camera_saw_them_at(dice_folder):
    assert evaluate_dice(MistakenReader(dice_folder), dice_folder).by_view is None
    # Another tool's .json beside an image (a LabelMe export, say) is not an angle list.
    (dice_folder / "dice_4.json").write_text(json.dumps({"shapes": [], "imagePath": "dice_4.jpg"}))
    assert evaluate_dice(MistakenReader(dice_folder), dice_folder).by_view is None
    # One angle per label, as the renderer writes them: the first die of each image seen from
    # above, the others across the table (image 4 has no angles and is not tallied).
    for index, values in enumerate(DICE_SCENES[:4]):
        views = [5.0] + [40.0] * (len(values) - 1)
        (dice_folder / f"dice_{index}.json").write_text(json.dumps({"view_degrees": views}))
    report = evaluate_dice(MistakenReader(dice_folder), dice_folder)
    # Seen from above: the 1 (missed), a 6 (read 5), the 3, the cocked die (read 3): 1 of 4 right.
    # Across: 2 6 | 6 | 4 5 | 2: the 2, the 4, the 5 and the 2 right, the two 6s wrong.
    assert report.by_view == [
        {"from": 0.0, "to": 20.0, "labelled": 4, "read_right": 1},
        {"from": 20.0, "to": 35.0, "labelled": 0, "read_right": 0},
        {"from": 35.0, "to": 90.0, "labelled": 6, "read_right": 4},
    ]
    assert report.to_json()["by_view"] == report.by_view
    assert "35-90       4/6      66.7%" in report.to_text()


@pytest.mark.parametrize(
    "sidecar, says",
    [
        ({"view_degrees": [5.0]}, "one angle per label (3)"),
        ({"view_degrees": 5.0}, "one angle per label (3)"),
        ({"view_degrees": [5.0, -1.0, "up"]}, "angles in degrees"),
    ],
)
def test_bad_viewing_angles_name_the_file(dice_folder, sidecar, says):
    (dice_folder / "dice_0.json").write_text(json.dumps(sidecar))
    with pytest.raises(ValueError, match=re.escape(says)) as error:
        evaluate_dice(OracleDiceReader(dice_folder), dice_folder)
    assert "dice_0.json" in str(error.value)


def test_a_reading_in_the_wrong_place_is_a_miss_and_an_extra(dice_folder):
    class Offset(OracleDiceReader):
        def read(self, image):
            return [
                DieReading(r.value, Box(r.box.x + 40, r.box.y, r.box.w, r.box.h), 1.0, r.cocked)
                for r in super().read(image)
            ]

    report = evaluate_dice(Offset(dice_folder), dice_folder, iou=0.5)
    assert report.read_right == 0 and report.missed == 12 and report.extra == 12
    assert report.exact_images == 5  # the values were all read: the multiset still agrees


def test_labels_of_an_unknown_class_are_an_error(tmp_path):
    write_sample(tmp_path, "x", np.zeros((20, 20, 3), np.uint8), [Label(9, Box(1, 1, 5, 5))])
    with pytest.raises(ValueError, match=r"x\.txt: class 9 is not a dice class"):
        evaluate_dice(OracleDiceReader(tmp_path), tmp_path)


# --- dominoes -----------------------------------------------------------------------------

# Tiles per image: (a, b) face up, laid left-right; None face down.
DOMINO_SCENES = [[(6, 6), (3, 1)], [None, (0, 5)], [(2, 4), None, (1, 1)]]


def tile_box(slot: int) -> Box:
    return Box(10 + 75 * slot, 50, 60, 30)


@pytest.fixture
def domino_folder(tmp_path: Path) -> tuple[Path, dict[bytes, list[TileReading]]]:
    rng = np.random.default_rng(1)
    truth = {}
    for index, tiles in enumerate(DOMINO_SCENES):
        image = noise_image(rng)
        labels, readings = [], []
        for slot, halves in enumerate(tiles):
            box = tile_box(slot)
            if halves is None:
                labels.append(Label(DOMINO_FACE_DOWN, box))
                readings.append(TileReading(None, box, 1.0))
                continue
            boxes = split_tile(box)
            labels += [Label(pips, half) for pips, half in zip(halves, boxes, strict=True)]
            readings.append(TileReading(halves, box, 1.0, boxes))
        path = write_sample(tmp_path, f"dom_{index}", image, labels)
        truth[image_key(cv2.imread(str(path)))] = readings
    return tmp_path, truth


class TableReader:
    name = "table"

    def __init__(self, readings):
        self.readings = readings

    def read(self, image):
        return self.readings[image_key(image)]


def test_oracle_tile_reader_scores_every_half(domino_folder):
    folder, truth = domino_folder
    report = evaluate_dominoes(TableReader(truth), folder)
    # 5 face-up tiles = 10 halves, plus 2 face-down tiles.
    assert (report.images, report.labelled, report.read_right, report.exact_images) == (
        3,
        12,
        12,
        3,
    )
    assert report.confusion[DOMINO_FACE_DOWN, DOMINO_FACE_DOWN] == 2
    assert report.confusion[6, 6] == 2 and report.confusion[1, 1] == 3
    assert "halves read right  12/12  100.0%" in report.to_text()


def test_tile_reader_mistakes_are_scored_per_half(domino_folder):
    folder, truth = domino_folder
    changed = {}
    for key, readings in truth.items():
        out = []
        for r in readings:
            if r.halves == (3, 1):  # halves swapped but boxes kept: both halves wrong
                out.append(TileReading((1, 3), r.box, 1.0, r.half_boxes))
            elif r.halves == (2, 4):  # no half boxes: split in reading order, still right
                out.append(TileReading((2, 4), r.box, 1.0))
            elif r.halves is None and r.box == tile_box(1) and len(readings) == 3:
                out.append(TileReading((0, 0), r.box, 1.0, split_tile(r.box)))  # face-down
            else:
                out.append(r)
        changed[key] = out
    report = evaluate_dominoes(TableReader(changed), folder)
    assert report.labelled == 12
    assert report.read_right == 9  # 3 and 1 swapped (2 wrong), the face-down tile (1 wrong)
    assert report.exact_images == 2  # image 0: same pips, swapped: multiset still equal
    assert report.confusion[3, 1] == 1 and report.confusion[1, 3] == 1
    # The face-down box matched one of the two half readings; the other is an extra 0.
    assert report.confusion[DOMINO_FACE_DOWN, 0] == 1 and report.extra == 1
    scores = {score.name: score for score in report.classes}
    assert scores["face-down"].recall == 0.5


def test_rendered_dominoes_score_the_layout_graph_too(tmp_path):
    """A rendered folder carries each scene's layout truth (.json): perfect readings rebuild
    every link, and the report says so; a folder without it reports no layout."""
    render_dataset(tmp_path, count=4, seed=11)
    table = {}
    for sample in labelled_folder(tmp_path):
        truth = json.loads(sample.image_path.with_suffix(".json").read_text())
        table[image_key(cv2.imread(str(sample.image_path)))] = truth_readings(truth)
    report = evaluate_dominoes(TableReader(table), tmp_path)
    assert report.layout is not None and report.layout["scenes"] == 4
    assert report.layout["link_precision"] == report.layout["link_recall"] == 1.0
    assert report.to_json()["layout"] == report.layout
    assert "layout graph: scenes 4" in report.to_text()
    for sample in labelled_folder(tmp_path):
        sample.image_path.with_suffix(".json").unlink()
    assert evaluate_dominoes(TableReader(table), tmp_path).layout is None


# --- the real photographs, and the command --------------------------------------------------


@pytest.mark.skipif(not REAL_DICE.is_dir(), reason="shared/data/dice-real-train not present")
def test_the_real_photo_folder_runs_unchanged():
    report = evaluate_dice(OracleDiceReader(REAL_DICE), REAL_DICE, limit=15)
    assert report.images == 15 and report.skipped == []
    assert report.labelled >= 15 and report.read_right == report.labelled


@pytest.fixture
def registered(monkeypatch, dice_folder):
    """A dice reader registry holding the oracle and the mistaken reader."""
    module = types.ModuleType("vision.dice.readers")
    module.READERS = {
        "oracle": lambda: OracleDiceReader(dice_folder),
        "mistaken": lambda: MistakenReader(dice_folder),
    }
    module.DEFAULT = "oracle"
    monkeypatch.setitem(sys.modules, "vision.dice.readers", module)
    return dice_folder


def test_eval_command_prints_a_table_or_json(registered, capsys):
    assert main(["eval", "dice", str(registered)]) == 0
    out = capsys.readouterr().out
    assert "dice reader 'oracle'" in out and "dice read right  12/12  100.0%" in out
    assert main(["eval", "dice", str(registered), "--reader", "mistaken", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["reader"], data["read_right"], data["labelled"]) == ("mistaken", 7, 12)
    assert main(["eval", "dice", str(registered), "--json", "--limit", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["images"] == 2
    assert main(["eval", "dice", str(registered), "--json", "--iou-only"]) == 0
    assert json.loads(capsys.readouterr().out)["nested"] is False


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--reader", "nobody"], "unknown dice reader 'nobody'; choose one of: mistaken, oracle"),
        (["--limit", "0"], "--limit must be at least 1"),
        (["--iou", "1.5"], "--iou must be in (0, 1]"),
    ],
)
def test_eval_command_mistakes_are_one_error_line(registered, capsys, extra, says):
    assert main(["eval", "dice", str(registered), *extra]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_eval_command_names_a_missing_folder_or_registry(tmp_path, monkeypatch, capsys):
    assert main(["eval", "dice", str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "vision.dominoes.readers", None)  # import fails
    assert main(["eval", "dominoes", str(tmp_path)]) == 2
    assert "no dominoes readers available" in capsys.readouterr().err
