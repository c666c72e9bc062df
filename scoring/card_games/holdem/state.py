"""The table between two actions: the game so far and the hand being played.

Per-seat tuples follow ``players`` (clockwise, D2).  A seat whose player is out of chips keeps
its place: the dead button and a dead small blind are positions, not players (TPT 24A, D3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

from scoring.actions import Action
from scoring.cards import Card


class Phase(StrEnum):
    BETTING = "betting"
    DEAL = "deal"  # the next street's cards are due
    FOUR_CARD_FLOP = "four_card_flop"  # TPT 30: the floor picks the burn
    SHOWDOWN = "showdown"
    OVER = "over"


class Street(IntEnum):
    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3

    @property
    def label(self) -> str:
        return self.name.lower()


#: The board's size once each street is dealt.
BOARD_SIZE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


@dataclass(frozen=True)
class Held:
    """An action out of turn, held until the turn reaches its player (TPT 43A): the action and
    the bet he faced when he made it."""

    seat: int
    action: Action
    facing: int


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    start: tuple[int, ...]  # chips when the game began (the sheet's first row)
    stacks: tuple[int, ...]  # chips behind, not in the pot
    hand: int = 1  # the hand's number
    button: int = 0
    small_blind: int = 0  # a position: dead where its seat was not dealt in
    big_blind: int = 1
    hand_start: tuple[int, ...] = ()  # stacks before the hand's blinds (a misdeal's replay)
    dealt: tuple[bool, ...] = ()  # seats dealt in (with chips when the hand began)
    committed: tuple[int, ...] = ()  # put into this hand (antes, blinds, bets)
    bets: tuple[int, ...] = ()  # this round
    folded: tuple[bool, ...] = ()
    acted: tuple[int | None, ...] = ()  # the bet each faced when he last acted this round
    phase: Phase = Phase.BETTING
    street: Street = Street.PREFLOP
    turn: int | None = None
    current_bet: int = 0
    last_raise: int = 0  # the last full bet or raise of the round (TPT 34A)
    raises: int = 0  # bets and raises this round (limit's cap)
    aggressor: int | None = None
    board: tuple[Card, ...] = ()
    burns: tuple[Card, ...] = ()  # the burn cards seen face up
    burned: int = 0  # the cards burned this hand, face up or down (TPT 29)
    four: tuple[Card, ...] = ()  # a four-card flop waiting for its burn (TPT 30)
    shown: tuple[tuple[Card, ...] | None, ...] = ()
    mucked: tuple[bool, ...] = ()
    show_order: tuple[int, ...] = ()
    face_up: bool = False  # an all-in showdown (TPT 11)
    moves: tuple[bool, ...] = ()  # actions in turn this hand: whether each put chips in (TPT 27)
    held: Held | None = None
    bound: str | None = None  # the player to act must "raise", or may not ("no_raise")
    rulings: tuple[tuple[str, str | None, bool, str], ...] = ()  # rule, player, kill, note
    results: tuple[dict[str, Any], ...] = ()  # the last hand's pots as paid
    history: tuple[tuple[int, ...], ...] = ()  # each finished hand's chips won (+) or lost (-)

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def live(self, seat: int) -> bool:
        """Still in the hand: dealt in, not folded or mucked."""
        return self.dealt[seat] and not self.folded[seat] and not self.mucked[seat]

    def active(self, seat: int) -> bool:
        """Live and with chips behind: may still bet."""
        return self.live(seat) and self.stacks[seat] > 0

    def live_seats(self) -> list[int]:
        return [seat for seat in range(self.seats) if self.live(seat)]

    def to_call(self, seat: int) -> int:
        return min(self.current_bet - self.bets[seat], self.stacks[seat])

    def next_seat(self, after: int, wanted: Any) -> int | None:
        """The first seat clockwise after ``after`` for which ``wanted(seat)`` holds."""
        for step in range(1, self.seats + 1):
            seat = (after + step) % self.seats
            if wanted(seat):
                return seat
        return None
