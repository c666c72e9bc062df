"""Tripoley (docs/rules/tripoley.md): what the scenarios do not cover: the hand sizes of every
table, the options refused by name, random games of every preset that never lose or make a
chip, and a scenario file for every scenario of the spec."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from scoring.card_games.tripoley.rules import hand_sizes
from scoring.cards import deck
from scoring.engine import OptionsError
from scoring.match import Match
from scoring.registry import catalogue, create_engine

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("players", range(2, 10))
def test_hand_sizes_deal_the_whole_deck(players: int) -> None:
    sizes, spare = hand_sizes([*range(1, players), 0], players)
    assert sum(sizes) + spare == 52
    assert max(sizes) - min(min(sizes), spare) <= 1
    assert sizes[0] == spare  # the dealer is dealt last before the spare: never a card more


def test_options_refused_by_name() -> None:
    for options, word in (
        ({"sequence": ["8", "9", "J"]}, "sequence"),
        ({"sequence": ["Q", "K", "A", "2"]}, "sequence"),
        ({"payouts": "never"}, "payouts"),
        ({"stack": 5}, "stack"),
        ({"kitty": 3}, "kitty"),
    ):
        with pytest.raises(OptionsError, match=word):
            create_engine("tripoley", "tripoley", options)
    with pytest.raises(OptionsError):
        create_engine("tripoley").initial(["Anna"])


def test_every_scenario_of_the_spec_has_its_file() -> None:
    spec = (ROOT / "docs" / "rules" / "tripoley.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(t\d\d_\w+\.yaml)`", spec))
    files = {path.name for path in (ROOT / "tests" / "scenarios" / "tripoley").glob("*.yaml")}
    assert named == files


@pytest.mark.parametrize("preset", list(catalogue()["tripoley"].presets))
def test_random_games_keep_every_chip(preset: str) -> None:
    """The chips in front of the players and on the layout always add up to the stacks; every
    listed move is taken; the game ends; the sheet adds up to the chips."""
    rng = random.Random(preset)
    for table in range(4):
        players = [f"P{i}" for i in range(rng.randint(2, 7))]
        match = Match(create_engine("tripoley", preset), players)
        total = 100 * len(players)
        for _ in range(4000):
            view = match.view()
            if view["over"]:
                break
            assert sum(view["scores"].values()) + sum(view["layout"].values()) == total
            engine, state = match.engine, match.state
            options = [*engine.legal(state), *(d.action for d in engine.decisions(state))]
            raw = rng.choice(options).to_dict()
            fill(raw, players, rng)
            outcome = match.submit(raw)
            if raw["do"] in ("sell", "show", "play") and not outcome.accepted:
                continue  # drawn data the rules refuse (a card shown by another, a price)
            assert outcome.accepted, (table, raw, outcome.code)
        view = match.view()
        assert view["over"], (preset, table)
        sheet = match.engine.score_sheet(match.state)
        assert sheet["rows"][-1]["cells"] == view["scores"]
        for player in players:
            column = sum(row["cells"][player] for row in sheet["rows"][:-1])
            assert column == view["scores"][player]


def fill(raw: dict, players: list[str], rng: random.Random) -> None:
    """Data a decision needs, drawn at random."""
    if raw["do"] == "sell":
        raw.update(to=rng.choice(players), price=rng.randint(0, 5))
    elif raw["do"] == "show":
        raw["cards"] = [str(card) for card in rng.sample(deck(52), 5)]
    elif raw["do"] == "play" and "card" not in raw:
        raw["card"] = str(rng.choice(deck(52)))
