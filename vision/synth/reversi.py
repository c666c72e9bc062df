"""Rendered photographs of a Reversi board seen from above, for the board reader's tests and
measurements (``vision/reversi/``).

A board is drawn square-on first (the green playing area, its grid lines, the star points of an
Othello board, the frame round it, and the discs with their shading and the edge of the other
colour showing), then set on a table by a tilted camera: a perspective that shrinks the far
edge, a small turn, uneven light, blur, sensor noise and JPEG (:mod:`vision.synth.scene`).  A
:class:`BoardLook` (the board's green, its lines, the discs' colours) and a :class:`Camera` are
drawn once per game from the seed, as one board under one camera stays one picture all game;
the camera's focus, noise level and compression are drawn once too, and each frame gets only
its own sensor noise and, when asked, a hand over the board.

The table is wood or a cloth that is not green: the reader finds the board as the green
quadrilateral in view (``vision/reversi/reader.py``), so a green cloth under a green board is
out of this renderer's scope.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth import scene

#: Pixels a square is drawn with square-on, before the camera's warp.
SQUARE_PX = 64
#: Table cloths that are not green (BGR): blue, red, grey, black, burgundy.
CLOTHS = ((120, 60, 20), (40, 40, 150), (90, 90, 90), (30, 30, 30), (40, 20, 90))
#: Board greens (BGR), from a yellowish grass green to a deep blue-green.
GREENS = ((40, 140, 40), (50, 120, 20), (70, 130, 30), (60, 100, 10), (90, 130, 40), (30, 150, 70))


@dataclass(frozen=True)
class BoardLook:
    """How one board and its discs look: the green, the lines (colour, width in px square-on),
    the star points, the frame's colour and width (a share of a square), the discs' top colours
    and their radius (a share of a square)."""

    green: tuple[float, float, float]
    line: tuple[float, float, float]
    line_px: float
    stars: bool
    frame: tuple[float, float, float]
    frame_share: float
    black: tuple[float, float, float]
    white: tuple[float, float, float]
    radius: float
    gloss: float

    @classmethod
    def random(cls, rng: np.random.Generator) -> BoardLook:
        green = np.array(GREENS[rng.integers(len(GREENS))], float) * rng.uniform(0.8, 1.15)
        green = np.clip(green + rng.normal(0, 8, 3), 0, 255)
        dark = rng.random() < 0.7
        line = green * rng.uniform(0.15, 0.45) if dark else np.clip(green * 1.6 + 40, 0, 255)
        frame = (
            scene.WOOD_COLOURS[rng.integers(len(scene.WOOD_COLOURS))]
            if rng.random() < 0.6
            else (rng.uniform(10, 50),) * 3
        )
        black = (rng.uniform(12, 45),) * 3
        white = (rng.uniform(205, 245), rng.uniform(215, 250), rng.uniform(220, 252))
        return cls(
            green=tuple(green),
            line=tuple(line),
            line_px=rng.uniform(1.5, 4.0),
            stars=bool(rng.random() < 0.6),
            frame=tuple(float(c) for c in frame),
            frame_share=rng.uniform(0.25, 0.7),
            black=tuple(float(c) for c in black),
            white=tuple(float(c) for c in white),
            radius=rng.uniform(0.37, 0.45),
            gloss=rng.uniform(0.0, 0.35),
        )


@dataclass(frozen=True)
class Camera:
    """Where the board lies in the picture: its centre (a share of the width and height), its
    height in the picture (a share), the turn (degrees), how much narrower the far (top) edge
    looks than the near one (the tilt), and a little jitter of each corner."""

    centre: tuple[float, float]
    scale: float
    turn: float
    tilt: float
    jitter: np.ndarray

    @classmethod
    def random(cls, rng: np.random.Generator) -> Camera:
        return cls(
            centre=(rng.uniform(0.42, 0.58), rng.uniform(0.45, 0.55)),
            scale=rng.uniform(0.62, 0.88),
            turn=rng.uniform(-7, 7),
            tilt=rng.uniform(0.72, 1.0),
            jitter=rng.uniform(-0.015, 0.015, (4, 2)),
        )


@dataclass(frozen=True)
class RenderedBoard:
    """One picture: the image (BGR), the board it shows (rows top first, ``B``/``W``/``.``) and
    the playing area's corners in the picture (top left, top right, bottom right, bottom left)."""

    image: np.ndarray
    board: str
    size: int
    corners: np.ndarray


