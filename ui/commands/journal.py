"""``tableref journal show|export|import``: a session journal's details, rows and sheet; the
session as a scenario; a scenario's actions into a new journal.

``show`` writes each row as ``play`` does, the action read out (``Anna: roll 1 2 3 4 5``) and
the referee's verdicts under it; ``--json`` gives one JSON document instead: the details, each
row with its action as stored and its verdicts, and the game's view.  Show and export only read:
they take no lock, so they work beside the session writing the journal.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from scoring.engine import OptionsError
from scoring.registry import UnknownGame
from scoring.scenario import ScenarioError, load
from session.journal import Journal
from ui.commands._common import (
    SCENARIO_CRASHES,
    add_lang,
    columns,
    sheet_text,
    source_text,
    verdict_text,
    write_out,
)
from ui.sheet_text import state_line
from ui.short_form import CliError, describe


def register(commands: argparse._SubParsersAction[Any]) -> None:
    journal = commands.add_parser("journal", help="show, export or import a session journal")
    actions = journal.add_subparsers(title="actions", metavar="ACTION", required=True)
    show = actions.add_parser("show", help="the session's details, actions and score sheet")
    show.add_argument("file", type=Path, metavar="FILE")
    show.add_argument(
        "--json",
        action="store_true",
        help="one JSON document: details, rows (actions as stored, verdicts) and the view",
    )
    add_lang(show)
    show.set_defaults(run=cmd_journal_show)
    export = actions.add_parser("export", help="the session as a scenario (YAML)")
    export.add_argument("file", type=Path, metavar="FILE")
    export.add_argument("-o", "--output", type=Path, help="write here instead of stdout")
    export.set_defaults(run=cmd_journal_export)
    imports = actions.add_parser("import", help="a scenario's actions into a new journal")
    imports.add_argument("scenario", type=Path, metavar="SCENARIO")
    imports.add_argument("--journal", type=Path, required=True, help="the new journal file")
    imports.set_defaults(run=cmd_journal_import)


def cmd_journal_show(args: argparse.Namespace) -> int:
    with Journal.open(args.file, readonly=True) as journal:
        if args.json:
            print(json.dumps(_document(journal), ensure_ascii=False, indent=1, default=str))
            return 0
        rows = journal.rows()
        details = [
            ("journal", str(journal.path)),
            ("game", f"{journal.game} (preset {journal.preset})"),
            ("players", ", ".join(journal.players)),
            ("actions", str(len(rows))),
        ]
        if journal.options:
            details.append(("options", json.dumps(journal.options, ensure_ascii=False)))
        print(columns(details))
        print()
        table = [("#", "time", "source", "action")]
        table += [
            (
                str(row.seq),
                row.at,
                source_text(row.source, row.confidence, row.frame),
                describe(row.action),
            )
            for row in rows
        ]
        said = [()] + [journal.verdicts.get(row.seq, ()) for row in rows]
        print(_with_verdicts(table, said, args.lang))
        print()
        print(sheet_text(journal.match, args.lang))
        if not journal.view()["over"]:
            print(state_line(journal.view(), args.lang))
    return 0


def _document(journal: Journal) -> dict[str, Any]:
    """The journal as data: what a script reads instead of the printed table."""
    return {
        "journal": str(journal.path),
        "game": journal.game,
        "preset": journal.preset,
        "players": list(journal.players),
        "options": dict(journal.options),
        "rows": [
            {
                "seq": row.seq,
                "at": row.at,
                "source": row.source,
                "confidence": row.confidence,
                "frame": row.frame,
                "action": row.action,
                "verdicts": [v.to_dict() for v in journal.verdicts.get(row.seq, ())],
            }
            for row in journal.rows()
        ],
        "view": journal.view(),
    }


def _with_verdicts(
    table: list[tuple[str, str, str, str]], said: list[tuple[Any, ...]], lang: str
) -> str:
    """The rows' table with each row's verdicts under its action, as ``play`` says them."""
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    indent = " " * (sum(widths) + 2 * len(widths))
    lines = []
    for line, verdicts in zip(columns(table).splitlines(), said, strict=True):
        lines.append(line)
        lines += [f"{indent}  {verdict_text(verdict, lang)}" for verdict in verdicts]
    return "\n".join(lines)


def cmd_journal_export(args: argparse.Namespace) -> int:
    with Journal.open(args.file, readonly=True) as journal:
        scenario = journal.to_scenario()
    write_out(scenario.to_yaml(), args.output, f"{len(scenario.steps)} actions")
    return 0


def cmd_journal_import(args: argparse.Namespace) -> int:
    try:
        journal = Journal.from_scenario(load(args.scenario), args.journal)
    except ScenarioError:
        raise  # names the file already
    except (UnknownGame, OptionsError, *SCENARIO_CRASHES) as error:
        raise CliError(f"{args.scenario}: {error}") from None
    with journal:
        count = len(journal.match.entries)
    print(f"imported {count} actions from {args.scenario} into {args.journal}")
    return 0
