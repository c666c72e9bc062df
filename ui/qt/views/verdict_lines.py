"""The last action's announcements written under a view's panel, a long one over several lines
so it stays as large as the others instead of shrinking to fit one line."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF

from scoring.verdicts import Kind, Verdict
from ui.qt.views.glyph import Glyph

#: The kinds written (the end of the game has its own screen).
SHOWN = (Kind.FOUL, Kind.TURN, Kind.POINTS, Kind.INFO, Kind.HAND_OVER)


def wrapped(words: str, fits: int) -> list[str]:
    """``words`` over lines of at most ``fits`` characters, broken between words."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= fits:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def verdict_glyphs(
    verdicts: Sequence[Verdict],
    lang: str,
    area: QRectF,
    text_h: float,
    skip: tuple[str, ...] = ("turn",),
    last: int = 4,
) -> list[Glyph]:
    """The last ``last`` verdicts (but the codes in ``skip``: a lit box already says whose turn
    it is) top-down in ``area``, a foul in its colour; what does not fit is left out."""
    shown = [v for v in verdicts if v.kind in SHOWN and v.code not in skip]
    fits = max(20, int(area.width() / (text_h * 0.42)))  # characters a line holds
    out: list[Glyph] = []
    top = area.top()
    for verdict in shown[-last:]:
        flag = "foul" if verdict.kind is Kind.FOUL else ""
        for words in wrapped(verdict.ru if lang == "ru" else verdict.en, fits):
            if top + text_h > area.bottom():
                return out
            out.append(Glyph("text", QRectF(area.left(), top, area.width(), text_h), words, flag))
            top += text_h * 1.1
        top += text_h * 0.15
    return out
