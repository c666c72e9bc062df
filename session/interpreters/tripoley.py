"""Tripoley at the table (docs/rules/tripoley.md): what the card camera reads of its three
stages, and what stays with the operator.

Hands are hidden; the camera sees cards turned face up, each reported once by the card observer
(``CardPlaced``).  The engine's stage says what a card turned now is:

* stage one: a pay card laid down to collect its pocket: a heart of the layout is its ``claim``
  at once; an 8, 9 or 10 (the run's ranks) waits for the rest of its run in that suit, then the
  three are one ``claim``;
* the poker showdown: five cards make the hand tabled by the player due to show;
* Michigan: a lead by the player whose lead it is, or the next card of the suit in play.

The camera does not see whose hand a card came from unless the observer names the seat, so a
pay card or a Michigan card that several players may have is held for the operator naming the
first of them; the lead and the showdown have one player to act.  Trading the spare hand, the
poker bets, the stops and the passes are the operator's and the panel's (the bell is ``stop``,
the panel's default for a game with that verb).
"""

from __future__ import annotations

from typing import Any

from scoring.cards import parse_card
from scoring.match import Match
from session.interpreters.common import accepted, choose_seen
from session.live import Proposal
from vision.cards.facts import CardPlaced

HEARTS = ("AH", "KH", "QH", "JH", "10H")
POKER_CARDS = 5
#: Why a card laid or played by a player the camera did not see is held.
WHOSE = "the camera does not see whose hand the card came from: confirm the player"


class TripoleyInterpreter:
    """``CardPlaced`` in; ``claim``, ``show`` and ``play`` proposals out."""

    source = "camera"

    def __init__(self) -> None:
        #: The table the cards below were turned at (deal, stage, the hands shown, the cards
        #: played); when it changes, the cards gathered belonged to a recorded action.
        self.basis: tuple[Any, ...] | None = None
        self.turned: list[str] = []

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if not isinstance(fact, CardPlaced):
            return []
        try:
            card = str(parse_card(fact.card))
        except ValueError:
            return []
        view = self._sync(match)
        if view["over"] or card in self.turned:
            return []
        if view["phase"] == "payouts":
            return self._laid(fact, card, view, match)
        if view["phase"] == "showdown":
            self.turned.append(card)
            if len(self.turned) < POKER_CARDS:
                return []
            action = {"do": "show", "by": view["turn"], "cards": list(self.turned)}
            return choose_seen(fact, [action], match, source=self.source)
        if view["phase"] == "michigan":
            players = [view["turn"]] if view["turn"] else self._holders(view)
            return self._whose(fact, [{"do": "play", "card": card}], players, match)
        return []

    def _laid(
        self, fact: CardPlaced, card: str, view: dict[str, Any], match: Match
    ) -> list[Proposal]:
        """A pay heart is claimed at once; a run's card waits for the two others of its suit."""
        if card in HEARTS:
            return self._whose(fact, [{"do": "claim", "cards": [card]}], self._dealt(view), match)
        self.turned.append(card)
        suit = parse_card(card).suit
        same = [laid for laid in self.turned if parse_card(laid).suit == suit]
        if len(same) < 3:
            return []
        return self._whose(fact, [{"do": "claim", "cards": same[-3:]}], self._dealt(view), match)

    def _whose(
        self,
        fact: CardPlaced,
        readings: list[dict[str, Any]],
        players: list[str],
        match: Match,
    ) -> list[Proposal]:
        """The readings by the seat the camera saw, else by each player who may have made them:
        one player is proposed, several are held naming the others."""
        if fact.player in players:
            players = [fact.player]
        candidates = [{**reading, "by": player} for reading in readings for player in players]
        several = len({action["by"] for action in accepted(match, candidates)}) > 1
        ambiguous = (WHOSE,) if several else ()
        return choose_seen(fact, candidates, match, source=self.source, ambiguous=ambiguous)

    @staticmethod
    def _dealt(view: dict[str, Any]) -> list[str]:
        return list(view["counts"])

    @staticmethod
    def _holders(view: dict[str, Any]) -> list[str]:
        """Who may hold a card now: the players with cards left, whoever is to move first."""
        return [player for player, count in view["counts"].items() if count > 0]

    def _sync(self, match: Match) -> dict[str, Any]:
        view = match.view()
        basis: tuple[Any, ...] = (view["deal"], view["phase"])
        if view["phase"] == "showdown":  # each hand tabled starts the next one's five cards
            basis += (tuple(view["hands"]),)
        if basis != self.basis:
            self.basis, self.turned = basis, []
        return view
