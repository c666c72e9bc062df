"""One-shot dice games where each throw pays by its sum or combination (rules/dice.md §6).

Players throw in turn, one throw each, and every throw pays points by the game's rule.  The
game ends after an agreed number of rounds, by its own rule, or when the players stop.

- Four dice (G26, seed 001 L300-303): four dice; any 6 and the first player wins the throw,
  otherwise the second.  The players take turns throwing [ASM].
- Three dice, drop the highest (Sec D game 7, L158-159): three dice, one highest die is taken
  away and the other two are written down; highest total after 10 throws each (agreeable).
- Two dice, white and black (Sec D games 3 and 4, L125-133): the white die's points are won and
  the black die's lost.  Game 4 draws two of two white and two black dice at random, so a throw
  may be two white or two black.  The lost Tables 1-2 held the number of throws: the players
  play until they stop (``rounds: null``) or an agreed number of rounds.
- Three dice, two numbers (Sec D game 1, L116-117): each player names two sums beforehand and
  wins when his three dice make one of them.  Everyone throws once a round; the round in which
  somebody hits ends the game, and all who hit share the win [ASM].

The one-shot engines share the round sheet kept here.  Each game is a class of its own, which
its preset file names (``engine: scoring.dice.oneshot.tally:FourDice``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, DiceField, IntField, Verb
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, roll_verb, rolled
from scoring.dice.throws import FACES
from scoring.engine import check_players, result_verdicts, sheet_row
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

STOP = Verb("stop", summary="the players stop here (between rounds)")

MESSAGES = FAMILY | Messages(
    {
        "scores": Message("{player} scores {points:+d}", "{player}: {points:+d}"),
        "six": Message(
            "A six: {player} wins the throw", "Есть шестёрка: бросок выигрывает {player}"
        ),
        "no_six": Message(
            "No six: {player} wins the throw", "Шестёрок нет: бросок выигрывает {player}"
        ),
        "dropped": Message(
            "{player} takes away a {high} and writes {points}",
            "{player} убирает {high} и записывает {points}",
        ),
        "white_black": Message(
            "{player}: won {won}, lost {lost}", "{player}: выиграл {won}, проиграл {lost}"
        ),
        "named": Message(
            "{player} names {first} and {second}", "{player} называет {first} и {second}"
        ),
        "hit": Message(
            "{player} makes {total}, a number he named", "{player} выбросил {total}, своё число"
        ),
        "no_hit": Message("{player} makes {total}", "{player} выбросил {total}"),
        "same_number": Message(
            "{player} must name two different numbers", "{player} должен назвать два разных числа"
        ),
        "not_named": Message(
            "Everyone names his two numbers before the first throw",
            "Все называют свои числа до первого броска",
        ),
        "named_already": Message(
            "{player} has named his numbers", "{player} уже назвал свои числа"
        ),
        "stop_between_rounds": Message(
            "The players stop only when everyone has thrown as often",
            "Остановиться можно, когда все бросили поровну",
        ),
        "colours": Message(
            "{player} throws {needed}, not {white} white and {black} black",
            "{player} бросает {needed_ru}, а не {white} белых и {black} чёрных",
        ),
    }
)


def round_rows(
    players: Sequence[str], log: Sequence[Sequence[int]], per_round: int
) -> list[dict[str, Any]]:
    """A sheet row per round: what each player won (+) or lost (-) in it.

    ``log`` holds one entry per throw or bet, each the points it gave every player; ``per_round``
    entries make a round.  A running round shows what it has given so far.
    """
    rows = []
    for start in range(0, len(log), per_round):
        number = start // per_round + 1
        chunk = log[start : start + per_round]
        cells = {p: sum(entry[seat] for entry in chunk) for seat, p in enumerate(players)}
        rows.append(sheet_row(f"round_{number}", f"Round {number}", f"Раунд {number}", cells))
    return rows


def sums(players: Sequence[str], log: Sequence[Sequence[int]]) -> dict[str, int]:
    return {p: sum(entry[seat] for entry in log) for seat, p in enumerate(players)}


def only(seat: int, count: int, points: int) -> tuple[int, ...]:
    """A log entry that gives ``points`` to one seat."""
    return tuple(points if i == seat else 0 for i in range(count))


@dataclass(frozen=True)
class TallyState:
    """``log``: one entry per throw, what it gave each player.  ``named``: the numbers named
    beforehand (three dice, two numbers)."""

    players: tuple[str, ...]
    log: tuple[tuple[int, ...], ...] = ()
    named: tuple[tuple[int, int], ...] = ()
    over: bool = False


class TallyGame(DiceGame[TallyState]):
    """Players throw in seat order; each throw pays by :meth:`pays`."""

    dice = 3
    players_min: int = 1
    players_max: int | None = None
    default_rounds: int | None = 1
    #: Whether the game ends by its own rule rather than after ``rounds`` (or a stop).
    own_end = False
    #: Options of the game besides ``rounds``, read by :meth:`configure`.
    extra_options: tuple[str, ...] = ()

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        counted = () if self.own_end else ("rounds",)
        read = Options(options, (*counted, *self.extra_options))
        self.rounds = read.maybe_whole("rounds", self.default_rounds) if counted else None
        self.configure(read)
        open_ended = self.rounds is None and not self.own_end
        verbs = [*self.game_verbs(), *([STOP] if open_ended else [])]
        super().__init__(game, preset, verbs, read)

    def configure(self, read: Options) -> None:
        """Read the game's own options."""

    def game_verbs(self) -> list[Verb]:
        return [roll_verb(self.dice)]

    def initial(self, players: Sequence[str]) -> TallyState:
        check_players(players, self.players_min, self.players_max)
        return TallyState(tuple(players))

    def pays(self, state: TallyState, seat: int, action: Action) -> tuple[tuple[int, ...], Verdict]:
        """What one throw gives every player, and how the referee says it."""
        raise NotImplementedError

    def per_round(self, state: TallyState) -> int:
        """Throws in a round: one each, so that everybody throws as often."""
        return len(state.players)

    def finished(self, state: TallyState) -> bool:
        return self.rounds is not None and len(state.log) == self.rounds * self.per_round(state)

    def _play(self, state: TallyState, action: Action) -> tuple[TallyState, list[Verdict]]:
        if action.verb == STOP.name:
            if not state.log or len(state.log) % self.per_round(state):
                raise MESSAGES.illegal("stop_between_rounds", action.by)
            return self._end(state, [])
        seat = self._seat(state)
        entry, verdict = self.pays(state, seat, action)
        state = replace(state, log=(*state.log, entry))
        verdicts = [rolled(action.by, self._faces(action)), verdict]
        if self.finished(state):
            return self._end(state, verdicts)
        following = state.players[self._seat(state)]
        return state, [*verdicts, COMMON.verdict(Kind.TURN, "turn", following)]

    def _faces(self, action: Action) -> tuple[int, ...]:
        return action.args["dice"]

    def _end(self, state: TallyState, verdicts: list[Verdict]) -> tuple[TallyState, list[Verdict]]:
        state = replace(state, over=True)
        return state, verdicts + result_verdicts(self.scores(state))

    def _seat(self, state: TallyState) -> int:
        return len(state.log) % len(state.players)

    def _wasted_throw(
        self, state: TallyState, player: str | None
    ) -> tuple[TallyState, list[Verdict]]:
        """A wasted throw pays nothing and counts as the player's throw."""
        state = replace(state, log=(*state.log, tuple(0 for _ in state.players)))
        if self.finished(state):
            return self._end(state, [])
        return state, [COMMON.verdict(Kind.TURN, "turn", state.players[self._seat(state)])]

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: TallyState) -> str | None:
        return None if state.over else state.players[self._seat(state)]

    def scores(self, state: TallyState) -> dict[str, int]:
        return sums(state.players, state.log)

    def details(self, state: TallyState) -> dict[str, Any]:
        return {
            "round": len(state.log) // self.per_round(state) + 1,
            "rounds": self.rounds,
            "throws": len(state.log),
        }

    def open_actions(self, state: TallyState) -> list[Action]:
        if state.over:
            return []
        actions = [Action("roll", self.turn(state))]
        if STOP.name in self.verbs and state.log and not len(state.log) % self.per_round(state):
            actions.append(Action("stop", self.turn(state)))
        return actions

    def sheet_rows(self, state: TallyState) -> list[dict[str, Any]]:
        return round_rows(state.players, state.log, self.per_round(state))


