"""The domino observer: tile readings per frame in, ``tile_laid`` facts out.

A tile is *laid* when a settled scene (several frames agree, :class:`vision.observe.
SettleTracker`) shows it joined to the line of play and the observer has not accepted it
before.  The observer remembers the line it has accepted, by tile name (a set holds each tile
once), so a tile that vanishes under a hand and comes back is not laid twice, a revealed hand
lying beside the line is never laid, and the line is told from loose tiles by where the
accepted tiles are (:func:`vision.dominoes.layout.build_layout`'s anchors), not by size.

The game's history settles what one picture cannot (issue 22): the observer keeps the joints
as they were laid, so tiles of the line touch only there and a new tile joins the line at one
open end (a line turning back on itself is not closed into a loop); a line tile the reader
misses in a frame keeps its place from its last reading, so the line is not cut in two; and a
line tile read as another keeps the pips it was laid with (reported as a reread), unless the
game says the first reading was the misread: the tile's joints agree with more of the pips
read now, or another tile shows the name it was laid with (a set holds each tile once).

What the referee must not act on silently becomes a :class:`LayoutChanged` fact for the
operator to confirm: accepted tiles no longer seen, or seen but no longer joined to the line,
a line tile that now reads as another tile, and joints whose pips disagree (a misread or an
illegal placement).  It is reported whenever that list of problems changes, including back to
none, so the operator's display can clear the warning.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vision.dominoes.layout import LayoutGraph, LayoutLink, OpenEnd, build_layout, tile_name
from vision.observe import Item, Settled, SettleTracker
from vision.types import Box, TileReading

#: Key of a face-down tile in the settle tracker: all backs look alike.
FACE_DOWN = "down"
#: A tile read under another name within this share of a side of an accepted tile that is no
#: longer seen is that tile misread, not a new one.
REREAD_REACH = 0.5


@dataclass(frozen=True)
class Joint:
    """Where a laid tile joins the line: the tile it touches, the pips of that tile's end (a
    crosswise double's long side shows its value) and whether it is that long side."""

    tile: str
    value: int
    long_side: bool

    def to_json(self) -> dict[str, Any]:
        return {"tile": self.tile, "value": self.value, "long_side": self.long_side}


@dataclass(frozen=True)
class TileLaid:
    """The table fact ``tile_laid``: a tile newly joined to the line of play.

    ``joins`` is the line tile it touches (None for the lead); ``value`` the pips of the new
    tile's end at the joint (its value when a double is laid across the end); ``consistent``
    whether both sides of the joint show the same pips; ``crosswise`` whether the new tile is
    a double lying across the line; ``open_ends`` the line's ends after it (Fives scores them).
    """

    tile: str
    joins: Joint | None
    value: int | None
    consistent: bool
    crosswise: bool
    open_ends: tuple[OpenEnd, ...]
    box: Box
    frame_index: int
    timestamp: float
    confidence: float

    fact = "tile_laid"

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "tile": self.tile,
            "joins": None if self.joins is None else self.joins.to_json(),
            "value": self.value,
            "consistent": self.consistent,
            "crosswise": self.crosswise,
            "open_ends": [
                {"value": end.value, "double": end.double, "crosswise": end.crosswise}
                for end in self.open_ends
            ],
            "box": self.box.as_list(),
            "frame": self.frame_index,
            "timestamp": round(self.timestamp, 3),
            "confidence": round(self.confidence, 3),
        }


@dataclass(frozen=True)
class Mismatch:
    """A joint of the line whose two sides show different pips."""

    a: str
    a_value: int
    b: str
    b_value: int

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "a_value": self.a_value, "b": self.b, "b_value": self.b_value}


