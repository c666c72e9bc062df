"""Rendered domino scenes in the look of a phone photo of a real game (issue 22): the check
the reader is measured on for what the real photos showed.  Only the raised classifier trains
on such photos (training seeds on other tables: ``python -m vision.synth.domino_photo``); the
tile finder and the half classifier never saw one.

:func:`vision.synth.dominoes.render_scene` draws the training and development scenes; real
top-down photos of a game differed from them in ways that broke the reader, and each of those
is drawn here:

* the table is a photographed surface (the tables of the labelled card or dice photos of
  ``../shared``, outside their labelled boxes), a grid or check cloth, or a drawn felt;
* a printed game board lies under part of the play (a frame, empty tile-shaped slots and
  squares, a title), and printed pictures of tiles and logos lie on it, on a score sheet and
  on the lid of the set's box beside the play; some pictures are photos of tiles, bevel and
  all, printed flat: what tells them from a tile is only that they are flat (no side face, no
  cast shadow), so every one is labelled as not a tile;
* tiles are raised: one lamp lights every bevel alike and casts every shadow the same way, and
  a camera above the middle sees the side face of each tile on the side toward the middle,
  wider the farther out the tile lies;
* ivory, white and black sets, pips painted, drilled or worn, in one colour or a colour per
  number; a face-down tile's back is often the body colour;
* tiles 28 to 42 px wide at 1280 px (a real tile was about 34), photos of 1280 px and of
  4000x3000; dense chains whose tiles touch, doubles laid crosswise;
* a phone held a little off straight down (a perspective that never shows a mirrored border:
  the table is drawn beyond the view and the view cut from it), white balance, lens blur or
  shake, sensor noise and JPEG.

Every random choice comes from the generator passed in, so a seed reproduces a set.
"""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.synth import printed, scene, surfaces
from vision.synth.dominoes import (
    COLOURED_PIPS,
    PIP_LAYOUT,
    SUPERSAMPLE,
    DominoScene,
    PlacedTile,
    TileStyle,
    draw_tile,
    random_layout,
    tile_labels,
)
from vision.types import Box

#: Tile width (the side of one half) in px of a 1280 px wide photo.
PHOTO_WIDTHS = (28.0, 42.0)
#: Photo sizes (width, height) drawn by default; BIG_SIZE is the phone's full resolution.
PHOTO_SIZES = ((1280, 960), (1280, 720))
BIG_SIZE = (4000, 3000)
#: Share of tables that are a photographed surface (when textures are given), a patterned
#: cloth; the rest a drawn felt or wood.
TEXTURE_SHARE = 0.55
CLOTH_SHARE = 0.25
#: Share of photos with a printed board under the play, with the set's box beside it, and
#: with a loose printed sheet (score sheet, leaflet) near it.
BOARD_SHARE = 0.6
BOX_SHARE = 0.5
SHEET_SHARE = 0.5
#: Share of printed tile pictures that are photos of tiles printed flat (the rest drawn flat
#: with an ink outline, as on most boards).
PRINTED_PHOTO_SHARE = 0.4
#: Table drawn beyond the view on each side (share of the view): the tilted camera's view is
#: cut from it, so no mirrored border shows.
MARGIN = 0.12
#: How far the phone is off straight down: each view corner moves by up to this share of the
#: shorter side.
TILT = (0.03, 0.12)
#: A tile's side face at the edge of the view, in tile widths (a tile is 0.4 of its width
#: thick; a phone 40 cm over the table sees about 0.25 of it at the edge of the view).
WALL_AT_EDGE = (0.1, 0.3)
#: The cast shadow: its offset (tile widths), darkness and softness (blur, tile widths).
SHADOW_LENGTH = (0.08, 0.35)
SHADOW_DARKNESS = (0.25, 0.55)
SHADOW_SOFTNESS = (0.05, 0.2)
#: Share of photos with a hand in view.
HAND_SHARE = 0.1


