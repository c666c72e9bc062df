"""Interpreters: one game family's table facts turned into proposed actions, chosen by the
game's engine module (``scoring/presets/<game>.yaml``'s ``engine``).

* ``scoring.dice``: :class:`DiceInterpreter`, ``DiceSettled`` -> ``roll``;
* ``scoring.durak``: :class:`DurakInterpreter`, ``CardPlaced``/``TableCleared`` -> ``attack``,
  ``throw_in``, ``transfer``, ``defend``, ``take``, ``done``;
* ``scoring.dominoes``: :class:`DominoesInterpreter`, ``TileLaid`` -> ``lay``;
* ``scoring.carom``: :class:`CaromInterpreter`, ``ShotEnded`` -> ``shot``.

Every game also gets the panel's buttons (:class:`PanelInterpreter`).  Games of no family
here (the trick-taking card games, until their camera exists) are refereed from the panel and
the operator alone.
"""

from __future__ import annotations

from typing import Any

from hardware.panel import ButtonPressed
from scoring.match import Match
from scoring.registry import game
from session.interpreters.cards import CardPlaced, DurakInterpreter, TableCleared
from session.interpreters.carom import CaromInterpreter
from session.interpreters.dice import DiceInterpreter
from session.interpreters.dominoes import DominoesInterpreter
from session.interpreters.panel import PanelInterpreter
from session.live import Interpreter, Proposal

#: Engine package -> the interpreter of its table facts.
FAMILIES: dict[str, type] = {
    "scoring.dice": DiceInterpreter,
    "scoring.durak": DurakInterpreter,
    "scoring.dominoes": DominoesInterpreter,
    "scoring.carom": CaromInterpreter,
}


def family_of(game_id: str) -> str | None:
    """The family (``dice``, ``durak``, ``dominoes``, ``carom``) of a game, None if none."""
    module = game(game_id).engine.partition(":")[0]
    for package in FAMILIES:
        if module == package or module.startswith(package + "."):
            return package.rsplit(".", 1)[1]
    return None


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


def interpreter_for(game_id: str) -> TableInterpreter:
    """A fresh interpreter for one session of ``game_id`` (interpreters remember the table)."""
    family = family_of(game_id)
    factory = FAMILIES.get(f"scoring.{family}") if family else None
    return TableInterpreter(factory() if factory is not None else None)


__all__ = [
    "FAMILIES",
    "CardPlaced",
    "CaromInterpreter",
    "DiceInterpreter",
    "DominoesInterpreter",
    "DurakInterpreter",
    "PanelInterpreter",
    "TableCleared",
    "TableInterpreter",
    "family_of",
    "interpreter_for",
]
