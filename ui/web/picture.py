"""The game's own picture on the live page: the glyphs the audience display's view of the
game's family lays out (cards, tiles, the skittles table, the board...), as plain JSON the
page draws as SVG.

One mechanism serves every family, present and future: the family registry names the view,
the view lays its state out as glyphs (:mod:`ui.qt.views.glyph`), and the page has one painter
per glyph kind, so a phone shows what the room's screen shows without a second layout per
game.  The views whose whole picture is the dice and the sheet (``dice``, ``scores``) get none:
the page draws those itself, as a row of dice and a table that scrolls on a phone.

A view's layout reads only its data (view, sheet, language, verdicts, the height sizes follow),
never its widget, so it is run here on an instance made without ``QWidget.__init__``: no Qt
application, no window and no GUI thread are needed, and the feed builds the picture on the
session's consumer thread like the rest of the snapshot.  The sheet is left out of the layout
(the page's table shows it), since laying a sheet out measures text, which needs a Qt
application.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from scoring.cards import SUIT_SYMBOLS
from scoring.verdicts import Verdict
from session.families import family_for
from ui.qt.views import VIEWS, GameView
from ui.qt.views.glyph import Glyph
from ui.qt.views.painting import card_label

#: The views the page draws with its own elements instead of a picture.
DRAWN_BY_THE_PAGE = frozenset({"dice", "scores"})
#: The area a view is laid out in: a phone held upright (3:4), in the display's units.
AREA = QRectF(0, 0, 720, 960)
#: The height sizes follow (``GameView.unit``): text and pieces as large as on a 3:4 area.
UNIT = 960.0
#: Views of a wide thing (the line of play, the billiard table) or of a board with the players
#: beside it, which a 3:4 area would leave under a band of empty felt: laid out in a shorter
#: area, at the same sizes.
SHORT_AREA = {
    "dominoes": QRectF(0, 0, 720, 620),
    "skittles": QRectF(0, 0, 720, 620),
    "reversi": QRectF(0, 0, 720, 560),
}
NO_SHEET: Mapping[str, Any] = {"columns": [], "rows": []}
MARGIN = 8.0  # around the glyphs' bounds, so rims and rings are not cut


def has_picture(game_id: str) -> bool:
    return family_for(game_id).view not in DRAWN_BY_THE_PAGE


def picture(
    game_id: str, view: Mapping[str, Any], lang: str, verdicts: Sequence[Verdict] = ()
) -> dict[str, Any] | None:
    """The view's glyphs with the box they fill (``box``: x, y, width, height), or None for a
    game the page draws itself."""
    name = family_for(game_id).view
    if name in DRAWN_BY_THE_PAGE:
        return None
    area = SHORT_AREA.get(name, AREA)
    glyphs = _drop_empty_bands(lay_out(VIEWS[name], view, lang, verdicts, area))
    box = _bounds(glyphs, area)
    return {"view": name, "box": box, "glyphs": [_glyph(g, lang) for g in glyphs]}


def lay_out(
    view_type: type[GameView],
    view: Mapping[str, Any],
    lang: str,
    verdicts: Sequence[Verdict],
    area: QRectF,
) -> list[Glyph]:
    host = view_type.__new__(view_type)
    host.view, host.sheet, host.lang = view, NO_SHEET, lang
    host.verdicts = tuple(verdicts)
    host.reference_height = UNIT
    host.written_row = None
    glyphs: list[Glyph] = host.layout_glyphs(QRectF(area))
    return glyphs


def _drop_empty_bands(glyphs: list[Glyph]) -> list[Glyph]:
    """Without the bands behind nothing: the header of the sheet left out of the layout would
    otherwise stand as an empty panel under the picture."""
    return [
        glyph
        for glyph in glyphs
        if glyph.kind != "band"
        or any(
            other.kind != "band" and glyph.rect.contains(other.rect.center()) for other in glyphs
        )
    ]


def _bounds(glyphs: Sequence[Glyph], area: QRectF) -> list[float]:
    """The band of the area the glyphs cover, the full width: a view that leaves room for
    the sheet (the page shows the sheet below) is cropped to what it draws."""
    if not glyphs:
        return [0.0, 0.0, area.width(), 0.0]
    top = max(min(g.rect.top() for g in glyphs) - MARGIN, 0.0)
    bottom = min(max(g.rect.bottom() for g in glyphs) + MARGIN, area.height())
    return [0.0, round(top, 1), area.width(), round(bottom - top, 1)]


def _glyph(glyph: Glyph, lang: str) -> dict[str, Any]:
    rect = glyph.rect
    return {
        "k": glyph.kind,
        "r": [
            round(rect.x(), 1),
            round(rect.y(), 1),
            round(rect.width(), 1),
            round(rect.height(), 1),
        ],
        "v": _value(glyph, lang),
        "s": glyph.style,
    }


def _value(glyph: Glyph, lang: str) -> Any:
    """What the page's painter needs, in the language shown: a card's rank as the players
    read it with its suit's symbol and colour, a tile's two halves, a text as it is written."""
    value = glyph.value
    if glyph.kind == "card":
        rank, suit, red = card_label(str(value), lang)
        return [rank, suit, red]
    if glyph.kind == "suit":
        return [SUIT_SYMBOLS[str(value)], str(value) in ("D", "H")]
    if glyph.kind == "tile":
        return [int(value[0]), int(value[1])]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
