"""The result screen every view shows once the game is over: who won, the final standings
(ranked the way the game counts: most points first, or fewest where the winner has fewest),
beside the final score sheet, instead of the empty table of a finished game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from session.nights.ranking import places as standings
from session.nights.ranking import winners
from ui.qt.i18n import text
from ui.qt.views.glyph import Glyph
from ui.qt.views.sheet import sheet_glyphs, sheet_text_size
from ui.qt.views.style import MIN_TEXT

HEADLINE = 0.075  # shares of the window's height
LINE = 0.062
SHEET_SHARE = 0.58  # of the width, for the final sheet beside the standings


def headline(view: Mapping[str, Any], lang: str) -> str:
    won = winners(view)
    if len(won) > 1:
        return text("winners", lang, players=", ".join(won))
    if won:
        return text("winner", lang, player=won[0])
    return text("game_over", lang)


def standings_glyphs(view: Mapping[str, Any], lang: str, area: QRectF, unit: float) -> list[Glyph]:
    """The winner line, the Durak fool where there is one, and one line per player."""
    out: list[Glyph] = []
    top = area.top()
    head_h = min(unit * HEADLINE, area.height() * 0.2)
    out.append(
        Glyph(
            "text",
            QRectF(area.left(), top, area.width(), head_h * 0.7),
            text("game_over", lang),
            "muted",
        )
    )
    top += head_h * 0.75
    out.append(
        Glyph(
            "text",
            QRectF(area.left(), top, area.width(), head_h),
            headline(view, lang),
            "bold accent",
        )
    )
    top += head_h * 1.1
    if view.get("fool"):
        rect = QRectF(area.left(), top, area.width(), head_h * 0.8)
        out.append(Glyph("text", rect, text("fool", lang, player=view["fool"]), "bold"))
        top += head_h * 0.9
    table = standings(view)
    line = min(unit * LINE, (area.bottom() - top) / max(len(table) + 1, 1))
    out.append(
        Glyph(
            "text",
            QRectF(area.left(), top, area.width(), line * 0.8),
            text("final_standings", lang),
            "muted",
        )
    )
    top += line
    won = set(winners(view))
    place_w = line * 1.3
    for place, player, score in table:
        rect = QRectF(area.left(), top, area.width(), line * 0.92)
        flags = "bold"
        if player in won:
            out.append(Glyph("band", rect, None, "turn"))
            flags += " ink"
        else:
            out.append(Glyph("band", rect, None, "dark"))
        pad = line * 0.25
        inner = rect.adjusted(pad, line * 0.08, -pad, -line * 0.08)
        out.append(
            Glyph(
                "text",
                QRectF(inner.left(), inner.top(), place_w, inner.height()),
                f"{place}.",
                flags,
            )
        )
        name = QRectF(
            inner.left() + place_w, inner.top(), inner.width() * 0.62 - place_w, inner.height()
        )
        out.append(Glyph("text", name, player, flags))
        number = QRectF(
            inner.left() + inner.width() * 0.62, inner.top(), inner.width() * 0.38, inner.height()
        )
        out.append(Glyph("text", number, str(score), f"{flags} right"))
        top += line
    return out


def result_screen(
    view: Mapping[str, Any],
    sheet: Mapping[str, Any],
    lang: str,
    area: QRectF,
    unit: float,
) -> list[Glyph]:
    """The whole result screen in ``area``: the final sheet on the left (when the game keeps
    one), the standings on the right."""
    margin = min(area.width(), area.height()) * 0.03
    inner = area.adjusted(margin, margin, -margin, -margin)
    rows: Sequence[Any] = sheet.get("rows") or []
    if not rows:
        side = inner.adjusted(inner.width() * 0.15, 0, -inner.width() * 0.15, 0)
        return standings_glyphs(view, lang, side, unit)

    def sheet_area(share: float) -> QRectF:
        return QRectF(inner.left(), inner.top(), inner.width() * share - margin, inner.height())

    # A wide sheet (many rows, long titles) takes more of the width from the standings.
    share = max(
        (SHEET_SHARE, 0.66, 0.72),
        key=lambda s: (
            min(sheet_text_size(sheet, lang, sheet_area(s), unit), unit * MIN_TEXT) - s * 0.01
        ),
    )
    split = inner.width() * share
    side = QRectF(
        inner.left() + split + margin, inner.top(), inner.width() - split - margin, inner.height()
    )
    return [
        *sheet_glyphs(sheet, lang, sheet_area(share), None, unit),
        *standings_glyphs(view, lang, side, unit),
    ]
