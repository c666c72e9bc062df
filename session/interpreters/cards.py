"""Durak at the table: what the cards camera's facts (``vision.cards.facts``: ``CardPlaced``,
``TableCleared``) mean.

Interpretation, with the engine deciding whenever the rules do:

* the trump turned up under the stock (``zone="trump"``) while the cards are to be dealt:
  ``deal`` with that trump (the hand sizes are the rules'; a deal the camera cannot see, such
  as a declared trump, is the operator's);
* a card on an attack card: ``defend`` by the defender (``beat`` = the covered card);
* a card beside the row, table empty: ``attack`` by whoever may lead;
* a card beside the row during a bout: ``throw_in`` by each player who may throw in, and
  ``transfer`` by the defender where the variant allows it; each is dry-run through the
  rules, and when more than one is legal (a transfer or a throw-in; two throwers) the
  proposal is held for the operator, naming the alternatives;
* the table cleared: ``take`` by the defender when an attack card lies uncovered (or the
  camera saw the cards go to a hand), else ``done`` (бито) by every thrower still to pass;
* a player's panel button says what players say aloud and a camera cannot hear: the
  defender's is «беру» (``take``), anyone else's «бито» (``done``).
"""

from __future__ import annotations

from typing import Any

from scoring.engine import open_now
from scoring.match import Match
from session.interpreters.common import choose, choose_seen, legal_players
from session.live import Proposal
from vision.cards.facts import CardPlaced, TableCleared


class DurakInterpreter:
    """``CardPlaced`` and ``TableCleared`` in; ``deal``, ``attack``, ``throw_in``,
    ``transfer``, ``defend``, ``take`` and ``done`` proposals out."""

    source = "camera"

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if isinstance(fact, CardPlaced):
            return self._placed(fact, match)
        if isinstance(fact, TableCleared):
            return self._cleared(fact, match)
        return []

    def button(self, fact: Any, match: Match) -> list[Proposal] | None:
        """A player's button: the defender takes, anyone else is done (when the rules allow)."""
        if fact.fact != "player" or fact.player is None:
            return None
        if not 1 <= fact.player <= len(match.players):
            return []
        player = match.players[fact.player - 1]
        verb = "take" if player == match.view().get("defender") else "done"
        action = {"do": verb, "by": player}
        return choose([action], match, confidence=1.0, source="panel", frame=None)

    def _placed(self, fact: CardPlaced, match: Match) -> list[Proposal]:
        if fact.zone == "trump":
            return self._dealt(fact, match)
        if fact.zone != "table":
            return []
        view = match.view()
        defender = view.get("defender")
        if fact.covers is not None:
            candidates = [{"do": "defend", "by": defender, "beat": fact.covers, "with": fact.card}]
        elif not view.get("table"):
            candidates = [
                {"do": "attack", "by": player, "cards": [fact.card]}
                for player in legal_players(match, "attack")
            ]
        else:
            throwers = legal_players(match, "throw_in")
            attacker = view.get("attacker")
            throwers.sort(key=lambda player: player != attacker)  # the attacker first
            candidates = [
                {"do": "throw_in", "by": player, "cards": [fact.card]} for player in throwers
            ]
            if defender in legal_players(match, "transfer"):
                candidates.append({"do": "transfer", "by": defender, "cards": [fact.card]})
        if fact.player is not None:
            candidates = [action for action in candidates if action["by"] == fact.player]
        return choose_seen(fact, candidates, match, source=self.source)

    def _dealt(self, fact: CardPlaced, match: Match) -> list[Proposal]:
        """The trump shown is the deal, when a deal is what the game waits for (the observer
        reports the trump once a deal; mid-game it is only the card under the stock)."""
        if not any(action.verb == "deal" for action in open_now(match.engine, match.state)):
            return []
        return choose_seen(fact, [{"do": "deal", "trump": fact.card}], match, source=self.source)

    def _cleared(self, fact: TableCleared, match: Match) -> list[Proposal]:
        view = match.view()
        table = view.get("table") or []
        if not table:
            return []
        defender = view.get("defender")
        uncovered = any(pair[1] is None for pair in table)
        taking = bool(view.get("taking")) or uncovered or fact.to == "hand"
        proposals: list[Proposal] = []
        state = None
        if taking and not view.get("taking"):
            take = {"do": "take", "by": defender}
            ambiguous: tuple[str, ...] = ()
            if fact.to == "pile":
                ambiguous = ("the cards went to the discard, but an attack card was not beaten",)
            proposals += choose_seen(fact, [take], match, source=self.source, ambiguous=ambiguous)
            outcome, after = match.check(take)
            if not outcome.accepted:
                return proposals
            state = after
        for player in legal_players(match, "done", state):
            proposals.append(
                Proposal(
                    {"do": "done", "by": player},
                    fact.confidence,
                    self.source,
                    fact.frame_index,
                    f"done by {player}",
                )
            )
        return proposals
