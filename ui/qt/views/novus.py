"""Novus on the audience display: the board from above with each player's discs still on it
along his side zone and the striker in the zone of the player to shoot; beside it each side's
discs to go, pocketed, penalty discs and debt, and what the last shot cost.

The engine counts discs, not positions (docs/rules/novus.md D2), so the discs are drawn in a
row along their owner's side zone: how many are left, not where they lie.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF

from scoring.verdicts import Verdict
from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph
from ui.qt.views.style import MIN_TEXT
from ui.qt.views.verdict_lines import verdict_glyphs

#: The two colours of discs, by side, and the striker's.
DISC_COLOURS = ("#f3ead2", "#2b2b2b")
STRIKER = "#c62828"
#: Where each seat's side zone is, clockwise from the near rail: two players face each other,
#: four sit one to a rail.
ZONES = {2: ("bottom", "top"), 4: ("bottom", "left", "top", "right")}
#: The side zone's depth and a disc's radius, as shares of the board's inner side.
ZONE_DEPTH = 0.14
DISC_RADIUS = 0.035

SAY = {
    "to_go": ("to go", "осталось"),
    "detail": (
        "pocketed {pocketed} · penalties {penalties} · owed {debt}",
        "забито {pocketed} · штрафных {penalties} · долг {debt}",
    ),
    "team": ("team {names}", "команда {names}"),
    "shots": ("shot {count}", "удар {count}"),
}


def say(key: str, lang: str, **values: Any) -> str:
    en, ru = SAY[key]
    return (ru if lang == "ru" else en).format(**values)


def zone_discs(view: Mapping[str, Any]) -> dict[str, int]:
    """How many discs to draw in each player's zone: a side's discs on the board, split
    between partners (the first in seat order takes the odd one)."""
    players: Sequence[str] = view.get("players", [])
    sides: Mapping[str, int] = view.get("sides", {})
    on_board: Mapping[str, int] = view.get("on_board", {})
    out: dict[str, int] = {}
    for player in players:
        partners = [p for p in players if sides.get(p) == sides.get(player)]
        share, odd = divmod(on_board.get(player, 0), len(partners))
        out[player] = share + (1 if partners.index(player) < odd else 0)
    return out


def board_glyphs(view: Mapping[str, Any], area: QRectF) -> list[Glyph]:
    """The board, each zone's discs in a row along its rail, the striker of the shooter."""
    side = min(area.width(), area.height())
    outer = QRectF(area.left() + (area.width() - side) / 2, area.top(), side, side)
    out = [Glyph("novus_board", outer)]
    board = outer.adjusted(side * 0.06, side * 0.06, -side * 0.06, -side * 0.06)
    inner = board.width()
    radius = inner * DISC_RADIUS
    players: Sequence[str] = view.get("players", [])
    zones = ZONES.get(len(players), ())
    counts = zone_discs(view)
    sides: Mapping[str, int] = view.get("sides", {})
    for player, where in zip(players, zones, strict=False):
        depth = inner * ZONE_DEPTH
        colour = DISC_COLOURS[sides.get(player, 0) % 2]
        for point in zone_row(board, where, counts.get(player, 0), radius, depth):
            rect = QRectF(point.x() - radius, point.y() - radius, 2 * radius, 2 * radius)
            out.append(Glyph("ball", rect, colour, f"disc side{sides.get(player, 0)}"))
        if player == view.get("turn"):
            point = zone_point(board, where, 0.5, depth * 0.5)
            small = radius * 0.8
            rect = QRectF(point.x() - small, point.y() - small, 2 * small, 2 * small)
            out.append(Glyph("ball", rect, STRIKER, "striker"))
    return out


def zone_point(board: QRectF, where: str, along: float, depth: float) -> QPointF:
    """A point ``along`` (0..1) a zone's rail, ``depth`` in from it."""
    if where == "bottom":
        return QPointF(board.left() + along * board.width(), board.bottom() - depth)
    if where == "top":
        return QPointF(board.right() - along * board.width(), board.top() + depth)
    if where == "left":
        return QPointF(board.left() + depth, board.top() + along * board.height())
    return QPointF(board.right() - depth, board.bottom() - along * board.height())


def zone_row(board: QRectF, where: str, count: int, radius: float, depth: float) -> list[QPointF]:
    """``count`` discs side by side along the zone, half on each side of its middle line as
    they are set up (L344), leaving the striker's middle free; two rows when they crowd."""
    span = board.width() * (1 - 2 * ZONE_DEPTH) / 2  # a zone's half between the corners' zones
    per_half = max(1, int(span / (2.1 * radius)))
    points = []
    for index in range(count):
        half, place = index % 2, index // 2
        row, column = divmod(place, per_half)
        step = (column + 0.5) * 2.1 * radius + radius
        along = 0.5 + (-1 if half == 0 else 1) * step / board.width()
        points.append(zone_point(board, where, along, depth * 0.3 + row * 2.1 * radius))
    return points


def side_glyphs(
    view: Mapping[str, Any], verdicts: Sequence[Verdict], lang: str, area: QRectF, unit: float
) -> list[Glyph]:
    """A box per player (the shooter's lit): discs to go, the counts behind it; then the last
    shot's faults and losses of the turn."""
    players: Sequence[str] = view.get("players", [])
    box_h = min(area.height() / (len(players) + 2) * 0.95, unit * 0.2)
    text_h = max(box_h * 0.24, unit * MIN_TEXT * 1.4)
    out: list[Glyph] = []
    top = area.top()
    sides: Mapping[str, int] = view.get("sides", {})
    for player in players:
        box = QRectF(area.left(), top, area.width(), box_h)
        turn = player == view.get("turn")
        out.append(Glyph("band", box, None, "turn" if turn else "dark"))
        ink = " ink" if turn else ""
        pad = box_h * 0.07
        swatch = QRectF(box.left() + pad, box.top() + pad, text_h, text_h)
        colour = DISC_COLOURS[sides.get(player, 0) % 2]
        out.append(Glyph("ball", swatch, colour, f"swatch side{sides.get(player, 0)}"))
        name = QRectF(swatch.right() + pad, box.top() + pad, box.width() * 0.55, text_h)
        out.append(Glyph("text", name, player, "bold" + ink))
        left = view["on_board"][player] + view["debt"][player]
        number = QRectF(box.left() + pad, box.top() + pad, box.width() - 2 * pad, box_h * 0.45)
        out.append(Glyph("text", number, f"{left} {say('to_go', lang)}", "bold right" + ink))
        detail = say(
            "detail",
            lang,
            pocketed=view["scores"][player],
            penalties=view["penalties"][player],
            debt=view["debt"][player],
        )
        line = QRectF(box.left() + pad, box.bottom() - pad - text_h, box.width() - 2 * pad, text_h)
        out.append(Glyph("text", line, detail, ink.strip() or "muted"))
        top += box_h * 1.08
    words = QRectF(area.left(), top, area.width(), area.bottom() - top)
    return out + verdict_glyphs(verdicts, lang, words, text_h)


class NovusView(GameView):
    """The board on the left, the sides' counts and the last shot on the right."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        margin = min(area.width(), area.height()) * 0.03
        inner = area.adjusted(margin, margin, -margin, -margin)
        split = min(inner.height(), inner.width() * 0.5)
        board = QRectF(inner.left(), inner.top(), split, inner.height())
        right = QRectF(
            inner.left() + split + margin,
            inner.top(),
            inner.width() - split - margin,
            inner.height(),
        )
        return [
            *board_glyphs(self.view, board),
            *side_glyphs(self.view, self.verdicts, self.lang, right, self.unit()),
        ]
