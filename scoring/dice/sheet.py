"""The score-sheet engine for dice games: Yahtzee, Yacht and the other sheet games of dice.md.

A turn is up to ``throws`` throws of ``dice`` dice, with dice kept between throws, and ends when
the player writes the dice into one open row of their sheet.  The game ends when every sheet is
full.  Everything that differs between sheet games is preset data: the rows and their rules
(:mod:`scoring.dice.rows`), section bonuses, the reroll policy and the Yahtzee bonus/Joker.

Verbs
  ``roll``  ``dice``: the faces now thrown: all of them on a full throw, or only the rethrown ones
            when dice are kept (by a ``keep`` before, or by ``kept`` in the roll itself).
  ``keep``  ``dice``: the faces set aside before the next throw (a subset of the dice showing).
  ``score`` ``row``: write the dice showing into an open row; this ends the turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, ChoiceField, DiceField, Verb
from scoring.dice.combinations import kind
from scoring.dice.rows import Row, RowError
from scoring.engine import OptionsError, check_players, check_seat, result_verdicts, winners
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

MESSAGES = COMMON | Messages(
    {
        "rolled": Message(
            "{player} throws {dice} (throw {throw} of {throws})",
            "{player} бросает {dice} (бросок {throw} из {throws})",
        ),
        "kept": Message("{player} keeps {dice}", "{player} откладывает {dice}"),
        "scored": Message(
            "{player} writes {points} in {row}", "{player} записывает {points} в графу «{row_ru}»"
        ),
        "section_bonus": Message(
            "{player} reaches {threshold} in the {section} section: +{points}",
            "{player} набирает {threshold} в разделе «{section}»: +{points}",
        ),
        "extra_kind_bonus": Message(
            "Another {row} for {player}: +{points}", "Ещё один {row} у {player}: +{points}"
        ),
        "joker": Message(
            "Joker: {player}'s five of a kind counts in {row}",
            "Джокер: пять одинаковых у {player} засчитаны в графу «{row_ru}»",
        ),
        "must_roll_first": Message(
            "{player} has not thrown yet this turn", "{player} ещё не бросал в этом ходу"
        ),
        "no_throws_left": Message(
            "{player} has used all {throws} throws: choose a row",
            "{player} использовал все {throws} броска: выберите графу",
        ),
        "wrong_dice_count": Message(
            "{dice_count} dice must be on the table: {kept} kept + {thrown} thrown",
            "На столе должно быть {dice_count} костей: {kept} отложено + {thrown} брошено",
        ),
        "not_on_table": Message(
            "Cannot keep {dice}: the dice showing are {showing}",
            "Нельзя отложить {dice}: на столе {showing}",
        ),
        "locked_die": Message(
            "{locked} stayed down on the last throw and may not be thrown again",
            "{locked} не перебрасывались на прошлом броске и бросать их снова нельзя",
        ),
        "row_used": Message(
            "{player} has already written {points} in {row}",
            "У {player} графа «{row_ru}» уже заполнена ({points})",
        ),
        "joker_upper_required": Message(
            "Joker rule: {player} must write this five of a kind in {required} while it is open",
            "Правило джокера: {player} должен записать пять одинаковых в «{required_ru}»",
        ),
        "joker_lower_required": Message(
            "Joker rule: {player} must use an open lower row before an upper one",
            "Правило джокера: {player} должен сначала использовать свободную нижнюю графу",
        ),
    }
)

REROLL_POLICIES = ("free", "lock_kept")


@dataclass(frozen=True)
class SectionBonus:
    """``points`` once a section's rows add up to ``threshold`` (Yahtzee: upper, 63, 35)."""

    section: str
    threshold: int
    points: int


@dataclass(frozen=True)
class ExtraKindBonus:
    """The Yahtzee bonus and Joker of dice.md G4, keyed on the five-of-a-kind row."""

    row: str
    points: int
    joker: bool


def _count(options: Mapping[str, Any], key: str, default: int | None) -> int | None:
    """A whole-number option, named in the error when it is anything else."""
    value = options.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise OptionsError(f"{key}: expected a whole number of at least 1, got {value!r}")
    return value


