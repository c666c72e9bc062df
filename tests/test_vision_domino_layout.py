"""The domino layout graph (vision/dominoes/layout.py): which tiles touch and by which half,
the line of play and its open ends, from tile readings by geometry alone.

Hand-made layouts pin each way of touching (straight, bend, crosswise double, Fives spinner),
gaps, misreads and loose tiles; the renderer's own layouts (vision/synth/dominoes.py) check
the graph equals the truth on many scenes, with and without a few pixels of reader error."""

from __future__ import annotations

import json
import math

import cv2
import numpy as np
import pytest

from vision.dominoes.layout import (
    LayoutTally,
    build_layout,
    layout_accuracy,
    tile_name,
    truth_readings,
)
from vision.synth import scene
from vision.synth.dominoes import PlacedTile, random_layout, render_scene, scene_json
from vision.types import Box, TileReading

SIDE = 40.0


def bbox(corners: np.ndarray) -> Box:
    x0, y0 = corners.min(axis=0)
    x1, y1 = corners.max(axis=0)
    return Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0))


def reading(halves, centre, degrees, side=SIDE, face_up=True, matrix=None) -> TileReading:
    """A perfect reading of a tile lying at ``centre`` with half 0 -> half 1 along
    ``degrees``, optionally seen through the homography ``matrix``."""
    tile = PlacedTile(tuple(halves), centre, math.radians(degrees), side)

    def seen(points: np.ndarray) -> Box:
        return bbox(points if matrix is None else scene.warp_points(points, matrix))

    half_boxes = (seen(tile.half_outline(0)), seen(tile.half_outline(1))) if face_up else None
    return TileReading(tuple(halves) if face_up else None, seen(tile.outline()), 0.9, half_boxes)


def links_of(graph) -> set[frozenset]:
    return {frozenset({link.a, link.b}) for link in graph.links}


def ends_of(graph) -> list[tuple]:
    """Open ends as ((tile, half), pips), a long side (half None) before the halves."""
    ends = [(end.end, end.value) for end in graph.open_ends]
    return sorted(ends, key=lambda e: (e[0][0], -1 if e[0][1] is None else e[0][1]))


# --------------------------------------------------------------------------------------------
# Each way of touching.


def test_straight_chain_links_halves_end_to_end():
    graph = build_layout(
        [
            reading((1, 2), (200, 200), 0),
            reading((2, 5), (281, 200), 0),  # a 1 px gap
            reading((5, 3), (362, 201), 0),  # a 1 px step sideways
        ]
    )
    assert links_of(graph) == {frozenset({(0, 1), (1, 0)}), frozenset({(1, 1), (2, 0)})}
    assert [link.kind for link in graph.links] == ["straight", "straight"]
    assert all(link.consistent for link in graph.links)
    assert graph.line == (0, 1, 2)
    assert ends_of(graph) == [((0, 0), 1), ((2, 1), 3)]


def test_halves_in_either_reading_order():
    """A reader may give a tile's halves in either order: the geometry follows the boxes."""
    graph = build_layout([reading((1, 2), (200, 200), 0), reading((5, 2), (280, 200), 180)])
    assert links_of(graph) == {frozenset({(0, 1), (1, 1)})}
    assert ends_of(graph) == [((0, 0), 1), ((1, 0), 5)]


def test_bend_at_a_right_angle():
    # 1-2 runs right; 2-4 sits beyond its end and runs down.
    graph = build_layout([reading((1, 2), (200, 200), 0), reading((2, 4), (260, 220), 90)])
    assert links_of(graph) == {frozenset({(0, 1), (1, 0)})}
    assert graph.links[0].kind == "bend"
    assert ends_of(graph) == [((0, 0), 1), ((1, 1), 4)]