def render_photo(
    rng: np.random.Generator,
    textures: list[np.ndarray] | None = None,
    size: tuple[int, int] | None = None,
    n_line: int | None = None,
    n_down: int | None = None,
    n_up: int | None = None,
) -> DominoScene:
    """One photo of a game (``size`` is width, height) with its truth."""
    if size is None:
        size = PHOTO_SIZES[int(rng.integers(len(PHOTO_SIZES)))]
    width, height = size
    zoom = width / 1280
    side = float(rng.uniform(*PHOTO_WIDTHS)) * zoom
    n_line = int(rng.integers(4, 17)) if n_line is None else n_line
    n_down = int(rng.integers(0, 7)) if n_down is None else n_down
    n_up = int(rng.integers(0, 4)) if n_up is None else n_up
    mx, my = round(width * MARGIN), round(height * MARGIN)
    layout = random_layout(rng, size, side, n_line, n_down, n_up)
    tiles = tuple(replace(t, centre=(t.centre[0] + mx, t.centre[1] + my)) for t in layout.tiles)
    layout = replace(layout, tiles=tiles)
    canvas_size = (width + 2 * mx, height + 2 * my)
    canvas = _table(rng, textures, canvas_size, side, zoom)
    prints: list[np.ndarray] = []
    taken = [t.outline(side * 0.3) for t in tiles]
    if rng.random() < BOARD_SHARE:
        canvas = _board(canvas, rng, side, taken, prints)
    if rng.random() < SHEET_SHARE:
        canvas = _sheet(canvas, rng, side, taken, prints)
    light = float(rng.uniform(0, 2 * math.pi))
    look = _Look(
        light=light,
        shadow=float(rng.uniform(*SHADOW_LENGTH)),
        darkness=float(rng.uniform(*SHADOW_DARKNESS)),
        softness=float(rng.uniform(*SHADOW_SOFTNESS)),
        wall=float(rng.uniform(*WALL_AT_EDGE)),
        wall_tone=float(rng.uniform(0.45, 0.75)),
        middle=(
            canvas_size[0] / 2 + float(rng.normal(0, 0.15)) * width,
            canvas_size[1] / 2 + float(rng.normal(0, 0.15)) * height,
        ),
        reach=width / 2,
    )
    if rng.random() < BOX_SHARE:
        canvas = _box_of_the_set(canvas, rng, side, taken, prints, look)
    style = photo_style(rng)
    for tile in tiles:
        body = style.back if tile.halves is None else style.body
        sprite, alpha = draw_tile(style, tile.halves, side, rng, light=light - tile.angle)
        canvas = _paste_raised(canvas, sprite, alpha, tile.centre, tile.angle, side, body, look)
    canvas = scene.lighting_gradient(canvas, rng, float(rng.uniform(0.1, 0.35)))
    gains = rng.uniform(0.85, 1.15, 3).astype(np.float32)
    canvas = np.clip(canvas.astype(np.float32) * gains, 0, 255).astype(np.uint8)
    image, matrix = _phone_view(canvas, rng, size, (mx, my))
    outlines = tuple(scene.warp_points(t.outline(), matrix) for t in tiles)
    tile_boxes = tuple(_clipped_box(outline, size) for outline in outlines)
    half_boxes = tuple(
        None
        if tile.halves is None
        else (
            _clipped_box(scene.warp_points(tile.half_outline(0), matrix), size),
            _clipped_box(scene.warp_points(tile.half_outline(1), matrix), size),
        )
        for tile in tiles
    )
    covered = np.zeros((height, width), np.float32)
    if rng.random() < HAND_SHARE:
        image, covered = scene.hand_occluder(image, rng)
    labels, hidden = tile_labels(tiles, tile_boxes, half_boxes, covered, True)
    image = _camera(image, rng, zoom)
    printed_outlines = tuple(scene.warp_points(o, matrix) for o in prints)
    return DominoScene(
        image, layout, labels, tile_boxes, half_boxes, hidden, outlines, printed_outlines
    )


