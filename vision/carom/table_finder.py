"""The table in a photograph, whatever the colour of its cloth.

A billiard table seen from above is the one large region of a single chromaticity in the middle
of the picture: the cloth and the cushions covered with it.  Lamps make its brightness vary a
lot across the table but barely move its colour, so the cloth is found by its chromaticity
(brightness divided out) around the colour most common in the middle of the image, with
brightness only loosely bounded.  The region is closed over the balls, and its outline's four
sides are fitted as straight lines between the pockets' notches and intersected; each side is
then placed to the pixel on profiles across it at full resolution: the cushions' outer corners.
Green, blue, teal, red, grey, camel or purple cloths go the same way; nothing here knows a
colour.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.profile import ProfileError

Quad = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]

#: Width of the image the table is looked for in (px): the cloth is large, detail is not needed.
WORK_WIDTH = 480
#: Share of the image (centred) where the cloth's colour is sampled: the table fills the middle.
SAMPLE_SHARE = 0.4
#: Bin of the chromaticity histogram the cloth colour is the mode of.
COLOUR_BIN = 0.01
#: Chroma distance from the cloth colour that is still cloth: at least, at most, and as a
#: multiple of the spread of the cloth's colour in the sample (mottle, nap, white balance).
CHROMA_MIN, CHROMA_MAX, CHROMA_SPREADS = 0.015, 0.06, 3.0
#: The second pass's limit: this margin times this percentile of the chroma distance over the
#: cloth the first pass found.
SPREAD_PERCENTILE, SPREAD_MARGIN = 95.0, 1.5
#: Brightness still counted as cloth, relative to the sample's median: deep shade to a lamp's pool.
DARKEST, BRIGHTEST = 0.3, 2.2
#: The cloth must cover at least this share of the image.
MIN_AREA = 0.12
#: Closing over balls and the cue (share of the work width) before the table's region is told
#: from the rest: it also bridges a cloth whose colour wanders past the model's limit under
#: the lamps (a band of it left out, the rest in pieces: closing only BRIDGE_SHARE first, the
#: shot renderer's 480x300 frames were found a third of the table short).  Where the table
#: so found fails (a floor or a neighbouring table of the cloth's colour, joined to it across
#: a narrow rail, runs off the image: broadcast development still 17), it is found again
#: closing only gaps of BRIDGE_SHARE (a cue's shadow) first, the rest on its region alone.
CLOSE_SHARE, BRIDGE_SHARE = 0.03, 0.008
#: A side is fitted to outline points within this share of its length from the first guess,
#: and only on the middle of the side (the pockets' notches are at its ends and middle).
SIDE_BAND, SIDE_ENDS = 0.03, 0.08
#: The line is refitted this many times to the outline points within ON_LINE px of it, so the
#: pockets' notches and a ball or hand on the cushion do not pull it inwards.
REFITS, ON_LINE = 3, 1.5
#: Each side is placed to the pixel on EDGE_SAMPLES profiles across it, reaching this many
#: work-image px either side of the coarse line.
EDGE_SAMPLES, REFINE_REACH = 80, 3.0
#: Samples of cloth in a row, inwards of the edge, that make a profile's edge sure.
EDGE_RUN = 4
#: A stream keeps colour at half the resolution and blurs it further, over 6-8 px: the last
#: sample that passes for cloth lies 3-5 px inside the cushion's edge, and the rail and
#: cushion may be as bright.  The edge is where the colour is half way from the cloth's (the
#: run inside) to the rail's (the profile's outermost OUTSIDE_PX px), a blur being symmetric,
#: where the two differ by more than the cloth's own limit: half way in the pixels' values
#: (a blur mixes them linearly; a mix's chromaticity leans to the brighter), between samples.
#: Measured on renders whose outlines are drawn exactly (``render.fill_polygon``): corners
#: within 0.5 px on plain development stills 100-105 and on varied shot frames; the outermost
#: cloth sample had left them up to 4 px inside (3-8 px on broadcast development stills).
OUTSIDE_PX = 1.5
#: A side this close (px) to the image's own edge is the frame, not a cushion; a table cut by
#: the frame on one side is still a table (its balls are still found), on more it is not seen.
FRAME_EDGE, MAX_FRAMED_SIDES = 3.0, 1
#: Lines tried on the outline for each side, and how far (work px) from a side's line the
#: outline still belongs to that side (its rounded ends, the pockets' notches).
RANSAC_TRIES, SIDE_BAND_PX = 400, 6.0
#: Fewest outline points a side needs for its line.
MIN_SIDE_POINTS = 12


def chromaticity(image: np.ndarray) -> np.ndarray:
    """Each pixel's colour with its brightness divided out: (b, g, r) / (b + g + r), two
    channels kept.  A lamp's pool of light or a shadow changes the sum, not the ratios."""
    pixels = image.astype(np.float32) + 1.0
    total = pixels.sum(axis=2, keepdims=True)
    return (pixels[..., :2] / total).astype(np.float32)


