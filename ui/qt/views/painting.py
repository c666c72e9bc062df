"""How each kind of glyph is drawn: dice with pips, cards with rank and suit, domino tiles,
skittles and balls on the cloth, text fitted to its box.

Drawing is kept apart from layout so every view draws a die, a card or a tile the same way,
and a view's layout can be tested without painting.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen

from scoring.cards import RUSSIAN_RANKS, SUIT_SYMBOLS, parse_card
from ui.qt.views import style
from ui.qt.views.glyph import Glyph

#: Pip centres on a unit face for 0..6 (die faces and domino halves share them).
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)),
}

TEXT_COLOURS = {
    "accent": style.ACCENT,
    "muted": style.MUTED,
    "foul": style.FOUL,
    "illegal": style.ILLEGAL,
    "ink": style.INK,
}

BAND_COLOURS = {
    "panel": style.PANEL,
    "dark": style.PANEL_DARK,
    "accent": QColor(255, 213, 74, 60),
    "turn": QColor(255, 213, 74, 200),
    "muted": style.MUTED,
}

SKITTLE_FILL = QColor("#f3ead2")


def card_label(code: str, lang: str) -> tuple[str, str, bool]:
    """A card's rank as the players read it (В Д К Т in Russian), its suit symbol, and
    whether it is red."""
    card = parse_card(code)
    rank = RUSSIAN_RANKS.get(card.rank, card.rank) if lang == "ru" else card.rank
    return rank, SUIT_SYMBOLS[card.suit], card.suit in ("D", "H")


def paint_glyph(painter: QPainter, glyph: Glyph, lang: str) -> None:
    PAINTERS[glyph.kind](painter, glyph, lang)


def fitted_font(rect: QRectF, text: str, flags: str = "", scale: float = 0.72) -> QFont:
    """The font ``text`` is drawn in inside ``rect``: as large as the height allows
    (``scale`` of it), shrunk until it fits the width.  The tests read sizes through it."""
    bold = "bold" in flags.split()
    pixels = rect.height() * scale
    font = style.font(pixels, bold)
    width = QFontMetricsF(font).horizontalAdvance(text)
    if width > rect.width() > 0:
        font = style.font(pixels * rect.width() / width * 0.98, bold)
    return font


def text_pixels(glyph: Glyph) -> int:
    """The pixel size a text glyph is painted at."""
    return fitted_font(glyph.rect, str(glyph.value), glyph.style).pixelSize()


def fitted_text(
    painter: QPainter, rect: QRectF, text: str, colour: QColor, flags: str = "", scale=0.72
) -> None:
    """``text`` as large as ``rect``'s height allows, shrunk until it fits the width."""
    painter.setFont(fitted_font(rect, text, flags, scale))
    painter.setPen(colour)
    align = Qt.AlignmentFlag.AlignVCenter
    if "right" in flags.split():
        align |= Qt.AlignmentFlag.AlignRight
    elif "center" in flags.split():
        align |= Qt.AlignmentFlag.AlignHCenter
    else:
        align |= Qt.AlignmentFlag.AlignLeft
    painter.drawText(rect, align, text)


def _text(painter: QPainter, glyph: Glyph, lang: str) -> None:
    colour = next((c for flag, c in TEXT_COLOURS.items() if glyph.has(flag)), style.TEXT)
    fitted_text(painter, glyph.rect, str(glyph.value), colour, glyph.style)


def _band(painter: QPainter, glyph: Glyph, lang: str) -> None:
    colour = next((c for flag, c in BAND_COLOURS.items() if glyph.has(flag)), style.PANEL)
    painter.fillRect(glyph.rect, colour)


def _pips(painter: QPainter, face: QRectF, count: int, colour: QColor) -> None:
    side = min(face.width(), face.height())
    radius = side * (0.085 if count == 6 else 0.095)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    for x, y in PIPS[count]:
        centre = QPointF(face.left() + x * face.width(), face.top() + y * face.height())
        painter.drawEllipse(centre, radius, radius)