def _record(kind: type, key: str, raw: Any) -> Any:
    """A bonus record from preset data, with the option's name in the error."""
    try:
        return kind(**raw)
    except TypeError as error:
        raise OptionsError(f"{key}: {raw!r} does not fit {kind.__name__}: {error}") from None


@dataclass(frozen=True)
class SheetRules:
    """A preset, read and checked once: everything the engine needs to know about the game."""

    dice: int
    faces: int
    throws: int
    reroll: str
    rows: tuple[Row, ...]
    bonuses: tuple[SectionBonus, ...]
    extra_kind: ExtraKindBonus | None
    players_min: int
    players_max: int | None

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> SheetRules:
        known = {
            "dice",
            "faces",
            "throws",
            "reroll",
            "rows",
            "bonuses",
            "extra_kind",
            "players_min",
            "players_max",
        }
        unknown = sorted(set(options) - known)
        if unknown:
            raise OptionsError(
                f"{unknown[0]}: not an option of the dice sheet ({', '.join(sorted(known))})"
            )
        if "rows" not in options:
            raise OptionsError("rows: missing from the preset")
        try:
            rows = tuple(Row.from_preset(raw) for raw in options["rows"])
        except (TypeError, ValueError) as error:
            raise OptionsError(f"rows: {error}") from None
        rules = cls(
            dice=_count(options, "dice", 5),
            faces=_count(options, "faces", 6),
            throws=_count(options, "throws", 3),
            reroll=options.get("reroll", "free"),
            rows=rows,
            bonuses=tuple(
                _record(SectionBonus, "bonuses", raw) for raw in options.get("bonuses", ())
            ),
            extra_kind=(
                _record(ExtraKindBonus, "extra_kind", options["extra_kind"])
                if options.get("extra_kind")
                else None
            ),
            players_min=_count(options, "players_min", 1),
            players_max=_count(options, "players_max", None),
        )
        if rules.reroll not in REROLL_POLICIES:
            raise OptionsError(
                f"reroll: {rules.reroll!r} is not one of {', '.join(REROLL_POLICIES)}"
            )
        names = [row.name for row in rows]
        if len(set(names)) != len(names):
            raise OptionsError(f"rows: a row name appears twice in {names}")
        if rules.extra_kind and rules.extra_kind.row not in names:
            raise OptionsError(f"extra_kind.row: {rules.extra_kind.row!r} is not a row")
        for row in rows:
            try:
                row.check(rules.dice, rules.faces)
            except RowError as error:
                raise OptionsError(f"rows: {error}") from None
        sections = {row.section for row in rows}
        for bonus in rules.bonuses:
            if bonus.section not in sections:
                raise OptionsError(
                    f"bonuses: no row is in section {bonus.section!r} "
                    f"(sections: {', '.join(sorted(sections))})"
                )
        if rules.players_max is not None and rules.players_min > rules.players_max:
            raise OptionsError(
                f"players_min: {rules.players_min} is more than players_max {rules.players_max}"
            )
        return rules

    def row(self, name: str) -> Row:
        return next(row for row in self.rows if row.name == name)


@dataclass(frozen=True)
class Sheet:
    """One player's column: rows written so far (in order) and extra five-of-a-kind bonuses."""

    written: tuple[tuple[str, int], ...] = ()
    extra_kinds: int = 0

    def get(self, row: str) -> int | None:
        return next((points for name, points in self.written if name == row), None)

    def write(self, row: str, points: int) -> Sheet:
        return replace(self, written=(*self.written, (row, points)))


@dataclass(frozen=True)
class Turn:
    """The throw in progress: what shows, what is set aside, what may not be thrown again."""

    player: int = 0
    throws: int = 0
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    locked: tuple[int, ...] = ()


@dataclass(frozen=True)
class SheetState:
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    turn: Turn
    over: bool = False


def _is_subset(part: Sequence[int], whole: Sequence[int]) -> bool:
    return not Counter(part) - Counter(whole)


