"""The Game of Chips (docs/rules/game_of_chips.md, seed 000 L519-554): two dice, ten chips
numbered 1 to 10; throw, use chips whose numbers make the total, and score what is left.

Each player's turn of a round starts with all ten chips.  The player throws both dice and
takes unused chips whose numbers add up to the total, and throws again, until no set of the
chips left makes the total: the sum of the chips left is the round's score.  Three rounds;
the lowest total wins.  Under ``operations: any`` (the "math facts" house rule of L551) the
number to make may also be the dice's difference, product or whole quotient.

Verbs
  ``roll``  ``dice``: the two faces thrown.
  ``take``  ``chips``: the numbers of the unused chips that make the number thrown.
  ``void``  the throw was invalid (§1.4 of dice.md): thrown again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from scoring.actions import Action, ActionError, FieldType, Verb, whole_number
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, not_now, roll_verb, rolled
from scoring.engine import check_players, sheet_row, winner_field, winners
from scoring.verdicts import COMMON, IllegalMove, Kind, Message, Messages, Verdict

#: The chips in the box, numbered 1 to 10 (L529, decision D1).
CHIPS = tuple(range(1, 11))
#: Rounds in a game (L525, L536).
ROUNDS = 3
OPERATIONS = ("sum", "any")

MESSAGES = FAMILY | Messages(
    {
        "make": Message(
            "{player} must make {targets} with the chips left",
            "{player} должен набрать {targets} оставшимися фишками",
        ),
        "took": Message(
            "{player} uses the chips {chips}: {left} left",
            "{player} использует фишки {chips}; осталось: {left}",
        ),
        "stuck": Message(
            "{player}: no chips left make {targets}; the chips left ({left}) score {points}",
            "{player}: оставшиеся фишки ({left}) не дают {targets}; счёт {points}",
        ),
        "shut": Message(
            "{player} has used every chip: 0 this round",
            "{player} использовал все фишки: 0 в этом раунде",
        ),
        "round": Message("Round {round} of 3", "Раунд {round} из 3"),
        "wrong_chips": Message(
            "{player} cannot use the chips {chips}: {reason}",
            "{player} не может использовать фишки {chips}: {reason_ru}",
        ),
    }
)


@dataclass(frozen=True)
class ChipsField(FieldType):
    """Chip numbers, each from 1 to 10 and each at most once."""

    description = "chip numbers from 1 to 10, each once"
    description_ru = "номера фишек от 1 до 10, каждый один раз"

    def check(self, name: str, value: Any) -> tuple[int, ...]:
        if (
            not isinstance(value, list | tuple)
            or not value
            or any(isinstance(c, bool) or c not in CHIPS for c in value)
            or len(set(value)) != len(value)
        ):
            raise ActionError(
                "bad_field",
                f"{name}: expected {self.description}, got {value!r}",
                name,
                ru=f"{name}: нужны {self.description_ru}, а не {value!r}",
            )
        return tuple(sorted(value))

    def from_words(self, name: str, words: Sequence[str]) -> tuple[int, ...]:
        parts = [part for word in words for part in word.replace(",", " ").split()]
        values: list[Any] = []
        for part in parts:
            number = whole_number(name, part)
            values.append(part if number is None else number)
        return self.check(name, values)


TAKE = Verb("take", {"chips": ChipsField()}, ("chips",), summary="the chips used")


def targets(dice: Sequence[int], operations: str) -> tuple[int, ...]:
    """The numbers a throw asks for: the total (L523), or under ``any`` also the difference,
    the product and a whole quotient (L551, decision D7)."""
    low, high = sorted(dice)
    made = {low + high}
    if operations == "any":
        made |= {high - low, low * high}
        if high % low == 0:
            made.add(high // low)
    return tuple(sorted(n for n in made if n > 0))


def ways(left: Sequence[int], wanted: Sequence[int]) -> list[tuple[int, ...]]:
    """Every set of the chips left whose numbers add up to a wanted number."""
    return [
        pick
        for size in range(1, len(left) + 1)
        for pick in combinations(left, size)
        if sum(pick) in wanted
    ]


def spoken(numbers: Sequence[int]) -> str:
    return " ".join(str(n) for n in numbers) or "none"


@dataclass(frozen=True)
class ChipsState:
    """``results`` holds one tuple per round begun, the scores of the seats that have played
    it; ``left`` the chips of the turn being played; ``wanted`` the numbers the last throw
    asks for (empty: the player is to throw)."""

    players: tuple[str, ...]
    results: tuple[tuple[int, ...], ...] = ((),)
    left: tuple[int, ...] = CHIPS
    wanted: tuple[int, ...] = ()
    last: tuple[int, ...] = ()
    over: bool = False

    @property
    def seat(self) -> int:
        return len(self.results[-1])


class GameOfChipsEngine(DiceGame[ChipsState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("operations",))
        self.operations = read.choice("operations", "sum", OPERATIONS)
        super().__init__(game, preset, [roll_verb(2), TAKE], read)

    def initial(self, players: Sequence[str]) -> ChipsState:
        check_players(players)  # any number, one alone plays for a score (decision D5)
        return ChipsState(tuple(players))

    # Rules ---------------------------------------------------------------------------------

    def _play(self, state: ChipsState, action: Action) -> tuple[ChipsState, list[Verdict]]:
        """A throw when no number is asked for, then chips that make it (L523)."""
        if action.verb == "roll":
            if state.wanted:
                raise not_now(action.by, "roll", "the chips used", "фишки")
            return self._roll(state, action)
        if not state.wanted:
            raise not_now(action.by, "take", "a throw", "бросок")
        return self._take(state, action)

    def _throwing(self, state: ChipsState, player: str | None) -> bool:
        """Only a throw can be void, not the chips taken for it."""
        return not state.wanted

    def _roll(self, state: ChipsState, action: Action) -> tuple[ChipsState, list[Verdict]]:
        dice = action.args["dice"]
        wanted = targets(dice, self.operations)
        verdicts = [rolled(action.by, dice)]
        state = replace(state, last=tuple(dice))
        if not ways(state.left, wanted):
            return self._turn_over(state, action.by, wanted, verdicts)
        verdicts.append(MESSAGES.verdict(Kind.INFO, "make", action.by, targets=spoken(wanted)))
        return replace(state, wanted=wanted), verdicts

    def _take(self, state: ChipsState, action: Action) -> tuple[ChipsState, list[Verdict]]:
        chips = action.args["chips"]
        used = [c for c in chips if c not in state.left]
        if used:
            raise self._wrong(action, chips, f"{spoken(used)} already used", "уже использованы")
        if sum(chips) not in state.wanted:
            made = spoken(state.wanted)
            raise self._wrong(action, chips, f"they do not make {made}", f"не дают {made}")
        left = tuple(c for c in state.left if c not in chips)
        took = MESSAGES.verdict(
            Kind.INFO, "took", action.by, chips=spoken(chips), left=spoken(left)
        )
        state = replace(state, left=left, wanted=())
        if not left:
            shut = MESSAGES.verdict(Kind.POINTS, "shut", action.by, 0)
            return self._score(state, [took, shut])
        return state, [took]

    @staticmethod
    def _wrong(action: Action, chips: Sequence[int], reason: str, reason_ru: str) -> IllegalMove:
        return MESSAGES.illegal(
            "wrong_chips", action.by, chips=spoken(chips), reason=reason, reason_ru=reason_ru
        )

    def _turn_over(
        self, state: ChipsState, player: str | None, wanted: Sequence[int], verdicts: list[Verdict]
    ) -> tuple[ChipsState, list[Verdict]]:
        """No set of the chips left makes the throw: they are the round's score (L523)."""
        points = sum(state.left)
        verdicts.append(
            MESSAGES.verdict(
                Kind.POINTS,
                "stuck",
                player,
                points,
                targets=spoken(wanted),
                left=spoken(state.left),
            )
        )
        return self._score(state, verdicts)

    def _score(
        self, state: ChipsState, verdicts: list[Verdict]
    ) -> tuple[ChipsState, list[Verdict]]:
        """The turn's score is written; the next player starts with all ten chips, and after
        the last player of the third round the lowest total wins (L525, L536)."""
        played = (*state.results[-1], sum(state.left))
        results = (*state.results[:-1], played)
        state = replace(state, results=results, left=CHIPS, wanted=())
        if len(played) == len(state.players):
            if len(results) == ROUNDS:
                state = replace(state, over=True)
                return state, [*verdicts, *self._result(state)]
            state = replace(state, results=(*results, ()))
            verdicts.append(MESSAGES.verdict(Kind.HAND_OVER, "round", round=len(results) + 1))
        return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", self.turn(state))]

    def _result(self, state: ChipsState) -> list[Verdict]:
        scores = self.scores(state)
        best = winners(scores, highest=False)
        out = [COMMON.verdict(Kind.GAME_OVER, "game_over")]
        if len(best) == 1:
            return [*out, COMMON.verdict(Kind.GAME_OVER, "winner", best[0], scores[best[0]])]
        together = ", ".join(best)
        points = scores[best[0]]
        return [*out, COMMON.verdict(Kind.GAME_OVER, "shared_win", None, points, winners=together)]

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: ChipsState) -> str | None:
        return None if state.over else state.players[state.seat]

    def scores(self, state: ChipsState) -> dict[str, int]:
        totals = dict.fromkeys(state.players, 0)
        for played in state.results:
            for seat, points in enumerate(played):
                totals[state.players[seat]] += points
        return totals

    def winner(self, state: ChipsState) -> str | list[str] | None:
        """The lowest total wins (L525, L536); equal lowest totals share the win (D6)."""
        return winner_field(winners(self.scores(state), highest=False)) if state.over else None

    def details(self, state: ChipsState) -> dict[str, Any]:
        """No ``dice`` key: both dice are thrown every time, so the camera reads each settled
        scene as a fresh throw (session/interpreters/dice.py)."""
        return {
            "round": len(state.results),
            "rounds": ROUNDS,
            "chips_left": list(state.left),
            "wanted": list(state.wanted),
            "live": 2,
            "last_throw": list(state.last),
            "operations": self.operations,
        }

    def open_actions(self, state: ChipsState) -> list[Action]:
        player = self.turn(state)
        if player is None:
            return []
        if not state.wanted:
            return [Action("roll", player)]
        return [Action("take", player, {"chips": pick}) for pick in ways(state.left, state.wanted)]

    def sheet_rows(self, state: ChipsState) -> list[dict[str, Any]]:
        rows = []
        for number, played in enumerate(state.results, start=1):
            cells: dict[str, int | None] = dict.fromkeys(state.players)
            for seat, points in enumerate(played):
                cells[state.players[seat]] = points
            rows.append(sheet_row(f"round_{number}", f"Round {number}", f"Раунд {number}", cells))
        return rows


ENGINE = GameOfChipsEngine
