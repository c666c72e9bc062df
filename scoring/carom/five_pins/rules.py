"""Five pins (rules/skittles.md Game B, WCBS 1997, seed L99-L335): options, judge and lag.

:func:`judge` turns one :class:`~scoring.carom.shot.ShotRecord` into what the referee calls:
the points of a legal shot (§B.8), or the fouls of §B.9 with the points they give the
opponent and whether he gets the ball in hand (§B.10); :func:`lag_winner` decides the lag
(§B.4).  Neither knows of turns, games or the match: :mod:`.engine` keeps those.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.carom.foul import Foul
from scoring.carom.shot import ShotRecord
from scoring.engine import OptionsError
from scoring.options import check_known, option_choice, option_flag, option_whole

#: The pins (§B.3, L109-L131): the centre pin and the four outer pins of the "+" around it.
CENTRE = "centre"
OUTER = ("upper", "lower", "left", "right")
PINS = (CENTRE, *OUTER)

#: Spot marks (§B.3): 100 mm from the upper short cushion, the red's spot (centre of the upper
#: half), the lower-half centre spot on the lag line, 100 mm from the lower short cushion.
UPPER_SPOT, RED_SPOT, LOWER_CENTRE_SPOT, LOWER_SPOT = (
    "upper_spot",
    "red_spot",
    "lower_centre_spot",
    "lower_spot",
)
MARKS = (*PINS, UPPER_SPOT, RED_SPOT, LOWER_CENTRE_SPOT, LOWER_SPOT)

#: Facts a referee confirms and the §B.9 foul each one is (§15, L289-L331).
FACT_FOULS = {
    "balls_moving": "balls_moving",  # е
    "miscue": "miscue",  # ж: not the tip
    "double_hit": "double_hit",  # з
    "touch_cue": "touch",  # и, к, п: cleaning, moving or touching a ball or pin
    "touch_hand": "touch",
    "touch_clothing": "touch",
    "foot_off_floor": "foot",  # м
    "jumped": "jump_pins",  # о
    "push": "push",  # р
    "wrong_ball": "wrong_ball",  # а
    "frozen": "frozen_contact",  # л, §10
}
#: Facts that are no foul: a pin falling by itself and force majeure (§16).
FACTS = (*FACT_FOULS, "self_fall", "interference")

#: Fouls whose own text adds the shot's pins and carom (§B.9 a-д); the others add them only
#: with ``foul_includes_shot_points`` (AMB-B8).
CONTACT_FOULS = ("own_pins", "wrong_ball", "red_first", "pins_first", "miss", "off_table")

OPTIONS = (
    "target",
    "match_games",
    "cue_balls",
    "red",
    "lag",
    "centre_alone_value",
    "simultaneous_carom_value",
    "own_pins_extra2",
    "touch_before_place_penalty",
    "foul_includes_shot_points",
    "foul_points_to",
    "foul_can_win",
    "respot_blocked",
    "d_pin_mm",
    "pin_height_mm",
    "pin_base_mm",
)


def _millimetres(options: Mapping[str, Any], key: str, default: int | None) -> float | None:
    value = options.get(key, default)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)):
        raise OptionsError(f"{key}: expected a length in millimetres or null, got {value!r}")
    return value


@dataclass(frozen=True)
class Rules:
    """The preset's options, checked once when the preset loads."""

    target: int
    match_games: int
    cue_balls: tuple[str, str]
    red: str
    lag: bool
    centre_alone_value: int
    simultaneous_carom_value: int
    own_pins_extra2: bool
    touch_before_place_penalty: int
    foul_includes_shot_points: bool
    foul_points_to: str
    foul_can_win: bool
    respot_blocked: str
    geometry: Mapping[str, float | None]

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, OPTIONS, "five_pins")
        games = option_whole(options, "match_games", 3)
        if games % 2 == 0:
            raise OptionsError(f"match_games: a match is an odd number of games, got {games}")
        cue_balls = options.get("cue_balls", ["white", "yellow"])
        red = options.get("red", "red")
        names = [*list(cue_balls or []), red] if isinstance(cue_balls, list) else []
        if (
            len(names) != 3
            or not all(isinstance(n, str) and n for n in names)
            or len(set(names)) != 3
        ):
            raise OptionsError(
                f"cue_balls, red: two cue balls and the red, all named and different, "
                f"got {cue_balls!r} and {red!r}"
            )
        return cls(
            target=option_whole(options, "target", 60),
            match_games=games,
            cue_balls=(cue_balls[0], cue_balls[1]),
            red=red,
            lag=option_flag(options, "lag", True),
            centre_alone_value=option_whole(options, "centre_alone_value", 8),
            simultaneous_carom_value=option_choice(options, "simultaneous_carom_value", (3, 4), 4),
            own_pins_extra2=option_flag(options, "own_pins_extra2", False),
            touch_before_place_penalty=option_whole(
                options, "touch_before_place_penalty", 2, minimum=0
            ),
            foul_includes_shot_points=option_flag(options, "foul_includes_shot_points", True),
            foul_points_to=option_choice(
                options, "foul_points_to", ("opponent", "both"), "opponent"
            ),
            foul_can_win=option_flag(options, "foul_can_win", True),
            respot_blocked=option_choice(
                options, "respot_blocked", ("other_spot", "occupant_spot"), "other_spot"
            ),
            geometry={
                "d_pin_mm": _millimetres(options, "d_pin_mm", None),
                "pin_height_mm": _millimetres(options, "pin_height_mm", 25),
                "pin_base_mm": _millimetres(options, "pin_base_mm", 7),
            },
        )

    @property
    def balls(self) -> tuple[str, str, str]:
        return (*self.cue_balls, self.red)