class FourDice(TallyGame):
    """G26: any 6 among four dice wins the throw for the first player, else the second."""

    dice = 4
    players_min = players_max = 2

    def per_round(self, state: TallyState) -> int:
        """One throw decides a round, whoever throws it."""
        return 1

    def pays(self, state: TallyState, seat: int, action: Action) -> tuple[tuple[int, ...], Verdict]:
        winner = 0 if 6 in action.args["dice"] else 1
        code = "six" if winner == 0 else "no_six"
        return only(winner, 2, 1), MESSAGES.verdict(Kind.POINTS, code, state.players[winner], 1)


class ThreeDiceDrop(TallyGame):
    """Sec D game 7: take away one highest die, write the other two (L159)."""

    default_rounds = 10

    def pays(self, state: TallyState, seat: int, action: Action) -> tuple[tuple[int, ...], Verdict]:
        dice = action.args["dice"]
        points = sum(dice) - max(dice)
        verdict = MESSAGES.verdict(
            Kind.POINTS, "dropped", state.players[seat], points, high=max(dice)
        )
        return only(seat, len(state.players), points), verdict


class TwoDice(TallyGame):
    """Sec D games 3 and 4: white points won, black points lost (L128, L131)."""

    default_rounds = None
    extra_options = ("drawn",)

    def configure(self, read: Options) -> None:
        self.drawn = read.flag("drawn", False)

    def game_verbs(self) -> list[Verb]:
        colour = DiceField(FACES, 0, 2)
        return [
            Verb(
                "roll",
                {"white": colour, "black": colour},
                summary="the faces of the white and of the black dice thrown",
            )
        ]

    def needs(self, state: TallyState, action: Action) -> tuple[str, ...]:
        """A throw needs the faces of both colours, though each colour alone is optional."""
        if action.verb == "roll" and not {"white", "black"} & set(action.args):
            return ("white", "black")
        return super().needs(state, action)

    def _faces(self, action: Action) -> tuple[int, ...]:
        return (*action.args.get("white", ()), *action.args.get("black", ()))

    def pays(self, state: TallyState, seat: int, action: Action) -> tuple[tuple[int, ...], Verdict]:
        white, black = action.args.get("white", ()), action.args.get("black", ())
        player = state.players[seat]
        right = len(white) + len(black) == 2 if self.drawn else len(white) == len(black) == 1
        if not right:
            needed = (
                ("two dice", "две кости")
                if self.drawn
                else ("one white and one black", "одну белую и одну чёрную")
            )
            raise MESSAGES.illegal(
                "colours",
                player,
                needed=needed[0],
                needed_ru=needed[1],
                white=len(white),
                black=len(black),
            )
        won, lost = sum(white), sum(black)
        verdict = MESSAGES.verdict(
            Kind.POINTS, "white_black", player, won - lost, won=won, lost=lost
        )
        return only(seat, len(state.players), won - lost), verdict


