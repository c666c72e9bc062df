"""The three small networks of the domino reader and the geometry they and their training
share: where a tile lies (centre, axis angle, half side) and how a half is cut out.

* :class:`TileFinder` marks the centre of every tile (face up or down) in an image scaled so a
  tile is :data:`FINDER_SIDE` px wide, with the tile's axis and size at each centre.  Touching
  tiles of a line of play are the reason it is learned: at camera size a divider, the seam
  between two tiles and a column of six pips look alike locally, and only the whole tile (rims
  running to the edge, face at both ends of a divider) tells them apart.
* :class:`HalfClassifier` reads one straightened half: 0..6 pips, the back of a face-down
  tile (the divider at its edge is what tells a face-up 0 from a back), or no tile at all
  (it checks the finder).
* :class:`RaisedClassifier` sees a read tile whole with a ring of what lies around it and
  tells a tile standing on the table (its cast shadow, its side face) from something flat
  that reads like one: a printed picture of a tile, an empty slot of a printed board.

All three are a few tens of thousands of weights: they train on two CPU cores in minutes
(``scripts/train_domino_reader.py``) and run well under the frame time on one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import torch
from torch import nn

#: Tile width (px) in the image the finder sees.
FINDER_SIDE = 16.0
#: Output stride of the finder.
STRIDE = 4
#: Finder output channels: centre heat, offset x/y (cells), cos/sin of twice the axis angle,
#: log of the half side over FINDER_SIDE.
FINDER_OUTPUTS = 6
#: A straightened half is HALF_PX square and shows the half plus HALF_MARGIN of its side
#: around it (the divider or the rim at its edges is part of what it reads).
HALF_PX = 24
HALF_MARGIN = 0.12
#: Half classes: 0..6 pips, BACK for a half of a face-down tile, NOT_TILE for table, a hand
#: or anything else the finder took for a tile.
BACK = 7
NOT_TILE = 8
HALF_CLASSES = 9
#: A tile as the raised classifier sees it: RAISED_SIDE px a half side, with RAISED_RING of
#: a half side of its surroundings on every side (a shadow or side face lies within it).
RAISED_SIDE = 12
RAISED_RING = 0.5


@dataclass(frozen=True)
class TilePose:
    """A tile in image pixels: its centre, its long axis (radians, 0..pi, from half 0 to
    half 1) and the side of one half."""

    centre: tuple[float, float]
    angle: float
    side: float

    def axis(self) -> np.ndarray:
        return np.array([math.cos(self.angle), math.sin(self.angle)])

    def half_centre(self, half: int) -> np.ndarray:
        sign = -0.5 if half == 0 else 0.5
        return np.array(self.centre) + sign * self.side * self.axis()

    def corners(self, along: tuple[float, float] = (-1.0, 1.0)) -> np.ndarray:
        """The outline of the part of the tile between ``along`` (in half sides from the
        centre along the axis), as four image points."""
        u = self.axis() * self.side
        v = np.array([-u[1], u[0]]) / 2
        c = np.array(self.centre)
        a, b = along
        return np.array([c + a * u - v, c + b * u - v, c + b * u + v, c + a * u + v])


def pose_from_outline(outline: np.ndarray) -> TilePose:
    """The pose of a tile from its four corners, the first and last at the end of half 0."""
    outline = np.asarray(outline, np.float64)
    start = (outline[0] + outline[3]) / 2
    end = (outline[1] + outline[2]) / 2
    axis = end - start
    length = float(np.linalg.norm(axis))
    breadth = float(
        (np.linalg.norm(outline[3] - outline[0]) + np.linalg.norm(outline[2] - outline[1])) / 2
    )
    angle = math.atan2(axis[1], axis[0])
    return TilePose(tuple((start + end) / 2), angle, (length / 2 + breadth) / 2)


def cut_half(image: np.ndarray, pose: TilePose, half: int) -> np.ndarray:
    """Half ``half`` of the tile straightened to HALF_PX x HALF_PX, the tile's axis along x,
    half 0 always seen with the divider on its right, half 1 with it on its left."""
    centre = pose.half_centre(half)
    span = pose.side * (1 + 2 * HALF_MARGIN)
    u = pose.axis()
    v = np.array([-u[1], u[0]])
    scale = HALF_PX / span
    src = np.float32(
        [
            centre - u * span / 2 - v * span / 2,
            centre + u * span / 2 - v * span / 2,
            centre - u * span / 2 + v * span / 2,
        ]
    )
    dst = np.float32([[0, 0], [HALF_PX, 0], [0, HALF_PX]])
    if half == 1:  # mirrored so the divider is on the right for both halves
        dst = np.float32([[HALF_PX, 0], [0, 0], [HALF_PX, HALF_PX]])
    matrix = cv2.getAffineTransform(src, dst)
    flags = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.warpAffine(
        image, matrix, (HALF_PX, HALF_PX), flags=flags, borderMode=cv2.BORDER_REPLICATE
    )


def raised_shape() -> tuple[int, int]:
    """Height and width (px) of what :func:`cut_tile` cuts."""
    ring = round(RAISED_RING * RAISED_SIDE)
    return RAISED_SIDE + 2 * ring, 2 * RAISED_SIDE + 2 * ring


def cut_tile(image: np.ndarray, pose: TilePose) -> np.ndarray:
    """The whole tile straightened (its axis along x) with a ring of its surroundings, for
    :class:`RaisedClassifier`: (2 + 2 RAISED_RING) x (1 + 2 RAISED_RING) half sides."""
    height, width = raised_shape()
    return straightened_around(image, pose, RAISED_SIDE, (width, height), cv2.BORDER_REPLICATE)


def straightened_around(
    image: np.ndarray, pose: TilePose, side: int, size: tuple[int, int], border: int
) -> np.ndarray:
    """The picture about a tile straightened (its axis along x, a half ``side`` px), ``size``
    (width, height) px centred on the tile; ``border`` fills what lies outside the image."""
    width, height = size
    u = pose.axis()
    v = np.array([-u[1], u[0]])
    k = side / pose.side
    centre = np.array(pose.centre)
    matrix = np.float32(
        np.column_stack([u / k, v / k, centre - (width / 2) * u / k - (height / 2) * v / k])
    )
    flags = cv2.WARP_INVERSE_MAP | (cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR)
    return cv2.warpAffine(image, matrix, (width, height), flags=flags, borderMode=border)


def half_batch(crops: list[np.ndarray]) -> np.ndarray:
    """BGR half crops as the classifier's input (float32 NCHW): each normalised by its own
    level and spread, so the set's colours and the light do not matter, only the pattern."""
    batch = np.stack(crops).astype(np.float32)
    mean = batch.mean(axis=(1, 2, 3), keepdims=True)
    spread = batch.std(axis=(1, 2, 3), keepdims=True) + 8.0
    return np.ascontiguousarray(((batch - mean) / spread).transpose(0, 3, 1, 2))


