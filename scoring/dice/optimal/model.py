"""A sheet preset reduced to what the solitaire dynamic programme needs, with the features it
does not model refused by name.

A player's position between turns is (rows written, the bonus section's sum capped at its
threshold, whether the five-of-a-kind row holds points): that is all the future depends on in
Yahtzee, Yatzy and Yacht.  Stages, fixed orders, crossing out, doubling, the unused-throw
bonus and the other G1-G3/G5 devices make the future depend on more, so those presets are
refused rather than advised wrongly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scoring.dice.combinations import kind
from scoring.dice.optimal.dice_sets import DiceSets
from scoring.dice.sheet.rules import SheetRules

#: More rows than this make the table of sheet states too large to keep (2^rows x sums).
MAX_ROWS = 16


class Unsupported(ValueError):
    """The preset has a rule the solver does not model; the message names it."""


@dataclass(frozen=True)
class SolitaireModel:
    """One preset's rows scored on every roll, with its section bonus and five-of-a-kind bonus."""

    names: tuple[str, ...]
    sets: DiceSets
    throws: int
    #: ``points[c, r]``: row c's points for roll r; ``joker[c, r]`` the same under the Joker.
    points: np.ndarray
    joker: np.ndarray
    #: The rows whose sum earns the section bonus, the threshold and the bonus (0 when none).
    bonus_rows: frozenset[int]
    threshold: int
    bonus: int
    #: The five-of-a-kind row, its extra bonus and whether the Joker places the dice.
    extra_row: int | None
    extra_points: int
    joker_rule: bool
    #: ``faces[c]``: the face a face row collects (the Joker's compulsory upper row), or 0.
    faces: tuple[int, ...]
    #: The rolls that are five of a kind, and the face of each.
    kinds: np.ndarray
    kind_faces: np.ndarray

    @property
    def sums(self) -> int:
        """How many section sums are told apart: 0 up to the threshold."""
        return self.threshold + 1

    @property
    def flags(self) -> int:
        """Whether the five-of-a-kind row holds points matters only where it pays a bonus."""
        return 2 if self.extra_row is not None else 1

    @property
    def shape(self) -> tuple[int, int, int]:
        return (1 << len(self.names), self.sums, self.flags)

    def describe(self) -> str:
        """Everything the table depends on, for the cache's key."""
        return repr(
            (
                self.names,
                self.sets.dice,
                self.sets.faces,
                self.throws,
                self.points.tolist(),
                self.joker.tolist(),
                sorted(self.bonus_rows),
                self.threshold,
                self.bonus,
                self.extra_row,
                self.extra_points,
                self.joker_rule,
                self.faces,
            )
        )


def solitaire_model(rules: SheetRules) -> SolitaireModel:
    _refuse_unmodelled(rules)
    sets = DiceSets.build(rules.dice, rules.faces)
    rolls = sets.rolls
    points = np.array(
        [[r.points for r in row.results(rules.dice, rules.faces)] for row in rules.rows]
    )
    if (points < 0).any():
        raise Unsupported("rows: a row scores below 0; the solver models sheets of points only")
    joker = np.array([[row.score(roll, True) for roll in rolls] for row in rules.rows])
    names = tuple(row.name for row in rules.rows)
    bonus_rows: frozenset[int] = frozenset()
    threshold = bonus = 0
    if rules.bonuses:
        (section_bonus,) = rules.bonuses
        bonus_rows = frozenset(
            i for i, row in enumerate(rules.rows) if row.section == section_bonus.section
        )
        threshold, bonus = section_bonus.threshold, section_bonus.points
    extra = rules.extra_kind
    kinds = [i for i, roll in enumerate(rolls) if kind(roll, rules.dice) is not None]
    return SolitaireModel(
        names=names,
        sets=sets,
        throws=rules.throws,
        points=points,
        joker=joker,
        bonus_rows=bonus_rows,
        threshold=threshold,
        bonus=bonus,
        extra_row=names.index(extra.row) if extra else None,
        extra_points=extra.points if extra else 0,
        joker_rule=bool(extra and extra.joker),
        faces=tuple(row.face or 0 for row in rules.rows),
        kinds=np.array(kinds, dtype=np.intp),
        kind_faces=np.array([rolls[i][0] for i in kinds], dtype=np.intp),
    )


def _refuse_unmodelled(rules: SheetRules) -> None:
    """Name the first rule of the preset the solver would get wrong."""
    checks = (
        (len(rules.rows) > MAX_ROWS, f"rows: {len(rules.rows)} rows (the solver takes {MAX_ROWS})"),
        (rules.reroll != "free", f"reroll: {rules.reroll} (the solver rethrows freely)"),
        (not rules.reroll_all, "reroll_all: false"),
        (len({s.stage for s in rules.sections}) > 1, "sections: rows played in stages"),
        (any(s.order == "fixed" for s in rules.sections), "sections: a fixed order"),
        (any(s.mandatory for s in rules.sections), "sections: a mandatory section"),
        (rules.unmade != "zero", f"unmade: {rules.unmade}"),
        (any(row.doubles for row in rules.rows), "rows: first-attempt doubling"),
        (rules.unused_throw_bonus != 0, "unused_throw_bonus"),
        (rules.carry_unused_throws, "carry_unused_throws"),
        (len(rules.bonuses) > 1, "bonuses: more than one section bonus"),
        (any(b.when != "reached" for b in rules.bonuses), "bonuses: a bonus judged later"),
        (any(b.threshold < 1 for b in rules.bonuses), "bonuses: a threshold below 1"),
    )
    for unmodelled, what in checks:
        if unmodelled:
            raise Unsupported(f"{what}: the optimal-strategy solver does not model it")
