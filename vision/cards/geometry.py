"""Where cards lie: the card-stock mask, card corners found on its outline, and the straightened
corner patch both readers look at.

A card is found by its corners, not its whole outline, because in a Durak bout a defending card
lies across the attack card and the two merge into one white blob.  Each convex corner of a blob
outline where two long straight edges meet near a right angle is a candidate; the corner's two
edges are ordered so the card lies in the (u, v) quadrant with ``det(u, v) > 0``.  With that one
rule the top-left corner of an upright card and its bottom-right corner (whose index is printed
turned half round) give the same upright index patch, and the two blank corners give patches
turned a quarter, which the readers learn to reject.  The covered card of a pair is read from
its top-left corner, the covering card from its bottom-right one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.cards.faces import RATIO

#: The corner patch: PATCH_W x PATCH_H px showing PATCH_U x PATCH_V card widths.
PATCH_W = 24
PATCH_H = 40
PATCH_U = 0.26
PATCH_V = 0.4333
#: Extra border (share of the card width) the template matcher searches within.
SEARCH_MARGIN = 0.04
#: Card stock: saturation at most this and value at least MIN_VALUE (HSV, 0..255).
MAX_SATURATION = 70
MIN_VALUE = 120


@dataclass(frozen=True)
class Corner:
    """A card corner: the point, the unit directions of its two edges (card interior in the
    quadrant they span, ``det(u, v) > 0``) and the card width in px around it."""

    point: tuple[float, float]
    u: tuple[float, float]
    v: tuple[float, float]
    scale: float

    def quad(self) -> np.ndarray:
        """The whole card if this corner is an index corner (u along the short side)."""
        p, u, v = np.array(self.point), np.array(self.u), np.array(self.v)
        w, h = self.scale, self.scale * RATIO
        return np.array([p, p + w * u, p + w * u + h * v, p + h * v], np.float32)

    def index_quad(self) -> np.ndarray:
        """The index area (the patch) in the image."""
        p, u, v = np.array(self.point), np.array(self.u), np.array(self.v)
        a, b = PATCH_U * self.scale, PATCH_V * self.scale
        return np.array([p, p + a * u, p + a * u + b * v, p + b * v], np.float32)


def stock_mask(image: np.ndarray) -> np.ndarray:
    """255 where the image shows white or cream card stock (low saturation, bright).  Specks
    are opened away, and notches closed: an index printed close to the edge, blurred by the
    camera, would otherwise bite into the card's outline and break its corner."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    mask = cv2.inRange(hsv, (0, 0, MIN_VALUE), (180, MAX_SATURATION, 255))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))