def photo_style(rng: np.random.Generator) -> TileStyle:
    """A double-six set as sold: ivory, white or black, pips in one colour or one per number,
    painted, drilled or worn; the back the body's colour or a colour of its own."""
    kind = str(rng.choice(["ivory", "white", "black"], p=[0.5, 0.2, 0.3]))
    jitter = rng.integers(-12, 13, 3)

    def tone(base: tuple[int, int, int]) -> tuple[int, int, int]:
        b, g, r = (int(np.clip(c + j, 0, 255)) for c, j in zip(base, jitter, strict=True))
        return b, g, r

    body = {"ivory": (190, 225, 238), "white": (238, 240, 240), "black": (30, 30, 30)}[kind]
    pips = (235, 235, 235) if kind == "black" else (25, 25, 25)
    coloured = rng.random() < 0.35
    backs = [body, (40, 60, 120), (120, 60, 30), (30, 30, 30), (50, 90, 50)]
    back = backs[0] if rng.random() < 0.5 else backs[int(rng.integers(1, len(backs)))]
    return TileStyle(
        body=tone(body),
        pips=None if coloured else tone(pips),
        back=tone(back),
        divider=tone((200, 200, 200) if kind == "black" else (70, 70, 70)),
        pin=bool(rng.random() < 0.5),
        corner=float(rng.uniform(0.1, 0.25)),
        pip_radius=float(rng.uniform(0.07, 0.11)),
        pip_finish=str(rng.choice(["painted", "drilled", "worn"], p=[0.35, 0.35, 0.3])),
        bevel=float(rng.uniform(0.08, 0.18)),
        colours=tuple(_visible(COLOURED_PIPS[i], kind) for i in rng.permutation(6) + 1),
    )


def _visible(colour: tuple[int, int, int], kind: str) -> tuple[int, int, int]:
    """A number's pip colour as a set of that body has it: a black set's black number is
    white (no set paints pips the colour of its body)."""
    return (235, 235, 235) if kind == "black" and max(colour) < 60 else colour


class _Look:
    """One photo's light and camera as every raised object shows them: the lamp's direction
    (radians), the shadow's offset, darkness and softness (tile widths), the side face's width
    at ``reach`` px from the point under the camera (``middle``) and its shade."""

    def __init__(self, **values: float | tuple[float, float]) -> None:
        self.light = float(values["light"])  # type: ignore[arg-type]
        self.shadow = float(values["shadow"])  # type: ignore[arg-type]
        self.darkness = float(values["darkness"])  # type: ignore[arg-type]
        self.softness = float(values["softness"])  # type: ignore[arg-type]
        self.wall = float(values["wall"])  # type: ignore[arg-type]
        self.wall_tone = float(values["wall_tone"])  # type: ignore[arg-type]
        self.middle = values["middle"]
        self.reach = float(values["reach"])  # type: ignore[arg-type]

    def wall_offset(self, centre: tuple[float, float], side: float) -> np.ndarray:
        """Where the foot of an object lies from its top, in px: toward the point under the
        camera, farther the farther out the object is."""
        towards = np.subtract(self.middle, centre) / self.reach
        return towards * self.wall * side

    def shadow_offset(self, side: float) -> np.ndarray:
        """Where the shadow falls from an object's foot: away from the lamp."""
        return -np.array([math.cos(self.light), math.sin(self.light)]) * self.shadow * side


def _paste_raised(
    canvas: np.ndarray,
    sprite: np.ndarray,
    alpha: np.ndarray,
    centre: tuple[float, float],
    angle: float,
    side: float,
    body: tuple[int, int, int],
    look: _Look,
) -> np.ndarray:
    """The canvas with a raised object (a tile, a box) on it: its cast shadow, its side face
    as a band from its top to its foot, and its top (the supersampled sprite) at ``centre``."""
    h, w = alpha.shape
    foot = look.wall_offset(centre, side)
    fall = foot + look.shadow_offset(side)
    blur = max(0.6, look.softness * side)
    reach = math.hypot(w, h) / SUPERSAMPLE / 2 + float(np.abs(fall).max()) + 3 * blur + 2
    height, width = canvas.shape[:2]
    left, top = max(0, int(centre[0] - reach)), max(0, int(centre[1] - reach))
    right, bottom = min(width, int(centre[0] + reach) + 1), min(height, int(centre[1] + reach) + 1)
    if right <= left or bottom <= top:
        return canvas
    size = (right - left, bottom - top)
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), -math.degrees(angle), 1 / SUPERSAMPLE)
    matrix[0, 2] += centre[0] - w / 2 - left
    matrix[1, 2] += centre[1] - h / 2 - top
    placed = cv2.warpAffine(sprite, matrix, size, flags=cv2.INTER_AREA).astype(np.float32)
    mask = cv2.warpAffine(alpha, matrix, size, flags=cv2.INTER_AREA).astype(np.float32) / 255
    region = canvas[top:bottom, left:right].astype(np.float32)

    def shifted(offset: np.ndarray) -> np.ndarray:
        move = np.array([[1, 0, offset[0]], [0, 1, offset[1]]], np.float32)
        return cv2.warpAffine(mask, move, size)

    shadow = cv2.GaussianBlur(shifted(fall), (0, 0), blur)
    region *= (1 - look.darkness * shadow)[..., None]
    steps = max(2, math.ceil(float(np.hypot(*foot))) + 1)
    wall = np.max([shifted(foot * t) for t in np.linspace(0, 1, steps)], axis=0)
    tone = np.array(body, np.float32) * look.wall_tone + (25 if np.mean(body) < 80 else 0)
    region = region * (1 - wall[..., None]) + tone * wall[..., None]
    region = region * (1 - mask[..., None]) + placed * mask[..., None]
    out = canvas.copy()
    out[top:bottom, left:right] = np.clip(region, 0, 255).astype(np.uint8)
    return out


