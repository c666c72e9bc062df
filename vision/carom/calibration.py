"""Image px <-> table mm for a carom table: from the cushions the camera sees, or four points.

The cloth and the cushion tops are one region of one colour in the image, whatever the colour
(:mod:`vision.carom.table_finder`), notched by the pockets.  Its four sides are fitted as
straight lines and intersected: the corners of the cushions' outer edge, whose table places the
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
from vision.carom.table_finder import find_table, ordered_corners
from vision.profile import Calibration, ProfileError, TableProfile, Zone

#: Half the side of the square zone drawn round each mark (mm).
MARK_ZONE = 20.0
#: Four given corners must span at least this share of the image: smaller, they were not
#: read off the whole table (a typo, the wrong image's numbers).  The smallest table the
#: stills draw (the broadcast look) spans a fifth of the frame inside its cushions (0.20 the
#: least, 0.34 the median, over broadcast seeds 0-29), and the cloth finder wants 12 %
#: (:data:`~vision.carom.table_finder.MIN_AREA`); a twentieth leaves room for a farther camera.
MIN_CORNER_AREA = 0.05


def calibrate(image: np.ndarray, layout: TableLayout) -> Calibration:
    """The calibration of a frame of the whole table, from its cushions, whatever the cloth."""
    return Calibration(find_table(image), layout.outer_corners())


def from_points(image_points: Sequence[Point], table_points: Sequence[Point]) -> Calibration:
    """The calibration from four marked points (say, four marks or pocket points), their
    places on the table in mm (:attr:`TableLayout.marks`)."""
    if len(image_points) != 4 or len(table_points) != 4:
        raise ProfileError("four image points and their four table places are needed")
    (a, b, c, d), (e, f, g, h) = image_points, table_points
    return Calibration((a, b, c, d), (e, f, g, h))


def from_corners(
    corners: Sequence[Point], shape: tuple[int, ...], layout: TableLayout
) -> Calibration:
    """The four-point fallback: the cushions' outer corners read off the image by hand, in any
    order round the table, for a frame the cloth finder cannot read (an odd cloth, the floor
    the cloth's colour, an arm over a cushion)."""
    if len(corners) != 4:
        raise ProfileError("four corners are needed")
    height, width = shape[:2]
    for x, y in corners:
        if not (0 <= x < width and 0 <= y < height):
            raise ProfileError(f"the corner ({x:g}, {y:g}) lies outside the {width}x{height} image")
    quad = np.array(ordered_corners(list(corners)), np.float32)
    if not cv2.isContourConvex(quad.reshape(-1, 1, 2)):
        raise ProfileError(
            "the four corners do not make a table's outline (one lies inside the other three)"
        )
    if cv2.contourArea(quad) < MIN_CORNER_AREA * width * height:
        raise ProfileError("the four corners enclose too little of the image to be the table")
    a, b, c, d = ((float(x), float(y)) for x, y in quad)
    return Calibration((a, b, c, d), layout.outer_corners())


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