def corner_patch(image: np.ndarray, corner: Corner, margin: float = 0.0) -> np.ndarray:
    """The straightened index area of ``corner`` (BGR), with ``margin`` card widths around it:
    (PATCH_H + 2m) x (PATCH_W + 2m) px where m = margin / PATCH_U * PATCH_W."""
    px_u = PATCH_U * corner.scale / PATCH_W  # image px per patch px along u
    px_v = PATCH_V * corner.scale / PATCH_H
    extra = round(margin / PATCH_U * PATCH_W)
    u, v = np.array(corner.u), np.array(corner.v)
    origin = np.array(corner.point) - extra * (px_u * u + px_v * v)
    # patch (x, y) -> image: origin + (x + 0.5) px_u u + (y + 0.5) px_v v
    matrix = np.array(
        [
            [px_u * u[0], px_v * v[0], origin[0] + 0.5 * (px_u * u[0] + px_v * v[0])],
            [px_u * u[1], px_v * v[1], origin[1] + 0.5 * (px_u * u[1] + px_v * v[1])],
        ],
        np.float32,
    )
    size = (PATCH_W + 2 * extra, PATCH_H + 2 * extra)
    return cv2.warpAffine(
        image,
        matrix,
        size,
        flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


def card_scale(contours: list[np.ndarray]) -> float | None:
    """The card width in px, by a vote of the full card edges (both ends right-angle corners)
    of all blobs: each is a card's width or its height, while a card cut by the stock or a hand
    gives edges of any length, which agree with nothing.  None when nothing looks like a card."""
    shorts = [min(cv2.minAreaRect(contour)[1]) for contour in contours]
    shorts = [short for short in shorts if short >= 8]
    if not shorts:
        return None
    provisional = 0.8 * max(shorts)
    lengths = []
    for contour in contours:
        found = _blob_corners(contour.reshape(-1, 2).astype(np.float64), provisional)
        for (first, _, end), (second, start, _) in zip(found, found[1:] + found[:1], strict=True):
            if end == start and len(found) > 1:
                lengths.append(math.dist(first.point, second.point))
    if not lengths:
        return provisional
    candidates = [length for length in lengths] + [length / RATIO for length in lengths]

    def votes(width: float) -> float:
        """Total length of the edges agreeing with ``width``: long edges count more, which
        keeps the stub of a trump under the stock from outvoting whole cards."""
        return sum(
            length
            for length in lengths
            if min(abs(length - width), abs(length - width * RATIO)) < 0.06 * width
        )

    return float(max(candidates, key=lambda width: (votes(width), width)))


def find_corners(image: np.ndarray, scale: float | None = None) -> tuple[list[Corner], float]:
    """Every card-corner candidate in ``image`` and the card width used (px; measured from the
    image unless given).  No candidates and width 0 when nothing looks like a card."""
    mask = stock_mask(image)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contours = [c for c in contours if cv2.contourArea(c) > 400]
    if scale is None:
        scale = card_scale(contours)
    if not scale:
        return [], 0.0
    corners: list[Corner] = []
    for contour in contours:
        if cv2.contourArea(contour) < 0.15 * scale * scale:
            continue
        found = _blob_corners(contour.reshape(-1, 2).astype(np.float64), scale)
        corners.extend(corner for corner, _, _ in found)
    return corners, scale


def _blob_corners(points: np.ndarray, scale: float) -> list[tuple[Corner, int, int]]:
    """Right-angle meetings of long straight edges along one blob outline, each with the
    indices of its two edges in the outline's polygon (in outline order)."""
    poly = cv2.approxPolyDP(points.astype(np.float32), max(2.0, 0.03 * scale), True).reshape(-1, 2)
    n = len(poly)
    if n < 3:
        return []
    orientation = 1.0 if _signed_area(poly) > 0 else -1.0
    segments = [
        (poly[i].astype(np.float64), poly[(i + 1) % n].astype(np.float64)) for i in range(n)
    ]
    long_edges = [i for i, (a, b) in enumerate(segments) if np.hypot(*(b - a)) >= 0.18 * scale]
    corners = []
    for k, i in enumerate(long_edges):
        j = long_edges[(k + 1) % len(long_edges)]
        if j == i:
            continue
        between = range(i + 1, j if j > i else j + n)
        gap = sum(np.hypot(*(segments[m % n][1] - segments[m % n][0])) for m in between)
        if gap > 0.2 * scale:
            continue
        a0, a1 = segments[i]
        b0, b1 = segments[j]
        d1 = (a1 - a0) / np.hypot(*(a1 - a0))
        d2 = (b1 - b0) / np.hypot(*(b1 - b0))
        cross = d1[0] * d2[1] - d1[1] * d2[0]
        if abs(float(np.dot(d1, d2))) > 0.35 or cross * orientation <= 0:
            continue  # not near a right angle, or a concave (inner) corner
        point = _intersect(a0, d1, b0, d2)
        if point is None or max(np.hypot(*(point - a1)), np.hypot(*(point - b0))) > 0.2 * scale:
            continue
        first, second = d2, -d1  # both point from the corner along the card's edges
        if first[0] * second[1] - first[1] * second[0] < 0:
            first, second = second, first
        corner = Corner((float(point[0]), float(point[1])), tuple(first), tuple(second), scale)
        corners.append((corner, i, j))
    return corners


def _signed_area(poly: np.ndarray) -> float:
    x, y = poly[:, 0].astype(np.float64), poly[:, 1].astype(np.float64)
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


def _intersect(p: np.ndarray, d: np.ndarray, q: np.ndarray, e: np.ndarray) -> np.ndarray | None:
    det = d[0] * (-e[1]) - d[1] * (-e[0])
    if abs(det) < 1e-6:
        return None
    diff = q - p
    t = (diff[0] * (-e[1]) - diff[1] * (-e[0])) / det
    return p + t * d
