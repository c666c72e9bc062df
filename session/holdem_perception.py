"""The hold'em camera (docs/rules/poker.md §6, D20): the card perception, and the burn spot.

A face-up card lying in the burn spot is an exposed burn, never a board card: it is kept from
the card observer and reported with the spot's count (``BurnsSeen``, before the cards the same
frame settles, so a street is judged with the burn laid for it).  Without a burn spot in the
table's profile the hold'em camera is the card perception alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from session.sources import CardPerception
from vision.holdem.burns import BurnObserver, BurnSpot, SpotReading, in_spot, read_spot
from vision.types import Frame


@dataclass
class HoldemPerception(CardPerception):
    """Cards read face up and the burn spot's cards counted, one step per frame."""

    spot: BurnSpot | None = None
    burns: BurnObserver | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        self._spot = SpotReading(None, (), 0.0)
        self._faces: list[Any] = []

    def _read(self, image: Any) -> list[Any]:
        readings = super()._read(image)
        if self.spot is None:
            return readings
        inside = [reading for reading in readings if in_spot(self.spot, reading.quad)]
        self._faces = [reading for reading in readings if reading not in inside]
        self._spot = read_spot(image, self.spot, inside)
        return readings

    def _observe(self, frame: Frame) -> list[Any]:
        if self.spot is None or self.burns is None:
            return super()._observe(frame)
        burned = self.burns.update(self._spot, frame.index, frame.timestamp)
        settled = self.observer.update(self._faces, frame.index, frame.timestamp)
        return [*burned, *self._facts(settled)]
