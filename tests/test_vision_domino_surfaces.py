"""Real-looking domino scenes (issue 22): tables cut from labelled photos outside their boxes,
patterned cloths near the tile size, printed pictures of tiles labelled as not tiles, tiles
over the whole range of sizes, and the ``--textures`` option of ``tableref synth``."""

from __future__ import annotations

import json
import math

import cv2
import numpy as np
import pytest

from ui.cli import main
from vision.dominoes.tile_score import TileTally
from vision.synth import surfaces
from vision.synth.dominoes import TILE_WIDTHS, render_dataset, render_scene
from vision.types import Box, TileReading


def _photo(folder, name: str, box_colour: int) -> None:
    """A 200x160 photo of a grey table with one labelled red box in its left part."""
    image = np.full((160, 200, 3), 90, np.uint8)
    image[20:80, 10:60] = (0, 0, box_colour)
    cv2.imwrite(str(folder / f"{name}.jpg"), image)
    (folder / f"{name}.txt").write_text("0 0.175 0.3125 0.25 0.375\n")


def test_textures_are_cut_beside_the_labelled_boxes(tmp_path):
    _photo(tmp_path, "a", 255)
    cv2.imwrite(str(tmp_path / "unlabelled.jpg"), np.zeros((160, 200, 3), np.uint8))
    textures = surfaces.table_textures(tmp_path)
    assert len(textures) == 1  # the unlabelled photo may show anything: not used
    (texture,) = textures
    assert texture.shape[0] >= surfaces.MIN_TEXTURE and texture.shape[1] >= surfaces.MIN_TEXTURE
    assert texture[..., 2].max() < 150  # none of the labelled red object is left


def test_a_texture_fills_a_scene_of_any_size(tmp_path):
    _photo(tmp_path, "a", 255)
    textures = surfaces.table_textures(tmp_path)
    surface = surfaces.texture_surface(np.random.default_rng(1), textures, (720, 1280))
    assert surface.shape == (720, 1280, 3)


def test_a_patterned_cloth_repeats_near_the_tile_size():
    cloth = surfaces.patterned_cloth(np.random.default_rng(2), (300, 400), 30.0)
    assert cloth.shape == (300, 400, 3) and cloth.dtype == np.uint8
    assert cloth.std() > 3  # a pattern, not a plain colour


def test_tiles_span_the_whole_range_of_sizes():
    sides = [
        render_scene(np.random.default_rng(seed), n_line=2, n_down=0, n_up=0, hand=False)
        .layout.tiles[0]
        .side
        for seed in range(12)
    ]
    low, high = TILE_WIDTHS
    assert all(low * 0.74 <= side <= high for side in sides)  # 960 px scenes scale them down
    assert max(sides) / min(sides) > 2


def test_printed_pictures_are_in_the_truth_and_lie_off_the_tiles(tmp_path):
    render_dataset(tmp_path, 6, seed=31)
    printed = 0
    for path in sorted(tmp_path.glob("*.json")):
        truth = json.loads(path.read_text())
        for outline in truth["printed"]:
            printed += 1
            centre = np.mean(outline, axis=0)
            for tile in truth["tiles"]:
                box = Box(*tile["box"])
                inside = box.x < centre[0] < box.x + box.w and box.y < centre[1] < box.y + box.h
                assert not inside
    assert printed > 0


def test_synth_takes_textures_for_dominoes_only(tmp_path, capsys):
    _photo(tmp_path, "a", 255)
    out = tmp_path / "out"
    argv = ["synth", "dominoes", "--count", "1", "--seed", "3", "--out", str(out)]
    assert main([*argv, "--textures", str(tmp_path)]) == 0
    assert (out / "domino_00000.json").is_file()
    capsys.readouterr()
    assert main(["synth", "dice", "--count", "1", "--out", str(out), "--textures", "x"]) == 2
    err = capsys.readouterr().err
    assert "--textures is for dominoes only" in err and len(err.strip().splitlines()) == 1
    assert main([*argv, "--textures", str(tmp_path / "missing")]) == 2
    assert "not a folder" in capsys.readouterr().err


def _truth(tiles: list[tuple[list[int] | None, list[float]]], printed=()) -> dict:
    return {
        "tiles": [{"halves": h, "box": b, "hidden": False} for h, b in tiles],
        "printed": [list(p) for p in printed],
    }


def test_tile_tally_counts_located_read_false_and_printed():
    truth = _truth(
        [([1, 2], [0, 0, 40, 20]), (None, [100, 0, 40, 20])],
        printed=[[[200, 0], [240, 0], [240, 20], [200, 20]]],
    )
    reads = [
        TileReading((2, 1), Box(1, 0, 40, 20), 0.9),  # right (either way round)
        TileReading((3, 3), Box(100, 1, 40, 20), 0.9),  # located, read wrong
        TileReading((0, 0), Box(201, 0, 38, 20), 0.9),  # on the printed picture
        TileReading((0, 0), Box(400, 0, 38, 20), 0.9),  # on the table
    ]
    tally = TileTally()
    tally.add(truth, reads)
    scores = tally.to_json()
    assert scores["located"] == 1.0 and scores["located_and_read"] == 0.5
    assert scores["false_tiles_per_scene"] == 2.0 and scores["false_on_printed_per_scene"] == 1.0


@pytest.mark.parametrize("seed", [40, 41])
def test_a_scene_truth_is_json(seed):
    rendered = render_scene(np.random.default_rng(seed))
    assert all(math.isfinite(v) for o in rendered.printed for v in np.ravel(o))
