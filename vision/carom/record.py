"""Events -> the shot record (docs/SHOT_RECORD.md), the same for the truth and the camera.

The simulator's exact events and the vision's detected ones are both turned into the record
here, so the two can only differ by what was seen, never by how it was written down.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vision.carom.layout import Point, TableLayout


@dataclass(frozen=True)
class Event:
    """One event of a shot: ``contact`` (``a`` ran into ``b``), ``down`` (skittle ``a`` felled
    by ``b``), ``pocketed`` / ``off_table`` (ball ``a``) or ``displaced`` (skittle ``a``), at
    ``t`` seconds since the stroke, with how sure whoever saw it is."""

    kind: str
    t: float
    a: str
    b: str = ""
    confidence: float = 1.0


def stopped_on(
    layout: TableLayout, final: Mapping[str, Point], standing: Collection[str] = ()
) -> dict[str, str]:
    """``{mark: ball}`` for balls at rest covering a mark (the mark under the ball's footprint:
    closer than its radius), marks in the layout's order.  A mark in ``standing`` has its
    skittle standing on it: no ball can cover it (a ball's centre stays a ball's radius and
    the skittle's base away from the skittle, further than a ball's radius), so a ball seen
    over it is one seen a few millimetres off, lying on the next mark (the spot beside a side
    skittle is 42 mm from its mark)."""
    out: dict[str, str] = {}
    for mark, at in layout.marks.items():
        if mark in standing:
            continue
        near = [
            (math.dist(at, where), ball)
            for ball, where in final.items()
            if math.dist(at, where) < layout.ball_radius
        ]
        if near:
            ball = min(near)[1]
            if ball not in out.values():
                out[mark] = ball
    return out


def shot_record(
    cue: str,
    events: Iterable[Event],
    final: Mapping[str, Point],
    layout: TableLayout,
    standing: Collection[str] = (),
) -> dict[str, Any]:
    """The ``shot`` action's fields (no ``by``): the events in time order, the balls at rest
    on marks from ``final`` (the balls still on the table and where they lie; ``standing``:
    the marks a skittle still stands on, :func:`stopped_on`)."""
    ordered = sorted(events, key=lambda e: e.t)
    record: dict[str, Any] = {
        "do": "shot",
        "cue": cue,
        "contacts": [[e.a, e.b, _t(e.t)] for e in ordered if e.kind == "contact"],
        "down": [[e.a, e.b, _t(e.t)] for e in ordered if e.kind == "down"],
        "pocketed": [[e.a, _t(e.t)] for e in ordered if e.kind == "pocketed"],
        "off_table": [[e.a, _t(e.t)] for e in ordered if e.kind == "off_table"],
        "displaced": [e.a for e in ordered if e.kind == "displaced"],
        "stopped_on": stopped_on(layout, final, standing),
        "facts": [],
    }
    return record


def _t(t: float) -> float:
    return round(max(0.0, float(t)), 3)


def untimed(record: Mapping[str, Any]) -> dict[str, Any]:
    """A record without its times, lists kept in order: what "the same shot" compares."""

    def names(items: Sequence[Any], n: int) -> list[Any]:
        return [list(i[:n]) if isinstance(i, list | tuple) else [i] for i in items]

    return {
        "cue": record.get("cue"),
        "contacts": names(record.get("contacts", []), 2),
        "down": names(record.get("down", []), 2),
        "pocketed": sorted(map(tuple, names(record.get("pocketed", []), 1))),
        "off_table": sorted(map(tuple, names(record.get("off_table", []), 1))),
        "displaced": sorted(record.get("displaced", [])),
        "stopped_on": dict(sorted(record.get("stopped_on", {}).items())),
    }
