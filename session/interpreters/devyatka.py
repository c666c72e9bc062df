"""Devyatka at the table: what the card observer's row facts (``vision.cards.rows.RowPlaced``,
a ``CardPlaced`` with ``zone="row:<suit>"``) mean.

* a card newly at a row's end: ``play`` by the player to move; the 9 of diamonds opens the deal
  and whoever holds it lays it, which the camera cannot tell, so the opening is proposed for
  each player and held for the operator naming them (the rules leave it open);
* a card the observer saw laid where its rank does not belong (``in_order`` False: past a gap,
  at a row without its 9) is still proposed: the rules refuse it with their reason and it is
  held for the operator (a misread, or a card laid wrong);
* the rows gathered (``TableCleared``): nothing, the deal ended with the hand that emptied;
* the panel's bell: ``pass`` by the player to move (nothing fits; a camera cannot see a pass).
"""

from __future__ import annotations

from typing import Any

from scoring.match import Match
from session.interpreters.common import card_players, choose, choose_seen, to_move
from session.live import Proposal
from vision.cards.facts import CardPlaced


class DevyatkaInterpreter:
    """``CardPlaced`` in a row in, ``play`` proposals out; the bell is a ``pass``."""

    source = "camera"

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if not isinstance(fact, CardPlaced) or not fact.zone.startswith("row:"):
            return []
        candidates = [
            {"do": "play", "by": player, "card": fact.card}
            for player in card_players(fact, match, "play")
        ]
        ambiguous: tuple[str, ...] = ()
        if not getattr(fact, "in_order", True):
            ambiguous = (f"the camera saw {fact.card} laid where its rank does not belong",)
        return choose_seen(fact, candidates, match, source=self.source, ambiguous=ambiguous)

    def button(self, fact: Any, match: Match) -> list[Proposal] | None:
        """The bell: the player to move passes; other buttons are the panel's default."""
        if fact.fact != "bell":
            return None
        mover = to_move(match)
        if mover is None:
            return []
        return choose(
            [{"do": "pass", "by": mover}], match, confidence=1.0, source="panel", frame=None
        )