# --------------------------------------------------------------------------------------------
# Points (§B.8, L211-L225).


def pin_value(rules: Rules, pins: tuple[str, ...]) -> int:
    """2 per outer pin; the centre 4 with an outer pin, ``centre_alone_value`` (8) alone,
    "whether the figure is complete or not" (L217): a removed pin changes nothing."""
    outer = sum(pin in OUTER for pin in pins)
    if CENTRE not in pins:
        return 2 * outer
    return 2 * outer + (4 if outer else rules.centre_alone_value)


def carom_value(rules: Rules, record: ShotRecord, cue: str, first: str, third: str) -> int:
    """Only the first carom after the cue ball met ``first`` counts (L221): the cue ball on
    ``third`` is 4, ``first`` on ``third`` (ricochet) 3, both at the same instant (case 7,
    AMB-B3) ``simultaneous_carom_value``."""
    start = record.first_index(cue, first)
    if start is None:
        return 0
    kinds = {frozenset((cue, third)): 4, frozenset((first, third)): 3}
    for index in range(start + 1, len(record.contacts)):
        contact = record.contacts[index]
        value = kinds.get(frozenset((contact.mover, contact.other)))
        if value is None:
            continue
        at_once = contact.t is not None and any(
            later.t == contact.t
            and kinds.get(frozenset((later.mover, later.other)), value) != value
            for later in record.contacts[index + 1 :]
        )
        return rules.simultaneous_carom_value if at_once else value
    return 0


# --------------------------------------------------------------------------------------------
# The judgement of one shot.


@dataclass(frozen=True)
class Judgement:
    """What one shot gives: ``points`` to the striker (legal shot) or ``award`` to the
    opponent (foul), and whether the opponent plays the next shot with the ball in hand."""

    pins: tuple[str, ...]
    pin_points: int
    carom: int
    fouls: tuple[Foul, ...]
    points: int
    award: int
    ball_in_hand: bool
    self_fallen: tuple[str, ...]


def self_fallen(record: ShotRecord) -> tuple[str, ...]:
    """With ``self_fall`` confirmed, the pins whose chain no ball ran into: they fell by
    themselves (§16), score nothing and are set again."""
    if not record.has("self_fall"):
        return ()
    struck = {(c.mover, c.other) for c in record.contacts}
    return tuple(
        pin
        for pin in record.down_names
        if (record.originator(pin), record.chain(pin)[-1]) not in struck
    )


