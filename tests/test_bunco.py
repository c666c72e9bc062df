"""Bunco (rules/dice.md G18): what the scenario files cannot show throw by throw.

Every throw of three dice in every round is scored here against the rule of L632-645; the
table moves of L684-689 are checked for any number of tables; and random evenings, at one
table and at three, must end with cards that agree with the tables' We/They sheets, a sheet
that closes on the wins, and undo that gives back exactly the view before.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product
from typing import Any

import pytest
from dice_play import check_sheet, play_match, undo_restores
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.dice.bunco import BuncoEngine, score_throw
from scoring.engine import OptionsError
from scoring.match import Entry, Match
from scoring.registry import create_engine

SEEDS = st.integers(0, 2**32 - 1)
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FOUR = ["Stacy", "Carol", "Wanda", "Hannah"]
TWELVE = [*FOUR, "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.mark.parametrize("face", range(1, 7))
def test_every_throw_scores_by_the_round_face(face: int) -> None:
    """L632-645: one point per die showing the round's number; three of them 21; three of any
    other face 5; numbers are never added up."""
    for dice in product(range(1, 7), repeat=3):
        points, kind = score_throw(dice, face, 21, 5)
        if dice == (face, face, face):
            assert (points, kind) == (21, "bunco")
        elif len(set(dice)) == 1:
            assert (points, kind) == (5, "mini_bunco")
        else:
            assert points == dice.count(face)
            assert kind == ("scored" if points else "miss")


@pytest.mark.parametrize("tables", [1, 2, 3, 4])
def test_moves_send_winners_up_and_losers_down(tables: int) -> None:
    """L684-689 for any number of tables: everyone is seated once; head-table winners and
    last-table losers stay; other winners move up a table and other losers down; and no team
    plays together twice running."""
    winners = [(4 * t, 4 * t + 2) for t in range(tables)]
    losers = [(4 * t + 1, 4 * t + 3) for t in range(tables)]
    seated = BuncoEngine._moves(winners, losers)
    assert sorted(seat for table in seated for seat in table) == list(range(4 * tables))
    where = {seat: t for t, table in enumerate(seated) for seat in table}
    for t in range(tables):
        up, down = max(t - 1, 0), min(t + 1, tables - 1)
        assert {where[s] for s in winners[t]} == {up}
        assert {where[s] for s in losers[t]} == {down}
    for table in seated:
        teams = {frozenset((table[0], table[2])), frozenset((table[1], table[3]))}
        assert not teams & {frozenset(pair) for pair in winners + losers}


def fill(engine: Any, state: Any, action: Action, rng: random.Random) -> dict[str, Any]:
    """A listed throw gets three faces; a remote table's tally a score."""
    raw = action.to_dict()
    if action.verb == "roll":
        raw["dice"] = [rng.randint(1, 6) for _ in range(3)]
    if action.verb == "tally":
        raw["we"], raw["they"] = rng.randint(21, 30), rng.randint(0, 20)
    return raw


def evening(
    players: list[str], seed: int, options: dict[str, Any], limit: int = 20000
) -> tuple[BuncoEngine, list[Entry], list[dict[str, Any]]]:
    """A random evening: every listed throw is made with random faces (never `finish`)."""
    rng = random.Random(seed)
    engine = create_engine("bunco", overrides=options)
    return engine, *play_match(engine, players, rng, fill, limit, skip=("finish",))


def check_evening(engine: BuncoEngine, entries: list[Entry], players: list[str]) -> None:
    state = Match(engine, players, entries).state
    view = engine.view(state)
    assert view["over"] and view["turn"] is None
    json.dumps(view)
    rounds = view["rounds"]
    assert len(rounds) == 6
    for number, played in enumerate(rounds, start=1):
        assert played["round"] == number
        head = played["tables"][0]
        assert max(head["points"].values()) >= 21  # the head table ends a round at 21
        for table in played["tables"]:
            we, they = table["points"]["we"], table["points"]["they"]
            if we == they:  # a tie is settled by the roll-off
                assert table["rolloff"]["we"] != table["rolloff"]["they"]
    for player, card in view["cards"].items():
        assert len(card["rounds"]) == 6 and card["wins"] + card["losses"] == 6
        assert card["wins"] == view["scores"][player]
    marks = Counter(mark for card in view["cards"].values() for mark in card["rounds"])
    assert marks["W"] == marks["L"] == 3 * len(players)
    sheet = check_sheet(engine, state)
    assert [row["key"] for row in sheet["rows"][:6]] == [f"set_1_round_{n}" for n in range(1, 7)]


@SETTINGS
@given(seed=SEEDS)
def test_a_random_set_at_one_table(seed: int) -> None:
    engine, entries, _ = evening(FOUR, seed, {"sets": 1})
    check_evening(engine, entries, FOUR)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_a_random_set_at_three_tables_one_of_them_remote(seed: int) -> None:
    engine, entries, _ = evening(TWELVE, seed, {"sets": 1, "remote_tables": [3]})
    check_evening(engine, entries, TWELVE)


@SETTINGS
@given(seed=SEEDS, data=st.data())
def test_undo_gives_back_the_view_before(seed: int, data: st.DataObject) -> None:
    engine, entries, views = evening(TWELVE[:8], seed, {"sets": 1}, limit=150)
    undo_restores(engine, TWELVE[:8], entries, views, data.draw(st.integers(0, len(entries) - 1)))


@pytest.mark.parametrize(
    ("players", "options", "named"),
    [
        (FOUR[:3], {}, "players"),
        (TWELVE[:6], {}, "tables of 4"),
        (FOUR, {"remote_tables": [2]}, "remote_tables"),
    ],
)
def test_bad_tables_are_refused(players: list[str], options: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        create_engine("bunco", overrides=options).initial(players)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"sets": 0}, "sets"),
        ({"travel": [1, 2]}, "travel"),
        ({"travel": [1, 2, 7]}, "travel"),
        ({"remote_tables": "2"}, "remote_tables"),
        ({"bell": 21}, "bell"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        create_engine("bunco", overrides=options)
