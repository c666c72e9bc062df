"""Pogs on the audience display: the stack still to flip and the base, chip by chip in the
colours of their classes, the stack's number, variant and phase; beside them each player's
chips by class and what he has won, the thrower lit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF

from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph
from ui.qt.views.style import MIN_TEXT
from ui.qt.views.verdict_lines import verdict_glyphs

CLASSES = ("plain", "new", "plastic")
#: A class's colour: worn grey-brown ordinary chips, shiny gold нулячки, blue plastic.
COLOURS = {"plain": "#b8a888", "new": "#ffd54a", "plastic": "#4fc3f7"}
#: The most chips drawn in one pile; more are counted in words.
MOST_DRAWN = 40

SAY = {
    "stack": ("Stack {round} of {rounds}", "Игра {round} из {rounds}"),
    "in_stack": ("In the stack: {count}", "В стопке: {count}"),
    "base": ("Base: {count}", "База: {count}"),
    "bases": ("with bases", "з базами"),
    "no_bases": ("without bases", "без баз"),
    "stake": ("stakes", "ставки"),
    "draw": ("the draw: {players}", "разыгровка: {players}"),
    "call": ("the call", "выбор варианта"),
    "play": ("throwing", "кидают"),
    "finish": ("finishing off the second chip", "добивает вторую"),
    "held": (
        "{plain} ordinary · {new} new · {plastic} plastic",
        "{plain} простых · {new} нулячек · {plastic} пласт.",
    ),
    "won": ("won {points}", "выигрыш {points}"),
    "staked": ("staked", "поставил"),
}


def say(key: str, lang: str, **values: Any) -> str:
    en, ru = SAY[key]
    return (ru if lang == "ru" else en).format(**values)


def pile(chips: Mapping[str, int]) -> list[str]:
    """The classes of the chips in a pile, one entry a chip, at most :data:`MOST_DRAWN`."""
    out = [name for name in CLASSES for _ in range(chips.get(name, 0))]
    return out[:MOST_DRAWN]


def pile_glyphs(chips: Mapping[str, int], area: QRectF, flag: str) -> list[Glyph]:
    """Chips side by side in rows, as large as the area allows."""
    drawn = pile(chips)
    if not drawn:
        return []
    per_row = 10  # every pile at one size, so the stack and the base compare at a glance
    size = min(area.width() / per_row, area.height() / (MOST_DRAWN // per_row))
    out = []
    for index, name in enumerate(drawn):
        row, column = divmod(index, per_row)
        rect = QRectF(area.left() + column * size, area.top() + row * size, size * 0.9, size * 0.9)
        out.append(Glyph("ball", rect, COLOURS[name], f"chip {name} {flag}"))
    return out


def phase_line(view: Mapping[str, Any], lang: str) -> str:
    phase = view.get("phase", "stake")
    parts = [say("stack", lang, round=view.get("round", 1), rounds=view.get("rounds", 1))]
    if view.get("variant"):
        parts.append(say(view["variant"], lang))
    if phase == "draw":
        parts.append(say("draw", lang, players=", ".join(view.get("drawing", []))))
        if view.get("finishing"):
            parts.append(say("finish", lang))
    elif phase in ("stake", "call", "play"):
        parts.append(say(phase, lang))
    return " · ".join(parts)


def table_glyphs(view: Mapping[str, Any], lang: str, area: QRectF, text_h: float) -> list[Glyph]:
    """The phase line, then the stack and (with bases) the base, each with its count."""
    out = [
        Glyph(
            "text",
            QRectF(area.left(), area.top(), area.width(), text_h * 1.3),
            phase_line(view, lang),
            "bold",
        )
    ]
    stack, base = view.get("stack", {}), view.get("base", {})
    top = area.top() + text_h * 1.8
    with_base = view.get("variant") == "bases"
    room = (area.bottom() - top) / (2 if with_base else 1)
    shown = [("in_stack", stack, "stack")] + ([("base", base, "base")] if with_base else [])
    for key, chips, flag in shown:
        label = QRectF(area.left(), top, area.width(), text_h)
        out.append(Glyph("text", label, say(key, lang, count=sum(chips.values())), "muted"))
        heap = QRectF(area.left(), top + text_h * 1.2, area.width(), room - text_h * 1.6)
        out += pile_glyphs(chips, heap, flag)
        top += room
    return out


def player_glyphs(view: Mapping[str, Any], lang: str, area: QRectF, unit: float) -> list[Glyph]:
    players: Sequence[str] = view.get("players", [])
    box_h = min(area.height() / (len(players) + 1.5), unit * 0.2)
    text_h = max(box_h * 0.24, unit * MIN_TEXT * 1.4)
    out: list[Glyph] = []
    top = area.top()
    for player in players:
        box = QRectF(area.left(), top, area.width(), box_h)
        turn = player == view.get("turn")
        out.append(Glyph("band", box, None, "turn" if turn else "dark"))
        ink = " ink" if turn else ""
        pad = box_h * 0.07
        name = QRectF(box.left() + pad, box.top() + pad, box.width() * 0.5, text_h)
        out.append(Glyph("text", name, player, "bold" + ink))
        won = QRectF(box.left() + pad, box.top() + pad, box.width() - 2 * pad, box_h * 0.45)
        points = view["scores"][player]
        out.append(
            Glyph(
                "text",
                won,
                say("won", lang, points=f"{points:+d}" if points else "0"),
                "bold right" + ink,
            )
        )
        held = view.get("held", {}).get(player, {})
        line = QRectF(box.left() + pad, box.bottom() - pad - text_h, box.width() - 2 * pad, text_h)
        words = say("held", lang, **{name: held.get(name, 0) for name in CLASSES})
        if view.get("phase") == "stake" and view.get("staked", {}).get(player):
            words += " · " + say("staked", lang)
        out.append(Glyph("text", line, words, ink.strip() or "muted"))
        top += box_h * 1.08
    return out


class PogsView(GameView):
    """The stack and the base on the left, the players and the last words on the right."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        margin = min(area.width(), area.height()) * 0.03
        inner = area.adjusted(margin, margin, -margin, -margin)
        text_h = self.unit() * MIN_TEXT * 1.5
        split = inner.width() * 0.5
        table = QRectF(inner.left(), inner.top(), split - margin, inner.height())
        right = QRectF(inner.left() + split, inner.top(), inner.width() - split, inner.height())
        players = player_glyphs(self.view, self.lang, right, self.unit())
        below = max((g.rect.bottom() for g in players), default=right.top()) + text_h * 0.5
        words = QRectF(right.left(), below, right.width(), right.bottom() - below)
        return [
            *table_glyphs(self.view, self.lang, table, text_h),
            *players,
            *verdict_glyphs(self.verdicts, self.lang, words, text_h),
        ]
