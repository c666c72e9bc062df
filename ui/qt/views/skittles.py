"""The carom skittle games from above: the table with its marks, every skittle standing,
fallen (a red cross on its mark, until the referee sets it up again), off the table or off its
mark, the balls the referee must put back, and the countdown or the score beside it.

Seven Skittles (a pocket table) and WCBS Five Pins (a carom table) share this view; the view
dict tells them apart.  Positions are schematic (the marks' pattern, not to scale), since the
skittles sit in a small cross that would vanish at true scale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF

from scoring.verdicts import Verdict
from ui.qt.i18n import text
from ui.qt.views.base import GameView
from ui.qt.views.glyph import Glyph

# Table coordinates: x along the table from the front (-1) to the rear (+1), y across (-1..1).
SEVEN_MARKS: dict[str, tuple[float, float]] = {
    "big": (0.0, 0.0),
    "small_front": (-0.15, 0.0),
    "small_rear": (0.15, 0.0),
    "small_left": (0.0, -0.3),
    "small_right": (0.0, 0.3),
    "side_front": (-0.5, 0.0),
    "side_rear": (0.5, 0.0),
}
SEVEN_SPOTS = {"spot_front": (-0.41, 0.0), "spot_rear": (0.41, 0.0), "house": (-0.8, 0.0)}
HOUSE_LINE = -0.6

FIVE_MARKS: dict[str, tuple[float, float]] = {
    "centre": (0.0, 0.0),
    "upper": (0.14, 0.0),
    "lower": (-0.14, 0.0),
    "left": (0.0, -0.28),
    "right": (0.0, 0.28),
}
FIVE_SPOTS = {
    "upper_spot": (0.93, 0.0),
    "red_spot": (0.5, 0.0),
    "lower_centre_spot": (-0.5, 0.0),
    "lower_spot": (-0.93, 0.0),
}

#: Respot codes that put a knocked or displaced skittle back (it is down until then).
KNOCKED = ("skittle_mark", "skittle_midpoint")
#: Ball colours by name; an unknown name is drawn white.
BALLS = {
    "red": "#c62828",
    "pink": "#f48fb1",
    "black": "#212121",
    "white": "#fafafa",
    "yellow": "#fdd835",
}


def is_seven(view: Mapping[str, Any]) -> bool:
    return "remaining" in view


def skittle_states(view: Mapping[str, Any], verdicts: Sequence[Verdict]) -> dict[str, str]:
    """Each skittle's state: ``up``, ``fallen``, ``absent`` or ``off_mark``."""
    if is_seven(view):
        states = dict.fromkeys(SEVEN_MARKS, "up")
        for name in view.get("off_mark") or []:
            states[name] = "off_mark"
        for name in view.get("absent") or []:
            states[name] = "absent"
        for item in view.get("pending_respot") or []:
            if item["code"] in KNOCKED and item["what"] in states:
                states[item["what"]] = "fallen"
        return states
    states = dict.fromkeys(FIVE_MARKS, "up")
    for name in view.get("removed_pins") or []:
        states[name] = "absent"
    for verdict in verdicts:
        pin = verdict.data.get("to")
        if verdict.code == "pin_reset" and pin in states:
            states[pin] = "fallen"
    return states


