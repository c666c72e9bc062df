"""A shot's events from its ball tracks and skittle states, each with a confidence.

* ball on ball: the two centres come within a ball's diameter (plus the camera's error) and
  at least one of the balls changes velocity there; the mover is the faster one before; or,
  the thinnest graze, a ball lying still is left a few millimetres further along the line
  of centres (a confidence of its own, :data:`THIN_CONFIDENCE`); a ball lying still that is
  left where it lay was not struck, however the mover turned beside it;
* ball on cushion: a ball near a cushion line reverses its speed across it, sent back with a
  real share of it (a ball rolling to rest short of the cushion only jitters back);
* skittle felled: its state leaves ``up`` for good; felled by what reached it first: the ball
  that came within reach (at its touch time), or a skittle that fell before it within its
  height (a chain: struck time plus the time its toppling body takes to sweep the gap);
  a skittle that slid and still stands is ``displaced``, with its contact (never by a falling
  neighbour, which fells what it sweeps through); a ball lying still reaches a skittle only
  once struck, after a moving ball that did, and a ball that passed a skittle a falling
  neighbour could have felled must have come within reach; a ball lying against a standing
  skittle that sets off into it touched it, whatever became of the skittle;
* pocketed / off the table: a ball lost for good, last seen at a pocket / beyond a cushion.

Times are those of the touch, solved from the motion before it (a frame lasts 17 ms at 60
fps, balls cross 60 mm in it), so events inside one frame are still ordered.  Two contacts of
different balls closer than a frame, or a fall that two things could have caused, are listed
in ``ambiguous`` for the operator.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from vision.carom.layout import TableLayout
from vision.carom.record import Event
from vision.carom.skittles import DISPLACED, DOWN, UP

# Every threshold the judging below uses, by what it judges.  Units: mm (table millimetres),
# mm/s, frames (the median frame duration, 17 ms at 60 fps), s (seconds), shares (0-1).

# -- ball on ball -------------------------------------------------------------------------
BALL_TOL = 10.0  # mm of position error allowed in a ball-ball contact
CONTACT_SWEEP_FRAMES = 0.6  # frames: both balls' travel in this share of a frame widens the
#   reach, so a touch passed between two frames (balls cross 60 mm in one) is still found
CONTACT_SLACK_MM = 6  # mm beyond a diameter at which a touch is found: the camera's slack
#   (centres within a diameter plus 6 mm); it is then timed at the true touch, a diameter
TOUCH_SEARCH_FRAMES = 2  # frames before the closest approach the touch may follow
MAX_TOUCH_FRAMES = 2.2  # frames: a touch solved further ahead than this is not this approach
PREFER_TOUCH_FRAMES = 1.1  # frames: a touch solved within this is preferred (the earliest
#   such frame), else the earliest frame with a later touch
AFTER_FROM_FRAMES = 2  # frames after the one the touch follows: the velocity after is the
AFTER_TO_FRAMES = 4  # mean from this frame up to (not including) this one, past the touch
STILL_SPEED = 50.0  # mm/s: a ball slower than this before the touch was lying still ...
STRUCK_SPEED = 100.0  # mm/s: ... and, struck, must leave faster than this
MIN_CHANGE = 250.0  # mm/s: both balls' velocity changes summed, below it no visible contact
FULL_CHANGE = 700.0  # mm/s of summed velocity change that gives a contact full confidence
PROMPT_TOUCH_FRAMES = 1.2  # frames: a touch solved within this keeps its full confidence ...
LATE_TOUCH_SHARE = 0.8  # ... a later one only this share of it (a less certain timing)
GRAZE_SPEED = 300.0  # mm/s: only a mover at least this fast is looked at for a thin graze
NUDGE_MM = 4.0  # a ball at rest that a grazing ball moved this far (mm) was touched
NUDGE_FRAMES = 8  # frames looked at before and after a graze to see where a ball lay
NUDGE_SKIP_FRAMES = 3  # frames after the closest approach skipped before the "after" look
NUDGE_MIN_SEEN = 3  # frames: fewer seen positions before or after and no nudge is judged
STILL_SPREAD_MM = 4.0  # mm: a ball whose positions seen in the NUDGE_FRAMES before spread
#   no wider lay still: at rest on a cloth near its own colour a ball's centre jitters 2 mm
#   either way (the pink on burgundy, development seed 407 shot 8: 3.6 mm), and a ball rolling
#   at STILL_SPEED moves 7 mm in those frames
NUDGE_ALIGNMENT = 0.8  # share (cosine): the nudge points at least this much along the line
#   of centres, away from the mover
BYSTANDER_MM = NUDGE_MM  # mm: a ball lying still that is left within this of where it lay
#   (medians of the NUDGE_FRAMES seen before and after, as for a nudge) was not struck, however
#   the mover turned beside it: a struck ball takes as much speed as the mover loses (equal
#   masses), and the least contact counted (MIN_CHANGE) sends it 11 mm (its median place in
#   the frames looked at 8 mm off).  A ball sliding
#   a skittle turns sharply; lying near the pink on its spot, the pink's blob merged with it
#   and seemed to move 3 mm in that frame (development seed 402 shot 18: a red-pink contact
#   that never was, the verdict wrong).  Not where a third ball lies against the still one
#   (it may have passed the blow on).

# -- ball on cushion ----------------------------------------------------------------------
REBOUND = 0.25  # share: a cushion sends a ball back with at least this share of its speed
CUSHION_IN_SPEED = 40  # mm/s: a ball coming in slower than this touches no cushion (jitter)
CUSHION_MIN_REBOUND = 15.0  # mm/s: and it must go back at least this fast, however slow it came
CUSHION_SPAN_FRAMES = 2  # frames each side of a turn its speeds in and back are judged over
CUSHION_LATE_FRAMES = 4  # frames after the turn the speed back is judged over too (a slow
#   bounce turns late), and before it the speed in (a slow ball seen a few mm short of the
#   cushion, its centre jittering 2-3 mm on a compressed video, comes in over the last two
#   frames at a third of its speed: varied development seed 9613 shot 0, the red at 180 mm/s
#   read 30-60 and its touch missed)
CUSHION_NEAR_MM = 12  # mm short of the cushion line (ball centre) a turn still counts ...
CUSHION_TRAVEL_FRAMES = 1.2  # ... plus this many frames of the ball's travel in
BOUNCE_MIN_STEP_MM = 3.0  # mm a frame: a ball slower than this in or back off a cushion is
#   timed by its reach to the cushion's line, not by where its paths in and back cross (a
#   millimetre's jitter would move a slow crossing by a frame)
BOUNCE_CROSS_MM = 25.0  # mm: the paths in and back must cross this near the cushion's line
#   (a ball's centre touching it); further off they are not one bounce's
REPEAT_BOUNCE_SECONDS = 0.3  # s: two touches of one cushion by one ball, nothing else of
#   its between, closer than this are one bounce seen twice (a slow ball creeping into a
#   cushion on development seed 207 turned twice, 0.09 s apart; a ball that leaves a cushion
#   and comes back to it needs another touch between, and takes longer)
CUSHION_FULL_CHANGE = 300.0  # mm/s of speed reversed that gives a cushion contact full
#   confidence

# -- skittles -----------------------------------------------------------------------------
SKITTLE_TOL = 10.0  # mm: a ball's reach to a skittle beyond touching (the camera's error)
LEAN_TOL = 0.025  # and more per mm from the centre: a tall skittle's base is seen leaning
SKITTLE_LOOKBACK_FRAMES = 12  # frames before a skittle's fall searched for the ball that hit it
SKITTLE_HIT_SPEED = 90.0  # mm/s: only a ball moving faster than this strikes a skittle
SKITTLE_TIE_MM = 4.0  # mm: balls whose nearest passes to a skittle differ by less than
#   this (the camera's error in a ball's centre, 2-3 mm) are told apart by which reached it
#   first (development seed 201: the pink lying against side_front came 1.2 mm nearer to
#   its mark than the red that struck both, and was named the feller)
CHAIN_SLACK_MM = 15  # mm beyond a fallen skittle's height a neighbour may be felled by it
TOUCH_SURE_MM = 5.0  # mm beyond reach: a ball whose path (straight between frames) passes
#   a skittle further out than this did not touch it, where a falling neighbour could have
#   felled it instead (a ball's centre is seen within 2-3 mm; SKITTLE_TOL's wider reach finds
#   the balls to look at).  Development seed 403 shot 14: red passed small_rear 52.8 mm from
#   its base (reach 42), seen 53.7 mm at the nearest frame, inside SKITTLE_TOL, and was named
#   its feller, not the big skittle falling onto it
FALL_SECONDS = 0.22  # s: a struck skittle's time from upright to lying on the cloth
SLID_BEFORE_FALL_SECONDS = 0.4  # s: a skittle read displaced this long before it was read
#   down for good stood slid by one touch and was felled by a later one (two contacts), not
#   read displaced as it toppled (a fall takes FALL_SECONDS; its head swinging out reads
#   displaced for part of that at most).  Varied development seed 9611 shot 1: the pink slid
#   side_front at 0.22 s and felled it at 1.09 s, read displaced for 0.93 s between; the fall
#   was put at the slide, the second contact missed
SLID = "slid"  # a skittle's first change where it slid, then fell later (SLID_BEFORE_FALL_...)
LEANING_MM = 6  # mm beyond the reach: a ball this close to the base already lay against it
MOVE_OFF_MM = 1.5  # mm per frame: a ball lying against a skittle moving less has not set off
MOVE_OFF_SECONDS = 0.001  # s after the frame it set off that a leaning ball's touch is timed
PUSH_MM = 5.0  # mm: a ball lying against a standing skittle (within LEANING_MM of reach)
#   that sets off with its first step this far or more towards the skittle's base pushed it
#   (a contact), whatever became of the skittle: a ball struck into a skittle beside it
#   carries it along (the simulator moves the ball with the slid skittle, 12 mm and more); one
#   struck across or away from it moves towards it by no more than the camera's jitter
#   (1-2 mm).  The pink on its spot lies against side_front: struck into it, it slid it (read
#   up: its set-up picture was cut by the pink) and felled it later (development seed 400
#   shot 7: that first contact missed)
PUSH_SAME_FRAMES = 3  # frames: a push this near a touch of the same skittle found from its
#   fall or slide is that touch

# -- pockets and off the table ------------------------------------------------------------
POCKET_NEAR_MM = 45  # mm beyond a diameter from a pocket's centre: last seen at that pocket
POCKET_AHEAD_FRAMES = 2  # frames: a ball lost whose last step, carried on this many frames,
#   comes within POCKET_NEAR_MM of a pocket was last seen at it: the pockets are cut out of
#   the balls' masks a ball's diameter round them, and a ball rolling in at 30 mm a frame is
#   lost with its last sight 116 mm from the pocket's centre, 3 beyond the reach (varied
#   development seed 9613 shot 6: the black potted, read lost on the table)
BEYOND_MM = 8  # mm past the cushion line (the centre of a ball touching the cushion): a
#   ball last seen further out was beyond the cushion, where no ball lies on the cloth
LOST_TAIL_FRAMES = 8  # frames: a ball unseen only this long at the shot's end may be a
#   flicker (the observer waits out a coast)

# -- confidences (shares) -----------------------------------------------------------------
THIN_CONFIDENCE = 0.5  # a contact seen only from the nudge it gave
BALL_FELL_CONFIDENCE = 0.95  # a skittle's contact and fall by a ball, no neighbour could have
BALL_OR_FALL_CONFIDENCE = 0.6  # ... the ball reached it first, but a falling neighbour could
CHAIN_CONFIDENCE = 0.8  # a skittle felled by a falling neighbour that reached it before any
#   ball did
SELF_FELL_CONFIDENCE = 0.3  # a skittle down with no ball or skittle seen to fell it
UNSEEN_DISPLACED_CONFIDENCE = 0.5  # a skittle displaced with no ball seen to reach it
PUSHED_CONFIDENCE = 0.8  # a skittle's touch seen only from the ball that set off into it
POCKETED_CONFIDENCE = 0.9  # a ball lost at a pocket (not beyond a cushion, or at its mouth)
POCKETED_BEYOND_CONFIDENCE = 0.6  # lost near a pocket but beyond the cushion line: flown off?
#   (as `gone` is written, only where no pocket is near, so never given today)
OFF_TABLE_CONFIDENCE = 0.9  # a ball lost beyond a cushion, at no pocket

# -- ordering ------------------------------------------------------------------------------
AFTER_STRIKE_SECONDS = 0.001  # s after its strike that a ball at rest's earlier event is moved

# -- numerical guards ---------------------------------------------------------------------
MIN_DT = 1e-6  # s: a frame duration never taken as shorter (no division by zero)
MIN_APPROACH = 1e-6  # mm/s: a cushion approach speed never taken as slower
NO_MOTION = 1e-9  # (mm/s)^2: a relative rate below this is none: touching now or never
NORM_GUARD = 1e-9  # mm^2: added to a product of lengths before dividing by it
DEFAULT_FPS = 60  # frames a second assumed where a shot has a single frame


@dataclass
class History:
    """What the observer kept of one shot: frame times (s), each ball's measured centre per
    frame (mm, NaN unseen), each skittle's state per frame, and the skittles' bases (mm)."""

    times: np.ndarray
    positions: Mapping[str, np.ndarray]
    states: Sequence[Mapping[str, str]]
    bases: Mapping[str, tuple[float, float]]


def velocities(p: np.ndarray, times: np.ndarray) -> np.ndarray:
    """Per-frame velocity (mm/s) from the frame before; NaN where either is unseen."""
    v = np.full_like(p, np.nan)
    dt = np.diff(times)[:, None]
    v[1:] = (p[1:] - p[:-1]) / np.maximum(dt, MIN_DT)
    return v


def _mean_v(v: np.ndarray, a: int, b: int) -> np.ndarray:
    window = v[max(0, a) : max(0, b)]
    window = window[np.isfinite(window[:, 0])]
    return window.mean(axis=0) if len(window) else np.zeros(2)


def _solve(d: np.ndarray, w: np.ndarray, reach: float) -> float | None:
    """The first s >= 0 with |d + w s| = reach (d: offset now, w: its rate), or None."""
    a = float(w @ w)
    b = 2 * float(d @ w)
    c = float(d @ d) - reach * reach
    if a < NO_MOTION:
        return 0.0 if c <= 0 else None
    disc = b * b - 4 * a * c
    if disc < 0:
        return None
    s = (-b - math.sqrt(disc)) / (2 * a)
    return max(0.0, s)


def ball_contacts(h: History, layout: TableLayout) -> list[Event]:
    r = layout.ball_radius
    names = list(h.positions)
    vel = {n: velocities(h.positions[n], h.times) for n in names}
    frame = _frame(h)
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            pa, pb = h.positions[a], h.positions[b]
            d = np.hypot(*(pa - pb).T)
            sweep = CONTACT_SWEEP_FRAMES * frame * (np.hypot(*vel[a].T) + np.hypot(*vel[b].T))
            reach = 2 * r + BALL_TOL + np.nan_to_num(sweep)
            close = np.where(np.isfinite(d), d < reach, False)
            k = 0
            while k < len(d):
                if not close[k]:
                    k += 1
                    continue
                end = k
                while end + 1 < len(d) and close[end + 1]:
                    end += 1
                kmin = k + int(np.nanargmin(d[k : end + 1]))
                event = _ball_contact(h, a, b, k, kmin, vel, r)
                if event is not None:
                    out.append(event)
                k = end + 1
    return out


def _ball_contact(
    h: History,
    a: str,
    b: str,
    start_close: int,
    kmin: int,
    vel: Mapping[str, np.ndarray],
    r: float,
) -> Event | None:
    """The contact near frame ``kmin`` (the balls close from frame ``start_close``), if the
    balls' paths before it meet and their velocities change there."""
    pa, pb = h.positions[a], h.positions[b]
    frame = _frame(h)
    found = []
    for k0 in range(max(1, kmin - TOUCH_SEARCH_FRAMES), kmin + 1):  # the frame the touch follows
        if not (np.isfinite(pa[k0, 0]) and np.isfinite(pb[k0, 0])):
            continue
        before = {n: _mean_v(vel[n], k0 - 1, k0 + 1) for n in (a, b)}
        s = _solve(pb[k0] - pa[k0], before[b] - before[a], 2 * r + CONTACT_SLACK_MM)
        if s is not None and s <= MAX_TOUCH_FRAMES * frame:
            found.append((s > PREFER_TOUCH_FRAMES * frame, k0, s, before))
    if not found:
        return None
    _, k0, s, before = min(found, key=lambda f: (f[0], f[1]))
    mover, other = (a, b) if np.hypot(*before[a]) >= np.hypot(*before[b]) else (b, a)
    # found with the camera's slack, timed at the true touch: a skittle's touch is timed
    # at its own reach, and two touches inside one frame are ordered by these times
    touch = _solve(pb[k0] - pa[k0], before[b] - before[a], 2 * r)
    when = float(h.times[k0] + (s if touch is None else max(s, touch)))
    # the velocities after are taken past the closest approach too: balls closing slowly come
    # within the camera's slack of a touch frames before it (a ball crawling at 200 mm/s
    # into one at rest, seen 3 mm nearer than it was: the window after the first such frame
    # still held the approach, and the contact was missed)
    start = max(k0 + AFTER_FROM_FRAMES, kmin + 1)
    after = {n: _mean_v(vel[n], start, start + AFTER_TO_FRAMES - AFTER_FROM_FRAMES) for n in (a, b)}
    change = sum(float(np.hypot(*(after[n] - before[n]))) for n in (a, b))
    struck_still = any(  # a ball at rest that was struck must move off
        np.hypot(*before[n]) < STILL_SPEED and np.hypot(*after[n]) < STRUCK_SPEED for n in (a, b)
    )
    if change < MIN_CHANGE or struck_still:
        if _nudged(h, other, mover, kmin, vel[mover]):
            return Event("contact", when, mover, other, THIN_CONFIDENCE)
        return None
    if _left_in_place(h, other, mover, start_close, kmin, r):
        return None  # the mover turned on something else beside a ball it never struck
    confidence = min(1.0, change / FULL_CHANGE) * (
        1.0 if s <= PROMPT_TOUCH_FRAMES * frame else LATE_TOUCH_SHARE
    )
    return Event("contact", when, mover, other, round(confidence, 3))