class ThreeDiceGuess(TallyGame):
    """Sec D game 1: name two sums, then throw three dice until somebody's sum comes (L117)."""

    default_rounds = None
    own_end = True

    def game_verbs(self) -> list[Verb]:
        total = IntField(3, 18)
        return [
            Verb(
                "name",
                {"first": total, "second": total},
                ("first", "second"),
                summary="name two sums",
            ),
            roll_verb(3),
        ]

    def _play(self, state: TallyState, action: Action) -> tuple[TallyState, list[Verdict]]:
        naming = len(state.named) < len(state.players)
        if action.verb == "name":
            if not naming:
                raise MESSAGES.illegal("named_already", action.by)
            first, second = action.args["first"], action.args["second"]
            if first == second:
                raise MESSAGES.illegal("same_number", action.by)
            state = replace(state, named=(*state.named, (first, second)))
            verdict = MESSAGES.verdict(Kind.INFO, "named", action.by, first=first, second=second)
            return state, [verdict, COMMON.verdict(Kind.TURN, "turn", self.turn(state))]
        if naming and action.verb == "roll":
            raise MESSAGES.illegal("not_named", action.by)
        return super()._play(state, action)

    def turn(self, state: TallyState) -> str | None:
        if not state.over and len(state.named) < len(state.players):
            return state.players[len(state.named)]
        return super().turn(state)

    def _throwing(self, state: TallyState, player: str | None) -> bool:
        return len(state.named) == len(state.players)

    def pays(self, state: TallyState, seat: int, action: Action) -> tuple[tuple[int, ...], Verdict]:
        total = sum(action.args["dice"])
        hit = total in state.named[seat]
        verdict = MESSAGES.verdict(
            Kind.POINTS if hit else Kind.INFO,
            "hit" if hit else "no_hit",
            state.players[seat],
            total=total,
        )
        return only(seat, len(state.players), int(hit)), verdict

    def finished(self, state: TallyState) -> bool:
        """The first round in which somebody hits ends the game (everyone throws as often)."""
        count = len(state.players)
        return not len(state.log) % count and any(any(entry) for entry in state.log[-count:])

    def details(self, state: TallyState) -> dict[str, Any]:
        named = {p: list(n) for p, n in zip(state.players, state.named, strict=False)}
        return {**super().details(state), "named": named}

    def open_actions(self, state: TallyState) -> list[Action]:
        if not state.over and len(state.named) < len(state.players):
            return [Action("name", self.turn(state))]
        return super().open_actions(state)