class BoardRenderer:
    """Renders boards of one game: one look and one camera from ``seed``, fresh noise each frame."""

    def __init__(self, seed: int, size: int = 8, frame: tuple[int, int] = (720, 960)) -> None:
        self.rng = np.random.default_rng(seed)
        self.size, self.frame = size, frame
        self.look = BoardLook.random(self.rng)
        self.camera = Camera.random(self.rng)
        self.table = (
            scene.wood(self.rng, frame)
            if self.rng.random() < 0.5
            else scene.felt(self.rng, frame, CLOTHS[self.rng.integers(len(CLOTHS))])
        )
        self.light = float(self.rng.uniform(0.1, 0.45))
        # What one camera keeps all game: its focus, its sensor's noise, its compression, and
        # where the lamp throws the board's shadow; only the noise itself changes by frame.
        self.blur = float(self.rng.uniform(0.0, 1.4))
        self.noise = float(self.rng.uniform(1.0, 6.0))
        self.quality = int(self.rng.integers(45, 96))
        self.shadow = tuple(self.rng.uniform(-8, 8, 2))
        rim = round(self.look.frame_share * SQUARE_PX)
        side = size * SQUARE_PX + 2 * rim
        self.grain = scene.smooth_noise(self.rng, (side, side), cell=SQUARE_PX / 2)[..., None] * 8
        # Each disc lies a little off its square's centre; one offset per square, all game.
        self.offsets = self.rng.uniform(-0.06, 0.06, (size * size, 2))

    def render(self, board: str, hand: bool = False) -> RenderedBoard:
        """The picture of ``board`` (one string, rows top first), a hand over it if asked."""
        flat, outline = self._square_on(board)
        matrix, corners = self._placement()
        height, width = self.frame
        warped = cv2.warpPerspective(flat, matrix, (width, height), flags=cv2.INTER_AREA)
        mask = cv2.warpPerspective(outline, matrix, (width, height), flags=cv2.INTER_LINEAR)
        image = scene.soft_shadow(self.table, mask, self.rng, self.shadow, darkness=0.35)
        image = scene.paste(image, warped, mask, 0, 0)
        image = scene.lighting_gradient(image, np.random.default_rng(7), self.light)
        if hand:
            image, _ = scene.hand_occluder(image, self.rng)
        image = scene.gaussian_blur(image, self.blur)
        image = scene.sensor_noise(image, self.rng, self.noise)
        image = scene.jpeg_artefacts(image, self.quality)
        return RenderedBoard(image, board, self.size, corners)

    def _square_on(self, board: str) -> tuple[np.ndarray, np.ndarray]:
        """The board drawn square-on with its frame, and the mask of the whole board."""
        look, n, px = self.look, self.size, SQUARE_PX
        rim = round(look.frame_share * px)
        side = n * px + 2 * rim
        image = np.empty((side, side, 3), np.float32)
        image[:] = look.frame
        image[rim : rim + n * px, rim : rim + n * px] = look.green
        image += self.grain
        line = tuple(float(c) for c in look.line)
        width = max(1, round(look.line_px))
        for k in range(n + 1):
            at = rim + k * px
            cv2.line(image, (at, rim), (at, rim + n * px), line, width)
            cv2.line(image, (rim, at), (rim + n * px, at), line, width)
        if look.stars and n >= 6:
            for row in (2, n - 2):
                for col in (2, n - 2):
                    centre = (rim + col * px, rim + row * px)
                    cv2.circle(image, centre, max(3, px // 12), line, -1, cv2.LINE_AA)
        for index, cell in enumerate(board):
            if cell in "BW":
                self._disc(image, index, cell, rim)
        outline = np.ones((side, side), np.float32)
        return np.clip(image, 0, 255).astype(np.uint8), outline

    def _disc(self, image: np.ndarray, index: int, cell: str, rim: int) -> None:
        """One disc: a shadow, the other colour's edge showing on the near side, the top face
        shaded from the light's side with a glossy spot."""
        look, px = self.look, SQUARE_PX
        row, col = divmod(index, self.size)
        dx, dy = self.offsets[index]
        cx = rim + (col + 0.5 + dx) * px
        cy = rim + (row + 0.5 + dy) * px
        radius = look.radius * px
        top, under = (look.black, look.white) if cell == "B" else (look.white, look.black)
        shadow = (np.array(look.green) * 0.45).tolist()
        cv2.circle(image, _pt(cx + 2, cy + 3), round(radius), shadow, -1, cv2.LINE_AA)
        cv2.circle(image, _pt(cx, cy + 2.5), round(radius), under, -1, cv2.LINE_AA)
        cv2.circle(image, _pt(cx, cy), round(radius), top, -1, cv2.LINE_AA)
        edge = (np.array(top) * 0.8).tolist()
        cv2.circle(image, _pt(cx, cy), round(radius), edge, 1, cv2.LINE_AA)
        if look.gloss > 0.05:  # a soft highlight towards the lamp, drawn in the disc's patch
            left, up = int(cx - radius), int(cy - radius)
            reach = int(2 * radius) + 1
            spot = np.zeros((reach, reach), np.float32)
            glint = _pt(cx - radius * 0.3 - left, cy - radius * 0.3 - up)
            cv2.circle(spot, glint, round(radius * 0.35), 1.0, -1)
            spot = cv2.GaussianBlur(spot, (0, 0), radius * 0.2)[..., None]
            patch = image[up : up + reach, left : left + reach]
            patch += spot * look.gloss * (255 - np.array(top, np.float32))

    def _placement(self) -> tuple[np.ndarray, np.ndarray]:
        """The homography from the square-on drawing to the picture, and the playing area's
        corners in the picture."""
        look, cam, n, px = self.look, self.camera, self.size, SQUARE_PX
        rim = round(look.frame_share * px)
        side = n * px + 2 * rim
        height, width = self.frame
        half = cam.scale * height / 2
        near, far = half, half * cam.tilt
        deep = half * (0.7 + 0.3 * cam.tilt)  # the tilted board is foreshortened, too
        quad = np.array([[-far, -deep], [far, -deep], [near, deep], [-near, deep]], float)
        quad += cam.jitter * height
        angle = np.deg2rad(cam.turn)
        turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        quad = quad @ turn.T + np.array([cam.centre[0] * width, cam.centre[1] * height])
        src = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
        matrix = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
        inner = np.float32(
            [[rim, rim], [rim + n * px, rim], [rim + n * px, rim + n * px], [rim, rim + n * px]]
        )
        return matrix, scene.warp_points(inner, matrix)


def _pt(x: float, y: float) -> tuple[int, int]:
    return round(x), round(y)
