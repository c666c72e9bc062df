"""Durak: the table as the players see it: attack cards with their beating cards laid across
them, the trump turned up under the stock, the stock and discard counts, and each player's
hand as a count, with who attacks, who defends and whose move it is.

The referee sees only the table (hands are counts), so this is the whole public state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from ui.qt.i18n import text
from ui.qt.views import style
from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph

CARD_RATIO = 1.45  # height / width of a playing card


def player_roles(view: Mapping[str, Any], player: str, lang: str) -> str:
    """What a player is doing in this bout, in a word or two."""
    roles = []
    if player in view.get("out") or []:
        roles.append(text("out", lang))
    if player == view.get("attacker"):
        roles.append(text("attacker", lang))
    if player == view.get("defender"):
        roles.append(text("taking" if view.get("taking") else "defender", lang))
    return ", ".join(roles)


def seat_glyphs(
    view: Mapping[str, Any], lang: str, area: QRectF, unit: float | None = None
) -> list[Glyph]:
    """One box per player across the top: name, a card back with the hand count, the role."""
    players: Sequence[str] = view.get("players", [])
    hands: Mapping[str, int] = view.get("hands", {})
    width = area.width() / max(len(players), 1)
    out: list[Glyph] = []
    for index, player in enumerate(players):
        box = QRectF(area.left() + index * width, area.top(), width, area.height()).adjusted(
            6, 0, -6, 0
        )
        turn = player == view.get("turn")
        out.append(Glyph("band", box, None, "turn" if turn else "dark"))
        ink = " ink" if turn else ""
        line = box.height() / 3
        back_w = min(line * 1.6 / CARD_RATIO * 1.2, box.width() * 0.25)
        back = QRectF(box.left() + 10, box.top() + line * 0.3, back_w, back_w * CARD_RATIO)
        out.append(Glyph("card_back", back, hands.get(player, 0)))
        words = QRectF(back.right() + 10, box.top(), box.right() - back.right() - 16, line * 0.98)
        out.append(Glyph("text", words, player, "bold" + ink))
        count = text("cards_in_hand", lang, count=hands.get(player, 0))
        out.append(Glyph("text", words.translated(0, line), count, ink.strip() or "muted"))
        role = player_roles(view, player, lang)
        if role:
            out.append(Glyph("text", words.translated(0, line * 2), role, "bold" + ink))
    return out


def stock_glyphs(
    view: Mapping[str, Any], lang: str, area: QRectF, unit: float | None = None
) -> list[Glyph]:
    """The trump card turned up, the stock and the discard, in a column on the left."""
    unit = unit or area.height()
    out: list[Glyph] = []
    line = max(min(area.height() * 0.1, unit * 0.06), unit * style.MIN_TEXT / 0.72 * 1.04)
    card_w = min(area.width() * 0.6, (area.height() - 4 * line) / CARD_RATIO * 0.8)
    top = area.top()
    out.append(Glyph("text", QRectF(area.left(), top, area.width(), line), text("trump", lang)))
    top += line * 1.1
    if view.get("trump_card"):
        card = QRectF(area.left(), top, card_w, card_w * CARD_RATIO)
        out.append(Glyph("card", card, view["trump_card"], "trump"))
        top = card.bottom() + line * 0.3
    elif view.get("trump"):
        out.append(Glyph("text", QRectF(area.left(), top, area.width(), line), view["trump"]))
        top += line * 1.2
    else:
        rect = QRectF(area.left(), top, area.width(), line)
        out.append(Glyph("text", rect, text("no_trump", lang), "muted"))
        top += line * 1.2
    for key in ("stock", "discard"):
        rect = QRectF(area.left(), top, area.width(), line)
        out.append(Glyph("text", rect, text(key, lang, count=view.get(key, 0)), "bold"))
        top += line * 1.15
    return out


def table_glyphs(
    view: Mapping[str, Any], lang: str, area: QRectF, unit: float | None = None
) -> list[Glyph]:
    """The bout: each attack card with its beating card laid across its lower right."""
    unit = unit or area.height()
    pairs: Sequence[Sequence[str | None]] = view.get("table") or []
    out: list[Glyph] = []
    if view.get("over") and view.get("fool"):
        rect = QRectF(area.left(), area.top(), area.width(), min(unit * 0.1, area.height() * 0.2))
        out.append(Glyph("text", rect, text("fool", lang, player=view["fool"]), "center accent"))
        return out
    if not pairs:
        rect = QRectF(area.left(), area.center().y() - unit * 0.04, area.width(), unit * 0.08)
        out.append(Glyph("text", rect, text("table_empty", lang), "center muted"))
        return out
    per_row = min(len(pairs), 4 if len(pairs) > 4 else len(pairs))
    rows = (len(pairs) + per_row - 1) // per_row
    # One pair takes 1.45 card widths across and 1.35 card heights down.
    card_w = min(area.width() / (per_row * 1.6), area.height() / (rows * 1.45 * CARD_RATIO))
    card_w = min(card_w, unit * 0.26)
    card_h = card_w * CARD_RATIO
    step_x, step_y = card_w * 1.6, card_h * 1.45
    total_w = per_row * step_x - card_w * 0.15
    left0 = area.center().x() - total_w / 2
    top0 = area.center().y() - rows * step_y / 2
    for index, (attack, defence) in enumerate(pairs):
        row, col = divmod(index, per_row)
        rect = QRectF(left0 + col * step_x, top0 + row * step_y, card_w, card_h)
        out.append(Glyph("card", rect, attack, "attack"))
        if defence:
            over = rect.translated(card_w * 0.45, card_h * 0.3)
            out.append(Glyph("card", over, defence, "defence"))
    return out


class DurakView(GameView):
    """Durak and its variants: seats across the top, stock on the left, the bout in the middle."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        margin = min(area.width(), area.height()) * 0.03
        inner = area.adjusted(margin, margin, -margin, -margin)
        unit = self.unit()
        seats_h = min(inner.height() * 0.27, unit * 0.2)
        seats = QRectF(inner.left(), inner.top(), inner.width(), seats_h)
        below = inner.adjusted(0, seats_h + margin, 0, 0)
        side_w = below.width() * 0.2
        stock = QRectF(below.left(), below.top(), side_w, below.height())
        table = below.adjusted(side_w + margin, 0, 0, 0)
        return [
            *seat_glyphs(self.view, self.lang, seats, unit),
            *stock_glyphs(self.view, self.lang, stock, unit),
            *table_glyphs(self.view, self.lang, table, unit),
        ]
