"""A foul called on a shot, as both carom games price it: a stable code and its own points.

What the points mean (written off the fouler's total onto the mountain in Seven Skittles,
awarded to the opponent in Five Pins) is each game's business; the record of the call is one.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Foul:
    """One foul: its code (the verdict is ``foul_<code>``) and its flat points, the shot's own
    points apart."""

    code: str
    points: int
