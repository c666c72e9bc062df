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
from scoring.verdicts import IllegalMove
from session.families import interpreter_for
from session.journal import Journal
from session.live import LiveSession, SessionEvent, Submit
from vision.cards.facts import CardPlaced
from vision.holdem.facts import BurnsSeen

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
    below it; a card burned face down in the burn spot before the flop and the turn, none
    before the river (the dealer forgot it: TPT 29)."""
    from tests.card_table_frames import in_rows, table_frames
    from tests.test_holdem_burns import BURNS

    board = [card for step in TURNED[:3] for card in step]
    shown = [card for step in TURNED[3:] for card in step]
    burns = [[BURNS[0]], [BURNS[1]], [], [], []]
    return table_frames(TURNED, in_rows([board, shown]), seed, backs=burns)


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


# ---------------------------------------------------------------------------------------------
# End to end from a rendered video and the panel's bet keys over the pseudo-terminal, recorded.

#: The same hand with every move the camera cannot see keyed on the bet keypad
#: (hardware/keymaps/holdem.yaml): Anna's flop bet as chips put out silently (``enter``: a push
#: of 100, TPT 31C), and Vera's river bet keyed 15 first, under the minimum: refused, rekeyed.
#: The camera watches the burn spot (D20): a burn before the flop and the turn, none before the
#: river.
KEYED: list[tuple[str, str, dict[str, Any]]] = [
    ("panel", "6 0 bet_raise", {"do": "raise", "by": "Anna", "to": 60}),
    ("panel", "fold", {"do": "fold", "by": "Boris"}),
    ("panel", "check_call", {"do": "call", "by": "Vera"}),
    ("camera", "", {**SCRIPT[3][1], "burned": 1}),
    ("panel", "check_call", {"do": "check", "by": "Vera"}),
    ("panel", "1 0 0 enter", {"do": "push", "by": "Anna", "amount": 100}),
    ("panel", "check_call", {"do": "call", "by": "Vera"}),
    ("camera", "", {**SCRIPT[7][1], "burned": 1}),
    ("panel", "check_call", {"do": "check", "by": "Vera"}),
    ("panel", "check_call", {"do": "check", "by": "Anna"}),
    ("camera", "", {**SCRIPT[10][1], "burned": 0}),
    ("panel", "1 5 bet_raise 2 0 0 bet_raise", {"do": "bet", "by": "Vera", "to": 200}),
    ("panel", "check_call", {"do": "call", "by": "Anna"}),
    ("camera", "", SCRIPT[13][1]),
    ("camera", "", SCRIPT[14][1]),
]


def gated(video: Path, rows_done: Any, frames_a_step: int) -> Any:
    """The video's frames, each step's held back until the table has recorded every move
    before it: the dealer turns the next card when the betting is over."""
    from vision.sources import open_source

    waits = [0] + [index for index, (who, _, _) in enumerate(KEYED) if who == "camera"]
    for frame in open_source(str(video)):
        step = frame.index // frames_a_step
        first = frame.index % frames_a_step == 0
        if first and step < len(waits) and not rows_done(waits[step]):
            return
        yield frame


def test_a_rendered_hand_is_refereed_from_the_camera_and_the_bet_keys(
    hand_video: Path, tmp_path: Path
) -> None:
    import dataclasses
    import threading

    from hardware.emulator import Emulator
    from hardware.keymap import load_keymap
    from hardware.link import Link
    from hardware.panel import Panel, PanelSource
    from hardware.script import parse_script
    from session.families import perception_for
    from session.loop import run_headless
    from session.recording import Recording, RecordingWriter
    from session.replay import refold
    from session.sources import CameraWorker, PanelWorker
    from tests.test_durak_camera import FRAMES_A_STEP
    from tests.test_hardware_rig import FAST_LINK, FAST_PANEL
    from tests.test_holdem_burns import burn_profile
    from tests.test_holdem_keys import KEYMAPS, presses

    writer = RecordingWriter.create(tmp_path / "hand.tableref", "holdem", PLAYERS, None, OPTIONS)
    journal = writer.journal
    session = LiveSession(journal, interpreter_for("holdem"))
    keymap = load_keymap(KEYMAPS / "holdem.yaml")
    emulator = Emulator(dataclasses.replace(FAST_PANEL, inputs=16), seed=3).start()
    link = Link(lambda: [emulator.path] if emulator.path else [], settings=FAST_LINK)
    panel = PanelWorker(session, PanelSource(link, Panel(keymap)), poll=0.02)
    recorded = threading.Condition()
    done = [0]
    refused: list[SessionEvent] = []
    burns: list[list[str]] = []

    def rows_done(count: int) -> bool:
        with recorded:
            return recorded.wait_for(lambda: done[0] >= count, timeout=60)

    def dealer_and_keys(event: SessionEvent) -> None:
        """Record every event and fact; key the next move once the one before it is in."""
        writer.add_event(event, event.handled)
        if event.kind == "fact" and hasattr(event.fact, "fact"):
            frame = getattr(event.fact, "frame_index", None)
            writer.add_fact(event.fact, event.posted, frame, rows=done[0])
        if event.kind == "refused":
            refused.append(event)
        if event.kind == "accepted" and event.row is not None and "burned" in event.row.action:
            burns.append([v.code for v in event.verdicts if v.code != "board"])
        if event.kind == "accepted":
            with recorded:
                done[0] += 1
                recorded.notify_all()
            key_next()

    def key_next() -> None:
        if done[0] < len(KEYED) and KEYED[done[0]][0] == "panel":
            emulator.submit(parse_script(presses(keymap, KEYED[done[0]][1])))

    session.subscribe(dealer_and_keys)
    session.subscribe(panel.listener)
    camera = CameraWorker(
        session,
        lambda: gated(hand_video, rows_done, FRAMES_A_STEP),
        perception_for("holdem", profile=str(burn_profile(tmp_path))),
    )
    key_next()
    try:
        run_headless(
            session,
            [panel, camera],
            until=lambda: session.view()["over"] or not camera.running,
            write=lambda line: None,
        )
    finally:
        link.close()
        emulator.stop()
        writer.close()

    rows = Journal.open(tmp_path / "hand.tableref" / "journal.sqlite").rows()
    parse = Match(create_engine("holdem", None, OPTIONS), PLAYERS).parse
    assert [row.action for row in rows] == [parse(action).to_dict() for *_, action in KEYED]
    assert [row.source for row in rows] == [who for who, *_ in KEYED]
    assert [event.verdicts[0].code for event in refused] == ["under_minimum"]
    assert burns == [[], [], ["no_burn"]]  # TPT 29: the river came with no burn
    truth = Match(create_engine("holdem", None, OPTIONS), PLAYERS)
    for *_, action in KEYED:
        assert truth.submit(action).accepted, action
    assert truth.view()["scores"] == {"Anna": 1140, "Boris": 1490, "Vera": 1870}
    with Recording.open(tmp_path / "hand.tableref") as recording:
        replayed = refold(recording)
        facts = recording.facts()
    assert replayed.equal, replayed.detail
    assert replayed.view == truth.view()
    assert refolded_from_facts(facts) == [row.action for row in rows]


def refolded_from_facts(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves a fresh interpreter makes of the recorded facts, each given in the match as it
    stood then: the camera's cards and the keys pressed reproduce the journal."""
    interpreter = interpreter_for("holdem")
    truth = Match(create_engine("holdem", None, OPTIONS), PLAYERS)
    made: list[dict[str, Any]] = []
    for line in lines:
        fact = dict(line["fact"])
        kind = fact.pop("fact")
        if kind == "card_placed":
            fact["frame_index"] = fact.pop("frame")
            item: Any = CardPlaced(**fact)
        elif kind == "burns_seen":
            fact["frame_index"] = fact.pop("frame")
            item = BurnsSeen(**{**fact, "exposed": tuple(fact["exposed"])})
        else:
            item = ButtonPressed(fact=kind, **fact)
        assert len(truth.entries) == line["rows"]
        try:
            proposals = interpreter.propose(item, truth)
        except IllegalMove:  # a refused keying: announced then, nothing recorded
            continue
        for proposal in proposals:
            assert truth.submit(proposal.action).accepted
            made.append(truth.entries[-1].action.to_dict())
    return made
