"""The round and target games of rules/dice.md §5: Chicago, Martinetti, Aces, the Game of 13.

The scenario files check the spec's examples move by move; here are the rules that examples
show badly: Martinetti's chain search against a brute force, the Game of 13's arithmetic, dice
that never appear or vanish in Aces, and, over random games, that every game ends, that the
paper sheet always adds up to the score, that every listed move is accepted, and that an undo
gives back exactly the view before.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from itertools import permutations
from typing import Any

import pytest
from dice_play import check_rows_add_up, check_sheet, play_match, undo_restores
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.actions import Action, parse_action
from scoring.dice.rounds.game13 import OPS
from scoring.dice.rounds.martinetti import reach
from scoring.engine import OptionsError
from scoring.match import Entry, Match
from scoring.registry import create_engine
from scoring.verdicts import IllegalMove

DIE = st.integers(1, 6)
#: Random games are driven by a seeded generator: Hypothesis picks the seed.
SEEDS = st.integers(0, 2**32 - 1)
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fill(engine: Any, state: Any, action: Action, rng: random.Random) -> dict[str, Any]:
    """A listed decision made concrete: a throw gets the faces chance gives it."""
    raw = action.to_dict()
    if action.verb == "roll" and "dice" not in raw:
        if engine.game == "game13":
            raw["dice"] = [rng.randint(1, 6), rng.randint(2, 7)]
        else:
            count = {"chicago": 2, "martinetti": 3}.get(engine.game)
            if count is None:  # Aces: one die to decide who starts, then all dice held
                view = engine.view(state)
                count = 1 if view["deciding_start"] else view["scores"][view["turn"]]
            raw["dice"] = [rng.randint(1, 6) for _ in range(count)]
    return raw


def play(
    game: str, players: list[str], seed: int, limit: int, preset: str | None = None
) -> tuple[Any, list[Entry], list[dict[str, Any]]]:
    """A random game of listed decisions: the engine, the history and every view on the way."""
    rng = random.Random(seed)
    engine = create_engine(game, preset)
    return engine, *play_match(engine, players, rng, fill, limit)


GAMES = [
    ("chicago", ["Anna", "Boris", "Vera"], True),
    ("martinetti", ["Anna", "Boris", "Vera"], False),
    ("aces", ["Anna", "Boris", "Vera"], False),
    ("game13", ["Anna", "Boris"], True),
]


@pytest.mark.parametrize(("game", "players", "rows_add_up"), GAMES)
@SETTINGS
@given(seed=SEEDS)
def test_random_games_end_with_a_sheet_that_adds_up(
    game: str, players: list[str], rows_add_up: bool, seed: int
) -> None:
    """Listed moves are always accepted, games end, views are JSON, the sheet adds up."""
    engine, entries, views = play(game, players, seed, 3000)
    assert views[-1]["over"], f"{game} did not end in 3000 actions"
    assert views[-1]["turn"] is None and views[-1]["winner"] is not None
    for view in views:
        json.dumps(view)
    state = Match(engine, players, entries).state
    sheet = check_sheet(engine, state)
    if rows_add_up:
        check_rows_add_up(sheet, engine.view(state)["scores"])


@pytest.mark.parametrize(("game", "players", "rows_add_up"), GAMES)
@SETTINGS
@given(seed=SEEDS, data=st.data())
def test_undo_gives_back_the_view_before(
    game: str, players: list[str], rows_add_up: bool, seed: int, data: st.DataObject
) -> None:
    """Undoing any action restores exactly the view the table had before it."""
    engine, entries, views = play(game, players, seed, 200)
    if not entries:
        return
    undo_restores(engine, players, entries, views, data.draw(st.integers(0, len(entries) - 1)))


# --------------------------------------------------------------------------------------------
# Chicago.


def test_chicago_targets_run_from_2_to_12() -> None:
    engine = create_engine("chicago")
    state = engine.initial(["Anna"])
    targets = []
    while not state.over:
        target = engine.view(state)["target"]
        targets.append(target)
        dice = [1, target - 1] if target <= 7 else [target - 6, 6]
        state, _ = engine.apply(
            state, parse_action({"do": "roll", "by": "Anna", "dice": dice}, engine.verbs)
        )
    assert targets == list(range(2, 13))
    assert engine.view(state)["scores"] == {"Anna": sum(range(2, 13))}


@SETTINGS
@given(seed=SEEDS)
def test_chicago_everyone_throws_once_a_round(seed: int) -> None:
    """The standard rule: in each round the players throw once each, in seat order."""
    players = ["Anna", "Boris", "Vera"]
    _engine, entries, _ = play("chicago", players, seed, 100, preset="chicago_everyone")
    throwers = [entry.action.by for entry in entries]
    assert throwers == (players * 11)[: len(throwers)]


# --------------------------------------------------------------------------------------------
# Martinetti.


def brute_reach(dice: tuple[int, ...], need: int, last: int) -> int:
    """Every ordered way of cutting the dice into consecutive sums, tried one by one."""
    best = need - 1
    for order in permutations(dice):
        for cuts in range(1 << (len(order) - 1)):
            groups, current = [], [order[0]]
            for index, die in enumerate(order[1:]):
                if cuts >> index & 1:
                    groups.append(current)
                    current = [die]
                else:
                    current.append(die)
            groups.append(current)
            # Any subset of the groups, in any order, may serve; a chain needs need, need+1...
            sums = sorted(sum(g) for g in groups)
            k = need
            used = list(sums)
            while k <= last and k in used:
                used.remove(k)
                k += 1
            best = max(best, k - 1)
    return min(best, last)


@given(dice=st.tuples(DIE, DIE, DIE), need=st.integers(1, 12))
def test_martinetti_reach_matches_a_brute_force(dice: tuple[int, int, int], need: int) -> None:
    assert reach(dice, need, 12) == brute_reach(dice, need, 12)


@pytest.mark.parametrize(
    ("dice", "need", "expected"),
    [
        ((1, 1, 1), 1, 2),
        ((1, 2, 3), 1, 3),
        ((2, 4, 6), 1, 0),
        ((3, 4, 6), 3, 4),
        ((6, 6, 1), 12, 12),
    ],
)
def test_martinetti_reach_examples(dice: tuple[int, ...], need: int, expected: int) -> None:
    """T46 (L254-260) and the last field."""
    assert reach(dice, need, 12) == expected


# --------------------------------------------------------------------------------------------
# Aces.


@SETTINGS
@given(seed=SEEDS)
def test_aces_never_loses_or_makes_a_die(seed: int) -> None:
    """Dice held plus dice in the centre are always the 5 per player the game began with, and
    the loser threw the last ace."""
    players = ["Anna", "Boris", "Vera", "Gleb"]
    _engine, entries, views = play("aces", players, seed, 3000)
    for view in views:
        assert sum(view["scores"].values()) + view["centre"] == 20
    final = views[-1]
    assert final["over"] and final["loser"] == entries[-1].action.by
    assert sorted(final["winner"]) == sorted(p for p in players if p != final["loser"])


# --------------------------------------------------------------------------------------------
# The Game of 13.


def test_game13_operations_follow_the_source() -> None:
    """L218-222: plus, minus, half/third/quarter (exact only), times 2/3/4."""
    engine = create_engine("game13")
    assert {op: engine.change(op, 12) for op in OPS} == {
        "plus": 12,
        "minus": -12,
        "half": 6,
        "third": 4,
        "quarter": 3,
        "times_2": 24,
        "times_3": 36,
        "times_4": 48,
    }
    assert engine.change("half", 5) is None and engine.change("third", 5) is None
    floor = create_engine("game13", overrides={"division": "round_down"})
    assert floor.change("half", 5) == 2 and floor.change("quarter", 7) == 1


def test_game13_declaring_needs_a_throw() -> None:
    engine = create_engine("game13")
    state = engine.initial(["Anna"])
    with pytest.raises(IllegalMove) as caught:
        engine.apply(
            state, parse_action({"do": "declare", "by": "Anna", "op": "plus"}, engine.verbs)
        )
    assert caught.value.code == "not_now"


# --------------------------------------------------------------------------------------------
# Presets and options.


@pytest.mark.parametrize(
    ("game", "options", "named"),
    [
        ("chicago", {"scoring": "fastest"}, "scoring"),
        ("chicago", {"rounds": 5}, "rounds"),
        ("martinetti", {"fields": 1}, "fields"),
        ("aces", {"dice": 0}, "dice"),
        ("aces", {"start": "highest"}, "start"),
        ("game13", {"number": "13"}, "number"),
        ("game13", {"division": "exactly"}, "division"),
        ("game13", {"void_costs_throw": "yes"}, "void_costs_throw"),
    ],
)
def test_bad_options_are_refused_naming_the_option(
    game: str, options: Mapping[str, Any], named: str
) -> None:
    with pytest.raises(OptionsError, match=named):
        create_engine(game, overrides=options)


def test_aces_needs_two_players() -> None:
    with pytest.raises(OptionsError, match="players"):
        create_engine("aces").initial(["Anna"])