def _left_in_place(h: History, ball: str, mover: str, start: int, k: int, r: float) -> bool:
    """Whether ``ball`` lay still before the mover came near (frame ``start``) and was left
    where it lay after the closest approach (frame ``k``, :data:`BYSTANDER_MM`), with no third
    ball lying against it at ``k`` to take the blow on from it.  Only the frames before the
    approach tell where it lay: once the mover is beside it their blobs may merge and pull
    its centre 3-6 mm towards the mover (development seeds 402 shot 18, 407 shot 8)."""
    p = h.positions[ball]
    if not np.isfinite(p[k, 0]):
        return False
    for name, q in h.positions.items():
        if name not in (ball, mover) and math.dist(p[k], q[k]) < 2 * r + BALL_TOL:
            return False  # a third ball against it: the blow may have passed on
    shift = _shift_from_rest(p, start, k)
    return shift is not None and float(np.hypot(*shift)) < BYSTANDER_MM


def _shift_from_rest(p: np.ndarray, lay_end: int, k: int) -> np.ndarray | None:
    """How far a ball that lay still before frame ``lay_end`` is from where it lay after
    frame ``k`` (the medians of :data:`NUDGE_FRAMES` seen positions each side, the first
    :data:`NUDGE_SKIP_FRAMES` after ``k`` skipped); None when it was moving, or too little of
    it was seen."""
    lay = p[max(0, lay_end - NUDGE_FRAMES) : lay_end]
    rest = p[k + NUDGE_SKIP_FRAMES : k + NUDGE_SKIP_FRAMES + NUDGE_FRAMES]
    lay, rest = lay[np.isfinite(lay[:, 0])], rest[np.isfinite(rest[:, 0])]
    if len(lay) < NUDGE_MIN_SEEN or len(rest) < NUDGE_MIN_SEEN:
        return None
    if float(np.hypot(*(lay.max(axis=0) - lay.min(axis=0)))) > STILL_SPREAD_MM:
        return None  # not lying still before
    return np.median(rest, axis=0) - np.median(lay, axis=0)


