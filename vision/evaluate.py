"""The evaluation harness: run a reader over a labelled YOLO folder and score it.

Every reading and every label becomes a classed box (dice: class = value - 1, or 6 for a cocked
die; dominoes: class = the pips of one tile HALF, or 7 for a face-down tile), so dice and
dominoes are scored by one matcher:

* readings are matched to labels by IoU (greedy, best overlap first, at least ``iou``), whatever
  their classes: a die found in the right place but read wrong is a confusion, not a miss plus
  an extra.  A pair with one box nested in the other (at least ``NESTED`` of the smaller box
  inside the larger) matches too, unless ``nested=False``: ``dice-real-train`` labels box the
  TOP FACE of a die, while a reader may box the whole die; both mean the same die;
* per class: precision (readings of that class that were right) and recall (labels of that class
  that were read right);
* "read right": labelled objects matched by a reading of the same class, over all labelled
  objects (the issue's "dice read right" / "halves read right");
* exact images: the multiset of classes read equals the multiset labelled (for dice: the values
  thrown, which is what a game needs);
* a confusion matrix with an extra row and column ``none``: column ``none`` counts labels nothing
  matched (missed), row ``none`` counts readings that matched no label (extra);
* frames per second of the reader alone (image decoding is not counted);
* dice: read right by the angle the camera saw each die at (:data:`VIEW_BANDS`), where a ``.json``
  beside the labels gives it (``view_degrees``, one per label, as the renderer writes it): the
  further from vertical, the more a flat die's side faces show and the more it looks cocked.

Images OpenCV cannot decode are skipped and listed, never a crash; a malformed label file is a
:class:`vision.labels.LabelError`.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.dominoes.layout import LayoutTally, layout_accuracy
from vision.labels import (
    DICE_CLASS_NAMES,
    DICE_COCKED,
    DOMINO_CLASS_NAMES,
    DOMINO_FACE_DOWN,
    Label,
    Sample,
    labelled_folder,
)
from vision.progress import tracked
from vision.types import Box, DiceReader, DieReading, TileReader, TileReading

#: Default IoU a reading needs with a label to count as the same object.
DEFAULT_IOU = 0.4
#: Share of the smaller box inside the larger for a nested pair to match (see the module doc).
NESTED = 0.8
#: Viewing angles (degrees from vertical) the dice are tallied by: below 20 the side faces barely
#: show; from 35 on a flat die's nearer side shows about as long as its top face.
VIEW_BANDS = ((0.0, 20.0), (20.0, 35.0), (35.0, 90.0))


@dataclass(frozen=True)
class ClassScore:
    """One class: how many were labelled, how many read as it, how many of those were right."""

    name: str
    labelled: int
    read: int
    right: int

    @property
    def precision(self) -> float | None:
        return self.right / self.read if self.read else None

    @property
    def recall(self) -> float | None:
        return self.right / self.labelled if self.labelled else None


@dataclass(frozen=True)
class SkippedImage:
    """An image the harness could not use, and why."""

    path: str
    reason: str


@dataclass
class Report:
    """The scores of one reader on one folder; :meth:`to_json` and :meth:`to_text` print it."""

    kind: str
    reader: str
    folder: str
    class_names: tuple[str, ...]
    iou: float
    nested: bool = True
    images: int = 0
    exact_images: int = 0
    labelled: int = 0
    read_right: int = 0
    seconds: float = 0.0
    confusion: np.ndarray = field(init=False)
    skipped: list[SkippedImage] = field(default_factory=list)
    #: Dominoes: how well the layout graph built from the readings matches the ``.json`` truth
    #: a rendered scene carries (None where no image has one).
    layout: dict[str, Any] | None = None
    #: Dice: per :data:`VIEW_BANDS` band, the dice labelled and read right (None where no image
    #: gives the viewing angles).
    by_view: list[dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        size = len(self.class_names) + 1  # the last row / column is "none"
        self.confusion = np.zeros((size, size), dtype=np.int64)

    @property
    def classes(self) -> list[ClassScore]:
        n = len(self.class_names)
        return [
            ClassScore(
                name=self.class_names[c],
                labelled=int(self.confusion[c, :].sum()),
                read=int(self.confusion[:, c].sum()),
                right=int(self.confusion[c, c]),
            )
            for c in range(n)
        ]

    @property
    def missed(self) -> int:
        return int(self.confusion[:-1, -1].sum())

    @property
    def extra(self) -> int:
        return int(self.confusion[-1, :-1].sum())

    @property
    def read_right_share(self) -> float | None:
        return self.read_right / self.labelled if self.labelled else None

    @property
    def exact_image_share(self) -> float | None:
        return self.exact_images / self.images if self.images else None

    @property
    def fps(self) -> float | None:
        return self.images / self.seconds if self.seconds > 0 else None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: totals, per-class scores, the confusion matrix, skipped images."""
        return {
            "kind": self.kind,
            "reader": self.reader,
            "folder": self.folder,
            "iou": self.iou,
            "nested": self.nested,
            "images": self.images,
            "labelled": self.labelled,
            "read_right": self.read_right,
            "read_right_share": _round(self.read_right_share),
            "exact_images": self.exact_images,
            "exact_image_share": _round(self.exact_image_share),
            "missed": self.missed,
            "extra": self.extra,
            "fps": _round(self.fps),
            "classes": [
                {
                    "class": score.name,
                    "labelled": score.labelled,
                    "read": score.read,
                    "right": score.right,
                    "precision": _round(score.precision),
                    "recall": _round(score.recall),
                }
                for score in self.classes
            ],
            "confusion": {
                "rows_labelled_cols_read": [*self.class_names, "none"],
                "matrix": self.confusion.tolist(),
            },
            "skipped": [{"path": s.path, "reason": s.reason} for s in self.skipped],
            "layout": self.layout,
            "by_view": self.by_view,
        }

    def to_text(self) -> str:
        """A table for people: totals, then per class, then the confusion matrix."""
        unit = {"dominoes": "halves", "cards": "cards"}.get(self.kind, "dice")
        lines = [
            f"{self.kind} reader {self.reader!r} on {self.folder} "
            f"(IoU >= {self.iou}{' or nested' if self.nested else ''})",
            f"images {self.images}, {unit} labelled {self.labelled}, "
            f"missed {self.missed}, extra {self.extra}",
            f"{unit} read right  {self.read_right}/{self.labelled}  "
            f"{_percent(self.read_right_share)}",
            f"exact images     {self.exact_images}/{self.images}  "
            f"{_percent(self.exact_image_share)}",
            f"frames/second    {_number(self.fps)}",
            "",
            f"{'class':>9}  {'labelled':>8}  {'read':>6}  {'right':>6}  {'precision':>9}  "
            f"{'recall':>7}",
        ]
        for score in self.classes:
            lines.append(
                f"{score.name:>9}  {score.labelled:>8}  {score.read:>6}  {score.right:>6}  "
                f"{_percent(score.precision):>9}  {_percent(score.recall):>7}"
            )
        names = [*self.class_names, "none"]
        width = max(5, *(len(name) for name in names), len(str(int(self.confusion.max()))))
        lines += ["", "confusion (rows: labelled, columns: read)"]
        lines.append(" " * width + "  " + "  ".join(name.rjust(width) for name in names))
        for name, row in zip(names, self.confusion, strict=True):
            cells = "  ".join(str(int(count)).rjust(width) for count in row)
            lines.append(f"{name.rjust(width)}  {cells}")
        if self.layout:
            lines += ["", "layout graph: " + ", ".join(f"{k} {v}" for k, v in self.layout.items())]
        if self.by_view:
            lines += ["", "read right by viewing angle (degrees from vertical)"]
            for band in self.by_view:
                share = band["read_right"] / band["labelled"] if band["labelled"] else None
                lines.append(
                    f"{band['from']:>4.0f}-{band['to']:<3.0f} {band['read_right']:>6}/"
                    f"{band['labelled']:<6} {_percent(share)}"
                )
        for skipped in self.skipped:
            lines.append(f"skipped {skipped.path}: {skipped.reason}")
        return "\n".join(lines)


