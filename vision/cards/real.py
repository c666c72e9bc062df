"""Real photos of cards with Pascal VOC labels (``cards-real-train``): loading, the fixed
held-out split, and scoring a card reader on them.

The photos are labelled with a box around each card's *visible* part and its rank only (no
suit), so a reader is scored by the generic harness (:mod:`vision.evaluate`) with one class per
rank: a reading matches a label by IoU, or when one box is nested in the other (a reader that
boxes the whole card under a cover still means the card whose visible part is labelled).

The held-out part is fixed once for every measurement and every training script: the labelled
photos in natural name order, index ``% FOLDS == HELD_FOLD`` (the same rule as the dice photos).
Nothing is trained or tuned on it.  To choose a threshold or a recipe, models are trained on
``fit`` (the training part without the ``dev`` fold, ``DEV_FOLD``) and the choice is made on
``dev``; the committed models are then trained on the whole training part with that choice.
"""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import cv2
import numpy as np

from vision.evaluate import Report, SkippedImage, score_image
from vision.labels import IMAGE_SUFFIXES, Label, natural_key
from vision.progress import tracked
from vision.types import Box

if TYPE_CHECKING:  # the readers import torch; the harness itself does not need it
    from vision.cards.reader import CardsReader

#: The ranks a real photo's label can name, in the class order the harness counts them.
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: VOC names (``cards-real-train`` spells ranks out) to rank codes.
VOC_RANKS = {
    "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "jack": "J", "queen": "Q", "king": "K", "ace": "A",
    **{rank.lower(): rank for rank in RANKS},
}  # fmt: skip
#: Russian index letters read as the Latin rank they stand for.
RUSSIAN = {"В": "J", "Д": "Q", "К": "K", "Т": "A"}
#: Five folds; the fifth (index 4) is the one held out of every training and tuning run.
FOLDS = 5
HELD_FOLD = 4
#: The fold of the training part that choices are made on, with models trained without it.
DEV_FOLD = 3
#: IoU a reading needs with a labelled visible box (or nesting, see the module doc).
MATCH_IOU = 0.5
#: A table texture cut from a photo is at least this many px on each side.
MIN_TEXTURE = 90

Part = Literal["held", "train", "all", "dev", "fit"]
#: The parts: ``train`` is ``fit`` and ``dev`` together.
PARTS: tuple[Part, ...] = ("held", "train", "all", "dev", "fit")


class VocError(ValueError):
    """A label file that cannot be read as Pascal VOC with known ranks."""


@dataclass(frozen=True)
class RealCard:
    rank: str
    box: Box


def read_voc(path: Path) -> list[RealCard]:
    """The labelled cards of one VOC file; a malformed file raises :class:`VocError` naming it."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as error:
        raise VocError(f"{path}: not a readable VOC file ({error})") from None
    cards = []
    for number, item in enumerate(root.iter("object"), start=1):
        name = (item.findtext("name") or "").strip().lower()
        if name not in VOC_RANKS:
            raise VocError(f"{path}: object {number} names {name!r}, not a card rank")
        box = item.find("bndbox")
        try:
            left, top, right, bottom = (
                (float(box.findtext(key) or "") for key in ("xmin", "ymin", "xmax", "ymax"))
                if box is not None
                else (0.0, 0.0, 0.0, 0.0)
            )
        except ValueError:
            raise VocError(f"{path}: object {number} has a box that is not numbers") from None
        if right <= left or bottom <= top:
            raise VocError(f"{path}: object {number} has an empty box")
        cards.append(RealCard(VOC_RANKS[name], Box(left, top, right - left, bottom - top)))
    return cards


def labelled_photos(folder: Path | str, part: Part = "held") -> list[Path]:
    """The photos of ``folder`` that have a VOC file beside them, in natural name order, of the
    chosen part: ``held`` (the held-out fold), ``train`` (the rest), ``all``, ``dev`` (one fold
    of the training part) or ``fit`` (the training part without ``dev``)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder}: no such folder")
    photos = sorted(
        (
            path
            for path in folder.iterdir()
            if path.suffix.lower() in IMAGE_SUFFIXES and path.with_suffix(".xml").is_file()
        ),
        key=lambda path: natural_key(path.name),
    )
    if part == "all":
        return photos
    folds: dict[Part, set[int]] = {
        "held": {HELD_FOLD},
        "train": set(range(FOLDS)) - {HELD_FOLD},
        "dev": {DEV_FOLD},
        "fit": set(range(FOLDS)) - {HELD_FOLD, DEV_FOLD},
    }
    return [path for k, path in enumerate(photos) if k % FOLDS in folds[part]]