def _nudged(h: History, still: str, mover: str, k: int, mover_v: np.ndarray) -> bool:
    """Whether a fast ball grazing a ball at rest (closest at frame ``k``) pushed it: the
    thinnest contacts barely turn the mover and leave the other ball a few millimetres from
    where it lay, moved along the line of centres, away from the mover."""
    p, q = h.positions[still], h.positions[mover]
    if not (np.isfinite(p[k, 0]) and np.isfinite(q[k, 0])):
        return False
    if float(np.hypot(*_mean_v(mover_v, k - 1, k + 1))) < GRAZE_SPEED:
        return False
    shift = _shift_from_rest(p, k, k)
    if shift is None:
        return False
    line = p[k] - q[k]
    moved = float(np.hypot(*shift))
    if moved < NUDGE_MM:
        return False
    return float(shift @ line) / (moved * float(np.hypot(*line)) + NORM_GUARD) >= NUDGE_ALIGNMENT


def cushion_contacts(h: History, layout: TableLayout) -> list[Event]:
    hx, hy = layout.half
    r = layout.ball_radius
    out = []
    for ball, p in h.positions.items():
        for axis, limit in ((0, hx - r), (1, hy - r)):
            for sign in (1.0, -1.0):
                c = sign * p[:, axis]
                span = CUSHION_SPAN_FRAMES
                for k in range(span, len(c) - span):
                    window = c[k - span : k + span + 1]
                    if not np.all(np.isfinite(window)):
                        continue
                    dt = float(h.times[k + span] - h.times[k - span]) / (2 * span)
                    v_in = (c[k] - c[k - span]) / (span * dt)
                    early = k - CUSHION_LATE_FRAMES
                    if early >= 0 and np.isfinite(c[early]):  # a slow ball flattens its turn
                        v_in = max(v_in, (c[k] - c[early]) / (CUSHION_LATE_FRAMES * dt))
                    v_out = (c[k + span] - c[k]) / (span * dt)
                    if not (c[k] >= c[k - 1] and c[k] > c[k + 1] and v_in > CUSHION_IN_SPEED):
                        continue
                    late = k + CUSHION_LATE_FRAMES
                    if late < len(c) and np.isfinite(c[late]):  # a slow bounce turns late
                        v_out = min(v_out, (c[late] - c[k]) / (CUSHION_LATE_FRAMES * dt))
                    if v_out > -max(CUSHION_MIN_REBOUND, REBOUND * v_in):
                        continue  # a ball coming to rest short of it, jittering
                    if c[k] < limit - CUSHION_NEAR_MM - CUSHION_TRAVEL_FRAMES * abs(v_in) * dt:
                        continue
                    when = _bounce_time(h.times, c, k, limit)
                    if when is None:
                        k0 = k if c[k] < limit and (c[k] - c[k - 1]) > 0 else k - 1
                        v0 = (c[k0] - c[k0 - 1]) / dt if c[k0] > c[k0 - 1] else v_in
                        s = min(2 * dt, max(0.0, (limit - c[k0]) / max(v0, MIN_APPROACH)))
                        when = float(h.times[k0] + s)
                    side = ("+" if sign > 0 else "-") + ("x" if axis == 0 else "y")
                    confidence = min(1.0, (v_in - v_out) / CUSHION_FULL_CHANGE)
                    out.append(
                        Event(
                            "contact",
                            when,
                            ball,
                            layout.cushion(side),
                            round(confidence, 3),
                        )
                    )
    return out