def _die(painter: QPainter, glyph: Glyph, lang: str) -> None:
    rect = glyph.rect
    side = min(rect.width(), rect.height())
    kept = glyph.has("kept")
    painter.setPen(QPen(style.ACCENT if kept else style.INK, side * (0.07 if kept else 0.025)))
    painter.setBrush(style.IVORY)
    painter.drawRoundedRect(rect, side * 0.16, side * 0.16)
    _pips(painter, rect, int(glyph.value), style.INK)


def _card(painter: QPainter, glyph: Glyph, lang: str) -> None:
    rect = glyph.rect
    rank, suit, red = card_label(str(glyph.value), lang)
    colour = style.RED_SUIT if red else style.INK
    w = rect.width()
    outline = QPen(style.ACCENT, w * 0.06) if glyph.has("trump") else QPen(style.INK, w * 0.015)
    painter.setPen(outline)
    painter.setBrush(style.IVORY)
    painter.drawRoundedRect(rect, w * 0.08, w * 0.08)
    corner = QRectF(rect.left() + w * 0.07, rect.top() + w * 0.04, w * 0.86, rect.height() * 0.3)
    fitted_text(painter, corner, rank, colour, "bold", scale=0.9)
    middle = QRectF(rect.left(), rect.top() + rect.height() * 0.32, w, rect.height() * 0.62)
    fitted_text(painter, middle, suit, colour, "center", scale=0.85)


def _suit(painter: QPainter, glyph: Glyph, lang: str) -> None:
    """A trump suit on its own ivory square, so red suits read on the dark felt."""
    rect = glyph.rect
    suit = str(glyph.value)
    painter.setPen(QPen(style.ACCENT, rect.width() * 0.05))
    painter.setBrush(style.IVORY)
    painter.drawRoundedRect(rect, rect.width() * 0.12, rect.width() * 0.12)
    colour = style.RED_SUIT if suit in ("D", "H") else style.INK
    fitted_text(painter, rect, SUIT_SYMBOLS[suit], colour, "center", scale=0.8)


def _card_back(painter: QPainter, glyph: Glyph, lang: str) -> None:
    rect = glyph.rect
    w = rect.width()
    painter.setPen(QPen(style.IVORY, w * 0.05))
    painter.setBrush(style.CARD_BACK)
    painter.drawRoundedRect(rect, w * 0.08, w * 0.08)
    if glyph.value is not None:
        fitted_text(painter, rect, str(glyph.value), style.IVORY, "center bold", scale=0.45)


def _tile(painter: QPainter, glyph: Glyph, lang: str) -> None:
    rect = glyph.rect
    first, second = glyph.value
    side = min(rect.width(), rect.height())
    painter.setPen(QPen(style.INK, side * 0.04))
    painter.setBrush(style.IVORY)
    painter.drawRoundedRect(rect, side * 0.12, side * 0.12)
    inset = side * 0.06
    if rect.width() >= rect.height():  # lying along the line: halves left and right
        half = rect.width() / 2
        a = QRectF(rect.left() + inset, rect.top() + inset, half - 2 * inset, side - 2 * inset)
        b = a.translated(half, 0)
        painter.drawLine(
            QPointF(rect.center().x(), rect.top() + inset),
            QPointF(rect.center().x(), rect.bottom() - inset),
        )
    else:  # standing across the line: halves top and bottom
        half = rect.height() / 2
        a = QRectF(rect.left() + inset, rect.top() + inset, side - 2 * inset, half - 2 * inset)
        b = a.translated(0, half)
        painter.drawLine(
            QPointF(rect.left() + inset, rect.center().y()),
            QPointF(rect.right() - inset, rect.center().y()),
        )
    _pips(painter, a, int(first), style.INK)
    _pips(painter, b, int(second), style.INK)


def _end(painter: QPainter, glyph: Glyph, lang: str) -> None:
    rect = glyph.rect
    painter.setPen(QPen(style.INK, rect.width() * 0.06))
    painter.setBrush(style.ACCENT)
    painter.drawEllipse(rect)
    fitted_text(painter, rect, str(glyph.value), style.INK, "center bold", scale=0.7)


