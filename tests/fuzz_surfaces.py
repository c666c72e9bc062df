"""The input surfaces of issue 25 and their generators, for ``tests/test_fuzz_inputs.py`` (short)
and ``scripts/fuzz_inputs.py`` (long).  Not a test module (no ``test_`` prefix).

Each surface drives one reader in-process with one generated input and returns a
:class:`Result`: refused or accepted, whether a refusal was exactly one ``error:`` line, and
whether it changed a journal row.  Anything else it raises is the defect the issue names (a
traceback shown to a user); the callers count or fail on it.
"""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
import string
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from firmware_interface.codec import FrameError, StreamDecoder, decode_frame
from hardware.keymap import KeymapError, load_keymap
from hardware.script import VERBS, ScriptError, parse_line
from session.journal import Journal
from ui.cli import main
from ui.commands.play import _play


@dataclass(frozen=True)
class Result:
    refused: bool
    one_error_line: bool = True
    rows_changed: bool = False


@dataclass(frozen=True)
class Surface:
    name: str
    inputs: st.SearchStrategy[Any]
    drive: Callable[[Any], Result]


# --------------------------------------------------------------------------------------------
# Generators.

HUGE_NUMBERS = st.integers(4290, 4400).map(lambda n: "9" * n)
NUMBERS = st.one_of(st.integers(-10, 20).map(str), st.integers().map(str), HUGE_NUMBERS)
WORDS = st.one_of(
    st.sampled_from(["roll", "keep", "score", "void", "undo", "correct", "chance", "ones"]),
    st.sampled_from(["target=", "action=", "dice=", "a:", "b:", ":", "{", "[", '"', "\udcff"]),
    NUMBERS,
    st.text(max_size=8),
)
JSON_LEAVES = st.one_of(
    st.sampled_from(["null", "true", "false"]),
    NUMBERS,
    st.floats().map(json.dumps),
    st.text(max_size=6).map(json.dumps),
)


def _nested_json(depth: int) -> str:
    return '{"do": "undo", "target": ' + "[" * depth + "]" * depth + "}"


def _json_action(fields: dict[str, str]) -> str:
    return "{" + ", ".join(f'"{key}": {value}' for key, value in fields.items()) + "}"


JSON_ACTIONS = st.one_of(
    st.dictionaries(
        st.sampled_from(["do", "by", "target", "action", "dice", "row", "kept", "reason"]),
        st.one_of(
            JSON_LEAVES,
            st.sampled_from(['"roll"', '"undo"', '"correct"', '"a"', '"\\udcff"', "[1, 2, 3]"]),
        ),
        max_size=5,
    ).map(_json_action),
    st.integers(1, 3000).map(_nested_json),
)
PLAY_LINES = st.one_of(
    st.lists(WORDS, max_size=8).map(" ".join),
    JSON_ACTIONS,
    st.builds(lambda target, action: f"correct {target} {action}", NUMBERS, JSON_ACTIONS),
    st.text(max_size=40),
)

SHOT_RECORDS = st.one_of(
    JSON_ACTIONS,
    st.dictionaries(
        st.sampled_from(["do", "by", "knocked", "facts", "frame", "balls", "first_contact"]),
        st.one_of(JSON_LEAVES, st.sampled_from(['"shot"', '"a"', "[]", '["foul"]', "[1, 2]"])),
        max_size=6,
    ).map(lambda fields: _json_action({"do": '"shot"', **fields})),
    st.text(max_size=40),
)


def _yaml_nest(depth: int, kind: str) -> str:
    if kind == "block_map":
        return "".join(" " * i + "a:\n" for i in range(depth)) + " " * depth + "1\n"
    if kind == "block_seq":
        return "- " * depth + "1\n"
    if kind == "flow":
        return "[" * depth + "]" * depth + "\n"
    return "x:\n" + "".join(f"- &a{i} [{f'*a{i - 1}' if i else 1}]\n" for i in range(depth))


