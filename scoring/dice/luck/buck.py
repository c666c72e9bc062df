"""Buck dice (rules/dice.md G17, L353-381) on the push-your-luck engine
(:mod:`scoring.dice.luck.engine`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action
from scoring.dice.luck.engine import MESSAGES, LuckEngine
from scoring.dice.luck.table import Column, Finish, Options, Play, Table, Turn
from scoring.dice.throws import faces
from scoring.engine import sheet_row
from scoring.verdicts import Kind, Message, Messages, Verdict

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
        rows = [sheet_row("out", "Buck (order out)", "Бак (очерёдность)", out_cells)]
        stakes = self.stakes(table)
        if stakes:
            cells = {p: f"{stakes[p]:+d}" for p in table.players}
            rows.append(
                sheet_row(
                    "stakes", "Stakes won (+) / paid (-)", "Ставки: выигрыш (+) / платёж (-)", cells
                )
            )
        return rows
