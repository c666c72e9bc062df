"""A card's index cut to its own lettering: the patch the glyph reader reads.

Decks print their index at very different sizes and distances from the edge: Nicu White's rank
letter is nearly twice the height of Dondorf's, Tigullio sets the suit beside the rank where most
decks set it below.  A reader of a fixed corner patch (:func:`geometry.corner_patch`) learns the
index geometry of the decks it was trained on, and on another deck sees a letter cut off or half
the size.  So here the corner is straightened at a fixed resolution, the ink judged against the
card's own stock, and the first mark nearest the corner (the rank's first character: every deck
puts it there) measured; the patch is cut anchored at that mark's top-left and scaled by its
height, so every deck's rank lands at one size and place, its suit below or beside it.  The
anchor is found on the print itself, so an outline drawn a little off the card (a detector box, a
rounded corner) moves the region, not the patch.

Only a card's top-left and bottom-right corners are read: with u along the short side and v
along the long one (:class:`geometry.Corner`), theirs are the corners whose frame is
right-handed, whichever way the card lies.  The other two show no index on most decks, and on
decks with four indices (Dondorf) show it mirrored in that frame: a mirrored 9 looks like no
rank or like another one.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.cards.geometry import Corner

#: The corner region searched for the index: REGION_U x REGION_V card widths from OUTSIDE card
#: widths outside the corner (an outline drawn a little inside the card must not cut the rank).
REGION_U = 0.4
REGION_V = 0.54
OUTSIDE = 0.04
#: The region is straightened at this many px per card width.
PX_PER_WIDTH = 200
#: Ink is darker than the stock (the region's STOCK_PERCENTILE brightness) by a share, or
#: saturated (red print) beyond a level while not dark table: each (share, level) of INKS is
#: tried, and the mark nearest the corner under any of them is the rank.  A light threshold
#: keeps a pale red rank whole; a strict one parts a rank blurred into a pip or a frame line
#: beside it (either way the rank is nearer the corner than anything it runs into).
INKS = ((0.25, 60), (0.35, 80), (0.5, 110))
STOCK_PERCENTILE = 90
#: A rank character is this tall at least and at most (shares of the card width): smaller marks
#: are specks and decoration, taller ones a court picture's frame or a pip.
MIN_GLYPH = 0.05
MAX_GLYPH = 0.36
#: A mark this much taller than wide may be the rank run into the suit below it (blur joins
#: them on a small or closely set index), one this much wider than tall the rank run into a
#: pip or a suit beside it; it is cut at its narrowest row (column) within WAIST_ROWS of its
#: height (width) when that row spans at most WAIST of the widest rows on either side.
RUN_TOGETHER = 1.6
SIDE_BY_SIDE = 1.2
WAIST_ROWS = (0.35, 0.8)
WAIST = 0.5
#: The patch, in rank heights from the rank's top-left (less MARGIN): wide enough for a "10" and
#: a suit beside it, tall enough for the suit below.
SPAN_U = 2.4
SPAN_V = 3.0
MARGIN = 0.15
#: The patch's size in px.
GLYPH_W = 32
GLYPH_H = 40


def corner_region(image: np.ndarray, corner: Corner) -> np.ndarray:
    """The corner's REGION_U x REGION_V card widths straightened at PX_PER_WIDTH (BGR)."""
    px = corner.scale / PX_PER_WIDTH  # image px per region px
    u, v = np.array(corner.u), np.array(corner.v)
    origin = np.array(corner.point) + (0.5 * px - OUTSIDE * corner.scale) * (u + v)
    matrix = np.array(
        [[u[0] * px, v[0] * px, origin[0]], [u[1] * px, v[1] * px, origin[1]]], np.float64
    )
    size = (round(REGION_U * PX_PER_WIDTH), round(REGION_V * PX_PER_WIDTH))
    return cv2.warpAffine(
        image,
        matrix,
        size,
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


def inks(region: np.ndarray) -> list[np.ndarray]:
    """Per INKS threshold, 255 where the region shows print, judged against its own stock."""
    hsv = cv2.cvtColor(region, cv2.COLOR_BGR2HSV)
    value = hsv[..., 2].astype(np.float32)
    stock = float(np.percentile(value, STOCK_PERCENTILE))
    out = []
    for dark, saturated in INKS:
        mask = (value < (1.0 - dark) * stock) | ((hsv[..., 1] > saturated) & (value > 0.3 * stock))
        out.append((mask * 255).astype(np.uint8))
    return out


def rank_mark(region: np.ndarray) -> tuple[int, int, int, int] | None:
    """The box (x, y, w, h, region px) of the mark nearest the corner that may be a rank
    character, or None.  Marks touching the region's sides at the corner are the table round
    it or the card's edge: never a rank.  A mark run into others (:func:`rank_part`) is cut to
    its first part."""
    low, high = MIN_GLYPH * PX_PER_WIDTH, MAX_GLYPH * PX_PER_WIDTH
    height, width = region.shape[:2]
    best = None
    for mask in inks(region):
        _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        for label, (x, y, w, h, _) in enumerate(stats[1:], start=1):
            if x == 0 or y == 0:
                continue  # the table or the card's edge
            dx, dy, w, h = rank_part(labels[y : y + h, x : x + w] == label)
            x, y = x + dx, y + dy
            if x + w >= width or y + h >= height:
                continue  # print cut off by the region
            if not low <= h <= high or w > 1.6 * high:
                continue
            if best is None or x + y < best[0] + best[1]:
                best = (int(x), int(y), int(w), int(h))
    return best


def rank_part(mark: np.ndarray) -> tuple[int, int, int, int]:
    """The box (x, y, w, h) within a mark of its first part: the mark itself, or where blur ran
    the rank into what lies beside it (a pip, the suit of a side-by-side index: a mark wider
    than SIDE_BY_SIDE of its height) the columns before the narrowest, and where it ran the
    rank into the suit below (taller than RUN_TOGETHER of its width) the rows above the
    narrowest (:func:`waist`)."""
    height, width = mark.shape
    if width > SIDE_BY_SIDE * height:
        cut = waist(mark.T)
        if cut is not None:
            mark = mark[:, :cut]
    rows, columns = np.nonzero(mark)
    top, left = int(rows.min()), int(columns.min())
    mark = mark[top : rows.max() + 1, left : columns.max() + 1]
    if mark.shape[0] > RUN_TOGETHER * mark.shape[1]:
        cut = waist(mark)
        if cut is not None:
            mark = mark[:cut]
    rows, columns = np.nonzero(mark)
    x, y = int(columns.min()), int(rows.min())
    return left + x, top + y, int(columns.max()) + 1 - x, int(rows.max()) + 1 - y


def waist(mark: np.ndarray) -> int | None:
    """The row where a mark is cut in two parts (the rank and what blur ran it into), or
    None.  Rows are measured by the span of their ink: where a rank's tail touches a suit's
    tip the span is a stroke wide, at most WAIST of the widest rows on either side, within
    WAIST_ROWS of the mark's height."""
    filled = mark.any(axis=1)
    columns = np.arange(mark.shape[1])
    first = np.where(mark, columns, mark.shape[1]).min(axis=1)
    last = np.where(mark, columns, -1).max(axis=1)
    spans = np.where(filled, last - first + 1, 0)
    size = len(spans)
    low, high = round(WAIST_ROWS[0] * size), round(WAIST_ROWS[1] * size)
    if high <= low:
        return None
    cut = low + int(np.argmin(spans[low:high]))
    before, after = int(spans[:cut].max()), int(spans[cut:].max())
    return cut if spans[cut] <= WAIST * min(before, after) else None


def right_handed(corner: Corner) -> bool:
    """Whether the corner is a top-left or bottom-right one (see the module doc)."""
    return corner.u[0] * corner.v[1] - corner.u[1] * corner.v[0] > 0


def glyph_patch(image: np.ndarray, corner: Corner) -> np.ndarray | None:
    """The GLYPH_W x GLYPH_H patch anchored on the corner's rank mark (BGR), or None when the
    corner is not an index corner (:func:`right_handed`) or shows no mark that may be a rank
    character (a corner off the card, a covered one)."""
    if not right_handed(corner):
        return None
    region = corner_region(image, corner)
    mark = rank_mark(region)
    return None if mark is None else patch_at(region, mark)


def patch_at(region: np.ndarray, mark: tuple[int, int, int, int]) -> np.ndarray:
    """The GLYPH_W x GLYPH_H patch of a corner region anchored on a mark (x, y, w, h)."""
    x, y, _, h = mark
    x0, y0 = x - MARGIN * h, y - MARGIN * h
    sx, sy = SPAN_U * h / GLYPH_W, SPAN_V * h / GLYPH_H
    matrix = np.array([[sx, 0, x0 + 0.5 * sx], [0, sy, y0 + 0.5 * sy]], np.float64)
    return cv2.warpAffine(
        region,
        matrix,
        (GLYPH_W, GLYPH_H),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
