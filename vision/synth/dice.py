"""Rendered dice scenes with YOLO labels, for training and measuring the dice readers.

A scene is a table seen from above: a background, dice thrown on it, maybe a hand at the edge,
then the camera's faults (light, perspective, blur, noise, JPEG), all from the shared
primitives of :mod:`vision.synth.scene`; this module draws the dice.  Every property a model could
lean on instead of the pips is drawn at random: body and pip colours, translucency, size, corner
radius, pip size and spacing, the side faces seen in perspective (with their own pips, as in real
photos), shading, shadows, touching dice.  Labels are ``class cx cy w h`` (normalised): class
0..5 is the face up 1..6, class 6 a cocked die (leaning on an edge, dice.md §1.4), the box being
the top face (the whole outline for a cocked die).  A ``.json`` beside each label file gives the
angle each die was seen at, so the harness can report accuracy by viewing angle.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.progress import tracked
from vision.synth import scene

COCKED = 6
"""The label class of a die leaning on an edge; 0..5 are the faces 1..6."""

CLASS_NAMES = ("one", "two", "three", "four", "five", "six", "cocked")

SUPERSAMPLE = 2
"""Dice are drawn this many times larger and shrunk, so edges and pips are antialiased."""

# Pip centres of each face on a grid of -1, 0, 1 (times the pip spacing), x right and y down.
PIP_LAYOUT: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}

# Body colours (BGR) by style, with the pip colours that go with them.
_STYLES: dict[str, tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...]]] = {
    "white": (
        ((238, 240, 240), (222, 232, 236), (205, 225, 232), (245, 245, 245)),
        ((25, 25, 25), (40, 30, 30), (30, 30, 150), (120, 60, 20)),
    ),
    "ivory": (((200, 225, 235), (180, 215, 230)), ((20, 20, 20), (30, 30, 110))),
    "black": (((30, 30, 30), (45, 40, 40), (20, 20, 25)), ((240, 240, 240), (200, 225, 235))),
    "red": (((40, 40, 200), (30, 30, 160), (60, 50, 220)), ((240, 240, 240), (20, 20, 20))),
    "colour": (
        ((160, 90, 30), (40, 140, 40), (30, 150, 230), (140, 40, 120)),
        ((240, 240, 240), (20, 20, 20)),
    ),
    "translucent": (
        ((60, 60, 210), (200, 120, 40), (60, 170, 60), (40, 180, 230)),
        ((245, 245, 245), (250, 250, 250)),
    ),
}
_STYLE_WEIGHTS = {
    "white": 0.34,
    "ivory": 0.12,
    "black": 0.14,
    "red": 0.14,
    "colour": 0.12,
    "translucent": 0.14,
}


@dataclass(frozen=True)
class DieLabel:
    """One die in a rendered scene: its class (0..5 = faces 1..6, 6 = cocked) and its box in
    pixels (left, top, width, height)."""

    cls: int
    x: float
    y: float
    w: float
    h: float
    view: float = 0.0
    """Degrees between the vertical and the camera's line of sight to the die (before the
    scene's mild perspective warp): 0 straight from above, up to 50 for a camera looking across
    the table.  The further from vertical, the more of the side faces shows, and the more a flat
    die looks like a cocked one; the harness reports accuracy by this angle."""

    def yolo(self, width: int, height: int) -> str:
        """The label line: class, centre and size normalised to the image."""
        return (
            f"{self.cls} {(self.x + self.w / 2) / width:.6f} {(self.y + self.h / 2) / height:.6f}"
            f" {self.w / width:.6f} {self.h / height:.6f}"
        )


# --------------------------------------------------------------------------------------------
# Drawing one die on its own canvas (colour + alpha), axis-aligned, then placed rotated.


@dataclass(frozen=True)
class _Look:
    """How one die looks: body and pip colours, opacity, corner radius, pip size and spacing."""

    body: np.ndarray
    pip: np.ndarray
    opacity: float
    corner: float
    pip_radius: float
    pip_spacing: float
    big_red_one: bool


def _random_look(rng: np.random.Generator) -> _Look:
    styles = list(_STYLE_WEIGHTS)
    style = styles[rng.choice(len(styles), p=np.array(list(_STYLE_WEIGHTS.values())))]
    bodies, pips = _STYLES[style]
    body = np.array(bodies[rng.integers(len(bodies))], float) + rng.normal(0, 8, 3)
    pip = np.array(pips[rng.integers(len(pips))], float) + rng.normal(0, 6, 3)
    return _Look(
        body=np.clip(body, 0, 255),
        pip=np.clip(pip, 0, 255),
        opacity=float(rng.uniform(0.55, 0.8)) if style == "translucent" else 1.0,
        corner=float(rng.uniform(0.06, 0.24)),
        pip_radius=float(rng.uniform(0.075, 0.11)),
        pip_spacing=float(rng.uniform(0.25, 0.3)),
        big_red_one=style in ("white", "ivory") and rng.random() < 0.25,
    )


def _rounded_rect(
    mask: np.ndarray, x0: float, y0: float, x1: float, y1: float, r: float, value: float = 1.0
) -> None:
    """Fill a rounded rectangle into a float mask (pixel coordinates, already supersampled)."""
    r = max(1.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    ix0, iy0, ix1, iy1, ir = (round(v) for v in (x0, y0, x1, y1, r))
    cv2.rectangle(mask, (ix0 + ir, iy0), (ix1 - ir, iy1), value, -1)
    cv2.rectangle(mask, (ix0, iy0 + ir), (ix1, iy1 - ir), value, -1)
    for cx, cy in (
        (ix0 + ir, iy0 + ir),
        (ix1 - ir, iy0 + ir),
        (ix0 + ir, iy1 - ir),
        (ix1 - ir, iy1 - ir),
    ):
        cv2.circle(mask, (cx, cy), ir, value, -1, lineType=cv2.LINE_AA)


def _paint(canvas: np.ndarray, mask: np.ndarray, colour: np.ndarray) -> None:
    """Blend ``colour`` into ``canvas`` where ``mask`` (0..1) says."""
    m = mask[..., None]
    canvas[:] = canvas * (1 - m) + colour * m


def _pips(
    canvas: np.ndarray,
    value: int,
    cx: float,
    cy: float,
    size: float,
    look: _Look,
    squash: tuple[float, float],
    rng: np.random.Generator,
) -> None:
    """Draw the pips of ``value`` on a face of ``size`` centred at (cx, cy), squashed by
    ``squash`` (x, y) where the face is seen at a slant."""
    radius = size * look.pip_radius
    colour = look.pip
    if value == 1 and look.big_red_one:
        radius *= 1.7
        colour = np.array((35, 35, 175), float)
    mask = np.zeros(canvas.shape[:2], np.float32)
    for gx, gy in PIP_LAYOUT[value]:
        px = cx + gx * size * look.pip_spacing * squash[0]
        py = cy + gy * size * look.pip_spacing * squash[1]
        axes = (max(1, round(radius * squash[0])), max(1, round(radius * squash[1])))
        cv2.ellipse(mask, (round(px), round(py)), axes, 0, 0, 360, 1.0, -1, cv2.LINE_AA)
    # Paint the pips' bounding window only: a die sprite is large at supersampled scale.
    ys, xs = np.nonzero(mask)
    if len(xs):
        window = (slice(ys.min(), ys.max() + 1), slice(xs.min(), xs.max() + 1))
        _paint(canvas[window], mask[window], colour * rng.uniform(0.85, 1.0))


def _draw_flat(
    value: int, size: float, look: _Look, side: tuple[float, float], rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A die lying flat, top face ``value``, seen off-vertical: the side faces show as a strip
    of ``side`` (dx, dy, in die sizes) before foreshortening.  Returns colour, alpha and the top
    face's corners."""
    s = size * SUPERSAMPLE
    dx, dy = side[0] * s, side[1] * s
    pad = s * 0.2 + max(abs(dx), abs(dy))
    n = math.ceil(s + 2 * pad)
    canvas = np.zeros((n, n, 3), np.float32)
    alpha = np.zeros((n, n), np.float32)
    x0 = y0 = pad
    x1 = y1 = pad + s
    radius = s * look.corner
    # The body seen from the side: the top face swept along the strip, darker.
    steps = max(2, int(max(abs(dx), abs(dy)) / 2))
    for t in np.linspace(0, 1, steps):
        _rounded_rect(alpha, x0 + t * dx, y0 + t * dy, x1 + t * dx, y1 + t * dy, radius)
    canvas[:] = look.body * rng.uniform(0.55, 1.0)
    # A side face wide enough to show its pips gets them, squashed along the slant.
    if abs(dx) > 0.1 * s:
        cx = (x1 if dx > 0 else x0) + dx / 2
        _pips(
            canvas,
            int(rng.integers(1, 7)),
            cx,
            (y0 + y1) / 2 + dy / 2,
            s,
            look,
            (abs(dx) / s, 1.0),
            rng,
        )
    if abs(dy) > 0.1 * s:
        cy = (y1 if dy > 0 else y0) + dy / 2
        _pips(
            canvas,
            int(rng.integers(1, 7)),
            (x0 + x1) / 2 + dx / 2,
            cy,
            s,
            look,
            (1.0, abs(dy) / s),
            rng,
        )
    # The top face, lit by a gentle gradient, then its pips.
    top = np.zeros((n, n), np.float32)
    _rounded_rect(top, x0, y0, x1, y1, radius)
    gx, gy = rng.normal(0, 0.12, 2)
    ramp = np.arange(n, dtype=np.float32) / n - 0.5
    light = (1.0 + gx * ramp[None, :] + gy * ramp[:, None])[..., None] * rng.uniform(0.9, 1.05)
    face = np.clip(look.body * light, 0, 255)
    m = top[..., None]
    canvas[:] = canvas * (1 - m) + face * m
    _pips(canvas, value, (x0 + x1) / 2, (y0 + y1) / 2, s, look, (1.0, 1.0), rng)
    alpha = np.maximum(alpha, top) * look.opacity
    corners = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], np.float32)
    return canvas, alpha, corners


