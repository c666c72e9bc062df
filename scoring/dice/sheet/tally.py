"""The arithmetic of dice score sheets: section sums, bonuses, totals, the G1 settlement, and the
printed sheet (rows down, players across) built from them.

Everything here is a function of the players' sheets, never of the turn in progress, so the
view, the verdicts and the printed sheet add up the same numbers the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from scoring.dice.sheet.rules import Section, SectionBonus, SheetRules

DONE = "done"
CROSSED = "crossed"


@dataclass(frozen=True)
class Sheet:
    """One player's column: rows written so far (in order), the marks of rows made exactly or
    crossed out, extra five-of-a-kind bonuses, unused-throw bonus points and carried throws."""

    written: tuple[tuple[str, int], ...] = ()
    marks: tuple[tuple[str, str], ...] = ()
    extra_kinds: int = 0
    unused_bonus: int = 0
    banked: int = 0

    def get(self, row: str) -> int | None:
        return next((points for name, points in self.written if name == row), None)

    def mark(self, row: str) -> str | None:
        return next((mark for name, mark in self.marks if name == row), None)

    def write(self, row: str, points: int, mark: str | None = None) -> Sheet:
        marks = (*self.marks, (row, mark)) if mark else self.marks
        return replace(self, written=(*self.written, (row, points)), marks=marks)


def section_sum(rules: SheetRules, sheet: Sheet, section: str) -> int:
    return sum(sheet.get(row.name) or 0 for row in rules.rows if row.section == section)


def section_filled(rules: SheetRules, sheet: Sheet, section: str) -> bool:
    return all(sheet.get(row.name) is not None for row in rules.rows if row.section == section)


def decided(rules: SheetRules, sheets: Sequence[Sheet], bonus: SectionBonus) -> bool:
    """Whether a bonus can be judged yet: at once, or when every player has filled the section."""
    return bonus.when == "reached" or all(
        section_filled(rules, sheet, bonus.section) for sheet in sheets
    )


def bonus_won(rules: SheetRules, sheets: Sequence[Sheet], index: int, bonus: SectionBonus) -> int:
    won = section_sum(rules, sheets[index], bonus.section) >= bonus.threshold
    return bonus.points if won and decided(rules, sheets, bonus) else 0


def totals(rules: SheetRules, sheets: Sequence[Sheet], index: int) -> dict[str, int]:
    """Section sums, bonuses and the grand total of one player's sheet, as the sheet prints them.

    Keys: ``<section>_sum``, ``<section>_bonus`` (a section bonus), ``<row>_bonus`` (the extra
    five-of-a-kind bonus), ``<section>_total`` (sum and bonuses), ``unused_bonus`` (A1) and
    ``total``.  Every ``*_bonus`` is counted once in ``total``.
    """
    sheet = sheets[index]
    extra = rules.extra_kind
    out: dict[str, int] = {}
    for section in rules.sections:
        rows_sum = section_sum(rules, sheet, section.name)
        out[f"{section.name}_sum"] = rows_sum
        bonuses = 0
        for bonus in rules.bonuses:
            if bonus.section == section.name:
                won = bonus_won(rules, sheets, index, bonus)
                out[f"{section.name}_bonus"] = out.get(f"{section.name}_bonus", 0) + won
                bonuses += won
        if extra and rules.row(extra.row).section == section.name:
            out[f"{extra.row}_bonus"] = sheet.extra_kinds * extra.points
            bonuses += sheet.extra_kinds * extra.points
        out[f"{section.name}_total"] = rows_sum + bonuses
    total = sum(out[f"{section.name}_total"] for section in rules.sections)
    if rules.unused_throw_bonus:
        out["unused_bonus"] = sheet.unused_bonus
        total += sheet.unused_bonus
    out["total"] = total
    return out


def settlement(scores: Mapping[str, int]) -> tuple[Fraction, dict[str, Fraction]]:
    """G1 L90-91: the average of the totals, and each player's total minus it (zero-sum)."""
    average = Fraction(sum(scores.values()), len(scores))
    return average, {player: total - average for player, total in scores.items()}


