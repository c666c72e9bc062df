"""The domino layout from one frame's tile readings: which tiles touch, the line of play and
its open ends, by geometry alone.

A tile joined to another sits with one of its halves (or, for a double laid crosswise, its
middle) one tile-side beyond the end of the other tile's half: straight on, after a right-angle
bend (the new tile's near half sits beyond the end, the tile runs off sideways), or across the
end (a crosswise double).  So every joint is found from *one* end: project a tile's half one
side further out along the tile's axis and look for a half centre or a crosswise tile's centre
there.  The reader's half boxes give the half centres; the distance between a tile's two half
centres is that tile's side in pixels, which carries the scale (and most of the perspective)
into every test, so no table calibration is needed.

An observer that has watched the game passes what the picture cannot say: which tiles are
the line (anchors) and which of them were laid against each other (``joined``).

Pips decide nothing here: a joint whose halves disagree is still a joint (a misread or an
illegal placement) and is reported with ``consistent=False``, never dropped; pips only break
a tie between two equally close candidates.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from vision.types import Box, TileReading

#: A link end: (tile index, half index), or (tile index, None) for the long side of a double
#: laid crosswise (the renderer's truth uses the same spelling).
End = tuple[int, int | None]

#: How far apart two touching tiles may be (a gap along the joint), and how far each half of
#: the other tile may lie from where the joint puts it, as shares of the tile side.  The gap
#: covers tiles not pushed fully home; the shape covers tiles askew and reader error (a few
#: pixels on a 30 px side, a whole tile further out for a half at the far end).  Loose tiles
#: lie at least this far off (the renderer keeps them 0.4 side clear) and rarely square.
GAP = 0.4
SHAPE = 0.5
#: How far the other tile may seem to reach *into* this one along the joint, as a share of
#: the side.  Tiles cannot overlap, so this is only the reader's error: on the development
#: check (seed 6100, drawn tables) the reader's halves lay up to 10 % further apart than the
#: tiles', and two touching tiles of a dense chain seemed 0.44 of a side into each other.
OVERLAP = 0.6
#: |cos| above which two axes are parallel, below which (|cos| < SQUARE_SIN) perpendicular:
#: about 25 degrees either way, for tiles pushed askew and perspective.
PARALLEL_COS = 0.9
SQUARE_SIN = 0.42
#: Two touching tiles are the same size to within this ratio (perspective changes it slowly).
SIZE_RATIO = 1.6
#: How many nearby tiles (itself included) a tile's working side is the median of: one tile's
#: half centres are a few pixels off, which is a large share of a 30 px side; the scale of the
#: picture changes slowly, so the neighbours' median is both steady and local.
SIDE_NEIGHBOURS = 7
#: A tile whose half centres are further from the frame's median side than this ratio is a
#: misread shape (or not a tile): it is listed as unplaced rather than joined to anything.
SHAPE_RATIO = 1.8
#: Added to a candidate's distance when its pips disagree, so a matching one wins a near tie.
MISMATCH_PENALTY = 0.15


@dataclass(frozen=True)
class LayoutTile:
    """A face-up tile placed in the layout: its reading index, name ``a-b`` (a <= b), halves in
    the reading's order, centre and side in pixels, and whether it is a double lying across
    the line (its long sides are ends)."""

    index: int
    name: str
    halves: tuple[int, int]
    centre: tuple[float, float]
    side: float
    crosswise: bool

    @property
    def double(self) -> bool:
        return self.halves[0] == self.halves[1]

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "tile": self.name,
            "halves": list(self.halves),
            "centre": [round(self.centre[0], 1), round(self.centre[1], 1)],
            "side": round(self.side, 1),
            "crosswise": self.crosswise,
        }


@dataclass(frozen=True)
class LayoutLink:
    """Two tiles touching: the two ends, the pips each shows there (a crosswise double's long
    side shows its value), and whether they agree.  ``kind``: ``straight``, ``bend`` (right
    angle) or ``crosswise`` (an end against a double's long side)."""

    a: End
    b: End
    values: tuple[int, int]
    kind: str

    @property
    def consistent(self) -> bool:
        return self.values[0] == self.values[1]

    def to_json(self) -> dict[str, Any]:
        return {
            "a": list(self.a),
            "b": list(self.b),
            "values": list(self.values),
            "kind": self.kind,
            "consistent": self.consistent,
        }


@dataclass(frozen=True)
class OpenEnd:
    """Where the line of play can go on: the end, the pips it shows, whether its tile is a
    double, and whether the end is a crosswise double's long side (Fives counts both halves)."""

    end: End
    value: int
    double: bool
    crosswise: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "end": list(self.end),
            "value": self.value,
            "double": self.double,
            "crosswise": self.crosswise,
        }


