"""The domino tile reader (issue 8): reads rendered scenes (seeds never used in training), tells
a face-down tile from a face-up 0-0, gives half boxes where the halves are, and answers a blank
table with nothing and a broken image with a clear error.  Full accuracy runs are the
harness's job (``tableref eval dominoes``); the numbers are in docs/ARCHITECTURE.md."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from vision.dominoes import readers
from vision.dominoes.reader import NetTileReader
from vision.evaluate import match, tile_classes
from vision.synth import scene
from vision.synth.dominoes import PlacedTile, TileStyle, paste_tile, render_scene

#: Held-out seeds (training uses 9000 on, tuning 8000 on).
SEEDS = (101, 102, 103, 104, 105, 106)


@pytest.fixture(scope="module")
def reader() -> NetTileReader:
    return readers.READERS[readers.DEFAULT]()


def test_the_default_reader_is_registered_under_its_name():
    assert readers.DEFAULT in readers.READERS
    assert readers.READERS[readers.DEFAULT]().name == readers.DEFAULT


def test_rendered_scenes_read_right(reader):
    """Halves read right over a handful of whole scenes, as the harness scores them (IoU
    match, same class).  These 125 halves all read right when measured, a miss or two is
    allowed; stray finds were 8, all on one scene (103: a checked cloth whose squares are the
    tiles' size, read as face-down tiles), so a few more than one per scene fail."""
    labelled = right = extra = 0
    for seed in SEEDS:
        rendered = render_scene(np.random.default_rng(seed))
        read = tile_classes(reader.read(rendered.image))
        truth = list(rendered.labels)
        pairs = match(truth, read, iou=0.4)
        labelled += len(truth)
        right += sum(truth[t].cls == read[r].cls for t, r in pairs)
        extra += len(read) - len(pairs)
    assert labelled > 100
    assert right >= labelled - 2
    assert extra <= 10


def test_half_boxes_lie_on_the_halves_in_the_order_read(reader):
    rendered = render_scene(np.random.default_rng(107), n_line=8, n_down=0, n_up=2, hand=False)
    readings = [r for r in reader.read(rendered.image) if r.halves is not None]
    truth = {
        (round(h.centre[0]), round(h.centre[1])): pips
        for tile, halves in zip(rendered.layout.tiles, rendered.half_boxes, strict=True)
        if halves is not None
        for pips, h in zip(tile.halves, halves, strict=True)
    }
    assert len(readings) == 10
    side = rendered.layout.tiles[0].side
    for reading in readings:
        for pips, box in zip(reading.halves, reading.half_boxes, strict=True):
            nearest = min(truth, key=lambda c: math.dist(c, box.centre))
            assert math.dist(nearest, box.centre) < 0.3 * side
            assert truth[nearest] == pips


def _table_with(tiles: list[PlacedTile], style: TileStyle, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    canvas = scene.felt(rng, (480, 640), (40, 110, 30))
    for tile in tiles:
        canvas = paste_tile(canvas, style, tile, rng)
    return scene.sensor_noise(scene.gaussian_blur(canvas, 0.8), rng, sigma=3.0)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_face_down_tile_is_not_a_double_blank(reader, seed):
    """The hardest pair: a back of the same colour as the faces.  The 0-0 shows its divider."""
    style = TileStyle((235, 235, 235), (25, 25, 25), (232, 232, 232), (60, 60, 60), False, 0.1)
    side = 36.0
    tiles = [
        PlacedTile((0, 0), (200.0, 240.0), 0.3, side),
        PlacedTile(None, (440.0, 240.0), 1.2, side),
        PlacedTile((0, 0), (320.0, 120.0), 1.9, side),
        PlacedTile(None, (320.0, 370.0), 0.0, side),
    ]
    readings = reader.read(_table_with(tiles, style, seed))
    assert len(readings) == 4
    for tile in tiles:
        nearest = min(readings, key=lambda r: math.dist(r.box.centre, tile.centre))
        assert math.dist(nearest.box.centre, tile.centre) < side / 2
        assert nearest.halves == tile.halves
        assert nearest.face_up == (tile.halves is not None)


def test_a_bare_table_has_no_tiles(reader):
    rng = np.random.default_rng(4)
    assert reader.read(scene.wood(rng, (720, 1280))) == []
    assert reader.read(np.zeros((480, 640, 3), np.uint8)) == []


@pytest.mark.parametrize(
    "image",
    [None, np.zeros((480, 640), np.uint8), np.zeros((48, 64, 4), np.uint8), np.zeros((8, 8, 3))],
    ids=["none", "grey", "bgra", "float"],
)
def test_a_broken_image_is_a_clear_error(reader, image):
    with pytest.raises(ValueError, match="expected"):
        reader.read(image)


def test_every_tile_read_once_in_a_crowded_line(reader):
    """A long line of play: as many tiles read as laid, no tile read twice."""
    rendered = render_scene(np.random.default_rng(108), n_line=14, n_down=0, n_up=0, hand=False)
    readings = reader.read(rendered.image)
    assert len(readings) == len(rendered.layout.tiles)
    got = Counter(tuple(sorted(r.halves)) for r in readings if r.halves is not None)
    laid = Counter(tuple(sorted(t.halves)) for t in rendered.layout.tiles)
    assert sum((got & laid).values()) >= len(laid) - 1