def _faces(dice: Sequence[int]) -> str:
    return " ".join(str(d) for d in dice) or "nothing"


class DiceSheetEngine:
    """The engine behind every dice score-sheet preset."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.preset = preset
        self.rules = SheetRules.from_options(options)
        faces = tuple(range(1, self.rules.faces + 1))
        dice_field = DiceField(faces, 1, self.rules.dice)
        self._verbs = {
            "roll": Verb(
                "roll",
                {"dice": dice_field, "kept": DiceField(faces, 0, self.rules.dice - 1)},
                ("dice",),
                summary="the faces thrown (all dice, or only the rethrown ones)",
            ),
            "keep": Verb(
                "keep",
                {"dice": DiceField(faces, 0, self.rules.dice)},
                ("dice",),
                summary="set these faces aside before the next throw",
            ),
            "score": Verb(
                "score",
                {"row": ChoiceField(tuple(row.name for row in self.rules.rows))},
                ("row",),
                summary="write the dice showing into an open row; ends the turn",
            ),
        }

    @property
    def verbs(self) -> Mapping[str, Verb]:
        return self._verbs

    def initial(self, players: Sequence[str]) -> SheetState:
        check_players(players, self.rules.players_min, self.rules.players_max)
        return SheetState(tuple(players), tuple(Sheet() for _ in players), Turn())

    # ----------------------------------------------------------------------------------------
    # Rules.

    def apply(self, state: SheetState, action: Action) -> tuple[SheetState, list[Verdict]]:
        check_seat(state.players, None if state.over else state.players[state.turn.player], action)
        if action.verb == "roll":
            return self._roll(state, action)
        if action.verb == "keep":
            return self._keep(state, action)
        return self._score(state, action)

    def _roll(self, state: SheetState, action: Action) -> tuple[SheetState, list[Verdict]]:
        turn, player = state.turn, action.by
        if turn.throws >= self.rules.throws:
            raise MESSAGES.illegal("no_throws_left", player, throws=self.rules.throws)
        thrown: tuple[int, ...] = action.args["dice"]
        kept: tuple[int, ...] = action.args.get("kept", turn.kept) if turn.throws else ()
        if "kept" in action.args:
            self._check_keep(turn, player, kept)
        elif not _is_subset(turn.locked, kept):
            raise MESSAGES.illegal("locked_die", player, locked=_faces(turn.locked))
        if len(kept) + len(thrown) != self.rules.dice:
            raise MESSAGES.illegal(
                "wrong_dice_count",
                player,
                dice_count=self.rules.dice,
                kept=len(kept),
                thrown=len(thrown),
            )
        locked = kept if self.rules.reroll == "lock_kept" and turn.throws >= 1 else ()
        throw = turn.throws + 1
        new_turn = replace(turn, throws=throw, dice=(*kept, *thrown), kept=(), locked=locked)
        verdict = MESSAGES.verdict(
            Kind.INFO,
            "rolled",
            player,
            dice=_faces(new_turn.dice),
            throw=throw,
            throws=self.rules.throws,
        )
        return replace(state, turn=new_turn), [verdict]

    def _check_keep(self, turn: Turn, player: str | None, dice: tuple[int, ...]) -> None:
        if turn.throws == 0:
            raise MESSAGES.illegal("must_roll_first", player)
        if turn.throws >= self.rules.throws:
            raise MESSAGES.illegal("no_throws_left", player, throws=self.rules.throws)
        if not _is_subset(dice, turn.dice):
            raise MESSAGES.illegal(
                "not_on_table", player, dice=_faces(dice), showing=_faces(turn.dice)
            )
        if not _is_subset(turn.locked, dice):
            raise MESSAGES.illegal("locked_die", player, locked=_faces(turn.locked))

    def _keep(self, state: SheetState, action: Action) -> tuple[SheetState, list[Verdict]]:
        dice: tuple[int, ...] = action.args["dice"]
        self._check_keep(state.turn, action.by, dice)
        verdict = MESSAGES.verdict(Kind.INFO, "kept", action.by, dice=_faces(dice))
        return replace(state, turn=replace(state.turn, kept=dice)), [verdict]

    def _joker(self, sheet: Sheet, dice: Sequence[int]) -> bool:
        """Another five of a kind with the five-of-a-kind row already written (G4)."""
        extra = self.rules.extra_kind
        return (
            extra is not None
            and len(dice) == self.rules.dice
            and kind(dice, self.rules.dice) is not None
            and sheet.get(extra.row) is not None
        )

    def _joker_rows(self, sheet: Sheet, dice: Sequence[int]) -> list[str]:
        """Rows the Joker rule allows: the matching upper row, else open lower rows, else any."""
        open_rows = [row for row in self.rules.rows if sheet.get(row.name) is None]
        matching = [row.name for row in open_rows if row.face == dice[0]]
        if matching:
            return matching
        lower = [row.name for row in open_rows if row.face is None]
        return lower or [row.name for row in open_rows]

    def _score(self, state: SheetState, action: Action) -> tuple[SheetState, list[Verdict]]:
        turn, player = state.turn, action.by
        sheet = state.sheets[turn.player]
        row = self.rules.row(action.args["row"])
        if turn.throws == 0:
            raise MESSAGES.illegal("must_roll_first", player)
        written = sheet.get(row.name)
        if written is not None:
            raise MESSAGES.illegal("row_used", player, row=row.en, row_ru=row.ru, points=written)
        verdicts: list[Verdict] = []
        joker = self._joker(sheet, turn.dice)
        if joker and self.rules.extra_kind.joker:
            allowed = self._joker_rows(sheet, turn.dice)
            if row.name not in allowed:
                required = self.rules.row(allowed[0])
                if (
                    required.face is not None
                    and len(allowed) == 1
                    and required.face == turn.dice[0]
                ):
                    raise MESSAGES.illegal(
                        "joker_upper_required",
                        player,
                        required=required.en,
                        required_ru=required.ru,
                    )
                raise MESSAGES.illegal("joker_lower_required", player)
        if joker and sheet.get(self.rules.extra_kind.row):
            sheet = replace(sheet, extra_kinds=sheet.extra_kinds + 1)
            verdicts.append(
                MESSAGES.verdict(
                    Kind.BONUS,
                    "extra_kind_bonus",
                    player,
                    self.rules.extra_kind.points,
                    row=self.rules.row(self.rules.extra_kind.row).en,
                )
            )
        use_joker = joker and self.rules.extra_kind.joker
        points = row.score(turn.dice, joker=use_joker)
        before = self._section_totals(sheet)
        sheet = sheet.write(row.name, points)
        verdicts.insert(
            0, MESSAGES.verdict(Kind.POINTS, "scored", player, points, row=row.en, row_ru=row.ru)
        )
        if use_joker and row.face is None and row.score(turn.dice) != points:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "joker", player, row=row.en, row_ru=row.ru))
        after = self._section_totals(sheet)
        for bonus in self.rules.bonuses:
            if before.get(bonus.section, 0) < bonus.threshold <= after.get(bonus.section, 0):
                verdicts.append(
                    MESSAGES.verdict(
                        Kind.BONUS,
                        "section_bonus",
                        player,
                        bonus.points,
                        section=bonus.section,
                        threshold=bonus.threshold,
                    )
                )
        sheets = tuple(sheet if i == turn.player else s for i, s in enumerate(state.sheets))
        state = replace(state, sheets=sheets)
        if all(len(s.written) == len(self.rules.rows) for s in sheets):
            state = replace(state, over=True, turn=Turn(player=turn.player))
            return state, verdicts + result_verdicts(self._scores(state))
        following = (turn.player + 1) % len(state.players)
        state = replace(state, turn=Turn(player=following))
        verdicts.append(MESSAGES.verdict(Kind.TURN, "turn", state.players[following]))
        return state, verdicts

    # ----------------------------------------------------------------------------------------
    # Sheet arithmetic.

    def _section_totals(self, sheet: Sheet) -> dict[str, int]:
        totals: dict[str, int] = {}
        for row in self.rules.rows:
            totals[row.section] = totals.get(row.section, 0) + (sheet.get(row.name) or 0)
        return totals

    def totals(self, sheet: Sheet) -> dict[str, int]:
        """Section sums, bonuses and the grand total of one sheet, as printed on the sheet."""
        sections = self._section_totals(sheet)
        extra = self.rules.extra_kind
        out: dict[str, int] = {}
        for section, rows_sum in sections.items():
            out[f"{section}_sum"] = rows_sum
            bonuses = 0
            for bonus in self.rules.bonuses:
                if bonus.section == section:
                    won = bonus.points if rows_sum >= bonus.threshold else 0
                    out[f"{section}_bonus"] = won
                    bonuses += won
            if extra and self.rules.row(extra.row).section == section:
                out[f"{extra.row}_bonus"] = sheet.extra_kinds * extra.points
                bonuses += sheet.extra_kinds * extra.points
            out[f"{section}_total"] = rows_sum + bonuses
        out["total"] = sum(out[f"{section}_total"] for section in sections)
        return out

    def _scores(self, state: SheetState) -> dict[str, int]:
        return {
            p: self.totals(s)["total"] for p, s in zip(state.players, state.sheets, strict=True)
        }

    def candidates(self, state: SheetState) -> dict[str, int]:
        """What each row the player may write now would score: the sheet's pencilled hints."""
        if state.over or state.turn.throws == 0:
            return {}
        sheet = state.sheets[state.turn.player]
        dice = state.turn.dice
        joker = self._joker(sheet, dice) and self.rules.extra_kind.joker
        allowed = (
            self._joker_rows(sheet, dice)
            if joker
            else [row.name for row in self.rules.rows if sheet.get(row.name) is None]
        )
        return {name: self.rules.row(name).score(dice, joker=joker) for name in allowed}

    # ----------------------------------------------------------------------------------------
    # Views.

    def view(self, state: SheetState) -> dict[str, Any]:
        scores = self._scores(state)
        turn = state.turn
        winner: str | list[str] | None = None
        if state.over:
            top = winners(scores)
            winner = top[0] if len(top) == 1 else top
        return {
            "game": self.game,
            "preset": self.preset,
            "players": list(state.players),
            "turn": None if state.over else state.players[turn.player],
            "throw": turn.throws,
            "throws": self.rules.throws,
            "dice": list(turn.dice),
            "kept": list(turn.kept),
            "locked": list(turn.locked),
            "rows": [
                {"name": row.name, "section": row.section, "en": row.en, "ru": row.ru}
                for row in self.rules.rows
            ],
            "sheets": {
                player: {row.name: sheet.get(row.name) for row in self.rules.rows}
                for player, sheet in zip(state.players, state.sheets, strict=True)
            },
            "totals": {
                player: self.totals(sheet)
                for player, sheet in zip(state.players, state.sheets, strict=True)
            },
            "candidates": self.candidates(state),
            "scores": scores,
            "over": state.over,
            "winner": winner,
        }

    def legal(self, state: SheetState) -> list[Action]:
        """The choices open to the player to move.  A roll's faces are chance, so a roll is
        listed without them; keeps are every sub-multiset of the dice showing."""
        if state.over:
            return []
        player = state.players[state.turn.player]
        turn = state.turn
        actions: list[Action] = []
        if turn.throws < self.rules.throws:
            actions.append(Action("roll", player))
        if 0 < turn.throws < self.rules.throws:
            seen: set[tuple[int, ...]] = set()
            for mask in range(1 << len(turn.dice)):
                keep = tuple(sorted(d for i, d in enumerate(turn.dice) if mask >> i & 1))
                if keep not in seen and _is_subset(turn.locked, keep):
                    seen.add(keep)
                    actions.append(Action("keep", player, {"dice": keep}))
        actions += [Action("score", player, {"row": row}) for row in self.candidates(state)]
        return actions


ENGINE = DiceSheetEngine