@dataclass(frozen=True)
class LayoutGraph:
    """One frame's layout.  Tile numbers are indices into the readings it was built from.

    ``line``: the tiles of the line of play (sorted); ``loose``: face-up tiles not in it (a
    revealed hand); ``face_down``: face-down tiles; ``unplaced``: face-up readings without a
    usable shape (no half boxes, or halves far from a tile's proportions).  ``ambiguous``: no
    line could be told apart (several lone face-up tiles and nothing to say which was led).
    """

    tiles: tuple[LayoutTile, ...]
    links: tuple[LayoutLink, ...]
    line: tuple[int, ...]
    open_ends: tuple[OpenEnd, ...]
    loose: tuple[int, ...]
    face_down: tuple[int, ...]
    unplaced: tuple[int, ...]
    side: float | None
    ambiguous: bool

    @property
    def consistent(self) -> bool:
        """Every joint of the line of play shows equal pips on both sides."""
        line = set(self.line)
        return all(link.consistent for link in self.links if link.a[0] in line)

    def tile(self, index: int) -> LayoutTile:
        for tile in self.tiles:
            if tile.index == index:
                return tile
        raise KeyError(f"no face-up tile {index} in the layout")

    def to_json(self) -> dict[str, Any]:
        return {
            "tiles": [tile.to_json() for tile in self.tiles],
            "links": [link.to_json() for link in self.links],
            "line": list(self.line),
            "open_ends": [end.to_json() for end in self.open_ends],
            "loose": list(self.loose),
            "face_down": list(self.face_down),
            "unplaced": list(self.unplaced),
            "side": None if self.side is None else round(self.side, 1),
            "ambiguous": self.ambiguous,
            "consistent": self.consistent,
        }


def tile_name(halves: Sequence[int]) -> str:
    """The tile's name as players say it, lower number first: ``3-5``."""
    low, high = sorted(halves)
    return f"{low}-{high}"


# --------------------------------------------------------------------------------------------
# Geometry.


@dataclass(frozen=True)
class _Shape:
    """A face-up tile's geometry, steadied: its centre (the mean of what the half boxes and
    the tile box say), its axis (from half 0 to half 1), the side its own half centres
    measure, and the working side (the neighbourhood's median), which sets where its half
    centres are taken to be, so one reading's few pixels of error in a half box do not
    stretch the tile."""

    index: int
    halves: tuple[int, int]
    centre: tuple[float, float]
    axis: tuple[float, float]
    measured: float
    side: float

    @property
    def centres(self) -> tuple[tuple[float, float], tuple[float, float]]:
        (x, y), (ax, ay), half = self.centre, self.axis, self.side / 2
        return (x - ax * half, y - ay * half), (x + ax * half, y + ay * half)

    def outward(self, half: int) -> tuple[float, float]:
        """Unit vector from the tile's other half through ``half``: the way that end faces."""
        ax, ay = self.axis
        return (ax, ay) if half == 1 else (-ax, -ay)


@dataclass(frozen=True)
class _Candidate:
    """A possible joint: the end of ``source`` against ``target``, a half (side sign 0) or a
    crosswise tile's long side (sign: which of its two sides), and how badly it fits."""

    score: float
    source: End  # the half whose end points at the target
    target: tuple[int, int | None, int]  # (tile, half, 0) or (tile, None, side sign)
    kind: str


