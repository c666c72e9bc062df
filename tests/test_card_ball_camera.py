"""Card Ball refereed from the camera and the referee together (session/interpreters/card_ball.py).

The balls are outside card vision (rules/cards.md §8.2): every pocket, rail and scratch is the
referee's.  The camera reads the cards laid face up (the shooter's for the balls he pocketed,
L101; another player's discard of a card whose ball is down, L101; a penalty card set aside
because its ball is gone, L111-L112).  The interpreter's readings are checked on facts posted by
hand, then end to end: a rendered video of a played game -> the card reader -> the card
observer -> the interpreter -> a live session -> the journal, wired by the family registry as
``tableref run --game card_ball --camera VIDEO`` wires it, the operator confirming and
completing what the camera proposes and entering the shots it cannot see, the panel's bell
ending a penalty draw.
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
from session.live import Confirm, LiveSession, SessionEvent, Submit
from vision.cards.facts import CardPlaced

PLAYERS = ("Anna", "Boris", "Vera")
OPTIONS = {"hand_size": 3}  # a game short enough to play to its end
#: The game as played, each action with who enters it: ``camera`` (read from the cards laid,
#: held, and confirmed by the operator as written here: what the balls did is his), the
#: ``operator`` (a shot with no card laid) or the panel's ``bell`` (a penalty drawn).
#: Anna holds QS QH 4C, Boris QC 7D 9S, Vera 3C 3H KD.
SCRIPT: list[tuple[str, dict[str, Any]]] = [
    ("camera", {"do": "shot", "by": "Anna", "pocketed": [12], "cards": ["QS", "QH"]}),
    ("operator", {"do": "shot", "by": "Anna", "rail": True}),
    ("camera", {"do": "discard", "by": "Boris", "cards": ["QC"]}),
    # ball 14 went down with the 7: the camera cannot see it, the operator adds it
    ("camera", {"do": "shot", "by": "Boris", "pocketed": [7, 14], "cards": ["7D"]}),
    ("operator", {"do": "shot", "by": "Boris", "rail": True, "scratch": True}),
    ("bell", {"do": "draw", "by": "Boris", "aside": ["QD"]}),  # QD drawn, its ball gone
    ("camera", {"do": "shot", "by": "Vera", "pocketed": [3], "cards": ["3C", "3H"]}),
    ("camera", {"do": "shot", "by": "Vera", "pocketed": [13], "cards": ["KD"]}),
]
#: The cards newly face up at each step of the video (3C and 3H laid one after the other).
LAID = [["QS", "QH"], ["QC"], ["7D"], ["QD"], ["3C"], ["3H"], ["KD"]]


def session_for(tmp_path: Path) -> tuple[Journal, LiveSession]:
    journal = Journal.create(
        tmp_path / "card_ball.sqlite", "card_ball", PLAYERS, None, dict(OPTIONS)
    )
    return journal, LiveSession(journal, interpreter_for("card_ball"))


def truth() -> Match:
    match = Match(create_engine("card_ball", None, OPTIONS), PLAYERS)
    for _, action in SCRIPT:
        assert match.submit(action).accepted, action
    return match


def bell() -> ButtonPressed:
    return ButtonPressed("bell", None, 4, "press", 0, 0.0, 1, 1, 0xC0FFEE)


def seen(card: str) -> CardPlaced:
    return CardPlaced(card, confidence=0.97)


def judged(session: LiveSession, *items: Any) -> list[SessionEvent]:
    for item in items:
        session.post(item)
    return [event for event in session.pump() if event.kind != "fact"]


def held(event: SessionEvent) -> tuple[dict[str, Any], str]:
    assert event.kind == "pending" and event.pending is not None, event
    return dict(event.pending.proposal.action), event.pending.why


# ---------------------------------------------------------------------------------------------
# What a card laid means, from facts posted by hand.


def test_the_cards_laid_for_a_shot_make_one_shot_held_for_the_balls(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    first, dropped, second = judged(session, seen("QS"), seen("QH"))
    assert held(first)[0] == {"do": "shot", "by": "Anna", "pocketed": [12], "cards": ["QS"]}
    assert dropped.kind == "resolved" and dropped.text.startswith("superseded by shot by Anna")
    action, why = held(second)
    assert action == SCRIPT[0][1]
    assert "the camera sees the cards laid, not the balls" in why
    assert [e.kind for e in judged(session, Confirm())] == ["accepted"]  # the panel's confirm
    assert session.pending() == [] and session.view()["scores"]["Anna"] == 1
    assert judged(session, seen("QS")) == []  # out of play already: the table seen again
    journal.close()


def test_a_discard_is_held_naming_every_player_who_may_lay_it_in_time(tmp_path) -> None:
    journal, session = session_for(tmp_path)
    for _, action in SCRIPT[:2]:
        session.post(Submit(action))
    session.pump()
    (event,) = judged(session, seen("QC"))
    action, why = held(event)  # Boris is to move: his turn is the nearest deadline
    assert action == {"do": "discard", "by": "Boris", "cards": ["QC"]}
    assert "could also be discard by Vera" in why and "Anna" not in why  # her own ball
    journal.close()


def test_a_discard_only_one_player_may_lay_in_time_is_recorded(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    for action in (
        SCRIPT[0][1],
        SCRIPT[1][1],
        {"do": "discard", "by": "Boris", "cards": ["QC"]},
        {"do": "shot", "by": "Boris", "rail": True},
    ):
        session.post(Submit(action))
    session.pump()
    (event,) = judged(session, seen("QD"))  # Boris shot since ball 12 went down: late
    assert event.kind == "accepted" and event.row is not None
    assert event.row.action == {"do": "discard", "by": "Vera", "cards": ["QD"]}
    assert event.row.source == "camera"
    journal.close()


def test_a_penalty_card_set_aside_is_a_draw_the_bell_ends(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    for _, action in SCRIPT[:5]:
        session.post(Submit(action))
    session.pump()
    (event,) = judged(session, seen("QD"))
    action, why = held(event)
    assert action == SCRIPT[5][1]
    assert "the card kept goes into the hand unseen" in why
    assert "could also be discard by Vera" in why
    dropped, rung = judged(session, bell())
    assert dropped.kind == "resolved" and rung.kind == "accepted" and rung.row is not None
    assert rung.row.action == SCRIPT[5][1] and rung.row.source == "panel"
    assert session.pending() == [] and session.view()["turn"] == "Vera"
    journal.close()


def test_the_bell_without_a_penalty_is_the_panels_default(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    assert judged(session, bell()) == []
    journal.close()


def test_the_scripted_game_from_facts_by_hand(tmp_path: Path) -> None:
    journal, session = session_for(tmp_path)
    play(session, journal, [seen(card) for step in LAID for card in step])
    check(journal, session)


# ---------------------------------------------------------------------------------------------
# The operator and the panel at the table, and what the journal must hold.


def play(session: LiveSession, journal: Journal, facts: list[Any]) -> None:
    """Post the camera's facts one at a time, the :func:`operator` answering."""
    operator(session, journal)
    for fact in facts:
        session.post(fact)
        session.pump()


