"""A card's outline fitted to its edges from the finder's box, on tables the stock mask cannot
tell from a card (vision/cards/box_outline.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.cards.box_outline import brightest, edge_support, fitted, inscribed
from vision.cards.faces import RATIO
from vision.types import Box

SHORT = 90.0
#: How far a fitted corner may lie from the true one, in card widths (the index corner read
#: there still holds the index).
CORNER_OFF = 0.08


def _table(seed: int, kind: str) -> np.ndarray:
    """A grey table: carpet (coarse noise, pale) or wood (bright and dark stripes)."""
    rng = np.random.default_rng(seed)
    if kind == "carpet":
        noise = rng.normal(185, 30, (360, 480)).astype(np.float32)
        return np.clip(cv2.GaussianBlur(noise, (0, 0), 1.2), 0, 255).astype(np.uint8)
    rows = np.cumsum(rng.normal(0, 1, 360))
    stripes = 170 + 50 * np.sin(np.arange(480)[None, :] / 9.0 + rows[:, None] / 4.0)
    return np.clip(stripes + rng.normal(0, 8, (360, 480)), 0, 255).astype(np.uint8)


def _card(table: np.ndarray, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """The table with a rounded-corner card turned by ``angle`` laid on it, and its corners."""
    image = table.copy()
    corners = cv2.boxPoints(((240.0, 180.0), (SHORT, SHORT * RATIO), angle))
    mask = np.zeros_like(image)
    cv2.fillPoly(mask, [np.round(corners).astype(np.int32)], 255)
    radius = int(0.06 * SHORT) | 1
    mask = cv2.erode(mask, np.ones((radius, radius), np.uint8))
    mask = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (radius, radius)))
    image[mask > 0] = 238
    cv2.circle(image, (240, 180), 12, 30, -1)  # a pip
    return cv2.GaussianBlur(image, (3, 3), 0), corners


def _on_paper(angle: float) -> tuple[np.ndarray, np.ndarray]:
    """A white card turned by ``angle`` on white paper a shade brighter than it, shown only by
    the thin grey line of its edge (a scan, a card photographed on a sheet)."""
    rng = np.random.default_rng(int(angle) % 11)
    image = np.clip(rng.normal(244, 3, (360, 480)), 0, 255).astype(np.uint8)
    corners = cv2.boxPoints(((240.0, 180.0), (SHORT, SHORT * RATIO), angle))
    outline = np.round(corners).astype(np.int32)
    cv2.fillPoly(image, [outline], 240)
    cv2.polylines(image, [outline], True, 190, 2)
    cv2.circle(image, (240, 180), 12, 30, -1)  # a pip
    return cv2.GaussianBlur(image, (3, 3), 0), corners


def _error(quad: tuple[tuple[float, float], ...], corners: np.ndarray) -> float:
    """The largest distance from a true corner to the nearest corner of the quad."""
    q = np.asarray(quad)
    return float(max(np.min(np.linalg.norm(q - c, axis=1)) for c in corners))


@pytest.mark.parametrize("kind", ["carpet", "wood"])
@pytest.mark.parametrize("angle", [8.0, 25.0, 63.0, -35.0])
def test_a_card_in_its_box_is_found_turned_the_right_way(kind: str, angle: float) -> None:
    image, corners = _card(_table(int(angle) % 7, kind), angle)
    x, y, w, h = cv2.boundingRect(np.round(corners).astype(np.int32))
    starts = inscribed(Box(x, y, w, h))
    assert len(starts) == 2, "a turned card fits its box tilted either way"
    best = max((fitted(image, start) for start in starts), key=lambda found: found[1])
    assert _error(best[0], corners) < CORNER_OFF * SHORT
    mirror = min(starts, key=lambda quad: edge_support(image, quad))
    assert edge_support(image, best[0]) > edge_support(image, mirror) + 0.3


def test_a_loose_box_still_fits_the_card() -> None:
    """The finder boxes a card with a margin on a busy table: the bright region in it starts
    the fit close enough."""
    image, corners = _card(_table(3, "carpet") // 2 + 40, 30.0)
    x, y, w, h = cv2.boundingRect(np.round(corners).astype(np.int32))
    loose = Box(x - 25, y - 10, w + 45, h + 30)
    start = brightest(image, loose)
    assert start is not None
    quad, support = fitted(image, start)
    assert _error(quad, corners) < CORNER_OFF * SHORT
    assert support > 0.8


def test_a_box_no_card_fits_is_its_own_outline() -> None:
    """A box far wider than any turned card (a part of a card, a card cut by the frame) is
    the outline itself."""
    (quad,) = inscribed(Box(10, 10, 300, 60))
    assert sorted(quad) == sorted([(10.0, 10.0), (310.0, 10.0), (310.0, 70.0), (10.0, 70.0)])


@pytest.mark.parametrize("angle", [12.0, -20.0, 40.0])
def test_a_white_card_on_white_paper_is_fitted_to_the_line_of_its_edge(angle: float) -> None:
    """The card is no brighter than the paper: its edge is a line darker than both sides."""
    image, corners = _on_paper(angle)
    x, y, w, h = cv2.boundingRect(np.round(corners).astype(np.int32))
    starts = inscribed(Box(x, y, w, h))
    best = max((fitted(image, start) for start in starts), key=lambda found: found[1])
    assert _error(best[0], corners) < CORNER_OFF * SHORT
    assert best[1] > 0.8
    mirror = min(starts, key=lambda quad: edge_support(image, quad))
    assert edge_support(image, best[0]) > edge_support(image, mirror) + 0.3
