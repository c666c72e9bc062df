"""Score-sheet rows: what each row is worth for the dice showing.

A row is data in a preset file (``{name: full_house, rule: full_house, points: 25}``); the rule is
one of the small functions below.  A new sheet game of rules/dice.md is a preset that combines
these rules with its own numbers, plus at most a new rule function here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any

from scoring.dice import combinations as combo
from scoring.dice.combinations import Dice

#: A rule scores the dice for one row.  ``joker`` is true when the Yahtzee Joker rule
#: (dice.md G4) lets a five of a kind stand in for a pattern it does not match.
Rule = Callable[..., int]


def _face(dice: Dice, joker: bool, face: int) -> int:
    return face * combo.counts(dice)[face]


def _kind(dice: Dice, joker: bool, n: int, points: int | None = None, counted: str = "all") -> int:
    if counted not in ("all", "matching"):
        raise ValueError(f"counted must be 'all' or 'matching', not {counted!r}")
    face = combo.kind(dice, n)
    if face is None:
        return 0
    if points is not None:
        return points
    return sum(dice) if counted == "all" else n * face


def _two_pairs(dice: Dice, joker: bool, points: int | None = None) -> int:
    pairs = combo.two_pairs(dice)
    if pairs is None:
        return 0
    return points if points is not None else 2 * (pairs[0] + pairs[1])


def _full_house(dice: Dice, joker: bool, points: int | None = None) -> int:
    if combo.full_house(dice) is None and not joker:
        return 0
    return points if points is not None else sum(dice)


def _run(dice: Dice, joker: bool, length: int, points: int) -> int:
    return points if joker or combo.has_run(dice, length) else 0


def _exactly(dice: Dice, joker: bool, faces: list[int], points: int) -> int:
    return points if joker or combo.is_exactly(dice, faces) else 0


def _total(dice: Dice, joker: bool) -> int:
    return sum(dice)


RULES: dict[str, Rule] = {
    "face": _face,
    "kind": _kind,
    "two_pairs": _two_pairs,
    "full_house": _full_house,
    "run": _run,
    "exactly": _exactly,
    "total": _total,
}


class RowError(ValueError):
    """A preset's row definition is wrong; the message names the row and the key."""


@dataclass(frozen=True)
class Row:
    """One row of a sheet as a preset defines it."""

    name: str
    section: str
    rule: str
    params: Mapping[str, Any] = field(default_factory=dict)
    en: str = ""
    ru: str = ""

    def score(self, dice: Dice, joker: bool = False) -> int:
        return RULES[self.rule](dice, joker, **self.params)

    @property
    def face(self) -> int | None:
        """The face an upper-section row collects, which the Joker rule makes compulsory."""
        return self.params.get("face") if self.rule == "face" else None

    @classmethod
    def from_preset(cls, raw: Mapping[str, Any]) -> Row:
        data = dict(raw)
        try:
            name = data.pop("name")
            section = data.pop("section")
            rule = data.pop("rule")
        except KeyError as missing:
            raise RowError(f"row {raw!r}: {missing.args[0]} is missing") from None
        if rule not in RULES:
            raise RowError(f"row {name}: unknown rule {rule!r} (known: {', '.join(RULES)})")
        title = data.pop("title", {}) or {}
        return cls(name, section, rule, data, title.get("en", name), title.get("ru", name))

    def check(self, dice: int, faces: int) -> None:
        """Score every roll the table can show: a row whose parameters are wrong, or that can
        never score, is refused when the preset loads rather than in the middle of a game."""
        best = 0
        for roll in combinations_with_replacement(range(1, faces + 1), dice):
            try:
                points = self.score(roll)
            except (TypeError, ValueError) as error:
                raise RowError(
                    f"row {self.name}: bad parameters for rule {self.rule!r}: {error}"
                ) from None
            if isinstance(points, bool) or not isinstance(points, int):
                raise RowError(f"row {self.name}: rule {self.rule!r} scored {points!r}")
            best = max(best, points)
        if best == 0:
            raise RowError(f"row {self.name}: scores 0 on every roll of {dice} d{faces}")
