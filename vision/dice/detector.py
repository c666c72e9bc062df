"""The detector dice reader: one small network finds every die and reads its face.

The classical finder loses dice that touch at an angle, and a reader of the finder's patches
can only read what the finder found; a detector (``dice_det.yaml``: YOLOv8n's layout, channels
capped at 128, 1.9 M parameters) trained from scratch by ``scripts/train_dice_detector.py`` on
rendered scenes and four fifths of the real photos finds and reads in one pass.  Its classes are
the faces 1..6 and ``cocked``; its boxes are a die's top face (as the labels are).

Measured by the harness on data it never saw: 97.9 % of the dice read right on the held-out
fifth of the real photos (on CPU), 95 % on 200 rendered scenes (most misses: cocked dice, 74 %
found); 5-10 frames per second at 1280x720 on one core, against over 40 for the classical reader.
The two-stage reader (:mod:`vision.dice.two_stage`) reads its proposals again.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.runtime import Detector, load_detector
from vision.types import Box, DieReading

CLASS_NAMES = ("one", "two", "three", "four", "five", "six", "cocked")
"""The detector's classes in index order (the renderer's label classes)."""

WEIGHTS = Path(__file__).parent / "weights" / "dice_det.pt"

IMAGE_SIZE = 640
"""The network's input side: a 640x480 photo at its own size (its smallest dice are 7 px)."""

CONFIDENCE = 0.25
"""A detection less sure than this is dropped.  Chosen on development sets only (the real photos
trained on, rendered scenes of seed 1234): it reads the most images exactly there.  The
single pip of a real one often scores under 0.35, so a higher threshold loses ones."""

OVERLAP = 0.5
"""Two detections overlapping by more than this IoU are one die, whatever they read (the surer
one stays): dice lie side by side, never on top of each other."""

NESTED = 0.7
"""A detection with this share of its box inside a surer one's is the same die boxed twice (the
top face and a larger box around the whole die, seen on real ones), so it is dropped."""


class DetectorReader:
    """Finds and reads dice with the trained detector.

    Loading torch and the weights takes a second or two, so it happens on first use.
    """

    name = "detector"

    def __init__(self, weights: Path = WEIGHTS, runtime: str = "auto") -> None:
        self.weights, self.runtime = weights, runtime
        self._model: Detector | None = None

    def _load(self) -> Detector:
        if self._model is None:
            self._model = load_detector(
                self.weights,
                CLASS_NAMES,
                "dice detector",
                "scripts/train_dice_detector.py",
                self.runtime,
            )
        return self._model

    def read(self, image: np.ndarray, confidence: float = CONFIDENCE) -> list[DieReading]:
        """The dice found at least ``confidence`` sure, surest first."""
        found = self._load().detect(image, IMAGE_SIZE, confidence, OVERLAP, agnostic=True)
        readings: list[DieReading] = []
        rows = zip(found.xyxy.tolist(), found.cls.tolist(), found.conf.tolist(), strict=True)
        for (x0, y0, x1, y1), cls, sure in rows:
            box = Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0))
            if any(box.nested_share(kept.box) >= NESTED for kept in readings):
                continue
            cocked = CLASS_NAMES[int(cls)] == "cocked"
            # A cocked die has no face up; the value is a placeholder the caller must not use.
            value = 1 if cocked else int(cls) + 1
            readings.append(DieReading(value, box, float(sure), cocked))
        return readings