@dataclass(frozen=True)
class LayoutChanged:
    """The table fact ``layout_changed``: what about the accepted line needs the operator.

    ``missing``: accepted tiles not seen; ``detached``: seen, but no longer joined to the line;
    ``rereads``: (accepted name, name read now) for a line tile that reads differently;
    ``mismatches``: joints whose pips disagree.  All empty: the line is whole again.
    """

    missing: tuple[str, ...]
    detached: tuple[str, ...]
    rereads: tuple[tuple[str, str], ...]
    mismatches: tuple[Mismatch, ...]
    frame_index: int
    timestamp: float
    confidence: float

    fact = "layout_changed"

    @property
    def consistent(self) -> bool:
        return not (self.missing or self.detached or self.rereads or self.mismatches)

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "consistent": self.consistent,
            "missing": list(self.missing),
            "detached": list(self.detached),
            "rereads": [list(pair) for pair in self.rereads],
            "mismatches": [mismatch.to_json() for mismatch in self.mismatches],
            "frame": self.frame_index,
            "timestamp": round(self.timestamp, 3),
            "confidence": round(self.confidence, 3),
        }


Fact = TileLaid | LayoutChanged


@dataclass
class _Accepted:
    """A tile of the line as last seen: where it lay, its side there and its reading."""

    centre: tuple[float, float]
    side: float
    reading: TileReading


@dataclass(frozen=True)
class _Problems:
    """What the last :class:`LayoutChanged` said (all empty: nothing to confirm)."""

    missing: tuple[str, ...] = ()
    detached: tuple[str, ...] = ()
    rereads: tuple[tuple[str, str], ...] = ()
    mismatches: tuple[Mismatch, ...] = ()


