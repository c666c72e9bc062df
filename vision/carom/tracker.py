"""One track per ball, kept through motion blur and short occlusions by prediction.

Every ball has its own colour, so identity is mostly the detector's; what the tracker adds is
choosing among a colour's candidates (a skin-coloured hand near the pink ball, a red skittle
head near the red ball) the one the ball's motion predicts, and coasting on the prediction
(constant velocity, an alpha-beta filter: the steady-state Kalman filter of that model) while
the ball is hidden by the cue or the player's arm.  The raw measured positions are kept
alongside, since collisions are sharp corners that a filter would round off.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from vision.carom.balls import Candidate

ALPHA, BETA = 0.85, 0.5
#: Frames a ball may go unseen and still be coasted (about a quarter second at 60 fps).
COAST_FRAMES = 15
#: mm: two balls' centres are a diameter apart at the closest; a ball found afresh closer
#: than a diameter less this (the camera's error) to another tracked ball is a blob on that
#: ball's rim (on a red cloth the pink's darker edge passes for the red ball, and the red,
#: flown off the table, was taken up there and the shot waited for a ball "lost on the
#: table": development seeds 7 and 206, shot 7).
OVERLAP_MM = 10.0


@dataclass
class Track:
    """One ball: filtered position and velocity (mm, mm/s), the frames since it was last
    seen, and every frame's measurement (NaN when unseen)."""

    ball: str
    position: np.ndarray | None = None
    velocity: np.ndarray = field(default_factory=lambda: np.zeros(2))
    missed: int = 0
    measured: list[tuple[float, float]] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)

    @property
    def lost(self) -> bool:
        return self.position is None or self.missed > COAST_FRAMES


class Tracker:
    """Assigns each frame's candidates to the balls' tracks."""

    def __init__(
        self, balls: tuple[str, ...], ball_radius: float, half: tuple[float, float] | None = None
    ) -> None:
        self.radius = ball_radius
        self.half = half
        self.tracks = {ball: Track(ball) for ball in balls}

    def update(self, candidates: dict[str, list[Candidate]], dt: float) -> None:
        """Take one frame's candidates, ``dt`` seconds after the previous frame."""
        for ball, track in self.tracks.items():
            chosen = self._choose(track, candidates.get(ball, []), dt)
            if chosen is None:
                track.missed += 1
                if track.position is not None:
                    track.position = track.position + track.velocity * dt
                    track.velocity = track.velocity * 0.97
                track.measured.append((math.nan, math.nan))
                track.scores.append(0.0)
                continue
            z = np.array([chosen.x, chosen.y])
            if track.position is None or track.missed > COAST_FRAMES:
                track.position, track.velocity = z, np.zeros(2)
            else:
                predicted = track.position + track.velocity * dt
                residual = z - predicted
                track.position = predicted + ALPHA * residual
                track.velocity = track.velocity + BETA * residual / max(dt, 1e-6)
            track.missed = 0
            track.measured.append((chosen.x, chosen.y))
            track.scores.append(chosen.score)

    def _choose(self, track: Track, found: list[Candidate], dt: float) -> Candidate | None:
        if track.position is None or track.missed > COAST_FRAMES:
            return self._found_afresh(track, found)
        if not found:
            return None
        predicted = track.position + track.velocity * dt * (1 + track.missed)
        speed = float(np.hypot(*track.velocity))
        gate = 2.5 * self.radius + speed * dt * (1.5 + track.missed) + 400 * dt * track.missed
        best, best_cost = None, math.inf
        for candidate in found:
            distance = math.hypot(candidate.x - predicted[0], candidate.y - predicted[1])
            cost = distance / gate + 0.5 * (1 - candidate.score)
            if distance <= gate and cost < best_cost:
                best, best_cost = candidate, cost
        return best

    def _found_afresh(self, track: Track, found: list[Candidate]) -> Candidate | None:
        """The best candidate on the cloth for a ball with no track, but none on another
        tracked ball (:data:`OVERLAP_MM`)."""
        others = [
            t.position
            for t in self.tracks.values()
            if t is not track and t.position is not None and not t.lost
        ]
        for candidate in found:
            if not self._on_cloth(candidate):
                continue
            if any(
                math.dist(o, (candidate.x, candidate.y)) < 2 * self.radius - OVERLAP_MM
                for o in others
            ):
                continue  # on another ball: its rim (a pink's on a red cloth passes for red)
            return candidate
        return None

    def _on_cloth(self, candidate: Candidate) -> bool:
        """A ball found afresh must be on the playing surface: off it (on a cushion, the
        rail, at a pocket) a dark or bright patch is no ball coming back."""
        if self.half is None:
            return True
        return abs(candidate.x) <= self.half[0] and abs(candidate.y) <= self.half[1]
