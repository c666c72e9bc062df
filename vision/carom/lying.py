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
        self._scanned: dict[str, int] = {}  # points of each ball's track already looked at
        self._passed: set[str] = set()  # skittles a moving ball came within reach of
        self._reach = {
            name: layout.ball_radius
            + layout.skittle(name).base_radius
            + SKITTLE_TOL
            + LEAN_TOL * math.hypot(*layout.skittle(name).at)
            for name in layout.skittle_names
        }

    def update(
        self, raw: Mapping[str, str], positions: Mapping[str, Sequence[tuple[float, float]]]
    ) -> set[str]:
        """Take one frame's raw readings and every ball's track so far (mm, NaN unseen)."""
        self._scan(positions)
        for name, state in raw.items():
            self._run[name] = self._run.get(name, 0) + 1 if state == DOWN else 0
            if self._run[name] >= LAIN_FRAMES and self._reached(name):
                self.lying.add(name)
        return self.lying

    def _scan(self, positions: Mapping[str, Sequence[tuple[float, float]]]) -> None:
        """Note the skittles each ball's new steps passed within reach of while moving (each
        point is looked at once: this runs every frame of the shot)."""
        for ball, points in positions.items():
            start = max(self._scanned.get(ball, 0), 1)
            for i in range(start, len(points)):
                (x0, y0), (x1, y1) = points[i - 1], points[i]
                if not math.hypot(x1 - x0, y1 - y0) > MOVING_MM:  # NaN (unseen) is not moving
                    continue
                for name, reach in self._reach.items():
                    at = self.layout.skittle(name).at
                    if math.hypot(x1 - at[0], y1 - at[1]) < reach:
                        self._passed.add(name)
            self._scanned[ball] = len(points)

    def _reached(self, name: str) -> bool:
        if name in self._passed:
            return True
        spec = self.layout.skittle(name)
        return any(
            math.dist(self.layout.skittle(other).at, spec.at)
            < self.layout.skittle(other).height + 15
            for other in self.lying
        )
