"""Push-your-luck dice games (rules/dice.md §4): the table they all keep, and three of them.

Dice 1000, Farkle, Pig, put-the-dead-aside and buck dice share one shape: a player throws
again and again in one turn, the turn's points (the *pot*) are written to their column when
the turn ends, and the game ends on a target, after a number of rounds, or when one player is
left.  :class:`LuckEngine` keeps that shape once: the columns (turn results, penalties,
entry, skipped turns, extra turns, players out), whose turn it is, the end of the game (at
once, each other player's last turn, or the end of the round), the team totals, the draw for
who starts, the void throw of §1.4, the view and the paper score sheet.  A game adds what a
throw does.  Pig (G15), put-the-dead-aside (G16) and buck dice (G17) are small enough to live
here; the set-aside games are :mod:`scoring.dice.farkle` and :mod:`scoring.dice.thousand`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from scoring.actions import Action, DiceField, Verb
from scoring.dice.throws import MESSAGES as VOID_MESSAGES
from scoring.dice.throws import VOID, VoidPolicy
from scoring.engine import OptionsError, check_players, check_seat
from scoring.verdicts import COMMON, IllegalMove, Kind, Message, Messages, Verdict

FACES = (1, 2, 3, 4, 5, 6)

MESSAGES = (
    COMMON
    | VOID_MESSAGES
    | Messages(
        {
            "rolled": Message("{player} throws {dice}", "{player} бросает {dice}"),
            "pot": Message("{player} has {pot} this turn", "У {player} в этом ходу {pot}"),
            "bust": Message(
                "{player} scores nothing with {dice}: the {pot} of this turn are lost",
                "У {player} ничего не выпало ({dice}): {pot} очков хода сгорают",
            ),
            "banked": Message(
                "{player} writes {points}: total {total}",
                "{player} записывает {points}: всего {total}",
            ),
            "skips_turn": Message("{player} skips this turn", "{player} пропускает ход"),
            "extra_turn": Message("{player} plays again", "{player} ходит ещё раз"),
            "final_turns": Message(
                "{player} has reached {target}: {others} play their last turn",
                "{player} набрал {target}: последний ход у {others}",
            ),
            "streak_penalty": Message(
                "{player}: {turns} turns in a row without points: {points}",
                "{player}: {turns} хода подряд без очков: {points}",
            ),
            "draw_throw": Message(
                "{player} throws {total} for the start", "{player} разыгрывает ход: {total}"
            ),
            "draw_tie": Message(
                "Tie between {tied}: they throw again",
                "Ничья между {tied}: они бросают снова",
            ),
            "starts": Message("{player} starts", "Начинает {player}"),
            "must_roll_first": Message(
                "{player} has not thrown yet this turn", "{player} ещё не бросал в этом ходу"
            ),
            "wrong_dice_count": Message(
                "{player} must throw {expected} dice, not {thrown}",
                "{player} должен бросить {expected} костей, а не {thrown}",
            ),
        }
    )
)


# --------------------------------------------------------------------------------------------
# Options.


class Options:
    """A preset's options, read once, with every unknown key and bad value named."""

    def __init__(self, options: Mapping[str, Any], known: Iterable[str]) -> None:
        known = set(known)
        unknown = sorted(set(options) - known)
        if unknown:
            raise OptionsError(
                f"{unknown[0]}: not an option of this game ({', '.join(sorted(known))})"
            )
        self.raw = options

    def whole(self, key: str, default: int | None, minimum: int = 0) -> int | None:
        """A whole number of at least ``minimum``, or None where None is the default or given."""
        value = self.raw.get(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise OptionsError(f"{key}: expected a whole number of at least {minimum}")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.raw.get(key, default)
        if not isinstance(value, bool):
            raise OptionsError(f"{key}: expected true or false, got {value!r}")
        return value

    def choice(self, key: str, default: str, choices: Sequence[str]) -> str:
        value = self.raw.get(key, default)
        if value not in choices:
            raise OptionsError(f"{key}: {value!r} is not one of {', '.join(map(str, choices))}")
        return value

    def streak(self, key: str) -> Streak | None:
        """``{turns: 3, points: 1000}``: that many zero turns in a row cost the points."""
        value = self.raw.get(key)
        if value is None:
            return None
        if not isinstance(value, Mapping) or set(value) != {"turns", "points"}:
            raise OptionsError(f"{key}: expected null or {{turns: N, points: P}}")
        turns, points = value["turns"], value["points"]
        if not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value.values()
        ):
            raise OptionsError(f"{key}: turns and points must be whole numbers above 0")
        return Streak(turns, points)


@dataclass(frozen=True)
class Streak:
    """Three Farkles in a row = -1000 (G14 L598-599); 1000's "bolts" [EXT]."""

    turns: int
    points: int