def _table(
    rng: np.random.Generator,
    textures: list[np.ndarray] | None,
    size: tuple[int, int],
    side: float,
    zoom: float,
) -> np.ndarray:
    """The table under the view, drawn at 1280 px scale and enlarged for a bigger photo (a
    photographed surface has no finer detail to give)."""
    width, height = size
    small = (max(1, round(height / zoom)), max(1, round(width / zoom)))
    choice = rng.random()
    if textures and choice < TEXTURE_SHARE:
        table = _photographed(rng, textures, small)
    elif choice < TEXTURE_SHARE + CLOTH_SHARE:
        table = surfaces.patterned_cloth(rng, small, side / zoom)
    else:
        table = scene.background(rng, small)
    if zoom != 1:
        table = cv2.resize(table, (width, height), interpolation=cv2.INTER_LINEAR)
    return table


#: A photographed table is enlarged at most this much to cover the view; textures that would
#: need more are not used (mirrored out to fill the view they look like a kaleidoscope).
MAX_ENLARGE = 3.0


def _photographed(
    rng: np.random.Generator, textures: list[np.ndarray], size: tuple[int, int]
) -> np.ndarray:
    """A photographed table surface covering ``size`` (height, width) with no mirroring."""
    height, width = size

    def enlargement(texture: np.ndarray) -> float:
        th, tw = texture.shape[:2]
        return min(max(height / th, width / tw), max(height / tw, width / th))

    usable = [t for t in textures if enlargement(t) <= MAX_ENLARGE]
    if not usable:
        return surfaces.texture_surface(rng, textures, size)
    texture = usable[int(rng.integers(len(usable)))]
    th, tw = texture.shape[:2]
    if max(height / th, width / tw) > MAX_ENLARGE:
        texture = np.rot90(texture)
        th, tw = tw, th
    zoom = max(height / th, width / tw) * float(rng.uniform(1.0, 1.4))
    texture = cv2.resize(
        texture,
        None,
        fx=zoom,
        fy=zoom,
        interpolation=cv2.INTER_AREA if zoom < 1 else cv2.INTER_LINEAR,
    )
    y0 = int(rng.integers(0, texture.shape[0] - height + 1))
    x0 = int(rng.integers(0, texture.shape[1] - width + 1))
    return np.ascontiguousarray(texture[y0 : y0 + height, x0 : x0 + width])


def _free(outline: np.ndarray, taken: list[np.ndarray], size: tuple[int, int]) -> bool:
    """Whether ``outline`` lies inside the canvas and clear of every outline in ``taken``."""
    width, height = size
    if outline.min() < 0 or outline[:, 0].max() > width or outline[:, 1].max() > height:
        return False
    mine = outline.astype(np.float32)
    return all(cv2.intersectConvexConvex(mine, other.astype(np.float32))[0] <= 0 for other in taken)


def _rectangle(centre: tuple[float, float], angle: float, length: float, breadth: float):
    return PlacedTile(None, centre, angle, 1.0).corners(length, breadth, centre)


