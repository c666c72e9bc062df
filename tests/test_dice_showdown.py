"""Showdown engines (scoring/dice/showdown.py): zariki (G6) and Indian dice (G7).

Scenarios check the rules move by move; here are the properties a scenario cannot show: random
games played only from ``legal`` always end, every listed move is accepted, states are never
changed by what follows them, undo restores the exact view, and the score sheet adds up to
the scores (the generic player of ``tests/dice_play.py``, which the bluff games use too).  Then
the engines' details and option checks; the turn of throws and the opening throw they share
are tested in ``tests/test_dice_turns.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from dice_play import check_game, check_sheet, check_undo
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.engine import OptionsError, open_now
from scoring.match import Match
from scoring.registry import create_engine

SHOWDOWNS = [
    ("zariki", "zariki"),
    ("zariki", "zariki_literal"),
    ("indian_dice", "indian_dice"),
    ("indian_dice", "weakest_final"),
]
TABLES = st.lists(st.sampled_from(["Anna", "Boris", "Vera", "Gleb", "Dina"]), min_size=2,
                  max_size=5, unique=True)  # fmt: skip
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("game", "preset"), SHOWDOWNS)
@SETTINGS
@given(players=TABLES, seed=st.integers(0, 2**32))
def test_random_showdowns_end_and_add_up(game: str, preset: str, players: list[str], seed: int):
    engine, state, _ = check_game(game, preset, players, seed)
    scores = engine.view(state)["scores"]
    if game == "zariki":
        assert sum(scores.values()) == 0  # the bank only changes hands
        assert sorted(scores.values())[-1] == len(players) - 1
    else:
        assert sum(scores.values()) >= 3  # every round has a winner


@pytest.mark.parametrize(("game", "preset"), SHOWDOWNS[::2])
@settings(max_examples=10, deadline=None)
@given(players=TABLES, seed=st.integers(0, 2**32))
def test_undo_restores_the_exact_view(game: str, preset: str, players: list[str], seed: int):
    check_undo(game, preset, players, seed)


# ------------------------------------------------------------------------------------------
# Engine details.


def test_zariki_view_and_sheet_after_t39() -> None:
    engine = create_engine("zariki")
    match = Match(engine, ["Anna", "Boris"])
    for raw in [
        {"do": "roll", "by": "Anna", "dice": [6]},
        {"do": "roll", "by": "Boris", "dice": [1]},
        {"do": "roll", "by": "Anna", "dice": [4, 4, 4, 4, 1]},
        {"do": "stand", "by": "Anna"},
        {"do": "roll", "by": "Boris", "dice": [2, 2, 2, 2, 6]},
        {"do": "stand", "by": "Boris"},
    ]:
        assert match.submit(raw).accepted, raw
    sheet = check_sheet(engine, match.state)
    assert sheet["rows"][0]["cells"] == {"Anna": "Q Q Q Q 9 *", "Boris": "10 10 10 10 A"}
    assert sheet["rows"][-1]["cells"] == {"Anna": 1, "Boris": -1}
    assert match.view()["labels"] == ["9", "10", "J", "Q", "K", "A"]


def test_ordinary_dice_print_pips() -> None:
    engine = create_engine("zariki", overrides={"die": "pips"})
    assert engine.view(engine.initial(["Anna", "Boris"]))["labels"][0] == "1"


def test_indian_first_player_may_stop_and_others_may_not() -> None:
    engine = create_engine("indian_dice")
    state = engine.initial(["Anna", "Boris"])
    verbs = {a.verb for a in open_now(engine, state)}
    assert verbs == {"roll", "void"}
    state, _ = engine.apply(state, Action("roll", "Anna", {"dice": (1, 2, 3, 4, 5)}))
    state, _ = engine.apply(state, Action("roll", "Anna", {"dice": (1, 2, 3, 4, 5), "kept": ()}))
    assert Action("stand", "Anna") in open_now(engine, state)
    state, _ = engine.apply(state, Action("stand", "Anna"))
    state, _ = engine.apply(state, Action("roll", "Boris", {"dice": (1, 2, 3, 4, 6)}))
    assert Action("stand", "Boris") not in open_now(engine, state)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"throws": 0}, "throws"),
        ({"reroll": "sometimes"}, "reroll"),
        ({"ranking": "bridge"}, "ranking"),
        ({"tie": "shared"}, "stake"),
        ({"colour": "red"}, "colour"),
        ({"first_sets_throws": "yes"}, "first_sets_throws"),
        ({"void_rethrow": "none"}, "void_rethrow"),
        ({"players_min": 4, "players_max": 3}, "players_min"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options: Mapping[str, Any], named: str):
    with pytest.raises(OptionsError, match=named):
        create_engine("zariki", overrides=options)


def test_a_showdown_needs_two_players() -> None:
    with pytest.raises(OptionsError, match="players"):
        create_engine("indian_dice").initial(["Anna"])
