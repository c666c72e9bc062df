"""Simulated skittles shots with known truth: ``tableref synth shots --count N --seed S --out DIR``.

Each shot is drawn from a list of kinds so a set covers every entry of the shot record
(docs/SHOT_RECORD.md), the fouls included: the cue ball playing an object ball (thin or full,
after a cushion or not), missing both, running straight into the skittles, dropping into a
pocket, an object ball potted, a ball jumping off the table, a skittle nudged off its mark but
left standing, a ball coming to rest on an empty mark (the big skittle removed).  The truth
record comes from the simulator's exact events (:mod:`vision.carom.physics`).

Written per shot: ``shot_NNNN.avi`` (MJPG, which opencv-python-headless writes and reads
everywhere) and ``shot_NNNN.json`` ``{"game", "fps", "size", "stroke_at", "kind",
"record": {...}, "skittles": {name: state}, "corners": [[x, y] x 4]}``, ``corners`` the
cushions' outer corners in the image (the truth for the calibration).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.carom.layout import TableLayout, layout
from vision.carom.physics import DECELERATION, ShotSetup, Simulation, simulate
from vision.carom.record import shot_record
from vision.carom.render import ShotRenderer
from vision.progress import tracked

KINDS = (
    "object_ball",
    "object_ball",
    "bank",
    "miss",
    "direct",
    "scratch",
    "pot",
    "off_table",
    "displace",
    "on_mark",
)
FPS = 60.0
SIZE = (1280, 720)


@dataclass(frozen=True)
class SimulatedShot:
    """One simulated shot: its truth (record and final skittle states), and its video as a
    lazy sequence of frames (a shot at 1280x720 is too big to hold in memory whole)."""

    kind: str
    record: dict[str, Any]
    skittles: dict[str, str]
    renderer: ShotRenderer
    fps: float

    def frames(self) -> Iterator[np.ndarray]:
        return self.renderer.frames(self.fps)

    @property
    def corners(self) -> list[list[float]]:
        """The cushions' outer corners in the image: the truth for calibration."""
        points = self.renderer.camera.project(np.array(self.renderer.layout.outer_corners()), 40.0)
        return [[round(float(x), 2), round(float(y), 2)] for x, y in points]

    def truth(self) -> dict[str, Any]:
        return {
            "game": self.renderer.layout.game,
            "fps": self.fps,
            "size": list(self.renderer.camera.size),
            "stroke_at": self.renderer.stroke_at,
            "kind": self.kind,
            "record": self.record,
            "skittles": self.skittles,
            "corners": self.corners,
        }

    def write_video(self, path: Path | str) -> None:
        writer = cv2.VideoWriter(
            str(path), cv2.VideoWriter_fourcc(*"MJPG"), self.fps, self.renderer.camera.size
        )
        if not writer.isOpened():
            raise OSError(f"{path}: cannot write an MJPG video here")
        try:
            for image in self.frames():
                writer.write(image)
        finally:
            writer.release()


def simulate_shot(
    seed: int,
    game: str = "seven_skittles",
    kind: str | None = None,
    size: tuple[int, int] = SIZE,
    fps: float = FPS,
    noise: float = 4.0,
    cloth: tuple[int, int, int] | None = None,
    varied: bool = False,
) -> SimulatedShot:
    """A deterministic simulated shot (same arguments, same frames and truth): of ``kind`` (one
    of :data:`KINDS`; by default drawn from the seed) on ``game``'s table, its cloth green
    unless a colour (BGR) is given; ``varied``: filmed by a tilted camera under one to three
    lamps and compressed as a broadcast (:class:`vision.carom.render.Variation`)."""
    rng = np.random.default_rng(seed)
    table = layout(game)
    kind = kind if kind is not None else KINDS[int(rng.integers(len(KINDS)))]
    setup = plan(table, kind, rng)
    sim = simulate(setup)
    stroke_at = float(rng.uniform(0.75, 0.9))
    renderer = ShotRenderer(
        sim, size, rng, stroke_at=stroke_at, noise=noise, cloth=cloth, varied=varied
    )
    return SimulatedShot(kind, truth_record(sim), skittle_states(sim), renderer, fps)


def truth_record(sim: Simulation) -> dict[str, Any]:
    """The shot record of the simulator's exact events."""
    final = {
        ball: (float(p[-1][0]), float(p[-1][1]))
        for ball, p in sim.positions.items()
        if not np.isnan(p[-1][0])
    }
    return shot_record(sim.setup.cue, sim.events, final, sim.setup.layout)


def skittle_states(sim: Simulation) -> dict[str, str]:
    """Each skittle's state once the shot is over: up, displaced, down or removed."""
    out = {}
    for spec in sim.setup.layout.skittles:
        state = sim.skittles.get(spec.name)
        if state is None:
            out[spec.name] = "removed"
        elif state.fell_at is not None:
            out[spec.name] = "down"
        elif math.dist(spec.at, state.at) > 1.0:
            out[spec.name] = "displaced"
        else:
            out[spec.name] = "up"
    return out