def build_layout(
    readings: Sequence[TileReading],
    anchors: Collection[int] = (),
    doubles_crosswise: bool = True,
    joined: Collection[frozenset[int]] | None = None,
) -> LayoutGraph:
    """The layout graph of one frame's readings.

    ``anchors``: reading indices known to be in the line of play (an observer's memory of the
    last settled line); the group holding most of them is the line.  Without anchors the line
    is the largest group of touching face-up tiles.  ``doubles_crosswise``: the game lays every
    double across the line (Fives, Block, Draw), so a double with no joint on its long sides
    still offers them as ends; when False only a joint on a long side makes a double crosswise.

    ``joined``: the game's history, which says what one picture cannot
    (:class:`~vision.dominoes.observe.TileObserver` passes it): the pairs of anchors that were
    laid against each other.  Two anchors touch only when their pair is there, and those
    joints are taken first, so a new tile can join only an end still open; a tile not among
    the anchors joins them once (a tile is laid at one end), so a line that turns back on
    itself is not closed into a loop by a tile that ends beside another arm.
    """
    shapes, unplaced, face_down = _shapes(readings)
    side = _median([shape.measured for shape in shapes]) if shapes else None
    history = _History(frozenset(anchors), None if joined is None else frozenset(joined))
    links = _links(shapes, doubles_crosswise, history)
    crosswise = _crosswise(shapes, links, doubles_crosswise)
    line, ambiguous = _line(shapes, links, set(anchors))
    open_ends = _open_ends([s for s in shapes if s.index in line], links, crosswise)
    tiles = tuple(
        LayoutTile(
            s.index,
            tile_name(s.halves),
            s.halves,
            s.centre,
            s.side,
            s.index in crosswise,
        )
        for s in shapes
    )
    loose = tuple(s.index for s in shapes if s.index not in line)
    return LayoutGraph(
        tiles,
        tuple(links),
        tuple(sorted(line)),
        open_ends,
        loose,
        tuple(face_down),
        tuple(unplaced),
        side,
        ambiguous,
    )


def _shapes(readings: Sequence[TileReading]) -> tuple[list[_Shape], list[int], list[int]]:
    shapes, unplaced, face_down = [], [], []
    for index, reading in enumerate(readings):
        if reading.halves is None:
            face_down.append(index)
            continue
        shape = _shape(index, reading)
        if shape is None:
            unplaced.append(index)
        else:
            shapes.append(shape)
    if shapes:
        median = _median([shape.measured for shape in shapes])
        misshapen = [
            s for s in shapes if not median / SHAPE_RATIO <= s.measured <= median * SHAPE_RATIO
        ]
        unplaced.extend(s.index for s in misshapen)
        unplaced.sort()
        shapes = _local_sides([s for s in shapes if s not in misshapen])
    return shapes, unplaced, face_down


def _shape(index: int, reading: TileReading) -> _Shape | None:
    """The reading's geometry with its own side as the working side; None without a shape."""
    if reading.halves is None or reading.half_boxes is None:
        return None
    (x0, y0), (x1, y1) = (box.centre for box in reading.half_boxes)
    measured = math.hypot(x1 - x0, y1 - y0)
    if measured <= 0:
        return None
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    bx, by = reading.box.centre
    if math.dist(centre, (bx, by)) < measured / 4:
        centre = ((centre[0] + bx) / 2, (centre[1] + by) / 2)
    axis = ((x1 - x0) / measured, (y1 - y0) / measured)
    halves = (int(reading.halves[0]), int(reading.halves[1]))
    return _Shape(index, halves, centre, axis, measured, measured)


def _local_sides(shapes: Sequence[_Shape]) -> list[_Shape]:
    """Each tile with its working side: the median measured side of its nearest tiles."""
    out = []
    for shape in shapes:
        nearest = sorted(shapes, key=lambda other: math.dist(shape.centre, other.centre))
        side = _median([other.measured for other in nearest[:SIDE_NEIGHBOURS]])
        out.append(replace(shape, side=side))
    return out


def _median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