def test_double_laid_crosswise_in_the_line():
    tiles = [
        reading((1, 6), (200, 200), 0),
        reading((6, 6), (260, 200), 90),  # across the line
        reading((6, 3), (320, 200), 0),
    ]
    graph = build_layout(tiles)
    assert links_of(graph) == {frozenset({(0, 1), (1, None)}), frozenset({(1, None), (2, 0)})}
    assert graph.tile(1).crosswise
    assert ends_of(graph) == [((0, 0), 1), ((2, 1), 3)]


def test_crosswise_double_at_the_end_is_an_open_end_of_its_value():
    graph = build_layout([reading((1, 6), (200, 200), 0), reading((6, 6), (260, 200), 90)])
    assert ends_of(graph) == [((0, 0), 1), ((1, None), 6)]
    double_end = next(end for end in graph.open_ends if end.end == (1, None))
    assert double_end.double and double_end.crosswise


def test_led_double_offers_both_long_sides():
    graph = build_layout([reading((4, 4), (200, 200), 90)])
    assert graph.line == (0,)
    assert ends_of(graph) == [((0, None), 4), ((0, None), 4)]


def spinner(matrix=None) -> list[TileReading]:
    """Fives: a 5-5 spinner led crosswise, played on both long sides and both ends."""
    return [
        reading((5, 5), (300, 300), 90, matrix=matrix),  # half 0 up, half 1 down
        reading((2, 5), (240, 300), 0, matrix=matrix),  # left of it
        reading((5, 1), (360, 300), 0, matrix=matrix),  # right of it
        reading((5, 4), (300, 220), -90, matrix=matrix),  # above: its half 0 touches
        reading((5, 0), (300, 380), 90, matrix=matrix),  # below
    ]


SPINNER_LINKS = {
    frozenset({(0, None), (1, 1)}),
    frozenset({(0, None), (2, 0)}),
    frozenset({(0, 0), (3, 0)}),
    frozenset({(0, 1), (4, 0)}),
}


def test_four_way_spinner():
    graph = build_layout(spinner())
    assert links_of(graph) == SPINNER_LINKS
    assert ends_of(graph) == [((1, 0), 2), ((2, 1), 1), ((3, 1), 4), ((4, 1), 0)]
    assert sum(end.value for end in graph.open_ends) == 7


def test_spinner_played_on_one_end_opens_the_other():
    graph = build_layout(spinner()[:4])  # nothing below yet
    assert ((0, 1), 5) in ends_of(graph)  # its free end: the spinner is open along its axis
    assert ((0, None), 5) not in ends_of(graph)  # both long sides taken


def test_rotation_and_perspective_keep_the_graph():
    angle = math.radians(30)
    rotation = np.array(
        [
            [math.cos(angle), -math.sin(angle), 200],
            [math.sin(angle), math.cos(angle), 50],
            [0, 0, 1],
        ]
    )
    src = np.float32([[0, 0], [800, 0], [800, 600], [0, 600]])
    dst = np.float32([[30, 10], [770, -20], [820, 640], [-10, 580]])
    tilt = cv2.getPerspectiveTransform(src, dst)
    graph = build_layout(spinner(tilt @ rotation))
    assert links_of(graph) == SPINNER_LINKS
    assert sum(end.value for end in graph.open_ends) == 7


# --------------------------------------------------------------------------------------------
# Gaps, misreads, loose tiles.


@pytest.mark.parametrize(("gap", "touching"), [(0.0, True), (0.25, True), (0.7, False)])
def test_small_gaps_still_touch_wide_ones_do_not(gap, touching):
    graph = build_layout(
        [reading((1, 2), (200, 200), 0), reading((2, 3), (280 + gap * SIDE, 200), 0)]
    )
    assert bool(graph.links) is touching


def test_mismatched_pips_are_reported_not_dropped():
    graph = build_layout([reading((1, 2), (200, 200), 0), reading((3, 5), (280, 200), 0)])
    assert links_of(graph) == {frozenset({(0, 1), (1, 0)})}
    assert graph.links[0].values == (2, 3)
    assert not graph.links[0].consistent
    assert not graph.consistent
    assert graph.line == (0, 1)


