"""Golf's table (rules/cards.md §5) from card readings, and the facts of each settled table.

Every player lays his cards face down in a grid (3x3, 2x3 or 2x2) and turns some up; the stock
lies face down in the middle with the discard pile beside it, face up.  The reader reads face-up
cards only, so a grid's face-down cards are invisible to it: two face-up cards in slots 1 and 5
look exactly like two in slots 5 and 9, and at the deal no card of a grid is up at all.  So a
grid's place cannot be found by grouping its face-up cards; the layout is **declared**: the golf
mat (:class:`GolfLayout`), each seat's slot centres and the discard pile's place in the camera's
pixels.  A card read within :data:`SLOT_REACH` of a slot's centre lies in that slot (the
nearest), one near the discard's place is on the pile, any other card (the drawn card in a hand
over the table, a card put down loose) is nobody's.  The default mat
(:meth:`GolfLayout.mat`) is the seats side by side as the players see them (seat 1 on the
camera's left, slot 1 at each grid's top left), the stock above the discard in the middle, for
the 1280 x 720 camera (the renderer draws the same mat, :func:`vision.synth.cards.golf_table`);
three seats or more lie in one row with the piles between the middle two, on cards as large
as fit across the frame.

The observer's facts (each from a settled table, :class:`vision.observe.SettleTracker`):

* :class:`GridPlaced` (a ``card_placed`` fact, ``zone="grid:<seat>"``): a card newly face up
  in a slot; ``covers`` the face-up card it replaced there (None: the slot was face down), and
  ``moved_from`` the slot of the same grid it lay in before (page 1's setup move);
* :class:`DiscardChanged`: the pile's top is another card (``top``; None: no card left on it);
  ``taken`` when the top was taken off, which the observer knows from the tops it saw (the new
  top is the one seen under it, or the pile is empty), else a card was laid on the pile;
  ``seats``, the mat's grids, tells the interpreter whose grids the camera does not watch;
* :class:`~vision.cards.facts.TableCleared`: the table empty after cards lay on it (the hole's
  cards gathered); the observer forgets the grids and the pile.

Grid facts come before the pile's in one settled table: a drawn card in its slot says more
(which slot, which pile) than the card replaced on the pile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import numpy as np

from vision.cards.facts import DiscardChanged, GridPlaced, TableCleared
from vision.observe import Item, SettleTracker

if TYPE_CHECKING:  # the reader needs OpenCV; the session imports these facts without it
    from vision.cards.reader import CardReading

#: The camera frame (height, width) the default mat is declared in: the renderer's and the
#: live camera's default size.
MAT_FRAME = (720, 1280)
#: A card's width on the default mat, in pixels: the reader reads rendered cards of 88 px and
#: more reliably, and two 3x3 grids with the piles between them fit across 1280 px.
MAT_CARD_WIDTH = 90.0
#: A card's height over its width (the faces' 240 x 336 pixels).
CARD_RATIO = 1.4
#: The slots' pitch in card widths (across) and card heights (down): the gap players leave
#: between the cards of a grid, so the cards do not touch.
SLOT_STEP = (1.15, 1.08)
#: Where each seat's grid is centred on the two-seat mat, as shares of the frame's width.
SEAT_X = (0.22, 0.78)
#: Three seats or more: the gap between two grids (or a grid and the piles) in card widths,
#: and the share of the frame's width the row may take.
ROW_GAP, ROW_SHARE = 0.5, 0.96
#: The piles in the middle of the mat, as shares of the frame: the stock above the discard.
PILE_X, STOCK_Y, DISCARD_Y = 0.5, 0.32, 0.68
#: A card lies in a slot when its centre is this share of the slots' (smaller) pitch from the
#: slot's centre or nearer: half the pitch would take a card half way to the next slot.
SLOT_REACH = 0.42
#: A card is on the discard pile when its centre is this many card widths from the pile's
#: place or nearer (a pile is not squared up like a grid).
DISCARD_REACH = 0.6

Point = tuple[float, float]


@dataclass(frozen=True)
class GolfLayout:
    """The declared mat: each seat's slot centres (``slots[(seat, slot)]``, seats and slots
    from 1, slots row by row as the engine numbers them), the piles' places, the slots' pitch
    and the card width, all in the camera's pixels."""

    slots: Mapping[tuple[int, int], Point]
    discard: Point
    stock: Point
    pitch: float
    card_width: float

    @classmethod
    def mat(
        cls,
        grid: str = "3x3",
        frame: tuple[int, int] = MAT_FRAME,
        card_width: float = MAT_CARD_WIDTH,
        seats: int = 2,
    ) -> GolfLayout:
        """The default mat of ``seats`` grids of ``grid`` (``RxC``), see the module doc."""
        rows, cols = (int(n) for n in grid.lower().split("x"))
        height, width = frame
        if seats < 2:
            raise ValueError(f"a golf mat seats 2 players or more, not {seats}")
        if seats == 2:
            centres, pile_x = [share * width for share in SEAT_X], PILE_X * width
        else:
            card_width, centres, pile_x = _row(cols, seats, width, card_width)
        across, down = SLOT_STEP[0] * card_width, SLOT_STEP[1] * card_width * CARD_RATIO
        slots: dict[tuple[int, int], Point] = {}
        for seat, centre in enumerate(centres, start=1):
            for slot in range(rows * cols):
                row, col = divmod(slot, cols)
                x = centre + (col - (cols - 1) / 2) * across
                y = height / 2 + (row - (rows - 1) / 2) * down
                slots[(seat, slot + 1)] = (x, y)
        return cls(
            slots,
            (pile_x, DISCARD_Y * height),
            (pile_x, STOCK_Y * height),
            min(across, down),
            card_width,
        )

    def place(self, reading: CardReading) -> tuple[str, int] | None:
        """Where a card lies: ``("grid:<seat>", slot)``, ``("discard", 0)``, or None."""
        centre = np.mean(np.asarray(reading.quad, np.float64), axis=0)
        if np.hypot(*(centre - self.discard)) <= DISCARD_REACH * self.card_width:
            return ("discard", 0)
        (seat, slot), at = min(
            self.slots.items(), key=lambda entry: float(np.hypot(*(centre - entry[1])))
        )
        if np.hypot(*(centre - at)) <= SLOT_REACH * self.pitch:
            return (f"grid:{seat}", slot)
        return None


