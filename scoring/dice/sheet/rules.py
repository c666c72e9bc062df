"""A dice score-sheet preset, read and checked once: everything the sheet engine obeys.

Every sheet game of rules/dice.md is these options and nothing else (see the module docstring
of :mod:`.engine` for the verbs).  A preset that could leave a player without a legal
move, or that names a row or section that is not there, is refused when it loads, with the
option named first in the message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from scoring.dice.rows import Row, RowError
from scoring.dice.throws import VoidPolicy
from scoring.engine import OptionsError
from scoring.options import (
    check_known,
    check_table_size,
    option_choice,
    option_count,
    option_flag,
    option_whole,
)

REROLL_POLICIES = ("free", "lock_kept")
ORDERS = ("free", "fixed")
BONUS_WHEN = ("reached", "section_done")
UNMADE = ("zero", "cross")
DOUBLING = ("stopped", "untouched")
UNUSED_WHEN = ("made", "always")
SETTLEMENTS = ("none", "average")

#: Titles of the sections that presets name without a ``sections`` block (Yahtzee, Yacht).
SECTION_TITLES = {
    "upper": ("Upper", "Верхняя часть"),
    "lower": ("Lower", "Нижняя часть"),
}

KNOWN = (
    "dice",
    "faces",
    "throws",
    "reroll",
    "reroll_all",
    "rows",
    "row_params",
    "sections",
    "bonuses",
    "extra_kind",
    "unmade",
    "doubling",
    "double_plus",
    "unused_throw_bonus",
    "unused_bonus_when",
    "carry_unused_throws",
    "announce",
    "settlement",
    "void_rethrow",
    "void_costs_throw",
    "marks",
    "players_min",
    "players_max",
)


@dataclass(frozen=True)
class Section:
    """A part of the sheet.  Rows of a later ``stage`` wait until the player has filled every
    row of the earlier ones (G1: school, then combinations); a ``fixed`` order fills the rows
    top to bottom; a ``mandatory`` section is never crossed out and never zeroed (G3 Part 1)."""

    name: str
    en: str
    ru: str
    stage: int = 1
    order: str = "free"
    mandatory: bool = False


@dataclass(frozen=True)
class SectionBonus:
    """``points`` once a section's rows add up to ``threshold`` (Yahtzee: upper, 63, 35).

    ``when``: ``reached`` pays as soon as the sum gets there; ``section_done`` judges the sum
    once every player has filled the section (G1 L75: school sum >= 0 -> +50), since rows
    that can be negative make any earlier judgement premature."""

    section: str
    threshold: int
    points: int
    when: str = "reached"


@dataclass(frozen=True)
class ExtraKindBonus:
    """The Yahtzee bonus and Joker of dice.md G4, keyed on the five-of-a-kind row."""

    row: str
    points: int
    joker: bool


@dataclass(frozen=True)
class Marks:
    """How the sheet prints a row made exactly (G1 tick, G3 "X") and a crossed-out row."""

    done: str = "✓"
    crossed: str = "—"


def _choice(options: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    """A choice whose default is the first (the usual rule, then the variants)."""
    return option_choice(options, key, choices, choices[0])


def _record(kind: type, key: str, raw: Any) -> Any:
    """A record from preset data, with the option's name in the error."""
    try:
        return kind(**raw)
    except TypeError as error:
        raise OptionsError(f"{key}: {raw!r} does not fit {kind.__name__}: {error}") from None


def _rows(options: Mapping[str, Any]) -> tuple[Row, ...]:
    """The rows, each with its ``row_params`` overrides (the alternatives of an [AMB] that
    is a row's parameter, such as G3's Part-1 over-count or A1's kare bonus) laid on top."""
    if "rows" not in options:
        raise OptionsError("rows: missing from the preset")
    tuned = options.get("row_params") or {}
    if not isinstance(tuned, Mapping) or not all(isinstance(v, Mapping) for v in tuned.values()):
        raise OptionsError(f"row_params: expected row: {{parameter: value}}, got {tuned!r}")
    try:
        raws = [dict(raw) for raw in options["rows"]]
        rows = tuple(Row.from_preset({**raw, **tuned.get(raw.get("name"), {})}) for raw in raws)
    except (TypeError, ValueError) as error:
        raise OptionsError(f"rows: {error}") from None
    names = [row.name for row in rows]
    if len(set(names)) != len(names):
        raise OptionsError(f"rows: a row name appears twice in {names}")
    unknown = sorted(set(tuned) - set(names))
    if unknown:
        raise OptionsError(f"row_params: {unknown[0]!r} is not a row")
    return rows