def match(
    truth: Sequence[Label], read: Sequence[Label], iou: float, nested: bool = True
) -> list[tuple[int, int]]:
    """Pairs (label index, reading index), greedy by IoU, best first, each at least ``iou``
    (or nested, see the module doc).  Greedy is what detection benchmarks use; with objects
    that barely overlap it equals the optimal assignment."""
    candidates = []
    for t, label in enumerate(truth):
        for r, reading in enumerate(read):
            overlap = label.box.iou(reading.box)
            if overlap >= iou or (nested and label.box.nested_share(reading.box) >= NESTED):
                candidates.append((overlap, t, r))
    candidates.sort(key=lambda item: (-item[0], item[1], item[2]))
    used_t: set[int] = set()
    used_r: set[int] = set()
    matched = []
    for _, t, r in candidates:
        if t in used_t or r in used_r:
            continue
        used_t.add(t)
        used_r.add(r)
        matched.append((t, r))
    return matched


def score_image(report: Report, truth: Sequence[Label], read: Sequence[Label]) -> set[int]:
    """Add one image's labels and readings (classed boxes) to ``report``; returns the indices
    of the labels read right."""
    none = len(report.class_names)
    for item in (*truth, *read):
        if not 0 <= item.cls < none:
            raise ValueError(f"class {item.cls} is not one of 0..{none - 1}")
    pairs = match(truth, read, report.iou, report.nested)
    for t, r in pairs:
        report.confusion[truth[t].cls, read[r].cls] += 1
    matched_t, matched_r = {t for t, _ in pairs}, {r for _, r in pairs}
    for t, label in enumerate(truth):
        if t not in matched_t:
            report.confusion[label.cls, none] += 1
    for r, reading in enumerate(read):
        if r not in matched_r:
            report.confusion[none, reading.cls] += 1
    report.images += 1
    report.labelled += len(truth)
    right = {t for t, r in pairs if truth[t].cls == read[r].cls}
    report.read_right += len(right)
    if Counter(label.cls for label in truth) == Counter(reading.cls for reading in read):
        report.exact_images += 1
    return right


