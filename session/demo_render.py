"""The demo's camera: throws of dice drawn by the synthetic renderer, frame by frame.

A throw is a few frames of dice tumbling in from the thrower's side (each frame moved and
showing a random face, so no observer can take it for a scene at rest), then the dice at rest
for long enough that :class:`vision.observe.DiceObserver` settles on them.  The look is the
clean one a demo table would have (green felt, white dice with black pips, a lamp straight
above, dice apart), so the classical reader, which needs no learned weights, can read it; the
throws, the places and the tumbling are drawn from a seeded generator, so the same seed makes
the same frames on every machine.  Only the thrown dice are in view: kept dice are set aside,
as players do, so a settled scene is exactly the ``roll`` action's dice.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from vision.synth import dice as synth_dice
from vision.synth import scene

SIZE = (480, 360)
"""The frame (width, height): small enough to read in ~20 ms on one core."""

DIE = 44.0
"""A die's edge in pixels."""

TUMBLE = 3
"""Frames of dice in flight per throw."""

REST = 7
"""Frames of dice at rest per throw: the observer needs 5 that agree."""

CROWDED_EVERY = 8
"""Every 8th throw (the 6th, the 14th, ...) two dice come to rest against each other, one
hiding a corner of the other from the camera: the finder's hardest case, where the reader may
merge, drop or misread a die, so the demo shows what the session and the operator do then."""

_FELT = (40, 110, 40)
_LOOK = synth_dice._Look(
    body=np.array((238.0, 240.0, 240.0)),
    pip=np.array((25.0, 25.0, 25.0)),
    opacity=1.0,
    corner=0.15,
    pip_radius=0.09,
    pip_spacing=0.27,
    big_red_one=False,
)
_OVERHEAD = (1.0, 0.0, 1.0)  # the camera straight above: nothing foreshortened
_SHADOW = (3.0, 3.0, 0.3)


@dataclass(frozen=True)
class RenderedFrame:
    """One frame of a throw, with the dice values drawn on it (truth, for the tests)."""

    image: np.ndarray
    at_rest: bool
    values: tuple[int, ...]


class DiceTable:
    """The table the demo's dice fall on: one felt cloth, drawn once per seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        width, height = SIZE
        cloth = scene.felt(np.random.default_rng([seed, 0]), (height, width), _FELT)
        self.cloth = cloth.astype(np.float32)

    def empty(self) -> np.ndarray:
        return np.clip(self.cloth, 0, 255).astype(np.uint8)

    def throw(self, number: int, values: Sequence[int]) -> Iterator[RenderedFrame]:
        """The frames of throw ``number`` landing on ``values``: tumbling, then at rest."""
        rng = np.random.default_rng([self.seed, 1, number])
        crowded = len(values) >= 2 and number % CROWDED_EVERY == CROWDED_EVERY - 3
        angles = rng.uniform(0, 90, len(values))
        rest = _spots(rng, len(values), crowded)
        height = SIZE[1]
        start = [
            (
                max(DIE, x - rng.uniform(150, 260)),
                min(max(DIE, y + rng.uniform(-60, 60)), height - DIE),
            )
            for x, y in rest
        ]
        for step in range(TUMBLE):
            share = (step + 1) / (TUMBLE + 1)
            spots = [
                (sx + (rx - sx) * share, sy + (ry - sy) * share)
                for (sx, sy), (rx, ry) in zip(start, rest, strict=True)
            ]
            faces = [int(v) for v in rng.integers(1, 7, len(values))]
            turned = [float(a) for a in rng.uniform(0, 90, len(values))]
            yield RenderedFrame(self._draw(faces, spots, turned, rng), False, tuple(faces))
        still = self._draw(values, rest, [float(a) for a in angles], rng)
        for _ in range(REST):
            yield RenderedFrame(still, True, tuple(values))

    def _draw(
        self,
        values: Sequence[int],
        spots: Sequence[tuple[float, float]],
        angles: Sequence[float],
        rng: np.random.Generator,
    ) -> np.ndarray:
        canvas = self.cloth.copy()
        for value, spot, angle in zip(values, spots, angles, strict=True):
            sprite, alpha, corners = synth_dice._draw_flat(int(value), DIE, _LOOK, (0.0, 0.0), rng)
            synth_dice._place(canvas, sprite, alpha, corners, spot, angle, _SHADOW, _OVERHEAD)
        return np.clip(canvas, 0, 255).astype(np.uint8)


def _spots(rng: np.random.Generator, count: int, crowded: bool) -> list[tuple[float, float]]:
    """Resting places for ``count`` dice, at least two die sizes apart and clear of the edges;
    ``crowded``: the second die against the first, a die's width to its right."""
    width, height = SIZE
    margin = DIE * 1.2
    spots: list[tuple[float, float]] = []
    if crowded:
        x = float(rng.uniform(width * 0.4, width * 0.7))
        y = float(rng.uniform(margin, height - margin))
        spots = [(x, y), (x + DIE * float(rng.uniform(1.0, 1.12)), y)]
    while len(spots) < count:
        x = float(rng.uniform(width * 0.35, width - margin))
        y = float(rng.uniform(margin, height - margin))
        if all(math.hypot(x - px, y - py) >= 2.2 * DIE for px, py in spots):
            spots.append((x, y))
    return spots
