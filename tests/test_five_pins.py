"""Five pins (rules/skittles.md Game B): the points table, the options, and whole random matches.

The scenarios under ``tests/scenarios/carom/five_pins/`` check the rules shot by shot (§E B-1..
B-20).  Here: the pin and carom values as pure functions, bad presets refused with the option
named, and properties of random matches made of random shot records: points never change
without a shot, a foul never scores for the shooter, undo restores the exact view, the pad adds
up to the scores, and every match ends.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from dice_play import check_rows_add_up, check_sheet, undo_and_redo
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.actions import Action, parse_action
from scoring.carom.five_pins.engine import FivePinsEngine
from scoring.carom.five_pins.rules import OUTER, PINS, Rules, carom_value, lag_winner, pin_value
from scoring.carom.shot import ShotRecord
from scoring.engine import OptionsError, open_now
from scoring.match import Match
from scoring.registry import create_engine, game
from scoring.verdicts import Kind

PLAYERS = ["Anna", "Boris"]
RULES = Rules.read(game("five_pins").options())
BALLS = RULES.balls


def record(*contacts: Any, down: Any = ()) -> ShotRecord:
    engine = create_engine("five_pins")
    raw = {"do": "shot", "by": "Anna", "cue": "white", "contacts": [list(c) for c in contacts]}
    raw["down"] = [list(d) for d in down]
    return ShotRecord.from_action(parse_action(raw, engine.verbs))


# --------------------------------------------------------------------------------------------
# Points (§B.8).


@pytest.mark.parametrize(
    ("pins", "points"),
    [
        ((), 0),
        (("upper", "left"), 4),  # B-1
        (("centre",), 8),  # B-4
        (("centre", "lower"), 6),  # B-5
        (PINS, 12),  # B-6: 4 x 2 + 4
        (OUTER, 8),
    ],
)
def test_pin_values(pins: tuple[str, ...], points: int) -> None:
    assert pin_value(RULES, pins) == points


def test_only_the_first_carom_counts() -> None:
    assert (
        carom_value(RULES, record(("white", "yellow"), ("white", "red")), "white", "yellow", "red")
        == 4
    )
    assert (
        carom_value(RULES, record(("white", "yellow"), ("yellow", "red")), "white", "yellow", "red")
        == 3
    )
    late = record(("white", "yellow"), ("yellow", "red"), ("white", "red"))
    assert carom_value(RULES, late, "white", "yellow", "red") == 3  # B-7
    before = record(("white", "red"), ("white", "yellow"))
    assert carom_value(RULES, before, "white", "yellow", "red") == 0


def test_lag_winner() -> None:
    assert lag_winner((("long_cushion", None), ("none", 120)), (0, 0))[0] == 1  # B-19
    assert lag_winner((("none", 40), ("none", 120)), (0, 0))[0] == 0
    assert lag_winner((("none", 40), ("none", 40)), (0, 0))[0] is None
    assert lag_winner((("late_start", None), ("none", 40)), (2, 0))[0] == 1


# --------------------------------------------------------------------------------------------
# Presets.


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"match_games": 2}, "match_games"),
        ({"target": 0}, "target"),
        ({"cue_balls": ["white", "white"]}, "cue_balls"),
        ({"red": "white"}, "cue_balls"),
        ({"simultaneous_carom_value": 5}, "simultaneous_carom_value"),
        ({"respot_blocked": "anywhere"}, "respot_blocked"),
        ({"d_pin_mm": "wide"}, "d_pin_mm"),
        ({"pin_count": 9}, "pin_count"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        create_engine("five_pins", None, options)


def test_every_preset_loads_and_seats_two() -> None:
    for preset in game("five_pins").presets:
        engine = create_engine("five_pins", preset)
        assert isinstance(engine, FivePinsEngine)
        with pytest.raises(OptionsError):
            engine.initial(["Anna"])


# --------------------------------------------------------------------------------------------
# Random matches.

FACTS = ("balls_moving", "miscue", "touch_hand", "push", "jumped", "frozen", "self_fall")


def random_shot(engine: FivePinsEngine, state: Any, player: str, rng: random.Random) -> dict:
    """A random but well-formed shot record for the player to shoot."""
    view = engine.view(state)
    own = view["balls"][player]
    standing = [pin for pin in PINS if pin not in view["removed_pins"]]
    targets = [*BALLS, *standing, "cushion"]
    contacts = []
    for _ in range(rng.randint(0, 5)):
        mover = own if not contacts or rng.random() < 0.5 else rng.choice(BALLS)
        other = rng.choice([t for t in targets if t != mover])
        contacts.append([mover, other])
    down: list[list[str]] = []
    for pin in rng.sample(standing, rng.randint(0, len(standing))):
        down.append([pin, rng.choice([*BALLS, *(d[0] for d in down)])])
    raw: dict[str, Any] = {
        "do": "shot",
        "by": player,
        "cue": own if rng.random() < 0.95 else rng.choice(BALLS),
        "contacts": contacts,
        "down": down,
    }
    if rng.random() < 0.05:
        raw["off_table"] = [rng.choice(BALLS)]
    if rng.random() < 0.1:
        raw["facts"] = [rng.choice(FACTS)]
    if rng.random() < 0.1 and down:
        raw["stopped_on"] = {
            down[0][0]: rng.choice([b for b in BALLS if b not in raw.get("off_table", [])])
        }
    return raw


def fill(engine: FivePinsEngine, state: Any, listed: Action, rng: random.Random) -> dict:
    """A listed decision made concrete (lag results, shot records, a placing now and then)."""
    if listed.verb == "lag":
        if rng.random() < 0.3:
            return {
                "do": "lag",
                "by": listed.by,
                "fault": rng.choice(["long_cushion", "late_start"]),
            }
        return {"do": "lag", "by": listed.by, "distance": rng.randint(0, 600)}
    if listed.verb == "shot":
        return random_shot(engine, state, listed.by, rng)
    return listed.to_dict()


def play(seed: int, preset: str = "wcbs", limit: int = 400, **options: Any) -> tuple[Any, list]:
    """A random match through a Match: every view and the action before it."""
    engine = create_engine("five_pins", preset, {"target": 12, **options})
    match = Match(engine, PLAYERS)
    rng = random.Random(seed)
    steps = []
    for _ in range(limit):
        legal = open_now(engine, match.state)
        if not legal:
            break
        before = match.view()
        raw = fill(engine, match.state, rng.choice(legal), rng)
        outcome = match.submit(raw)
        assert outcome.accepted, (raw, outcome.code, outcome.error)
        assert all(v.en and v.ru for v in outcome.verdicts)
        steps.append((raw, before, match.view(), outcome.verdicts))
    return match, steps


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_random_matches_end_and_the_pad_adds_up(seed: int) -> None:
    match, _ = play(seed)
    view = match.view()
    assert view["over"] and view["turn"] is None and view["winner"] in PLAYERS
    assert open_now(match.engine, match.state) == []
    sheet = check_sheet(match.engine, match.state)
    check_rows_add_up(sheet, view["scores"])
    assert max(view["scores"].values()) == 12  # the last game ends at the capped target


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_points_move_only_by_shots_and_fouls_never_pay_the_shooter(seed: int) -> None:
    _, steps = play(seed, limit=150)
    for raw, before, after, verdicts in steps:
        same_game = before["game"] == after["game"]
        if raw["do"] != "shot" and not raw.get("touched"):
            assert after["scores"] == before["scores"] or not same_game
        if same_game and any(v.kind == Kind.FOUL for v in verdicts):
            assert after["scores"][raw["by"]] <= before["scores"][raw["by"]]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_undo_restores_the_exact_view(seed: int) -> None:
    match, _ = play(seed, limit=60)
    replay = Match(match.engine, PLAYERS)
    rng = random.Random(seed)
    for entry in match.entries:
        undo_and_redo(replay, entry.action, rng, 0.4)
    assert replay.view() == match.view()


def test_sheet_of_a_match_lists_finished_games() -> None:
    match, _ = play(7, limit=2000)
    sheet = check_sheet(match.engine, match.state)
    games = [row for row in sheet["rows"] if row["key"].startswith("game_")]
    assert len(games) == match.view()["game"] - 1
    assert sheet["rows"][-2]["key"] == "games_won"
