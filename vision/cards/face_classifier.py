"""The card face classifier of the detector reader: from the crop round one found card, its rank
(or ``none``: not a face-up card) and its suit.

The crop is the finder's box, a little grown, turned so its long side stands upright, and
resized to CROP_W x CROP_H px, so the classifier sees a whole card (its indices, its pips, its
court figure) the way a player glancing at it does; a card fanned under another shows its index
strip and the cover's edge.  Two heads: ranks (13 + none) are learnt from real photos and
rendered cards alike; suits only from rendered cards (the real photos are labelled by rank).
Trained by ``scripts/train_cards_faces.py``; about 0.5 M weights.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from vision.cards.face_crop import CROP_H, CROP_W, GROW, NONE, RANK_CLASSES, SUITS, crop
from vision.cards.standardise import standardised
from vision.runtime import OnnxNet, onnx_beside, softmax

if TYPE_CHECKING:  # PyTorch only where the network itself runs: an ONNX reader needs none
    from vision.cards.face_net import FaceNet

__all__ = [
    "CROP_H",
    "CROP_W",
    "GROW",
    "NONE",
    "RANK_CLASSES",
    "SUITS",
    "WEIGHTS",
    "classify",
    "crop",
    "load",
    "load_reader",
]

WEIGHTS = Path(__file__).parent / "weights" / "cards_faces.pt"


def load(path: Path = WEIGHTS) -> FaceNet:
    """The trained network (PyTorch: training and teach mode's tuning need it)."""
    from vision.cards.face_net import FaceNet
    from vision.cards.nets import load_weights

    return load_weights(FaceNet(), path, "card face classifier", "scripts/train_cards_faces.py")


def load_reader(path: Path = WEIGHTS, runtime: str = "auto") -> FaceNet | OnnxNet:
    """The network to read with: its ONNX export where :func:`vision.runtime.onnx_beside`
    chooses it, else :func:`load`."""
    exported = onnx_beside(path, runtime)
    return load(path) if exported is None else OnnxNet(exported, "card face classifier")


def classify(net: FaceNet | OnnxNet, crops: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Per crop, probabilities over RANK_CLASSES and over SUITS."""
    if not crops:
        return np.zeros((0, len(RANK_CLASSES)), np.float32), np.zeros((0, len(SUITS)), np.float32)
    if isinstance(net, OnnxNet):
        ranks, suits = net(standardised(crops))
        return softmax(ranks), softmax(suits)
    import torch

    from vision.cards.nets import to_tensor

    with torch.no_grad():
        torch_ranks, torch_suits = net(to_tensor(crops))
    return torch.softmax(torch_ranks, 1).numpy(), torch.softmax(torch_suits, 1).numpy()
