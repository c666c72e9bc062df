"""Devyatka's rows from one frame's card readings.

Every suit's row starts from its 9 and grows one card at a time at either end, in rank order:
9 T J Q K A one way, 9 8 7 6 the other (36-card deck).  On the table the rows lie one above the
other, each card beside the last; the camera looks along the table, so a row is a line of cards
at about one height, and a card's place in it is its count of cards from the 9 (``position``:
+1 the first card on the side of the higher ranks, -1 the first on the other side).  Which side
the higher ranks go is read from the row itself (the side most of its cards agree with; right
when they do not say).

A card is ``in_order`` when it is of the row's suit (the suit of its 9, else of most of its
cards) and lies where its rank belongs (its position equals its rank's distance from the 9), so
a card laid past a gap, at the wrong end, or in another suit's row is flagged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from scoring.cards import RANKS
from vision.cards.facts import CardPlaced
from vision.cards.reader import CardReading

#: Two cards whose centres lie within this share of a card's height are in one row.
SAME_ROW = 0.5


@dataclass(frozen=True)
class RowSeat:
    """One card's place in the rows: ``zone`` is ``row:<suit>``, ``neighbour`` the card next to
    it on the 9's side (None for the 9 itself)."""

    reading: CardReading
    zone: str
    position: int
    in_order: bool
    neighbour: str | None


@dataclass(frozen=True)
class RowPlaced(CardPlaced):
    """A :class:`CardPlaced` in a Devyatka row: ``covers`` is the row end it was laid against,
    ``position`` its place from the 9, ``in_order`` False for a card where its rank does not
    belong.  It is a ``card_placed`` fact, so a consumer of CardPlaced takes it as it is."""

    position: int = 0
    in_order: bool = True

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "position": self.position, "in_order": self.in_order}


def rank_offset(card: str) -> int:
    """How many ranks the card lies from the 9 (T is +1, 8 is -1)."""
    return RANKS.index(card[:-1]) - RANKS.index("9")


def _centre(reading: CardReading) -> np.ndarray:
    return np.mean(np.asarray(reading.quad, np.float64), axis=0)


def _height(reading: CardReading) -> float:
    quad = np.asarray(reading.quad, np.float64)
    return float(np.linalg.norm(quad[3] - quad[0]))


def group_rows(readings: Sequence[CardReading]) -> list[list[CardReading]]:
    """The readings in rows (top to bottom), each row left to right."""
    ordered = sorted(readings, key=lambda r: _centre(r)[1])
    rows: list[list[CardReading]] = []
    for reading in ordered:
        y = _centre(reading)[1]
        if rows and abs(y - np.mean([_centre(r)[1] for r in rows[-1]])) <= SAME_ROW * _height(
            reading
        ):
            rows[-1].append(reading)
        else:
            rows.append([reading])
    return [sorted(row, key=lambda r: _centre(r)[0]) for row in rows]


def seat(readings: Sequence[CardReading], anchors: Sequence[CardReading] = ()) -> list[RowSeat]:
    """Every reading's row, position and whether it lies where its rank belongs.  ``anchors``:
    9s seen before (the observer remembers them), placed where this frame did not read them,
    so a 9 the reader missed once does not shift its row's positions."""
    read = {r.card for r in readings}
    missing = [a for a in anchors if a.card not in read]
    out = []
    for row in group_rows([*readings, *missing]):
        cards = [r.card for r in row]
        nines = [i for i, c in enumerate(cards) if c[:-1] == "9"]
        suit = cards[nines[0]][-1] if nines else Counter(c[-1] for c in cards).most_common(1)[0][0]
        origin = nines[0] if nines else 0
        steps = [i - origin for i in range(len(row))]
        agree = sum(1 for s, c in zip(steps, cards, strict=True) if s * rank_offset(c) > 0)
        against = sum(1 for s, c in zip(steps, cards, strict=True) if s * rank_offset(c) < 0)
        sign = -1 if against > agree else 1
        for i, reading in enumerate(row):
            position = sign * steps[i]
            neighbour = None
            if steps[i] != 0:
                neighbour = cards[i - 1 if steps[i] > 0 else i + 1]
            in_order = (
                bool(nines) and reading.card[-1] == suit and position == rank_offset(reading.card)
            )
            out.append(RowSeat(reading, f"row:{suit}", position, in_order, neighbour))
    return [s for s in out if s.reading not in missing]