@dataclass(frozen=True)
class _History:
    """What the game so far says about which tiles may touch (``build_layout``'s ``anchors``
    and ``joined``; ``joined`` None: no history, any two tiles may touch)."""

    anchors: frozenset[int] = frozenset()
    joined: frozenset[frozenset[int]] | None = None

    def rank(self, a: int, b: int) -> int | None:
        """None when tiles ``a`` and ``b`` cannot touch, else 0 for a joint laid, 1 for one
        that may be new (lower ranks are taken first)."""
        if self.joined is not None and a in self.anchors and b in self.anchors:
            return 0 if frozenset({a, b}) in self.joined else None
        return 1

    def newly_laid(self, a: int, b: int) -> int | None:
        """With a history, the tile that is not in the line when the other is: it was laid
        against the line at one end only, so it joins the line once."""
        if self.joined is None or (a in self.anchors) == (b in self.anchors):
            return None
        return b if a in self.anchors else a


def _links(
    shapes: Sequence[_Shape], doubles_crosswise: bool, history: _History
) -> list[LayoutLink]:
    """Every joint, each half and each long side used at most once, closest candidates first
    (joints the history knows before all others)."""
    by_index = {shape.index: shape for shape in shapes}
    best: dict[frozenset, tuple[int, _Candidate]] = {}
    for shape in shapes:
        for half in (0, 1):
            for candidate in _candidates(shape, half, shapes, doubles_crosswise):
                rank = history.rank(shape.index, candidate.target[0])
                if rank is None:
                    continue
                pair = frozenset({(*candidate.source, 0), candidate.target})
                if pair not in best or candidate.score < best[pair][1].score:
                    best[pair] = rank, candidate
    used: set[tuple[int, int | None, int]] = set()
    joined_line: set[int] = set()
    links = []
    ranked = sorted(best.values(), key=lambda item: (item[0], *_candidate_order(item[1])))
    for _, candidate in ranked:
        source = (*candidate.source, 0)
        if source in used or candidate.target in used:
            continue
        new = history.newly_laid(candidate.source[0], candidate.target[0])
        if new in joined_line:
            continue
        if new is not None:
            joined_line.add(new)
        used.update((source, candidate.target))
        a, b = candidate.source, candidate.target[:2]
        values = (_pips(by_index[a[0]], a[1]), _pips(by_index[b[0]], b[1]))
        first, second = sorted([(a, values[0]), (b, values[1])], key=lambda e: _order(e[0]))
        links.append(LayoutLink(first[0], second[0], (first[1], second[1]), candidate.kind))
    links.sort(key=lambda link: (_order(link.a), _order(link.b)))
    return links


def _candidate_order(candidate: _Candidate) -> tuple:
    """Best fit first; ties broken by tile and half so the result never depends on order."""
    tile, half, sign = candidate.target
    return (candidate.score, candidate.source, _order((tile, half)), sign)


def _candidates(
    shape: _Shape, half: int, shapes: Sequence[_Shape], doubles_crosswise: bool
) -> list[_Candidate]:
    """What the end of ``half`` may touch: a half of a tile in line with it or at a right
    angle, or the middle of a tile lying across it.  Each way of touching predicts where
    *both* halves of the other tile lie; the fit of both (after sliding the tile along the
    end's axis, which is the gap between tiles) is the candidate's score, so the two halves'
    errors average out and a crosswise double is told from a bend onto one of its halves."""
    found = []
    for other in shapes:
        if other.index == shape.index:
            continue
        if not 1 / SIZE_RATIO <= other.measured / shape.measured <= SIZE_RATIO:
            continue
        size = (shape.side + other.side) / 2
        if math.dist(shape.centre, other.centre) > 3 * size:
            continue
        alignment = abs(shape.axis[0] * other.axis[0] + shape.axis[1] * other.axis[1])
        if SQUARE_SIN <= alignment <= PARALLEL_COS:
            continue  # askew: neither in line nor at a right angle
        mine, theirs = _squared(shape, other)
        ux, uy = mine.outward(half)
        hx, hy = mine.centres[half]
        ax, ay = theirs.axis
        # Where the touching part of the other tile lies with no gap.
        reach = mine.side / 2 + theirs.side / 2
        near = (hx + ux * reach, hy + uy * reach)
        ways: list[tuple[int | None, str]] = []
        if alignment > PARALLEL_COS:
            # In line: the half facing back at this end touches it.
            ways.append((0 if ax * ux + ay * uy > 0 else 1, "straight"))
        else:
            ways.append((None, "crosswise"))
            if not (doubles_crosswise and other.halves[0] == other.halves[1]):
                ways += [(0, "bend"), (1, "bend")]
        for k, kind in ways:
            fit = _fit(theirs, k, near, (ux, uy), size)
            if fit is None:
                continue
            sign = 0
            if k is None:
                cx, cy = theirs.centre
                sign = 1 if (hx - cx) * -ay + (hy - cy) * ax >= 0 else -1
            value = other.halves[k] if k is not None else _double_value(other)
            score = fit + (MISMATCH_PENALTY if value != shape.halves[half] else 0.0)
            found.append(_Candidate(score, (shape.index, half), (other.index, k, sign), kind))
    return found


