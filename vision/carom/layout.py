"""The table of each skittles game, in table millimetres, from the rules spec and the preset.

Coordinates (rules/skittles.md §A.3, §B.3): the origin is the centre of the playing surface,
+x runs along the long axis towards the rear (Game A) or upper (Game B) short cushion, +y runs
across, to the left when looking along +x.  The playing surface is bounded by the cushion
noses; a ball's centre stays ``ball_radius`` inside them.

Seven Skittles (Game A) is played on a Russian pocket table: the spec gives no size
(AMB-A1), so a 12-ft table's 3550 x 1775 mm surface is assumed (the preset's ``d_side`` is a
quarter of that length), balls of the preset's ``ball_diameter_mm``, six pockets.  The marks
are §A.3's: the big skittle on the centre, four small ones at 73 mm, the side skittles at
``d_side`` on the long axis and the object-ball spots a couple of millimetres inside them.
Five Pins (Game B) is a carom table without pockets, 2840 x 1420 mm (§B.2), pins in a cross at
``d_pin_mm`` (AMB-B1: not given; a default is assumed here), and §B.3's four spots.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from scoring.registry import game as catalogue_game

Point = tuple[float, float]
Colour = tuple[int, int, int]

GAMES = ("seven_skittles", "five_pins")

#: Colours of the balls as the camera sees them (BGR): the presets name the colours.
BALL_COLOURS: dict[str, Colour] = {
    "red": (38, 38, 190),
    "pink": (175, 140, 245),
    "black": (28, 28, 30),
    "white": (232, 236, 236),
    "yellow": (40, 200, 230),
}

#: The spec's skittle sizes (§A.2): heights; the body seen from above is wider than the 12 mm
#: the spec gives (which may be the base), so the visible body is a parameter of its own.
SEVEN_HEIGHTS = {"big": 90.0}
SMALL_HEIGHT = 70.0
D_PIN_DEFAULT = 90.0  # AMB-B1: pin spacing not in the source [ASM]


@dataclass(frozen=True)
class Skittle:
    """One skittle or pin: its name, its mark (where it stands), height, base radius (the
    collision radius), body radius seen from above, and colours of the body and the head."""

    name: str
    mark: str
    at: Point
    height: float
    base_radius: float
    body_radius: float
    body: Colour
    head: Colour


@dataclass(frozen=True)
class Pocket:
    """A pocket: its centre (just outside the playing surface) and the mouth's half-width
    measured along each cushion it cuts."""

    name: str
    at: Point
    mouth: float


@dataclass(frozen=True)
class TableLayout:
    """Everything geometric the simulator, the renderer and the observer share for one game."""

    game: str
    length: float
    width: float
    ball_radius: float
    cue: str
    balls: Mapping[str, Colour]
    ball_spots: Mapping[str, Point]
    skittles: tuple[Skittle, ...]
    marks: Mapping[str, Point]
    pockets: tuple[Pocket, ...]
    cushion_names: Mapping[str, str]
    cushion_width: float = 45.0
    rail_width: float = 110.0

    @property
    def half(self) -> Point:
        """Half the playing surface: the cushion noses are at x = +-half[0], y = +-half[1]."""
        return (self.length / 2, self.width / 2)

    def skittle(self, name: str) -> Skittle:
        for skittle in self.skittles:
            if skittle.name == name:
                return skittle
        raise KeyError(f"{self.game} has no skittle {name!r}")

    @property
    def skittle_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.skittles)

    @property
    def ball_names(self) -> tuple[str, ...]:
        return tuple(self.balls)

    def cushion(self, side: str) -> str:
        """The record's name of a cushion side (``+x``, ``-x``, ``+y``, ``-y``)."""
        return f"cushion:{self.cushion_names[side]}"

    def pocket_mouth(self, at: Sequence[float]) -> Pocket | None:
        """The pocket whose mouth a ball reaching a cushion at ``at`` drops into, or None:
        the simulator's rule, and the observer's for telling pocketed from off the table."""
        hx, hy = self.half
        for pocket in self.pockets:
            px, py = pocket.at
            if abs(px) > hx:  # corner pocket: near the corner along either cushion
                reach = pocket.mouth + self.ball_radius
                if (
                    abs(at[0] - math.copysign(hx, px)) < reach
                    and abs(at[1] - math.copysign(hy, py)) < reach
                    and at[0] * px > 0
                    and at[1] * py > 0
                ):
                    return pocket
            elif (
                abs(at[0] - px) < pocket.mouth
                and at[1] * py > 0
                and abs(at[1]) > hy - self.ball_radius - 1
            ):
                return pocket
        return None

    def outer_corners(self) -> tuple[Point, Point, Point, Point]:
        """The cushions' outer edge (the green the camera sees) as four table points, in the
        image order top-left, top-right, bottom-right, bottom-left (+y is up in the image)."""
        hx, hy = self.half
        cx, cy = hx + self.cushion_width, hy + self.cushion_width
        return ((-cx, cy), (cx, cy), (cx, -cy), (-cx, -cy))


