"""The domino layout as a picture: which arm each tile went to, and each tile's place.

An engine's view lists the tiles in the order laid, the open ends and the spinner, not the end
each tile was laid on.  :func:`placements` finds it by replaying the laying through the rules'
own layout model (:mod:`scoring.dominoes.layout`) and keeping the history whose open ends are
the ones shown; when a tile fitted two ends showing the same number, either history draws the
same numbers at the open ends.  :func:`geometry` then places the tiles in units of a tile's
short side: the line of play across (snaking over several rows when it is long), doubles
crosswise, and a spinner's up and down arms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.dominoes.layout import Layout, Misfit, fits, lead, place
from scoring.dominoes.tiles import Tile, parse_tile

SEARCH_LIMIT = 20000  # layouts tried before the first fitting history is taken as it is


def placements(
    tiles: Sequence[str], ends: Mapping[str, int], spinner: str | None
) -> list[str | None]:
    """The end each tile was laid on (None for the lead), consistent with the open ends."""
    parsed = [parse_tile(t) for t in tiles]
    if not parsed:
        return []
    has_spinner = spinner is not None
    tried = 0
    fallback: list[str | None] | None = None

    def search(layout: Layout, index: int, chosen: list[str | None]) -> list[str | None] | None:
        nonlocal tried, fallback
        tried += 1
        if index == len(parsed):
            if fallback is None:
                fallback = list(chosen)
            shown = {e.name: e.value for e in layout.ends}
            return list(chosen) if shown == dict(ends) else None
        if tried > SEARCH_LIMIT:
            return None
        for name in fits(layout, parsed[index]):
            try:
                after = place(layout, parsed[index], name, has_spinner, False)
            except Misfit:
                continue
            found = search(after, index + 1, [*chosen, name])
            if found is not None:
                return found
        return None

    found = search(lead(parsed[0], has_spinner), 1, [None])
    if found is not None:
        return found
    # A layout the model cannot reproduce (a misread tile): draw the tiles that fit in order.
    return fallback or [None] * len(parsed)


@dataclass(frozen=True)
class Piece:
    """A tile placed: ``x``, ``y`` of its top-left and ``w``, ``h`` in units, the half shown
    first (left or top) and second, and whether it lies across the line (a double)."""

    tile: str
    x: float
    y: float
    w: float
    h: float
    first: int
    second: int
    cross: bool


@dataclass(frozen=True)
class Marker:
    """An open end: its name, the number it shows and its centre in units."""

    name: str
    value: int
    x: float
    y: float


@dataclass(frozen=True)
class Bend:
    """Where a snaked line turns to the next row: ``x`` and the two rows' middles, in units."""

    x: float
    y1: float
    y2: float


@dataclass(frozen=True)
class Segment:
    tile: Tile
    left: int  # the half towards the start of the line (left, or up for a vertical arm)
    right: int
    cross: bool

    @property
    def length(self) -> float:
        return 1.0 if self.cross else 2.0


def arms(
    tiles: Sequence[str], where: Sequence[str | None], spinner: str | None
) -> tuple[list[Segment], list[Segment], list[Segment]]:
    """The line across (left to right), and the spinner's up arm (from the spinner outwards)
    and down arm, each as segments with the halves in drawing order."""
    line: list[Segment] = []
    up: list[Segment] = []
    down: list[Segment] = []
    values: dict[str, int] = {}
    for text, end in zip(tiles, where, strict=True):
        tile = parse_tile(text)
        is_spinner = spinner is not None and text == spinner
        cross = tile.double
        if end is None:
            line.append(Segment(tile, tile.lo, tile.hi, cross))
            values = {"left": tile.lo, "right": tile.hi}
            if is_spinner:
                values |= {"up": tile.lo, "down": tile.lo}
            continue
        inner = values[end]
        outer = tile.other(inner)
        values[end] = outer
        if is_spinner:
            values |= {"up": inner, "down": inner}
        if end == "left":
            line.insert(0, Segment(tile, outer, inner, cross))
        elif end == "right":
            line.append(Segment(tile, inner, outer, cross))
        elif end == "up":
            up.append(Segment(tile, outer, inner, cross))
        else:
            down.append(Segment(tile, inner, outer, cross))
    return line, up, down


