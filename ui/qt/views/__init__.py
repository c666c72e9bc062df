"""One view per game family, by the view name the family registry gives
(:mod:`session.families`, ``Family.view``).

``create_view(game_id)`` is all a window needs: a dice game gets the sheet-and-dice view, Durak
its table, the dominoes games their chain, the carom games the table diagram, the trick games
(Deberts, the card game 1000, Nine-card Don) their sheet with running totals and the trick,
and the other families the score sheet (:class:`ScoresView`).  The registry names views
rather than holding their classes because it lives in ``session``, which may not import
``ui`` (the package map); :data:`VIEWS` is the ui's half of it, and a test checks that every
family's view name is here.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from session.families import family_for
from ui.qt.views.base import GameView
from ui.qt.views.card_sheet import CardSheetView
from ui.qt.views.dice import DiceView
from ui.qt.views.dominoes import DominoView
from ui.qt.views.durak import DurakView
from ui.qt.views.glyph import Glyph
from ui.qt.views.holdem import HoldemView
from ui.qt.views.novus import NovusView
from ui.qt.views.pogs import PogsView
from ui.qt.views.reversi import ReversiView
from ui.qt.views.scores import ScoresView
from ui.qt.views.skittles import SkittlesView
from ui.qt.views.tripoley import TripoleyView

#: The families' view names (``Family.view``) to the views that draw them.
VIEWS: dict[str, type[GameView]] = {
    "dice": DiceView,
    "durak": DurakView,
    "dominoes": DominoView,
    "skittles": SkittlesView,
    "card_sheet": CardSheetView,
    "scores": ScoresView,
    "holdem": HoldemView,
    "tripoley": TripoleyView,
    "novus": NovusView,
    "pogs": PogsView,
    "reversi": ReversiView,
}

__all__ = [
    "VIEWS",
    "CardSheetView",
    "DiceView",
    "DominoView",
    "DurakView",
    "GameView",
    "Glyph",
    "HoldemView",
    "NovusView",
    "PogsView",
    "ReversiView",
    "ScoresView",
    "SkittlesView",
    "TripoleyView",
    "create_view",
    "view_class",
]


def view_class(game_id: str) -> type[GameView]:
    """The view for a game of the catalogue (``UnknownGame`` for a name it does not hold)."""
    return VIEWS[family_for(game_id).view]


def create_view(game_id: str, parent: QWidget | None = None) -> GameView:
    return view_class(game_id)(parent)
