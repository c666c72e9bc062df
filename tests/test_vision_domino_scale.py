"""The domino reader measures the tile scale from the tiles (issue 22): tiles from 20 to 80 px
wide are read without being told their size, a patterned cloth or printed pictures of tiles
alone give no tiles, and the live path keeps the scale it found and skips frames at rest."""

from __future__ import annotations

import math

import numpy as np
import pytest

from session.sources import TilePerception
from vision.dominoes.reader import NetTileReader
from vision.synth import printed, scene, surfaces
from vision.synth.dominoes import (
    PIP_LAYOUT,
    SUPERSAMPLE,
    PlacedTile,
    paste_tile,
    random_style,
)
from vision.types import Frame


@pytest.fixture(scope="module")
def reader() -> NetTileReader:
    return NetTileReader()


def _line(side: float, seed: int, size=(1280, 720)) -> tuple[np.ndarray, list[PlacedTile]]:
    """A straight line of four touching tiles of width ``side`` on a felt."""
    rng = np.random.default_rng(seed)
    width, height = size
    canvas = scene.felt(rng, (height, width))
    tiles = [
        PlacedTile((k, k + 1), (width / 2 + (k - 1.5) * 2 * side, height / 2), 0.0, side)
        for k in range(4)
    ]
    style = random_style(rng)
    for tile in tiles:
        canvas = paste_tile(canvas, style, tile, rng)
    return scene.sensor_noise(canvas, rng, 2.0), tiles


@pytest.mark.parametrize("side", [24.0, 40.0, 70.0])
def test_the_scale_comes_from_the_tiles(reader, side):
    image, tiles = _line(side, seed=int(side))
    found = reader.search(image)
    assert found.width() == pytest.approx(side, rel=0.15)
    read = sorted(tuple(sorted(r.halves)) for r in found.readings if r.halves is not None)
    assert read == sorted(tile.halves for tile in tiles)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_patterned_cloth_alone_is_no_tile(reader, seed):
    cloth = surfaces.patterned_cloth(np.random.default_rng(seed), (720, 1280), 36.0)
    assert len(reader.read(scene.sensor_noise(cloth, np.random.default_rng(seed)))) <= 1


def test_printed_pictures_of_tiles_are_not_tiles(reader):
    rng = np.random.default_rng(5)
    canvas = scene.wood(rng, (720, 1280))
    for k in range(6):
        sprite, alpha = printed.flat_domino(rng, (k, 6 - k), 36.0, SUPERSAMPLE, PIP_LAYOUT)
        canvas, _ = printed.paste_flat(
            canvas, sprite, alpha, (150.0 + 180 * k, 200.0 + 50 * k), 0.3 * k, SUPERSAMPLE
        )
    assert len(reader.read(canvas)) <= 1


class _Counting:
    """A reader that counts its reads and says it can keep the scale."""

    keep_scale = False

    def __init__(self) -> None:
        self.reads = 0

    def read(self, image: np.ndarray) -> list:
        self.reads += 1
        return []


class _Observer:
    def update(self, readings, index, timestamp):
        return []


def test_the_live_path_keeps_the_scale_and_skips_frames_at_rest():
    image, _ = _line(36.0, seed=9)
    counting = _Counting()
    perception = TilePerception(counting, _Observer())
    assert counting.keep_scale
    noisy = [scene.sensor_noise(image, np.random.default_rng(k), 3.0) for k in range(5)]
    for index, frame in enumerate(noisy):
        perception.see(Frame(frame, index * 0.033, index))
    assert counting.reads == 1  # the same table, only sensor noise: read once
    moved, _ = _line(36.0, seed=9)
    moved[300:340, 100:180] = 255  # a tile laid
    perception.see(Frame(moved, 0.2, 6))
    assert counting.reads == 1  # the table changed from the frame before: still moving
    perception.see(Frame(moved, 0.233, 7))
    assert counting.reads == 2  # at rest, and new


def test_a_kept_scale_reads_the_same_tiles(reader):
    image, tiles = _line(30.0, seed=12)
    live = NetTileReader(keep_scale=True)
    first, again = live.read(image), live.read(image)
    assert live._width == pytest.approx(30.0, rel=0.15)

    def tiles_read(readings):
        return sorted(tuple(sorted(r.halves)) for r in readings if r.halves is not None)

    assert tiles_read(first) == tiles_read(again) == sorted(t.halves for t in tiles)
    assert all(math.isfinite(r.confidence) for r in first)


def test_a_width_read_on_one_tile_is_not_kept():
    """A lone tile (or a printed picture read as one) is weak evidence of the tile width: the
    live reader searches again on the next frame it reads, until enough tiles agree."""
    rng = np.random.default_rng(5)
    canvas = scene.felt(rng, (720, 1280))
    canvas = paste_tile(canvas, random_style(rng), PlacedTile((2, 5), (640, 360), 0.0, 36.0), rng)
    live = NetTileReader(keep_scale=True)
    assert len(live.read(scene.sensor_noise(canvas, rng, 2.0))) == 1
    assert live._width is None
    line, _ = _line(36.0, seed=3)
    live.read(line)
    assert live._width == pytest.approx(36.0, rel=0.15)
