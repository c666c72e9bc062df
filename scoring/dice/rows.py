"""Score-sheet rows: what each row is worth for the dice showing.

A row is data in a preset file (``{name: full_house, rule: full_house, points: 25}``); the rule is
one of the small functions below.  A new sheet game of rules/dice.md is a preset that combines
these rules with its own numbers, plus at most a new rule function here.

A rule returns a :class:`Result`, not just points, because the sheet games disagree about what
happens around the points: Pirate dice (G3) refuses a row whose combination is not there and
doubles the dice that made it on the first attempt, dice poker with school (G1) ticks a row made
exactly, and the A1 variant pays for unused throws only when a combination is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement
from typing import Any

from scoring.dice import combinations as combo
from scoring.dice.combinations import Dice


@dataclass(frozen=True)
class Result:
    """What a row makes of the dice.

    ``made``: the row's combination is there (a row that is not made scores its 0 or its
    penalty).  ``used``: the dice that make it, for the "dice present on the first attempt"
    doubling of G3.  ``done``: made exactly, worth 0 and written as a tick or cross (G1, G3).
    """

    points: int
    made: bool
    used: tuple[int, ...] = ()
    done: bool = False


NOTHING = Result(0, False)

#: A rule scores the dice for one row.  ``joker`` is true when the Yahtzee Joker rule
#: (dice.md G4) lets a five of a kind stand in for a pattern it does not match.
Rule = Callable[..., Result]


def _face(dice: Dice, joker: bool, face: int) -> Result:
    used = tuple(d for d in dice if d == face)
    return Result(sum(used), bool(used), used)


def _kind(
    dice: Dice, joker: bool, n: int, points: int | None = None, counted: str = "all"
) -> Result:
    if counted not in ("all", "matching"):
        raise ValueError(f"counted must be 'all' or 'matching', not {counted!r}")
    face = combo.kind(dice, n)
    if face is None:
        return NOTHING
    if points is None:
        points = sum(dice) if counted == "all" else n * face
    return Result(points, True, (face,) * n)


def _two_pairs(dice: Dice, joker: bool, points: int | None = None) -> Result:
    pairs = combo.two_pairs(dice)
    if pairs is None:
        return NOTHING
    used = (pairs[0],) * 2 + (pairs[1],) * 2
    return Result(points if points is not None else sum(used), True, used)


def _full_house(dice: Dice, joker: bool, points: int | None = None) -> Result:
    if combo.full_house(dice) is None and not joker:
        return NOTHING
    return Result(points if points is not None else sum(dice), True, tuple(dice))


def _run(dice: Dice, joker: bool, length: int, points: int) -> Result:
    if joker:
        return Result(points, True, tuple(dice))
    faces = set(dice)
    for start in sorted(faces):
        run = tuple(range(start, start + length))
        if faces.issuperset(run):
            return Result(points, True, run)
    return NOTHING


def _exactly(dice: Dice, joker: bool, faces: list[int], points: int) -> Result:
    if joker or combo.is_exactly(dice, faces):
        return Result(points, True, tuple(dice))
    return NOTHING


def _total(dice: Dice, joker: bool) -> Result:
    return Result(sum(dice), True, tuple(dice))


def _parity(dice: Dice, joker: bool, parity: str) -> Result:
    """Even or odd (§1.2): all five dice even, or all odd; scores their sum (G1 C-default)."""
    if parity not in ("even", "odd"):
        raise ValueError(f"parity must be 'even' or 'odd', not {parity!r}")
    remainder = 0 if parity == "even" else 1
    if all(d % 2 == remainder for d in dice):
        return Result(sum(dice), True, tuple(dice))
    return NOTHING


def _target(
    dice: Dice,
    joker: bool,
    face: int,
    under: str | Sequence[int],
    over: str,
    n: int = 3,
) -> Result:
    """A row that asks for exactly ``n`` dice of ``face``: the school of G1, Part 1 of G3.

    Exactly ``n`` is done (0 and a tick).  Fewer score ``under``: ``difference`` is
    (count - n) x face (G1, L68), a list is the penalty by count (G3: -30, -20, -10, L179).
    More score ``over``: ``difference`` again (G1), the sum of ``all`` five dice or of the
    ``matching`` ones only (G3 L181 and its ambiguity, §7 #10).
    """
    count = combo.counts(dice)[face]
    used = (face,) * min(count, n)
    if count == n:
        return Result(0, True, used, done=True)
    if count < n:
        if under == "difference":
            return Result((count - n) * face, False, used)
        if isinstance(under, str) or len(under) != n:
            raise ValueError(f"under must be 'difference' or {n} penalties, not {under!r}")
        return Result(under[count], False, used)
    if over == "difference":
        return Result((count - n) * face, True, used)
    if over == "all":
        return Result(sum(dice), True, used)
    if over == "matching":
        return Result(count * face, True, used)
    raise ValueError(f"over must be 'difference', 'all' or 'matching', not {over!r}")


def _best(dice: Dice, joker: bool, table: Sequence[Mapping[str, Any]]) -> Result:
    """The best combination of a value table (sea dice, G5 L348-352: "next to each
    combination's name its value"); each entry is a rule and its parameters."""
    best = NOTHING
    for entry in table:
        params = dict(entry)
        rule = params.pop("rule", None)
        params.pop("title", None)
        if rule not in RULES or rule == "best":
            raise ValueError(f"table entry {entry!r}: unknown rule {rule!r}")
        result = RULES[rule](dice, joker, **params)
        if result.made and (not best.made or result.points > best.points):
            best = result
    return best


RULES: dict[str, Rule] = {
    "face": _face,
    "kind": _kind,
    "two_pairs": _two_pairs,
    "full_house": _full_house,
    "run": _run,
    "exactly": _exactly,
    "total": _total,
    "parity": _parity,
    "target": _target,
    "best": _best,
}


class RowError(ValueError):
    """A preset's row definition is wrong; the message names the row and the key."""


#: :meth:`Row.results` of each distinct row on each table (rule, parameters, plus, dice, faces).
_RESULTS: dict[tuple[str, str, int, int, int], tuple[Result, ...]] = {}


def rolls(dice: int, faces: int) -> Iterator[tuple[int, ...]]:
    """Every roll the table can show, as sorted faces (252 for five d6)."""
    return combinations_with_replacement(range(1, faces + 1), dice)


@dataclass(frozen=True)
class Row:
    """One row of a sheet as a preset defines it.

    ``plus`` is added whenever the row is made (the poker +50 of G1/G3, the A1 kare bonus);
    ``doubles`` marks a row that G3's first-attempt doubling applies to.
    """

    name: str
    section: str
    rule: str
    params: Mapping[str, Any] = field(default_factory=dict)
    en: str = ""
    ru: str = ""
    plus: int = 0
    doubles: bool = False

    def judge(
        self, dice: Dice, joker: bool = False, doubled: bool = False, double_plus: bool = False
    ) -> Result:
        """The row's result, ``doubled`` (G3 L171) as base x 2 + plus, or (base + plus) x 2
        with ``double_plus`` (the alternative reading of poker on the first attempt, §7 #11)."""
        result = RULES[self.rule](dice, joker, **self.params)
        if not result.made:
            return result
        factor = 2 if doubled else 1
        plus = self.plus * (factor if double_plus else 1)
        return replace(result, points=result.points * factor + plus)

    def score(self, dice: Dice, joker: bool = False) -> int:
        return self.judge(dice, joker).points

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
        plus = data.pop("plus", 0)
        doubles = data.pop("doubles", False)
        if isinstance(plus, bool) or not isinstance(plus, int):
            raise RowError(f"row {name}: plus must be a whole number, not {plus!r}")
        if not isinstance(doubles, bool):
            raise RowError(f"row {name}: doubles must be true or false, not {doubles!r}")
        return cls(
            name, section, rule, data, title.get("en", name), title.get("ru", name), plus, doubles
        )

    def results(self, dice: int, faces: int) -> tuple[Result, ...]:
        """The row's result on every roll the table can show (in :func:`rolls`' order),
        computed once a process for each distinct rule, parameters and plus: the presets
        share most of their rows, and judging them anew at each load was half the time of
        ``tableref games``.  A rule that fails on a roll raises (and is not kept)."""
        key = (self.rule, json.dumps(self.params, sort_keys=True, default=repr), self.plus)
        kept = _RESULTS.get((*key, dice, faces))
        if kept is None:
            kept = tuple(self.judge(roll) for roll in rolls(dice, faces))
            _RESULTS[(*key, dice, faces)] = kept
        return kept

    def check(self, dice: int, faces: int) -> None:
        """Score every roll the table can show: a row whose parameters are wrong, or that can
        never score, is refused when the preset loads rather than in the middle of a game."""
        best = 0
        try:
            results = self.results(dice, faces)
        except (TypeError, ValueError) as error:
            raise RowError(
                f"row {self.name}: bad parameters for rule {self.rule!r}: {error}"
            ) from None
        for result in results:
            if isinstance(result.points, bool) or not isinstance(result.points, int):
                raise RowError(f"row {self.name}: rule {self.rule!r} scored {result.points!r}")
            best = max(best, result.points)
        if best == 0:
            raise RowError(f"row {self.name}: scores 0 on every roll of {dice} d{faces}")

    def zeroes(self, dice: int, faces: int) -> bool:
        """Whether some roll leaves this row unmade at a plain 0.  A mandatory row may not:
        a missed school or Part-1 row takes its penalty instead ("cannot be zeroed", G2 A1)."""
        return any(not result.made and result.points == 0 for result in self.results(dice, faces))
