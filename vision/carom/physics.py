"""A 2D shot simulator with an exact event list: the ground truth the vision is measured on.

Balls roll with a constant rolling deceleration, collide with each other (equal masses, a
restitution below one, so momentum is kept and energy never grows) and with the cushions
(the normal speed reversed and reduced); a ball reaching a cushion in a pocket's mouth drops
into the pocket, and a ball told to jump at its n-th cushion flies over it and off the table.
A standing skittle hit by a ball falls in the direction it was struck, or, struck slowly, only
slides off its mark and stays up (displaced); a falling skittle fells every standing skittle
its body sweeps through (a chain), as §B.3/§A.7's "felled by a skittle" needs.

Fixed steps of ``1/STEP_HZ`` s; each contact's time is solved inside its step, so the event
times are exact to well under a millisecond, finer than any camera.  Deterministic: the same
:class:`ShotSetup` gives the same :class:`Simulation`, bit for bit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from vision.carom.layout import Point, TableLayout
from vision.carom.record import Event

STEP_HZ = 1200
DECELERATION = 700.0  # mm/s^2: rolling resistance with the cloth's losses folded in
BALL_RESTITUTION = 0.94
CUSHION_RESTITUTION = 0.78
CUSHION_GRIP = 0.96  # the tangential speed kept at a cushion
FALL_SPEED = 260.0  # mm/s of normal speed below which a struck skittle only slides
FALL_TIME = 0.22  # s from upright to lying
REST_TIME = 0.15  # s of stillness after the last motion before the shot is over
MAX_TIME = 14.0


@dataclass(frozen=True)
class ShotSetup:
    """The table before the stroke and the stroke itself.

    ``balls``: each ball's place; ``standing``: the skittles set up (the others are removed
    and stay off); ``velocity``: the cue ball's speed after the stroke (mm/s);
    ``jump``: ``(ball, n)``: that ball flies over its n-th cushion (1-based) and off the table.
    """

    layout: TableLayout
    balls: dict[str, Point]
    standing: tuple[str, ...]
    cue: str
    velocity: Point
    jump: tuple[str, int] | None = None


@dataclass
class SkittleState:
    """A skittle during the simulation: where its base is, and when and where it fell."""

    name: str
    at: np.ndarray
    fell_at: float | None = None
    direction: np.ndarray = field(default_factory=lambda: np.zeros(2))

    def tilt(self, t: float) -> float:
        """0 upright .. 1 lying, at time ``t``."""
        if self.fell_at is None or t < self.fell_at:
            return 0.0
        return min(1.0, (t - self.fell_at) / FALL_TIME)


@dataclass(frozen=True)
class Simulation:
    """What happened: the events in time order, each ball's centre at every step (NaN when it
    is off the cloth's plane: pocketed or fallen off), the skittles' bases, fall times and
    directions, and when the shot was over."""

    setup: ShotSetup
    events: tuple[Event, ...]
    times: np.ndarray
    positions: dict[str, np.ndarray]
    airborne_from: dict[str, float]
    skittles: dict[str, SkittleState]
    skittle_paths: dict[str, tuple[tuple[float, Point], ...]]
    duration: float
    energy: np.ndarray
    momentum_checks: tuple[tuple[np.ndarray, np.ndarray], ...]

    def position(self, ball: str, t: float) -> np.ndarray:
        """A ball's centre at the step nearest time ``t`` (NaN once it is gone)."""
        i = min(len(self.times) - 1, max(0, round(t * STEP_HZ)))
        return self.positions[ball][i]

    def skittle_at(self, name: str, t: float) -> np.ndarray:
        """A skittle's base at time ``t`` (it may have slid)."""
        where = self.setup.layout.skittle(name).at
        for when, point in self.skittle_paths[name]:
            if when <= t:
                where = point
        return np.asarray(where, float)


