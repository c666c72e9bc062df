"""Printed things that are not tiles, for rendered domino scenes: flat pictures of dominoes
(on a game board, a box, a scoring sheet) and printed logos.

On real tables these were read as tiles about 45 times a photo.  What tells a picture from a
tile is that it is flat: no bevel, no side wall, no shadow, often an ink outline, colours of
print.  Each picture is returned with its outline so a dataset can label it as not a tile (a
hard negative for training, a false read when evaluating).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

#: Letters a printed logo is made of (the renderer's fonts are ASCII only).
LOGO_LETTERS = "ABCDEGKMNOPRSTZ"


def flat_domino(
    rng: np.random.Generator,
    halves: tuple[int, int],
    side: float,
    supersample: int,
    pip_layout: dict[int, tuple[tuple[float, float], ...]],
) -> tuple[np.ndarray, np.ndarray]:
    """A printed picture of a tile, long axis along x, supersampled: BGR and alpha.  Flat
    colours, an ink outline, round dots (where ``pip_layout`` puts them); no bevel and no
    shading."""
    s = side * supersample
    height, width = round(s), round(2 * s)
    paper = rng.uniform(150, 255, 3) if rng.random() < 0.7 else rng.uniform(0, 90, 3)
    ink = 255 - paper if rng.random() < 0.5 else rng.uniform(0, 255, 3)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = paper.astype(np.uint8)
    alpha = np.full((height, width), 255, np.uint8)
    colour = tuple(int(c) for c in ink)
    if rng.random() < 0.8:
        thickness = max(1, round(s * rng.uniform(0.02, 0.07)))
        cv2.rectangle(image, (0, 0), (width - 1, height - 1), colour, thickness, cv2.LINE_AA)
    cv2.line(
        image,
        (round(s), round(s * 0.1)),
        (round(s), round(s * 0.9)),
        colour,
        max(1, round(s * 0.04)),
        cv2.LINE_AA,
    )
    radius = max(1, round(s * rng.uniform(0.07, 0.11)))
    for half, pips in enumerate(halves):
        for px, py in pip_layout[pips]:
            cv2.circle(
                image, (round((half + px) * s), round(py * s)), radius, colour, -1, cv2.LINE_AA
            )
    return image, alpha


def logo(rng: np.random.Generator, side: float, supersample: int) -> tuple[np.ndarray, np.ndarray]:
    """A printed logo about a tile long: a few letters and shapes in solid colours on a panel
    (a maker's mark, a brand on a box), BGR and alpha."""
    s = side * supersample
    height, width = round(s * rng.uniform(0.8, 1.6)), round(s * rng.uniform(1.5, 3.5))
    panel = rng.uniform(0, 255, 3)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = panel.astype(np.uint8)
    for _ in range(int(rng.integers(1, 4))):
        colour = tuple(int(c) for c in rng.uniform(0, 255, 3))
        centre = (int(rng.integers(0, width)), int(rng.integers(0, height)))
        if rng.random() < 0.5:
            cv2.circle(image, centre, int(s * rng.uniform(0.1, 0.4)), colour, -1, cv2.LINE_AA)
        else:
            size = (int(s * rng.uniform(0.2, 0.8)), int(s * rng.uniform(0.1, 0.4)))
            cv2.ellipse(
                image, centre, size, float(rng.uniform(0, 180)), 0, 360, colour, -1, cv2.LINE_AA
            )
    text = "".join(rng.choice(list(LOGO_LETTERS), int(rng.integers(2, 7))))
    colour = tuple(int(c) for c in 255 - panel)
    scale = height / 60
    cv2.putText(
        image,
        text,
        (int(width * 0.05), int(height * 0.7)),
        cv2.FONT_HERSHEY_DUPLEX,
        scale,
        colour,
        max(1, round(scale * 2)),
        cv2.LINE_AA,
    )
    alpha = np.full((height, width), 255, np.uint8)
    return image, alpha


def paste_flat(
    canvas: np.ndarray,
    sprite: np.ndarray,
    alpha: np.ndarray,
    centre: tuple[float, float],
    angle: float,
    supersample: int,
) -> tuple[np.ndarray, np.ndarray]:
    """The canvas with a flat sprite printed on it (no shadow), and the sprite's outline in the
    canvas (four corners)."""
    h, w = alpha.shape
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), -math.degrees(angle), 1 / supersample)
    matrix[0, 2] += centre[0] - w / 2
    matrix[1, 2] += centre[1] - h / 2
    size = (canvas.shape[1], canvas.shape[0])
    placed = cv2.warpAffine(sprite, matrix, size, flags=cv2.INTER_AREA)
    mask = cv2.warpAffine(alpha, matrix, size, flags=cv2.INTER_AREA).astype(np.float32) / 255
    out = canvas.astype(np.float32) * (1 - mask[..., None]) + placed * mask[..., None]
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    outline = corners @ matrix[:, :2].T + matrix[:, 2]
    return np.clip(out, 0, 255).astype(np.uint8), outline