def _squared(a: _Shape, b: _Shape) -> tuple[_Shape, _Shape]:
    """Two tiles that lie in line or at a right angle, their axes turned onto the square grid
    that fits both best: each reading's axis is a few degrees off, and the pair's mean is
    steadier than either (which matters most a whole tile further out, where it is used)."""
    angles = [math.atan2(shape.axis[1], shape.axis[0]) for shape in (a, b)]
    grid = math.atan2(sum(math.sin(4 * t) for t in angles), sum(math.cos(4 * t) for t in angles))
    grid /= 4
    squared = []
    for shape, angle in zip((a, b), angles, strict=True):
        turned = grid + round((angle - grid) / (math.pi / 2)) * (math.pi / 2)
        squared.append(replace(shape, axis=(math.cos(turned), math.sin(turned))))
    return squared[0], squared[1]


def _fit(
    other: _Shape,
    k: int | None,
    near: tuple[float, float],
    axis: tuple[float, float],
    size: float,
) -> float | None:
    """How far ``other``'s half centres lie from where touching by ``k`` puts them (its half
    ``k`` at ``near``, or with ``k`` None its middle there), as a share of the side; None when
    beyond reach.  The tile may slide along ``axis`` by up to the reach (a gap)."""
    ax, ay = other.axis
    if k is None:
        offsets = (-other.side / 2, other.side / 2)
    elif k == 0:
        offsets = (0.0, other.side)
    else:
        offsets = (-other.side, 0.0)
    residuals = [
        (cx - (near[0] + ax * offset), cy - (near[1] + ay * offset))
        for (cx, cy), offset in zip(other.centres, offsets, strict=True)
    ]
    gap = sum(rx * axis[0] + ry * axis[1] for rx, ry in residuals) / 2
    rest = [math.hypot(rx - gap * axis[0], ry - gap * axis[1]) for rx, ry in residuals]
    if not -OVERLAP * size <= gap <= GAP * size or max(rest) > SHAPE * size:
        return None
    return math.sqrt(gap**2 + (rest[0] ** 2 + rest[1] ** 2) / 2) / size


def _double_value(shape: _Shape) -> int | None:
    a, b = shape.halves
    return a if a == b else None


def _pips(shape: _Shape, half: int | None) -> int:
    """The pips an end shows: its half, or for a long side the double's value (for a
    non-double lying across the line, the larger half: the side is inconsistent anyway unless
    the other tile shows that, and the link says so)."""
    if half is not None:
        return shape.halves[half]
    return max(shape.halves)


def _order(end: End) -> tuple[int, int]:
    return end[0], -1 if end[1] is None else end[1]


def _crosswise(
    shapes: Sequence[_Shape], links: Sequence[LayoutLink], doubles_crosswise: bool
) -> set[int]:
    """Tiles lying across the line: any with a joint on its long side, and with
    ``doubles_crosswise`` every double."""
    across = {end[0] for link in links for end in (link.a, link.b) if end[1] is None}
    if doubles_crosswise:
        across.update(s.index for s in shapes if s.halves[0] == s.halves[1])
    return across


def _line(
    shapes: Sequence[_Shape], links: Sequence[LayoutLink], anchors: set[int]
) -> tuple[set[int], bool]:
    """The line of play: the group holding most anchors, else the largest group of touching
    tiles; a lone tile only when it is the only face-up tile (else ambiguous: no line)."""
    groups = _groups([s.index for s in shapes], links)
    if not groups:
        return set(), False
    ranked = sorted(groups, key=lambda g: (-len(g & anchors), -len(g), min(g)))
    best = ranked[0]
    if best & anchors:
        return best, False
    if len(best) == 1 and len(groups) > 1:
        return set(), True
    tied = len(ranked) > 1 and len(ranked[1]) == len(best)
    return best, tied


