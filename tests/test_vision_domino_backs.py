"""A face-down read must be a tile, not the table (issue 22): a square of a check repeats around
it, a patch of cloth is the colour of its surroundings, and the backs of one set are one
colour.  Real backs on the same cloths are kept, and a tile at the picture's edge is boxed by
its part in view."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision.dominoes.nets import TilePose
from vision.dominoes.reader import NetTileReader, _one_set_of_backs, read_tiles
from vision.dominoes.surround import (
    REPEATS,
    back_contrast,
    looks_like_table,
    repeat_score,
)
from vision.synth import scene, surfaces
from vision.synth.dominoes import PlacedTile, TileStyle, paste_tile, random_style
from vision.types import Box, TileReading

SIDE = 30.0


@pytest.fixture(scope="module")
def reader() -> NetTileReader:
    return NetTileReader()


def _check(cell: float, size=(720, 960), tones=((40, 40, 40), (40, 200, 220))) -> np.ndarray:
    """A two-tone check of ``cell`` px squares (black and yellow by default)."""
    height, width = size
    ys, xs = np.mgrid[0:height, 0:width]
    odd = ((xs // cell + ys // cell) % 2).astype(bool)
    image = np.empty((height, width, 3), np.uint8)
    image[~odd], image[odd] = tones
    return scene.sensor_noise(image, np.random.default_rng(0), 3.0)


def _style(back=(150, 60, 30)) -> TileStyle:
    return TileStyle((230, 235, 240), (20, 20, 20), back, (90, 90, 90), False, 0.1)


def test_a_square_pair_of_a_check_repeats_and_is_the_table():
    image = _check(SIDE)
    # Two cells side by side, exactly where a face-down tile of half side SIDE would lie.
    pose = TilePose((10 * SIDE, 10.5 * SIDE), 0.0, SIDE)
    assert repeat_score(image, pose, []) > REPEATS
    assert looks_like_table(image, pose, 0.6, [])


def test_a_real_back_on_the_same_check_is_a_tile():
    rng = np.random.default_rng(3)
    image = _check(SIDE)
    tile = PlacedTile(None, (10 * SIDE + 7, 10.5 * SIDE + 5), math.radians(20), SIDE)
    image = paste_tile(image, _style(), tile, rng)
    pose = TilePose(tile.centre, tile.angle, SIDE)
    assert repeat_score(image, pose, []) < REPEATS
    assert not looks_like_table(image, pose, 0.6, [])


def test_a_row_of_alike_backs_is_not_a_pattern():
    """A boneyard row of identical backs repeats along the row; each is a tile."""
    rng = np.random.default_rng(4)
    image = scene.felt(rng, (480, 960))
    tiles = [PlacedTile(None, (200 + k * 2.2 * SIDE, 240), 0.0, SIDE) for k in range(5)]
    for tile in tiles:
        image = paste_tile(image, _style(), tile, rng)
    poses = [TilePose(t.centre, t.angle, SIDE) for t in tiles]
    for index, pose in enumerate(poses):
        others = poses[:index] + poses[index + 1 :]
        assert not looks_like_table(image, pose, 0.6, others)


def test_a_doubtful_back_the_colour_of_the_cloth_is_the_table():
    """A low-contrast check: a patch of it differs little from the ring of cloth around it."""
    image = _check(2.2 * SIDE, tones=((150, 60, 40), (165, 72, 50)))
    pose = TilePose((5.5 * 2.2 * SIDE, 5.5 * 2.2 * SIDE), 0.0, 0.8 * SIDE)
    assert back_contrast(image, pose) < 40
    assert looks_like_table(image, pose, 0.6, [])
    # The classifier's sure back is not questioned on contrast (a dark set on a dark felt).
    sure = looks_like_table(image, pose, 0.95, [])
    assert sure == (repeat_score(image, pose, []) > REPEATS)


def test_a_doubtful_back_of_another_colour_than_the_sets_backs_is_dropped():
    rng = np.random.default_rng(5)
    image = scene.felt(rng, (480, 960), colour=(40, 110, 40))
    blue = [PlacedTile(None, (150 + 90 * k, 150), 0.0, SIDE) for k in range(3)]
    for tile in blue:
        image = paste_tile(image, _style(back=(160, 60, 30)), tile, rng)
    odd = PlacedTile(None, (500, 350), 0.0, SIDE)  # a yellow patch: a logo, a cloth square
    image = paste_tile(image, _style(back=(40, 200, 230)), odd, rng)
    readings = [
        (TileReading(None, Box(0, 0, 1, 1), confidence), TilePose(t.centre, t.angle, SIDE))
        for t, confidence in [*((t, 0.99) for t in blue), (odd, 0.7), (blue[0], 0.8)]
    ]
    kept = _one_set_of_backs(image, readings)
    kept_centres = [pose.centre for _, pose in kept]
    assert odd.centre not in kept_centres
    assert len(kept) == 4  # the sure blue backs and the doubtful blue one stay


def test_with_no_sure_back_nothing_is_judged_by_colour():
    image = scene.felt(np.random.default_rng(6), (240, 480))
    readings = [(TileReading(None, Box(0, 0, 1, 1), 0.7), TilePose((100, 100), 0.0, SIDE))]
    assert _one_set_of_backs(image, readings) == readings


def test_a_checked_cloth_alone_gives_no_face_down_tile(reader):
    """The cloth on which the reader before these tests read a back (seed 42, tile 24 px)."""
    cloth = surfaces.patterned_cloth(np.random.default_rng(42), (720, 1280), 24.0)
    reads = reader.read(scene.sensor_noise(cloth, np.random.default_rng(42)))
    assert not [r for r in reads if r.halves is None]


def test_a_tile_at_the_edge_is_boxed_inside_the_picture(reader):
    rng = np.random.default_rng(8)
    image = scene.felt(rng, (480, 640), colour=(40, 110, 40))
    tile = PlacedTile((2, 5), (15.0, 240.0), 0.0, 40.0)  # a third of it out of the picture
    image = paste_tile(image, _style(), tile, rng)
    for reading, _ in read_tiles(reader.halves, image, [TilePose(tile.centre, 0.0, 40.0)]):
        assert reading.box.x >= 0 and reading.box.x + reading.box.w <= 640
        for half in reading.half_boxes or ():
            assert half.x >= 0


@pytest.mark.parametrize("seed", [1, 6, 7])
def test_a_lone_large_back_is_one_tile_not_two_halves(reader, seed):
    """A lone face-down tile 50 to 75 px wide: the search once chose half its width and read a
    tile on each half (these seeds)."""
    rng = np.random.default_rng(seed)
    image = scene.felt(rng, (720, 1280))
    side = float(rng.uniform(50, 75))
    tile = PlacedTile(None, (640.0, 360.0), float(rng.uniform(0, math.pi)), side)
    image = scene.sensor_noise(paste_tile(image, random_style(rng), tile, rng), rng, 2.0)
    found = reader.search(image)
    assert [r.halves for r in found.readings] == [None]
    assert found.width() == pytest.approx(side, rel=0.2)
