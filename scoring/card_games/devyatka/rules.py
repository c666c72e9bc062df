"""Devyatka (rules/cards.md Appendix A [EXT]): the layout, what may be played on it, the options.

The layout is four rows, one per suit, each built out from its 9: up 9-10-J-Q-K-A and down
9-8-7-6.  A row is kept as the (lowest, highest) rank it reaches, since cards only ever join
its two ends; this is what a camera over the table tracks (§8.2).  The legal-move rule is that
of Codeforces 1769 D1: a 9 may always be played, a 6, 7 or 8 needs the next higher card of its
suit on the table, a 10..A the next lower.  Appendix A adds that the first card of a deal is
the 9 of diamonds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.cards import SUITS, Card, deck
from scoring.engine import OptionsError
from scoring.options import (
    check_known,
    check_table_size,
    option_choice,
    option_count,
)

DECK = deck(36)  # Appendix A: 36 cards, 6..A
NINE = Card("9", "D").rank_index
OPENING = Card("9", "D")  # Appendix A: "the holder of 9D plays it first"
ACE = Card("A", "D").rank_index

#: One suit's row: (lowest, highest) rank index on the table, or None before its 9.
Row = tuple[int, int] | None
#: The layout: one row per suit, in the order of :data:`scoring.cards.SUITS`.
Layout = tuple[Row, ...]

EMPTY: Layout = (None,) * len(SUITS)

INFORMATION = ("public", "full")
DIRECTIONS = ("left", "right")


def playable(layout: Layout, card: Card) -> bool:
    """Whether ``card`` may join the layout now (the opening aside, see :func:`legal_cards`)."""
    row = layout[SUITS.index(card.suit)]
    if row is None:
        return card.rank_index == NINE
    low, high = row
    return card.rank_index in (low - 1, high + 1)


def opened(layout: Layout) -> bool:
    return layout[SUITS.index(OPENING.suit)] is not None


def legal_cards(layout: Layout, cards: Iterable[Card]) -> list[Card]:
    """The cards of ``cards`` that may be played now: only the 9 of diamonds opens a deal."""
    if not opened(layout):
        return [card for card in cards if card == OPENING]
    return [card for card in cards if playable(layout, card)]


def place(layout: Layout, card: Card) -> Layout:
    """The layout with ``card`` added at its row's end (the caller checked it is playable)."""
    index = SUITS.index(card.suit)
    row = layout[index]
    rank = card.rank_index
    extent = (rank, rank) if row is None else (min(row[0], rank), max(row[1], rank))
    return (*layout[:index], extent, *layout[index + 1 :])


def on_table(layout: Layout) -> list[Card]:
    """Every card of the layout, suit by suit, low to high."""
    out = []
    for suit, row in zip(SUITS, layout, strict=True):
        if row is not None:
            out += [
                card for card in DECK if card.suit == suit and row[0] <= card.rank_index <= row[1]
            ]
    return out


def row_text(layout: Layout) -> dict[str, str | None]:
    """The layout as a display shows it: ``{"D": "8D..10D"}``, None for a row not started."""
    out: dict[str, str | None] = {}
    for suit, row in zip(SUITS, layout, strict=True):
        if row is None:
            out[suit] = None
            continue
        cards = [c for c in DECK if c.suit == suit and c.rank_index in (row[0], row[1])]
        out[suit] = str(cards[0]) if len(cards) == 1 else f"{cards[0]}..{cards[-1]}"
    return out


OPTIONS = (
    "players_min",
    "players_max",
    "start_coins",
    "ante",
    "pass_fine",
    "card_fine",
    "redeal_aces",
    "direction",
    "information",
)


@dataclass(frozen=True)
class Rules:
    """A preset's options (Appendix A's open questions), each default the app's rule."""

    players_min: int = 3  # the app: 3; game-mini: 3-4
    players_max: int = 4
    start_coins: int = 100  # the app: 100 coins each
    ante: int = 10  # the app: 10 coins per deal
    pass_fine: int = 10  # the app and the English page: 10 coins per pass
    card_fine: int = 0  # Fan Tan [EXT]: coins per card left, paid into the bank; 0 = off
    redeal_aces: int = 4  # kakprosto: four aces (three by agreement); 0 = no redeal
    direction: str = "left"  # kakprosto: the next player is on the left
    information: str = "public"  # public: hands unseen until shown; full: dealt hands given

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, OPTIONS, "devyatka")
        rules = cls(
            players_min=option_count(options, "players_min", 3, 2) or 3,
            players_max=option_count(options, "players_max", 4, 2) or 4,
            start_coins=option_count(options, "start_coins", 100) or 100,
            ante=option_count(options, "ante", 10, 0) or 0,
            pass_fine=option_count(options, "pass_fine", 10, 0) or 0,
            card_fine=option_count(options, "card_fine", 0, 0) or 0,
            redeal_aces=option_choice(options, "redeal_aces", (0, 3, 4), 4),
            direction=option_choice(options, "direction", DIRECTIONS, "left"),
            information=option_choice(options, "information", INFORMATION, "public"),
        )
        check_table_size(rules.players_min, rules.players_max)
        if rules.players_max > 4:
            raise OptionsError(f"players_max: 36 cards seat at most 4, got {rules.players_max}")
        return rules

    @property
    def full(self) -> bool:
        return self.information == "full"


def hand_size(players: int) -> int:
    """All 36 cards are dealt (Appendix A): 12 each to 3, 9 each to 4, 18 each to 2."""
    return len(DECK) // players
