"""The game's history resolves what one picture of a domino table cannot (issue 22): the
observer joins only tiles laid against each other, each new tile at one end, and keeps a line
tile the reader missed in a frame where it lay; the renderer replays a scene as the game that
led to it."""

from __future__ import annotations

import numpy as np
from test_vision_domino_layout import layout_truth, reading
from test_vision_domino_observe import HAND, LINE, settle

from vision.dominoes.layout import build_layout, layout_accuracy, truth_readings
from vision.dominoes.observe import LayoutChanged, TileLaid, TileObserver
from vision.synth.dominoes import games, render_game, scene_json, scenes
from vision.types import TileReading


def laid(facts) -> list[str]:
    return [fact.tile for fact in facts if isinstance(fact, TileLaid)]


# A line that turns back on itself: 1-2, 2-5 to the right, 5-4 down, 4-3 and 3-6 back to the
# left, 6-1 up, laid on 3-6 and ending with its 1 a few px from the 1 of 1-2, as if laid
# against it too (a closed loop).
U_TURN = [
    reading((1, 2), (200, 196), 0),
    reading((2, 5), (280, 200), 0),
    reading((5, 4), (340, 220), 90),
    reading((4, 3), (320, 280), 180),
    reading((3, 6), (240, 280), 180),
    reading((6, 1), (180, 260), -90),
]


def test_a_line_turning_back_on_itself_is_not_closed_with_history():
    """One picture joins the last tile to the lead too (a loop, no open end); the history
    knows it was laid against 3-6 only, so 1-2 and 6-1 each keep an open 1."""
    picture = build_layout(U_TURN)
    assert len(picture.links) == 6 and picture.open_ends == ()
    observer = TileObserver()
    facts = []
    for count in range(1, len(U_TURN) + 1):
        facts += settle(observer, U_TURN[:count], 10 * count)
    assert laid(facts) == ["1-2", "2-5", "4-5", "3-4", "3-6", "1-6"]
    last = facts[-1]
    assert last.joins is not None and last.joins.tile == "3-6"
    assert sorted(end.value for end in last.open_ends) == [1, 1]
    graph = observer.layout
    assert graph is not None and len(graph.links) == 5
    # Later scenes keep the joints as laid: the two 1s still do not touch.
    settle(observer, U_TURN[:1], 200)
    settle(observer, U_TURN, 210)
    assert observer.layout is not None and len(observer.layout.links) == 5


def test_two_plays_between_rests_are_both_laid():
    observer = TileObserver()
    settle(observer, LINE[:1], 0)
    assert laid(settle(observer, LINE, 10)) == ["2-5", "3-5"]


def test_a_game_ends_on_the_scene_of_the_same_seed():
    game, alone = next(games(1, 31)), next(scenes(1, 31))
    assert np.array_equal(game[-1].image, alone.image)
    line = len(alone.layout.line)
    assert [len(frame.layout.line) for frame in game[: line + 1]] == list(range(line + 1))


def test_each_frame_of_a_game_has_its_own_truth():
    """Tile i of a frame is the same tile in every frame; links and open ends are those of
    the line as it stood; loose face-up tiles appear only in the last frame."""
    game = render_game(np.random.default_rng(4), n_line=6, n_down=2, n_up=2, hand=False)
    final = game[-1].layout
    assert len(game) == len(final.line) + 2
    for laid_now, frame in enumerate(game[:-1]):
        layout = frame.layout
        assert layout.line == tuple(range(laid_now))
        assert len(layout.links) == max(0, laid_now - 1)
        assert all(tile.halves is None for tile in layout.tiles[laid_now:])
        assert layout.tiles[:laid_now] == final.tiles[:laid_now]
        truth = scene_json(frame)
        assert layout_accuracy(truth, truth_readings(truth)).exact


def test_a_line_tile_missed_in_a_frame_keeps_its_place():
    """The reader misses 2-5 in the frame where 6-1 is laid at the far end: the line is not cut
    in two (leaving 6-1 on the shorter part, unlaid); 2-5 is reported missing all the same."""
    line = [*LINE, reading((3, 4), (440, 200), 0)]
    observer = TileObserver()
    for count in range(1, len(line) + 1):
        settle(observer, line[:count], 10 * count)
    new = reading((6, 1), (120, 200), 0)
    facts = settle(observer, [new, line[0], *line[2:]], 100)
    assert laid(facts) == ["1-6"]
    assert facts[0].joins is not None and facts[0].joins.tile == "1-2"
    changed = [fact for fact in facts if isinstance(fact, LayoutChanged)]
    assert len(changed) == 1 and changed[0].missing == ("2-5",) and not changed[0].detached


def test_links_of_a_hidden_tile_are_not_scored_either_way():
    """The truth leaves out the joints of a tile a hand covers; a reader (or an observer that
    remembers it) that still joins it is not marked wrong for that."""
    rng = np.random.default_rng(2)
    truth = layout_truth(rng)
    while len(truth["line"]) < 4:
        truth = layout_truth(rng)
    readings = truth_readings(truth)  # every tile, the one about to be hidden too
    truth["tiles"][truth["line"][-1]]["hidden"] = True
    score = layout_accuracy(truth, readings)
    assert score.links_right and score.line_right is None


