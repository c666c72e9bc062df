"""The domino observer (vision/dominoes/observe.py): one ``tile_laid`` fact per tile joined to
the line of play, only once the scene has settled; nothing for a moving hand, a one-frame
misread or a revealed hand beside the line; a ``layout_changed`` fact for what the operator
must confirm (a line tile gone or misread, pips that disagree), and again when it is whole."""

from __future__ import annotations

import json

import numpy as np
import pytest
from test_vision_domino_layout import jittered, layout_truth, reading

from vision.dominoes.layout import tile_name, truth_readings
from vision.dominoes.observe import LayoutChanged, TileLaid, TileObserver
from vision.types import Box, TileReading

STILL = 6  # frames at rest: one more than the observer needs


def run(observer: TileObserver, frames, start: int = 0) -> list:
    facts = []
    for offset, readings in enumerate(frames):
        index = start + offset
        facts.extend(observer.update(readings, index, index / 30))
    return facts


def moved(r: TileReading, dx: float, dy: float) -> TileReading:
    def shift(box: Box) -> Box:
        return Box(box.x + dx, box.y + dy, box.w, box.h)

    half_boxes = None if r.half_boxes is None else (shift(r.half_boxes[0]), shift(r.half_boxes[1]))
    return TileReading(r.halves, shift(r.box), r.confidence, half_boxes)


def under_hand(readings, centre, radius) -> list[TileReading]:
    """What the camera sees with a hand over ``centre``: tiles under it are gone."""
    return [r for r in readings if np.hypot(*np.subtract(r.box.centre, centre)) > radius]


def laying(truth: dict, rng: np.random.Generator) -> list[list[TileReading]]:
    """Frames of a hand being played out: the boneyard lies there from the start, loose
    face-up tiles (a revealed hand) turn up all at once at some point; each tile of the line
    is brought in under a hand (moving, covering its neighbours), then rests, with a
    one-frame misread or dropout now and then."""
    readings = truth_readings(truth)
    line = truth["line"]
    loose = [i for i, r in enumerate(readings) if i not in line and r.halves is not None]
    present = [i for i, r in enumerate(readings) if r.halves is None]
    # A lone face-up tile on an empty table is the lead as far as anyone can tell.
    reveal_at = int(rng.integers(0 if len(loose) > 1 else 1, len(line) + 1))
    frames = [[readings[i] for i in present]] * STILL
    side = max(readings[line[0]].box.w, readings[line[0]].box.h) / 2
    for step, new in enumerate([*line, None]):
        if step == reveal_at:
            present += loose
            frames += [[readings[i] for i in present]] * STILL
        if new is None:
            break
        for shift in (3, 2, 1):
            coming = moved(readings[new], 12 * shift, -9 * shift)
            scene = [readings[i] for i in present] + [coming]
            frames.append(under_hand(scene, coming.box.centre, 2.5 * side))
        present.append(new)
        still = [readings[i] for i in present]
        frames += [jittered(still, rng, 0.5) for _ in range(STILL)]
        if rng.random() < 0.6:
            glitch = list(still)
            victim = int(rng.integers(len(glitch)))
            if rng.random() < 0.5 or glitch[victim].halves is None:
                del glitch[victim]  # a dropout
            else:
                a, b = glitch[victim].halves  # type: ignore[misc]
                glitch[victim] = TileReading(
                    ((a + 1) % 7, b), glitch[victim].box, 0.4, glitch[victim].half_boxes
                )
            frames.append(glitch)
            frames += [jittered(still, rng, 0.5) for _ in range(STILL)]
    return frames


def joint_of(truth: dict, tile: int) -> tuple[str, int, int] | None:
    """The truth's joint of a laid tile: (tile it joins, that end's pips, its own pips)."""
    for (old, old_half), (new, new_half) in truth["links"]:
        if new == tile:
            return (
                tile_name(truth["tiles"][old]["halves"]),
                pips(truth, old, old_half),
                pips(truth, new, new_half),
            )
    return None


def pips(truth: dict, tile: int, half: int | None) -> int:
    halves = truth["tiles"][tile]["halves"]
    return halves[0] if half is None else halves[half]


@pytest.mark.parametrize("seed", range(1, 13))
def test_one_tile_laid_fact_per_tile_in_order(seed):
    rng = np.random.default_rng(seed)
    truth = layout_truth(rng)
    while len(truth["line"]) < 6:
        truth = layout_truth(rng)
    observer = TileObserver()
    facts = run(observer, laying(truth, rng))
    assert all(isinstance(fact, TileLaid) for fact in facts), facts
    line = truth["line"]
    assert [fact.tile for fact in facts] == [tile_name(truth["tiles"][i]["halves"]) for i in line]
    assert facts[0].joins is None
    for fact, tile in zip(facts[1:], line[1:], strict=True):
        assert fact.joins is not None and fact.consistent
        assert (fact.joins.tile, fact.joins.value, fact.value) == joint_of(truth, tile)
    last = observer.layout
    assert last is not None and fact_ends(facts[-1]) == sorted(e.value for e in last.open_ends)


def fact_ends(fact: TileLaid) -> list[int]:
    return sorted(end.value for end in fact.open_ends)


def line_of(*halves_and_places) -> list[TileReading]:
    return [reading(halves, place, 0) for halves, place in halves_and_places]


LINE = line_of(((1, 2), (200, 200)), ((2, 5), (280, 200)), ((5, 3), (360, 200)))
HAND = [
    reading((4, 6), (600, 420), 30),
    reading((1, 1), (480, 470), 95),
    reading((0, 0), (650, 300), 80, face_up=False),
]


def settle(observer: TileObserver, readings, start: int) -> list:
    return run(observer, [readings] * STILL, start)


