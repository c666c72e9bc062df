"""Push-your-luck dice games (rules/dice.md §4): the engine they all build on.

Dice 1000, Farkle, Pig, put-the-dead-aside and buck dice share one shape: a player throws
again and again in one turn, the turn's points (the *pot*) are written to their column when
the turn ends, and the game ends on a target, after a number of rounds, or when one player is
left.  :class:`LuckEngine` keeps that shape once: the columns (turn results, penalties,
entry, skipped turns, extra turns, players out), whose turn it is, the end of the game (at
once, each other player's last turn, or the end of the round), the team totals, the draw for
who starts, the void throw of §1.4, the view and the paper score sheet.  A game adds what a
throw does: Pig (G15) is :mod:`.pig`, put-the-dead-aside (G16) :mod:`.dead_aside`, buck dice
(G17) :mod:`.buck`, and the set-aside games :mod:`.farkle` and :mod:`.dice_thousand`.  The
records the engine plays on are in :mod:`.table`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scoring.actions import Action, DiceField, Verb
from scoring.dice.luck.table import (
    COMMON_OPTIONS,
    C,
    Column,
    Draw,
    Finish,
    Options,
    Play,
    Streak,
    Table,
    Turn,
)
from scoring.dice.throws import FACES, VOID, VoidPolicy, faces
from scoring.dice.throws import MESSAGES as ANY_THROW
from scoring.engine import BaseEngine, OptionsError, check_players, check_seat, sheet_row
from scoring.options import option_whole
from scoring.verdicts import COMMON, IllegalMove, Kind, Message, Messages, Verdict

MESSAGES = (
    COMMON
    | ANY_THROW
    | Messages(
        {
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
            "wrong_dice_count": Message(
                "{player} must throw {expected} dice, not {thrown}",
                "{player} должен бросить {expected} костей, а не {thrown}",
            ),
        }
    )
)


def names(players: Sequence[str]) -> str:
    return ", ".join(players)


# --------------------------------------------------------------------------------------------
# The engine every push-your-luck game builds on.


class LuckEngine(BaseEngine[Play[Any]]):
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
        self.void = VoidPolicy.read(options)
        if self.SETS_ASIDE and self.void.rethrow == "all":
            raise OptionsError(
                "void_rethrow: 'all' would bring back dice already set aside and scored; "
                "use 'thrown' or 'invalid'"
            )
        self.players_min = option_whole(options, "players_min", self.PLAYERS_MIN, 1)
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

    def may_throw(self, state: Play[Any], player: str | None) -> None:
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
        assert draw is not None  # apply() sends only a table still drawing here
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

    def open_actions(self, state: Play[Any]) -> list[Action]:
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
                sheet_row(f"turn_{index + 1}", f"{en} {index + 1}", f"{ru} {index + 1}", cells)
            )
        for code, (title_en, title_ru) in self.ADJUSTMENTS.items():
            sums = {
                player: sum(p for c, p in column.adjustments if c == code)
                for player, column in columns.items()
                if any(c == code for c, _ in column.adjustments)
            }
            if sums:
                cells = {player: sums.get(player) for player in players}
                rows.append(sheet_row(code, title_en, title_ru, cells, "bonus"))
        rows += self.sheet_rows(table)
        totals = {player: column.total for player, column in columns.items()}
        if self.finish.teams:
            standing = dict(zip(players, self.standings(table), strict=True))
            rows.append(
                sheet_row("team_total", "Team total", "Сумма команды", standing, "subtotal")
            )
        rows.append(self.total_row(totals))
        return {"columns": list(players), "rows": rows}


def stop_verb(summary: str) -> Verb:
    return Verb("stop", {}, summary=summary)