def simulate(setup: ShotSetup) -> Simulation:
    """Run the shot until every ball is still and every falling skittle lies."""
    layout = setup.layout
    names = list(setup.balls)
    r = layout.ball_radius
    hx, hy = layout.half
    dt = 1.0 / STEP_HZ
    pos = np.array([setup.balls[n] for n in names], float)
    vel = np.zeros_like(pos)
    vel[names.index(setup.cue)] = setup.velocity
    alive = np.ones(len(names), bool)  # on the cloth, colliding
    shown = np.ones(len(names), bool)  # drawn (a jumping ball is shown until it drops)
    airborne: dict[str, float] = {}
    pocket_target: dict[int, np.ndarray] = {}
    cushions_hit = dict.fromkeys(names, 0)
    skittles = {
        s.name: SkittleState(s.name, np.asarray(s.at, float))
        for s in layout.skittles
        if s.name in setup.standing
    }
    paths: dict[str, list[tuple[float, Point]]] = {s.name: [] for s in layout.skittles}
    displaced: set[str] = set()
    events: list[Event] = []
    times, trail, energy = [0.0], [pos.copy()], [0.5 * float((vel**2).sum())]
    momentum: list[tuple[np.ndarray, np.ndarray]] = []
    t, still_since = 0.0, None
    while t < MAX_TIME:
        t += dt
        _roll(pos, vel, alive, dt)
        for i in list(pocket_target):  # rolling on into the pocket, then gone
            pos[i] += vel[i] * dt
            if np.hypot(*(pocket_target[i] - pos[i])) < 10:
                shown[i] = False
                vel[i] = 0
                del pocket_target[i]
        for i, name in enumerate(names):  # flying off the table
            if name in airborne and shown[i]:
                pos[i] += vel[i] * dt
                if (
                    abs(pos[i, 0]) > hx + layout.cushion_width + layout.rail_width + 2 * r
                    or abs(pos[i, 1]) > hy + layout.cushion_width + layout.rail_width + 2 * r
                ):
                    shown[i] = False
                    vel[i] = 0
        momentum += _balls(names, pos, vel, alive, r, t, dt, events)
        _cushions(
            layout,
            names,
            pos,
            vel,
            alive,
            t,
            dt,
            setup.jump,
            cushions_hit,
            airborne,
            pocket_target,
            events,
        )
        _skittles(layout, names, pos, vel, alive, skittles, displaced, paths, t, dt, events)
        _chains(layout, skittles, t, events)
        times.append(t)
        trail.append(np.where(shown[:, None], pos, np.nan))
        energy.append(0.5 * float((vel[alive] ** 2).sum()))
        moving = bool(np.any(vel[alive | (shown & ~alive)] != 0)) or bool(pocket_target)
        falling = any(
            s.fell_at is not None and t - s.fell_at < FALL_TIME for s in skittles.values()
        )
        if moving or falling:
            still_since = None
        elif still_since is None:
            still_since = t
        elif t - still_since >= REST_TIME:
            break
    for name in sorted(displaced):
        if skittles[name].fell_at is None:
            events.append(Event("displaced", t, name))
    events.sort(key=lambda e: e.t)
    stack = np.array(trail)
    return Simulation(
        setup=setup,
        events=tuple(events),
        times=np.array(times),
        positions={n: stack[:, i] for i, n in enumerate(names)},
        airborne_from=airborne,
        skittles=skittles,
        skittle_paths={k: tuple(v) for k, v in paths.items()},
        duration=t,
        energy=np.array(energy),
        momentum_checks=tuple(momentum),
    )


def _roll(pos: np.ndarray, vel: np.ndarray, alive: np.ndarray, dt: float) -> None:
    """Move the balls on the cloth one step, slowing each by the rolling deceleration."""
    speed = np.hypot(vel[:, 0], vel[:, 1])
    slower = np.maximum(0.0, speed - DECELERATION * dt)
    scale = np.divide(slower, speed, out=np.zeros_like(speed), where=speed > 0)
    vel *= np.where(alive, scale, 1.0)[:, None]
    pos[alive] += vel[alive] * dt


