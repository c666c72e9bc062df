"""Oracle cross-checks (issue 5): random games played through our engine and a third party's.

- OpenSpiel's ``python_block_dominoes`` (2 players, 7 tiles each, the rest out of play) and
  ``python_team_dominoes`` (4 players in two teams) against the presets ``openspiel_block`` and
  ``openspiel_team`` of ``block_dominoes``;
- the ``dominoes`` package (4-player team game, 6-6 leads, going out scores the other three
  hands, a stuck game gives the lighter team both teams' pips) against ``dominoes_team``.

At every decision the legal moves must agree (as (tile, number it is laid on) pairs, since the
oracles do not name ends), a player who cannot move must be the one the oracle skips, and the
round's points must agree at the end.
"""

from __future__ import annotations

import random

import pytest

from scoring.actions import Action
from scoring.dominoes.engine import Dominoes
from scoring.dominoes.state import State
from scoring.dominoes.tiles import Tile
from scoring.registry import create_engine

pyspiel = pytest.importorskip("pyspiel")
dominoes = pytest.importorskip("dominoes")
pytest.importorskip("open_spiel.python.games")

pytestmark = pytest.mark.oracle

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
GAMES = 12  # per oracle: a few dozen games in all


def engine(preset: str) -> Dominoes:
    return create_engine("block_dominoes", preset, {"information": "full"})  # type: ignore[return-value]


def our_moves(eng: Dominoes, state: State) -> set[tuple[Tile, int | None]]:
    """Our legal lays as (tile, the number it goes on), the lead as (tile, None)."""
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    out = set()
    for tile, end in eng.lays(rnd, rnd.turn):
        value = rnd.layout.end(end).value if end else None  # type: ignore[union-attr]
        out.add((tile, value))
    return out


def lay(eng: Dominoes, state: State, tile: Tile, value: int | None) -> State:
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    args: dict[str, str] = {"tile": str(tile)}
    if value is not None:
        args["end"] = next(e.name for e in rnd.layout.ends if e.value == value)
    return eng.apply(state, Action("lay", state.players[rnd.turn], args))[0]


def knock_until(eng: Dominoes, state: State, seat: int) -> State:
    """Knock for every player the oracle skipped; each knock must be one our rules allow."""
    while state.round is not None and state.round.turn != seat:
        rnd = state.round
        assert rnd.turn is not None and not eng.lays(rnd, rnd.turn)
        state = eng.apply(state, Action("knock", state.players[rnd.turn]))[0]
    return state


def deal(eng: Dominoes, players: tuple[str, ...], hands: list[list[Tile]]) -> State:
    state = eng.initial(players)
    raw = [[str(t) for t in hand] for hand in hands]
    return eng.apply(state, Action("deal", None, {"hands": tuple(tuple(h) for h in raw)}))[0]


# --------------------------------------------------------------------------------------------
# OpenSpiel


def _spiel_tile(action) -> Tile:  # type: ignore[no-untyped-def]
    a, b = (int(x) for x in action.tile)
    return Tile(min(a, b), max(a, b))


def play_openspiel(name: str, preset: str, seats: int, seed: int) -> None:
    from open_spiel.python.games import block_dominoes as blocks
    from open_spiel.python.games import team_dominoes as teams

    module = blocks if seats == 2 else teams
    rng = random.Random(seed)
    game = pyspiel.load_game(name)
    spiel = game.new_initial_state()
    while spiel.is_chance_node():
        outcomes = [a for a, _ in spiel.chance_outcomes()]
        spiel.apply_action(rng.choice(outcomes))
    hands = [
        [Tile(min(t), max(t)) for t in (tuple(map(int, x)) for x in hand)] for hand in spiel.hands
    ]
    eng = engine(preset)
    players = PLAYERS[:seats]
    state = deal(eng, players, hands)
    while not spiel.is_terminal():
        seat = spiel.current_player()
        state = knock_until(eng, state, seat)
        theirs = {
            (
                _spiel_tile(module._ACTIONS[a]),
                None if module._ACTIONS[a].edge is None else int(module._ACTIONS[a].edge),
            )
            for a in spiel.legal_actions()
        }
        assert our_moves(eng, state) == theirs
        chosen = rng.choice(spiel.legal_actions())
        move = module._ACTIONS[chosen]
        spiel.apply_action(chosen)
        state = lay(eng, state, _spiel_tile(move), None if move.edge is None else int(move.edge))
    assert state.round is None, "the oracle's round is over, ours must be too"
    returns = spiel.returns()
    line = state.lines[0]
    for seat in range(seats):
        assert line.points[state.side_of(seat)] == max(0, int(returns[seat]))


@pytest.mark.parametrize("seed", range(GAMES))
def test_openspiel_block_dominoes(seed: int) -> None:
    play_openspiel("python_block_dominoes", "openspiel_block", 2, seed)


@pytest.mark.parametrize("seed", range(GAMES))
def test_openspiel_team_dominoes(seed: int) -> None:
    play_openspiel("python_team_dominoes", "openspiel_team", 4, seed)


# --------------------------------------------------------------------------------------------
# The dominoes package


@pytest.mark.parametrize("seed", range(GAMES))
def test_dominoes_package_team_game(seed: int) -> None:
    random.seed(seed)  # the package deals with the random module
    rng = random.Random(seed)
    game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
    hands = [
        [Tile(min(d.first, d.second), max(d.first, d.second)) for d in hand] for hand in game.hands
    ]
    leader = game.starting_player
    hands[leader].append(Tile(6, 6))  # the package has laid it already
    eng = engine("dominoes_team")
    state = deal(eng, PLAYERS, hands)
    assert state.round is not None and state.round.turn == leader
    state = lay(eng, state, Tile(6, 6), None)
    while game.result is None:
        state = knock_until(eng, state, game.turn)
        left, right = game.board.left_end(), game.board.right_end()
        theirs = {
            (Tile(min(d.first, d.second), max(d.first, d.second)), left if is_left else right)
            for d, is_left in game.valid_moves
        }
        assert our_moves(eng, state) == theirs
        d, is_left = rng.choice(game.valid_moves)
        value = left if is_left else right
        game.make_move(d, is_left)
        state = lay(eng, state, Tile(min(d.first, d.second), max(d.first, d.second)), value)
    assert state.round is None
    line = state.lines[0]
    points = game.result.points
    team = 0 if points > 0 else 1
    assert line.points[team] == abs(points)
    assert line.points[1 - team] == 0
