"""Every ball on a table in one photograph, by shape first and colour second.

The tracker's detector (:mod:`vision.carom.balls`) knows the five colours of the skittles games
and a calibration; a first frame of a new table, or a pool or pyramid set, needs a finder that
knows neither.  A ball is what is not cloth, round, and of one size:

1. *Not cloth*: the cloth's chromaticity (:mod:`vision.carom.table_finder`) is the same over
   the table; its brightness is not (lamps), so it is measured locally, from the cloth pixels
   only, smoothed wide.  A pixel is not cloth when its colour is off the cloth's, or it is far
   brighter (white, yellow balls, highlights) or far darker (black balls) than the cloth
   around it; a ball's soft shadow is only moderately darker and stays cloth.
2. *Round, of one size*: the distance transform of the not-cloth mask peaks at each ball's
   centre with the ball's radius, touching balls and a rack included (their peaks stay
   apart).  The radius is the calibration's when a profile is given, else measured by the
   rims themselves (:func:`_ladder_radius`): at every size a ball may have on this table,
   bounded by the sizes balls have on real tables relative to the table, the round rims are
   counted, and the middle of the plateau of sizes that find them is the radius.
3. *Rim*: each peak is moved to the centre of the circle fitted to the sharpest colour edge on
   rays round it (the rim is sharp, a shadow's edge is soft), and kept only when most rays
   find that rim: a hand, a cue or a pocket's notch do not ring their centre.  The balls
   found, each is fitted again from its own centre with the rays towards its touching
   neighbours blocked, until it stays put (:func:`_settle`): in a rack the neighbours' rims
   pulled small balls half a radius off.
4. *Of the cloth's colour*: a ball the not-cloth mask does not show (a red on a red cloth,
   ivory on camel) is found by its rim alone, started from circles in the brightness edges,
   from its shading (a lit middle and a dark limb, :func:`_shaded_spots`), and, in a rack,
   from the touching places of the balls found, held to a rounder rim than the others.

Pockets are no balls and do not hide them: a centre at a pocket's place is on its rim, and a
ball beside a pocket is not part of an arm reaching in (:func:`_reaching_in`).  Nor is a ball
joined to a pocket's notch past its cut, or to a rolling neighbour's streak by a cushion: a
part that reaches only that little way into the table holds a round rim only where it rings
it (:func:`_held_by_arm`, :data:`REACH_DEEP`).

The colour name of each ball comes last, from its own pixels (highlight left out).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.carom.table_finder import Quad, chromaticity, commonest_colour, find_table

#: Largest width the finder works at (px): snooker balls are 6 px across at 1280.
WORK_WIDTH = 1280
#: Ball radius relative to the cushions' outer long side, on real tables: snooker (0.0072) to
#: pool (0.0108), with a margin for a table seen at a tilt.
RADIUS_SHARE = (0.0060, 0.0130)
#: Chroma distance (chromaticity units) beyond which a pixel is not the cloth's colour.
OFF_COLOUR = 0.045
#: The cloth's own colour noise (sensor, JPEG, a saturated dye) widens that limit: this
#: margin times this percentile of the chroma distance of the cloth-like pixels.
SPREAD_PERCENTILE, SPREAD_MARGIN = 95.0, 1.6
#: Brightness relative to the cloth around: above BRIGHTER or below DARKER is not cloth.
BRIGHTER, DARKER = 1.45, 0.33
#: Below this brightness (sum of B, G, R) a pixel's chromaticity is noise, not colour.
DIM = 60.0
#: Not-cloth score from which a pixel belongs to an object.
FOREGROUND = 0.8
#: Width of the smoothing that measures the cloth's local brightness (share of the work width).
LIGHT_SIGMA = 0.04
#: A distance-transform peak is a ball's centre when it lies between these shares of the radius.
PEAK_RANGE = (0.55, 1.5)
#: Two centres closer than this share of the radius are one ball.
SAME_BALL = 1.3
#: Rays cast round a centre to find the rim, how far along them (shares of the radius: past
#: the highlight, short of a neighbour's rim) and the sampling step along a ray (px).
RAYS, RAY_FROM, RAY_TO, RAY_STEP = 32, 0.6, 1.45, 0.5
#: The rims are looked for in brightness weighted LUMA_WEIGHT against the two colour
#: differences (:func:`_rim_image`).  Development stills 0-79, recall and precision, broadcast
#: then plain: 1 (BGR alike) 0.907 0.952, 0.938 0.978; 1.5: 0.909 0.968, 0.936 0.978; 2: 0.920
#: 0.956, 0.945 0.972; 3: 0.920 0.906, 0.948 0.944 (the noise's edges pass RIM_CONTRAST).
#: 1.5, well short of that cliff.
LUMA_WEIGHT = 1.5
#: A ray finds the rim when its sharpest colour change is at least this (grey levels per px,
#: B, G and R together).
RIM_CONTRAST = 12.0
#: The rim points' median distance from their circle may be at most this share of the radius.
RIM_RESIDUAL = 0.12
#: Inside a cluster (a rack, touching balls: the distance transform deeper than CLUSTER_DEPTH
#: radii) centres are also tried on a grid of GRID radii, since the clustered balls' own
#: peaks merge into one.
CLUSTER_DEPTH, GRID = 0.9, 0.4
#: What is left of the not-cloth mask opened with a disc of SOLID radii: a ball's body
#: stays, a cue or a thin bleed of colour round it goes.
SOLID = 0.7
#: Circles in the brightness edges (OpenCV's HOUGH_GRADIENT_ALT: Canny's upper threshold and
#: how perfect a circle must be) are balls when their rim is this complete, without the
#: not-cloth test a ball of the cloth's colour cannot pass.
HOUGH_EDGE, HOUGH_ROUND, SHADED_SUPPORT = 120.0, 0.75, 0.85
#: Shaded spots (:func:`_shaded_spots`): a ball's middle (a Gaussian of SPOT_INNER radii)
#: SPOT_CONTRAST off its surround (SPOT_OUTER radii) in brightness.  On the broadcast
#: development stills 0-79, 78 % of the balls the finder missed had that contrast at their
#: centre, against some 45 local extremes per still elsewhere on the cloth (each costs one
#: rim fit; 0.03 doubled them, 0.08 left 64 % of the missed balls).
SPOT_INNER, SPOT_OUTER, SPOT_CONTRAST = 0.5, 1.5, 0.05
#: A ball found by its shading lies at least SPOT_APART radii from every ball found otherwise
#: (touching balls are two apart; a spot on a found ball's lit side or shadow is nearer) and
#: its rim is at least SPOT_SUPPORT round.
SPOT_APART, SPOT_SUPPORT = 1.7, 0.93
#: ... and SPOT_POCKET radii from a pocket's place: a pocket's rim shades like a ball (8 of
#: 1208 balls of the development stills 0-79 lie nearer, 2 rims were taken at 3-3.5).
SPOT_POCKET = 4.0
#: A rack's balls of the cloth's colour: places proposed round each ball found (LATTICE_TURNS
#: directions, two radii off), held to the shaded spots' tests, for LATTICE_ROUNDS rounds
#: (a ball found so proposes its own neighbours).  Development still 52 (a rack of reds on a
#: red cloth): 9 reds more, no false ball; the broadcast stills 0-79: 4 balls more, 1 false.
LATTICE_TURNS, LATTICE_ROUNDS = 12, 3
#: A streak (a ball rolling during the exposure): a blob STREAK_WIDTH radii across (a ball's
#: diameter, less what the opening takes, or with its shadow), at most STREAK_LENGTH radii
#: longer than wide (a blur too soft for a rim: round too), that
#: fills STADIUM_FILL of the stadium of that size; it counts with STREAK_SUPPORT.
STREAK_WIDTH, STREAK_LENGTH, STADIUM_FILL, STREAK_SUPPORT = (1.4, 3.4), 3.5, (0.7, 1.2), 0.9
#: A streak is as wide at its middle as this share of its width; touching balls are not.
STREAK_WAIST = 0.85
#: Streaks are looked for once the balls found by their rims are cut out of the mask, each a
#: disc of CUT_DISC radii (the ball, its dark rim and the colour bled round it).
CUT_DISC = 1.2
#: A straight edge at least CUE_LENGTH radii long is a cue's; a centre within CUE_CLEARANCE
#: radii of one is on the cue.
CUE_LENGTH, CUE_CLEARANCE = 8.0, 1.0
#: A centre on a bar of the not-cloth mask is on a cue (a far table's cue, as wide as a ball
#: once the stream's colour bleeds round it, its outline too ragged for a straight edge): the
#: mask runs BAR_REACH radii both ways along some direction (a row of touching balls that
#: long is five in a line, a rack's, and a rack is wider), and across it stays as wide
#: everywhere as at the centre (BAR_EVEN of it; touching balls pinch where they touch) and
#: no wider than BAR_WIDTH radii there.
BAR_REACH, BAR_EVEN, BAR_WIDTH, BAR_DIRECTIONS = 4.0, 0.7, 2.4, 16
#: A part of the solid mask that touches the table's outline (within OUTLINE_PX px) and
#: stretches REACH_IN radii or more reaches in from beyond the cushions: an arm and the hand
#: at its end.  No ball is taken on it.
OUTLINE_PX, REACH_IN = 1.5, 6.0
#: A part that reaches in (:func:`_reaching_in`) but less than REACH_DEEP radii into the
#: table is no arm with its hand but balls against a cushion or a pocket, joined to its notch
#: past the cut or to a rolling neighbour's streak: on broadcast development stills 0-199 the
#: 13 balls the arm test lost so lay on parts reaching 3.8-6.5 radii in, the false balls it
#: kept out on parts reaching 6.3-40 (a fist, cues, hands; all but one 10 or more) and 3.8
#: (a pocket rim's highlight).  On such a part a round rim is the part's
#: (:func:`_held_by_arm`) when, every round rim's disc (CUT_DISC) cut out, it covers ARM_COVER
#: of the ring ARM_RING radii round it (RING_SAMPLES samples; ARM_RING: just past the cut,
#: where a sleeve is and a neighbour's disc is not): those 13 balls 0.0-0.48 of it, a fist at
#: a sleeve's end 0.77-1.0.
REACH_DEEP, ARM_RING, ARM_COVER, RING_SAMPLES = 7.0, 1.5, 0.5, 48
#: ... and it is a pocket's rim, joined to the notch, within POCKET_RIM radii of a pocket's
#: place (the rim reaches 2.9 radii from the pocket's middle on real tables, which lies
#: inside the cushions' corner): broadcast stills, development 0-199 and fresh 63000-63079,
#: three rims' highlights so taken lay 3.3-3.7 radii from it, the 13 balls 3.9 or more.
POCKET_RIM = 3.8
#: Before arms are looked for, a disc of POCKET_CUT radii round each pocket's place is cut
#: from the mask: a pocket's hole is 1.7-2.1 ball radii across on real tables, with its rim
#: up to 2.9, centred just inside the cushions' outer corner.
POCKET_CUT = 3.0
#: A centre within POCKET_CLEAR radii of a pocket's place (:func:`_notches`) is on the pocket
#: (its leather or chrome rim is round and ball-sized on the cloth's side).  Over the pool,
#: pyramid and snooker development stills 0-79 of both looks, 2 of 1208 balls lay that
#: close (2.31, 2.53 radii), and 3 of the 4 false balls on the pockets' rims (2.46-2.55).
POCKET_CLEAR = 2.8
#: A ball's disc (FILL_DISC radii round its centre) is at least MIN_FILL not cloth.
FILL_DISC, MIN_FILL = 0.75, 0.8
#: The rim's centre may lie this far from the distance transform's (shares of the radius).
MAX_SHIFT = 0.6
#: Share of rays that must find the rim to be fitted at all, and the share (less the fit's
#: median miss in radii) a ball's rim must reach: a cue has no rim along itself, a hand's
#: fingers no round one.
MIN_SUPPORT, ROUND_BALL = 0.55, 0.88
#: Another ball's centre this many radii away touches this one (two radii, with some slack).
TOUCHING = (1.6, 2.5)
#: The rim circle's radius must be within these shares of the expected radius.
RIM_RADIUS = (0.7, 1.35)
#: Radii tried (shares of a profile's expected radius) before the rims measure the radius: the
#: smaller wins only when it finds TRIAL_MARGIN times the balls (a cue's edges pass for small
#: rims).
TRIAL_RADII, TRIAL_MARGIN = (0.75, 1.0), 2.0
#: Passes that fit every ball again with the rays towards the balls found about two radii
#: away blocked (:func:`_blocked`): a touching neighbour's rim, number or highlight is no step
#: to the cloth, and pulled the rim's circle towards it.
NEIGHBOUR_PASSES = 1
#: A found ball is fitted again from its own centre (:func:`_settle`) until it moves less than
#: SETTLED radii, at most SETTLE_STEPS times.
SETTLED, SETTLE_STEPS = 0.05, 4
#: A shaded spot's rim fit this round (share of rays less the median miss) is fitted again
#: from its own centre (:func:`_settle`) before it is judged.
SETTLE_FROM = 0.75
#: The radius ladder (:func:`_ladder_radius`): trial sizes LADDER_STEP apart, and the
#: plateau of trials finding at least PLATEAU of the most balls.  PLATEAU chosen on the
#: development stills 0-79 of both looks (rims in BGR, before LUMA_WEIGHT): 0.6 put 74 % of
#: broadcast stills within 12 % of the true radius, 0.7 and 0.8 84 %, 0.9 81 %.
LADDER_STEP, PLATEAU = 1.15, 0.7
#: Fewest balls whose rims measure the radius (else the distance transform's measure stands).
MIN_MEASURED = 3
#: A rack's lattice (:func:`_on_lattice`): touching balls (:data:`TOUCHING`) in a group of at
#: least RACK_BALLS (three fix the lattice's two directions, a fourth checks them) lie on a
#: lattice of triangles, two radii a side (a tilted table's foreshortening makes it affine).
RACK_BALLS = 4
#: The fit's members off their node by more than LATTICE_INLIER radii (a ball the
#: neighbours' rims pulled off) are left out of a second fit; a member is moved to its node
#: when that lies at most LATTICE_MOVE radii off (the rack misses of the broadcast
#: development stills lay 0.5-1.3 off) and the rim rings it as well (:data:`LATTICE_SLACK`).
LATTICE_INLIER, LATTICE_MOVE = 0.4, 1.4
#: A member nearer its node than LATTICE_STILL radii stays: the nodes lie 0.05-0.3 radii off
#: the truth on the broadcast development racks, its own fit as near.
LATTICE_STILL = 0.25
#: The node's rim (:func:`_rim_at`) is as good as the ball's own place when it loses at most
#: one ray of RAYS: the measure's own step (on the broadcast development racks a node that
#: placed a missed ball right lost 0-1 rays, one that was wrong lost 3 or more).
LATTICE_SLACK = 1.0 / RAYS
#: Fits of the lattice, each from the members' nearest nodes of the one before.
LATTICE_FITS = 3
#: A centre within this many radii of the cushions' outer edge is on a cushion, a rail or a
#: pocket: a ball frozen on a cushion lies its radius plus the cushion's width (1.6-1.7 radii
#: on real tables) inside it.
EDGE_MARGIN = 2.1


@dataclass(frozen=True)
class FoundBall:
    """A ball in image px, its colour name, and how round its rim was (share of rays)."""

    x: float
    y: float
    radius: float
    label: str
    support: float

    def to_json(self) -> dict[str, Any]:
        return {
            "center": [round(self.x, 1), round(self.y, 1)],
            "radius": round(self.radius, 1),
            "label": self.label,
        }


def find_balls(
    image: np.ndarray,
    table: Quad | None = None,
    radius: float | None = None,
    expected: float | None = None,
) -> tuple[Quad, list[FoundBall]]:
    """The table's corners (found unless given) and every ball on it, in ``image`` px.
    ``radius`` (px) is the balls' own (a calibrated table of a known set); ``expected`` only
    where the rims' measure starts (a profile's table, whose set may be another's), two trial
    radii round it; with neither, the rims measure it at every size a ball may have
    (:func:`_ladder_radius`)."""
    table = find_table(image) if table is None else table
    factor = min(1.0, WORK_WIDTH / image.shape[1])
    work = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    quad = np.array(table, np.float64) * factor
    long_side = max(np.hypot(*(quad[i] - quad[(i + 1) % 4])) for i in range(4))
    inside = np.zeros(work.shape[:2], np.uint8)
    cv2.fillPoly(inside, [np.round(quad).astype(np.int32)], 255)
    score = not_cloth_score(work, inside)
    colour = cv2.GaussianBlur(work, (3, 3), 0).astype(np.float32)
    rims = _rim_image(colour)
    raw = ((score >= FOREGROUND) & (inside > 0)).astype(np.uint8) * 255
    mask = cv2.morphologyEx(raw, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    distance = cv2.distanceTransform(mask, cv2.DIST_L2, 5)
    low, high = RADIUS_SHARE[0] * long_side, RADIUS_SHARE[1] * long_side
    edge = cv2.distanceTransform(inside, cv2.DIST_L2, 5)  # px to the cushions' outer edge
    notches = _notches(quad)
    if radius is not None:
        r = radius * factor
    elif expected is not None:
        # where the rims' measure starts: the trial radius that finds clearly more balls
        # gives the median of its rims
        r = expected * factor
        smaller, measured = (
            _balls((colour, rims), (raw, mask), distance, edge, r * k, notches) for k in TRIAL_RADII
        )
        best = smaller if len(smaller) > TRIAL_MARGIN * len(measured) else measured
        measures = [rim for _x, _y, _s, rim in best if not math.isnan(rim)]
        r = float(np.median(measures)) if len(measures) >= MIN_MEASURED else r
    else:
        r = _ladder_radius(rims, mask, distance, edge, (low, high))
    found = [
        FoundBall(x, y, r, _colour_name(work, (x, y), r), support)
        for x, y, support, _radius in _balls(
            (colour, rims), (raw, mask), distance, edge, r, notches
        )
    ]
    scaled = [
        FoundBall(b.x / factor, b.y / factor, b.radius / factor, b.label, b.support) for b in found
    ]
    return table, scaled


def _balls(
    images: tuple[np.ndarray, np.ndarray],
    masks: tuple[np.ndarray, np.ndarray],
    distance: np.ndarray,
    edge: np.ndarray,
    r: float,
    notches: tuple[tuple[float, float], ...] = (),
) -> list[tuple[float, float, float, float]]:
    """(x, y, support, rim radius) of each ball of radius about ``r``, one per ball; ``masks``
    the not-cloth mask as scored and opened (a far table's cue, a few px wide, is looked for
    as a bar before the opening takes its ragged outline); ``images`` the work image (BGR,
    smoothed) and its rims' image (:func:`_rim_image`); ``notches`` where pockets may be
    (:func:`_notches`)."""
    colour, image = images
    raw, mask = masks
    peaks = [(y, x) for y, x in _peaks(distance, r) if edge[y, x] >= EDGE_MARGIN * r]
    step = max(1, round(GRID * r))
    ys, xs = np.nonzero(distance[::step, ::step] >= CLUSTER_DEPTH * r)
    starts = peaks + [(int(y) * step, int(x) * step) for y, x in zip(ys, xs, strict=True)]
    starts = [(y, x) for y, x in starts if edge[y, x] >= EDGE_MARGIN * r]
    size = max(3, int(2 * SOLID * r) | 1)
    solid = cv2.morphologyEx(
        mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    )
    circles = [
        (cy, cx)
        for cx, cy in _round_edges(colour, r, edge)
        if 0 <= cy < edge.shape[0] and 0 <= cx < edge.shape[1] and edge[cy, cx] >= EDGE_MARGIN * r
    ]
    # a rack of balls of the cloth's colour: each circle's rays towards the other circles
    # (and the peaks) about two radii away run into a touching ball, not onto the cloth
    touching = [(float(y), float(x)) for y, x in circles + peaks]
    shaded = []
    for cy, cx in circles:
        fitted = _rim(image, (float(cx), float(cy)), r, _blocked(touching, (cy, cx), r))
        if fitted is not None and fitted[2] >= SHADED_SUPPORT:
            shaded.append(fitted)
    cues = _cues(mask, r)
    reaching = _reaching_in(solid, edge, r, notches)

    Fit = tuple[float, float, float, float]

    def chosen(fits: list[Fit], out: list[Fit] | None = None, least: float = 0) -> list[Fit]:
        out = [] if out is None else list(out)
        for x, y, support, rim in sorted(fits, key=lambda f: -f[2]):
            if support < max(ROUND_BALL, least):
                break
            if _on_a_cue(cues, (x, y), r) or _on_a_bar(raw, (x, y), r):
                continue
            depth = reaching[min(round(y), solid.shape[0] - 1), min(round(x), solid.shape[1] - 1)]
            if depth > 0 and (
                depth >= REACH_DEEP * r
                or _held_by_arm(arm, (x, y), r)
                or any(math.hypot(x - px, y - py) < POCKET_RIM * r for px, py in notches)
            ):
                continue
            if any(math.hypot(x - px, y - py) < POCKET_CLEAR * r for px, py in notches):
                continue
            if all(math.hypot(x - b[0], y - b[1]) >= SAME_BALL * r for b in out):
                out.append((x, y, support, rim))
        return out

    def clear_fits(places: list[tuple[float, float]], out: list[Fit]) -> list[Fit]:
        """The rims fitted at ``places`` on the table, clear of the balls found (SPOT_APART
        radii) before and after the fit, with the rays towards those balls blocked and the
        fit settled from its own centre where it is round enough to (SETTLE_FROM)."""
        centres = [(b[1], b[0]) for b in out]
        fits = []
        for px, py in places:
            iy, ix = round(py), round(px)
            if not (0 <= iy < edge.shape[0] and 0 <= ix < edge.shape[1]):
                continue
            if edge[iy, ix] < EDGE_MARGIN * r:
                continue
            if any(math.hypot(px - b[0], py - b[1]) < SPOT_APART * r for b in out):
                continue
            fitted = _rim(image, (px, py), r, _blocked(centres, (py, px), r))
            if fitted is not None and fitted[2] >= SETTLE_FROM:
                fits.append(_settle(image, solid, fitted, centres, r))
        return [
            f
            for f in fits
            if all(math.hypot(f[0] - b[0], f[1] - b[1]) >= SPOT_APART * r for b in out)
        ]

    blocked_by_peaks = [(float(y), float(x)) for y, x in peaks]
    fits = []
    for cy, cx in starts:
        fitted = _rim(image, (float(cx), float(cy)), r, _blocked(blocked_by_peaks, (cy, cx), r))
        if fitted is not None and _fill(solid, fitted[:2], r) >= MIN_FILL:
            fits.append(fitted)
    # what reaches in, less every round rim's disc: a pocket's notch or a streak, apart from
    # the balls against it (:func:`_held_by_arm`)
    arm = (reaching > 0).astype(np.uint8) * 255
    for x, y, support, _rim_r in fits + shaded:
        if support >= ROUND_BALL:
            cv2.circle(arm, (round(x), round(y)), max(1, round(CUT_DISC * r)), 0, -1)
    out = chosen(fits + shaded)
    # The balls found, each is fitted again from its own centre with the rays towards the
    # balls found about two radii away blocked, until it stays put (NEIGHBOUR_PASSES): its
    # own free rim places it, whatever start found it.
    for _pass in range(NEIGHBOUR_PASSES):
        centres = [(b[1], b[0]) for b in out]
        out = chosen([_settle(image, solid, ball, centres, r) for ball in out])
    # a rack's balls placed by the rack: on its lattice (:func:`_on_lattice`)
    out = chosen(_on_lattice(image, out, r))
    # Last, the balls of the cloth's own colour that neither the mask nor the circle search
    # showed, by their shading (:func:`_shaded_spots`): only clear of the balls found (a spot
    # on a ball's lit side or its shadow is that ball's) and only a rim as round as
    # SPOT_SUPPORT, since nothing else vouches for them.
    spots = [
        (float(sx), float(sy))
        for sx, sy in _shaded_spots(colour, r, edge)
        if all(math.hypot(sx - px, sy - py) >= SPOT_POCKET * r for px, py in notches)
    ]
    out = chosen(clear_fits(spots, out), out, SPOT_SUPPORT)
    # A rack of balls of the cloth's colour: each ball found proposes its touching places
    # (LATTICE_TURNS round it, two radii off), held to the shaded spots' tests (LATTICE_ROUNDS
    # times: a ball found so proposes its own neighbours).
    turns = np.linspace(0, 2 * math.pi, LATTICE_TURNS, endpoint=False)
    for _round in range(LATTICE_ROUNDS):
        places = [
            (bx + 2 * r * math.cos(angle), by + 2 * r * math.sin(angle))
            for bx, by, *_rest in out
            for angle in turns
        ]
        grown = chosen(clear_fits(places, out), out, SPOT_SUPPORT)
        if len(grown) == len(out):
            break
        out = grown
    # a streak that touches a ball at rest merges with it: what is left once the balls found
    # by their rims are cut out (CUT_DISC radii) is looked at for streaks
    found = np.zeros_like(mask)
    for x, y, *_rest in out:
        cv2.circle(found, (round(x), round(y)), max(1, round(CUT_DISC * r)), 255, -1)
    left = cv2.bitwise_and(mask, cv2.bitwise_not(found))
    left_solid = cv2.morphologyEx(
        left, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    )
    for x, y in _streaks(left_solid, left, edge, r):
        if _on_a_cue(cues, (x, y), r):
            continue
        if all(math.hypot(x - b[0], y - b[1]) >= SAME_BALL * r for b in out):
            out.append((x, y, STREAK_SUPPORT, math.nan))  # a streak's blur has no rim
    return out


def _notches(quad: np.ndarray) -> tuple[tuple[float, float], ...]:
    """Where a pool table's pockets are on the cushions' outline: its four corners and the
    middles of its two long sides (a carom table has none, and loses nothing by the cut)."""
    sides = [(quad[i], quad[(i + 1) % 4]) for i in range(4)]
    long = sorted(sides, key=lambda s: -float(np.hypot(*(s[1] - s[0]))))[:2]
    points = [tuple(float(v) for v in c) for c in quad]
    points += [tuple(float(v) for v in (a + b) / 2) for a, b in long]
    return tuple((p[0], p[1]) for p in points)


def _cues(mask: np.ndarray, r: float) -> np.ndarray:
    """Long straight edges of the not-cloth mask (N x 4: x1, y1, x2, y2): a cue's sides, a
    rest's shaft.  No ball has one: its outline is round."""
    edges = cv2.Canny(mask, 50, 150)
    lines = cv2.HoughLinesP(
        edges,
        1,
        math.pi / 180,
        threshold=max(10, int(CUE_LENGTH * r)),
        minLineLength=CUE_LENGTH * r,
        maxLineGap=r,
    )
    return np.zeros((0, 4)) if lines is None else lines.reshape(-1, 4).astype(np.float64)


