"""Observers: turn per-frame readings into table facts, only when the scene is at rest.

A reader looks at one frame; a frame may show dice still rolling, a hand reaching in, or a
misread from glare.  The referee must act on none of these, so an observer reports a fact only
when ``frames`` consecutive frames agree: the same objects (same keys, e.g. die values) with
no object moved more than ``tolerance`` of its own size between frames.  A settled scene is
reported once; a later settled scene is reported when it differs from the last one reported,
so a one-frame flicker in the middle of a still scene does not repeat the fact.

:class:`SettleTracker` is the generic part (any keyed objects: dice, domino tiles, cards); it
says what was added and removed since the last settled scene, which is what a ``TileLaid``
fact needs.  :class:`DiceObserver` is the dice use of it and emits :class:`DiceSettled`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from vision.types import Box, DieReading

GATED_FRAMES = 2
"""How many frames must agree behind the live rest gate (:class:`vision.motion.RestGate`).
The gate shows an observer no frame in motion: the first frame it lets through after a throw
was already found still against the one before it, and the next, shown only if it still looks
the same, confirms it.  So the referee answers two frame intervals after the dice stop (67 ms
at 30 fps) instead of after a fixed wait.  Not one: while the picture never stops moving (a
shaking camera) the gate still lets a frame through now and then, and two of those must agree
before the table counts as at rest.  Without the gate (the demo's camera, a replay's
re-read of every frame) the observer sees the motion itself and keeps its default of 5."""


@dataclass(frozen=True)
class Item:
    """One object seen in a frame: what it is (``key``: a die's value, a tile's halves),
    where it lies, and how sure the reader is."""

    key: Hashable
    box: Box
    confidence: float = 1.0


@dataclass(frozen=True)
class Settled:
    """A scene at rest that differs from the last one reported: all its items (in reading
    order: top to bottom, then left to right), what was added and removed since the last
    settled scene, the frame it settled on and the least sure reading's average confidence."""

    items: tuple[Item, ...]
    added: tuple[Item, ...]
    removed: tuple[Item, ...]
    frame_index: int
    timestamp: float
    confidence: float


