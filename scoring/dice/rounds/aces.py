"""Aces ("Тузы", rules/dice.md G21, seed 001 L285-299): get rid of your dice, lose on the last ace.

Each player has five dice (L286-287).  Everyone throws one die first; the lowest starts and a
tie goes to whoever threw it first (L288-291).  A player throws all the dice he holds: 1s (the
aces) go to the centre, 2s to the left-hand neighbour, 5s to the right-hand one, 3, 4 and 6
stay (L292-295).  A player without dice is not out, since his neighbours may pass him some
(L295-297); he is skipped until then.  The game ends when every die is in the centre, and the
player whose last die threw the last ace loses (L297-299): everybody else shares the win.

Verbs
  ``roll``  ``dice``: the faces thrown: one die each to decide who starts, then all dice held.
  ``void``  the throw was invalid (§1.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import (
    DiceGame,
    Options,
    check_count,
    left_of,
    right_of,
    roll_verb,
    rolled,
)
from scoring.engine import check_players, sheet_row, winner_field
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

#: Where the faces go (L293-295): 1 to the centre, 2 to the left, 5 to the right.
ACE, LEFT, RIGHT = 1, 2, 5
STARTS = ("lowest_die", "first_seat")
#: The most dice one throw can carry (what the verb accepts before the engine counts them).
MOST_DICE = 99

MESSAGES = FAMILY | Messages(
    {
        "starts": Message(
            "{player} threw the lowest die ({die}) and starts",
            "{player} выбросил меньше всех ({die}) и начинает",
        ),
        "shared_out": Message(
            "{player}: {aces} to the centre, {left} to {left_name}, {right} to {right_name}; "
            "keeps {kept}",
            "{player}: {aces} в центр, {left} — {left_name}, {right} — {right_name}; "
            "остаётся {kept}",
        ),
        "last_ace": Message(
            "{player} throws the last ace and loses", "{player} выбросил последнего туза и проиграл"
        ),
    }
)


@dataclass(frozen=True)
class AcesState:
    """``starting``: the single dice thrown so far to decide who starts (empty once decided).
    ``aces``/``left``/``right``: what each player has sent to the centre and to each side."""

    players: tuple[str, ...]
    held: tuple[int, ...]
    thrower: int = 0
    starting: tuple[int, ...] = ()
    deciding: bool = True
    aces: tuple[int, ...] = ()
    left: tuple[int, ...] = ()
    right: tuple[int, ...] = ()
    loser: int | None = None
    over: bool = False


def _add(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return tuple(v + amount if i == seat else v for i, v in enumerate(values))


class AcesEngine(DiceGame[AcesState]):
    total_title = ("Dice held", "Костей на руках")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("dice", "start"))
        self.dice = read.whole("dice", 5)
        self.lowest_starts = read.choice("start", "lowest_die", STARTS) == "lowest_die"
        # A player may come to hold more dice than he started with; the count is checked per throw.
        super().__init__(game, preset, [roll_verb(MOST_DICE, least=1)], read)

    def initial(self, players: Sequence[str]) -> AcesState:
        check_players(players, 2)
        zeros = tuple(0 for _ in players)
        return AcesState(
            tuple(players),
            tuple(self.dice for _ in players),
            deciding=self.lowest_starts,
            aces=zeros,
            left=zeros,
            right=zeros,
        )

    def _play(self, state: AcesState, action: Action) -> tuple[AcesState, list[Verdict]]:
        dice = action.args["dice"]
        if state.deciding:
            check_count(action.by, dice, 1)
            state, verdicts = self._decide(state, dice[0])
            return state, [rolled(action.by, dice), *verdicts]
        check_count(action.by, dice, state.held[state.thrower])
        seat, count = state.thrower, len(state.players)
        aces, left, right = dice.count(ACE), dice.count(LEFT), dice.count(RIGHT)
        to_left, to_right = left_of(seat, count), right_of(seat, count)
        held = _add(state.held, seat, -(aces + left + right))
        held = _add(_add(held, to_left, left), to_right, right)
        state = replace(
            state,
            held=held,
            aces=_add(state.aces, seat, aces),
            left=_add(state.left, seat, left),
            right=_add(state.right, seat, right),
        )
        verdicts = [
            rolled(action.by, dice),
            MESSAGES.verdict(
                Kind.INFO,
                "shared_out",
                action.by,
                aces=aces,
                left=left,
                left_name=state.players[to_left],
                right=right,
                right_name=state.players[to_right],
                kept=held[seat],
            ),
        ]
        if not any(held):
            state = replace(state, over=True, loser=seat)
            return state, [
                *verdicts,
                MESSAGES.verdict(Kind.GAME_OVER, "last_ace", action.by),
                COMMON.verdict(Kind.GAME_OVER, "game_over"),
            ]
        return self._pass_on(state, verdicts)

    def _decide(self, state: AcesState, die: int) -> tuple[AcesState, list[Verdict]]:
        """One die each in seat order; the first lowest starts (L288-291)."""
        starting = (*state.starting, die)
        if len(starting) < len(state.players):
            seat = len(starting)
            state = replace(state, starting=starting, thrower=seat)
            return state, [MESSAGES.verdict(Kind.TURN, "turn", state.players[seat])]
        seat = starting.index(min(starting))
        state = replace(state, starting=starting, deciding=False, thrower=seat)
        return state, [
            MESSAGES.verdict(Kind.TURN, "starts", state.players[seat], die=min(starting))
        ]

    def _pass_on(
        self, state: AcesState, verdicts: list[Verdict]
    ) -> tuple[AcesState, list[Verdict]]:
        """To the next player on the left who holds dice; a player without any is skipped."""
        count, seat = len(state.players), state.thrower
        for _ in range(count):
            seat = left_of(seat, count)
            if state.held[seat]:
                break
        state = replace(state, thrower=seat)
        return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.players[seat])]

    def _wasted_throw(
        self, state: AcesState, player: str | None
    ) -> tuple[AcesState, list[Verdict]]:
        """A wasted throw moves no die; the dice pass on (the start throw is simply repeated)."""
        return (state, []) if state.deciding else self._pass_on(state, [])

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: AcesState) -> str | None:
        return None if state.over else state.players[state.thrower]

    def scores(self, state: AcesState) -> dict[str, int]:
        return dict(zip(state.players, state.held, strict=True))

    def winner(self, state: AcesState) -> str | list[str] | None:
        if state.loser is None:
            return None
        return winner_field([p for i, p in enumerate(state.players) if i != state.loser])

    def details(self, state: AcesState) -> dict[str, Any]:
        total = self.dice * len(state.players)
        return {
            "deciding_start": state.deciding,
            "start_throws": dict(zip(state.players, state.starting, strict=False)),
            "centre": total - sum(state.held),
            "loser": None if state.loser is None else state.players[state.loser],
        }

    def open_actions(self, state: AcesState) -> list[Action]:
        return [] if state.over else [Action("roll", self.turn(state))]

    def sheet_rows(self, state: AcesState) -> list[dict[str, Any]]:
        def cells(values: tuple[int, ...]) -> dict[str, int]:
            return dict(zip(state.players, values, strict=True))

        return [
            sheet_row("aces", "Aces to the centre", "Тузов в центр", cells(state.aces)),
            sheet_row("left", "Dice passed left", "Костей налево", cells(state.left)),
            sheet_row("right", "Dice passed right", "Костей направо", cells(state.right)),
        ]


ENGINE = AcesEngine
