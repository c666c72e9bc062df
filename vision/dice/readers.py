"""The dice readers by name, for ``tableref detect|eval|bench`` and the session.

``DEFAULT`` is the reader that reads the real photos (``dice-real-train``) best, as measured by
the evaluation harness on the fifth of the photos no reader was trained or tuned on (index % 5
== 4 in natural name order, the split ``scripts/train_dice_detector.py`` holds out; 62 photos,
192 dice; measured on CPU): the two-stage reader (detector proposals read again by a face
classifier) 99.0 % of the dice read right and 61 of 62 photos exact, the detector alone 97.9 %
(60 exact; it misses faint single pips), combined 93.2 %, classical 90.1 %, the patch classifier
alone ("yolo", trained on rendered dice only) 74.0 %.  On 200 held-out rendered scenes (seed 77,
899 dice): detector 95.3 %, two-stage 95.0 %, yolo 78.1 %, combined 74.3 %, classical 58.1 %
(most of the learned readers' misses there are dice on edge).  The classical reader is the fast
one (over 30 frames per second at 1280x720 on one core); the detector and the two-stage reader
read at 5-10 frames per second there.
"""

from __future__ import annotations

from collections.abc import Callable

from vision.dice.classical import ClassicalReader
from vision.dice.combined import CombinedReader
from vision.dice.detector import DetectorReader
from vision.dice.learned import LearnedReader
from vision.dice.two_stage import TwoStageReader
from vision.types import DiceReader

READERS: dict[str, Callable[[], DiceReader]] = {
    "classical": ClassicalReader,
    "yolo": LearnedReader,
    "combined": CombinedReader,
    "detector": DetectorReader,
    "two-stage": TwoStageReader,
}

DEFAULT = "two-stage"