def _on_a_cue(cues: np.ndarray, centre: tuple[float, float], r: float) -> bool:
    """Whether a centre lies within CUE_CLEARANCE radii of a cue's edge: a ball at the cue's
    tip lies beyond the segment's end, a ball under the cue's shaft is lost with it."""
    if not len(cues):
        return False
    p = np.array(centre)
    a, b = cues[:, :2], cues[:, 2:]
    ab = b - a
    t = np.clip(((p - a) * ab).sum(axis=1) / np.maximum((ab**2).sum(axis=1), 1e-9), 0, 1)
    gap = np.hypot(*(a + ab * t[:, None] - p).T)
    return bool((gap < CUE_CLEARANCE * r).any())


def _reaching_in(
    solid: np.ndarray, edge: np.ndarray, r: float, notches: tuple[tuple[float, float], ...]
) -> np.ndarray:
    """What reaches in over the cushions, per px how far (px from the cushions' outer edge)
    its part reaches in, 0 elsewhere: the parts of the solid mask (opened:
    a cue is gone from it, so a rack at its tip is apart) that touch the table's outline
    (within OUTLINE_PX) and stretch REACH_IN radii or more, a player's arm with the hand at
    its end.  A ball, even frozen on a cushion, lies well inside the outline
    (:data:`EDGE_MARGIN`), and a rack is not at it; but a ball by a cushion joins a part
    by a rolling neighbour's streak, or by a pocket's notch past the cut, that reaches in
    only a little way: what such a part holds is judged ball by ball (:func:`_held_by_arm`,
    :data:`REACH_DEEP`).  The pockets' places (``notches``: the
    outline's corners and its long sides' middles) are cut out first, POCKET_CUT radii
    round: a ball beside a pocket made one part with the pocket's dark notch, as long as
    an arm (5 balls lost so on the first 40 broadcast development stills).  What the arm
    test no longer catches there, a pocket's rim, the pocket test does (:data:`POCKET_CLEAR`)."""
    cut = solid.copy()
    for x, y in notches:
        cv2.circle(cut, (round(x), round(y)), max(1, round(POCKET_CUT * r)), 0, -1)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(cut, connectivity=8)
    touching = np.unique(labels[(edge > 0) & (edge <= OUTLINE_PX) & (cut > 0)])
    long = np.hypot(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) >= REACH_IN * r
    reach = np.zeros(count, bool)
    reach[touching] = True
    reach &= long
    reach[0] = False
    depth = np.zeros(count, np.float32)
    on = labels > 0
    np.maximum.at(depth, labels[on].astype(np.intp), edge[on].astype(np.float32))
    return np.where(reach, depth, 0.0)[labels]


