"""Which camera frames a live reader needs to read: a frame at rest that shows something new.

A reading is only used once the table has come to rest (the observers wait for several
frames that agree), so reading a frame where dice are still rolling, a card is in the air or
a hand is over the tiles is wasted work, and reading a still frame that shows what the last
reading saw repeats it.  The gate compares a small grey thumbnail of each frame with the one
before (is the picture moving?) and with the one last read (has anything changed?).  It
lets a reader run at the camera's rate however slow the reader is, except while something
moves, and only a frame or two after the table comes to rest.
"""

from __future__ import annotations

from enum import Enum

import cv2
import numpy as np

#: Thumbnails are STILL_WIDTH px wide and grey.  Two frames show the same table when no
#: thumbnail pixel differs by more than STILL_CHANGE grey levels: a die, a card or a tile
#: moved, even a small one far away, changes a few thumbnail pixels by far more than that;
#: sensor noise, averaged over a thumbnail pixel's block, by less.
STILL_WIDTH = 160
STILL_CHANGE = 14
#: While the picture never stops moving (a shaking camera, a flickering lamp), a frame is read
#: anyway every MAX_UNREAD frames, so the table is never left unread for long.
MAX_UNREAD = 15
#: Frames further apart than this (s) are not compared for motion: two photos of a folder a
#: second apart that differ show a changed table, not a moving one.
MOTION_GAP = 0.25


def thumbnail(image: np.ndarray) -> np.ndarray:
    """The frame as the gate compares it: STILL_WIDTH px wide, grey, int16."""
    height, width = image.shape[:2]
    size = (STILL_WIDTH, max(1, round(height * STILL_WIDTH / width)))
    small = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    grey = small if small.ndim == 2 else cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    return grey.astype(np.int16)


def same_picture(a: np.ndarray | None, b: np.ndarray) -> bool:
    """Two thumbnails show the same table (see STILL_CHANGE)."""
    return (
        a is not None and a.shape == b.shape and int(np.abs(a - b).max(initial=0)) <= STILL_CHANGE
    )


class Look(Enum):
    """What the gate makes of a frame: read it, it shows the table last read (the reading
    stands), or the picture is moving (nothing can be seen yet)."""

    READ = "read"
    SAME = "same"
    MOVING = "moving"


class RestGate:
    """Feed it every frame; it says what to do with it (see the module doc).  The first frame
    is always read."""

    def __init__(self) -> None:
        self._previous: np.ndarray | None = None
        self._previous_at = float("-inf")
        self._last_read: np.ndarray | None = None
        self._unread = 0

    def look(self, image: np.ndarray, timestamp: float) -> Look:
        """What to do with ``image``, the frame taken at ``timestamp`` (s)."""
        current = thumbnail(image)
        close = timestamp - self._previous_at <= MOTION_GAP
        moving = close and not same_picture(self._previous, current)
        self._previous, self._previous_at = current, timestamp
        if same_picture(self._last_read, current):
            return Look.SAME
        if moving and self._unread + 1 < MAX_UNREAD:
            self._unread += 1
            return Look.MOVING
        self._last_read, self._unread = current, 0
        return Look.READ