def _bounce_time(times: np.ndarray, c: np.ndarray, k: int, limit: float) -> float | None:
    """When a ball seen furthest towards a cushion at frame ``k`` (``c``: its coordinate
    towards it, mm) bounced: where its path in (frames ``k - 2``, ``k - 1``) meets its path
    back (``k + 1``, ``k + 2``), the bounce lying between ``k - 1`` and ``k + 1``; frame ``k``
    may straddle it, so its step says nothing of the speed in (taken so, a ball seen short
    of the line crept to it at the few mm/s of that step, its touch two frames late).  None
    when the two paths do not cross there, or either is too slow to time it by
    (:data:`BOUNCE_MIN_STEP_MM`, :data:`BOUNCE_CROSS_MM`)."""
    if k < 2 or k + 2 >= len(c) or not np.all(np.isfinite(c[k - 2 : k + 3])):
        return None
    t1, t2, t3, t4 = (float(times[j]) for j in (k - 2, k - 1, k + 1, k + 2))
    v_in = (c[k - 1] - c[k - 2]) / max(MIN_DT, t2 - t1)
    v_back = (c[k + 2] - c[k + 1]) / max(MIN_DT, t4 - t3)
    frame = (t4 - t1) / 4
    if v_in * frame < BOUNCE_MIN_STEP_MM or -v_back * frame < BOUNCE_MIN_STEP_MM:
        return None
    # c[k-1] + v_in (t - t2) = c[k+1] + v_back (t - t3)
    t = (c[k + 1] - c[k - 1] + v_in * t2 - v_back * t3) / (v_in - v_back)
    if not t2 <= t <= t3:
        return None
    apex = c[k - 1] + v_in * (t - t2)
    if abs(apex - limit) > BOUNCE_CROSS_MM:
        return None  # the paths cross where no ball touches this cushion: not one bounce
    return float(t)


