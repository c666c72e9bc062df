"""The score-sheet engine for dice games: every sheet game of dice.md played from preset data.

A turn is up to ``throws`` throws of ``dice`` dice, with dice kept between throws, and ends when
the player writes the dice into one open row of their sheet (or crosses one out, where the game
allows it).  The game ends when every sheet is full.  Everything that differs between Yahtzee,
Yacht, dice poker with school (G1) or with a table (G2), pirate dice (G3) and sea dice (G5) is
preset data read by :mod:`scoring.dice.sheet.rules`: rows and their rules
(:mod:`scoring.dice.rows`), sections played in stages or in a fixed order, mandatory sections,
section bonuses, the Yahtzee bonus and Joker, crossing out, first-attempt doubling, the bonus
for unused throws, the reroll and void policies, and the settlement against the average.

Verbs
  ``roll``     ``dice``: the faces now thrown: all of them on a full throw, or only the rethrown
               ones when dice are kept (by a ``keep`` before, or by ``kept`` in the roll itself).
  ``keep``     ``dice``: the faces set aside before the next throw (a subset of the dice showing).
  ``score``    ``row``: write the dice showing into an open row; this ends the turn.  Where every
               section is filled in a fixed order the row may be left out: it is the next one.
  ``void``     ``reason``: the last throw was invalid (§1.4); only where the preset sets a void
               policy (``void_rethrow`` / ``void_costs_throw``).
  ``cross``    ``row``: cross out an open row of a section that allows it (``unmade: cross``, G3).
  ``announce`` ``row``: name the row aimed at, once a turn; not binding (``announce``, G3 L178).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from scoring.actions import Action, ChoiceField, DiceField, Verb
from scoring.dice.combinations import kind
from scoring.dice.rows import Result, Row
from scoring.dice.sheet import turn as sheet_turn
from scoring.dice.sheet.messages import MESSAGES
from scoring.dice.sheet.rules import ExtraKindBonus, SheetRules
from scoring.dice.sheet.tally import (
    CROSSED,
    DONE,
    Sheet,
    decided,
    exact,
    score_sheet,
    section_sum,
    settlement,
    totals,
)
from scoring.dice.sheet.turn import Turn
from scoring.dice.throws import VOID, faces, is_subset
from scoring.engine import BaseEngine, check_players, check_seat, result_verdicts, winners
from scoring.verdicts import Kind, MessageData, Verdict

__all__ = ["ENGINE", "DiceSheetEngine", "Sheet", "SheetState", "Turn"]


@dataclass(frozen=True)
class SheetState:
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    turn: Turn
    over: bool = False


class DiceSheetEngine(BaseEngine[SheetState]):
    """The engine behind every dice score-sheet preset."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.preset = preset
        self.rules = rules = SheetRules.read(options)
        face_values = tuple(range(1, rules.faces + 1))
        row_field = ChoiceField(tuple(row.name for row in rules.rows))
        self._verbs = {
            "roll": Verb(
                "roll",
                {
                    "dice": DiceField(face_values, 1, rules.dice),
                    "kept": DiceField(face_values, 0, rules.dice - 1),
                },
                ("dice",),
                summary="the faces thrown (all dice, or only the rethrown ones)",
            ),
            "keep": Verb(
                "keep",
                {"dice": DiceField(face_values, 0, rules.dice)},
                ("dice",),
                summary="set these faces aside before the next throw",
            ),
            "score": Verb(
                "score",
                {"row": row_field},
                () if rules.fixed_order else ("row",),
                summary="write the dice showing into an open row; ends the turn",
            ),
        }
        if rules.void:
            self._verbs["void"] = VOID
        if rules.unmade == "cross":
            self._verbs["cross"] = Verb(
                "cross",
                {"row": row_field},
                ("row",),
                summary="cross out an open row; ends the turn",
            )
        if rules.announce:
            self._verbs["announce"] = Verb(
                "announce",
                {"row": row_field},
                ("row",),
                summary="name the row aimed at (not binding)",
            )
        self._handlers = {
            "roll": self._roll,
            "keep": self._keep,
            "void": self._void,
            "announce": self._announced,
            "cross": lambda state, action: self._cross(
                state, action.by, self.rules.row(action.args["row"])
            ),
            "score": lambda state, action: self._score(state, action.by, action.args.get("row")),
        }

    def initial(self, players: Sequence[str]) -> SheetState:
        check_players(players, self.rules.players_min, self.rules.players_max)
        sheets = tuple(Sheet() for _ in players)
        return SheetState(tuple(players), sheets, Turn(limit=self.rules.throws))

    # ----------------------------------------------------------------------------------------
    # Rules.

    def admit(self, state: SheetState, action: Action) -> None:
        """Every verb is the thrower's, in turn, until the game is over."""
        check_seat(state.players, None if state.over else state.players[state.turn.player], action)

    def _roll(self, state: SheetState, action: Action) -> tuple[SheetState, list[Verdict]]:
        args = action.args
        turn, verdict = sheet_turn.roll(
            self.rules, state.turn, action.by, args["dice"], args.get("kept")
        )
        return replace(state, turn=turn), [verdict]

    def _keep(self, state: SheetState, action: Action) -> tuple[SheetState, list[Verdict]]:
        turn, verdict = sheet_turn.keep(self.rules, state.turn, action.by, action.args["dice"])
        return replace(state, turn=turn), [verdict]

    def _void(self, state: SheetState, action: Action) -> tuple[SheetState, list[Verdict]]:
        assert self.rules.void is not None  # the verb exists only where the rules set one
        turn, verdict = sheet_turn.void(
            self.rules.void, state.turn, action.by, action.args["reason"]
        )
        return replace(state, turn=turn), [verdict]

    def _announced(self, state: SheetState, action: Action) -> tuple[SheetState, list[Verdict]]:
        turn, verdict = self._announce(state, action.by, self.rules.row(action.args["row"]))
        return replace(state, turn=turn), [verdict]

    def _announce(self, state: SheetState, player: str | None, row: Row) -> tuple[Turn, Verdict]:
        turn = state.turn
        if turn.announced is not None:
            announced = self.rules.row(turn.announced)
            raise MESSAGES.illegal(
                "already_announced", player, row=announced.en, row_ru=announced.ru
            )
        self._check_open(state.sheets[turn.player], row, player)
        verdict = MESSAGES.verdict(Kind.INFO, "announced", player, row=row.en, row_ru=row.ru)
        return replace(turn, announced=row.name), verdict

    def _allowed(self, sheet: Sheet) -> list[Row]:
        """The open rows the player may fill now: those of the earliest stage with an open row,
        and in a fixed-order section only its first open row."""
        written = dict(sheet.written)
        open_rows = [row for row in self.rules.rows if row.name not in written]
        if not open_rows:
            return []
        stage = min(self.rules.section(row.section).stage for row in open_rows)
        allowed, seen = [], set()
        for row in open_rows:
            section = self.rules.section(row.section)
            if section.stage != stage or (section.order == "fixed" and section.name in seen):
                continue
            seen.add(section.name)
            allowed.append(row)
        return allowed

    def _check_open(self, sheet: Sheet, row: Row, player: str | None) -> None:
        """Refuse a row that is filled, crossed out, in a later stage, or out of its order."""
        written = sheet.get(row.name)
        if written is not None:
            code = "row_crossed" if sheet.mark(row.name) == CROSSED else "row_used"
            raise MESSAGES.illegal(code, player, row=row.en, row_ru=row.ru, points=written)
        allowed = self._allowed(sheet)
        if row in allowed:
            return
        section = self.rules.section(row.section)
        if section.order == "fixed" and any(r.section == row.section for r in allowed):
            required = next(r for r in allowed if r.section == row.section)
            raise MESSAGES.illegal(
                "out_of_order",
                player,
                section=section.en,
                section_ru=section.ru,
                required=required.en,
                required_ru=required.ru,
            )
        unfinished = self.rules.section(allowed[0].section)
        raise MESSAGES.illegal(
            "stage_open",
            player,
            section=unfinished.en,
            section_ru=unfinished.ru,
            row=row.en,
            row_ru=row.ru,
        )

    def _joker(self, sheet: Sheet, dice: Sequence[int]) -> ExtraKindBonus | None:
        """The extra-kind rule when the dice are another five of a kind with the five-of-a-kind
        row already written (G4); None otherwise."""
        extra = self.rules.extra_kind
        if (
            extra is not None
            and len(dice) == self.rules.dice
            and kind(dice, self.rules.dice) is not None
            and sheet.get(extra.row) is not None
        ):
            return extra
        return None

    def _joker_rows(self, sheet: Sheet, dice: Sequence[int]) -> list[str]:
        """Rows the Joker rule allows: the matching upper row, else open lower rows, else any."""
        open_rows = self._allowed(sheet)
        matching = [row.name for row in open_rows if row.face == dice[0]]
        if matching:
            return matching
        lower = [row.name for row in open_rows if row.face is None]
        return lower or [row.name for row in open_rows]

    def _check_joker(self, sheet: Sheet, row: Row, dice: Sequence[int], player: str | None) -> None:
        """Refuse a row the Joker rule does not allow for this five of a kind."""
        joker_rows = self._joker_rows(sheet, dice)
        if row.name in joker_rows:
            return
        required = self.rules.row(joker_rows[0])
        if len(joker_rows) == 1 and required.face == dice[0]:
            raise MESSAGES.illegal(
                "joker_upper_required", player, required=required.en, required_ru=required.ru
            )
        raise MESSAGES.illegal("joker_lower_required", player)

    def _pay_unused(
        self, sheet: Sheet, unused: int, player: str | None, verdicts: list[Verdict]
    ) -> tuple[Sheet, list[Verdict]]:
        """A1 (L23): so many points for each throw the player did not need."""
        points = unused * self.rules.unused_throw_bonus
        if not points:
            return sheet, verdicts
        verdict = MESSAGES.verdict(Kind.BONUS, "unused_bonus", player, points, unused=unused)
        return replace(sheet, unused_bonus=sheet.unused_bonus + points), [*verdicts, verdict]

    def _judge(self, row: Row, turn: Turn, joker: bool) -> tuple[Result, bool]:
        """The row's result for the dice showing, and whether G3's first-attempt doubling
        applied: stopped after throw 1 (default), or every die that makes the row came on
        throw 1 and stayed down since (``doubling: untouched``, §7 #11)."""
        result = row.judge(turn.dice, joker)
        if not (row.doubles and result.made):
            return result, False
        if self.rules.doubling == "stopped":
            doubled = turn.throws == 1
        else:
            doubled = is_subset(result.used, turn.untouched)
        if not doubled:
            return result, False
        return row.judge(turn.dice, joker, doubled=True, double_plus=self.rules.double_plus), True

    def _writable(self, row: Row, result: Result) -> bool:
        """A row that is not made takes its 0 (or its penalty), except that with ``unmade:
        cross`` only a mandatory row may be written without its combination (G3 L167, L179)."""
        return (
            result.made or self.rules.unmade == "zero" or self.rules.section(row.section).mandatory
        )

    def _score(
        self, state: SheetState, player: str | None, name: str | None
    ) -> tuple[SheetState, list[Verdict]]:
        turn = state.turn
        sheet = state.sheets[turn.player]
        if not turn.dice:
            raise MESSAGES.illegal("must_roll_first", player)
        allowed = self._allowed(sheet)
        row = self.rules.row(name) if name else allowed[0]
        self._check_open(sheet, row, player)
        extra = self._joker(sheet, turn.dice)
        use_joker = extra is not None and extra.joker
        if use_joker:
            self._check_joker(sheet, row, turn.dice, player)
        result, doubled = self._judge(row, turn, use_joker)
        if not self._writable(row, result):
            raise MESSAGES.illegal(
                "row_not_made", player, dice=faces(turn.dice), row=row.en, row_ru=row.ru
            )
        verdicts = [
            MESSAGES.verdict(
                Kind.POINTS, "scored", player, result.points, row=row.en, row_ru=row.ru
            )
        ]
        if result.done:
            verdicts.append(
                MESSAGES.verdict(Kind.INFO, "row_done", player, row=row.en, row_ru=row.ru)
            )
        if doubled:
            verdicts.append(
                MESSAGES.verdict(Kind.INFO, "doubled", player, row=row.en, row_ru=row.ru)
            )
        if extra is not None and sheet.get(extra.row):
            sheet = replace(sheet, extra_kinds=sheet.extra_kinds + 1)
            verdicts.append(
                MESSAGES.verdict(
                    Kind.BONUS,
                    "extra_kind_bonus",
                    player,
                    extra.points,
                    row=self.rules.row(extra.row).en,
                )
            )
        if use_joker and row.face is None and row.score(turn.dice) != result.points:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "joker", player, row=row.en, row_ru=row.ru))
        unused = turn.limit - turn.throws
        if unused and (result.made or self.rules.unused_bonus_when == "always"):
            sheet, verdicts = self._pay_unused(sheet, unused, player, verdicts)
        sheet = sheet.write(row.name, result.points, DONE if result.done else None)
        return self._end_turn(state, sheet, verdicts)

    def _cross(
        self, state: SheetState, player: str | None, row: Row
    ) -> tuple[SheetState, list[Verdict]]:
        """Strike an open row of a section that allows it: it is never played and counts 0."""
        turn = state.turn
        sheet = state.sheets[turn.player]
        if not turn.dice:
            raise MESSAGES.illegal("must_roll_first", player)
        section = self.rules.section(row.section)
        if section.mandatory:
            raise MESSAGES.illegal(
                "row_mandatory",
                player,
                row=row.en,
                row_ru=row.ru,
                section=section.en,
                section_ru=section.ru,
            )
        self._check_open(sheet, row, player)
        verdicts = [MESSAGES.verdict(Kind.INFO, "crossed", player, row=row.en, row_ru=row.ru)]
        return self._end_turn(state, sheet.write(row.name, 0, CROSSED), verdicts)

    def _end_turn(
        self, state: SheetState, sheet: Sheet, verdicts: list[Verdict]
    ) -> tuple[SheetState, list[Verdict]]:
        """Put the written sheet in place, announce the bonuses it settles, and pass the dice."""
        turn = state.turn
        player = state.players[turn.player]
        if self.rules.carry_unused_throws:
            sheet = replace(sheet, banked=turn.limit - turn.throws)
            if sheet.banked:
                verdicts.append(
                    MESSAGES.verdict(Kind.INFO, "throws_banked", player, banked=sheet.banked)
                )
        before = state.sheets
        sheets = tuple(sheet if i == turn.player else s for i, s in enumerate(before))
        verdicts += self._bonus_verdicts(state.players, before, sheets, turn.player)
        state = replace(state, sheets=sheets)
        if all(len(s.written) == len(self.rules.rows) for s in sheets):
            return self._finish(state, verdicts)
        following = (turn.player + 1) % len(state.players)
        limit = self.rules.throws + sheets[following].banked
        state = replace(state, turn=Turn(player=following, limit=limit))
        verdicts.append(MESSAGES.verdict(Kind.TURN, "turn", state.players[following]))
        return state, verdicts

    def _finish(
        self, state: SheetState, verdicts: list[Verdict]
    ) -> tuple[SheetState, list[Verdict]]:
        """Every sheet is full: the game is over, the winner is named, and in G1 every player
        is told their win or loss against the average (L90-91)."""
        state = replace(
            state, over=True, turn=Turn(player=state.turn.player, limit=state.turn.limit)
        )
        scores = self._scores(state)
        verdicts = verdicts + result_verdicts(scores)
        if self.rules.settlement == "average":
            average, deltas = settlement(scores)
            verdicts += [
                MESSAGES.verdict(
                    Kind.INFO, "settlement", p, delta=exact(delta), average=exact(average)
                )
                for p, delta in deltas.items()
            ]
        return state, verdicts

    def _bonus_verdicts(
        self,
        players: Sequence[str],
        before: Sequence[Sheet],
        after: Sequence[Sheet],
        index: int,
    ) -> list[Verdict]:
        """Bonuses this write settles: a sum that reaches its threshold now, or a section that
        every player has now filled (each player's sum is then judged, G1 L75)."""
        verdicts = []
        for bonus in self.rules.bonuses:
            section = self.rules.section(bonus.section)
            words: MessageData = {
                "section": section.en,
                "section_ru": section.ru,
                "threshold": bonus.threshold,
            }
            if bonus.when == "reached":
                was = section_sum(self.rules, before[index], bonus.section)
                now = section_sum(self.rules, after[index], bonus.section)
                if was < bonus.threshold <= now:
                    verdicts.append(
                        MESSAGES.verdict(
                            Kind.BONUS, "section_bonus", players[index], bonus.points, **words
                        )
                    )
                continue
            if decided(self.rules, before, bonus) or not decided(self.rules, after, bonus):
                continue
            for player, sheet in zip(players, after, strict=True):
                total = section_sum(self.rules, sheet, bonus.section)
                if total >= bonus.threshold:
                    verdicts.append(
                        MESSAGES.verdict(Kind.BONUS, "section_bonus", player, bonus.points, **words)
                    )
                else:
                    verdicts.append(
                        MESSAGES.verdict(
                            Kind.INFO, "section_bonus_missed", player, total=total, **words
                        )
                    )
        return verdicts

    # ----------------------------------------------------------------------------------------
    # Sheet arithmetic.

    def _scores(self, state: SheetState) -> dict[str, int]:
        return {
            p: totals(self.rules, state.sheets, i)["total"] for i, p in enumerate(state.players)
        }

    def settlement(self, state: SheetState) -> dict[str, Fraction] | None:
        """Each player's exact win or loss against the average (G1 L90-91), once the game is
        over and where the preset settles; None otherwise."""
        if not state.over or self.rules.settlement != "average":
            return None
        return settlement(self._scores(state))[1]

    def candidates(self, state: SheetState) -> dict[str, int]:
        """Every row the player may write now, with what it would score: doubling, penalties and
        the poker bonus included (the hint; the best is the view's ``best``)."""
        turn = state.turn
        if state.over or not turn.dice:
            return {}
        sheet = state.sheets[turn.player]
        extra = self._joker(sheet, turn.dice)
        joker = extra is not None and extra.joker
        if joker:
            allowed = [self.rules.row(name) for name in self._joker_rows(sheet, turn.dice)]
        else:
            allowed = self._allowed(sheet)
        out = {}
        for row in allowed:
            result, _ = self._judge(row, turn, joker)
            if self._writable(row, result):
                out[row.name] = result.points
        return out

    def crossable(self, state: SheetState) -> list[str]:
        """The rows the player may cross out now (G3: open rows outside a mandatory section)."""
        if self.rules.unmade != "cross" or state.over or not state.turn.dice:
            return []
        sheet = state.sheets[state.turn.player]
        return [
            row.name
            for row in self._allowed(sheet)
            if not self.rules.section(row.section).mandatory
        ]

    def score_sheet(self, state: SheetState) -> dict[str, Any]:
        """The printed sheet: rows down, players across, sums, bonuses, settlement, total."""
        return score_sheet(self.rules, state.players, state.sheets, state.over)

    # ----------------------------------------------------------------------------------------
    # Views.

    def view(self, state: SheetState) -> dict[str, Any]:
        scores = self._scores(state)
        turn = state.turn
        winner: str | list[str] | None = None
        if state.over:
            top = winners(scores)
            winner = top[0] if len(top) == 1 else top
        candidates = self.candidates(state)
        best = max(candidates, key=candidates.__getitem__) if candidates else None
        pairs = list(zip(state.players, state.sheets, strict=True))
        settled = None
        if state.over and self.rules.settlement == "average":
            average, deltas = settlement(scores)
            settled = {
                "average": exact(average),
                "deltas": {p: exact(d) for p, d in deltas.items()},
            }
        return {
            "game": self.game,
            "preset": self.preset,
            "players": list(state.players),
            "turn": None if state.over else state.players[turn.player],
            "throw": turn.throws,
            "throws": turn.limit,
            "dice": list(turn.dice),
            "kept": list(turn.kept),
            "locked": list(turn.locked),
            "voids": turn.voids,
            "announced": turn.announced,
            "rows": [
                {
                    "name": row.name,
                    "section": row.section,
                    "en": row.en,
                    "ru": row.ru,
                    "mandatory": self.rules.section(row.section).mandatory,
                }
                for row in self.rules.rows
            ],
            "sheets": {
                player: {row.name: sheet.get(row.name) for row in self.rules.rows}
                for player, sheet in pairs
            },
            "marks": {player: dict(sheet.marks) for player, sheet in pairs},
            "totals": {p: totals(self.rules, state.sheets, i) for i, p in enumerate(state.players)},
            "candidates": candidates,
            "best": best,
            "crossable": self.crossable(state),
            "settlement": settled,
            "scores": scores,
            "over": state.over,
            "winner": winner,
        }

    def open_actions(self, state: SheetState) -> list[Action]:
        """The choices open to the player to move.  A roll's faces are chance, so a roll is
        listed without them, and a void throw is a report of what happened, not a choice;
        keeps are every sub-multiset of the dice showing that the reroll policy allows."""
        if state.over:
            return []
        player = state.players[state.turn.player]
        turn = state.turn
        actions: list[Action] = []
        if turn.throws < turn.limit:
            actions.append(Action("roll", player))
        if turn.dice and turn.throws < turn.limit:
            seen: set[tuple[int, ...]] = set()
            for mask in range(1 << len(turn.dice)):
                keep = tuple(sorted(d for i, d in enumerate(turn.dice) if mask >> i & 1))
                if keep in seen or not is_subset(turn.locked, keep):
                    continue
                if keep or self.rules.reroll_all:
                    seen.add(keep)
                    actions.append(Action("keep", player, {"dice": keep}))
        if self.rules.announce and turn.announced is None:
            sheet = state.sheets[turn.player]
            actions += [
                Action("announce", player, {"row": row.name}) for row in self._allowed(sheet)
            ]
        actions += [Action("score", player, {"row": row}) for row in self.candidates(state)]
        actions += [Action("cross", player, {"row": row}) for row in self.crossable(state)]
        return actions


ENGINE = DiceSheetEngine
