"""Golf refereed from the camera, end to end: a rendered hole (``vision.synth.cards.
render_table``: the deal's card turned up, three cards turned up a grid, turns from the discard
and the stock into face-down and face-up slots or straight to the pile, the last cards revealed)
-> the card reader -> the golf observer -> the golf interpreter -> a live session -> the
journal, wired by the family registry as ``tableref run --game golf --camera VIDEO`` is.

The operator names the first hole's dealer, which the camera cannot tell; every other action
is the camera's, and the hole's points are the scripted hole's.
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
from session.families import family, interpreter_for, perception_for
from session.interpreters.golf import GolfInterpreter
from session.journal import Journal
from session.live import Confirm, LiveSession, SessionEvent
from session.loop import run_headless
from session.sources import CardPerception, camera_worker
from tests.test_durak_camera import write_video
from vision.cards.facts import TableCleared
from vision.cards.golf import DiscardChanged, GolfObserver, GridPlaced
from vision.synth.cards import render_table

PLAYERS = ("Anna", "Boris")
DEALER = "Anna"  # seat 1 deals the rendered hole
#: Every kind of turn (the top taken off first and at once, stock cards into face-down and
#: face-up slots, one straight to the pile) and reveals; every frame read right, which this
#: wiring test needs (seed 16 is not, nor seed 9 since the readers were trained on real deck
#: designs: one 2C of its 30 frames, 90 px wide, read 2S).  The reader's share of holes read
#: right is measured apart (closing note of issue 21: 18 of 20 held-out holes, 2 of 719 frames
#: wrong).
SEED = 10


@pytest.fixture(scope="module")
def hole(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    """The rendered hole's video and its actions, by the players' names."""
    steps = render_table(np.random.default_rng(SEED), "golf", alphabet="latin")
    video = write_video(tmp_path_factory.mktemp("golf") / "hole.avi", [i for i, _ in steps])
    actions = [
        {**action, "by": PLAYERS[action["by"] - 1]}
        for _, labels in steps
        for action in labels["actions"]
    ]
    return video, actions


def test_a_golf_hole_is_refereed_from_the_camera(hole, tmp_path: Path) -> None:
    video, actions = hole
    verbs = {action["do"] for action in actions}
    assert verbs == {"deal", "flip", "draw", "replace", "discard", "reveal"}
    journal = Journal.create(tmp_path / "golf.sqlite", "golf", PLAYERS)
    session = LiveSession(journal, interpreter_for("golf"))
    held: list[dict[str, Any]] = []

    def operator(event: SessionEvent) -> None:
        if event.kind not in ("pending", "refused") or event.pending is None:
            return
        held.append(dict(event.pending.proposal.action))
        session.post(Confirm(event.pending.id, {**event.pending.proposal.action, "by": DEALER}))

    session.subscribe(operator)
    worker = camera_worker(session, str(video), perception_for("golf"), realtime=False)
    run_headless(session, [worker], write=lambda line: None)
    truth = Match(create_engine("golf"), PLAYERS)
    for action in actions:
        assert truth.submit(action).accepted, action
    rows = journal.rows()
    assert [row.action for row in rows] == [entry.action.to_dict() for entry in truth.entries]
    assert {row.source for row in rows} == {"camera"}
    assert held == [{"do": "deal", "by": "Anna", "card": actions[0]["card"]}]  # who dealt
    assert session.view() == truth.view()
    assert session.view()["last_hole"] == truth.view()["last_hole"] is not None
    journal.close()


def test_the_golf_camera_is_the_card_reader_and_the_golf_mat() -> None:
    perception = perception_for("golf", preset="page1_six")
    assert isinstance(perception, CardPerception)
    assert isinstance(perception.observer, GolfObserver)
    assert len(perception.observer.layout.slots) == 2 * 6  # the preset's 2x3 grids
    assert family("golf").to_json()["facts"] == ["card_placed", "discard_changed", "table_cleared"]


def grid(card: str, seat: int, slot: int, **more: Any) -> GridPlaced:
    return GridPlaced(card, f"grid:{seat}", None, None, 7, 0.0, 0.98, seat=seat, slot=slot, **more)


def test_what_the_camera_cannot_tell_is_held() -> None:
    """With two decks the card in a slot equal to the discard's top may come from either pile;
    a card in a slot that is not the card drawn, and a card on the pile that is not the card
    drawn, are held naming what the camera saw; a mat seat nobody plays at proposes nothing."""
    players = ("Anna", "Boris", "Vera", "Gleb")  # four players: two decks
    match = Match(create_engine("golf", "page2"), players)
    interpreter = GolfInterpreter()
    assert match.submit({"do": "deal", "by": "Anna", "card": "7C"}).accepted
    for k, player in enumerate(players):
        for slot, card in ((1, f"{k + 2}H"), (2, f"{k + 2}S")):
            assert match.submit({"do": "flip", "by": player, "slot": slot, "card": card}).accepted
    assert match.view()["turn"] == "Boris"
    (draw,) = interpreter.propose(grid("7C", 2, 5), match)
    assert draw.action == {"do": "draw", "by": "Boris", "from": "discard", "card": "7C"}
    assert draw.ambiguous and "from=stock" in draw.ambiguous[0]
    assert interpreter.waiting == ("Boris", 5)  # the face-down card: the pile will name it
    assert match.submit({"do": "draw", "by": "Boris", "from": "stock", "card": "QD"}).accepted
    (wrong,) = interpreter.propose(grid("QS", 2, 1), match)
    assert wrong.action == {"do": "replace", "by": "Boris", "slot": 1}
    assert "saw QS go to slot 1, not QD" in wrong.ambiguous[0]
    interpreter.waiting = None
    (laid,) = interpreter.propose(DiscardChanged("9D", "7C", False, 8), match)
    assert laid.action == {"do": "discard", "by": "Boris"}
    assert "saw 9D laid on the pile, not QD" in laid.ambiguous[0]
    assert interpreter.propose(grid("5C", 5, 1), match) == []
    assert interpreter.propose(TableCleared(None, 9), match) == []


def test_the_setup_move_and_a_replaced_card_laid_first() -> None:
    """Page 1's one move in the set-up is a card seen in another slot of its grid; a face-up
    card of the mover's grid laid on the pile before the drawn card took its slot waits for
    the grid's fact, which names the slot."""
    match = Match(create_engine("golf"), ("Anna", "Boris"))
    interpreter = GolfInterpreter()
    assert match.submit({"do": "deal", "by": "Anna", "card": "7C"}).accepted
    for slot, card in ((1, "4H"), (5, "4S"), (9, "KD")):
        assert match.submit({"do": "flip", "by": "Anna", "slot": slot, "card": card}).accepted
    (move,) = interpreter.propose(grid("4S", 1, 2, moved_from=5), match)
    assert move.action == {"do": "move", "by": "Anna", "from": 5, "to": 2}
    assert match.submit(move.action).accepted
    for slot, card in ((1, "QH"), (2, "QS"), (3, "2D")):
        assert match.submit({"do": "flip", "by": "Boris", "slot": slot, "card": card}).accepted
    assert match.view()["turn"] == "Boris"
    assert interpreter.propose(DiscardChanged("QH", "7C", False, 8), match) == []
    draw, replace = interpreter.propose(grid("3C", 2, 1), match)
    assert draw.action == {"do": "draw", "by": "Boris", "from": "stock", "card": "3C"}
    assert replace.action == {"do": "replace", "by": "Boris", "slot": 1}
    assert match.submit(draw.action).accepted and match.submit(replace.action).accepted
    assert match.view()["discard_top"] == "QH"
    assert interpreter.propose(DiscardChanged("QH", "7C", False, 9), match) == []


