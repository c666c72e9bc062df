"""LCR, The Game of Chips and Keltis Ór refereed from rendered dice (issue 27): every throw of a
scenario is drawn frame by frame by the demo's renderer, read by the classical reader through the
dice observer and the game's interpreter, and judged live, with the scripted operator correcting
what the camera misread, as at a real table.  The recording re-folds exactly and ends on the
scenario's scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.scenario import load
from session.demo import generate_dice_night
from session.demo_script import script_steps, throws
from session.recording import Recording
from session.replay import refold

SCENARIOS = Path(__file__).parent / "scenarios" / "dice"
#: The camera reads at least this share of the throws right on its own: the demo's renderer
#: lays every eighth throw's dice against each other, which the classical reader may misread.
READ_BY_CAMERA = 0.75


@pytest.mark.parametrize(
    "name", ["lcr/l08_wilder_wilds.yaml", "game_of_chips/g02_shut.yaml", "keltis_or/ko6_end.yaml"]
)
def test_a_chip_dice_game_is_refereed_from_rendered_throws(tmp_path: Path, name: str) -> None:
    scenario = load(SCENARIOS / name)
    steps = script_steps(scenario)
    truth = scenario.match()
    for step in steps:
        truth.submit(step)
    folder = tmp_path / "game.tableref"
    tally = generate_dice_night(folder, scenario=SCENARIOS / name, seed=11)
    assert tally.throws == len(throws(steps))
    assert tally.read_right >= READ_BY_CAMERA * tally.throws
    with Recording.open(folder) as recording:
        replayed = refold(recording)
    assert replayed.equal, replayed.detail
    assert replayed.view["scores"] == truth.view()["scores"]
    assert replayed.view["over"] == truth.view()["over"]
