"""Shared rendering primitives for synthetic table scenes (dice, dominoes, ...).

Every function draws its randomness from the ``numpy.random.Generator`` it is given, so a scene
is reproducible from its seed, and uses numpy and OpenCV only.  Images are BGR ``uint8`` (OpenCV
order), sizes are ``(height, width)``, boxes are :class:`vision.types.Box` in pixels.

The point of the variety (several felts and woods, uneven light, shadows, blur, noise, JPEG,
perspective, a hand in view) is that a model trained on these scenes cannot learn the renderer:
anything a real camera varies, the renderer varies too.  A renderer typically does::

    image = background(rng, (720, 1280))
    for each object: image = soft_shadow(image, mask, rng); image = paste(image, sprite, mask, x, y)
    image = lighting_gradient(image, rng)
    image, boxes, _ = perspective_warp(image, boxes, rng)
    image, hand = hand_occluder(image, rng)          # sometimes
    image = degrade(image, rng)                       # blur, noise, JPEG
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.types import Box

Size = tuple[int, int]

#: Felt colours (BGR) of card and dice tables: green, blue, red, grey, black, burgundy.
FELT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (40, 110, 30),
    (60, 130, 20),
    (120, 60, 20),
    (40, 40, 150),
    (90, 90, 90),
    (30, 30, 30),
    (40, 20, 90),
)

#: Wood tones (BGR), light oak to dark walnut.
WOOD_COLOURS: tuple[tuple[int, int, int], ...] = (
    (110, 170, 215),
    (80, 135, 190),
    (60, 100, 150),
    (40, 70, 110),
    (30, 50, 80),
)

#: Skin tones (BGR), light to dark, for the hand occluder.
SKIN_COLOURS: tuple[tuple[int, int, int], ...] = (
    (170, 190, 235),
    (140, 170, 220),
    (110, 145, 200),
    (80, 115, 170),
    (50, 75, 120),
)


def smooth_noise(rng: np.random.Generator, size: Size, cell: float) -> np.ndarray:
    """Low-frequency noise in [-1, 1] of the given size, with features about ``cell`` px across.

    Used for felt mottling, uneven light and wood-grain warping: random values on a coarse grid,
    resized with cubic interpolation, so the pattern has no visible period."""
    height, width = size
    grid_h = max(2, int(np.ceil(height / cell)) + 1)
    grid_w = max(2, int(np.ceil(width / cell)) + 1)
    coarse = rng.uniform(-1.0, 1.0, (grid_h, grid_w)).astype(np.float32)
    field = cv2.resize(coarse, (width, height), interpolation=cv2.INTER_CUBIC)
    return np.clip(field, -1.0, 1.0)


def felt(
    rng: np.random.Generator,
    size: Size,
    colour: tuple[int, int, int] | None = None,
) -> np.ndarray:
    """A felt table cloth: a base colour (one of :data:`FELT_COLOURS`, jittered, unless given)
    with soft mottling and fine fibre noise, as a real cloth looks under a camera."""
    base = np.array(colour if colour is not None else _pick(rng, FELT_COLOURS), np.float32)
    base = (base * rng.uniform(0.8, 1.2) + rng.normal(0, 6, 3)).astype(np.float32)
    mottle = smooth_noise(rng, size, cell=rng.uniform(40, 160))[..., None] * rng.uniform(6, 18)
    fibre = _gaussian(rng, size, rng.uniform(3, 9))
    fibre = cv2.GaussianBlur(fibre, (0, 0), 0.7)[..., None]
    return _to_uint8(base[None, None, :] + mottle + fibre)


def wood(
    rng: np.random.Generator,
    size: Size,
    colour: tuple[int, int, int] | None = None,
) -> np.ndarray:
    """A wooden table top: parallel grain lines at a random angle, bent by smooth noise, over a
    tone from :data:`WOOD_COLOURS` (unless given), with plank seams now and then."""
    height, width = size
    base = np.array(colour if colour is not None else _pick(rng, WOOD_COLOURS), np.float32)
    base = (base * rng.uniform(0.85, 1.15)).astype(np.float32)
    angle = rng.uniform(0, np.pi)
    ys = np.arange(height, dtype=np.float32)[:, None]
    xs = np.arange(width, dtype=np.float32)[None, :]
    along = xs * np.float32(np.cos(angle)) + ys * np.float32(np.sin(angle))
    across = -xs * np.float32(np.sin(angle)) + ys * np.float32(np.cos(angle))
    bend = smooth_noise(rng, size, cell=rng.uniform(80, 250)) * rng.uniform(10, 40)
    period = np.float32(rng.uniform(6, 18))
    grain = np.sin((across + bend) * np.float32(2 * np.pi / period) + np.float32(0.002) * along)
    fine = smooth_noise(rng, size, cell=4) * np.float32(0.5)
    shade = (np.float32(0.5) * grain + fine) * np.float32(rng.uniform(0.06, 0.14))
    shade += _gaussian(rng, size, 2.5 / 128)  # fine speckle
    image = base[None, None, :] * (1.0 + shade[..., None])
    plank = rng.uniform(120, 400)
    if rng.random() < 0.6:
        seam = np.abs(((across + plank / 2) % plank) - plank / 2) < 1.2
        image[seam] *= 0.6
    return _to_uint8(image)


def background(rng: np.random.Generator, size: Size) -> np.ndarray:
    """A random table surface: felt or wood, about half each."""
    return felt(rng, size) if rng.random() < 0.5 else wood(rng, size)


def lighting_gradient(
    image: np.ndarray, rng: np.random.Generator, strength: float | None = None
) -> np.ndarray:
    """Uneven light: a linear fall-off in a random direction times a soft spot (a lamp over the
    table), brightening by up to ``strength / 2`` and darkening by up to ``strength``."""
    height, width = image.shape[:2]
    strength = rng.uniform(0.1, 0.45) if strength is None else strength
    # The light is smooth: work on a grid 1/8 the size, then resize.
    small_h, small_w = max(2, height // 8), max(2, width // 8)
    ys = (np.arange(small_h, dtype=np.float32)[:, None] + 0.5) / small_h
    xs = (np.arange(small_w, dtype=np.float32)[None, :] + 0.5) / small_w
    angle = rng.uniform(0, 2 * np.pi)
    linear = (xs - 0.5) * np.cos(angle) + (ys - 0.5) * np.sin(angle)
    cx, cy = rng.uniform(0, 1, 2)
    radius = rng.uniform(0.5, 1.5) * max(width, height)
    squared = ((xs - cx) * width) ** 2 + ((ys - cy) * height) ** 2
    spot = np.exp(-squared / (2 * radius**2))
    field = linear + rng.uniform(0.3, 1.0) * (1 - spot)
    field = (field - field.min()) / max(float(np.ptp(field)), 1e-6)  # 0 brightest .. 1 darkest
    gain = (1.0 + strength / 2 - strength * field).astype(np.float32)
    gain = cv2.resize(gain, (width, height), interpolation=cv2.INTER_LINEAR)
    return _to_uint8(image.astype(np.float32) * gain[..., None])


def soft_shadow(
    image: np.ndarray,
    mask: np.ndarray,
    rng: np.random.Generator,
    offset: tuple[float, float] | None = None,
    darkness: float | None = None,
) -> np.ndarray:
    """Darken the table under an object: ``mask`` (same height and width as ``image``, nonzero
    where the object is) shifted by ``offset`` (random, a few px) and blurred.  Call it before
    pasting the object so the object covers the part of its shadow beneath it."""
    height, width = image.shape[:2]
    scale = max(3.0, 0.01 * max(height, width))
    dx, dy = offset if offset is not None else rng.uniform(-scale, scale, 2)
    darkness = rng.uniform(0.3, 0.65) if darkness is None else darkness
    shift = np.float32([[1, 0, dx], [0, 1, dy]])
    shadow = cv2.warpAffine((mask > 0).astype(np.float32), shift, (width, height))
    sigma = rng.uniform(1.5, 2.5) * scale / 3
    shadow = cv2.GaussianBlur(shadow, (0, 0), sigma)
    return _to_uint8(image.astype(np.float32) * (1.0 - darkness * shadow)[..., None])


def paste(image: np.ndarray, sprite: np.ndarray, alpha: np.ndarray, x: int, y: int) -> np.ndarray:
    """Composite ``sprite`` (BGR) onto a copy of ``image`` with its top-left corner at (x, y),
    weighted by ``alpha`` (same height and width as the sprite; 0..1 float or 0..255 uint8).
    Parts falling outside the image are cut off, so objects may lie at the edge of view."""
    out = image.copy()
    height, width = image.shape[:2]
    sh, sw = sprite.shape[:2]
    left, top = max(x, 0), max(y, 0)
    right, bottom = min(x + sw, width), min(y + sh, height)
    if right <= left or bottom <= top:
        return out
    weight = alpha.astype(np.float32)
    if alpha.dtype == np.uint8:
        weight /= 255.0
    crop = (slice(top - y, bottom - y), slice(left - x, right - x))
    w = weight[crop][..., None]
    region = out[top:bottom, left:right].astype(np.float32)
    out[top:bottom, left:right] = _to_uint8(region * (1 - w) + sprite[crop].astype(np.float32) * w)
    return out


def gaussian_blur(image: np.ndarray, sigma: float) -> np.ndarray:
    """Defocus: a Gaussian blur of ``sigma`` px (no-op for sigma <= 0)."""
    return image.copy() if sigma <= 0 else cv2.GaussianBlur(image, (0, 0), sigma)


def motion_blur(image: np.ndarray, length: float, angle: float) -> np.ndarray:
    """A camera shake or a rolling die: a line kernel ``length`` px long at ``angle`` radians."""
    size = max(1, round(length))
    if size < 2:
        return image.copy()
    kernel = np.zeros((size, size), np.float32)
    centre = (size - 1) / 2
    dx, dy = np.cos(angle) * centre, np.sin(angle) * centre
    start = (round(centre - dx), round(centre - dy))
    end = (round(centre + dx), round(centre + dy))
    cv2.line(kernel, start, end, 1.0, 1)
    return cv2.filter2D(image, -1, kernel / kernel.sum())


def random_blur(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Sometimes defocus, sometimes motion blur, mostly mild; often none."""
    choice = rng.random()
    if choice < 0.4:
        return image.copy()
    if choice < 0.8:
        return gaussian_blur(image, rng.uniform(0.3, 1.6))
    return motion_blur(image, rng.uniform(2, 7), rng.uniform(0, np.pi))