def test_a_card_laid_by_a_player_off_the_mat_is_held() -> None:
    """The default mat has two grids: the third player's card on the pile may have replaced a
    card of his grid, which the camera does not watch, so his stock-and-discard is held."""
    match = Match(create_engine("golf", "page2"), ("Anna", "Boris", "Vera"))
    interpreter = GolfInterpreter()
    assert match.submit({"do": "deal", "by": "Boris", "card": "7C"}).accepted
    for k, player in enumerate(match.players):
        for slot, card in ((1, f"{k + 2}H"), (2, f"{k + 2}S")):
            assert match.submit({"do": "flip", "by": player, "slot": slot, "card": card}).accepted
    assert match.view()["turn"] == "Vera"
    draw, discard = interpreter.propose(DiscardChanged("9D", "7C", False, 8, seats=2), match)
    assert draw.action == {"do": "draw", "by": "Vera", "from": "stock", "card": "9D"}
    assert "Vera's grid is not on the mat" in draw.ambiguous[0]
    assert discard.action == {"do": "discard", "by": "Vera"}
    assert match.submit(draw.action).accepted and match.submit(discard.action).accepted
    assert match.view()["turn"] == "Anna"
    draw, _ = interpreter.propose(DiscardChanged("5C", "9D", False, 9, seats=2), match)
    assert not draw.ambiguous  # Anna's grid is on the mat: nothing replaced, it was discarded


