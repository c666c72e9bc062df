"""Musketeer betting (rules/dice.md G27, seed 001 Sec G L468-478): two players, the higher sum.

In "The Three Musketeers" (quoted L469-474) and the plain game of L475 the players stake,
throw, and the higher sum takes the stake.  Two dice each [INF: "two points", L472]; equal
sums are thrown again, and the winner of a round throws first in the next [ASM for the plain
game, L476 for Exler's].

Exler's variant (L476): each player takes 500 from the bank; a stake is 1 to 50.  The thrower
opens with a stake the other matches; after the thrower's throw the other may raise once,
which the thrower matches.  On equal sums the thrower may raise before throwing again, and the
other may raise once more after that throw.  The winner takes what both put in and throws
first next time.  The game ends when a player cannot stake any more [ASM], or after an agreed
number of rounds.

Verbs
  ``stake``  ``amount``: the thrower's opening stake (Exler).
  ``raise``  ``amount``: a raise the other player matches (Exler).
  ``roll``   ``dice``: the two faces thrown.
  ``void``   the throw was invalid (§1.4): thrown again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, IntField, Verb
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, not_now, roll_verb, rolled
from scoring.dice.oneshot.tally import round_rows
from scoring.engine import check_players, result_verdicts, sheet_row
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

BETTING = ("fixed", "exler")
#: Where a round stands: the opening stake, the thrower's throw, the other player's throw.
OPEN, FIRST, SECOND = "open", "first", "second"

MESSAGES = FAMILY | Messages(
    {
        "staked": Message(
            "{player} stakes {amount}; the pot is {pot} each",
            "{player} ставит {amount}; в банке по {pot}",
        ),
        "raised": Message(
            "{player} raises {amount}; the pot is {pot} each",
            "{player} повышает на {amount}; в банке по {pot}",
        ),
        "sum": Message("{player} throws {total}", "У {player} {total}"),
        "round_won": Message(
            "{player} wins {points} with {total} against {other}",
            "{player} выигрывает {points}: {total} против {other}",
        ),
        "equal": Message("Equal sums ({total}): throw again", "Поровну ({total}): бросают снова"),
        "stake_range": Message(
            "{player} may stake 1 to {most} now, not {amount}",
            "{player} может поставить сейчас от 1 до {most}, а не {amount}",
        ),
        "raised_already": Message("{player} has raised once already", "{player} уже повышал"),
        "broke": Message("{player} cannot stake any more", "{player} больше не может ставить"),
    }
)


@dataclass(frozen=True)
class DuelState:
    """``money``: each player's cash (Exler) or net winnings (fixed stakes).  ``pot``: what each
    has put in this round.  ``log``: per round, what each won or lost."""

    players: tuple[str, ...]
    money: tuple[int, int]
    thrower: int = 0
    step: str = OPEN
    pot: int = 0
    first_total: int | None = None
    replay: bool = False
    raised: tuple[bool, bool] = (False, False)
    log: tuple[tuple[int, ...], ...] = ()
    over: bool = False


class Musketeers(DiceGame[DuelState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("betting", "stake", "bank", "max_stake", "rounds"))
        self.exler = read.choice("betting", "fixed", BETTING) == "exler"
        self.stake = read.whole("stake", 1)
        self.bank = read.whole("bank", 500) if self.exler else 0
        self.max_stake = read.whole("max_stake", 50)
        self.rounds = read.maybe_whole("rounds", None if self.exler else 1)
        amount = IntField(1)
        verbs = [roll_verb(2)]
        if self.exler:
            verbs += [
                Verb("stake", {"amount": amount}, ("amount",), summary="open the round's stake"),
                Verb("raise", {"amount": amount}, ("amount",), summary="raise; the other matches"),
            ]
        super().__init__(game, preset, verbs, read)

    def initial(self, players: Sequence[str]) -> DuelState:
        check_players(players, 2, 2)
        step = OPEN if self.exler else FIRST
        return DuelState(tuple(players), (self.bank, self.bank), step=step, pot=self._opening())

    def _opening(self) -> int:
        return 0 if self.exler else self.stake

    def _most(self, state: DuelState) -> int:
        """The largest stake or raise now: 50 at most, and no more than both can still put in."""
        return min(self.max_stake, *(m - state.pot for m in state.money))

    def _acting(self, state: DuelState) -> int:
        return state.thrower if state.step in (OPEN, FIRST) else 1 - state.thrower

    def _play(self, state: DuelState, action: Action) -> tuple[DuelState, list[Verdict]]:
        seat = state.players.index(action.by)
        if action.verb == "roll":
            if state.step == OPEN:
                raise not_now(action.by, "roll", "the opening stake", "первая ставка")
            return self._roll(
                state, seat, sum(action.args["dice"]), [rolled(action.by, action.args["dice"])]
            )
        amount = action.args["amount"]
        if action.verb == "stake":
            if state.step != OPEN:
                raise not_now(action.by, "stake", "a throw", "бросок")
            return self._put_in(state, action.by, amount, "staked", step=FIRST)
        may_raise = state.step == SECOND or (state.step == FIRST and state.replay)
        if not may_raise:
            raise not_now(action.by, "raise", "the opening stake", "первая ставка")
        if state.raised[seat]:
            raise MESSAGES.illegal("raised_already", action.by)
        raised = (True, state.raised[1]) if seat == 0 else (state.raised[0], True)
        return self._put_in(state, action.by, amount, "raised", raised=raised)

    def _put_in(
        self, state: DuelState, player: str | None, amount: int, code: str, **changes: Any
    ) -> tuple[DuelState, list[Verdict]]:
        most = self._most(state)
        if amount > most:
            raise MESSAGES.illegal("stake_range", player, most=most, amount=amount)
        state = replace(state, pot=state.pot + amount, **changes)
        return state, [MESSAGES.verdict(Kind.INFO, code, player, amount=amount, pot=state.pot)]

    def _roll(
        self, state: DuelState, seat: int, total: int, verdicts: list[Verdict]
    ) -> tuple[DuelState, list[Verdict]]:
        verdicts.append(MESSAGES.verdict(Kind.INFO, "sum", state.players[seat], total=total))
        if state.step == FIRST:
            state = replace(state, step=SECOND, first_total=total)
            return state, [*verdicts, self._turn_verdict(state)]
        first = state.first_total
        assert first is not None  # the first throw of the pair set it (step SECOND)
        if total == first:
            state = replace(state, step=FIRST, first_total=None, replay=True, raised=(False, False))
            verdicts.append(MESSAGES.verdict(Kind.INFO, "equal", total=total))
            return state, [*verdicts, self._turn_verdict(state)]
        winner = state.thrower if first > total else seat
        loser = 1 - winner
        entry = tuple(state.pot if i == winner else -state.pot for i in range(2))
        money = tuple(m + e for m, e in zip(state.money, entry, strict=True))
        verdicts.append(
            MESSAGES.verdict(
                Kind.POINTS,
                "round_won",
                state.players[winner],
                state.pot,
                total=max(first, total),
                other=min(first, total),
            )
        )
        state = DuelState(
            state.players,
            (money[0], money[1]),
            thrower=winner,
            step=OPEN if self.exler else FIRST,
            pot=self._opening(),
            log=(*state.log, entry),
        )
        broke = self.exler and min(state.money) == 0
        if broke or (self.rounds is not None and len(state.log) == self.rounds):
            state = replace(state, over=True)
            if broke:
                verdicts.append(MESSAGES.verdict(Kind.INFO, "broke", state.players[loser]))
            return state, verdicts + result_verdicts(self.scores(state))
        return state, [*verdicts, self._turn_verdict(state)]

    def _turn_verdict(self, state: DuelState) -> Verdict:
        return COMMON.verdict(Kind.TURN, "turn", state.players[self._acting(state)])

    def _throwing(self, state: DuelState, player: str | None) -> bool:
        return state.step != OPEN

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: DuelState) -> str | None:
        return None if state.over else state.players[self._acting(state)]

    def scores(self, state: DuelState) -> dict[str, int]:
        return dict(zip(state.players, state.money, strict=True))

    def details(self, state: DuelState) -> dict[str, Any]:
        return {
            "betting": "exler" if self.exler else "fixed",
            "thrower": state.players[state.thrower],
            "step": state.step,
            "pot": state.pot,
            "first_total": state.first_total,
            "round": len(state.log) + 1,
        }

    def open_actions(self, state: DuelState) -> list[Action]:
        if state.over:
            return []
        seat = self._acting(state)
        player = state.players[seat]
        if state.step == OPEN:
            return [Action("stake", player, {"amount": a}) for a in range(1, self._most(state) + 1)]
        actions = [Action("roll", player)]
        may_raise = state.step == SECOND or state.replay
        if self.exler and may_raise and not state.raised[seat]:
            actions += [
                Action("raise", player, {"amount": a}) for a in range(1, self._most(state) + 1)
            ]
        return actions

    def sheet_rows(self, state: DuelState) -> list[dict[str, Any]]:
        rows = round_rows(state.players, state.log, 1)
        if not self.exler:
            return rows
        bank = dict.fromkeys(state.players, self.bank)
        return [sheet_row("bank", "From the bank", "Из банка", bank), *rows]


ENGINE = Musketeers
