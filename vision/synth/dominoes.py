"""Rendered domino scenes with exact labels: the training and test ground for the tile reader.

A scene holds a legal layout (a chain that bends at the edge of the layout area, doubles laid
crosswise, sometimes a four-way spinner as in Fives), a boneyard of face-down tiles and a few
face-up tiles (a revealed hand).  Sets differ at real tables, so each scene draws one style:
ivory or white bodies with black or coloured pips, black bodies with white pips, a brass pin
in the divider or none.  Every random choice comes from the generator passed in, so a seed
reproduces a dataset exactly.

A scene can also be rendered as the game that led to it (:func:`render_game`): the same table
and camera, the line laid tile by tile, which is how the live observer's use of the game's
history is measured.

Labels are YOLO lines, one per half (class = pips 0..6) and one per face-down tile (class 7);
a ``.json`` beside each image holds the tiles, their halves and the layout graph (which halves
touch), which the YOLO format cannot say.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.labels import DOMINO_FACE_DOWN, Label, write_sample
from vision.progress import tracked
from vision.synth import printed, scene, surfaces
from vision.types import Box

#: Pip centres of one half, in units of the half's side, for 0..6 pips (the dice layout).
PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.27, 0.5), (0.27, 0.75), (0.73, 0.25), (0.73, 0.5), (0.73, 0.75)),
}
#: Pip colours of sets that colour each number differently (BGR), for 1..6.
COLOURED_PIPS = {
    1: (40, 40, 200),
    2: (50, 140, 40),
    3: (180, 60, 30),
    4: (30, 110, 200),
    5: (120, 40, 130),
    6: (20, 20, 20),
}
SUPERSAMPLE = 4
#: A tile more covered than this by a hand is neither labelled nor expected to be read.
HIDDEN_SHARE = 0.25


@dataclass(frozen=True)
class TileStyle:
    """One physical set: body and pip colours, the divider and its pin, how rounded it is, and
    how its pips are made (painted flat, drilled and filled, worn) and sized."""

    body: tuple[int, int, int]
    pips: tuple[int, int, int] | None  # None: each number in its own colour
    back: tuple[int, int, int]
    divider: tuple[int, int, int]
    pin: bool
    corner: float  # corner radius as a share of the half's side
    pip_radius: float = 0.085  # as a share of the half's side
    pip_finish: str = "painted"  # painted | drilled | worn
    bevel: float = 0.08  # width of the rounded rim, as a share of the half's side
    colours: tuple[tuple[int, int, int], ...] = tuple(COLOURED_PIPS.values())


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the table: centre and long-axis angle in pixels, halves in the order they lie
    along that axis (``None`` when face down)."""

    halves: tuple[int, int] | None
    centre: tuple[float, float]
    angle: float  # radians, direction from half 0 to half 1
    side: float  # the side of one half in pixels

    def half_centres(self) -> tuple[tuple[float, float], tuple[float, float]]:
        dx, dy = math.cos(self.angle) * self.side / 2, math.sin(self.angle) * self.side / 2
        x, y = self.centre
        return (x - dx, y - dy), (x + dx, y + dy)

    def corners(self, length: float, width: float, centre: tuple[float, float]) -> np.ndarray:
        ux, uy = math.cos(self.angle), math.sin(self.angle)
        vx, vy = -uy, ux
        x, y = centre
        return np.array(
            [
                (
                    x + sx * ux * length / 2 + sy * vx * width / 2,
                    y + sx * uy * length / 2 + sy * vy * width / 2,
                )
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ],
            dtype=np.float32,
        )

    def outline(self, margin: float = 0.0) -> np.ndarray:
        return self.corners(2 * self.side + margin, self.side + margin, self.centre)

    def half_outline(self, half: int) -> np.ndarray:
        return self.corners(self.side, self.side, self.half_centres()[half])


