"""Reading a Reversi board from a photograph taken from above.

The board is found, not declared: the playing area is the densest green in view with the
pieces of the same green at its edge (the discs and grid lines inside it are filled over), and
the four sides of its outline, met, are the grid's frame.  The camera looks at the board with row
1 at the top of the picture (docs/rules/reversi.md O2), so the top left corner in the picture
is a1 (a small turn of the board is fine; a board turned by a quarter is read turned).  The
quadrilateral is warped square-on and each square read on its own: a centre that is green
like the board is empty, otherwise a disc, black when its centre is darker than the board's
green round it, white when lighter.  Comparing each disc with the green beside it, not with a
fixed level, keeps the read right under a lamp's uneven light.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.types import Box

#: Hue (OpenCV's 0-180), the least saturation and the least chroma (the spread of B, G, R) of
#: a board's green: the greens of Othello boards, from yellowish to blue-green, under dim or
#: bright light.  Saturation keeps out a white disc faintly tinted; chroma a dark grey cloth
#: tinted green by noise, highly saturated with no colour to speak of (seed 9011 of the first
#: measurement).  The hue stops short of blue: a blue cloth's noise reaches down to about 100
#: (seed 14113), the bluest board green up to about 85.
GREEN_HUE = (35, 92)
GREEN_SAT = 60
GREEN_CHROMA = 28
#: The board must cover at least this share of the picture to be taken for one.
LEAST_AREA = 0.04
#: A side of the board runs within this many degrees of across or down the picture: the
#: camera sees the board with row 1 at the top (a small turn, a tilt's slant of the sides).
SIDE_SLANT = 30
#: Green cut off from the board's main region belongs to the board when it lies within this
#: share of the region's size (the square root of its area) outside it: a corner square's green
#: between its disc and the lines, well under a square away.
PIECE_REACH = 0.08
PIECE_LEAST = 0.015
#: ... and is as saturated and as light as the board's green, at least this share of its mean
#: saturation and value: a grey cloth's noise passes for green pixel by pixel, barely (seed
#: 19289), a dark cloth's is darker (seed 12240).
PIECE_LIGHT = 0.6
#: Pixels a square is read at, once warped square-on.
READ_PX = 40
#: A square's centre is empty when at least this share of its disc area is board green.
EMPTY_GREEN = 0.45
#: The disc area read: a circle of this share of a square round its centre (well inside any
#: disc, so a disc lying a little off centre is still read on its own colour).
DISC_SHARE = 0.22
#: A disc's lightness is the level DARK_SHARE per cent of its centre's pixels stay under, not
#: the median: a glossy black disc's highlight can cover half its centre, lighter than a dark
#: board's green (seed 17028), while a white disc has almost nothing dark.
DARK_SHARE = 25
#: A square is read for sure (1.0) when its centre's green share is this far from
#: EMPTY_GREEN, and a disc when its value differs from the board's by a factor of
#: SURE_CONTRAST's exponent (1.6 times darker or lighter); halfway to either, 0.75.
SURE_SPAN = 0.25
SURE_CONTRAST = float(np.log(1.6))


@dataclass(frozen=True)
class BoardReading:
    """One picture's board: the cells row by row from the top (``B``, ``W``, ``.``), the
    playing area's corners in the picture (top left, top right, bottom right, bottom left), and
    how sure the read of each square is (0-1)."""

    board: str
    size: int
    corners: np.ndarray
    sureness: tuple[float, ...]

    @property
    def confidence(self) -> float:
        return min(self.sureness)

    @property
    def box(self) -> Box:
        left, top = self.corners.min(axis=0)
        right, bottom = self.corners.max(axis=0)
        return Box(float(left), float(top), float(right - left), float(bottom - top))

    def square_box(self, index: int) -> Box:
        """The square's box in the picture (for drawing what was read)."""
        row, col = divmod(index, self.size)
        unit = np.float32([[col, row], [col + 1, row], [col + 1, row + 1], [col, row + 1]])
        points = _grid_to_image(self.corners, self.size, unit)
        left, top = points.min(axis=0)
        right, bottom = points.max(axis=0)
        return Box(float(left), float(top), float(right - left), float(bottom - top))