def _draw_cocked(
    size: float, look: _Look, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A die leaning on an edge, seen from above: two faces, each foreshortened by the tilt, so
    the outline is a rectangle 1.4 times longer than wide and no face is square."""
    s = size * SUPERSAMPLE
    tilt = math.radians(rng.uniform(38, 52))
    ha, hb = s * math.cos(tilt), s * math.sin(tilt)
    pad = s * 0.2
    w, h = math.ceil(s + 2 * pad), math.ceil(ha + hb + 2 * pad)
    canvas = np.zeros((h, w, 3), np.float32)
    alpha = np.zeros((h, w), np.float32)
    x0, y0 = pad, pad
    _rounded_rect(alpha, x0, y0, x0 + s, y0 + ha + hb, s * look.corner * 0.7)
    canvas[:] = look.body * rng.uniform(0.85, 1.05)
    lower = np.zeros((h, w), np.float32)
    cv2.rectangle(lower, (0, round(y0 + ha)), (w, h), 1.0, -1)
    _paint(canvas, lower * alpha, look.body * rng.uniform(0.55, 0.8))
    a, b = rng.choice(np.arange(1, 7), 2, replace=False)
    _pips(canvas, int(a), x0 + s / 2, y0 + ha / 2, s, look, (1.0, ha / s), rng)
    _pips(canvas, int(b), x0 + s / 2, y0 + ha + hb / 2, s, look, (1.0, hb / s), rng)
    corners = np.array(
        [(x0, y0), (x0 + s, y0), (x0 + s, y0 + ha + hb), (x0, y0 + ha + hb)], np.float32
    )
    return canvas, alpha * look.opacity, corners


def _place(
    scene: np.ndarray,
    canvas: np.ndarray,
    alpha: np.ndarray,
    corners: np.ndarray,
    centre: tuple[float, float],
    angle: float,
    shadow: tuple[float, float, float],
    view: tuple[float, float, float],
) -> np.ndarray:
    """Rotate the die's canvas by ``angle`` degrees, shrink it to scene scale, foreshorten it
    as the camera sees it (``view``: the unit direction towards the point below the camera and
    the cosine of the viewing angle), cast its shadow (offset x, y and darkness) and blend it in
    at ``centre``.  Returns the top face's corners in scene pixels."""
    face_centre = corners.mean(axis=0)
    rot = cv2.getRotationMatrix2D(
        (float(face_centre[0]), float(face_centre[1])), angle, 1.0 / SUPERSAMPLE
    )
    ux, uy, shrink = view
    toward = np.array([[ux], [uy]])
    linear = (np.eye(2) + (shrink - 1) * (toward @ toward.T)) @ rot[:, :2]
    rot = np.hstack([linear, (np.array(centre) - linear @ face_centre)[:, None]])
    # Work in the window of the scene that the die and its shadow can reach.
    H, W = scene.shape[:2]
    reach = max(alpha.shape) / SUPERSAMPLE * 0.75 + abs(shadow[0]) + abs(shadow[1]) + 4
    left, top = max(0, int(centre[0] - reach)), max(0, int(centre[1] - reach))
    right, bottom = min(W, int(centre[0] + reach) + 1), min(H, int(centre[1] + reach) + 1)
    local = rot.copy()
    local[:, 2] -= (left, top)
    window = scene[top:bottom, left:right]
    shape = (right - left, bottom - top)
    colour = cv2.warpAffine(canvas, local, shape, flags=cv2.INTER_AREA)
    a = cv2.warpAffine(alpha, local, shape, flags=cv2.INTER_AREA)
    if shadow[2] > 0:
        sx, sy, dark = shadow
        move = np.float32([[1, 0, sx], [0, 1, sy]])
        blur = max(3, int(abs(sx) + abs(sy)) | 1)
        shade = cv2.GaussianBlur(cv2.warpAffine(a, move, shape), (blur, blur), 0)
        window *= (1 - dark * np.clip(shade, 0, 1))[..., None]
    m = a[..., None]
    window[:] = window * (1 - m) + colour * m
    ones = np.ones((4, 1), np.float32)
    return np.hstack([corners, ones]) @ rot.T


# --------------------------------------------------------------------------------------------
# Scenes and datasets.


def render_scene(
    rng: np.random.Generator,
    n_dice: int | None = None,
    size: tuple[int, int] | None = None,
    cocked_rate: float = 0.06,
) -> tuple[np.ndarray, list[DieLabel]]:
    """One table scene (BGR uint8) and its dice labels, in pixels of the image.

    ``n_dice`` defaults to 1..8 at random; ``size`` (width, height) to a random camera format.
    """
    if size is None:
        size = [(640, 480), (800, 600), (960, 720), (1024, 768)][rng.integers(4)]
    width, height = size
    n = int(rng.integers(1, 9)) if n_dice is None else n_dice
    table = scene.background(rng, (height, width))
    # A hand reaching in: drawn last, but decided first so that no die lies under it.
    hand_seed = int(rng.integers(2**32)) if rng.random() < 0.25 else None
    blocked = None
    if hand_seed is not None:
        _, hand = scene.hand_occluder(table, np.random.default_rng(hand_seed))
        blocked = cv2.dilate(hand, np.ones((25, 25), np.uint8)) > 0.05
    canvas = table.astype(np.float32)
    die_size = rng.uniform(0.05, 0.2) * min(width, height) * (0.75 if n > 5 else 1.0)
    light = rng.uniform(0, 2 * math.pi)
    shadow = (
        math.cos(light) * die_size * 0.12,
        math.sin(light) * die_size * 0.12,
        float(rng.uniform(0.15, 0.5)),
    )
    # The camera: straight over the table, or over a point beyond its edge looking across it.
    # Each die is seen at the angle from the camera's height and its distance from the point
    # below the camera: its top face is foreshortened towards that point, and the side faces
    # turned to the camera show between them (as in the real photos, taken from the side).
    if rng.random() < 0.4:
        below = (rng.uniform(0.2, 0.8) * width, rng.uniform(0.2, 0.8) * height)
    else:
        edge = rng.uniform(0, 2 * math.pi)
        reach = rng.uniform(0.6, 1.6)
        below = (
            width / 2 + math.cos(edge) * reach * width,
            height / 2 + math.sin(edge) * reach * height,
        )
    camera_height = rng.uniform(0.7, 3.0) * max(width, height)
    placed: list[tuple[float, float, float, float]] = []  # cx, cy, size, angle
    for _ in range(n):
        s = die_size * rng.uniform(0.9, 1.1)
        spot = _free_spot(rng, placed, s, width, height, blocked)
        if spot is not None:
            placed.append((spot[0], spot[1], s, spot[2]))
    # Dice nearer the camera are drawn last: they hide the side faces of the dice behind them.
    placed.sort(key=lambda die: -math.hypot(below[0] - die[0], below[1] - die[1]))
    polygons: list[np.ndarray] = []
    classes: list[int] = []
    views: list[float] = []
    for cx, cy, s, angle in placed:
        look = _random_look(rng)
        distance = math.hypot(below[0] - cx, below[1] - cy)
        ux, uy = ((below[0] - cx) / distance, (below[1] - cy) / distance) if distance else (1, 0)
        slant = min(math.atan(distance / camera_height), math.radians(50))
        # Drawn upright, the side faces are tan(slant) long; foreshortening by cos(slant) then
        # leaves them sin(slant) long, as seen.
        strip = math.tan(slant)
        if rng.random() < cocked_rate:
            sprite, alpha, corners = _draw_cocked(s, look, rng)
            cls = COCKED
        else:
            value = int(rng.integers(1, 7))
            rad = math.radians(angle)  # the strip in the die's own (unrotated) frame
            side = (
                strip * (ux * math.cos(rad) - uy * math.sin(rad)),
                strip * (ux * math.sin(rad) + uy * math.cos(rad)),
            )
            sprite, alpha, corners = _draw_flat(value, s, look, side, rng)
            cls = value - 1
        view = (ux, uy, math.cos(slant))
        polygons.append(_place(canvas, sprite, alpha, corners, (cx, cy), angle, shadow, view))
        classes.append(cls)
        views.append(math.degrees(slant))
    image = scene.lighting_gradient(np.clip(canvas, 0, 255).astype(np.uint8), rng)
    if hand_seed is not None:
        image, _ = scene.hand_occluder(image, np.random.default_rng(hand_seed))
    image, _, homography = scene.perspective_warp(image, [], rng)
    image = scene.degrade(image, rng)
    labels = []
    for cls, polygon, seen_at in zip(classes, polygons, views, strict=True):
        moved = scene.warp_points(polygon, homography)
        x0, y0 = np.clip(moved.min(axis=0), 0, (width, height))
        x1, y1 = np.clip(moved.max(axis=0), 0, (width, height))
        box = (float(x0), float(y0), float(x1 - x0), float(y1 - y0))
        labels.append(DieLabel(cls, *box, view=seen_at))
    return image, labels


def _free_spot(
    rng: np.random.Generator,
    placed: Sequence[tuple[float, float, float, float]],
    s: float,
    width: int,
    height: int,
    blocked: np.ndarray | None,
) -> tuple[float, float, float] | None:
    """A centre and angle for a die of size ``s`` that overlaps no other die and no hand:
    sometimes right against a placed die (touching dice are the finder's hardest case)."""
    margin = s * 0.9
    for _ in range(60):
        neighbour = -1
        if placed and rng.random() < 0.3:
            neighbour = int(rng.integers(len(placed)))
            ox, oy, os_, oa = placed[neighbour]
            side = rng.integers(4) * 90 + oa
            gap = (s + os_) / 2 + rng.uniform(0.5, 2.5)
            rad = math.radians(-side)
            cx = ox + gap * math.cos(rad)
            cy = oy + gap * math.sin(rad)
            angle = oa + rng.uniform(-4, 4)
        else:
            cx, cy = rng.uniform(margin, width - margin), rng.uniform(margin, height - margin)
            angle = rng.uniform(0, 90)
        if not (margin <= cx <= width - margin and margin <= cy <= height - margin):
            continue
        if blocked is not None and blocked[int(cy), int(cx)]:
            continue
        if blocked is not None:
            r = int(s * 0.8)
            patch = blocked[max(0, int(cy) - r) : int(cy) + r, max(0, int(cx) - r) : int(cx) + r]
            if patch.any():
                continue
        # Face to face with the chosen neighbour; clear of the corners of every other die.
        if all(
            math.hypot(cx - px, cy - py) >= (0.98 if i == neighbour else 1.45) * (s + ps) / 2
            for i, (px, py, ps, _) in enumerate(placed)
        ):
            return cx, cy, angle
    return None


def render_dataset(out: Path, count: int, seed: int) -> None:
    """Write ``count`` scenes to ``out`` as ``dice_NNNNN.jpg`` + ``.txt`` (YOLO labels) + ``.json``
    (``view_degrees``: each label's :attr:`DieLabel.view`, in label order) and a
    ``classes.txt``; the same seed writes the same files."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "classes.txt").write_text("\n".join(CLASS_NAMES) + "\n")
    for index in tracked(range(count), "rendering dice scenes"):
        rng = np.random.default_rng([seed, index])
        image, labels = render_scene(rng)
        stem = out / f"dice_{index:05d}"
        cv2.imwrite(str(stem.with_suffix(".jpg")), image, [cv2.IMWRITE_JPEG_QUALITY, 95])
        h, w = image.shape[:2]
        stem.with_suffix(".txt").write_text("".join(label.yolo(w, h) + "\n" for label in labels))
        views = [round(label.view, 2) for label in labels]
        stem.with_suffix(".json").write_text(json.dumps({"view_degrees": views}) + "\n")
