"""Reversi against OpenSpiel's ``othello``: one seeded random game played through both, move
by move, shared by ``tests/test_reversi_oracle.py`` (a few hundred games) and
``scripts/reversi_oracle.py`` (thousands).

At every step the moves open to the player to move must be the same squares, a player our
engine passed for (docs/rules/reversi.md D3) must be the one OpenSpiel offers only its pass,
the boards must agree cell by cell after every move, and at the end both must be over with the
same result (OpenSpiel's returns: +1 win, -1 loss, 0 draw, black first).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pyspiel

from scoring.registry import create_engine
from scoring.reversi import board as b
from scoring.reversi.engine import ReversiEngine, ReversiState

PLAYERS = ("Black", "White")
#: OpenSpiel's pass action on 8 x 8 (the 64 squares are 0-63, row by row from the top).
PASS = 64
SIZE = 8


@dataclass(frozen=True)
class Played:
    """One game's outcome: where the two first disagreed (None: never), the moves made, the
    passes seen, and the final count (black, white)."""

    disagreement: str | None
    moves: int
    passes: int
    counts: tuple[int, int]


def oracle_board(state: Any) -> str:
    """OpenSpiel's board in our notation (``x`` is black, ``o`` white, ``-`` empty)."""
    lines = str(state).splitlines()[2 : 2 + SIZE]
    cells = "".join("".join(line.split()[1 : 1 + SIZE]) for line in lines)
    return cells.replace("x", b.BLACK).replace("o", b.WHITE).replace("-", b.EMPTY)


def play(seed: int, engine: ReversiEngine | None = None) -> Played:
    """One game of random moves (drawn from our legal moves) checked step by step."""
    ours = engine or create_engine("reversi", "othello")
    assert isinstance(ours, ReversiEngine)
    rng = random.Random(seed)
    state: ReversiState = ours.initial(PLAYERS)
    theirs = pyspiel.load_game("othello").new_initial_state()
    moves = passes = 0

    def played(problem: str | None) -> Played:
        return Played(problem, moves, passes, ours.counts(state))

    while not theirs.is_terminal():
        offered = theirs.legal_actions()
        if offered == [PASS]:
            theirs.apply_action(PASS)
            passes += 1
            continue
        colour = b.BLACK if theirs.current_player() == 0 else b.WHITE
        if state.over or state.colour != colour:
            return played(f"move {moves + 1}: OpenSpiel has {colour} to move, ours does not")
        legal = ours.legal(state)
        squares = sorted(b.square_index(SIZE, a.args["at"]) or 0 for a in legal)
        if squares != sorted(offered):
            return played(f"move {moves + 1}: legal moves {squares} vs OpenSpiel {offered}")
        action = rng.choice(legal)
        state, _ = ours.apply(state, action)
        theirs.apply_action(b.square_index(SIZE, action.args["at"]) or 0)
        moves += 1
        if state.board != oracle_board(theirs):
            return played(f"move {moves} ({action.args['at']}): boards differ")
    if not state.over:
        return played("OpenSpiel's game is over, ours is not")
    black, white = ours.counts(state)
    expected = (black > white) - (black < white)
    if theirs.returns()[0] != expected:
        return played(f"result {black}-{white} vs OpenSpiel's returns {theirs.returns()}")
    return played(None)