def sensor_noise(
    image: np.ndarray, rng: np.random.Generator, sigma: float | None = None
) -> np.ndarray:
    """Camera sensor noise: Gaussian, per channel, ``sigma`` grey levels (random if not given),
    a little stronger in dark areas as on a real sensor."""
    sigma = rng.uniform(1.0, 8.0) if sigma is None else sigma
    pixels = image.astype(np.float32)
    dark_boost = 1.0 + 0.5 * (1.0 - pixels.mean(axis=2, keepdims=True) / 255.0)
    noise = rng.standard_normal(image.shape, dtype=np.float32) * np.float32(sigma)
    return _to_uint8(pixels + noise * dark_boost)


def jpeg_artefacts(image: np.ndarray, quality: int) -> np.ndarray:
    """Round-trip through JPEG at ``quality`` (1..100): block edges and colour bleeding as in
    compressed camera streams and saved photos."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise ValueError(f"JPEG encoding failed at quality {quality}")
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def degrade(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The camera's share: random blur, then sensor noise, then JPEG at quality 40..95."""
    image = random_blur(image, rng)
    image = sensor_noise(image, rng)
    return jpeg_artefacts(image, int(rng.integers(40, 96)))


def perspective_warp(
    image: np.ndarray,
    boxes: Sequence[Box],
    rng: np.random.Generator,
    strength: float | None = None,
) -> tuple[np.ndarray, list[Box], np.ndarray]:
    """A mildly tilted camera: move each image corner by up to ``strength`` (share of the
    shorter side, default random up to 0.08) and warp.  Returns the warped image, the boxes
    carried along (the bounding box of each warped box's corners, clipped to the image) and the
    3x3 homography, so a caller can carry other geometry with :func:`warp_points`."""
    height, width = image.shape[:2]
    strength = rng.uniform(0.0, 0.08) if strength is None else strength
    shift = strength * min(height, width)
    src = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    dst = (src + rng.uniform(-shift, shift, src.shape)).astype(np.float32)
    matrix = cv2.getPerspectiveTransform(src, dst)
    warped = cv2.warpPerspective(
        image, matrix, (width, height), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT
    )
    return warped, warp_boxes(boxes, matrix, (height, width)), matrix


