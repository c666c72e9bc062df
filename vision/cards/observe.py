"""The card observer: card readings per frame in, the session's card facts out.

Facts come only from a settled scene (:class:`vision.observe.SettleTracker`: several frames
agree on every card and its place), so a card in a player's hand on its way down, a glare or a
hand over the table never becomes a fact.  Each card is keyed by what it is and its part in the
layout (on which card it lies), so laying a defence on an attack card is one new item.

* a card newly on the table: :class:`CardPlaced` (``covers`` = the attack card it lies on; the
  attack card of a pair laid in one go is reported first); the trump: ``zone="trump"``, once;
* the play area empty again after cards were on it: :class:`TableCleared` (``to=None``: the
  camera does not follow the cards to the discard or a hand).

The table is read as ``game`` lays it out (``durak``: :mod:`vision.cards.layout`; ``deberts``:
the trick, :mod:`vision.cards.tricks`; ``devyatka``: the rows, :mod:`vision.cards.rows`):

* Deberts: a card newly in the trick: ``CardPlaced(zone="trick")``, in play order (the order
  the cards came to rest; a card under another first); the trick gathered (none of its cards
  left): :class:`TableCleared`; the turn-up as the Durak trump, but once a deal (the table
  empty starts a new one);
* Devyatka: a card newly at a row's end: :class:`vision.cards.rows.RowPlaced` (a CardPlaced
  with ``zone="row:<suit>"``, ``covers`` = the row end it was laid against, its ``position``
  from the 9 and ``in_order``), nearest the 9 first (a 9 the reader misses is kept where
  it was last seen at rest); all rows gone (the deal over):
  :class:`TableCleared`.

The fact types are the session's (:mod:`session.interpreters.cards`), so the Durak interpreter
takes them as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from vision.cards.facts import CardPlaced, TableCleared
from vision.cards.layout import place
from vision.cards.reader import CardReading
from vision.cards.rows import RowPlaced, seat
from vision.cards.tricks import play_order, trick_zones
from vision.observe import Item, Settled, SettleTracker
from vision.types import Box

GAMES = ("durak", "deberts", "devyatka")
#: A reading of the turn-up's card with this share of its box inside the box it was reported
#: in lies there still.
TURN_UP_STAYS = 0.5


class CardObserver:
    """Feed it each frame's readings; it answers the facts of each newly settled table."""

    def __init__(
        self,
        frames: int = 5,
        tolerance: float = 0.15,
        zones: Mapping[str, np.ndarray] | None = None,
        game: str = "durak",
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"no card layout for game {game!r} (known: {', '.join(GAMES)})")
        self.game = game
        self.tracker = SettleTracker(frames, tolerance, report_empty=True)
        self.zones = zones
        self.on_table: set[str] = set()
        self.trump: str | None = None
        #: Deberts: where the deal's turn-up lay when it was reported.
        self.trump_at: Box | None = None
        #: Devyatka: each row's 9 where it was last seen at rest, the row's anchor.
        self.nines: dict[str, CardReading] = {}

    def update(
        self, readings: Sequence[CardReading], frame_index: int, timestamp: float
    ) -> list[CardPlaced | TableCleared]:
        if self.game == "deberts":
            return self._trick(readings, frame_index, timestamp)
        if self.game == "devyatka":
            return self._rows(readings, frame_index, timestamp)
        placements = place(readings, self.zones)
        items = [
            Item((p.reading.card, p.zone, p.covers), p.reading.box, p.reading.confidence)
            for p in placements
        ]
        settled = self.tracker.update(items, frame_index, timestamp)
        if settled is None:
            return []
        facts: list[CardPlaced | TableCleared] = []
        table = {item.key[0] for item in settled.items if item.key[1] == "table"}
        if not table and self.on_table:
            facts.append(TableCleared(None, frame_index, timestamp, settled.confidence))
            self.on_table.clear()
        added = sorted(settled.added, key=lambda item: (item.key[2] is not None, item.box.x))
        for item in added:
            card, zone, covers = item.key
            if zone == "trump":
                if card != self.trump:
                    self.trump = card
                    facts.append(
                        CardPlaced(
                            card, "trump", None, None, frame_index, timestamp, item.confidence
                        )
                    )
                continue
            if card in self.on_table:
                continue
            self.on_table.add(card)
            facts.append(
                CardPlaced(card, "table", covers, None, frame_index, timestamp, item.confidence)
            )
        return facts

    def _trick(
        self, readings: Sequence[CardReading], frame_index: int, timestamp: float
    ) -> list[CardPlaced | TableCleared]:
        zoned = [
            (r, "trump" if self._still_turn_up(r) else zone)
            for r, zone in trick_zones(readings, self.zones)
            if zone is not None
        ]
        items = [Item((r.card, zone), r.box, r.confidence) for r, zone in zoned]
        settled = self.tracker.update(items, frame_index, timestamp)
        if settled is None:
            return []
        facts: list[CardPlaced | TableCleared] = []
        trick = {item.key[0] for item in settled.items if item.key[1] == "trick"}
        if self.on_table and not self.on_table & trick:
            facts.append(TableCleared(None, frame_index, timestamp, settled.confidence))
            self.on_table.clear()
        facts += self._trump(settled, frame_index, timestamp)
        added = {item.key[0]: item for item in settled.added if item.key[1] == "trick"}
        covered_by = {r.card: r.covered_by for r, _ in zoned}
        seen = sorted(added, key=lambda card: added[card].box.x)
        for card in play_order(seen, covered_by):
            if card in self.on_table:
                continue
            self.on_table.add(card)
            confidence = added[card].confidence
            facts.append(CardPlaced(card, "trick", None, None, frame_index, timestamp, confidence))
        return facts

    def _still_turn_up(self, reading: CardReading) -> bool:
        """Whether a reading is the deal's turn-up still lying where it was reported: its
        outline (the part the stock leaves in view, alone on the table) may not look
        crosswise, but a card does not leave the stock's foot for the trick unseen.  Taken
        for the trump seven, it is gone from there, and may be played."""
        if reading.card != self.trump or self.trump_at is None:
            return False
        return reading.box.nested_share(self.trump_at) >= TURN_UP_STAYS

    def _trump(self, settled: Settled, frame_index: int, timestamp: float) -> list[CardPlaced]:
        """The turn-up, once a deal: it lies half under the stock, where a misread of it is
        likelier than a new one (a new deal starts from an empty table)."""
        if not settled.items:
            self.trump, self.trump_at = None, None
        for item in settled.added:
            card, zone = item.key[:2]
            if zone == "trump" and self.trump is None:
                self.trump, self.trump_at = card, item.box
                return [
                    CardPlaced(card, "trump", None, None, frame_index, timestamp, item.confidence)
                ]
        return []

    def _rows(
        self, readings: Sequence[CardReading], frame_index: int, timestamp: float
    ) -> list[CardPlaced | TableCleared]:
        seats = {s.reading.card: s for s in seat(readings, list(self.nines.values()))}
        items = [
            Item(
                (s.reading.card, s.zone, s.position, s.in_order),
                s.reading.box,
                s.reading.confidence,
            )
            for s in seats.values()
        ]
        settled = self.tracker.update(items, frame_index, timestamp)
        if settled is None:
            return []
        facts: list[CardPlaced | TableCleared] = []
        if not settled.items and self.on_table:
            facts.append(TableCleared(None, frame_index, timestamp, settled.confidence))
            self.on_table.clear()
            self.nines.clear()
        self.nines.update({r.card: r for r in readings if r.card[:-1] == "9"})
        for item in sorted(settled.added, key=lambda item: abs(item.key[2])):
            card, zone, position, in_order = item.key
            if card in self.on_table:
                continue
            self.on_table.add(card)
            neighbour = seats[card].neighbour
            facts.append(
                RowPlaced(
                    card,
                    zone,
                    neighbour,
                    None,
                    frame_index,
                    timestamp,
                    item.confidence,
                    position=position,
                    in_order=in_order,
                )
            )
        return facts
