"""Teach mode from a video: the deck dealt one card at a time, each card's photo cut from the
frame where it came to rest.

Photographing 52 cards one by one takes a quarter of an hour; dealing them one by one under
the table camera takes a minute.  The clip is cut into rest periods: runs of at least
REST_FRAMES frames that show the same picture (:func:`vision.motion.same_picture`), each
ended by motion (a hand, a card sliding in).  Each rest period after the first shows the
table with one more card: the part of the picture that changed since the rest period before
is where the new card lies, whether it was laid beside the others or on the pile, and that
still frame with the box round that part is the card's photo.  The first rest period shows
the table before the first card or already with it: it is a card's photo (the only card in
it) only if the card finder sees a card there.  The cards come in the order of an order
file, one code per card dealt (:func:`vision.cards.teach.teach_dealt`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise

import cv2
import numpy as np

from vision.motion import same_picture, thumbnail
from vision.types import Box

#: A rest period is at least this many frames showing the same picture (a sixth of a second
#: at 30 fps: a hand that pauses over the table for less is not a dealt card).
REST_FRAMES = 5
#: A full-frame pixel has changed between two rest periods when it differs by more than this
#: many grey levels (after a blur that evens out sensor noise and JPEG blocks).
CHANGE_LEVEL = 40
#: The changed part must cover at least this share of the frame to be a new card.
MIN_CHANGE = 0.004

#: Says whether a frame shows a card at all (the card finder, for the first rest period).
ShowsCard = Callable[[np.ndarray], bool]


def rest_frames(frames: Iterable[np.ndarray]) -> list[np.ndarray]:
    """One frame of each rest period of the clip (see the module doc), in order: the frame
    REST_FRAMES into the period, when the picture has settled."""
    stills: list[np.ndarray] = []
    previous: np.ndarray | None = None
    last_still: np.ndarray | None = None  # the thumbnail of stills[-1]
    run = 0
    for image in frames:
        current = thumbnail(image)
        run = run + 1 if same_picture(previous, current) else 1
        previous = current
        if run == REST_FRAMES and not same_picture(last_still, current):
            stills.append(image)
            last_still = current
    return stills


def changed_box(before: np.ndarray, after: np.ndarray) -> Box | None:
    """The box round what differs between two stills of the same table (specks of noise
    left out), or None when less than MIN_CHANGE of the frame changed.  All of it, not the
    largest part: a card laid on a pile changes only where its ink differs from the card
    under it, in many pieces."""
    grey = [
        cv2.GaussianBlur(cv2.cvtColor(i, cv2.COLOR_BGR2GRAY), (5, 5), 0) for i in (before, after)
    ]
    differs = (cv2.absdiff(grey[0], grey[1]) > CHANGE_LEVEL).astype(np.uint8)
    changed = cv2.morphologyEx(differs, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    if int(changed.sum()) < MIN_CHANGE * changed.size:
        return None
    x, y, w, h = cv2.boundingRect(changed)
    return Box(float(x), float(y), float(w), float(h))


def dealt_cards(
    frames: Iterable[np.ndarray], shows_card: ShowsCard
) -> list[tuple[np.ndarray, Box | None]]:
    """Each card dealt in the clip, in the order dealt (see the module doc): the still frame
    it came to rest in and where in it the card lies (None: the only card in the frame)."""
    stills = rest_frames(frames)
    if not stills:
        return []
    dealt: list[tuple[np.ndarray, Box | None]] = []
    if shows_card(stills[0]):
        dealt.append((stills[0], None))
    for before, after in pairwise(stills):
        box = changed_box(before, after)
        if box is not None:
            dealt.append((after, box))
    return dealt
