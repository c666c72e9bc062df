"""Dominoes: a tile newly joined to the line (``TileLaid``) becomes a ``lay``.

The tile is laid by the player to move, next to the tile it touches (``to``), which is how the
engine finds the end without the camera naming left or right; the lead has no ``to``.  Where
nobody is to move yet (the first lead of some variants) whoever may lay that tile does; two
such players make the proposal ambiguous.  A joint whose two sides show different pips is a
misread or an illegal placement: the proposal is held.  ``LayoutChanged`` proposes nothing: it
is a warning for the operator's console.
"""

from __future__ import annotations

from typing import Any

from scoring.match import Match
from session.interpreters.common import choose_seen, legal_players, to_move
from session.live import Proposal


class DominoesInterpreter:
    """``TileLaid`` facts in, ``lay`` proposals out."""

    source = "camera"

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if getattr(fact, "fact", None) != "tile_laid" or "lay" not in match.engine.verbs:
            return []
        mover = to_move(match)
        players = [mover] if mover is not None else legal_players(match, "lay")
        candidates = []
        for player in players:
            action: dict[str, Any] = {"do": "lay", "by": player, "tile": fact.tile}
            if fact.joins is not None:
                action["to"] = fact.joins.tile
            candidates.append(action)
        ambiguous: tuple[str, ...] = ()
        if not fact.consistent and fact.joins is not None:
            ambiguous = (
                f"{fact.tile} shows {fact.value} against {fact.joins.value} of {fact.joins.tile}",
            )
        return choose_seen(fact, candidates, match, source=self.source, ambiguous=ambiguous)
