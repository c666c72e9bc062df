"""Tripoley from the camera, the panel and the operator together
(session/interpreters/tripoley.py): the pay cards laid, the poker hands tabled and the Michigan
plays read as cards newly face up, from facts posted by hand, then a Michigan run end to end
from a rendered video (the card reader, the observer, the interpreter, a live session); whose
hand a card came from is the operator's to confirm where several players may hold it; the
panel's bell is a stop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hardware.panel import ButtonPressed
from session.families import family, interpreter_for
from session.journal import Journal
from session.live import Confirm, LiveSession, SessionEvent, Submit
from vision.cards.facts import CardPlaced

PLAYERS = ("Anna", "Boris", "Vera")


def session_for(tmp_path: Path) -> tuple[Journal, LiveSession]:
    journal = Journal.create(tmp_path / "tripoley.sqlite", "tripoley", PLAYERS)
    return journal, LiveSession(journal, interpreter_for("tripoley"))


def seen(card: str, player: str | None = None) -> CardPlaced:
    return CardPlaced(card, player=player, confidence=0.96)


def judged(session: LiveSession, *items: Any) -> list[SessionEvent]:
    for item in items:
        session.post(item)
    return [event for event in session.pump() if event.kind != "fact"]


def entered(session: LiveSession, *actions: dict[str, Any]) -> None:
    for action in actions:
        session.post(Submit(action))
    events = session.pump()
    assert all(e.kind != "refused" for e in events), [e.text for e in events]


def row(event: SessionEvent) -> dict[str, Any]:
    assert event.kind == "accepted" and event.row is not None, (event.kind, event.text)
    return dict(event.row.action)


def test_the_family_reads_cards_newly_face_up() -> None:
    tripoley = family("tripoley")
    assert tripoley.has_camera and tripoley.facts == ("card_placed", "table_cleared")


def test_pay_cards_laid_are_claims_held_for_whose_they_are(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    entered(session, {"do": "keep", "by": "Anna"})
    (event,) = judged(session, seen("AH"))
    assert event.kind == "pending" and event.pending is not None
    assert event.pending.proposal.action == {"do": "claim", "by": "Anna", "cards": ["AH"]}
    assert "whose hand" in event.pending.why and "could also be claim by Boris" in event.pending.why
    claim = {"do": "claim", "by": "Vera", "cards": ["AH"]}
    (confirmed,) = judged(session, Confirm(event.pending.id, claim))
    assert row(confirmed) == claim and session.view()["scores"]["Vera"] == 94
    assert judged(session, seen("8S", "Boris"), seen("9S", "Boris")) == []  # the run waits
    (run,) = judged(session, seen("10S", "Boris"))
    assert row(run) == {"do": "claim", "by": "Boris", "cards": ["8S", "9S", "10S"]}
    journal.close()


def test_the_hands_tabled_and_the_michigan_plays(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    entered(
        session,
        {"do": "keep", "by": "Anna"},
        {"do": "payouts_done", "by": "Anna"},
        {"do": "bet", "by": "Boris", "chips": 2},
        {"do": "call", "by": "Vera"},
        {"do": "fold", "by": "Anna"},
    )
    boris = judged(session, *(seen(card) for card in ("AS", "AD", "KC", "KD", "2H")))
    assert [row(event) for event in boris] == [
        {"do": "show", "by": "Boris", "cards": ["AS", "AD", "KC", "KD", "2H"]}
    ]
    judged(session, *(seen(card) for card in ("3C", "3D", "3H", "7S", "9S")))
    assert session.view()["phase"] == "michigan" and session.view()["turn"] == "Vera"
    (lead,) = judged(session, seen("4D"))  # Vera won the pot: her lead, nobody else's
    assert row(lead) == {"do": "play", "by": "Vera", "card": "4D"}
    (follow,) = judged(session, seen("5D"))  # anyone may hold the five
    assert follow.kind == "pending" and follow.pending is not None
    assert "whose hand" in follow.pending.why
    five = {"do": "play", "by": "Boris", "card": "5D"}
    (confirmed,) = judged(session, Confirm(follow.pending.id, five))
    assert row(confirmed) == five
    (seat_seen,) = judged(session, seen("6D", "Anna"))  # the observer saw Anna's seat
    assert row(seat_seen) == {"do": "play", "by": "Anna", "card": "6D"}
    journal.close()


def test_a_follow_from_a_seen_seat_is_recorded_and_the_bell_stops(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    entered(
        session,
        {"do": "keep", "by": "Anna"},
        {"do": "payouts_done", "by": "Anna"},
        {"do": "bet", "by": "Boris", "chips": 1},
        {"do": "fold", "by": "Vera"},
        {"do": "fold", "by": "Anna"},
    )
    (lead,) = judged(session, seen("2C"))
    assert row(lead) == {"do": "play", "by": "Boris", "card": "2C"}
    (follow,) = judged(session, seen("3C", "Vera"))
    assert row(follow) == {"do": "play", "by": "Vera", "card": "3C"}
    bell = ButtonPressed("bell", None, 4, "press", 0, 0.0, 1, 1, 9)
    (stop,) = judged(session, bell)
    assert row(stop) == {"do": "stop"} and stop.row is not None and stop.row.source == "panel"
    assert session.view()["turn"] == "Vera"
    journal.close()


# ---------------------------------------------------------------------------------------------
# End to end from a rendered video: a Michigan run read by the camera.

#: The deal as played: the ``operator`` (trading, stage one's end, the poker), the ``camera``
#: (the Michigan cards: the lead at once, each follow held and confirmed with its player) and
#: the ``panel`` (the bell: a stop).
SCRIPT: list[tuple[str, dict[str, Any]]] = [
    ("operator", {"do": "keep", "by": "Anna"}),
    ("operator", {"do": "payouts_done", "by": "Anna"}),
    ("operator", {"do": "bet", "by": "Boris", "chips": 1}),
    ("operator", {"do": "fold", "by": "Vera"}),
    ("operator", {"do": "fold", "by": "Anna"}),
    ("camera", {"do": "play", "by": "Boris", "card": "2C"}),
    ("camera", {"do": "play", "by": "Vera", "card": "3C"}),
    ("camera", {"do": "play", "by": "Anna", "card": "4C"}),
    ("camera", {"do": "play", "by": "Boris", "card": "5C"}),
    ("panel", {"do": "stop"}),
]
PLAYED = [["2C"], ["3C"], ["4C"], ["5C"]]


def run_frames(seed: int) -> list[Any]:
    from tests.card_table_frames import in_rows, table_frames

    return table_frames(PLAYED, in_rows([[card for step in PLAYED for card in step]]), seed)


def table(session: LiveSession, journal: Journal) -> None:
    """The operator and the panel: each scripted action not the camera's entered as soon as the
    one before it is in; a held camera reading of the scripted card confirmed as scripted."""

    def next_move() -> None:
        done = len(journal.rows())
        if done < len(SCRIPT) and SCRIPT[done][0] != "camera":
            who, action = SCRIPT[done]
            bell = ButtonPressed("bell", None, 4, "press", 0, 0.0, done, 1, 9)
            session.post(Submit(action) if who == "operator" else bell)

    def answer(event: SessionEvent) -> None:
        done = len(journal.rows())
        if event.kind == "accepted":
            next_move()
        elif event.kind == "pending" and event.pending is not None and done < len(SCRIPT):
            who, action = SCRIPT[done]
            if who == "camera" and event.pending.proposal.action.get("card") == action["card"]:
                session.post(Confirm(event.pending.id, action))

    session.subscribe(answer)
    next_move()
    session.pump()


def test_a_rendered_michigan_run_is_refereed_from_the_camera(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("cv2")
    from session.families import perception_for
    from session.loop import run_headless
    from session.sources import camera_worker
    from tests.test_durak_camera import write_video

    video = write_video(tmp_path / "run.avi", run_frames(11))
    journal, session = session_for(tmp_path)
    table(session, journal)
    worker = camera_worker(session, str(video), perception_for("tripoley"), realtime=False)
    run_headless(session, [worker], write=lambda line: None)
    rows = journal.rows()
    assert [row.action for row in rows] == [action for _, action in SCRIPT]
    assert [row.source for row in rows] == [who for who, _ in SCRIPT]
    assert session.pending() == []
    assert session.view()["turn"] == "Boris" and session.view()["stopped"] == "C"
    journal.close()