def warp_points(points: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Points (N x 2, pixels) carried through a 3x3 homography."""
    pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
    if pts.size == 0:
        return np.zeros((0, 2))
    return cv2.perspectiveTransform(pts, np.asarray(matrix, np.float64)).reshape(-1, 2)


def warp_boxes(boxes: Sequence[Box], matrix: np.ndarray, size: Size) -> list[Box]:
    """Each box carried through a homography: the axis-aligned bounding box of its four warped
    corners, clipped to an image of ``size``.  Boxes are kept in order, even if clipped to
    nothing (width or height 0), so labels stay aligned with the objects they describe."""
    height, width = size
    out = []
    for box in boxes:
        corners = np.array(
            [
                [box.x, box.y],
                [box.x + box.w, box.y],
                [box.x + box.w, box.y + box.h],
                [box.x, box.y + box.h],
            ]
        )
        warped = warp_points(corners, matrix)
        left, top = np.clip(warped.min(axis=0), 0, [width, height])
        right, bottom = np.clip(warped.max(axis=0), 0, [width, height])
        out.append(Box(float(left), float(top), float(right - left), float(bottom - top)))
    return out


def hand_occluder(
    image: np.ndarray, rng: np.random.Generator, reach: float | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """A hand partly in view: a skin-coloured palm with fingers, entering from a random edge
    and reaching ``reach`` (share of the image, random 0.15..0.45) into it, shaded and with
    soft edges.  Returns the new image and the hand's mask (float 0..1), so a labeller can
    drop or flag objects the hand covers (see :func:`occluded_fraction`)."""
    height, width = image.shape[:2]
    reach = rng.uniform(0.15, 0.45) if reach is None else reach
    edge = int(rng.integers(4))
    along = rng.uniform(0.2, 0.8)
    unit = min(height, width)
    palm_r = unit * rng.uniform(0.10, 0.16)
    depth = reach * (height if edge in (0, 2) else width)
    # Work in a frame where the hand enters from the top edge, then rotate into place.
    span = width if edge in (0, 2) else height
    other = height if edge in (0, 2) else width
    canvas = np.zeros((other, span), np.float32)
    cx, tip_y = along * span, depth
    palm_cy = tip_y - palm_r * 1.8
    cv2.ellipse(
        canvas,
        (int(cx), int(palm_cy)),
        (int(palm_r), int(palm_r * 1.2)),
        0,
        0,
        360,
        1.0,
        -1,
    )
    cv2.rectangle(
        canvas, (int(cx - palm_r * 0.9), 0), (int(cx + palm_r * 0.9), int(palm_cy)), 1.0, -1
    )
    finger_w = max(2, int(palm_r * 0.32))
    for i in range(4):
        fx = cx + (i - 1.5) * palm_r * 0.5
        length = palm_r * rng.uniform(1.4, 2.0) * (0.8 if i in (0, 3) else 1.0)
        tilt = rng.uniform(-0.2, 0.2) + (i - 1.5) * 0.08
        end = (int(fx + np.sin(tilt) * length), int(palm_cy + np.cos(tilt) * length))
        cv2.line(canvas, (int(fx), int(palm_cy)), end, 1.0, finger_w)
    if rng.random() < 0.7:
        thumb_side = rng.choice([-1.0, 1.0])
        start = (int(cx + thumb_side * palm_r * 0.8), int(palm_cy - palm_r * 0.4))
        end = (int(start[0] + thumb_side * palm_r * 0.9), int(start[1] + palm_r * 0.6))
        cv2.line(canvas, start, end, 1.0, max(2, int(palm_r * 0.38)))
    mask = np.rot90(canvas, k=-edge) if edge else canvas
    mask = cv2.resize(np.ascontiguousarray(mask), (width, height))
    mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, unit * 0.004))
    skin = np.array(_pick(rng, SKIN_COLOURS), np.float32) * rng.uniform(0.85, 1.15)
    shading = 1.0 + 0.15 * smooth_noise(rng, (height, width), cell=unit * 0.08)
    hand = skin[None, None, :] * shading[..., None]
    out = image.astype(np.float32) * (1 - mask[..., None]) + hand * mask[..., None]
    return _to_uint8(out), mask


def occluded_fraction(mask: np.ndarray, box: Box) -> float:
    """The share of ``box`` covered by an occluder ``mask`` (0..1 float, or 0/255 uint8)."""
    height, width = mask.shape[:2]
    left, top = max(0, int(box.x)), max(0, int(box.y))
    right, bottom = (
        min(width, int(np.ceil(box.x + box.w))),
        min(height, int(np.ceil(box.y + box.h))),
    )
    if right <= left or bottom <= top:
        return 0.0
    region = mask[top:bottom, left:right].astype(np.float32)
    if mask.dtype == np.uint8:
        region /= 255.0
    return float((region > 0.5).mean())


def _pick(rng: np.random.Generator, options: Sequence[tuple[int, int, int]]) -> tuple[int, ...]:
    return tuple(options[int(rng.integers(len(options)))])


def _gaussian(rng: np.random.Generator, size: Size, sigma: float) -> np.ndarray:
    """Gaussian noise of ``size`` in float32 (drawn in float32: a 1080p frame of float64
    noise costs more than the rest of the scene)."""
    return rng.standard_normal(size, dtype=np.float32) * np.float32(sigma)


def _to_uint8(pixels: np.ndarray) -> np.ndarray:
    return np.clip(pixels, 0, 255).astype(np.uint8)
