"""Card Ball at the table (rules/cards.md §4, §8.2): what the card camera can see of pool played
with cards, and what stays with the referee.

The balls are outside card vision (§8.2, §8.4): every pocket, rail, scratch and ball off the
table is the referee's, from the console or the panel.  Hands are hidden; what the camera sees
are the cards laid face up where the table agrees to lay them (§8.2), each reported once by the
card observer as a card newly on the table (``CardPlaced``; its zone and what it covers mean
nothing here).  The engine's state says what a card laid now can be:

* its ball still on the table: the shooter lays it for a ball he has just pocketed (L101):
  ``shot`` by the player to move, ``pocketed`` the balls of the cards laid for this shot,
  ``cards`` those cards.  It is held for the referee to confirm or to complete with what the
  camera cannot see (a rail, a scratch, balls off the table, ball 14 or 15, a ball he holds no
  card for: L107-L124).  A further card laid while it is held makes a fuller shot that
  supersedes it (the observer may see the cards of one shot settle one by one);
* its ball down, a penalty due: the shooter drew it and set it aside (L111-L112): ``draw``
  with the cards set aside so far, held: the card he keeps goes into his hand unseen, so only
  the referee knows when the draw is over (he confirms it, or rings the bell);
* its ball down otherwise (and as another reading of the above): the discard of a player who
  held a card of a pocketed ball (L101), by each player the rules let lay it in time; the camera
  does not see whose hand it left, so several such players are held for the operator naming
  them; when nobody could lay it in time, every reading is held (a late discard is a breach the
  rules prove, §8.5);
* a card already out of play (the referee entered it, or the observer lost the table and saw
  it again): nothing; nor the table cleared (the cards gathered once a game is over).

The bell ends a penalty draw: ``draw`` by the shooter with the cards the camera saw set aside,
superseding the held draw.  Shots with no card laid (a miss, a rail, a foul, ball 14 or 15
alone), the ties drawn for the highest card (L105: only full information sees hands empty
together) and the hands shown (``show``) are the operator's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.card_games.card_ball.rules import ball_of
from scoring.cards import parse_card
from scoring.match import Match
from scoring.verdicts import Kind
from session.interpreters.common import choose, choose_seen
from session.live import Proposal
from vision.cards.facts import CardPlaced

#: Why a shot read from its cards waits for the referee.
BALLS_UNSEEN = (
    "the camera sees the cards laid, not the balls: confirm, or add a rail, a scratch, balls "
    "off the table, ball 14 or 15, or a ball without a card"
)
#: Why a penalty draw read from a card set aside waits for the referee.
KEPT_UNSEEN = "the card kept goes into the hand unseen: confirm (or ring) once the draw is done"


class CardBallInterpreter:
    """``CardPlaced`` in; ``shot``, ``draw`` and ``discard`` proposals out; the bell ends a
    penalty draw."""

    source = "camera"

    def __init__(self) -> None:
        #: The table the cards below were laid at: the shooter, the balls on the table and the
        #: penalty due.  When it changes the shot or the draw they belonged to was recorded.
        self.basis: tuple[Any, ...] | None = None
        self.shot: list[str] = []  # cards laid for the shot being made
        self.aside: list[str] = []  # cards set aside in the penalty being drawn
        #: The last shot and the last draw proposed from them, which a fuller one supersedes.
        self.held: dict[str, dict[str, Any]] = {}

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if not isinstance(fact, CardPlaced):
            return []
        try:
            card = parse_card(fact.card)
        except ValueError:
            return []  # a joker of a deck named for the table: no ball has its number
        view = self._sync(match)
        shooter = view["turn"]
        name = str(card)
        seen = [*str(view["out_of_play"]).split(), *self.shot, *self.aside]
        if shooter is None or name in seen:
            return []
        if ball_of(card) in view["on_table"]:
            self.shot.append(name)
            pocketed = sorted({ball_of(parse_card(laid)) for laid in self.shot})
            shot = {"do": "shot", "by": shooter, "pocketed": pocketed, "cards": list(self.shot)}
            return self._held(choose_seen(fact, [shot], match, source=self.source), shot)
        discards = self._discards(name, match, shooter)
        if not view["penalty_due"]:
            return choose_seen(fact, discards, match, source=self.source)
        self.aside.append(name)
        draw = {"do": "draw", "by": shooter, "aside": list(self.aside)}
        proposals = choose_seen(fact, [draw, *discards], match, source=self.source)
        return self._held(proposals, draw, KEPT_UNSEEN)

    def button(self, fact: Any, match: Match) -> list[Proposal] | None:
        """The bell during a penalty: the draw is done; otherwise the panel's default."""
        if fact.fact != "bell":
            return None
        view = self._sync(match)
        if not view["penalty_due"] or view["turn"] is None:
            return None
        draw: dict[str, Any] = {"do": "draw", "by": view["turn"]}
        if self.aside:
            draw["aside"] = list(self.aside)
        proposals = choose([draw], match, confidence=1.0, source="panel", frame=None)
        return [replace(proposal, supersedes=self.held.get("draw")) for proposal in proposals]

    def _sync(self, match: Match) -> dict[str, Any]:
        """The view, forgetting the cards of a shot or draw the table has moved past."""
        view = match.view()
        basis = (view["turn"], tuple(view["on_table"]), view["penalty_due"])
        if basis != self.basis:
            self.basis, self.shot, self.aside, self.held = basis, [], [], {}
        return view

    def _held(
        self, proposals: list[Proposal], action: dict[str, Any], unseen: str = BALLS_UNSEEN
    ) -> list[Proposal]:
        """The shot or draw read so far, held for the referee, superseding the last one."""
        stale, self.held[action["do"]] = self.held.get(action["do"]), action
        return [
            replace(proposal, ambiguous=(unseen, *proposal.ambiguous), supersedes=stale)
            for proposal in proposals
        ]

    @staticmethod
    def _discards(card: str, match: Match, mover: str) -> list[dict[str, Any]]:
        """``card`` discarded by each player who may lay it now, the player to move first (his
        turn is the nearest deadline): those in time (the rules prove no breach) when there
        are any, else all (L101, §8.5)."""
        players = list(match.players)
        start = players.index(mover)
        order = players[start:] + players[:start]
        readings = [{"do": "discard", "by": player, "cards": [card]} for player in order]
        in_time = []
        for action in readings:
            outcome, _ = match.check(action)
            if outcome.accepted and not any(v.kind is Kind.FOUL for v in outcome.verdicts):
                in_time.append(action)
        return in_time or readings