def _contact_foul(rules: Rules, record: ShotRecord, own: str, first: str | None) -> str | None:
    """§B.7/§B.9 a-г: how the cue ball met the balls and the pins."""
    if record.cue != own or record.has("wrong_ball"):
        return "wrong_ball"
    if first is None:
        return "miss"
    if first == rules.red:
        return "red_first"
    own_pins = record.felled_by(own)
    if not own_pins:
        return None
    met = record.first_index(own, first)
    assert met is not None
    if any(record.knock_index(pin) < met for pin in own_pins):
        return "pins_first"
    return "own_pins"


def judge(
    rules: Rules, record: ShotRecord, own: str, opponent: str, safety_only: bool = False
) -> Judgement:
    """The referee's call on one shot by the player whose cue ball is ``own``.

    The struck ball's first ball contact plays the opponent's ball's part (for a wrong ball,
    whatever it met first), and the third ball the red's.  Several fouls add up (§15.1);
    the shot's pins and carom go with them to the opponent (§7).  ``safety_only``: the
    first shot after the referee re-set a blocked position scores nothing (§B.11).
    """
    cue = record.cue
    others = tuple(b for b in rules.balls if b != cue)
    first = record.first_contact(cue, others)
    role_o = first if cue != own else opponent
    role_r = next(b for b in others if b != role_o) if role_o in others else None
    fell_alone = self_fallen(record)
    pins = tuple(p for p in record.down_names if p not in fell_alone)
    pin_points = pin_value(rules, pins)
    contact = _contact_foul(rules, record, own, first)
    carom = 0
    if role_r is not None and first is not None and first == role_o:
        carom = carom_value(rules, record, cue, first, role_r)
    codes: list[str] = [contact] if contact else []
    if record.off_table:
        codes.append("off_table")
    for fact in record.facts:
        code = FACT_FOULS.get(fact)
        if code == "frozen_contact" and record.contacts and record.contacts[0].cushion:
            continue  # §10: an abricole off the cushion is allowed from a frozen ball
        if code and code not in codes:
            codes.append(code)
    fouls = tuple(Foul(code, _flat(rules, code)) for code in codes)
    shot_points = pin_points + carom
    if not fouls:
        points = 0 if safety_only else shot_points
        return Judgement(pins, pin_points, carom, (), points, 0, False, fell_alone)
    with_shot = rules.foul_includes_shot_points or any(f.code in CONTACT_FOULS for f in fouls)
    award = sum(f.points for f in fouls) + (shot_points if with_shot else 0)
    in_hand = any(f.code != "own_pins" for f in fouls)
    return Judgement(pins, pin_points, carom, fouls, 0, award, in_hand, fell_alone)


def _flat(rules: Rules, code: str) -> int:
    """§15.2: 2 for every foul; the red first 4 (2 miss + 2 "carom"); the own-ball pins only
    their pins and carom unless ``own_pins_extra2`` (AMB-B4)."""
    if code == "red_first":
        return 4
    if code == "own_pins":
        return 2 if rules.own_pins_extra2 else 0
    return 2


# --------------------------------------------------------------------------------------------
# The lag for the break (§B.4, L135-L149).


def lag_winner(lag: tuple[Any, ...], late: tuple[int, ...]) -> tuple[int | None, tuple[str, str]]:
    """A player late twice loses; a late start or an unclear culprit is replayed; one
    fault loses; else the ball nearer the lower cushion wins, equal is replayed (L141-L149)."""
    twice = [seat for seat in (0, 1) if late[seat] >= 2]
    if len(twice) == 1:
        return 1 - twice[0], ("", "")
    faults = [result[0] for result in lag]
    if "late_start" in faults:
        return None, ("a ball started late", "шар запоздал")
    if "unclear" in faults:
        return None, ("the culprit is unclear", "виновник неясен")
    lost = [fault != "none" for fault in faults]
    if lost == [True, False]:
        return 1, ("", "")
    if lost == [False, True]:
        return 0, ("", "")
    if all(lost):
        return None, ("both lags lost", "оба розыгрыша проиграны")
    (_, first), (_, second) = lag
    if first == second:
        return None, ("equal distances", "расстояния равны")
    return (0 if first < second else 1), ("", "")
