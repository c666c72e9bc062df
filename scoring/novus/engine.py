"""The Novus referee (docs/rules/novus.md): each shot record judged for its faults (a penalty
disc, R9), its losses of the turn (R11) and its discs, until a side has every disc in the
pockets.

The engine counts discs, not positions: each side's discs on the board, its debt of penalty
discs (R10) and the penalties taken.  Where a disc lay before the stroke (dark or not) the
record says (D2); where a disc set back goes is announced for the referee to place (D12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action
from scoring.engine import BaseEngine, OptionsError, check_players, check_seat, sheet_row
from scoring.novus.messages import BREACH_NAMES, MESSAGES
from scoring.novus.record import MOST_DISCS, SHOT_VERB, Shot, check_record
from scoring.options import check_known, option_flag, option_whole
from scoring.verdicts import COMMON, Kind, Verdict

#: The discs a side sets up: four on each side of its zone's middle line (L344, L394).
DISCS = 8


@dataclass(frozen=True)
class NovusState:
    """The board as counts: per side (a player, or a team of partners) the discs on the board,
    the penalty discs owed (R10) and taken; the shooter's seat; the side that won."""

    players: tuple[str, ...]
    on_board: tuple[int, ...]
    debt: tuple[int, ...]
    penalties: tuple[int, ...]
    turn: int = 0
    shots: int = 0
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None


def changed(values: tuple[int, ...], side: int, by: int) -> tuple[int, ...]:
    """A per-side tuple with one side's count moved: states are frozen."""
    return (*values[:side], values[side] + by, *values[side + 1 :])


