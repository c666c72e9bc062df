"""``tableref night``: a dice night as one thing.  ``start`` makes the night's folder for a
group, ``next`` adds its next game (a journal in the folder, played with ``tableref play
--resume`` or ``tableref run --night``), ``status`` prints the standings so far, and ``report``
writes them as PDF (the standings and every game's sheet), CSV or JSON."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from scoring.dice.sheet.tally import exact
from ui.commands._common import add_lang, columns, option_pair, players_list, write_out
from ui.short_form import CliError


def register(commands: argparse._SubParsersAction[Any]) -> None:
    night = commands.add_parser(
        "night", help="a night of games with one group: start, next, report"
    )
    steps = night.add_subparsers(dest="step", required=True, metavar="STEP")

    start = steps.add_parser("start", help="start a night in a new folder")
    start.add_argument("folder", type=Path, metavar="FOLDER")
    start.add_argument("--players", required=True, type=players_list, help="the group: Anna,Boris")
    start.add_argument("--title", default="", help="the night's name on its report")
    start.set_defaults(run=cmd_start)

    following = steps.add_parser("next", help="add the night's next game (the last must be over)")
    following.add_argument("folder", type=Path, metavar="FOLDER")
    following.add_argument("--game", required=True, help="the game (see: tableref games)")
    following.add_argument("--preset", help="the game's preset (default: the game's default)")
    following.add_argument(
        "--players", type=players_list, help="who plays, in seat order (default: the whole group)"
    )
    following.add_argument(
        "--option", dest="options", action="append", type=option_pair, metavar="KEY=VALUE"
    )
    following.set_defaults(run=cmd_next)

    status = steps.add_parser("status", help="the night's standings so far")
    status.add_argument("folder", type=Path, metavar="FOLDER")
    add_lang(status)
    status.set_defaults(run=cmd_status)

    report = steps.add_parser("report", help="the night's standings and sheets as PDF, CSV, JSON")
    report.add_argument("folder", type=Path, metavar="FOLDER")
    report.add_argument("--format", choices=("pdf", "csv", "json"), default="pdf")
    report.add_argument("-o", "--output", type=Path, help="write here (a PDF needs a file)")
    add_lang(report)
    report.set_defaults(run=cmd_report)


def _night(folder: Path) -> Any:
    from session.nights.folder import Night, NightError

    try:
        return Night.open(folder)
    except NightError as error:
        raise CliError(str(error)) from None


def cmd_start(args: argparse.Namespace) -> int:
    from session.nights.folder import Night, NightError

    try:
        night = Night.start(args.folder, args.players, args.title)
    except NightError as error:
        raise CliError(str(error)) from None
    print(f"night {night.title!r} in {night.folder}: {', '.join(night.players)}")
    print(f"its first game: tableref night next {night.folder} --game GAME")
    return 0


def cmd_next(args: argparse.Namespace) -> int:
    from session.nights.folder import NightError

    night = _night(args.folder)
    try:
        journal = night.next_game(args.game, args.players, args.preset, dict(args.options or ()))
    except NightError as error:
        raise CliError(str(error)) from None
    with journal:
        print(f"game {len(night.games())}: {journal.game} for {', '.join(journal.players)}")
        print(f"recording to {journal.path}")
    print(f"play it: tableref play --resume {journal.path}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from session.nights.standings import read_standings
    from ui.printing.words import word

    standings = read_standings(_night(args.folder))
    lang = args.lang
    print(standings.title)
    table = [
        [word("place", lang), word("player", lang), word("night_points", lang), word("wins", lang)]
    ]
    table += [
        [str(s.place), s.player, str(exact(s.points)), str(s.wins)] for s in standings.overall
    ]
    print(columns(table))
    for result in standings.games:
        scores = ", ".join(f"{p} {v}" for p, v in result.scores.items())
        state = (
            f"{word('winner', lang)}: {', '.join(result.winners)}"
            if result.over
            else word("in_play", lang)
        )
        print(f"{result.number}. {result.title(lang)}: {scores} ({state})")
    for scale in standings.scales:
        totals = ", ".join(f"{p} {v}" for p, v in scale.totals.items())
        print(f"{word('scale_games', lang, title=scale.title(lang), games=scale.games)}: {totals}")
    if standings.settlement is not None:
        deltas = ", ".join(f"{p} {exact(v)}" for p, v in standings.settlement.items())
        print(f"{word('settlement', lang)}: {deltas}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from session.nights.standings import read_standings
    from ui.night_text import night_csv, night_json

    night = _night(args.folder)
    standings = read_standings(night)
    if args.format == "pdf":
        if args.output is None:
            raise CliError(
                "night report --format pdf: name the file with -o FILE.pdf",
                "night report --format pdf: укажите файл: -o FILE.pdf",
            )
        from ui.printing.night_pdf import night_pdf
        from ui.printing.paper import PrintError

        try:
            night_pdf(night, standings, args.output, args.lang)
        except PrintError as error:
            raise CliError(str(error)) from None
        print(f"wrote the night's report to {args.output}")
        return 0
    text = night_csv(standings, args.lang) if args.format == "csv" else night_json(standings)
    write_out(text, args.output, f"the night's {args.format}")
    return 0
