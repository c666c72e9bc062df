"""Stage two, classical: count the pips on a die patch (see :func:`finder.cut_patch`).

The die's body colour is the median of the patch's die area (pips cover under a quarter of a
face); pips are the blobs of another colour on it, of a pip's size, not cut by the outline.  A
camera sees a die from a little to the side, so side faces show with their pips; those pips are
squashed by the slant, so the face whose pips are roundest and largest is taken for the top.
A die with no round pip and a long outline is cocked (dice.md §1.4: two slanted faces, none
turned to the camera).  This fails where the camera looks across the table at a steep angle
(the top face is then itself slanted): the learned reader handles those.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.dice.finder import PATCH_MARGIN

COCKED_ASPECT = 1.3
"""A die leaning on an edge shows two slanted faces: its outline is 1.37 to 1.41 times longer
than wide (cos + sin of the tilt).  A flat die seen from the side can be as long, so the pips
decide (:data:`ROUND`)."""

ROUND = 0.7
"""Pips on a face turned to the camera are round (minor over major axis at least this); on a
slanted face they are squashed.  A die with no round pip and a long outline is cocked."""

SAME_FACE = 0.25
"""Pips of one face are about as round as each other: a pip less round than the roundest by
more than this lies on another face."""


PIP_CONTRAST = 30.0
"""Colour distance (Lab, lightness weighted 0.7) from the die's body above which a pixel is pip."""


@dataclass(frozen=True)
class PipCount:
    """What the pips say: the value (1..6, or 0 when none were found), how sure, cocked."""

    value: int
    confidence: float
    cocked: bool


@dataclass(frozen=True)
class _Pip:
    area: float
    roundness: float
    x: float
    y: float


def count_pips(patch: np.ndarray, width: float, height: float) -> PipCount:
    """Read a die patch cut from a candidate of ``width`` x ``height`` (its sides along the
    patch's x and y)."""
    size = patch.shape[0]
    inner = size * (1 - 2 * PATCH_MARGIN) / max(width, height)
    half_w, half_h = width * inner / 2, height * inner / 2
    side = 2 * min(half_w, half_h)
    aspect = max(width, height) / max(1e-6, min(width, height))
    pips = _find_pips(patch, half_w, half_h)
    if not pips:
        return PipCount(0, 0.0, False)
    roundest = max(pips, key=lambda p: (p.roundness, p.area))
    if roundest.roundness < ROUND:
        return PipCount(0, 0.7, True) if aspect > COCKED_ASPECT else PipCount(0, 0.0, False)
    # The top face is the one turned to the camera: its pips are the roundest and the largest;
    # pips of the side faces seen in perspective are squashed and smaller.
    seed = max(
        (p for p in pips if p.roundness >= roundest.roundness - SAME_FACE), key=lambda p: p.area
    )
    face = [
        p
        for p in pips
        if p.roundness >= roundest.roundness - SAME_FACE
        and 0.4 * seed.area <= p.area <= 2.5 * seed.area
        and np.hypot(p.x - seed.x, p.y - seed.y) <= 0.95 * side
    ]
    value = len(face)
    if value > 6:
        return PipCount(6, 0.2, False)
    centres = np.array([(p.x, p.y) for p in face])
    areas = np.array([p.area for p in face])
    spread = float(areas.std() / areas.mean()) if value > 1 else 0.0
    confidence = 1.0 - spread - _asymmetry(centres) / side
    return PipCount(value, float(np.clip(confidence, 0.3, 0.99)), False)


def _find_pips(patch: np.ndarray, half_w: float, half_h: float) -> list[_Pip]:
    """Blobs of another colour than the die's body inside its outline, of a pip's size."""
    size = patch.shape[0]
    c = size / 2
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)
    blob = np.zeros((size, size), np.uint8)
    cv2.rectangle(
        blob,
        (round(c - half_w * 0.95), round(c - half_h * 0.95)),
        (round(c + half_w * 0.95), round(c + half_h * 0.95)),
        1,
        -1,
    )
    pixels = lab[blob > 0]
    body = np.median(pixels, axis=0)  # pips cover under a quarter of a die
    near = np.linalg.norm(pixels - body, axis=1) < 25
    if near.sum() > 10:
        body = np.median(pixels[near], axis=0)
    difference = lab - body
    difference[..., 0] *= 0.7
    distance = np.sqrt((difference * difference).sum(axis=2))
    # Pips stand out from the body by far more than shading does: split the two by Otsu, but
    # never closer to the body than PIP_CONTRAST (a face without pips to find has no second mode).
    inside = np.clip(distance[blob > 0], 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(inside, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # Search a little beyond the outline (the finder's box can be a few pixels short of the die):
    # a blob that reaches the search window's edge is the table or a shadow, not a pip.
    x0, y0 = max(0.0, c - half_w * 1.1), max(0.0, c - half_h * 1.1)
    x1, y1 = min(size - 1.0, c + half_w * 1.1), min(size - 1.0, c + half_h * 1.1)
    window = np.zeros_like(blob)
    cv2.rectangle(window, (round(x0), round(y0)), (round(x1), round(y1)), 1, -1)
    spots = ((distance > max(PIP_CONTRAST, float(otsu))) & (window > 0)).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(spots, connectivity=8)
    side = 2 * min(half_w, half_h)
    pips = []
    for i in range(1, n):
        left, top, w, h, area = stats[i]
        if not 0.004 * side * side <= area <= 0.16 * side * side:
            continue
        if left <= x0 + 1 or top <= y0 + 1 or left + w >= x1 - 1 or top + h >= y1 - 1:
            continue  # cut by the outline: the table or a shadow, not a pip
        moments = cv2.moments((labels[top : top + h, left : left + w] == i).astype(np.uint8))
        x = moments["m10"] / moments["m00"] + left
        y = moments["m01"] / moments["m00"] + top
        pips.append(_Pip(float(area), _roundness(moments), float(x), float(y)))
    return pips


def _asymmetry(centres: np.ndarray) -> float:
    """How far the pips are from central symmetry (every layout of 1..6 pips is symmetric about
    the face centre): the mean distance from each pip's mirror image to the nearest pip."""
    mirrored = 2 * centres.mean(axis=0) - centres
    gaps = np.linalg.norm(mirrored[:, None, :] - centres[None, :, :], axis=2).min(axis=1)
    return float(gaps.mean())


def _roundness(moments: dict[str, float]) -> float:
    """Minor over major axis of a blob from its central moments (1 for a circle)."""
    mu20, mu02, mu11 = moments["mu20"], moments["mu02"], moments["mu11"]
    spread = np.hypot(mu20 - mu02, 2 * mu11)
    major, minor = mu20 + mu02 + spread, mu20 + mu02 - spread
    return float(np.sqrt(max(minor, 0.0) / major)) if major > 0 else 0.0
