"""Putting a game's own view (from ``ui/qt/views``) where another game's view was.

The console and the replay viewer build their layout before they know the game (a new game
can be chosen later, another recording opened), so the view is swapped in place inside its
splitter instead of rebuilding the window.
"""

from __future__ import annotations

from PySide6.QtWidgets import QSplitter

from ui.qt.views import GameView, create_view, view_class


def swap_view(current: GameView, game: str) -> GameView:
    """The view for ``game`` in ``current``'s place (``current`` itself if it already fits)."""
    if type(current) is view_class(game):
        return current
    view = create_view(game)
    splitter = current.parentWidget()
    if not isinstance(splitter, QSplitter):
        raise TypeError("a game view is swapped inside its QSplitter")
    splitter.replaceWidget(splitter.indexOf(current), view)
    current.deleteLater()
    return view
