"""Still photographs of any billiard table, as an overhead or slightly oblique camera takes them.

The shot renderer (:mod:`vision.carom.render`) films one carom table; the ball finder that
must work on real tables needs the variety real tables show instead: cloths of every colour
(green, blue, teal, red, grey, camel, purple), wooden, black or grey rails with their sights,
carom tables without pockets and pool or pyramid tables with six, the carom, Game A, pool and
pyramid ball sets (solids with their number disc, stripes, a green ball on a green cloth),
racked and touching balls, balls frozen on a cushion, one to three lamps with their pools of
light and highlights, a tilted camera, an arm with a cue over the table, a chalk cube on the
rail, white balance, blur, noise and JPEG.

The ``broadcast`` look (:data:`LOOKS`) films them as the halls' overhead and broadcast video
does: the table smaller in the frame with the floor, another table and round things on it in
view, a stronger tilt, the lamps' gloss on varnished rails, pockets with leather or chrome
rims, a bridge hand on the cloth at the cue, and the stream's half-resolution colour and JPEG.

Each scene comes with its truth: the cushions' outer corners and every visible ball's centre
(px), radius (px) and colour name.  Seeds are the only input, so a held-out set is a range of
seeds nobody looked at (:data:`HELD_OUT_SEEDS`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.carom.render import broadcast, fill_polygon
from vision.carom.table_finder import ordered_corners
from vision.synth import scene

#: Development scenes (looked at, tuned on) and held-out scenes (measured once, at the end).
DEV_SEEDS = range(0, 200)
HELD_OUT_SEEDS = range(50_000, 50_200)

#: Tables: playing surface (mm), ball radius (mm), cushion width (mm), pockets.
TABLES: dict[str, tuple[float, float, float, float, bool]] = {
    "carom": (2840.0, 1420.0, 30.75, 50.0, False),
    "pool": (2540.0, 1270.0, 28.6, 50.0, True),
    "pyramid": (3550.0, 1775.0, 34.0, 55.0, True),
    "snooker": (3569.0, 1778.0, 26.25, 45.0, True),
}

#: Cloth colours (BGR) real tables are covered with.
CLOTHS: dict[str, tuple[int, int, int]] = {
    "green": (45, 125, 30),
    "olive green": (40, 110, 60),
    "bright green": (60, 150, 40),
    "blue": (160, 90, 20),
    "tournament blue": (180, 120, 50),
    "navy": (110, 50, 15),
    "teal": (130, 125, 20),
    "red": (40, 40, 150),
    "burgundy": (50, 30, 105),
    "grey": (110, 108, 105),
    "camel": (110, 150, 175),
    "purple": (110, 40, 90),
}

#: Ball colours (BGR) by name.
BALL_PAINT: dict[str, tuple[int, int, int]] = {
    "white": (236, 238, 238),
    "ivory": (200, 226, 238),
    "yellow": (30, 200, 240),
    "blue": (170, 65, 20),
    "red": (40, 30, 200),
    "purple": (120, 40, 95),
    "orange": (30, 120, 240),
    "green": (55, 115, 20),
    "maroon": (40, 30, 115),
    "black": (28, 28, 28),
    "pink": (175, 140, 245),
    "brown": (40, 70, 120),
}

#: Share of balls caught rolling, the longest streak (radii) and the exposure's samples.
MOVING, STREAK, STREAK_SAMPLES = 0.12, 3.0, 9

#: Pool's numbered balls 1..15 (9..15 are the stripes of 1..7's colours).
POOL_COLOURS = ("yellow", "blue", "red", "purple", "orange", "green", "maroon", "black")


@dataclass(frozen=True)
class Look:
    """How a still is filmed: the share of the image the table (rails and all) fills, how far
    it is turned (degrees) and how much shorter its far side is (the tilt), and whether the
    hall's and the stream's extras are drawn (:func:`_broadcast_extras`)."""

    fill: tuple[float, float]
    turn: float
    squeeze: tuple[float, float]
    broadcast: bool


LOOKS = {
    "plain": Look((0.75, 0.98), 6.0, (0.0, 0.2), False),
    "broadcast": Look((0.55, 0.92), 10.0, (0.05, 0.35), True),
}
#: Broadcast extras: the share of stills with a neighbouring table in view, the gap to it (mm),
#: round things on the floor (stools, heads: up to this many), the rails' gloss (how many
#: times the sights' white it adds at its brightest, its length and width in mm), a pocket
#: rim's width (shares of the pocket's radius), the share of stills with a bridge hand (when
#: an arm is in view), and the stream's JPEG quality.
NEIGHBOUR, NEIGHBOUR_GAP = 0.5, (500.0, 1400.0)
FLOOR_THINGS = 4
GLOSS, GLOSS_LENGTH, GLOSS_WIDTH = (0.35, 0.7), (80.0, 260.0), (8.0, 25.0)
POCKET_RIM = (0.2, 0.45)
BRIDGE = 0.8
STREAM_QUALITY = (30, 70)
RIMS = ((30, 45, 70), (60, 60, 60), (170, 170, 175), (20, 30, 45))

RAILS = ((40, 70, 115), (30, 50, 85), (60, 95, 140), (25, 25, 28), (80, 80, 80), (20, 35, 60))
FLOORS = ((60, 60, 65), (40, 45, 55), (80, 100, 120), (30, 30, 30), (90, 90, 95))
SKIN = ((150, 175, 220), (120, 150, 200), (80, 110, 160), (60, 80, 115))
SLEEVES = ((110, 70, 40), (70, 35, 25), (50, 50, 50), (120, 120, 115), (40, 60, 80))


@dataclass(frozen=True)
class StillBall:
    """One ball in view: centre and radius in image px, colour name, striped or not."""

    x: float
    y: float
    radius: float
    label: str
    stripe: bool = False
    moving: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "center": [round(self.x, 2), round(self.y, 2)],
            "radius": round(self.radius, 2),
            "label": self.label,
        }


@dataclass(frozen=True)
class Still:
    """A rendered photograph and its truth."""

    image: np.ndarray
    table: str
    cloth: str
    corners: tuple[tuple[float, float], ...]
    balls: tuple[StillBall, ...]

    def truth(self) -> dict[str, Any]:
        return {
            "table": {"kind": self.table, "cloth": self.cloth, "corners": self.corners_json()},
            "balls": [ball.to_json() for ball in self.balls],
        }

    def corners_json(self) -> list[list[float]]:
        return [[round(x, 2), round(y, 2)] for x, y in self.corners]


def render_still(seed: int, size: tuple[int, int] = (1280, 720), look: str = "plain") -> Still:
    """The scene of ``seed``: a random table, cloth, ball set, camera, light and clutter,
    filmed with ``look`` (:data:`LOOKS`); a plain still is drawn as it always was."""
    if look not in LOOKS:
        raise ValueError(f"unknown look {look!r}; choose from {', '.join(LOOKS)}")
    style = LOOKS[look]
    rng = np.random.default_rng(seed)
    extra = np.random.default_rng([seed, 1])  # the broadcast extras leave rng's draws as they were
    width, height = size
    kind = str(rng.choice(list(TABLES)))
    length, breadth, ball_r, cushion, pockets = TABLES[kind]
    cloth_name = str(rng.choice(list(CLOTHS)))
    rail = 70.0 + rng.uniform(0, 80)
    hx, hy = length / 2 + cushion, breadth / 2 + cushion  # the cushions' outer edge
    homography = _camera(rng, (hx + rail, hy + rail), size, style)

    def project(points: np.ndarray) -> np.ndarray:
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, homography).reshape(-1, 2)

    def poly(points: list[tuple[float, float]]) -> np.ndarray:
        return np.round(project(np.array(points)) * 16).astype(np.int32)

    image = (
        scene.felt(rng, (height, width), _pick(rng, FLOORS))
        if rng.random() < 0.5
        else (scene.wood(rng, (height, width), _pick(rng, FLOORS)))
    )
    if style.broadcast:
        _hall(image, extra, project, poly, (hx, hy, rail), cloth_name)
    mask = np.zeros((height, width), np.uint8)
    rail_rect = _rect(hx + rail, hy + rail)
    fill_polygon(mask, project(np.array(rail_rect)))
    wood = scene.wood(rng, (height, width), _pick(rng, RAILS))
    image = np.where(mask[..., None] > 127, wood, image)
    rail_mask = mask.copy()
    _sights(image, project, length, breadth, cushion, rail, rng)
    cloth = _cloth(rng, (height, width), _jitter(rng, CLOTHS[cloth_name], 12))
    mask[:] = 0
    fill_polygon(mask, project(np.array(_rect(hx, hy))))
    cushion_tone = (cloth.astype(np.float32) * rng.uniform(0.78, 0.95)).astype(np.uint8)
    image = np.where(mask[..., None] > 127, cushion_tone, image)
    mask[:] = 0
    fill_polygon(mask, project(np.array(_rect(length / 2, breadth / 2))))
    image = np.where(mask[..., None] > 127, cloth, image)
    scale = float(np.hypot(*(project(np.array([[100.0, 0.0]])) - project(np.zeros((1, 2))))[0]))
    px_per_mm = scale / 100.0
    if pockets:
        for at in _pocket_places(length, breadth, cushion):
            centre = project(np.array([at]))[0]
            radius = ball_r * px_per_mm * rng.uniform(1.7, 2.1)
            cv2.circle(image, _pt(centre), round(radius * 1.15 * 16), (20, 25, 30), -1, 16, 4)
            cv2.circle(image, _pt(centre), round(radius * 16), (8, 8, 10), -1, cv2.LINE_AA, 4)
            if style.broadcast:
                _pocket_rim(image, centre, radius, extra)
    lamps = _lamps(rng, project, length, breadth)
    if style.broadcast:
        fill_polygon(rail_mask, project(np.array(_rect(hx, hy))), 0)
        _gloss(image, rail_mask, homography, lamps, (hx, hy, rail), px_per_mm, extra)
    balls = _place_balls(rng, kind, length, breadth, ball_r)
    shadows = np.zeros((height, width), np.float32)
    drawn = []
    radius_px = ball_r * px_per_mm
    for (bx, by), label, stripe, number in balls:
        centre = project(np.array([[bx, by]]))[0]
        light = _light_direction(centre, lamps, width)
        off = -light[:2] * radius_px * 0.45
        cv2.circle(
            shadows, _pt(centre + off), round(radius_px * 1.05 * 16), 1.0, -1, cv2.LINE_AA, 4
        )
        drawn.append((centre, label, stripe, number, light))
    sigma = max(1.0, radius_px * rng.uniform(0.15, 0.4))
    shadows = cv2.GaussianBlur(shadows, (0, 0), sigma)
    image = (image.astype(np.float32) * (1 - rng.uniform(0.35, 0.6) * shadows)[..., None]).astype(
        np.uint8
    )
    moving = []
    for centre, label, stripe, number, light in drawn:
        moving.append(bool(rng.random() < MOVING))
        if moving[-1]:
            _draw_moving(image, centre, radius_px, (label, stripe, number), light, rng)
        else:
            _draw_ball(image, centre, radius_px, label, stripe, number, light, rng)
    gain = _gain(rng, lamps, (height, width))
    image = np.clip(image.astype(np.float32) * gain[..., None], 0, 255)
    cover = np.zeros((height, width), np.uint8)
    if rng.random() < 0.35:
        _chalk(image, project, hx, hy, rail, rng)
    if rng.random() < 0.4:
        tip, direction = _arm_and_cue(image, cover, project, balls, length, radius_px, rng)
        if style.broadcast and extra.random() < BRIDGE:
            _bridge_hand(image, cover, tip, direction, radius_px, extra)
    image = image * rng.uniform(0.88, 1.12, 3)[None, None, :]  # white balance
    image = np.clip(image, 0, 255).astype(np.uint8)
    if style.broadcast:
        image = scene.sensor_noise(scene.random_blur(image, extra), extra)
        image = broadcast(image, int(extra.integers(STREAM_QUALITY[0], STREAM_QUALITY[1] + 1)))
    else:
        image = scene.degrade(image, rng)
    visible = []
    for (centre, label, stripe, _number, _light), rolling in zip(drawn, moving, strict=True):
        x, y = centre
        if not (radius_px <= x < width - radius_px and radius_px <= y < height - radius_px):
            continue
        if cover[int(y), int(x)]:
            continue
        visible.append(StillBall(float(x), float(y), radius_px, label, stripe, rolling))
    corners = tuple((float(x), float(y)) for x, y in project(np.array(_rect(hx, hy))))
    return Still(image, kind, cloth_name, ordered_corners(list(corners)), tuple(visible))


def _camera(
    rng: np.random.Generator, half: tuple[float, float], size: tuple[int, int], look: Look
) -> np.ndarray:
    """Table mm -> image px: the table (with its rails) framed at ``look.fill`` of the image,
    turned a few degrees, and tilted: the far side shortened by ``look.squeeze``."""
    width, height = size
    hx, hy = half
    fill = rng.uniform(*look.fill)
    px = min(fill * width / (2 * hx), fill * height / (2 * hy))
    angle = math.radians(rng.uniform(-look.turn, look.turn)) + (
        math.pi if rng.random() < 0.5 else 0.0
    )
    cos, sin = math.cos(angle), math.sin(angle)
    squeeze = rng.uniform(*look.squeeze)
    side = rng.choice([-1.0, 1.0])
    src, dst = [], []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x, y = sx * hx * px, sy * hy * px
        shrink = 1 - squeeze * (0.5 + 0.5 * side * sy)  # one long side further away
        x *= shrink
        y *= 1 - squeeze * 0.25
        dst.append(
            (
                width / 2 + cos * x - sin * y + rng.uniform(-0.02, 0.02) * width,
                height / 2 + sin * x + cos * y + rng.uniform(-0.02, 0.02) * height,
            )
        )
        src.append((sx * hx, -sy * hy))
    return cv2.getPerspectiveTransform(np.float32(src), np.float32(dst)).astype(np.float64)


def _cloth(rng: np.random.Generator, size: tuple[int, int], colour: tuple[int, ...]) -> np.ndarray:
    """A cloth: the felt texture's brightness (nap, wear, fibres) times one dye colour, so
    the mottle changes how light the cloth is, not its colour, as on a real cloth."""
    texture = scene.felt(rng, size, (128, 128, 128)).astype(np.float32).mean(axis=2)
    texture = 1.0 + (texture / max(1.0, float(texture.mean())) - 1.0) * rng.uniform(0.5, 1.0)
    dye = np.array(colour, np.float32)[None, None, :]
    return np.clip(dye * texture[..., None], 0, 255).astype(np.uint8)


def _rect(x: float, y: float) -> list[tuple[float, float]]:
    return [(-x, y), (x, y), (x, -y), (-x, -y)]


def _pt(point: np.ndarray) -> tuple[int, int]:
    return (round(float(point[0]) * 16), round(float(point[1]) * 16))


def _ipt(point: np.ndarray) -> tuple[int, int]:
    return (round(float(point[0])), round(float(point[1])))


def _pick(rng: np.random.Generator, options: tuple[tuple[int, int, int], ...]) -> tuple[int, ...]:
    return tuple(int(v) for v in options[int(rng.integers(len(options)))])


def _jitter(rng: np.random.Generator, colour: tuple[int, ...], spread: float) -> tuple[int, ...]:
    return tuple(int(np.clip(c + rng.normal(0, spread), 0, 255)) for c in colour)


def _pocket_places(length: float, breadth: float, cushion: float) -> list[tuple[float, float]]:
    hx, hy = length / 2, breadth / 2
    corner = cushion * 0.55
    out = [(sx * (hx + corner), sy * (hy + corner)) for sx in (-1, 1) for sy in (-1, 1)]
    return out + [(0.0, sy * (hy + cushion * 0.75)) for sy in (-1, 1)]


def _sights(image, project, length, breadth, cushion, rail, rng) -> None:
    """The diamonds on the rails: eighths of the length, quarters of the breadth."""
    colour = _pick(rng, ((230, 235, 235), (200, 215, 225), (170, 190, 200)))
    middle = cushion + rail * rng.uniform(0.35, 0.55)
    hx, hy = length / 2, breadth / 2
    places = [(hx * i / 4, sy * (hy + middle)) for i in range(-3, 4) for sy in (-1, 1)]
    places += [(sx * (hx + middle), hy * i / 2) for i in (-1, 0, 1) for sx in (-1, 1)]
    size = rng.uniform(7, 12)
    for at in places:
        centre = project(np.array([at]))[0]
        spot = project(np.array([[at[0] + size, at[1]]]))[0]
        r = max(1.0, float(np.hypot(*(spot - centre))))
        cv2.circle(image, _pt(centre), round(r * 16), colour, -1, cv2.LINE_AA, 4)


def _lamps(rng: np.random.Generator, project, length: float, breadth: float) -> list:
    """One to three lamps over the table's long axis (image px)."""
    count = int(rng.integers(1, 4))
    xs = [0.0] if count == 1 else list(np.linspace(-length / 3, length / 3, count))
    return [project(np.array([[x, rng.uniform(-0.1, 0.1) * breadth]]))[0] for x in xs]