def half_tensor(crops: list[np.ndarray]) -> torch.Tensor:
    """:func:`half_batch` as a torch batch (training)."""
    return torch.from_numpy(half_batch(crops))


def finder_batch(image: np.ndarray) -> np.ndarray:
    """A scaled BGR image as the finder's input (1 x 3 x H x W float32, about -1..1)."""
    scaled = image.astype(np.float32) / 128.0 - 1.0
    return np.ascontiguousarray(scaled.transpose(2, 0, 1))[None]


def finder_tensor(image: np.ndarray) -> torch.Tensor:
    """:func:`finder_batch` as a torch batch (training)."""
    return torch.from_numpy(finder_batch(image))


def _conv(cin: int, cout: int, stride: int = 1, dilation: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, padding=dilation, dilation=dilation, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class TileFinder(nn.Module):
    """Centre heat map and pose of every tile at stride 4; its view spans about four tile
    widths, enough to see a whole tile and the seams at its ends."""

    def __init__(self, width: int = 24) -> None:
        super().__init__()
        self.body = nn.Sequential(
            _conv(3, 16, stride=2),
            _conv(16, width, stride=2),
            _conv(width, width),
            _conv(width, width, dilation=2),
            _conv(width, width, dilation=4),
            _conv(width, width, dilation=2),
        )
        self.head = nn.Conv2d(width, FINDER_OUTPUTS, 1)
        nn.init.constant_(self.head.bias, 0.0)
        with torch.no_grad():
            self.head.bias[0] = -4.0  # centres are rare: start the heat near zero

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.body(x))


class HalfClassifier(nn.Module):
    """Pips (0..6), back, or no tile, of one straightened half."""

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            _conv(3, 12),
            _conv(12, 12),
            nn.MaxPool2d(2),
            _conv(12, 24),
            _conv(24, 24),
            nn.MaxPool2d(2),
            _conv(24, 32),
            nn.AdaptiveAvgPool2d(3),
            nn.Flatten(),
            nn.Linear(32 * 9, HALF_CLASSES),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x)


class RaisedClassifier(nn.Module):
    """One logit: a tile standing on the table (positive) or something flat read as one.
    The pooling keeps a coarse 2 x 3 layout, so where around the tile the dark band lies
    is kept to the end."""

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            _conv(3, 16),
            _conv(16, 16),
            nn.MaxPool2d(2),
            _conv(16, 24),
            _conv(24, 24),
            nn.MaxPool2d(2),
            _conv(24, 32),
            nn.AdaptiveAvgPool2d((2, 3)),
            nn.Flatten(),
            nn.Linear(32 * 6, 1),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x)