def test_lead_among_a_revealed_hand_and_then_the_line():
    observer = TileObserver()
    assert settle(observer, HAND, 0) == []
    lead = settle(observer, [*HAND, LINE[0]], 10)
    assert [fact.tile for fact in lead] == ["1-2"] and lead[0].joins is None
    second = settle(observer, [*HAND, *LINE[:2]], 20)
    assert [fact.tile for fact in second] == ["2-5"]
    assert second[0].joins is not None and second[0].joins.tile == "1-2"
    assert second[0].value == second[0].joins.value == 2
    assert fact_ends(second[0]) == [1, 5]


def test_nothing_until_the_scene_settles():
    observer = TileObserver(frames=5)
    assert run(observer, [[*LINE[:1]]] * 4) == []
    assert [fact.tile for fact in run(observer, [[*LINE[:1]]], 4)] == ["1-2"]


def test_hand_resting_over_a_line_tile_is_reported_and_not_laid_again():
    observer = TileObserver()
    settle(observer, LINE[:1], 0)
    settle(observer, LINE[:2], 10)
    settle(observer, LINE, 20)
    covered = under_hand([*LINE, *HAND], LINE[1].box.centre, 30)
    gone = settle(observer, covered, 30)
    assert len(gone) == 1 and isinstance(gone[0], LayoutChanged)
    assert gone[0].missing == ("2-5",) and not gone[0].consistent
    back = settle(observer, [*LINE, *HAND], 40)
    assert len(back) == 1 and isinstance(back[0], LayoutChanged) and back[0].consistent


def test_hand_over_a_loose_tile_says_nothing():
    observer = TileObserver()
    settle(observer, [*HAND, *LINE[:2]], 0)
    assert settle(observer, [*HAND[1:], *LINE[:2]], 10) == []
    assert settle(observer, [*HAND, *LINE[:2]], 20) == []


def test_a_tile_that_reads_differently_is_a_reread_not_a_new_tile():
    observer = TileObserver()
    for count in (1, 2, 3):
        settle(observer, LINE[:count], count * 10)
    wrong = TileReading((5, 4), LINE[2].box, 0.6, LINE[2].half_boxes)
    facts = settle(observer, [*LINE[:2], wrong], 40)
    assert len(facts) == 1 and isinstance(facts[0], LayoutChanged)
    assert facts[0].rereads == (("3-5", "4-5"),)
    assert facts[0].missing == ()
    assert not any(isinstance(fact, TileLaid) for fact in facts)


def test_a_tile_that_does_not_match_is_laid_and_flagged():
    observer = TileObserver()
    settle(observer, LINE[:2], 0)
    wrong = reading((6, 3), (360, 200), 0)  # its 6 against the 5 of 2-5
    facts = settle(observer, [*LINE[:2], wrong], 10)
    laid = [fact for fact in facts if isinstance(fact, TileLaid)]
    changed = [fact for fact in facts if isinstance(fact, LayoutChanged)]
    assert [fact.tile for fact in laid] == ["3-6"]
    assert not laid[0].consistent and laid[0].value == 6 and laid[0].joins.value == 5
    assert len(changed) == 1
    assert [m.to_json() for m in changed[0].mismatches] == [
        {"a": "2-5", "a_value": 5, "b": "3-6", "b_value": 6}
    ]


def test_a_double_laid_crosswise():
    observer = TileObserver()
    settle(observer, LINE[:2], 0)
    double = reading((5, 5), (340, 200), 90)
    facts = settle(observer, [*LINE[:2], double], 10)
    assert [fact.tile for fact in facts] == ["5-5"]
    assert facts[0].crosswise and facts[0].value == 5
    crosswise_end = [end for end in facts[0].open_ends if end.crosswise]
    assert len(crosswise_end) == 1 and crosswise_end[0].value == 5


def test_a_lone_tile_taken_for_the_lead_gives_way_to_a_joined_line():
    """A single face-up tile on an empty table is taken for the lead; when two tiles joined
    elsewhere show it was not, they are the line (the one that lay there first leads) and
    the operator is told the first tile is no longer part of it."""
    observer = TileObserver()
    stray = reading((4, 4), (600, 420), 30)
    assert [fact.tile for fact in settle(observer, [stray], 0)] == ["4-4"]
    assert settle(observer, [stray, LINE[1]], 10) == []  # the real lead: one more lone tile
    facts = settle(observer, [stray, *LINE[:2]], 20)
    assert [getattr(fact, "tile", None) for fact in facts] == ["2-5", "1-2", None]
    assert facts[1].joins is not None and facts[1].joins.tile == "2-5"
    assert isinstance(facts[2], LayoutChanged) and facts[2].detached == ("4-4",)


def test_a_cleared_table_forgets_the_line():
    observer = TileObserver()
    settle(observer, LINE[:1], 0)
    settle(observer, LINE[:2], 10)
    cleared = settle(observer, [], 20)
    assert len(cleared) == 1 and cleared[0].missing == ("1-2", "2-5")
    again = settle(observer, LINE[1:2], 30)
    assert [fact.tile for fact in again] == ["2-5"] and again[0].joins is None


def test_facts_are_plain_json():
    observer = TileObserver()
    settle(observer, LINE[:1], 0)
    laid = settle(observer, LINE[:2], 10)[0]
    data = json.loads(json.dumps(laid.to_json()))
    assert data["fact"] == "tile_laid" and data["tile"] == "2-5"
    assert data["joins"] == {"tile": "1-2", "value": 2, "long_side": False}
    assert data["frame"] == 14 and data["consistent"] is True
    gone = settle(observer, LINE[:1], 20)[0]
    assert json.loads(json.dumps(gone.to_json()))["fact"] == "layout_changed"
