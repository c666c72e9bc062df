"""Seven Skittles (rules/skittles.md Game A): unit checks of the values and Hypothesis
properties over random shot records played through a Match."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.carom.seven_skittles.rules import BIG, SIDES, SKITTLES, SMALLS, Rules, skittle_value
from scoring.engine import OptionsError, open_now
from scoring.match import Match
from scoring.registry import create_engine
from scoring.verdicts import Kind

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BALLS = ("red", "pink", "black")
PLAYERS = ("Anna", "Boris")


@pytest.mark.parametrize(
    ("knocked", "value"),
    [
        ((BIG,), 50),  # L61
        ((BIG, SMALLS[0]), 30),
        ((SIDES[0],), 30),  # L60
        ((BIG, *SMALLS), 100),  # L62
        ((BIG, *SMALLS, SIDES[0]), 130),  # AMB-A7 default
        ((*SMALLS,), 20),
    ],
)
def test_skittle_values(knocked: tuple[str, ...], value: int) -> None:
    assert skittle_value(knocked, Rules()) == value


def test_options_are_checked() -> None:
    assert skittle_value((BIG, *SMALLS, SIDES[0]), Rules(bonus_big5_plus_sides=False)) == 75
    assert skittle_value((BIG,), Rules(), table=False) == 25
    for bad in ({"S0": 0}, {"multi_foul": "both"}, {"ob_colour_rear": "red"}, {"colour": 1}):
        with pytest.raises(OptionsError):
            create_engine("seven_skittles", None, bad)
    with pytest.raises(OptionsError):
        create_engine("seven_skittles").initial(["Anna"])


def random_shot(rng: random.Random, by: str, absent: list[str]) -> dict[str, Any]:
    """A well-formed shot record with any mix of contacts, falls, pockets and facts."""
    standing = [s for s in SKITTLES if s not in absent]
    targets = [*BALLS, *standing, "cushion", "cushion:long_left"]
    contacts = []
    for _ in range(rng.randint(0, 6)):
        mover = rng.choice(BALLS)
        other = rng.choice([t for t in targets if t != mover])
        contacts.append([mover, other])
    down: list[list[str]] = []
    for skittle in rng.sample(standing, rng.randint(0, len(standing))):
        fellers = [*BALLS, *(d[0] for d in down), "clothing", "self"]
        down.append([skittle, rng.choice(fellers)])
    gone = rng.sample(BALLS, rng.choice((0, 0, 0, 1, 2)))
    shot: dict[str, Any] = {"do": "shot", "by": by, "cue": "red", "contacts": contacts}
    if down:
        shot["down"] = down
    if gone:
        split = rng.randint(0, len(gone))
        shot["pocketed"], shot["off_table"] = gone[:split], gone[split:]
    if rng.random() < 0.2:
        shot["facts"] = [rng.choice(("touch_cue", "touch_hand", "self_fall"))]
    if rng.random() < 0.2 and "red" not in gone:
        shot["stopped_on"] = {rng.choice(("centre", "small_left", "spot_front")): "red"}
    return shot


def play(seed: int, options: dict[str, Any] | None = None, shots: int = 40) -> list[str]:
    """Random shots through a Match, checking the invariants at every step; the codes seen."""
    rng = random.Random(seed)
    engine = create_engine("seven_skittles", None, options)
    match = Match(engine, PLAYERS)
    s0 = engine.rules.S0
    written = {p: 0 for p in PLAYERS}
    assert match.submit({"do": "start", "by": rng.choice(PLAYERS)}).accepted
    seen: list[str] = []
    for _ in range(shots):
        view = match.view()
        if view["over"]:
            break
        if view["pending_respot"]:
            raw: dict[str, Any] = {"do": "respotted"}
        elif rng.random() < 0.05 and "tied_up" in [a.verb for a in open_now(engine, match.state)]:
            raw = {"do": "tied_up", "by": view["turn"]}
        else:
            raw = random_shot(rng, view["turn"], view["absent"])
        outcome = match.submit(raw)
        assert outcome.accepted, (raw, outcome.error)
        after = match.view()
        codes = [v.code for v in outcome.verdicts]
        seen += codes
        if raw["do"] != "shot":  # points never change without a shot
            assert after["remaining"] == view["remaining"]
        shooter = raw.get("by")
        if any(v.kind == Kind.FOUL for v in outcome.verdicts):  # a foul never scores
            assert after["remaining"][shooter] >= view["remaining"][shooter]
            assert "scored" not in codes
        for v in outcome.verdicts:
            if v.code == "scored":
                written[v.player] += v.points
        for p in PLAYERS:  # S0 - written off + the mountain = what is left
            assert after["remaining"][p] == s0 - written[p] + after["mountain"][p]
        sheet = engine.score_sheet(match.state)
        assert sheet["rows"][-1]["kind"] == "total"
        assert sheet["rows"][-1]["cells"] == after["scores"]
        assert sheet["rows"][-2]["cells"] == after["mountain"]
        undo = match.submit({"do": "undo"})
        assert undo.accepted and match.view() == view  # undo restores the exact view
        match.submit(raw)
        assert match.view() == after
    return seen


@SETTINGS
@given(st.integers(0, 10**6))
def test_random_games_keep_the_books(seed: int) -> None:
    play(seed)


@SETTINGS
@given(
    st.integers(0, 10**6),
    st.sampled_from(
        [
            {"inning_penalty_mode": "double"},
            {"exact_zero": True, "S0": 60},
            {"multi_foul": "max", "off_table_per_ball": True},
            {"skittle_respot_order": "wait", "confirm_respot": False},
            {"five_caroms_scope": "game", "ob_chain_knock": "chain", "tied_up_by": "shooter"},
            {"w2_requires_no_foul": False, "all7_foul_mode": "add", "S0": 100},
        ]
    ),
)
def test_random_games_under_every_option(seed: int, options: dict[str, Any]) -> None:
    play(seed, options)


def test_random_play_reaches_the_rules() -> None:
    seen = set()
    for seed in range(15):
        seen.update(play(seed, {"S0": 150}, shots=80))
    for code in ("scored", "miss", "direct", "scratch", "off_table", "mountain", "safety"):
        assert code in seen, code
