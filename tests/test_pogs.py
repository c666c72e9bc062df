"""Pogs (docs/rules/pogs.md): what no scenario file covers (the options, the family and the view,
typing at the prompt), and random sessions through every preset in which no chip is ever made or
lost and the scores always add up to nothing."""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from scoring.actions import Action
from scoring.engine import OptionsError
from scoring.match import Match
from scoring.pogs.chips import VALUES, value
from scoring.registry import catalogue
from session.families import family_for
from ui.cli import main

PRESETS = ("pogs", "with_bases", "without_bases", "draw_2x2", "floor", "one_pocket")


def engine_for(preset: str = "pogs", **options: Any) -> Any:
    return catalogue()["pogs"].create(preset, options)


def fill(engine: Any, state: Any, listed: Action, rng: random.Random) -> dict[str, Any]:
    """A decision made concrete: a stake worth the round's value out of the player's chips, a
    loan of one chip another holds, a draw or a throw that flips a random part of what lies."""
    raw = listed.to_dict()
    seat = state.players.index(listed.by)
    if listed.verb == "stake":
        raw.update(
            zip(
                ("plain", "new", "plastic"),
                stake_for(state.held[seat], state.stake_value, rng),
                strict=True,
            )
        )
    elif listed.verb == "borrow":
        lenders = [s for s, held in enumerate(state.held) if held[0] and s != seat]
        raw.update({"from": state.players[lenders[0]] if lenders else listed.by, "plain": 1})
    elif listed.verb == "draw":
        thrown = 1 if state.finishing else engine.draw_chips
        raw["flipped"] = rng.randint(0, thrown)
    elif listed.verb == "throw":
        stack = state.stack
        taken = [rng.randint(0, n) if rng.random() < 0.5 else 0 for n in stack]
        raw.update({"flipped": sum(taken), "new": taken[1], "plastic": taken[2]})
    return raw


