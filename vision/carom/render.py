"""Top-down video of a simulated shot, as an overhead camera would film it.

What a real camera adds and the tracker must survive is all here: a slight perspective (the
camera is never exactly square to the table), parallax (tall skittles lean away from the
camera's nadir, a ball's centre is seen at its own height), motion blur (each frame integrates
the balls over the shutter time from the simulator's sub-frame positions), soft shadows from
two lamps over the table, an uneven light, sensor noise, and the player's cue and arm, which
come in behind the cue ball before the stroke and go out after it.

A :class:`Camera` maps table millimetres (at a height) to image pixels; the renderer draws the
static scene once (floor, rails, cushions, cloth, pockets, chalk marks) and, per frame, the
skittles, the shadows, the balls and the occluder on a copy.

With ``varied=True`` (:class:`Variation`) a shot is filmed as real halls and broadcasts film
it: the camera tilted off the vertical (a true perspective: the far end smaller, tall things
leaning away from the point under the camera, off the table's centre), one to three lamps
hung anywhere over the table, and each frame compressed as a broadcast stream is (strong
JPEG, colour at a quarter of the resolution); each ball is drawn as big as it is seen where
it lies (at a tilt of 16 degrees the far end's a quarter smaller than the middle's).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from vision.carom.layout import Colour, TableLayout
from vision.carom.physics import STEP_HZ, Simulation
from vision.synth import scene

CAMERA_HEIGHT = 2600.0  # mm above the cloth, over the table's centre
LAMPS = ((-900.0, 150.0, 1150.0), (900.0, -150.0, 1150.0))  # x, y, height (mm)
CUE_COLOUR = (120, 175, 215)
SUB_SAMPLES = 6
#: A varied camera (:class:`Variation`) is tilted this many degrees off the vertical (the
#: camera on a wall or a stand beside the table rather than over its centre) ...
TILT_DEGREES = (4.0, 16.0)
#: ... and turned this many degrees about its axis.
ROLL_DEGREES = 4.0
#: A varied hall has this many lamps, hung this high (mm) anywhere over the table.
LAMP_COUNT, LAMP_HEIGHTS = (1, 3), (900.0, 1500.0)
#: A varied video's frames are JPEG-compressed at a quality drawn from this range (a broadcast
#: stream at a low bit rate), and its colour kept at a quarter of the resolution (4:2:0).
JPEG_QUALITY = (30, 70)
#: The table's outlines (rail, cushion, cloth) are drawn at FILL_SAMPLES times the resolution
#: each way and averaged down (:func:`fill_polygon`): OpenCV's antialiased fill, kept where it
#: is over half, lays the outline's own pixels inside, 0-1 px (0.5 on average) beyond each
#: side, and a table finder measured against the polygon took that for its own error (every
#: corner about 1 px out on the development frames); a quarter pixel's steps leave 0.1 px.
FILL_SAMPLES = 4
#: Sleeve colours (BGR): denim, navy, charcoal, grey, brown.
SLEEVES = ((110, 70, 40), (70, 35, 25), (50, 50, 50), (120, 120, 115), (40, 60, 80))


@dataclass(frozen=True)
class Camera:
    """Image size (width, height) and the homography from the table plane (mm, origin at
    the centre) to pixels; points at a height are seen through :data:`CAMERA_HEIGHT`."""

    size: tuple[int, int]
    homography: np.ndarray
    height: float = CAMERA_HEIGHT
    #: A tilted camera's 3x4 projection matrix (table mm, z up -> px); None: straight down.
    pose: np.ndarray | None = None

    def project(self, points: np.ndarray, z: float | np.ndarray = 0.0) -> np.ndarray:
        """Table points (N x 2 mm) at height ``z`` -> image points (N x 2 px)."""
        pts = np.asarray(points, np.float64).reshape(-1, 2)
        heights = np.broadcast_to(np.asarray(z, np.float64).reshape(-1, 1), (len(pts), 1))
        if self.pose is not None:
            seen = np.hstack([pts, heights, np.ones((len(pts), 1))]) @ self.pose.T
            return seen[:, :2] / seen[:, 2:]
        lift = self.height / (self.height - heights)
        out = cv2.perspectiveTransform((pts * lift).reshape(-1, 1, 2), self.homography)
        return out.reshape(-1, 2)

    @property
    def scale(self) -> float:
        """Pixels per millimetre near the centre of the table."""
        a, b = self.project(np.array([[0.0, 0.0], [100.0, 0.0]]))
        return float(np.hypot(*(b - a))) / 100.0


def make_camera(layout: TableLayout, size: tuple[int, int], rng: np.random.Generator) -> Camera:
    """A camera that frames the whole table with its rails, slightly off square."""
    width, height = size
    hx, hy = layout.half
    ex = hx + layout.cushion_width + layout.rail_width
    ey = hy + layout.cushion_width + layout.rail_width
    scale = min(width * 0.97 / (2 * ex), height * 0.97 / (2 * ey))
    table = np.float32([(-ex, ey), (ex, ey), (ex, -ey), (-ex, -ey)])
    image = np.float32([(width / 2 + x * scale, height / 2 - y * scale) for x, y in table])
    jitter = rng.uniform(-1, 1, (4, 2)).astype(np.float32) * np.float32(0.006 * width)
    matrix = cv2.getPerspectiveTransform(table, image + jitter)
    return Camera(size, matrix)


def tilted_camera(
    layout: TableLayout, size: tuple[int, int], tilt: float, azimuth: float, roll: float
) -> Camera:
    """A camera :data:`CAMERA_HEIGHT` above the cloth, ``tilt`` degrees off the vertical
    towards ``azimuth`` (degrees, table axes), aimed at the table's centre and turned ``roll``
    degrees about its axis, zoomed to frame the table with its rails as :func:`make_camera`
    does."""
    width, height = size
    t, a = math.radians(tilt), math.radians(azimuth)
    centre = CAMERA_HEIGHT * np.array([math.tan(t) * math.cos(a), math.tan(t) * math.sin(a), 1.0])
    forward = -centre / float(np.linalg.norm(centre))
    right = np.cross(forward, [0.0, 1.0, 0.0])  # image x along the table's length, as overhead
    right /= float(np.linalg.norm(right))
    down = np.cross(forward, right)
    turn = math.radians(roll)
    right, down = (
        math.cos(turn) * right + math.sin(turn) * down,
        -math.sin(turn) * right + math.cos(turn) * down,
    )
    rotation = np.array([right, down, forward])
    view = np.hstack([rotation, (-rotation @ centre)[:, None]])
    hx, hy = layout.half
    ex = hx + layout.cushion_width + layout.rail_width
    ey = hy + layout.cushion_width + layout.rail_width
    corners = np.array([[sx * ex, sy * ey, 45.0, 1.0] for sx in (-1, 1) for sy in (-1, 1)])
    seen = corners @ view.T
    xy = seen[:, :2] / seen[:, 2:]
    span = xy.max(axis=0) - xy.min(axis=0)
    zoom = min(width * 0.97 / span[0], height * 0.97 / span[1])
    middle = (xy.max(axis=0) + xy.min(axis=0)) / 2
    frame = np.array(
        [
            [zoom, 0.0, width / 2 - zoom * middle[0]],
            [0.0, zoom, height / 2 - zoom * middle[1]],
            [0, 0, 1],
        ]
    )
    pose = frame @ view
    return Camera(size, pose[:, [0, 1, 3]] / pose[2, 3], pose=pose)


@dataclass(frozen=True)
class Variation:
    """What a varied shot's filming draws (:data:`TILT_DEGREES`, :data:`LAMP_COUNT`,
    :data:`JPEG_QUALITY`): the camera's tilt, its direction and roll, the lamps, and the
    compression."""

    tilt: float
    azimuth: float
    roll: float
    lamps: tuple[tuple[float, float, float], ...]
    quality: int

    @classmethod
    def draw(cls, rng: np.random.Generator, layout: TableLayout) -> Variation:
        hx, hy = layout.half
        count = int(rng.integers(LAMP_COUNT[0], LAMP_COUNT[1] + 1))
        lamps = tuple(
            (
                float(rng.uniform(-0.8, 0.8) * hx),
                float(rng.uniform(-0.8, 0.8) * hy),
                float(rng.uniform(*LAMP_HEIGHTS)),
            )
            for _ in range(count)
        )
        return cls(
            float(rng.uniform(*TILT_DEGREES)),
            float(rng.uniform(0.0, 360.0)),
            float(rng.uniform(-ROLL_DEGREES, ROLL_DEGREES)),
            lamps,
            int(rng.integers(JPEG_QUALITY[0], JPEG_QUALITY[1] + 1)),
        )


class ShotRenderer:
    """Frames of one simulated shot: ``frames(fps)`` yields BGR images, the stroke at
    ``stroke_at`` seconds of video time."""

    def __init__(
        self,
        sim: Simulation,
        size: tuple[int, int],
        rng: np.random.Generator,
        stroke_at: float = 0.6,
        after: float = 0.5,
        noise: float = 4.0,
        shutter: float = 1 / 120,
        cloth: Colour | None = None,
        varied: bool = False,
    ) -> None:
        self.sim = sim
        self.cloth = cloth
        self.layout = sim.setup.layout
        self.rng = rng
        #: How a varied shot is filmed (None: overhead, two lamps, no compression beyond the
        #: video's own); drawn first, so a shot that is not varied draws what it always drew.
        self.variation = Variation.draw(rng, self.layout) if varied else None
        self.lamps = self.variation.lamps if self.variation else LAMPS
        self.camera = (
            tilted_camera(
                self.layout,
                size,
                self.variation.tilt,
                self.variation.azimuth,
                self.variation.roll,
            )
            if self.variation
            else make_camera(self.layout, size, rng)
        )
        self.stroke_at = stroke_at
        self.after = after
        self.shutter = shutter
        self.scale = self.camera.scale
        self.gain = self._light(size)
        self.static = self._table(size)
        self._noise = [_noise_pair(rng, size, noise) for _ in range(6)]
        self._cue_dir = np.asarray(sim.setup.velocity, float) / max(
            1e-9, float(np.hypot(*sim.setup.velocity))
        )
        self._skin = scene.SKIN_COLOURS[int(rng.integers(len(scene.SKIN_COLOURS)))]
        self._sleeve = SLEEVES[int(rng.integers(len(SLEEVES)))]
        self._arm_side = float(rng.choice([-1.0, 1.0]))
        self._sprites = {
            ball: _ball_sprite(colour, self.layout.ball_radius * self._ball_scale())
            for ball, colour in self.layout.balls.items()
        }
        self._sized: dict[tuple[str, float], tuple[np.ndarray, np.ndarray]] = {}

    @property
    def length(self) -> float:
        """Seconds of video: the set-up, the shot, the balls at rest afterwards."""
        return self.stroke_at + self.sim.duration + self.after

    def frames(self, fps: float) -> Iterator[np.ndarray]:
        """Every frame at ``fps``, the shutter open ``shutter`` seconds from each frame's time."""
        count = int(self.length * fps)
        for index in range(count):
            yield self.frame(index / fps, index)

    def frame(self, t: float, index: int = 0) -> np.ndarray:
        """The frame exposed from video time ``t``."""
        image = self.static.copy()
        s = t - self.stroke_at
        self._draw_skittles(image, s)
        self._draw_balls(image, s)
        self._draw_occluder(image, s)
        pos, neg = self._noise[index % len(self._noise)]
        image = cv2.subtract(cv2.add(image, pos), neg)
        if self.variation is not None:
            image = broadcast(image, self.variation.quality)
        return image

    # ---- the static scene --------------------------------------------------------------

    def _light(self, size: tuple[int, int]) -> np.ndarray:
        """Brightness gain per pixel: the lamps' pools of light over a darker room."""
        width, height = size
        ys, xs = np.mgrid[0:height:4, 0:width:4].astype(np.float32)
        gain = np.full(xs.shape, 0.62, np.float32)
        for x, y, _ in self.lamps:
            cx, cy = self.camera.project(np.array([[x, y]]))[0]
            spread = 0.35 * width * self.rng.uniform(0.85, 1.15)
            gain += 0.42 * np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * spread**2))
        return cv2.resize(gain, (width, height), interpolation=cv2.INTER_LINEAR)

    def _table(self, size: tuple[int, int]) -> np.ndarray:
        width, height = size
        rng, layout = self.rng, self.layout
        image = (scene.felt(rng, (height, width), (70, 70, 75)) * 0.5).astype(np.uint8)
        hx, hy = layout.half
        cw, rw = layout.cushion_width, layout.rail_width
        rail = _rect(hx + cw + rw, hy + cw + rw)
        wood = scene.wood(rng, (height, width), scene.WOOD_COLOURS[int(rng.integers(2, 5))])
        mask = np.zeros((height, width), np.uint8)
        fill_polygon(mask, self.camera.project(np.array(rail), 45.0))
        image = np.where(mask[..., None] > 127, wood, image)
        green = (int(rng.integers(35, 60)), int(rng.integers(120, 150)), int(rng.integers(25, 50)))
        cloth_colour = self.cloth if self.cloth is not None else green
        cloth = scene.felt(rng, (height, width), cloth_colour)
        cushion = (cloth.astype(np.float32) * 0.86).astype(np.uint8)
        mask[:] = 0
        fill_polygon(mask, self.camera.project(np.array(_rect(hx + cw, hy + cw)), 40.0))
        image = np.where(mask[..., None] > 127, cushion, image)
        mask[:] = 0
        fill_polygon(mask, self.camera.project(np.array(_rect(hx, hy)), 0.0))
        image = np.where(mask[..., None] > 127, cloth, image)
        r = layout.ball_radius * self.scale
        for pocket in layout.pockets:
            centre = self.camera.project(np.array([pocket.at]), 20.0)[0]
            cv2.circle(image, _pt(centre), round(r * 1.45 * 16), (12, 12, 14), -1, cv2.LINE_AA, 4)
        for mark, at in layout.marks.items():
            self._chalk(image, at, large=mark not in {s.mark for s in layout.skittles})
        image = (image.astype(np.float32) * self.gain[..., None]).clip(0, 255).astype(np.uint8)
        return image

    def _chalk(self, image: np.ndarray, at: tuple[float, float], large: bool) -> None:
        """A thin chalk cross on a mark (§B.3: thin chalk, pencil or ink lines)."""
        arm = 14.0 if large else 9.0
        for dx, dy in ((arm, 0.0), (0.0, arm)):
            a, b = self.camera.project(
                np.array([(at[0] - dx, at[1] - dy), (at[0] + dx, at[1] + dy)])
            )
            cv2.line(image, _pt(a), _pt(b), (120, 160, 120), 1, cv2.LINE_AA, 4)

    # ---- per frame ---------------------------------------------------------------------

    def _ball_scale(self) -> float:
        return self.scale * CAMERA_HEIGHT / (CAMERA_HEIGHT - self.layout.ball_radius)

    def _gain_at(self, point: np.ndarray) -> float:
        x, y = (
            int(np.clip(point[0], 0, self.gain.shape[1] - 1)),
            int(np.clip(point[1], 0, self.gain.shape[0] - 1)),
        )
        return float(self.gain[y, x])

    def _draw_skittles(self, image: np.ndarray, s: float) -> None:
        """Shadows first, then the bodies from the lowest up: seen from above, a standing
        skittle hides whatever lies at its foot (a neighbour fallen against it), never the
        reverse."""
        layout, sim = self.layout, self.sim
        bodies = []
        for name, state in sim.skittles.items():
            spec = layout.skittle(name)
            base = sim.skittle_at(name, max(0.0, s))
            tilt = state.tilt(s) * math.pi / 2
            head = base + state.direction * spec.height * math.sin(tilt)
            z_head = spec.body_radius + (spec.height - spec.body_radius) * math.cos(tilt)
            z_base = spec.body_radius if tilt > 0.3 else 0.0
            width = 2 * spec.body_radius * self.scale
            self._skittle_shadow(image, base, head, z_head, width)
            bodies.append((z_head, spec, base, head, z_base, width))
        for z_head, spec, base, head, z_base, width in sorted(bodies, key=lambda b: b[0]):
            a = self.camera.project(base[None], z_base)[0]
            b = self.camera.project(head[None], z_head)[0]
            mid = self.camera.project(((base + head) / 2)[None], (z_base + z_head) / 2)[0]
            gain = self._gain_at(mid)
            body = _scaled(spec.body, gain)
            cv2.line(image, _pt(a), _pt(b), body, max(1, round(width)), cv2.LINE_AA, 4)
            cv2.circle(image, _pt(a), round(width / 2 * 16), body, -1, cv2.LINE_AA, 4)
            cv2.circle(
                image,
                _pt(b),
                round(width * 0.3 * 16),
                _scaled(spec.head, gain),
                -1,
                cv2.LINE_AA,
                4,
            )

    def _skittle_shadow(
        self, image: np.ndarray, base: np.ndarray, head: np.ndarray, z_head: float, width: float
    ) -> None:
        """Each lamp casts the skittle's shadow away from it on the cloth."""
        for lx, ly, lz in self.lamps:
            lamp = np.array([lx, ly])
            tip = head + (head - lamp) * z_head / (lz - z_head)
            a, b = self.camera.project(np.array([base, tip]))
            _darken_line(image, a, b, max(2.0, width * 0.9), 0.22)

    def _draw_balls(self, image: np.ndarray, s: float) -> None:
        """Each ball integrated over the shutter: the sprite at sub-frame positions, averaged."""
        sim, r = self.sim, self.layout.ball_radius
        subs = [s + self.shutter * (k + 0.5) / SUB_SAMPLES for k in range(SUB_SAMPLES)]
        h, w = image.shape[:2]
        for ball in sim.positions:
            points = [self._ball_at(ball, t) for t in subs]
            seen = [p for p in points if p is not None]
            if not seen:
                continue
            centres = self.camera.project(np.array(seen), r)
            mean = centres.mean(axis=0)
            for lx, ly, lz in self.lamps:
                ground = np.mean(seen, axis=0)
                shadow = ground + (ground - np.array([lx, ly])) * r / (lz - r)
                c = self.camera.project(shadow[None])[0]
                _darken_disc(image, c, r * self.scale * 1.05, 0.28)
            sprite, alpha = self._sprite(ball, np.mean(seen, axis=0))
            gain = self._gain_at(mean)
            half = sprite.shape[0] // 2
            x0 = math.floor(centres[:, 0].min()) - half - 1
            y0 = math.floor(centres[:, 1].min()) - half - 1
            x1 = math.ceil(centres[:, 0].max()) + half + 2
            y1 = math.ceil(centres[:, 1].max()) + half + 2
            if x1 <= 0 or y1 <= 0 or x0 >= w or y0 >= h:
                continue
            acc = np.zeros((y1 - y0, x1 - x0, 3), np.float32)
            cover = np.zeros((y1 - y0, x1 - x0), np.float32)
            for cx, cy in centres:
                ix, iy = round(cx) - half - x0, round(cy) - half - y0
                acc[iy : iy + sprite.shape[0], ix : ix + sprite.shape[1]] += (
                    sprite * alpha[..., None]
                )
                cover[iy : iy + sprite.shape[0], ix : ix + sprite.shape[1]] += alpha
            acc *= gain / len(subs)
            cover /= len(subs)
            _composite(image, acc, cover, x0, y0)

    def _sprite(self, ball: str, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The ball's sprite: overhead one size, seen by a tilted camera as big as the ball is
        where it lies (a quarter smaller at the far end at 16 degrees), to a tenth of a px."""
        if self.variation is None:
            return self._sprites[ball]
        r = self.layout.ball_radius
        across = np.array([r, 0.0])
        ends = self.camera.project(np.array([at - across, at + across]), r)
        radius = round(float(np.hypot(*(ends[1] - ends[0]))) / 2, 1)
        key = (ball, radius)
        if key not in self._sized:
            self._sized[key] = _ball_sprite(self.layout.balls[ball], radius)
        return self._sized[key]

    def _ball_at(self, ball: str, s: float) -> np.ndarray | None:
        """Where a ball's centre is at shot time ``s`` (None once it is gone)."""
        i = min(len(self.sim.times) - 1, max(0, round(s * STEP_HZ)))
        point = self.sim.positions[ball][i]
        return None if np.isnan(point[0]) else point

    def _draw_occluder(self, image: np.ndarray, s: float) -> None:
        """The cue and the player's arm: in behind the cue ball, the stroke, out again."""
        if s < -0.45 or s > 0.55:
            return
        start = np.asarray(self.sim.setup.balls[self.sim.setup.cue], float)
        r = self.layout.ball_radius
        if s < 0:
            gap = 10.0 + 260.0 * (-s / 0.45) ** 0.7
        elif s < 0.08:
            gap = -min(45.0, 900.0 * s)
        else:
            gap = -45.0 + 2400.0 * (s - 0.08) ** 1.3
        tip = start - self._cue_dir * (r + gap)
        butt = tip - self._cue_dir * 1450.0
        across = np.array([-self._cue_dir[1], self._cue_dir[0]]) * self._arm_side
        a, b = self.camera.project(np.array([tip, butt]), 60.0)
        cv2.line(
            image,
            _pt(a),
            _pt(b),
            _scaled(CUE_COLOUR, 0.9),
            max(2, int(self.scale * 20)),
            cv2.LINE_AA,
            4,
        )
        bridge = tip - self._cue_dir * 230.0 + across * 25.0
        elbow = bridge - self._cue_dir * 380.0 + across * 260.0
        for part, radius, colour in (
            ((bridge, elbow), 45.0, self._sleeve),
            ((bridge, bridge - self._cue_dir * 40.0), 55.0, self._skin),
        ):
            p, q = self.camera.project(np.array(part), 120.0)
            cv2.line(
                image, _pt(p), _pt(q), colour, max(2, int(2 * radius * self.scale)), cv2.LINE_AA, 4
            )
        grip = butt + self._cue_dir * 250.0
        shoulder = grip + across * 300.0 - self._cue_dir * 150.0
        p, q = self.camera.project(np.array([grip, shoulder]), 250.0)
        cv2.line(image, _pt(p), _pt(q), self._sleeve, max(2, int(110 * self.scale)), cv2.LINE_AA, 4)


def fill_polygon(mask: np.ndarray, points: np.ndarray, value: int = 255) -> None:
    """Set ``value`` in ``mask`` on every pixel more than half inside the polygon ``points``
    (float px, pixel centres on whole numbers), the edge where a camera's would be
    (:data:`FILL_SAMPLES`)."""
    k = FILL_SAMPLES
    height, width = mask.shape[:2]
    fine = np.asarray(points, np.float64).reshape(-1, 2) * k + (k - 1) / 2
    big = np.zeros((height * k, width * k), np.uint8)
    cv2.fillPoly(big, [np.round(fine * 16).astype(np.int32)], 255, cv2.LINE_8, 4)
    cover = cv2.resize(big, (width, height), interpolation=cv2.INTER_AREA)
    mask[cover > 127] = value


def broadcast(image: np.ndarray, quality: int) -> np.ndarray:
    """A frame as a low-bit-rate stream delivers it: colour at half the resolution each way
    (4:2:0) and JPEG's blocks at ``quality``."""
    ycc = cv2.cvtColor(image, cv2.COLOR_BGR2YCrCb)
    h, w = ycc.shape[:2]
    chroma = cv2.resize(ycc[..., 1:], (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    ycc[..., 1:] = cv2.resize(chroma, (w, h), interpolation=cv2.INTER_LINEAR)
    ok, data = cv2.imencode(
        ".jpg", cv2.cvtColor(ycc, cv2.COLOR_YCrCb2BGR), [cv2.IMWRITE_JPEG_QUALITY, quality]
    )
    return cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else image


def _rect(x: float, y: float) -> list[tuple[float, float]]:
    return [(-x, y), (x, y), (x, -y), (-x, -y)]


def _pt(point: np.ndarray) -> tuple[int, int]:
    """A point in 1/16 px for OpenCV's sub-pixel drawing (shift 4)."""
    return (round(point[0] * 16), round(point[1] * 16))


def _scaled(colour: Colour, gain: float) -> tuple[int, int, int]:
    b, g, r = (int(min(255, max(0, c * gain))) for c in colour)
    return (b, g, r)


def _ball_sprite(colour: Colour, radius: float) -> tuple[np.ndarray, np.ndarray]:
    """A shaded ball (darker rim, a lamp's highlight) and its anti-aliased coverage."""
    half = math.ceil(radius) + 1
    ys, xs = np.mgrid[-half : half + 1, -half : half + 1].astype(np.float32)
    dist = np.hypot(xs, ys)
    alpha = np.clip(radius + 0.5 - dist, 0, 1)
    rim = np.clip(dist / radius, 0, 1)
    shade = 1.0 - 0.35 * rim**3
    sprite = np.array(colour, np.float32)[None, None, :] * shade[..., None]
    spot = np.exp(
        -((xs + 0.35 * radius) ** 2 + (ys + 0.35 * radius) ** 2) / (2 * (0.16 * radius) ** 2)
    )
    sprite = sprite * (1 - 0.85 * spot[..., None]) + 250 * 0.85 * spot[..., None]
    return sprite.astype(np.float32), alpha.astype(np.float32)


def _composite(image: np.ndarray, acc: np.ndarray, cover: np.ndarray, x0: int, y0: int) -> None:
    """Lay a premultiplied colour layer over ``image`` at (x0, y0), clipped to the image."""
    h, w = image.shape[:2]
    ax0, ay0 = max(0, -x0), max(0, -y0)
    bx0, by0 = max(0, x0), max(0, y0)
    bx1, by1 = min(w, x0 + acc.shape[1]), min(h, y0 + acc.shape[0])
    if bx1 <= bx0 or by1 <= by0:
        return
    region = image[by0:by1, bx0:bx1].astype(np.float32)
    a = cover[ay0 : ay0 + by1 - by0, ax0 : ax0 + bx1 - bx0, None]
    c = acc[ay0 : ay0 + by1 - by0, ax0 : ax0 + bx1 - bx0]
    image[by0:by1, bx0:bx1] = np.clip(region * (1 - a) + c, 0, 255).astype(np.uint8)


def _darken_disc(image: np.ndarray, centre: np.ndarray, radius: float, depth: float) -> None:
    """A soft round shadow: multiply by (1 - depth) in the middle, fading at the edge."""
    half = int(radius * 1.6) + 2
    x0, y0 = int(centre[0]) - half, int(centre[1]) - half
    size = 2 * half + 1
    mask = np.zeros((size, size), np.float32)
    cv2.circle(
        mask,
        (half + round(centre[0] - int(centre[0])), half),
        int(radius),
        1.0,
        -1,
        cv2.LINE_AA,
    )
    mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, radius * 0.35))
    _multiply(image, 1.0 - depth * mask, x0, y0)


def _darken_line(
    image: np.ndarray, a: np.ndarray, b: np.ndarray, width: float, depth: float
) -> None:
    """A soft elongated shadow from ``a`` to ``b``."""
    pad = int(width * 2) + 2
    x0, y0 = int(min(a[0], b[0])) - pad, int(min(a[1], b[1])) - pad
    x1, y1 = int(max(a[0], b[0])) + pad, int(max(a[1], b[1])) + pad
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    p = (round(a[0] - x0), round(a[1] - y0))
    q = (round(b[0] - x0), round(b[1] - y0))
    cv2.line(mask, p, q, 1.0, max(1, round(width)), cv2.LINE_AA)
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.8, width * 0.4))
    _multiply(image, 1.0 - depth * mask, x0, y0)


def _multiply(image: np.ndarray, factor: np.ndarray, x0: int, y0: int) -> None:
    h, w = image.shape[:2]
    ax0, ay0 = max(0, -x0), max(0, -y0)
    bx0, by0 = max(0, x0), max(0, y0)
    bx1, by1 = min(w, x0 + factor.shape[1]), min(h, y0 + factor.shape[0])
    if bx1 <= bx0 or by1 <= by0:
        return
    f = factor[ay0 : ay0 + by1 - by0, ax0 : ax0 + bx1 - bx0, None]
    image[by0:by1, bx0:bx1] = (image[by0:by1, bx0:bx1].astype(np.float32) * f).astype(np.uint8)


def _noise_pair(
    rng: np.random.Generator, size: tuple[int, int], sigma: float
) -> tuple[np.ndarray, np.ndarray]:
    """Sensor noise as two non-negative layers (added, then subtracted), so a frame costs two
    saturating uint8 operations instead of a float pass."""
    width, height = size
    noise = rng.normal(0, sigma, (height, width, 3)).astype(np.float32)
    return (
        np.clip(noise, 0, 255).astype(np.uint8),
        np.clip(-noise, 0, 255).astype(np.uint8),
    )
