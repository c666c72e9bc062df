"""``tableref replay FOLDER [--rerun] [--json] [--gui]``: check a recording against itself, or
open it in the replay viewer.

The journal is re-folded into a fresh match and compared with what the session recorded at
the time (exit status 1 if it differs); ``--rerun`` also reads the recorded video again through
the reader, the observer and the interpreter and compares the facts and the camera's rows.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ui.commands import CommandError


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "replay", help="re-fold a recording's journal (and --rerun perception) and compare"
    )
    parser.add_argument("folder", type=Path, metavar="FOLDER", help="a NAME.tableref recording")
    parser.add_argument(
        "--rerun", action="store_true", help="read the recorded video again and compare the facts"
    )
    parser.add_argument(
        "--reader",
        help="dice reader for --rerun (default: the one the recording names, else classical)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON document instead of text")
    parser.add_argument(
        "--gui",
        action="store_true",
        help="open the replay viewer: timeline, scrubbing, frames, CSV/JSON/PDF export",
    )
    parser.add_argument("--lang", choices=("en", "ru"), default="en", help="the viewer's language")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.gui:
        return _viewer(args)
    from session.journal import JournalError
    from session.recording import Recording, RecordingError
    from session.replay import refold, rerun

    try:
        with Recording.open(args.folder) as recording:
            folded = refold(recording)
            report = None
            if args.rerun:
                report = rerun(recording, _reader(args, recording.meta), _interpreter(recording))
    except (RecordingError, JournalError) as error:
        raise CommandError(str(error)) from None
    if args.json:
        document = {"refold": folded.to_json()}
        if report is not None:
            document["rerun"] = report.to_json()
        print(json.dumps(document, indent=1, ensure_ascii=False))
    else:
        print(folded.to_text())
        if report is not None:
            print(report.to_text())
    return 0 if folded.equal else 1


def _viewer(args: argparse.Namespace) -> int:
    """The replay viewer on the recording; one error line when it cannot open here, or when
    the recording cannot be shown (before any window appears)."""
    from ui.display import no_windows

    why = no_windows()
    if why is not None:
        raise CommandError(f"the replay viewer cannot open: {why}")
    from session.journal import JournalError
    from session.recording import RecordingError
    from ui.qt.console_rows import RowFoldError
    from ui.qt.replay import show_replay

    try:
        return show_replay(args.folder, args.lang)
    except (RecordingError, JournalError, RowFoldError) as error:
        raise CommandError(str(error)) from None


def _reader(args: argparse.Namespace, meta: dict[str, Any]) -> Any:
    """The reader the recording's family re-runs with: the one asked for, else the one the
    recording names, else the family's replay reader (the registry's ``rerun_reader``)."""
    from session.families import Table, family_for

    known = family_for(meta["game"])
    if not known.can_rerun or known.camera is None:
        raise CommandError(
            f"--rerun: a replay cannot re-run the camera of {meta['game']} ({known.name}) yet"
        )
    name = args.reader or meta.get("sources", {}).get("reader") or known.rerun_reader
    try:
        return known.camera.reader(name, Table.of(meta["game"], meta.get("preset")))
    except ValueError as error:
        raise CommandError(str(error)) from None


def _interpreter(recording: Any) -> Any:
    from session.families import interpreter_for

    return interpreter_for(recording.meta["game"])