def commonest_colour(colours: np.ndarray) -> np.ndarray:
    """The middle of the fullest COLOUR_BIN cell of a chromaticity histogram (N x 2)."""
    bins = np.clip(colours / COLOUR_BIN, 0, 255).astype(np.int32)
    mode = np.bincount(bins[:, 0] * 256 + bins[:, 1]).argmax()
    return (np.array([mode // 256, mode % 256], np.float32) + 0.5) * COLOUR_BIN


def cloth_colour(colours: np.ndarray, light: np.ndarray) -> tuple[np.ndarray, float, float]:
    """The cloth's chromaticity, its spread and median brightness, from the middle of the
    image: the mode of a chromaticity histogram there."""
    height, width = colours.shape[:2]
    dy, dx = int(height * (1 - SAMPLE_SHARE) / 2), int(width * (1 - SAMPLE_SHARE) / 2)
    sample = colours[dy : height - dy, dx : width - dx].reshape(-1, 2)
    bright = light[dy : height - dy, dx : width - dx].reshape(-1)
    centre = commonest_colour(sample)
    near = np.hypot(*(sample - centre).T) < CHROMA_MAX
    if near.sum() < 20:
        raise ProfileError("no table cloth in the image (no colour fills its middle)")
    colour = np.median(sample[near], axis=0)
    spread = float(np.median(np.hypot(*(sample[near] - colour).T))) * 1.4826
    return colour, spread, float(np.median(bright[near]))


@dataclass(frozen=True)
class ClothModel:
    """What counts as cloth: its chromaticity, the chroma distance still cloth, and the
    brightness range (sum of B, G, R)."""

    colour: np.ndarray
    limit: float
    darkest: float
    brightest: float

    def is_cloth(self, pixels: np.ndarray) -> np.ndarray:
        """Per pixel (..., 3 BGR), whether it is the cloth's."""
        colours = chromaticity(pixels)
        light = pixels.astype(np.float32).sum(axis=-1)
        chroma = np.hypot(colours[..., 0] - self.colour[0], colours[..., 1] - self.colour[1])
        return (chroma < self.limit) & (light > self.darkest) & (light < self.brightest)


def measure_cloth(image: np.ndarray, corners: Quad) -> ClothModel:
    """The cloth model of a calibrated table, from the pixels inside its cushions: what the
    ball and skittle readers leave out, so a ball or a skittle is never the cloth itself."""
    inside = np.zeros(image.shape[:2], np.uint8)
    cv2.fillPoly(inside, [np.round(np.array(corners)).astype(np.int32)], 255)
    smooth = cv2.medianBlur(image, 3)
    pixels = smooth[inside > 0][:: max(1, int(inside.sum() / 255) // 100_000)]
    colours = chromaticity(pixels[None])[0]
    light = pixels.astype(np.float32).sum(axis=-1)
    centre = commonest_colour(colours)
    near = np.hypot(*(colours - centre).T) < CHROMA_MAX
    if near.sum() < 20:
        raise ProfileError("no cloth inside the table's corners")
    colour = np.median(colours[near], axis=0)
    chroma = np.hypot(*(colours[near] - colour).T)
    limit = float(
        np.clip(SPREAD_MARGIN * np.percentile(chroma, SPREAD_PERCENTILE), CHROMA_MIN, CHROMA_MAX)
    )
    brightness = float(np.median(light[near]))
    return ClothModel(colour, limit, DARKEST * brightness, BRIGHTEST * brightness)


def cloth_region(image: np.ndarray, bridge: float = CLOSE_SHARE) -> tuple[np.ndarray, ClothModel]:
    """The cloth and cushions (uint8 0/255) in ``image`` (BGR), closed over what lies on it,
    and the colour model that found it; gaps of ``bridge`` (share of the width) are closed
    before the cloth is told from the rest (:data:`BRIDGE_SHARE`)."""
    blurred = cv2.medianBlur(image, 3)
    colours = chromaticity(blurred)
    light = blurred.astype(np.float32).sum(axis=2)
    colour, spread, brightness = cloth_colour(colours, light)
    limit = float(np.clip(CHROMA_SPREADS * spread, CHROMA_MIN, CHROMA_MAX))
    chroma = np.hypot(colours[..., 0] - colour[0], colours[..., 1] - colour[1])
    mask = (chroma < limit) & (light > DARKEST * brightness) & (light < BRIGHTEST * brightness)
    # Second pass: the colour and its spread over all the cloth found, lamps' pools and the
    # dim cushions included, not only the middle.
    colour = np.median(colours[mask], axis=0)
    chroma = np.hypot(colours[..., 0] - colour[0], colours[..., 1] - colour[1])
    spread = float(np.percentile(chroma[mask], SPREAD_PERCENTILE))
    limit = float(np.clip(SPREAD_MARGIN * spread, CHROMA_MIN, CHROMA_MAX))
    mask = (chroma < limit) & (light > DARKEST * brightness) & (light < BRIGHTEST * brightness)
    mask = mask.astype(np.uint8) * 255
    model = ClothModel(colour, limit, DARKEST * brightness, BRIGHTEST * brightness)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, _disc(bridge * image.shape[1]))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    if count < 2:
        raise ProfileError("no table cloth in the image")
    height, width = mask.shape
    middle = labels[height * 3 // 8 : height * 5 // 8, width * 3 // 8 : width * 5 // 8]
    counts = np.bincount(middle.ravel(), minlength=count)
    counts[0] = 0
    if counts.max() > 0:
        best = int(counts.argmax())
    else:
        best = int(stats[1:, cv2.CC_STAT_AREA].argmax()) + 1
    region = (labels == best).astype(np.uint8) * 255
    region = cv2.morphologyEx(region, cv2.MORPH_CLOSE, _disc(CLOSE_SHARE * image.shape[1]))
    if region.sum() / 255 < MIN_AREA * height * width:
        raise ProfileError("the cloth-coloured region is too small to be the table")
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    filled = np.zeros_like(region)
    cv2.drawContours(filled, contours, -1, 255, -1)
    return filled, model


def _disc(diameter: float) -> np.ndarray:
    size = max(3, int(diameter) | 1)
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))


def find_table(image: np.ndarray) -> Quad:
    """The cushions' outer corners in ``image`` px: top-left, top-right, bottom-right,
    bottom-left (by their place round the table's centre)."""
    if image.ndim != 3 or image.shape[0] < 32 or image.shape[1] < 32:
        raise ProfileError("the image is too small or not a colour image")
    factor = min(1.0, WORK_WIDTH / image.shape[1])
    small = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    try:
        return _table(image, small, factor, CLOSE_SHARE)
    except ProfileError as first:
        try:
            return _table(image, small, factor, BRIDGE_SHARE)
        except ProfileError:
            raise first from None


def _table(image: np.ndarray, small: np.ndarray, factor: float, bridge: float) -> Quad:
    """:func:`find_table` with the cloth's gaps of ``bridge`` closed before it is told from
    the rest (:data:`BRIDGE_SHARE`)."""
    region, model = cloth_region(small, bridge)
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(contours, key=cv2.contourArea)
    coarse = _straight_sides(outline.reshape(-1, 2).astype(np.float64))
    corners = np.array([_meet(coarse[i - 1], coarse[i]) for i in range(4)]) / factor
    smooth = cv2.medianBlur(image, 3)
    lines = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        edge = _edge_points(smooth, model, a, b, corners.mean(axis=0), 1 / factor)
        fitted = _fit_side(edge, a, b) if len(edge) >= MIN_SIDE_POINTS else None
        lines.append(fitted if fitted is not None else _line(a, b))
    refined = [_meet(lines[i - 1], lines[i]) for i in range(4)]
    height, width = image.shape[:2]
    framed = 0
    for i in range(4):
        a, b = refined[i], refined[(i + 1) % 4]
        ends = ((0, 0.0), (0, width - 1.0), (1, 0.0), (1, height - 1.0))
        framed += any(abs(a[k] - e) < FRAME_EDGE and abs(b[k] - e) < FRAME_EDGE for k, e in ends)
    if framed > MAX_FRAMED_SIDES:
        raise ProfileError(
            "the cloth runs off the image: the whole table, rails and all, must be in view"
        )
    return ordered_corners([(float(x), float(y)) for x, y in refined])


def _line(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    side = b - a
    return a, side / max(float(np.hypot(*side)), 1e-9)


def _edge_points(
    image: np.ndarray,
    model: ClothModel,
    a: np.ndarray,
    b: np.ndarray,
    centre: np.ndarray,
    work_px: float,
) -> np.ndarray:
    """Where the cloth ends on short profiles across the side a-b, at full resolution: the
    coarse side is a few px off (the work image is small); this is the place to the pixel."""
    origin, unit = _line(a, b)
    normal = np.array([-unit[1], unit[0]])
    if (centre - origin) @ normal > 0:
        normal = -normal  # outwards
    length = float(np.hypot(*(b - a)))
    along = np.linspace(SIDE_ENDS * length, (1 - SIDE_ENDS) * length, EDGE_SAMPLES)
    across = np.arange(-REFINE_REACH * work_px, REFINE_REACH * work_px + 0.5, 0.5)
    xs = origin[0] + unit[0] * along[:, None] + normal[0] * across[None, :]
    ys = origin[1] + unit[1] * along[:, None] + normal[1] * across[None, :]
    profile = cv2.remap(
        image,
        xs.astype(np.float32),
        ys.astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    cloth = model.is_cloth(profile)
    colours = chromaticity(profile)
    off = np.hypot(colours[..., 0] - model.colour[0], colours[..., 1] - model.colour[1])
    outside = max(1, round(2 * OUTSIDE_PX))  # samples are 0.5 px apart
    # The edge is the outermost place with a run of cloth inside it; a pocket, a ball or a
    # hand on the side leaves no such run, and that profile gives no point.
    run = np.ones(EDGE_RUN, np.float32)
    points = []
    for row in range(EDGE_SAMPLES):
        runs = np.convolve(cloth[row].astype(np.float32), run, mode="valid") >= EDGE_RUN
        inside = np.nonzero(runs)[0]
        if inside.size == 0 or inside[-1] + EDGE_RUN >= len(across):
            continue
        end = inside[-1] + EDGE_RUN - 1
        step = across[end] + 0.25
        cloth_level = float(np.median(off[row, inside[-1] : end + 1]))
        rail_level = float(np.median(off[row, -outside:]))
        if rail_level - cloth_level > model.limit:
            cloth_bgr = np.median(profile[row, inside[-1] : end + 1].astype(np.float32), axis=0)
            span = np.median(profile[row, -outside:].astype(np.float32), axis=0) - cloth_bgr
            share = (profile[row, end:].astype(np.float32) - cloth_bgr) @ span / (span @ span)
            crossed = np.nonzero(share > 0.5)[0]
            if crossed.size and crossed[0] > 0:  # between the samples, where it is 0.5
                i = int(crossed[0])
                below, above = float(share[i - 1]), float(share[i])
                step = across[end + i - 1] + 0.5 * (0.5 - below) / (above - below)
        points.append(origin + unit * along[row] + normal * step)
    return np.array(points, np.float64).reshape(-1, 2)


def _straight_sides(points: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """The outline's four longest straight runs, in order round the table: each found by
    RANSAC (the line through two outline points that most points lie on), its points then
    set aside.  A pocket's notch, a hand or a patch of floor of the cloth's colour bends the
    outline but leaves each cushion's long straight run the longest there."""
    rng = np.random.default_rng(0)  # the same image gives the same table
    left = points
    sides = []
    for _ in range(4):
        if len(left) < MIN_SIDE_POINTS:
            raise ProfileError("the cloth's outline has no four straight sides")
        pairs = rng.integers(len(left), size=(RANSAC_TRIES, 2))
        a, b = left[pairs[:, 0]], left[pairs[:, 1]]
        direction = b - a
        length = np.hypot(direction[:, 0], direction[:, 1])
        usable = length > 1e-6
        a, direction, length = a[usable], direction[usable], length[usable]
        normal = np.stack([-direction[:, 1], direction[:, 0]], 1) / length[:, None]
        off = np.abs((left[None, :, :] - a[:, None, :]) @ normal[..., None])[..., 0]
        best = int((off < ON_LINE).sum(axis=1).argmax())
        inliers = left[off[best] < ON_LINE]
        line = _fit_line(inliers)
        sides.append((line, inliers.mean(axis=0)))
        away = np.abs((left - line[0]) @ np.array([-line[1][1], line[1][0]]))
        left = left[away >= SIDE_BAND_PX]
    centre = np.mean([middle for _line, middle in sides], axis=0)
    sides.sort(key=lambda side: np.arctan2(*(side[1] - centre)[::-1]))
    return [line for line, _middle in sides]


def _fit_line(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    vx, vy, x0, y0 = cv2.fitLine(points.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
    return np.array([float(x0[0]), float(y0[0])]), np.array([float(vx[0]), float(vy[0])])


def _fit_side(
    points: np.ndarray, a: np.ndarray, b: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    side = b - a
    length = float(np.hypot(*side))
    unit = side / max(length, 1e-9)
    normal = np.array([-unit[1], unit[0]])
    along = (points - a) @ unit
    across = np.abs((points - a) @ normal)
    keep = (across < SIDE_BAND * length + 2) & (along > SIDE_ENDS * length)
    keep &= along < (1 - SIDE_ENDS) * length
    if keep.sum() < MIN_SIDE_POINTS:
        return None  # no straight run here: the first guess stands
    chosen = points[keep]
    for _ in range(REFITS):
        vx, vy, x0, y0 = cv2.fitLine(chosen.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
        origin = np.array([float(x0[0]), float(y0[0])])
        direction = np.array([float(vx[0]), float(vy[0])])
        off = np.abs((chosen - origin) @ np.array([-direction[1], direction[0]]))
        if (off < ON_LINE).sum() < MIN_SIDE_POINTS:
            break
        chosen = chosen[off < ON_LINE]
    return origin, direction


def _meet(
    first: tuple[np.ndarray, np.ndarray], second: tuple[np.ndarray, np.ndarray]
) -> np.ndarray:
    (p, u), (q, v) = first, second
    matrix = np.array([[u[0], -v[0]], [u[1], -v[1]]])
    if abs(np.linalg.det(matrix)) < 1e-6:
        raise ProfileError("two sides of the cloth are parallel: no table corner")
    s = np.linalg.solve(matrix, q - p)[0]
    return p + s * u


def ordered_corners(corners: list[tuple[float, float]]) -> Quad:
    """Top-left first (smallest x + y), then round the centre clockwise on screen."""
    centre = np.mean(corners, axis=0)
    by_angle = sorted(corners, key=lambda p: np.arctan2(p[1] - centre[1], p[0] - centre[0]))
    start = min(range(4), key=lambda i: by_angle[i][0] + by_angle[i][1])
    a, b, c, d = (by_angle[(start + i) % 4] for i in range(4))
    return (a, b, c, d)
