"""``tableref sheet``, ``tableref hint`` and ``tableref shot``: a journalled session's score
sheet (text, CSV, JSON), what each open row would score now, and one shot record judged without
recording it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from scoring.actions import ActionError, action_from_json, error_text
from scoring.match import Match
from scoring.registry import create_engine
from session.journal import Journal
from ui.advice_text import advice_lines, row_titles
from ui.commands._common import (
    add_lang,
    players_list,
    refusal_text,
    said_lines,
    sheet_text,
    write_out,
)
from ui.sheet_text import FORMATS, hint_lines, sheet_csv, sheet_json, state_line
from ui.short_form import CliError

#: The verb of a game's draw for who plays first (the skittles: the winner of the lag breaks).
OPENING = "start"


def register(commands: argparse._SubParsersAction[Any]) -> None:
    sheet = commands.add_parser("sheet", help="the score sheet of a journaled session")
    sheet.add_argument("file", type=Path, metavar="SESSION", help="a journal file")
    sheet.add_argument(
        "--format", choices=(*FORMATS, "pdf"), default="text", help="text, csv, json or pdf"
    )
    sheet.add_argument("-o", "--output", type=Path, help="write here instead of stdout")
    add_lang(sheet)
    sheet.set_defaults(run=cmd_sheet)

    shot = commands.add_parser(
        "shot", help="judge one shot record (JSON) without recording it: a disputed shot"
    )
    shot.add_argument("record", type=Path, metavar="RECORD", help="a JSON file, or - for stdin")
    shot.add_argument("game", nargs="?", metavar="GAME", help="judge on a new game of GAME")
    shot.add_argument("--preset", help="a preset of the game (its default if omitted)")
    shot.add_argument("--players", type=players_list, help="comma-separated names: Anna,Boris")
    shot.add_argument("--journal", type=Path, help="judge at the point this session has reached")
    add_lang(shot)
    shot.set_defaults(run=cmd_shot)

    hint = commands.add_parser(
        "hint", help="what each open row scores now, and the optimal keep and row"
    )
    hint.add_argument("file", type=Path, metavar="SESSION", help="a journal file")
    hint.add_argument(
        "--no-advice",
        action="store_true",
        help="only the points of each row, without the optimal strategy (solved on first use)",
    )
    add_lang(hint)
    hint.set_defaults(run=cmd_hint)


def cmd_sheet(args: argparse.Namespace) -> int:
    if args.format == "pdf":
        return _sheet_pdf(args)
    with Journal.open(args.file, readonly=True) as journal:
        if args.format == "text":
            text = sheet_text(journal.match, args.lang) + "\n"
        else:
            sheet = journal.match.engine.score_sheet(journal.match.state)
            text = sheet_csv(sheet, args.lang) if args.format == "csv" else sheet_json(sheet) + "\n"
    write_out(text, args.output, f"the {args.format} sheet")
    return 0


def _sheet_pdf(args: argparse.Namespace) -> int:
    """The sheet laid out as the paper pad, for printing (ui/printing)."""
    if args.output is None:
        raise CliError(
            "sheet --format pdf: name the file with -o FILE.pdf",
            "sheet --format pdf: укажите файл: -o FILE.pdf",
        )
    from ui.printing.paper import PrintError
    from ui.printing.sheet_pdf import journal_sheet_pdf

    try:
        journal_sheet_pdf(args.file, args.output, args.lang)
    except PrintError as error:
        raise CliError(str(error)) from None
    print(f"wrote the pdf sheet to {args.output}")
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    with Journal.open(args.file, readonly=True) as journal:
        engine, state = journal.match.engine, journal.match.state
        view = journal.view()
        candidates = getattr(engine, "candidates", None)
        if candidates is None:
            raise CliError(f"{journal.game} keeps no score sheet with rows to choose from")
        if view["over"]:
            raise CliError(f"{args.file}: the game is over")
        rows = candidates(state)
        print(state_line(view, args.lang))
        if not rows:
            raise CliError(f"{view['turn']} has not thrown yet: there is nothing to write")
        print("\n".join(hint_lines(rows, args.lang)))
        advice = None
        if not args.no_advice:
            # The solver needs numpy: imported here, so that `tableref --help` stays light.
            from ui.commands._advice import advice_for

            advice = advice_for(engine, state, args.lang)
        if advice is not None:
            print("\n".join(advice_lines(advice, row_titles(engine, args.lang), args.lang)))
    return 0


def cmd_shot(args: argparse.Namespace) -> int:
    """Judge one recorded action (a shot record) as the referee would, changing nothing.

    The record is judged at the point a journaled session has reached, or on a new game (the
    first player named plays first); a record without ``by`` is taken as the shot of whoever
    is to play.
    """
    raw = _read_record(args.record)
    if args.journal is not None:
        if args.game or args.players:
            raise CliError(
                "shot: give either --journal or GAME --players, not both",
                "shot: укажите либо --journal, либо GAME и --players, но не то и другое",
            )
        with Journal.open(args.journal, readonly=True) as journal:
            return _judge(journal.match, raw, args.lang)
    if not args.game or not args.players:
        raise CliError(
            "shot: name a --journal, or a GAME and --players to judge on a new game",
            "shot: укажите --journal или, чтобы судить в новой игре, GAME и --players",
        )
    match = Match(create_engine(args.game, args.preset), args.players)
    _open(match)
    return _judge(match, raw, args.lang)


def _open(match: Match) -> None:
    """A new game that opens with a draw for the first shot (the skittles' ``start``) is
    opened by its first player, as ``--players`` orders them: judging a record on a new game
    means judging it as the first shot, not being told to draw lots."""
    first = match.players[0]
    openings = [
        action
        for action in match.engine.legal(match.state)
        if action.verb == OPENING and action.by == first
    ]
    if match.view()["turn"] is None and openings:
        match.submit(openings[0])


def _read_record(path: Path) -> dict[str, Any]:
    """A JSON object from a file or stdin, with the file named in every complaint."""
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CliError(
            f"{path}: not a text file (a shot record is JSON)",
            f"{path}: не текстовый файл (запись удара — это JSON)",
        ) from None
    try:
        raw = action_from_json(text)
    except ActionError as error:
        raise CliError(f"{path}: {error}", f"{path}: {error_text(error, 'ru')}") from None
    if not isinstance(raw, dict):
        kind = type(raw).__name__
        raise CliError(
            f"{path}: a shot record is a JSON object, got {kind}",
            f"{path}: запись удара — это объект JSON, а не {JSON_KINDS_RU.get(kind, kind)}",
        )
    return raw


#: What a JSON value that is no object is, in Russian (for the shot record's error).
JSON_KINDS_RU = {
    "list": "список",
    "str": "строка",
    "int": "число",
    "float": "число",
    "bool": "true или false",
    "NoneType": "null",
}


def _judge(match: Match, raw: dict[str, Any], lang: str) -> int:
    """Print the verdicts a record would get now, or why it is refused (exit status 1)."""
    view = match.view()
    if "by" not in raw and view["turn"] is not None:
        raw = {**raw, "by": view["turn"]}
    outcome, state = match.check(raw)
    if not outcome.accepted:
        print(f"refused: {refusal_text(outcome, lang)}")
        return 1
    view = match.engine.view(state)
    for line in said_lines(outcome.verdicts, view, lang):
        print(line)
    print(state_line(view, lang))
    return 0