def random_style(rng: np.random.Generator) -> TileStyle:
    kind = rng.choice(["ivory", "white", "coloured", "black", "wood"], p=[0.3, 0.2, 0.2, 0.2, 0.1])
    jitter = rng.integers(-12, 13, 3)

    def tone(base: tuple[int, int, int]) -> tuple[int, int, int]:
        return tuple(int(np.clip(c + j, 0, 255)) for c, j in zip(base, jitter, strict=True))

    back_choices = [(40, 60, 120), (120, 60, 30), (30, 30, 30), (200, 200, 200), (50, 90, 50)]
    back = tone(back_choices[rng.integers(len(back_choices))])
    pin = bool(rng.random() < 0.4)
    corner = float(rng.uniform(0.06, 0.2))
    finish = {
        "pip_radius": float(rng.uniform(0.065, 0.11)),
        "pip_finish": str(rng.choice(["painted", "drilled", "worn"], p=[0.45, 0.35, 0.2])),
        "bevel": float(rng.uniform(0.04, 0.14)),
        "colours": tuple(tuple(COLOURED_PIPS[i]) for i in rng.permutation(6) + 1),
    }
    if kind == "black":
        return TileStyle(
            tone((28, 28, 28)),
            tone((235, 235, 235)),
            back,
            tone((200, 200, 200)),
            pin,
            corner,
            **finish,
        )
    if kind == "wood":
        return TileStyle(
            tone((90, 150, 200)),
            tone((25, 25, 35)),
            back,
            tone((30, 40, 60)),
            pin,
            corner,
            **finish,
        )
    body = tone((205, 230, 240)) if kind == "ivory" else tone((240, 240, 240))
    pips = None if kind == "coloured" else tone((25, 25, 25))
    return TileStyle(body, pips, back, tone((60, 60, 60)), pin, corner, **finish)


