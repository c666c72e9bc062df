"""Journal rows with what each one led to: its verdicts and whether a later row undid or
corrected it.

The journal stores actions, not verdicts (they follow from the rules), so both the console (for
a resumed session) and the replay viewer re-fold the rows through a fresh match to get them
back; the same fold gives the match after any number of rows, which is what scrubbing shows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import CORRECT, UNDO
from scoring.match import Match
from scoring.registry import create_engine
from scoring.verdicts import Verdict
from session.journal import JournalRow
from ui.short_form import describe


@dataclass(frozen=True)
class JudgedRow:
    """One journal row, the verdicts it produced, and the later row that revised it, if any."""

    row: JournalRow
    verdicts: tuple[Verdict, ...]
    undone_by: int | None = None
    corrected_by: int | None = None


class RowFoldError(Exception):
    """A stored row the rules refuse on re-folding: names the row and the engine's reason."""


def fold_rows(
    game: str,
    preset: str | None,
    options: Mapping[str, Any] | None,
    players: Sequence[str],
    rows: Sequence[JournalRow],
) -> tuple[Match, list[JudgedRow]]:
    """Re-judge ``rows`` in order; the final match and every row with its verdicts."""
    match = Match(create_engine(game, preset, options), players)
    verdicts: list[tuple[Verdict, ...]] = []
    for row in rows:
        outcome = match.submit(row.action)
        if not outcome.accepted:
            raise RowFoldError(f"row {row.seq} ({action_text(row.action)}): {outcome.error}")
        verdicts.append(outcome.verdicts)
    return match, mark_revisions(rows, verdicts)


def mark_revisions(
    rows: Sequence[JournalRow], verdicts: Sequence[tuple[Verdict, ...]]
) -> list[JudgedRow]:
    """Pair rows with their verdicts and note which later undo or correction touched each."""
    undone: dict[int, int] = {}
    corrected: dict[int, int] = {}
    for row in rows:
        target = row.action.get("target")
        if row.action.get("do") == UNDO and target is not None:
            undone[target] = row.seq
        elif row.action.get("do") == CORRECT and target is not None:
            corrected[target] = row.seq
            undone.pop(target, None)
    return [
        JudgedRow(row, tuple(found), undone.get(row.seq), corrected.get(row.seq))
        for row, found in zip(rows, verdicts, strict=True)
    ]


def match_after(match: Match, count: int) -> Match:
    """The match as it stood after its first ``count`` entries (undo and correction folded)."""
    return Match(match.engine, match.players, match.entries[:count])


def action_text(action: Mapping[str, Any]) -> str:
    """An action as the referee reads it: ``Anna: roll 6 6 6 2 3``, ``undo #3``,
    ``correct #2 → Anna: score sixes``."""
    verb = action.get("do")
    if verb == UNDO:
        target = action.get("target")
        return "undo" if target is None else f"undo #{target}"
    if verb == CORRECT:
        inner = action.get("action")
        replacement = describe(inner) if isinstance(inner, Mapping) else json.dumps(inner)
        return f"correct #{action.get('target')} → {replacement}"
    return describe(action)


def verdicts_text(verdicts: Sequence[Verdict], lang: str) -> str:
    """The verdicts of one row in the reader's language, one after another."""
    return "; ".join(verdict.ru if lang == "ru" else verdict.en for verdict in verdicts)