def _groups(indices: Sequence[int], links: Sequence[LayoutLink]) -> list[set[int]]:
    parent = {index: index for index in indices}

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    for link in links:
        a, b = root(link.a[0]), root(link.b[0])
        if a != b:
            parent[max(a, b)] = min(a, b)
    groups: dict[int, set[int]] = {}
    for index in indices:
        groups.setdefault(root(index), set()).add(index)
    return list(groups.values())


def _open_ends(
    line: Sequence[_Shape], links: Sequence[LayoutLink], crosswise: set[int]
) -> tuple[OpenEnd, ...]:
    """Ends of the line where play can go on.  A tile's half is open when nothing touches it;
    a crosswise double offers its untouched long sides, and its half ends too once one of
    them has been played on (a spinner opened along its axis)."""
    touched = Counter(end for link in links for end in (link.a, link.b))
    ends: list[OpenEnd] = []
    for shape in sorted(line, key=lambda s: s.index):
        double = shape.halves[0] == shape.halves[1]
        index = shape.index
        half_touched = [touched[(index, h)] > 0 for h in (0, 1)]
        if index in crosswise:
            free_sides = max(0, 2 - touched[(index, None)])
            value = _pips(shape, None)
            ends.extend(OpenEnd((index, None), value, double, True) for _ in range(free_sides))
            if not any(half_touched):
                continue
        for h in (0, 1):
            if not half_touched[h]:
                ends.append(OpenEnd((index, h), shape.halves[h], double, False))
    return tuple(ends)


# --------------------------------------------------------------------------------------------
# Measuring against the renderer's truth (the ``.json`` beside each synthetic image).


@dataclass(frozen=True)
class LayoutScore:
    """How one frame's layout compares with the truth.  Links are compared among the tiles
    both sides know; the line and its open ends only where no tile of the line is hidden
    (``None`` otherwise)."""

    truth_links: int
    found_links: int
    right_links: int
    line_right: bool | None
    open_ends_right: bool | None
    ambiguous: bool

    @property
    def links_right(self) -> bool:
        return self.right_links == self.truth_links == self.found_links

    @property
    def exact(self) -> bool:
        return (
            self.links_right and self.line_right is not False and self.open_ends_right is not False
        )


@dataclass
class LayoutTally:
    """Scores summed over a dataset, for the evaluation harness's report."""

    scenes: int = 0
    truth_links: int = 0
    found_links: int = 0
    right_links: int = 0
    links_exact: int = 0
    compared_lines: int = 0
    lines_right: int = 0
    open_ends_right: int = 0
    exact: int = 0
    ambiguous: int = 0

    def add(self, score: LayoutScore) -> None:
        self.scenes += 1
        self.truth_links += score.truth_links
        self.found_links += score.found_links
        self.right_links += score.right_links
        self.links_exact += score.links_right
        if score.line_right is not None:
            self.compared_lines += 1
            self.lines_right += score.line_right
            self.open_ends_right += bool(score.open_ends_right)
        self.exact += score.exact
        self.ambiguous += score.ambiguous

    def to_json(self) -> dict[str, Any]:
        def share(part: int, whole: int) -> float | None:
            return round(part / whole, 4) if whole else None

        return {
            "scenes": self.scenes,
            "link_precision": share(self.right_links, self.found_links),
            "link_recall": share(self.right_links, self.truth_links),
            "links_exact": share(self.links_exact, self.scenes),
            "line_right": share(self.lines_right, self.compared_lines),
            "open_ends_right": share(self.open_ends_right, self.compared_lines),
            "exact": share(self.exact, self.scenes),
            "ambiguous": self.ambiguous,
        }


