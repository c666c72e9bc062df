"""The classical dice reader: the finder's blobs, read by counting pips (no learned weights)."""

from __future__ import annotations

import numpy as np

from vision.dice.finder import cut_patch, find_dice
from vision.dice.pips import count_pips
from vision.types import DieReading

PIP_PATCH = 96
"""Pips are counted on a larger patch than the classifier's: small pips keep their shape."""


class ClassicalReader:
    """Finds dice by their contrast with the table and reads them by counting round pips.

    A blob with no pips is not a die (a cable, a key, a shadow), so it is dropped.
    """

    name = "classical"

    def read(self, image: np.ndarray) -> list[DieReading]:
        readings = []
        for candidate in find_dice(image):
            pips = count_pips(cut_patch(image, candidate, PIP_PATCH), candidate.w, candidate.h)
            if pips.value == 0 and not pips.cocked:
                continue
            readings.append(
                DieReading(max(pips.value, 1), candidate.box(), pips.confidence, pips.cocked)
            )
        return readings
