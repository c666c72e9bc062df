"""The showdown observer of domino poker: tile readings per frame in, ``hand_shown`` facts out.

At a showdown each player lays the five tiles of the hand face up in front of them, side by
side, where the table's camera sees them.  Unlike the line of play (:mod:`.observe`) nothing
joins: a hand is a cluster of face-up tiles.  When a scene settles (several frames agree,
:class:`vision.observe.SettleTracker`) its face-up tiles not shown before in this showdown are
grouped by nearness (a tile within :data:`HAND_REACH` tile lengths of another is in its hand),
and every group of exactly :data:`HAND_SIZE` tiles is a hand shown, the groups from left to
right.  A group still being laid (fewer tiles) waits for the next settled scene; one of more
tiles (two hands pushed together) waits too, for the operator to part them or type them.  An
empty table ends the showdown: the tiles may be shown again in the next one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vision.dominoes.layout import tile_name
from vision.observe import Item, SettleTracker
from vision.types import Box, TileReading

#: The tiles of one poker hand (rules/dominoes.md §10.3).
HAND_SIZE = 5
#: Two face-up tiles are in one hand when their centres lie within this many tile lengths (the
#: longer side of the larger box): a hand laid side by side or end to end, with gaps of up to
#: about half a tile, is one group; two players' hands are further apart than that.
HAND_REACH = 1.6


@dataclass(frozen=True)
class HandShown:
    """The table fact ``hand_shown``: five face-up tiles laid together that this showdown has
    not seen before, left to right, with the box round them."""

    tiles: tuple[str, ...]
    box: Box
    frame_index: int
    timestamp: float
    confidence: float

    fact = "hand_shown"

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "tiles": list(self.tiles),
            "box": self.box.as_list(),
            "frame": self.frame_index,
            "timestamp": round(self.timestamp, 3),
            "confidence": round(self.confidence, 3),
        }


class ShowdownObserver:
    """Tile readings per frame in; :class:`HandShown` facts out when ``frames`` consecutive
    frames agree on every tile and its place."""

    def __init__(self, frames: int = 5, tolerance: float = 0.15) -> None:
        self.tracker = SettleTracker(frames, tolerance, report_empty=True)
        self.shown: set[str] = set()

    def update(
        self, readings: Sequence[TileReading], frame_index: int, timestamp: float
    ) -> list[HandShown]:
        """Take one frame's readings; the hands this frame settles (usually none)."""
        items = [
            Item(tile_name(r.halves), r.box, r.confidence) for r in readings if r.halves is not None
        ]
        settled = self.tracker.update(items, frame_index, timestamp)
        if settled is None:
            return []
        if not settled.items:
            self.shown.clear()  # the table cleared: the next showdown begins
            return []
        new = [item for item in settled.items if item.key not in self.shown]
        hands = [group for group in _groups(new) if len(group) == HAND_SIZE]
        facts = []
        for hand in sorted(hands, key=lambda group: min(item.box.x for item in group)):
            ordered = sorted(hand, key=lambda item: item.box.centre)
            self.shown.update(str(item.key) for item in ordered)
            facts.append(
                HandShown(
                    tuple(str(item.key) for item in ordered),
                    _around([item.box for item in ordered]),
                    settled.frame_index,
                    settled.timestamp,
                    min(item.confidence for item in ordered),
                )
            )
        return facts


def _groups(items: Sequence[Item]) -> list[list[Item]]:
    """``items`` parted into clusters: single linkage within :data:`HAND_REACH` tile lengths."""
    parent = list(range(len(items)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    for i, a in enumerate(items):
        for j in range(i + 1, len(items)):
            b = items[j]
            length = max(a.box.w, a.box.h, b.box.w, b.box.h)
            (ax, ay), (bx, by) = a.box.centre, b.box.centre
            if math.hypot(ax - bx, ay - by) <= HAND_REACH * length:
                parent[root(i)] = root(j)
    clusters: dict[int, list[Item]] = {}
    for index, item in enumerate(items):
        clusters.setdefault(root(index), []).append(item)
    return list(clusters.values())


def _around(boxes: Sequence[Box]) -> Box:
    left = min(box.x for box in boxes)
    top = min(box.y for box in boxes)
    right = max(box.x + box.w for box in boxes)
    bottom = max(box.y + box.h for box in boxes)
    return Box(left, top, right - left, bottom - top)
