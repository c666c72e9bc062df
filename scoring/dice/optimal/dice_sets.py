"""The multisets of dice a turn passes through, and the two steps of a turn's arithmetic on
them, vectorised over many sheet states at once.

A kept set of j dice is worth the mean, over the next die's face, of the set with that die
added, so the value of every keep follows from the values of the full rolls in ``dice`` steps
of six gathers (no 462 x 252 transition matrix).  The best keep of a roll is the best over its
sub-multisets, found level by level by dropping one die at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

import numpy as np

Keep = tuple[int, ...]


@dataclass(frozen=True)
class DiceSets:
    """Every multiset of ``dice`` dice or fewer, by size; a level's order is
    :func:`itertools.combinations_with_replacement`'s, so the top level is
    :func:`scoring.dice.rows.rolls`' order and row results line up with it."""

    dice: int
    faces: int
    levels: tuple[tuple[Keep, ...], ...]
    #: ``grow[j][i, f]``: the index in level j+1 of level j's set i with a die of face f+1.
    grow: tuple[np.ndarray, ...]
    #: ``shrink[j][i, d]``: the indices in level j-1 of level j's set i less one die (each
    #: distinct face once, the row padded by repeating its first entry).
    shrink: tuple[np.ndarray, ...]

    @classmethod
    def build(cls, dice: int, faces: int) -> DiceSets:
        levels = tuple(
            tuple(combinations_with_replacement(range(1, faces + 1), size))
            for size in range(dice + 1)
        )
        where = [{keep: i for i, keep in enumerate(level)} for level in levels]
        grow = tuple(
            np.array(
                [
                    [where[j + 1][tuple(sorted((*keep, face)))] for face in range(1, faces + 1)]
                    for keep in levels[j]
                ],
                dtype=np.intp,
            )
            for j in range(dice)
        )
        shrink = [np.zeros((1, 1), dtype=np.intp)]
        for j in range(1, dice + 1):
            rows = []
            for keep in levels[j]:
                less = [where[j - 1][_without(keep, face)] for face in sorted(set(keep))]
                rows.append(less + [less[0]] * (j - len(less)))
            shrink.append(np.array(rows, dtype=np.intp))
        return cls(dice, faces, levels, grow, tuple(shrink))

    @property
    def rolls(self) -> tuple[Keep, ...]:
        return self.levels[self.dice]

    def index(self, keep: Keep) -> int:
        return self.levels[len(keep)].index(tuple(sorted(keep)))

    def keep_values(self, rolled: np.ndarray) -> list[np.ndarray]:
        """Each level's expected value of keeping that set and throwing the rest once, given
        the value of every roll (``rolled``: states x rolls); the top level is ``rolled``."""
        values: list[np.ndarray] = [rolled]
        for j in range(self.dice - 1, -1, -1):
            above, grow = values[0], self.grow[j]
            total = above[:, grow[:, 0]].copy()
            for face in range(1, self.faces):
                total += above[:, grow[:, face]]
            values.insert(0, total / self.faces)
        return values

    def best_keep(self, values: list[np.ndarray]) -> np.ndarray:
        """The value of each roll when the best of its sub-multisets is kept (keeping all of
        it stands for stopping, which ``values``' top level prices)."""
        best = values[0]
        for j in range(1, self.dice + 1):
            shrink = self.shrink[j]
            below = best[:, shrink[:, 0]]
            for drop in range(1, j):
                np.maximum(below, best[:, shrink[:, drop]], out=below)
            best = np.maximum(values[j], below)
        return best


def _without(keep: Keep, face: int) -> Keep:
    at = keep.index(face)
    return keep[:at] + keep[at + 1 :]
