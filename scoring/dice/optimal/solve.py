"""The dynamic programme over sheet states: ``V[written, sum, flag]`` is the expected number of
points still to come when a turn starts with those rows written, the bonus section's sum (capped
at its threshold) and the five-of-a-kind flag, under the strategy that maximises it.

Sheets are solved from the full sheet back to the empty one, a level of rows written at a
time and many sheets at once (numpy arrays of sheets x sums x flags x rolls), so Yahtzee's
8192 x 64 x 2 positions take seconds, not hours.  Only positions a game can reach are solved:
the sums the written bonus rows can make, and the flag only once the five-of-a-kind row is
written (the rest of the table stays 0 and is never read).  Bonuses are paid in the turn whose
row earns them, so a full sheet is worth 0.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

import numpy as np

from scoring.dice.optimal.model import SolitaireModel

#: Sheets solved together: large enough for numpy to pay, small enough to stay near 100 MB.
CHUNK = 64


def solve(model: SolitaireModel, progress: Callable[[int, int], None] | None = None) -> np.ndarray:
    """``V`` for every reachable position (float64, ``model.shape``); ``progress(done, total)``
    is told after each level of rows written."""
    rows = len(model.names)
    values = np.zeros(model.shape)
    bonus_bits = sum(1 << row for row in model.bonus_rows)
    extra_bit = 0 if model.extra_row is None else 1 << model.extra_row
    sums = reachable_sums(model)
    for written in range(rows - 1, -1, -1):
        groups: dict[tuple[int, int], list[int]] = defaultdict(list)
        for mask in range(1 << rows):
            if mask.bit_count() == written:
                groups[(mask & bonus_bits, mask & extra_bit)].append(mask)
        for (bonus_part, extra_part), members in groups.items():
            reach = sums[bonus_part]
            flags = np.arange(model.flags if extra_part else 1)
            for start in range(0, len(members), CHUNK):
                masks = np.array(members[start : start + CHUNK], dtype=np.intp)
                solved = turn_values(model, values, masks, reach, flags)
                values[np.ix_(masks, reach, flags)] = solved
        if progress is not None:
            progress(rows - written, rows)
    return values


def reachable_sums(model: SolitaireModel) -> dict[int, np.ndarray]:
    """For each set of bonus rows written (as bits), the capped sums they can add up to."""
    scores = {
        row: np.unique(np.concatenate([model.points[row], model.joker[row, model.kinds]]))
        for row in model.bonus_rows
    }
    bonus_bits = sum(1 << row for row in model.bonus_rows)
    out: dict[int, np.ndarray] = {0: np.array([0])}
    part = bonus_bits
    subsets = []
    while True:  # every subset of the bonus rows' bits, each after those it contains
        subsets.append(part)
        if part == 0:
            break
        part = (part - 1) & bonus_bits
    for part in sorted(subsets, key=int.bit_count):
        if part == 0:
            continue
        row = (part & -part).bit_length() - 1
        before = out[part & ~(1 << row)]
        made = np.minimum(before[:, None] + scores[row][None, :], model.threshold)
        out[part] = np.unique(made)
    return out


def turn_values(
    model: SolitaireModel,
    values: np.ndarray,
    masks: np.ndarray,
    sums: np.ndarray,
    flags: np.ndarray,
) -> np.ndarray:
    """The value of a turn about to start on each sheet of ``masks`` with each of ``sums`` and
    ``flags`` (sheets x sums x flags)."""
    rolled = written_values(model, values, masks, sums, flags)
    best = rolled.reshape(-1, rolled.shape[-1])
    for _ in range(model.throws - 1):
        best = model.sets.best_keep(model.sets.keep_values(best))
    start = model.sets.keep_values(best)[0][:, 0]
    return start.reshape(rolled.shape[:3])


def written_values(
    model: SolitaireModel,
    values: np.ndarray,
    masks: np.ndarray,
    sums: np.ndarray,
    flags: np.ndarray,
) -> np.ndarray:
    """The value of writing each roll into its best row now (sheets x sums x flags x rolls),
    the five-of-a-kind bonus included."""
    best = np.full((len(masks), len(sums), len(flags), len(model.sets.rolls)), -np.inf)
    for _, value in row_values(model, values, masks, sums, flags):
        np.maximum(best, value, out=best)
    if model.extra_row is not None:
        written = (masks >> model.extra_row & 1).astype(float)
        paid = model.extra_points * written[:, None, None] * flags[None, None, :]
        best[..., model.kinds] += paid[..., None]
    return best


def row_values(
    model: SolitaireModel,
    values: np.ndarray,
    masks: np.ndarray,
    sums: np.ndarray,
    flags: np.ndarray,
) -> Iterator[tuple[int, np.ndarray]]:
    """For each row open on some sheet of ``masks``: the value of writing each roll into it
    (its points, the section bonus it earns, the rest of the game), minus infinity where the
    row is written already or the Joker forbids it.  The five-of-a-kind bonus is the caller's:
    it does not depend on the row."""
    column = sums[:, None]
    allowed = _joker_allowed(model, masks)
    joker_on = (
        (masks >> model.extra_row & 1).astype(bool) & model.joker_rule
        if model.extra_row is not None
        else np.zeros(len(masks), bool)
    )
    shape = (len(masks), len(sums), len(flags))
    for row in range(len(model.names)):
        closed = (masks >> row & 1).astype(bool)
        if closed.all():
            continue
        following = values[masks | 1 << row]
        scored, inverse = np.unique(
            np.concatenate([model.points[row], model.joker[row, model.kinds]]), return_inverse=True
        )
        if row in model.bonus_rows:
            reached = np.minimum(column + scored, model.threshold)
            earned = scored + model.bonus * (
                (column < model.threshold) & (column + scored >= model.threshold)
            )
            by_score = np.moveaxis(following[:, reached][..., flags], 2, 3) + earned[:, None, :]
        elif row == model.extra_row:
            flag = (scored > 0).astype(np.intp)
            by_score = np.broadcast_to(
                following[:, sums][:, :, None, flag] + scored, (*shape, len(scored))
            )
        else:
            by_score = following[:, sums][:, :, flags, None] + scored
        value = by_score[..., inverse[: len(model.sets.rolls)]]
        jokers = np.flatnonzero(joker_on & ~closed)
        if len(jokers):
            placed = by_score[jokers][..., inverse[len(model.sets.rolls) :]]
            barred = ~allowed[jokers, row]
            placed[np.broadcast_to(barred[:, None, None, :], placed.shape)] = -np.inf
            value[np.ix_(jokers, np.arange(len(sums)), np.arange(len(flags)), model.kinds)] = placed
        value[closed] = -np.inf
        yield row, value


def _joker_allowed(model: SolitaireModel, masks: np.ndarray) -> np.ndarray:
    """``allowed[sheet, row, k]``: whether the Joker lets five of a kind number k be written in
    the row: the open face row of that face, else any open lower row, else any open row."""
    rows = len(model.names)
    open_rows = ~((masks[:, None] >> np.arange(rows)) & 1).astype(bool)
    faces = np.array(model.faces)
    lower = open_rows & (faces == 0)
    allowed = np.zeros((len(masks), rows, len(model.kinds)), bool)
    has_lower = lower.any(axis=1, keepdims=True)
    for k, face in enumerate(model.kind_faces):
        upper = open_rows & (faces == face)
        has_upper = upper.any(axis=1, keepdims=True)
        allowed[:, :, k] = np.where(has_upper, upper, np.where(has_lower, lower, open_rows))
    return allowed