def test_tableref_run_referees_golf_from_the_camera_and_holds_the_first_deal(
    hole, tmp_path, capsys
) -> None:
    """Headless and with no operator, ``tableref run`` holds the first deal for the operator,
    naming both players who might have dealt; nothing after it is recorded without it."""
    from ui.cli import main

    video, actions = hole
    command = ["run", "--game", "golf", "--players", "Anna,Boris", "--camera", str(video)]
    command += ["--panel", "none", "--headless", "--fps", "0"]
    journal = tmp_path / "run.sqlite"
    assert main([*command, "--journal", str(journal)]) == 0
    captured = capsys.readouterr()
    assert "warning" not in captured.err
    lines = captured.out.splitlines()
    card = actions[0]["card"]
    held = [line for line in lines if line.startswith(f"held #1 deal by Anna: card={card}")]
    assert held and "could also be deal by Boris" in held[0], lines
    with Journal.open(journal) as reopened:
        assert reopened.rows() == []


def test_the_next_holes_deal_is_the_cameras() -> None:
    """After the first hole the rules name the dealer (the deal passes left): the discard's
    first card is the deal, proposed for him alone."""
    from vision.synth.cards import golf_table

    match = Match(create_engine("golf"), PLAYERS)
    for step in golf_table(np.random.default_rng(SEED), 90.0):
        for action in step["actions"]:
            assert match.submit({**action, "by": PLAYERS[action["by"] - 1]}).accepted
    assert match.view()["phase"] == "deal" and match.view()["hole"] == 2
    interpreter = GolfInterpreter()
    assert interpreter.propose(TableCleared(None, 1), match) == []
    (deal,) = interpreter.propose(DiscardChanged("5S", None, False, 2, seats=2), match)
    assert deal.action == {"do": "deal", "by": "Boris", "card": "5S"} and not deal.ambiguous
    assert interpreter.propose(DiscardChanged(None, "5S", True, 3, seats=2), match) == []


def test_four_card_golf_holds_a_card_laid_on_the_pile() -> None:
    """Four-card golf's new card lies face down: the card on the pile may be the replaced one."""
    match = Match(create_engine("golf", "page2_four"), PLAYERS)
    assert match.submit({"do": "deal", "by": "Anna", "card": "7C"}).accepted
    draw, _ = GolfInterpreter().propose(DiscardChanged("9D", "7C", False, 8, seats=2), match)
    assert draw.action == {"do": "draw", "by": "Boris", "from": "stock", "card": "9D"}
    assert "new cards lie face down" in draw.ambiguous[0]
