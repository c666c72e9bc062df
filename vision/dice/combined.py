"""The combined dice reader: the pip counter where it is sure, the classifier elsewhere.

The two readers fail differently: counting pips is exact on a face seen from above and lost when
the camera looks across the table (side faces and a slanted top); the classifier, trained on
rendered dice only, is less exact on real dice but degrades gently.  So each die the finder
proposes is counted first, and a count less sure than :data:`SURE` (unequal pips, pips not
symmetric about the face's centre, no pips) goes to the classifier, which may also call it no
die at all.  The threshold was chosen on four fifths of ``dice-real-train`` (the fifth held out
for measuring was not used).
"""

from __future__ import annotations

import numpy as np

from vision.dice.classical import PIP_PATCH
from vision.dice.finder import cut_patch, find_dice
from vision.dice.learned import CLASS_NAMES, LearnedReader
from vision.dice.pips import count_pips
from vision.types import DieReading

SURE = 0.9
"""A pip count at least this confident is taken without asking the classifier."""


class CombinedReader:
    """Pip counting first, the trained classifier for the dice it is unsure of."""

    name = "combined"

    def __init__(self) -> None:
        self.classifier = LearnedReader()

    def read(self, image: np.ndarray) -> list[DieReading]:
        candidates = find_dice(image)
        readings: list[DieReading | None] = []
        unsure = []
        for index, candidate in enumerate(candidates):
            pips = count_pips(cut_patch(image, candidate, PIP_PATCH), candidate.w, candidate.h)
            if pips.confidence >= SURE and (pips.value or pips.cocked):
                readings.append(
                    DieReading(max(pips.value, 1), candidate.box(), pips.confidence, pips.cocked)
                )
            else:
                readings.append(None)
                unsure.append(index)
        answers = self.classifier.classify([cut_patch(image, candidates[i]) for i in unsure])
        for index, (cls, confidence) in zip(unsure, answers, strict=True):
            name = CLASS_NAMES[cls]
            if name != "none":
                cocked = name == "cocked"
                readings[index] = DieReading(
                    1 if cocked else int(name), candidates[index].box(), confidence, cocked
                )
        return [reading for reading in readings if reading is not None]