def _table(painter: QPainter, glyph: Glyph, lang: str) -> None:
    """A billiard table from above: wooden rails, cloth, pockets where the game has them."""
    outer = glyph.rect
    rail = outer.height() * 0.07
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(style.RAIL)
    painter.drawRoundedRect(outer, rail * 0.6, rail * 0.6)
    cloth = outer.adjusted(rail, rail, -rail, -rail)
    painter.setBrush(style.CLOTH)
    painter.drawRect(cloth)
    if glyph.has("pockets"):
        painter.setBrush(QColor("#050505"))
        radius = rail * 0.62
        for x in (cloth.left(), cloth.center().x(), cloth.right()):
            for y in (cloth.top(), cloth.bottom()):
                painter.drawEllipse(QPointF(x, y), radius, radius)


def _mark(painter: QPainter, glyph: Glyph, lang: str) -> None:
    rect = glyph.rect
    painter.setPen(QPen(QColor(255, 255, 255, 150), max(1.5, rect.width() * 0.12)))
    c = rect.center()
    r = rect.width() / 2
    painter.drawLine(QPointF(c.x() - r, c.y()), QPointF(c.x() + r, c.y()))
    painter.drawLine(QPointF(c.x(), c.y() - r), QPointF(c.x(), c.y() + r))


def _skittle(painter: QPainter, glyph: Glyph, lang: str) -> None:
    """A standing skittle seen from above is a ring with a head; a fallen one is a red X on
    its mark so nobody misses that it must be set up again; an absent one is a dashed ring."""
    rect = glyph.rect
    w = rect.width()
    if glyph.has("fallen"):
        pen = QPen(style.ILLEGAL, w * 0.22)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(rect.topLeft(), rect.bottomRight())
        painter.drawLine(rect.topRight(), rect.bottomLeft())
        return
    if glyph.has("absent"):
        pen = QPen(style.MUTED, w * 0.1, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rect)
        return
    ring = QColor(style.FOUL) if glyph.has("off_mark") else style.INK
    painter.setPen(QPen(ring, w * 0.1))
    painter.setBrush(QColor("#d6312b") if glyph.has("red") else SKITTLE_FILL)
    painter.drawEllipse(rect)
    head = w * 0.18
    painter.setBrush(style.INK if not glyph.has("red") else SKITTLE_FILL)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(rect.center(), head, head)


def _ball(painter: QPainter, glyph: Glyph, lang: str) -> None:
    rect = glyph.rect
    colour = QColor(str(glyph.value))
    painter.setPen(QPen(style.INK, rect.width() * 0.06))
    brush = QBrush(colour)
    if glyph.has("ghost"):
        colour.setAlpha(110)
        brush = QBrush(colour)
        painter.setPen(QPen(style.TEXT, rect.width() * 0.06, Qt.PenStyle.DashLine))
    painter.setBrush(brush)
    painter.drawEllipse(rect)


def _novus_board(painter: QPainter, glyph: Glyph, lang: str) -> None:
    """A Novus board from above: a square of cloth inside wooden rails, a pocket in each
    corner, the centre circle and the four side zones along the rails, each with its middle
    line (where a penalty disc is set)."""
    outer = glyph.rect
    rail = outer.width() * 0.06
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(style.RAIL)
    painter.drawRoundedRect(outer, rail * 0.5, rail * 0.5)
    board = outer.adjusted(rail, rail, -rail, -rail)
    painter.setBrush(QColor("#c9a66b"))
    painter.drawRect(board)
    line = QPen(QColor("#5a3a1a"), max(1.5, board.width() * 0.004))
    painter.setPen(line)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    zone = board.width() * 0.14
    inner = board.adjusted(zone, zone, -zone, -zone)
    painter.drawRect(inner)
    centre = board.center()
    painter.drawLine(QPointF(centre.x(), board.top()), QPointF(centre.x(), inner.top()))
    painter.drawLine(QPointF(centre.x(), inner.bottom()), QPointF(centre.x(), board.bottom()))
    painter.drawLine(QPointF(board.left(), centre.y()), QPointF(inner.left(), centre.y()))
    painter.drawLine(QPointF(inner.right(), centre.y()), QPointF(board.right(), centre.y()))
    radius = board.width() * 0.12
    painter.drawEllipse(centre, radius, radius)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#050505"))
    pocket = rail * 0.75
    for x in (board.left(), board.right()):
        for y in (board.top(), board.bottom()):
            painter.drawEllipse(QPointF(x, y), pocket, pocket)


