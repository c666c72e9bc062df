"""Random legal dominoes games, for the property and oracle tests (rules/dominoes.md).

The driver plays with full information from ``legal``: a deal is filled in with a shuffled set,
a draw with a random boneyard tile.  Checked at every step: the listed move is accepted, ``apply``
leaves its input alone, the 28 tiles are all accounted for, and the view is JSON.  (The property
tests replay such games with public information.)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from scoring.actions import Action, parse_action
from scoring.dominoes.engine import Dominoes
from scoring.dominoes.state import State
from scoring.dominoes.tiles import FULL_SET
from scoring.engine import open_now
from scoring.registry import create_engine
from scoring.verdicts import IllegalMove

#: Every preset of every dominoes game, with a table size it seats.
PRESETS = [
    ("kozel", "kozel", 4),
    ("kozel", "kozel_short", 3),
    ("kozel", "kozel_short", 2),
    ("fives", "fives", 2),
    ("fives", "fives_teams", 4),
    ("fives", "fives_played_sides", 3),
    ("fives", "fives_no_cross", 2),
    ("fives", "fives_whole_bonus", 4),
    ("all_threes", "all_threes", 3),
    ("draw_dominoes", "draw_dominoes", 3),
    ("draw_dominoes", "pairwise_block", 4),
    ("bergen", "bergen", 2),
    ("bergen", "bergen_until_playable", 3),
    ("bergen", "bergen_optional_draw", 4),
    ("multi_tile", "multi_tile", 5),
    ("multi_tile", "multi_tile_boneyard", 4),
    ("sevastopol", "sevastopol", 4),
    ("sevastopol", "sevastopol_strict", 4),
    ("sevastopol", "sevastopol_penalty", 4),
    ("block_dominoes", "openspiel_block", 2),
    ("block_dominoes", "openspiel_team", 4),
    ("block_dominoes", "dominoes_team", 4),
]

PLAYERS = ("Anna", "Boris", "Vera", "Gleb", "Dima", "Egor", "Zoya", "Ilya")


def full_engine(game: str, preset: str, **options: Any) -> Dominoes:
    return create_engine(game, preset, {"information": "full", **options})  # type: ignore[return-value]


def act(engine: Any, state: State, raw: dict[str, Any]) -> State:
    return engine.apply(state, parse_action(raw, engine.verbs))[0]


def deal_hands(engine: Dominoes, players: int, rng: random.Random) -> list[list[str]]:
    tiles = [str(t) for t in FULL_SET]
    rng.shuffle(tiles)
    size = engine.rules.hand_size[players]
    return [tiles[i * size : (i + 1) * size] for i in range(players)]


def concrete(engine: Dominoes, state: State, listed: Action, rng: random.Random) -> Action:
    """A listed decision with its chance part filled in (the deal's hands, the tile drawn)."""
    if listed.verb == "deal":
        return Action("deal", None, {"hands": deal_hands(engine, len(state.players), rng)})
    if listed.verb == "draw":
        assert state.round is not None
        return Action("draw", listed.by, {"tile": str(rng.choice(state.round.stock))})
    return listed


def tiles_accounted(state: State) -> None:
    """Every one of the 28 tiles is in exactly one place: a hand, the layout or the stock."""
    rnd = state.round
    if rnd is None:
        return
    places = [t for h in rnd.hands for t in h.tiles] + list(rnd.layout.tiles) + list(rnd.stock)
    assert sorted(places) == sorted(FULL_SET)
    assert len(set(places)) == 28


def play(
    engine: Dominoes, players: Sequence[str], rng: random.Random, limit: int = 5000
) -> tuple[State, list[Action]]:
    """A whole match of random legal moves, full information, checked at every step."""
    state = engine.initial(players)
    history: list[Action] = []
    for _ in range(limit):
        choices = open_now(engine, state)
        if not choices:
            break
        action = concrete(engine, state, rng.choice(choices), rng)
        before = engine.view(state)
        try:
            following, verdicts = engine.apply(state, action)
        except IllegalMove as refused:  # pragma: no cover - the failure names the move
            pytest.fail(f"listed move {action} refused: {refused.code} {refused.verdict.en}")
        assert engine.view(state) == before, "apply changed the state it was given"
        assert all(v.en and v.ru for v in verdicts)
        json.dumps(engine.view(following))
        hash(following)
        tiles_accounted(following)
        history.append(action)
        state = following
    return state, history
