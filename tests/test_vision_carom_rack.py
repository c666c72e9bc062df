"""A rack's balls placed on the rack's lattice (issue 23): touching balls lie on a lattice of
triangles two radii a side, so a ball whose own rim the neighbours' rims pull off is placed by
the lattice fitted to the whole rack (:func:`vision.carom.ball_finder._on_lattice`)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision.carom.ball_finder import TOUCHING, _lattice, find_balls
from vision.carom.stills import render_still

R = 6.0


def _rack(turn: float, squeeze: float) -> np.ndarray:
    """A pyramid of 15 touching balls' centres, turned and foreshortened (a tilted table)."""
    rows = [
        (row * 2 * R * math.sqrt(3) / 2, (k - row / 2) * 2 * R)
        for row in range(5)
        for k in range(row + 1)
    ]
    c, s = math.cos(turn), math.sin(turn)
    shape = np.array([[c, -s], [s, c]]) @ np.diag([1.0, squeeze])
    return np.array(rows) @ shape.T + (200.0, 150.0)


@pytest.mark.parametrize(("turn", "squeeze"), [(0.0, 1.0), (0.3, 0.9), (1.2, 0.85)])
def test_the_lattice_places_balls_pulled_off(turn: float, squeeze: float) -> None:
    """Two members pulled 0.9 and 0.7 radii off (and every centre off by a tenth of a radius)
    land within a fifth of a radius of their true places: the fit leaves them out."""
    truth = _rack(turn, squeeze)
    found = truth + np.random.default_rng(1).normal(0, 0.1 * R, truth.shape)
    found[4] += (0.9 * R, 0.3 * R)
    found[7] += (-0.5 * R, 0.5 * R)
    gaps = np.hypot(*(found[:, None] - found[None]).transpose(2, 0, 1))
    touch = (gaps >= TOUCHING[0] * R) & (gaps <= TOUCHING[1] * R)
    fitted = _lattice(found, touch, R)
    assert fitted is not None
    origin, sides, places = fitted
    assert np.hypot(*(origin + places @ sides - truth).T).max() < 0.2 * R


def test_a_row_is_no_lattice() -> None:
    """Balls touching in a row fix one of the lattice's directions only: none is fitted."""
    row = np.array([(100.0 + 2 * R * k, 100.0) for k in range(5)])
    gaps = np.hypot(*(row[:, None] - row[None]).transpose(2, 0, 1))
    touch = (gaps >= TOUCHING[0] * R) & (gaps <= TOUCHING[1] * R)
    assert _lattice(row, touch, R) is None


@pytest.mark.parametrize(("seed", "at"), [(33, (863, 364)), (179, (830, 380))])
def test_a_rack_ball_pulled_off_is_found_on_the_lattice(seed: int, at: tuple) -> None:
    """Broadcast development stills: a rack ball the finder placed 0.52 (33) and 0.66 (179)
    radii off, its own rim settled among its neighbours', lies on the rack's lattice."""
    still = render_still(seed, look="broadcast")
    _, balls = find_balls(still.image)
    truth = min(still.balls, key=lambda b: math.hypot(b.x - at[0], b.y - at[1]))
    assert min(math.hypot(b.x - truth.x, b.y - truth.y) for b in balls) < 0.35 * truth.radius
