"""The burn spot's fact (:mod:`vision.holdem.burns` reads it): held apart from the reader, so
the interpreters (and ``tableref games``, which imports the registry) load no numpy."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class BurnsSeen:
    """The table fact ``burns_seen``: the spot settled holding ``count`` cards, ``exposed`` the
    ones face up; ``count`` None: the spot cannot be counted now (nothing is judged by it)."""

    count: int | None
    exposed: tuple[str, ...]
    frame_index: int | None = None
    timestamp: float = 0.0
    confidence: float = 1.0

    fact = "burns_seen"

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "count": self.count,
            "exposed": list(self.exposed),
            "frame": self.frame_index,
            "timestamp": round(self.timestamp, 3),
            "confidence": round(self.confidence, 3),
        }