def test_a_misread_line_tile_keeps_the_pips_the_game_has():
    """3-5 read as 5-5 in a frame (a double, which would lie across the line and open two
    long sides): reported as a reread, and the layout's open ends stay those of 3-5."""
    observer = TileObserver()
    for count in (1, 2, 3):
        settle(observer, LINE[:count], count * 10)
    misread = TileReading((5, 5), LINE[2].box, 0.6, LINE[2].half_boxes)
    facts = settle(observer, [*LINE[:2], misread], 40)
    assert [fact.rereads for fact in facts if isinstance(fact, LayoutChanged)] == [
        (("3-5", "5-5"),)
    ]
    assert observer.layout is not None
    assert sorted(end.value for end in observer.layout.open_ends) == [1, 3]


def test_a_lone_lead_that_goes_is_not_remembered_against_a_new_lead():
    """A printed picture read once as a tile was taken for the lead; it is not read again and
    a tile is put down elsewhere: that tile leads (the lone lead is not kept in its place)."""
    observer = TileObserver()
    assert laid(settle(observer, [reading((0, 1), (600, 420), 30)], 0)) == ["0-1"]
    facts = settle(observer, LINE[:1], 10)
    assert laid(facts) == ["1-2"] and facts[0].joins is None


def test_a_lone_lead_missed_as_a_hand_is_revealed_stays_the_line():
    """The lead was settled on; the reader misses it in the frame where a hand is shown
    beside it: none of the revealed tiles can lead in its place (several put down at once,
    none joined), so the lead stays the line (remembered) and the hand stays loose."""
    observer = TileObserver()
    assert laid(settle(observer, LINE[:1], 0)) == ["1-2"]
    revealed = [r for r in HAND if r.halves is not None]
    facts = settle(observer, revealed, 10)
    assert laid(facts) == []
    graph = observer.layout
    assert graph is not None and [graph.tile(i).name for i in graph.line] == ["1-2"]
    assert sorted(graph.tile(i).name for i in graph.loose) == ["1-1", "4-6"]
    changed = [fact for fact in facts if isinstance(fact, LayoutChanged)]
    assert len(changed) == 1 and changed[0].missing == ("1-2",)


def names_in_line(observer: TileObserver) -> list[str]:
    graph = observer.layout
    assert graph is not None
    return sorted(graph.tile(i).name for i in graph.line)


def test_a_tile_misread_as_another_line_tile_is_that_tile_misread():
    """5-3 reads as 3-4, the name of the tile laid beyond it: a set holds one 3-4, and this
    one lies where 3-5 was laid, so it is 3-5 misread (the line is not cut in two)."""
    line = [*LINE, reading((3, 4), (440, 200), 0)]
    observer = TileObserver()
    for count in range(1, len(line) + 1):
        settle(observer, line[:count], 10 * count)
    misread = TileReading((3, 4), LINE[2].box, 0.6, LINE[2].half_boxes)
    facts = settle(observer, [*LINE[:2], misread, line[3]], 100)
    changed = [fact for fact in facts if isinstance(fact, LayoutChanged)]
    assert len(changed) == 1 and changed[0].rereads == (("3-5", "3-4"),)
    assert not changed[0].missing and not changed[0].detached
    assert names_in_line(observer) == ["1-2", "2-5", "3-4", "3-5"]


def test_a_tile_misread_when_laid_takes_the_name_its_joints_agree_with():
    """2-5 laid but read as 2-2 (a double, which would lie across the line); 5-3 is laid
    against its 5 and from then on it reads 2-5: both its joints agree with 2-5, one with 2-2,
    so it is 2-5 (reported once), not a double, and the ends are those of a straight line."""
    observer = TileObserver()
    settle(observer, LINE[:1], 0)
    as_double = TileReading((2, 2), LINE[1].box, 0.6, LINE[1].half_boxes)
    assert laid(settle(observer, [LINE[0], as_double], 10)) == ["2-2"]
    facts = settle(observer, LINE, 20)
    assert laid(facts) == ["3-5"]
    changed = [fact for fact in facts if isinstance(fact, LayoutChanged)]
    assert len(changed) == 1 and changed[0].rereads == (("2-2", "2-5"),)
    assert not changed[0].mismatches
    assert names_in_line(observer) == ["1-2", "2-5", "3-5"]
    assert observer.layout is not None
    assert sorted(end.value for end in observer.layout.open_ends) == [1, 3]
    # The next scene (a face-down tile drawn) has nothing to confirm: the warning clears.
    cleared = settle(observer, [*LINE, HAND[2]], 30)
    assert [fact.consistent for fact in cleared if isinstance(fact, LayoutChanged)] == [True]


def test_a_tile_misread_when_laid_is_renamed_when_its_name_turns_up_elsewhere():
    """2-5 laid but read as 2-6; later it reads 2-5 where it lies and a 2-6 is shown in a
    revealed hand: a set holds one 2-6, so the line tile is 2-5 (not laid again), and the
    2-6 in the hand stays loose."""
    observer = TileObserver()
    settle(observer, LINE[:1], 0)
    as_26 = TileReading((2, 6), LINE[1].box, 0.6, LINE[1].half_boxes)
    assert laid(settle(observer, [LINE[0], as_26], 10)) == ["2-6"]
    hand_26 = reading((2, 6), (600, 420), 30)
    facts = settle(observer, [*LINE[:2], hand_26], 20)
    assert laid(facts) == []
    changed = [fact for fact in facts if isinstance(fact, LayoutChanged)]
    assert len(changed) == 1 and changed[0].rereads == (("2-6", "2-5"),)
    assert names_in_line(observer) == ["1-2", "2-5"]
    assert observer.layout is not None
    assert [observer.layout.tile(i).name for i in observer.layout.loose] == ["2-6"]