def layout_accuracy(
    truth: dict[str, Any],
    readings: Sequence[TileReading],
    iou: float = 0.5,
    graph: LayoutGraph | None = None,
) -> LayoutScore:
    """Score the layout built from ``readings`` against a scene's truth JSON (``tiles`` with
    ``box``, ``half_boxes``, ``hidden``; ``line``; ``links``; ``open_ends``), or ``graph``
    when given (one built from the same readings with more than the picture, such as the
    game's history).  Readings are matched to truth tiles by box overlap, halves by the
    nearest half centre."""
    tiles = truth["tiles"]
    graph = build_layout(readings) if graph is None else graph
    tile_of, half_of = _match_truth(tiles, readings, iou)

    def mapped(end: End) -> tuple[Any, Any]:
        index, half = end
        if index not in tile_of:
            return ("read", index), half
        return tile_of[index], None if half is None else half_of[(index, half)]

    visible = {t for t, tile in enumerate(tiles) if not tile.get("hidden")}
    truth_links = {
        frozenset(map(tuple, link))
        for link in truth["links"]
        if link[0][0] in visible and link[1][0] in visible
    }
    hidden = set(range(len(tiles))) - visible  # their links are not scored either way
    found_links = {
        frozenset({mapped(link.a), mapped(link.b)})
        for link in graph.links
        if not {mapped(link.a)[0], mapped(link.b)[0]} & hidden
    }
    line_right = open_right = None
    if all(t in visible for t in truth["line"]):
        line_right = {tile_of.get(i, ("read", i)) for i in graph.line} == set(truth["line"])
        found_ends = Counter(mapped(end.end) for end in graph.open_ends)
        open_right = found_ends == _truth_open_ends(truth)
    return LayoutScore(
        len(truth_links),
        len(found_links),
        len(truth_links & found_links),
        line_right,
        open_right,
        graph.ambiguous,
    )


def _truth_open_ends(truth: dict[str, Any]) -> Counter:
    """The truth's open ends, less a double's half ends when neither has been played on: the
    renderer opens them on a spinner by chance, which no picture shows."""
    played = {(end[0], end[1]) for link in truth["links"] for end in link}
    ends: Counter = Counter()
    for tile, half in truth["open_ends"]:
        halves = truth["tiles"][tile]["halves"]
        double = halves is not None and halves[0] == halves[1]
        if double and half is not None and not {(tile, 0), (tile, 1)} & played:
            continue
        ends[(tile, half)] += 1
    return ends


def _match_truth(
    tiles: Sequence[dict[str, Any]], readings: Sequence[TileReading], iou: float
) -> tuple[dict[int, int], dict[tuple[int, int], int]]:
    """Reading index -> truth tile, and (reading, half) -> truth half, greedy by overlap."""
    pairs = []
    for t, tile in enumerate(tiles):
        box = Box(*tile["box"])
        for r, reading in enumerate(readings):
            overlap = box.iou(reading.box)
            if overlap >= iou and (tile["halves"] is None) == (reading.halves is None):
                pairs.append((-overlap, t, r))
    tile_of: dict[int, int] = {}
    for _, t, r in sorted(pairs):
        if r not in tile_of and t not in tile_of.values():
            tile_of[r] = t
    half_of: dict[tuple[int, int], int] = {}
    for r, t in tile_of.items():
        reading, truth_halves = readings[r], tiles[t]["half_boxes"]
        if reading.half_boxes is None or truth_halves is None:
            continue
        centres = [Box(*box).centre for box in truth_halves]
        first = reading.half_boxes[0].centre
        straight = math.dist(first, centres[0]) <= math.dist(first, centres[1])
        half_of[(r, 0)], half_of[(r, 1)] = (0, 1) if straight else (1, 0)
    return tile_of, half_of


def truth_readings(truth: dict[str, Any]) -> list[TileReading]:
    """The readings a perfect reader would give for a scene's truth JSON (tiles a hand hides
    left out): what the layout alone is measured on, apart from any reader's errors."""
    readings = []
    for tile in truth["tiles"]:
        if tile.get("hidden"):
            continue
        halves = None if tile["halves"] is None else (tile["halves"][0], tile["halves"][1])
        half_boxes = None
        if tile["half_boxes"] is not None:
            first, second = (Box(*box) for box in tile["half_boxes"])
            half_boxes = (first, second)
        readings.append(TileReading(halves, Box(*tile["box"]), 1.0, half_boxes))
    return readings