def plan(table: TableLayout, kind: str, rng: np.random.Generator) -> ShotSetup:
    """Where the balls stand and how the cue ball is struck, for one kind of shot."""
    if kind not in KINDS:
        raise ValueError(f"unknown shot kind {kind!r} (kinds: {', '.join(sorted(set(KINDS)))})")
    hx, hy = table.half
    r = table.ball_radius
    balls = dict(table.ball_spots)
    cue = table.cue
    start = np.array([rng.uniform(-hx + 2 * r, -hx * 0.55), rng.uniform(-hy * 0.8, hy * 0.8)])
    balls[cue] = (float(start[0]), float(start[1]))
    standing = list(table.skittle_names)
    if rng.random() < 0.08:  # a skittle still off from an earlier shot (its mark was taken)
        standing.remove(standing[int(rng.integers(1, len(standing)))])
    objects = [b for b in balls if b != cue]
    speed = rng.uniform(1400, 3600)
    jump = None
    if kind in ("object_ball", "off_table"):
        target = np.array(balls[objects[int(rng.integers(len(objects)))]])
        cut = rng.uniform(-1.6, 1.6) * r
        aim = target + _perp(target - start) * cut
        if kind == "off_table":
            jump = (cue if rng.random() < 0.4 else str(rng.choice(objects)), 1)
            speed = rng.uniform(2800, 3800)
    elif kind == "bank":
        target = np.array(balls[objects[int(rng.integers(len(objects)))]])
        wall = hy - r if rng.random() < 0.5 else -(hy - r)
        mirrored = np.array([target[0], 2 * wall - target[1]])  # aim at its image in the cushion
        aim = mirrored + rng.normal(0, 0.3 * r, 2)
    elif kind == "miss":
        aim = np.array([rng.uniform(-hx * 0.3, hx * 0.3), math.copysign(hy, rng.uniform(-1, 1))])
    elif kind == "direct":
        group = np.array(table.skittles[0].at)
        aim = group + rng.normal(0, 30, 2)
    elif kind == "scratch":
        pocket = table.pockets[int(rng.integers(len(table.pockets)))] if table.pockets else None
        aim = np.array(pocket.at if pocket else (hx, hy)) + rng.normal(0, 10, 2)
        speed = rng.uniform(1800, 3000)
    elif kind == "pot":
        aim, speed = _pot(table, balls, objects, rng)
    elif kind == "displace":
        skittle = table.skittles[int(rng.integers(len(table.skittles)))]
        if skittle.name not in standing:
            standing.append(skittle.name)
        aim = np.array(skittle.at) + _perp(np.array(skittle.at) - start) * rng.uniform(-12, 12)
        distance = float(np.hypot(*(aim - start))) - r - skittle.base_radius
        arrive = rng.uniform(90, 200)
        speed = math.sqrt(arrive**2 + 2 * DECELERATION * max(0.0, distance))
    else:  # on_mark: the big skittle off, the cue ball rolled to rest on its mark
        big = table.skittles[0]
        standing = [s for s in standing if s != big.name]
        centre = np.array(big.at)
        start = centre + np.array([-1, math.copysign(1, rng.uniform(-1, 1))]) * rng.uniform(
            500, 900
        )
        balls[cue] = (float(start[0]), float(start[1]))
        aim = centre + rng.normal(0, 4, 2)
        distance = float(np.hypot(*(aim - start))) + rng.uniform(-15, 15)
        speed = math.sqrt(2 * DECELERATION * distance)
    direction = (aim - start) / max(1e-9, float(np.hypot(*(aim - start))))
    velocity = (float(direction[0] * speed), float(direction[1] * speed))
    return ShotSetup(table, balls, tuple(standing), cue, velocity, jump)


def _perp(v: np.ndarray) -> np.ndarray:
    return np.array([-v[1], v[0]]) / max(1e-9, float(np.hypot(*v)))


def _pot(
    table: TableLayout,
    balls: dict[str, tuple[float, float]],
    objects: list[str],
    rng: np.random.Generator,
) -> tuple[np.ndarray, float]:
    """Aim at the ghost-ball place that sends an object ball towards a pocket."""
    if not table.pockets:
        return np.array(balls[objects[0]]), float(rng.uniform(1500, 3000))
    ball = np.array(balls[objects[int(rng.integers(len(objects)))]])
    pocket = np.array(table.pockets[int(rng.integers(len(table.pockets)))].at)
    line = (pocket - ball) / float(np.hypot(*(pocket - ball)))
    ghost = ball - line * 2 * table.ball_radius
    return ghost + rng.normal(0, 2.0, 2), float(rng.uniform(2600, 3800))


def render_dataset(
    out: Path | str,
    count: int,
    seed: int,
    game: str = "seven_skittles",
    cloth: str | None = None,
    varied: bool = False,
) -> None:
    """``count`` shots from ``seed`` into ``out``: a video and a truth JSON each; the kinds
    cycle so every kind is in any set of ten or more.  The cloth is green unless named (one of
    :data:`vision.carom.stills.CLOTHS`), or ``mixed``: every cloth in turn; ``varied``: each
    shot filmed by a tilted camera, its own lamps, broadcast compression."""
    from vision.carom.stills import CLOTHS

    if cloth is not None and cloth != "mixed" and cloth not in CLOTHS:
        raise ValueError(f"unknown cloth {cloth!r}; choose from mixed, {', '.join(CLOTHS)}")
    names = list(CLOTHS)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for index in tracked(range(count), "simulating shots"):
        name = names[index % len(names)] if cloth == "mixed" else cloth
        colour = CLOTHS[name] if name is not None else None
        shot = simulate_shot(
            seed * 100_003 + index, game, KINDS[index % len(KINDS)], cloth=colour, varied=varied
        )
        shot.write_video(folder / f"shot_{index:04d}.avi")
        text = json.dumps(shot.truth(), indent=1)
        (folder / f"shot_{index:04d}.json").write_text(text + "\n", encoding="utf-8")
