"""The two-stage dice reader: the detector proposes, a face classifier reads each proposal.

The detector sees the whole frame shrunk to 640 px, where a die is 15-40 px and a die on edge
looks much like a flat one; its answer for a cocked die or a blurred face is often a guess.
So every box it proposes, down to a low confidence (:data:`PROPOSE`), is cut from the frame
at full resolution into a square patch (:func:`cut_square`) and read again by a classifier
(``dice_cls.yaml``, 0.43 M parameters, classes 1..6, ``cocked``, ``none``) trained by
``scripts/train_dice_face.py`` on exactly such patches: the detector's own proposals over
rendered scenes it never saw and over the real photos it trained on, labelled by the truth
(``none`` for a proposal on no die).  The classifier also drops the detector's false alarms,
which is what lets the proposals go down to a low confidence and keep faint single pips.

Measured by the harness on data neither network nor any threshold saw (on CPU): 99.0 % of the
dice read right on the held-out fifth of the real photos (the detector alone: 97.9 %), 61 of 62
photos exact; 95.2 % on 200 held-out rendered scenes (seed 77; the detector alone: 95.3 %; both
lose most on dice on edge, which the renderer draws much like flat dice seen at a slant: 78 %
of those read right, 75 % before :data:`DETECTOR_COCKED`).  It costs about as much as the
detector alone: the classifier reads all of a frame's patches in one batch.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.dice import detector
from vision.runtime import OnnxNet, load_model, onnx_beside
from vision.types import Box, DieReading

CLASS_NAMES = ("1", "2", "3", "4", "5", "6", "cocked", "none")
"""The face classifier's classes in index order (ultralytics sorts the class folders by name)."""

WEIGHTS = Path(__file__).parent / "weights" / "dice_face.pt"

PATCH = 64
"""The classifier's input side in pixels."""

SPAN = 1.6
"""A patch spans this many times the proposal's longer side: the whole die and its edges even
when the detector boxed only the top face of a die on edge."""

PROPOSE = 0.05
"""Detector proposals less sure than this are not read at all."""

SURE = 0.15
"""A proposal at least this sure is read as the classifier says.  A fainter one is often a second
box on a die already read (one face of a die on edge, a side face seen at a slant), so it counts
only where it barely touches every surer reading (:data:`APART_IOU`, :data:`APART_NESTED`).
These numbers were chosen on development sets only (rendered scenes of seeds 1234 and 1235:
360 scenes, 1631 dice): the most dice read right without more wrong images than the detector
alone."""

APART_IOU = 0.05
APART_NESTED = 0.2

DETECTOR_COCKED = 0.3
"""A proposal the detector itself reads as cocked at least this sure is a die on edge, whatever
face the classifier reads in its patch.  The detector sees the die in the whole frame, beside
the die or the tray wall it leans on, where the patch shows a die on edge much like a flat die
seen at a slant.  Chosen on development sets only (rendered scenes of seeds 1234-1237: 800
scenes, 209 dice on edge): dice on edge read right 154 -> 158, every die 3,503 -> 3,506, no
seed worse; 0.5 gave one fewer on seed 1234."""


def cut_square(image: np.ndarray, box: Box, size: int = PATCH, span: float = SPAN) -> np.ndarray:
    """The square of side ``span * max(w, h)`` centred on ``box``, resized to ``size``; the
    frame's edge is repeated where the square leaves the frame."""
    cx, cy = box.centre
    side = max(box.w, box.h, 1.0) * span
    scale = size / side
    matrix = np.array(
        [[scale, 0.0, size / 2 - scale * cx], [0.0, scale, size / 2 - scale * cy]], np.float32
    )
    return cv2.warpAffine(
        image, matrix, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


class TwoStageReader:
    """Detector proposals read again by the face classifier.

    Loading torch and both networks takes a second or two, so it happens on first use.
    """

    name = "two-stage"

    def __init__(self, weights: Path = WEIGHTS, runtime: str = "auto") -> None:
        self.weights, self.runtime = weights, runtime
        self.detector = detector.DetectorReader(runtime=runtime)
        self._classifier: Any = None

    def _network(self) -> Any:
        """The classifier: its ONNX export (checked to answer CLASS_NAMES) where
        :func:`vision.runtime.onnx_beside` chooses it, else the PyTorch network itself
        (ultralytics' predictor costs more per call than the network)."""
        if self._classifier is None:
            exported = onnx_beside(self.weights, self.runtime)
            if exported is not None:
                self._classifier = OnnxNet(exported, "dice face classifier", CLASS_NAMES)
            else:
                model = load_model(
                    self.weights,
                    "classify",
                    CLASS_NAMES,
                    "dice face classifier",
                    "scripts/train_dice_face.py",
                )
                model.model.float().eval()
                self._classifier = model.model
        return self._classifier

    def propose(self, image: np.ndarray) -> list[DieReading]:
        """The detector's readings down to :data:`PROPOSE`."""
        return self.detector.read(image, confidence=PROPOSE)

    def probabilities(self, patches: list[np.ndarray]) -> np.ndarray:
        """The classifier's class probabilities for BGR patches, one row each."""
        if not patches:
            return np.zeros((0, len(CLASS_NAMES)), np.float32)
        network = self._network()
        rgb = np.stack([cv2.cvtColor(patch, cv2.COLOR_BGR2RGB) for patch in patches])
        batch = np.ascontiguousarray(rgb.transpose(0, 3, 1, 2), np.float32) / np.float32(255.0)
        if isinstance(network, OnnxNet):
            return network(batch)[0]
        import torch

        with torch.inference_mode(), contextlib.redirect_stdout(sys.stderr):
            output = network(torch.from_numpy(batch))
        probabilities = output[0] if isinstance(output, tuple | list) else output
        return probabilities.numpy()

    def read(self, image: np.ndarray) -> list[DieReading]:
        proposals = self.propose(image)
        answers = self.probabilities([cut_square(image, p.box) for p in proposals])
        readings: list[DieReading] = []
        for proposal, row in zip(proposals, answers, strict=True):  # surest first
            name = CLASS_NAMES[int(row.argmax())]
            if name == "none":
                continue
            if proposal.confidence < SURE and any(
                proposal.box.iou(kept.box) > APART_IOU
                or proposal.box.nested_share(kept.box) > APART_NESTED
                for kept in readings
            ):
                continue
            cocked = name == "cocked" or (
                proposal.cocked and proposal.confidence >= DETECTOR_COCKED
            )
            # A cocked die has no face up; the value is a placeholder the caller must not use.
            value = 1 if cocked else int(name)
            readings.append(DieReading(value, proposal.box, float(row.max()), cocked))
        return readings
