"""Deberts' trick area from one frame's card readings.

Each player lays one card face up in the middle of the table; the trick is gathered by its
winner.  The turn-up (the proposed trump) lies beside or under the stock: it is the card in a
``stock`` zone when the table has one, else the one card lying most crosswise (at
:data:`~vision.cards.layout.CROSSWISE` degrees or more) to the trick cards, which face the
players: to the players' view (:data:`~vision.cards.layout.UPRIGHT`) while fewer than three
other cards lie, else to the others' median direction.  (Durak's rule, crosswise to the median
of two, would take one of two trick cards for the turn-up.)  With a
``trick`` zone (image pixels) only cards whose centre lies in it belong to the trick, so cards
a player puts down elsewhere (a declared combination shown and taken back) are not trick cards.

Play order is the order the cards came to rest, which only the observer knows; a frame can
still tell it where two cards overlap (the card underneath was played first), which
:func:`play_order` uses when more than one card is new in one settled scene.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import cv2
import numpy as np

from vision.cards.layout import CROSSWISE, UPRIGHT, apart, circular_median, long_axis_angle
from vision.cards.reader import CardReading


def trick_zones(
    readings: Sequence[CardReading], zones: Mapping[str, np.ndarray] | None = None
) -> list[tuple[CardReading, str | None]]:
    """Each reading with its zone: ``trick``, ``trump`` (the turn-up) or None (elsewhere)."""
    zones = zones or {}
    trump = _turn_up(readings, zones.get("stock"))
    out: list[tuple[CardReading, str | None]] = []
    for reading in readings:
        zone: str | None = "trump" if reading is trump else "trick"
        if zone == "trick" and "trick" in zones and not _inside(reading, zones["trick"]):
            zone = None
        out.append((reading, zone))
    return out


def _inside(reading: CardReading, area: np.ndarray) -> bool:
    centre = tuple(float(c) for c in np.mean(reading.quad, axis=0))
    return cv2.pointPolygonTest(np.asarray(area, np.float32), centre, False) >= 0


def _turn_up(readings: Sequence[CardReading], stock: np.ndarray | None) -> CardReading | None:
    if stock is not None:
        return next((r for r in readings if _inside(r, stock)), None)
    angles = [long_axis_angle(r) for r in readings]
    best, widest = None, CROSSWISE
    for k, reading in enumerate(readings):
        others = angles[:k] + angles[k + 1 :]
        reference = circular_median(others) if len(others) >= 3 else UPRIGHT
        if apart(angles[k], reference) >= widest:
            best, widest = reading, apart(angles[k], reference)
    return best


def play_order(cards: Sequence[str], covered_by: Mapping[str, str | None]) -> list[str]:
    """``cards`` (new in one scene, in the order seen) with every covered card before the card
    lying on it: the card underneath was played first."""
    order = list(cards)
    changed = True
    while changed:
        changed = False
        for i, card in enumerate(order):
            below = [c for c in order[i + 1 :] if covered_by.get(c) == card]
            if below:
                order.remove(below[0])
                order.insert(i, below[0])
                changed = True
                break
    return order
