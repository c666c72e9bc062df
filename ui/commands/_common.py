"""What the command modules share: the ``--lang`` and player arguments, the session file's name,
text columns, writing to a file or stdout, and the referee's words for verdicts and sheets."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml

from scoring.match import Match, Outcome
from scoring.verdicts import Kind, Verdict
from scoring.yaml_data import YAMLLimitError, load_yaml
from ui.sheet_text import LANGS, render_sheet, winner_line

SESSIONS_DIR = Path("sessions")


#: What a malformed scenario can still raise past :mod:`scoring.scenario`'s own checks
#: (``game: [yahtzee]`` is a TypeError there); a user's file must never crash ``tableref``.
SCENARIO_CRASHES = (TypeError, ValueError, AttributeError, KeyError)


def add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of the texts")


def is_text(line: str) -> bool:
    """Whether a line is one line of text: bytes that are not UTF-8 arrive as lone surrogates,
    which can be neither echoed nor journalled, and a form feed or line separator inside it
    would split the one error line that quotes it."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return line.splitlines() == [line]


def players_list(text: str) -> list[str]:
    """``Anna,Boris`` as names; empty or repeated names, and names that are not one line of
    UTF-8 text (see :func:`is_text`), are refused before anything starts (a journal file
    included)."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"every player needs a name, got {text!r}")
    for name in names:
        if not is_text(name):
            raise argparse.ArgumentTypeError(f"{name!r} is not a name in UTF-8 text")
    if len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(f"player names must differ, got {text!r}")
    return names


def option_pair(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with the value read as YAML, so ``true``, ``250`` and ``full`` mean what a
    preset file would mean by them."""
    key, equals, value = text.partition("=")
    if not equals or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE, e.g. information=full")
    try:
        return key.strip(), load_yaml(value) if value.strip() else ""
    except YAMLLimitError as error:  # a value too deep or too large to be an option
        raise argparse.ArgumentTypeError(f"{key.strip()}: {error}") from None
    except yaml.YAMLError:
        return key.strip(), value


def columns(table: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in table
    )


def source_text(source: str, confidence: float | None, frame: int | None) -> str:
    """Where a row came from, with the camera's confidence and frame when there are any."""
    parts = [source]
    if confidence is not None:
        parts.append(f"{confidence:.2f}")
    if frame is not None:
        parts.append(f"frame {frame}")
    return " ".join(parts)


def json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def write_out(text: str, output: Path | None, what: str) -> None:
    """Text to stdout, or to the ``-o`` file with a line saying what went where."""
    if output is None:
        sys.stdout.write(text)
        return
    output.write_text(text, encoding="utf-8")
    print(f"wrote {what} to {output}")


def new_session_path(game: str) -> Path:
    """``sessions/<UTC time to the millisecond>-<game>.sqlite``, sortable; ``-2``, ``-3``...
    after the time when that name is taken (a journal or the leftovers of one being made).
    Two sessions started in the same millisecond may still pick one name: the journal is
    claimed atomically, so the second is refused in one line and nothing is overwritten."""
    from session.journal import LOCK, PARTIAL

    SESSIONS_DIR.mkdir(exist_ok=True)
    now = datetime.now(UTC)
    stamp = f"{now:%Y%m%dT%H%M%S}{now.microsecond // 1000:03d}Z"
    for number in itertools.count(1):
        suffix = "" if number == 1 else f"-{number}"
        path = SESSIONS_DIR / f"{stamp}{suffix}-{game}.sqlite"
        if not any(Path(f"{path}{side}").exists() for side in ("", PARTIAL, LOCK)):
            return path
    raise AssertionError("unreachable")  # itertools.count never ends


def verdict_text(verdict: Verdict, lang: str) -> str:
    return verdict.ru if lang == "ru" else verdict.en


def said_lines(verdicts: Sequence[Verdict], view: Mapping[str, Any], lang: str) -> list[str]:
    """The verdicts to print before the state line: all but the one naming whose turn it is
    now, which the state line itself says (with the throw and the dice where there are)."""
    return [
        verdict_text(verdict, lang)
        for verdict in verdicts
        if not (verdict.kind == Kind.TURN and verdict.player == view["turn"] and not view["over"])
    ]


def refusal_text(outcome: Outcome, lang: str) -> str:
    """Why an action was refused: the referee's own words where there is a verdict, else the
    malformed action's error (in Russian where asked: its ``error_ru``)."""
    if outcome.verdicts:
        return verdict_text(outcome.verdicts[0], lang)
    if lang == "ru" and outcome.error_ru:
        return outcome.error_ru
    return str(outcome.error)


def sheet_text(match: Match, lang: str) -> str:
    """The engine's score sheet as a text table, with the winner once the game is over."""
    text = render_sheet(match.engine.score_sheet(match.state), lang)
    view = match.view()
    return f"{text}\n{winner_line(view, lang)}" if view["over"] else text


def say_error(message: str) -> None:
    """One ``error:`` line on stderr, after whatever stdout holds so a transcript stays in order."""
    sys.stdout.flush()
    print(f"error: {message}", file=sys.stderr)