def _tile_picture(rng: np.random.Generator, side: float) -> tuple[np.ndarray, np.ndarray]:
    """A printed picture of a tile ``side`` px wide: drawn flat with an ink outline, or a
    photo of a tile (bevel, pips and all) printed flat."""
    halves = (int(rng.integers(7)), int(rng.integers(7)))
    if rng.random() < PRINTED_PHOTO_SHARE:
        return draw_tile(photo_style(rng), halves, side, rng)
    return printed.flat_domino(rng, halves, side, SUPERSAMPLE, PIP_LAYOUT)


def _place_pictures(
    canvas: np.ndarray,
    rng: np.random.Generator,
    count: int,
    area: np.ndarray,
    side: float,
    taken: list[np.ndarray],
    prints: list[np.ndarray],
    angles: tuple[float, ...],
) -> np.ndarray:
    """Up to ``count`` printed tile pictures and logos inside ``area`` (an outline), clear of
    what is ``taken``; their outlines appended to ``prints`` and to ``taken``."""
    x0, y0 = area.min(axis=0)
    x1, y1 = area.max(axis=0)
    size = (canvas.shape[1], canvas.shape[0])
    polygon = area.astype(np.float32)
    for _ in range(count):
        picture = side * float(np.exp(rng.uniform(math.log(0.6), math.log(1.4))))
        logo = rng.random() < 0.25
        for _attempt in range(25):
            centre = (float(rng.uniform(x0, x1)), float(rng.uniform(y0, y1)))
            angle = float(angles[int(rng.integers(len(angles)))])
            probe = _rectangle(centre, angle, 2.4 * picture, 1.4 * picture)
            inside = all(
                cv2.pointPolygonTest(polygon, tuple(map(float, p)), False) >= 0 for p in probe
            )
            if inside and _free(probe, taken, size):
                break
        else:
            continue
        if logo:
            sprite, alpha = printed.logo(rng, picture, SUPERSAMPLE)
        else:
            sprite, alpha = _tile_picture(rng, picture)
        canvas, outline = printed.paste_flat(canvas, sprite, alpha, centre, angle, SUPERSAMPLE)
        prints.append(outline)
        taken.append(outline)
    return canvas


