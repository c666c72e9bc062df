"""What the round, target and one-shot dice engines share (rules/dice.md §5 and §6).

Bunco, Chicago, Martinetti, Aces, the Game of 13 and the small games of §6 differ in what a
throw means, but they read their options, seat their players, treat a void throw (§1.4), show
their common view keys and print their paper sheet the same way.  That shared plumbing lives
here, so that each engine module only holds its own rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from scoring.actions import Action, DiceField, Verb
from scoring.dice.throws import FACES, VOID, VoidPolicy, faces
from scoring.dice.throws import MESSAGES as ANY_THROW
from scoring.engine import BaseEngine, OptionsError, best_of, check_seat
from scoring.options import check_known, option_choice, option_flag
from scoring.verdicts import COMMON, IllegalMove, Kind, Message, Messages, Verdict

#: The §1.4 policy options every game that throws dice accepts.
VOID_OPTIONS = ("void_rethrow", "void_costs_throw")

#: Texts every engine of the family uses.
MESSAGES = (
    COMMON
    | ANY_THROW
    | Messages(
        {
            "not_now": Message(
                "{player} cannot {verb} now: {expected}",
                "{player} не может сейчас сделать «{verb}»: ожидается {expected_ru}",
            ),
            "wrong_dice_count": Message(
                "{player} must throw {count} dice, not {given}",
                "{player} должен бросить {count} костей, а не {given}",
            ),
        }
    )
)


def left_of(seat: int, count: int) -> int:
    """The next seat clockwise: play passes to the left (§1.6, L48, L208, L554)."""
    return (seat + 1) % count


def right_of(seat: int, count: int) -> int:
    """The previous seat: the right-hand neighbour."""
    return (seat - 1) % count


def roll_verb(count: int, faces: Sequence[int] = FACES, least: int | None = None) -> Verb:
    """``roll`` with the faces seen; ``least`` below ``count`` for games whose dice vary."""
    return Verb(
        "roll",
        {"dice": DiceField(tuple(faces), count if least is None else least, count)},
        ("dice",),
        summary="the faces thrown",
    )


def rolled(player: str | None, dice: Sequence[int]) -> Verdict:
    """The referee reads the throw out: every throw is announced before what it does."""
    return MESSAGES.verdict(Kind.INFO, "rolled", player, dice=faces(dice))


def not_now(player: str | None, verb: str, expected: str, expected_ru: str) -> IllegalMove:
    """The refusal of a verb that exists in the game but is not the decision open now."""
    return MESSAGES.illegal(
        "not_now", player, verb=verb, expected=expected, expected_ru=expected_ru
    )


def check_count(player: str | None, dice: Sequence[int], count: int) -> None:
    """Games whose number of dice changes check each throw's count against the state."""
    if len(dice) != count:
        raise MESSAGES.illegal("wrong_dice_count", player, count=count, given=len(dice))


class Options:
    """A preset's options, checked once against what the engine knows, each error naming the
    option: a typo in a preset must fail at load time, never in the middle of a game night."""

    def __init__(self, options: Mapping[str, Any], known: Iterable[str]) -> None:
        check_known(options, {*known, *VOID_OPTIONS}, "this game")
        self._options = options
        self.void = VoidPolicy.read(options)

    def whole(self, key: str, default: int, minimum: int = 1, maximum: int | None = None) -> int:
        value = self._options.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionsError(f"{key}: expected a whole number, got {value!r}")
        if value < minimum or (maximum is not None and value > maximum):
            span = f"{minimum} or more" if maximum is None else f"{minimum} to {maximum}"
            raise OptionsError(f"{key}: expected {span}, got {value}")
        return value

    def maybe_whole(self, key: str, default: int | None, minimum: int = 1) -> int | None:
        """A count that may be left open (null): the table decides when to stop."""
        if self._options.get(key, default) is None:
            return None
        return self.whole(key, default or minimum, minimum)

    def choice(self, key: str, default: str, choices: Sequence[str]) -> str:
        return option_choice(self._options, key, choices, default)

    def flag(self, key: str, default: bool) -> bool:
        return option_flag(self._options, key, default)

    def numbers(
        self, key: str, default: Sequence[int] | None, allowed: Sequence[int], count: int
    ) -> tuple[int, ...] | None:
        """A list of ``count`` numbers out of ``allowed`` (a Bunco Travel triple), or None."""
        value = self._options.get(key, default)
        if value is None:
            return None
        if (
            not isinstance(value, list | tuple)
            or len(value) != count
            or any(isinstance(v, bool) or v not in allowed for v in value)
        ):
            raise OptionsError(
                f"{key}: expected {count} numbers from {allowed[0]}..{allowed[-1]}, got {value!r}"
            )
        return tuple(sorted(value))