@dataclass(frozen=True)
class Finish:
    """How a game ends: a target and what happens once it is reached, or a number of rounds.

    ``mode`` once the target is reached: ``immediate``, ``last_turns`` (each other player has
    one more turn, G14 L578) or ``round`` (the round is finished, G15 L284).  ``overshoot``:
    a turn that passes the target counts (``allowed``), is void (``void``, G13 L454) or goes
    to the lowest-scoring player (``welfare``, G14 L602).
    """

    target: int | None
    mode: str = "immediate"
    overshoot: str = "allowed"
    rounds: int | None = None
    teams: bool = False


COMMON_OPTIONS = ("void_rethrow", "void_costs_throw", "players_min", "players_max")


# --------------------------------------------------------------------------------------------
# State.


@dataclass(frozen=True)
class Column:
    """One player's column: what each turn wrote, penalties and gifts, and where they stand.

    ``turns`` holds each turn's points in order (0 for a lost turn, None for a skipped one);
    ``adjustments`` holds (code, points) for what is not a turn's result.  ``again`` counts
    turns the player plays straight after this one; ``skips`` counts turns they will miss.
    """

    total: int = 0
    turns: tuple[int | None, ...] = ()
    adjustments: tuple[tuple[str, int], ...] = ()
    entered: bool = False
    streak: int = 0
    skips: int = 0
    again: int = 0
    out: bool = False

    def write(self, points: int | None) -> Column:
        return replace(self, total=self.total + (points or 0), turns=(*self.turns, points))

    def adjust(self, code: str, points: int) -> Column:
        return replace(
            self, total=self.total + points, adjustments=(*self.adjustments, (code, points))
        )


C = TypeVar("C", bound=Column)
T = TypeVar("T")


@dataclass(frozen=True)
class Draw:
    """The throws before play (Pig L278-279, buck dice L355-359): each player's totals so far;
    players tied where it matters throw again, and their later throws break the tie (§1.6)."""

    rolls: tuple[tuple[int, ...], ...]
    pending: tuple[int, ...]


@dataclass(frozen=True)
class Table(Generic[C]):
    """Everything about the game but the turn in progress."""

    players: tuple[str, ...]
    columns: tuple[C, ...]
    seat: int = 0
    starter: int = 0
    round: int = 1
    closing: tuple[int, ...] | None = None
    draw: Draw | None = None
    over: bool = False
    winners: tuple[int, ...] = ()

    def column(self, seat: int) -> C:
        return self.columns[seat]

    def put(self, seat: int, column: C) -> Table[C]:
        return replace(
            self, columns=tuple(column if i == seat else c for i, c in enumerate(self.columns))
        )

    @property
    def player(self) -> str:
        return self.players[self.seat]


@dataclass(frozen=True)
class Turn:
    """The turn in progress: throws made, points at stake, the dice showing."""

    throws: int = 0
    pot: int = 0
    dice: tuple[int, ...] = ()


@dataclass(frozen=True)
class Play(Generic[T]):
    """A state of a push-your-luck game: the table and the turn in progress."""

    table: Table[Any]
    turn: T


def faces(dice: Sequence[int]) -> str:
    return " ".join(str(d) for d in dice) or "nothing"


def names(players: Sequence[str]) -> str:
    return ", ".join(players)


# --------------------------------------------------------------------------------------------
# The engine every push-your-luck game builds on.


