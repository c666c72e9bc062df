"""The ``tableref`` command line: the argument parser and nothing else.

Every command lives in a module of :mod:`ui.commands` (``register(commands)`` adds its
sub-commands; this parser discovers them), and the typed short form of actions in
:mod:`ui.short_form`.  A referee at a table types fast and makes mistakes, so every bad input
is answered with one ``error: ...`` line naming the problem (on stderr, exit status 2), never a
traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from scoring.actions import error_text
from scoring.engine import OptionsError
from scoring.registry import UnknownGame
from scoring.scenario import ScenarioError
from session.journal import JournalError
from ui.commands import CommandError, register_all
from ui.commands._common import say_error
from ui.short_form import CliError
from vision.progress import shown_on, terminal_line

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
    "fpdf": "print",
    "starlette": "live",
    "uvicorn": "live",
    "qrcode": "live",
    "paho": "club",
}


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so that a bad command line
    gets the same single ``error:`` line as every other bad input."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see {self.prog} --help)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``tableref`` command; the exit status: 0 done, 1 scenarios failed, 2 bad input."""
    parser = build_parser()
    args: argparse.Namespace | None = None
    try:
        args = parser.parse_args(argv)
        with shown_on(None if _quiet(args) else terminal_line()):
            return args.run(args)
    except SystemExit as done:  # --help and --version exit through argparse
        return done.code if isinstance(done.code, int) else 0
    except BrokenPipeError:  # `tableref demo | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except USER_ERRORS as error:
        say_error(_one_line(error, getattr(args, "lang", "en")))
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


def _quiet(args: argparse.Namespace) -> bool:
    """Whether the command's output is for a program (``--json``, ``--format json``) or asked
    to be quiet: then no progress line, even on a terminal."""
    return bool(
        getattr(args, "json", False)
        or getattr(args, "quiet", False)
        or getattr(args, "format", None) == "json"
    )


def _one_line(error: BaseException, lang: str = "en") -> str:
    """An error message squeezed onto one line (YAML errors span several), in the command's
    ``--lang`` where the error carries a Russian text."""
    if isinstance(error, OSError) and error.filename is not None:
        return f"{error.filename}: {error.strerror}"
    return " ".join(error_text(error, lang).split())


# --------------------------------------------------------------------------------------------
# The command line.


def build_parser() -> Parser:
    parser = Parser(prog="tableref", description="Table Referee: referee and scorekeeper.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    register_all(commands)
    return parser
