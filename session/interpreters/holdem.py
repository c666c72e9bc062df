"""Hold'em at the table (docs/rules/poker.md): what the card camera reads, and what stays with
the operator and the panel.

The camera sees cards turned face up: the board as the dealer turns it (flop, turn, river) and
the hands tabled at the showdown.  Each comes from the card observer as a card newly on the
table (``CardPlaced``, reported once).  The engine's phase says what a card turned now is:

* the next street is due (phase ``deal``): a board card; three make the flop, one the turn or
  the river, proposed as the dealer's ``flop``/``turn``/``river``;
* the showdown: a card of the hand being tabled; two make the hand, proposed as ``show`` by the
  player due to show (TPT 12A's order, or the first unshown hand of an all-in showdown: the
  dealer turns the hands in that order), or by the seat the camera saw the cards come from;
* a betting round: a card turned too soon (TPT 30's premature card); it is proposed as the
  street it would be, which the rules refuse (``no_deal_now``), so the session raises the
  banner for the operator.

Hole cards are never seen before they are tabled, and burn cards lie face down: neither is read.
The chips and the words are the operator's (``push``, ``declare``, ``bet``/``raise`` with the
amount).  The panel gives the two moves that need no amount: the bell is the player to act's
check, or his call when there is a bet to call (TPT 32: saying "call"); a seat's button is that
player's fold, in turn or out of it (binding either way, TPT 43A, 48).  A four-card flop is
read as the flop of its first three cards, the fourth then a premature card for the operator,
who enters the floor's ``reflop`` (TPT 30).
"""

from __future__ import annotations

from typing import Any

from scoring.cards import parse_card
from scoring.match import Match
from session.interpreters.common import choose, choose_seen
from session.live import Proposal
from vision.cards.facts import CardPlaced

#: The verb that deals each street, by the board's size before it.
STREET_VERB = {0: "flop", 3: "turn", 4: "river"}
#: Cards a street or a tabled hand is made of.
FLOP, HAND = 3, 2


class HoldemInterpreter:
    """``CardPlaced`` in; ``flop``, ``turn``, ``river`` and ``show`` proposals out."""

    source = "camera"

    def __init__(self) -> None:
        #: The table the cards below were turned at: the hand, its phase, the board's size and
        #: the hands shown.  When it changes, the cards gathered belonged to a recorded action.
        self.basis: tuple[Any, ...] | None = None
        self.turned: list[str] = []

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if not isinstance(fact, CardPlaced):
            return []
        try:
            card = str(parse_card(fact.card))
        except ValueError:
            return []  # a joker of a deck named for the table: no hold'em card
        view = self._sync(match)
        seen = {*view["board"], *view["burns"], *view["four_card_flop"], *self.turned} | {
            shown for hand in view["shown"].values() for shown in hand["cards"]
        }
        if card in seen or view["over"]:
            return []
        self.turned.append(card)
        if view["phase"] == "showdown":
            return self._shown(fact, view, match)
        verb = STREET_VERB.get(len(view["board"]), "river")
        if verb == "flop" and len(self.turned) < FLOP:
            return []
        action: dict[str, Any] = {"do": verb}
        if verb == "flop":
            action["cards"] = list(self.turned[:FLOP])
        else:
            action["card"] = self.turned[0]
        return choose_seen(fact, [action], match, source=self.source)

    def button(self, fact: Any, match: Match) -> list[Proposal] | None:
        """The bell: check or call for the player to act; a seat's button: that seat folds."""
        view = match.view()
        if view["over"]:
            return None
        if fact.fact == "bell" and view["phase"] == "betting" and view["turn"] is not None:
            verb = "call" if view["to_call"] else "check"
            action: dict[str, Any] = {"do": verb, "by": view["turn"]}
        elif fact.fact == "player" and fact.player and 0 < fact.player <= len(view["players"]):
            action = {"do": "fold", "by": view["players"][fact.player - 1]}
        else:
            return None
        return choose([action], match, confidence=1.0, source="panel", frame=None)

    def _shown(self, fact: CardPlaced, view: dict[str, Any], match: Match) -> list[Proposal]:
        """Two cards turned make the hand of the seat they came from, else of the player due."""
        if len(self.turned) < HAND:
            return []
        player = fact.player if fact.player in view["players"] else view["turn"]
        action = {"do": "show", "by": player, "cards": list(self.turned[:HAND])}
        return choose_seen(fact, [action], match, source=self.source)

    def _sync(self, match: Match) -> dict[str, Any]:
        """The view, forgetting the cards of an action the table has moved past."""
        view = match.view()
        basis = (view["hand"], view["phase"], len(view["board"]), tuple(view["shown"]))
        if basis != self.basis:
            self.basis, self.turned = basis, []
        return view
