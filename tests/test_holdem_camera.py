"""Hold'em refereed from the camera, the panel and the operator together
(session/interpreters/holdem.py).

The camera reads the cards turned face up: the board as the dealer turns it and the hands
tabled at the showdown.  The panel's bell is the player to act's check or call and a seat's
button that player's fold; the amounts are the operator's.  The interpreter's readings are
checked on facts posted by hand, then end to end: a rendered video of a hand -> the card reader
-> the card observer -> the interpreter -> a live session -> the journal, wired by the family
registry as ``tableref run --game holdem --camera VIDEO`` wires it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hardware.panel import ButtonPressed
from scoring.match import Match
from scoring.registry import create_engine
from session.families import interpreter_for
from session.journal import Journal
from session.live import LiveSession, SessionEvent, Submit
from vision.cards.facts import CardPlaced

PLAYERS = ("Anna", "Boris", "Vera")
OPTIONS = {"hands": 1}  # the game ends with the hand's payout
#: The hand as played, each action with who enters it: the ``camera`` (the cards turned up),
#: the ``panel`` (the bell: check or call; a seat's button: fold) or the ``operator`` (amounts).
SCRIPT: list[tuple[str, dict[str, Any]]] = [
    ("operator", {"do": "raise", "by": "Anna", "to": 60}),
    ("panel", {"do": "fold", "by": "Boris"}),
    ("panel", {"do": "call", "by": "Vera"}),
    ("camera", {"do": "flop", "cards": ["QS", "7D", "2C"]}),
    ("panel", {"do": "check", "by": "Vera"}),
    ("operator", {"do": "bet", "by": "Anna", "to": 100}),
    ("panel", {"do": "call", "by": "Vera"}),
    ("camera", {"do": "turn", "card": "9H"}),
    ("panel", {"do": "check", "by": "Vera"}),
    ("panel", {"do": "check", "by": "Anna"}),
    ("camera", {"do": "river", "card": "3D"}),
    ("operator", {"do": "bet", "by": "Vera", "to": 200}),
    ("panel", {"do": "call", "by": "Anna"}),
    ("camera", {"do": "show", "by": "Vera", "cards": ["QC", "QD"]}),
    ("camera", {"do": "show", "by": "Anna", "cards": ["AS", "KS"]}),
]
#: The cards newly face up at each camera step of the video.
TURNED = [["QS", "7D", "2C"], ["9H"], ["3D"], ["QC", "QD"], ["AS", "KS"]]


def session_for(tmp_path: Path) -> tuple[Journal, LiveSession]:
    journal = Journal.create(tmp_path / "holdem.sqlite", "holdem", PLAYERS, None, dict(OPTIONS))
    return journal, LiveSession(journal, interpreter_for("holdem"))


def seen(card: str) -> CardPlaced:
    return CardPlaced(card, confidence=0.97)


def press(fact: str, seat: int | None = None) -> ButtonPressed:
    return ButtonPressed(fact, seat, 4 if seat is None else seat - 1, "press", 0, 0.0, 1, 1, 7)


def panel_press(action: dict[str, Any]) -> ButtonPressed:
    """The press that makes a scripted panel action: the bell, or the folding seat's button."""
    if action["do"] == "fold":
        return press("player", PLAYERS.index(action["by"]) + 1)
    return press("bell")


def judged(session: LiveSession, *items: Any) -> list[SessionEvent]:
    for item in items:
        session.post(item)
    return [event for event in session.pump() if event.kind != "fact"]


def rows_of(journal: Journal) -> list[dict[str, Any]]:
    return [row.action for row in journal.rows()]


# ---------------------------------------------------------------------------------------------
# What a card turned means, from facts posted by hand.


