"""The learned dice reader: the classical finder's patches, read by a small classifier.

The classifier (``dice_cls.yaml``: ultralytics YOLOv8-cls blocks, 0.43 M parameters, trained
from scratch on rendered scenes only by ``scripts/train_dice.py``) sees the finder's 64 px patch
and answers one of eight classes: the faces 1..6, ``cocked``, or ``none`` (the finder's blob is
not a die: a hand, a cable, a shadow), so it also cleans up the finder's false alarms.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.dice.finder import cut_patch, find_dice
from vision.runtime import load_model
from vision.types import DieReading

CLASS_NAMES = ("1", "2", "3", "4", "5", "6", "cocked", "none")
"""The classifier's classes in index order (ultralytics sorts the class folders by name)."""

WEIGHTS = Path(__file__).parent / "weights" / "dice_cls.pt"


class LearnedReader:
    """Finds dice with the classical finder and reads each patch with the trained classifier.

    Loading torch and the weights takes a second or two, so it happens on first use.
    """

    name = "yolo"

    def __init__(self, weights: Path = WEIGHTS) -> None:
        self.weights = weights
        self._model = None

    def _load(self):
        if self._model is None:
            model = load_model(
                self.weights, "classify", CLASS_NAMES, "dice classifier", "scripts/train_dice.py"
            )
            model.model.float().eval()
            self._model = model
        return self._model

    def classify(self, patches: list[np.ndarray]) -> list[tuple[int, float]]:
        """The class index and its probability for each BGR patch, in one batch (the network
        directly: ultralytics' predictor costs more per call than the network itself)."""
        if not patches:
            return []
        import torch

        network = self._load().model
        batch = np.stack([cv2.cvtColor(patch, cv2.COLOR_BGR2RGB) for patch in patches])
        tensor = torch.from_numpy(batch).permute(0, 3, 1, 2).float().div_(255.0)
        with torch.inference_mode():
            output = network(tensor)
        probabilities = output[0] if isinstance(output, tuple | list) else output
        best = probabilities.max(dim=1)
        return [(int(i), float(p)) for p, i in zip(best.values, best.indices, strict=True)]

    def read(self, image: np.ndarray) -> list[DieReading]:
        candidates = find_dice(image)
        answers = self.classify([cut_patch(image, candidate) for candidate in candidates])
        readings = []
        for candidate, (cls, confidence) in zip(candidates, answers, strict=True):
            name = CLASS_NAMES[cls]
            if name == "none":
                continue
            cocked = name == "cocked"
            # A cocked die has no face up; the value is a placeholder the caller must not use.
            value = 1 if cocked else int(name)
            readings.append(DieReading(value, candidate.box(), confidence, cocked))
        return readings
