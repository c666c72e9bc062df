"""What the live page shows, as plain JSON: the audience display's content (scores, whose
turn, the dice, the game's own picture (:mod:`ui.web.picture`), the last entries as sentences
in both languages, a foul or refusal banner, the score sheet, the proposals held for the
operator), built from a session's data alone so
the page, a test and a history view read the same thing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.registry import game as catalogue_entry
from scoring.verdicts import Kind, Verdict
from session.live import Pending
from ui.qt.entries import action_text, entry_text, sheet_titles
from ui.web.picture import has_picture, picture

RECENT = 3  # entries shown, as on the audience display
BANNER_KINDS = (Kind.ILLEGAL, Kind.FOUL)


def snapshot(
    game_id: str,
    session_name: str,
    view: Mapping[str, Any],
    sheet: Mapping[str, Any],
    rows: Sequence[Any],
    verdicts: Sequence[Verdict] = (),
    pending: Sequence[Pending] = (),
    notice: str = "",
) -> dict[str, Any]:
    entry = catalogue_entry(game_id)
    titles = sheet_titles(sheet)
    recent = list(rows)[-RECENT:][::-1]
    serious = [v for v in verdicts if v.kind in BANNER_KINDS]
    last_seq = _seq(rows[-1]) if rows else 0
    return {
        "game": game_id,
        "session": session_name,
        "title": {"en": entry.title_en, "ru": entry.title_ru},
        "players": list(view.get("players") or sheet.get("columns") or []),
        "scores": dict(view.get("scores") or {}),
        "turn": view.get("turn"),
        "over": bool(view.get("over")),
        "winner": view.get("winner"),
        "dice": _list(view.get("dice")),
        "kept": _list(view.get("kept")),
        "throw": view.get("throw"),
        "throws": view.get("throws"),
        "picture": (
            {lang: picture(game_id, view, lang, verdicts) for lang in ("en", "ru")}
            if has_picture(game_id)
            else None
        ),
        "seq": last_seq,
        "entries": [
            {
                "seq": _seq(row),
                "en": entry_text(row, "en", titles),
                "ru": entry_text(row, "ru", titles),
            }
            for row in recent
        ],
        "banner": (
            {
                "kind": "illegal" if any(v.kind == Kind.ILLEGAL for v in serious) else "foul",
                "en": [v.en for v in serious[:2]],
                "ru": [v.ru for v in serious[:2]],
                "seq": last_seq,
            }
            if serious
            else None
        ),
        "sheet": {"columns": list(sheet.get("columns", [])), "rows": list(sheet.get("rows", []))},
        "pending": [
            {
                "id": held.id,
                "en": action_text(held.proposal.action, "en", titles),
                "ru": action_text(held.proposal.action, "ru", titles),
                "why": held.why,
            }
            for held in pending
        ],
        "notice": notice,
    }


def _seq(row: Any) -> int:
    return int(row["seq"]) if isinstance(row, Mapping) else int(row.seq)


def _list(value: Any) -> list[Any] | None:
    return list(value) if isinstance(value, list | tuple) else None