def _light_direction(centre: np.ndarray, lamps: list, width: int) -> np.ndarray:
    """The unit vector from a ball towards the nearest lamp (x, y in the image, z up)."""
    lamp = min(lamps, key=lambda p: float(np.hypot(*(p - centre))))
    flat = (lamp - centre) / (0.6 * width)
    vec = np.array([flat[0], flat[1], 1.0])
    return vec / np.linalg.norm(vec)


def _gain(rng: np.random.Generator, lamps: list, size: tuple[int, int]) -> np.ndarray:
    height, width = size
    ys, xs = np.mgrid[0:height:4, 0:width:4].astype(np.float32)
    base = rng.uniform(0.55, 0.8)
    gain = np.full(xs.shape, base, np.float32)
    spread = rng.uniform(0.2, 0.45) * width / max(1, len(lamps)) ** 0.5
    strength = rng.uniform(0.2, 0.55)
    for cx, cy in lamps:
        gain += strength * np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * spread**2))
    return cv2.resize(gain, (width, height), interpolation=cv2.INTER_LINEAR)


BallSpec = tuple[tuple[float, float], str, bool, bool]


def _ball_set(rng: np.random.Generator, kind: str) -> list[tuple[str, bool, bool]]:
    """(colour, striped, number disc) for each ball of a set that fits the table."""
    if kind == "carom":
        choice = rng.random()
        if choice < 0.5:
            return [("white", False, False), ("yellow", False, False), ("red", False, False)]
        return [(c, False, False) for c in ("red", "pink", "black", "white", "yellow")]
    if kind == "pool":
        balls = [("white", False, False)]
        balls += [(POOL_COLOURS[i % 8], False, True) for i in range(8)]
        balls += [(POOL_COLOURS[i], True, True) for i in range(7)]
        return balls
    if kind == "pyramid":
        cue = str(rng.choice(["red", "yellow", "orange"]))
        return [(cue, False, False)] + [("ivory", False, True)] * 15
    reds = [("red", False, False)] * int(rng.integers(6, 16))
    colours = ["yellow", "green", "brown", "blue", "pink", "black"]
    return [("white", False, False)] + reds + [(c, False, False) for c in colours]