def dice_classes(readings: Sequence[DieReading]) -> list[Label]:
    """Dice readings as classed boxes: value - 1, or the cocked class for a cocked die."""
    return [Label(DICE_COCKED if r.cocked else r.value - 1, r.box) for r in readings]


def tile_classes(readings: Sequence[TileReading]) -> list[Label]:
    """Tile readings as classed boxes: one per half (class = its pips) for a face-up tile, one
    face-down box for a face-down tile.  A reader that gives no half boxes is scored with the
    tile cut in two across its long side, the first half top or left (reading order)."""
    labels = []
    for reading in readings:
        if reading.halves is None:
            labels.append(Label(DOMINO_FACE_DOWN, reading.box))
            continue
        boxes = reading.half_boxes or split_tile(reading.box)
        labels.extend(Label(pips, box) for pips, box in zip(reading.halves, boxes, strict=True))
    return labels


def split_tile(box: Box) -> tuple[Box, Box]:
    """The two halves of an axis-aligned tile box, top/left first."""
    if box.w >= box.h:
        half = box.w / 2
        return Box(box.x, box.y, half, box.h), Box(box.x + half, box.y, half, box.h)
    half = box.h / 2
    return Box(box.x, box.y, box.w, half), Box(box.x, box.y + half, box.w, half)


