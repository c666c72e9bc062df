"""The shot observer: frames in, one :class:`ShotEnded` per shot once every ball is at rest.

It runs through three phases, over and over: *set-up* (the table is still: the skittles'
references are taken), *ready* (balls tracked at rest; the cue ball starting to move is the
stroke), *shot* (every frame's ball positions and skittle states kept) until all balls are at
rest and no skittle changes; then the events become the shot record (the ``shot`` action's
fields but ``by``: the session layer knows who shot).  This is the API the session layer uses:

    observer = ShotObserver(profile, "seven_skittles")
    for frame in source:
        for ended in observer.update(frame.image, frame.timestamp, frame.index):
            submit({"by": shooter, **ended.record})
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from vision.carom import events as ev
from vision.carom.ball_finder import find_balls
from vision.carom.balls import BallDetector
from vision.carom.calibration import calibrate
from vision.carom.layout import layout as table_layout
from vision.carom.lying import LyingSkittles
from vision.carom.record import shot_record, stopped_on
from vision.carom.skittles import COVERED, DISPLACED, DOWN, UP, SkittleWatcher
from vision.carom.table_finder import ClothModel, measure_cloth
from vision.carom.tracker import COAST_FRAMES, Tracker
from vision.profile import Calibration, TableProfile

STILL_FRAMES = 6  # frames the table must be still before the set-up is taken
REST_SECONDS = 0.25  # every ball still this long ends the shot
SETTLE_SECONDS = 0.6  # ... even if a skittle reading still flickers
REST_MM = 7.0  # how far a ball at rest may seem to wander in REST_SECONDS (the camera's jitter)
#: The last look at a skittle under a ball at rest cuts out a disc this share of the ball's
#: radius: the ball's rim blends into the cloth, and a slid skittle's top leans over it.
LAST_LOOK_DISC = 0.9
#: The cue ball this far from where it rested, and this much further on the next frame: the
#: stroke (a struck ball moves 23 mm a frame or more; at rest on a compressed burgundy cloth
#: the red's centre jitters 3 mm either way, varied development seed 9612 shot 20).
START_MM = 5.0
#: Frames a ball last seen on the cloth (at no pocket, not beyond a cushion) may stay unseen
#: before the shot ends without it (a second at 60 fps): a ball of the cloth's colour rolling
#: is lost for up to half a second (development seed 201, a red on a red cloth), twice that.
LOST_ON_TABLE_FRAMES = 60


@dataclass(frozen=True)
class ShotEnded:
    """One shot, seen: the record (``shot`` fields but ``by``), how sure the observer is
    (the least sure event), what the operator should confirm, where it ended, and the
    confidence of each event (``contacts[0]``: 0.93, ...)."""

    record: dict[str, Any]
    confidence: float
    ambiguous: tuple[str, ...]
    frame: int
    timestamp: float
    event_confidence: tuple[tuple[str, float], ...] = ()
    skittles: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": "shot_ended",
            "record": self.record,
            "confidence": round(self.confidence, 3),
            "ambiguous": list(self.ambiguous),
            "frame": self.frame,
            "timestamp": round(self.timestamp, 3),
            "event_confidence": dict(self.event_confidence),
            "skittles": dict(self.skittles),
        }

    def __str__(self) -> str:
        return json.dumps(self.to_json())


#: Balls' discs in image px (x, y, radius).
Discs = list[tuple[float, float, float]]
#: A frame as the observer keeps it: its time, index, picture and the balls' discs on it.
Seen = tuple[float, int, np.ndarray, Discs]


class ShotObserver:
    """Watches one carom table.  ``profile`` needs a calibration unless the table is to be
    calibrated from its cushions on the first frame."""

    def __init__(self, profile: TableProfile | None, game: str, preset: str | None = None) -> None:
        self.layout = table_layout(game, preset)
        self.calibration: Calibration | None = profile.calibration if profile else None
        self.phase = "setup"
        self._detector: BallDetector | None = None
        self._cloth: ClothModel | None = None
        self._tracker = Tracker(self.layout.ball_names, self.layout.ball_radius, self.layout.half)
        self._watcher: SkittleWatcher | None = None
        self._thumb: np.ndarray | None = None
        self._still = 0
        self._last_t: float | None = None
        self._rest: dict[str, np.ndarray] = {}
        self._frames: list[tuple[float, int]] = []
        self._positions: dict[str, list[tuple[float, float]]] = {}
        self._states: list[dict[str, str]] = []
        self._stroke: tuple[float, int] | None = None
        self._seen = 0
        self._pre: Seen | None = None
        #: The frame the cue ball left its rest on, and how far, till the next confirms it.
        self._moved: tuple[Seen, float] | None = None
        self._raw: dict[str, str] = {}
        self._last_image: np.ndarray | None = None  # the frame the last readings were made on
        self._raws: list[dict[str, str]] = []
        self._lying = LyingSkittles(self.layout)  # skittles seen lying: they stay down

    # ---- per frame -----------------------------------------------------------------------

    def update(self, image: np.ndarray, timestamp: float, index: int) -> list[ShotEnded]:
        """Take one frame; the shots that ended on it (none or one)."""
        if self.calibration is None:
            self.calibration = calibrate(image, self.layout)
        if self._detector is None:
            self._cloth = measure_cloth(image, self.calibration.image_points)
            self._detector = BallDetector(
                self.layout, self.calibration, (image.shape[1], image.shape[0]), self._cloth
            )
            _corners, seen = find_balls(
                image, self.calibration.image_points, radius=self._detector.radius_px
            )
            self._detector.learn(image, [(b.x, b.y, b.radius) for b in seen])
            self._detector.guard_cloth(image)
        dt = 1 / 60 if self._last_t is None else max(1e-3, timestamp - self._last_t)
        self._last_t = timestamp
        self._tracker.update(self._detector.detect(image), dt)
        still = self._is_still(image)
        if self.phase == "setup":
            if still or (self._watcher is None and self._seen == 0):
                self._still += 1
            if self._watcher is None or self._still >= STILL_FRAMES:
                self._take_setup(image)
            self._seen += 1
            return []
        if self.phase == "ready":
            self._watch_for_stroke(image, timestamp, index)
            return []
        self._record(image, timestamp, index)
        if self._at_rest():
            ended = self._finish()
            self.phase = "setup"
            self._still = 0
            return [ended]
        return []

    def _is_still(self, image: np.ndarray) -> bool:
        thumb = cv2.cvtColor(
            cv2.resize(image, (160, 90), interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY
        )
        before, self._thumb = self._thumb, thumb
        if before is None:
            return False
        moved = cv2.absdiff(before, thumb) > 10
        return int(moved.sum()) <= 2

    def _take_setup(self, image: np.ndarray) -> None:
        assert self.calibration is not None
        self._watcher = SkittleWatcher(
            self.layout, self.calibration, image, self._ball_px(), self._cloth
        )
        self.phase = "ready"
        self._rest = {}
        self._moved = None

    def _ball_px(self, margin: bool = True) -> Discs:
        """The balls' discs to cut out of the skittle patches (image px): with ``margin``, a
        little wider than a ball, and wider still for a fast one (blur, tracking error); without,
        a little inside the ball's edge (:data:`LAST_LOOK_DISC`), for a last look at what shows
        round balls at rest."""
        assert self.calibration is not None and self._detector is not None
        out = []
        radius = self._detector.radius / self._detector.factor
        for track in self._tracker.tracks.values():
            if track.position is not None and not track.lost:
                x, y = self.calibration.to_image([tuple(track.position)])[0]
                out.append(
                    (
                        float(x),
                        float(y),
                        radius * 1.06 + 1 + 0.0015 * float(np.hypot(*track.velocity))
                        if margin
                        else radius * LAST_LOOK_DISC,
                    )
                )
        return out

    def _watch_for_stroke(self, image: np.ndarray, timestamp: float, index: int) -> None:
        """The stroke: the cue ball :data:`START_MM` from its rest, and on the next frame
        :data:`START_MM` further still (or unseen there): a ball at rest on a compressed
        video jitters that far for a frame, and a shot started on it ended at once, the
        real stroke falling in the set-up that followed."""
        cue = self._tracker.tracks[self.layout.cue]
        seen = bool(cue.measured) and math.isfinite(cue.measured[-1][0])
        rest = self._rest.get("cue")
        if self._moved is not None:  # the frame before left the rest: is this one further?
            (moved, before), self._moved = self._moved, None
            if rest is None or not seen:
                self._start_shot(moved, (timestamp, index, image, self._ball_px()))
                return
            away = float(np.hypot(*(np.array(cue.measured[-1]) - rest)))
            if away >= before + START_MM:
                self._start_shot(moved, (timestamp, index, image, self._ball_px()))
                return
        if not seen:
            return
        here = np.array(cue.measured[-1])
        if rest is None:
            self._rest["cue"] = here
            return
        away = float(np.hypot(*(here - rest)))
        if away < START_MM:
            self._rest["cue"] = 0.8 * rest + 0.2 * here
            self._pre = (timestamp, index, image, self._ball_px())
            return
        self._moved = ((timestamp, index, image, self._ball_px()), away)

    def _start_shot(
        self,
        moved: Seen,
        now: Seen,
    ) -> None:
        """Begin the shot at the stroke's frame (``moved``, the frame before ``now``, the
        current one): the frame before it (the balls' places before the stroke), that frame
        and this one."""
        self.phase = "shot"
        self._frames, self._states, self._raws = [], [], []
        self._lying = LyingSkittles(self.layout)
        self._positions = {b: [] for b in self.layout.ball_names}
        self._stroke = None
        end = len(self._tracker.tracks[self.layout.cue].measured)
        frames = [] if self._pre is None else [(self._pre, end - 3)]
        frames += [(moved, end - 2), (now, end - 1)]
        for (t, i, img, discs), at in frames:
            self._frames.append((t, i))
            for b, track in self._tracker.tracks.items():
                self._positions[b].append(track.measured[at] if at >= 0 else (math.nan, math.nan))
            self._read_skittles(img, discs)

    def _record(self, image: np.ndarray, timestamp: float, index: int) -> None:
        assert self._watcher is not None
        self._frames.append((timestamp, index))
        for ball, track in self._tracker.tracks.items():
            self._positions[ball].append(track.measured[-1])
        self._read_skittles(image)

    def _read_skittles(self, image: np.ndarray, discs: Discs | None = None) -> None:
        """Read every skittle and keep the frame's states (``discs``: the balls' as they were
        on that frame, if it is not the latest)."""
        assert self._watcher is not None
        self._last_image = image
        read = self._watcher.read(image, self._ball_px() if discs is None else discs)
        if self._states:  # a change counts once two frames agree; hidden keeps the last
            last, before = self._states[-1], self._raw
            read, self._raw = (
                {
                    k: v if v != COVERED and before.get(k) == v else last.get(k, v)
                    for k, v in read.items()
                },
                read,
            )
        else:
            self._raw = read
        lying = self._lying.update(self._raw, self._positions)
        self._states.append({k: DOWN if k in lying else v for k, v in read.items()})
        self._raws.append(self._raw)

    def _at_rest(self) -> bool:
        if len(self._frames) < 2:
            return False
        times = np.array([t for t, _ in self._frames])
        window = int(np.searchsorted(times, times[-1] - REST_SECONDS))
        if times[-1] - times[0] < 0.4 or len(times) - window < 4:
            return False
        for ball, points in self._positions.items():
            track = self._tracker.tracks[ball]
            if track.lost and track.missed > 20 and self._left_table(points, track.missed):
                continue  # gone: pocketed or off the table
            recent = np.array(points[window:])
            seen = recent[np.isfinite(recent[:, 0])]
            if len(seen) < len(recent) / 2:
                if track.missed <= COAST_FRAMES or not self._left_table(points, track.missed):
                    return False  # hidden for a moment, or unseen on the cloth: wait for it
                continue  # mostly unseen and lost: gone, or a flicker off the cloth
            if float(np.hypot(*(seen.max(axis=0) - seen.min(axis=0)))) > REST_MM:
                return False
        states = self._states[window:]
        if all(s == states[-1] for s in states):
            return True
        # balls long still but a skittle reading flickers (a shadow on a fallen body, a
        # skittle half under a ball): the shot is over all the same
        return times[-1] - self._moved_at(times) >= SETTLE_SECONDS

    def _left_table(self, points: list[tuple[float, float]], missed: int) -> bool:
        """Whether a ball unseen ``missed`` frames has left the table: last seen at a pocket
        or beyond a cushion, where balls leave it; last seen on the cloth, only once unseen
        :data:`LOST_ON_TABLE_FRAMES` (a red ball rolling through a darker pool of a red
        cloth is lost for half a second and shows again where it stops: the shot ended
        without it, and its rest was read as a new shot)."""
        seen = [p for p in points if math.isfinite(p[0])]
        if not seen or missed > LOST_ON_TABLE_FRAMES:
            return True
        last = seen[-1]
        hx, hy = self.layout.half
        r = self.layout.ball_radius
        if abs(last[0]) > hx - r + ev.BEYOND_MM or abs(last[1]) > hy - r + ev.BEYOND_MM:
            return True
        reach = 2 * r + ev.POCKET_NEAR_MM
        return any(math.dist(p.at, last) < reach for p in self.layout.pockets)

    def _moved_at(self, times: np.ndarray) -> float:
        """When a ball last moved more than the rest tolerance between frames."""
        last = float(times[0])
        for points in self._positions.values():
            p = np.array(points, float).reshape(-1, 2)
            step = np.hypot(*np.diff(p, axis=0).T)
            moving = np.nonzero(np.nan_to_num(step, nan=0.0) > REST_MM / 2)[0]
            if len(moving):
                last = max(last, float(times[moving[-1] + 1]))
        return last

    def flush(self) -> list[ShotEnded]:
        """The source has ended: a shot still in progress is reported as it stands."""
        if self.phase != "shot" or len(self._frames) < 3:
            return []
        ended = self._finish()
        self.phase = "setup"
        note = "the video ended before every ball was seen at rest"
        return [replace(ended, ambiguous=(*ended.ambiguous, note))]

    # ---- the end of a shot ---------------------------------------------------------------

    def _finish(self) -> ShotEnded:
        assert self._watcher is not None and self.calibration is not None
        times = np.array([t for t, _ in self._frames])
        positions = {b: np.array(p, float).reshape(-1, 2) for b, p in self._positions.items()}
        bases = {
            name: tuple(
                float(v) for v in self.calibration.to_table([self._watcher.base_px(name)])[0]
            )
            for name in self.layout.skittle_names
        }
        history = ev.History(times, positions, self._states, bases)
        stroke = self._stroke_time(history)
        final_states = dict(self._states[-1])
        for name, raw in self._raw.items():  # a ball at rest on its place: it cannot stand
            if raw == COVERED and final_states.get(name) == UP:
                # It was pushed aside, or it fell.  Fallen, it lies a skittle's length out from
                # under the ball, longer than the ball's radius, so a last look with the discs
                # cut a little inside the balls' edges (those cut while balls move are wider)
                # sees it lying; else it stands slid against the ball, its top at most a
                # sliver between balls.  So it was in every such simulated shot measured.
                image, tight = self._last_image, self._ball_px(margin=False)
                look = None if image is None else self._watcher.state(image, name, tight)
                state = DOWN if look == DOWN else DISPLACED
                final_states[name] = state
                since = len(self._raws)
                while since > 0 and self._raws[since - 1].get(name) == COVERED:
                    since -= 1
                for states in self._states[since:]:
                    states[name] = state
        events = ev.ball_contacts(history, self.layout) + ev.cushion_contacts(history, self.layout)
        skittle_events, ambiguous = ev.skittle_events(history, self.layout, final_states)
        lost, lost_flags = ev.gone(history, self.layout)
        events = ev.after_set_moving(
            events + skittle_events + lost, self.layout.ball_names, self.layout.cue
        )
        cushions = {self.layout.cushion(side) for side in self.layout.cushion_names}
        events = ev.one_bounce(events, cushions)
        events = [
            e.__class__(e.kind, max(0.0, e.t - stroke), e.a, e.b, e.confidence) for e in events
        ]
        events.sort(key=lambda e: e.t)
        fps = 1 / float(np.median(np.diff(times))) if len(times) > 1 else 60.0
        ambiguous += lost_flags + ev.order_flags(events, 1 / fps)
        gone = {e.a for e in lost}
        final = {}
        for ball, p in positions.items():
            seen = p[np.isfinite(p[:, 0])][-5:]
            if ball not in gone and len(seen):
                final[ball] = (float(np.median(seen[:, 0])), float(np.median(seen[:, 1])))
        standing = {s.mark for s in self.layout.skittles if final_states.get(s.name) == UP}
        record = shot_record(self.layout.cue, events, final, self.layout, standing)
        ambiguous += self._mark_flags(final, record["stopped_on"])
        ambiguous += self._hidden_flags(final, final_states, bases)
        confidences = self._confidences(events)
        confidence = min((c for _, c in confidences), default=1.0)
        t, index = self._frames[-1]
        return ShotEnded(
            record,
            confidence,
            tuple(ambiguous),
            index,
            t,
            tuple(confidences),
            tuple(sorted(final_states.items())),
        )

    def _stroke_time(self, h: ev.History) -> float:
        """When the cue ball started: back from its first two moving frames."""
        p = h.positions[self.layout.cue]
        rest = self._rest.get("cue")
        if rest is None or len(p) < 3 or not np.all(np.isfinite(p[1:3])):
            return float(h.times[0])
        moved = float(np.hypot(*(p[1] - rest)))
        speed = float(np.hypot(*(p[2] - p[1]))) / max(1e-6, float(h.times[2] - h.times[1]))
        return float(h.times[1]) - moved / max(speed, 1.0)

    def _mark_flags(
        self, final: dict[str, tuple[float, float]], taken: dict[str, str]
    ) -> list[str]:
        flags = []
        r = self.layout.ball_radius
        for mark, at in self.layout.marks.items():
            for ball, where in final.items():
                if abs(math.dist(at, where) - r) < 4.0:
                    state = "on" if taken.get(mark) == ball else "off"
                    flags.append(f"stopped_on: {ball} at the edge of mark {mark} (read {state})")
        return flags

    def _hidden_flags(
        self,
        final: dict[str, tuple[float, float]],
        states: dict[str, str],
        bases: dict[str, tuple[float, ...]],
    ) -> list[str]:
        """A skittle read down or displaced under a ball at rest: part of it is hidden, so
        lying and standing aside look alike from above."""
        flags = []
        for name, state in states.items():
            if state not in (DOWN, DISPLACED):
                continue
            for ball, where in final.items():
                if math.dist(where, bases[name][:2]) < self.layout.ball_radius + 12:
                    flags.append(f"{name}: read {state}, partly under {ball}")
        return flags

    @staticmethod
    def _confidences(events: list[Any]) -> list[tuple[str, float]]:
        counters: dict[str, int] = {}
        out = []
        field = {
            "contact": "contacts",
            "down": "down",
            "pocketed": "pocketed",
            "off_table": "off_table",
            "displaced": "displaced",
        }
        for event in events:
            name = field[event.kind]
            n = counters.get(name, 0)
            counters[name] = n + 1
            out.append((f"{name}[{n}]", float(event.confidence)))
        return out


__all__ = ["ShotEnded", "ShotObserver", "stopped_on"]