def textures(photos: list[Path]) -> list[np.ndarray]:
    """From each photo the largest strip beside the union of its cards' boxes (left, right,
    above or below), when it is at least MIN_TEXTURE px both ways: real table surface to lay
    rendered cards on (the photos of one part only, so a measurement's tables stay apart from
    training's)."""
    out = []
    for path in photos:
        image = cv2.imread(str(path))
        if image is None:
            continue
        _height, _width = image.shape[:2]
        boxes = read_voc(path.with_suffix(".xml"))
        left = min(int(card.box.x) for card in boxes)
        top = min(int(card.box.y) for card in boxes)
        right = max(int(card.box.x + card.box.w) for card in boxes)
        bottom = max(int(card.box.y + card.box.h) for card in boxes)
        strips = [
            image[:, :left],
            image[:, right:],
            image[:top, :],
            image[bottom:, :],
        ]
        best = max(strips, key=lambda s: min(s.shape[0], s.shape[1]) * max(s.shape[:2]))
        if min(best.shape[:2]) >= MIN_TEXTURE:
            out.append(best)
    return out


def quarter_turned(box: Box, width: int, height: int, clockwise: bool) -> Box:
    """A box of a ``width`` x ``height`` picture, in that picture turned a quarter."""
    if clockwise:
        return Box(height - box.y - box.h, box.x, box.h, box.w)
    return Box(box.y, width - box.x - box.w, box.h, box.w)


def turned_photo(
    image: np.ndarray, cards: list[RealCard], clockwise: bool
) -> tuple[np.ndarray, list[RealCard]]:
    """A photo turned a quarter, with its labels: a camera over a table has no up, and the
    photos show most cards one way (the players' side), so a reader is measured and a finder
    trained on them turned too."""
    height, width = image.shape[:2]
    code = cv2.ROTATE_90_CLOCKWISE if clockwise else cv2.ROTATE_90_COUNTERCLOCKWISE
    boxes = [RealCard(c.rank, quarter_turned(c.box, width, height, clockwise)) for c in cards]
    return cv2.rotate(image, code), boxes


def rank_of(card: str) -> str:
    """The rank of a card code (``10H`` -> ``10``, ``ДS`` -> ``Q``)."""
    rank = card[:-1]
    return RUSSIAN.get(rank, rank)


def evaluate_real_cards(
    reader: CardsReader,
    folder: Path | str,
    part: Part = "held",
    limit: int | None = None,
    turned: bool = False,
) -> Report:
    """Read the photos of ``part`` and score ranks found at the labelled cards: ``read right``
    is the share of labelled cards matched by a reading of the right rank, ``extra`` counts
    readings that match no card (precision's complement).  ``turned``: each photo turned a
    quarter first, every other one clockwise (:func:`turned_photo`)."""
    name = str(getattr(reader, "name", type(reader).__name__))
    report = Report("cards", name, str(folder), RANKS, MATCH_IOU, nested=True)
    photos = labelled_photos(folder, part)
    chosen = photos[:limit] if limit else photos
    for k, path in enumerate(tracked(chosen, f"reading {folder}")):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            report.skipped.append(SkippedImage(str(path), "not a readable image"))
            continue
        cards = read_voc(path.with_suffix(".xml"))
        if turned:
            image, cards = turned_photo(image, cards, clockwise=k % 2 == 0)
        truth = [Label(RANKS.index(card.rank), card.box) for card in cards]
        start = time.perf_counter()
        readings = reader.read(image)
        report.seconds += time.perf_counter() - start
        read = [Label(RANKS.index(rank_of(r.card)), r.box) for r in readings]
        score_image(report, truth, read)
    return report
