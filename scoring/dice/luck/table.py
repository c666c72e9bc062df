"""What a push-your-luck game keeps on the table (rules/dice.md §4): its options, read once,
how it ends, each player's column, the draw for the start and the turn in progress.

These are the frozen records :class:`.engine.LuckEngine` plays on; a game extends the
column or the turn with what only it counts (1000's barrels, buck dice's point number).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Self, TypeVar

from scoring.engine import OptionsError
from scoring.options import check_known, option_choice, option_flag


class Options:
    """A preset's options, read once, with every unknown key and bad value named."""

    def __init__(self, options: Mapping[str, Any], known: Iterable[str]) -> None:
        check_known(options, known, "this game")
        self.raw = options

    def whole(self, key: str, default: int | None, minimum: int = 0) -> int | None:
        """A whole number of at least ``minimum``, or None where None is the default or given."""
        value = self.raw.get(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise OptionsError(f"{key}: expected a whole number of at least {minimum}")
        return value

    def flag(self, key: str, default: bool) -> bool:
        return option_flag(self.raw, key, default)

    def choice(self, key: str, default: Any, choices: Sequence[Any]) -> Any:
        return option_choice(self.raw, key, choices, default)

    def streak(self, key: str) -> Streak | None:
        """``{turns: 3, points: 1000}``: that many zero turns in a row cost the points."""
        value = self.raw.get(key)
        if value is None:
            return None
        if not isinstance(value, Mapping) or set(value) != {"turns", "points"}:
            raise OptionsError(f"{key}: expected null or {{turns: N, points: P}}")
        turns, points = value["turns"], value["points"]
        if not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value.values()
        ):
            raise OptionsError(f"{key}: turns and points must be whole numbers above 0")
        return Streak(turns, points)


@dataclass(frozen=True)
class Streak:
    """Three Farkles in a row = -1000 (G14 L598-599); 1000's "bolts" [EXT]."""

    turns: int
    points: int


@dataclass(frozen=True)
class Finish:
    """How a game ends: a target and what happens once it is reached, or a number of rounds.

    ``mode`` once the target is reached: ``immediate``, ``last_turns`` (each other player has
    one more turn, G14 L578) or ``round`` (the round is finished, G15 L284).  ``overshoot``:
    a turn that passes the target counts (``allowed``), is void (``void``, G13 L454) or goes
    to the lowest-scoring player (``welfare``, G14 L602).
    """

    target: int | None
    mode: str = "immediate"
    overshoot: str = "allowed"
    rounds: int | None = None
    teams: bool = False


COMMON_OPTIONS = ("void_rethrow", "void_costs_throw", "players_min", "players_max")


# --------------------------------------------------------------------------------------------
# State.


@dataclass(frozen=True)
class Column:
    """One player's column: what each turn wrote, penalties and gifts, and where they stand.

    ``turns`` holds each turn's points in order (0 for a lost turn, None for a skipped one);
    ``adjustments`` holds (code, points) for what is not a turn's result.  ``again`` counts
    turns the player plays straight after this one; ``skips`` counts turns they will miss.
    """

    total: int = 0
    turns: tuple[int | None, ...] = ()
    adjustments: tuple[tuple[str, int], ...] = ()
    entered: bool = False
    streak: int = 0
    skips: int = 0
    again: int = 0
    out: bool = False

    def write(self, points: int | None) -> Self:
        return replace(self, total=self.total + (points or 0), turns=(*self.turns, points))

    def adjust(self, code: str, points: int) -> Self:
        return replace(
            self, total=self.total + points, adjustments=(*self.adjustments, (code, points))
        )


C = TypeVar("C", bound=Column)
T = TypeVar("T")


@dataclass(frozen=True)
class Draw:
    """The throws before play (Pig L278-279, buck dice L355-359): each player's totals so far;
    players tied where it matters throw again, and their later throws break the tie (§1.6)."""

    rolls: tuple[tuple[int, ...], ...]
    pending: tuple[int, ...]


@dataclass(frozen=True)
class Table(Generic[C]):
    """Everything about the game but the turn in progress."""

    players: tuple[str, ...]
    columns: tuple[C, ...]
    seat: int = 0
    starter: int = 0
    round: int = 1
    closing: tuple[int, ...] | None = None
    draw: Draw | None = None
    over: bool = False
    winners: tuple[int, ...] = ()

    def column(self, seat: int) -> C:
        return self.columns[seat]

    def put(self, seat: int, column: C) -> Table[C]:
        return replace(
            self, columns=tuple(column if i == seat else c for i, c in enumerate(self.columns))
        )

    @property
    def player(self) -> str:
        return self.players[self.seat]


@dataclass(frozen=True)
class Turn:
    """The turn in progress: throws made, points at stake, the dice showing."""

    throws: int = 0
    pot: int = 0
    dice: tuple[int, ...] = ()


@dataclass(frozen=True)
class Play(Generic[T]):
    """A state of a push-your-luck game: the table and the turn in progress."""

    table: Table[Any]
    turn: T
