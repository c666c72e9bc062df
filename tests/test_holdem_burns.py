"""Burn cards where the camera can see them (docs/rules/poker.md D20, TPT 29): the burn spot of
a rendered hold'em table counted card by card (vision/holdem/burns.py), a burn turned face up
there read as exposed and never as a board card, and the rules' verdicts on what the spot showed
(session/holdem_perception.py, session/interpreters/holdem.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from session.families import interpreter_for, perception_for
from session.journal import Journal
from session.live import LiveSession, Submit
from vision.holdem.facts import BurnsSeen

pytest.importorskip("cv2")

PLAYERS = ("Anna", "Boris", "Vera")
#: The rendered picture (1280 x 720 px) as a table: a card 110 px wide is 63 mm.
MM_PER_PX = 63.0 / 110.0
#: The burn spot, right of the board (shares of the picture).
SPOT = ((0.785, 0.014), (0.996, 0.014), (0.996, 0.486), (0.785, 0.486))
#: Where the dealer lays the first, second and third burn: each beside the one before, not
#: covering it (D20).
BURNS = ((0.84, 0.132), (0.9375, 0.132), (0.84, 0.368))
PREFLOP = [
    {"do": "call", "by": "Anna"},
    {"do": "call", "by": "Boris"},
    {"do": "check", "by": "Vera"},
]


def burn_profile(folder: Path) -> Path:
    """A table profile whose calibration is the rendered picture and whose zone ``burn`` is the
    burn spot, as ``tableref calibrate table`` would save it."""
    width, height = 1280 * MM_PER_PX, 720 * MM_PER_PX
    profile = {
        "format": 1,
        "table": "rendered",
        "calibration": {
            "image_points": [[0, 0], [1280, 0], [1280, 720], [0, 720]],
            "table_points": [[0, 0], [width, 0], [width, height], [0, height]],
        },
        "zones": [{"name": "burn", "polygon": [[x * width, y * height] for x, y in SPOT]}],
    }
    path = folder / "rendered.json"
    path.write_text(json.dumps(profile), encoding="utf-8")
    return path


def spot_of(folder: Path) -> Any:
    from vision.holdem.burns import BurnSpot
    from vision.profile import load_profile

    return BurnSpot.of(load_profile(burn_profile(folder)))


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_the_burns_laid_are_counted_one_by_one(tmp_path: Path, seed: int) -> None:
    from tests.card_table_frames import table_frames
    from vision.holdem.burns import read_spot

    images = table_frames([[], [], []], {}, seed, backs=[[place] for place in BURNS])
    spot = spot_of(tmp_path)
    readings = [read_spot(image, spot) for image in images]
    assert [reading.count for reading in readings] == [0, 1, 2, 3], [r.cards for r in readings]


def test_a_card_half_in_the_spot_is_no_count(tmp_path: Path) -> None:
    from tests.card_table_frames import table_frames
    from vision.holdem.burns import read_spot

    [_, sliding] = table_frames([[]], {}, 5, backs=[[(0.785, 0.25)]])  # on the spot's edge
    reading = read_spot(sliding, spot_of(tmp_path))
    assert reading.count is None, reading.cards


def test_a_burn_face_up_in_the_spot_is_exposed_and_no_board_card(tmp_path: Path) -> None:
    from tests.card_table_frames import table_frames
    from tests.test_durak_camera import FRAMES_A_STEP
    from vision.types import Frame

    journal = Journal.create(tmp_path / "holdem.sqlite", "holdem", PLAYERS)
    session = LiveSession(journal, interpreter_for("holdem"))
    for action in PREFLOP:
        session.post(Submit(action))
    session.pump()
    places = {"5S": BURNS[0], "QS": (0.26, 0.3), "7D": (0.38, 0.3), "2C": (0.5, 0.3)}
    images = table_frames([["5S", "QS", "7D", "2C"]], places, 11)
    perception = perception_for("holdem", profile=str(burn_profile(tmp_path)))
    facts = []
    for index in range(2 * FRAMES_A_STEP):
        image = images[index // FRAMES_A_STEP]
        seen, _ = perception.see(Frame(image, index / 10, index))
        facts += seen
    burns = [fact for fact in facts if isinstance(fact, BurnsSeen)]
    assert [(fact.count, fact.exposed) for fact in burns] == [(0, ()), (1, ("5S",))]
    assert sorted(fact.card for fact in facts if not isinstance(fact, BurnsSeen)) == [
        "2C",
        "7D",
        "QS",
    ]
    for fact in facts:
        session.post(fact)
    accepted = [event for event in session.pump() if event.kind == "accepted"]
    [flop] = accepted
    assert flop.row is not None
    assert flop.row.action == {"do": "flop", "cards": ["QS", "7D", "2C"], "burn": "5S", "burned": 1}
    [exposed] = [v for v in flop.verdicts if v.code == "burn_exposed"]
    assert exposed.data["rule"] == "TPT 29" and "(TPT 29)" in exposed.en
    journal.close()


def test_a_street_is_judged_by_the_burns_the_spot_shows(tmp_path: Path) -> None:
    """Facts by hand: one burn for the flop, none for the turn, two for the river."""
    from vision.cards.facts import CardPlaced

    journal = Journal.create(tmp_path / "holdem.sqlite", "holdem", PLAYERS)
    session = LiveSession(journal, interpreter_for("holdem"))
    checks = [{"do": "check", "by": player} for player in ("Boris", "Vera", "Anna")]
    for action in PREFLOP:
        session.post(Submit(action))
    session.pump()
    steps: list[tuple[int, list[str]]] = [(1, ["QS", "7D", "2C"]), (1, ["9H"]), (3, ["3D"])]
    codes = []
    for count, cards in steps:
        session.post(BurnsSeen(count, ()))
        for card in cards:
            session.post(CardPlaced(card, confidence=0.97))
        [street] = [event for event in session.pump() if event.kind == "accepted"]
        codes.append([v.code for v in street.verdicts if v.code != "board"])
        for action in checks:
            session.post(Submit(action))
        session.pump()
    assert codes == [[], ["no_burn"], ["extra_burns"]]
    assert [row.action.get("burned") for row in journal.rows() if "burned" in row.action] == [
        1,
        0,
        2,
    ]
    journal.close()
