"""The dice readers by name, for ``tableref detect|eval|bench`` and the session.

``DEFAULT`` is the reader that reads the real photos (``dice-real-train``) best, as measured by
the evaluation harness on the fifth of the photos no reader was tuned on (every fifth file by
name): combined 96 % of the dice read right, classical 92 %, the classifier alone ("yolo",
trained on rendered dice only) 77 %.
"""

from __future__ import annotations

from collections.abc import Callable

from vision.dice.classical import ClassicalReader
from vision.dice.combined import CombinedReader
from vision.dice.learned import LearnedReader
from vision.types import DiceReader

READERS: dict[str, Callable[[], DiceReader]] = {
    "classical": ClassicalReader,
    "yolo": LearnedReader,
    "combined": CombinedReader,
}

DEFAULT = "combined"
