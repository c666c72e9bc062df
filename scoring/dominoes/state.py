"""The dominoes state: frozen dataclasses of tuples, so undo is a re-fold and replay is exact.

What the referee knows of a hand is split in two: the tiles it has been told of (all of them
with full information; none with public information until a draw names one or the hand is
shown) and how many tiles nobody has named.  So one state model serves the camera at a real
table (public) and tests, simulations and oracles (full).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.dominoes.layout import Layout
from scoring.dominoes.settle import Ending
from scoring.dominoes.tiles import Tile


@dataclass(frozen=True)
class Hand:
    tiles: tuple[Tile, ...] = ()
    hidden: int = 0

    @property
    def count(self) -> int:
        return len(self.tiles) + self.hidden

    @property
    def known(self) -> bool:
        return self.hidden == 0


@dataclass(frozen=True)
class Round:
    """One deal, from the deal to the last hand shown."""

    number: int
    hands: tuple[Hand, ...]
    stock: tuple[Tile, ...]  # the undealt tiles where they are known (full information)
    stock_count: int  # face-down tiles not dealt, dead ones included
    closed: bool  # every tile was dealt: no boneyard, no tiles out of play (§1.5)
    in_play: tuple[int, ...]  # points scored during this round, per side
    layout: Layout = field(default_factory=Layout)
    leader: int | None = None  # who must lead (None: whoever lays first)
    lead_tiles: frozenset[Tile] | None = None  # what he may lead (None: any tile)
    turn: int | None = None
    plays: tuple[tuple[int, Tile], ...] = ()  # (seat, tile) in the order laid
    drew: int = 0  # tiles drawn by the player to move, this turn
    laid: int = 0  # tiles laid by the player to move, this turn (V5)
    knocks: int = 0  # knocks in a row since the last tile was laid
    knock_log: tuple[tuple[int, int, tuple[int, ...]], ...] = ()  # (seat, tiles down, end values)
    redeal_seat: int | None = None  # a hand that must be dealt again (V3, full information)
    first_round: bool = True  # the first round of the match (the lead rules differ, §5.2)
    chosen: int | None = None  # the leader the previous round (or the lot) named
    ending: Ending | None = None  # set once play is over and hands are still to be shown


@dataclass(frozen=True)
class Line:
    """One finished round on the score sheet."""

    number: int
    points: tuple[int, ...]  # per side, in play and at the end
    totals: tuple[int, ...]  # per side, after it
    how: str  # out, fish, fish_tie


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]  # per side
    round: Round | None = None
    lines: tuple[Line, ...] = ()
    carry: int = 0  # Kozel: a tied fish's points, charged to the next round's loser
    next_leader: int | None = None
    winners: tuple[int, ...] | None = None  # sides, once the match is over
    goat: int | None = None  # Kozel: the side that passed the limit

    @property
    def over(self) -> bool:
        return self.winners is not None

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def side_name(self, side: int) -> str:
        return "+".join(self.players[s] for s in self.sides[side])
