"""Carom skittles: a shot at rest (``ShotEnded`` from ``vision.carom.observer``) becomes a
``shot`` by the player to move.

The fact is read by its shape, not its class (the carom vision is a separate package): a
``record`` (the shot action's fields except ``by``), ``confidence``, ``ambiguous`` (why the
tracker itself is unsure: two contact orders fit the video) and ``frame``.  Its ambiguity is
passed through.  What a camera cannot see (a touch, a push, a double hit) is the referee's:
a foul button pressed since the last shot holds the next shot for the operator to add the fact
to the record's ``facts`` (docs/SHOT_RECORD.md).
"""

from __future__ import annotations

from typing import Any

from scoring.match import Match
from session.interpreters.common import describe, to_move
from session.live import Proposal


class CaromInterpreter:
    """``ShotEnded`` facts (and the foul button) in, ``shot`` proposals out."""

    source = "camera"

    def __init__(self) -> None:
        self.fouls = 0  # foul presses not yet attached to a shot

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        record = getattr(fact, "record", None)
        if not isinstance(record, dict) or "shot" not in match.engine.verbs:
            return []
        player = to_move(match)
        if player is None:
            return []
        action = {"do": "shot", "by": player, **record}
        ambiguous = tuple(getattr(fact, "ambiguous", ()) or ())
        if self.fouls:
            ambiguous += (
                f"the referee pressed foul ({self.fouls}x): add the fact to the record's facts",
            )
            self.fouls = 0
        frame = getattr(fact, "frame", None)
        return [
            Proposal(
                action,
                float(getattr(fact, "confidence", 1.0)),
                self.source,
                frame if isinstance(frame, int) else None,
                describe({"do": "shot", "by": player}),
                ambiguous,
            )
        ]

    def button(self, fact: Any, match: Match) -> list[Proposal] | None:
        """The foul button is kept for the next shot; other buttons are the panel's default."""
        if fact.fact == "foul":
            self.fouls += 1
            return []
        return None
