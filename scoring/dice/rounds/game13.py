"""The Game of 13 (rules/dice.md G22, seed 001 L212-230): steer a running total onto 13, 26, ...

Two dice: an ordinary die and a special die with faces 2..7, so a throw is worth 3..13
(L214-215).  A turn is five throws (L216-217).  The first throw sets the running total; for each
later one the player declares what to do with its value v: "plus" (+v), "minus" (-v), "take
half/third/quarter" (+v/2, +v/3, +v/4) or "multiply by 2/3/4" (+v*k) (L217-222).  Every time the
total equals 13*m the player scores m points (L223-224); the first to 10 points wins (L216).
The source's example (L224-227): 9; 12 "third" -> 13, 1 point; 3 "plus" -> 16; 5 "times 2" ->
26, 2 points.  The same game is played to 11 or 17 (L229-230).

Dividing is allowed only when it comes out exact (§G22 [AMB] default; ``division: round_down``
drops the remainder instead), and points come at every hit (default) or only for the total
after the fifth throw (``scoring: final_total``).  A total may go below zero; only positive
multiples score.

Verbs
  ``roll``     ``dice``: [ordinary die, 2-7 die] as thrown.
  ``declare``  ``op``: what the throw does to the total (throws 2 to 5).
  ``void``     the throw was invalid (§1.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, ChoiceField, DiceField, Verb
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, left_of, not_now, rolled
from scoring.engine import check_players, result_verdicts, sheet_row
from scoring.verdicts import Kind, Message, Messages, Verdict

#: The ordinary die and the special die (L214-215, §1.1 D_2_7).
D6 = range(1, 7)
D27 = range(2, 8)

#: Operation -> (how the value is divided, how it is multiplied), L218-222.
OPS: dict[str, tuple[int, int]] = {
    "plus": (1, 1),
    "minus": (1, -1),
    "half": (2, 1),
    "third": (3, 1),
    "quarter": (4, 1),
    "times_2": (1, 2),
    "times_3": (1, 3),
    "times_4": (1, 4),
}
OPS_RU = {
    "plus": "плюс",
    "minus": "минус",
    "half": "беру половину",
    "third": "беру треть",
    "quarter": "беру четверть",
    "times_2": "множу на 2",
    "times_3": "множу на 3",
    "times_4": "множу на 4",
}
DIVISION = ("exact", "round_down")
SCORING = ("per_hit", "final_total")

MESSAGES = FAMILY | Messages(
    {
        "total": Message(
            "{player}: throw {throw} makes the total {total}",
            "{player}: после броска {throw} сумма {total}",
        ),
        "declared": Message(
            "{player} declares {op} with {value}: {change:+d}",
            "{player} объявляет «{op_ru}» с {value}: {change:+d}",
        ),
        "hit": Message(
            "{player} hits {total} = {number} x {points}: +{points}",
            "{player} набирает {total} = {number} x {points}: +{points}",
        ),
        "turn_over": Message("{player}'s five throws are done", "{player} сделал пять бросков"),
        "not_a_face": Message(
            "{dice}: the first die is the ordinary one (1..6), the second the 2-7 die",
            "{dice}: первая кость обычная (1..6), вторая — от 2 до 7",
        ),
        "inexact": Message(
            "{value} cannot be divided by {by} exactly", "{value} не делится на {by} без остатка"
        ),
    }
)


@dataclass(frozen=True)
class Game13State:
    """``log``: the points of every turn so far, the running one last (turn i is seat i mod n).
    ``pending``: the value of a throw waiting for its declaration."""

    players: tuple[str, ...]
    thrower: int = 0
    throw: int = 0
    total: int = 0
    pending: int | None = None
    log: tuple[int, ...] = (0,)
    over: bool = False


class Game13Engine(DiceGame[Game13State]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("number", "throws", "target", "division", "scoring"))
        self.number = read.whole("number", 13, 2)
        self.throws = read.whole("throws", 5)
        self.target = read.whole("target", 10)
        self.exact = read.choice("division", "exact", DIVISION) == "exact"
        self.per_hit = read.choice("scoring", "per_hit", SCORING) == "per_hit"
        verbs = [
            Verb(
                "roll",
                {"dice": DiceField(tuple(range(1, 8)), 2, 2)},
                ("dice",),
                summary="the ordinary die, then the 2-7 die",
            ),
            Verb(
                "declare",
                {"op": ChoiceField(tuple(OPS))},
                ("op",),
                summary="what the throw does to the total",
            ),
        ]
        super().__init__(game, preset, verbs, read)

    def initial(self, players: Sequence[str]) -> Game13State:
        check_players(players)
        return Game13State(tuple(players))

    def change(self, op: str, value: int) -> int | None:
        """What an operation adds to the total, or None if it does not divide exactly."""
        divisor, factor = OPS[op]
        if self.exact and value % divisor:
            return None
        return value // divisor * factor

    def _play(self, state: Game13State, action: Action) -> tuple[Game13State, list[Verdict]]:
        if action.verb == "roll":
            if state.pending is not None:
                raise not_now(action.by, "roll", "a declaration", "объявление")
            dice = action.args["dice"]
            if dice[0] not in D6 or dice[1] not in D27:
                raise MESSAGES.illegal("not_a_face", action.by, dice=" ".join(map(str, dice)))
            value = sum(dice)
            if state.throw:
                return replace(state, pending=value), [rolled(action.by, dice)]
            return self._count(state, action.by, value, [rolled(action.by, dice)])
        if state.pending is None:
            raise not_now(action.by, "declare", "a throw", "бросок")
        op, value = action.args["op"], state.pending
        change = self.change(op, value)
        if change is None:
            raise MESSAGES.illegal("inexact", action.by, value=value, by=OPS[op][0])
        verdict = MESSAGES.verdict(
            Kind.INFO, "declared", action.by, op=op, op_ru=OPS_RU[op], value=value, change=change
        )
        return self._count(replace(state, pending=None), action.by, change, [verdict])

    def _count(
        self, state: Game13State, player: str | None, change: int, verdicts: list[Verdict]
    ) -> tuple[Game13State, list[Verdict]]:
        """One throw is done: the new total, its points, and the end of the turn or game."""
        throw, total = state.throw + 1, state.total + change
        state = replace(state, throw=throw, total=total)
        verdicts = [
            *verdicts,
            MESSAGES.verdict(Kind.INFO, "total", player, throw=throw, total=total),
        ]
        last = throw == self.throws
        if total > 0 and total % self.number == 0 and (self.per_hit or last):
            points = total // self.number
            state = replace(state, log=(*state.log[:-1], state.log[-1] + points))
            verdicts.append(
                MESSAGES.verdict(
                    Kind.POINTS, "hit", player, points, total=total, number=self.number
                )
            )
            if self.scores(state)[state.players[state.thrower]] >= self.target:
                state = replace(state, over=True)
                return state, verdicts + result_verdicts(self.scores(state))
        if not last:
            return state, verdicts
        seat = left_of(state.thrower, len(state.players))
        state = replace(state, thrower=seat, throw=0, total=0, log=(*state.log, 0))
        return state, [
            *verdicts,
            MESSAGES.verdict(Kind.HAND_OVER, "turn_over", player),
            MESSAGES.verdict(Kind.TURN, "turn", state.players[seat]),
        ]

    def _throwing(self, state: Game13State, player: str | None) -> bool:
        return state.pending is None

    def _wasted_throw(
        self, state: Game13State, player: str | None
    ) -> tuple[Game13State, list[Verdict]]:
        """A wasted throw is one of the five and leaves the total as it was."""
        return self._count(state, player, 0, [])

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: Game13State) -> str | None:
        return None if state.over else state.players[state.thrower]

    def scores(self, state: Game13State) -> dict[str, int]:
        totals = dict.fromkeys(state.players, 0)
        for index, points in enumerate(state.log):
            totals[state.players[index % len(state.players)]] += points
        return totals

    def candidates(self, state: Game13State) -> dict[str, int]:
        """The total each allowed declaration would make: the sheet's pencilled hints."""
        if state.pending is None:
            return {}
        changes = {op: self.change(op, state.pending) for op in OPS}
        return {op: state.total + c for op, c in changes.items() if c is not None}

    def details(self, state: Game13State) -> dict[str, Any]:
        return {
            "number": self.number,
            "target": self.target,
            "throw": state.throw,
            "throws": self.throws,
            "total": state.total,
            "pending": state.pending,
            "candidates": self.candidates(state),
        }

    def open_actions(self, state: Game13State) -> list[Action]:
        if state.over:
            return []
        player = self.turn(state)
        if state.pending is None:
            return [Action("roll", player)]
        return [Action("declare", player, {"op": op}) for op in self.candidates(state)]

    def sheet_rows(self, state: Game13State) -> list[dict[str, Any]]:
        count = len(state.players)
        rows = []
        for start in range(0, len(state.log), count):
            number = start // count + 1
            cells = {
                player: state.log[start + seat] if start + seat < len(state.log) else None
                for seat, player in enumerate(state.players)
            }
            rows.append(sheet_row(f"round_{number}", f"Round {number}", f"Круг {number}", cells))
        return rows


ENGINE = Game13Engine