# --------------------------------------------------------------------------------------------
# The score sheet players keep on paper.


def score_sheet(players: Sequence[str], rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"columns": list(players), "rows": list(rows)}


# --------------------------------------------------------------------------------------------
# The engine plumbing.


class GameState(Protocol):
    """What the plumbing reads of a state (read-only: the states are frozen dataclasses)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def over(self) -> bool: ...


S = TypeVar("S", bound=GameState)


class DiceGame(BaseEngine[S]):
    """The shared half of an engine: verbs, seat checks, the void verb and the common view.

    A subclass passes its verbs (``void`` is added here) and implements ``initial``, ``_play``
    (the rules after the seat checks), ``turn``, ``scores``, ``details``, ``open_actions`` and
    ``sheet_rows``; where throws are limited it says what a wasted throw costs.
    """

    def __init__(self, game: str, preset: str, verbs: Iterable[Verb], options: Options) -> None:
        self.game = game
        self.preset = preset
        self.options = options
        self._verbs = {verb.name: verb for verb in (*verbs, VOID)}

    # Rules ---------------------------------------------------------------------------------

    def apply(self, state: S, action: Action) -> tuple[S, list[Verdict]]:
        """Seat checks first (a stranger, after the game, out of turn), then the game's rules."""
        self._check_seat(state, action)
        if action.verb == VOID.name:
            return self._void(state, action)
        return self._play(state, action)

    def _check_seat(self, state: S, action: Action) -> None:
        check_seat(state.players, self.turn(state), action)

    def _play(self, state: S, action: Action) -> tuple[S, list[Verdict]]:
        raise NotImplementedError

    def _void(self, state: S, action: Action) -> tuple[S, list[Verdict]]:
        """A void throw (§1.4): nothing it showed counts.  It is thrown again, unless the preset
        says a void throw uses the throw up, which then counts as a throw that made nothing."""
        if not self._throwing(state, action.by):
            raise not_now(action.by, "void", "a decision, not a throw", "решение, а не бросок")
        verdict = self.options.void.verdict(action.by, action.args["reason"])
        if not self.options.void.costs_throw:
            return state, [verdict]
        state, verdicts = self._wasted_throw(state, action.by)
        return state, [verdict, *verdicts]

    def _throwing(self, state: S, player: str | None) -> bool:
        """Whether the player to act is about to throw (only then can a throw be void)."""
        return True

    def _wasted_throw(self, state: S, player: str | None) -> tuple[S, list[Verdict]]:
        """A throw that counted and made nothing: what a void costs under ``void_costs_throw``.

        Where throws are not counted (craps, a banker's throw, a duel's sums) a void throw
        can only be thrown again, whatever the option says.
        """
        return state, []

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: S) -> str | None:
        raise NotImplementedError

    def scores(self, state: S) -> dict[str, int]:
        raise NotImplementedError

    def winner(self, state: S) -> str | list[str] | None:
        """Who has won once the game is over: the best total by default, shared on a tie."""
        return best_of(self.scores(state)) if state.over else None

    def details(self, state: S) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, state: S) -> dict[str, Any]:
        return {
            "game": self.game,
            "preset": self.preset,
            "players": list(state.players),
            "turn": self.turn(state),
            "scores": self.scores(state),
            "over": state.over,
            "winner": self.winner(state),
            **self.details(state),
        }

    def sheet_rows(self, state: S) -> list[dict[str, Any]]:
        raise NotImplementedError

    def score_sheet(self, state: S) -> dict[str, Any]:
        """The paper sheet: the game's own rows, then the total, which is always the score."""
        total = self.total_row(self.scores(state))
        return score_sheet(state.players, [*self.sheet_rows(state), total])
