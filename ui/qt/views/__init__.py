"""One view per game family, picked by the engine module the game's preset file names.

``create_view(game_id)`` is all a window needs: a dice game gets the sheet-and-dice view, Durak
its table, the dominoes games their chain, the carom games the table diagram, Deberts and the
card game 1000 their sheet with running totals and the trick, and any other game the score
sheet (:class:`ScoresView`), so a new game always has a display.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from scoring.registry import game
from ui.qt.views.base import GameView
from ui.qt.views.card_sheet import CardSheetView
from ui.qt.views.dice import DiceView
from ui.qt.views.dominoes import DominoView
from ui.qt.views.durak import DurakView
from ui.qt.views.glyph import Glyph
from ui.qt.views.sheet import ScoresView
from ui.qt.views.skittles import SkittlesView

#: Engine module prefixes (``engine:`` in the preset file) to views; the first match wins.
FAMILIES: tuple[tuple[str, type[GameView]], ...] = (
    ("scoring.dice.", DiceView),
    ("scoring.durak.", DurakView),
    ("scoring.dominoes.engine", DominoView),
    ("scoring.carom.", SkittlesView),
    ("scoring.card_games.deberts", CardSheetView),
    ("scoring.card_games.thousand", CardSheetView),
)

__all__ = [
    "CardSheetView",
    "DiceView",
    "DominoView",
    "DurakView",
    "GameView",
    "Glyph",
    "ScoresView",
    "SkittlesView",
    "create_view",
    "view_class",
]


def view_class(game_id: str) -> type[GameView]:
    """The view for a game of the catalogue (``UnknownGame`` for a name it does not hold)."""
    engine = game(game_id).engine
    return next((view for prefix, view in FAMILIES if engine.startswith(prefix)), ScoresView)


def create_view(game_id: str, parent: QWidget | None = None) -> GameView:
    return view_class(game_id)(parent)