def _colour(name: str) -> Colour:
    if name not in BALL_COLOURS:
        raise ValueError(f"no camera colour for a ball named {name!r}")
    return BALL_COLOURS[name]


def seven_skittles(options: Mapping[str, Any]) -> TableLayout:
    """Game A's table (§A.2-§A.4) with the preset's colours, ``d_side`` and ball size."""
    radius = float(options.get("ball_diameter_mm", 68)) / 2
    d_side = float(options.get("d_side", 888))
    cue, front, rear = options["cue_colour"], options["ob_colour_front"], options["ob_colour_rear"]
    white, red_head = (225, 230, 232), (40, 40, 170)
    places = {
        "big": (0.0, 0.0),
        "small_front": (-73.0, 0.0),
        "small_rear": (73.0, 0.0),
        "small_left": (0.0, 73.0),
        "small_right": (0.0, -73.0),
        "side_front": (-d_side, 0.0),
        "side_rear": (d_side, 0.0),
    }
    skittles = tuple(
        Skittle(
            name,
            "centre" if name == "big" else name,
            at,
            SEVEN_HEIGHTS.get(name, SMALL_HEIGHT),
            8.0,
            10.0 if name == "big" else 8.0,
            white,
            red_head,
        )
        for name, at in places.items()
    )
    spot = d_side - 6 - 2 - radius  # §A.3: a couple of mm inside the side skittles
    marks = {s.mark: s.at for s in skittles}
    marks.update({"spot_front": (-spot, 0.0), "spot_rear": (spot, 0.0)})
    hx, hy = 3550 / 2, 1775 / 2
    pockets = tuple(
        Pocket(name, at, mouth)
        for name, at, mouth in (
            ("front_left", (-hx - 20, hy + 20), 62.0),
            ("front_right", (-hx - 20, -hy - 20), 62.0),
            ("rear_left", (hx + 20, hy + 20), 62.0),
            ("rear_right", (hx + 20, -hy - 20), 62.0),
            ("middle_left", (0.0, hy + 30), 48.0),
            ("middle_right", (0.0, -hy - 30), 48.0),
        )
    )
    return TableLayout(
        game="seven_skittles",
        length=3550.0,
        width=1775.0,
        ball_radius=radius,
        cue=cue,
        balls={cue: _colour(cue), front: _colour(front), rear: _colour(rear)},
        ball_spots={front: marks["spot_front"], rear: marks["spot_rear"]},
        skittles=skittles,
        marks=marks,
        pockets=pockets,
        cushion_names={
            "-x": "short_front",
            "+x": "short_rear",
            "+y": "long_left",
            "-y": "long_right",
        },
    )


def five_pins(options: Mapping[str, Any]) -> TableLayout:
    """Game B's carom table (§B.2, §B.3): no pockets, the preset's balls, pins in a cross."""
    first, second = options["cue_balls"]
    red = options["red"]
    d_pin = float(options.get("d_pin_mm") or D_PIN_DEFAULT)
    height = float(options.get("pin_height_mm", 25))
    base = float(options.get("pin_base_mm", 7)) / 2
    places = {
        "centre": (0.0, 0.0),
        "upper": (d_pin, 0.0),
        "lower": (-d_pin, 0.0),
        "left": (0.0, d_pin),
        "right": (0.0, -d_pin),
    }
    skittles = tuple(
        Skittle(
            name,
            name,
            at,
            height,
            base + 1.5,
            6.0,
            (40, 40, 185) if name == "centre" else (228, 232, 232),
            (30, 30, 150) if name == "centre" else (200, 205, 205),
        )
        for name, at in places.items()
    )
    marks = {s.mark: s.at for s in skittles}
    marks.update(
        {
            "upper_spot": (1320.0, 0.0),
            "red_spot": (710.0, 0.0),
            "lower_centre_spot": (-710.0, 0.0),
            "lower_spot": (-1320.0, 0.0),
        }
    )
    return TableLayout(
        game="five_pins",
        length=2840.0,
        width=1420.0,
        ball_radius=61.5 / 2,
        cue=first,
        balls={first: _colour(first), second: _colour(second), red: _colour(red)},
        ball_spots={second: marks["upper_spot"], red: marks["red_spot"]},
        skittles=skittles,
        marks=marks,
        pockets=(),
        cushion_names={
            "-x": "short_lower",
            "+x": "short_upper",
            "+y": "long_left",
            "-y": "long_right",
        },
    )


@cache
def layout(game: str, preset: str | None = None) -> TableLayout:
    """The table of ``game`` (``seven_skittles`` or ``five_pins``) with a preset's options."""
    if game not in GAMES:
        raise ValueError(f"no carom table for game {game!r} (games: {', '.join(GAMES)})")
    options = catalogue_game(game).options(preset)
    return seven_skittles(options) if game == "seven_skittles" else five_pins(options)