def green_mask(image: np.ndarray) -> np.ndarray:
    """255 where a pixel is the board's green (see GREEN_HUE, GREEN_SAT, GREEN_CHROMA), else 0."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    hue_sat = cv2.inRange(hsv, (GREEN_HUE[0], GREEN_SAT, 0), (GREEN_HUE[1], 255, 255))
    blue, green, red = cv2.split(image)
    chroma = cv2.subtract(cv2.max(cv2.max(blue, green), red), cv2.min(cv2.min(blue, green), red))
    return cv2.bitwise_and(hue_sat, cv2.inRange(chroma, GREEN_CHROMA, 255))


def find_board(image: np.ndarray, size: int = 8) -> np.ndarray | None:
    """The playing area's four corners (top left, top right, bottom right, bottom left), or
    None where no green quadrilateral large enough is in view; ``size`` is the board's side in
    squares (how large a square is)."""
    height, width = image.shape[:2]
    green = green_mask(image)
    reach = max(3, round(0.02 * min(height, width)))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach))
    mask = cv2.morphologyEx(green, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    cluster, others = _densest(mask, contours, reach)
    anchor = max(cluster, key=cv2.contourArea)
    least = PIECE_LIGHT * _colour_in(anchor, hsv, green)
    square = cv2.contourArea(cv2.convexHull(np.vstack(cluster))) / size**2

    def board_green(piece: np.ndarray) -> bool:
        """Green as saturated and as light as the board's, and more than a speck of noise."""
        return cv2.contourArea(piece) >= PIECE_LEAST * square and bool(
            (_colour_in(piece, hsv, green) >= least).all()
        )

    seed = np.vstack([anchor, *(c for c in cluster if c is not anchor and board_green(c))])
    if cv2.contourArea(cv2.convexHull(seed)) < LEAST_AREA * height * width:
        return None
    hull = _board_hull([c for c in others if board_green(c)], seed)
    outline = cv2.approxPolyDP(hull, 0.01 * cv2.arcLength(hull, True), True)
    outline = outline.reshape(-1, 2).astype(np.float64)
    if len(outline) < 4:
        return None
    moments = cv2.moments(hull)
    centre = np.array([moments["m10"], moments["m01"]]) / max(moments["m00"], 1.0)
    corners = _sides_met(outline, centre)
    return None if corners is None else _ordered(corners)


def _densest(
    mask: np.ndarray, contours: Sequence[np.ndarray], reach: int
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The green regions that lie together, within twice ``reach`` of each other, holding the
    most green: the board.  A crowded board's green is a web between the discs that the discs
    and lines cut into many small pieces, none of them large (seed 15363); a cloth's green
    noise is a scatter of specks.  Then the other regions."""
    span = 4 * reach + 1
    bridged = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (span, span)))
    count, labels = cv2.connectedComponents(bridged)
    held = np.bincount(labels[mask > 0], minlength=count)
    held[0] = 0
    best = int(np.argmax(held))
    inside = [labels[c[0, 0, 1], c[0, 0, 0]] == best for c in contours]
    return (
        [c for c, yes in zip(contours, inside, strict=True) if yes],
        [c for c, yes in zip(contours, inside, strict=True) if not yes],
    )


def _colour_in(contour: np.ndarray, hsv: np.ndarray, green: np.ndarray) -> np.ndarray:
    """How saturated and how light the green within a region is (its pixels' means)."""
    x, y, w, h = cv2.boundingRect(contour)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [contour], -1, 255, -1, offset=(-x, -y))
    inside &= green[y : y + h, x : x + w]
    return np.array(cv2.mean(hsv[y : y + h, x : x + w], mask=inside)[1:3])


def _board_hull(pieces: Sequence[np.ndarray], seed: np.ndarray) -> np.ndarray:
    """The convex hull of the board's green: the seed (the densest green) and every piece of
    the board's green that lies within reach of what is taken so far, a corner square's green
    cut off by its disc and the lines (seed 14343); leaving it out cuts the board's corner
    off.  Pieces of a cloth's duller or darker green (seeds 19289, 12240) and specks of noise
    on the frame (seed 9183) were left out before."""
    reach = PIECE_REACH * np.sqrt(cv2.contourArea(cv2.convexHull(seed)))
    taken, rest = [seed], list(pieces)
    grown = True
    while grown and rest:
        hull = cv2.convexHull(np.vstack(taken))
        near = [
            max(cv2.pointPolygonTest(hull, (float(x), float(y)), True) for x, y in c.reshape(-1, 2))
            >= -reach
            for c in rest
        ]
        taken += [c for c, close in zip(rest, near, strict=True) if close]
        rest = [c for c, close in zip(rest, near, strict=True) if not close]
        grown = any(near)
    return cv2.convexHull(np.vstack(taken))


def _sides_met(outline: np.ndarray, centre: np.ndarray) -> np.ndarray | None:
    """The four corners where the board's four sides, extended, meet.  Each side is the
    outline's longest stretch running across (top and bottom) or down (left and right) on its
    side of the centre, within SIDE_SLANT degrees: the discs on a crowded board's edge squares
    and the dark lines round them cut the green's corners off, leaving slanted stretches that
    are no side (seed 14343).  None where a side is missing altogether."""
    ends = np.roll(outline, -1, axis=0)
    run = ends - outline
    lengths = np.linalg.norm(run, axis=1)
    angle = np.degrees(np.arctan2(run[:, 1], run[:, 0])) % 180
    middle = (outline + ends) / 2
    across = (angle < SIDE_SLANT) | (angle > 180 - SIDE_SLANT)
    down = np.abs(angle - 90) < SIDE_SLANT
    chosen = []
    for kind, axis, before in (
        (across, 1, True),
        (down, 0, False),
        (across, 1, False),
        (down, 0, True),
    ):  # top, right, bottom, left
        fits = kind & ((middle[:, axis] < centre[axis]) == before)
        if not fits.any():
            return None
        best = int(np.argmax(np.where(fits, lengths, -1.0)))
        chosen.append((outline[best], ends[best]))
    return np.array(
        [_meet(*chosen[k - 1], *chosen[k]) for k in (0, 1, 2, 3)]
    )  # left-top, top-right, right-bottom, bottom-left


def _meet(a1: np.ndarray, a2: np.ndarray, b1: np.ndarray, b2: np.ndarray) -> np.ndarray:
    """Where the line through a1, a2 meets the line through b1, b2 (a2 where they are
    parallel, which four sides of a board never are)."""
    da, db = a2 - a1, b2 - b1
    cross = da[0] * db[1] - da[1] * db[0]
    if abs(cross) < 1e-9:
        return a2
    t = ((b1[0] - a1[0]) * db[1] - (b1[1] - a1[1]) * db[0]) / cross
    return a1 + t * da


def _ordered(points: np.ndarray) -> np.ndarray:
    """Four corners as top left, top right, bottom right, bottom left in the picture."""
    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    ring = points[np.argsort(angles)]  # clockwise on screen, from the left
    start = int(np.argmin(ring.sum(axis=1)))
    return np.roll(ring, -start, axis=0)


def _grid_to_image(corners: np.ndarray, size: int, points: np.ndarray) -> np.ndarray:
    """Points in grid units (0..size) carried into the picture."""
    src = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
    matrix = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float32), matrix).reshape(
        -1, 2
    )