def _balls(
    names: list[str],
    pos: np.ndarray,
    vel: np.ndarray,
    alive: np.ndarray,
    r: float,
    t: float,
    dt: float,
    events: list[Event],
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Ball on ball: an impulse along the line of centres, the touch time solved in the step.
    Returns (momentum before, after) of each collision, for the invariant tests."""
    checks = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            if not (alive[i] and alive[j]):
                continue
            d = pos[j] - pos[i]
            dist = math.hypot(*d)
            if dist >= 2 * r or dist == 0:
                continue
            n = d / dist
            rel = float(np.dot(vel[j] - vel[i], n))
            if rel >= 0:
                continue  # already separating
            back = _touch_back(d, vel[j] - vel[i], 2 * r, dt)
            before = vel[i] + vel[j]
            mover, other = (i, j) if np.hypot(*vel[i]) >= np.hypot(*vel[j]) else (j, i)
            impulse = 0.5 * (1 + BALL_RESTITUTION) * rel
            vel[i] += impulse * n
            vel[j] -= impulse * n
            overlap = 2 * r - dist
            pos[i] -= n * overlap / 2
            pos[j] += n * overlap / 2
            checks.append((before.copy(), (vel[i] + vel[j]).copy()))
            events.append(Event("contact", max(0.0, t - back), names[mover], names[other]))
    return checks


def _touch_back(d: np.ndarray, v_rel: np.ndarray, reach: float, dt: float) -> float:
    """How long before now two circles at offset ``d`` closing at ``v_rel`` were ``reach``
    apart: the root of |d - v_rel s| = reach, clamped to one step."""
    a = float(np.dot(v_rel, v_rel))
    if a == 0:
        return 0.0
    b = float(np.dot(d, v_rel))
    c = float(np.dot(d, d)) - reach * reach
    disc = b * b - a * c
    if disc < 0:
        return 0.0
    s = (b + math.sqrt(disc)) / a
    return min(dt, max(0.0, s))


def _cushions(
    layout: TableLayout,
    names: list[str],
    pos: np.ndarray,
    vel: np.ndarray,
    alive: np.ndarray,
    t: float,
    dt: float,
    jump: tuple[str, int] | None,
    hits: dict[str, int],
    airborne: dict[str, float],
    pockets: dict[int, np.ndarray],
    events: list[Event],
) -> None:
    """Ball on cushion: reflect, drop into a pocket mouth, or jump off as planned."""
    r = layout.ball_radius
    hx, hy = layout.half
    for i, name in enumerate(names):
        if not alive[i]:
            continue
        for axis, limit in ((0, hx - r), (1, hy - r)):
            over = abs(pos[i, axis]) - limit
            if over <= 0 or pos[i, axis] * vel[i, axis] <= 0:
                continue
            when = max(0.0, t - min(dt, over / abs(vel[i, axis])))
            pocket = layout.pocket_mouth(pos[i])
            if pocket is not None:
                alive[i] = False
                pockets[i] = np.asarray(pocket.at, float)
                vel[i] = (pockets[i] - pos[i]) / max(1e-9, math.hypot(*(pockets[i] - pos[i])))
                vel[i] *= 900.0
                events.append(Event("pocketed", when, name))
                break
            hits[name] += 1
            if jump is not None and jump == (name, hits[name]):
                alive[i] = False
                airborne[name] = when
                events.append(Event("off_table", when, name))
                break
            side = ("+" if pos[i, axis] > 0 else "-") + ("x" if axis == 0 else "y")
            pos[i, axis] = math.copysign(2 * limit - abs(pos[i, axis]), pos[i, axis])
            vel[i, axis] *= -CUSHION_RESTITUTION
            vel[i, 1 - axis] *= CUSHION_GRIP
            events.append(Event("contact", when, name, layout.cushion(side)))


def _skittles(
    layout: TableLayout,
    names: list[str],
    pos: np.ndarray,
    vel: np.ndarray,
    alive: np.ndarray,
    skittles: dict[str, SkittleState],
    displaced: set[str],
    paths: dict[str, list[tuple[float, Point]]],
    t: float,
    dt: float,
    events: list[Event],
) -> None:
    """Ball on standing skittle: it falls if struck hard enough, else it slides and stays up."""
    r = layout.ball_radius
    standing = [s for s in skittles.values() if s.fell_at is None]
    if not standing:
        return
    bases = np.array([s.at for s in standing])
    gaps = np.hypot(*(bases[None, :, :] - pos[:, None, :]).transpose(2, 0, 1))
    if gaps.min() > r + 20.0:
        return
    for i, name in enumerate(names):
        if not alive[i]:
            continue
        for state in standing:
            if state.fell_at is not None:
                continue
            spec = layout.skittle(state.name)
            d = state.at - pos[i]
            dist = math.hypot(*d)
            reach = r + spec.base_radius
            if dist >= reach or dist == 0:
                continue
            n = d / dist
            normal = float(np.dot(vel[i], n))
            if normal <= 0:
                continue
            back = _touch_back(d, -vel[i], reach, dt)
            when = max(0.0, t - back)
            events.append(Event("contact", when, name, state.name))
            if normal >= FALL_SPEED:
                state.fell_at = when
                direction = 0.7 * n + 0.3 * vel[i] / max(1e-9, math.hypot(*vel[i]))
                state.direction = direction / math.hypot(*direction)
                events.append(Event("down", when, state.name, name))
                vel[i] -= 0.25 * normal * n  # the skittle takes a little of the blow
            else:
                slide = n * (12.0 + 0.08 * normal)
                state.at = state.at + slide
                paths[state.name].append((when, (float(state.at[0]), float(state.at[1]))))
                displaced.add(state.name)
                vel[i] -= 1.6 * normal * n  # bounces off the heavy base
                pos[i] = state.at - n * (reach + 0.5)


def _chains(
    layout: TableLayout, skittles: dict[str, SkittleState], t: float, events: list[Event]
) -> None:
    """A falling skittle fells the standing skittles its body sweeps through."""
    if not any(s.fell_at is not None and t - s.fell_at < FALL_TIME for s in skittles.values()):
        return
    for state in list(skittles.values()):
        tilt = state.tilt(t)
        if tilt <= 0:
            continue
        spec = layout.skittle(state.name)
        reach = spec.height * math.sin(tilt * math.pi / 2)
        for other in skittles.values():
            if other.fell_at is not None:
                continue
            rel = other.at - state.at
            along = float(np.dot(rel, state.direction))
            if along <= 0 or along > reach:
                continue
            across = abs(float(rel[0] * state.direction[1] - rel[1] * state.direction[0]))
            if across < spec.body_radius + layout.skittle(other.name).body_radius:
                other.fell_at = t
                direction = state.direction + 0.4 * rel / max(1e-9, math.hypot(*rel))
                other.direction = direction / math.hypot(*direction)
                events.append(Event("down", t, other.name, state.name))