def exact(value: Fraction) -> int | str:
    """A whole number as an int; otherwise the exact mixed number a referee would write,
    ``"33 1/3"`` or ``"-2/3"``, so that the settlement still sums to exactly zero."""
    if value.denominator == 1:
        return int(value)
    sign = "-" if value < 0 else ""
    whole, part = divmod(abs(value), 1)
    return f"{sign}{int(whole)} {part}" if whole else f"{sign}{part}"


# --------------------------------------------------------------------------------------------
# The printed sheet.


def _line(key: str, en: str, ru: str, kind: str, cells: Mapping[str, Any]) -> dict[str, Any]:
    return {"key": key, "en": en, "ru": ru, "kind": kind, "cells": dict(cells)}


def _cell(rules: SheetRules, sheet: Sheet, row: str) -> int | str | None:
    mark = sheet.mark(row)
    if mark == CROSSED:
        return rules.marks.crossed
    if mark == DONE:
        return rules.marks.done
    return sheet.get(row)


Cells = Mapping[str, Any]


def _section_lines(
    rules: SheetRules,
    section: Section,
    players: Sequence[str],
    sheets: Sequence[Sheet],
    cells: Callable[[str], Cells],
) -> list[dict[str, Any]]:
    """A section's rows, then its sum, its bonuses and its total as a printed pad has them (the
    sum is left out when it would only repeat the grand total, the total when it would only
    repeat the sum)."""
    lines = [
        _line(
            row.name,
            row.en,
            row.ru,
            "row",
            {p: _cell(rules, s, row.name) for p, s in zip(players, sheets, strict=True)},
        )
        for row in rules.rows
        if row.section == section.name
    ]
    extras = []
    for bonus in rules.bonuses:
        if bonus.section == section.name:
            key = f"{section.name}_bonus"
            shown = cells(key) if decided(rules, sheets, bonus) else dict.fromkeys(players)
            extras.append(_line(key, f"{section.en} bonus", f"{section.ru}: бонус", "bonus", shown))
    extra = rules.extra_kind
    if extra and rules.row(extra.row).section == section.name:
        row = rules.row(extra.row)
        key = f"{extra.row}_bonus"
        extras.append(_line(key, f"{row.en} bonus", f"Бонус «{row.ru}»", "bonus", cells(key)))
    if extras or len(rules.sections) > 1:
        key = f"{section.name}_sum"
        lines.append(
            _line(key, f"{section.en} sum", f"{section.ru}: сумма", "subtotal", cells(key))
        )
    if extras:
        key = f"{section.name}_total"
        total = _line(key, f"{section.en} total", f"{section.ru}: итого", "subtotal", cells(key))
        lines += [*extras, total]
    return lines


def _settlement_lines(scores: Mapping[str, int], over: bool) -> list[dict[str, Any]]:
    """G1's last reckoning, blank until the game is over: the average and each player's win
    (positive) or loss (negative) against it."""
    average, deltas = settlement(scores)
    return [
        _line(
            "average",
            "Average",
            "Среднее",
            "subtotal",
            dict.fromkeys(scores, exact(average) if over else None),
        ),
        _line(
            "settlement",
            "Win or loss against the average",
            "Выигрыш или проигрыш к среднему",
            "subtotal",
            {p: exact(delta) if over else None for p, delta in deltas.items()},
        ),
    ]


def score_sheet(
    rules: SheetRules, players: Sequence[str], sheets: Sequence[Sheet], over: bool
) -> dict[str, Any]:
    """The sheet players keep on paper: each section's lines, the unused-throw bonus, the G1
    settlement, and the grand total last (so the last row always holds the scores).

    A row cell is its points, the done or crossed mark, or None while open; a bonus judged only
    when every player has filled its section (G1) stays None until then.
    """
    table = {p: totals(rules, sheets, i) for i, p in enumerate(players)}

    def cells(key: str) -> dict[str, int]:
        return {p: table[p][key] for p in players}

    lines = []
    for section in rules.sections:
        lines += _section_lines(rules, section, players, sheets, cells)
    if rules.unused_throw_bonus:
        unused = cells("unused_bonus")
        lines.append(
            _line("unused_bonus", "Unused throws", "Неиспользованные броски", "bonus", unused)
        )
    scores = cells("total")
    if rules.settlement == "average":
        lines += _settlement_lines(scores, over)
    lines.append(_line("total", "Total", "Итого", "total", scores))
    return {"columns": list(players), "rows": lines}