def _board(
    canvas: np.ndarray,
    rng: np.random.Generator,
    side: float,
    taken: list[np.ndarray],
    prints: list[np.ndarray],
) -> np.ndarray:
    """A printed game board under part of the play: paper, a frame, rows of empty tile-shaped
    slots or a grid of squares about a tile wide, a title; pictures of tiles and logos on it
    where no tile lies.  The board itself lies flat under the tiles (it may hold them)."""
    height, width = canvas.shape[:2]
    bw, bh = width * rng.uniform(0.3, 0.6), height * rng.uniform(0.3, 0.6)
    centre = (
        float(rng.uniform(bw / 2, width - bw / 2)),
        float(rng.uniform(bh / 2, height - bh / 2)),
    )
    angle = float(rng.normal(0, 0.08))
    paper = rng.uniform(150, 250, 3) if rng.random() < 0.7 else rng.uniform(20, 110, 3)
    ink = rng.uniform(0, 90, 3) if paper.mean() > 128 else rng.uniform(170, 255, 3)
    scale = 2  # the board is drawn at twice its size, so its lines are smooth
    sheet = np.empty((round(bh * scale), round(bw * scale), 3), np.uint8)
    sheet[:] = paper.astype(np.uint8)
    colour = tuple(int(c) for c in ink)
    line = max(1, round(side * scale * rng.uniform(0.03, 0.08)))
    inset = round(side * scale * 0.3)
    cv2.rectangle(
        sheet,
        (inset, inset),
        (sheet.shape[1] - inset, sheet.shape[0] - inset),
        colour,
        line,
        cv2.LINE_AA,
    )
    cell = side * scale * rng.uniform(0.9, 1.3)
    slots = rng.random() < 0.5
    step_x = 2 * cell if slots else cell
    for gy in np.arange(
        2 * inset, sheet.shape[0] - 2 * inset - cell, cell * (1.25 if slots else 1)
    ):
        for gx in np.arange(
            2 * inset, sheet.shape[1] - 2 * inset - step_x, step_x * (1.1 if slots else 1)
        ):
            if rng.random() < 0.6:
                corner = (round(gx), round(gy))
                far = (round(gx + step_x), round(gy + cell))
                cv2.rectangle(sheet, corner, far, colour, max(1, line // 2), cv2.LINE_AA)
    text = "".join(rng.choice(list(printed.LOGO_LETTERS), int(rng.integers(4, 9))))
    cv2.putText(
        sheet,
        text,
        (2 * inset, sheet.shape[0] - inset - line),
        cv2.FONT_HERSHEY_DUPLEX,
        side * scale / 30,
        colour,
        max(1, line),
        cv2.LINE_AA,
    )
    alpha = np.full(sheet.shape[:2], 255, np.uint8)
    canvas, outline = printed.paste_flat(canvas, sheet, alpha, centre, angle, scale)
    return _place_pictures(
        canvas,
        rng,
        int(rng.integers(2, 9)),
        outline,
        side,
        taken,
        prints,
        (angle, angle + math.pi / 2, float(rng.uniform(0, math.pi))),
    )


def _sheet(
    canvas: np.ndarray,
    rng: np.random.Generator,
    side: float,
    taken: list[np.ndarray],
    prints: list[np.ndarray],
) -> np.ndarray:
    """A loose printed sheet (score sheet, the rules' leaflet) beside the play: white paper
    with pictures of tiles and a logo, where no tile lies."""
    height, width = canvas.shape[:2]
    sw, sh = side * rng.uniform(5, 9), side * rng.uniform(6, 11)
    size = (width, height)
    for _ in range(25):
        centre = (float(rng.uniform(0, width)), float(rng.uniform(0, height)))
        angle = float(rng.uniform(0, math.pi))
        outline = _rectangle(centre, angle, sw, sh)
        if _free(outline, taken, size):
            break
    else:
        return canvas
    paper = np.empty((round(sh * 2), round(sw * 2), 3), np.uint8)
    paper[:] = rng.uniform(200, 250, 3).astype(np.uint8)
    alpha = np.full(paper.shape[:2], 255, np.uint8)
    canvas, outline = printed.paste_flat(canvas, paper, alpha, centre, angle, 2)
    taken.append(outline)
    return _place_pictures(
        canvas,
        rng,
        int(rng.integers(1, 5)),
        outline,
        side,
        taken[:-1],
        prints,
        (angle, angle + math.pi / 2),
    )


def _box_of_the_set(
    canvas: np.ndarray,
    rng: np.random.Generator,
    side: float,
    taken: list[np.ndarray],
    prints: list[np.ndarray],
    look: _Look,
) -> np.ndarray:
    """The set's box beside the play, lid up: a raised object with its own side face and
    shadow, its lid printed with a title and pictures of tiles (labelled as prints)."""
    height, width = canvas.shape[:2]
    length, breadth = side * rng.uniform(7, 10), side * rng.uniform(3, 5)
    size = (width, height)
    for _ in range(30):
        centre = (float(rng.uniform(0, width)), float(rng.uniform(0, height)))
        angle = float(rng.uniform(0, math.pi))
        outline = _rectangle(centre, angle, length + side, breadth + side)
        if _free(outline, taken, size):
            break
    else:
        return canvas
    lid = np.empty((round(breadth * SUPERSAMPLE), round(length * SUPERSAMPLE), 3), np.uint8)
    colour = rng.uniform(20, 230, 3)
    lid[:] = colour.astype(np.uint8)
    alpha = np.full(lid.shape[:2], 255, np.uint8)
    pictures: list[tuple[np.ndarray, float, float, float]] = []  # outline in lid px, etc.
    count = int(rng.integers(1, 4))
    for k in range(count):
        picture = breadth * rng.uniform(0.25, 0.4)
        sprite, salpha = _tile_picture(rng, picture)
        x = (k + 0.5) / count * lid.shape[1] * 0.7 + lid.shape[1] * 0.3
        y = lid.shape[0] * rng.uniform(0.35, 0.65)
        turn = float(rng.choice([0.0, math.pi / 2]))
        lid, outline = printed.paste_flat(lid, sprite, salpha, (x, y), turn, 1)
        pictures.append((outline, x, y, turn))
    text = "".join(rng.choice(list(printed.LOGO_LETTERS), int(rng.integers(3, 7))))
    ink = tuple(int(c) for c in 255 - colour)
    cv2.putText(
        lid,
        text,
        (round(lid.shape[1] * 0.04), round(lid.shape[0] * 0.3)),
        cv2.FONT_HERSHEY_DUPLEX,
        lid.shape[0] / 160,
        ink,
        max(1, lid.shape[0] // 60),
        cv2.LINE_AA,
    )
    b, g, r = (int(c) for c in colour)
    canvas = _paste_raised(canvas, lid, alpha, centre, angle, side, (b, g, r), look)
    # The lid's pictures in canvas px: lid px about the lid's middle, scaled and turned.
    u = np.array([math.cos(angle), math.sin(angle)])
    v = np.array([-u[1], u[0]])
    for outline, *_ in pictures:
        local = (outline - np.array([lid.shape[1], lid.shape[0]]) / 2) / SUPERSAMPLE
        prints.append(np.array(centre) + local[:, :1] * u + local[:, 1:] * v)
    taken.append(_rectangle(centre, angle, length, breadth))
    return canvas


def _phone_view(
    canvas: np.ndarray, rng: np.random.Generator, size: tuple[int, int], margin: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """The phone's view of the table: a quadrilateral about the middle of the canvas
    (``margin`` px of table beyond the view on each side) warped to ``size``, and the
    homography from canvas px to view px."""
    width, height = size
    mx, my = margin
    view = np.array(
        [[mx, my], [mx + width, my], [mx + width, my + height], [mx, my + height]], np.float32
    )
    shift = float(rng.uniform(*TILT)) * min(width, height)
    jitter = rng.uniform(-1, 1, view.shape) * [min(shift, mx), min(shift, my)]
    src = (view + jitter).astype(np.float32)
    dst = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, dst)
    image = cv2.warpPerspective(canvas, matrix, size, flags=cv2.INTER_LINEAR)
    return image, matrix


def _camera(image: np.ndarray, rng: np.random.Generator, zoom: float) -> np.ndarray:
    """The phone's own marks: lens blur or shake (most photos sharp), noise, JPEG."""
    choice = rng.random()
    if choice < 0.35:
        image = scene.gaussian_blur(image, float(rng.uniform(0.4, 1.2)) * zoom)
    elif choice < 0.5:
        image = scene.motion_blur(image, float(rng.uniform(2, 5)) * zoom, rng.uniform(0, np.pi))
    image = scene.sensor_noise(image, rng, float(rng.uniform(1.5, 5.0)))
    return scene.jpeg_artefacts(image, int(rng.integers(60, 94)))


def _clipped_box(corners: np.ndarray, size: tuple[int, int]) -> Box:
    x0, y0 = np.clip(corners.min(axis=0), 0, size)
    x1, y1 = np.clip(corners.max(axis=0), 0, size)
    return Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0))


def render_photos(
    out: Path | str,
    count: int,
    seed: int,
    textures: Path | str | None = None,
    size: tuple[int, int] | None = None,
) -> None:
    """``count`` photos as ``photo_00000.jpg`` with YOLO ``.txt`` and layout ``.json`` (the
    format of :func:`vision.synth.dominoes.render_dataset`); with ``textures`` (a folder of
    labelled photos) some tables are cut from real photos."""
    from vision.labels import write_sample
    from vision.synth.dominoes import scene_json

    rng = np.random.default_rng(seed)
    found = surfaces.table_textures(textures) if textures is not None else None
    for index in range(count):
        rendered = render_photo(rng, found, size)
        stem = f"photo_{index:05d}"
        write_sample(out, stem, rendered.image, rendered.labels)
        (Path(out) / f"{stem}.json").write_text(json.dumps(scene_json(rendered)))


def main() -> int:
    """Render a folder of photos (the raised classifier's training photos)."""
    parser = argparse.ArgumentParser(description="render phone photos of domino games")
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--textures", type=Path, help="folder of labelled photos for tables")
    args = parser.parse_args()
    if args.count < 1:
        parser.error("--count must be at least 1")
    if args.textures is not None and not args.textures.is_dir():
        parser.error(f"{args.textures} is not a folder")
    render_photos(args.out, args.count, args.seed, args.textures)
    print(f"{args.count} photos (seed {args.seed}) written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
