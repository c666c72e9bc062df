"""The trick games at the table (Deberts, the card game 1000, Nine-card Don): what the card
observer's trick facts (``vision.cards.tricks``: ``CardPlaced(zone="trick")``, in the order the
cards came to rest, and ``TableCleared`` when a trick is gathered) mean.

* a card newly in the trick: ``play`` by the player to move (the engine knows whose card is
  due: the trick's winner leads the next); where nobody is to move the card is proposed for
  each player who may play it and held for the operator naming them;
* a trick gathered: nothing to write, the engine closed the trick with its last card (who took
  it is the rules'); gathered early, the next card tells;
* the turn-up and everything before the first card (the deal, the bidding, the talon, the
  declarations) are the operator's: the camera sees cards, not who bids or what was said.

A card the rules refuse (a card seen elsewhere: a misread) is held with the rule's reason.
"""

from __future__ import annotations

from typing import Any

from scoring.match import Match
from session.interpreters.common import card_players, choose_seen
from session.live import Proposal
from vision.cards.facts import CardPlaced


class TrickInterpreter:
    """``CardPlaced`` in the trick in, ``play`` proposals out."""

    source = "camera"

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if not isinstance(fact, CardPlaced) or fact.zone != "trick":
            return []
        candidates = [
            {"do": "play", "by": player, "card": fact.card}
            for player in card_players(fact, match, "play")
        ]
        return choose_seen(fact, candidates, match, source=self.source)