def operator(session: LiveSession, journal: Journal) -> None:
    """The referee at the table, answering each event: a held reading whose cards are the next
    scripted action's is confirmed as scripted (he adds what the balls did), a partial one is
    left to be superseded; the shots the camera cannot see are typed as soon as the action
    before them is in; a held draw is ended by the bell."""

    def answer(event: SessionEvent) -> None:
        done = len(journal.rows())
        if done >= len(SCRIPT):
            return
        who, action = SCRIPT[done]
        if event.kind == "pending" and event.pending is not None:
            proposed = event.pending.proposal.action
            cards = proposed.get("cards") or proposed.get("aside")
            if who == "camera" and cards == action["cards"]:
                session.post(Confirm(event.pending.id, action))
            elif who == "bell" and proposed["do"] == "draw" and cards == action["aside"]:
                session.post(bell())
        elif event.kind == "accepted" and who == "operator":
            session.post(Submit(action))

    session.subscribe(answer)


def check(journal: Journal, session: LiveSession) -> None:
    """The journal is the script, each action from whom it came; the score is the script's."""
    rows = journal.rows()
    parse = Match(create_engine("card_ball", None, OPTIONS), PLAYERS).parse
    assert [row.action for row in rows] == [parse(action).to_dict() for _, action in SCRIPT]
    sources = {"camera": "camera", "operator": "operator", "bell": "panel"}
    assert [row.source for row in rows] == [sources[who] for who, _ in SCRIPT]
    assert session.pending() == []
    final = truth().view()
    assert session.view() == final
    assert final["winner"] == "Vera" and final["scores"] == {"Anna": 1, "Boris": 2, "Vera": 0}
    journal.close()


