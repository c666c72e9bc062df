"""A close-up read as a table: a card filling the picture (a scan, a phone held close) set at
the size the readers learned.

The finder and the corner reader learned cards spanning up to 0.7 of a picture (the real
photos) and less (the renders).  A card filling the frame is found in parts or not at all: on
the training photos' single cards cut out tight and read as pictures of their own, 52 of 145
were read right.  Mirrored out to three times its size, the picture shows that card at a third
of it, among its own mirror images; the card whose centre lies in the picture itself is the
card (129 of the 145 read right so).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.types import Box

#: A picture may be a close-up when a card found spans more than CLOSE_UP of its width or
#: height; a card found mirrored out fills it when it spans more than FILLS (beyond the 0.7
#: the real photos show).
CLOSE_UP = 0.5
FILLS = 0.75
#: The mirrored picture is shrunk to this long side at most (the corner reader's time grows
#: with the pixels; the finder sees 320 px whatever the size).
MAX_SIDE = 1280


def mirrored(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The picture mirrored out to three times its width and height (shrunk to MAX_SIDE
    unless smaller), and how many picture px one px of it is."""
    height, width = image.shape[:2]
    canvas = cv2.copyMakeBorder(image, height, height, width, width, cv2.BORDER_REFLECT_101)
    shrink = min(1.0, max(MAX_SIDE, width, height) / (3 * max(width, height)))
    canvas = cv2.resize(canvas, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    return canvas, 1 / shrink


def back(box: Box, scale: float, image: np.ndarray) -> Box:
    """A box of the mirrored picture in the picture's own px."""
    height, width = image.shape[:2]
    return Box(box.x * scale - width, box.y * scale - height, box.w * scale, box.h * scale)


def spans(box: Box, share: float, image: np.ndarray) -> bool:
    """Whether ``box`` spans more than ``share`` of the picture's width or height."""
    height, width = image.shape[:2]
    return box.w > share * width or box.h > share * height


def fills(box: Box, image: np.ndarray, share: float = FILLS) -> bool:
    """Whether a box (picture px) found mirrored out is the picture's own card filling it:
    centred in the picture (not a mirror image) and spanning more than ``share`` of it."""
    height, width = image.shape[:2]
    centre_x, centre_y = box.x + box.w / 2, box.y + box.h / 2
    inside = 0 <= centre_x < width and 0 <= centre_y < height
    return inside and spans(box, share, image)
