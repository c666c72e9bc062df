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

import numpy as np

from vision.carom.layout import Point, TableLayout
from vision.carom.table_finder import find_table
from vision.profile import Calibration, ProfileError, TableProfile, Zone

#: Half the side of the square zone drawn round each mark (mm).
MARK_ZONE = 20.0


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