class SettleTracker:
    """Feed it each frame's items; it answers a :class:`Settled` when the scene comes to rest.

    ``frames``: how many consecutive frames must agree (at 30 fps, 5 frames is 1/6 s).
    ``tolerance``: how far an object may move between two frames and still be at rest, as a
    share of its box size (the larger of width and height).  ``report_empty``: whether an empty
    table is a scene worth reporting (for dice it is not: nobody throws zero dice; an empty
    table still counts as the last scene, so the next throw is reported even if it repeats).
    """

    def __init__(self, frames: int = 5, tolerance: float = 0.15, report_empty: bool = False):
        if frames < 1:
            raise ValueError(f"frames must be at least 1, got {frames}")
        if tolerance <= 0:
            raise ValueError(f"tolerance must be positive, got {tolerance}")
        self.frames = frames
        self.tolerance = tolerance
        self.report_empty = report_empty
        self._streak: list[tuple[Item, ...]] = []
        self._streak_reported = False
        self._last: tuple[Item, ...] | None = None

    @property
    def last(self) -> tuple[Item, ...] | None:
        """The last settled scene (None before any)."""
        return self._last

    def update(self, items: Sequence[Item], frame_index: int, timestamp: float) -> Settled | None:
        """Take one frame's items; a :class:`Settled` if this frame completes a new rest."""
        current = tuple(sorted(items, key=lambda item: (item.box.y, item.box.x)))
        if self._streak and self.pairs(self._streak[-1], current) is not None:
            self._streak.append(current)
            del self._streak[: -self.frames]
        else:
            self._streak = [current]
            self._streak_reported = False
        if len(self._streak) < self.frames or self._streak_reported:
            return None
        self._streak_reported = True
        last = self._last if self._last is not None else ()
        if self._last is not None and self.pairs(self._last, current) is not None:
            return None  # at rest again as it was: a flicker, not a new scene
        self._last = current
        if not current and not self.report_empty:
            return None
        added, removed = self.difference(last, current)
        confidence = sum(
            min((item.confidence for item in frame), default=1.0) for frame in self._streak
        ) / len(self._streak)
        return Settled(current, added, removed, frame_index, timestamp, confidence)

    def pairs(self, before: Sequence[Item], after: Sequence[Item]) -> list[tuple[int, int]] | None:
        """The one-to-one pairing of two scenes if they are the same objects at rest (same
        keys, each within tolerance of its partner), else None."""
        if len(before) != len(after):
            return None
        if Counter(item.key for item in before) != Counter(item.key for item in after):
            return None
        pairs = self._nearest_same_key(before, after)
        return pairs if len(pairs) == len(before) else None

    def difference(
        self, before: Sequence[Item], after: Sequence[Item]
    ) -> tuple[tuple[Item, ...], tuple[Item, ...]]:
        """Items of ``after`` with no partner at rest in ``before`` (added), and the other way
        round (removed): a tile moved counts as removed from its old place and added at the new."""
        pairs = self._nearest_same_key(before, after)
        kept_before = {b for b, _ in pairs}
        kept_after = {a for _, a in pairs}
        added = tuple(item for i, item in enumerate(after) if i not in kept_after)
        removed = tuple(item for i, item in enumerate(before) if i not in kept_before)
        return added, removed

    def _nearest_same_key(
        self, before: Sequence[Item], after: Sequence[Item]
    ) -> list[tuple[int, int]]:
        """Greedy pairing, closest first, of items with equal keys within the tolerance."""
        candidates = []
        for b, old in enumerate(before):
            for a, new in enumerate(after):
                if old.key != new.key:
                    continue
                distance = math.dist(old.box.centre, new.box.centre)
                size = max(old.box.w, old.box.h, new.box.w, new.box.h, 1e-9)
                if distance <= self.tolerance * size:
                    candidates.append((distance, b, a))
        used_b: set[int] = set()
        used_a: set[int] = set()
        pairs = []
        for _, b, a in sorted(candidates):
            if b not in used_b and a not in used_a:
                used_b.add(b)
                used_a.add(a)
                pairs.append((b, a))
        return pairs


@dataclass(frozen=True)
class DiceSettled:
    """The table fact ``dice_settled``: the dice at rest, in reading order, with their values,
    boxes and whether each is cocked (dice.md §1.4: a cocked die voids the throw, which the game
    decides), the frame it settled on, and how sure the reading is."""

    values: tuple[int, ...]
    boxes: tuple[Box, ...]
    cocked: tuple[bool, ...]
    frame_index: int
    timestamp: float
    confidence: float

    fact = "dice_settled"

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "values": list(self.values),
            "boxes": [box.as_list() for box in self.boxes],
            "cocked": list(self.cocked),
            "frame": self.frame_index,
            "timestamp": round(self.timestamp, 3),
            "confidence": round(self.confidence, 3),
        }


class DiceObserver:
    """Dice readings per frame in, a :class:`DiceSettled` out when the throw has come to rest
    and ``frames`` frames agree on every die's value and place."""

    def __init__(self, frames: int = 5, tolerance: float = 0.15) -> None:
        self.tracker = SettleTracker(frames, tolerance, report_empty=False)

    def update(
        self, readings: Sequence[DieReading], frame_index: int, timestamp: float
    ) -> DiceSettled | None:
        items = [Item((r.value, r.cocked), r.box, r.confidence) for r in readings]
        settled = self.tracker.update(items, frame_index, timestamp)
        if settled is None:
            return None
        return DiceSettled(
            values=tuple(item.key[0] for item in settled.items),  # type: ignore[index]
            boxes=tuple(item.box for item in settled.items),
            cocked=tuple(item.key[1] for item in settled.items),  # type: ignore[index]
            frame_index=settled.frame_index,
            timestamp=settled.timestamp,
            confidence=settled.confidence,
        )