def _held_by_arm(arm: np.ndarray, centre: tuple[float, float], r: float) -> bool:
    """Whether a round rim on a part that reaches in only a little way (:data:`REACH_DEEP`)
    belongs to it: ``arm`` is that part less the discs of every round rim found, and on the
    ring ARM_RING radii round the centre it covers ARM_COVER or more (a fist at a sleeve's
    end).  A ball against a pocket's notch, or by a cushion with a rolling neighbour's
    streak reaching it, has that part on one side only, its neighbours cut out with it."""
    height, width = arm.shape
    xs = np.clip(np.round(centre[0] + ARM_RING * r * np.cos(RING)).astype(int), 0, width - 1)
    ys = np.clip(np.round(centre[1] + ARM_RING * r * np.sin(RING)).astype(int), 0, height - 1)
    return bool((arm[ys, xs] > 0).mean() >= ARM_COVER)


def _on_a_bar(raw: np.ndarray, centre: tuple[float, float], r: float) -> bool:
    """Whether ``centre`` lies on a long bar of even width in the mask: a cue's shaft
    (:data:`BAR_REACH`, :data:`BAR_EVEN`, :data:`BAR_WIDTH`)."""
    height, width = raw.shape
    along = np.arange(-BAR_REACH * r, BAR_REACH * r + 0.5, 1.0)
    across = np.arange(-BAR_WIDTH * r, BAR_WIDTH * r + 0.5, 1.0)
    stations = np.array([-2.0, -1.0, 0.0, 1.0, 2.0]) * r
    for angle in np.linspace(0, math.pi, BAR_DIRECTIONS, endpoint=False):
        ux, uy = math.cos(angle), math.sin(angle)
        xs = np.clip(np.round(centre[0] + ux * along).astype(int), 0, width - 1)
        ys = np.clip(np.round(centre[1] + uy * along).astype(int), 0, height - 1)
        if not raw[ys, xs].all():
            continue
        px = centre[0] + ux * stations[:, None] - uy * across[None, :]
        py = centre[1] + uy * stations[:, None] + ux * across[None, :]
        on = (
            raw[
                np.clip(np.round(py).astype(int), 0, height - 1),
                np.clip(np.round(px).astype(int), 0, width - 1),
            ]
            > 0
        )
        middle = len(across) // 2
        widths = []
        for row in on:
            off = np.nonzero(~row)[0]
            left, right = off[off < middle], off[off > middle]
            if len(left) == 0 or len(right) == 0:
                break  # wider than BAR_WIDTH: no bar
            widths.append(int(right[0] - left[-1] - 1))
        if len(widths) < len(stations) or widths[2] > BAR_WIDTH * r:
            continue
        if min(widths) >= BAR_EVEN * widths[2]:
            return True
    return False


