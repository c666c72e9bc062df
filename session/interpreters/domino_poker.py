"""Domino poker's showdown: five tiles shown together (``HandShown``) become a ``reveal``.

The hand is revealed by the player to move (the engine takes the showdown seat by seat), so a
hand laid out of turn is judged as the turn player's and the operator corrects the seat; tiles
the poker set lacks or tiles already shown are refused by the engine, as typed ones are.
"""

from __future__ import annotations

from typing import Any

from scoring.match import Match
from session.interpreters.common import choose_seen, to_move
from session.live import Proposal


class DominoPokerInterpreter:
    """``HandShown`` facts in, ``reveal`` proposals out."""

    source = "camera"

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if getattr(fact, "fact", None) != "hand_shown" or "reveal" not in match.engine.verbs:
            return []
        player = to_move(match)
        if player is None:
            return []
        action = {"do": "reveal", "by": player, "tiles": list(fact.tiles)}
        return choose_seen(fact, [action], match, source=self.source)
