"""Image px <-> table mm for a carom table: from the cushions the camera sees, or four points.

The cloth and the cushion tops are one green rectangle in the image, notched at the corners by
the pockets.  Its four sides are fitted as straight lines (leaving out the ends, where the
pockets are) and intersected: the corners of the cushions' outer edge, whose table places the
layout knows (:meth:`TableLayout.outer_corners`).  The homography that results is that of the
cushion tops' plane, about a ball's centre height above the cloth, which is the plane the ball
tracker measures in.

The result is the existing :class:`vision.profile.Calibration`, and :func:`carom_profile`
puts the table's marks, pockets and playing surface into a :class:`vision.profile.TableProfile`
as zones, so the profile file format stays as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.carom.layout import Point, TableLayout
from vision.profile import Calibration, ProfileError, TableProfile, Zone

#: Half the side of the square zone drawn round each mark (mm).
MARK_ZONE = 20.0


def cloth_mask(image: np.ndarray) -> np.ndarray:
    """The green of the cloth and cushions (uint8 0/255), closed over balls and skittles."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    mask = cv2.inRange(hsv, (35, 70, 35), (90, 255, 255))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))


def detect_cloth(image: np.ndarray) -> tuple[Point, Point, Point, Point]:
    """The four corners of the cushions' outer edge in the image (top-left, top-right,
    bottom-right, bottom-left), each the meeting of two fitted sides."""
    mask = cloth_mask(image)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        raise ProfileError("no table cloth in the image (no green region)")
    contour = max(contours, key=cv2.contourArea)
    if cv2.contourArea(contour) < 0.15 * image.shape[0] * image.shape[1]:
        raise ProfileError("the green region is too small to be the table's cloth")
    box = cv2.boxPoints(cv2.minAreaRect(contour))
    points = contour.reshape(-1, 2).astype(np.float64)
    lines = []
    for i in range(4):
        a, b = box[i], box[(i + 1) % 4]
        side = b - a
        length = float(np.hypot(*side))
        unit = side / length
        normal = np.array([-unit[1], unit[0]])
        along = (points - a) @ unit
        across = np.abs((points - a) @ normal)
        keep = (across < 0.04 * length + 6) & (along > 0.12 * length) & (along < 0.88 * length)
        if keep.sum() < 10:
            raise ProfileError("a side of the cloth is not straight enough to fit")
        vx, vy, x0, y0 = cv2.fitLine(points[keep].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
        lines.append(
            (np.array([float(x0[0]), float(y0[0])]), np.array([float(vx[0]), float(vy[0])]))
        )
    corners = [_meet(lines[i - 1], lines[i]) for i in range(4)]
    return _ordered(corners)


def _meet(first: tuple[np.ndarray, np.ndarray], second: tuple[np.ndarray, np.ndarray]) -> Point:
    (p, u), (q, v) = first, second
    matrix = np.array([[u[0], -v[0]], [u[1], -v[1]]])
    s = np.linalg.solve(matrix, q - p)[0]
    x, y = p + s * u
    return (float(x), float(y))


def _ordered(corners: Sequence[Point]) -> tuple[Point, Point, Point, Point]:
    """Top-left, top-right, bottom-right, bottom-left (image y grows downwards)."""
    pts = sorted(corners, key=lambda p: p[1])
    top = sorted(pts[:2])
    bottom = sorted(pts[2:])
    return (top[0], top[1], bottom[1], bottom[0])


def calibrate(image: np.ndarray, layout: TableLayout) -> Calibration:
    """The calibration of a frame of the whole table, from its cushions."""
    return Calibration(detect_cloth(image), layout.outer_corners())


def from_points(image_points: Sequence[Point], table_points: Sequence[Point]) -> Calibration:
    """The calibration from four marked points (say, four marks or pocket points), their
    places on the table in mm (:attr:`TableLayout.marks`)."""
    if len(image_points) != 4 or len(table_points) != 4:
        raise ProfileError("four image points and their four table places are needed")
    (a, b, c, d), (e, f, g, h) = image_points, table_points
    return Calibration((a, b, c, d), (e, f, g, h))


def carom_profile(name: str, calibration: Calibration, layout: TableLayout) -> TableProfile:
    """A table profile with the playing surface, every mark and every pocket as zones
    (``cloth``, ``mark:<name>``, ``pocket:<name>``)."""
    hx, hy = layout.half
    zones = [Zone("cloth", ((-hx, hy), (hx, hy), (hx, -hy), (-hx, -hy)))]
    zones += [Zone(f"mark:{mark}", _square(at, MARK_ZONE)) for mark, at in layout.marks.items()]
    zones += [Zone(f"pocket:{p.name}", _square(p.at, p.mouth)) for p in layout.pockets]
    return TableProfile(name, calibration, tuple(zones))


def _square(at: Point, half: float) -> tuple[Point, ...]:
    x, y = at
    return ((x - half, y + half), (x + half, y + half), (x + half, y - half), (x - half, y - half))
