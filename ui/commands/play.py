"""``tableref play GAME --players ...``: referee a game typed in at the prompt (or from a script),
journalled; ``--resume`` carries on a journal.  Every bad line is one ``error:`` line and the
session goes on."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from scoring.actions import JOURNAL_VERBS, Action, ActionError, Verb, error_text
from scoring.engine import open_now
from scoring.match import Match
from session.journal import Journal
from ui.commands._common import (
    add_lang,
    is_text,
    new_session_path,
    option_pair,
    players_list,
    refusal_text,
    said_lines,
    say_error,
    sheet_text,
)
from ui.sheet_text import open_rows_line, state_line
from ui.short_form import COMMANDS, CliError, read_action, words


def register(commands: argparse._SubParsersAction[Any]) -> None:
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
    add_lang(play)
    play.set_defaults(run=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    with _session_journal(args) as journal:
        _play(journal, _input_lines(journal), args.lang, echo=not sys.stdin.isatty())
    return 0


def _session_journal(args: argparse.Namespace) -> Journal:
    """The journal to play into: resumed (checked against what was asked) or new."""
    if args.resume:
        if args.options:
            raise CliError(
                "--option: a session's options are fixed when it starts",
                "--option: настройки сессии задаются, когда она начинается",
            )
        journal = Journal.open(args.resume)
        try:
            _check_resumed(journal, args)
        except CliError:
            journal.close()
            raise
        print(f"resumed {journal.path}: {len(journal.match.entries)} actions so far")
        return journal
    if not args.game:
        raise CliError(
            "play: name a GAME (see: tableref games) or --resume a journal",
            "play: укажите GAME (см. tableref games) или --resume с журналом",
        )
    if not args.players:
        raise CliError(
            "play: --players is required, e.g. --players Anna,Boris",
            "play: нужен --players, например --players Anna,Boris",
        )
    path = args.journal or new_session_path(args.game)
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
            raise CliError(
                f"{journal.path} holds {key} {stored[key]!r}, not {value!r}",
                f"в {journal.path} {key} {stored[key]!r}, а не {value!r}",
            )


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
        if not is_text(line):
            say_error(
                f"{line!a} — не одна строка текста в UTF-8: ничего не сделано"
                if lang == "ru"
                else f"{line!a} is not one line of UTF-8 text: nothing done"
            )
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
        say_error(error_text(error, lang))
        return
    outcome = journal.submit(raw)
    if not outcome.accepted:
        say_error(refusal_text(outcome, lang))
        return
    view = journal.view()
    for line in said_lines(outcome.verdicts, view, lang):
        print(f"  {line}")
    print(state_line(view, lang))
    if view["over"]:
        print(sheet_text(journal.match, lang))


#: Above this many choices for one verb, ``help`` gives the verb's usage instead of a list.
MAX_LISTED = 8


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
    lines += [f"  {text}" for text in _legal_lines(open_now(match.engine, match.state), verbs)]
    hints = open_rows_line(view, lang)
    if hints:
        lines.append(hints)
    return "\n".join(lines)


def _legal_lines(legal: Iterable[Action], verbs: Mapping[str, Verb]) -> list[str]:
    """Legal actions grouped by verb as short forms; long lists collapse to the usage."""
    grouped: dict[str, list[str]] = {}
    for action in legal:
        grouped.setdefault(action.verb, []).append(words(action.args))
    lines = []
    for verb, choices in grouped.items():
        if not any(choices):
            lines.append(verbs[verb].usage())
        elif len(choices) > MAX_LISTED:
            lines.append(f"{verbs[verb].usage()}  ({len(choices)} choices)")
        else:
            lines.append(" | ".join(f"{verb} {choice}".strip() for choice in choices))
    return lines