def test_loose_tiles_and_face_down_tiles_are_not_in_the_line():
    tiles = [
        reading((1, 2), (200, 200), 0),
        reading((2, 5), (280, 200), 0),
        # A revealed hand: tiles side by side, long sides touching.
        reading((0, 3), (500, 100), 0),
        reading((4, 6), (500, 140), 0),
        reading((1, 1), (500, 180), 0),
        # Face down, one lying right off the line's end.
        reading((0, 0), (380, 200), 0, face_up=False),
        reading((0, 0), (100, 400), 45, face_up=False),
    ]
    graph = build_layout(tiles)
    assert graph.line == (0, 1)
    assert graph.loose == (2, 3, 4)
    assert graph.face_down == (5, 6)
    assert ends_of(graph) == [((0, 0), 1), ((1, 1), 5)]


def test_a_reading_without_half_boxes_is_unplaced():
    bare = TileReading((2, 3), Box(280, 180, 80, 40), 0.9)
    graph = build_layout([reading((1, 2), (200, 200), 0), bare])
    assert graph.unplaced == (1,)
    assert graph.links == ()


def test_lone_lead_among_loose_tiles_needs_an_anchor():
    tiles = [reading((3, 5), (200, 200), 0), reading((1, 4), (500, 300), 37)]
    graph = build_layout(tiles)
    assert graph.ambiguous and graph.line == ()
    anchored = build_layout(tiles, anchors=[1])
    assert anchored.line == (1,) and not anchored.ambiguous
    assert ends_of(anchored) == [((1, 0), 1), ((1, 1), 4)]


def test_doubles_crosswise_option():
    """A double with no joint on its long side is crosswise only where the game says so."""
    tiles = [reading((1, 2), (200, 200), 0), reading((2, 2), (280, 200), 0)]
    assert ends_of(build_layout(tiles, doubles_crosswise=False)) == [((0, 0), 1), ((1, 1), 2)]
    graph = build_layout(tiles)
    assert ends_of(graph) == [((0, 0), 1), ((1, None), 2), ((1, None), 2), ((1, 1), 2)]


def test_to_json_is_plain_data():
    graph = build_layout(spinner())
    data = json.loads(json.dumps(graph.to_json()))
    assert data["line"] == [0, 1, 2, 3, 4]
    assert {"a": [0, None], "b": [1, 1], "values": [5, 5], "kind": "crosswise"}.items() <= (
        data["links"][0].items()
    )
    assert data["consistent"] is True
    assert data["tiles"][0]["tile"] == "5-5"


def test_tile_name_puts_the_lower_number_first():
    assert tile_name((5, 3)) == "3-5"
    assert tile_name([6, 6]) == "6-6"


# --------------------------------------------------------------------------------------------
# Against the renderer's truth.


def layout_truth(rng: np.random.Generator) -> dict:
    """A scene's truth JSON as ``scene_json`` writes it, without drawing the pixels: a layout
    of the renderer, carried through a camera tilt like the renderer's."""
    size = [(960, 720), (1280, 720), (1024, 768)][rng.integers(3)]
    width, height = size
    side = float(rng.uniform(0.04, 0.07) * min(size))
    layout = random_layout(
        rng, size, side, int(rng.integers(0, 12)), int(rng.integers(0, 6)), int(rng.integers(0, 5))
    )
    _, _, matrix = scene.perspective_warp(np.zeros((height, width), np.uint8), [], rng)

    def box(points: np.ndarray) -> list[float]:
        corners = np.clip(scene.warp_points(points, matrix), 0, size)
        return bbox(corners).as_list()

    return {
        "tiles": [
            {
                "halves": None if tile.halves is None else list(tile.halves),
                "box": box(tile.outline()),
                "half_boxes": None
                if tile.halves is None
                else [box(tile.half_outline(0)), box(tile.half_outline(1))],
                "in_line": index in layout.line,
                "hidden": False,
            }
            for index, tile in enumerate(layout.tiles)
        ],
        "line": list(layout.line),
        "links": [[list(a), list(b)] for a, b in layout.links],
        "open_ends": [list(end) for end in layout.open_ends],
    }


