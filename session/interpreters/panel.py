"""The panel's buttons (``ButtonPressed``) as the actions a referee expects, where the game has
a verb for them.  ``confirm`` and ``undo`` never reach here: the live session handles them.

* ``bell``: the player to move ends what he is doing, the first verb the game has of
  ``bell`` (Bunco's bell), ``stop`` (push-your-luck games: Pig, Farkle, 1000, two dice: bank the
  turn), ``stand`` (Zariki, Indian dice, high dice: keep the dice showing), ``knock``
  (dominoes: pass).  A press is deliberate, so it is proposed with full confidence and the rules
  judge it like any action.
* ``foul``: in dice games an invalid throw (dice.md §1.4): a ``void`` of the last throw, held
  for the operator to say why (edge, cocked, stacked, off the table, hidden).  Carom games keep
  it for the next shot's record (:mod:`session.interpreters.carom`).  Elsewhere the rules find
  illegal moves themselves and the press only shows as a fact on the console.
* ``player``: a seat's button.  Durak gives it a meaning (:mod:`session.interpreters.cards`);
  elsewhere it proposes nothing.

A family interpreter may take a button first by defining ``button(fact, match)``, returning
proposals, or None to leave it to these defaults.
"""

from __future__ import annotations

from typing import Any

from scoring.match import Match
from session.interpreters.common import choose, to_move
from session.live import Proposal

#: What the bell means, by the first of these verbs the game has.
BELL_VERBS = ("bell", "stop", "stand", "knock")


class PanelInterpreter:
    """``ButtonPressed`` facts in, proposals by the game's verbs out."""

    source = "panel"

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        verbs = match.engine.verbs
        player = to_move(match)
        if fact.fact == "bell":
            verb = next((name for name in BELL_VERBS if name in verbs), None)
            if verb is None or (player is None and verbs[verb].needs_player):
                return []
            action: dict[str, Any] = {"do": verb}
            if verbs[verb].needs_player:
                action["by"] = player
            return choose([action], match, confidence=1.0, source=self.source, frame=None)
        if fact.fact == "foul" and "void" in verbs and player is not None:
            action = {"do": "void", "by": player, "reason": "off_table"}
            return [
                Proposal(
                    action,
                    1.0,
                    self.source,
                    None,
                    "foul button: the last throw is void",
                    ("the foul button does not say why: choose the reason (dice.md §1.4)",),
                )
            ]
        return []
