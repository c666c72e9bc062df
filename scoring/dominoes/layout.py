"""The layout (rules/dominoes.md §1.3, §9.2, §9.4): the chain, its open ends and the spinner.

A layout is the tiles laid and its open **ends**.  Each end has a name, so a move is the pair
(tile, end) of §1.3:

- a linear chain has ``left`` and ``right``; the lead ``a-b`` (written ``a <= b``) shows ``a``
  on the left and ``b`` on the right;
- a **spinner** (the cross of V8/V9 and V10) has four sides.  Laid as the lead, its sides are
  ``left``, ``right``, ``up`` and ``down``; laid on a chain end, the side facing the chain is
  taken, the far side keeps that end's name and the cross sides are ``up`` and ``down``.  An
  unoccupied side is an open end of ``side`` kind showing the spinner's number;
- any other double is laid crosswise and is ordinary: the chain goes on from its far side only,
  and an end whose last tile is such a double is of ``double`` kind (it counts ``2n`` in Fives
  and makes a triple header in Bergen).

Nothing here knows whose turn it is: the layout only answers where a tile fits and what the
table shows, so the camera's layout graph (§11.3) can be checked against the same model.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scoring.dominoes.tiles import FULL_SET, Tile

SINGLE, DOUBLE, SIDE = "single", "double", "side"
LINEAR_ENDS = ("left", "right")
CROSS_SIDES = ("up", "down")
END_NAMES = ("left", "right", "up", "down")


class Misfit(ValueError):
    """A tile that does not fit where it was put; ``code`` is the refusal's reason code."""

    def __init__(self, code: str, **data: object) -> None:
        super().__init__(code)
        self.code = code
        self.data = data


@dataclass(frozen=True)
class End:
    """One open end: its name, the number it shows, the tile there and its kind."""

    name: str
    value: int
    tile: Tile
    kind: str = SINGLE


@dataclass(frozen=True)
class Layout:
    """The tiles in the order laid, the open ends in name order, and the spinner if any."""

    tiles: tuple[Tile, ...] = ()
    ends: tuple[End, ...] = ()
    spinner: Tile | None = None

    @property
    def empty(self) -> bool:
        return not self.tiles

    def end(self, name: str) -> End | None:
        return next((e for e in self.ends if e.name == name), None)

    @property
    def free_sides(self) -> tuple[End, ...]:
        return tuple(e for e in self.ends if e.kind == SIDE)

    @property
    def occupied_sides(self) -> int:
        """k of §9.4: how many of the spinner's four sides have a tile attached."""
        return 4 - len(self.free_sides) if self.spinner else 0

    def values(self) -> tuple[int, ...]:
        return tuple(e.value for e in self.ends)


def _ordered(ends: list[End]) -> tuple[End, ...]:
    return tuple(sorted(ends, key=lambda e: END_NAMES.index(e.name)))


def lead(first: Tile, spinner: bool) -> Layout:
    """The lead.  A double becomes the spinner when the game has one (its four sides open at
    once, §9.2 [SRC L146-147]); otherwise a lone double shows its number at both ends."""
    n = first.lo
    if first.double and spinner:
        sides = [End(name, n, first, SIDE) for name in END_NAMES]
        return Layout((first,), tuple(sides), first)
    kind = DOUBLE if first.double else SINGLE
    ends = (End("left", first.lo, first, kind), End("right", first.hi, first, kind))
    return Layout((first,), ends)


def _shut(layout: Layout, end: End, long_sides_first: bool) -> bool:
    """A cross side still closed because a long side of the spinner is free (``long_first``)."""
    if not (long_sides_first and end.kind == SIDE and end.name in CROSS_SIDES):
        return False
    return any(e.kind == SIDE and e.name in LINEAR_ENDS for e in layout.ends)


def place(layout: Layout, new: Tile, name: str, spinner: bool, long_sides_first: bool) -> Layout:
    """The layout after ``new`` is laid on end ``name`` (§1.3: it fits iff the end's number is
    on it; the end then shows the tile's other half).  The first double laid becomes the
    spinner where ``spinner`` is on (§9.2); ``long_sides_first`` keeps the cross sides shut
    until the long sides are taken (the English Muggins reading [EXT])."""
    end = layout.end(name)
    if end is None:
        raise Misfit("no_such_end", end=name, ends=", ".join(e.name for e in layout.ends))
    if not new.has(end.value):
        raise Misfit("does_not_fit", tile=str(new), end=name, value=end.value)
    if _shut(layout, end, long_sides_first):
        raise Misfit("long_sides_first", end=name)
    others = [e for e in layout.ends if e.name != name]
    n = end.value
    if new.double and spinner and layout.spinner is None:
        sides = [End(name, n, new, SIDE)] + [End(s, n, new, SIDE) for s in CROSS_SIDES]
        return replace(
            layout, tiles=(*layout.tiles, new), ends=_ordered(others + sides), spinner=new
        )
    kind = DOUBLE if new.double else SINGLE
    moved = End(name, new.other(n), new, kind)
    return replace(layout, tiles=(*layout.tiles, new), ends=_ordered([*others, moved]))


def fits(layout: Layout, candidate: Tile, long_sides_first: bool = False) -> list[str]:
    """The names of the ends ``candidate`` may be laid on (every end when the layout is empty
    is not asked here: a lead is judged by the opening rules)."""
    out = []
    for end in layout.ends:
        if not candidate.has(end.value):
            continue
        if _shut(layout, end, long_sides_first):
            continue
        out.append(end.name)
    return out


def end_sum(layout: Layout, played_sides_only: bool = False) -> int:
    """S(layout) of §9.4: what the open ends of Fives and All Threes add up to.

    An arm end counts its exposed half, or ``2n`` when its tile is an ordinary double (L143).
    The spinner adds ``2n`` while at most one side is taken, then ``n`` for each side still
    free (L142-143); variant v1 (``played_sides_only``, L171-176) counts free sides as 0 once
    two are taken.  A lone lead double without a cross counts once, ``2n`` (T31).
    """
    if not layout.tiles:
        return 0
    if len(layout.tiles) == 1 and layout.spinner is None and layout.tiles[0].double:
        return layout.tiles[0].pips
    total = sum(2 * e.value if e.kind == DOUBLE else e.value for e in layout.ends if e.kind != SIDE)
    if layout.spinner is not None:
        n = layout.spinner.lo
        if layout.occupied_sides <= 1:
            total += 2 * n
        elif not played_sides_only:
            total += n * len(layout.free_sides)
    return total


def header_points(layout: Layout) -> int:
    """Bergen's headers after a placement (§6, L55): both ends show the same number: +2, or +3
    when exactly one of them is a crosswise double ("triple header")."""
    if len(layout.tiles) < 2 or len(layout.ends) != 2:
        return 0
    first, second = layout.ends
    if first.value != second.value:
        return 0
    return 3 if (first.kind == DOUBLE) != (second.kind == DOUBLE) else 2


def exhausted(layout: Layout, value: int) -> bool:
    """All seven tiles carrying ``value`` are in the layout."""
    laid = set(layout.tiles)
    return all(t in laid for t in FULL_SET if t.has(value))


def invariant_blocked(layout: Layout) -> bool:
    """The §1.5 fish test from the layout alone, valid when every tile is in a hand or in the
    layout: blocked iff every open end's number is exhausted (for a linear chain this means
    both ends show the same ``n`` and all seven ``n`` tiles are down; unequal ends never block)."""
    return bool(layout.ends) and all(exhausted(layout, v) for v in set(layout.values()))