def _change_frame(states: Sequence[Mapping[str, str]], name: str) -> int | None:
    """The first frame from which the skittle is never again read ``up``."""
    last_up = None
    for k, frame in enumerate(states):
        if frame.get(name) == UP:
            last_up = k
    if last_up is None:
        return 0 if states else None
    return last_up + 1 if last_up + 1 < len(states) else None


def skittle_events(
    h: History, layout: TableLayout, final: Mapping[str, str]
) -> tuple[list[Event], list[str]]:
    """Falls (with their contacts) and displacements, and what was unsure about them."""
    r = layout.ball_radius
    events: list[Event] = []
    ambiguous: list[str] = []
    changes = []
    for spec in layout.skittles:
        state = final.get(spec.name)
        if state not in (DOWN, DISPLACED):
            continue
        k = _change_frame(h.states, spec.name)
        if k is None:
            continue
        fell = _slid_then_fell(h, spec.name, k) if state == DOWN else None
        if fell is not None:  # slid by one touch, felled by a later one: two touches
            changes.append((k, spec.name, SLID))
            k = fell
        changes.append((k, spec.name, state))
    changes.sort()
    fallen: list[tuple[int, str, float]] = []  # frame, name, time
    for k, name, state in changes:
        spec = layout.skittle(name)
        base = np.array(h.bases[name])
        reach = r + spec.base_radius
        hits: list[tuple[float, str, int]] = []
        lo = max(1, k - SKITTLE_LOOKBACK_FRAMES)
        for ball, p in h.positions.items():
            d = np.hypot(*(p[lo : k + 1] - base).T)
            speed = np.hypot(*(p[lo : k + 1] - p[lo - 1 : k]).T) / max(MIN_DT, _frame(h))
            tolerance = SKITTLE_TOL + LEAN_TOL * math.hypot(*base)
            hit = np.isfinite(d) & (d < reach + tolerance) & (speed > SKITTLE_HIT_SPEED)
            near = np.where(hit)[0]
            if len(near) == 0:
                continue
            j = int(near[np.argmin(d[near])])
            hits.append((float(d[j]), ball, lo + j))
        moving = [
            x
            for x in hits
            if not _lay_still(h, x[1], x[2])
            and _closest_pass(h.positions[x[1]], base, lo, k) <= reach + TOUCH_SURE_MM
        ]
        # a ball lying still reaches the skittle only once struck, after a moving ball that
        # did: seen against the striker, its centre is pulled towards it (development seed
        # 403 shot 16: red through side_front into the pink lying against it, the pink's
        # blob merged with red's and seen 11 mm nearer the skittle than red, named the feller)
        hits = moving or hits
        best = min(hits, default=None)
        if best is not None:
            # balls as near as the camera can tell apart: one that was moving before (a ball
            # lying against the skittle fells it only once struck, after the ball that struck
            # both), then the one that reached it first
            tied = [x for x in hits if x[0] <= best[0] + SKITTLE_TIE_MM]
            best = min(
                tied,
                key=lambda x: (
                    _lay_still(h, x[1], x[2]),
                    _touch_time(h, x[1], base, reach, x[2]),
                ),
            )
        parent = None  # a falling skittle fells what it sweeps through, it never nudges it
        for fk, other, ft in reversed(fallen if state == DOWN else []):
            gap = math.dist(h.bases[other], h.bases[name])
            height = layout.skittle(other).height
            if fk <= k and gap < height + CHAIN_SLACK_MM:
                parent = (other, ft + _sweep_time(gap, height))
                break
        if state == SLID:  # only its touch: it stood on, and fell later
            if best is not None:
                t = _touch_time(h, best[1], base, reach, best[2])
                events.append(Event("contact", t, best[1], name, BALL_FELL_CONFIDENCE))
            continue
        if (
            best is not None
            and parent is not None
            and _closest_pass(h.positions[best[1]], base, lo, k) > reach + TOUCH_SURE_MM
        ):
            best = None  # it passed by: the falling neighbour felled it
        t = _touch_time(h, best[1], base, reach, best[2]) if best is not None else math.inf
        if best is not None and (parent is None or t <= parent[1]):
            ball = best[1]
            confidence = BALL_FELL_CONFIDENCE if parent is None else BALL_OR_FALL_CONFIDENCE
            if parent is not None:
                ambiguous.append(f"down {name}: by {ball} or by the falling {parent[0]}")
            events.append(Event("contact", t, ball, name, confidence))
            if state == DOWN:
                events.append(Event("down", t, name, ball, confidence))
                fallen.append((k, name, t))
            else:
                events.append(Event("displaced", t, name, "", confidence))
        elif parent is not None and state == DOWN:
            t = parent[1]
            events.append(Event("down", t, name, parent[0], CHAIN_CONFIDENCE))
            fallen.append((k, name, t))
        elif state == DOWN:
            ambiguous.append(f"down {name}: no ball or skittle seen to fell it")
            events.append(Event("down", float(h.times[k]), name, "self", SELF_FELL_CONFIDENCE))
            fallen.append((k, name, float(h.times[k])))
        else:
            events.append(
                Event("displaced", float(h.times[k]), name, "", UNSEEN_DISPLACED_CONFIDENCE)
            )
    return events + _pushes(h, layout, events), ambiguous


