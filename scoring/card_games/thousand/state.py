"""The states of a Thousand game: the deal in progress and the game around it.

Per-seat tuples follow the players' order, which is the seating clockwise (play goes to the
left).  A deal's ``hands`` are known only with full information (the ``deal`` action listed
the cards); otherwise the referee keeps what the table showed: cards played, the talon when it
was turned up, and cards shown from a hand (a marriage, a hand shown for a redeal).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scoring.card_games.thousand.proofs import Played, Proof


class Phase(StrEnum):
    """Where a deal stands, in order; the view shows its value."""

    DEAL = "deal"
    BID = "bid"
    TALON = "talon"
    GIVE = "give"
    PLAY = "play"


@dataclass(frozen=True)
class Deal:
    """One deal from the shuffle to the last trick."""

    number: int
    dealer: int
    phase: Phase = Phase.DEAL
    active: tuple[int, ...] = ()  # seats in play, clockwise from the dealer's left
    hands: tuple[tuple[str, ...], ...] | None = None  # full information only
    talon: tuple[str, ...] | None = None  # known to the referee (shown, or dealt openly)
    talon_shown: bool = False
    opener: int | None = None
    bid: int = 0
    bidder: int | None = None
    contested: bool = False  # someone bid over the forced 100
    passed: tuple[int, ...] = ()
    turn: int | None = None
    declarer: int | None = None
    given: tuple[int, ...] = ()  # opponents who have had their card from the declarer
    contract: int = 0
    trick: tuple[str, ...] = ()
    leader: int | None = None
    tricks: tuple[int, ...] = ()  # per seat
    taken: tuple[int, ...] = ()  # card points taken, per seat
    melds: tuple[tuple[int, str], ...] = ()  # (seat, suit or "aces")
    trump: str | None = None
    trump_by: int | None = None
    history: tuple[Played, ...] = ()
    shown: tuple[tuple[int, str], ...] = ()  # (seat, card) seen in a hand, not yet played
    proofs: tuple[Proof, ...] = ()
    done: int = 0  # tricks completed
    called: tuple[int, ...] = ()  # seats that have bid or passed in person (page A's dark game)
    dark: int | None = None  # the seat that bid 120 dark, before looking (page A)
    golden: bool = False  # a golden deal: 120 by the opener, everything doubled
    cut_nines: int = 0  # nines at the bottom in a row at the cut (pages A, D)
    recut: bool = False  # the last cut showed a nine: cut again before dealing

    @property
    def played(self) -> tuple[str, ...]:
        return tuple(p.card for p in self.history)

    @property
    def first_card_down(self) -> bool:
        return bool(self.history)

    def seat_after(self, seat: int) -> int:
        """The next active seat clockwise."""
        index = self.active.index(seat)
        return self.active[(index + 1) % len(self.active)]

    def holder(self, card: str) -> int | None:
        """Who is known to hold ``card`` now, or None."""
        if self.hands is not None:
            return next((s for s, hand in enumerate(self.hands) if card in hand), None)
        return next((s for s, c in self.shown if c == card), None)

    def move(self, card: str, source: int | None, target: int | None) -> Deal:
        """A known hand loses or gains a card (full information; nothing to do otherwise)."""
        if self.hands is None:
            return self
        hands = list(self.hands)
        if source is not None:
            hands[source] = tuple(c for c in hands[source] if c != card)
        if target is not None:
            hands[target] = (*hands[target], card)
        return replace(self, hands=tuple(hands))


@dataclass(frozen=True)
class Line:
    """One line of the paper sheet: a deal's outcome and everyone's running total after it."""

    number: int
    declarer: int | None
    contract: int
    outcome: str  # made | failed | thrown_in | misdeal | cut
    totals: tuple[int, ...]
    marks: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    totals: tuple[int, ...]
    deal: Deal
    lines: tuple[Line, ...] = ()
    bolts: tuple[int, ...] = ()
    barrel: tuple[int | None, ...] = ()  # tries used by a player on the barrel, else None
    falls: tuple[int, ...] = ()
    throw_ins: tuple[int, ...] = ()
    golden_made: bool = False  # someone made a golden contract (page B's all-fail reset)
    winners: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return bool(self.winners)
