"""The ``tableref`` command line: the catalogue, scenario checks, text sessions, journals, a demo.

A referee at a table types fast and makes mistakes, so every bad input is answered with one
``error: ...`` line naming the problem (on stderr, exit status 2 for the command line), never a
traceback; inside ``play`` the session simply goes on.  The rendering of sheets and states lives
in :mod:`ui.sheet_text`; this module is only the plumbing between the user and the journal.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn

import yaml

from scoring.actions import JOURNAL_VERBS, Action, ActionError, FieldType, Verb, action_from_json
from scoring.engine import OptionsError
from scoring.match import Match, Outcome
from scoring.registry import UnknownGame, catalogue, create_engine, game
from scoring.scenario import Failure, ScenarioError, check, discover, load
from scoring.verdicts import Verdict
from session.journal import Journal, JournalError
from ui.commands import CommandError, register_all
from ui.sheet_text import (
    FORMATS,
    LANGS,
    hint_lines,
    open_rows_line,
    render_sheet,
    sheet_csv,
    sheet_json,
    state_line,
    winner_line,
)

DEMO = Path(__file__).parent / "demo" / "yahtzee-night.yaml"
SESSIONS_DIR = Path("sessions")
COMMANDS = ("sheet", "help", "quit")
#: Above this many choices for one verb, ``help`` gives the verb's usage instead of a list.
MAX_LISTED = 8


class CliError(CommandError):
    """A mistake the user can fix; reported as one ``error:`` line, never as a traceback."""


#: Every exception that means "bad input", not "bug": main turns them into an error line.
USER_ERRORS = (CommandError, UnknownGame, OptionsError, ScenarioError, JournalError, OSError)

#: Modules of the optional extras (pyproject.toml), so a command that needs one says which
#: extra to install instead of failing with a traceback.
OPTIONAL_MODULES = {
    "cv2": "vision",
    "torch": "vision",
    "torchvision": "vision",
    "ultralytics": "vision",
    "PySide6": "ui",
}

#: What a malformed scenario can still raise past :mod:`scoring.scenario`'s own checks
#: (``game: [yahtzee]`` is a TypeError there); a user's file must never crash ``tableref``.
SCENARIO_CRASHES = (TypeError, ValueError, AttributeError, KeyError)


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so that a bad command line
    gets the same single ``error:`` line as every other bad input."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see {self.prog} --help)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``tableref`` command; the exit status: 0 done, 1 scenarios failed, 2 bad input."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.run(args)
    except SystemExit as done:  # --help and --version exit through argparse
        return done.code if isinstance(done.code, int) else 0
    except BrokenPipeError:  # `tableref demo | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except USER_ERRORS as error:
        say_error(_one_line(error))
        return 2
    except ModuleNotFoundError as error:
        extra = OPTIONAL_MODULES.get((error.name or "").split(".")[0])
        if extra is None:
            raise
        say_error(
            f"{error.name} is not installed: this command needs the [{extra}] extra "
            f"(pip install -e '.[{extra}]', or bash scripts/setup-dev.sh)"
        )
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def say_error(message: str) -> None:
    """One ``error:`` line on stderr, after whatever stdout holds so a transcript stays in order."""
    sys.stdout.flush()
    print(f"error: {message}", file=sys.stderr)


def _one_line(error: BaseException) -> str:
    """An error message squeezed onto one line (YAML errors span several)."""
    if isinstance(error, OSError) and error.filename is not None:
        return f"{error.filename}: {error.strerror}"
    return " ".join(str(error).split())


# --------------------------------------------------------------------------------------------
# The command line.


def build_parser() -> Parser:
    parser = Parser(prog="tableref", description="Table Referee: referee and scorekeeper.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    games = commands.add_parser("games", help="list the games, their presets and verbs")
    games.add_argument("--json", action="store_true", help="machine-readable output")
    games.set_defaults(run=cmd_games)

    checks = commands.add_parser("check", help="run scenario files and folders")
    checks.add_argument("paths", nargs="+", metavar="PATH", type=Path)
    checks.set_defaults(run=cmd_check)

    play = commands.add_parser("play", help="referee a game typed in at the prompt")
    play.add_argument("game", nargs="?", metavar="GAME", help="a game id (see: tableref games)")
    play.add_argument("--preset", help="a preset of the game (its default if omitted)")
    play.add_argument("--players", type=players_list, help="comma-separated names: Anna,Boris")
    play.add_argument(
        "--option",
        dest="options",
        action="append",
        type=option_pair,
        metavar="KEY=VALUE",
        help="override one option of the preset (repeatable), e.g. --option information=full",
    )
    where = play.add_mutually_exclusive_group()
    where.add_argument("--journal", type=Path, help="record to this new file")
    where.add_argument("--resume", type=Path, help="carry on the session in this journal")
    _add_lang(play)
    play.set_defaults(run=cmd_play)

    journal = commands.add_parser("journal", help="show, export or import a session journal")
    actions = journal.add_subparsers(title="actions", metavar="ACTION", required=True)
    show = actions.add_parser("show", help="the session's details, actions and score sheet")
    show.add_argument("file", type=Path, metavar="FILE")
    _add_lang(show)
    show.set_defaults(run=cmd_journal_show)
    export = actions.add_parser("export", help="the session as a scenario (YAML)")
    export.add_argument("file", type=Path, metavar="FILE")
    export.add_argument("-o", "--output", type=Path, help="write here instead of stdout")
    export.set_defaults(run=cmd_journal_export)
    imports = actions.add_parser("import", help="a scenario's actions into a new journal")
    imports.add_argument("scenario", type=Path, metavar="SCENARIO")
    imports.add_argument("--journal", type=Path, required=True, help="the new journal file")
    imports.set_defaults(run=cmd_journal_import)

    sheet = commands.add_parser("sheet", help="the score sheet of a journaled session")
    sheet.add_argument("file", type=Path, metavar="SESSION", help="a journal file")
    sheet.add_argument("--format", choices=FORMATS, default="text", help="text, csv or json")
    sheet.add_argument("-o", "--output", type=Path, help="write here instead of stdout")
    _add_lang(sheet)
    sheet.set_defaults(run=cmd_sheet)

    shot = commands.add_parser(
        "shot", help="judge one shot record (JSON) without recording it: a disputed shot"
    )
    shot.add_argument("record", type=Path, metavar="RECORD", help="a JSON file, or - for stdin")
    shot.add_argument("game", nargs="?", metavar="GAME", help="judge on a new game of GAME")
    shot.add_argument("--preset", help="a preset of the game (its default if omitted)")
    shot.add_argument("--players", type=players_list, help="comma-separated names: Anna,Boris")
    shot.add_argument("--journal", type=Path, help="judge at the point this session has reached")
    _add_lang(shot)
    shot.set_defaults(run=cmd_shot)

    hint = commands.add_parser("hint", help="what each open row would score with the dice now")
    hint.add_argument("file", type=Path, metavar="SESSION", help="a journal file")
    _add_lang(hint)
    hint.set_defaults(run=cmd_hint)

    demo = commands.add_parser(
        "demo", help="a Yahtzee night played through the camera pipeline into the displays"
    )
    demo.add_argument(
        "--headless", action="store_true", help="no windows: print the play and the final sheet"
    )
    demo.add_argument(
        "--actions",
        action="store_true",
        help="replay the bundled game's actions straight into the referee (no camera, no OpenCV)",
    )
    demo.add_argument(
        "--game",
        choices=("dice", "skittles", "both"),
        default="both",
        help="the dice night, the skittles shot, or both (the default; windows: the dice)",
    )
    demo.add_argument(
        "--turns", type=int, metavar="N", help="dice: play only the first N turns (default: all)"
    )
    demo.add_argument(
        "--speed", type=float, default=1.0, metavar="X", help="windows: play X times faster (1)"
    )
    demo.add_argument("--quiet", action="store_true", help="print only the final sheet")
    _add_lang(demo)
    demo.set_defaults(run=cmd_demo)

    register_all(commands)
    return parser


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of the texts")


def players_list(text: str) -> list[str]:
    """``Anna,Boris`` as names; empty or repeated names are refused before anything starts."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"every player needs a name, got {text!r}")
    if len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(f"player names must differ, got {text!r}")
    return names


