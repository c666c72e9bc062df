"""Chicago (rules/dice.md G19, seed 001 L310-321): eleven rounds with a target sum each.

Two dice.  Round k asks for the sum k + 1 (2 in round 1 up to 12 in round 11, L314-320) and
a hit scores the target.  The source reads as a race (L314-316: "throwing the dice one after
another ... whoever does it first records"): players throw in turn, one throw each, until
somebody hits; that player scores and the next round begins with the player on the hitter's
left.  The standard rule (every player throws once per round and every hitter scores) is the
``scoring: everyone`` option (§7 #22).  Highest total after eleven rounds wins (L320-321).

Verbs
  ``roll``  ``dice``: the two faces thrown.
  ``void``  the throw was invalid (§1.4): thrown again, or a miss under ``void_costs_throw``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, left_of, roll_verb, rolled
from scoring.engine import check_players, result_verdicts, sheet_row
from scoring.verdicts import Kind, Message, Messages, Verdict

#: Eleven rounds, targets 2..12 (L313, L319-320).
ROUNDS = 11
SCORING = ("race", "everyone")

MESSAGES = FAMILY | Messages(
    {
        "hit": Message(
            "{player} throws the target {target}: +{points}",
            "{player} выбрасывает {target}: +{points}",
        ),
        "miss": Message("{player} misses the target {target}", "{player} не выбросил {target}"),
        "round": Message(
            "Round {round}: the target is {target}", "Раунд {round}: нужно выбросить {target}"
        ),
    }
)


def target(round_no: int) -> int:
    """Round k asks for k + 1 (L314-320)."""
    return round_no + 1


@dataclass(frozen=True)
class ChicagoState:
    """``hits`` holds, per round so far (the last one still running), the seats that hit."""

    players: tuple[str, ...]
    thrower: int = 0
    thrown: int = 0
    hits: tuple[tuple[int, ...], ...] = ((),)
    over: bool = False

    @property
    def round(self) -> int:
        return len(self.hits)


class ChicagoEngine(DiceGame[ChicagoState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("scoring",))
        self.everyone = read.choice("scoring", "race", SCORING) == "everyone"
        super().__init__(game, preset, [roll_verb(2)], read)

    def initial(self, players: Sequence[str]) -> ChicagoState:
        check_players(players)
        return ChicagoState(tuple(players))

    def _play(self, state: ChicagoState, action: Action) -> tuple[ChicagoState, list[Verdict]]:
        dice = action.args["dice"]
        goal = target(state.round)
        verdicts = [rolled(action.by, dice)]
        if sum(dice) != goal:
            state, more = self._wasted_throw(state, action.by)
            return state, verdicts + more
        verdicts.append(MESSAGES.verdict(Kind.POINTS, "hit", action.by, goal, target=goal))
        hits = (*state.hits[:-1], (*state.hits[-1], state.thrower))
        state = replace(state, hits=hits)
        if self.everyone:
            return self._next_thrower(state, verdicts)
        return self._next_round(state, state.thrower, verdicts)

    def _wasted_throw(
        self, state: ChicagoState, player: str | None
    ) -> tuple[ChicagoState, list[Verdict]]:
        goal = target(state.round)
        verdicts = [MESSAGES.verdict(Kind.INFO, "miss", player, target=goal)]
        if self.everyone:
            return self._next_thrower(state, verdicts)
        seat = left_of(state.thrower, len(state.players))
        state = replace(state, thrower=seat)
        return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.players[seat])]

    def _next_thrower(
        self, state: ChicagoState, verdicts: list[Verdict]
    ) -> tuple[ChicagoState, list[Verdict]]:
        """Everyone throws once a round; the round ends when all have thrown."""
        thrown = state.thrown + 1
        if thrown == len(state.players):
            return self._next_round(state, state.thrower, verdicts)
        seat = left_of(state.thrower, len(state.players))
        state = replace(state, thrower=seat, thrown=thrown)
        return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.players[seat])]

    def _next_round(
        self, state: ChicagoState, last: int, verdicts: list[Verdict]
    ) -> tuple[ChicagoState, list[Verdict]]:
        """The dice pass on to the left of the last thrower; after round 11 the game is over."""
        if state.round == ROUNDS:
            state = replace(state, over=True)
            return state, verdicts + result_verdicts(self.scores(state))
        seat = left_of(last, len(state.players))
        state = replace(state, thrower=seat, thrown=0, hits=(*state.hits, ()))
        goal = target(state.round)
        return state, [
            *verdicts,
            MESSAGES.verdict(Kind.HAND_OVER, "round", round=state.round, target=goal),
            MESSAGES.verdict(Kind.TURN, "turn", state.players[seat]),
        ]

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: ChicagoState) -> str | None:
        return None if state.over else state.players[state.thrower]

    def scores(self, state: ChicagoState) -> dict[str, int]:
        totals = dict.fromkeys(state.players, 0)
        for number, seats in enumerate(state.hits, start=1):
            for seat in seats:
                totals[state.players[seat]] += target(number)
        return totals

    def details(self, state: ChicagoState) -> dict[str, Any]:
        return {
            "round": state.round,
            "rounds": ROUNDS,
            "target": target(state.round),
            "scoring": "everyone" if self.everyone else "race",
            "hits": [[state.players[seat] for seat in seats] for seats in state.hits],
        }

    def open_actions(self, state: ChicagoState) -> list[Action]:
        return [] if state.over else [Action("roll", self.turn(state))]

    def sheet_rows(self, state: ChicagoState) -> list[dict[str, Any]]:
        rows = []
        for number, seats in enumerate(state.hits, start=1):
            goal = target(number)
            cells = {
                player: goal if seat in seats else None for seat, player in enumerate(state.players)
            }
            rows.append(
                sheet_row(
                    f"round_{number}", f"Round {number}: {goal}", f"Раунд {number}: {goal}", cells
                )
            )
        return rows


ENGINE = ChicagoEngine
