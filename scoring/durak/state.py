"""The state of a Durak table: frozen dataclasses of tuples, so undo is a re-fold.

Seats are indices into ``players`` (clockwise, §2.3).  A hand is a count and the cards known
to be in it: cards the table saw go there (a pickup, a turned-up trump drawn, a reveal); with
full information every card is known.  Whatever is not in a hand is in the stock, on the
table, in the discard, or out of play unseen (a table the referee joined mid-game).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Phase(StrEnum):
    """Where a game stands (the view shows its value): waiting for the deal, a lead, a bout
    on the table, the draws after it, a Japanese round, over."""

    DEAL = "deal"
    LEAD = "lead"
    BOUT = "bout"
    DRAW = "draw"
    ROUND = "round"
    OVER = "over"


@dataclass(frozen=True)
class Hand:
    count: int
    known: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pair:
    """An attack card and the card covering it (None while uncovered), §0's ``[9C/JC]``."""

    attack: str
    defence: str | None = None


@dataclass(frozen=True)
class Bout:
    """One attack: who opened it, who defends now, the cards, and the declarations."""

    opener: int
    defender: int
    pairs: tuple[Pair, ...] = ()
    taking: bool = False
    passed: tuple[int, ...] = ()  # throwers who said «бито» since the table last changed
    first: bool = False  # the first bout of a fresh deal (first_bout_cap)

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(c for p in self.pairs for c in (p.attack, p.defence) if c is not None)

    @property
    def uncovered(self) -> tuple[str, ...]:
        return tuple(p.attack for p in self.pairs if p.defence is None)

    @property
    def defended(self) -> bool:
        return any(p.defence is not None for p in self.pairs)


@dataclass(frozen=True)
class Pile:
    """A Japanese B round (§9 model): the pile bottom first, and who still acts, in order."""

    leader: int
    cards: tuple[str, ...] = ()
    waiting: tuple[int, ...] = ()
    acted: tuple[int, ...] = ()
    last_beat: bool = False


@dataclass(frozen=True)
class DurakState:
    players: tuple[str, ...]
    phase: Phase = Phase.DEAL
    games: int = 0  # games dealt in this match
    trump: str | None = None  # the trump suit
    trump_card: str | None = None  # the card shown for it
    turnup_in_stock: bool = False  # the turned-up trump is still the stock's last card
    hands: tuple[Hand, ...] = ()
    stock: int = 0
    bout: Bout | None = None
    pile: Pile | None = None
    discard: tuple[str, ...] = ()
    unseen_out: int = 0  # cards out of play before the referee joined
    fresh: bool = True  # dealt from a full deck (not a table joined mid-game)
    leader: int | None = None  # who leads next; None: not known to the referee
    leader_after: bool = False  # during the draw: the player after ``leader`` leads
    bouts: int = 0
    last_end: str | None = None  # how the last bout ended: beaten | taken | penalty
    closed_by: str | None = None  # the cap that closed it (F-10, F-10b), if one did
    draws: tuple[tuple[int, int], ...] = ()  # (seat, cards still due), in drawing order
    out: tuple[int, ...] = ()  # seats out of this game, in the order they went out
    fools: tuple[int, ...] = ()  # who lost the game just over: one fool, a team, none (draw)
    results: tuple[tuple[int, ...], ...] = ()  # each finished game's fools
    first_out: tuple[int | None, ...] = ()  # each finished game's first player out

    def active(self, seat: int) -> bool:
        return seat not in self.out