class NovusEngine(BaseEngine[NovusState]):
    """Two players, or two teams of partners facing each other (R12); a side's discs are its
    colour's."""

    total_title = ("Discs pocketed (net)", "Забито фишек (чистыми)")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        check_known(options, ("discs", "pairs"), game)
        self.game, self.preset = game, preset
        self.discs = option_whole(options, "discs", DISCS)
        if self.discs > MOST_DISCS:
            raise OptionsError(f"discs: at most {MOST_DISCS} a side, got {self.discs}")
        self.pairs = option_flag(options, "pairs", False)
        self._verbs = {"shot": SHOT_VERB}
        self._handlers = {"shot": self._shot}

    # Seats and sides ---------------------------------------------------------------------------

    def initial(self, players: Sequence[str]) -> NovusState:
        seats = 4 if self.pairs else 2
        check_players(players, seats, seats)
        zero = (0, 0)
        return NovusState(tuple(players), (self.discs, self.discs), zero, zero)

    @staticmethod
    def side(seat: int) -> int:
        """Seats go clockwise and partners face each other, so the teams alternate (D11)."""
        return seat % 2

    def members(self, state: NovusState, side: int) -> list[str]:
        return [p for seat, p in enumerate(state.players) if self.side(seat) == side]

    def side_name(self, state: NovusState, side: int) -> str:
        return " + ".join(self.members(state, side))

    def admit(self, state: NovusState, action: Action) -> None:
        turn = None if state.over else state.players[state.turn]
        check_seat(state.players, turn, action)

    # The shot -----------------------------------------------------------------------------------

    def _shot(self, state: NovusState, action: Action) -> tuple[NovusState, list[Verdict]]:
        player = action.by or ""
        shot = Shot.of(action)
        own = self.side(state.turn)
        other = 1 - own
        check_record(shot, player, state.on_board[own], state.on_board[other])
        faults = self.faults(shot, state.on_board[own])
        said: list[Verdict] = [MESSAGES.verdict(Kind.FOUL, code, player) for code in faults]
        on_board = state.on_board
        down = shot.pocketed
        if not shot.dark_lawful and shot.pocketed_dark:  # D3: back to their places
            down -= shot.pocketed_dark
            said.append(
                MESSAGES.verdict(Kind.INFO, "respot_back", player, count=shot.pocketed_dark)
            )
        on_board = changed(on_board, own, -down)
        if down:
            said.append(
                MESSAGES.verdict(
                    Kind.POINTS,
                    "pocketed",
                    player,
                    down,
                    count=down,
                    left=on_board[own] + state.debt[own],
                )
            )
        if shot.pocketed_opponent:  # D5, D7: they count for their side
            on_board = changed(on_board, other, -shot.pocketed_opponent)
            side = self.side_name(state, other)
            said.append(
                MESSAGES.verdict(
                    Kind.INFO,
                    "pocketed_for",
                    side=side,
                    count=shot.pocketed_opponent,
                    left=on_board[other] + state.debt[other],
                )
            )
        over_rail = shot.over_rail + shot.over_rail_opponent
        if over_rail:
            said.append(MESSAGES.verdict(Kind.INFO, "respot_centre", count=over_rail))
        state = replace(state, on_board=on_board, shots=state.shots + 1)
        if faults:
            state, placed = self._penalty(state, own, player)
            said += placed
        state, paid = self._pay_debts(state)
        said += paid
        cleared = [side for side in (own, other) if state.on_board[side] == 0]
        if cleared:
            return self._won(state, cleared[0], said)
        losses = [] if faults else self.turn_losses(shot, down)
        for code in losses:
            breach = BREACH_NAMES.get(shot.breach, ("", ""))
            said.append(
                MESSAGES.verdict(Kind.TURN, code, player, breach=breach[0], breach_ru=breach[1])
            )
        if faults or losses:
            state = replace(state, turn=(state.turn + 1) % len(state.players))
            said.append(COMMON.verdict(Kind.TURN, "turn", state.players[state.turn]))
        else:
            said.append(MESSAGES.verdict(Kind.TURN, "again", player))
        return state, said

    @staticmethod
    def faults(shot: Shot, own: int) -> list[str]:
        """Every fault of R9 (and D3's dark rebound) the shot made; ``own`` is the shooter's
        discs on the board before it."""
        all_dark = shot.dark == own
        out = []
        if shot.direct and (shot.first == "none" or (all_dark and shot.first != "own_dark")):
            out.append("no_own_disc")  # R9a, D4
        if shot.first in ("opponent", "both") and not all_dark:
            out.append("opponent_first")  # R9b: while he has discs a direct shot may play
        if shot.striker == "pocket":
            out.append("striker_pocketed")  # R9c
        if shot.striker == "over_rail":
            out.append("striker_over_rail")  # R9d
        if shot.first == "own_dark" and shot.direct:
            out.append("dark_direct")  # R9e
        if shot.first == "own_dark" and shot.rebound and not shot.opposite_rail and not all_dark:
            out.append("dark_rebound")  # D3
        if shot.direct and shot.over_rail_opponent:
            out.append("opponent_over_rail")  # R9f
        if all_dark and shot.rebound and not shot.opposite_rail:
            out.append("no_opposite_rail")  # R9g
        return out

    @staticmethod
    def turn_losses(shot: Shot, down: int) -> list[str]:
        """R11's losses of the turn (those without a penalty disc) and D9's breach; ``down`` is
        the shooter's discs that stay pocketed."""
        out = []
        if shot.breach != "none":
            out.append("breach")
        if not down:
            out.append("nothing_pocketed")  # R11, D7
        elif shot.pocketed_opponent:
            out.append("opponent_pocketed")  # L402
        if shot.direct and shot.dark == 0 and shot.striker == "own_zone":
            out.append("striker_back")  # L404
        if shot.over_rail or shot.over_rail_opponent:
            out.append("disc_over_rail")  # L406
        return out

    def _penalty(
        self, state: NovusState, side: int, player: str
    ) -> tuple[NovusState, list[Verdict]]:
        """R9's penalty disc, or R10's debt while every disc of the side is on the board."""
        if state.on_board[side] >= self.discs:
            debt = changed(state.debt, side, 1)
            state = replace(state, debt=debt, penalties=changed(state.penalties, side, 1))
            return state, [MESSAGES.verdict(Kind.FOUL, "penalty_debt", player, debt=debt[side])]
        state = replace(
            state,
            on_board=changed(state.on_board, side, 1),
            penalties=changed(state.penalties, side, 1),
        )
        zone = state.players[(state.turn + 1) % len(state.players)]  # D12
        left = state.on_board[side] + state.debt[side]
        return state, [MESSAGES.verdict(Kind.FOUL, "penalty_disc", player, zone=zone, left=left)]

    def _pay_debts(self, state: NovusState) -> tuple[NovusState, list[Verdict]]:
        """D6: an owed disc comes back as soon as its side has one in the pockets."""
        said = []
        for side in (0, 1):
            while state.debt[side] and state.on_board[side] < self.discs:
                state = replace(
                    state,
                    on_board=changed(state.on_board, side, 1),
                    debt=changed(state.debt, side, -1),
                )
                left = state.on_board[side] + state.debt[side]
                name = self.side_name(state, side)
                said.append(MESSAGES.verdict(Kind.INFO, "debt_paid", name, left=left))
        return state, said

    def _won(
        self, state: NovusState, side: int, said: list[Verdict]
    ) -> tuple[NovusState, list[Verdict]]:
        """D8: the side with no disc on the board wins (the shooter's side judged first)."""
        state = replace(state, winner=side)
        names = self.members(state, side)
        said.append(MESSAGES.verdict(Kind.GAME_OVER, "side_cleared", side=" + ".join(names)))
        said.append(COMMON.verdict(Kind.GAME_OVER, "game_over"))
        if len(names) == 1:
            said.append(COMMON.verdict(Kind.GAME_OVER, "winner", names[0], self.discs))
        else:
            said.append(
                COMMON.verdict(
                    Kind.GAME_OVER, "shared_win", None, self.discs, winners=", ".join(names)
                )
            )
        return state, said

    # What is open, and what is shown --------------------------------------------------------

    def open_actions(self, state: NovusState) -> list[Action]:
        return [] if state.over else [Action("shot", state.players[state.turn])]

    def pocketed(self, state: NovusState, side: int) -> int:
        """D13: the discs set up less those on the board and those owed."""
        return self.discs - state.on_board[side] - state.debt[side]

    def by_player(self, state: NovusState, values: Sequence[int]) -> dict[str, int]:
        return {p: values[self.side(seat)] for seat, p in enumerate(state.players)}

    def view(self, state: NovusState) -> dict[str, Any]:
        scores = self.by_player(state, [self.pocketed(state, side) for side in (0, 1)])
        winner: str | list[str] | None = None
        if state.winner is not None:
            names = self.members(state, state.winner)
            winner = names[0] if len(names) == 1 else names
        return {
            "players": list(state.players),
            "turn": None if state.over else state.players[state.turn],
            "scores": scores,
            "over": state.over,
            "winner": winner,
            "sides": {p: self.side(seat) for seat, p in enumerate(state.players)},
            "discs": self.discs,
            "on_board": self.by_player(state, state.on_board),
            "debt": self.by_player(state, state.debt),
            "penalties": self.by_player(state, state.penalties),
            "shots": state.shots,
        }

    def score_sheet(self, state: NovusState) -> dict[str, Any]:
        """Per player (his side's counts): set up, in the pockets, set back as penalties, owed,
        on the board; the total is what is pocketed net of the penalties (D13)."""
        set_up = dict.fromkeys(state.players, self.discs)
        rows = [
            sheet_row("set_up", "Discs set up", "Фишек расставлено", set_up),
            sheet_row(
                "on_board", "On the board", "На столе", self.by_player(state, state.on_board)
            ),
            sheet_row(
                "penalties",
                "Penalty discs taken",
                "Штрафных фишек",
                self.by_player(state, state.penalties),
            ),
            sheet_row(
                "debt", "Penalty discs owed", "Штрафных в долг", self.by_player(state, state.debt)
            ),
        ]
        scores = self.by_player(state, [self.pocketed(state, side) for side in (0, 1)])
        rows.append(self.total_row(scores))
        return {"columns": list(state.players), "rows": rows}


ENGINE = NovusEngine
