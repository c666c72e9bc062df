"""Dice games against a bank or a banker, settled in stakes (rules/dice.md §6 G23-G25).

- Craps (G23, Sec D2 L119-124): the shooter's first throw of two dice wins on 7 or 11 and loses
  on 2, 3 or 12; any other sum is his point, and he throws on until the point (win) or a 7
  (lose).  Sec E (L231-236) prints 2, 8, 12 as the losing sums, a typo for 3 (§7 #9): the
  ``losing: e`` option plays it literally.  Each decision wins or loses one stake against the
  house, and the dice pass to the left [ASM].
- High dice (G24, L382-400): the banker throws two dice, then the punter; the punter wins one
  stake only when strictly higher, otherwise he pays one.  With extra throws agreed (one or
  two, L391-398), a punter who failed may throw again, borrowing a stake each time: failing
  twice costs two stakes, three times three.  Winning on an extra throw pays one stake by
  default, or as many as were at risk (``extra_win: at_risk``) (§G24 [AMB]).
- Bank dice (G25, L401-411): each punter stakes on a number 1..6, the banker throws three
  dice, and each punter wins his stake once for every die showing his number, or loses it.

The first player listed is the banker in high dice and bank dice; every other player is a
punter (the source has one; more punters play the same banker throw) [ASM].

Each game is a class of its own, which its preset file names
(``engine: scoring.dice.oneshot.casino:Craps``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, IntField, Verb
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, left_of, roll_verb, rolled
from scoring.dice.oneshot.tally import only, round_rows, sums
from scoring.engine import best_of, check_players, result_verdicts
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

#: Craps: the naturals, and the losing first throws of each page (§7 #9).
NATURALS = (7, 11)
LOSING = {"d2": (2, 3, 12), "e": (2, 8, 12)}
SEVEN = 7
EXTRA_WIN = ("one", "at_risk")

MESSAGES = FAMILY | Messages(
    {
        "natural": Message(
            "{player} throws {total}: a natural, wins", "{player}: {total}, выигрыш"
        ),
        "craps": Message("{player} throws {total}: craps, loses", "{player}: {total}, проигрыш"),
        "point": Message("{player}'s point is {total}", "Пойнт {player}: {total}"),
        "made_point": Message(
            "{player} makes the point {total}: wins", "{player} выбросил пойнт {total}: выигрыш"
        ),
        "seven_out": Message(
            "{player} throws 7 before the point: loses", "{player}: 7 раньше пойнта, проигрыш"
        ),
        "no_decision": Message(
            "{player} throws {total}; the point is {point}", "{player}: {total}, пойнт {point}"
        ),
        "banker_throws": Message(
            "The banker {player} throws {total}", "Банкомёт {player}: {total}"
        ),
        "punter_wins": Message(
            "{player} beats {banker} with {total}: +{points}",
            "{player} бьёт {banker}: {total}, +{points}",
        ),
        "punter_fails": Message(
            "{player}'s {total} does not beat {banker}", "{player}: {total}, не больше {banker}"
        ),
        "punter_pays": Message("{player} pays {points}", "{player} платит {points}"),
        "bet": Message(
            "{player} stakes {stake} on {number}", "{player} ставит {stake} на {number}"
        ),
        "bet_settled": Message(
            "{player}: {matches} x {number}, {points:+d}",
            "{player}: {matches} x {number}, {points:+d}",
        ),
        "bet_placed": Message(
            "{player} has already staked this round", "{player} уже сделал ставку"
        ),
        "bets_first": Message(
            "Every punter stakes before the banker throws ({waiting})",
            "Все понтёры ставят до броска банкомёта ({waiting})",
        ),
        "banker_bets": Message("The banker {player} does not stake", "Банкомёт {player} не ставит"),
        "no_extra_throw": Message(
            "{player} has no throw to stand on", "{player} не может сейчас остановиться"
        ),
    }
)


def winners_in_the_black(scores: Mapping[str, int]) -> str | list[str] | None:
    """Against the house only a player ahead has won anything."""
    return (
        best_of({p: s for p, s in scores.items() if s > 0})
        if any(s > 0 for s in scores.values())
        else None
    )


# --------------------------------------------------------------------------------------------
# Craps.


@dataclass(frozen=True)
class CrapsState:
    """``log``: per decision, the stakes each player won or lost."""

    players: tuple[str, ...]
    shooter: int = 0
    point: int | None = None
    log: tuple[tuple[int, ...], ...] = ()
    over: bool = False


class Craps(DiceGame[CrapsState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("losing", "rounds", "stake"))
        self.losing = LOSING[read.choice("losing", "d2", tuple(LOSING))]
        self.rounds = read.whole("rounds", 1)
        self.stake = read.whole("stake", 1)
        super().__init__(game, preset, [roll_verb(2)], read)

    def initial(self, players: Sequence[str]) -> CrapsState:
        check_players(players)
        return CrapsState(tuple(players))

    def _play(self, state: CrapsState, action: Action) -> tuple[CrapsState, list[Verdict]]:
        total, player = sum(action.args["dice"]), action.by
        verdicts = [rolled(player, action.args["dice"])]
        if state.point is None:
            if total in NATURALS:
                return self._decide(state, True, [*verdicts, self._says("natural", player, total)])
            if total in self.losing:
                return self._decide(state, False, [*verdicts, self._says("craps", player, total)])
            return replace(state, point=total), [*verdicts, self._says("point", player, total)]
        if total == state.point:
            return self._decide(state, True, [*verdicts, self._says("made_point", player, total)])
        if total == SEVEN:
            return self._decide(state, False, [*verdicts, self._says("seven_out", player, total)])
        return state, [*verdicts, self._says("no_decision", player, total, point=state.point)]

    @staticmethod
    def _says(code: str, player: str | None, total: int, **data: Any) -> Verdict:
        kind = Kind.POINTS if code in ("natural", "made_point") else Kind.INFO
        return MESSAGES.verdict(kind, code, player, total=total, **data)

    def _decide(
        self, state: CrapsState, won: bool, verdicts: list[Verdict]
    ) -> tuple[CrapsState, list[Verdict]]:
        count = len(state.players)
        entry = only(state.shooter, count, self.stake if won else -self.stake)
        state = replace(state, point=None, log=(*state.log, entry))
        if len(state.log) == self.rounds * count:
            state = replace(state, over=True)
            return state, verdicts + result_verdicts(self.scores(state))
        state = replace(state, shooter=left_of(state.shooter, count))
        return state, [*verdicts, COMMON.verdict(Kind.TURN, "turn", state.players[state.shooter])]

    def turn(self, state: CrapsState) -> str | None:
        return None if state.over else state.players[state.shooter]

    def scores(self, state: CrapsState) -> dict[str, int]:
        return sums(state.players, state.log)

    def winner(self, state: CrapsState) -> str | list[str] | None:
        return winners_in_the_black(self.scores(state)) if state.over else None

    def details(self, state: CrapsState) -> dict[str, Any]:
        return {"point": state.point, "decisions": len(state.log), "losing": list(self.losing)}

    def open_actions(self, state: CrapsState) -> list[Action]:
        return [] if state.over else [Action("roll", self.turn(state))]

    def sheet_rows(self, state: CrapsState) -> list[dict[str, Any]]:
        return round_rows(state.players, state.log, len(state.players))


# --------------------------------------------------------------------------------------------
# High dice.


@dataclass(frozen=True)
class HighState:
    """``banker_total``: this round's banker throw.  ``failed``: the punter's misses so far.
    ``log``: per punter settled, the stakes each player won or lost."""

    players: tuple[str, ...]
    banker_total: int | None = None
    punter: int = 1
    failed: int = 0
    log: tuple[tuple[int, ...], ...] = ()
    over: bool = False


class HighDice(DiceGame[HighState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("extra_throws", "extra_win", "rounds", "stake"))
        self.extra = read.whole("extra_throws", 0, 0, 2)
        self.at_risk = read.choice("extra_win", "one", EXTRA_WIN) == "at_risk"
        self.rounds = read.whole("rounds", 1)
        self.stake = read.whole("stake", 1)
        verbs = [roll_verb(2), Verb("stand", summary="take the loss instead of an extra throw")]
        super().__init__(game, preset, verbs, read)

    def initial(self, players: Sequence[str]) -> HighState:
        check_players(players, 2)
        return HighState(tuple(players))

    def _play(self, state: HighState, action: Action) -> tuple[HighState, list[Verdict]]:
        player = action.by
        if action.verb == "stand":
            if not state.failed:
                raise MESSAGES.illegal("no_extra_throw", player)
            return self._settle(state, -state.failed * self.stake, [])
        dice = action.args["dice"]
        total = sum(dice)
        verdicts = [rolled(player, dice)]
        if state.banker_total is None:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "banker_throws", player, total=total))
            return replace(state, banker_total=total), [
                *verdicts,
                COMMON.verdict(Kind.TURN, "turn", state.players[state.punter]),
            ]
        banker = state.banker_total
        if total > banker:
            won = (state.failed + 1 if self.at_risk else 1) * self.stake
            verdicts.append(
                MESSAGES.verdict(
                    Kind.POINTS, "punter_wins", player, won, total=total, banker=banker
                )
            )
            return self._settle(state, won, verdicts)
        failed = state.failed + 1
        verdicts.append(
            MESSAGES.verdict(Kind.INFO, "punter_fails", player, total=total, banker=banker)
        )
        if failed > self.extra:
            return self._settle(state, -failed * self.stake, verdicts)
        return replace(state, failed=failed), verdicts

    def _settle(
        self, state: HighState, points: int, verdicts: list[Verdict]
    ) -> tuple[HighState, list[Verdict]]:
        """The punter's result, mirrored in the banker's column; then the next punter or round."""
        count = len(state.players)
        entry = tuple(
            points if i == state.punter else -points if i == 0 else 0 for i in range(count)
        )
        if points < 0:
            verdicts = [
                *verdicts,
                MESSAGES.verdict(Kind.POINTS, "punter_pays", state.players[state.punter], -points),
            ]
        state = replace(state, log=(*state.log, entry), failed=0)
        if state.punter + 1 < count:
            state = replace(state, punter=state.punter + 1)
            return state, [
                *verdicts,
                COMMON.verdict(Kind.TURN, "turn", state.players[state.punter]),
            ]
        if len(state.log) == self.rounds * (count - 1):
            state = replace(state, over=True)
            return state, verdicts + result_verdicts(self.scores(state))
        state = replace(state, banker_total=None, punter=1)
        return state, [*verdicts, COMMON.verdict(Kind.TURN, "turn", state.players[0])]

    def turn(self, state: HighState) -> str | None:
        if state.over:
            return None
        return state.players[0 if state.banker_total is None else state.punter]

    def scores(self, state: HighState) -> dict[str, int]:
        return sums(state.players, state.log)

    def details(self, state: HighState) -> dict[str, Any]:
        return {
            "banker": state.players[0],
            "banker_total": state.banker_total,
            "throws_left": 1 + self.extra - state.failed
            if state.banker_total is not None
            else None,
            "borrowed": state.failed,
        }

    def open_actions(self, state: HighState) -> list[Action]:
        if state.over:
            return []
        actions = [Action("roll", self.turn(state))]
        if state.failed:
            actions.append(Action("stand", self.turn(state)))
        return actions

    def sheet_rows(self, state: HighState) -> list[dict[str, Any]]:
        return round_rows(state.players, state.log, len(state.players) - 1)


# --------------------------------------------------------------------------------------------
# Bank dice.


@dataclass(frozen=True)
class BankState:
    """``bets``: this round's (number, stake) per seat, None where nobody has staked yet
    (always None for the banker, seat 0).  ``log``: per round, what each player won or lost."""

    players: tuple[str, ...]
    bets: tuple[tuple[int, int] | None, ...]
    log: tuple[tuple[int, ...], ...] = ()
    over: bool = False


class BankDice(DiceGame[BankState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("rounds",))
        self.rounds = read.whole("rounds", 1)
        verbs = [
            roll_verb(3),
            Verb(
                "bet",
                {"number": IntField(1, 6), "stake": IntField(1)},
                ("number", "stake"),
                summary="stake on a number",
            ),
        ]
        super().__init__(game, preset, verbs, read)

    def initial(self, players: Sequence[str]) -> BankState:
        check_players(players, 2)
        return BankState(tuple(players), tuple(None for _ in players))

    def _check_seat(self, state: BankState, action: Action) -> None:
        """Punters stake in any order; the banker throws once they all have."""
        if action.by in state.players and not state.over:
            if action.verb == "bet":
                return
            waiting = self._waiting(state)
            if action.by == state.players[0] and waiting:
                raise MESSAGES.illegal("bets_first", action.by, waiting=", ".join(waiting))
        super()._check_seat(state, action)

    def _waiting(self, state: BankState) -> list[str]:
        return [p for seat, p in enumerate(state.players) if seat and state.bets[seat] is None]

    def _play(self, state: BankState, action: Action) -> tuple[BankState, list[Verdict]]:
        seat = state.players.index(action.by)
        if action.verb == "bet":
            if seat == 0:
                raise MESSAGES.illegal("banker_bets", action.by)
            if state.bets[seat] is not None:
                raise MESSAGES.illegal("bet_placed", action.by)
            number, stake = action.args["number"], action.args["stake"]
            bets = tuple((number, stake) if i == seat else b for i, b in enumerate(state.bets))
            state = replace(state, bets=bets)
            verdict = MESSAGES.verdict(Kind.INFO, "bet", action.by, number=number, stake=stake)
            return state, [verdict, COMMON.verdict(Kind.TURN, "turn", self.turn(state))]
        dice = action.args["dice"]
        entry = [0] * len(state.players)
        verdicts = [rolled(action.by, dice)]
        for punter, bet in enumerate(state.bets):
            if bet is None:
                continue
            number, stake = bet
            matches = dice.count(number)
            won = matches * stake if matches else -stake
            entry[punter], entry[0] = won, entry[0] - won
            verdicts.append(
                MESSAGES.verdict(
                    Kind.POINTS,
                    "bet_settled",
                    state.players[punter],
                    won,
                    matches=matches,
                    number=number,
                )
            )
        state = replace(
            state, log=(*state.log, tuple(entry)), bets=tuple(None for _ in state.players)
        )
        if len(state.log) == self.rounds:
            state = replace(state, over=True)
            return state, verdicts + result_verdicts(self.scores(state))
        return state, [*verdicts, COMMON.verdict(Kind.TURN, "turn", self.turn(state))]

    def _throwing(self, state: BankState, player: str | None) -> bool:
        return not self._waiting(state)

    def turn(self, state: BankState) -> str | None:
        if state.over:
            return None
        waiting = self._waiting(state)
        return waiting[0] if waiting else state.players[0]

    def scores(self, state: BankState) -> dict[str, int]:
        return sums(state.players, state.log)

    def details(self, state: BankState) -> dict[str, Any]:
        return {
            "banker": state.players[0],
            "bets": {
                p: None if bet is None else {"number": bet[0], "stake": bet[1]}
                for p, bet in zip(state.players[1:], state.bets[1:], strict=True)
            },
            "round": len(state.log) + 1,
        }

    def open_actions(self, state: BankState) -> list[Action]:
        if state.over:
            return []
        waiting = self._waiting(state)
        if waiting:
            return [Action("bet", p) for p in waiting]
        return [Action("roll", state.players[0])]

    def sheet_rows(self, state: BankState) -> list[dict[str, Any]]:
        return round_rows(state.players, state.log, 1)