def jittered(readings: list[TileReading], rng: np.random.Generator, pixels: float):
    """Each box's x, y, width and height off by up to ``pixels``: a reader's error."""

    def move(box: Box) -> Box:
        dx, dy, dw, dh = rng.uniform(-pixels, pixels, 4)
        return Box(box.x + dx, box.y + dy, max(1.0, box.w + dw), max(1.0, box.h + dh))

    return [
        TileReading(
            r.halves,
            move(r.box),
            r.confidence,
            None if r.half_boxes is None else (move(r.half_boxes[0]), move(r.half_boxes[1])),
        )
        for r in readings
    ]


def has_line(truth: dict) -> bool:
    """A line of two tiles or more: a lone lead among loose face-up tiles cannot be told from
    them in one frame (the observer tells it by what was put down last)."""
    return len(truth["line"]) >= 2


def test_rendered_scenes_graph_equals_truth():
    """Truth readings of real rendered scenes (perspective, hidden tiles under a hand)."""
    rng = np.random.default_rng(20261129)
    for n_line in (4, 6, 8, 9, 10, 11, 11):
        rendered = render_scene(rng, n_line=n_line, size=(640, 480), hand=False)
        truth = scene_json(rendered)
        score = layout_accuracy(truth, truth_readings(truth))
        assert score.exact, (n_line, score)
    rendered = render_scene(rng, n_line=10, size=(640, 480), hand=True)
    truth = scene_json(rendered)
    score = layout_accuracy(truth, truth_readings(truth))
    assert score.links_right, score


@pytest.fixture(scope="module")
def line_truths() -> list[dict]:
    """300 of the renderer's layouts that hold a line of two tiles or more."""
    rng = np.random.default_rng(8)
    truths = [layout_truth(rng) for _ in range(300)]
    return [truth for truth in truths if has_line(truth)]


@pytest.mark.parametrize("pixels", [0.0, 2.0])
def test_many_layouts_graph_equals_truth(line_truths, pixels):
    """Every link right without reader error, and nearly every scene exactly right (links,
    line, open ends) with up to 2 px error on every box."""
    noise = np.random.default_rng(9)
    tally = LayoutTally()
    for truth in line_truths:
        tally.add(layout_accuracy(truth, jittered(truth_readings(truth), noise, pixels)))
    report = tally.to_json()
    assert tally.scenes > 220
    if pixels == 0:
        assert report["links_exact"] == report["exact"] == 1.0
    else:
        assert report["links_exact"] >= 0.98
        assert report["exact"] >= 0.98
        assert report["link_precision"] >= 0.995


def test_accuracy_sees_a_broken_link():
    truth = {
        "tiles": [
            {"halves": [1, 2], "box": [180, 180, 80, 40], "half_boxes": None, "hidden": False},
            {"halves": [2, 3], "box": [260, 180, 80, 40], "half_boxes": None, "hidden": False},
        ],
        "line": [0, 1],
        "links": [[[0, 1], [1, 0]]],
        "open_ends": [[0, 0], [1, 1]],
    }
    for tile, placed in zip(truth["tiles"], [(200, 200), (280, 200)], strict=True):
        tile["half_boxes"] = [
            half.as_list() for half in reading((0, 0), placed, 0).half_boxes or ()
        ]
    right = layout_accuracy(truth, truth_readings(truth))
    assert right.exact and right.right_links == 1
    apart = [reading((1, 2), (200, 200), 0), reading((2, 3), (310, 200), 0)]
    wrong = layout_accuracy(truth, apart)
    assert not wrong.exact
    assert (wrong.truth_links, wrong.found_links, wrong.right_links) == (1, 0, 0)
    assert wrong.line_right is False