def evaluate_dice(
    reader: DiceReader,
    folder: Path | str,
    iou: float = DEFAULT_IOU,
    limit: int | None = None,
    nested: bool = True,
) -> Report:
    """Score a dice reader on a YOLO folder (classes 0..5 = faces 1..6, 6 = cocked)."""
    report = Report("dice", _name(reader), str(folder), DICE_CLASS_NAMES, iou, nested)
    labelled = [0] * len(VIEW_BANDS)
    read_right = [0] * len(VIEW_BANDS)

    def score_view(sample: Sample, _readings: list[DieReading], right: set[int]) -> None:
        views = _view_degrees(sample)
        for index, degrees in enumerate(views or ()):
            band = next(b for b, (_, upper) in enumerate(VIEW_BANDS) if degrees < upper)
            labelled[band] += 1
            read_right[band] += index in right

    _evaluate(report, reader, dice_classes, folder, limit, score_view)
    if any(labelled):
        report.by_view = [
            {"from": low, "to": high, "labelled": count, "read_right": right}
            for (low, high), count, right in zip(VIEW_BANDS, labelled, read_right, strict=True)
        ]
    return report


def _view_degrees(sample: Sample) -> list[float] | None:
    """The viewing angle of each label of ``sample`` from the ``.json`` beside it; ``None``
    where there is none, or the file is some other tool's (a LabelMe export, say)."""
    path = sample.image_path.with_suffix(".json")
    try:
        views = json.loads(path.read_text(encoding="utf-8"))["view_degrees"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    count = len(sample.labels(1, 1))
    if not isinstance(views, list) or len(views) != count:
        raise ValueError(f"{path}: 'view_degrees' must list one angle per label ({count})")
    if not all(isinstance(v, int | float) and 0 <= v < VIEW_BANDS[-1][1] for v in views):
        raise ValueError(f"{path}: 'view_degrees' must be angles in degrees, 0 to 90")
    return [float(v) for v in views]


def evaluate_dominoes(
    reader: TileReader,
    folder: Path | str,
    iou: float = DEFAULT_IOU,
    limit: int | None = None,
    nested: bool = True,
) -> Report:
    """Score a tile reader on a YOLO folder (one label per half, class = pips 0..6; 7 = a
    face-down tile)."""
    report = Report("dominoes", _name(reader), str(folder), DOMINO_CLASS_NAMES, iou, nested)
    tally = LayoutTally()

    def score_layout(sample: Sample, readings: list[TileReading], _right: set[int]) -> None:
        truth = sample.image_path.with_suffix(".json")
        if truth.is_file():
            tally.add(layout_accuracy(json.loads(truth.read_text(encoding="utf-8")), readings))

    _evaluate(report, reader, tile_classes, folder, limit, score_layout)
    report.layout = tally.to_json() if tally.scenes else None
    return report


def _name(reader: Any) -> str:
    return str(getattr(reader, "name", type(reader).__name__))


def _evaluate(
    report: Report,
    reader: Any,
    to_classes: Callable[[Any], list[Label]],
    folder: Path | str,
    limit: int | None,
    also: Callable[[Sample, Any, set[int]], None] | None = None,
) -> Report:
    """Read every image, score it into ``report``; ``also`` sees each sample's readings and
    the indices of its labels read right."""
    if not 0.0 < report.iou <= 1.0:
        raise ValueError(f"IoU threshold must be in (0, 1], got {report.iou}")
    kind, class_names = report.kind, report.class_names
    for sample in tracked(labelled_folder(folder, limit), f"reading {folder}"):
        image = cv2.imread(str(sample.image_path), cv2.IMREAD_COLOR)
        if image is None:
            report.skipped.append(SkippedImage(str(sample.image_path), "not a readable image"))
            continue
        height, width = image.shape[:2]
        truth = sample.labels(width, height)
        unknown = [label.cls for label in truth if label.cls >= len(class_names)]
        if unknown:
            raise ValueError(
                f"{sample.label_path}: class {unknown[0]} is not a {kind} class "
                f"(0..{len(class_names) - 1})"
            )
        start = time.perf_counter()
        readings = reader.read(image)
        report.seconds += time.perf_counter() - start
        right = score_image(report, truth, to_classes(readings))
        if also is not None:
            also(sample, readings, right)
    return report


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"
