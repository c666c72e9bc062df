"""The advice for the turn in progress: what each keep and each row is worth to the player to
move, as the expected final score when every later choice is optimal too.

The advice is solitaire advice: it maximises the player's own expected score and ignores the
opponents' sheets (as the published optima do).  It is computed from the same arrays as the
table, so the best choice's value is the table's value of the position it leads to.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product

import numpy as np

from scoring.dice.optimal.model import SolitaireModel
from scoring.dice.optimal.solve import row_values, written_values
from scoring.dice.sheet.engine import DiceSheetEngine, SheetState
from scoring.dice.sheet.tally import Sheet, totals


@dataclass(frozen=True)
class StrategyTable:
    """A preset's solved table: ``values[written, sum, flag]`` (see :mod:`.solve`)."""

    model: SolitaireModel
    values: np.ndarray

    @property
    def start(self) -> float:
        """The expected final score of a game played optimally from an empty sheet."""
        return float(self.values[0, 0, 0])


@dataclass(frozen=True)
class Choice:
    """A keep (the faces set aside before the next throw) or a row to write, with the expected
    final score of the player who takes it."""

    expected: float
    keep: tuple[int, ...] | None = None
    row: str | None = None


@dataclass(frozen=True)
class Advice:
    """The player to move, their expected final score now, and their choices best first."""

    player: str
    expected: float
    keeps: tuple[Choice, ...]
    rows: tuple[Choice, ...]

    @property
    def best(self) -> Choice | None:
        choices = [*self.keeps[:1], *self.rows[:1]]
        return max(choices, key=lambda choice: choice.expected) if choices else None


def position(model: SolitaireModel, sheet: Sheet) -> tuple[int, int, int]:
    """The table's index of a sheet: rows written, the bonus sum capped, the flag."""
    written = sum(1 << i for i, name in enumerate(model.names) if sheet.get(name) is not None)
    total = sum(sheet.get(model.names[i]) or 0 for i in model.bonus_rows)
    flag = 0
    if model.extra_row is not None:
        flag = int(bool(sheet.get(model.names[model.extra_row])))
    return written, min(total, model.threshold), flag


def advise(engine: DiceSheetEngine, state: SheetState, table: StrategyTable) -> Advice | None:
    """The advice for the player to move, or None once the game is over."""
    if state.over:
        return None
    turn = state.turn
    model = table.model
    player = state.players[turn.player]
    scored = totals(engine.rules, state.sheets, turn.player)["total"]
    written, total, flag = position(model, state.sheets[turn.player])
    if not turn.dice:
        return Advice(player, scored + float(table.values[written, total, flag]), (), ())
    masks, sums, flags = np.array([written]), np.array([total]), np.array([flag])
    roll = model.sets.index(turn.dice)
    extra = 0.0
    if model.extra_row is not None and written >> model.extra_row & 1 and roll in model.kinds:
        extra = float(model.extra_points * flag)
    rows = [
        Choice(scored + extra + float(value[0, 0, 0, roll]), row=model.names[row])
        for row, value in row_values(model, table.values, masks, sums, flags)
        if np.isfinite(value[0, 0, 0, roll])
    ]
    keeps: list[Choice] = []
    if turn.throws < turn.limit:
        rolled = written_values(model, table.values, masks, sums, flags)[0, 0, 0][None, :]
        for _ in range(turn.limit - turn.throws - 1):
            rolled = model.sets.best_keep(model.sets.keep_values(rolled))
        kept = model.sets.keep_values(rolled)
        keeps = [
            Choice(scored + float(kept[len(keep)][0, model.sets.index(keep)]), keep=keep)
            for keep in sub_multisets(turn.dice)
            if len(keep) < len(turn.dice)
        ]
    order = sorted(keeps, key=lambda choice: -choice.expected)
    best_rows = sorted(rows, key=lambda choice: -choice.expected)
    expected = max(choice.expected for choice in [*order, *best_rows])
    return Advice(player, expected, tuple(order), tuple(best_rows))


def sub_multisets(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct set of faces that can be set aside from ``dice``, sorted."""
    counts = sorted(Counter(dice).items())
    out = []
    for taken in product(*(range(count + 1) for _, count in counts)):
        out.append(
            tuple(face for (face, _), n in zip(counts, taken, strict=True) for _ in range(n))
        )
    return out
