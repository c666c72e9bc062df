"""The domino renderer (issue 8): scenes are reproducible, the line of play is legal (touching
halves match), and the labels (YOLO per half, face-down per tile, outlines in the JSON) say
where each tile really is."""

from __future__ import annotations

import json

import numpy as np
import pytest

from vision.labels import DOMINO_FACE_DOWN, read_yolo
from vision.synth.dominoes import render_dataset, render_scene, scenes


def test_a_seed_reproduces_a_scene_and_another_seed_does_not():
    first, again = next(scenes(1, 5)), next(scenes(1, 5))
    other = next(scenes(1, 6))
    assert np.array_equal(first.image, again.image) and first.labels == again.labels
    assert not np.array_equal(first.image, other.image)


@pytest.mark.parametrize("seed", range(4))
def test_touching_halves_of_the_line_match(seed):
    """A legal line: every link joins two ends showing the same number (a crosswise double
    touches with its long side, either half)."""
    layout = render_scene(np.random.default_rng(seed), n_line=10, n_down=0, n_up=0).layout
    assert len(layout.links) == len(layout.line) - 1
    for (a, half_a), (b, half_b) in layout.links:
        value_a = layout.tiles[a].halves[half_a if half_a is not None else 0]
        value_b = layout.tiles[b].halves[half_b if half_b is not None else 0]
        assert value_a == value_b


def test_labels_one_per_half_and_one_per_face_down_tile():
    rendered = render_scene(np.random.default_rng(3), n_line=6, n_down=3, n_up=2, hand=False)
    visible = [t for i, t in enumerate(rendered.layout.tiles) if i not in rendered.hidden]
    up = [t for t in visible if t.halves is not None]
    down = [t for t in visible if t.halves is None]
    classes = sorted(label.cls for label in rendered.labels)
    assert classes.count(DOMINO_FACE_DOWN) == len(down)
    assert sorted(c for c in classes if c != DOMINO_FACE_DOWN) == sorted(
        pips for t in up for pips in t.halves
    )


def test_outline_half_boxes_and_tile_box_agree():
    """The outline's first and last corners are at half 0's end: half 0's box holds the middle
    of that end, and the tile box holds the whole outline."""
    rendered = render_scene(np.random.default_rng(11), n_line=5, n_down=2, n_up=2)
    for outline, box, halves in zip(
        rendered.outlines, rendered.tile_boxes, rendered.half_boxes, strict=True
    ):
        assert np.allclose(outline.min(axis=0), (box.x, box.y), atol=0.5)
        if halves is None:
            continue
        end = (outline[0] + outline[3]) / 2 * 0.9 + (outline[1] + outline[2]) / 2 * 0.1
        first = halves[0]
        assert first.x - 1 <= end[0] <= first.x + first.w + 1
        assert first.y - 1 <= end[1] <= first.y + first.h + 1


def test_dataset_files_hold_the_same_truth(tmp_path):
    render_dataset(tmp_path, 2, seed=21)
    for stem in ("domino_00000", "domino_00001"):
        truth = json.loads((tmp_path / f"{stem}.json").read_text())
        labels = read_yolo(tmp_path / f"{stem}.txt", 4000, 4000)  # any size: count only
        shown = [t for t in truth["tiles"] if not t["hidden"]]
        expected = sum(1 if t["halves"] is None else 2 for t in shown)
        assert len(labels) == expected
        assert all(len(t["outline"]) == 4 for t in truth["tiles"])
