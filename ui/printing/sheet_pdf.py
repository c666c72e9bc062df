"""One game's score sheet on paper: the game and its players at the top, then the pad itself,
rows down and players across, each cell a pencil's height, sums and totals shaded and bold,
a heavy rule above the total, as a Yahtzee pad or a dice-poker sheet is printed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scoring.registry import game as catalogue_entry
from session.journal import Journal
from ui.printing.paper import FAMILY, Line, Paper
from ui.printing.words import word
from ui.sheet_text import state_line, winner_line

#: Players side by side on a portrait page; more turn the page sideways.
PORTRAIT_PLAYERS = 6
TITLE_MM = 45.0  # the title column's least width
TITLE_SHARE = 0.45  # and its most, of the page's width


def sheet_lines(sheet: Mapping[str, Any], lang: str) -> list[Line]:
    players = list(sheet["columns"])
    return [
        Line(
            [
                str(row["ru"] if lang == "ru" else row["en"]),
                *(_cell(row["cells"].get(player)) for player in players),
            ],
            str(row["kind"]),
        )
        for row in sheet["rows"]
    ]


def add_sheet_page(
    paper: Paper, title: str, lines: Sequence[str], sheet: Mapping[str, Any], lang: str
) -> None:
    """One game's sheet on a new page of ``paper``."""
    paper.add_page()
    paper.heading(title, lines)
    body = sheet_lines(sheet, lang)
    paper.ruled(["", *sheet["columns"]], body, title_width(paper, body))


def title_width(paper: Paper, body: Sequence[Line]) -> float:
    """The title column as wide as its longest title, within a share of the page."""
    paper.set_font(FAMILY, "B", 10)
    longest = max((paper.get_string_width(str(line.cells[0])) for line in body), default=0.0)
    return min(max(longest + 4, TITLE_MM), TITLE_SHARE * paper.width)


def game_lines(journal: Journal, lang: str) -> list[str]:
    """What heads a game's sheet: rules, players, when it began, and where it stands."""
    view = journal.view()
    rows = journal.rows()
    facts = [
        word("preset", lang, preset=journal.preset or journal.game),
        word("players", lang, players=", ".join(journal.players)),
    ]
    if rows:
        facts.append(word("started", lang, at=rows[0].at[:16].replace("T", " ")))
    facts.append(word("actions", lang, count=len(rows)))
    standing = winner_line(view, lang) if view["over"] else state_line(view, lang)
    return [" · ".join(facts), standing]


def game_title(game_id: str, lang: str) -> str:
    entry = catalogue_entry(game_id)
    name = entry.title_ru if lang == "ru" else entry.title_en
    return f"{name}: {word('sheet', lang).lower()}"


def journal_sheet_pdf(journal_path: Path, out: Path, lang: str = "en") -> Path:
    """The printable sheet of a journalled session (read beside a session still writing it)."""
    with Journal.open(journal_path, readonly=True) as journal:
        sheet = journal.match.engine.score_sheet(journal.match.state)
        paper = Paper(footer_text(journal_path, lang), len(sheet["columns"]) > PORTRAIT_PLAYERS)
        paper.set_title(game_title(journal.game, lang))
        add_sheet_page(
            paper, game_title(journal.game, lang), game_lines(journal, lang), sheet, lang
        )
    return paper.save(out)


def footer_text(source: Path, lang: str) -> str:
    at = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return word("printed", lang, name=source.name, at=at)


def _cell(value: Any) -> str:
    return "" if value is None else str(value)
