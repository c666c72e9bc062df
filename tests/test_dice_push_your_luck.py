"""The push-your-luck dice games (rules/dice.md §4): 1000, Farkle, Pig, dead-aside, buck dice.

The scenarios under ``tests/scenarios/dice/`` check the rules move by move.  Here: the shared
scorer of a throw as a pure function (every set-aside, the best one, outright wins), bad
presets refused with the option named, and properties of whole random games played through
``legal``: they end, every listed move is accepted, a state is never changed by what follows
it, undo restores the exact previous view, and the paper sheet adds up to the scores.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from dice_play import act, check_sheet, undo_and_redo
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.dice import scoring_dice
from scoring.dice.luck.buck import BuckEngine
from scoring.dice.luck.dead_aside import DeadAsideEngine
from scoring.dice.luck.pig import PigEngine
from scoring.dice.scoring_dice import ScoreTable
from scoring.engine import OptionsError, open_now
from scoring.match import Match
from scoring.registry import create_engine, game
from scoring.verdicts import IllegalMove


def table_of(game_id: str, preset: str, **overrides: Any) -> ScoreTable:
    return ScoreTable.read({**game(game_id).options(preset), **overrides})


def points(table: ScoreTable, dice: tuple[int, ...]) -> list[int]:
    return [option.points for option in scoring_dice.set_asides(table, dice)]


# --------------------------------------------------------------------------------------------
# The scorer (scoring/dice/scoring_dice.py).


@pytest.mark.parametrize(
    ("dice", "best"),
    [
        ((1, 5, 2, 3, 4), 15),  # T28
        ((2, 2, 2, 1, 6), 30),
        ((1, 1, 1, 5, 3), 35),
        ((6, 6, 6, 6, 1), 610),
        ((5, 5, 5, 2, 3), 50),  # L188: 555 = 50
        ((1, 1, 1, 1, 2), 100),  # L189 [AMB]: 1111 = 100 by the formula
    ],
)
def test_thousand_throws(dice: tuple[int, ...], best: int) -> None:
    table = table_of("thousand", "d9")
    assert scoring_dice.best(table, dice).points == best


def test_five_equal_win_1000_outright_but_fewer_do_not() -> None:
    table = table_of("thousand", "f")
    assert scoring_dice.instant_win(table, (3, 3, 3, 3, 3))
    assert not scoring_dice.instant_win(table, (3, 3, 3, 3, 1))
    assert scoring_dice.best(table, (3, 3, 3, 3, 3)).points == 300  # were the flag off


def test_farkle_set_asides_t33_t34() -> None:
    table = table_of("farkle", "farkle")
    assert points(table, (1, 2, 2, 5, 5, 6)) == [200, 150, 100, 100, 50]
    assert {100, 150, 500, 600} <= set(points(table, (1, 2, 4, 5, 5, 5)))
    assert scoring_dice.best(table, (1, 2, 3, 4, 5, 6)).points == 3000
    assert scoring_dice.best(table, (2, 2, 3, 3, 6, 6)).points == 1500
    assert scoring_dice.best(table, (4, 4, 4, 4, 2, 2)).points == 1500
    assert not scoring_dice.scores(table, (2, 3, 3, 4, 6, 6))


def test_only_scoring_dice_may_be_set_aside() -> None:
    table = table_of("farkle", "farkle")
    assert scoring_dice.value(table, (1, 2)) is None
    assert scoring_dice.value(table, (2, 2, 2, 2)) is None  # base rules: no four of a kind
    assert scoring_dice.value(table, (1, 1, 1)) == 1000
    assert scoring_dice.value(table, (1, 1)) == 200  # L571: not three 1s
    assert scoring_dice.value(table, ()) == 0


def test_three_pairs_with_four_can_be_switched_off() -> None:
    assert scoring_dice.value(table_of("farkle", "farkle"), (4, 4, 4, 4, 2, 2)) == 1500
    strict = table_of("farkle", "farkle", three_pairs_with_four=False)
    assert scoring_dice.value(strict, (4, 4, 4, 4, 2, 2)) is None
    assert scoring_dice.best(strict, (4, 4, 4, 4, 2, 2)).points == 400


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_every_set_aside_scores_all_its_dice(dice: list[int]) -> None:
    """Each listed set-aside is a sub-multiset of the throw worth its points, none twice, and
    adding a die never makes a fully scoring set worth less than its best part."""
    table = table_of("farkle", "farkle2")
    options = scoring_dice.set_asides(table, dice)
    assert len({o.dice for o in options}) == len(options)
    for option in options:
        assert all(option.dice.count(f) <= dice.count(f) for f in option.dice)
        assert scoring_dice.value(table, option.dice) == option.points > 0
    best = scoring_dice.best(table, dice)
    assert best == (options[0] if options else None)
    assert all(best.points >= o.points for o in options)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"singles": {7: 100}}, "singles"),
        ({"dice": 7}, "dice"),
        ({"four_kind": {"points": 1000, "times_triple": 2}}, "four_kind"),
        ({"five_kind": {"double": 2}}, "five_kind"),
        ({"six_ones": 5000}, "six_ones"),
        ({"straight": "yes"}, "straight"),
        ({"three_ones": None}, "three_ones"),
    ],
)
def test_bad_scoring_options_are_named(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        create_engine("farkle", "farkle", overrides)


# --------------------------------------------------------------------------------------------
# Presets and players refused up front.


@pytest.mark.parametrize(
    ("game_id", "overrides", "message"),
    [
        ("thousand", {"barrel": "jump"}, "barrel"),
        ("thousand", {"barrels": [[400, 300]]}, "barrels"),
        ("thousand", {"bolts": {"turns": 3}}, "bolts"),
        ("thousand", {"toxic_twos": 4}, "toxic_twos"),  # a Farkle option
        ("thousand", {"void_rethrow": "all"}, "void_rethrow"),
        ("farkle", {"finish": "immediate"}, "finish"),
        ("farkle", {"overshoot": "void"}, "overshoot"),
        ("farkle", {"barrel": "skip"}, "barrel"),  # a 1000 option
        ("pig", {"draw": "highest"}, "draw"),
        ("pig", {"bust_face": 7}, "bust_face"),
        ("dead_aside", {"dead_faces": [7]}, "dead_faces"),
        ("dead_aside", {"void_rethrow": "all"}, "void_rethrow"),
        ("buck_dice", {"overshoot": "welfare"}, "overshoot"),
        ("buck_dice", {"target": 0}, "target"),
    ],
)
def test_bad_options_are_named(game_id: str, overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        create_engine(game_id, None, overrides)


@pytest.mark.parametrize(
    ("game_id", "preset", "players"),
    [
        ("farkle", "farkle", ["Anna"]),
        ("farkle", "team", ["Anna", "Boris"]),
        ("farkle", "team", ["Anna", "Boris", "Vera", "Gleb", "Dima"]),
        ("buck_dice", "buck_dice", ["Anna"]),
        ("pig", "pig", ["Anna", "Anna"]),
    ],
)
def test_tables_the_game_cannot_seat(game_id: str, preset: str, players: list[str]) -> None:
    with pytest.raises(OptionsError, match="players"):
        create_engine(game_id, preset).initial(players)


def test_each_small_game_names_its_own_engine_class() -> None:
    """Pig, dead-aside and buck dice each have an engine module, named by their preset file;
    nothing picks an engine by game id any more."""
    assert type(create_engine("pig")) is PigEngine
    assert type(create_engine("dead_aside")) is DeadAsideEngine
    assert type(create_engine("buck_dice")) is BuckEngine


# --------------------------------------------------------------------------------------------
# Random games through ``legal``.

#: (game, preset, options): every preset, with targets (and 1000's barrels) cut down where a
#: random player would need thousands of moves; the rules are the same.
GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("thousand", "d9", {"barrel": "three_turns", "target": 300, "barrels": [[100, 150]]}),
    ("thousand", "f", {"target": 300, "barrels": [[100, 150]]}),
    ("thousand", "f", {"barrel": "extra_minus_100", "target": 300, "barrels": [[100, 150]]}),
    ("thousand", "folk", {"target": 300, "barrels": [[100, 150]], "dump_truck": 200}),
    ("farkle", "farkle", {"target": 3000}),
    ("farkle", "farkle", {"target": 2000, "finish": "round", "hot_dice_rethrow": True}),
    (
        "farkle",
        "farkle",
        {
            "target": 3000,
            "opening": 350,
            "farkle_streak": {"turns": 3, "points": 1000},
            "toxic_twos": 4,
            "high_stakes": 1000,
            "overshoot": "welfare",
            "six_ones": {"win": True},
        },
    ),
    ("farkle", "five_dice", {"target": 3000}),
    ("farkle", "team", {"target": 4000}),
    ("farkle", "farkle2", {"target": 3000, "void_costs_throw": True}),
    ("pig", "pig", {"target": 30}),
    ("dead_aside", "dead_aside", {"rounds": 2}),
    ("buck_dice", "buck_dice", {}),
    ("buck_dice", "buck_dice", {"overshoot": "void"}),
]
IDS = [f"{g}-{p}-{i}" for i, (g, p, _) in enumerate(GAMES)]
PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]
LIMIT = 3000


def random_move(
    engine: Any, state: Any, view: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """A legal move: a throw gets random faces (as many as the engine takes), a choice is
    made at random with a bias towards throwing on, and a turn that makes the target exactly
    is banked (as anyone would where the target must be hit exactly)."""
    actions = open_now(engine, state)
    keeps = [a for a in actions if a.verb == "keep"]
    stops = [a for a in actions if a.verb == "stop"]
    rolls = [a for a in actions if a.verb == "roll"]
    if stops and view["scores"][view["turn"]] + view.get("turn_points", 0) == view["target"]:
        return stops[0].to_dict()
    if keeps and not view.get("kept"):
        choice = rng.choice(stops) if stops and rng.random() < 0.2 else rng.choice(keeps)
    elif rolls and (not stops or rng.random() < 0.65):
        if rng.random() < 0.03:
            return {"do": "void", "by": view["turn"], "reason": "edge"}
        return throw(engine, state, view["turn"], rng)
    else:
        choice = rng.choice(stops or keeps)
    return choice.to_dict()


def throw(engine: Any, state: Any, player: str, rng: random.Random) -> dict[str, Any]:
    """A throw of random faces, with as many dice as the engine takes now."""
    sizes = list(range(1, 7))
    rng.shuffle(sizes)
    for size in sizes:
        raw = {"do": "roll", "by": player, "dice": [rng.randint(1, 6) for _ in range(size)]}
        try:
            act(engine, state, raw)
        except IllegalMove as refused:
            if refused.code == "wrong_dice_count":
                continue
        except ValueError:  # more dice than the verb takes
            continue
        return raw
    raise AssertionError(f"no number of dice is accepted in {engine.view(state)}")


def play(
    game_id: str, preset: str, options: dict[str, Any], seed: int
) -> tuple[Any, list[str], Any, list[dict[str, Any]]]:
    """A whole random game: the engine, the players, the final state and the moves."""
    engine = create_engine(game_id, preset, options)
    rng = random.Random(seed)
    players = PLAYERS[: 4 if engine.finish.teams else rng.randint(2, 4)]
    state = engine.initial(players)
    moves = []
    view = engine.view(state)
    for _ in range(LIMIT):
        if view["over"]:
            return engine, players, state, moves
        raw = random_move(engine, state, view, rng)
        state_after = act(engine, state, raw)
        assert engine.view(state) == view, "apply changed the state it was given"
        state, view = state_after, engine.view(state_after)
        moves.append(raw)
    raise AssertionError(f"{game_id}/{preset} did not end in {LIMIT} moves")


def sheet_adds_up(engine: Any, state: Any) -> None:
    """The sheet is whole, and its turns, penalties and gifts (skipped turns are marks) add up
    to each score."""
    sheet = check_sheet(engine, state)
    view = engine.view(state)
    for player in view["players"]:
        written = sum(
            row["cells"][player]
            for row in sheet["rows"]
            if row["kind"] in ("row", "bonus") and isinstance(row["cells"][player], int)
        )
        assert written == view["scores"][player]


@pytest.mark.parametrize(("game_id", "preset", "options"), GAMES, ids=IDS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_end_and_add_up(
    game_id: str, preset: str, options: dict[str, Any], seed: int
) -> None:
    engine, _, state, _ = play(game_id, preset, options, seed)
    view = engine.view(state)
    assert view["over"] and view["turn"] is None and view["winner"]
    assert open_now(engine, state) == []
    sheet_adds_up(engine, state)


@pytest.mark.parametrize(("game_id", "preset", "options"), GAMES, ids=IDS)
def test_every_listed_move_is_accepted(game_id: str, preset: str, options: dict[str, Any]) -> None:
    """Along a random game, each move ``legal`` lists is accepted (a throw: its player may
    throw now), and the sheet adds up after every move."""
    engine, players, _, moves = play(game_id, preset, options, seed=7)
    state = engine.initial(players)
    for raw in moves:
        listed = open_now(engine, state)
        for action in listed:
            if action.verb != "roll":
                engine.apply(state, action)
        if any(a.verb == "roll" for a in listed) and engine.view(state)["phase"] == "play":
            engine.may_throw(state, engine.view(state)["turn"])
        state = act(engine, state, raw)
        sheet_adds_up(engine, state)


@pytest.mark.parametrize(("game_id", "preset", "options"), GAMES[::3], ids=IDS[::3])
def test_undo_restores_the_exact_previous_view(
    game_id: str, preset: str, options: dict[str, Any]
) -> None:
    engine, players, _, moves = play(game_id, preset, options, seed=11)
    match = Match(engine, players)
    for raw in moves[:80]:
        undo_and_redo(match, raw)


def test_a_stop_that_legal_omits_is_refused() -> None:
    engine = create_engine("thousand", "f")
    state = engine.initial(["Anna", "Boris"])
    state = act(engine, state, {"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 6]})
    assert Action("stop", "Anna") not in open_now(engine, state)
    with pytest.raises(IllegalMove, match="75"):
        act(engine, state, {"do": "stop", "by": "Anna"})


# --------------------------------------------------------------------------------------------
# The paper sheet.


def test_the_sheet_shows_turns_skips_and_penalties() -> None:
    engine = create_engine("thousand", "f", {"barrel": "extra_minus_100"})
    state = engine.initial(["Anna", "Boris"])
    for raw in (
        {"do": "roll", "by": "Anna", "dice": [3, 3, 3, 3, 1]},
        {"do": "stop", "by": "Anna"},  # 310: on the barrel, an extra turn
        {"do": "roll", "by": "Anna", "dice": [2, 3, 4, 6, 6]},  # still on it: -100
        {"do": "roll", "by": "Boris", "dice": [2, 3, 4, 6, 6]},
    ):
        state = act(engine, state, raw)
    rows = {row["key"]: row for row in engine.score_sheet(state)["rows"]}
    assert rows["turn_1"]["cells"] == {"Anna": 310, "Boris": 0}
    assert rows["turn_2"]["cells"] == {"Anna": 0, "Boris": None}
    assert rows["barrel"]["kind"] == "bonus"
    assert rows["barrel"]["cells"] == {"Anna": -100, "Boris": None}
    assert rows["total"]["cells"] == {"Anna": 210, "Boris": 0}
    sheet_adds_up(engine, state)


def test_a_skipped_turn_is_marked_on_the_sheet() -> None:
    engine = create_engine("thousand", "f")
    state = engine.initial(["Anna", "Boris"])
    for raw in (
        {"do": "roll", "by": "Anna", "dice": [3, 3, 3, 3, 1]},
        {"do": "stop", "by": "Anna"},  # 310: on the barrel, the next turn is missed
        {"do": "roll", "by": "Boris", "dice": [2, 3, 4, 6, 6]},
    ):
        state = act(engine, state, raw)
    rows = {row["key"]: row for row in engine.score_sheet(state)["rows"]}
    assert rows["turn_2"]["cells"]["Anna"] == "—"
    assert engine.view(state)["turn"] == "Boris"


def test_the_buck_sheet_shows_who_went_out_and_the_stakes() -> None:
    engine = create_engine("buck_dice")
    state = engine.initial(["Anna", "Boris"])
    for dice in ([6, 6, 5], [1, 2, 3], [3], [3, 3, 3]):
        state = act(engine, state, {"do": "roll", "by": engine.view(state)["turn"], "dice": dice})
    rows = {row["key"]: row for row in engine.score_sheet(state)["rows"]}
    assert rows["out"]["cells"] == {"Anna": "1 x2", "Boris": None}
    assert rows["stakes"]["cells"] == {"Anna": "+2", "Boris": "-2"}
    assert rows["total"]["cells"] == {"Anna": 15, "Boris": 0}