def _sections(options: Mapping[str, Any], rows: tuple[Row, ...]) -> tuple[Section, ...]:
    """Sections in sheet order (the order of their first row); those the preset does not
    describe are one-stage, free-order, optional sections."""
    described: dict[str, Section] = {}
    for raw in options.get("sections") or ():
        if not isinstance(raw, Mapping) or "name" not in raw:
            raise OptionsError(f"sections: {raw!r} has no name")
        data = dict(raw)
        title = data.pop("title", None) or {}
        name = data["name"]
        data.setdefault("en", title.get("en", name.capitalize()))
        data.setdefault("ru", title.get("ru", name))
        section = _record(Section, "sections", data)
        if section.order not in ORDERS:
            raise OptionsError(f"sections: {name} order {section.order!r} is not one of {ORDERS}")
        if isinstance(section.stage, bool) or not isinstance(section.stage, int):
            raise OptionsError(f"sections: {name} stage must be a whole number")
        if not isinstance(section.mandatory, bool):
            raise OptionsError(f"sections: {name} mandatory must be true or false")
        described[name] = section
    in_use = list(dict.fromkeys(row.section for row in rows))
    empty = sorted(set(described) - set(in_use))
    if empty:
        raise OptionsError(f"sections: no row is in section {empty[0]!r}")
    return tuple(
        described.get(name) or Section(name, *SECTION_TITLES.get(name, (name.capitalize(), name)))
        for name in in_use
    )


@dataclass(frozen=True)
class SheetRules:
    """A preset, read and checked once: everything the engine needs to know about the game."""

    dice: int
    faces: int
    throws: int
    reroll: str
    reroll_all: bool
    rows: tuple[Row, ...]
    sections: tuple[Section, ...]
    bonuses: tuple[SectionBonus, ...]
    extra_kind: ExtraKindBonus | None
    unmade: str
    doubling: str
    double_plus: bool
    unused_throw_bonus: int
    unused_bonus_when: str
    carry_unused_throws: bool
    announce: bool
    settlement: str
    void: VoidPolicy | None
    marks: Marks
    players_min: int
    players_max: int | None

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> SheetRules:
        check_known(options, KNOWN, "the dice sheet")
        rows = _rows(options)
        declares_void = "void_rethrow" in options or "void_costs_throw" in options
        rules = cls(
            dice=option_whole(options, "dice", 5),
            faces=option_whole(options, "faces", 6),
            throws=option_whole(options, "throws", 3),
            reroll=_choice(options, "reroll", REROLL_POLICIES),
            reroll_all=option_flag(options, "reroll_all", True),
            rows=rows,
            sections=_sections(options, rows),
            bonuses=tuple(
                _record(SectionBonus, "bonuses", raw) for raw in options.get("bonuses", ())
            ),
            extra_kind=(
                _record(ExtraKindBonus, "extra_kind", options["extra_kind"])
                if options.get("extra_kind")
                else None
            ),
            unmade=_choice(options, "unmade", UNMADE),
            doubling=_choice(options, "doubling", DOUBLING),
            double_plus=option_flag(options, "double_plus", False),
            unused_throw_bonus=option_whole(options, "unused_throw_bonus", 0, minimum=0),
            unused_bonus_when=_choice(options, "unused_bonus_when", UNUSED_WHEN),
            carry_unused_throws=option_flag(options, "carry_unused_throws", False),
            announce=option_flag(options, "announce", False),
            settlement=_choice(options, "settlement", SETTLEMENTS),
            void=VoidPolicy.read(options) if declares_void else None,
            marks=_record(Marks, "marks", options.get("marks") or {}),
            players_min=option_whole(options, "players_min", 1),
            players_max=option_count(options, "players_max", None),
        )
        rules._check(options)
        return rules

    def _check(self, options: Mapping[str, Any]) -> None:
        names = [row.name for row in self.rows]
        if self.extra_kind and self.extra_kind.row not in names:
            raise OptionsError(f"extra_kind.row: {self.extra_kind.row!r} is not a row")
        checked: list[Row] = []
        for row in self.rows:
            scoring = replace(row, name="", en="", ru="", section="")
            if scoring not in checked:  # twelve sea-dice rounds share one value table
                try:
                    row.check(self.dice, self.faces)
                except RowError as error:
                    raise OptionsError(f"rows: {error}") from None
                checked.append(scoring)
            if self.section(row.section).mandatory and row.zeroes(self.dice, self.faces):
                raise OptionsError(
                    f"rows: {row.name} is in mandatory section {row.section} but a missed "
                    "combination scores a plain 0; a mandatory row takes a penalty instead"
                )
        sections = {section.name for section in self.sections}
        for bonus in self.bonuses:
            if bonus.section not in sections:
                raise OptionsError(
                    f"bonuses: no row is in section {bonus.section!r} "
                    f"(sections: {', '.join(sorted(sections))})"
                )
            if bonus.when not in BONUS_WHEN:
                raise OptionsError(f"bonuses: when {bonus.when!r} is not one of {BONUS_WHEN}")
        check_table_size(self.players_min, self.players_max)

    @cached_property
    def _by_name(self) -> tuple[dict[str, Row], dict[str, Section]]:
        rows = {row.name: row for row in self.rows}
        return rows, {section.name: section for section in self.sections}

    def row(self, name: str) -> Row:
        return self._by_name[0][name]

    def section(self, name: str) -> Section:
        return self._by_name[1][name]

    @property
    def fixed_order(self) -> bool:
        """Every section is filled top to bottom, so a score names no row (sea dice rounds)."""
        return all(section.order == "fixed" for section in self.sections)
