"""Tripoley between two actions: the game's chips and layout, and the deal being played.

Per-seat tuples follow ``players`` (clockwise, D1).  Hands are hidden: the state holds how many
cards each hand has and which cards the table has seen, and whose they were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from scoring.cards import Card


class Phase(StrEnum):
    SPARE = "spare"  # the dealer trades the spare hand (R4)
    PAYOUTS = "payouts"  # stage one (R6-R9)
    POKER = "poker"  # stage two's betting (R11-R15)
    SHOWDOWN = "showdown"
    MICHIGAN = "michigan"  # stage three (R16-R20)
    OVER = "over"


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    start: tuple[int, ...]  # chips when the game began
    chips: tuple[int, ...]
    layout: tuple[int, ...]  # chips on each pocket (rules.POCKETS)
    deal: int = 1
    dealer: int = 0
    phase: Phase = Phase.SPARE
    final: bool = False  # the last poker round for the whole layout (R21)
    dealt: tuple[bool, ...] = ()  # in this deal (anted)
    deal_start: tuple[int, ...] = ()  # chips before this deal's ante
    counts: tuple[int, ...] = ()  # cards in each hand
    spare: int = 0
    exchanged: bool = False
    seen: tuple[tuple[Card, int], ...] = ()  # cards laid or shown this deal, and by whom
    runs: tuple[int, ...] = ()  # seats that laid the run (stage one)
    # Poker.
    turn: int | None = None
    bets: tuple[int, ...] = ()
    folded: tuple[bool, ...] = ()
    acted: tuple[bool, ...] = ()
    current: int = 0
    hands: tuple[tuple[Card, ...] | None, ...] = ()  # the five cards shown
    order: tuple[int, ...] = ()  # the showdown's order
    winners: tuple[int, ...] = ()  # the poker pot's
    # Michigan.
    suit: str | None = None  # the suit being played, None while a lead is due
    rank: int = -1  # the last card's rank index in it
    last: int | None = None  # who played it
    stopped: str | None = None  # the suit just ended: no lead in it (R18)
    colour: str = "black"  # the next lead's colour (V6)
    passes: int = 0
    played: tuple[tuple[Card, int], ...] = ()  # the current run of plays, and by whom
    gone: tuple[Card, ...] = ()  # every card played in this deal's Michigan
    history: tuple[tuple[int, ...], ...] = ()  # each deal's chips won (+) or lost (-)

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def holder(self, card: Card) -> int | None:
        """Who laid or showed ``card`` in this deal, if anyone."""
        return next((seat for seen, seat in self.seen if seen == card), None)

    def in_hand(self, seat: int) -> bool:
        return self.dealt[seat] and not self.folded[seat]

    def next_seat(self, after: int, wanted: Callable[[int], bool]) -> int | None:
        """The first seat clockwise after ``after`` for which ``wanted(seat)`` holds."""
        for step in range(1, self.seats + 1):
            seat = (after + step) % self.seats
            if wanted(seat):
                return seat
        return None