def draw_tile(
    style: TileStyle,
    halves: tuple[int, int] | None,
    side: float,
    rng: np.random.Generator | None = None,
    light: float | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The tile seen from above, long axis along x, supersampled: the BGR image and its alpha.
    The rim is a bevel lit from one side (``light``, radians in the sprite's frame; random
    when None: one lamp lights every tile of a photo alike; light tiles shade at the rim, dark
    ones catch the light); pips are painted flat, drilled (a dark pit with a lit far wall) or
    worn (faded, some nearly gone), each a little off its place as on a real set."""
    rng = rng if rng is not None else np.random.default_rng(0)
    s = side * SUPERSAMPLE
    height, width = round(s), round(2 * s)
    image = np.zeros((height, width, 3), np.uint8)
    alpha = np.zeros((height, width), np.uint8)
    radius = max(1, round(style.corner * s))
    _rounded_rect(alpha, width, height, radius, 255)
    body = style.back if halves is None else style.body
    image[:] = body
    drawn = float(rng.uniform(0, 2 * np.pi))  # drawn either way: a seed's scenes stay the same
    _bevel(image, alpha, style.bevel * s, drawn if light is None else light)
    if halves is not None:
        thickness = max(1, round(s * rng.uniform(0.025, 0.05)))
        cv2.line(
            image,
            (round(s), round(s * 0.14)),
            (round(s), round(s * 0.86)),
            style.divider,
            thickness,
            cv2.LINE_AA,
        )
        if style.pin:
            cv2.circle(
                image,
                (round(s), round(s / 2)),
                max(1, round(s * 0.07)),
                (60, 170, 200),
                -1,
                cv2.LINE_AA,
            )
        for half, pips in enumerate(halves):
            colour = style.pips if style.pips is not None else style.colours[max(pips, 1) - 1]
            for px, py in PIP_LAYOUT[pips]:
                centre = ((half + px + rng.normal(0, 0.012)) * s, (py + rng.normal(0, 0.012)) * s)
                _pip(image, centre, style.pip_radius * s, colour, body, style.pip_finish, rng)
    return image, alpha


def _bevel(image: np.ndarray, alpha: np.ndarray, width: float, light: float) -> None:
    """Shade the rounded rim in place: darker toward the edge, lit on the side facing
    ``light`` (radians) and shaded on the other."""
    inside = cv2.distanceTransform((alpha > 0).astype(np.uint8), cv2.DIST_L2, 5)
    rim = np.clip(inside / max(width, 1.0), 0, 1)
    gx = cv2.Sobel(rim, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(rim, cv2.CV_32F, 0, 1, ksize=3)
    facing = -(gx * math.cos(light) + gy * math.sin(light))  # rim sloping toward the light
    tone = image.astype(np.float32)
    dark_body = tone.mean() < 100
    falloff = (1 - rim) * (0.1 if dark_body else 0.3)
    gain = 1 - falloff + np.clip(facing, -1, 1) * 0.25
    tone = tone * gain[..., None]
    if dark_body:
        tone += (40 * (1 - rim))[..., None]
    image[:] = np.clip(tone, 0, 255).astype(np.uint8)


def _pip(
    image: np.ndarray,
    centre: tuple[float, float],
    radius: float,
    colour: tuple[int, int, int],
    body: tuple[int, int, int],
    finish: str,
    rng: np.random.Generator,
) -> None:
    """One pip drawn in place."""
    point = (round(centre[0]), round(centre[1]))
    r = max(1, round(radius * rng.uniform(0.92, 1.08)))
    if finish == "worn" and rng.random() < 0.5:
        fade = rng.uniform(0.35, 0.85)  # part of the paint gone: the pit shows body through
        colour = tuple(int(c * fade + b * (1 - fade)) for c, b in zip(colour, body, strict=True))
    cv2.circle(image, point, r, colour, -1, cv2.LINE_AA)
    if finish == "drilled":
        # The pit's far wall catches the light: a thin lighter crescent inside the rim.
        lit = tuple(int(min(255, c * 0.5 + b * 0.5)) for c, b in zip(colour, body, strict=True))
        cv2.ellipse(
            image,
            point,
            (r, r),
            float(rng.uniform(0, 360)),
            200,
            340,
            lit,
            max(1, round(r * 0.25)),
            cv2.LINE_AA,
        )


def _rounded_rect(canvas: np.ndarray, width: int, height: int, radius: int, value: int) -> None:
    cv2.rectangle(canvas, (radius, 0), (width - 1 - radius, height - 1), value, -1)
    cv2.rectangle(canvas, (0, radius), (width - 1, height - 1 - radius), value, -1)
    for cx, cy in (
        (radius, radius),
        (width - 1 - radius, radius),
        (radius, height - 1 - radius),
        (width - 1 - radius, height - 1 - radius),
    ):
        cv2.circle(canvas, (cx, cy), radius, value, -1)


def paste_tile(
    canvas: np.ndarray, style: TileStyle, tile: PlacedTile, rng: np.random.Generator
) -> np.ndarray:
    """The scene with the tile drawn in over its shadow and its side wall (a tile is a few mm
    thick: a camera not quite overhead sees one or two of its sides as a darker band), rotated
    and scaled from its sprite.  Only the tile's surroundings are warped, which keeps a scene
    of 20 tiles fast to render."""
    sprite, alpha = draw_tile(style, tile.halves, tile.side, rng)
    h, w = alpha.shape
    height, width = canvas.shape[:2]
    corners = tile.outline(margin=tile.side)
    left, top = np.clip(np.floor(corners.min(axis=0)).astype(int), 0, (width, height))
    right, bottom = np.clip(np.ceil(corners.max(axis=0)).astype(int), 0, (width, height))
    if right <= left or bottom <= top:
        return canvas
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), -math.degrees(tile.angle), 1 / SUPERSAMPLE)
    matrix[0, 2] += tile.centre[0] - w / 2 - left
    matrix[1, 2] += tile.centre[1] - h / 2 - top
    size = (int(right - left), int(bottom - top))
    placed = cv2.warpAffine(sprite, matrix, size, flags=cv2.INTER_AREA)
    mask = cv2.warpAffine(alpha, matrix, size, flags=cv2.INTER_AREA)
    region = canvas[top:bottom, left:right]
    region = scene.soft_shadow(region, mask, rng, darkness=float(rng.uniform(0.15, 0.5)))
    wall = tile.side * rng.uniform(0.0, 0.12)
    if wall >= 0.5:
        direction = rng.uniform(0, 2 * np.pi)
        shift = np.float32([[1, 0, wall * math.cos(direction)], [0, 1, wall * math.sin(direction)]])
        side_mask = cv2.warpAffine(mask, shift, size)
        body = style.back if tile.halves is None else style.body
        side_tone = np.array(body, np.float32) * rng.uniform(0.45, 0.8)
        side_image = np.empty_like(placed)
        side_image[:] = np.clip(side_tone, 0, 255).astype(np.uint8)
        region = scene.paste(region, side_image, side_mask, 0, 0)
    out = canvas.copy()
    out[top:bottom, left:right] = scene.paste(region, placed, mask, 0, 0)
    return out


# --------------------------------------------------------------------------------------------
# Layouts: a legal line of play grown arm by arm, bending before it leaves the table.

#: A link end: (tile index, half index), or (tile index, None) for the long side of a double
#: laid crosswise, which touches its neighbour with both halves at once.
End = tuple[int, int | None]


@dataclass(frozen=True)
class Layout:
    """The tiles on the table: ``line`` are the tiles of the line of play in the order laid,
    ``links`` which tiles touch (and by which half), ``open_ends`` where play can go on."""

    tiles: tuple[PlacedTile, ...]
    line: tuple[int, ...]
    links: tuple[tuple[End, End], ...]
    open_ends: tuple[End, ...]
    #: The open ends after each tile of the line was laid (``ends_after[k - 1]``: the first
    #: ``k`` tiles), so the game that grew the line can be replayed tile by tile.
    ends_after: tuple[tuple[End, ...], ...] = ()

    def during(self, laid: int, revealed: bool) -> Layout:
        """The table earlier in the game: only the first ``laid`` tiles of the line down, the
        boneyard, and the loose face-up tiles only when ``revealed`` (a hand shown at the end
        of play); tiles numbered in the same order as always (line, boneyard, loose)."""
        kept = [
            index
            for index, tile in enumerate(self.tiles)
            if index < laid or (index >= len(self.line) and (revealed or tile.halves is None))
        ]
        if len(kept) == len(self.tiles):
            return self
        number = {old: new for new, old in enumerate(kept)}

        def renumbered(end: End) -> End:
            return number[end[0]], end[1]

        links = tuple(
            (renumbered(a), renumbered(b)) for a, b in self.links if a[0] < laid and b[0] < laid
        )
        laid = min(laid, len(self.line))
        ends = tuple(map(renumbered, self.ends_after[laid - 1])) if laid else ()
        return Layout(
            tuple(self.tiles[i] for i in kept),
            tuple(range(laid)),
            links,
            ends,
            self.ends_after[:laid],
        )


@dataclass
class _Arm:
    end: End  # the open half (or crosswise double's side)
    value: int
    point: tuple[float, float]  # where the next tile's near edge goes
    direction: float  # radians, the way the arm grows


def random_layout(
    rng: np.random.Generator,
    size: tuple[int, int],
    side: float,
    n_line: int,
    n_down: int,
    n_up: int,
) -> Layout:
    """A legal line of ``n_line`` tiles (fewer when no tile fits), ``n_down`` face-down and
    ``n_up`` loose face-up tiles around it, none overlapping, all inside ``size``."""
    pool = [(a, b) for a in range(7) for b in range(a, 7)]
    rng.shuffle(pool)
    tiles: list[PlacedTile] = []
    links: list[tuple[End, End]] = []
    arms: list[_Arm] = []
    if n_line:
        arms = _lead(rng, pool, tiles, size, side)
    growing = list(arms)
    ends_after = [tuple(arm.end for arm in arms)] if arms else []
    while len(tiles) < n_line and growing:
        arm = growing[rng.integers(len(growing))]
        grown = _extend(rng, pool, tiles, links, arm, size)
        growing.remove(arm)
        if grown is not None:
            arms.remove(arm)
            arms.append(grown)
            growing.append(grown)
            ends_after.append(tuple(arm.end for arm in arms))
    line = tuple(range(len(tiles)))
    for count, face_up in ((n_down, False), (n_up, True)):
        for _ in range(count):
            _scatter(rng, pool, tiles, size, side, face_up)
    ends = tuple(arm.end for arm in arms)
    return Layout(tuple(tiles), line, tuple(links), ends, tuple(ends_after))


def _lead(rng, pool, tiles, size, side) -> list[_Arm]:
    width, height = size
    centre = (width * rng.uniform(0.35, 0.65), height * rng.uniform(0.35, 0.65))
    angle = float(rng.choice([0.0, math.pi / 2]) + rng.normal(0, 0.04))
    a, b = pool.pop()
    ux, uy = math.cos(angle), math.sin(angle)
    if a != b:
        tiles.append(PlacedTile((a, b), centre, angle, side))
        return [
            _Arm((0, 0), a, (centre[0] - ux * side, centre[1] - uy * side), angle + math.pi),
            _Arm((0, 1), b, (centre[0] + ux * side, centre[1] + uy * side), angle),
        ]
    # A double led: laid crosswise; as the spinner of Fives it may be played on all four sides.
    tiles.append(PlacedTile((a, b), centre, angle + math.pi / 2, side))
    arms = [
        _Arm((0, None), a, (centre[0] + s * ux * side / 2, centre[1] + s * uy * side / 2), d)
        for s, d in ((1, angle), (-1, angle + math.pi))
    ]
    if rng.random() < 0.5:
        vx, vy = -uy, ux
        arms += [
            _Arm((0, h), a, (centre[0] + s * vx * side, centre[1] + s * vy * side), d)
            for h, s, d in ((1, 1, angle + math.pi / 2), (0, -1, angle - math.pi / 2))
        ]
    return arms


def _extend(rng, pool, tiles, links, arm: _Arm, size) -> _Arm | None:
    """Lay one matching tile on the arm, straight on or bending; the arm's new end, or None
    when no tile of the pool matches or fits."""
    matching = [t for t in pool if arm.value in t]
    if not matching:
        return None
    values = matching[rng.integers(len(matching))]
    side = tiles[0].side
    # Dense chains touch: a third of the joints have no gap at all.
    gap = 0.0 if rng.random() < 0.35 else side * rng.uniform(0.0, 0.06)
    for turn in (0.0, *rng.permutation([math.pi / 2, -math.pi / 2])):
        placed = _place(values, arm, float(turn), side, gap)
        if placed is None:
            continue
        tile, near, grown = placed
        if not _inside(tile, size, side * 0.5) or _overlaps(tile, tiles, -side * 0.03):
            continue
        pool.remove(values)
        index = len(tiles)
        tiles.append(tile)
        links.append((arm.end, (index, near)))
        grown.end = (index, grown.end[1])
        return grown
    return None


def _place(values, arm: _Arm, turn: float, side: float, gap: float):
    """Where a tile goes on an arm: (tile, its half that touches, the arm beyond it)."""
    near, far = values if values[0] == arm.value else values[::-1]
    d = arm.direction
    ux, uy = math.cos(d), math.sin(d)
    px, py = arm.point[0] + ux * gap, arm.point[1] + uy * gap
    if near == far:
        if turn:
            return None
        # A later double is laid crosswise, its long side against the end.
        tile = PlacedTile(
            (near, far), (px + ux * side / 2, py + uy * side / 2), d + math.pi / 2, side
        )
        return tile, None, _Arm((-1, None), far, (px + ux * side, py + uy * side), d)
    if not turn:
        tile = PlacedTile((near, far), (px + ux * side, py + uy * side), d, side)
        return tile, 0, _Arm((-1, 1), far, (px + 2 * ux * side, py + 2 * uy * side), d)
    if arm.end[1] is None:
        return None  # no bend straight off a crosswise double
    # A bend: the near half sits just beyond the end, the tile runs off at a right angle.
    d2 = d + turn
    vx, vy = math.cos(d2), math.sin(d2)
    nx, ny = px + ux * side / 2, py + uy * side / 2
    tile = PlacedTile((near, far), (nx + vx * side / 2, ny + vy * side / 2), d2, side)
    beyond = (nx + vx * (side * 1.5 + gap), ny + vy * (side * 1.5 + gap))
    return tile, 0, _Arm((-1, 1), far, beyond, d2)


def _scatter(rng, pool, tiles, size, side, face_up: bool) -> None:
    """A loose tile (boneyard or a revealed hand) somewhere free, at any angle."""
    if not pool:
        return
    width, height = size
    values = pool[-1]
    for _ in range(80):
        centre = (rng.uniform(side, width - side), rng.uniform(side, height - side))
        halves = (values if rng.random() < 0.5 else values[::-1]) if face_up else None
        tile = PlacedTile(halves, centre, float(rng.uniform(0, math.pi)), side)
        if _inside(tile, size, side * 0.3) and not _overlaps(tile, tiles, side * 0.4):
            pool.pop()
            tiles.append(tile)
            return


def _inside(tile: PlacedTile, size: tuple[int, int], margin: float) -> bool:
    corners = tile.outline()
    low = (corners >= margin).all()
    high = (corners[:, 0] <= size[0] - margin).all() and (corners[:, 1] <= size[1] - margin).all()
    return bool(low and high)


def _overlaps(tile: PlacedTile, tiles: list[PlacedTile], margin: float) -> bool:
    mine = cv2.minAreaRect(tile.outline(margin))
    return any(
        cv2.rotatedRectangleIntersection(mine, cv2.minAreaRect(other.outline(margin)))[0]
        != cv2.INTERSECT_NONE
        for other in tiles
    )


# --------------------------------------------------------------------------------------------
# Scenes and datasets.


@dataclass(frozen=True)
class DominoScene:
    """A rendered scene and its truth; geometry is in pixels of the final (warped) image."""

    image: np.ndarray
    layout: Layout
    labels: tuple[Label, ...]
    tile_boxes: tuple[Box, ...]
    half_boxes: tuple[tuple[Box, Box] | None, ...]
    hidden: tuple[int, ...]  # tiles a hand covers: not labelled, not expected to be read
    #: Each tile's outline in the final image: four corners, the first and last at the end of
    #: half 0 (what a reader that finds rotated tiles is trained and checked against).
    outlines: tuple[np.ndarray, ...] = ()
    #: Outlines of printed pictures of tiles and logos: not tiles, a read on one is false.
    printed: tuple[np.ndarray, ...] = ()


#: Tile width (the side of one half) in px of a 1280 px wide image: the range real phone
#: photos and table cameras show, 20 px (a camera high over a big table) to 80 px (close up).
TILE_WIDTHS = (20.0, 80.0)
#: Share of scenes on each table surface: a real photographed table (when textures are given),
#: a patterned cloth, else a drawn felt or wood.
REAL_TABLE_SHARE = 0.4
PATTERN_SHARE = 0.2
#: Share of scenes with printed pictures of dominoes and logos beside the play.
PRINTED_SHARE = 0.5


def render_scene(
    rng: np.random.Generator,
    n_line: int | None = None,
    n_down: int | None = None,
    n_up: int | None = None,
    size: tuple[int, int] | None = None,
    hand: bool | None = None,
    textures: list[np.ndarray] | None = None,
    laid: int | None = None,
    revealed: bool = True,
) -> DominoScene:
    """One table scene (``size`` is width, height): a line of play of ``n_line`` tiles, a
    boneyard of ``n_down`` face-down tiles, ``n_up`` loose face-up tiles, sometimes a hand,
    sometimes printed pictures of tiles; on a table drawn or cut from ``textures``.

    ``laid``, ``revealed``: the same scene earlier in the game, when only the first ``laid``
    tiles of the line were down, and the loose face-up tiles only if ``revealed`` (see
    :func:`render_game`).  The tiles not yet down are drawn and thrown away, so the generator
    makes the same draws and everything else (table, light, camera, the other tiles' looks)
    is the same picture."""
    if size is None:
        size = [(960, 720), (1280, 720), (1024, 768), (1280, 960)][rng.integers(4)]
    width, height = size
    low, high = TILE_WIDTHS
    side = float(np.exp(rng.uniform(math.log(low), math.log(high))) * width / 1280)
    n_line = int(rng.integers(0, 14)) if n_line is None else n_line
    n_down = int(rng.integers(0, 6)) if n_down is None else n_down
    n_up = int(rng.integers(0, 5)) if n_up is None else n_up
    layout = random_layout(rng, size, side, n_line, n_down, n_up)
    style = random_style(rng)
    surface = rng.random()
    if textures and surface < REAL_TABLE_SHARE:
        canvas = surfaces.texture_surface(rng, textures, (height, width))
    elif surface < REAL_TABLE_SHARE + PATTERN_SHARE:
        canvas = surfaces.patterned_cloth(rng, (height, width), side)
    else:
        canvas = scene.background(rng, (height, width))
    printed_outlines: list[np.ndarray] = []
    if rng.random() < PRINTED_SHARE:
        canvas = _print_pictures(canvas, rng, layout.tiles, side, printed_outlines)
    now = layout.during(len(layout.tiles) if laid is None else laid, revealed)
    for tile in layout.tiles:
        pasted = paste_tile(canvas, style, tile, rng)
        if tile in now.tiles:  # else not down yet: drawn only to keep the generator's draws
            canvas = pasted
    layout = now
    canvas = scene.lighting_gradient(canvas, rng)
    canvas = _white_balance(canvas, rng)
    canvas, _, matrix = scene.perspective_warp(canvas, [], rng, float(rng.uniform(0, 0.1)))
    outlines = tuple(scene.warp_points(t.outline(), matrix) for t in layout.tiles)
    printed_outlines = [scene.warp_points(o, matrix) for o in printed_outlines]
    tile_boxes = tuple(_box(outline, size) for outline in outlines)
    half_boxes = tuple(
        None
        if tile.halves is None
        else (
            _box(scene.warp_points(tile.half_outline(0), matrix), size),
            _box(scene.warp_points(tile.half_outline(1), matrix), size),
        )
        for tile in layout.tiles
    )
    covered = np.zeros((height, width), np.float32)
    if hand if hand is not None else rng.random() < 0.15:
        canvas, covered = scene.hand_occluder(canvas, rng)
    labels, hidden = tile_labels(layout.tiles, tile_boxes, half_boxes, covered, False)
    image = scene.degrade(canvas, rng)
    return DominoScene(
        image, layout, labels, tile_boxes, half_boxes, hidden, outlines, tuple(printed_outlines)
    )


def tile_labels(
    tiles: Sequence[PlacedTile],
    tile_boxes: Sequence[Box],
    half_boxes: Sequence[tuple[Box, Box] | None],
    covered: np.ndarray,
    empty_hidden: bool,
) -> tuple[tuple[Label, ...], tuple[int, ...]]:
    """The labels of the tiles in view (each half's pips, or a face-down tile's box) and the
    indices of the tiles hidden: more than HIDDEN_SHARE under the hand (``covered``), or, with
    ``empty_hidden``, cut off the picture (a tilted phone's view crops the table)."""
    labels: list[Label] = []
    hidden: list[int] = []
    for index, (tile, box, halves) in enumerate(zip(tiles, tile_boxes, half_boxes, strict=True)):
        empty = empty_hidden and box.w * box.h <= 0
        if scene.occluded_fraction(covered, box) > HIDDEN_SHARE or empty:
            hidden.append(index)
        elif tile.halves is None or halves is None:
            labels.append(Label(DOMINO_FACE_DOWN, box))
        else:
            labels.extend(Label(pips, half) for pips, half in zip(tile.halves, halves, strict=True))
    return tuple(labels), tuple(hidden)


def _print_pictures(
    canvas: np.ndarray,
    rng: np.random.Generator,
    tiles: tuple[PlacedTile, ...],
    side: float,
    outlines: list[np.ndarray],
) -> np.ndarray:
    """Printed pictures of tiles (a board, a box, a score sheet) and logos where no tile lies,
    their outlines appended to ``outlines``."""
    height, width = canvas.shape[:2]
    for _ in range(int(rng.integers(1, 9))):
        picture_side = side * float(np.exp(rng.uniform(math.log(0.5), math.log(1.6))))
        for _attempt in range(30):
            centre = (rng.uniform(0, width), rng.uniform(0, height))
            angle = float(rng.choice([0.0, math.pi / 2, rng.uniform(0, math.pi)]))
            probe = PlacedTile((0, 0), centre, angle, picture_side * 1.3)
            if not _overlaps(probe, list(tiles), side * 0.2):
                break
        else:
            continue
        if rng.random() < 0.75:
            halves = (int(rng.integers(7)), int(rng.integers(7)))
            sprite, alpha = printed.flat_domino(rng, halves, picture_side, SUPERSAMPLE, PIP_LAYOUT)
        else:
            sprite, alpha = printed.logo(rng, picture_side, SUPERSAMPLE)
        canvas, outline = printed.paste_flat(canvas, sprite, alpha, centre, angle, SUPERSAMPLE)
        outlines.append(outline)
    return canvas


def _white_balance(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A phone's white balance: each channel's gain a little off (a warm lamp, daylight)."""
    gains = rng.uniform(0.85, 1.15, 3).astype(np.float32)
    return np.clip(image.astype(np.float32) * gains, 0, 255).astype(np.uint8)


def _box(corners: np.ndarray, size: tuple[int, int]) -> Box:
    x0, y0 = np.clip(corners.min(axis=0), 0, size)
    x1, y1 = np.clip(corners.max(axis=0), 0, size)
    return Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0))


def render_game(rng: np.random.Generator, **options) -> list[DominoScene]:
    """A game being played, as a fixed camera sees it: the boneyard before the lead, then the
    table after each tile of the line is laid, in the order the rules grew it, and last the
    loose face-up tiles shown (a hand revealed when play ends), if the scene has any.  The
    last frame is the scene :func:`render_scene` makes from the same generator state with the
    same ``options``, and ``rng`` is left as that call leaves it, so a seed's games end on
    exactly the scenes :func:`scenes` renders for it."""
    state = rng.bit_generator.state
    final = render_scene(rng, **options)
    layout = final.layout
    to_reveal = any(
        i not in layout.line and t.halves is not None for i, t in enumerate(layout.tiles)
    )
    frames = []
    for laid in range(len(layout.line) + int(to_reveal)):
        again = np.random.default_rng()
        again.bit_generator.state = state
        frames.append(render_scene(again, laid=laid, revealed=False, **options))
    return [*frames, final]


def games(count: int, seed: int, textures: Path | str | None = None) -> Iterator[list[DominoScene]]:
    """The scenes of :func:`scenes` each as the game that led to it (:func:`render_game`)."""
    rng = np.random.default_rng(seed)
    surfaces_found = surfaces.table_textures(textures) if textures is not None else None
    for _ in range(count):
        yield render_game(rng, textures=surfaces_found)


def scene_json(rendered: DominoScene) -> dict:
    """The truth a YOLO label cannot hold: whole tiles, their halves and the layout graph."""
    layout = rendered.layout
    return {
        "tiles": [
            {
                "halves": None if tile.halves is None else list(tile.halves),
                "box": box.as_list(),
                "half_boxes": None if halves is None else [h.as_list() for h in halves],
                "outline": np.round(outline, 1).tolist(),
                "in_line": index in layout.line,
                "hidden": index in rendered.hidden,
            }
            for index, (tile, box, halves, outline) in enumerate(
                zip(
                    layout.tiles,
                    rendered.tile_boxes,
                    rendered.half_boxes,
                    rendered.outlines,
                    strict=True,
                )
            )
        ],
        "printed": [np.round(o, 1).tolist() for o in rendered.printed],
        "line": list(layout.line),
        "links": [[list(a), list(b)] for a, b in layout.links],
        "open_ends": [list(end) for end in layout.open_ends],
    }


def render_dataset(out: Path, count: int, seed: int, textures: Path | str | None = None) -> None:
    """``count`` scenes as ``domino_00000.jpg`` with YOLO ``.txt`` and layout ``.json``; with
    ``textures`` (a folder of labelled photos) some tables are cut from real photos."""
    scenes_made = tracked(scenes(count, seed, textures), "rendering domino scenes", count)
    for index, rendered in enumerate(scenes_made):
        stem = f"domino_{index:05d}"
        write_sample(out, stem, rendered.image, rendered.labels)
        (Path(out) / f"{stem}.json").write_text(json.dumps(scene_json(rendered)))


def scenes(count: int, seed: int, textures: Path | str | None = None) -> Iterator[DominoScene]:
    """The scenes of ``render_dataset``, for tests and benches that need the truth in memory."""
    rng = np.random.default_rng(seed)
    surfaces_found = surfaces.table_textures(textures) if textures is not None else None
    for _ in range(count):
        yield render_scene(rng, textures=surfaces_found)
