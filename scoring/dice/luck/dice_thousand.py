"""Dice 1000 ("Тысяча"): rules/dice.md G12 (seed 001 L184-200) and G13 (L438-454), §7 #7, #8.

1000 is Farkle's set-aside turn with five dice and its own numbers (:mod:`scoring.dice.luck.farkle`
plays the turn); what is 1000's own is here:

* ``entry``: the points one turn must make before anything is written (60 / 75, L197, L442);
* ``throws``: at most three throws a turn (G12 L192) or any number (G13 L443);
* ``barrels`` and ``barrel``: the ranges 300-400, 600-700, 900-960 (L199, L451-453) and what
  landing on one does.  Landing = a turn writes points and the total is inside a range
  (bounds included [ASM]); leaving = the total goes above it.  ``none``: nothing;
  ``three_turns``: the player plays on, up to three turns in a row while on the barrel (G12
  L200, whose sentence is cut off there); ``skip``: the player misses the next turn (G13
  L450, the default); ``extra``: one extra turn at once, and still on the same barrel after
  it: a missed turn (G13 option B); ``extra_minus_100``: as ``extra`` but ``barrel_penalty``
  (100) is taken off instead of the missed turn (G13 option C);
* ``overshoot``: passing ``target`` is ``allowed`` (G12 says only "first to 1000") or ``void``
  (the turn does not count, G13 L454);
* ``five_kind: {win: true}``: five equal at once win the game (L190, L441);
* folk rules not in the source [EXT], off unless set: ``bolts: {turns: 3, points: 100}`` (a
  turn with nothing written is a "bolt"; three in a row cost 100; counted once a player has
  entered) and ``dump_truck: 555`` ("самосвал": a total of exactly 555 goes back to 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring.dice.luck.farkle import SET_ASIDE_MESSAGES, SetAsideEngine
from scoring.dice.luck.table import Column, Finish, Options, Play, Table
from scoring.engine import OptionsError
from scoring.options import option_whole
from scoring.verdicts import Kind, Message, Messages, Verdict

BARRELS = ("none", "three_turns", "skip", "extra", "extra_minus_100")

THOUSAND_MESSAGES = SET_ASIDE_MESSAGES | Messages(
    {
        "on_barrel": Message(
            "{player} is on the barrel {low}-{high}", "{player} на бочке {low}-{high}"
        ),
        "barrel_skip": Message(
            "{player} is on the barrel: the next turn is missed",
            "{player} на бочке: следующий ход пропускается",
        ),
        "barrel_turns": Message(
            "{player} is on the barrel: up to {turns} turns in a row",
            "{player} на бочке: до {turns} ходов подряд",
        ),
        "barrel_penalty": Message(
            "{player} is still on the barrel: {points}",
            "{player} не сошёл с бочки: {points}",
        ),
        "dump_truck": Message(
            "Dump truck: {player} has {total} and goes back to 0",
            "Самосвал: у {player} {total}, счёт обнуляется",
        ),
    }
)


@dataclass(frozen=True)
class ThousandColumn(Column):
    """``barrel``: the barrel (its index) whose extra turns the player is playing, if any."""

    barrel: int | None = None


class ThousandEngine(SetAsideEngine):
    """Dice 1000 in both versions; see the module docstring for the options."""

    OPTIONS = (
        *SetAsideEngine.OPTIONS,
        "entry",
        "barrels",
        "barrel",
        "barrel_penalty",
        "bolts",
        "dump_truck",
    )
    MESSAGES = THOUSAND_MESSAGES
    COLUMN = ThousandColumn
    ADJUSTMENTS: Mapping[str, tuple[str, str]] = {
        "streak": ("Bolts", "Болты"),
        "barrel": ("Barrel penalty", "Штраф за бочку"),
        "dump_truck": ("Dump truck", "Самосвал"),
    }

    def configure(self, opts: Options) -> Finish:
        finish = super().configure(opts)
        barrels = opts.raw.get("barrels", [])
        if not isinstance(barrels, list) or not all(
            isinstance(b, list)
            and len(b) == 2
            and all(isinstance(v, int) for v in b)
            and b[0] <= b[1]
            for b in barrels
        ):
            raise OptionsError(f"barrels: expected a list of [low, high] ranges, got {barrels!r}")
        self.barrels = tuple((low, high) for low, high in barrels)
        self.barrel = opts.choice("barrel", "none", BARRELS)
        self.barrel_penalty = option_whole(opts.raw, "barrel_penalty", 100, 0)
        self.streak_rule = opts.streak("bolts")
        self.dump_truck = opts.whole("dump_truck", None, 1)
        return finish

    def streak_counts(self, column: Column, bust: bool, recorded: int) -> bool:
        """A bolt: a turn that writes nothing, once the player has entered [EXT]."""
        return column.entered and not recorded

    def barrel_of(self, total: int) -> int | None:
        return next((i for i, (low, high) in enumerate(self.barrels) if low <= total <= high), None)

    def after_write(self, table: Table[Any], recorded: int, verdicts: list[Verdict]) -> Table[Any]:
        column: ThousandColumn = table.column(table.seat)
        if self.dump_truck is not None and recorded and column.total == self.dump_truck:
            verdicts.append(
                self.MESSAGES.verdict(Kind.FOUL, "dump_truck", table.player, total=column.total)
            )
            column = column.adjust("dump_truck", -column.total)
        column = self._barrel(table.player, column, recorded, verdicts)
        return table.put(table.seat, column)

    def _barrel(
        self, player: str, column: ThousandColumn, recorded: int, verdicts: list[Verdict]
    ) -> ThousandColumn:
        """Start, continue or end a stay on a barrel after one of the player's turns."""
        on = self.barrel_of(column.total)
        if column.barrel is not None:
            if on != column.barrel:
                column = replace(column, barrel=None, again=0)
            elif column.again:
                return column
            else:
                return self._still_on(player, replace(column, barrel=None), verdicts)
        if not recorded or on is None or self.barrel == "none":
            return column
        low, high = self.barrels[on]
        verdicts.append(self.MESSAGES.verdict(Kind.INFO, "on_barrel", player, low=low, high=high))
        if self.barrel == "skip":
            verdicts.append(self.MESSAGES.verdict(Kind.FOUL, "barrel_skip", player))
            return replace(column, skips=column.skips + 1)
        turns = 3 if self.barrel == "three_turns" else 1
        verdicts.append(self.MESSAGES.verdict(Kind.INFO, "barrel_turns", player, turns=turns))
        return replace(column, barrel=on, again=turns)

    def _still_on(
        self, player: str, column: ThousandColumn, verdicts: list[Verdict]
    ) -> ThousandColumn:
        """The extra turns are used and the player is still on the same barrel."""
        if self.barrel == "extra":
            verdicts.append(self.MESSAGES.verdict(Kind.FOUL, "barrel_skip", player))
            return replace(column, skips=column.skips + 1)
        if self.barrel == "extra_minus_100":
            points = -self.barrel_penalty
            verdicts.append(self.MESSAGES.verdict(Kind.FOUL, "barrel_penalty", player, points))
            return column.adjust("barrel", points)
        return column

    def game_view(self, state: Play[Any]) -> dict[str, Any]:
        table = state.table
        barrels = {}
        for player, column in zip(table.players, table.columns, strict=True):
            on = self.barrel_of(column.total)
            barrels[player] = None if on is None else list(self.barrels[on])
        return super().game_view(state) | {"barrels": barrels}


ENGINE = ThousandEngine
