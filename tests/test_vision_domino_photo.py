"""Phone photos of a game (issue 22): the renderer draws what the real photos showed (raised
tiles about 34 px wide, printed pictures of tiles labelled as not tiles, a tilted phone with
no mirrored border), and the reader takes a read for a tile only when it stands on the table
(the raised classifier): most printed pictures of tiles beside the play are no tiles."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.dominoes.nets import TilePose
from vision.dominoes.reader import RAISED_MIN, RAISED_NEIGHBOUR, NetTileReader, standing
from vision.dominoes.tile_score import TileTally
from vision.synth import surfaces
from vision.synth.domino_photo import PHOTO_WIDTHS, _photographed, render_photo, render_photos
from vision.synth.dominoes import scene_json
from vision.types import Box, TileReading

CARD_PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards-real-train"


def test_a_seed_reproduces_a_photo():
    first = render_photo(np.random.default_rng(3))
    again = render_photo(np.random.default_rng(3))
    assert np.array_equal(first.image, again.image)
    assert not np.array_equal(first.image, render_photo(np.random.default_rng(4)).image)


@pytest.mark.parametrize("seed", [1, 2])
def test_tiles_are_a_real_tile_size_and_clear_of_the_prints(seed):
    photo = render_photo(np.random.default_rng(seed), size=(1280, 960))
    low, high = PHOTO_WIDTHS
    for tile in photo.layout.tiles:
        assert low <= tile.side <= high
    for printed in photo.printed:
        for outline in photo.outlines:
            area, _ = cv2.intersectConvexConvex(
                printed.astype(np.float32), outline.astype(np.float32)
            )
            assert area < 0.05 * cv2.contourArea(outline.astype(np.float32))


def test_a_large_photo_scales_the_tiles():
    photo = render_photo(np.random.default_rng(5), size=(4000, 3000), n_line=4, n_down=1, n_up=0)
    assert photo.image.shape == (3000, 4000, 3)
    low, high = PHOTO_WIDTHS
    assert all(low * 3.1 <= t.side <= high * 3.2 for t in photo.layout.tiles)


def test_a_photographed_table_is_cut_not_mirrored():
    """A table photo (here a ramp, bright to the right) covers the view enlarged, never
    mirrored out: mirrored, a row of it would turn back."""
    ramp = np.tile(np.linspace(0, 255, 600, dtype=np.float32), (400, 1))
    texture = cv2.cvtColor(ramp.astype(np.uint8), cv2.COLOR_GRAY2BGR)
    table = _photographed(np.random.default_rng(2), [texture], (720, 1280))
    steps = np.diff(table[:, :, 0].astype(np.int16), axis=1)
    assert table.shape == (720, 1280, 3)
    assert (steps >= 0).all() or (steps <= 0).all()


@pytest.mark.skipif(not CARD_PHOTOS.is_dir(), reason="the card photos of ../shared are absent")
def test_photos_on_real_tables_render():
    textures = surfaces.table_textures(CARD_PHOTOS)
    photo = render_photo(np.random.default_rng(7), textures, n_line=3, n_down=1, n_up=0)
    assert len(photo.layout.tiles) == len(photo.outlines) == 4


def _logits_for(chances: list[float]):
    """A raised classifier that gives the reads, in order, these chances of standing."""
    logits = np.log(np.array(chances) / (1 - np.array(chances))).astype(np.float32)

    def net(batch: np.ndarray) -> np.ndarray:
        assert len(batch) == len(logits)
        return logits[:, None]

    return net


def test_flat_reads_are_dropped_unless_a_standing_neighbour_vouches():
    image = np.zeros((400, 800, 3), np.uint8)
    poses = [
        TilePose((200.0, 200.0), 0.0, 30.0),  # stands
        TilePose((262.0, 200.0), 0.0, 30.0),  # touches it, little shadow: vouched for
        TilePose((600.0, 100.0), 0.0, 30.0),  # alone and as doubtful: a print
        TilePose((600.0, 300.0), 0.0, 30.0),  # alone, stands
        TilePose((200.0, 234.0), 0.0, 30.0),  # touches the first, surely flat: a board slot
    ]
    reads = [(TileReading((1, 2), Box(0, 0, 1, 1), 1.0), pose) for pose in poses]
    doubtful, flat = (RAISED_NEIGHBOUR + RAISED_MIN) / 2, RAISED_NEIGHBOUR / 2
    kept = standing(_logits_for([0.9, doubtful, doubtful, 0.5, flat]), image, reads)
    assert [poses.index(pose) for _, pose in kept] == [0, 1, 3]
    assert RAISED_NEIGHBOUR < RAISED_MIN < 0.5
    assert standing(None, image, reads) == reads


#: Photo seeds whose boards, sheets and boxes carry printed pictures of tiles.
PRINTED_SEEDS = (1, 6, 15)


def test_prints_in_photos_are_mostly_not_read_and_tiles_still_are():
    checked, unchecked = NetTileReader(), NetTileReader(flat_check=False)
    on_prints = {True: 0, False: 0}
    located = {True: 0, False: 0}
    for seed in PRINTED_SEEDS:
        photo = render_photo(np.random.default_rng(seed))
        assert photo.printed
        truth = scene_json(photo)
        for check, reader in ((True, checked), (False, unchecked)):
            tally = TileTally()
            tally.add(truth, reader.read(photo.image))
            on_prints[check] += tally.on_printed
            located[check] += tally.read_right
    assert on_prints[True] < on_prints[False]
    assert located[True] >= located[False] - 1


def test_a_folder_of_photos_is_written_with_its_truth(tmp_path):
    """``python -m vision.synth.domino_photo`` (the raised classifier's training photos): each
    photo with its YOLO labels and its layout truth, tiles and prints."""
    render_photos(tmp_path, 2, seed=11)
    for stem in ("photo_00000", "photo_00001"):
        image = cv2.imread(str(tmp_path / f"{stem}.jpg"))
        assert image is not None and image.shape[1] == 1280
        truth = json.loads((tmp_path / f"{stem}.json").read_text())
        assert truth["tiles"] and "printed" in truth
        assert (tmp_path / f"{stem}.txt").read_text().strip()