class LuckEngine:
    """The turn order, columns, end of game, view and sheet of a push-your-luck game.

    A subclass says what its throws do: it reads its options in :meth:`configure`, lists its
    verbs in :meth:`game_verbs`, plays them in :meth:`play` and ends a turn with
    :meth:`end_turn`.  Hooks with defaults: :meth:`new_turn`, :meth:`may_throw`,
    :meth:`after_draw`, :meth:`game_view`, :meth:`game_legal`, :meth:`sheet_rows`.
    """

    OPTIONS: tuple[str, ...] = ()
    MESSAGES: Messages = MESSAGES
    COLUMN: type[Column] = Column
    #: The most dice one throw holds (the roll verb's field) and the dice a draw throw holds.
    DICE = 1
    DRAW_DICE = 1
    #: "high" and/or "low": which ends of the draw must be one player (none: no draw).
    DRAW: tuple[str, ...] = ()
    #: Dice set aside in a turn are out of play, so a void throw cannot bring them back.
    SETS_ASIDE = False
    TURN_WORDS = ("Turn", "Ход")
    #: The sheet's title of each penalty or gift code the game writes into a column.
    ADJUSTMENTS: Mapping[str, tuple[str, str]] = {}
    PLAYERS_MIN = 1

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.preset = preset
        opts = Options(options, (*COMMON_OPTIONS, *self.OPTIONS))
        self.void = VoidPolicy.from_options(options)
        if self.SETS_ASIDE and self.void.rethrow == "all":
            raise OptionsError(
                "void_rethrow: 'all' would bring back dice already set aside and scored; "
                "use 'thrown' or 'invalid'"
            )
        self.players_min = opts.whole("players_min", self.PLAYERS_MIN, 1)
        self.players_max = opts.whole("players_max", None, 1)
        self.draw_ends = self.DRAW
        self.dice = self.DICE
        self.finish = self.configure(opts)
        faces_field = DiceField(FACES, 1, max(self.dice, self.DRAW_DICE))
        self._verbs = {
            "roll": Verb("roll", {"dice": faces_field}, ("dice",), summary="the faces thrown"),
            **self.game_verbs(),
            "void": VOID,
        }

    # ---- what a game supplies -----------------------------------------------------------

    def configure(self, opts: Options) -> Finish:
        """Read the game's options; return how the game ends."""
        raise NotImplementedError

    def game_verbs(self) -> dict[str, Verb]:
        return {}

    def play(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        """Apply a verb of the game (the seat, the draw and void throws are already handled)."""
        raise NotImplementedError

    def new_turn(self, state: Play[Any], table: Table[Any]) -> Any:
        """The turn state for ``table.player``, who is about to start a turn."""
        return Turn()

    def may_throw(self, state: Play[Any], player: str) -> None:
        """Raise IllegalMove if the player to move may not throw now (a void needs a throw)."""

    def after_draw(
        self, state: Play[Any], decided: Mapping[str, int], verdicts: list[Verdict]
    ) -> Play[Any]:
        """The draw is decided: ``decided`` maps "high"/"low" to seats.  Default: low starts."""
        table = self.start(state.table, decided["low"], verdicts)
        return Play(table, self.new_turn(state, table))

    def game_view(self, state: Play[Any]) -> dict[str, Any]:
        return {}

    def game_legal(self, state: Play[Any], player: str) -> list[Action]:
        return []

    def sheet_rows(self, table: Table[Any]) -> list[dict[str, Any]]:
        """Rows a game adds to the paper sheet after the turns and penalties."""
        return []

    # ---- the protocol -------------------------------------------------------------------

    @property
    def verbs(self) -> Mapping[str, Verb]:
        return self._verbs

    def initial(self, players: Sequence[str]) -> Play[Any]:
        minimum = max(self.players_min, 4 if self.finish.teams else 1)
        check_players(players, minimum, self.players_max)
        if self.finish.teams and len(players) % 2:
            raise OptionsError("players: Team Farkle seats partners opposite: an even number")
        table = Table(tuple(players), tuple(self.COLUMN() for _ in players))
        if self.draw_ends:
            table = replace(
                table, draw=Draw(tuple(() for _ in players), tuple(range(len(players))))
            )
        state = Play(table, Turn())
        return Play(table, self.new_turn(state, table))

    def apply(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        table = state.table
        check_seat(table.players, None if table.over else table.player, action)
        if action.verb == "void":
            self.may_throw(state, action.by)
            return self.void_throw(state), [self.void.verdict(action.by, action.args["reason"])]
        if table.draw is not None:
            return self._draw_throw(state, action)
        return self.play(state, action)

    def void_throw(self, state: Play[Any]) -> Play[Any]:
        """A void throw changes nothing, unless the policy says it used up a throw."""
        if not self.void.costs_throw:
            return state
        return replace(state, turn=replace(state.turn, throws=state.turn.throws + 1))

    # ---- turns --------------------------------------------------------------------------

    def check_dice(self, player: str | None, dice: Sequence[int], expected: int) -> None:
        if len(dice) != expected:
            raise self.MESSAGES.illegal(
                "wrong_dice_count", player, expected=expected, thrown=len(dice)
            )

    def rolled(self, player: str | None, dice: Sequence[int]) -> Verdict:
        return self.MESSAGES.verdict(Kind.INFO, "rolled", player, dice=faces(dice))

    def write(self, table: Table[C], points: int, verdicts: list[Verdict]) -> Table[C]:
        """Write the turn's points into the player's column."""
        column = table.column(table.seat).write(points)
        verdicts.append(
            self.MESSAGES.verdict(Kind.POINTS, "banked", table.player, points, total=column.total)
        )
        return table.put(table.seat, column)

    def streak(
        self, table: Table[C], rule: Streak | None, counts: bool, verdicts: list[Verdict]
    ) -> Table[C]:
        """Count a turn towards a penalty streak (or break it); the penalty resets the count."""
        if rule is None:
            return table
        column = table.column(table.seat)
        streak = column.streak + 1 if counts else 0
        if streak >= rule.turns:
            column = column.adjust("streak", -rule.points)
            streak = 0
            verdicts.append(
                self.MESSAGES.verdict(
                    Kind.FOUL, "streak_penalty", table.player, -rule.points, turns=rule.turns
                )
            )
        return table.put(table.seat, replace(column, streak=streak))

    def end_turn(
        self, state: Play[Any], table: Table[Any], verdicts: list[Verdict]
    ) -> tuple[Play[Any], list[Verdict]]:
        """The turn is written: the game may be over; if not, the next player's turn begins."""
        if not table.over:
            table = self._reach(table, verdicts)
        if not table.over:
            table = self._advance(table, verdicts)
        if table.over:
            if not table.winners:
                table = replace(table, winners=self.winners(table))
            verdicts += self.result(table)
        return Play(table, self.new_turn(state, table)), verdicts

    def win_now(self, state: Play[Any], verdicts: list[Verdict]) -> tuple[Play[Any], list[Verdict]]:
        """The player to move wins outright (1000's five equal, Farkle's six 1s)."""
        table = replace(state.table, over=True, winners=(state.table.seat,))
        return Play(table, state.turn), verdicts + self.result(table)

    def standings(self, table: Table[Any]) -> list[int]:
        """What each seat is measured by: its total, or its team's (partners sit opposite)."""
        totals = [column.total for column in table.columns]
        if not self.finish.teams:
            return totals
        half = len(totals) // 2
        return [totals[seat % half] + totals[seat % half + half] for seat in range(len(totals))]

    def winners(self, table: Table[Any]) -> tuple[int, ...]:
        standing = self.standings(table)
        best = max(standing)
        return tuple(seat for seat, points in enumerate(standing) if points == best)

    def result(self, table: Table[Any]) -> list[Verdict]:
        top = [table.players[seat] for seat in table.winners]
        points = self.standings(table)[table.winners[0]]
        out = [self.MESSAGES.verdict(Kind.GAME_OVER, "game_over")]
        if len(top) == 1:
            out.append(self.MESSAGES.verdict(Kind.GAME_OVER, "winner", top[0], points))
        else:
            out.append(
                self.MESSAGES.verdict(
                    Kind.GAME_OVER, "shared_win", None, points, winners=names(top)
                )
            )
        return out

    def _reach(self, table: Table[Any], verdicts: list[Verdict]) -> Table[Any]:
        """Someone reached the target: the game ends now or after the last turns (G14 L578)."""
        target = self.finish.target
        if target is None or table.closing is not None:
            return table
        standing = self.standings(table)
        exact = self.finish.overshoot != "allowed"
        if not any(points == target if exact else points >= target for points in standing):
            return table
        if self.finish.mode == "immediate":
            return replace(table, over=True)
        seats = self._following(table, table.seat)
        if self.finish.mode == "round":
            before_starter = []
            for seat in seats:
                if seat == table.starter:
                    break
                before_starter.append(seat)
            seats = before_starter
        if seats:
            verdicts.append(
                self.MESSAGES.verdict(
                    Kind.INFO,
                    "final_turns",
                    table.player,
                    target=target,
                    others=names([table.players[s] for s in seats]),
                )
            )
        return replace(table, closing=tuple(seats))

    def _following(self, table: Table[Any], seat: int) -> list[int]:
        """The other seats still in the game, in playing order after ``seat``."""
        count = len(table.players)
        order = [(seat + step) % count for step in range(1, count)]
        return [s for s in order if not table.column(s).out]

    def _advance(self, table: Table[Any], verdicts: list[Verdict]) -> Table[Any]:
        """Whose turn is next: the same player on an extra turn, else the next one in order,
        passing over players out of the game and players who must skip (a skip is written)."""
        column = table.column(table.seat)
        if column.again and not column.out:
            verdicts.append(self.MESSAGES.verdict(Kind.TURN, "extra_turn", table.player))
            return table.put(table.seat, replace(column, again=column.again - 1))
        while True:
            if table.closing is not None:
                if not table.closing:
                    return replace(table, over=True)
                seat, table = table.closing[0], replace(table, closing=table.closing[1:])
            else:
                step = self._step(table)
                if step is None:
                    return replace(table, over=True)
                seat = (table.seat + step) % len(table.players)
                if self._passes_starter(table, step):
                    table = replace(table, round=table.round + 1)
                    if self.finish.rounds and table.round > self.finish.rounds:
                        return replace(table, over=True)
            table = replace(table, seat=seat)
            skipper = table.column(seat)
            if not skipper.skips:
                verdicts.append(self.MESSAGES.verdict(Kind.TURN, "turn", table.player))
                return table
            verdicts.append(self.MESSAGES.verdict(Kind.TURN, "skips_turn", table.player))
            table = table.put(seat, replace(skipper.write(None), skips=skipper.skips - 1))

    def _step(self, table: Table[Any]) -> int | None:
        """How many seats on the next player still in the game sits (the player, when alone)."""
        count = len(table.players)
        return next(
            (
                step
                for step in range(1, count + 1)
                if not table.column((table.seat + step) % count).out
            ),
            None,
        )

    def _passes_starter(self, table: Table[Any], step: int) -> bool:
        """Moving on ``step`` seats reaches the starter's seat: a new round begins."""
        count = len(table.players)
        return any((table.seat + s) % count == table.starter for s in range(1, step + 1))

    def start(self, table: Table[Any], seat: int, verdicts: list[Verdict]) -> Table[Any]:
        """Play begins with ``seat``, who also starts every round."""
        table = replace(table, draw=None, seat=seat, starter=seat)
        verdicts.append(self.MESSAGES.verdict(Kind.TURN, "starts", table.player))
        return table

    # ---- the draw for the start (§1.6) ------------------------------------------------------

    def _draw_throw(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        if action.verb != "roll":
            raise self.MESSAGES.illegal("must_roll_first", action.by)
        dice = action.args["dice"]
        self.check_dice(action.by, dice, self.DRAW_DICE)
        table, draw = state.table, state.table.draw
        total = sum(dice)
        rolls = tuple((*r, total) if seat == table.seat else r for seat, r in enumerate(draw.rolls))
        draw = Draw(rolls, draw.pending[1:])
        verdicts = [self.MESSAGES.verdict(Kind.INFO, "draw_throw", action.by, total=total)]
        if not draw.pending:
            tied = self._draw_ties(draw)
            if not tied:
                decided = {need: self._draw_end(draw, need) for need in self.draw_ends}
                return self.after_draw(
                    replace(state, table=replace(table, draw=draw)), decided, verdicts
                ), verdicts
            verdicts.append(
                self.MESSAGES.verdict(
                    Kind.INFO, "draw_tie", tied=names([table.players[s] for s in tied])
                )
            )
            draw = replace(draw, pending=tied)
        table = replace(table, draw=draw, seat=draw.pending[0])
        return replace(state, table=table), verdicts

    def _draw_end(self, draw: Draw, need: str) -> int:
        pick = max if need == "high" else min
        return pick(range(len(draw.rolls)), key=lambda seat: draw.rolls[seat])

    def _draw_ties(self, draw: Draw) -> tuple[int, ...]:
        """The seats that must throw again: a tie at an end of the draw that matters."""
        tied: set[int] = set()
        for need in self.draw_ends:
            end = draw.rolls[self._draw_end(draw, need)]
            group = {seat for seat, rolls in enumerate(draw.rolls) if rolls == end}
            if len(group) > 1:
                tied |= group
        return tuple(sorted(tied))

    # ---- views --------------------------------------------------------------------------

    def view(self, state: Play[Any]) -> dict[str, Any]:
        table, turn = state.table, state.turn
        players = table.players
        winner: str | list[str] | None = None
        if table.over:
            top = [players[seat] for seat in table.winners]
            winner = top[0] if len(top) == 1 else top
        out: dict[str, Any] = {
            "game": self.game,
            "preset": self.preset,
            "players": list(players),
            "turn": None if table.over else table.player,
            "phase": "over" if table.over else "draw" if table.draw else "play",
            "scores": {p: c.total for p, c in zip(players, table.columns, strict=True)},
            "over": table.over,
            "winner": winner,
            "target": self.finish.target,
            "round": table.round,
            "throw": turn.throws,
            "dice": list(turn.dice),
            "pot": turn.pot,
            "entered": {p: c.entered for p, c in zip(players, table.columns, strict=True)},
            "streaks": {p: c.streak for p, c in zip(players, table.columns, strict=True)},
            "skips": {p: c.skips for p, c in zip(players, table.columns, strict=True)},
            "last_turns": None
            if table.closing is None
            else [players[seat] for seat in table.closing],
        }
        if table.draw is not None:
            out["draw"] = {p: list(r) for p, r in zip(players, table.draw.rolls, strict=True)}
        if self.finish.teams:
            standing = self.standings(table)
            half = len(players) // 2
            out["teams"] = {
                f"{players[seat]} & {players[seat + half]}": standing[seat] for seat in range(half)
            }
        return out | self.game_view(state)

    def legal(self, state: Play[Any]) -> list[Action]:
        """The decisions open now; a throw's faces are chance, so throws are listed bare."""
        table = state.table
        if table.over:
            return []
        player = table.player
        actions: list[Action] = []
        try:
            self.may_throw(state, player)
        except IllegalMove:
            pass
        else:
            actions.append(Action("roll", player))
        if table.draw is None:
            actions += self.game_legal(state, player)
        return actions

    def score_sheet(self, state: Play[Any]) -> dict[str, Any]:
        """The paper sheet: each turn's points (0 lost, "—" skipped), penalties, the total."""
        table = state.table
        players = table.players
        columns = dict(zip(players, table.columns, strict=True))
        rows: list[dict[str, Any]] = []
        en, ru = self.TURN_WORDS
        for index in range(max((len(c.turns) for c in table.columns), default=0)):
            cells: dict[str, int | str | None] = {}
            for player, column in columns.items():
                if index >= len(column.turns):
                    cells[player] = None
                else:
                    cells[player] = "—" if column.turns[index] is None else column.turns[index]
            rows.append(
                _row(f"turn_{index + 1}", f"{en} {index + 1}", f"{ru} {index + 1}", "row", cells)
            )
        for code, (title_en, title_ru) in self.ADJUSTMENTS.items():
            sums = {
                player: sum(p for c, p in column.adjustments if c == code)
                for player, column in columns.items()
                if any(c == code for c, _ in column.adjustments)
            }
            if sums:
                cells = {player: sums.get(player) for player in players}
                rows.append(_row(code, title_en, title_ru, "bonus", cells))
        rows += self.sheet_rows(table)
        totals = {player: column.total for player, column in columns.items()}
        if self.finish.teams:
            standing = dict(zip(players, self.standings(table), strict=True))
            rows.append(_row("team_total", "Team total", "Сумма команды", "subtotal", standing))
        rows.append(_row("total", "Total", "Итого", "total", totals))
        return {"columns": list(players), "rows": rows}


def _row(key: str, en: str, ru: str, kind: str, cells: Mapping[str, Any]) -> dict[str, Any]:
    return {"key": key, "en": en, "ru": ru, "kind": kind, "cells": dict(cells)}


def stop_verb(summary: str) -> Verb:
    return Verb("stop", {}, summary=summary)


# --------------------------------------------------------------------------------------------
# Pig (G15, L273-284).


class PigEngine(LuckEngine):
    """One die, thrown as often as the player likes; a 1 wipes the series (L280-282).

    The lowest draw throw starts (L278-279; ``draw: none`` keeps the seating order).  Once
    someone has 100 the round is finished, so that everyone has had as many series (L284);
    the highest total wins, and equal totals share the win [ASM].
    """

    OPTIONS = ("target", "bust_face", "draw")
    DRAW = ("low",)
    TURN_WORDS = ("Series", "Серия")

    def configure(self, opts: Options) -> Finish:
        self.bust_face = opts.choice("bust_face", 1, FACES)
        if opts.choice("draw", "lowest", ("lowest", "none")) == "none":
            self.draw_ends = ()
        return Finish(opts.whole("target", 100, 1), "round")

    def game_verbs(self) -> dict[str, Verb]:
        return {"stop": stop_verb("bank this series and pass the die")}

    def play(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        table, turn, player = state.table, state.turn, action.by
        if action.verb == "stop":
            verdicts: list[Verdict] = []
            return self.end_turn(state, self.write(table, turn.pot, verdicts), verdicts)
        dice = action.args["dice"]
        self.check_dice(player, dice, 1)
        verdicts = [self.rolled(player, dice)]
        if dice[0] == self.bust_face:
            verdicts.append(
                self.MESSAGES.verdict(Kind.FOUL, "bust", player, dice=faces(dice), pot=turn.pot)
            )
            return self.end_turn(state, self.write(table, 0, verdicts), verdicts)
        turn = Turn(turn.throws + 1, turn.pot + dice[0], dice)
        verdicts.append(self.MESSAGES.verdict(Kind.INFO, "pot", player, pot=turn.pot))
        return replace(state, turn=turn), verdicts

    def game_legal(self, state: Play[Any], player: str) -> list[Action]:
        return [Action("stop", player)]


# --------------------------------------------------------------------------------------------
# Put the dead one aside (G16, L304-309).


DEAD_MESSAGES = MESSAGES | Messages(
    {
        "dead": Message(
            "{dead} dead: {player} sets them aside, {live} dice left",
            "Мёртвые {dead}: {player} откладывает их, осталось {live}",
        ),
        "adds": Message(
            "No 2 and no 5: {player} adds {points} (turn {pot})",
            "Ни двойки, ни пятёрки: {player} прибавляет {points} (за ход {pot})",
        ),
    }
)


@dataclass(frozen=True)
class DeadTurn(Turn):
    """``live``: the dice not yet dead, all thrown at once."""

    live: int = 5


class DeadAsideEngine(LuckEngine):
    """Five dice; a throw with no dead face adds its sum, any 2 or 5 dies and is set aside;
    the player throws on until every die is dead (L307-308).  Highest total wins (L309)
    after ``rounds`` turns each ([ASM] one, or as agreed)."""

    OPTIONS = ("dead_faces", "rounds")
    MESSAGES = DEAD_MESSAGES
    DICE = 5
    SETS_ASIDE = True

    def configure(self, opts: Options) -> Finish:
        dead = opts.raw.get("dead_faces", [2, 5])
        if not isinstance(dead, list) or not dead or not set(dead) <= set(FACES):
            raise OptionsError(f"dead_faces: expected a list of faces, got {dead!r}")
        self.dead_faces = frozenset(dead)
        return Finish(None, rounds=opts.whole("rounds", 1, 1))

    def new_turn(self, state: Play[Any], table: Table[Any]) -> DeadTurn:
        return DeadTurn(live=self.dice)

    def play(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        turn, player = state.turn, action.by
        dice = action.args["dice"]
        self.check_dice(player, dice, turn.live)
        verdicts = [self.rolled(player, dice)]
        dead = [d for d in dice if d in self.dead_faces]
        if dead:
            turn = replace(turn, throws=turn.throws + 1, dice=dice, live=turn.live - len(dead))
            verdicts.append(
                self.MESSAGES.verdict(Kind.INFO, "dead", player, dead=faces(dead), live=turn.live)
            )
        else:
            turn = replace(turn, throws=turn.throws + 1, dice=dice, pot=turn.pot + sum(dice))
            verdicts.append(
                self.MESSAGES.verdict(Kind.POINTS, "adds", player, sum(dice), pot=turn.pot)
            )
        if turn.live:
            return replace(state, turn=turn), verdicts
        return self.end_turn(state, self.write(state.table, turn.pot, verdicts), verdicts)

    def game_view(self, state: Play[Any]) -> dict[str, Any]:
        return {"live": state.turn.live, "rounds": self.finish.rounds}


# --------------------------------------------------------------------------------------------
# Buck dice (G17, L353-381).


BUCK_MESSAGES = MESSAGES | Messages(
    {
        "point_thrower": Message(
            "{player} threw lowest and throws one die for the point number",
            "У {player} меньше всех: он бросает одну кость, это будет игровое очко",
        ),
        "point_number": Message("The point number is {point}", "Игровое очко: {point}"),
        "hits": Message(
            "{player}: {hits} x {point}: +{points} (total {total})",
            "{player}: {hits} x {point}: +{points} (всего {total})",
        ),
        "small_buck": Message(
            "Small buck {dice}: {player} +{points}", "Малый бак {dice}: {player} +{points}"
        ),
        "big_buck": Message(
            "Three {point}s: {player} goes straight to {target} and is paid double",
            "Три {point}: у {player} сразу {target}, выигрыш двойной",
        ),
        "miss": Message(
            "No {point} in {dice}: {player}'s turn ends",
            "В {dice} нет {point}: ход {player} окончен",
        ),
        "over_target": Message(
            "{player} would pass {target}: this throw counts nothing and the turn ends",
            "{player} перебирает {target}: бросок не засчитан, ход окончен",
        ),
        "buck_out": Message(
            "{player} has a buck ({target}) and is out", "У {player} бак ({target}): он выходит"
        ),
        "buck_loser": Message(
            "{player} is left last and pays {stakes}",
            "{player} остаётся последним и платит {stakes}",
        ),
    }
)


@dataclass(frozen=True)
class BuckColumn(Column):
    """``double``: out through three point numbers at once (L379-381); ``place``: order out."""

    double: bool = False
    place: int = 0


@dataclass(frozen=True)
class BuckTurn(Turn):
    """The point number travels with every turn once it is thrown (None before)."""

    point: int | None = None


class BuckEngine(LuckEngine):
    """Three dice at a point number P: +1 per die showing P, three equal non-P = small buck
    +5, three P = straight to 15.  A throw with nothing ends the turn [ASM: a small buck is
    something]; 15 (a buck) takes a player out; the last one left loses and pays each other
    player the stake, twice over to one who went out on three P (L376-381).

    The draw (L355-360): all throw three dice, the highest total starts, the lowest throws
    one die whose face is P; ties at either end throw again (§1.6 [ASM]).
    """

    OPTIONS = ("target", "small_buck", "overshoot")
    MESSAGES = BUCK_MESSAGES
    COLUMN = BuckColumn
    DICE = 3
    DRAW_DICE = 3
    DRAW = ("high", "low")
    PLAYERS_MIN = 2

    def configure(self, opts: Options) -> Finish:
        self.target = opts.whole("target", 15, 1)
        self.small_buck = opts.whole("small_buck", 5, 0)
        self.overshoot = opts.choice("overshoot", "allowed", ("allowed", "void"))
        return Finish(None)

    def new_turn(self, state: Play[Any], table: Table[Any]) -> BuckTurn:
        return BuckTurn(point=getattr(state.turn, "point", None))

    def after_draw(
        self, state: Play[Any], decided: Mapping[str, int], verdicts: list[Verdict]
    ) -> Play[Any]:
        table = self.start(state.table, decided["high"], verdicts)
        table = replace(table, seat=decided["low"])
        verdicts.append(self.MESSAGES.verdict(Kind.TURN, "point_thrower", table.player))
        return Play(table, BuckTurn())

    def play(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        table, turn, player = state.table, state.turn, action.by
        dice = action.args["dice"]
        if turn.point is None:
            self.check_dice(player, dice, 1)
            table = replace(table, seat=table.starter)
            verdicts = [
                self.MESSAGES.verdict(Kind.INFO, "point_number", point=dice[0]),
                self.MESSAGES.verdict(Kind.TURN, "starts", table.player),
            ]
            return Play(table, BuckTurn(point=dice[0])), verdicts
        self.check_dice(player, dice, self.dice)
        verdicts = [self.rolled(player, dice)]
        point, column = turn.point, table.column(table.seat)
        before = column.total + turn.pot
        turn = replace(turn, throws=turn.throws + 1, dice=dice)
        if dice.count(point) == 3:
            verdicts.append(
                self.MESSAGES.verdict(
                    Kind.BONUS,
                    "big_buck",
                    player,
                    self.target - before,
                    point=point,
                    target=self.target,
                )
            )
            table = table.put(table.seat, replace(column, double=True))
            return self._out(state, table, replace(turn, pot=self.target - column.total), verdicts)
        hits = dice.count(point)
        points = hits + (self.small_buck if len(set(dice)) == 1 else 0)
        if not points:
            verdicts.append(
                self.MESSAGES.verdict(Kind.INFO, "miss", player, point=point, dice=faces(dice))
            )
            return self.end_turn(state, self.write(table, turn.pot, verdicts), verdicts)
        if self.overshoot == "void" and before + points > self.target:
            verdicts.append(
                self.MESSAGES.verdict(Kind.INFO, "over_target", player, target=self.target)
            )
            return self.end_turn(state, self.write(table, turn.pot, verdicts), verdicts)
        turn = replace(turn, pot=turn.pot + points)
        if hits:
            verdicts.append(
                self.MESSAGES.verdict(
                    Kind.POINTS,
                    "hits",
                    player,
                    hits,
                    hits=hits,
                    point=point,
                    total=before + hits,
                )
            )
        if points > hits:
            verdicts.append(
                self.MESSAGES.verdict(
                    Kind.BONUS, "small_buck", player, self.small_buck, dice=faces(dice)
                )
            )
        if before + points >= self.target:
            return self._out(state, table, turn, verdicts)
        return replace(state, turn=turn), verdicts

    def _out(
        self, state: Play[Any], table: Table[Any], turn: BuckTurn, verdicts: list[Verdict]
    ) -> tuple[Play[Any], list[Verdict]]:
        """A buck: the player is out; with one player left the game is over."""
        table = self.write(table, turn.pot, verdicts)
        place = 1 + sum(column.out for column in table.columns)
        table = table.put(table.seat, replace(table.column(table.seat), out=True, place=place))
        verdicts.append(
            self.MESSAGES.verdict(Kind.INFO, "buck_out", table.player, target=self.target)
        )
        left = [seat for seat, column in enumerate(table.columns) if not column.out]
        if len(left) <= 1:
            winners = tuple(seat for seat, column in enumerate(table.columns) if column.out)
            table = replace(table, over=True, winners=winners, seat=left[0] if left else table.seat)
        return self.end_turn(replace(state, turn=turn), table, verdicts)

    def stakes(self, table: Table[Any]) -> dict[str, int]:
        """What the game pays, in agreed stakes: +1 (or +2) to each player out, the sum from
        the last one."""
        if not table.over:
            return {}
        paid = {
            table.players[seat]: 2 if column.double else 1
            for seat, column in enumerate(table.columns)
            if column.out
        }
        losers = [p for p in table.players if p not in paid]
        return paid | {p: -sum(paid.values()) for p in losers}

    def result(self, table: Table[Any]) -> list[Verdict]:
        out = super().result(table)
        stakes = self.stakes(table)
        for player, amount in stakes.items():
            if amount < 0:
                out.append(
                    self.MESSAGES.verdict(
                        Kind.GAME_OVER, "buck_loser", player, amount, stakes=-amount
                    )
                )
        return out

    def standings(self, table: Table[Any]) -> list[int]:
        return [column.total for column in table.columns]

    def game_view(self, state: Play[Any]) -> dict[str, Any]:
        table = state.table
        return {
            "point": state.turn.point,
            "out": [p for p, c in zip(table.players, table.columns, strict=True) if c.out],
            "double": [p for p, c in zip(table.players, table.columns, strict=True) if c.double],
            "stakes": self.stakes(table),
            "loser": next((p for p, v in self.stakes(table).items() if v < 0), None),
        }

    def sheet_rows(self, table: Table[Any]) -> list[dict[str, Any]]:
        out_cells = {
            p: (f"{c.place}{' x2' if c.double else ''}" if c.out else None)
            for p, c in zip(table.players, table.columns, strict=True)
        }
        rows = [_row("out", "Buck (order out)", "Бак (очерёдность)", "row", out_cells)]
        stakes = self.stakes(table)
        if stakes:
            cells = {p: f"{stakes[p]:+d}" for p in table.players}
            rows.append(
                _row(
                    "stakes",
                    "Stakes won (+) / paid (-)",
                    "Ставки: выигрыш (+) / платёж (-)",
                    "row",
                    cells,
                )
            )
        return rows


# --------------------------------------------------------------------------------------------
# The registry's entry point.

GAMES: dict[str, type[LuckEngine]] = {
    "pig": PigEngine,
    "dead_aside": DeadAsideEngine,
    "buck_dice": BuckEngine,
}


def ENGINE(game: str, preset: str, options: Mapping[str, Any]) -> LuckEngine:
    """The engine of ``game``: the registry takes one ``ENGINE`` per module, and this module
    plays three games, told apart by the game id of their preset files."""
    if game not in GAMES:
        raise OptionsError(f"{game}: scoring.dice.luck plays {', '.join(GAMES)}")
    return GAMES[game](game, preset, options)
