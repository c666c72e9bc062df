"""Is a face-down read a tile or a patch of the table?  The half classifier sees one half
and a thin rim around it, and a flat square of a check, two cells of a grid or a finger can
look like the plain back of a tile there.  A face-down tile is one raised object: a back of
its own colour standing out from the table all round it, and not repeated one period away.
Two tests, on the reads the classifier called a back:

* *Repeats*: the straightened tile and a rim of table are matched against the image around
  it; a cloth's pattern is found again at two shifts in different directions (a lattice),
  a tile is not.  Shifts onto another read tile do not count (a row of alike backs in the
  boneyard repeats along the row, and each is a tile).
* *Stands out*: a back the classifier is not sure of must differ in colour from the table in a
  ring around it; a patch of a low-contrast check is the colour of the check next to it.

Face-up reads are left alone: pips are their own evidence, and on the development scenes the
two tests removed no face-up false tile a threshold did not also take true tiles for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from vision.dominoes.nets import TilePose, straightened_around

#: The image around a read is matched with the tile's half side scaled to this many px:
#: enough to keep a check's squares and a grid's lines (a few px each), small enough that
#: the match costs a fraction of a millisecond a read.
MATCH_SIDE = 8.0
#: Margin of table kept around the straightened tile in the match (share of a half side):
#: the back alone is flat and alike to any flat patch; with its rim the match sees the edge
#: a tile has and the cells around a square of a pattern.
MARGIN = 0.3
#: Farthest shift searched (half sides, along and across the tile): a cloth's period is at
#: most about 2.2 half sides (coarser checks hold no tile-sized patch that reads as a back)
#: and a margin for perspective.
MAX_SHIFT = 2.6
#: A shift counts only when it moves the template at least this share of its own length or
#: breadth: nearer, the template overlaps itself and anything smooth matches.
MIN_MOVE = 0.75
#: A shift is left out when the moved template covers more than this share of another read
#: tile's box.
ON_OTHER = 0.2
#: Share of the template that may lie outside the picture (a tile at its edge): more, and
#: the test is not made.
OUTSIDE = 0.25
#: The second shift must turn at least this far (degrees) from the best one: a line of alike
#: tiles (one of them missed) repeats along the line only.
ACROSS = 45.0
#: Normalised correlation at which a look counts as found again.  On the development scenes
#: (seed 8300 on card-photo tables, 8400 on patterned cloths, 8500/8600 patterned cloths with
#: few tiles) no true back of 1140 scored above 0.8 (two above 0.75) and five squares of checks
#: and grids 0.9 and more.
REPEATS = 0.8

#: The stands-out test straightens the tile to this many px a half side ...
STRAIGHT_SIDE = 8
#: ... with a ring of table this many px wide around it; the ring's px next to the outline
#: (the tile's rim and shadow) and the back's outermost px (its rim) are left out.
RING_PX = 4
#: A back the classifier is at least this sure of needs no contrast (a dark set on a dark
#: felt is a tile the classifier reads surely, with little contrast).  Backs of the
#: classifier's own making, squares of a pattern, read 0.5 to 0.7; most true backs 0.9 and
#: more (development scenes).
SURE_BACK = 0.7
#: Least colour difference (Euclidean, BGR levels 0-255) between a doubtful back and the ring
#: of table around it: on the development scenes a third of the false backs were under it and
#: three of 1140 true ones (together with a doubtful read).
MIN_CONTRAST = 40.0


def looks_like_table(
    image: np.ndarray, pose: TilePose, confidence: float, others: Sequence[TilePose]
) -> bool:
    """Whether a read back at ``pose`` is the table rather than a face-down tile."""
    if confidence < SURE_BACK and back_contrast(image, pose) < MIN_CONTRAST:
        return True
    return repeat_score(image, pose, others) > REPEATS


def back_contrast(image: np.ndarray, pose: TilePose) -> float:
    """The colour difference between the inside of a tile's two halves and a ring of table
    around it (BGR levels)."""
    back, ring = back_and_ring(image, pose)
    return float(np.linalg.norm(back - ring))


def back_and_ring(image: np.ndarray, pose: TilePose) -> tuple[np.ndarray, np.ndarray]:
    """The mean colour (BGR) inside a tile's two halves, and of a ring of table around it."""
    p, r = STRAIGHT_SIDE, RING_PX
    size = (2 * p + 2 * r, p + 2 * r)
    straight = straightened_around(image, pose, p, size, cv2.BORDER_REFLECT).astype(np.float32)
    inner = np.vstack(
        [
            straight[r + 1 : r + p - 1, r + 1 : r + p - 1].reshape(-1, 3),
            straight[r + 1 : r + p - 1, r + p + 1 : r + 2 * p - 1].reshape(-1, 3),
        ]
    )
    band = r - 1
    ring = np.vstack(
        [
            straight[:band].reshape(-1, 3),
            straight[-band:].reshape(-1, 3),
            straight[:, :band].reshape(-1, 3),
            straight[:, -band:].reshape(-1, 3),
        ]
    )
    return inner.mean(axis=0), ring.mean(axis=0)