class TileObserver:
    """Tile readings per frame in; :class:`TileLaid` and :class:`LayoutChanged` facts out,
    only when ``frames`` consecutive frames agree on every tile and its place.

    ``doubles_crosswise``: the game lays doubles across the line (see ``build_layout``).
    """

    def __init__(
        self, frames: int = 5, tolerance: float = 0.15, doubles_crosswise: bool = True
    ) -> None:
        self.tracker = SettleTracker(frames, tolerance, report_empty=True)
        self.doubles_crosswise = doubles_crosswise
        self.accepted: dict[str, _Accepted] = {}
        #: The joints of the accepted line, as laid: pairs of tile names.
        self.joints: set[frozenset[str]] = set()
        #: The last settled scene's readings (with line tiles remembered where none was read)
        #: and its layout graph (indices into them).
        self.scene: list[TileReading] = []
        self.layout: LayoutGraph | None = None
        self._problems = _Problems()

    def reset(self) -> None:
        """Forget the accepted line: a new hand is about to be led."""
        self.accepted.clear()
        self.joints.clear()
        self.scene = []
        self.layout = None
        self._problems = _Problems()

    def update(
        self, readings: Sequence[TileReading], frame_index: int, timestamp: float
    ) -> list[Fact]:
        """Take one frame's readings; the facts this frame settles (usually none)."""
        items = [
            Item(FACE_DOWN if r.halves is None else tile_name(r.halves), r.box, r.confidence)
            for r in readings
        ]
        reading_of = {id(item): reading for item, reading in zip(items, readings, strict=True)}
        settled = self.tracker.update(items, frame_index, timestamp)
        if settled is None:
            return []
        if not settled.items:
            # The table was cleared: the hand is over; report what went, then start afresh.
            facts = self._report(_Problems(missing=tuple(sorted(self.accepted))), settled)
            self.reset()
            return facts
        scene = [reading_of[id(item)] for item in settled.items]
        added = {id(item) for item in settled.added}
        fresh = [i for i, item in enumerate(settled.items) if id(item) in added]
        return self._settle(scene, fresh, settled)

    def _settle(self, scene: list[TileReading], fresh: list[int], settled: Settled) -> list[Fact]:
        """The facts of one settled scene: tiles newly joined to the line, and what changed."""
        seen = {tile_name(r.halves) for r in scene if r.halves is not None}
        missing = [name for name in self.accepted if name not in seen]
        scene, rereads, misread = self._rereads(scene, missing)
        seen_now = len(scene)
        scene = scene + self._remembered(scene, missing)
        names = {i: tile_name(r.halves) for i, r in enumerate(scene) if r.halves is not None}
        graph, anchors = self._layout(scene, names, fresh)
        if self._read_better(graph, scene, misread):
            names = {i: tile_name(r.halves) for i, r in enumerate(scene) if r.halves is not None}
            graph, anchors = self._layout(scene, names, fresh)
        if len(self.accepted) == 1 and graph.line and graph.line[0] >= seen_now:
            # A lone lead, gone, with nothing laid against it: the weakest evidence there is
            # (a printed picture read once may have been taken for it); a tile put down now
            # leads.  When none can (several loose tiles shown at once, a revealed hand, and
            # none joined), the lead the game settled on stands: it was missed, not replaced.
            seen_names = {i: name for i, name in names.items() if i < seen_now}
            instead = self._layout(scene[:seen_now], seen_names, fresh)
            if instead[0].line:
                scene, names, (graph, anchors) = scene[:seen_now], seen_names, instead
        self.scene, self.layout = scene, graph
        line = set(graph.line)
        new = [i for i in graph.line if names[i] not in self.accepted]
        detached = [names[i] for i in anchors if i not in line and names[i] in self.accepted]
        laid = self._order(graph, new, names, set(fresh))
        facts: list[Fact] = [
            self._laid(graph, index, link, names, scene[index], settled) for index, link in laid
        ]
        placed = {index for index, _ in laid}
        for _, link in laid:
            if link is not None:
                self.joints.add(frozenset({names[link.a[0]], names[link.b[0]]}))
        for i in graph.line:
            if names[i] in self.accepted or i in placed:
                tile = graph.tile(i)
                self.accepted[names[i]] = _Accepted(tile.centre, tile.side, scene[i])
        mismatches = tuple(
            Mismatch(names[link.a[0]], link.values[0], names[link.b[0]], link.values[1])
            for link in graph.links
            if link.a[0] in line and not link.consistent
        )
        problems = _Problems(
            tuple(sorted(missing)), tuple(sorted(detached)), tuple(rereads), mismatches
        )
        return facts + self._report(problems, settled)

    def _rereads(
        self, scene: list[TileReading], missing: list[str]
    ) -> tuple[list[TileReading], list[tuple[str, str]], dict[int, TileReading]]:
        """Readings of another name where an accepted tile lay: that tile misread (tiles of
        the line do not move), each reported as (accepted name, name read now).

        Where the accepted tile is not read anywhere else, the reading is taken off
        ``missing`` and replaced by the tile's accepted reading, so the layout and its open
        ends keep the pips the game has; the readings so replaced are returned by index, for
        :meth:`_read_better`.  Where the accepted name is read elsewhere, that other tile
        has it (a set holds each tile once): the tile was misread when it was laid, and takes
        the name read now on its place (unless that name is taken too).

        A reading may carry the name of another tile of the line (one pip off makes 2-4 read
        as 3-4): one read away from where that tile lies, on the place of a tile not seen, is
        the latter misread, not a second 3-4.  A line tile whose only reading was such a
        misread is then missing itself."""
        scene = list(scene)
        read = Counter(tile_name(r.halves) for r in scene if r.halves is not None)
        astray = [
            name
            for name, tile in self.accepted.items()
            if not any(
                r.halves is not None and tile_name(r.halves) == name and _on(r, tile) for r in scene
            )
        ]
        rereads = []
        misread: dict[int, TileReading] = {}
        for index, reading in enumerate(scene):
            if reading.halves is None:
                continue
            name = tile_name(reading.halves)
            if name in self.accepted and _on(reading, self.accepted[name]):
                continue
            was = next((n for n in astray if _on(reading, self.accepted[n])), None)
            if was is None:
                continue
            if was in missing:
                missing.remove(was)
                misread[index] = reading
                scene[index] = self.accepted[was].reading
            elif name in self.accepted or read[name] > 1:
                continue  # both names elsewhere too: nothing says which tile this is
            else:
                self._rename(was, reading)
            astray.remove(was)
            rereads.append((was, name))
        if rereads:
            now = {tile_name(r.halves) for r in scene if r.halves is not None}
            missing.extend(n for n in self.accepted if n not in now and n not in missing)
        return scene, rereads, misread

    def _read_better(
        self, graph: LayoutGraph, scene: list[TileReading], misread: dict[int, TileReading]
    ) -> bool:
        """A line tile read as another, whose reading now shows the pips of more of its
        joints than the one it was laid with (a tile joins an end with a matching number):
        the tile was misread when it was laid (one read as 5-5 that is 1-5, which every
        later tile joined at its 1 says), and takes the name read now; its place in
        ``scene`` too.  Whether any was renamed (the layout must then be built again)."""
        renamed = False
        for index, reading in misread.items():
            name = tile_name(reading.halves) if reading.halves is not None else None
            if name is None or name in self.accepted or reading.half_boxes is None:
                continue
            links = [link for link in graph.links if index in (link.a[0], link.b[0])]
            laid = sum(link.consistent for link in links)
            now = sum(_shown(link, index, scene[index], reading) for link in links)
            if now > laid:
                self._rename(tile_name(scene[index].halves or ()), reading)
                scene[index] = reading
                renamed = True
        return renamed

    def _rename(self, old: str, reading: TileReading) -> None:
        """The accepted tile ``old`` is the tile ``reading`` names, where it lies."""
        kept = self.accepted.pop(old)
        new = tile_name(reading.halves or ())
        self.accepted[new] = _Accepted(kept.centre, kept.side, reading)
        self.joints = {frozenset(new if n == old else n for n in pair) for pair in self.joints}

    def _remembered(self, scene: list[TileReading], missing: list[str]) -> list[TileReading]:
        """The last readings of accepted tiles not read now where nothing else is read: a tile
        of the line stays where it was laid, so one missed in a frame (a glare, a finger, the
        reader) keeps its place in the layout instead of cutting the line in two, which would
        leave the tiles beyond it detached and the next tile laid there unseen.  They are
        still reported missing, so the operator can say if one was taken back."""
        return [
            self.accepted[name].reading
            for name in missing
            if not any(_same_place(self.accepted[name].reading.box, r.box) for r in scene)
        ]

    def _layout(
        self, scene: list[TileReading], names: dict[int, str], fresh: list[int]
    ) -> tuple[LayoutGraph, list[int]]:
        """The settled scene's layout built with what the game so far says, and the anchors
        (tiles of the accepted line seen now, or remembered).  Tiles of the line touch only
        where they were laid against each other, and a tile laid joins the line once: a line
        that turns back on itself is not closed into a loop by a tile ending beside another
        arm."""
        anchors = [i for i, name in names.items() if name in self.accepted]
        if not self.accepted:
            # Nothing accepted yet: the lead is the one face-up tile just put down, if one was.
            fresh_up = [i for i in fresh if i in names]
            anchors = fresh_up if len(fresh_up) == 1 else []
        joined = None
        if self.accepted:
            joined = {
                frozenset({i, j})
                for i in anchors
                for j in anchors
                if i < j and frozenset({names[i], names[j]}) in self.joints
            }
        graph = build_layout(scene, anchors, self.doubles_crosswise, joined)
        if len(graph.line) == 1 and len(self.accepted) <= 1:
            # A lone lead is the weakest evidence there is: tiles joined elsewhere outweigh it.
            joined_elsewhere = build_layout(scene, (), self.doubles_crosswise)
            if len(joined_elsewhere.line) >= 2:
                graph = joined_elsewhere
        return graph, anchors

    def _order(
        self, graph: LayoutGraph, new: list[int], names: dict[int, str], fresh: set[int]
    ) -> list[tuple[int, LayoutLink | None]]:
        """The new tiles in the order they can have been laid: outward from the accepted line,
        each with the joint that joins it to a tile placed before it.  With no line accepted
        the lead is a tile that lay there before this scene if one did, and among those (or
        among the fresh) the highest double, else the highest tile: what most games lead."""
        placed = {i for i in graph.line if names[i] in self.accepted}
        waiting = set(new)
        order: list[tuple[int, LayoutLink | None]] = []
        if not placed and waiting:
            lead = max(sorted(waiting), key=lambda i: (i not in fresh, *_lead_rank(graph, i)))
            order.append((lead, None))
            placed.add(lead)
            waiting.discard(lead)
        while waiting:
            step = None
            for link in graph.links:
                a, b = link.a[0], link.b[0]
                if a in placed and b in waiting:
                    step = (b, link)
                elif b in placed and a in waiting:
                    step = (a, link)
                if step is not None:
                    break
            if step is None:
                break  # not joined to the placed tiles: cannot happen within one line
            order.append(step)
            placed.add(step[0])
            waiting.discard(step[0])
        return order

    def _laid(
        self,
        graph: LayoutGraph,
        index: int,
        link: LayoutLink | None,
        names: dict[int, str],
        reading: TileReading,
        settled: Settled,
    ) -> TileLaid:
        tile = graph.tile(index)
        joint = value = None
        consistent = True
        if link is not None:
            mine, theirs = (0, 1) if link.a[0] == index else (1, 0)
            other = (link.a, link.b)[theirs]
            joint = Joint(names[other[0]], link.values[theirs], other[1] is None)
            value = link.values[mine]
            consistent = link.consistent
        return TileLaid(
            tile=tile.name,
            joins=joint,
            value=value,
            consistent=consistent,
            crosswise=tile.crosswise,
            open_ends=graph.open_ends,
            box=reading.box,
            frame_index=settled.frame_index,
            timestamp=settled.timestamp,
            confidence=reading.confidence,
        )

    def _report(self, problems: _Problems, settled: Settled) -> list[Fact]:
        if problems == self._problems:
            return []
        self._problems = problems
        return [
            LayoutChanged(
                problems.missing,
                problems.detached,
                problems.rereads,
                problems.mismatches,
                settled.frame_index,
                settled.timestamp,
                settled.confidence,
            )
        ]