# --------------------------------------------------------------------------------------------
# games and check.


def option_pair(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with the value read as YAML, so ``true``, ``250`` and ``full`` mean what a
    preset file would mean by them."""
    key, equals, value = text.partition("=")
    if not equals or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE, e.g. information=full")
    try:
        return key.strip(), yaml.safe_load(value) if value.strip() else ""
    except yaml.YAMLError:
        return key.strip(), value


def game_entries() -> list[dict[str, Any]]:
    """The catalogue as plain data; verbs are those of each game's default preset; ``family``
    and ``camera`` (a camera perception wired to its live session) from the family registry."""
    from session.families import check_catalogue

    families = check_catalogue()
    entries = []
    for known in catalogue().values():
        verbs = [*create_engine(known.id).verbs, *JOURNAL_VERBS]
        family = families[known.id]
        entries.append(
            {
                "game": known.id,
                "title": {"en": known.title_en, "ru": known.title_ru},
                "family": family.name,
                "camera": family.has_camera,
                "default": known.default,
                "presets": list(known.presets),
                "verbs": verbs,
            }
        )
    return entries


def cmd_games(args: argparse.Namespace) -> int:
    entries = game_entries()
    if args.json:
        print(json.dumps(entries, ensure_ascii=False, indent=2))
        return 0
    table = [("game", "title (en / ru)", "family", "presets (* default)", "verbs")]
    for entry in entries:
        presets = [p + ("*" if p == entry["default"] else "") for p in entry["presets"]]
        title = f"{entry['title']['en']} / {entry['title']['ru']}"
        family = entry["family"] + (" (camera)" if entry["camera"] else "")
        table.append((entry["game"], title, family, ", ".join(presets), ", ".join(entry["verbs"])))
    print(_columns(table))
    return 0


def _columns(table: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in table
    )


def cmd_check(args: argparse.Namespace) -> int:
    missing = [str(path) for path in args.paths if not path.exists()]
    if missing:
        raise CliError(f"no such file or folder: {', '.join(missing)}")
    if not discover(args.paths):
        shown = ", ".join(map(str, args.paths))
        raise CliError(f"no scenario files (*.yaml, *.yml) found in {shown}")
    passed, failures = 0, []
    for path in discover(args.paths):
        file_passed, file_failures = _check_file(path)
        passed += file_passed
        failures += file_failures
        for failure in file_failures:
            print(failure)
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


def _check_file(path: Path) -> tuple[int, list[Failure]]:
    """One file's result; a scenario that crashes the runner fails alone, naming the crash,
    and the other files still run."""
    try:
        return check([path])
    except SCENARIO_CRASHES as error:
        return 0, [Failure(str(path), None, f"cannot run: {type(error).__name__}: {error}")]


# --------------------------------------------------------------------------------------------
# play.


def cmd_play(args: argparse.Namespace) -> int:
    with _session_journal(args) as journal:
        _play(journal, _input_lines(journal), args.lang, echo=not sys.stdin.isatty())
    return 0


def _session_journal(args: argparse.Namespace) -> Journal:
    """The journal to play into: resumed (checked against what was asked) or new."""
    if args.resume:
        if args.options:
            raise CliError("--option: a session's options are fixed when it starts")
        journal = Journal.open(args.resume)
        try:
            _check_resumed(journal, args)
        except CliError:
            journal.close()
            raise
        print(f"resumed {journal.path}: {len(journal.match.entries)} actions so far")
        return journal
    if not args.game:
        raise CliError("play: name a GAME (see: tableref games) or --resume a journal")
    if not args.players:
        raise CliError("play: --players is required, e.g. --players Anna,Boris")
    path = args.journal or _new_session_path(args.game)
    options = dict(args.options or ())
    journal = Journal.create(path, args.game, args.players, preset=args.preset, options=options)
    print(f"recording to {journal.path}")
    return journal


def _check_resumed(journal: Journal, args: argparse.Namespace) -> None:
    """A resumed journal must be the session the command line describes, if it describes one."""
    asked = {"game": args.game, "preset": args.preset, "players": args.players}
    stored = {"game": journal.game, "preset": journal.preset, "players": list(journal.players)}
    for key, value in asked.items():
        if value is not None and value != stored[key]:
            raise CliError(f"{journal.path} holds {key} {stored[key]!r}, not {value!r}")


def _new_session_path(game: str) -> Path:
    """``sessions/<UTC time>-<game>.sqlite``: sortable, and unique at one session a second."""
    SESSIONS_DIR.mkdir(exist_ok=True)
    return SESSIONS_DIR / f"{datetime.now(UTC):%Y%m%dT%H%M%SZ}-{game}.sqlite"


def _input_lines(journal: Journal) -> Iterator[str]:
    """Lines from a script as they come, or typed at a prompt naming whose turn it is."""
    if not sys.stdin.isatty():
        yield from sys.stdin
        return
    while True:
        try:
            yield input(f"{journal.view()['turn'] or 'game over'}> ")
        except EOFError:
            print()
            return


def _play(journal: Journal, lines: Iterable[str], lang: str, echo: bool) -> None:
    """The session loop: commands are answered, everything else is an action for the referee.

    A scripted session echoes each line so that its output reads as a transcript.
    """
    print(state_line(journal.view(), lang))
    for raw_line in lines:
        line = raw_line.strip()
        if not line or line.startswith("#"):
            continue
        if echo:
            print(f"> {line}")
        command = line.lower()
        if command in ("quit", "exit"):
            return
        if command == "sheet":
            print(sheet_text(journal.match, lang))
        elif command == "help":
            print(help_text(journal.match, lang))
        else:
            _play_action(journal, line, lang)


def _play_action(journal: Journal, line: str, lang: str) -> None:
    """Judge one typed action: its verdicts and the new state, or one error line."""
    view = journal.view()
    try:
        raw = read_action(line, journal.match.engine.verbs, view["turn"], view["over"])
    except (ActionError, CliError) as error:
        say_error(str(error))
        return
    outcome = journal.submit(raw)
    if not outcome.accepted:
        say_error(refusal_text(outcome, lang))
        return
    for verdict in outcome.verdicts:
        print(f"  {verdict_text(verdict, lang)}")
    view = journal.view()
    print(state_line(view, lang))
    if view["over"]:
        print(sheet_text(journal.match, lang))


def read_action(line: str, verbs: Mapping[str, Verb], turn: str | None, over: bool = False) -> Any:
    """One typed line as a raw action: JSON as written, or ``[Player:] verb words...``.

    The player defaults to whose turn it is; the words fill the verb's one required field
    (for ``undo``, its optional target), read by that field's own ``from_words``.
    """
    if line.startswith("{"):
        return action_from_json(line)
    who, colon, rest = line.partition(":")
    who = who.strip()
    if not colon:
        who, rest = "", line
    elif not who:
        raise CliError("a player's name goes before ':', e.g. 'Boris: roll 1 2 3 4 5'")
    words = rest.split()
    if not words:
        raise CliError(f"what does {who} do? e.g. '{who}: roll 1 2 3 4 5'")
    known = {**verbs, **JOURNAL_VERBS}
    verb = known.get(words[0].lower())
    if verb is None:
        raise CliError(
            f"unknown verb {words[0]!r}; verbs: {', '.join(known)}; commands: {', '.join(COMMANDS)}"
        )
    action: dict[str, Any] = {"do": verb.name}
    if who or verb.needs_player:
        if not (who or turn):
            if over:
                raise CliError("the game is over: 'undo' takes back the last action, 'quit' leaves")
            raise CliError(f"nobody is to play yet: name the player, e.g. 'Anna: {verb.name}'")
        action["by"] = who or turn
    if not verb.fields:
        if words[1:]:
            raise CliError(f"{verb.name} takes no words: type just '{verb.name}'")
        return action
    if any("=" in word for word in words[1:]):
        return {**action, **_named_fields(verb, words[1:])}
    if not words[1:] and not verb.required:
        return action  # every field optional: the bare verb (a `deal` of hand sizes only)
    name, field = _word_field(verb)
    if words[1:] or name in verb.required:
        action[name] = field.from_words(name, words[1:])
    return action


def _named_fields(verb: Verb, words: Sequence[str]) -> dict[str, Any]:
    """``field=value`` words (``bid quantity=5 face=3``), each read by its field's own parser;
    a list is written with commas (``faces=3,2``)."""
    fields: dict[str, Any] = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals or name not in verb.fields:
            raise CliError(
                f"{word!r}: {verb.name} takes {', '.join(f'{n}=...' for n in verb.fields)}"
            )
        fields[name] = verb.fields[name].from_words(name, value.split(","))
    return fields


def _word_field(verb: Verb) -> tuple[str, FieldType]:
    """The one field a short form fills: the verb's single required field, or its only field."""
    names = list(verb.required) or list(verb.fields)
    if len(names) != 1:
        fields = ", ".join(f'"{name}": ...' for name in verb.fields)
        named = " ".join(f"{name}=..." for name in verb.fields)
        example = f'{{"do": "{verb.name}", {fields}}}'
        raise CliError(f'type {verb.name} as "{verb.name} {named}" or as JSON: {example}')
    return names[0], verb.fields[names[0]]


def verdict_text(verdict: Verdict, lang: str) -> str:
    return verdict.ru if lang == "ru" else verdict.en


def refusal_text(outcome: Outcome, lang: str) -> str:
    """Why an action was refused: the referee's own words where there is a verdict."""
    if outcome.verdicts:
        return verdict_text(outcome.verdicts[0], lang)
    return str(outcome.error)


def help_text(match: Match, lang: str) -> str:
    """The verbs with their usage, the session commands, and what is legal right now."""
    verbs = {**match.engine.verbs, **JOURNAL_VERBS}
    width = max(len(verb.usage()) for verb in verbs.values())
    lines = ["verbs ([Player:] verb words..., or an action as JSON):"]
    lines += [f"  {verb.usage():<{width}}  {verb.summary}" for verb in verbs.values()]
    lines.append(f"commands: {', '.join(COMMANDS)}")
    view = match.view()
    if view["over"]:
        lines.append("legal now: nothing, the game is over ('undo' takes back the last action)")
        return "\n".join(lines)
    lines.append(f"legal now for {view['turn']}:")
    lines += [f"  {text}" for text in _legal_lines(match.engine.legal(match.state), verbs)]
    hints = open_rows_line(view, lang)
    if hints:
        lines.append(hints)
    return "\n".join(lines)


def _legal_lines(legal: Iterable[Action], verbs: Mapping[str, Verb]) -> list[str]:
    """Legal actions grouped by verb as short forms; long lists collapse to the usage."""
    grouped: dict[str, list[str]] = {}
    for action in legal:
        grouped.setdefault(action.verb, []).append(_words(action.args))
    lines = []
    for verb, choices in grouped.items():
        if not any(choices):
            lines.append(verbs[verb].usage())
        elif len(choices) > MAX_LISTED:
            lines.append(f"{verbs[verb].usage()}  ({len(choices)} choices)")
        else:
            lines.append(" | ".join(f"{verb} {choice}".strip() for choice in choices))
    return lines


def _words(args: Mapping[str, Any]) -> str:
    """An action's arguments as typed at the prompt: the first bare, any others after their
    names (``5 kept 1 2 3 4``); lists as space-separated words, nested actions as JSON."""
    parts = []
    for index, (name, value) in enumerate(args.items()):
        if index:
            parts.append(name)
        if isinstance(value, Mapping):
            parts.append(_json(value))
        elif isinstance(value, list | tuple):
            parts.append(" ".join(map(str, value)))
        else:
            parts.append(str(value))
    return " ".join(parts)


# --------------------------------------------------------------------------------------------
# journal show / export / import.


def cmd_journal_show(args: argparse.Namespace) -> int:
    with Journal.open(args.file) as journal:
        rows = journal.rows()
        details = [
            ("journal", str(journal.path)),
            ("game", f"{journal.game} (preset {journal.preset})"),
            ("players", ", ".join(journal.players)),
            ("actions", str(len(rows))),
        ]
        if journal.options:
            details.append(("options", json.dumps(journal.options, ensure_ascii=False)))
        print(_columns(details))
        print()
        table = [("#", "time", "source", "action")]
        table += [
            (
                str(row.seq),
                row.at,
                _source(row.source, row.confidence, row.frame),
                _json(row.action),
            )
            for row in rows
        ]
        print(_columns(table))
        print()
        print(sheet_text(journal.match, args.lang))
        if not journal.view()["over"]:
            print(state_line(journal.view(), args.lang))
    return 0


def _source(source: str, confidence: float | None, frame: int | None) -> str:
    """Where a row came from, with the camera's confidence and frame when there are any."""
    parts = [source]
    if confidence is not None:
        parts.append(f"{confidence:.2f}")
    if frame is not None:
        parts.append(f"frame {frame}")
    return " ".join(parts)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def cmd_journal_export(args: argparse.Namespace) -> int:
    with Journal.open(args.file) as journal:
        scenario = journal.to_scenario()
    _write_out(scenario.to_yaml(), args.output, f"{len(scenario.steps)} actions")
    return 0


def _write_out(text: str, output: Path | None, what: str) -> None:
    """Text to stdout, or to the ``-o`` file with a line saying what went where."""
    if output is None:
        sys.stdout.write(text)
        return
    output.write_text(text, encoding="utf-8")
    print(f"wrote {what} to {output}")


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


# --------------------------------------------------------------------------------------------
# sheet and hint.


def sheet_text(match: Match, lang: str) -> str:
    """The engine's score sheet as a text table, with the winner once the game is over."""
    text = render_sheet(match.engine.score_sheet(match.state), lang)
    view = match.view()
    return f"{text}\n{winner_line(view, lang)}" if view["over"] else text


def cmd_sheet(args: argparse.Namespace) -> int:
    with Journal.open(args.file) as journal:
        if args.format == "text":
            text = sheet_text(journal.match, args.lang) + "\n"
        else:
            sheet = journal.match.engine.score_sheet(journal.match.state)
            text = sheet_csv(sheet, args.lang) if args.format == "csv" else sheet_json(sheet) + "\n"
    _write_out(text, args.output, f"the {args.format} sheet")
    return 0


def cmd_shot(args: argparse.Namespace) -> int:
    """Judge one recorded action (a shot record) as the referee would, changing nothing.

    The record is judged at the point a journaled session has reached, or on a new game; a
    record without ``by`` is taken as the shot of whoever is to play.
    """
    raw = _read_record(args.record)
    if args.journal is not None:
        if args.game or args.players:
            raise CliError("shot: give either --journal or GAME --players, not both")
        with Journal.open(args.journal) as journal:
            return _judge(journal.match, raw, args.lang)
    if not args.game or not args.players:
        raise CliError("shot: name a --journal, or a GAME and --players to judge on a new game")
    match = Match(create_engine(args.game, args.preset), args.players)
    return _judge(match, raw, args.lang)


def _read_record(path: Path) -> dict[str, Any]:
    """A JSON object from a file or stdin, with the file named in every complaint."""
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file (a shot record is JSON)") from None
    try:
        raw = action_from_json(text)
    except ActionError as error:
        raise CliError(f"{path}: {error}") from None
    if not isinstance(raw, dict):
        raise CliError(f"{path}: a shot record is a JSON object, got {type(raw).__name__}")
    return raw


def _judge(match: Match, raw: dict[str, Any], lang: str) -> int:
    """Print the verdicts a record would get now, or why it is refused (exit status 1)."""
    view = match.view()
    if "by" not in raw and view["turn"] is not None:
        raw = {**raw, "by": view["turn"]}
    outcome, state = match.check(raw)
    if not outcome.accepted:
        print(f"refused: {refusal_text(outcome, lang)}")
        return 1
    for verdict in outcome.verdicts:
        print(verdict_text(verdict, lang))
    print(state_line(match.engine.view(state), lang))
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    with Journal.open(args.file) as journal:
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
    return 0


# --------------------------------------------------------------------------------------------
# demo.


def cmd_demo(args: argparse.Namespace) -> int:
    """The dice night through the whole referee: rendered camera frames, the dice reader, the
    observer, the interpreter, the live session with its scripted operator, into the windows
    (or, with no screen, printed); ``--actions`` replays the game's actions without a camera."""
    if args.turns is not None and args.turns < 1:
        raise CliError(f"--turns must be at least 1, got {args.turns}")
    if args.speed <= 0:
        raise CliError(f"--speed must be positive, got {args.speed}")
    if not args.actions and not _have("cv2"):
        print(
            "OpenCV is not installed: replaying the actions without the camera "
            "(pip install -e '.[demo]')"
        )
        args.actions = True
    if args.actions:
        return _demo_actions(args)
    from session import demo

    why_headless = None if args.headless else _no_windows()
    if why_headless is not None and not args.quiet:
        print(why_headless)
    cache = demo.cache_folder()
    say = None if args.quiet else print
    played_in = demo.played_folder(cache)
    if args.headless or why_headless is not None:
        status = 0
        if args.game in ("dice", "both"):
            source = demo.dice_night(cache, turns=args.turns, on_make=say)
            status = _demo_headless(args, source, played_in / "dice.tableref")
        if args.game in ("skittles", "both"):
            source = demo.skittles_shot(cache, on_make=say)
            status = status or _demo_skittles(args, source, played_in / "skittles.tableref")
        return status
    if args.game == "skittles":
        raise CliError("the skittles shot plays headless only for now: add --headless")
    source = demo.dice_night(cache, turns=args.turns, on_make=say)
    return _demo_windows(args, source, played_in / "dice.tableref")


def _have(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _no_windows() -> str | None:
    """Why the demo cannot open windows here (one line), None if it can."""
    if not _have("PySide6"):
        return (
            "PySide6 is not installed: playing headless (pip install -e '.[demo]' for the windows)"
        )
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return "no display (DISPLAY/WAYLAND_DISPLAY unset): playing headless"
    return None


def _demo_actions(args: argparse.Namespace) -> int:
    """The bundled game's actions judged one by one, as recorded, with no camera."""
    scenario = load(DEMO)
    match = scenario.match()
    if not args.quiet:
        title = game(scenario.game).title_ru if args.lang == "ru" else game(scenario.game).title_en
        print(f"{title}: {', '.join(scenario.players)}. {scenario.source}")
    from session.demo_script import script_steps

    for number, action in enumerate(script_steps(scenario, args.turns), start=1):
        outcome = match.submit(action)
        if not outcome.accepted:
            raise CliError(f"{DEMO} step {number}: refused: {outcome.error}")
        if not args.quiet:
            print(f"{number:>4}. {describe(action)}")
            print("\n".join(f"        {verdict_text(v, args.lang)}" for v in outcome.verdicts))
    if not args.quiet:
        print()
    print(sheet_text(match, args.lang))
    return 0


def _demo_headless(args: argparse.Namespace, source: Path, played_in: Path) -> int:
    """Play the recording through perception as fast as it reads, printing each action as the
    referee records it (one numbered line per step of the game) and the final sheet."""
    from session import demo

    counter = iter(range(1, 1_000_000))

    def show(event: Any) -> None:
        if args.quiet:
            return
        if event.kind == "accepted":
            row = event.row
            if row.action.get("do") == "correct":
                print(
                    f"        the operator corrects #{row.action['target']}: "
                    f"{describe(row.action['action'])}"
                )
            else:
                where = _source(row.source, row.confidence, row.frame)
                print(f"{next(counter):>4}. {describe(row.action)}  ({where})")
            print("\n".join(f"        {verdict_text(v, args.lang)}" for v in event.verdicts))
        elif event.kind in ("pending", "refused") and event.pending is not None:
            proposal = event.pending.proposal
            print(
                f"        held for the operator: {describe(proposal.action)}: {event.pending.why}"
            )

    if not args.quiet:
        meta = json.loads((source / "meta.json").read_text("utf-8"))
        title = game(meta["game"]).title_ru if args.lang == "ru" else game(meta["game"]).title_en
        print(f"{title}: {', '.join(meta['players'])}, through the camera: {source}")

    def note(text: str) -> None:
        if not args.quiet:
            print(f"        the operator: {text}")

    played = demo.play(source, played_in, on_event=show, on_note=note)
    if not args.quiet:
        print()
        print(played.operator.tally.line())
        print(f"this session is recorded in {played_in} (tableref replay {played_in} --rerun)")
        print()
    print(sheet_text(played.session.match, args.lang))
    return 0


def _demo_skittles(args: argparse.Namespace, source: Path, played_in: Path) -> int:
    """The recorded skittles shot through the shot observer into a fresh session, printed."""
    from session import demo_skittles

    def show(event: Any) -> None:
        if args.quiet:
            return
        if event.kind in ("pending", "refused") and event.pending is not None:
            print(f"        held for the operator: {event.pending.why}")
        if event.kind != "accepted":
            return
        where = _source(event.row.source, event.row.confidence, event.row.frame)
        print(f"  {event.row.seq:>2}. {describe(event.row.action)}  ({where})")
        print("\n".join(f"        {verdict_text(v, args.lang)}" for v in event.verdicts))

    if not args.quiet:
        title = (
            game(demo_skittles.GAME).title_ru
            if args.lang == "ru"
            else game(demo_skittles.GAME).title_en
        )
        print(f"\n{title}: one simulated shot through the camera: {source}")
    outcome = demo_skittles.play(source, played_in, on_event=show)
    if not args.quiet:
        verdict = "right" if outcome.read_right else "wrong"
        print(f"\nthe camera read the shot {verdict}: {outcome.how}")
        print(f"this session is recorded in {played_in}\n")
    print(sheet_text(outcome.session.match, args.lang))
    return 0


def _demo_windows(args: argparse.Namespace, source: Path, played_in: Path) -> int:
    """The operator console and the audience display, fed by the recording's video in real
    time (``--speed`` times faster) through perception, with the scripted operator."""
    from session import demo
    from session.live import FrameTap
    from ui.qt.app import run_windows

    tap = FrameTap()
    played, player = demo.prepare(source, played_in, tap=tap)
    player.speed = args.speed
    try:
        played.operator.start()
        status = run_windows(played.session, tap, lang=args.lang, sources=(player,))
    finally:
        played.close()
    print(played.operator.tally.line())
    print(sheet_text(played.session.match, args.lang))
    return status


def describe(action: Mapping[str, Any]) -> str:
    """An action as the referee reads it out: ``Anna: roll 3 4 4 6 2``."""
    args = {
        key: value
        for key, value in action.items()
        if key not in ("do", "by") and value not in ([], {}, None)  # a shot's empty lists
    }
    text = f"{action['do']} {_words(args)}".strip()
    return f"{action['by']}: {text}" if action.get("by") else text
