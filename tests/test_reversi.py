"""Reversi (docs/rules/reversi.md): the rules no scenario file covers: options refused by name,
the Reversi supply running out (D8), the refusals in both languages, the squares' field, the
view and sheet (undo is the conformance test's)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.actions import ActionError, error_text, parse_action
from scoring.engine import OptionsError
from scoring.match import Match
from scoring.registry import catalogue
from scoring.reversi import board
from scoring.reversi.engine import ReversiEngine, ReversiState
from scoring.verdicts import IllegalMove
from session.families import family_for
from tests.dice_play import act, refusal

PLAYERS = ["Anna", "Boris"]


def engine_for(preset: str = "othello", **options: Any) -> ReversiEngine:
    engine = catalogue()["reversi"].create(preset, options)
    assert isinstance(engine, ReversiEngine)
    return engine


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"size": 7}, "size"),
        ({"size": 18}, "size"),
        ({"size": True}, "size"),
        ({"start": "diamond"}, "start"),
        ({"first": "red"}, "first"),
        ({"supply": 40}, "supply"),
        ({"supply": 0}, "supply"),
        ({"colour": "black"}, "colour"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=f"^{named}:"):
        engine_for(**options)


def test_two_players_exactly() -> None:
    for players in (["Anna"], ["Anna", "Boris", "Vera"]):
        with pytest.raises(OptionsError, match="seats 2 to 2"):
            engine_for().initial(players)


def test_the_square_field_reads_chess_names_on_the_board_size() -> None:
    field = board.SquareField(10)
    assert field.check("at", " J10 ") == "j10"
    for bad in ("k1", "a11", "a0", "a01", "", "d", 5, None):
        with pytest.raises(ActionError, match=r"^at: "):
            field.check("at", bad)
    flips = board.SquaresField(8)
    assert flips.from_words("flips", ["e4,d4"]) == ("d4", "e4")
    assert flips.check("flips", []) == ()
    with pytest.raises(ActionError, match="twice"):
        flips.check("flips", ["d4", "D4"])


def test_refusals_name_the_reason_in_english_and_russian() -> None:
    engine = engine_for()
    state = engine.initial(PLAYERS)
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, parse_action({"do": "move", "by": "Anna", "at": "c3"}, engine.verbs))
    verdict = caught.value.verdict
    assert verdict.en == "Anna: a disc on c3 closes no row of white discs (moves: d3 c4 f5 e6)"
    assert "не закрывает ни одного ряда" in verdict.ru and "d3 c4 f5 e6" in verdict.ru
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, parse_action({"do": "pass", "by": "Anna"}, engine.verbs))
    assert "не может отказаться от хода" in caught.value.verdict.ru
    with pytest.raises(ActionError) as error:
        parse_action({"do": "move", "by": "Anna", "at": "z9"}, engine.verbs)
    assert "не клетка доски 8 x 8" in error_text(error.value, "ru")


def test_a_reversi_player_without_discs_passes_and_the_game_ends_when_both_are_out() -> None:
    """V4, D8: a supply of 4 each is spent after the centre and one move each; the player who
    is out passes (no borrowing) and the game ends when neither has a disc."""
    engine = engine_for("reversi", supply=4)
    state = engine.initial(PLAYERS)
    for square in ("d4", "e4", "e5", "d5"):  # white first, the centre, no turning
        state = act(engine, state, {"do": "move", "by": engine.view(state)["turn"], "at": square})
    assert engine.view(state)["discs_left"] == {"Anna": 2, "Boris": 2}
    rng = random.Random(3)
    passes = 0
    while not state.over:
        action = rng.choice(engine.legal(state))
        state, verdicts = engine.apply(state, action)
        passes += sum(v.code == "pass" for v in verdicts)
    view = engine.view(state)
    assert view["discs_left"] == {"Anna": 0, "Boris": 0}
    assert sum(view["counts"].values()) == 8 and board.EMPTY in "".join(view["board"])


def test_a_pass_is_announced_for_the_player_who_cannot_move() -> None:
    engine = engine_for()
    state = engine.initial(PLAYERS)
    for square in ("d3", "c3", "e6", "d2", "d1", "e1", "b2"):
        state = act(engine, state, {"do": "move", "by": engine.view(state)["turn"], "at": square})
    state, verdicts = engine.apply(
        state, parse_action({"do": "move", "by": "Boris", "at": "c1"}, engine.verbs)
    )
    passed = [v for v in verdicts if v.code == "pass"]
    assert passed and passed[0].player == "Anna"
    assert passed[0].en == "Anna has no move and passes: Boris moves again"
    assert engine.score_sheet(state)["rows"][2]["cells"] == {"Anna": 1, "Boris": 0}


def test_the_sheet_ends_in_the_count() -> None:
    engine = engine_for()
    match = Match(engine, PLAYERS)
    assert match.submit({"do": "move", "by": "Anna", "at": "f5"}).accepted
    sheet = engine.score_sheet(match.state)
    assert [row["key"] for row in sheet["rows"]] == ["colour", "moves", "passes", "total"]
    assert sheet["rows"][-1]["cells"] == match.view()["scores"] == {"Anna": 4, "Boris": 1}


def test_the_flips_seen_must_be_the_flips_made() -> None:
    """D2: the camera's reading of what was turned is checked against the rules."""
    engine = engine_for()
    state = engine.initial(PLAYERS)
    code = refusal(engine, state, {"do": "move", "by": "Anna", "at": "d3", "flips": ["d4", "e4"]})
    assert code == "wrong_flips"
    moved: ReversiState = act(
        engine, state, {"do": "move", "by": "Anna", "at": "d3", "flips": ["d4"]}
    )
    assert engine.view(moved)["last"] == {"at": "d3", "flips": ["d4"], "by": "Anna"}


def test_the_game_has_its_presets_and_family() -> None:
    known = catalogue()["reversi"]
    assert known.family == "reversi" and family_for("reversi").name == "reversi"
    assert set(known.presets) == {"othello", "reversi_nxn", "grand_othello", "reversi"}