def _place_balls(
    rng: np.random.Generator, kind: str, length: float, breadth: float, r: float
) -> list[BallSpec]:
    """Some of the set on the table: spread out, a few touching, at times a rack or a ball
    frozen on a cushion; never two overlapping."""
    specs = _ball_set(rng, kind)
    keep = int(rng.integers(max(1, len(specs) // 3), len(specs) + 1))
    order = rng.permutation(len(specs))[:keep]
    chosen = [specs[i] for i in order]
    hx, hy = length / 2 - r, breadth / 2 - r
    placed: list[tuple[float, float]] = []
    if len(chosen) >= 6 and rng.random() < 0.4:  # a rack: rows of touching balls
        apex = (rng.uniform(0.2, 0.5) * hx * rng.choice([-1, 1]), rng.uniform(-0.2, 0.2) * hy)
        gap = 2 * r * rng.uniform(1.0, 1.03)
        row = 0
        while len(placed) < len(chosen) - 2:
            for k in range(row + 1):
                if len(placed) >= len(chosen) - 2:
                    break
                placed.append(
                    (apex[0] + row * gap * math.sqrt(3) / 2, apex[1] + (k - row / 2) * gap)
                )
            row += 1
    tries = 0
    while len(placed) < len(chosen) and tries < 4000:
        tries += 1
        if placed and rng.random() < 0.25:  # touching another ball
            base = placed[int(rng.integers(len(placed)))]
            angle = rng.uniform(0, 2 * math.pi)
            x, y = base[0] + 2.02 * r * math.cos(angle), base[1] + 2.02 * r * math.sin(angle)
        elif rng.random() < 0.15:  # frozen on a cushion
            x, y = rng.uniform(-hx, hx), rng.choice([-hy, hy])
        else:
            x, y = rng.uniform(-hx, hx), rng.uniform(-hy, hy)
        if abs(x) > hx or abs(y) > hy:
            continue
        if all(math.hypot(x - px, y - py) >= 2.0 * r for px, py in placed):
            placed.append((x, y))
    pairs = zip(placed, chosen, strict=False)
    return [(at, colour, stripe, number) for at, (colour, stripe, number) in pairs]


def _draw_ball(
    image: np.ndarray,
    centre: np.ndarray,
    radius: float,
    label: str,
    stripe: bool,
    number: bool,
    light: np.ndarray,
    rng: np.random.Generator,
) -> None:
    """A lit sphere: Lambert shading and a lamp's highlight, a stripe or a number disc on a
    random turn of the ball, anti-aliased into ``image`` (float or uint8, BGR)."""
    half = math.ceil(radius) + 2
    cx, cy = float(centre[0]), float(centre[1])
    x0, y0 = math.floor(cx) - half, math.floor(cy) - half
    ys, xs = np.mgrid[0 : 2 * half + 1, 0 : 2 * half + 1].astype(np.float32)
    u, v = (xs + x0 + 0.5 - cx) / radius, (ys + y0 + 0.5 - cy) / radius
    dist = np.sqrt(u * u + v * v)
    alpha = np.clip((1.0 - dist) * radius + 0.5, 0, 1)
    w = np.sqrt(np.clip(1 - u * u - v * v, 0, 1))
    normal = np.stack([u, v, w], -1)
    turn, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    body = normal @ turn.T
    paint = np.array(BALL_PAINT[label], np.float32)
    white = np.array(BALL_PAINT["white"], np.float32)
    colour = np.broadcast_to(paint, normal.shape).copy()
    if stripe:
        colour[np.abs(body[..., 2]) > 0.45] = white
    if number:
        colour[body[..., 0] > 0.9] = white
    lambert = np.clip(normal @ light.astype(np.float32), 0, 1)
    shade = 0.35 + 0.65 * lambert
    reflect = 2 * (normal @ light.astype(np.float32))[..., None] * normal - light[None, None, :]
    spec = np.clip(reflect[..., 2], 0, 1) ** rng.uniform(25, 60) * rng.uniform(0.6, 1.0)
    pixels = colour * shade[..., None] + 255 * spec[..., None]
    h, w_img = image.shape[:2]
    ax0, ay0 = max(0, -x0), max(0, -y0)
    bx0, by0 = max(0, x0), max(0, y0)
    bx1, by1 = min(w_img, x0 + 2 * half + 1), min(h, y0 + 2 * half + 1)
    if bx1 <= bx0 or by1 <= by0:
        return
    a = alpha[ay0 : ay0 + by1 - by0, ax0 : ax0 + bx1 - bx0, None]
    p = pixels[ay0 : ay0 + by1 - by0, ax0 : ax0 + bx1 - bx0]
    region = image[by0:by1, bx0:bx1].astype(np.float32)
    image[by0:by1, bx0:bx1] = np.clip(region * (1 - a) + p * a, 0, 255).astype(image.dtype)


def _draw_moving(
    image: np.ndarray,
    centre: np.ndarray,
    radius: float,
    paint: tuple[str, bool, bool],
    light: np.ndarray,
    rng: np.random.Generator,
) -> None:
    """A rolling ball in one exposure: the ball drawn at even steps along its streak (up to
    STREAK radii long) and averaged; the truth is the streak's middle, where it was half way
    through the exposure."""
    label, stripe, number = paint
    angle = rng.uniform(0, 2 * math.pi)
    length = rng.uniform(0.3, STREAK) * radius
    step = np.array([math.cos(angle), math.sin(angle)]) * length
    reach = math.ceil(radius + length / 2) + 3
    x0, y0 = max(0, int(centre[0]) - reach), max(0, int(centre[1]) - reach)
    x1 = min(image.shape[1], int(centre[0]) + reach + 1)
    y1 = min(image.shape[0], int(centre[1]) + reach + 1)
    if x1 <= x0 or y1 <= y0:
        return
    base = image[y0:y1, x0:x1].astype(np.float32)
    total = np.zeros_like(base)
    turn = int(rng.integers(1 << 30))
    for k in range(STREAK_SAMPLES):
        layer = base.copy()
        at = centre + step * (k / (STREAK_SAMPLES - 1) - 0.5) - np.array([x0, y0])
        _draw_ball(layer, at, radius, label, stripe, number, light, np.random.default_rng(turn))
        total += layer
    image[y0:y1, x0:x1] = (total / STREAK_SAMPLES).astype(image.dtype)


def _chalk(image: np.ndarray, project, hx: float, hy: float, rail: float, rng) -> None:
    """A blue chalk cube left on the rail."""
    x = rng.uniform(-hx, hx)
    y = (hy + rail * 0.5) * rng.choice([-1, 1])
    side = 22.0
    quad = [(x - side, y - side), (x + side, y - side), (x + side, y + side), (x - side, y + side)]
    pts = np.round(project(np.array(quad))).astype(np.int32)
    cv2.fillPoly(image, [pts], (150, 90, 30), cv2.LINE_AA)


def _arm_and_cue(
    image: np.ndarray,
    cover: np.ndarray,
    project,
    balls: list[BallSpec],
    length: float,
    radius: float,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray]:
    """A player's arm reaching in from the near side and a cue lying towards a ball; the
    cue's tip and its direction (image px)."""
    height, width = image.shape[:2]
    target = (
        project(np.array([balls[0][0]]))[0]
        if balls
        else np.array([width / 2, height / 2], np.float64)
    )
    edge = int(rng.integers(4))
    start = np.array(
        [
            (rng.uniform(0.2, 0.8) * width, height + 20),
            (rng.uniform(0.2, 0.8) * width, -20),
            (-20, rng.uniform(0.2, 0.8) * height),
            (width + 20, rng.uniform(0.2, 0.8) * height),
        ][edge]
    )
    direction = (target - start) / max(1.0, float(np.hypot(*(target - start))))
    tip = target - direction * radius * rng.uniform(1.5, 4)
    cue_width = max(2, round(radius * 0.35))
    butt = tip - direction * 0.6 * width
    cv2.line(image, _ipt(butt), _ipt(tip), (120, 175, 215), cue_width, cv2.LINE_AA)
    cv2.line(cover, _ipt(butt), _ipt(tip), 255, cue_width + 2)
    hand = start + direction * rng.uniform(0.25, 0.45) * float(np.hypot(*(target - start)))
    arm_width = max(8, round(radius * rng.uniform(2.5, 3.5)))
    sleeve = _pick(rng, SLEEVES)
    cv2.line(image, _ipt(start), _ipt(hand), sleeve, arm_width, cv2.LINE_AA)
    cv2.line(cover, _ipt(start), _ipt(hand), 255, arm_width)
    skin = _pick(rng, SKIN)
    cv2.ellipse(
        image,
        _ipt(hand),
        (arm_width // 2 + 2, arm_width // 3 + 2),
        math.degrees(math.atan2(direction[1], direction[0])),
        0,
        360,
        skin,
        -1,
        cv2.LINE_AA,
    )
    cv2.circle(cover, _ipt(hand), arm_width // 2 + 3, 255, -1)
    return tip, direction


def _hall(image, rng, project, poly, table: tuple[float, float, float], cloth: str) -> None:
    """What a hall shows round the table: round things on the floor (stools, players' heads:
    no ball is looked for there, but they are round) and, now and then, a neighbouring table
    of the same cloth beyond a gap, cut by the frame."""
    hx, hy, rail = table
    height, width = image.shape[:2]
    for _ in range(int(rng.integers(0, FLOOR_THINGS + 1))):
        side = rng.choice([-1.0, 1.0])
        along, out = rng.uniform(-1.2, 1.2), rng.uniform(1.1, 1.6)
        at = (
            (along * hx, side * out * (hy + rail))
            if rng.random() < 0.6
            else (side * out * (hx + rail), along * hy)
        )
        centre = project(np.array([at]))[0]
        radius = float(rng.uniform(0.015, 0.05)) * width
        colour = _pick(rng, SKIN + SLEEVES + FLOORS)
        cv2.circle(image, _ipt(centre), round(radius), colour, -1, cv2.LINE_AA)
    if rng.random() >= NEIGHBOUR:
        return
    gap = rng.uniform(*NEIGHBOUR_GAP)
    if rng.random() < 0.5:
        shift = (0.0, rng.choice([-1.0, 1.0]) * (2 * (hy + rail) + gap))
    else:
        shift = (rng.choice([-1.0, 1.0]) * (2 * (hx + rail) + gap), 0.0)

    def moved(corners: list[tuple[float, float]]) -> np.ndarray:
        return poly([(x + shift[0], y + shift[1]) for x, y in corners])

    wood = scene.wood(rng, (height, width), _pick(rng, RAILS))
    mask = np.zeros((height, width), np.uint8)
    cv2.fillPoly(mask, [moved(_rect(hx + rail, hy + rail))], 255, cv2.LINE_AA, 4)
    image[mask > 127] = wood[mask > 127]
    cloth_image = _cloth(rng, (height, width), _jitter(rng, CLOTHS[cloth], 12))
    mask[:] = 0
    cv2.fillPoly(mask, [moved(_rect(hx, hy))], 255, cv2.LINE_AA, 4)
    image[mask > 127] = cloth_image[mask > 127]


def _gloss(image, rail_mask, homography, lamps, table, px_per_mm, rng) -> None:
    """Each lamp's reflection on the varnished long rails: a bright streak along the rail
    nearest under it (:data:`GLOSS`), the rail's highlight a ball finder must not take."""
    _hx, hy, rail = table
    inverse = np.linalg.inv(homography)
    layer = np.zeros(image.shape[:2], np.float32)
    for lamp in lamps:
        x, _y = cv2.perspectiveTransform(np.array([[lamp]], np.float64), inverse)[0, 0]
        for side in (-1.0, 1.0):
            at = np.array(
                [[x + rng.uniform(-150, 150), side * (hy + rail * rng.uniform(0.3, 0.7))]]
            )
            centre = cv2.perspectiveTransform(at.reshape(-1, 1, 2), homography).reshape(2)
            ahead = cv2.perspectiveTransform(
                (at + np.array([1.0, 0.0])).reshape(-1, 1, 2), homography
            )
            angle = math.degrees(math.atan2(*(ahead.reshape(2) - centre)[::-1]))
            axes = (
                max(2, round(rng.uniform(*GLOSS_LENGTH) * px_per_mm / 2)),
                max(1, round(rng.uniform(*GLOSS_WIDTH) * px_per_mm / 2)),
            )
            cv2.ellipse(layer, _ipt(centre), axes, angle, 0, 360, float(rng.uniform(*GLOSS)), -1)
    layer = cv2.GaussianBlur(layer, (0, 0), 2.0) * (rail_mask > 127)
    image[:] = np.clip(image + layer[..., None] * 255.0, 0, 255).astype(image.dtype)


def _pocket_rim(image, centre: np.ndarray, radius: float, rng) -> None:
    """A pocket's leather or chrome rim round its hole, with a lamp's glint on it."""
    width = radius * rng.uniform(*POCKET_RIM)
    colour = _pick(rng, RIMS)
    ring = round((radius + width / 2) * 16)
    cv2.circle(image, _pt(centre), ring, colour, max(1, round(width)), cv2.LINE_AA, 4)
    glint = rng.uniform(0, 2 * math.pi)
    spot = centre + (radius + width / 2) * np.array([math.cos(glint), math.sin(glint)])
    cv2.circle(
        image, _pt(spot), round(max(1.0, width * 0.4) * 16), (235, 240, 240), -1, cv2.LINE_AA, 4
    )


def _bridge_hand(image, cover, tip: np.ndarray, direction: np.ndarray, radius: float, rng) -> None:
    """The player's bridge: a hand flat on the cloth a few radii behind the cue's tip, fingers
    spread ahead of it, the cue over it; what it covers is not in view."""
    back = tip - direction * radius * rng.uniform(5.0, 8.0)
    palm = (max(3, round(radius * 2.0)), max(2, round(radius * 1.5)))
    heading = math.degrees(math.atan2(direction[1], direction[0]))
    skin = _pick(rng, SKIN)
    shade = tuple(int(c * 0.8) for c in skin)
    cv2.ellipse(
        image, _ipt(back - direction * radius), palm, heading, 0, 360, shade, -1, cv2.LINE_AA
    )
    cv2.ellipse(cover, _ipt(back - direction * radius), palm, heading, 0, 360, 255, -1)
    side = np.array([-direction[1], direction[0]])
    for k in (-1.5, -0.5, 0.5, 1.5):
        base = back + side * k * radius * 0.7
        finger = base + (direction * 1.2 + side * k * 0.35) * radius * 2.2
        width = max(2, round(radius * 0.45))
        cv2.line(image, _ipt(base), _ipt(finger), skin, width, cv2.LINE_AA)
        cv2.line(cover, _ipt(base), _ipt(finger), 255, width + 2)
    cv2.ellipse(image, _ipt(back), palm, heading, 0, 360, skin, -1, cv2.LINE_AA)
    cv2.ellipse(cover, _ipt(back), palm, heading, 0, 360, 255, -1)
