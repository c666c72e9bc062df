"""The table as a card game needs it, from one frame's card readings.

Durak: every card in the play area is an attack card or lies on one (``covered_by``), which
makes the attack/defence pairs; a card laid beside the row (a transfer, a throw-in) is simply
an attack card with nothing on it yet.  The trump lies crosswise under the stock: it is told by
a zone named ``stock`` when the table has one (image pixels), else by lying across the other
cards (its long side at :data:`CROSSWISE` degrees or more to theirs, or to the players' view
when fewer than two other cards lie).  Face-down cards (stock,
discard) are not read at all.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.cards.reader import CardReading

CROSSWISE = 60.0
#: The long side of a card laid facing the players, in image degrees (the camera looks along
#: the table from the players' side): the reference when too few cards lie to compare with.
UPRIGHT = 90.0


@dataclass(frozen=True)
class Placement:
    """One face-up card's part in the layout: ``zone`` (``table`` or ``trump``) and, for a
    defending card, the attack card it ``covers``."""

    reading: CardReading
    zone: str
    covers: str | None


def long_axis_angle(reading: CardReading) -> float:
    """Direction of the card's long side in degrees, 0..180."""
    first, last = np.array(reading.quad[0]), np.array(reading.quad[3])
    dx, dy = last - first
    return math.degrees(math.atan2(dy, dx)) % 180.0


def apart(a: float, b: float) -> float:
    """How far apart two card directions are, in degrees (0..90)."""
    gap = abs(a - b) % 180.0
    return min(gap, 180.0 - gap)


def place(
    readings: Sequence[CardReading], zones: Mapping[str, np.ndarray] | None = None
) -> list[Placement]:
    """Each reading's zone and what it covers (see the module doc)."""
    covers = {r.covered_by: r.card for r in readings if r.covered_by is not None}
    stock = None if zones is None else zones.get("stock")
    angles = [long_axis_angle(r) for r in readings]
    out = []
    for reading, angle in zip(readings, angles, strict=True):
        if stock is not None:
            centre = tuple(float(c) for c in np.mean(reading.quad, axis=0))
            trump = cv2.pointPolygonTest(np.asarray(stock, np.float32), centre, False) >= 0
        else:
            others = [a for a, r in zip(angles, readings, strict=True) if r is not reading]
            reference = circular_median(others) if len(others) >= 2 else UPRIGHT
            alone = reading.covered_by is None and reading.card not in covers
            trump = alone and apart(angle, reference) >= CROSSWISE
        out.append(Placement(reading, "trump" if trump else "table", covers.get(reading.card)))
    return out


def circular_median(angles: Sequence[float]) -> float:
    """The angle (mod 180) closest to most others: a median robust to one crosswise card."""
    return min(angles, key=lambda a: sorted(apart(a, b) for b in angles)[len(angles) // 2])


def pairs(placements: Sequence[Placement]) -> list[tuple[str, str | None]]:
    """Attack cards with their defence (None: not beaten), left to right."""
    table = [p for p in placements if p.zone == "table" and p.covers is None]
    table.sort(key=lambda p: (p.reading.box.x, p.reading.box.y))
    return [(p.reading.card, p.reading.covered_by) for p in table]
