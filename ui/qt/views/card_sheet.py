"""Deberts and the card game 1000: the score sheet with its running totals, under the deal
in play: the trump, the contract and who plays it, and the trick on the table (or the last
trick, which players may ask to see).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from ui.qt.i18n import text
from ui.qt.views import style
from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph
from ui.qt.views.sheet import sheet_glyphs

CARD_RATIO = 1.45


def trick_cards(trick: Sequence[Any] | None) -> list[tuple[str | None, str]]:
    """(player, card) pairs of a trick, whether the view lists cards or [player, card]."""
    out: list[tuple[str | None, str]] = []
    for item in trick or []:
        if isinstance(item, str):
            out.append((None, item))
        else:
            out.append((str(item[0]), str(item[1])))
    return out


def deal_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    """The contract and who plays the deal, as far as the view knows them."""
    lines = []
    if view.get("contract") is not None:
        who = view.get("declarer") or view.get("bidder") or ""
        lines.append(text("contract", lang, points=view["contract"], player=who))
    elif view.get("declarer"):
        lines.append(text("declarer", lang, player=view["declarer"]))
    return lines


def shown_trick(view: Mapping[str, Any]) -> tuple[list[tuple[str | None, str]], str]:
    """The trick on the table, or else the last trick, with its heading's key."""
    cards = trick_cards(view.get("trick"))
    if not cards and view.get("last_trick"):
        return trick_cards(view.get("last_trick")), "last_trick"
    return cards, "trick"


def deal_line_glyphs(
    view: Mapping[str, Any], lang: str, area: QRectF, unit: float | None = None
) -> list[Glyph]:
    """With no cards on the table the deal takes one line: trump, contract, declarer."""
    out = [
        Glyph(
            "text",
            QRectF(area.left(), area.top(), area.width() * 0.12, area.height()),
            text("trump", lang),
        )
    ]
    left = area.left() + area.width() * 0.12
    if view.get("trump"):
        out.append(
            Glyph("suit", QRectF(left, area.top(), area.height(), area.height()), view["trump"])
        )
        left += area.height() * 1.4
    else:
        rect = QRectF(left, area.top(), area.width() * 0.3, area.height())
        out.append(Glyph("text", rect, text("no_trump", lang), "muted"))
        left += area.width() * 0.32
    words = "   ".join(deal_lines(view, lang))
    if words:
        out.append(
            Glyph(
                "text", QRectF(left, area.top(), area.right() - left, area.height()), words, "bold"
            )
        )
    return out


def deal_glyphs(
    view: Mapping[str, Any], lang: str, area: QRectF, unit: float | None = None
) -> list[Glyph]:
    unit = unit or area.height() / 0.34
    out: list[Glyph] = []
    least = unit * style.MIN_TEXT / 0.72 * 1.04  # the smallest line that keeps MIN_TEXT
    line = max(min(area.height() * 0.2, unit * 0.06), least)
    label_w = area.width() * 0.3
    out.append(Glyph("text", QRectF(area.left(), area.top(), label_w, line), text("trump", lang)))
    suit_side = min(area.height() - line * 1.2, label_w * 0.4)
    if view.get("trump"):
        suit = QRectF(area.left(), area.top() + line * 1.1, suit_side, suit_side)
        out.append(Glyph("suit", suit, view["trump"]))
    else:
        rect = QRectF(area.left(), area.top() + line * 1.1, label_w, line)
        out.append(Glyph("text", rect, text("no_trump", lang), "muted"))
    for index, words in enumerate(deal_lines(view, lang)):
        if view.get("trump"):  # beside the trump's square
            left, top = area.left() + suit_side * 1.2, area.top() + line * (1.2 + index * 1.1)
        else:  # under "No trump yet"
            left, top = area.left(), area.top() + line * (2.3 + index * 1.1)
        rect = QRectF(left, top, area.left() + label_w * 1.45 - left, line)
        out.append(Glyph("text", rect, words, "bold"))
    cards, heading = shown_trick(view)
    left = area.left() + label_w * 1.5
    out.append(
        Glyph(
            "text",
            QRectF(left, area.top(), area.width() * 0.4, line),
            text(heading, lang),
            "muted" if heading == "last_trick" else "",
        )
    )
    name_h = max(line * 0.8, least)
    card_h = area.height() - line * 1.1 - name_h - 2
    card_w = min(card_h / CARD_RATIO, (area.right() - left) / max(len(cards), 1) / 1.15)
    for index, (player, card) in enumerate(cards):
        rect = QRectF(
            left + index * card_w * 1.15, area.top() + line * 1.1, card_w, card_w * CARD_RATIO
        )
        out.append(Glyph("card", rect, card, "trick"))
        if player:
            name = QRectF(rect.left() - card_w * 0.05, rect.bottom() + 2, card_w * 1.1, name_h)
            out.append(Glyph("text", name, player, "center muted"))
    return out


class CardSheetView(GameView):
    """The deal in play across the top, the sheet with running totals below."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        margin = min(area.width(), area.height()) * 0.03
        inner = area.adjusted(margin, margin, -margin, -margin)
        cards, _ = shown_trick(self.view)
        unit = self.unit()
        top_h = inner.height() * 0.34 if cards else max(inner.height() * 0.08, unit * 0.05)
        deal = QRectF(inner.left(), inner.top(), inner.width(), top_h)
        sheet = inner.adjusted(0, top_h + margin, 0, 0)
        draw = deal_glyphs if cards else deal_line_glyphs
        return [
            *draw(self.view, self.lang, deal, unit),
            *sheet_glyphs(
                self.sheet, self.lang, sheet, self.view.get("turn"), unit, self.written_row
            ),
        ]
