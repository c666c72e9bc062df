"""A card's outline from the finder's box and the card's edges, where the card stock cannot be
told from the table.

The card-stock mask (bright, unsaturated) is the outline wherever the table is darker or more
coloured than a card; on paper, a light floor, beige carpet or pale wood it runs into the table,
and the index corners read at its corners are not the card's.  The finder's box does not depend
on the stock's colour: it was taught on real photos to box a card whole.  A card of known
proportions rotated inside its box touches all four of the box's sides, and the box's width and
height fix the card's size and its angle, up to the mirror image (tilted left or right): two
outlines to choose from (:func:`inscribed`).  The card's edges choose: along the true outline
the image turns brighter inwards all along every side, along the mirror image it does not
(:func:`edge_support`).  Every deck prints its cards on light stock with a border, which is all
this relies on.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.cards.faces import RATIO
from vision.types import Box

Quad = tuple[tuple[float, float], ...]

#: Points sampled along each side, on its middle part (the rounded corners and the index set in
#: from them are left out: SIDE_SPAN of each side).
SIDE_POINTS = 24
SIDE_SPAN = 0.7
#: The brightness step is measured across the edge this share of the card's short side out and
#: in (a few pixels on a card 60 px wide: the edge blurred by the camera and compression).
STEP_REACH = 0.04
#: A side supports an outline at a point as much as the card side is brighter (0-255 grey) than
#: the table side, up to STEP_FULL: a card's border against any table but one as light as the
#: stock.
STEP_FULL = 30.0
#: A white card on white paper shows no step at its edge but a thin dark line (the card's
#: edge and the sliver of shadow beside it): a point supports the outline as much as the
#: darkest of the samples at these shares of STEP_REACH across the edge lies below both sides.
#: On the white-paper development singles (seed 8500, held-out deck designs) this read 130 of
#: 156 cards zero-shot against 124 with the step alone (the fits of ``combined`` then 138).
VALLEY_AT = (-0.5, 0.0, 0.5)
#: The outline is fitted to the edges by a pattern search over its centre, size and angle: first
#: steps (FIRST_SHIFT of the card's short side, FIRST_TURN degrees), halved until below
#: LAST_SHIFT px and LAST_TURN degrees or after MAX_ROUNDS tries.
FIRST_SHIFT = 0.08
FIRST_TURN = 6.0
LAST_SHIFT = 0.5
LAST_TURN = 0.5
MAX_ROUNDS = 120
#: Otsu's bright region is opened with a square this share of the box's short side, and is the
#: card only when it covers at least MIN_BRIGHT of the box.
OPEN_SHARE = 0.05
MIN_BRIGHT = 0.3

#: Where along a side (0 to 1) its support is measured.
_ALONG = (1.0 - SIDE_SPAN) / 2 + SIDE_SPAN * (np.arange(SIDE_POINTS) + 0.5) / SIDE_POINTS


def inscribed(box: Box) -> list[Quad]:
    """The outlines of a card of the card's proportions (RATIO) touching all four sides of
    ``box``: the card tilted one way and its mirror image (one where they coincide, the card
    square to the box); the box itself where its proportions are outside a card's turned any
    way (a card cut by the frame, or a box round a part of one)."""
    short_over_long = 1.0 / RATIO
    width, height = box.w, box.h
    if width <= 0 or height <= 0:
        return [_box_quad(box)]
    # A portrait card (short side s, long side l = s * RATIO) turned by t spans
    # w = s cos t + l sin t and h = s sin t + l cos t: solved for cos t and sin t.
    a = short_over_long
    denominator = a * a - 1.0
    cos_l = (a * width - height) / denominator  # l cos t
    sin_l = (a * height - width) / denominator  # l sin t
    if cos_l < 0 or sin_l < 0:
        return [_box_quad(box)]
    long = math.hypot(cos_l, sin_l)
    angle = math.degrees(math.atan2(sin_l, cos_l))
    centre = box.centre
    quads = [_turned(centre, long * a, long, angle)]
    if 0.5 < angle < 89.5:
        quads.append(_turned(centre, long * a, long, -angle))
    return quads


def brightest(grey: np.ndarray, box: Box) -> Quad | None:
    """The turned rectangle round the bright region at the box's centre, the box's grey split
    in two by Otsu's threshold: the card stock against a table of any colour darker than it
    (the stock mask's fixed brightness and saturation take a beige carpet or pale wood for
    stock).  Thin bridges to bright table patches are cut (OPEN_SHARE of the box's short side).
    None where the centre is not bright or the region is too small to be the card."""
    height, width = grey.shape[:2]
    left, top = max(0, int(box.x)), max(0, int(box.y))
    right, bottom = min(width, math.ceil(box.x + box.w)), min(height, math.ceil(box.y + box.h))
    if right - left < 8 or bottom - top < 8:
        return None
    crop = grey[top:bottom, left:right]
    _, bright = cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    size = max(3, int(OPEN_SHARE * min(crop.shape)) | 1)
    bright = cv2.morphologyEx(bright, cv2.MORPH_OPEN, np.ones((size, size), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(bright)
    if count < 2:
        return None
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[largest, cv2.CC_STAT_AREA] < MIN_BRIGHT * crop.size:
        return None
    points = np.argwhere(labels == largest)[:, ::-1].astype(np.float32)
    (cx, cy), (w, h), angle = cv2.minAreaRect(points)
    short, long = min(w, h), max(w, h)
    if long < 2:
        return None
    turn = angle if w <= h else angle + 90.0
    return _turned((cx + left, cy + top), short, short * RATIO, turn)


def edge_support(grey: np.ndarray, quad: Quad) -> float:
    """The mean of :func:`side_support` over the four sides."""
    return float(np.mean(side_support(grey, quad)))


def side_support(grey: np.ndarray, quad: Quad) -> np.ndarray:
    """For each side of the outline, how much brighter the image is just inside it than just
    outside, or how deep a dark line runs along it (VALLEY_AT), at SIDE_POINTS along it
    (SIDE_SPAN of it), each point counting up to STEP_FULL, as a share of the most: near 1
    along a card's true edges, low along a line crossing the card and the table, or the card
    and another card."""
    q = np.asarray(quad, np.float64)
    ends = np.roll(q, -1, axis=0)
    sides = ends - q
    lengths = np.maximum(np.linalg.norm(sides, axis=1), 1e-9)
    reach = max(1.5, STEP_REACH * float(lengths.min()))
    normals = np.stack([-sides[:, 1], sides[:, 0]], axis=1) / lengths[:, None]
    outward = np.einsum("ij,ij->i", q.mean(axis=0) - (q + ends) / 2, normals) < 0
    normals[outward] *= -1.0  # inwards
    points = q[:, None, :] + _ALONG[None, :, None] * sides[:, None, :]
    offsets = reach * normals[:, None, :]
    shares = (1.0, -1.0, *VALLEY_AT)  # inside, outside, across the edge: one remap for all
    found = _sample(grey, np.concatenate([(points + f * offsets).reshape(-1, 2) for f in shares]))
    grey_in, grey_out, *across = found.reshape(len(shares), -1)
    valley = np.minimum(grey_in, grey_out) - np.min(across, axis=0)
    step = np.maximum(grey_in - grey_out, valley)
    return np.clip(step, 0.0, STEP_FULL).reshape(4, SIDE_POINTS).mean(axis=1) / STEP_FULL


def best_outline(grey: np.ndarray, candidates: list[Quad]) -> tuple[Quad, float]:
    """The candidate outline its edges support best, with its support."""
    supports = [edge_support(grey, quad) for quad in candidates]
    best = int(np.argmax(supports))
    return candidates[best], supports[best]


def fitted(grey: np.ndarray, start: Quad) -> tuple[Quad, float]:
    """The card outline near ``start`` its edges support best (a pattern search over the
    centre, the short side and the angle, the card's proportions kept), with its support."""
    q = np.asarray(start, np.float64)
    short = float(np.linalg.norm(q[1] - q[0]))
    side = q[3] - q[0]
    params = np.array(
        [*q.mean(axis=0), short, math.degrees(math.atan2(side[0], side[1]))], np.float64
    )

    def outline(p: np.ndarray) -> Quad:
        return _turned((p[0], p[1]), p[2], p[2] * RATIO, -p[3])

    best = edge_support(grey, outline(params))
    steps = np.array([FIRST_SHIFT * short] * 3 + [FIRST_TURN])
    last = np.array([LAST_SHIFT] * 3 + [LAST_TURN])
    for _ in range(MAX_ROUNDS):
        if np.all(steps < last):
            break
        moved = False
        for k in range(4):
            for sign in (1.0, -1.0):
                trial = params.copy()
                trial[k] += sign * steps[k]
                if trial[2] <= 2:
                    continue
                support = edge_support(grey, outline(trial))
                if support > best:
                    params, best, moved = trial, support, True
                    break
        if not moved:
            steps = steps / 2
    return outline(params), best


def _sample(grey: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Bilinear grey values at the points; points outside the image read as the nearest edge."""
    height, width = grey.shape[:2]
    xs = np.clip(points[:, 0], 0, width - 1).astype(np.float32)
    ys = np.clip(points[:, 1], 0, height - 1).astype(np.float32)
    values = cv2.remap(grey, xs[None, :], ys[None, :], cv2.INTER_LINEAR)
    return values[0].astype(np.float64)


def _turned(centre: tuple[float, float], short: float, long: float, angle: float) -> Quad:
    """A card's outline turned by ``angle`` degrees, starting on a short side."""
    corners = cv2.boxPoints((centre, (short, long), angle)).astype(np.float64)
    if np.linalg.norm(corners[1] - corners[0]) > np.linalg.norm(corners[3] - corners[0]):
        corners = np.roll(corners, -1, axis=0)
    return tuple((float(x), float(y)) for x, y in corners)


def _box_quad(box: Box) -> Quad:
    """The box as an outline, starting on a short side."""
    corners = np.array(
        [
            [box.x, box.y],
            [box.x + box.w, box.y],
            [box.x + box.w, box.y + box.h],
            [box.x, box.y + box.h],
        ]
    )
    if box.w > box.h:
        corners = np.roll(corners, -1, axis=0)
    return tuple((float(x), float(y)) for x, y in corners)


def share_inside(quad: Quad, box: Box) -> float:
    """How much of the box round an outline lies inside ``box``."""
    around = bounding(quad)
    width = min(around.x + around.w, box.x + box.w) - max(around.x, box.x)
    height = min(around.y + around.h, box.y + box.h) - max(around.y, box.y)
    area = around.w * around.h
    return max(0.0, width) * max(0.0, height) / area if area > 0 else 0.0


def bounding(quad: Quad) -> Box:
    """The axis-aligned box round an outline."""
    xs, ys = [x for x, _ in quad], [y for _, y in quad]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