def _slid_then_fell(h: History, name: str, k: int) -> int | None:
    """The frame a skittle read ``displaced`` from frame ``k`` on fell, where it stood slid
    for :data:`SLID_BEFORE_FALL_SECONDS` or longer before it was read ``down`` for good: a
    ball slid it, and a later touch felled it (None: it fell at ``k``, or its reading only
    passed through ``displaced`` as it toppled)."""
    fell = len(h.states)
    while fell > k and h.states[fell - 1].get(name) == DOWN:
        fell -= 1
    if fell >= len(h.states) or fell <= k:
        return None
    if any(h.states[j].get(name) != DISPLACED for j in range(k, fell)):
        return None
    if float(h.times[fell] - h.times[k]) < SLID_BEFORE_FALL_SECONDS:
        return None
    return fell


def _pushes(h: History, layout: TableLayout, found: Sequence[Event]) -> list[Event]:
    """Touches of a standing skittle by a ball that lay against it and set off into it
    (:data:`PUSH_MM`), but those already ``found`` from the skittle's fall or slide."""
    frame = _frame(h)
    out = []
    for ball, p in h.positions.items():
        speed = np.hypot(*velocities(p, h.times).T)
        for j in np.nonzero((speed[1:-1] < STILL_SPEED) & (speed[2:] > STRUCK_SPEED))[0] + 2:
            for spec in layout.skittles:  # the ball lay still at j - 1 and set off in step j
                if h.states[j - 1].get(spec.name) not in (UP, DISPLACED):
                    continue
                gap = np.asarray(h.bases[spec.name], float) - p[j - 1]
                distance = float(np.hypot(*gap))
                if distance >= layout.ball_radius + spec.base_radius + LEANING_MM:
                    continue
                if float((p[j] - p[j - 1]) @ gap) / distance < PUSH_MM:
                    continue
                t = float(h.times[j - 1]) + MOVE_OFF_SECONDS
                if not any(_same_touch(e, ball, spec.name, t, frame) for e in found):
                    out.append(Event("contact", t, ball, spec.name, PUSHED_CONFIDENCE))
    return out


