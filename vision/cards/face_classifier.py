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

import cv2
import numpy as np

from vision.cards.real import RANKS
from vision.cards.standardise import standardised
from vision.runtime import OnnxNet, onnx_beside, softmax
from vision.types import Box

if TYPE_CHECKING:  # PyTorch only where the network itself runs: an ONNX reader needs none
    from vision.cards.face_net import FaceNet

WEIGHTS = Path(__file__).parent / "weights" / "cards_faces.pt"
#: Rank classes: the 13 ranks, then ``none`` (a back, the table, a hand).
RANK_CLASSES: tuple[str, ...] = (*RANKS, "none")
NONE = len(RANKS)
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
#: The crop the classifier reads, px (a card is about 1.4 times as long as it is wide).
CROP_W = 80
CROP_H = 112
#: The box is grown by this share of its size each way before cropping (a finder's box may cut
#: an index printed close to the edge).
GROW = 0.06


def crop(image: np.ndarray, box: Box, grow: float = GROW) -> np.ndarray:
    """The upright CROP_H x CROP_W crop of ``box`` (BGR), grown by ``grow``; a wide box is
    turned a quarter so its long side stands up.  Outside the image is edge-replicated."""
    height, width = image.shape[:2]
    left = round(box.x - grow * box.w)
    top = round(box.y - grow * box.h)
    right = round(box.x + box.w * (1 + grow))
    bottom = round(box.y + box.h * (1 + grow))
    pad = max(0, -left, -top, right - width, bottom - height)
    if pad:
        image = cv2.copyMakeBorder(image, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
        left, top, right, bottom = left + pad, top + pad, right + pad, bottom + pad
    part = image[top : max(bottom, top + 1), left : max(right, left + 1)]
    if part.shape[1] > part.shape[0]:
        part = cv2.rotate(part, cv2.ROTATE_90_CLOCKWISE)
    return cv2.resize(part, (CROP_W, CROP_H), interpolation=cv2.INTER_AREA)


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