def _row(cols: int, seats: int, width: int, card_width: float) -> tuple[float, list[float], float]:
    """Three seats or more in one row across the frame, the piles between the middle two: the
    card width that lets the row fit (``card_width`` at most), each grid's centre and the
    piles' place, in pixels."""
    grid = (cols - 1) * SLOT_STEP[0] + 1  # a grid's width, in card widths
    span = seats * grid + 1 + seats * ROW_GAP  # the grids, the piles and the gaps between
    card_width = min(card_width, ROW_SHARE * width / span)
    x = (width - span * card_width) / 2
    centres: list[float] = []
    pile_x = 0.0
    for column in range(seats + 1):
        if column == (seats + 1) // 2:
            pile_x = x + card_width / 2
            x += (1 + ROW_GAP) * card_width
            continue
        centres.append(x + grid * card_width / 2)
        x += (grid + ROW_GAP) * card_width
    return card_width, centres, pile_x


GolfFact = GridPlaced | DiscardChanged | TableCleared


class GolfObserver:
    """Feed it each frame's readings; it answers the facts of each newly settled table."""

    def __init__(
        self, layout: GolfLayout | None = None, frames: int = 5, tolerance: float = 0.15
    ) -> None:
        self.layout = layout or GolfLayout.mat()
        self.tracker = SettleTracker(frames, tolerance, report_empty=True)
        #: The card last seen face up in each (seat, slot): what a new card there replaced.
        self.grids: dict[tuple[int, int], str] = {}
        #: The pile's tops as the camera saw them come, bottom first: the card under the top.
        self.pile: list[str] = []

    def update(
        self, readings: Sequence[CardReading], frame_index: int, timestamp: float
    ) -> list[GolfFact]:
        settled = self.tracker.update(self._items(readings), frame_index, timestamp)
        if settled is None:
            return []
        if not settled.items:
            if not self.grids and not self.pile:
                return []
            self.grids.clear()
            self.pile.clear()
            return [TableCleared(None, frame_index, timestamp, settled.confidence)]
        keys = [(_key(item), item) for item in settled.items]
        grid = {
            (int(zone.split(":")[1]), slot): (card, item)
            for (card, zone, slot), item in keys
            if zone != "discard"
        }
        facts: list[GolfFact] = []
        before = self.pile[-1] if self.pile else None
        for (seat, slot), (card, item) in sorted(grid.items(), key=lambda entry: entry[0]):
            if self.grids.get((seat, slot)) == card:
                continue
            moved_from = next(
                (
                    other
                    for (at, other), seen in self.grids.items()
                    if at == seat and seen == card and other != slot and (at, other) not in grid
                ),
                None,
            )
            covers = self.grids.get((seat, slot))
            self.grids[(seat, slot)] = card
            if self.pile and self.pile[-1] == card:
                self.pile.pop()  # the pile's top taken into the grid: the card under is next
            if moved_from is not None:
                del self.grids[(seat, moved_from)]
            facts.append(
                GridPlaced(
                    card,
                    f"grid:{seat}",
                    covers,
                    None,
                    frame_index,
                    timestamp,
                    item.confidence,
                    seat=seat,
                    slot=slot,
                    moved_from=moved_from,
                )
            )
        top = next(((key[0], item) for key, item in keys if key[1] == "discard"), None)
        if top is None:
            return facts + self._pile(None, before, frame_index, timestamp, 1.0)
        return facts + self._pile(top[0], before, frame_index, timestamp, top[1].confidence)

    def _items(self, readings: Sequence[CardReading]) -> list[Item]:
        """One item a slot (the card on top where two lie in one) and one for the pile's top."""
        chosen: dict[tuple[str, int], CardReading] = {}
        for reading in readings:
            place = self.layout.place(reading)
            if place is None:
                continue
            held = chosen.get(place)
            if held is None or _above(reading, held):
                chosen[place] = reading
        return [
            Item((reading.card, zone, slot), reading.box, reading.confidence)
            for (zone, slot), reading in chosen.items()
        ]

    def _pile(
        self,
        top: str | None,
        before: str | None,
        frame_index: int,
        timestamp: float,
        confidence: float,
    ) -> list[GolfFact]:
        """The pile's fact: ``top`` read now, ``before`` the top last seen (the pile's memory
        has lost a top taken into a grid since), ``confidence`` the reading's (1 for a pile seen
        empty)."""
        if top == before:
            return []
        taken = True
        now = self.pile[-1] if self.pile else None
        if top == now:
            pass  # its top went into a grid, the card under it shows
        elif top is None or (len(self.pile) >= 2 and self.pile[-2] == top):
            self.pile.pop()
        else:
            self.pile.append(top)
            taken = False
        seats = len({seat for seat, _ in self.layout.slots})
        return [DiscardChanged(top, before, taken, frame_index, timestamp, confidence, seats)]


def _key(item: Item) -> tuple[str, str, int]:
    """An item's key as :meth:`GolfObserver._items` makes it: card, zone, slot."""
    card, zone, slot = cast(tuple[str, str, int], item.key)
    return card, zone, slot


def _above(reading: CardReading, other: CardReading) -> bool:
    """Whether ``reading`` is the card on top of the two (the other lies under it), else the
    surer reading of the two."""
    if other.covered_by == reading.card:
        return True
    if reading.covered_by == other.card:
        return False
    return reading.confidence > other.confidence
