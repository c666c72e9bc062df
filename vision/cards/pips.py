"""The pips of a number card counted: what every deck shares, whatever its index font.

A learned reader of the index or of the whole face misreads a font or a court drawing it never
saw, and the index of a 9 and of a 10 differ by a stroke.  The pips in the middle of a number
card do not depend on the deck: a 9 shows nine equal symbols, a 10 ten, an ace one in the
middle.  So a whole, uncovered card's face is straightened, its ink (judged against its own
stock) is split into blobs, the blobs at the face's edge (the table round a quad drawn a little
wide, or round the card's rounded corners) and in the index columns are left out, and when the
rest are equal symbols in a number card's layout (point-symmetric, running over most of the
face) their count is the rank.

The count abstains (None) whenever the face may not be whole or may not be pips: a quad not
in a card's proportions, a pip-sized blot of ink cut by the face's edge, blobs of unequal size
or too many specks (a court picture, a worn print, glare), a big blob (a court figure, a
decorated ace), a layout with a pip missing (cut off, covered, run into the table), or a count
no card has.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.cards.faces import RATIO

#: The straightened face: FACE_W x FACE_W * RATIO px.
FACE_W = 100
FACE_H = round(FACE_W * RATIO)
#: The quad is a whole card when its long side over its short one is within this factor of a
#: card's ratio (a covered card's visible part is cut shorter or narrower than that).
RATIO_SLACK = 1.12
#: Ink within this share of the width of the face's edge is not the card's own print.
BORDER = 0.03
#: A blob centred within INDEX_COLUMN of the width of a long side is the index's print, however
#: far down the card it runs (the real and rendered decks centre their index characters
#: within 0.2 of the edge, a two-character 10 too, and a tall index's suit, as nicu-white's,
#: reaches 0.35 of the height down; their pips lie 0.25 of the width in or more).
INDEX_COLUMN = 0.21
#: Ink: darker than the face's stock by this share of its brightness, or this saturated
#: (red pips on white stock are saturated, black pips dark).
DARK = 0.45
SATURATED = 90
#: Blobs smaller than this share of the largest blob are specks (print dust, the edge of glare).
SPECK = 0.12
#: The pips of one card are the same symbol: the largest over the smallest blob area at most
#: this (the two rotated halves of a pip layout print the same symbol turned round).
SAME_SIZE = 2.2
#: A pip covers at most this share of the face (an ace's one large pip, or a court
#: picture's big blob, is more).
MAX_PIP = 0.06
#: More specks than this means a picture or a texture, not pips on plain stock.
MAX_SPECKS = 6
#: Ink at the face's edge reaching more than this share of the width into the face, as large as
#: a pip and not in an index column, is print cut off: a pip cut by the face's edge, or another
#: card's.  The table round a quad drawn a little wide, or showing round a card's rounded
#: corners, is a sliver along the edge; an index set at the very edge (Dondorf) is print.
CUT_DEPTH = 0.1
#: A pip's half-turn about the face's centre lands within this share of the width of another.
SYMMETRY = 0.08
#: The pips' centres run over at least this share of the face's height (a 2's two pips lie
#: near the top and the bottom; a 10's top and bottom rows as well).
MIN_SPAN = 0.33
#: The counts whose pips all stand in the face's middle column (a 2's and a 3's).
MIDDLE_COLUMN_COUNTS = (2, 3)
#: Ranks a count of pips names: an ace's one pip, a number card's two to ten.
COUNT_RANKS = {1: "A"} | {n: str(n) for n in range(2, 11)}
#: A patch of ink of this share of the face is a picture no number card shows (a court figure,
#: a decorated ace).  The largest blob of a number card's face was at most 0.046 of it on the
#: development singles of the held-out deck designs (white paper, cropped, on tables; seeds
#: 8500, 8550, 8400) and 0.07 on the real photos' fit and dev folds (a 10 with two pips run
#: together, the next 0.049); of a court that misread as a number card there, 0.09 to 0.44.
FIGURE = 0.085
#: An ace's pip is centred on the face within this share of its width and height.
ACE_CENTRED = 0.06


def straightened(image: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The face inside ``quad`` (first edge along a short side) as FACE_W x FACE_H px, or None
    when the quad is not in a whole card's proportions."""
    quad = np.asarray(quad, np.float32)
    short = float(np.linalg.norm(quad[1] - quad[0]))
    long = float(np.linalg.norm(quad[3] - quad[0]))
    if short < 1 or long < 1 or abs(math.log(long / short / RATIO)) > math.log(RATIO_SLACK):
        return None
    target = np.array([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]], np.float32)
    warp = cv2.getPerspectiveTransform(quad, target)
    return cv2.warpPerspective(image, warp, (FACE_W, FACE_H), flags=cv2.INTER_AREA)


def ink_mask(face: np.ndarray) -> np.ndarray:
    """255 where the straightened face shows ink, judged against its own stock."""
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    value = hsv[..., 2].astype(np.float32)
    stock = float(np.percentile(value, 80))
    dark = value < (1.0 - DARK) * stock
    saturated = (hsv[..., 1] > SATURATED) & (value > 0.25 * stock)
    return ((dark | saturated) * 255).astype(np.uint8)


@dataclass(frozen=True)
class FaceRead:
    """What the face inside a quad shows: its pips counted (None where they cannot be, see
    the module doc), and whether it shows a picture no number card has (``figure``: a patch
    of ink, clear of its edge and its index corners, of at least FIGURE of the face: a court
    figure, a decorated ace's pip)."""

    count: int | None
    figure: bool


