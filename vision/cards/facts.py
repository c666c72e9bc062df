"""The card facts the cards camera posts (``vision/cards/observe.py``): a card put down on the
table (``CardPlaced``; ``zone`` is ``table`` for a Durak bout, ``trick`` for a Deberts trick,
``row:<suit>`` for a Devyatka row; ``covers`` names the card it lies on or was laid against, None
for a card beside the attack row) and the table swept (``TableCleared``; ``to`` is ``pile`` for
the discard, ``hand`` for a defender picking up, None when the camera cannot tell).  ``player``
is the seat the camera saw the card come from, when it could.  They live in ``vision`` beside the
dice and tile facts, so perception does not depend on the session that interprets them.
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
