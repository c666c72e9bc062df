"""Seven Skittles: putting the table back after a shot (§A.12 balls, §A.13 skittles, L84-L95).

The referee (or a helper) does the placing; the engine says what goes where, as ``respot``
verdicts for the display, and remembers the skittles that could not go back: those left off
the table until their mark is free (rule 2) and those standing at a midpoint (rules 3 and 4).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.carom.seven_skittles.rules import MARK, SIDES, Rules
from scoring.carom.shot import ShotRecord

SKITTLE_RADIUS = 6  # L18: diameter 12 mm
SPOT_GAP = 2  # L37: "в паре миллиметров"
SMALL_OFFSET = 73  # L21


@dataclass(frozen=True)
class Respot:
    """One placing instruction: ``code`` (what kind), ``what`` (ball or skittle), ``to`` (a
    mark, ``house``, or None for the referee to choose), ``x_mm`` along the long axis where
    the spec gives it (front negative, §A.3)."""

    code: str
    what: str
    to: str | None
    x_mm: float | None = None

    @property
    def waits(self) -> bool:
        """Left off the table: nothing to place now."""
        return self.code == "skittle_wait"


@dataclass(frozen=True)
class Table:
    """The skittles not on their marks between shots."""

    absent: tuple[str, ...] = ()  # off the table until the mark is free (§A.13 rule 2)
    off_mark: tuple[str, ...] = ()  # standing at a midpoint (§A.13 rules 3-4)


def _side(mark: str) -> int:
    return -1 if mark.endswith("front") else 1


def ob_spot_x(spot: str, rules: Rules) -> float:
    """L37: a couple of millimetres from the side skittle, towards the middle."""
    reach = rules.d_side - SKITTLE_RADIUS - SPOT_GAP - rules.ball_diameter / 2
    return _side(spot) * reach


def _midpoint(skittle: str, rules: Rules) -> Respot:
    if skittle in SIDES:  # rule 4: towards the nearest small skittle
        x = _side(skittle) * (rules.d_side + SMALL_OFFSET) / 2
        return Respot("skittle_midpoint", skittle, MARK[skittle], x)
    return Respot("skittle_midpoint", skittle, MARK[skittle])  # rule 3: away from the ball


def balls(record: ShotRecord, rules: Rules) -> list[Respot]:
    """§A.12: object balls back on their own spots (the other spot if taken, the referee if
    both are); a pocketed cue ball sends both object balls back; the cue ball to the house."""
    cue_gone = rules.cue in record.gone
    scratch = rules.cue in record.pocketed or (
        rules.cue in record.off_table and rules.cue_off_table_respot == "scratch"
    )
    back = [ob for ob in rules.obs if scratch or ob in record.gone]
    taken = {mark for mark, ball in record.stopped_on if ball not in back}
    out: list[Respot] = []
    for ball in back:
        own = rules.spot_of(ball)
        free = [
            spot
            for spot in (own, *sorted({"spot_front", "spot_rear"} - {own}))
            if spot not in taken
        ]
        if not free:
            out.append(Respot("ob_referee", ball, None))
            continue
        code = "ob_spot" if free[0] == own else "ob_other_spot"
        out.append(Respot(code, ball, free[0], ob_spot_x(free[0], rules)))
        taken.add(free[0])
    if cue_gone:
        out.append(Respot("cue_house", rules.cue, "house"))
    return out


def skittles(record: ShotRecord, table: Table, rules: Rules) -> tuple[list[Respot], Table]:
    """§A.13: every knocked or displaced skittle back on its mark; a blocked mark per
    ``skittle_respot_order`` (AMB-A18): wait one shot then the midpoint (default, BIG and
    SMALL; a SIDE skittle goes to its midpoint at once), the midpoint at once, or wait."""
    taken = {mark for mark, _ in record.stopped_on}
    order = rules.skittle_respot_order
    out: list[Respot] = []
    absent: list[str] = []
    off_mark: list[str] = []
    moved = set(record.down_names) | set(record.displaced)
    for skittle in MARK:
        blocked = MARK[skittle] in taken
        if skittle not in moved | set(table.absent) | set(table.off_mark):
            continue
        if not blocked:
            out.append(Respot("skittle_mark", skittle, MARK[skittle]))
            continue
        if skittle in table.off_mark and skittle not in moved:
            off_mark.append(skittle)  # still standing at its midpoint
            continue
        waited = skittle in table.absent
        fallen = skittle in record.down_names or waited
        wait = order == "wait" or (
            order == "wait_then_midpoint" and fallen and not waited and skittle not in SIDES
        )
        if wait:
            out.append(Respot("skittle_wait", skittle, MARK[skittle]))
            absent.append(skittle)
        else:
            out.append(_midpoint(skittle, rules))
            off_mark.append(skittle)
    return out, Table(tuple(absent), tuple(off_mark))