def _on(reading: TileReading, accepted: _Accepted) -> bool:
    """Whether ``reading`` lies where the accepted tile lay: centres within REREAD_REACH of a
    side (a tile's box is two sides long)."""
    side = max(reading.box.w, reading.box.h) / 2
    return math.dist(reading.box.centre, accepted.centre) <= REREAD_REACH * max(side, accepted.side)


def _shown(link: LayoutLink, index: int, laid: TileReading, now: TileReading) -> bool:
    """Whether tile ``index`` of ``link``, read as ``now`` instead of ``laid`` (the reading
    the layout was built from), shows the pips of the other side of the joint: the half of
    ``now`` nearest the half of ``laid`` that touches, or on a long side its larger half
    (a double's value, as the layout counts it)."""
    mine, theirs = (0, 1) if link.a[0] == index else (1, 0)
    half = (link.a, link.b)[mine][1]
    if now.halves is None:
        return False
    if half is None:
        return max(now.halves) == link.values[theirs]
    if laid.half_boxes is None or now.half_boxes is None:
        return False
    touching = laid.half_boxes[half].centre
    distances = [math.dist(box.centre, touching) for box in now.half_boxes]
    return now.halves[distances.index(min(distances))] == link.values[theirs]


def _same_place(a: Box, b: Box) -> bool:
    """Two boxes on one spot: either's centre inside the other."""

    def inside(point: tuple[float, float], box: Box) -> bool:
        return box.x <= point[0] <= box.x + box.w and box.y <= point[1] <= box.y + box.h

    return inside(a.centre, b) or inside(b.centre, a)


def _lead_rank(graph: LayoutGraph, index: int) -> tuple[int, int]:
    """Most games lead the highest double, else any tile: doubles first, higher first."""
    a, b = graph.tile(index).halves
    return (1 if a == b else 0, a + b)
