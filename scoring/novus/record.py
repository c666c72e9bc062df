"""The Novus shot record (docs/rules/novus.md §3): one ``shot`` action per shot, what happened on
the board, never what it is worth.

Novus is judged from a handful of facts about each shot, not from the discs' paths: what the
striker touched first, whether it came off a rail (and the opposite one), how many discs went
into the pockets or over the rail, and where the striker ended.  Whether a disc was dark (in the
centre circle or the shooter's side zone) depends on where it lay before the stroke, which the
engine does not track, so the record says it (D2).  The referee enters the record by hand
(``shot first=own pocketed=1``); a board reader would report the same fields.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.actions import Action, BoolField, ChoiceField, IntField, Verb
from scoring.verdicts import IllegalMove, Kind, Verdict

#: The striker's first contact: nothing, an own disc outside the dark zones, an own dark disc,
#: an opponent's disc, or an own and an opponent's at once (L382).
FIRST = ("none", "own", "own_dark", "opponent", "both")
#: Where the striker ended: on the board, back in the shooter's side zone (L404), in a pocket
#: (L384), over the rail (L386).
STRIKER = ("board", "own_zone", "pocket", "over_rail")
#: The breaches of form of L348-354 (D9).
BREACHES = ("none", "outside_zone", "hand_on_board", "thick_end")
#: The most discs one side sets up (the option ``discs`` is bounded by it).
MOST_DISCS = 16

COUNTS = (
    "dark",
    "pocketed",
    "pocketed_dark",
    "pocketed_opponent",
    "over_rail",
    "over_rail_opponent",
)

SHOT_VERB = Verb(
    "shot",
    {
        "first": ChoiceField(FIRST),
        "rebound": BoolField(),
        "opposite_rail": BoolField(),
        **{name: IntField(0, MOST_DISCS) for name in COUNTS},
        "striker": ChoiceField(STRIKER),
        "breach": ChoiceField(BREACHES),
    },
    ("first",),
    summary="one shot: the striker's first contact and the discs pocketed",
)


@dataclass(frozen=True)
class Shot:
    """One shot as the record gives it, with the defaults of §3 filled in."""

    first: str
    rebound: bool = False
    opposite_rail: bool = False
    dark: int = 0
    pocketed: int = 0
    pocketed_dark: int = 0
    pocketed_opponent: int = 0
    over_rail: int = 0
    over_rail_opponent: int = 0
    striker: str = "board"
    breach: str = "none"

    @classmethod
    def of(cls, action: Action) -> Shot:
        return cls(**dict(action.args))

    @property
    def direct(self) -> bool:
        """D1: a shot whose striker reached a disc (or nothing) without a rail first."""
        return not self.rebound

    @property
    def dark_lawful(self) -> bool:
        """R8 as D3 judges it: a dark disc knocked out by a rebound off the opposite rail, or
        by whatever the striker set moving after a first disc that was not an own dark one."""
        return self.first != "own_dark" or (self.rebound and self.opposite_rail)


def bad(player: str | None, field: str, reason: str, reason_ru: str) -> IllegalMove:
    """A record that cannot be, refused before any rule is applied (the field named)."""
    who = f"{player}: " if player else ""
    return IllegalMove(
        Verdict(
            Kind.ILLEGAL,
            "bad_field",
            f"{who}{field}: {reason}",
            f"{who}{field}: {reason_ru}",
            player,
            data={"field": field},
        )
    )


def check_record(shot: Shot, player: str | None, own: int, theirs: int) -> None:
    """The checks across fields against the board: ``own`` and ``theirs`` are the shooter's and
    the opponents' discs on the board before the stroke."""
    if shot.opposite_rail and not shot.rebound:
        raise bad(
            player,
            "opposite_rail",
            "only a rebound shot comes off a rail",
            "от борта отскакивает только рикошетный удар",
        )
    if shot.dark > own:
        raise bad(
            player,
            "dark",
            f"{shot.dark} dark discs, but {own} on the board",
            f"тёмных фишек {shot.dark}, а на столе {own}",
        )
    if shot.pocketed + shot.over_rail > own:
        raise bad(
            player,
            "pocketed",
            f"{shot.pocketed + shot.over_rail} own discs moved off, but {own} on the board",
            f"своих фишек ушло {shot.pocketed + shot.over_rail}, а на столе {own}",
        )
    if shot.pocketed_dark > min(shot.pocketed, shot.dark):
        raise bad(
            player,
            "pocketed_dark",
            "more dark discs pocketed than were dark or pocketed",
            "тёмных забито больше, чем было тёмных или забито",
        )
    if shot.pocketed_opponent + shot.over_rail_opponent > theirs:
        raise bad(
            player,
            "pocketed_opponent",
            f"the opponent has {theirs} discs on the board",
            f"у соперника на столе {theirs} фишек",
        )
    moved = shot.pocketed + shot.over_rail + shot.pocketed_opponent + shot.over_rail_opponent
    if shot.first == "none" and moved:
        raise bad(
            player,
            "first",
            "the striker touched no disc, so no disc moved",
            "биток не коснулся фишек, значит ни одна фишка не сдвинулась",
        )
    if shot.first == "own_dark" and shot.dark == 0:
        raise bad(
            player,
            "dark",
            "the first disc was a dark one, so at least one was dark",
            "первой была тёмная фишка, значит тёмных не меньше одной",
        )
    if shot.first in ("own", "both") and own - shot.dark < 1:
        raise bad(
            player,
            "first",
            "every own disc is dark: none outside the zones to touch",
            "все свои фишки тёмные: вне зон касаться нечего",
        )
    if shot.first in ("opponent", "both") and theirs < 1:
        raise bad(
            player,
            "first",
            "the opponent has no disc on the board",
            "у соперника нет фишек на столе",
        )
