"""LCR (docs/rules/lcr.md): the rules no scenario file covers, random games through every
preset with every chip accounted for, and the dice camera's throws read as LCR throws."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scoring.actions import Action, parse_action
from scoring.engine import OptionsError, open_now
from scoring.registry import catalogue
from session.families import family_of
from tests.dice_play import act, check_rows_add_up, check_sheet, refusal
from tests.test_session_interpreters import dice, judge, live
from ui.cli import main

PLAYERS = ["Anna", "Boris", "Vera"]


def engine_for(preset: str = "lcr", **options: Any) -> Any:
    return catalogue()["lcr"].create(preset, options)


def total_chips(engine: Any, state: Any) -> int:
    view = engine.view(state)
    return sum(view["scores"].values()) + view["centre"]


def test_a_table_of_two_is_refused():
    """R1 (L586): three or more players."""
    with pytest.raises(OptionsError, match="seats 3"):
        engine_for().initial(["Anna", "Boris"])


def test_wilder_without_wild_and_unknown_options_are_refused():
    """Wilder is played on LCR Wild (L650); a typo in an option fails at load time."""
    with pytest.raises(OptionsError, match="wilder"):
        engine_for("lcr", wilder=True)
    with pytest.raises(OptionsError, match="end"):
        engine_for("lcr", end="sudden")
    with pytest.raises(OptionsError, match="colour"):
        engine_for("lcr", colour="red")


def test_a_wild_with_one_way_to_go_is_taken_without_asking():
    """D6: one Wild and only Vera has a chip: the chip is taken at once, no `wild` asked."""
    engine = engine_for("lcr_wild", chips=1)
    state = act(engine, engine.initial(PLAYERS), {"do": "roll", "by": "Anna", "dice": [4]})
    state = act(engine, state, {"do": "roll", "by": "Boris", "dice": [1, 2]})
    view = engine.view(state)
    assert view["scores"] == {"Anna": 0, "Boris": 3, "Vera": 0}
    assert view["over"] and view["winner"] == "Boris"


def test_two_wilds_take_only_the_chips_that_are_there():
    """D6: two Wilds with one chip among the opponents take that one chip."""
    engine = engine_for("lcr_wild", chips=1)
    state = engine.initial([*PLAYERS, "Gleb"])
    state = act(engine, state, {"do": "roll", "by": "Anna", "dice": [5]})
    state = act(engine, state, {"do": "roll", "by": "Boris", "dice": [4]})  # Vera has 2
    roll = parse_action({"do": "roll", "by": "Vera", "dice": [1, 1]}, engine.verbs)
    state, verdicts = engine.apply(state, roll)  # only Gleb has a chip
    assert [v.code for v in verdicts].count("wild_take") == 1
    assert engine.view(state)["scores"] == {"Anna": 0, "Boris": 0, "Vera": 4, "Gleb": 0}
    assert engine.view(state)["winner"] == "Vera"


def test_the_wild_choice_lists_every_way_and_refuses_chips_that_are_not_there():
    """R12, D6: two Wilds list one chip each from two, or both from one who has two."""
    engine = engine_for("lcr_wild")
    state = act(engine, engine.initial(PLAYERS), {"do": "roll", "by": "Anna", "dice": [1, 1, 6]})
    listed = [(a.args["who"], a.args.get("second")) for a in engine.legal(state)]
    assert listed == [("Boris", "Boris"), ("Boris", "Vera"), ("Vera", "Vera")]
    assert engine.decisions(state) == []
    state = act(engine, state, {"do": "wild", "by": "Anna", "who": "Vera"})  # Vera: 4 -> 2
    state = act(engine, state, {"do": "roll", "by": "Boris", "dice": [2, 2, 2]})
    state = act(engine, state, {"do": "roll", "by": "Vera", "dice": [5, 6]})  # Vera 0, Boris 4
    state = act(engine, state, {"do": "roll", "by": "Anna", "dice": [1, 1, 2]})
    assert engine.view(state)["phase"] == "throw"  # both from Boris: the only way
    assert engine.view(state)["scores"] == {"Anna": 6, "Boris": 2, "Vera": 0}


def test_a_flipped_take_from_an_empty_neighbour_takes_nothing():
    """D9: after a flip, L from a neighbour without chips takes nothing; the throw goes on."""
    engine = engine_for("lcr_wilder")
    state = act(engine, engine.initial(PLAYERS), {"do": "roll", "by": "Anna", "dice": [4, 4, 4]})
    state = act(engine, state, {"do": "flip", "by": "Boris"})
    state = act(engine, state, {"do": "roll", "by": "Boris", "dice": [6, 4, 2]})
    view = engine.view(state)
    assert view["scores"] == {"Anna": 0, "Boris": 4, "Vera": 2}
    assert view["centre"] == 3 and view["turn"] == "Vera"


def test_flip_is_listed_only_before_the_throw_with_three_chips():
    """D9: the flip is open with 3 chips, before the throw, once."""
    engine = engine_for("lcr_wilder")
    state = engine.initial(PLAYERS)
    assert {a.verb for a in open_now(engine, state)} == {"roll", "flip"}
    state = act(engine, state, {"do": "flip", "by": "Anna"})
    assert {a.verb for a in open_now(engine, state)} == {"roll"}
    assert refusal(engine, state, {"do": "flip", "by": "Anna"}) == "no_flip"
    state = act(engine, state, {"do": "roll", "by": "Anna", "dice": [2, 2, 2]})
    assert {a.verb for a in open_now(engine, state)} == {"roll", "flip"}


def test_a_wild_cannot_be_played_before_the_throw():
    engine = engine_for("lcr_wild")
    assert refusal(engine, engine.initial(PLAYERS), {"do": "wild", "by": "Anna", "who": "Boris"})
    assert engine.decisions(engine.initial(PLAYERS))[0].needs == ("dice",)


def fill(engine: Any, state: Any, listed: Action, rng: random.Random) -> dict[str, Any]:
    """The table's data for a listed decision: the faces of the dice the view says are live,
    or an ante."""
    raw = listed.to_dict()
    if listed.verb == "roll":
        raw["dice"] = [rng.randint(1, 6) for _ in range(engine.view(state)["live"])]
    elif listed.verb == "ante":
        raw["chips"] = rng.randint(1, 6)
    return raw


PRESETS = [
    ("lcr", {}),
    ("lcr_wild", {}),
    ("lcr_wilder", {}),
    ("last_chip", {}),
    ("dot_to_win", {}),
    ("choose_stakes", {}),
    ("lcr_wild", {"end": "last_chip"}),
    ("lcr_wilder", {"end": "dots", "stakes": "choose"}),
]


@pytest.mark.parametrize(("preset", "options"), PRESETS)
@pytest.mark.parametrize("seed", range(8))
def test_random_games_end_and_count_every_chip(preset, options, seed):
    """Every step keeps the chips (players' and centre's) as many as were bought; every game
    ends, with a winner or, under dot to win, everything in the centre; the sheet adds up."""
    engine = engine_for(preset, **options)
    players = PLAYERS + ["Gleb", "Dima"][: seed % 3]
    state = engine.initial(players)
    rng = random.Random(seed)
    bought = None
    for _ in range(3000):
        moves = open_now(engine, state)
        if not moves:
            break
        state = act(engine, state, fill(engine, state, rng.choice(moves), rng))
        view = engine.view(state)
        json.dumps(view)
        if view["phase"] != "ante":
            bought = bought or total_chips(engine, state)
            assert total_chips(engine, state) == bought
            assert all(chips >= 0 for chips in view["scores"].values()) and view["centre"] >= 0
    view = engine.view(state)
    assert view["over"] and view["turn"] is None
    if view["winner"] is None:
        assert engine.end == "dots" and view["centre"] == bought
    check_rows_add_up(check_sheet(engine, state), view["scores"])


def test_lcr_is_a_dice_game_with_a_camera(capsys):
    """The preset names the dice family: `tableref games --json` shows the camera."""
    assert family_of("lcr") == "dice"
    assert main(["games", "--json"]) == 0
    [listed] = [g for g in json.loads(capsys.readouterr().out) if g["game"] == "lcr"]
    assert listed["family"] == "dice" and listed["camera"] is True
    assert set(listed["presets"]) == {p for p, _ in PRESETS}


def test_the_camera_reads_every_settled_throw_as_the_next_players_roll(tmp_path: Path):
    """Each throw is all of the thrower's dice (the view names no kept dice), whatever the last
    throw left where; a throw of another number of dice than the chips give is refused."""
    session = live(tmp_path, "lcr", tuple(PLAYERS))
    [first] = judge(session, dice([4, 5, 2]))
    assert first.row.action == {"do": "roll", "by": "Anna", "dice": [4, 5, 2]}
    [second] = judge(session, dice([2, 5, 6], frame=9))  # the 5 lies where the last 5 lay
    assert second.row.action == {"do": "roll", "by": "Boris", "dice": [2, 5, 6]}
    [third] = judge(session, dice([6, 6], places=[4, 5], frame=11))  # Vera has three chips
    assert third.kind == "refused"  # two dice seen: refused by the rules, held
