"""Colours and type for the table displays: high contrast on dark felt, read from 3 m away."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

FAMILY = "DejaVu Sans"

#: The smallest text on the audience display, as a share of the window's height: 18 px on a
#: 720p screen, 27 px at 1080p, 54 px at 4K (read from across a room).  Views size from the
#: window's height (``GameView.unit``), so the share holds at every resolution.
MIN_TEXT = 0.025

FELT = QColor("#0f3b2c")  # the background of every view
PANEL = QColor("#17503d")  # bands behind headers and sums
PANEL_DARK = QColor("#0b2d21")
LINE = QColor("#3f7a63")
TEXT = QColor("#f5f1e6")
MUTED = QColor("#b5cfc3")
ACCENT = QColor("#ffd54a")  # whose turn, kept dice, open ends
FOUL = QColor("#ff9800")
ILLEGAL = QColor("#e53935")
IVORY = QColor("#fbf8ef")  # dice, tiles, card faces
INK = QColor("#161616")  # pips, black suits
RED_SUIT = QColor("#d0231f")
CARD_BACK = QColor("#2c4f9e")
CLOTH = QColor("#1f7a4a")  # the billiard cloth
RAIL = QColor("#6b3f1f")


def font(pixels: float, bold: bool = False) -> QFont:
    """The display face at a pixel size (never below 8 px, so nothing vanishes)."""
    out = QFont(FAMILY)
    out.setPixelSize(max(8, round(pixels)))
    out.setBold(bold)
    return out
