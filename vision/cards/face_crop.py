"""What the card face classifier sees and answers (:mod:`vision.cards.face_classifier`, its
network :mod:`vision.cards.face_net`): the crop round a found card and the classes of its two
heads.  Kept apart from both so the network (PyTorch) and the reader (either runtime) share
them without importing each other."""

from __future__ import annotations

import cv2
import numpy as np

from vision.cards.real import RANKS
from vision.types import Box

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
