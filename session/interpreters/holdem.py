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

Hole cards are never seen before they are tabled.  Burn cards lie face down; where the table's
profile has a burn spot, the camera counts the cards in it (``BurnsSeen``, D20) and each street
is proposed with ``burned``, the cards laid there since the last street, and ``burn``, a burn
seen face up (exposed), so the rules judge a burn missing, doubled or exposed (TPT 29).
The chips and the words come from the operator (``push``, ``declare``, ``bet``/``raise`` with
the amount) or the panel.  The bell is the player to act's check, or his call when there is a
bet to call (TPT 32: saying "call"); a seat's button is that player's fold, in turn or out of
it (binding either way, TPT 43A, 48).  A bet keypad (``hardware/keymaps/holdem.yaml``,
:mod:`session.interpreters.bet_keys`) keys the amounts: ``bet_raise`` is a bet or raise to the
amount keyed, ``enter`` the chips put out silently (``push`` with the amount, TPT 31C, read
by the floor rules), ``check_call``, ``fold`` and ``all_in`` the moves they name.  A
four-card flop is read as the flop of its first three cards, the fourth then a premature card
for the operator, who enters the floor's ``reflop`` (TPT 30).
"""

from __future__ import annotations

from typing import Any

from scoring.cards import parse_card
from scoring.match import Match
from scoring.verdicts import Verdict
from session.interpreters.bet_keys import BetKeys, key_verdict
from session.interpreters.common import choose, choose_seen
from session.live import Proposal
from vision.cards.facts import CardPlaced
from vision.holdem.facts import BurnsSeen

#: The verb that deals each street, by the board's size before it.
STREET_VERB = {0: "flop", 3: "turn", 4: "river"}
#: Cards a street or a tabled hand is made of.
FLOP, HAND = 3, 2
#: The most burns one street's count may name (the engine's ``burned`` field).
MOST_BURNED = 3


class HoldemInterpreter:
    """``CardPlaced`` in; ``flop``, ``turn``, ``river`` and ``show`` proposals out."""

    source = "camera"

    def __init__(self) -> None:
        #: The table the cards below were turned at: the hand, its phase, the board's size and
        #: the hands shown.  When it changes, the cards gathered belonged to a recorded action.
        self.basis: tuple[Any, ...] | None = None
        self.turned: list[str] = []
        self.keys = BetKeys(KEY_MOVES)
        #: The burn spot as last settled (None: no burn spot watched, D20).
        self.burn_spot: BurnsSeen | None = None

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if isinstance(fact, BurnsSeen):
            self.burn_spot = fact
            return []
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
        action |= self._burned(view)
        return choose_seen(fact, [action], match, source=self.source)

    def _burned(self, view: dict[str, Any]) -> dict[str, Any]:
        """What the burn spot shows laid for this street (D20): the cards counted since the
        last street, and a burn seen face up."""
        if self.burn_spot is None or self.burn_spot.count is None:
            return {}
        laid = min(max(self.burn_spot.count - view["burned"], 0), MOST_BURNED)
        out: dict[str, Any] = {"burned": laid}
        exposed = [card for card in self.burn_spot.exposed if card not in view["burns"]]
        if exposed and laid:
            out["burn"] = exposed[0]
        return out

    def button(self, fact: Any, match: Match) -> list[Proposal] | None:
        """The bet keys; the bell: check or call for the player to act; a seat's button:
        that seat folds."""
        keyed = self.keys.press(fact, match)
        if keyed is not None:
            return keyed
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


# ---------------------------------------------------------------------------------------------
# The bet keys' moves: each from the view, the player and the amount keyed (a round total).

Made = dict[str, Any] | Verdict


def _enter(view: dict[str, Any], player: str, amount: int | None) -> Made:
    if amount is None:
        return key_verdict("keyed_nothing", player, "enter")
    return {"do": "push", "by": player, "amount": amount}


def _check_call(view: dict[str, Any], player: str, amount: int | None) -> Made:
    reach = min(view["current_bet"], view["bets"][player] + view["stacks"][player])
    if amount is not None and amount != reach:
        return key_verdict("keyed_not_this", player, "check_call", amount=amount, to=reach)
    return {"do": "call" if reach > view["bets"][player] else "check", "by": player}


def _bet_raise(view: dict[str, Any], player: str, amount: int | None) -> Made:
    if amount is None:
        return key_verdict("keyed_nothing", player, "bet_raise")
    return {"do": "raise" if view["current_bet"] else "bet", "by": player, "to": amount}


def _fold(view: dict[str, Any], player: str, amount: int | None) -> Made:
    if amount is not None:
        return key_verdict("keyed_before_fold", player, "fold", amount=amount)
    return {"do": "fold", "by": player}


def _all_in(view: dict[str, Any], player: str, amount: int | None) -> Made:
    everything = view["bets"][player] + view["stacks"][player]
    if amount is not None and amount != everything:
        return key_verdict("keyed_not_this", player, "all_in", amount=amount, to=everything)
    return {"do": "all_in", "by": player}


KEY_MOVES = {
    "enter": _enter,
    "check_call": _check_call,
    "bet_raise": _bet_raise,
    "fold": _fold,
    "all_in": _all_in,
}
