"""YOLO-format labels: one ``.txt`` per image, same stem, one object a line ``class cx cy w h``
with the centre and size normalised to the image (0..1).

This is the format of ``shared/data/dice-real-train`` and of what the renderers write, so the
evaluation harness, the renderers and training all read and write one thing.  Class numbers:

* dice: 0..5 = face 1..6 (as in ``dice-real-train``); 6 = a die on edge / cocked (our sets).
* dominoes: one line per tile HALF, class = its pips 0..6; 7 = a face-down tile (whole tile).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.types import Box

#: Dice classes: value v (1..6) is class v - 1; a cocked die is class 6.
DICE_CLASS_NAMES: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "cocked")
DICE_COCKED = 6

#: Domino half classes: pips p (0..6) is class p; a face-down tile is class 7.
DOMINO_CLASS_NAMES: tuple[str, ...] = ("0", "1", "2", "3", "4", "5", "6", "face-down")
DOMINO_FACE_DOWN = 7

#: Image file endings read from a labelled folder (OpenCV decodes all of them).
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")

#: Rounding slack on the 0..1 range: exporters write 1.000001 for a box at the edge.
SLACK = 1e-3


class LabelError(ValueError):
    """A label file that cannot be read as YOLO; the message names the file and line."""


@dataclass(frozen=True)
class Label:
    """One labelled object: its class number and its box in pixels of the image."""

    cls: int
    box: Box


@dataclass(frozen=True)
class Sample:
    """One labelled image of a folder.  ``label_path`` is ``None`` when the image has no
    ``.txt``: YOLO reads that as an image with no objects, and so does the harness."""

    image_path: Path
    label_path: Path | None

    def labels(self, width: int, height: int) -> list[Label]:
        """The labels in pixels of an image ``width`` x ``height``."""
        return [] if self.label_path is None else read_yolo(self.label_path, width, height)


def yolo_line(label: Label, width: int, height: int) -> str:
    """One label as a YOLO line, normalised to an image ``width`` x ``height``."""
    box = label.box
    cx, cy = (box.x + box.w / 2) / width, (box.y + box.h / 2) / height
    return f"{label.cls} {cx:.6f} {cy:.6f} {box.w / width:.6f} {box.h / height:.6f}"


def write_yolo(path: Path | str, labels: Iterable[Label], width: int, height: int) -> None:
    """Write ``labels`` (pixels of a ``width`` x ``height`` image) as a YOLO ``.txt``.
    Boxes of zero width or height (an object cut off by the image edge) are left out:
    YOLO trainers reject them."""
    lines = [yolo_line(label, width, height) for label in labels if label.box.w > 0 < label.box.h]
    Path(path).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def write_sample(
    folder: Path | str,
    stem: str,
    image: np.ndarray,
    labels: Sequence[Label],
    quality: int = 95,
) -> Path:
    """Save ``image`` as ``folder/stem.jpg`` (JPEG at ``quality``) and its labels as
    ``folder/stem.txt``; returns the image path.  The folder is created if missing."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    image_path = folder / f"{stem}.jpg"
    if not cv2.imwrite(str(image_path), image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)]):
        raise OSError(f"could not write {image_path}")
    height, width = image.shape[:2]
    write_yolo(folder / f"{stem}.txt", labels, width, height)
    return image_path


def read_yolo(path: Path | str, width: int, height: int) -> list[Label]:
    """Read a YOLO ``.txt`` into labels in pixels of a ``width`` x ``height`` image.

    Blank lines are skipped; anything else that is not ``int float float float float`` with
    the numbers in 0..1 raises :class:`LabelError` naming the file and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LabelError(f"{path}: cannot read labels ({error})") from None
    labels = []
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if not fields:
            continue
        where = f"{path}:{number}"
        if len(fields) != 5:
            raise LabelError(f"{where}: expected 'class cx cy w h', got {line.strip()!r}")
        try:
            cls = int(fields[0])
            cx, cy, w, h = (float(field) for field in fields[1:])
        except ValueError:
            raise LabelError(f"{where}: not numbers: {line.strip()!r}") from None
        if cls < 0:
            raise LabelError(f"{where}: negative class {cls}")
        if not all(-SLACK <= value <= 1.0 + SLACK for value in (cx, cy, w, h)):
            raise LabelError(f"{where}: coordinates must be normalised to 0..1: {line.strip()!r}")
        box = Box((cx - w / 2) * width, (cy - h / 2) * height, w * width, h * height)
        labels.append(Label(cls, box))
    return labels


def labelled_folder(folder: Path | str, limit: int | None = None) -> list[Sample]:
    """The images of a YOLO folder (sorted by name, the first ``limit`` if given), each with
    its same-stem ``.txt`` if there is one.  Text files without an image (``classes.txt``)
    are not samples.  Raises ``FileNotFoundError`` / ``NotADirectoryError`` for a bad path."""
    folder = Path(folder)
    if not folder.exists():
        raise FileNotFoundError(f"{folder}: no such folder")
    if not folder.is_dir():
        raise NotADirectoryError(f"{folder}: not a folder")
    images = sorted(
        (path for path in folder.iterdir() if path.suffix.lower() in IMAGE_SUFFIXES),
        key=lambda path: natural_key(path.name),
    )
    if limit is not None:
        images = images[: max(0, limit)]
    samples = []
    for image in images:
        label = image.with_suffix(".txt")
        samples.append(Sample(image, label if label.is_file() else None))
    return samples


def natural_key(name: str) -> list[object]:
    """Sort ``dice_2`` before ``dice_10``, as a person numbering files would expect."""
    parts: list[object] = []
    digits = ""
    for char in name:
        if char.isdigit():
            digits += char
            continue
        if digits:
            parts.append(int(digits))
            digits = ""
        parts.append(char)
    if digits:
        parts.append(int(digits))
    return [(0, part) if isinstance(part, int) else (1, part) for part in parts]
