"""Keltis Ór dice (docs/rules/keltis_or.md): the rules no scenario file covers, and random
games through the preset."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scoring.dice.keltis_or import STONE, Path, makes, path_points
from scoring.engine import OptionsError, open_now
from scoring.registry import catalogue
from tests.dice_play import act, check_rows_add_up, check_sheet
from tests.test_session_interpreters import dice, judge, live
from ui.cli import main


def engine_for(**options: Any) -> Any:
    return catalogue()["keltis_or"].create("keltis_or", options)


def test_two_players_exactly():
    """K1: a game for two."""
    for players in (["Anna"], ["Anna", "Boris", "Vera"]):
        with pytest.raises(OptionsError, match="seats 2 to 2"):
            engine_for().initial(players)


@pytest.mark.parametrize(
    ("options", "named"),
    [({"path_points": []}, "path_points"), ({"stone_points": -1}, "stone_points"), ({"x": 1}, "x")],
)
def test_bad_options_are_refused_by_name(options, named):
    with pytest.raises(OptionsError, match=named):
        engine_for(**options)


def test_the_dice_make_a_value_with_one_two_or_three_dice_the_stone_counting_zero():
    """K-R8 (L1327-1329): 5 as 2+3, 1+1+3 or a 5; a 0 needs a stone."""
    assert makes((2, 3, 4), 5) and makes((1, 1, 3), 5) and makes((5, 1, 1), 5)
    assert not makes((1, 2, 4), 0) and makes((STONE, 2, 4), 0)
    assert makes((STONE, 2, 4), 6) and not makes((STONE, STONE, STONE), 1)


def test_a_path_starts_anywhere_and_keeps_the_way_its_second_tile_set():
    """K8."""
    assert Path().takes(0) and Path().takes(10)
    assert Path((5,)).takes(2) and Path((5,)).takes(9) and not Path((5,)).takes(5)
    assert Path((5, 2)).takes(1) and not Path((5, 2)).takes(3)
    assert Path((5, 7), clovers=2).takes(8) and Path((5, 7), clovers=2).length == 4


def test_path_points_follow_the_table_and_cap_at_its_last_entry():
    """K9: -4 .. 10 by length; a path not begun scores nothing."""
    table = (-4, -3, -2, 1, 2, 3, 6, 10)
    assert [path_points(n, table) for n in range(10)] == [0, -4, -3, -2, 1, 2, 3, 6, 10, 10]


def test_the_tiles_listed_are_the_ones_the_dice_make_and_the_paths_take():
    """K-R8, K-R10: `legal` offers the pass (and the stones, the rethrow), `decisions` each tile
    the dice make, asking for the item printed on it (K6)."""
    engine = engine_for()
    state = act(
        engine, engine.initial(["Anna", "Boris"]), {"do": "roll", "by": "Anna", "dice": [1, 2, 6]}
    )
    tiles = {
        (d.action.args["colour"], d.action.args["value"])
        for d in engine.decisions(state)
        if d.verb == "take"
    }
    assert {value for _, value in tiles} == {0, 1, 2, 3}
    assert all(d.needs == ("item",) for d in engine.decisions(state) if d.verb == "take")
    assert {a.verb for a in engine.legal(state)} == {"stones", "pass"}


@pytest.mark.parametrize("seed", range(8))
def test_random_games_end_when_the_wish_stones_are_gone(seed):
    engine = engine_for()
    state = engine.initial(["Anna", "Boris"])
    rng = random.Random(seed)
    for _ in range(3000):
        moves = open_now(engine, state)
        if not moves:
            break
        raw = rng.choice(moves).to_dict()
        if raw["do"] == "roll":
            throws = engine.view(state)["throw"]
            kept = rng.sample(list(engine.view(state)["dice"]), rng.randint(0, 2)) if throws else []
            raw["dice"] = [rng.randint(1, 6) for _ in range(3 - len(kept))]
            if kept:
                raw["kept"] = kept
        elif raw["do"] == "take":
            raw["item"] = rng.choice(["none", "stone", "clover", "leprechaun", "coins"])
        state = act(engine, state, raw)
        json.dumps(engine.view(state))
    view = engine.view(state)
    assert view["over"] and view["turn"] is None and view["supply"] == 0
    check_rows_add_up(check_sheet(engine, state), view["scores"])


def test_keltis_or_is_a_dice_game_with_a_camera(capsys):
    assert main(["games", "--json"]) == 0
    [listed] = [g for g in json.loads(capsys.readouterr().out) if g["game"] == "keltis_or"]
    assert listed["family"] == "dice" and listed["camera"] is True


def test_the_camera_reads_the_rethrow_as_the_dice_thrown_beside_the_dice_kept(tmp_path):
    """K13: the dice left lying are `kept`, the ones that moved are the rethrow."""
    session = live(tmp_path, "keltis_or", ("Anna", "Boris"))
    [first] = judge(session, dice([1, 2, 6]))
    assert first.row.action == {"do": "roll", "by": "Anna", "dice": [1, 2, 6]}
    [second] = judge(session, dice([1, 2, 5], places=[0, 1, 4], frame=9))
    assert second.row.action == {"do": "roll", "by": "Anna", "dice": [5], "kept": [1, 2]}
