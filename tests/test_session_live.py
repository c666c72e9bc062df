"""The live session: one ordered inbox judged against a real journal.  Facts and commands from
several threads are judged in the order they arrived; what the camera is unsure of waits for
the operator; what the rules refuse says why; undo and correction flow through the scores."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np

from hardware.panel import ButtonPressed
from session.families import interpreter_for
from session.journal import Journal
from session.live import (
    Confirm,
    Correct,
    FrameTap,
    FrameView,
    LiveSession,
    Reject,
    SessionEvent,
    SourceStatus,
    Submit,
    Undo,
)
from vision.observe import DiceSettled
from vision.types import Box

PLAYERS = ("Anna", "Boris")


def session_of(tmp_path: Path, game: str = "yahtzee") -> LiveSession:
    journal = Journal.create(tmp_path / "live.sqlite", game, PLAYERS)
    return LiveSession(journal, interpreter_for(game))


def settled(values: list[int], confidence: float = 0.97, frame: int = 1, x: float = 0.0) -> Any:
    return DiceSettled(
        values=tuple(values),
        boxes=tuple(Box(x + 50.0 * i, 60.0, 30.0, 30.0) for i in range(len(values))),
        cocked=(False,) * len(values),
        frame_index=frame,
        timestamp=frame / 30,
        confidence=confidence,
    )


def pressed(fact: str, seq: int, player: int | None = None) -> ButtonPressed:
    return ButtonPressed(fact, player, 7, "press", seq * 1000, 0.0, seq, 1, 0xC0FFEE)


def judged(session: LiveSession, *items: Any) -> list[SessionEvent]:
    for item in items:
        session.post(item)
    return [event for event in session.pump() if event.kind != "fact"]


def roll(player: str, *dice: int) -> dict[str, Any]:
    return {"do": "roll", "by": player, "dice": list(dice)}


def score(player: str, row: str) -> dict[str, Any]:
    return {"do": "score", "by": player, "row": row}


def test_items_from_several_threads_are_judged_in_the_order_they_arrived(tmp_path):
    session = session_of(tmp_path)
    start = threading.Barrier(3)

    def camera() -> None:
        start.wait()
        for i in range(300):
            session.post(SourceStatus("camera", "connected", f"frame {i}"))

    def panel() -> None:
        start.wait()
        for i in range(300):
            session.post(pressed("player", i, player=1))

    threads = [threading.Thread(target=camera), threading.Thread(target=panel)]
    for thread in threads:
        thread.start()
    start.wait()
    turns = [
        roll("Anna", 1, 1, 1, 2, 2),
        score("Anna", "full_house"),
        roll("Boris", 6, 6, 6, 6, 6),
        score("Boris", "yahtzee"),
    ]
    for action in turns:
        session.post(Submit(action))
    for thread in threads:
        thread.join()
    events = session.pump()
    posted = [event.posted for event in events]
    assert posted == sorted(posted)  # judged in inbox order, across threads
    statuses = [e.text for e in events if e.kind == "status"]
    assert statuses == ["camera: connected"] * 300
    presses = [e.fact.seq for e in events if e.kind == "fact"]
    assert presses == list(range(300))  # each thread's items keep their order
    assert [row.action for row in session.rows()] == turns
    assert session.view()["scores"] == {"Anna": 25, "Boris": 50}
    assert session.status["camera"].text == "frame 299"


def test_an_unsure_reading_waits_for_the_panels_confirm(tmp_path):
    session = session_of(tmp_path)
    [held] = judged(session, settled([2, 3, 3, 5, 6], confidence=0.6, frame=41))
    assert held.kind == "pending"
    assert held.pending.why == "low confidence 0.60"
    assert session.rows() == []
    [accepted] = judged(session, pressed("confirm", 1))
    assert accepted.kind == "accepted"
    assert accepted.row.action == roll("Anna", 2, 3, 3, 5, 6)
    assert (accepted.row.source, accepted.row.confidence, accepted.row.frame) == (
        "camera",
        0.6,
        41,
    )
    assert session.pending() == []


def test_the_operator_confirms_a_reading_with_the_faces_corrected(tmp_path):
    session = session_of(tmp_path)
    [held] = judged(session, settled([2, 3, 3, 5, 6], confidence=0.5))
    [accepted] = judged(session, Confirm(held.pending.id, roll("Anna", 2, 3, 3, 5, 5)))
    assert accepted.row.action == roll("Anna", 2, 3, 3, 5, 5)
    assert judged(session, Confirm())[0].text == "nothing is waiting to be confirmed"


def test_a_move_the_rules_refuse_shows_the_verdict_and_waits(tmp_path):
    session = session_of(tmp_path)
    for throw in range(3):
        [event] = judged(session, settled([1, 2, 3, 4, 6 - throw], frame=throw, x=200.0 * throw))
        assert event.kind == "accepted"
    [refused] = judged(session, settled([5, 5, 5, 5, 5], frame=9, x=7.0))
    assert refused.kind == "refused"
    assert [v.code for v in refused.verdicts] == ["no_throws_left"]
    assert refused.verdicts[0].en and refused.verdicts[0].ru
    [held] = session.pending()
    assert held.proposal.action == {**roll("Anna", 5, 5, 5, 5, 5), "kept": []}  # all moved
    [dropped] = judged(session, Reject(held.id))
    assert dropped.kind == "resolved" and session.pending() == []
    assert len(session.rows()) == 3


def test_undo_and_correction_flow_through_the_scores(tmp_path):
    session = session_of(tmp_path)
    judged(
        session,
        settled([3, 3, 3, 2, 2]),
        Submit(score("Anna", "full_house")),
        Submit(roll("Boris", 6, 6, 6, 6, 6)),
        Submit(score("Boris", "sixes")),
    )
    assert session.view()["scores"] == {"Anna": 25, "Boris": 30}
    # The camera misread Anna's throw: it was 3 3 3 2 1, so her full house scores nothing.
    [corrected] = judged(session, Correct(1, roll("Anna", 3, 3, 3, 2, 1)))
    assert corrected.kind == "accepted"
    assert session.view()["scores"] == {"Anna": 0, "Boris": 30}
    judged(session, Correct(2, score("Anna", "threes")))  # she meant the threes
    assert session.view()["scores"] == {"Anna": 9, "Boris": 30}
    [undone] = judged(session, pressed("undo", 1))  # the panel's undo: Boris's sixes
    assert undone.kind == "accepted" and undone.row.source == "panel"
    assert session.view()["scores"] == {"Anna": 9, "Boris": 0}
    [refused] = judged(session, Undo(target=1))  # Anna's roll: her threes would break
    assert refused.kind == "refused" and refused.verdicts[0].code == "history_breaks"
    assert session.view()["turn"] == "Boris"


def test_listeners_see_every_event_and_the_tap_keeps_the_newest_frame(tmp_path):
    session = session_of(tmp_path)
    seen: list[str] = []
    session.subscribe(lambda event: seen.append(event.kind))
    judged(session, settled([1, 2, 3, 4, 5]), SourceStatus("panel", "disconnected"))
    assert seen == ["fact", "accepted", "status"]
    tap = FrameTap()
    assert tap.get() is None
    for index in range(3):
        tap.put(FrameView(np.zeros((4, 4, 3), np.uint8), index, index / 30))
    assert tap.get().index == 2
