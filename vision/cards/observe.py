"""The card observer: card readings per frame in, the session's card facts out.

Facts come only from a settled scene (:class:`vision.observe.SettleTracker`: several frames
agree on every card and its place), so a card in a player's hand on its way down, a glare or a
hand over the table never becomes a fact.  Each card is keyed by what it is and its part in the
layout (on which card it lies), so laying a defence on an attack card is one new item.

* a card newly on the table: :class:`CardPlaced` (``covers`` = the attack card it lies on; the
  attack card of a pair laid in one go is reported first); the trump: ``zone="trump"``, once;
* the play area empty again after cards were on it: :class:`TableCleared` (``to=None``: the
  camera does not follow the cards to the discard or a hand).

The fact types are the session's (:mod:`session.interpreters.cards`), so the Durak interpreter
takes them as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from session.interpreters.cards import CardPlaced, TableCleared
from vision.cards.layout import place
from vision.cards.reader import CardReading
from vision.observe import Item, SettleTracker


class CardObserver:
    """Feed it each frame's readings; it answers the facts of each newly settled table."""

    def __init__(
        self,
        frames: int = 5,
        tolerance: float = 0.15,
        zones: Mapping[str, np.ndarray] | None = None,
    ) -> None:
        self.tracker = SettleTracker(frames, tolerance, report_empty=True)
        self.zones = zones
        self.on_table: set[str] = set()
        self.trump: str | None = None

    def update(
        self, readings: Sequence[CardReading], frame_index: int, timestamp: float
    ) -> list[CardPlaced | TableCleared]:
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
