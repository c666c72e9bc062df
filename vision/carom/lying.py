"""Skittles seen lying stay down for the rest of the shot.

A fallen skittle does not get up, but its reading can: the ball that felled it often comes to
rest on it, and what shows round that ball (a white base end, a head beside the ball) can pass
for a standing or a slid skittle.  So a skittle read ``down`` for ``LAIN_FRAMES`` frames
running, after a moving ball came within its reach or a neighbour that could fell it went
down, counts as lying from then on.  The cause is asked for because a reading also goes
``down`` while the player's arm hides the skittles at the stroke.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from vision.carom.events import LEAN_TOL, SKITTLE_TOL
from vision.carom.layout import TableLayout
from vision.carom.skittles import DOWN

#: Frames running a skittle must be read down to count as lying: longer than a ball passing
#: over it flickers a reading, shorter than it lies in view before the ball that felled it
#: comes to rest on it and hides it.
LAIN_FRAMES = 8
MOVING_MM = 1.75  # a ball that moved this far since the frame before is moving


class LyingSkittles:
    """Which skittles of one shot are known to lie, frame by frame."""

    def __init__(self, layout: TableLayout) -> None:
        self.layout = layout
        self.lying: set[str] = set()
        self._run: dict[str, int] = {}

    def update(
        self, raw: Mapping[str, str], positions: Mapping[str, Sequence[tuple[float, float]]]
    ) -> set[str]:
        """Take one frame's raw readings and every ball's track so far (mm, NaN unseen)."""
        for name, state in raw.items():
            self._run[name] = self._run.get(name, 0) + 1 if state == DOWN else 0
            if self._run[name] >= LAIN_FRAMES and self._reached(name, positions):
                self.lying.add(name)
        return self.lying

    def _reached(self, name: str, positions: Mapping[str, Sequence[tuple[float, float]]]) -> bool:
        spec = self.layout.skittle(name)
        reach = (
            self.layout.ball_radius
            + spec.base_radius
            + SKITTLE_TOL
            + LEAN_TOL * math.hypot(*spec.at)
        )
        for points in positions.values():
            p = np.array(points, float).reshape(-1, 2)
            near = np.hypot(*(p[1:] - spec.at).T) < reach  # NaN (unseen) compares False
            if np.any(near & (np.hypot(*np.diff(p, axis=0).T) > MOVING_MM)):
                return True
        return any(
            math.dist(self.layout.skittle(other).at, spec.at)
            < self.layout.skittle(other).height + 15
            for other in self.lying
        )
