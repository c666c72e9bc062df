"""Farkle (rules/dice.md G14, seed 001 L535-604), and the set-aside turn it shares with dice 1000.

A set-aside turn: throw the dice; set aside at least one scoring die (only dice that score,
judged inside that one throw by :mod:`scoring.dice.scoring_dice`); throw the rest or stop and
write the turn's points.  When every die has been set aside ("hot dice") all of them are
thrown again.  A throw with nothing that scores is a bust (a "Farkle"): the turn's points are
lost and the turn ends (§7 #17: only this turn's points).  :class:`SetAsideEngine` plays that
turn with the options both games have: an entry or opening score, a throw limit, what a turn
that passes the target does, a penalty for busts or blank turns in a row, and outright wins.
Farkle adds its variants (L579-604) as options of :class:`FarkleEngine`:

``hot_dice_rethrow``  hot dice must be thrown again at least once before stopping (L597-598);
``farkle_streak``     ``{turns: 3, points: 1000}``: three Farkles in a row cost 1000 (L598-599);
``toxic_twos``        that many 2s (4) in one throw cancel the turn's points and end it (L599-600;
                      [ASM] not a Farkle for ``farkle_streak``);
``high_stakes``       Greed (L600-601): a turn may begin by throwing the dice the previous player
                      left after banking; scoring with them on that throw adds this bonus (1000)
                      to the turn's points (lost with them on a Farkle [ASM]);
``overshoot: welfare`` exactly the target to win; a turn that passes it gives its points to the
                      lowest-scoring other player (L601-602);
``teams``             partners sit opposite and add their totals (L603-604);
``dice: 5``           Five-dice Farkle (L602-603).

Verbs: ``roll`` (the faces thrown), ``keep`` (the dice set aside from the last throw; a new
``keep`` replaces it), ``stop`` (write the turn; with nothing kept the best set-aside is taken),
``void`` (the throw was invalid, §1.4: thrown again).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, DiceField, Verb
from scoring.dice import scoring_dice
from scoring.dice.luck.engine import MESSAGES, LuckEngine, stop_verb
from scoring.dice.luck.table import Column, Finish, Options, Play, Streak, Table, Turn
from scoring.dice.scoring_dice import ScoreTable
from scoring.dice.throws import FACES, faces, is_subset
from scoring.verdicts import IllegalMove, Kind, Message, Messages, Verdict

SET_ASIDE_MESSAGES = MESSAGES | Messages(
    {
        "set_aside": Message(
            "{player} sets aside {dice} for {points} (this turn {turn_points})",
            "{player} откладывает {dice}: {points} (за ход {turn_points})",
        ),
        "hot_dice": Message(
            "Every die has scored: {player} may throw all {dice} again",
            "Все кости зачётные: {player} может снова бросить все {dice}",
        ),
        "instant_win": Message(
            "{dice} at once: {player} wins outright", "{dice} разом: {player} сразу побеждает"
        ),
        "not_entered": Message(
            "{player} has {points}, short of the {entry} needed to start writing",
            "У {player} {points}, а для входа в игру нужно {entry}",
        ),
        "overshoot": Message(
            "{player} would pass {target}: this turn does not count",
            "{player} перебирает {target}: ход не засчитан",
        ),
        "welfare": Message(
            "{player} would pass {target}: the {points} go to {to}",
            "{player} перебирает {target}: {points} очков получает {to}",
        ),
        "must_set_aside": Message(
            "{player} must set aside at least one scoring die before throwing again",
            "{player} должен отложить хотя бы одну зачётную кость перед броском",
        ),
        "not_on_table": Message(
            "Cannot set aside {dice}: the last throw shows {showing}",
            "Нельзя отложить {dice}: на столе {showing}",
        ),
        "not_scoring": Message(
            "{dice} do not all score in one throw: set aside only scoring dice",
            "Не все из {dice} зачётные: откладывают только зачётные кости",
        ),
        "no_throws_left": Message(
            "{player} has thrown {throws} times: stop and write the turn",
            "{player} уже бросил {throws} раза: остановитесь и запишите ход",
        ),
        "below_entry": Message(
            "{player} has {points}: {entry} are needed in one turn before stopping",
            "У {player} {points}: чтобы остановиться, нужно набрать за ход {entry}",
        ),
        "hot_dice_rethrow": Message(
            "Hot dice: {player} must throw all the dice again before stopping",
            "Горячие кости: {player} должен бросить все кости ещё раз, прежде чем остановиться",
        ),
        "toxic_twos": Message(
            "{twos} twos: {player}'s turn is cancelled", "{twos} двойки: ход {player} отменён"
        ),
        "greed_bonus": Message(
            "{player} scores with the dice left by the last player: +{points}",
            "{player} набирает очки костями, оставленными предыдущим игроком: +{points}",
        ),
    }
)


@dataclass(frozen=True)
class SetAsideTurn(Turn):
    """The set-aside turn: ``pot`` holds the points of the dice set aside on earlier throws,
    ``dice`` the last throw and ``kept`` what the player sets aside from it; ``live`` is how
    many dice the next throw holds.  ``leftover`` is what the previous player left (Greed)."""

    live: int = 6
    kept: tuple[int, ...] = ()
    kept_points: int = 0
    leftover: int = 0


class SetAsideEngine(LuckEngine):
    """The turn of dice 1000 and Farkle; a subclass adds its game's options and hooks."""

    OPTIONS: tuple[str, ...] = (
        *scoring_dice.OPTIONS,
        "target",
        "overshoot",
        "throws",
    )
    MESSAGES = SET_ASIDE_MESSAGES
    SETS_ASIDE = True
    DICE = 6
    #: The name the game gives its entry threshold (1000: "entry", Farkle: "opening").
    ENTRY = "entry"
    #: The endings and overshoot rules the game's pages allow, the default first.
    FINISHES: tuple[str, ...] = ("immediate",)
    OVERSHOOTS: tuple[str, ...] = ("allowed", "void")

    def configure(self, opts: Options) -> Finish:
        self.table = ScoreTable.read(opts.raw)
        self.dice = self.table.dice
        self.entry = opts.whole(self.ENTRY, 0)
        self.throws = opts.whole("throws", None, 1)
        self.streak_rule: Streak | None = None
        return Finish(
            opts.whole("target", None, 1),
            opts.choice("finish", self.FINISHES[0], self.FINISHES),
            opts.choice("overshoot", self.OVERSHOOTS[0], self.OVERSHOOTS),
        )

    def game_verbs(self) -> dict[str, Verb]:
        field = DiceField(FACES, 1, self.dice)
        return {
            "keep": Verb(
                "keep", {"dice": field}, ("dice",), summary="set aside scoring dice of the throw"
            ),
            "stop": stop_verb("write this turn's points and pass the dice"),
        }

    def new_turn(self, state: Play[Any], table: Table[Any]) -> SetAsideTurn:
        return SetAsideTurn(live=self.dice)

    # ---- hooks for the games ------------------------------------------------------------

    def throw_allowed_counts(self, turn: SetAsideTurn) -> tuple[int, ...]:
        """How many dice the next throw may hold."""
        return (turn.live,)

    def on_throw(
        self, state: Play[Any], turn: SetAsideTurn, verdicts: list[Verdict]
    ) -> tuple[SetAsideTurn, bool]:
        """A game's look at a scoring throw: the new turn, and whether it ends the turn now."""
        return turn, False

    def may_stop(self, state: Play[Any], turn: SetAsideTurn, player: str | None) -> None:
        """Raise IllegalMove where the game forbids stopping now."""

    def streak_counts(self, column: Column, bust: bool, recorded: int) -> bool:
        """Whether this turn adds to the player's penalty streak (Farkle: a Farkle)."""
        return bust

    def after_write(self, table: Table[Any], recorded: int, verdicts: list[Verdict]) -> Table[Any]:
        """The turn is in the player's column (1000: dump truck and barrels)."""
        return table

    def next_leftover(self, turn: SetAsideTurn) -> int:
        """The dice this turn leaves to the next player (Greed)."""
        return 0

    # ---- the turn -----------------------------------------------------------------------

    def may_throw(self, state: Play[Any], player: str | None) -> None:
        turn: SetAsideTurn = state.turn
        if turn.dice and not turn.kept:
            raise self.MESSAGES.illegal("must_set_aside", player)
        if self.throws is not None and turn.throws >= self.throws:
            raise self.MESSAGES.illegal("no_throws_left", player, throws=turn.throws)

    def _commit(self, turn: SetAsideTurn) -> SetAsideTurn:
        """The kept dice leave the table; with none left, all the dice come back (hot dice)."""
        live = turn.live - len(turn.kept)
        return replace(
            turn,
            pot=turn.pot + turn.kept_points,
            live=live or self.dice,
            dice=(),
            kept=(),
            kept_points=0,
        )

    def void_throw(self, state: Play[Any]) -> Play[Any]:
        if not self.void.costs_throw:
            return state
        turn = self._commit(state.turn)
        return replace(state, turn=replace(turn, throws=turn.throws + 1))

    def play(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        if action.verb == "roll":
            return self._roll(state, action)
        if action.verb == "keep":
            return self._keep(state, action)
        return self._stop(state, action)

    def _roll(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        player, dice = action.by, action.args["dice"]
        self.may_throw(state, player)
        turn = self._commit(state.turn) if state.turn.dice else state.turn
        counts = self.throw_allowed_counts(turn)
        if len(dice) not in counts:
            self.check_dice(player, dice, counts[0])
        turn = replace(turn, throws=turn.throws + 1, dice=dice, live=len(dice))
        verdicts = [self.rolled(player, dice)]
        if len(dice) == self.dice and scoring_dice.instant_win(self.table, dice):
            verdicts.append(
                self.MESSAGES.verdict(Kind.GAME_OVER, "instant_win", player, dice=faces(dice))
            )
            return self.win_now(replace(state, turn=turn), verdicts)
        if not scoring_dice.scores(self.table, dice):
            verdicts.append(
                self.MESSAGES.verdict(Kind.FOUL, "bust", player, dice=faces(dice), pot=turn.pot)
            )
            return self._close(state, turn, 0, verdicts, bust=True)
        turn, ends = self.on_throw(state, turn, verdicts)
        if ends:
            return self._close(state, turn, 0, verdicts, bust=False)
        return replace(state, turn=turn), verdicts

    def _keep(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        turn, player, dice = state.turn, action.by, action.args["dice"]
        if not turn.dice:
            raise self.MESSAGES.illegal("must_roll_first", player)
        if not is_subset(dice, turn.dice):
            raise self.MESSAGES.illegal(
                "not_on_table", player, dice=faces(dice), showing=faces(turn.dice)
            )
        points = scoring_dice.value(self.table, dice)
        if points is None:
            raise self.MESSAGES.illegal("not_scoring", player, dice=faces(dice))
        turn = replace(turn, kept=tuple(sorted(dice)), kept_points=points)
        verdicts = [
            self.MESSAGES.verdict(
                Kind.POINTS,
                "set_aside",
                player,
                points,
                dice=faces(turn.kept),
                turn_points=turn.pot + points,
            )
        ]
        if len(dice) == turn.live:
            verdicts.append(self.MESSAGES.verdict(Kind.INFO, "hot_dice", player, dice=self.dice))
        return replace(state, turn=turn), verdicts

    def _stop(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        turn, player = state.turn, action.by
        if not turn.throws:
            raise self.MESSAGES.illegal("must_roll_first", player)
        verdicts: list[Verdict] = []
        if turn.dice and not turn.kept:
            best = scoring_dice.best(self.table, turn.dice)
            assert best is not None  # a throw that scores nothing is a bust and ends the turn
            turn = replace(turn, kept=best.dice, kept_points=best.points)
            verdicts.append(
                self.MESSAGES.verdict(
                    Kind.POINTS,
                    "set_aside",
                    player,
                    best.points,
                    dice=faces(best.dice),
                    turn_points=turn.pot + best.points,
                )
            )
        self.may_stop(state, turn, player)
        points = turn.pot + turn.kept_points
        column = state.table.column(state.table.seat)
        if not column.entered and points < self.entry:
            if self.throws is None or turn.throws < self.throws:
                raise self.MESSAGES.illegal("below_entry", player, points=points, entry=self.entry)
            verdicts.append(
                self.MESSAGES.verdict(
                    Kind.INFO, "not_entered", player, points=points, entry=self.entry
                )
            )
            return self._close(state, turn, 0, verdicts, bust=False)
        return self._close(state, turn, points, verdicts, bust=False)

    def _close(
        self,
        state: Play[Any],
        turn: SetAsideTurn,
        points: int,
        verdicts: list[Verdict],
        bust: bool,
    ) -> tuple[Play[Any], list[Verdict]]:
        """End the turn: check the target, write the points, count streaks, pass the dice."""
        table, points = self._overshoot(state.table, points, verdicts)
        table = self.write(table, points, verdicts)
        column = table.column(table.seat)
        table = table.put(table.seat, replace(column, entered=column.entered or points > 0))
        counts = self.streak_counts(column, bust, points)
        table = self.streak(table, self.streak_rule, counts, verdicts)
        table = self.after_write(table, points, verdicts)
        leftover = 0 if bust or not points else self.next_leftover(turn)
        state, verdicts = self.end_turn(state, table, verdicts)
        if leftover:
            state = replace(state, turn=replace(state.turn, leftover=leftover))
        return state, verdicts

    def _overshoot(
        self, table: Table[Any], points: int, verdicts: list[Verdict]
    ) -> tuple[Table[Any], int]:
        """A turn that would pass the target: it counts, is void, or is given away."""
        target = self.finish.target
        column = table.column(table.seat)
        if not points or target is None or column.total + points <= target:
            return table, points
        if self.finish.overshoot == "void":
            verdicts.append(
                self.MESSAGES.verdict(Kind.FOUL, "overshoot", table.player, target=target)
            )
            return table, 0
        if self.finish.overshoot == "welfare":
            return self._welfare(table, points, verdicts), 0
        return table, points

    def _welfare(self, table: Table[Any], points: int, verdicts: list[Verdict]) -> Table[Any]:
        """Welfare (L602): the turn's points go to the lowest-scoring other player (the first
        of them in playing order after the player on a tie).  A gift that would take that
        player past the target is lost [ASM]: nobody ever passes it, so it can be hit."""
        others = self._following(table, table.seat)
        seat = min(others, key=lambda s: table.column(s).total)
        target = self.finish.target
        if table.column(seat).total + points > target:
            verdicts.append(
                self.MESSAGES.verdict(Kind.FOUL, "overshoot", table.player, target=target)
            )
            return table
        verdicts.append(
            self.MESSAGES.verdict(
                Kind.FOUL, "welfare", table.player, points, target=target, to=table.players[seat]
            )
        )
        return table.put(seat, table.column(seat).adjust("welfare", points))

    # ---- views --------------------------------------------------------------------------

    def game_view(self, state: Play[Any]) -> dict[str, Any]:
        turn: SetAsideTurn = state.turn
        options = scoring_dice.set_asides(self.table, turn.dice) if turn.dice else []
        return {
            "live": turn.live,
            "kept": list(turn.kept),
            "turn_points": turn.pot + turn.kept_points,
            "set_asides": [{"dice": list(o.dice), "points": o.points} for o in options],
            "best": options[0].points if options else None,
            "throws": self.throws,
            "entry": self.entry,
            "leftover": turn.leftover,
        }

    def game_legal(self, state: Play[Any], player: str) -> list[Action]:
        turn: SetAsideTurn = state.turn
        actions = [
            Action("keep", player, {"dice": option.dice})
            for option in scoring_dice.set_asides(self.table, turn.dice)
        ]
        try:
            self._stop(state, Action("stop", player))
        except IllegalMove:
            pass
        else:
            actions.append(Action("stop", player))
        return actions


# --------------------------------------------------------------------------------------------
# Farkle.


class FarkleEngine(SetAsideEngine):
    """Farkle with every variant of L579-604 as an option (see the module docstring)."""

    OPTIONS = (
        *SetAsideEngine.OPTIONS,
        "finish",
        "opening",
        "hot_dice_rethrow",
        "farkle_streak",
        "toxic_twos",
        "high_stakes",
        "teams",
    )
    ENTRY = "opening"
    FINISHES = ("last_turns", "round")
    OVERSHOOTS = ("allowed", "welfare")
    PLAYERS_MIN = 2
    ADJUSTMENTS: Mapping[str, tuple[str, str]] = {
        "streak": ("Three Farkles", "Три фаркла"),
        "welfare": ("Welfare gifts", "Подарки отстающему"),
    }

    def configure(self, opts: Options) -> Finish:
        finish = super().configure(opts)
        self.hot_dice_rethrow = opts.flag("hot_dice_rethrow", False)
        self.streak_rule = opts.streak("farkle_streak")
        self.toxic_twos = opts.whole("toxic_twos", None, 1)
        self.high_stakes = opts.whole("high_stakes", None, 0)
        return replace(finish, teams=opts.flag("teams", False))

    def throw_allowed_counts(self, turn: SetAsideTurn) -> tuple[int, ...]:
        if self.high_stakes is not None and turn.leftover and not turn.throws:
            return (turn.live, turn.leftover)
        return (turn.live,)

    def on_throw(
        self, state: Play[Any], turn: SetAsideTurn, verdicts: list[Verdict]
    ) -> tuple[SetAsideTurn, bool]:
        player = state.table.player
        twos = turn.dice.count(2)
        if self.toxic_twos is not None and twos >= self.toxic_twos:
            verdicts.append(self.MESSAGES.verdict(Kind.FOUL, "toxic_twos", player, twos=twos))
            return turn, True
        if turn.throws == 1 and turn.leftover and len(turn.dice) == turn.leftover:
            bonus = self.high_stakes or 0
            verdicts.append(self.MESSAGES.verdict(Kind.BONUS, "greed_bonus", player, bonus))
            turn = replace(turn, pot=turn.pot + bonus)
        return turn, False

    def may_stop(self, state: Play[Any], turn: SetAsideTurn, player: str | None) -> None:
        if self.hot_dice_rethrow and turn.dice and len(turn.kept) == turn.live:
            raise self.MESSAGES.illegal("hot_dice_rethrow", player)

    def next_leftover(self, turn: SetAsideTurn) -> int:
        if self.high_stakes is None:
            return 0
        left = turn.live - len(turn.kept) if turn.dice else turn.live
        return left if 0 < left < self.dice else 0


ENGINE = FarkleEngine
