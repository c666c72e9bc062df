"""Martinetti / Ohio (rules/dice.md G20, seed 001 L247-272): a race over fields 1..12.

Three dice, one token each.  A player needs the next field number k (1 first, L250-253).  From
one throw he may chain k, k+1, ... where each number is one die or a sum of dice and no die
serves twice (L254-260: 1,1,1 reads as 1 + (1+1), field 2).  He throws again while he advances
and passes the dice to the left when he cannot (L261-264).  The first token on 12 wins (L265).

The thrower says how far he moves; the engine knows how far he could have gone.  A shorter
move is allowed and the numbers he left are flagged (the UI's "missed numbers").  When he passes
the dice although the throw could have moved him, every other player who needs exactly one of
those numbers may shout it and take it (L266-269); several shouts for one number go to the
shouter nearest clockwise to the thrower (L270-272), whatever order they are entered in.  The
claims stay open until the next throw.

Verbs
  ``roll``   ``dice``: the three faces thrown; a throw that cannot move the token passes at once.
  ``move``   ``to``: the field the thrower's token moves to with this throw.
  ``pass``   the thrower gives the dice on without moving (overlooking what the throw offered).
  ``claim``  ``number``: another player takes a number the thrower missed.
  ``void``   the throw was invalid (§1.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from scoring.actions import Action, IntField, Verb
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, left_of, not_now, roll_verb, rolled
from scoring.engine import check_players, sheet_row
from scoring.verdicts import COMMON, IllegalMove, Kind, Message, Messages, Verdict

MESSAGES = FAMILY | Messages(
    {
        "moved": Message("{player} moves to field {to}", "{player} переходит на поле {to}"),
        "no_move": Message(
            "{player} cannot make {need}: the dice pass on",
            "{player} не может составить {need}: кости переходят дальше",
        ),
        "passed": Message("{player} passes the dice", "{player} передаёт кости"),
        "missed": Message("{player} missed {numbers}", "{player} пропустил {numbers}"),
        "claimed": Message(
            "{player} claims {number} and moves to field {number}",
            "{player} забирает {number} и переходит на поле {number}",
        ),
        "claim_lost": Message(
            "{player} sits nearer the thrower: {loser} goes back to field {field}",
            "{player} сидит ближе к бросавшему: {loser} возвращается на поле {field}",
        ),
        "finished": Message("{player} reaches field {last}", "{player} доходит до поля {last}"),
        "not_formable": Message(
            "{dice} cannot take {player} from field {field} to {to} (reachable: {reach})",
            "С {dice} {player} не дойдёт с поля {field} до {to} (можно: {reach})",
        ),
        "nothing_to_claim": Message(
            "There is no missed number to claim now", "Сейчас нечего забирать"
        ),
        "not_missed": Message(
            "{number} is not a number the thrower missed ({numbers})",
            "{number} не пропущено бросавшим ({numbers})",
        ),
        "own_throw": Message(
            "{player} cannot claim from his own throw", "{player} не может забрать из своего броска"
        ),
        "not_needed": Message(
            "{player} needs {need}, not {number}", "{player} нужно {need}, а не {number}"
        ),
        "already_claimed": Message(
            "{player} has already taken a number from this throw",
            "{player} уже забрал число из этого броска",
        ),
        "nearer_claimant": Message(
            "{holder} sits nearer the thrower and has {number}",
            "{holder} сидит ближе к бросавшему, {number} у него",
        ),
    }
)


def reach(dice: Sequence[int], need: int, last: int) -> int:
    """The furthest field one throw takes a token that needs ``need`` (need - 1: none).

    Each number of the chain is one die or a sum of dice, every die used at most once
    (L254-260).  Reaching j means every field between can be reached too, so the chain is
    described by its end.
    """
    if need > last:
        return last
    best = need - 1
    seen: set[tuple[int, ...]] = set()
    for size in range(1, len(dice) + 1):
        for picked in combinations(range(len(dice)), size):
            part = tuple(sorted(dice[i] for i in picked))
            if sum(part) != need or part in seen:
                continue
            seen.add(part)
            rest = [die for i, die in enumerate(dice) if i not in picked]
            best = max(best, reach(rest, need + 1, last))
            if best == last:
                return best
    return best


def numbers_text(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


@dataclass(frozen=True)
class MartinettiState:
    """``fields``: the field each token stands on (0 = not on the board yet).  ``dice``: the
    throw waiting for the thrower's move.  ``missed``/``passer``/``claims``: the claim window
    of the throw last passed on: its numbers, its thrower and who has taken which number."""

    players: tuple[str, ...]
    fields: tuple[int, ...]
    thrower: int = 0
    dice: tuple[int, ...] = ()
    missed: tuple[int, ...] = ()
    passer: int = 0
    claims: tuple[tuple[int, int], ...] = ()
    over: bool = False


class MartinettiEngine(DiceGame[MartinettiState]):
    total_title = ("Field reached", "Достигнутое поле")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("fields",))
        self.last = read.whole("fields", 12, 2)
        verbs = [
            roll_verb(3),
            Verb("move", {"to": IntField(1, self.last)}, ("to",), summary="move the token"),
            Verb("pass", summary="give the dice on without moving"),
            Verb(
                "claim",
                {"number": IntField(1, self.last)},
                ("number",),
                summary="take a missed number",
            ),
        ]
        super().__init__(game, preset, verbs, read)

    def initial(self, players: Sequence[str]) -> MartinettiState:
        check_players(players)
        return MartinettiState(tuple(players), tuple(0 for _ in players))

    def _check_seat(self, state: MartinettiState, action: Action) -> None:
        """A claim is shouted by anyone at the table, not by the player to throw."""
        if action.verb == "claim" and action.by in state.players and not state.over:
            return
        super()._check_seat(state, action)

    def _play(
        self, state: MartinettiState, action: Action
    ) -> tuple[MartinettiState, list[Verdict]]:
        if action.verb == "claim":
            return self._claim(state, action)
        if action.verb == "roll":
            if state.dice:
                raise not_now(action.by, "roll", "a move or a pass", "ход или передача")
            return self._roll(state, action)
        if not state.dice:
            raise not_now(action.by, action.verb, "a throw", "бросок")
        if action.verb == "move":
            return self._move(state, action)
        need = state.fields[state.thrower] + 1
        missed = tuple(range(need, reach(state.dice, need, self.last) + 1))
        state, verdicts = self._pass_on(state, action.by, "passed")
        flag = MESSAGES.verdict(Kind.INFO, "missed", action.by, numbers=numbers_text(missed))
        return replace(state, missed=missed), [flag, *verdicts]

    def _roll(
        self, state: MartinettiState, action: Action
    ) -> tuple[MartinettiState, list[Verdict]]:
        dice = action.args["dice"]
        state = replace(state, missed=(), claims=(), dice=dice)
        need = state.fields[state.thrower] + 1
        verdicts = [rolled(action.by, dice)]
        if reach(dice, need, self.last) < need:
            state, more = self._pass_on(state, action.by, "no_move", need=need)
            return state, verdicts + more
        return state, verdicts

    def _move(
        self, state: MartinettiState, action: Action
    ) -> tuple[MartinettiState, list[Verdict]]:
        to, seat = action.args["to"], state.thrower
        field = state.fields[seat]
        furthest = reach(state.dice, field + 1, self.last)
        if not field < to <= furthest:
            raise MESSAGES.illegal(
                "not_formable",
                action.by,
                dice=" ".join(map(str, state.dice)),
                field=field,
                to=to,
                reach=numbers_text(range(field + 1, furthest + 1)),
            )
        fields = tuple(to if i == seat else f for i, f in enumerate(state.fields))
        state = replace(state, fields=fields, dice=())
        verdicts = [MESSAGES.verdict(Kind.POINTS, "moved", action.by, to - field, to=to)]
        if to < furthest:
            missed = numbers_text(range(to + 1, furthest + 1))
            verdicts.append(MESSAGES.verdict(Kind.INFO, "missed", action.by, numbers=missed))
        return self._finish_if_home(state, seat, verdicts)

    def _finish_if_home(
        self, state: MartinettiState, seat: int, verdicts: list[Verdict]
    ) -> tuple[MartinettiState, list[Verdict]]:
        if state.fields[seat] < self.last:
            return state, verdicts
        state = replace(state, over=True, dice=(), missed=())
        player = state.players[seat]
        return state, [
            *verdicts,
            MESSAGES.verdict(Kind.GAME_OVER, "finished", player, last=self.last),
            COMMON.verdict(Kind.GAME_OVER, "game_over"),
            COMMON.verdict(Kind.GAME_OVER, "winner", player, self.last),
        ]

    def _pass_on(
        self, state: MartinettiState, player: str | None, code: str, **data: Any
    ) -> tuple[MartinettiState, list[Verdict]]:
        seat = left_of(state.thrower, len(state.players))
        state = replace(state, thrower=seat, dice=(), passer=state.thrower)
        return state, [
            MESSAGES.verdict(Kind.INFO, code, player, **data),
            MESSAGES.verdict(Kind.TURN, "turn", state.players[seat]),
        ]

    def _claim_refusal(self, state: MartinettiState, seat: int, number: int) -> IllegalMove | None:
        """Why ``seat`` may not take ``number`` now, or None: the number must be one the
        thrower passed over, needed exactly by the claimer, who takes one number per throw and
        gives way to a claimer nearer the thrower clockwise (L266-272)."""
        player = state.players[seat]
        if not state.missed:
            return MESSAGES.illegal("nothing_to_claim", player)
        if number not in state.missed:
            return MESSAGES.illegal(
                "not_missed", player, number=number, numbers=numbers_text(state.missed)
            )
        if seat == state.passer:
            return MESSAGES.illegal("own_throw", player)
        if any(s == seat for _, s in state.claims):
            return MESSAGES.illegal("already_claimed", player)
        need = state.fields[seat] + 1
        if need != number:
            return MESSAGES.illegal("not_needed", player, need=need, number=number)
        holder = dict(state.claims).get(number)
        count = len(state.players)
        if holder is not None and (holder - state.passer) % count < (seat - state.passer) % count:
            return MESSAGES.illegal(
                "nearer_claimant", player, holder=state.players[holder], number=number
            )
        return None

    def _claim(
        self, state: MartinettiState, action: Action
    ) -> tuple[MartinettiState, list[Verdict]]:
        number, player = action.args["number"], action.by
        seat = state.players.index(player)
        refusal = self._claim_refusal(state, seat, number)
        if refusal is not None:
            raise refusal
        fields, claims = list(state.fields), dict(state.claims)
        verdicts = [MESSAGES.verdict(Kind.POINTS, "claimed", player, 1, number=number)]
        holder = claims.get(number)
        if holder is not None:
            fields[holder] = number - 1
            loser = state.players[holder]
            verdicts.append(
                MESSAGES.verdict(Kind.INFO, "claim_lost", player, loser=loser, field=number - 1)
            )
        fields[seat] = number
        claims[number] = seat
        state = replace(state, fields=tuple(fields), claims=tuple(sorted(claims.items())))
        return self._finish_if_home(state, seat, verdicts)

    def _throwing(self, state: MartinettiState, player: str | None) -> bool:
        return not state.dice

    def _wasted_throw(
        self, state: MartinettiState, player: str | None
    ) -> tuple[MartinettiState, list[Verdict]]:
        state = replace(state, missed=(), claims=())
        return self._pass_on(state, player, "no_move", need=state.fields[state.thrower] + 1)

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: MartinettiState) -> str | None:
        return None if state.over else state.players[state.thrower]

    def scores(self, state: MartinettiState) -> dict[str, int]:
        return dict(zip(state.players, state.fields, strict=True))

    def details(self, state: MartinettiState) -> dict[str, Any]:
        seat = state.thrower
        need = state.fields[seat] + 1
        return {
            "fields": self.last,
            "needs": {p: f + 1 for p, f in zip(state.players, state.fields, strict=True)},
            "dice": list(state.dice),
            "reach": reach(state.dice, need, self.last) if state.dice else None,
            "missed": list(state.missed),
            "claims": {str(number): state.players[s] for number, s in state.claims},
        }

    def open_actions(self, state: MartinettiState) -> list[Action]:
        if state.over:
            return []
        player = state.players[state.thrower]
        field = state.fields[state.thrower]
        if state.dice:
            furthest = reach(state.dice, field + 1, self.last)
            moves = [Action("move", player, {"to": to}) for to in range(field + 1, furthest + 1)]
            actions = [*moves, Action("pass", player)]
        else:
            actions = [Action("roll", player)]
        actions += [
            Action("claim", state.players[seat], {"number": number})
            for number in state.missed
            for seat in range(len(state.players))
            if self._claim_refusal(state, seat, number) is None
        ]
        return actions

    def sheet_rows(self, state: MartinettiState) -> list[dict[str, Any]]:
        needs = {
            p: f + 1 if f < self.last else None
            for p, f in zip(state.players, state.fields, strict=True)
        }
        return [sheet_row("needs", "Next number", "Следующее число", needs)]


ENGINE = MartinettiEngine