def repeat_score(image: np.ndarray, pose: TilePose, others: Sequence[TilePose]) -> float:
    """How surely the look of the tile at ``pose`` (straightened, with a rim of table) is
    found again around it: the normalised correlation at the better of two shifts at least
    ACROSS degrees apart (-1 when no such shift is left to try).  Shifts onto ``others``
    (the other tiles read) do not count."""
    side = pose.side
    k = MATCH_SIDE / side
    # The template: the tile straightened (its axis along x) and its rim, in window px.
    tw = round(2 * (1 + MARGIN) * MATCH_SIDE)
    th = round(2 * (0.5 + MARGIN) * MATCH_SIDE)
    reach = round(MAX_SHIFT * MATCH_SIDE)
    ww, wh = tw + 2 * reach, th + 2 * reach
    u, v = pose.axis(), np.array([-pose.axis()[1], pose.axis()[0]])
    centre = np.array(pose.centre)
    # Window px (x, y) -> image point centre + ((x - ww/2) u + (y - wh/2) v) / k.
    matrix = np.float32(
        np.column_stack([u / k, v / k, centre - (ww / 2) * u / k - (wh / 2) * v / k])
    )
    flags = cv2.WARP_INVERSE_MAP | (cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR)
    window = cv2.warpAffine(image, matrix, (ww, wh), flags=flags, borderMode=cv2.BORDER_REFLECT)
    # Which window px show the picture (not its mirrored border), from where they map to.
    gy, gx = np.mgrid[0:wh, 0:ww].astype(np.float32)
    px = matrix[0, 0] * gx + matrix[0, 1] * gy + matrix[0, 2]
    py = matrix[1, 0] * gx + matrix[1, 1] * gy + matrix[1, 2]
    height, width = image.shape[:2]
    inside = ((px >= 0) & (px < width) & (py >= 0) & (py < height)).astype(np.float32)
    window = window.astype(np.float32)
    template = window[reach : reach + th, reach : reach + tw]
    if float(inside[reach : reach + th, reach : reach + tw].mean()) < 1 - OUTSIDE:
        return -1.0  # mostly out of the picture: nothing to compare
    if float(template.std()) < 1.0:
        return -1.0
    result = cv2.matchTemplate(window, template, cv2.TM_CCOEFF_NORMED)
    rows, cols = result.shape  # 2 reach + 1 each: shift (dx, dy) = (col - reach, row - reach)
    dy = np.arange(rows, dtype=np.float32)[:, None] - reach
    dx = np.arange(cols, dtype=np.float32)[None, :] - reach
    allowed = (np.abs(dx) >= MIN_MOVE * tw) | (np.abs(dy) >= MIN_MOVE * th)
    outside = cv2.boxFilter(1 - inside, -1, (tw, th), anchor=(0, 0), normalize=True)
    allowed &= outside[:rows, :cols] <= OUTSIDE
    left, top = dx + reach, dy + reach
    for other in others:
        corners = other.corners()
        if np.min(np.linalg.norm(corners - centre, axis=1)) > (MAX_SHIFT + 3) * side:
            continue
        local = corners - centre
        xs = local @ u * k + ww / 2
        ys = local @ v * k + wh / 2
        ox0, ox1, oy0, oy1 = xs.min(), xs.max(), ys.min(), ys.max()
        over_x = np.clip(np.minimum(left + tw, ox1) - np.maximum(left, ox0), 0, None)
        over_y = np.clip(np.minimum(top + th, oy1) - np.maximum(top, oy0), 0, None)
        allowed &= over_x * over_y <= ON_OTHER * (ox1 - ox0) * (oy1 - oy0)
    if not allowed.any():
        return -1.0
    # The best shift, then the best one across it: a cloth repeats in two directions (a
    # lattice), a line of alike tiles only along the line.
    best = np.argmax(np.where(allowed, result, -2.0))
    by, bx = np.unravel_index(best, result.shape)
    first = np.array([dx[0, bx], dy[by, 0]], np.float32)
    length = np.hypot(dx, dy) * float(np.hypot(*first))
    cosine = np.abs(dx * first[0] + dy * first[1]) / np.maximum(length, 1e-6)
    across = allowed & (cosine < math.cos(math.radians(ACROSS)))
    if not across.any():
        return -1.0
    return float(result[across].max())
