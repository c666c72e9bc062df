"""Reversi / Othello (docs/rules/reversi.md, seed 000 L418-463): two players place discs on a
square board, turning every row of the opponent's discs they close; the count decides.

The first player named plays black, the second white (decision D1).  A pass needs no action
(D3): when the player to move has no placement the engine passes for them, says so, and the
opponent moves; when neither can move, or the board is full, the game is over and counted.

Verbs
  ``move``  ``at``: the square; ``flips`` (optional): the squares the table shows turned,
            checked against the discs the move turns (D2).
  ``pass``  refused while the player has a move (O10); never needed otherwise (D3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, Verb
from scoring.engine import BaseEngine, check_players, check_seat, sheet_row
from scoring.reversi import board as b
from scoring.reversi.messages import MESSAGES
from scoring.reversi.rules import Rules
from scoring.verdicts import IllegalMove, Kind, Verdict

COLOURS = (b.BLACK, b.WHITE)


@dataclass(frozen=True)
class ReversiState:
    """``board`` the cells (:mod:`scoring.reversi.board`); ``colour`` the colour to move;
    ``left`` the discs each colour still holds (black, white), None for shared discs;
    ``last`` the last placement and the discs it turned; ``moves`` and ``passes`` per colour;
    ``passed`` the colour passed over after the last placement, if one was."""

    players: tuple[str, ...]
    board: str
    colour: str
    left: tuple[int, int] | None
    last: tuple[int, tuple[int, ...], str] | None = None
    moves: tuple[int, int] = (0, 0)
    passes: tuple[int, int] = (0, 0)
    passed: str | None = None
    over: bool = False

    def player(self, colour: str) -> str:
        return self.players[COLOURS.index(colour)]


def _bump(pair: tuple[int, int], colour: str, by: int) -> tuple[int, int]:
    return (pair[0] + by, pair[1]) if colour == b.BLACK else (pair[0], pair[1] + by)


class ReversiEngine(BaseEngine[ReversiState]):
    """Every preset of Reversi: board size, start position, first colour and disc supply are
    the options (:class:`~scoring.reversi.rules.Rules`)."""

    total_title = ("Discs on the board", "Фишек на доске")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = Rules.read(options)
        size = self.rules.size
        self._verbs = {
            "move": Verb(
                "move",
                {"at": b.SquareField(size), "flips": b.SquaresField(size)},
                ("at",),
                summary="a disc placed (and the discs the table shows turned)",
            ),
            "pass": Verb("pass", summary="the player says he cannot move"),
        }
        self._handlers = {"move": self._move, "pass": self._pass}

    # The rules --------------------------------------------------------------------------------

    def initial(self, players: Sequence[str]) -> ReversiState:
        check_players(players, 2, 2)
        supply = self.rules.supply
        return ReversiState(
            tuple(players),
            b.start(self.rules.size, self.rules.start),
            self.rules.first,
            None if supply is None else (supply, supply),
        )

    def admit(self, state: ReversiState, action: Action) -> None:
        check_seat(state.players, self._turn(state), action)

    def opening(self, state: ReversiState) -> bool:
        """V5 (decision D7): the centre of an open start is still being filled."""
        return any(state.board[i] == b.EMPTY for i in b.centre(self.rules.size))

    def placements(self, state: ReversiState, colour: str) -> list[int]:
        """The squares ``colour`` may place on now: the empty centre squares while it is being
        filled (V5), else every square that turns a disc (O6); none without discs (V4)."""
        if state.left is not None and state.left[COLOURS.index(colour)] == 0:
            return []
        if self.opening(state):
            return [i for i in b.centre(self.rules.size) if state.board[i] == b.EMPTY]
        return b.placements(state.board, self.rules.size, colour)

    def _names(self, squares: Sequence[int]) -> str:
        return " ".join(b.square_name(self.rules.size, i) for i in squares) or "-"

    def _move(self, state: ReversiState, action: Action) -> tuple[ReversiState, list[Verdict]]:
        size, colour, player = self.rules.size, state.colour, action.by
        at = b.square_index(size, action.args["at"])
        assert at is not None  # the field checked it
        name = b.square_name(size, at)
        if state.board[at] != b.EMPTY:
            raise MESSAGES.illegal("occupied", player, at=name)
        opening = self.opening(state)
        if opening:
            turned: tuple[int, ...] = ()
            if at not in b.centre(size):
                moves = self._names(self.placements(state, colour))
                raise MESSAGES.illegal("centre_first", player, moves=moves)
        else:
            turned = b.flips(state.board, size, at, colour)
            if not turned:
                foe = b.COLOUR_NAMES[b.other(colour)][0]
                moves = self._names(self.placements(state, colour))
                raise MESSAGES.illegal("no_flip", player, at=name, foe=foe, moves=moves)
        shown = action.args.get("flips")
        if shown is not None:
            seen = tuple(sorted(b.square_index(size, s) or 0 for s in shown))
            if seen != turned:
                raise MESSAGES.illegal(
                    "wrong_flips",
                    player,
                    at=name,
                    should=self._names(turned),
                    shown=self._names(seen),
                )
        en, ru = b.COLOUR_NAMES[colour]
        said = [
            MESSAGES.verdict(
                Kind.INFO,
                "placed" if opening else "moved",
                player,
                len(turned),
                at=name,
                colour=en,
                colour_ru=ru,
                turned=self._names(turned),
            )
        ]
        moved = replace(
            state,
            board=b.placed(state.board, at, colour, turned),
            colour=b.other(colour),
            left=None if state.left is None else _bump(state.left, colour, -1),
            last=(at, turned, colour),
            moves=_bump(state.moves, colour, 1),
            passed=None,
        )
        return self._next(moved, said)

    def _next(self, state: ReversiState, said: list[Verdict]) -> tuple[ReversiState, list[Verdict]]:
        """After a placement: the opponent moves, passes (O11, D3) or the game ends (O12)."""
        colour = state.colour
        if b.EMPTY in state.board and self.placements(state, colour):
            return state, [*said, MESSAGES.verdict(Kind.TURN, "turn", state.player(colour))]
        mover = b.other(colour)
        if b.EMPTY in state.board and self.placements(state, mover):
            passed = replace(
                state, colour=mover, passes=_bump(state.passes, colour, 1), passed=colour
            )
            said.append(
                MESSAGES.verdict(Kind.TURN, "pass", state.player(colour), next=state.player(mover))
            )
            return passed, said
        ended = replace(state, over=True)
        return ended, [*said, *self._result(ended)]

    def _result(self, state: ReversiState) -> list[Verdict]:
        """The count (O13) and the winner, or a draw (O14, D5)."""
        black, white = self.counts(state)
        out = [
            MESSAGES.verdict(Kind.GAME_OVER, "game_over"),
            MESSAGES.verdict(Kind.GAME_OVER, "counted", black=black, white=white),
        ]
        if black == white:
            out.append(MESSAGES.verdict(Kind.GAME_OVER, "draw", black=black))
        else:
            top = b.BLACK if black > white else b.WHITE
            out.append(
                MESSAGES.verdict(Kind.GAME_OVER, "winner", state.player(top), max(black, white))
            )
        return out

    def _pass(self, state: ReversiState, action: Action) -> tuple[ReversiState, list[Verdict]]:
        """A pass is the engine's (D3): the player to move always has a move, so a pass asked
        for is a refusal to move (O10)."""
        moves = self._names(self.placements(state, state.colour))
        raise IllegalMove(MESSAGES.verdict(Kind.ILLEGAL, "must_move", action.by, moves=moves))

    # What is open and the views ---------------------------------------------------------------

    def _turn(self, state: ReversiState) -> str | None:
        return None if state.over else state.player(state.colour)

    def open_actions(self, state: ReversiState) -> list[Action]:
        if state.over:
            return []
        player, size = state.player(state.colour), self.rules.size
        return [
            Action("move", player, {"at": b.square_name(size, i)})
            for i in self.placements(state, state.colour)
        ]

    def counts(self, state: ReversiState) -> tuple[int, int]:
        return state.board.count(b.BLACK), state.board.count(b.WHITE)

    def scores(self, state: ReversiState) -> dict[str, int]:
        return dict(zip(state.players, self.counts(state), strict=True))

    def winner(self, state: ReversiState) -> str | None:
        black, white = self.counts(state)
        if not state.over or black == white:
            return None
        return state.player(b.BLACK if black > white else b.WHITE)

    def view(self, state: ReversiState) -> dict[str, Any]:
        size = self.rules.size
        black, white = self.counts(state)
        last = None
        if state.last is not None:
            at, turned, colour = state.last
            last = {
                "at": b.square_name(size, at),
                "flips": [b.square_name(size, i) for i in turned],
                "by": state.player(colour),
            }
        phase = "over" if state.over else "opening" if self.opening(state) else "play"
        return {
            "players": list(state.players),
            "turn": self._turn(state),
            "scores": self.scores(state),
            "over": state.over,
            "winner": self.winner(state),
            "board": b.rows(state.board, size),
            "size": size,
            "colours": {state.player(colour): b.COLOUR_NAMES[colour][0] for colour in COLOURS},
            "counts": {"black": black, "white": white},
            "discs_left": None
            if state.left is None
            else dict(zip(state.players, state.left, strict=True)),
            "last": last,
            "passed": None if state.passed is None else state.player(state.passed),
            "moves": [] if state.over else [a.args["at"] for a in self.open_actions(state)],
            "phase": phase,
        }

    def score_sheet(self, state: ReversiState) -> dict[str, Any]:
        """Each player's colour, moves made and passes, then the count (O13)."""
        players = list(state.players)
        colours = {state.player(c): b.COLOUR_NAMES[c][0] for c in COLOURS}
        rows = [
            sheet_row("colour", "Colour", "Цвет", colours),
            sheet_row("moves", "Moves", "Ходы", dict(zip(players, state.moves, strict=True))),
            sheet_row(
                "passes", "Passes", "Пропуски", dict(zip(players, state.passes, strict=True))
            ),
            self.total_row(self.scores(state)),
        ]
        return {"columns": players, "rows": rows}


ENGINE = ReversiEngine