def test_three_cards_turned_make_the_flop_one_the_turn(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    for _, action in SCRIPT[:3]:
        session.post(Submit(action))
    session.pump()
    assert judged(session, seen("QS"), seen("7D")) == []  # the flop is three cards
    (event,) = judged(session, seen("2C"))
    assert event.kind == "accepted" and event.row is not None and event.row.source == "camera"
    assert event.row.action == SCRIPT[3][1]
    assert judged(session, seen("QS")) == []  # on the board already: the table seen again
    journal.close()


def test_a_card_turned_too_soon_is_refused(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    for _, action in SCRIPT[:4]:
        session.post(Submit(action))
    session.pump()
    events = judged(session, seen("9H"))  # Vera and Anna have not bet on the flop
    assert [e.kind for e in events] == ["refused"]
    assert events[0].verdicts[0].code == "no_deal_now"  # the banner: a premature card
    journal.close()


def test_the_bell_checks_or_calls_and_a_seat_button_folds(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    session.post(Submit(SCRIPT[0][1]))
    session.pump()
    (folded,) = judged(session, press("player", 2))
    assert folded.row is not None and folded.row.action == {"do": "fold", "by": "Boris"}
    assert folded.row.source == "panel"
    (called,) = judged(session, press("bell"))
    assert called.row is not None and called.row.action == {"do": "call", "by": "Vera"}
    session.post(Submit(SCRIPT[3][1]))
    session.pump()
    (checked,) = judged(session, press("bell"))
    assert checked.row is not None and checked.row.action == {"do": "check", "by": "Vera"}
    journal.close()


def test_the_hands_tabled_are_shown_in_the_showdown_order(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    for _, action in SCRIPT[:13]:
        session.post(Submit(action))
    session.pump()
    assert judged(session, seen("QC")) == []
    (vera,) = judged(session, seen("QD"))
    assert vera.row is not None and vera.row.action == SCRIPT[13][1]
    judged(session, seen("AS"), seen("KS"))
    assert session.view()["over"] and session.view()["winner"] == "Vera"
    journal.close()


def test_the_scripted_hand_from_facts_by_hand(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    play(session, journal, [seen(card) for step in TURNED for card in step])
    check(journal, session)


# ---------------------------------------------------------------------------------------------
# The operator and the panel at the table, and what the journal must hold.


def play(session: LiveSession, journal: Journal, facts: list[Any]) -> None:
    """Post the camera's facts one at a time, :func:`table` answering."""
    table(session, journal)
    for fact in facts:
        session.post(fact)
        session.pump()


def table(session: LiveSession, journal: Journal) -> None:
    """The operator and the players at the panel: each scripted action that is not the
    camera's is entered as soon as the one before it is in (the first ones at once)."""

    def next_move() -> None:
        done = len(journal.rows())
        if done < len(SCRIPT) and SCRIPT[done][0] != "camera":
            who, action = SCRIPT[done]
            session.post(Submit(action) if who == "operator" else panel_press(action))

    def answer(event: SessionEvent) -> None:
        if event.kind == "accepted":
            next_move()

    session.subscribe(answer)
    next_move()
    session.pump()


def check(journal: Journal, session: LiveSession) -> None:
    """The journal is the script, each action from whom it came; the payout is the script's."""
    rows = journal.rows()
    parse = Match(create_engine("holdem", None, OPTIONS), PLAYERS).parse
    assert [row.action for row in rows] == [parse(action).to_dict() for _, action in SCRIPT]
    assert [row.source for row in rows] == [who for who, _ in SCRIPT]
    assert session.pending() == []
    truth = Match(create_engine("holdem", None, OPTIONS), PLAYERS)
    for _, action in SCRIPT:
        assert truth.submit(action).accepted, action
    assert session.view() == truth.view()
    assert truth.view()["over"] and truth.view()["winner"] == "Vera"
    assert truth.view()["scores"] == {"Anna": 1140, "Boris": 1490, "Vera": 1870}
    journal.close()


# ---------------------------------------------------------------------------------------------
# End to end from a rendered video.

SEED = 7


def hand_frames(seed: int) -> list[Any]:
    """One image per camera step: the board's cards turned in a row, the hands tabled in a row
    below it."""
    from tests.card_table_frames import in_rows, table_frames

    board = [card for step in TURNED[:3] for card in step]
    shown = [card for step in TURNED[3:] for card in step]
    return table_frames(TURNED, in_rows([board, shown]), seed)


@pytest.fixture(scope="module")
def hand_video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch")
    pytest.importorskip("cv2")
    from tests.test_durak_camera import write_video

    return write_video(tmp_path_factory.mktemp("holdem") / "hand.avi", hand_frames(SEED))


def test_a_rendered_hand_is_refereed_from_the_camera(hand_video: Path, tmp_path: Path) -> None:
    from session.families import perception_for
    from session.loop import run_headless
    from session.sources import camera_worker

    journal, session = session_for(tmp_path)
    table(session, journal)
    worker = camera_worker(session, str(hand_video), perception_for("holdem"), realtime=False)
    run_headless(session, [worker], write=lambda line: None)
    check(journal, session)