def _same_touch(e: Event, ball: str, skittle: str, t: float, frame: float) -> bool:
    """Whether ``e``, found from a skittle's fall or slide, is the touch of ``skittle`` that
    ``ball`` lying against it gave at ``t`` when it set off: a touch of it by any ball within
    :data:`PUSH_SAME_FRAMES`, or this ball's no later (a ball lying against a skittle from the
    set-up may be timed from when it first came within reach, before it was struck)."""
    if e.kind != "contact" or e.b != skittle:
        return False
    near = PUSH_SAME_FRAMES * frame
    return abs(e.t - t) <= near or (e.a == ball and e.t <= t + near)


def _closest_pass(p: np.ndarray, base: np.ndarray, lo: int, k: int) -> float:
    """How near a ball's centre came to ``base`` between frames ``lo - 1`` and ``k``, on the
    straight paths between its seen positions (mm; inf where it was not seen)."""
    a, b = p[lo - 1 : k], p[lo : k + 1]
    seen = np.isfinite(a[:, 0]) & np.isfinite(b[:, 0])
    a, b = a[seen], b[seen]
    if not len(a):
        return math.inf
    step = b - a
    length = np.maximum((step * step).sum(axis=1), NORM_GUARD)
    share = np.clip(((base - a) * step).sum(axis=1) / length, 0.0, 1.0)
    return float(np.hypot(*(a + share[:, None] * step - base).T).min())


def _lay_still(h: History, ball: str, j: int) -> bool:
    """Whether the ball lay still in the frames before frame ``j``."""
    v = velocities(h.positions[ball], h.times)
    return float(np.hypot(*_mean_v(v, j - 3, j))) < STILL_SPEED


def _sweep_time(gap: float, height: float) -> float:
    """How long after it was struck a falling skittle's body, toppling at an even rate,
    reaches a skittle ``gap`` mm away (its head sweeps ``height * sin(tilt)`` out)."""
    return FALL_SECONDS * 2 / math.pi * math.asin(min(1.0, gap / height))


def _frame(h: History) -> float:
    return float(np.median(np.diff(h.times))) if len(h.times) > 1 else 1 / DEFAULT_FPS


def _touch_time(h: History, ball: str, base: np.ndarray, reach: float, j: int) -> float:
    """When the ball first came within ``reach`` of the skittle's base, from its motion; a
    ball that lay against the skittle touched it as it started to move."""
    p = h.positions[ball]
    d = np.hypot(*(p - base).T)
    k = j
    while k > 0 and np.isfinite(d[k - 1]) and d[k - 1] < reach + LEANING_MM:
        k -= 1
    k0 = max(0, k - 1)
    if not np.isfinite(p[k0, 0]):
        return float(h.times[k])
    if k0 + 1 < len(p) and np.isfinite(d[k0]) and d[k0] < reach + LEANING_MM:
        moving = k0
        while moving + 1 <= j and np.hypot(*(p[moving + 1] - p[moving])) < MOVE_OFF_MM:
            moving += 1
        return float(h.times[moving]) + MOVE_OFF_SECONDS
    # a ball lying still a few millimetres short, struck, came within reach in the step it
    # set off in: timed by that step (by its motion before, still, it never would, and its
    # touch was put two frames on); a moving ball by its motion before, since that step may
    # hold a collision (a ball into a skittle and the ball beside it, sent back in the step)
    v = _mean_v(velocities(p, h.times), k0 - 1, k0 + 1)
    still = float(np.hypot(*v)) < STILL_SPEED
    if still and k0 + 1 < len(p) and np.isfinite(p[k0 + 1, 0]):
        v = (p[k0 + 1] - p[k0]) / max(MIN_DT, float(h.times[k0 + 1] - h.times[k0]))
    s = _solve(p[k0] - base, v, reach)
    dt = float(h.times[min(k0 + 2, len(h.times) - 1)] - h.times[k0])
    return float(h.times[k0] + min(dt, s if s is not None else dt / 2))


