"""How the domino reader turns finds into one reading a tile (issue 22, exact layouts): a tile
read only at a width beside the one the search chose is kept, and a find one of whose halves
reads as no tile is not a tile.  Each test pins one mechanism on stand-in reads or a stand-in
classifier, where the committed networks would make it a matter of chance; the whole-scene
numbers are ``scripts/eval_domino_heldout.py``'s."""

from __future__ import annotations

import math

import numpy as np

from vision.dominoes.nets import BACK, NOT_TILE, TilePose
from vision.dominoes.reader import (
    OTHER_WIDTH_SIDE,
    OTHER_WIDTH_SURE,
    _Read,
    _with_missed,
    read_tiles,
)
from vision.types import Box, TileReading


def _reading(pose: TilePose, halves: tuple[int, int] | None, confidence: float) -> TileReading:
    x0, y0 = pose.corners().min(axis=0)
    x1, y1 = pose.corners().max(axis=0)
    return TileReading(
        halves, Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0)), confidence
    )


def _pass(*items: tuple[TilePose, tuple[int, int] | None, float]) -> _Read:
    return _Read([_reading(*item) for item in items], [item[0] for item in items])


# --------------------------------------------------------------------------------------------
# A tile read only at a width beside the chosen one.


def test_a_tile_read_only_at_a_neighbouring_width_is_kept():
    side = 30.0
    chosen = _pass(
        (TilePose((100.0, 100.0), 0.0, side), (1, 2), 0.99),
        (TilePose((200.0, 100.0), 0.0, side), (3, 4), 0.98),
    )
    beside = _pass(
        (TilePose((100.5, 100.0), 0.0, side * 1.05), (1, 2), 0.9),  # the same tile: not again
        (TilePose((150.0, 250.0), 1.0, side * 1.1), None, 0.6),  # a back the chosen width lost
    )
    merged = _with_missed(chosen, [beside])
    assert [r.halves for r in merged.readings] == [(1, 2), (3, 4), None]
    assert merged.poses[2].centre == (150.0, 250.0)


def test_reads_of_another_size_or_doubtful_ones_are_not_taken_from_other_widths():
    side = 30.0
    chosen = _pass((TilePose((100.0, 100.0), 0.0, side), (1, 2), 0.99))
    beside = _pass(
        (TilePose((300.0, 300.0), 0.0, side * OTHER_WIDTH_SIDE * 1.1), (5, 5), 0.99),  # 2 tiles
        (TilePose((400.0, 100.0), 0.0, side / OTHER_WIDTH_SIDE / 1.1), (6, 6), 0.99),  # a pip
        (TilePose((100.0, 300.0), 0.0, side), (0, 4), OTHER_WIDTH_SURE / 2),  # a doubtful cut
        (TilePose((100.0, 115.0), 0.0, side), (2, 3), 0.99),  # half on the tile read
    )
    assert _with_missed(chosen, [beside]).readings == chosen.readings
    assert _with_missed(_pass(), [beside]).readings == []


# --------------------------------------------------------------------------------------------
# Each half must read as a half.


def _classifier(rows: list[dict[int, float]]):
    """A stand-in half classifier: crop k gets the probabilities rows[k % len(rows)] (the
    reader cuts half 0 and half 1 of each find in turn, and again for each nudge)."""

    def run(batch: np.ndarray) -> np.ndarray:
        out = np.full((len(batch), 9), -20.0, np.float32)
        for k in range(len(batch)):
            for cls, p in rows[k % len(rows)].items():
                out[k, cls] = math.log(p)
        return out

    return run


def test_a_find_one_half_of_which_reads_as_no_tile_is_not_a_tile():
    """A tile half under a hand or off the picture: one half reads its pips, the other reads
    as no tile more than as any number.  The two "no tile" shares sum to under one, which
    alone once let it through as a tile of confidence near 0."""
    image = np.full((200, 200, 3), 90, np.uint8)
    pose = TilePose((100.0, 100.0), 0.0, 30.0)
    half_a_tile = _classifier([{3: 0.95, NOT_TILE: 0.05}, {NOT_TILE: 0.55, 4: 0.45}])
    assert read_tiles(half_a_tile, image, [pose]) == []
    whole = _classifier([{3: 0.95, NOT_TILE: 0.05}, {4: 0.55, NOT_TILE: 0.45}])
    [(read, _)] = read_tiles(whole, image, [pose])
    assert read.halves == (3, 4)
    back = _classifier([{BACK: 0.9, NOT_TILE: 0.1}, {BACK: 0.6, NOT_TILE: 0.4}])
    [(read, _)] = read_tiles(back, image, [pose])
    assert read.halves is None