def _streaks(
    solid: np.ndarray, mask: np.ndarray, edge: np.ndarray, r: float
) -> list[tuple[float, float]]:
    """Rolling balls blurred into a streak: a blob a ball wide and up to STREAK_LENGTH radii
    long, as solid as a stadium of that size, and no part of a longer object in the mask
    before it was opened (what the opening leaves of a cue); its centre is the ball's half
    way through the exposure."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(solid, connectivity=8)
    _raw_count, raw_labels, raw_stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    out = []
    for i in range(1, count):
        area = float(stats[i, cv2.CC_STAT_AREA])
        if area < math.pi * r * r * 0.8:
            continue
        ys, xs = np.nonzero(
            labels[stats[i, 1] : stats[i, 1] + stats[i, 3], stats[i, 0] : stats[i, 0] + stats[i, 2]]
            == i
        )
        points = np.stack([xs + stats[i, 0], ys + stats[i, 1]], 1).astype(np.float32)
        (cx, cy), (w, h), angle = cv2.minAreaRect(points)
        long, short = max(w, h), min(w, h)
        across = math.radians(angle + (90.0 if w >= h else 0.0))
        steps = np.linspace(-short, short, max(8, int(4 * short)))
        line_x = np.clip(np.round(cx + np.cos(across) * steps).astype(int), 0, solid.shape[1] - 1)
        line_y = np.clip(np.round(cy + np.sin(across) * steps).astype(int), 0, solid.shape[0] - 1)
        waist = float((labels[line_y, line_x] == i).sum()) * (steps[1] - steps[0])
        if waist < STREAK_WAIST * short:
            continue  # two touching balls: narrow where they touch
        if not (STREAK_WIDTH[0] * r <= short <= STREAK_WIDTH[1] * r):
            continue
        if long > short + STREAK_LENGTH * r:
            continue
        stadium = math.pi * (short / 2) ** 2 + short * (long - short)
        if not (STADIUM_FILL[0] <= area / stadium <= STADIUM_FILL[1]):
            continue
        if edge[int(cy), int(cx)] < EDGE_MARGIN * r:
            continue
        whole = raw_labels[int(ys[0]) + stats[i, 1], int(xs[0]) + stats[i, 0]]
        extent = math.hypot(
            raw_stats[whole, cv2.CC_STAT_WIDTH], raw_stats[whole, cv2.CC_STAT_HEIGHT]
        )
        if extent > (2 + STREAK_LENGTH + 1) * r:
            continue
        out.append((float(cx), float(cy)))
    return out


def _round_edges(image: np.ndarray, r: float, edge: np.ndarray) -> list[tuple[int, int]]:
    """Centres of circles of a ball's size in the brightness edges: a ball of the cloth's own
    colour (a red on a red cloth, ivory on camel) shows only by its shading and its rim.  Only
    the box round the table (``edge``: inside it) is searched: the floor and a neighbouring
    table hold no ball, and the circle search is most of the finder's time."""
    x, y, w, h = cv2.boundingRect((edge >= EDGE_MARGIN * r).astype(np.uint8))
    if w == 0 or h == 0:
        return []
    pad = math.ceil(RIM_RADIUS[1] * r) + 2
    x0, y0 = max(0, x - pad), max(0, y - pad)
    x1, y1 = min(image.shape[1], x + w + pad), min(image.shape[0], y + h + pad)
    grey = cv2.cvtColor(np.clip(image[y0:y1, x0:x1], 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
    circles = cv2.HoughCircles(
        grey,
        cv2.HOUGH_GRADIENT_ALT,
        dp=1.5,
        minDist=SAME_BALL * r,
        param1=HOUGH_EDGE,
        param2=HOUGH_ROUND,
        minRadius=max(2, int(RIM_RADIUS[0] * r)),
        maxRadius=max(3, math.ceil(RIM_RADIUS[1] * r)),
    )
    if circles is None:
        return []
    return [(round(float(cx)) + x0, round(float(cy)) + y0) for cx, cy, _ in circles.reshape(-1, 3)]


def _shaded_spots(image: np.ndarray, r: float, edge: np.ndarray) -> list[tuple[int, int]]:
    """Where the brightness has a ball's shading: the mean over a ball's middle (a Gaussian of
    SPOT_INNER radii) at least SPOT_CONTRAST off the mean round it (SPOT_OUTER radii), a
    local extreme within a ball's size.  A ball of the cloth's colour (a red on a red cloth,
    a blue on a blue one) is not in the not-cloth mask, and its rim is too faint for the
    circle search's edges; its lit middle and dark limb and shadow are not.  Each spot only
    starts a rim fit (:func:`_rim`), which judges it."""
    x, y, w, h = cv2.boundingRect((edge >= EDGE_MARGIN * r).astype(np.uint8))
    if w == 0 or h == 0:
        return []
    pad = math.ceil(3 * SPOT_OUTER * r)
    x0, y0 = max(0, x - pad), max(0, y - pad)
    x1, y1 = min(image.shape[1], x + w + pad), min(image.shape[0], y + h + pad)
    light = image[y0:y1, x0:x1].sum(axis=2)
    inner = cv2.GaussianBlur(light, (0, 0), SPOT_INNER * r)
    outer = cv2.GaussianBlur(light, (0, 0), SPOT_OUTER * r)
    contrast = np.abs(inner - outer) / np.maximum(outer, 1.0)
    size = max(3, int(SAME_BALL * r) | 1)
    top = cv2.dilate(contrast, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    ys, xs = np.nonzero((contrast >= top) & (contrast >= SPOT_CONTRAST))
    return [(int(px) + x0, int(py) + y0) for px, py in zip(xs, ys, strict=True)]


def _fill(mask: np.ndarray, centre: tuple[float, float], r: float) -> float:
    """Share of the disc of FILL_DISC radii round ``centre`` that is not cloth: a ball is
    solid, a cue or the gap between two balls is not."""
    x, y = centre
    reach = max(1, int(FILL_DISC * r))
    ys, xs = np.mgrid[-reach : reach + 1, -reach : reach + 1]
    disc = xs**2 + ys**2 <= (FILL_DISC * r) ** 2
    px, py = (xs[disc] + round(x)), (ys[disc] + round(y))
    inside = (px >= 0) & (py >= 0) & (px < mask.shape[1]) & (py < mask.shape[0])
    return float((mask[py[inside], px[inside]] > 0).sum()) / max(1, int(disc.sum()))


def not_cloth_score(image: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """Per pixel, how far from the cloth it is: 1.0 at the limit of colour or brightness."""
    smooth = cv2.medianBlur(image, 3)
    light = smooth.astype(np.float32).sum(axis=2)
    colours = chromaticity(smooth)
    sample = inside > 0
    colour = _cloth_in(colours, sample)
    chroma = np.hypot(colours[..., 0] - colour[0], colours[..., 1] - colour[1])
    chroma = np.where(light > DIM, chroma, 0.0)
    near = chroma[sample & (chroma < OFF_COLOUR)]
    noise = float(np.percentile(near, SPREAD_PERCENTILE)) if near.size else 0.0
    off_colour = max(OFF_COLOUR, SPREAD_MARGIN * noise)
    cloth = (chroma < off_colour * 0.6) & sample
    sigma = LIGHT_SIGMA * image.shape[1]
    weight = cv2.GaussianBlur(cloth.astype(np.float32), (0, 0), sigma)
    local = cv2.GaussianBlur(np.where(cloth, light, 0).astype(np.float32), (0, 0), sigma)
    local = local / np.maximum(weight, 1e-3)
    fallback = float(np.median(light[cloth])) if cloth.any() else float(np.median(light))
    local = np.where(weight > 1e-3, local, fallback)
    ratio = light / np.maximum(local, 1.0)
    bright = (ratio - 1.0) / (BRIGHTER - 1.0)
    dark = (1.0 - ratio) / (1.0 - DARKER)
    return np.maximum.reduce([chroma / off_colour, bright, dark]).astype(np.float32)


def _cloth_in(colours: np.ndarray, sample: np.ndarray) -> np.ndarray:
    """The cloth's chromaticity: the mode of the colours inside the table."""
    ys, xs = np.nonzero(sample)
    picked = colours[ys, xs][:: max(1, len(ys) // 50_000)]
    centre = commonest_colour(picked)
    near = np.hypot(*(picked - centre).T) < OFF_COLOUR
    return np.median(picked[near], axis=0) if near.any() else centre


def _ladder_radius(
    image: np.ndarray,
    mask: np.ndarray,
    distance: np.ndarray,
    edge: np.ndarray,
    bounds: tuple[float, float],
) -> float:
    """The balls' radius, from how many round rims each size a ball may have on this table
    finds: trial sizes LADDER_STEP apart over ``bounds`` (:data:`RADIUS_SHARE`), at each the
    distance transform's peaks fitted to their rims (:func:`_rim`, :data:`ROUND_BALL`, as
    solid as a ball, one per ball).  A ball's rim is found at every trial within the rim
    fit's window of its size, so the counts form a plateau round the true size: its
    geometric middle, over the trials that find at least PLATEAU of the most, is the radius
    (the blobs' measure, :func:`_measured_radius`, where no trial finds a ball).  Small spurious
    rims (a cue's edges, the stream's blocks) swell the count only at the smallest trials,
    a rack's outline only at the largest, never the plateau's middle.

    Measured on development stills 0-79 (the truth's radius known; rims in BGR, before
    :data:`LUMA_WEIGHT`): within 12 % of it on 84 % of broadcast and 84 % of plain stills
    (20 %: 93 %, 94 %); the blobs' measure refined by the rims of two trial radii (what it
    replaced) 57 % and 72 %."""
    low, high = bounds
    trials, counts = [], []
    trial = low
    while trial <= high * LADDER_STEP:
        fits = []
        for y, x in _peaks(distance, trial):
            if edge[y, x] < EDGE_MARGIN * trial:
                continue
            fitted = _rim(image, (float(x), float(y)), trial, np.zeros(RAYS, bool))
            round_ = fitted is not None and fitted[2] >= ROUND_BALL
            if round_ and fitted is not None and _fill(mask, fitted[:2], trial) >= MIN_FILL:
                fits.append(fitted)
        balls: list[tuple[float, float, float, float]] = []
        for fit in sorted(fits, key=lambda f: -f[2]):
            if all(math.hypot(fit[0] - b[0], fit[1] - b[1]) >= SAME_BALL * trial for b in balls):
                balls.append(fit)
        trials.append(trial)
        counts.append(len(balls))
        trial *= LADDER_STEP
    most = max(counts)
    if most == 0:
        return _measured_radius(mask, distance, low, high)
    plateau = [t for t, n in zip(trials, counts, strict=True) if n >= PLATEAU * most]
    return math.sqrt(plateau[0] * plateau[-1])


def _measured_radius(mask: np.ndarray, distance: np.ndarray, low: float, high: float) -> float:
    """The radius of the compact blobs (a blob about as large as its inscribed disc), their
    median; the middle of the real range when no blob qualifies."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    radii = []
    for i in range(1, count):
        area = stats[i, cv2.CC_STAT_AREA]
        x, y, w, h = (stats[i, k] for k in range(4))
        peak = float(distance[y : y + h, x : x + w][labels[y : y + h, x : x + w] == i].max())
        if low <= peak <= high and 0.8 <= area / (math.pi * peak**2) <= 1.6:
            radii.append(peak)
    return float(np.median(radii)) if radii else (low + high) / 2


def _peaks(distance: np.ndarray, r: float) -> list[tuple[int, int]]:
    """Distance-transform maxima of a ball's size, best first, one per ball."""
    size = max(3, int(r) | 1)
    local = cv2.dilate(distance, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    low, high = PEAK_RANGE[0] * r, PEAK_RANGE[1] * r
    ys, xs = np.nonzero((distance >= local - 1e-3) & (distance >= low) & (distance <= high))
    order = np.argsort(-distance[ys, xs])
    kept: list[tuple[int, int]] = []
    for i in order:
        y, x = int(ys[i]), int(xs[i])
        if all((y - ky) ** 2 + (x - kx) ** 2 >= (SAME_BALL * r) ** 2 for ky, kx in kept):
            kept.append((y, x))
    return kept


ANGLES = np.linspace(0, 2 * math.pi, RAYS, endpoint=False)
RING = np.linspace(0, 2 * math.pi, RING_SAMPLES, endpoint=False)


def _blocked(peaks: list[tuple[float, float]], centre: tuple[float, float], r: float) -> np.ndarray:
    """The rays that run into a touching ball (another peak about two radii away): there the
    rim is the line of contact, not a step to the cloth, as in a rack."""
    cy, cx = centre
    blocked = np.zeros(RAYS, bool)
    for y, x in peaks:
        gap = math.hypot(x - cx, y - cy)
        if not (TOUCHING[0] * r <= gap <= TOUCHING[1] * r):
            continue
        towards = math.atan2(y - cy, x - cx)
        width = math.asin(min(1.0, r / gap))
        off = np.abs((ANGLES - towards + math.pi) % (2 * math.pi) - math.pi)
        blocked |= off <= width
    return blocked


def _rim_image(colour: np.ndarray) -> np.ndarray:
    """The image the rims are looked for in: brightness (weighted LUMA_WEIGHT) and the two
    colour differences from it.  A stream keeps colour at half the resolution and blurs it
    further, brightness at full: its edges place a small ball's rim to the pixel, where the
    colour's edge wanders by one or two (half a radius of a 4-5 px ball)."""
    luma = colour @ np.array([0.114, 0.587, 0.299], np.float32)
    return np.dstack([LUMA_WEIGHT * luma, colour[..., 0] - luma, colour[..., 2] - luma])


def _ray_changes(
    image: np.ndarray, centre: tuple[float, float], r: float
) -> tuple[np.ndarray, np.ndarray]:
    """The sampling distances along the rays round ``centre`` (RAY_FROM to RAY_TO radii) and
    the colour change per px on each ray (RAYS x samples less two; sample k+1's)."""
    steps = np.arange(RAY_FROM * r, RAY_TO * r, RAY_STEP, dtype=np.float32)
    cx, cy = centre
    xs = (cx + np.cos(ANGLES)[:, None] * steps[None, :]).astype(np.float32)
    ys = (cy + np.sin(ANGLES)[:, None] * steps[None, :]).astype(np.float32)
    profile = cv2.remap(image, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return steps, np.linalg.norm(profile[:, 2:] - profile[:, :-2], axis=2) / (2 * RAY_STEP)


def _rim_at(image: np.ndarray, centre: tuple[float, float], r: float, blocked: np.ndarray) -> float:
    """How well the rim rings ``centre`` itself, unmoved: the share of rays that run into a
    touching ball or whose sharpest colour change (at least RIM_CONTRAST) lies within
    RIM_RESIDUAL radii of the rays' median distance.  :func:`_rim` moves the centre to its
    fitted circle, which in a rack the neighbours' rims pull off; this judges a place."""
    steps, change = _ray_changes(image, centre, r)
    best = change.argmax(axis=1)
    found = (change[np.arange(RAYS), best] >= RIM_CONTRAST) & ~blocked
    if not found.any():
        return float(blocked.mean())
    at = steps[best + 1]
    ringed = found & (np.abs(at - np.median(at[found])) <= RIM_RESIDUAL * r)
    return float((ringed | blocked).mean())


def _rim(
    image: np.ndarray, centre: tuple[float, float], r: float, blocked: np.ndarray
) -> tuple[float, float, float, float] | None:
    """The centre of the circle through the sharpest colour edge on each ray (the ball's rim:
    a shadow's edge is soft, and the cloth's colour bleeds in compressed video, so colour
    edges, not the not-cloth score, place it), and the share of rays that found an edge or ran
    into a touching ball; None when the rim is not round or not of a ball's size."""
    cx, cy = centre
    steps, change = _ray_changes(image, centre, r)
    best = change.argmax(axis=1)
    rows = np.arange(RAYS)
    strength = change[rows, best]
    found = (strength >= RIM_CONTRAST) & ~blocked
    support = float((found | blocked).mean())
    if support < MIN_SUPPORT:
        return None
    # the edge placed between samples: the vertex of the parabola through the change's peak
    # and its two neighbours (a small ball's half radius is 2-3 px: the 0.5 px step matters)
    before = change[rows, np.maximum(best - 1, 0)]
    after = change[rows, np.minimum(best + 1, change.shape[1] - 1)]
    curve = before - 2 * strength + after
    inner = (best > 0) & (best < change.shape[1] - 1) & (curve < 0)
    shift = np.where(inner, 0.5 * (before - after) / np.where(inner, curve, -1.0), 0.0)
    at = steps[best + 1] + np.clip(shift, -0.5, 0.5) * RAY_STEP
    points = np.stack([cx + np.cos(ANGLES) * at, cy + np.sin(ANGLES) * at], 1)[found]
    fit = _circle(points)
    if fit is None:
        return None
    x, y, radius = fit
    if not (RIM_RADIUS[0] * r <= radius <= RIM_RADIUS[1] * r):
        return None
    if math.hypot(x - cx, y - cy) > MAX_SHIFT * r:
        return None
    off = np.abs(np.hypot(points[:, 0] - x, points[:, 1] - y) - radius)
    if float(np.median(off)) > RIM_RESIDUAL * r:
        return None
    return x, y, support - float(np.median(off)) / r, radius


def _settle(
    image: np.ndarray,
    solid: np.ndarray,
    ball: tuple[float, float, float, float],
    centres: list[tuple[float, float]],
    r: float,
) -> tuple[float, float, float, float]:
    """``ball`` (x, y, support, rim) fitted again from its own centre, the rays towards the
    other ``centres`` (y, x) about two radii away blocked, until it moves less than SETTLED
    radii (at most SETTLE_STEPS fits); as it was where a fit fails, or leaves the not-cloth
    mask when it started on it (a ball of the cloth's colour, found by its shading, is not on
    it).  A start off the centre
    casts its rays over the ball's own body on one side and over the neighbour on the other:
    one fit moves it only part of the way."""
    x, y, support, rim = ball
    body = _fill(solid, (x, y), r) >= MIN_FILL  # else a ball of the cloth's colour: no body
    for _step in range(SETTLE_STEPS):
        fitted = _rim(image, (x, y), r, _blocked(centres, (y, x), r))
        if fitted is None or fitted[2] < ROUND_BALL:
            break
        if body and _fill(solid, fitted[:2], r) < MIN_FILL:
            break
        moved = math.hypot(fitted[0] - x, fitted[1] - y)
        x, y, support, rim = fitted
        if moved < SETTLED * r:
            break
    return x, y, support, rim


def _on_lattice(
    image: np.ndarray, balls: list[tuple[float, float, float, float]], r: float
) -> list[tuple[float, float, float, float]]:
    """``balls`` (x, y, support, rim), each member of a rack (a group of RACK_BALLS or more
    touching balls) moved to its node of the rack's lattice (:func:`_lattice`) where that
    lies LATTICE_STILL to LATTICE_MOVE radii off and the rim rings the node, the rays towards
    the neighbours' nodes blocked, as well as the ball's own place (:func:`_rim_at`, less
    LATTICE_SLACK); and a ball added at each empty node inside the rack's outline, its
    support how well the rim rings it (the caller keeps it at :data:`ROUND_BALL`).  Inside a
    rack a ball's free rim is short and the neighbours' rims, numbers and highlights pull its
    circle off even with their rays blocked (:func:`_settle`); the touching balls around it
    place it better than its own rim."""
    if len(balls) < RACK_BALLS:
        return balls
    points = np.array([(b[0], b[1]) for b in balls])
    gaps = np.hypot(*(points[:, None, :] - points[None, :, :]).transpose(2, 0, 1))
    touch = (gaps >= TOUCHING[0] * r) & (gaps <= TOUCHING[1] * r)
    out = list(balls)
    grouped = np.zeros(len(balls), bool)
    for first in range(len(balls)):
        if grouped[first]:
            continue
        group = [first]
        grouped[first] = True
        for member in group:  # grows while walked: every ball touching the group joins it
            joining = np.nonzero(touch[member] & ~grouped)[0]
            grouped[joining] = True
            group.extend(int(j) for j in joining)
        if len(group) < RACK_BALLS:
            continue
        fitted = _lattice(points[group], touch[np.ix_(group, group)], r)
        if fitted is None:
            continue
        origin, sides, places = fitted
        nodes = origin + places @ sides
        centres = [(float(y), float(x)) for x, y in nodes]
        for index, (nx, ny) in zip(group, nodes, strict=True):
            x, y, support, rim = balls[index]
            if not (LATTICE_STILL * r <= math.hypot(nx - x, ny - y) <= LATTICE_MOVE * r):
                continue
            was = _rim_at(image, (x, y), r, _blocked(centres, (y, x), r))
            if _rim_at(image, (nx, ny), r, _blocked(centres, (ny, nx), r)) >= was - LATTICE_SLACK:
                out[index] = (float(nx), float(ny), support, rim)
        # a rack has no holes: an empty node inside its members' outline is a ball missed
        # (of the cloth's colour, or its rim lost to the neighbours'), kept when it is ringed
        outline = cv2.convexHull(places.astype(np.float32))
        low, high = places.min(axis=0).astype(int), places.max(axis=0).astype(int)
        taken = {(int(i), int(j)) for i, j in places}
        for i in range(low[0], high[0] + 1):
            for j in range(low[1], high[1] + 1):
                if (i, j) in taken or cv2.pointPolygonTest(outline, (i, j), False) < 0:
                    continue
                hx, hy = origin + np.array([i, j]) @ sides
                if (np.hypot(*(points - (hx, hy)).T) < SAME_BALL * r).any():
                    continue
                ringed = _rim_at(image, (hx, hy), r, _blocked(centres, (hy, hx), r))
                out.append((float(hx), float(hy), ringed, math.nan))
    return out


def _lattice(
    points: np.ndarray, touch: np.ndarray, r: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The lattice of triangles of a group's centres (N x 2): its origin, its two sides (rows)
    and each centre's integer place on it (N x 2; its node origin + place @ sides), fitted by
    least squares: origin and two sides (affine: a tilted table foreshortens it), each
    member's integer place on it first found by walking the touching pairs (``touch``), each
    pair one side apart, on the lattice of equal sides whose direction is the pairs' mean
    (mod 60 degrees) and side their median; members off their node by more than
    LATTICE_INLIER radii left out of the second fit on.  None where the group is no lattice:
    a row (one direction), sides off two radii (:data:`TOUCHING`), two members on a node."""
    starts, ends = np.nonzero(touch)
    vectors = points[ends] - points[starts]
    turn = float(np.angle(np.exp(6j * np.arctan2(vectors[:, 1], vectors[:, 0])).sum())) / 6
    side = float(np.median(np.hypot(vectors[:, 0], vectors[:, 1])))
    sides = side * np.array(
        [
            [math.cos(turn), math.sin(turn)],
            [math.cos(turn + math.pi / 3), math.sin(turn + math.pi / 3)],
        ]
    )
    places = np.full((len(points), 2), np.nan)
    places[0] = 0.0
    walked = [0]
    for u in walked:
        for v in np.nonzero(touch[u])[0]:
            if np.isnan(places[v, 0]):
                places[v] = places[u] + _nearest_places(points[v] - points[u], sides)
                walked.append(int(v))
    keep = np.ones(len(points), bool)
    for _fit in range(LATTICE_FITS):
        design = np.column_stack([np.ones(len(points)), places])
        if keep.sum() < RACK_BALLS or np.linalg.matrix_rank(design[keep]) < 3:
            return None
        solution, *_ = np.linalg.lstsq(design[keep], points[keep], rcond=None)
        sides = solution[1:]
        places = _nearest_places(points - solution[0], sides)
        nodes = solution[0] + places @ sides
        keep = np.hypot(*(points - nodes).T) <= LATTICE_INLIER * r
    lengths = np.hypot(*np.vstack([sides, sides[1] - sides[0]]).T)
    if ((lengths < TOUCHING[0] * r) | (lengths > TOUCHING[1] * r)).any():
        return None
    if len(np.unique(places, axis=0)) < len(places):
        return None
    return solution[0], sides, places


def _nearest_places(offsets: np.ndarray, sides: np.ndarray) -> np.ndarray:
    """The integer places (i, j) of the lattice's nodes i * sides[0] + j * sides[1] nearest
    ``offsets`` (from its origin; N x 2, or one): of the four corners of the cell each lies in,
    the nearest in px (rounding each place alone misplaces an offset near a cell's long
    diagonal, a ball pulled three quarters of a side off)."""
    flat = np.atleast_2d(offsets)
    low = np.floor(np.linalg.solve(sides.T, flat.T).T)
    corners = low[:, None, :] + np.array([[0, 0], [1, 0], [0, 1], [1, 1]])[None]
    miss = np.hypot(*(corners @ sides - flat[:, None, :]).transpose(2, 0, 1))
    nearest = corners[np.arange(len(flat)), miss.argmin(axis=1)]
    return nearest.reshape(np.shape(offsets))


def _circle(points: np.ndarray) -> tuple[float, float, float] | None:
    """Least-squares circle (Kasa) through the points, refitted without the worst third."""
    if len(points) < 6:
        return None
    chosen = points
    for _ in range(2):
        a = np.column_stack([2 * chosen[:, 0], 2 * chosen[:, 1], np.ones(len(chosen))])
        b = (chosen**2).sum(axis=1)
        (x, y, c), *_ = np.linalg.lstsq(a, b, rcond=None)
        radius = math.sqrt(max(c + x * x + y * y, 0.0))
        off = np.abs(np.hypot(chosen[:, 0] - x, chosen[:, 1] - y) - radius)
        keep = off <= np.percentile(off, 67)
        if keep.sum() < 6:
            break
        chosen = chosen[keep]
    return float(x), float(y), float(radius)


#: Hue (OpenCV's 0..180) ranges of the colour names, after white, black and grey.
HUES = (
    (8, "red"),
    (20, "orange"),
    (34, "yellow"),
    (85, "green"),
    (130, "blue"),
    (160, "purple"),
    (172, "pink"),
    (181, "red"),
)


def _colour_name(image: np.ndarray, centre: tuple[float, float], r: float) -> str:
    """The ball's colour from its inner disc, the brightest tenth (the highlight) left out."""
    x, y = centre
    inner = max(1, int(0.6 * r))
    x0, y0 = max(0, int(x) - inner), max(0, int(y) - inner)
    patch = image[y0 : int(y) + inner + 1, x0 : int(x) + inner + 1]
    if patch.size == 0:
        return "unknown"
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float32)
    hsv = hsv[hsv[:, 2] <= np.percentile(hsv[:, 2], 90)]
    hue, sat, val = np.median(hsv, axis=0)
    if sat < 70:
        return "black" if val < 80 else "white"
    for limit, name in HUES:
        if hue < limit:
            return "brown" if name in {"orange", "red"} and val < 110 else name
    return "red"