YAML_SHAPES = st.builds(
    _yaml_nest, st.integers(1, 3000), st.sampled_from(["block_map", "block_seq", "flow", "alias"])
)
YAML_PIECES = st.sampled_from(
    [
        "game: yahtzee\n",
        "players: [a, b]\n",
        "steps:\n",
        "  - {do: roll, by: a, dice: [1, 2, 3, 4, 5]}\n",
        "  - expect: {scores: {a: 0}}\n",
        "  - {do: undo, target: *x}\n",
        "x: &x [1]\n",
        "hold_ms: 700\n",
        "inputs: {0: {press: bell}}\n",
        "signals: {s: {output: 0, mode: [1]}}\n",
        "<<: *x\n",
        "a: &a [*a]\n",
        "? [1]\n: 2\n",
        "n: " + "1" * 5000 + "\n",
        "- !!python/object:os.system x\n",
        "\t\x00\udcff\n",
    ]
)
YAML_FILES = st.one_of(
    YAML_SHAPES,
    st.lists(YAML_PIECES, max_size=8).map("".join),
    st.text(alphabet=string.printable, max_size=60),
)

SCRIPT_LINES = st.one_of(
    st.builds(
        lambda verb, args: " ".join([verb, *args]),
        st.sampled_from([*VERBS, "boom"]),
        st.lists(NUMBERS | st.sampled_from(["0x10", "-0", "1e3", "#", "0b1"]), max_size=3),
    ),
    st.text(max_size=30),
)

CODEC_BYTES = st.binary(max_size=300)


# --------------------------------------------------------------------------------------------
# Drivers.


def _one_error_line(err: str) -> bool:
    return len(err.splitlines()) == 1 and err.startswith("error: ")


class PlaySurface:
    """One journal played into for the whole run, so later lines meet a game under way."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory()
        path = Path(self._folder.name) / "fuzz.sqlite"
        self.journal = Journal.create(path, "yahtzee", ["a", "b"])
        self.path = path

    def rows(self) -> list[tuple[Any, ...]]:
        with contextlib.closing(sqlite3.connect(self.path)) as db:
            return db.execute("SELECT * FROM entries ORDER BY seq").fetchall()

    def __call__(self, line: str) -> Result:
        before = self.rows()
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            _play(self.journal, [line], "en", echo=False)
        if not err.getvalue():
            return Result(refused=False)
        return Result(True, _one_error_line(err.getvalue()), self.rows() != before)


def _run_main(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue()


class FileSurface:
    """A generated text written to one file that a reader then reads."""

    def __init__(self, suffix: str) -> None:
        self._folder = tempfile.TemporaryDirectory()
        self.path = Path(self._folder.name) / f"input{suffix}"

    def write(self, text: str) -> Path:
        self.path.write_text(text, encoding="utf-8", errors="surrogateescape")
        return self.path


def shot_surface() -> Callable[[str], Result]:
    files = FileSurface(".json")

    def drive(text: str) -> Result:
        path = str(files.write(text))
        code, err = _run_main(["shot", path, "seven_skittles", "--players", "a,b"])
        if code == 2:
            return Result(True, _one_error_line(err))
        return Result(refused=code == 1)  # 1: judged and refused by the rules, said on stdout

    return drive


def check_surface() -> Callable[[str], Result]:
    files = FileSurface(".yaml")

    def drive(text: str) -> Result:
        code, err = _run_main(["check", str(files.write(text))])
        if code == 2:
            return Result(True, _one_error_line(err))
        return Result(refused=code == 1, one_error_line=not err)

    return drive


def keymap_surface() -> Callable[[str], Result]:
    files = FileSurface(".yaml")

    def drive(text: str) -> Result:
        try:
            load_keymap(files.write(text))
        except KeymapError as error:
            return Result(True, "\n" not in str(error))
        return Result(refused=False)

    return drive


def script_surface(line: str) -> Result:
    try:
        parse_line(line)
    except ScriptError as error:
        return Result(True, "\n" not in str(error))
    return Result(refused=False)


def codec_surface(data: bytes) -> Result:
    """The stream decoder never raises; one frame raises only FrameError."""
    decoded = StreamDecoder().feed(data)
    try:
        decode_frame(data)
    except FrameError:
        return Result(refused=not decoded)
    return Result(refused=False)


def surfaces() -> list[Surface]:
    """Every surface, each with fresh files and journal."""
    return [
        Surface("play", PLAY_LINES, PlaySurface()),
        Surface("shot", SHOT_RECORDS, shot_surface()),
        Surface("check", YAML_FILES, check_surface()),
        Surface("keymap", YAML_FILES, keymap_surface()),
        Surface("script", SCRIPT_LINES, script_surface),
        Surface("codec", CODEC_BYTES, codec_surface),
    ]