def read_face(image: np.ndarray, quad: np.ndarray) -> FaceRead:
    """The face inside ``quad`` straightened and its ink blobs found once for both answers;
    nothing where the quad is not a whole card's."""
    face = straightened(image, quad)
    if face is None:
        return FaceRead(None, False)
    blobs = _face_blobs(face)
    areas = blobs.stats[blobs.keep, cv2.CC_STAT_AREA].astype(np.float64)
    if areas.size == 0:
        return FaceRead(None, False)
    largest = float(areas.max())
    figure = largest >= FIGURE * FACE_W * FACE_H
    return FaceRead(_counted(blobs, areas), figure)


def count_pips(image: np.ndarray, quad: np.ndarray) -> int | None:
    """The number of pips on the face inside ``quad``, or None (see the module doc)."""
    return read_face(image, quad).count


def shows_figure(image: np.ndarray, quad: np.ndarray) -> bool:
    """Whether the face inside ``quad`` shows a picture no number card has
    (:attr:`FaceRead.figure`)."""
    return read_face(image, quad).figure


def _counted(blobs: Blobs, areas: np.ndarray) -> int | None:
    """The pips the face's own blobs (``blobs.keep``, their ``areas``) count, or None."""
    largest = float(areas.max())
    cut = blobs.touching & (blobs.depth > CUT_DEPTH * FACE_W) & ~in_index_column(blobs.centres)
    if bool((blobs.stats[cut, cv2.CC_STAT_AREA] >= SPECK * largest).any()):
        return None
    if largest > MAX_PIP * FACE_W * FACE_H:
        return None
    big = areas >= SPECK * largest
    if int((~big).sum()) > MAX_SPECKS:
        return None
    pips = areas[big]
    if float(pips.max()) > SAME_SIZE * float(pips.min()) or int(pips.size) not in COUNT_RANKS:
        return None
    found = blobs.centres[blobs.keep][big]
    if len(found) == 1:
        offset = np.abs(found[0] - np.array([FACE_W / 2, FACE_H / 2]))
        return 1 if bool((offset <= ACE_CENTRED * np.array([FACE_W, FACE_H])).all()) else None
    return len(found) if in_pip_layout(found) else None


@dataclass(frozen=True)
class Blobs:
    """The ink blobs of a straightened face: their stats and centres; how far each reaches
    into the face from its nearest edge (``depth``, px: the table showing round a card's
    rounded corners or along a quad drawn a little wide rings the whole face in one blob, but
    a shallow one, where its bounding box reaches the middle); which touch the face's edge
    (``touching``); and which are the card's own print (``keep``: neither touching the edge
    nor centred in an index column)."""

    stats: np.ndarray
    centres: np.ndarray
    depth: np.ndarray
    touching: np.ndarray
    keep: np.ndarray


def _face_blobs(face: np.ndarray) -> Blobs:
    """The ink blobs of a straightened face (:class:`Blobs`)."""
    ink = ink_mask(face)
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8)
    stats, centres = stats[1:], centroids[1:]
    rows, columns = np.indices((FACE_H, FACE_W))
    inward = np.minimum(
        np.minimum(columns, FACE_W - 1 - columns), np.minimum(rows, FACE_H - 1 - rows)
    )
    depth = np.zeros(count, np.int64)
    np.maximum.at(depth, labels.ravel().astype(np.intp), inward.ravel())
    left, top = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    right = left + stats[:, cv2.CC_STAT_WIDTH]
    bottom = top + stats[:, cv2.CC_STAT_HEIGHT]
    border = round(BORDER * FACE_W)
    touching = (left < border) | (top < border)
    touching |= (right > FACE_W - border) | (bottom > FACE_H - border)
    keep = ~touching & ~in_index_column(centres)
    return Blobs(stats, centres, depth[1:], touching, keep)


def in_index_column(centres: np.ndarray) -> np.ndarray:
    """Which blobs are centred in an index column (INDEX_COLUMN): the index's print, however
    far down the card it runs."""
    u = centres[:, 0] / FACE_W
    return np.minimum(u, 1 - u) < INDEX_COLUMN


def in_pip_layout(centres: np.ndarray) -> bool:
    """Whether pip centres (face px) lie as a number card's do: each pip's half-turn about the
    layout's centre (the middle of their extent: a quad drawn a little off the card moves the
    face's centre, not the pips') lands on another pip (a middle pip may not), and
    they run from near the top of the face to near its bottom.  Part of a card, or pips of
    a card beside it, rarely do both."""
    centre = (centres.min(axis=0) + centres.max(axis=0)) / 2
    turned = 2 * centre - centres
    gaps = np.linalg.norm(turned[:, None, :] - centres[None, :, :], axis=2).min(axis=1)
    unmatched = centres[gaps > SYMMETRY * FACE_W]
    if len(unmatched) > len(centres) % 2:
        return False
    # The one pip without a partner is a middle pip (of a 3, 5, 7 or 9): on the middle column;
    # a corner pip alone says its partner was lost (cut off, covered, run into the table).
    if len(unmatched) and abs(float(unmatched[0, 0]) - float(centre[0])) > SYMMETRY * FACE_W:
        return False
    # a 2's or a 3's pips stand in the face's middle column: two or three pips in a line off
    # it are a column of a larger card whose other column is hidden
    off_middle = np.abs(centres[:, 0] - FACE_W / 2) > SYMMETRY * FACE_W
    if len(centres) in MIDDLE_COLUMN_COUNTS and bool(off_middle.any()):
        return False
    span = float(centres[:, 1].max() - centres[:, 1].min())
    return span >= MIN_SPAN * FACE_H
