"""``tableref games [--json]`` and ``tableref check PATH...``: the catalogue of games (with each
game's family and whether a camera referees it) and the scenario checks."""

from __future__ import annotations

import argparse
import json
import shutil
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from scoring.actions import JOURNAL_VERBS
from scoring.registry import catalogue, create_engine
from scoring.scenario import Failure, check, discover
from ui.commands._common import SCENARIO_CRASHES, columns
from ui.short_form import CliError


def register(commands: argparse._SubParsersAction[Any]) -> None:
    games = commands.add_parser("games", help="list the games, their presets and verbs")
    games.add_argument("--json", action="store_true", help="machine-readable output")
    games.set_defaults(run=cmd_games)

    checks = commands.add_parser("check", help="run scenario files and folders")
    checks.add_argument("paths", nargs="+", metavar="PATH", type=Path)
    checks.set_defaults(run=cmd_check)


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
    print(games_text(entries, shutil.get_terminal_size().columns))
    return 0


def games_text(entries: Sequence[Mapping[str, Any]], width: int) -> str:
    """The catalogue as one table when the terminal is wide enough for it, else one block per
    game (its line, then its presets and verbs wrapped to ``width``), so no line runs off the
    screen of a terminal of ordinary width."""
    table = [("game", "title (en / ru)", "family", "presets (* default)", "verbs")]
    for entry in entries:
        presets = [p + ("*" if p == entry["default"] else "") for p in entry["presets"]]
        title = f"{entry['title']['en']} / {entry['title']['ru']}"
        family = entry["family"] + (" (camera)" if entry["camera"] else "")
        table.append((entry["game"], title, family, ", ".join(presets), ", ".join(entry["verbs"])))
    text = columns(table)
    if max(len(line) for line in text.splitlines()) <= width:
        return text
    blocks = ["presets marked * are the default"]
    for game, title, family, preset_list, verb_list in table[1:]:
        lines = textwrap.wrap(f"{game}: {title}, {family}", width, subsequent_indent="    ")
        for label, items in (("presets", preset_list), ("verbs", verb_list)):
            lines += textwrap.wrap(
                f"{label}: {items}",
                width,
                initial_indent="  ",
                subsequent_indent="    ",
                break_on_hyphens=False,
            )
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


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