# ---------------------------------------------------------------------------------------------
# End to end from a rendered video.

CARD_WIDTH = 110.0
SEED = 5


def game_frames(seed: int) -> list[Any]:
    """One image per step of the game: an empty side of the table with the face-down deck,
    then the cards of :data:`LAID` face up in two rows where the players lay them down."""
    import numpy as np

    from scoring.cards import parse_card
    from vision.cards.faces import card_mask, draw_back, style_named
    from vision.synth import scene
    from vision.synth.cards import BACKS, SIZE, camera, centred_quad, paint, worn_face

    height, width = SIZE
    rng = np.random.default_rng(seed)
    table = scene.felt(rng, SIZE, (40, 110, 30))
    style = style_named("classic")
    alpha, back = card_mask(style.corner), draw_back(BACKS[1])
    deck = [
        (None, centred_quad((0.09 * width, 0.5 * height), 0.02, CARD_WIDTH) + np.float32(k))
        for k in range(3)
    ]
    order = [card for step in LAID for card in step]
    spots = {}
    for k, card in enumerate(order):
        row, column = divmod(k, 4)
        centre = (0.3 * width + column * 1.45 * CARD_WIDTH, (0.32 + 0.38 * row) * height)
        spots[card] = centred_quad(centre, float(rng.uniform(-0.08, 0.08)), CARD_WIDTH)
    faces = {
        card: worn_face(parse_card(card), style, "latin", np.random.default_rng([seed, k]))
        for k, card in enumerate(order)
    }
    images = []
    for number in range(len(LAID) + 1):
        laid = [card for step in LAID[:number] for card in step]
        image = table
        for k, (card, quad) in enumerate([*deck, *((card, spots[card]) for card in laid)]):
            sprite = back if card is None else faces[card]
            image = paint(image, sprite, alpha, quad, np.random.default_rng([seed, 2, k]))
        images.append(camera(image, np.random.default_rng([seed, 3, number])))
    return images


@pytest.fixture(scope="module")
def game_video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch")
    pytest.importorskip("cv2")
    from tests.test_durak_camera import write_video

    return write_video(tmp_path_factory.mktemp("card_ball") / "game.avi", game_frames(SEED))


def test_a_rendered_card_ball_game_is_refereed_from_the_camera(game_video, tmp_path) -> None:
    from session.families import perception_for
    from session.loop import run_headless
    from session.sources import camera_worker

    journal, session = session_for(tmp_path)
    operator(session, journal)
    worker = camera_worker(session, str(game_video), perception_for("card_ball"), realtime=False)
    run_headless(session, [worker], write=lambda line: None)
    check(journal, session)


def test_tableref_run_takes_the_card_ball_camera(game_video, tmp_path, capsys) -> None:
    """Headless and with no operator, ``tableref run`` holds the first shot the cards show for
    the referee's balls, and no warning says the game has no camera."""
    from ui.cli import main

    command = ["run", "--game", "card_ball", "--players", ",".join(PLAYERS)]
    command += ["--camera", str(game_video), "--panel", "none", "--headless", "--fps", "0"]
    assert main([*command, "--journal", str(tmp_path / "run.sqlite")]) == 0
    captured = capsys.readouterr()
    assert "warning" not in captured.err
    lines = captured.out.splitlines()
    shot = "shot by Anna: pocketed=12 cards=QS,QH: ambiguous: the camera sees the cards laid"
    assert any(line.startswith("held #") and shot in line for line in lines), lines


def test_the_card_ball_camera_is_the_card_reader_and_the_card_observer() -> None:
    """The 52-card deck the game's cards come from, read as a table of cards laid face up."""
    pytest.importorskip("torch")
    from session.families import perception_for
    from session.sources import CardPerception
    from vision.cards.observe import CardObserver

    perception = perception_for("card_ball")
    assert isinstance(perception, CardPerception)
    assert isinstance(perception.observer, CardObserver) and perception.observer.game == "durak"
    assert len(perception.reader.detector.codes) == 52
