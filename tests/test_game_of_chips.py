"""The Game of Chips (docs/rules/game_of_chips.md): the rules no scenario file covers, and
random games through both presets."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scoring.actions import ActionError, parse_action
from scoring.dice.game_of_chips import CHIPS, targets, ways
from scoring.engine import open_now
from scoring.registry import catalogue
from tests.dice_play import act, check_rows_add_up, check_sheet
from ui.cli import main


def engine_for(preset: str = "game_of_chips") -> Any:
    return catalogue()["game_of_chips"].create(preset)


def one_turn(engine: Any, state: Any, player: str, taken: list[int]) -> Any:
    """A turn that makes 2 with the chip ``taken`` (or nothing) and is stuck on the next 2."""
    for chips in taken:
        state = act(engine, state, {"do": "roll", "by": player, "dice": [1, 1]})
        state = act(engine, state, {"do": "take", "by": player, "chips": [chips]})
    return act(engine, state, {"do": "roll", "by": player, "dice": [1, 1]})


def test_equal_lowest_totals_share_the_win():
    """D6: equal lowest totals share the win."""
    engine = engine_for()
    state = engine.initial(["Anna", "Boris"])
    for _ in range(3):
        state = one_turn(engine, state, "Anna", [2])
        state = one_turn(engine, state, "Boris", [2])
    view = engine.view(state)
    assert view["over"] and view["scores"] == {"Anna": 159, "Boris": 159}
    assert sorted(view["winner"]) == ["Anna", "Boris"]


def test_one_player_plays_three_rounds_for_a_score():
    """D5: a player alone plays the three rounds and wins with their total."""
    engine = engine_for()
    state = engine.initial(["Anna"])
    for _ in range(3):
        state = one_turn(engine, state, "Anna", [2])
    assert engine.view(state)["winner"] == "Anna"
    assert engine.view(state)["scores"] == {"Anna": 159}


@pytest.mark.parametrize("chips", [[], [0], [11], [3, 3], "7", [True]])
def test_bad_chip_numbers_are_refused_naming_the_field(chips):
    engine = engine_for()
    with pytest.raises(ActionError, match="chips"):
        parse_action({"do": "take", "by": "Anna", "chips": chips}, engine.verbs)


def test_legal_lists_every_set_of_chips_that_makes_the_throw():
    """D3: the player chooses among every set; 7 from 1..10 is 7, 1+6, 2+5, 3+4, 1+2+4."""
    engine = engine_for()
    state = act(engine, engine.initial(["Anna"]), {"do": "roll", "by": "Anna", "dice": [3, 4]})
    assert sorted(tuple(a.args["chips"]) for a in engine.legal(state)) == sorted(
        [(7,), (1, 6), (2, 5), (3, 4), (1, 2, 4)]
    )
    assert engine.decisions(state) == []


def test_the_numbers_a_throw_asks_for():
    assert targets([3, 4], "sum") == (7,)
    assert targets([2, 6], "any") == (3, 4, 8, 12)
    assert targets([5, 5], "any") == (1, 10, 25)
    assert ways(CHIPS, (25,))  # 25 can be made from 1..10, so 5 5 asks for it too


@pytest.mark.parametrize("preset", ["game_of_chips", "math_facts"])
@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_with_the_lowest_total_winning(preset, seed):
    engine = engine_for(preset)
    players = ["Anna", "Boris", "Vera"][: 1 + seed % 3]
    state = engine.initial(players)
    rng = random.Random(seed)
    for _ in range(2000):
        moves = open_now(engine, state)
        if not moves:
            break
        listed = rng.choice(moves).to_dict()
        if listed["do"] == "roll":
            listed["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]
        state = act(engine, state, listed)
        json.dumps(engine.view(state))
    view = engine.view(state)
    assert view["over"] and view["turn"] is None
    low = min(view["scores"].values())
    best = [player for player, total in view["scores"].items() if total == low]
    assert view["winner"] == (best[0] if len(best) == 1 else best)
    check_rows_add_up(check_sheet(engine, state), view["scores"])


def test_the_game_of_chips_is_a_dice_game_with_a_camera(capsys):
    assert main(["games", "--json"]) == 0
    [listed] = [g for g in json.loads(capsys.readouterr().out) if g["game"] == "game_of_chips"]
    assert listed["family"] == "dice" and listed["camera"] is True
    assert listed["presets"] == ["game_of_chips", "math_facts"]
