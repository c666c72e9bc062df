"""Golf at the table: what the golf observer's facts (:mod:`vision.cards.golf`) mean.

Players are seated in the order they were named: seat 1's grid is the first player's.

* the discard pile's first card while a deal is due: ``deal`` with that card turned up; who
  dealt the first hole the camera cannot tell, so it is proposed for each player and held for
  the operator naming the dealer (later holes' dealer is the rules');
* a card turned up in a grid during the set-up: ``flip`` (``move`` when it lay in another slot
  of the same grid face up: page 1's one move);
* a card newly in a grid during play: the drawn card replacing that slot.  The card equal to
  the discard's top was drawn from the discard, any other from the stock (with two decks both
  can be true: held, naming both); then ``replace`` the slot.  A slot's face-down card is named
  by the replace, so that replace waits for the pile to show the replaced card;
* the discard's top taken off with nothing drawn: ``draw`` from the discard;
* a new card on the discard with nothing drawn: a stock card drawn and discarded (``draw`` and
  ``discard``), unless it is a face-up card of the mover's grid, laid there before the drawn
  card took its slot (the grid's fact says the rest); held for the operator when the mover's
  seat is beyond the mat's grids, or in four-card golf, where the new card lies face down
  (either way the camera cannot see whether it replaced a card);
* a card turned up in a grid when the hole is over: ``reveal``;
* the table cleared: nothing (the last reveal scored the hole).

A grid card seen while a card is drawn that is not the drawn card, or a card on the pile that
neither the drawn card nor the awaited replaced card explains, is still proposed, held for the
operator with what the camera saw.  The rules refuse what does not fit (a player out of turn,
a second set-up move); a refused proposal is held too.  The panel's bell is the panel's
default: ``knock`` (four-card golf).
"""

from __future__ import annotations

from typing import Any

from scoring.match import Match
from session.interpreters.common import choose_seen, describe, legal_players, to_move
from session.live import Proposal
from vision.cards.facts import DiscardChanged, GridPlaced, TableCleared


class GolfInterpreter:
    """The golf observer's facts in; ``deal``, ``flip``, ``move``, ``draw``, ``replace``,
    ``discard`` and ``reveal`` proposals out."""

    source = "camera"

    def __init__(self) -> None:
        #: The slot a drawn card went to whose face-down card the pile has yet to show.
        self.waiting: tuple[str, int] | None = None

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if isinstance(fact, GridPlaced):
            return self._grid(fact, match)
        if isinstance(fact, DiscardChanged):
            return self._pile(fact, match)
        if isinstance(fact, TableCleared):
            self.waiting = None
        return []

    def _grid(self, fact: GridPlaced, match: Match) -> list[Proposal]:
        if not 1 <= fact.seat <= len(match.players):
            return []  # a seat of the mat nobody plays at
        player = match.players[fact.seat - 1]
        view = match.view()
        phase = view["phase"]
        if phase == "setup":
            if fact.moved_from is not None:
                move = {"do": "move", "by": player, "from": fact.moved_from, "to": fact.slot}
                return choose_seen(fact, [move], match, source=self.source)
            flip = {"do": "flip", "by": player, "slot": fact.slot, "card": fact.card}
            return choose_seen(fact, [flip], match, source=self.source)
        if phase == "reveal":
            reveal = {"do": "reveal", "by": player, "slot": fact.slot, "card": fact.card}
            return choose_seen(fact, [reveal], match, source=self.source)
        if phase != "play":
            return []
        proposals: list[Proposal] = []
        ambiguous: tuple[str, ...] = ()
        if view["drawn"] is None:
            draws = [{"do": "draw", "by": player, "from": "stock", "card": fact.card}]
            if fact.card == view["discard_top"]:
                draws.insert(0, {"do": "draw", "by": player, "from": "discard", "card": fact.card})
            proposals += choose_seen(fact, draws, match, source=self.source)
        elif fact.card != view["drawn"]:
            ambiguous = (f"the camera saw {fact.card} go to slot {fact.slot}, not {view['drawn']}",)
        if view["grids"][player][fact.slot - 1] == "?":
            self.waiting = (player, fact.slot)  # the pile will show the card it replaced
            return proposals
        replace = {"do": "replace", "by": player, "slot": fact.slot}
        return [*proposals, self._then(fact, replace, ambiguous)]

    def _pile(self, fact: DiscardChanged, match: Match) -> list[Proposal]:
        view = match.view()
        phase = view["phase"]
        if phase == "deal":
            if fact.top is None or fact.taken:
                return []
            deals = [
                {"do": "deal", "by": player, "card": fact.top}
                for player in legal_players(match, "deal")
            ]
            return choose_seen(fact, deals, match, source=self.source)
        mover = to_move(match)
        if phase != "play" or mover is None or fact.top == view["discard_top"]:
            return []
        if fact.taken:
            if view["drawn"] is not None or fact.previous != view["discard_top"]:
                return []
            draw = {"do": "draw", "by": mover, "from": "discard", "card": fact.previous}
            return choose_seen(fact, [draw], match, source=self.source)
        if fact.top is None:
            return []
        waiting, self.waiting = self.waiting, None
        if waiting is not None and waiting[0] == mover:
            replace = {"do": "replace", "by": mover, "slot": waiting[1], "card": fact.top}
            return choose_seen(fact, [replace], match, source=self.source)
        if view["drawn"] is None:
            if fact.top in view["grids"][mover]:
                return []  # the replaced card laid first: its slot's new card says the rest
            unseen: tuple[str, ...] = ()
            if fact.seats is not None and match.players.index(mover) >= fact.seats:
                unseen = (f"{mover}'s grid is not on the mat: {fact.top} may have replaced a card",)
            if getattr(getattr(match.engine, "rules", None), "new_card", "up") == "down":
                unseen = (f"new cards lie face down: {fact.top} may have replaced a card",)
            draw = {"do": "draw", "by": mover, "from": "stock", "card": fact.top}
            proposals = choose_seen(fact, [draw], match, source=self.source, ambiguous=unseen)
            return [*proposals, self._then(fact, {"do": "discard", "by": mover})]
        ambiguous: tuple[str, ...] = ()
        if fact.top != view["drawn"]:
            ambiguous = (f"the camera saw {fact.top} laid on the pile, not {view['drawn']}",)
        return choose_seen(
            fact, [{"do": "discard", "by": mover}], match, source=self.source, ambiguous=ambiguous
        )

    def _then(self, fact: Any, action: dict[str, Any], ambiguous: tuple[str, ...] = ()) -> Proposal:
        """The second action of one fact (the replace after the draw): judged by the session
        after the first is recorded, so it is not dry-run here against the match before it."""
        return Proposal(
            action, fact.confidence, self.source, fact.frame_index, describe(action), ambiguous
        )