def _reversi_board(painter: QPainter, glyph: Glyph, lang: str) -> None:
    """A Reversi board from above: a dark frame with the columns' letters and the rows'
    numbers (a1 top left, docs/rules/reversi.md O2), the green squares and an Othello board's
    four star points."""
    outer, size = glyph.rect, int(glyph.value)
    margin = outer.width() * 0.06
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#1b1b1b"))
    painter.drawRoundedRect(outer, margin * 0.4, margin * 0.4)
    board = outer.adjusted(margin, margin, -margin, -margin)
    painter.setBrush(QColor("#1e8a4c"))
    painter.drawRect(board)
    square = board.width() / size
    painter.setPen(QPen(QColor("#0b3d20"), max(1.0, square * 0.03)))
    for k in range(size + 1):
        x, y = board.left() + k * square, board.top() + k * square
        painter.drawLine(QPointF(x, board.top()), QPointF(x, board.bottom()))
        painter.drawLine(QPointF(board.left(), y), QPointF(board.right(), y))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#0b3d20"))
    if size >= 6:
        for row in (2, size - 2):
            for col in (2, size - 2):
                point = QPointF(board.left() + col * square, board.top() + row * square)
                painter.drawEllipse(point, square * 0.07, square * 0.07)
    letters = "abcdefghijklmnop"
    for k in range(size):
        along = board.left() + k * square
        for top in (outer.top(), board.bottom()):
            cell = QRectF(along, top, square, margin)
            fitted_text(painter, cell, letters[k], style.MUTED, "center", scale=0.6)
        down = board.top() + k * square + (square - margin) / 2  # as tall as the letters
        for left in (outer.left(), board.right()):
            cell = QRectF(left, down, margin, margin)
            fitted_text(painter, cell, str(k + 1), style.MUTED, "center", scale=0.6)


def _disc(painter: QPainter, glyph: Glyph, lang: str) -> None:
    """A Reversi disc: black or white with a rim; the one just placed ringed in the accent
    colour, the ones it turned dotted; a hint is a faint dot on an open square."""
    rect = glyph.rect
    if glyph.has("hint"):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 90))
        painter.drawEllipse(rect)
        return
    black = glyph.has("black")
    painter.setPen(QPen(QColor("#000000") if not black else QColor("#555555"), rect.width() * 0.04))
    painter.setBrush(style.INK if black else style.IVORY)
    painter.drawEllipse(rect)
    if glyph.has("last"):
        painter.setPen(QPen(style.ACCENT, rect.width() * 0.1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        ring = rect.width() * 0.08
        painter.drawEllipse(rect.adjusted(-ring, -ring, ring, ring))
    elif glyph.has("turned"):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.ACCENT)
        dot = rect.width() * 0.12
        painter.drawEllipse(rect.center(), dot, dot)


PAINTERS: dict[str, Callable[[QPainter, Glyph, str], None]] = {
    "text": _text,
    "band": _band,
    "die": _die,
    "card": _card,
    "card_back": _card_back,
    "suit": _suit,
    "tile": _tile,
    "end": _end,
    "table": _table,
    "mark": _mark,
    "skittle": _skittle,
    "ball": _ball,
    "reversi_board": _reversi_board,
    "disc": _disc,
    "novus_board": _novus_board,
}
