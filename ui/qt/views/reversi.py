"""Reversi on the audience display: the board as it stands (the last disc placed ringed, the
discs it turned marked, the squares open to the player to move dotted), and beside it each
player's colour and count, whose turn it is, the last move and the last verdicts, a refusal
in its colour so the table sees why a move was not taken."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from scoring.reversi.board import square_index
from scoring.verdicts import Kind, Verdict
from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph
from ui.qt.views.style import MIN_TEXT
from ui.qt.views.verdict_lines import wrapped

#: The board's share of the view's width at most (the panel takes the rest).
BOARD_SHARE = 0.62
#: A disc's radius as a share of a square.
DISC = 0.41
#: The verdicts written under the panel (a refusal included: the banner goes, this stays).
SHOWN = (Kind.ILLEGAL, Kind.FOUL, Kind.TURN, Kind.POINTS, Kind.INFO)

SAY = {
    "to_move": ("to move", "ходит"),
    "discs": ("discs", "фишек"),
    "last": ("Last move: {at}, turned {flips}", "Последний ход: {at}, перевёрнуты {flips}"),
    "opening": ("Filling the centre", "Заполняется центр"),
    "passed": (
        "{player} has no move: {next} moves again",
        "У {player} нет хода: снова ходит {next}",
    ),
    "left": ("{left} in hand", "в запасе {left}"),
    "black": ("black", "чёрные"),
    "white": ("white", "белые"),
}


def say(key: str, lang: str, **values: Any) -> str:
    en, ru = SAY[key]
    return (ru if lang == "ru" else en).format(**values)


def board_glyphs(view: Mapping[str, Any], area: QRectF) -> list[Glyph]:
    """The board, square in ``area``, with its discs, the last move's marks and the hints."""
    size = int(view.get("size", 8))
    rows: Sequence[str] = view.get("board", [])
    side = min(area.width(), area.height())
    outer = QRectF(area.left(), area.top() + (area.height() - side) / 2, side, side)
    out = [Glyph("reversi_board", outer, size)]
    margin = side * 0.06  # the frame, with the letters and numbers
    square = (side - 2 * margin) / size
    last: Mapping[str, Any] = view.get("last") or {}
    at = square_index(size, last["at"]) if last.get("at") else None
    turned = {square_index(size, s) for s in last.get("flips", [])}
    hints = {square_index(size, s) for s in view.get("moves", [])}
    for index in range(size * size):
        row, col = divmod(index, size)
        cell = rows[row][col] if row < len(rows) and col < len(rows[row]) else "."
        left = outer.left() + margin + col * square
        top = outer.top() + margin + row * square
        centre_x, centre_y = left + square / 2, top + square / 2
        if cell in "BW":
            flags = ["black" if cell == "B" else "white"]
            if index == at:
                flags.append("last")
            elif index in turned:
                flags.append("turned")
            radius = square * DISC
            rect = QRectF(centre_x - radius, centre_y - radius, 2 * radius, 2 * radius)
            out.append(Glyph("disc", rect, cell, " ".join(flags)))
        elif index in hints:
            radius = square * 0.09
            rect = QRectF(centre_x - radius, centre_y - radius, 2 * radius, 2 * radius)
            out.append(Glyph("disc", rect, "", "hint"))
    return out


def panel_glyphs(
    view: Mapping[str, Any], verdicts: Sequence[Verdict], lang: str, area: QRectF, unit: float
) -> list[Glyph]:
    """A box per player (the one to move lit): colour, name, count; the last move; verdicts."""
    players: Sequence[str] = view.get("players", [])
    colours: Mapping[str, str] = view.get("colours", {})
    scores: Mapping[str, int] = view.get("scores", {})
    left: Mapping[str, int] | None = view.get("discs_left")
    box_h = min(area.height() / 4.2, unit * 0.19)
    text_h = max(box_h * 0.26, unit * MIN_TEXT * 1.4)
    pad = box_h * 0.08
    out: list[Glyph] = []
    top = area.top()
    for player in players:
        box = QRectF(area.left(), top, area.width(), box_h)
        turn = player == view.get("turn")
        ink = " ink" if turn else ""
        out.append(Glyph("band", box, None, "turn" if turn else "dark"))
        colour = colours.get(player, "black")
        disc = QRectF(
            box.left() + pad, box.top() + (box_h - text_h * 1.6) / 2, text_h * 1.6, text_h * 1.6
        )
        out.append(Glyph("disc", disc, "B" if colour == "black" else "W", f"{colour} swatch"))
        name = QRectF(disc.right() + pad, box.top() + pad, box.width() * 0.5, text_h)
        out.append(Glyph("text", name, player, "bold" + ink))
        words = say(colour, lang) + (f" · {say('to_move', lang)}" if turn else "")
        if left is not None:
            words += " · " + say("left", lang, left=left.get(player, 0))
        line = QRectF(disc.right() + pad, box.bottom() - pad - text_h, box.width() * 0.6, text_h)
        out.append(Glyph("text", line, words, ink.strip() or "muted"))
        count = QRectF(box.left(), box.top() + pad, box.width() - 2 * pad, box_h - 2 * pad)
        out.append(Glyph("text", count, str(scores.get(player, 0)), "bold right" + ink))
        top += box_h * 1.1
    last: Mapping[str, Any] | None = view.get("last")
    if view.get("phase") == "opening":
        note = say("opening", lang)
    elif last:
        note = say("last", lang, at=last["at"], flips=" ".join(last["flips"]) or "-")
    else:
        note = ""
    if note:
        out.append(Glyph("text", QRectF(area.left(), top, area.width(), text_h), note, "accent"))
        top += text_h * 1.3
    if view.get("passed"):
        words = say("passed", lang, player=view["passed"], next=view.get("turn"))
        out.append(Glyph("text", QRectF(area.left(), top, area.width(), text_h), words, "foul"))
        top += text_h * 1.3
    top += text_h * 0.2
    return out + _verdict_lines(
        verdicts, lang, QRectF(area.left(), top, area.width(), area.bottom() - top), text_h
    )


def _verdict_lines(
    verdicts: Sequence[Verdict], lang: str, area: QRectF, text_h: float
) -> list[Glyph]:
    """The last verdicts but whose turn it is (the lit box says so), a refusal in its colour."""
    shown = [v for v in verdicts if v.kind in SHOWN and v.code != "turn"]
    fits = max(20, int(area.width() / (text_h * 0.42)))
    out: list[Glyph] = []
    top = area.top()
    for verdict in shown[-4:]:
        flag = {Kind.ILLEGAL: "illegal", Kind.FOUL: "foul"}.get(verdict.kind, "")
        for words in wrapped(verdict.ru if lang == "ru" else verdict.en, fits):
            if top + text_h > area.bottom():
                return out
            out.append(Glyph("text", QRectF(area.left(), top, area.width(), text_h), words, flag))
            top += text_h * 1.1
        top += text_h * 0.15
    return out


class ReversiView(GameView):
    """The board on the left, the players' counts, the turn and the verdicts on the right."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        gap = area.width() * 0.03
        side = min(area.height() * 0.96, area.width() * BOARD_SHARE)
        board = QRectF(area.left() + gap, area.top(), side, area.height())
        panel = QRectF(
            board.right() + gap,
            area.top() + area.height() * 0.04,
            area.right() - board.right() - 2 * gap,
            area.height() * 0.92,
        )
        return [
            *board_glyphs(self.view, board),
            *panel_glyphs(self.view, self.verdicts, self.lang, panel, self.unit()),
        ]


__all__ = ["ReversiView", "board_glyphs", "panel_glyphs"]
