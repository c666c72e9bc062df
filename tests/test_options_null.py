"""A null given for a number the rules cannot do without is refused when the preset loads,
naming the option, as a wrong number is: it used to be kept as None and trip the game up
later (a TypeError mid-game, or a crash at ``initial``)."""

from __future__ import annotations

import pytest

from scoring.engine import OptionsError
from scoring.options import option_whole
from scoring.registry import create_engine


@pytest.mark.parametrize(
    ("game", "preset", "key"),
    [
        ("five_pins", None, "target"),
        ("five_pins", None, "match_games"),
        ("five_pins", None, "centre_alone_value"),
        ("seven_skittles", None, "S0"),
        ("seven_skittles", None, "d_side"),
        ("yahtzee", None, "dice"),
        ("yahtzee", None, "throws"),
        ("yahtzee", None, "players_min"),
        ("indian_dice", None, "throws"),
        ("indian_dice", None, "stake"),
        ("bluff", None, "throws"),
        ("liar", None, "tokens"),
        ("liars_dice", None, "dice"),
        ("pig", None, "players_min"),
        ("draw_dominoes", None, "players_min"),
        ("draw_dominoes", None, "dead_tiles"),
    ],
)
def test_a_null_count_is_refused_by_name(game: str, preset: str | None, key: str) -> None:
    with pytest.raises(OptionsError, match=key):
        create_engine(game, preset, {key: None})


def test_a_null_for_one_table_size_is_refused() -> None:
    with pytest.raises(OptionsError, match="hand_size"):
        create_engine("draw_dominoes", None, {"hand_size": {2: None, 3: 5, 4: 5}})


def test_a_null_barrel_penalty_is_refused() -> None:
    with pytest.raises(OptionsError, match="barrel_penalty"):
        create_engine("thousand", "f", {"barrel": "extra_minus_100", "barrel_penalty": None})


def test_option_whole_keeps_the_default_and_a_given_number() -> None:
    assert option_whole({}, "target", 60) == 60
    assert option_whole({"target": 0}, "target", 60, minimum=0) == 0
    with pytest.raises(OptionsError, match="target"):
        option_whole({"target": None}, "target", 60)
