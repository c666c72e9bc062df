"""The domino reader: find every tile, then read each half.

1. *Scale*: the tile width is measured from the outline of everything that is not table (the
   table being a wide median of the image), and the image is scaled so a tile is about
   :data:`TYPICAL_SIDE` px wide: the finder then sees one tile size, whatever the camera's
   height and resolution.  A mottled table can fool that measure; a read that is doubtful as a
   whole is tried again at other scales and the surest one kept.
2. *Find*: a small network marks each tile's centre, axis and size
   (:class:`~vision.dominoes.nets.TileFinder`); face-up and face-down tiles alike, loose or
   touching in a line of play.
3. *Read*: each half is cut out straight at full resolution and classified as 0..6 pips, the
   back of a face-down tile, or no tile (:class:`~vision.dominoes.nets.HalfClassifier`).  A
   tile is face down when its halves read as back (a face-up 0-0 shows its divider, a back has
   none); a find whose halves read as no tile (table texture, a hand) is dropped, which lets
   the finder's threshold stay low so no tile is missed.

The weights are committed (``finder.pt``, ``halves.pt``, a few hundred kB) and rebuilt by
``scripts/train_domino_reader.py`` from rendered scenes.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F

from vision.dominoes.nets import (
    BACK,
    FINDER_SIDE,
    NOT_TILE,
    STRIDE,
    HalfClassifier,
    TileFinder,
    TilePose,
    cut_half,
    finder_tensor,
    half_tensor,
)
from vision.types import Box, TileReading

FINDER_FILE = Path(__file__).parent / "finder.pt"
HALVES_FILE = Path(__file__).parent / "halves.pt"
#: Heat a centre needs to be a tile.
MIN_HEAT = 0.3
#: A tile's side in the finder's input when the outline measure is right: the outline is
#: about a tenth wider than the tile (blur, shadow), and the finder is trained on that.
TYPICAL_SIDE = FINDER_SIDE / 1.1
#: Mean confidence below which a read is doubted and other scales are tried, and those scales
#: (relative to the measured one).
DOUBT = 0.9
OTHER_SCALES = (0.6, 1 / 0.6)
#: Two tiles found that overlap by more than this share of the smaller are one tile.
SAME_TILE = 0.3


class NetTileReader:
    """Reads domino tiles with the two small networks of :mod:`vision.dominoes.nets`."""

    name = "learned"

    def __init__(self) -> None:
        self.finder, self.halves = load_nets()

    def read(self, image: np.ndarray) -> list[TileReading]:
        if not isinstance(image, np.ndarray) or image.ndim != 3 or image.shape[2] != 3:
            raise ValueError("expected a BGR colour image (height x width x 3)")
        if image.dtype != np.uint8:
            raise ValueError(f"expected an 8-bit image, got {image.dtype}")
        width = measured_width(image)
        if width is None:
            return []
        factor = FINDER_SIDE / width
        readings = self._read_at(image, factor)
        if readings and np.mean([r.confidence for r in readings]) >= DOUBT:
            return readings
        # A doubtful read is most often a wrong scale (a mottled table fools the outline
        # measure): the scale whose tiles read most surely wins.
        tries = [readings, *(self._read_at(image, factor * k) for k in OTHER_SCALES)]
        return max(tries, key=lambda tried: sum(r.confidence for r in tried))

    def _read_at(self, image: np.ndarray, factor: float) -> list[TileReading]:
        poses = find_tiles(self.finder, image, factor)
        return read_tiles(self.halves, image, poses) if poses else []


@cache
def load_nets() -> tuple[TileFinder, HalfClassifier]:
    """The committed networks, loaded once per process."""
    finder, halves = TileFinder(), HalfClassifier()
    for model, path in ((finder, FINDER_FILE), (halves, HALVES_FILE)):
        try:
            model.load_state_dict(torch.load(path, map_location="cpu", weights_only=True))
        except (OSError, RuntimeError, KeyError) as error:
            raise RuntimeError(
                f"{path}: the domino reader's weights cannot be read ({error}); "
                "rebuild them with scripts/train_domino_reader.py"
            ) from None
        model.eval()
    return finder, halves


# --------------------------------------------------------------------------------------------
# Finding the tiles.


def find_tiles(finder: TileFinder, image: np.ndarray, factor: float) -> list[TilePose]:
    """Every tile's pose in image pixels, strongest first (face up or down), searched in the
    image scaled by ``factor`` (a tile should then be about TYPICAL_SIDE px wide).

    Where the finder's own size estimate disagrees with the scale, the image is scaled again
    by what the finder saw and searched once more."""
    found = _find_at(finder, image, factor)
    if found:
        seen = float(np.median([pose.side for _, pose in found])) * factor
        if not 0.8 < seen / TYPICAL_SIDE < 1.25:
            found = _find_at(finder, image, factor * TYPICAL_SIDE / seen)
    return [pose for _, pose in found]


def _find_at(finder: TileFinder, image: np.ndarray, factor: float) -> list[tuple[float, TilePose]]:
    """The tiles found in ``image`` scaled by ``factor``: (heat, pose in image pixels)."""
    scaled = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    height, breadth = scaled.shape[:2]
    pad_y, pad_x = -height % STRIDE, -breadth % STRIDE
    scaled = cv2.copyMakeBorder(scaled, 0, pad_y, 0, pad_x, cv2.BORDER_REPLICATE)
    with torch.inference_mode():
        output = finder(finder_tensor(scaled))[0]
        heat = torch.sigmoid(output[0])
        peaks = (heat == F.max_pool2d(heat[None], 3, 1, 1)[0]) & (heat > MIN_HEAT)
    rows, cols = (index.numpy() for index in torch.nonzero(peaks, as_tuple=True))
    values = output.numpy()
    strength = heat.numpy()[rows, cols]
    found: list[tuple[float, TilePose]] = []
    for row, col, score in sorted(
        zip(rows, cols, strength, strict=True), key=lambda item: -item[2]
    ):
        dx, dy, cos2, sin2, log_side = values[1:, row, col]
        centre = ((col + dx) * STRIDE / factor, (row + dy) * STRIDE / factor)
        side = FINDER_SIDE * math.exp(float(log_side)) / factor
        angle = (0.5 * math.atan2(float(sin2), float(cos2))) % math.pi
        pose = TilePose((float(centre[0]), float(centre[1])), angle, side)
        if not any(_overlap(pose, other) > SAME_TILE for _, other in found):
            found.append((float(score), pose))
    return found


def _overlap(pose: TilePose, other: TilePose) -> float:
    """The share of the smaller of two tiles that the other covers: touching tiles share a
    sliver, two marks on one tile (a weak echo on one half) most of it."""
    area, _ = cv2.intersectConvexConvex(
        pose.corners().astype(np.float32), other.corners().astype(np.float32)
    )
    return float(area) / (2 * min(pose.side, other.side) ** 2)


def measured_width(image: np.ndarray) -> float | None:
    """The tile width in pixels as the object outline shows it (blur and shadows make it a
    little wide; the finder is trained on this very measure), None when nothing is on the
    table."""
    return tile_width(object_mask(image))


def tile_width(objects: np.ndarray) -> float | None:
    """Twice the distance from the middle of a tile (or of a line of tiles, which is one tile
    wide) to the table, taken where that distance peaks."""
    distance = cv2.distanceTransform(objects, cv2.DIST_L2, 5)
    peaks = (distance >= cv2.dilate(distance, np.ones((5, 5), np.uint8))) & (distance > 3)
    values = distance[peaks]
    if values.size == 0:
        return None
    return float(2 * np.median(values))


def object_mask(image: np.ndarray) -> np.ndarray:
    """Pixels that are not table: far (in Lab) from a wide median of the image.  A line of
    play is one tile wide, so the median of a window several tiles across is table."""
    height, width = image.shape[:2]
    small = cv2.resize(
        image, (max(1, width // 4), max(1, height // 4)), interpolation=cv2.INTER_AREA
    )
    kernel = _odd(min(small.shape[:2]) // 6)
    table = cv2.resize(
        cv2.medianBlur(small, kernel), (width, height), interpolation=cv2.INTER_LINEAR
    )
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32)
    table_lab = cv2.cvtColor(table, cv2.COLOR_BGR2LAB).astype(np.float32)
    distance = np.linalg.norm(lab - table_lab, axis=2)
    distance = cv2.GaussianBlur(distance, (0, 0), 1.0)
    scaled = np.clip(distance * 2, 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(scaled, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    mask = (scaled > min(otsu, 40)).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))


def _odd(value: int) -> int:
    return max(3, value | 1)


# --------------------------------------------------------------------------------------------
# Reading the tiles.


def read_tiles(
    classifier: HalfClassifier, image: np.ndarray, poses: list[TilePose]
) -> list[TileReading]:
    """Each tile's halves (None when face down), boxes and confidence."""
    crops = [cut_half(image, pose, half) for pose in poses for half in (0, 1)]
    with torch.inference_mode():
        probs = torch.softmax(classifier(half_tensor(crops)), dim=1).numpy()
    readings = []
    for index, pose in enumerate(poses):
        first, second = probs[2 * index], probs[2 * index + 1]
        box = _box(pose.corners())
        if first[NOT_TILE] + second[NOT_TILE] > 1.0:
            continue
        if first[BACK] + second[BACK] > 1.0:
            confidence = (first[BACK] + second[BACK]) / 2
            readings.append(TileReading(None, box, round(float(confidence), 3)))
            continue
        halves = (int(np.argmax(first[:BACK])), int(np.argmax(second[:BACK])))
        confidence = float(first[halves[0]] * second[halves[1]])
        half_boxes = (_box(pose.corners((-1.0, 0.0))), _box(pose.corners((0.0, 1.0))))
        readings.append(TileReading(halves, box, round(confidence, 3), half_boxes))
    return readings


def _box(corners: np.ndarray) -> Box:
    x0, y0 = corners.min(axis=0)
    x1, y1 = corners.max(axis=0)
    return Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0))
