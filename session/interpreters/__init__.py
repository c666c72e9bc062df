"""Interpreters: one game family's table facts turned into proposed actions.  Which family
gets which is the family registry's (:mod:`session.families`, ``interpreter_for``):

* ``dice``: :class:`DiceInterpreter`, ``DiceSettled`` -> ``roll``;
* ``durak``: :class:`DurakInterpreter`, ``CardPlaced``/``TableCleared`` -> ``deal`` (the
  trump turned up), ``attack``, ``throw_in``, ``transfer``, ``defend``, ``take``, ``done``;
* ``dominoes``: :class:`DominoesInterpreter`, ``TileLaid`` -> ``lay``;
* ``domino_poker`` (:mod:`.domino_poker`): five tiles shown together -> ``reveal``;
* ``reversi`` (:mod:`.reversi`): a board at rest -> ``move`` (the new disc and its flips);
* ``carom``: :class:`CaromInterpreter`, ``ShotEnded`` -> ``shot``;
* ``devyatka`` (:mod:`.devyatka`): a card at a row's end -> ``play``, the bell -> ``pass``;
* ``tricks`` (:mod:`.tricks`): a card in the trick -> ``play``;
* ``golf`` (:mod:`.golf`): grid and pile facts -> ``deal``, ``flip``, ``move``, ``draw``,
  ``replace``, ``discard``, ``reveal``;
* ``card_ball`` (:mod:`.card_ball`): a card laid face up -> the ``shot`` it was laid for (held
  for the referee's balls), a penalty card set aside (``draw``) or a ``discard``.

Every game also gets the panel's buttons (:class:`PanelInterpreter`).  A family with no
interpreter is refereed from the panel and the operator alone.  This package does not import
the registry (the registry imports it).
"""

from __future__ import annotations

from typing import Any

from hardware.panel import ButtonPressed
from scoring.match import Match
from session.interpreters.cards import CardPlaced, DurakInterpreter, TableCleared
from session.interpreters.carom import CaromInterpreter
from session.interpreters.dice import DiceInterpreter
from session.interpreters.dominoes import DominoesInterpreter
from session.interpreters.panel import PanelInterpreter
from session.live import Interpreter, Proposal


class TableInterpreter:
    """A game's family interpreter and the panel's buttons, as one interpreter."""

    def __init__(self, family: Interpreter | None, panel: PanelInterpreter | None = None):
        self.family = family
        self.panel = panel or PanelInterpreter()

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if isinstance(fact, ButtonPressed):
            button = getattr(self.family, "button", None)
            taken = button(fact, match) if button is not None else None
            return taken if taken is not None else self.panel.propose(fact, match)
        return self.family.propose(fact, match) if self.family is not None else []


__all__ = [
    "CardPlaced",
    "CaromInterpreter",
    "DiceInterpreter",
    "DominoesInterpreter",
    "DurakInterpreter",
    "PanelInterpreter",
    "TableCleared",
    "TableInterpreter",
]
