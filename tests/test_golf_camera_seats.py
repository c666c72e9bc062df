"""Golf's mat for more than two players, and a three-player hole refereed from the camera end to
end: a rendered hole of three grids (``vision.synth.cards.render_table(..., seats=3)``) -> the
card reader -> the golf observer on the three-seat mat -> the golf interpreter -> a live session
-> the journal, wired by the family registry as ``tableref run --game golf --players A,B,C
--camera VIDEO`` is (the mat has a grid a player).
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from session.families import perception_for
from vision.cards.golf import MAT_CARD_WIDTH, MAT_FRAME, GolfLayout

PLAYERS = ("Anna", "Boris", "Vera")
DEALER = "Anna"  # seat 1 deals the rendered hole
#: A three-player hole read right throughout; one card of it is read with a confidence the
#: session holds for the operator to confirm (the reader's share of holes read right is
#: measured apart, closing note of issue 21).
SEED = 11


def boxes(layout: GolfLayout) -> dict[int, tuple[float, float, float, float]]:
    """Each seat's grid as the box its cards cover: left, top, right, bottom."""
    half_w, half_h = layout.card_width / 2, layout.card_width * 1.4 / 2
    out = {}
    for seat in {seat for seat, _ in layout.slots}:
        xs = [x for (s, _), (x, _) in layout.slots.items() if s == seat]
        ys = [y for (s, _), (_, y) in layout.slots.items() if s == seat]
        out[seat] = (min(xs) - half_w, min(ys) - half_h, max(xs) + half_w, max(ys) + half_h)
    return out


@pytest.mark.parametrize(("grid", "seats"), [(g, n) for g in ("3x3", "2x3", "2x2") for n in (3, 4)])
def test_more_seats_lie_in_one_row_on_the_frame_apart_from_the_piles(grid: str, seats: int) -> None:
    layout = GolfLayout.mat(grid, seats=seats)
    rows, cols = (int(n) for n in grid.split("x"))
    assert len(layout.slots) == seats * rows * cols
    assert layout.card_width <= MAT_CARD_WIDTH
    height, width = MAT_FRAME
    grids = boxes(layout)
    for left, top, right, bottom in grids.values():
        assert 0 <= left < right <= width and 0 <= top < bottom <= height
    for a, b in combinations(grids.values(), 2):
        assert a[2] < b[0] or b[2] < a[0]  # side by side, never overlapping
    lefts = [grids[seat][0] for seat in sorted(grids)]
    assert lefts == sorted(lefts)  # seat 1 on the camera's left
    for x, _ in (layout.stock, layout.discard):
        assert all(not left <= x <= right for left, _, right, _ in grids.values())
    corner = GolfLayout.mat(grid, seats=seats).slots[(1, 1)]
    assert corner == min(layout.slots.values())  # slot 1 at seat 1's top left


def test_two_seats_keep_the_mat_the_rendered_tables_use() -> None:
    layout = GolfLayout.mat()
    assert layout == GolfLayout.mat(seats=2)
    assert layout.slots[(1, 5)] == (0.22 * 1280, 360.0) and layout.stock == (640.0, 0.32 * 720)
    with pytest.raises(ValueError, match="2 players or more"):
        GolfLayout.mat(seats=1)


def test_the_live_camera_lays_a_grid_a_player() -> None:
    perception: Any = perception_for("golf", seats=3)
    assert len(perception.observer.layout.slots) == 3 * 9
    unknown: Any = perception_for("golf")
    assert len(unknown.observer.layout.slots) == 2 * 9  # players not known: the two-seat mat


def test_a_three_player_golf_hole_is_refereed_from_the_camera(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("cv2")
    import numpy as np

    from scoring.match import Match
    from scoring.registry import create_engine
    from session.families import interpreter_for
    from session.journal import Journal
    from session.live import Confirm, LiveSession, SessionEvent
    from session.loop import run_headless
    from session.sources import camera_worker
    from tests.test_durak_camera import write_video
    from vision.synth.cards import render_table

    steps = render_table(np.random.default_rng(SEED), "golf", alphabet="latin", seats=3)
    video = write_video(tmp_path / "hole.avi", [image for image, _ in steps])
    actions = [
        {**action, "by": PLAYERS[action["by"] - 1]}
        for _, labels in steps
        for action in labels["actions"]
    ]
    assert {action["by"] for action in actions} == set(PLAYERS)
    journal = Journal.create(tmp_path / "golf.sqlite", "golf", PLAYERS)
    session = LiveSession(journal, interpreter_for("golf"))
    held: list[tuple[dict[str, Any], str]] = []
    refused: list[dict[str, Any]] = []

    def operator(event: SessionEvent) -> None:
        """The operator names the first dealer and confirms what was held as it was read."""
        if event.kind == "refused" and event.pending is not None:
            refused.append(dict(event.pending.proposal.action))
        if event.kind != "pending" or event.pending is None:
            return
        action = dict(event.pending.proposal.action)
        held.append((action, event.pending.why))
        if action["do"] == "deal":
            action["by"] = DEALER
        session.post(Confirm(event.pending.id, action))

    session.subscribe(operator)
    perception = perception_for("golf", seats=len(PLAYERS))
    worker = camera_worker(session, str(video), perception, realtime=False)
    run_headless(session, [worker], write=lambda line: None)
    truth = Match(create_engine("golf"), PLAYERS)
    for action in actions:
        assert truth.submit(action).accepted, action
    rows = journal.rows()
    assert [row.action for row in rows] == [entry.action.to_dict() for entry in truth.entries]
    assert {row.source for row in rows} == {"camera"}
    (deal, ambiguous), *confirmed = held
    assert deal == {"do": "deal", "by": "Anna", "card": actions[0]["card"]}
    assert "could also be deal by Boris" in ambiguous and "deal by Vera" in ambiguous
    assert all(why.startswith("low confidence") for _, why in confirmed) and not refused
    assert session.view() == truth.view()
    assert session.view()["last_hole"] == truth.view()["last_hole"] is not None
    journal.close()