def stake_for(
    held: tuple[int, int, int], wanted: int | None, rng: random.Random
) -> tuple[int, ...]:
    """Chips out of ``held`` worth ``wanted`` (any small stake when none is set), or a stake the
    engine will refuse when the chips cannot make it."""
    if wanted is None:
        wanted = rng.choice([v for v in (1, 2, 3) if v <= value(held)] or [1])
    for plain in range(min(held[0], wanted), -1, -1):
        rest = wanted - plain
        if rest % 2 == 0 and rest // 2 <= held[1] + held[2]:
            new = min(held[1], rest // 2)
            return (plain, new, rest // 2 - new)
    return (wanted, 0, 0)


def test_options_are_refused_by_name() -> None:
    refused: list[tuple[dict[str, Any], str]] = [
        ({"variant": "both"}, "variant: 'both' is not one of"),
        ({"draw_chips": 3}, "draw_chips: 3 is not one of"),
        ({"zone": "sand"}, "zone: 'sand' is not one of"),
        ({"purse": [0, 0, 0]}, "purse: expected the chips a player brings"),
        ({"purse": [1, 2]}, "purse: expected"),
        ({"rounds": 0}, "rounds: expected a whole number of at least 1"),
        ({"stake": 2}, "stake: not an option of pogs"),
    ]
    for options, named in refused:
        with pytest.raises(OptionsError, match=named):
            engine_for(**options)


def test_table_sizes() -> None:
    """Two players at least (the general note); one pocket is two teams of two."""
    with pytest.raises(OptionsError, match="seats 2"):
        engine_for().initial(["Anna"])
    engine_for().initial(["Anna", "Boris", "Vera", "Gleb", "Dina"])
    with pytest.raises(OptionsError, match="seats 4 to 4"):
        engine_for("one_pocket").initial(["Anna", "Boris", "Vera"])


def test_the_class_values_are_the_texts() -> None:
    """§5.2-5.3: a нулячка for two ordinary, a plastic chip for two ordinary or one нулячка."""
    assert VALUES == (1, 2, 2)
    assert value((0, 1, 0)) == value((2, 0, 0)) == value((0, 0, 1))


def test_the_call_is_offered_only_to_the_draws_winner() -> None:
    engine = engine_for()
    match = Match(engine, ["Anna", "Boris"])
    for raw in (
        {"do": "stake", "by": "Anna", "plain": 1},
        {"do": "stake", "by": "Boris", "plain": 1},
        {"do": "draw", "by": "Anna", "flipped": 0},
        {"do": "draw", "by": "Boris", "flipped": 1},
    ):
        assert match.submit(raw).accepted
    assert engine.legal(match.state) == [
        Action("call", "Boris", {"variant": "bases"}),
        Action("call", "Boris", {"variant": "no_bases"}),
    ]
    assert "call" not in engine_for("with_bases").verbs


def test_the_family_has_no_camera_and_its_own_view(capsys: Any) -> None:
    known = family_for("pogs")
    assert not known.has_camera and "floor" in known.no_camera and known.view == "pogs"
    assert main(["games", "--json"]) == 0
    entries = {entry["game"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert entries["pogs"]["family"] == "pogs" and entries["pogs"]["camera"] is False


def test_throws_are_typed_at_the_prompt(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    typed = (
        "Anna: stake 2\nBoris: stake plain=0 new=1\nBoris: stake 2\nAnna: draw 1\n"
        "Boris: draw 0\nAnna: call bases\nAnna: rethrow chip_on_chip\nAnna: throw 3\n"
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", "pogs", "--players", "Anna,Boris", "--journal", str(tmp_path / "p.db")])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Boris does not hold 1 нулячки (new)" in out + err
    assert "Anna knocks and calls: with bases!" in out
    assert "a chip against a chip is no interference" in out + err
    assert "Anna flipped 3 ordinary: to the base" in out


@pytest.mark.parametrize("preset", PRESETS)
def test_random_sessions_keep_every_chip(preset: str) -> None:
    engine = engine_for(preset)
    players = ["Anna", "Boris", "Vera", "Gleb"][: 4 if preset == "one_pocket" else 3]
    brought = value(engine.purse) * len(players)
    for seed in range(8):
        rng = random.Random(seed)
        match = Match(engine, players)
        for _ in range(3000):
            view = match.view()
            if view["over"]:
                break
            moves, decisions = engine.legal(match.state), engine.decisions(match.state)
            options = [*moves, *(d.action for d in decisions)]
            raw = fill(engine, match.state, rng.choice(options), rng)
            match.submit(raw)  # a drawn stake or loan may be refused: nothing is applied then
            state = match.state
            on_table = [state.stack, state.base, *state.held]
            if state.phase == "stake":  # staked, not yet gathered into the stack
                on_table += [stake for stake in state.stakes if stake]
            assert sum(value(chips) for chips in on_table) == brought
            assert all(n >= 0 for chips in on_table for n in chips)
            if not engine.pocket:
                assert sum(match.view()["scores"].values()) == 0
            assert engine.score_sheet(state)["rows"][-1]["cells"] == match.view()["scores"]
        assert match.view()["over"], f"{preset} seed {seed} did not end"


def test_the_view_shows_the_stack_the_base_and_the_chips(qtbot: Any) -> None:
    from ui.qt.views import PogsView, create_view

    engine = engine_for("with_bases", purse=[6, 1, 1])
    match = Match(engine, ["Anna", "Boris"])
    for raw in (
        {"do": "stake", "by": "Anna", "plain": 2},
        {"do": "stake", "by": "Boris", "plain": 0, "new": 1},
        {"do": "draw", "by": "Anna", "flipped": 1},
        {"do": "draw", "by": "Boris", "flipped": 0},
    ):
        match.submit(raw)
    outcome = match.submit({"do": "throw", "by": "Anna", "flipped": 1, "new": 1})
    view = create_view("pogs")
    assert isinstance(view, PogsView)
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show_state(match.view(), engine.score_sheet(match.state), "en", outcome.verdicts)
    assert len(view.found("ball", "stack")) == 2 and len(view.found("ball", "base")) == 1
    assert view.found("ball", "new")[0].has("base")
    texts = view.texts()
    assert "Stack 1 of 3 · with bases · throwing" in texts
    assert "4 ordinary · 1 new · 1 plastic" in texts
    assert any("to the base" in line for line in texts)
