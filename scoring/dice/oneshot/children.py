"""The teacher's dice games of rules/dice.md §6 that are more than one throw's sum.

- Die turning (Sec D game 6, seed 001 L154-157): player A names a number 1..6, B throws one
  die and its top face is added; then A and B take turns tipping the die a quarter turn, so the
  new top is a face next to the old one: not the same face and not the opposite one (opposite
  faces sum to 7, §1.1), and add it.  Whoever makes exactly 25 wins, and so does whoever leaves
  the other no turn that stays within 25 (L155).  A turn past 25 loses [INF].
- What's the sum? (Sec D game 5, L134-153): children numbered 1..14 stand on the start row of
  a 14 x 11 grid; two dice are thrown and the child whose number is their sum moves one row on;
  the first to finish wins (L135).  Starting on the first of 11 rows, the finish is 10 moves
  away [AMB: 11 if the start line lies before the grid].  Sub-variants: each child picks five
  tablets from 2..12 and places one whenever its number comes, the first to place all five
  wins (L142); or each child picks a number and whoever is nearest the sum gets a chip, ties
  all getting one (L144), until the children stop.  The children throw in turn [ASM].

Each game is a class of its own, which its preset file names
(``engine: scoring.dice.oneshot.children:DieTurning``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, DiceField, IntField, Verb
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, left_of, not_now, roll_verb, rolled
from scoring.dice.oneshot.tally import STOP
from scoring.dice.throws import FACES
from scoring.engine import best_of, check_players, result_verdicts, sheet_row, winner_field
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

SUMS = tuple(range(2, 13))
MODES = ("race", "tablets", "closest")
TABLETS = 5

MESSAGES = FAMILY | Messages(
    {
        "named": Message("{player} names {number}", "{player} называет {number}"),
        "total": Message(
            "{player} makes the top {face}: the sum is {total}",
            "{player}: сверху {face}, сумма {total}",
        ),
        "reached": Message(
            "{player} reaches {target} and wins", "{player} набирает {target} и выигрывает"
        ),
        "forced": Message(
            "{other} cannot stay within {target}: {player} wins",
            "{other} не может не превысить {target}: побеждает {player}",
        ),
        "over_target": Message(
            "{player} goes past {target} and loses", "{player} превысил {target} и проиграл"
        ),
        "same_face": Message(
            "{face} is already on top: a quarter turn shows a new face",
            "{face} уже сверху: поворот на четверть открывает другую грань",
        ),
        "opposite_face": Message(
            "{face} is opposite {top}: a quarter turn cannot reach it",
            "{face} напротив {top}: поворотом на четверть её не открыть",
        ),
        "advances": Message(
            "{total}: {player} moves on to row {row}", "{total}: {player} продвигается на {row}"
        ),
        "nobody": Message("{total}: nobody has that number", "{total}: такого номера нет"),
        "placed": Message("{player} places the {total} tablet", "{player} кладёт дощечку {total}"),
        "chip": Message(
            "{player} is nearest to {total}: a chip", "{player} ближе всех к {total}: фишка"
        ),
        "finished": Message("{player} finishes first", "{player} приходит первым"),
        "chosen": Message("{player} picks {numbers}", "{player} выбирает {numbers}"),
        "choose_count": Message(
            "{player} picks {count} different numbers from 2 to 12",
            "{player} выбирает {count} разных чисел от 2 до 12",
        ),
        "choose_first": Message(
            "Everyone picks before the first throw", "Все выбирают числа до первого броска"
        ),
    }
)


# --------------------------------------------------------------------------------------------
# Die turning.


def adjacent(top: int) -> tuple[int, ...]:
    """The four faces a quarter turn can bring up: not the top, not its opposite (sum 7)."""
    return tuple(face for face in FACES if face not in (top, 7 - top))


@dataclass(frozen=True)
class TurningState:
    """``moves``: (seat, face) for the named number, the throw and every quarter turn."""

    players: tuple[str, ...]
    moves: tuple[tuple[int, int], ...] = ()
    winner_seat: int | None = None
    over: bool = False

    @property
    def total(self) -> int:
        return sum(face for _, face in self.moves)


class DieTurning(DiceGame[TurningState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("target",))
        self.target = read.whole("target", 25, 7)
        verbs = [
            Verb("name", {"number": IntField(1, 6)}, ("number",), summary="A names 1..6"),
            roll_verb(1),
            Verb("turn", {"face": IntField(1, 6)}, ("face",), summary="the new top face"),
        ]
        super().__init__(game, preset, verbs, read)

    def initial(self, players: Sequence[str]) -> TurningState:
        check_players(players, 2, 2)
        return TurningState(tuple(players))

    def _expects(self, state: TurningState) -> str:
        return ("name", "roll")[len(state.moves)] if len(state.moves) < 2 else "turn"

    def _play(self, state: TurningState, action: Action) -> tuple[TurningState, list[Verdict]]:
        expected = self._expects(state)
        if action.verb != expected:
            raise not_now(action.by, action.verb, expected, expected)
        seat = state.players.index(action.by)
        if expected == "name":
            number = action.args["number"]
            state = replace(state, moves=((seat, number),))
            named = MESSAGES.verdict(Kind.INFO, "named", action.by, number=number)
            return state, [named, COMMON.verdict(Kind.TURN, "turn", state.players[1])]
        if expected == "roll":
            face = action.args["dice"][0]
            return self._add(state, seat, face, [rolled(action.by, (face,))])
        face, top = action.args["face"], state.moves[-1][1]
        if face == top:
            raise MESSAGES.illegal("same_face", action.by, face=face)
        if face == 7 - top:
            raise MESSAGES.illegal("opposite_face", action.by, face=face, top=top)
        return self._add(state, seat, face, [])

    def _add(
        self, state: TurningState, seat: int, face: int, verdicts: list[Verdict]
    ) -> tuple[TurningState, list[Verdict]]:
        state = replace(state, moves=(*state.moves, (seat, face)))
        player, other = state.players[seat], state.players[1 - seat]
        total = state.total
        verdicts.append(
            MESSAGES.verdict(Kind.POINTS, "total", player, face, face=face, total=total)
        )
        if total > self.target:
            return self._won(state, 1 - seat, [*verdicts, self._says("over_target", player)])
        if total == self.target:
            return self._won(state, seat, [*verdicts, self._says("reached", player)])
        if total + min(adjacent(face)) > self.target:
            return self._won(state, seat, [*verdicts, self._says("forced", player, other=other)])
        return state, [*verdicts, COMMON.verdict(Kind.TURN, "turn", other)]

    def _says(self, code: str, player: str, **data: Any) -> Verdict:
        return MESSAGES.verdict(Kind.GAME_OVER, code, player, target=self.target, **data)

    def _won(
        self, state: TurningState, seat: int, verdicts: list[Verdict]
    ) -> tuple[TurningState, list[Verdict]]:
        state = replace(state, winner_seat=seat, over=True)
        player = state.players[seat]
        return state, [
            *verdicts,
            COMMON.verdict(Kind.GAME_OVER, "game_over"),
            COMMON.verdict(Kind.GAME_OVER, "winner", player, state.total),
        ]

    def _throwing(self, state: TurningState, player: str | None) -> bool:
        return self._expects(state) == "roll"

    def turn(self, state: TurningState) -> str | None:
        if state.over:
            return None
        return state.players[len(state.moves) % 2]

    def scores(self, state: TurningState) -> dict[str, int]:
        """What each player has added to the count (A: the named number and his turns)."""
        totals = dict.fromkeys(state.players, 0)
        for seat, face in state.moves:
            totals[state.players[seat]] += face
        return totals

    def winner(self, state: TurningState) -> str | list[str] | None:
        return None if state.winner_seat is None else state.players[state.winner_seat]

    def details(self, state: TurningState) -> dict[str, Any]:
        top = state.moves[-1][1] if len(state.moves) > 1 else None
        return {
            "target": self.target,
            "named": state.moves[0][1] if state.moves else None,
            "top": top,
            "total": state.total,
            "next": None if state.over else self._expects(state),
            "faces": list(adjacent(top)) if top else [],
        }

    def open_actions(self, state: TurningState) -> list[Action]:
        if state.over:
            return []
        player, expected = self.turn(state), self._expects(state)
        if expected == "name":
            return [Action("name", player, {"number": n}) for n in FACES]
        if expected == "roll":
            return [Action("roll", player)]
        return [Action("turn", player, {"face": f}) for f in adjacent(state.moves[-1][1])]

    def sheet_rows(self, state: TurningState) -> list[dict[str, Any]]:
        """The count as the players call it: the named number, the throw, then each turn."""
        titles = [("named", "Named", "Названо"), ("throw", "Throw", "Бросок")]
        titles += [(f"turn_{n}", f"Turn {n}", f"Поворот {n}") for n in range(1, len(state.moves))]
        rows = []
        for (seat, face), (key, en, ru) in zip(state.moves, titles, strict=False):
            cells = {p: face if i == seat else None for i, p in enumerate(state.players)}
            rows.append(sheet_row(key, en, ru, cells))
        return rows


# --------------------------------------------------------------------------------------------
# What's the sum?


@dataclass(frozen=True)
class SumState:
    """``chosen``: each child's numbers (tablets or the one nearest-number pick), in seat order.
    ``gained``: rows moved, tablets placed or chips won.  ``placed``: tablets on the grid."""

    players: tuple[str, ...]
    thrower: int = 0
    chosen: tuple[tuple[int, ...], ...] = ()
    gained: tuple[int, ...] = ()
    placed: tuple[tuple[int, ...], ...] = ()
    throws: int = 0
    winners: tuple[int, ...] = ()
    over: bool = False


class WhatsTheSum(DiceGame[SumState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("mode", "first_number", "last_number", "finish"))
        self.mode = read.choice("mode", "race", MODES)
        self.first = read.whole("first_number", 1, 1, 14)
        self.last = read.whole("last_number", 14, self.first, 14)
        self.finish = read.whole("finish", 10)
        self.picks = {"race": 0, "tablets": TABLETS, "closest": 1}[self.mode]
        verbs = [roll_verb(2)]
        if self.picks:
            numbers = DiceField(SUMS, 1, TABLETS)
            verbs.append(Verb("choose", {"numbers": numbers}, ("numbers",), summary="pick numbers"))
        if self.mode == "closest":
            verbs.append(STOP)
        super().__init__(game, preset, verbs, read)

    def initial(self, players: Sequence[str]) -> SumState:
        most = self.last - self.first + 1 if self.mode == "race" else None
        check_players(players, 2, most)
        zeros = tuple(0 for _ in players)
        return SumState(tuple(players), gained=zeros, placed=tuple(() for _ in players))

    def _choosing(self, state: SumState) -> bool:
        return len(state.chosen) < len(state.players) and bool(self.picks)

    def number(self, seat: int) -> int:
        return self.first + seat

    def _play(self, state: SumState, action: Action) -> tuple[SumState, list[Verdict]]:
        if action.verb == "choose":
            if not self._choosing(state):
                raise not_now(action.by, "choose", "a throw", "бросок")
            numbers = tuple(sorted(action.args["numbers"]))
            if len(numbers) != self.picks or len(set(numbers)) != self.picks:
                raise MESSAGES.illegal("choose_count", action.by, count=self.picks)
            state = replace(state, chosen=(*state.chosen, numbers))
            text = " ".join(map(str, numbers))
            chosen = MESSAGES.verdict(Kind.INFO, "chosen", action.by, numbers=text)
            return state, [chosen, COMMON.verdict(Kind.TURN, "turn", self.turn(state))]
        if self._choosing(state):
            raise MESSAGES.illegal("choose_first", action.by)
        if action.verb == STOP.name:
            state = replace(state, over=True)
            return state, result_verdicts(self.scores(state))
        total = sum(action.args["dice"])
        state, verdicts = self._score(state, total)
        verdicts.insert(0, rolled(action.by, action.args["dice"]))
        return self._next(replace(state, throws=state.throws + 1), verdicts)

    def _score(self, state: SumState, total: int) -> tuple[SumState, list[Verdict]]:
        gained, placed = list(state.gained), list(state.placed)
        verdicts = []
        if self.mode == "race":
            seats = [s for s in range(len(state.players)) if self.number(s) == total]
        elif self.mode == "tablets":
            seats = [
                s
                for s, picked in enumerate(state.chosen)
                if total in picked and total not in placed[s]
            ]
        else:
            distance = [abs(picked[0] - total) for picked in state.chosen]
            seats = [s for s, d in enumerate(distance) if d == min(distance)]
        code = {"race": "advances", "tablets": "placed", "closest": "chip"}[self.mode]
        for seat in seats:
            gained[seat] += 1
            if self.mode == "tablets":
                placed[seat] = (*placed[seat], total)
            player = state.players[seat]
            verdicts.append(
                MESSAGES.verdict(Kind.POINTS, code, player, 1, total=total, row=gained[seat] + 1)
            )
        if not seats:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "nobody", total=total))
        goal = self.finish if self.mode == "race" else TABLETS
        done = () if self.mode == "closest" else tuple(s for s in seats if gained[s] == goal)
        state = replace(state, gained=tuple(gained), placed=tuple(placed), winners=done)
        return state, verdicts

    def _next(self, state: SumState, verdicts: list[Verdict]) -> tuple[SumState, list[Verdict]]:
        if state.winners:
            state = replace(state, over=True)
            names = [state.players[s] for s in state.winners]
            finished = [MESSAGES.verdict(Kind.GAME_OVER, "finished", n) for n in names]
            return state, [*verdicts, *finished, COMMON.verdict(Kind.GAME_OVER, "game_over")]
        state = replace(state, thrower=left_of(state.thrower, len(state.players)))
        return state, [*verdicts, COMMON.verdict(Kind.TURN, "turn", self.turn(state))]

    def _throwing(self, state: SumState, player: str | None) -> bool:
        return not self._choosing(state)

    def _wasted_throw(self, state: SumState, player: str | None) -> tuple[SumState, list[Verdict]]:
        """A wasted throw moves nobody; the dice pass on."""
        return self._next(replace(state, throws=state.throws + 1), [])

    def turn(self, state: SumState) -> str | None:
        if state.over:
            return None
        if self._choosing(state):
            return state.players[len(state.chosen)]
        return state.players[state.thrower]

    def scores(self, state: SumState) -> dict[str, int]:
        return dict(zip(state.players, state.gained, strict=True))

    def winner(self, state: SumState) -> str | list[str] | None:
        if not state.over:
            return None
        if self.mode == "closest":
            return best_of(self.scores(state))
        return winner_field([state.players[s] for s in state.winners])

    def details(self, state: SumState) -> dict[str, Any]:
        out: dict[str, Any] = {"mode": self.mode, "throws": state.throws}
        if self.mode == "race":
            out["numbers"] = {p: self.number(s) for s, p in enumerate(state.players)}
            out["finish"] = self.finish
        else:
            out["chosen"] = {p: list(c) for p, c in zip(state.players, state.chosen, strict=False)}
            out["placed"] = {p: list(c) for p, c in zip(state.players, state.placed, strict=True)}
        return out

    def open_actions(self, state: SumState) -> list[Action]:
        if state.over:
            return []
        player = self.turn(state)
        if self._choosing(state):
            return [Action("choose", player)]
        return [
            Action("roll", player),
            *([Action("stop", player)] if self.mode == "closest" else []),
        ]

    def sheet_rows(self, state: SumState) -> list[dict[str, Any]]:
        if self.mode == "race":
            numbers = {p: self.number(s) for s, p in enumerate(state.players)}
            return [sheet_row("number", "Number", "Номер", numbers)]
        chosen: dict[str, str | None] = dict.fromkeys(state.players)
        for player, picked in zip(state.players, state.chosen, strict=False):
            chosen[player] = " ".join(map(str, picked))
        return [sheet_row("chosen", "Numbers picked", "Выбранные числа", chosen)]

    @property
    def total_title(self) -> tuple[str, str]:  # type: ignore[override]  # property over a class attribute
        return {
            "race": ("Rows moved", "Пройдено клеток"),
            "tablets": ("Tablets placed", "Выложено дощечек"),
            "closest": ("Chips", "Фишки"),
        }[self.mode]
