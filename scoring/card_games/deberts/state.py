"""Deberts states: the game between hands and the hand being played, with what follows from
them (tricks, whose turn, which cards are known where).  Frozen dataclasses of tuples."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scoring.card_games.deberts.rules import ORDER, Declared, card_points
from scoring.card_games.tricks import trick_winner
from scoring.cards import Card


class Phase(StrEnum):
    """Where a hand stands, in order; the view shows its value."""

    BIDDING = "bidding"
    DEALING = "dealing"
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True)
class Line:
    """One line of the paper sheet: what each seat wrote, and why."""

    key: str
    en: str
    ru: str
    cells: tuple[int | None, ...]
    kind: str = "row"


@dataclass(frozen=True)
class Play:
    """A card played: by which seat, to which trick (0-based), after which cards of it."""

    seat: int
    card: Card
    trick: int
    before: tuple[Card, ...]


@dataclass(frozen=True)
class Flag:
    """A breach proven by a later card (§8.5); it waits for a ``penalty`` to confirm it."""

    seat: int
    breach: str
    trick: int  # 1-based; 0 for a false declaration


@dataclass(frozen=True)
class Settled:
    """The sheet as it stood before the hand was written, so a late penalty re-writes it."""

    totals: tuple[int, ...]
    hanging: int
    lines: int
    dealer: int | None


@dataclass(frozen=True)
class Hand:
    """One deal, from the turn-up to the scoring."""

    number: int
    dealer: int
    turnup: Card  # the card lying face up now (the trump seven once swapped)
    proposed: str  # the turn-up's suit at the deal: the first trump
    phase: Phase = Phase.BIDDING
    calls: tuple[tuple[int, str, str | None], ...] = ()
    declarer: int | None = None
    trump: str | None = None
    bottom: Card | None = None
    hands: tuple[tuple[Card, ...], ...] = ()  # full information: each seat's cards now
    swapped_by: int | None = None  # who took the turn-up for the trump seven
    held_shown: tuple[tuple[int, Card], ...] = ()  # cards known in a hand (shown, swapped in)
    declared: tuple[Declared, ...] = ()
    played: tuple[Play, ...] = ()
    offer_by: int | None = None
    offers_made: tuple[int, ...] = ()
    penalties: tuple[tuple[int, str], ...] = ()
    flags: tuple[Flag, ...] = ()
    settled: Settled | None = None

    @property
    def first_trump(self) -> bool:
        """The contract is on the turn-up's suit (§2.4 steps 1-2), the only one with a swap."""
        return self.trump is not None and self.trump == self.proposed


@dataclass(frozen=True)
class State:
    """The game between actions.  Per-seat tuples follow ``players``."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    lines: tuple[Line, ...] = ()
    dealer: int | None = None  # who deals next; None: drawn by lot (§2.2)
    hand: Hand | None = None
    hanging: int = 0  # points hanging from tied hands (§2.11)
    misrecorded: tuple[int, ...] = ()  # points each seat wrote too many, not yet struck
    last_trick: int | None = None  # who took the last trick of the last hand played
    winners: tuple[int, ...] = ()  # one seat, or several for a shared win (short game)
    hands_played: int = 0

    @property
    def over(self) -> bool:
        return bool(self.winners)


def with_hand(state: State, **changes: object) -> State:
    assert state.hand is not None
    # the changes are field names and values of Hand, unchecked through **changes
    return replace(state, hand=replace(state.hand, **changes))  # type: ignore[arg-type]


def tricks(hand: Hand, seats: int) -> list[tuple[Play, ...]]:
    """The completed tricks, in order."""
    done = len(hand.played) // seats
    return [hand.played[i * seats : (i + 1) * seats] for i in range(done)]


def current_trick(hand: Hand, seats: int) -> tuple[Play, ...]:
    return hand.played[len(hand.played) - len(hand.played) % seats :]


def trick_taker(trick: tuple[Play, ...], trump: str | None) -> int:
    """The seat that wins a complete trick (§2.9)."""
    return trick[trick_winner([p.card for p in trick], trump, ORDER)].seat


def next_to_play(hand: Hand, seats: int) -> int:
    """The lead is the dealer's left-hand neighbour (N in 2p, §2.9); then the trick's winner."""
    current = current_trick(hand, seats)
    if current:
        return (current[-1].seat + 1) % seats
    done = tricks(hand, seats)
    if done:
        return trick_taker(done[-1], hand.trump)
    return (hand.dealer + 1) % seats


def trick_cards(hand: Hand, seats: int) -> tuple[int, ...]:
    """Card points each seat has taken in tricks so far."""
    out = [0] * seats
    for trick in tricks(hand, seats):
        out[trick_taker(trick, hand.trump)] += card_points([p.card for p in trick], hand.trump)
    return tuple(out)


def has_played(hand: Hand, seat: int) -> bool:
    return any(p.seat == seat for p in hand.played)