def ghost_balls(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Balls the referee must put back: (ball, spot) from Seven Skittles' respot list."""
    out = []
    for item in view.get("pending_respot") or []:
        if item["what"] not in SEVEN_MARKS and item.get("to") in SEVEN_SPOTS:
            out.append((item["what"], item["to"]))
    return out


def table_glyphs(
    view: Mapping[str, Any], verdicts: Sequence[Verdict], lang: str, area: QRectF
) -> list[Glyph]:
    seven = is_seven(view)
    room = area.height() * 0.12  # below the table: the legend, inside the view's own area
    width = min(area.width(), (area.height() - room) * 2)
    top = area.top() + (area.height() - room - width / 2) / 2
    outer = QRectF(area.left(), top, width, width / 2)
    rail = outer.height() * 0.07
    cloth = outer.adjusted(rail, rail, -rail, -rail)

    def at(x: float, y: float) -> QPointF:
        return QPointF(
            cloth.center().x() + x * cloth.width() / 2, cloth.center().y() + y * cloth.height() / 2
        )

    def disc(point: QPointF, radius: float) -> QRectF:
        return QRectF(point.x() - radius, point.y() - radius, 2 * radius, 2 * radius)

    out = [Glyph("table", outer, None, "pockets" if seven else "")]
    unit = cloth.width() / 2
    marks = SEVEN_MARKS if seven else FIVE_MARKS
    spots = SEVEN_SPOTS if seven else FIVE_SPOTS
    if seven:
        house = QRectF(at(HOUSE_LINE, -1).x() - 1.5, cloth.top(), 3, cloth.height())
        out.append(Glyph("band", house, None, "muted"))
        label = QRectF(
            cloth.left() + unit * 0.05, cloth.top() + unit * 0.04, unit * 0.3, unit * 0.1
        )
        out.append(Glyph("text", label, text("house", lang), "muted"))
    for name, (x, y) in {**marks, **spots}.items():
        if name != "house":
            out.append(Glyph("mark", disc(at(x, y), unit * 0.035), name))
    states = skittle_states(view, verdicts)
    for name, (x, y) in marks.items():
        big = name in ("big", "centre")
        radius = unit * (0.07 if big and seven else 0.05 if seven else 0.065)
        flags = [states[name], "big" if big else "small"]
        if name == "centre":
            flags.append("red")
        point = at(x, y)
        if states[name] == "off_mark":  # standing halfway to the centre
            point = at(x * 0.75, y * 0.75)
        out.append(Glyph("skittle", disc(point, radius), name, " ".join(flags)))
    shown = set(states.values())
    legend = [f"✕ {text('down', lang)}"] if "fallen" in shown else []
    if "absent" in shown:
        legend.append(f"◌ {text('off_table', lang)}")
    if legend:
        rect = QRectF(outer.left(), outer.bottom() + room * 0.15, outer.width(), room * 0.7)
        out.append(Glyph("text", rect, "   ".join(legend), "foul"))
    for ball, spot in ghost_balls(view):
        colour = BALLS.get(ball, BALLS["white"])
        out.append(Glyph("ball", disc(at(*spots[spot]), unit * 0.06), colour, f"ghost {ball}"))
    return out


def score_glyphs(
    view: Mapping[str, Any], lang: str, area: QRectF, unit: float | None = None
) -> list[Glyph]:
    """Each player's countdown (Seven Skittles) or score (Five Pins), the turn lit."""
    unit = unit or area.height()
    seven = is_seven(view)
    players: Sequence[str] = view.get("players", [])
    box_h = min(area.height() / max(len(players), 1) * 0.8, unit * 0.3)
    out: list[Glyph] = []
    top = area.top()
    for player in players:
        box = QRectF(area.left(), top, area.width(), box_h)
        turn = player == view.get("turn")
        out.append(Glyph("band", box, None, "turn" if turn else "dark"))
        ink = " ink" if turn else ""
        pad = box_h * 0.06
        name = QRectF(box.left() + pad, box.top() + pad, box.width() * 0.6, box_h * 0.28)
        out.append(Glyph("text", name, player, "bold" + ink))
        if seven:
            big = view["remaining"][player]
            detail = text("mountain", lang, points=view["mountain"][player])
            caroms = view.get("caroms_in_row", {}).get(player, 0)
            if caroms:
                detail += " · " + text("caroms", lang, count=caroms)
        else:
            big = view["scores"][player]
            detail = (
                text("target", lang, points=view.get("target"))
                + " · "
                + text("games_won", lang, count=view.get("games_won", {}).get(player, 0))
            )
            ball = view.get("balls", {}).get(player)
            if ball:
                size = box_h * 0.26
                swatch = QRectF(box.right() - pad - size, box.top() + pad, size, size)
                out.append(Glyph("ball", swatch, BALLS.get(ball, BALLS["white"]), ball))
        number = QRectF(
            box.left() + pad, box.top() + box_h * 0.35, box.width() - 2 * pad, box_h * 0.36
        )
        out.append(Glyph("text", number, str(big), "bold right" + ink))
        line = QRectF(
            box.left() + pad, box.top() + box_h * 0.72, box.width() - 2 * pad, box_h * 0.24
        )
        out.append(Glyph("text", line, detail, ink.strip() or "muted"))
        top += box_h * 1.12
    note_h = max(box_h * 0.25, unit * 0.036)
    if seven and view.get("inning_points"):
        rect = QRectF(area.left(), top, area.width(), note_h)
        out.append(Glyph("text", rect, text("inning", lang, points=view["inning_points"])))
    elif not seven and view.get("ball_in_hand"):
        rect = QRectF(area.left(), top, area.width(), note_h)
        out.append(Glyph("text", rect, text("ball_in_hand", lang, player=view["ball_in_hand"])))
    return out


class SkittlesView(GameView):
    """Seven Skittles and Five Pins: the table on the left, the players' counts on the right."""

    def layout_glyphs(self, area: QRectF) -> list[Glyph]:
        margin = min(area.width(), area.height()) * 0.03
        inner = area.adjusted(margin, margin, -margin, -margin)
        split = inner.width() * 0.66
        table = QRectF(inner.left(), inner.top(), split - margin, inner.height())
        scores = QRectF(inner.left() + split, inner.top(), inner.width() - split, inner.height())
        return [
            *table_glyphs(self.view, self.verdicts, self.lang, table),
            *score_glyphs(self.view, self.lang, scores, self.unit()),
        ]