class BoardReader:
    """Reads an n × n board (``size``, 8 by default) from a picture: ``read`` gives one
    :class:`BoardReading`, or none where no board is in view."""

    def __init__(self, size: int = 8) -> None:
        self.size = size

    def read(self, image: np.ndarray) -> list[BoardReading]:
        corners = find_board(image, self.size)
        if corners is None:
            return []
        side = self.size * READ_PX
        target = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
        matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
        flat = cv2.warpPerspective(image, matrix, (side, side), flags=cv2.INTER_AREA)
        cells, sureness = self._squares(flat)
        return [BoardReading("".join(cells), self.size, corners, tuple(sureness))]

    def _squares(self, flat: np.ndarray) -> tuple[list[str], list[float]]:
        hsv = cv2.cvtColor(flat, cv2.COLOR_BGR2HSV)
        green = green_mask(flat) > 0
        value = hsv[..., 2].astype(np.float32)
        px = READ_PX
        ys, xs = np.mgrid[0:px, 0:px].astype(np.float32) + 0.5
        middle = (xs - px / 2) ** 2 + (ys - px / 2) ** 2 <= (DISC_SHARE * px) ** 2
        # The board's own green next to the disc: the square's corners, inside its lines.
        inset = (np.minimum(xs, px - xs) < 0.2 * px) & (np.minimum(ys, px - ys) < 0.2 * px)
        inset &= (np.minimum(xs, px - xs) > 0.06 * px) & (np.minimum(ys, px - ys) > 0.06 * px)
        cells, sureness = [], []
        for row in range(self.size):
            for col in range(self.size):
                window = (slice(row * px, (row + 1) * px), slice(col * px, (col + 1) * px))
                share = float(green[window][middle].mean())
                if share >= EMPTY_GREEN:
                    cells.append(".")
                    sureness.append(0.5 + 0.5 * min((share - EMPTY_GREEN) / SURE_SPAN, 1.0))
                    continue
                here = value[window]
                around = here[inset & green[window]]
                board_value = float(np.median(around)) if around.size else float(np.median(here))
                ratio = float(np.percentile(here[middle], DARK_SHARE)) / max(board_value, 1.0)
                cells.append("B" if ratio < 1.0 else "W")
                contrast = min(abs(np.log(max(ratio, 1e-3))) / SURE_CONTRAST, 1.0)
                covered = min((EMPTY_GREEN - share) / SURE_SPAN, 1.0)
                sureness.append(0.5 + 0.5 * contrast * covered)
        return cells, sureness