def gone(h: History, layout: TableLayout) -> tuple[list[Event], list[str]]:
    """Balls lost for good: pocketed or off the table.  Seen crossing a cushion's line, the
    ball went where it crossed: into the pocket whose mouth that is, else over the cushion (a
    ball flying off near a pocket is last seen as close to it as one dropping in); not seen
    crossing, pocketed when last seen at a pocket, else off the table when beyond a cushion.
    A ball unseen only in the shot's last frames may be a flicker, unless it was last seen
    beyond a cushion, where no ball can lie on the cloth (one creeping over the rail can end
    the shot as if at rest)."""
    hx, hy = layout.half
    r = layout.ball_radius
    events, ambiguous = [], []
    for ball, p in h.positions.items():
        seen = np.where(np.isfinite(p[:, 0]))[0]
        if len(seen) == 0 or seen[-1] == len(p) - 1:
            continue
        last = p[seen[-1]]
        t = float(h.times[seen[-1]])
        ahead = [last]  # where it was heading: the pockets' cut-outs lose a ball at the mouth
        if len(seen) > 1 and seen[-1] - seen[-2] == 1:
            step = p[seen[-1]] - p[seen[-2]]
            ahead += [last + step * j for j in range(1, POCKET_AHEAD_FRAMES + 1)]
        near = [
            pk
            for pk in layout.pockets
            if min(math.dist(pk.at, q) for q in ahead) < 2 * r + POCKET_NEAR_MM
        ]
        beyond = abs(last[0]) > hx - r + BEYOND_MM or abs(last[1]) > hy - r + BEYOND_MM
        crossed = _crossing(p[seen], (hx - r, hy - r))
        if crossed is not None:
            mouth = layout.pocket_mouth(crossed)
            near, beyond = ([mouth], False) if mouth else ([], True)
        if seen[-1] >= len(p) - LOST_TAIL_FRAMES and (near or not beyond):
            continue
        if near:
            events.append(
                Event(
                    "pocketed",
                    t,
                    ball,
                    "",
                    POCKETED_BEYOND_CONFIDENCE if beyond else POCKETED_CONFIDENCE,
                )
            )
        elif beyond:
            events.append(Event("off_table", t, ball, "", OFF_TABLE_CONFIDENCE))
        else:
            ambiguous.append(f"{ball}: lost from view on the table at {t:.2f} s")
    return events, ambiguous


def _crossing(track: np.ndarray, limit: tuple[float, float]) -> np.ndarray | None:
    """Where a track (its seen positions, mm) last crossed out of the box of ball centres
    ``|x| <= limit[0], |y| <= limit[1]`` for good (None: it never left it, or never was in)."""
    outside = (np.abs(track[:, 0]) > limit[0]) | (np.abs(track[:, 1]) > limit[1])
    if not outside[-1] or outside.all():
        return None
    k = int(np.nonzero(~outside)[0][-1])  # the last position inside
    a, b = track[k], track[k + 1]
    share = 1.0
    for axis in (0, 1):
        if abs(b[axis]) > limit[axis] and b[axis] != a[axis]:
            edge = math.copysign(limit[axis], b[axis])
            share = min(share, max(0.0, (edge - a[axis]) / (b[axis] - a[axis])))
    return a + share * (b - a)


def one_bounce(events: Sequence[Event], cushions: Collection[str]) -> list[Event]:
    """A ball touches the same cushion twice only after touching something else: sent back
    off it, it rolls away in a straight line.  Two touches of one cushion by one ball with
    none of that ball's other events between them, closer than :data:`REPEAT_BOUNCE_SECONDS`,
    are one bounce seen twice (a slow ball creeping along a cushion, its centre jittering a
    millimetre or two, turns twice): the surer stands (the earlier when as sure)."""
    ordered = sorted(events, key=lambda e: e.t)
    dropped: set[int] = set()
    last: dict[str, int] = {}  # ball -> index in ``ordered`` of its latest contact
    for i, e in enumerate(ordered):
        if e.kind != "contact":
            continue
        j = last.get(e.a)
        if e.b in cushions and j is not None:
            prior = ordered[j]
            if prior.b == e.b and e.t - prior.t < REPEAT_BOUNCE_SECONDS:
                weaker = i if e.confidence <= prior.confidence else j
                dropped.add(weaker)
                last[e.a] = j if weaker == i else i
                continue
        last[e.a] = last[e.b] = i
    return [e for i, e in enumerate(ordered) if i not in dropped]


def after_set_moving(events: Sequence[Event], balls: Sequence[str], cue: str) -> list[Event]:
    """A ball at rest touches nothing before a ball strikes it: a contact or fall by such a
    ball timed earlier (a ball resting against a skittle) is moved just after its strike."""
    struck: dict[str, float] = {}
    for e in sorted(events, key=lambda e: e.t):
        if e.kind == "contact" and e.b in balls and e.b != cue and e.b not in struck:
            struck[e.b] = e.t
    out = []
    for e in events:
        start = struck.get(e.a if e.kind == "contact" else e.b)
        if e.kind in ("contact", "down") and start is not None and e.t < start:
            e = Event(e.kind, start + AFTER_STRIKE_SECONDS, e.a, e.b, e.confidence)
        out.append(e)
    return out


def order_flags(events: Sequence[Event], frame: float) -> list[str]:
    """Contacts of different balls closer in time than a frame: their order is a guess."""
    contacts = sorted((e for e in events if e.kind == "contact"), key=lambda e: e.t)
    flags = []
    for first, second in itertools.pairwise(contacts):
        if second.t - first.t < frame and {first.a, first.b} != {second.a, second.b}:
            flags.append(
                f"order: {first.a}-{first.b} and {second.a}-{second.b} within one frame "
                f"({first.t:.3f} s, {second.t:.3f} s)"
            )
    return flags
