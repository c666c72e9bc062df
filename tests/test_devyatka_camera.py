"""Devyatka refereed from the camera, end to end: a rendered deal (``vision.synth.cards.
render_table``: cards laid at the rows' ends from the 9 of diamonds, sometimes one past a gap)
-> the card reader -> the row observer -> the Devyatka interpreter -> a live session -> the
journal, wired by the family registry as ``tableref run --game devyatka --camera VIDEO`` is.

The operator confirms what the rules leave open (who held the 9 of diamonds) and rejects the
card laid where it does not belong, which the rules refuse; every other card is the camera's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("torch")
pytest.importorskip("cv2")

import numpy as np

from scoring.match import Match
from scoring.registry import create_engine
from session.families import interpreter_for, perception_for
from session.journal import Journal
from session.live import Confirm, LiveSession, Reject, SessionEvent
from session.loop import run_headless
from session.sources import camera_worker
from tests.test_durak_camera import write_video
from vision.synth.cards import render_table

PLAYERS = ("Anna", "Boris", "Vera")
OPENER = "Boris"  # holds the 9 of diamonds
SEED = 10  # twelve cards, one laid past a gap (6H); every frame read right (seed 8 is not)


@pytest.fixture(scope="module")
def deal(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    """The rendered deal's video and the row facts each step should give."""
    steps = render_table(np.random.default_rng(SEED), "devyatka", alphabet="latin")
    video = write_video(tmp_path_factory.mktemp("devyatka") / "deal.avi", [i for i, _ in steps])
    facts = [fact for _, labels in steps for fact in labels["facts"]]
    return video, [fact for fact in facts if fact["fact"] == "card_placed"]


def test_a_devyatka_deal_is_refereed_from_the_camera(deal, tmp_path: Path) -> None:
    video, laid = deal
    wrong = {fact["card"] for fact in laid if not fact["in_order"]}
    assert laid[0]["card"] == "9D" and len(laid) >= 7 and wrong
    journal = Journal.create(tmp_path / "devyatka.sqlite", "devyatka", PLAYERS)
    session = LiveSession(journal, interpreter_for("devyatka"))
    asked: list[str] = []

    def operator(event: SessionEvent) -> None:
        if event.kind not in ("pending", "refused") or event.pending is None:
            return
        action = event.pending.proposal.action
        asked.append(action["card"])
        if action["card"] in wrong:
            session.post(Reject(event.pending.id))
        else:
            session.post(Confirm(event.pending.id, {**action, "by": OPENER}))

    session.subscribe(operator)
    worker = camera_worker(session, str(video), perception_for("devyatka"), realtime=False)
    run_headless(session, [worker], write=lambda line: None)
    truth = Match(create_engine("devyatka"), PLAYERS)
    for fact in laid:
        if fact["in_order"]:
            turn = truth.view()["turn"] or OPENER
            assert truth.submit({"do": "play", "by": turn, "card": fact["card"]}).accepted
    rows = journal.rows()
    assert [row.action for row in rows] == [entry.action.to_dict() for entry in truth.entries]
    assert {row.source for row in rows} == {"camera"}
    assert sorted(set(asked)) == sorted({"9D", *wrong})
    assert session.view() == truth.view()
    journal.close()