def _horizontal(seg: Segment, x: float, y_mid: float, reverse: bool) -> Piece:
    first, second = (seg.right, seg.left) if reverse else (seg.left, seg.right)
    if seg.cross:
        return Piece(str(seg.tile), x, y_mid - 1.0, 1.0, 2.0, first, second, True)
    return Piece(str(seg.tile), x, y_mid - 0.5, 2.0, 1.0, first, second, False)


def snake(line: Sequence[Segment], capacity: float) -> list[list[Segment]]:
    """The line cut into rows of at most ``capacity`` units (at least one tile a row)."""
    rows: list[list[Segment]] = [[]]
    used = 0.0
    for seg in line:
        if rows[-1] and used + seg.length > capacity:
            rows.append([])
            used = 0.0
        rows[-1].append(seg)
        used += seg.length
    return rows


def geometry(
    tiles: Sequence[str],
    where: Sequence[str | None],
    ends: Mapping[str, int],
    spinner: str | None,
    capacity: float | None = None,
) -> tuple[list[Piece], list[Marker], list[Bend], float, float]:
    """Pieces, open-end markers and the bends between snaked rows in units, and the width and
    height they take, for tiles laid where :func:`placements` says.

    ``capacity`` (units a row may take) snakes a line without a spinner over rows, the second
    running right to left, as players bend a long line at the table's edge.
    """
    line, up, down = arms(tiles, where, spinner)
    if not line:
        return [], [], [], 0.0, 0.0
    pieces: list[Piece] = []
    markers: list[Marker] = []
    bends: list[Bend] = []
    rows = [line] if spinner is not None or capacity is None else snake(line, capacity)
    row_step = 2.6
    # Room above the line for the spinner's up arm and its end marker.
    top = sum(s.length for s in up) + (1.2 if "up" in ends else 0.0) if spinner else 0.0
    y_mid = top + 1.0
    width = 0.0
    spinner_x = None
    for r, row in enumerate(rows):
        reverse = r % 2 == 1
        ordered = list(reversed(row)) if reverse else row
        x = 1.2
        mid = y_mid + r * row_step
        for seg in ordered:
            piece = _horizontal(seg, x, mid, reverse)
            pieces.append(piece)
            if spinner is not None and str(seg.tile) == spinner:
                spinner_x = x + 0.5
            x += seg.length
        width = max(width, x + 1.2)
        if r == 0:
            first_x = 0.6 if not reverse else x + 0.6
            if "left" in ends:
                markers.append(Marker("left", ends["left"], first_x, mid))
        if r < len(rows) - 1:
            bends.append(Bend(x + 0.4 if not reverse else 0.8, mid, mid + row_step))
        if r == len(rows) - 1 and "right" in ends:
            markers.append(Marker("right", ends["right"], 0.6 if reverse else x + 0.6, mid))
    height = y_mid + (len(rows) - 1) * row_step + 1.0
    if spinner_x is not None:
        y = y_mid - 1.0
        for seg in up:
            y -= seg.length
            pieces.append(_vertical(seg, spinner_x, y))
        if "up" in ends:
            markers.append(Marker("up", ends["up"], spinner_x, y - 0.6))
        y = y_mid + 1.0
        for seg in down:
            pieces.append(_vertical(seg, spinner_x, y))
            y += seg.length
        if "down" in ends:
            markers.append(Marker("down", ends["down"], spinner_x, y + 0.6))
        height = max(height, y + 1.2)
    return pieces, markers, bends, width, height


def _vertical(seg: Segment, x_mid: float, y: float) -> Piece:
    if seg.cross:
        return Piece(str(seg.tile), x_mid - 1.0, y, 2.0, 1.0, seg.left, seg.right, True)
    return Piece(str(seg.tile), x_mid - 0.5, y, 1.0, 2.0, seg.left, seg.right, False)
