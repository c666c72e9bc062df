"""The card facts the cards camera posts (``vision/cards/observe.py``): a card put down on the
table (``CardPlaced``; ``zone`` is ``table`` for a Durak bout, ``trick`` for a Deberts trick,
``row:<suit>`` for a Devyatka row; ``covers`` names the card it lies on or was laid against, None
for a card beside the attack row) and the table swept (``TableCleared``; ``to`` is ``pile`` for
the discard, ``hand`` for a defender picking up, None when the camera cannot tell).  ``player``
is the seat the camera saw the card come from, when it could.  Golf's table adds a card newly up
in a grid slot (``GridPlaced``, zone ``grid:<seat>``) and the discard pile's new top
(``DiscardChanged``); :mod:`vision.cards.golf` reads them, this module only holds them, so the
interpreters (and ``tableref games``, which imports the registry) load no numpy.  They live in
``vision`` beside the dice and tile facts, so perception does not depend on the session that
interprets them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CardPlaced:
    """The table fact ``card_placed``: one card came to rest face up in ``zone`` (``table``:
    the attack/defence area), on the card ``covers`` or beside the row (None)."""

    card: str
    zone: str = "table"
    covers: str | None = None
    player: str | None = None
    frame_index: int | None = None
    timestamp: float = 0.0
    confidence: float = 1.0

    fact = "card_placed"

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "card": self.card,
            "zone": self.zone,
            "covers": self.covers,
            "player": self.player,
            "frame": self.frame_index,
            "timestamp": round(self.timestamp, 3),
            "confidence": round(self.confidence, 3),
        }


@dataclass(frozen=True)
class TableCleared:
    """The table fact ``table_cleared``: the bout's cards left the table, ``to`` the discard
    pile (``pile``), a hand (``hand``) or somewhere the camera could not see (None)."""

    to: str | None = None
    frame_index: int | None = None
    timestamp: float = 0.0
    confidence: float = 1.0

    fact = "table_cleared"

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "to": self.to,
            "frame": self.frame_index,
            "timestamp": round(self.timestamp, 3),
            "confidence": round(self.confidence, 3),
        }


@dataclass(frozen=True)
class GridPlaced(CardPlaced):
    """A :class:`CardPlaced` in a golf grid: ``seat`` and ``slot`` (from 1), ``covers`` the
    face-up card it replaced in the slot, ``moved_from`` the slot it lay in before (None: it
    was not in this grid face up)."""

    seat: int = 0
    slot: int = 0
    moved_from: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            **super().to_json(),
            "seat": self.seat,
            "slot": self.slot,
            "moved_from": self.moved_from,
        }


@dataclass(frozen=True)
class DiscardChanged:
    """The table fact ``discard_changed``: the discard pile's top is now ``top`` (None: the
    pile is empty), ``previous`` before; ``taken`` when the top was taken off, not laid.
    ``seats``: how many grids the mat has (None: not said), so that a card laid by a player
    whose grid the camera does not watch is not taken for a stock card discarded."""

    top: str | None
    previous: str | None
    taken: bool = False
    frame_index: int | None = None
    timestamp: float = 0.0
    confidence: float = 1.0
    seats: int | None = None

    fact = "discard_changed"

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "top": self.top,
            "previous": self.previous,
            "taken": self.taken,
            "seats": self.seats,
            "frame": self.frame_index,
            "timestamp": round(self.timestamp, 3),
            "confidence": round(self.confidence, 3),
        }
