"""Stage one of reading dice: where the dice are.

A die stands out from the table by colour or brightness, whatever the die and the table are, so
the finder models the table (a smooth colour field from a thumbnail, which absorbs uneven light
and ignores the dice) and keeps what differs from it.  Blobs of die size become candidates;
a row of touching dice (one long blob) is cut into squares.  Each candidate is a rotated
rectangle in pixels of the input image, and :func:`cut_patch` rectifies it into the small square
patch that both pip readers (classical and learned) look at.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.types import Box

WORK_SIZE = 480
"""Dice are found on a copy no larger than this (longest side): enough for dice of 3 % of the
frame, and cheap enough for 30 frames per second at 1280x720 on one core."""

MIN_DIE, MAX_DIE = 0.025, 0.3
"""A die's side as a fraction of the frame's shorter side: smaller or larger blobs are not dice."""

THRESHOLD_FLOOR, THRESHOLD_SPREAD = 14.0, 5.0
"""A pixel is not table when its colour distance from the table model exceeds the floor and the
typical distance plus this many spreads (wood grain and felt fibres raise both)."""

PATCH = 64
"""The side of a die patch in pixels."""

PATCH_MARGIN = 0.15
"""Table shown around the die in a patch, as a fraction of its longer side on each side: the
outline tells a cocked die from a flat one."""


@dataclass(frozen=True)
class Candidate:
    """A blob that may be a die: centre, side lengths (``w`` along the angle) and angle in
    degrees, all in pixels of the input image."""

    cx: float
    cy: float
    w: float
    h: float
    angle: float

    def box(self) -> Box:
        """The axis-aligned box around the rotated rectangle."""
        points = cv2.boxPoints(((self.cx, self.cy), (self.w, self.h), self.angle))
        x0, y0 = points.min(axis=0)
        x1, y1 = points.max(axis=0)
        return Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0))


def table_model(lab: np.ndarray) -> np.ndarray:
    """The table's colour at every pixel, from a thumbnail: a median over a few cells, then
    whatever still stands out from it (dice, a hand, a laptop) painted over from the table
    around it and the median taken again.  Uneven light and planks stay table; dice do not
    leak into it, so the table right beside a die is not mistaken for die."""
    h, w = lab.shape[:2]
    width = 48
    small = cv2.resize(lab, (width, max(8, round(width * h / w))), interpolation=cv2.INTER_AREA)
    model = cv2.medianBlur(small, 5)
    for _ in range(2):
        off = np.abs(small.astype(np.int16) - model.astype(np.int16)).max(axis=2) > 8
        off = cv2.dilate(off.astype(np.uint8), np.ones((3, 3), np.uint8))
        model = cv2.medianBlur(cv2.inpaint(small, off, 3, cv2.INPAINT_TELEA), 5)
    return cv2.resize(model, (w, h), interpolation=cv2.INTER_LINEAR)


def foreground(image: np.ndarray) -> np.ndarray:
    """A 0/255 mask of what is not table, on the image as given."""
    lab = cv2.cvtColor(cv2.GaussianBlur(image, (3, 3), 0), cv2.COLOR_BGR2LAB)
    model = table_model(lab)
    difference = cv2.absdiff(lab, model)
    # Light varies more than colour over a table: lightness counts a little less.
    distance = cv2.transform(difference, np.array([[0.8, 1.0, 1.0]], np.float32))
    sample = distance[::4, ::4]
    level = float(np.median(sample))
    spread = float(np.median(np.abs(sample - level))) * 1.4826
    threshold = max(THRESHOLD_FLOOR, level + THRESHOLD_SPREAD * spread)
    mask = (distance > threshold).astype(np.uint8) * 255
    # Opening with a 5 px disc cuts thin lines (plank seams, cables' edges) from the dice that
    # touch them; closing fills pips, so a die is one blob.
    mask = cv2.morphologyEx(
        mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    )
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel, iterations=2)


def find_dice(image: np.ndarray) -> list[Candidate]:
    """Candidates for dice in a BGR image, in pixels of that image."""
    h, w = image.shape[:2]
    scale = min(1.0, WORK_SIZE / max(h, w))
    work = (
        image
        if scale == 1.0
        else cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    )
    mask = foreground(work)
    short = min(work.shape[:2])
    smallest, largest = MIN_DIE * short, MAX_DIE * short
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    blobs, clusters = [], []
    for contour in contours:
        blob = _blob(contour, smallest)
        if blob is None:
            continue
        side = min(blob[3], blob[4])
        if smallest <= side <= largest and blob[0] / max(1.0, blob[3] * blob[4]) >= 0.75:
            blobs.append(blob)
        elif side >= smallest:
            clusters.append(contour)
    # The dice of one throw are one size: the typical blob is one die.
    sides = [min(rw, rh) for _, _, _, rw, rh, _ in blobs]
    die = float(np.median(sides)) if sides else None
    for contour in clusters if die else []:
        # Dice that touch or hide each other's sides make one ragged blob: one die per peak of
        # the distance to the blob's edge (each die's middle is furthest from it).  Larger
        # blobs are not dice (a laptop, an arm, a cable across the table).
        if cv2.contourArea(contour) > 6 * die * die:
            continue
        for part in _split_cluster(contour, die):
            blob = _blob(part, smallest)
            if blob is None or not 0.6 * die <= min(blob[3], blob[4]) <= 1.6 * die:
                continue
            if blob[0] / max(1.0, blob[3] * blob[4]) >= 0.75:
                blobs.append(blob)
    found: list[Candidate] = []
    for area, cx, cy, rw, rh, angle in blobs:
        # A blob of twice a die's area and clearly longer than wide is two touching dice
        # (three, ...), cut along its length; a lone die seen at a slant, with its shadow, or
        # cocked is up to 1.6 times longer than wide.
        side, length = min(rw, rh), max(rw, rh)
        count = 1
        if length >= 1.75 * side:
            count = round(length / side)
        elif die and length >= 1.4 * side and area >= 1.6 * die * die:
            count = max(1, round(length / die))
        if count > 6:
            continue
        for piece in _cut_row(cx, cy, rw, rh, angle, count):
            found.append(Candidate(*(v / scale for v in piece[:4]), piece[4]))
    return found


def _blob(contour: np.ndarray, smallest: float) -> tuple[float, ...] | None:
    """Area, centre, sides and angle of a contour's hull (the hull closes the bites that pips on
    the edge and shaded side faces leave); None when it is too small for a die."""
    hull = cv2.convexHull(contour)
    area = cv2.contourArea(hull)
    if area < smallest * smallest * 0.6:
        return None
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(hull)
    return (area, cx, cy, rw, rh, angle)


def _split_cluster(contour: np.ndarray, die: float) -> list[np.ndarray]:
    """The contours of the dice in a ragged blob (filled, so pips are no holes): its pixels
    shared out between the peaks of the distance to its edge (peaks at least half a die apart
    and a quarter of a die deep) by a watershed."""
    x, y, w, h = cv2.boundingRect(contour)
    region = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(region, [contour], -1, 255, -1, offset=(1 - x, 1 - y))
    depth = cv2.distanceTransform(region, cv2.DIST_L2, 3)
    reach = max(3, int(die * 0.5) | 1)
    peaks = (depth >= cv2.dilate(depth, np.ones((reach, reach), np.uint8))) & (depth > die * 0.25)
    count, marks = cv2.connectedComponents(peaks.astype(np.uint8))
    if count <= 2:
        return [contour]
    markers = marks.astype(np.int32)
    markers[region == 0] = count  # the table is one more basin
    cv2.watershed(cv2.cvtColor(region, cv2.COLOR_GRAY2BGR), markers)
    parts = []
    for index in range(1, count):
        piece = ((markers == index) & (region > 0)).astype(np.uint8)
        found, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        parts += [c + np.array([x - 1, y - 1], np.int32) for c in found]
    return parts


def _cut_row(
    cx: float, cy: float, rw: float, rh: float, angle: float, count: int
) -> list[tuple[float, float, float, float, float]]:
    """Cut a rotated rectangle into ``count`` equal pieces along its longer side."""
    if count == 1:
        return [(cx, cy, rw, rh, angle)]
    rad = np.deg2rad(angle)
    along = (
        np.array([np.cos(rad), np.sin(rad)]) if rw >= rh else np.array([-np.sin(rad), np.cos(rad)])
    )
    length = max(rw, rh)
    step = length / count
    pieces = []
    for i in range(count):
        offset = (i + 0.5) * step - length / 2
        px, py = np.array([cx, cy]) + offset * along
        if rw >= rh:
            pieces.append((float(px), float(py), step, rh, angle))
        else:
            pieces.append((float(px), float(py), rw, step, angle))
    return pieces


def cut_patch(image: np.ndarray, candidate: Candidate, size: int = PATCH) -> np.ndarray:
    """The candidate rectified into a ``size`` square: the die upright in the middle, its longer
    side spanning ``1 - 2 * PATCH_MARGIN`` of the patch, its aspect kept."""
    span = max(candidate.w, candidate.h) * (1 + 2 * PATCH_MARGIN)
    scale = size / span
    matrix = cv2.getRotationMatrix2D((candidate.cx, candidate.cy), candidate.angle, scale)
    matrix[:, 2] += np.array([size / 2, size / 2]) - np.array([candidate.cx, candidate.cy])
    return cv2.warpAffine(
        image, matrix, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
