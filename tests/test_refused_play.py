"""Issue 25 at the ``play`` prompt and in ``shot``: bad input is one ``error:`` line, the
journal keeps exactly the rows it had, and the session goes on (each case once crashed)."""

from __future__ import annotations

import io
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ui.cli import main

HUGE = "1" * 4301
DEEP_JSON = '{"do": "undo", "target": ' + "[" * 1000 + "]" * 1000 + "}"


def rows(journal: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(journal) as db:
        return db.execute("SELECT * FROM entries ORDER BY seq").fetchall()


def play(monkeypatch, capsys, journal: Path, text: str, *players: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    names = ",".join(players or ("a", "b"))
    code = main(["play", "yahtzee", "--players", names, "--journal", str(journal)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "line",
    [
        '{"do": "undo", "target": ' + HUGE + "}",
        "undo " + HUGE,
        "roll 1 2 3 4 " + HUGE,
        DEEP_JSON,
        "[" * 5000,
        '{"do": "roll", "by": "\\udcff", "dice": [1, 2, 3, 4, 5]}',
        "\udcff: roll 1 2 3 4 5",
        "a\x0cb: roll 1 2 3 4 5",
        "correct 1 " + "correct 1 " * 100 + "roll 1 2 3 4 5",
    ],
    ids=[
        "json_int",
        "undo_int",
        "dice_int",
        "deep_json",
        "open_brackets",
        "json_name",
        "name",
        "form_feed",
        "deep_correct",
    ],
)
def test_a_bad_line_is_one_error_and_changes_no_row(monkeypatch, capsys, tmp_path, line):
    journal = tmp_path / "night.sqlite"
    code, _, err = play(monkeypatch, capsys, journal, f"roll 1 2 3 4 5\n{line}\nscore chance\n")
    assert code == 0
    assert len(err.splitlines()) == 1 and err.startswith("error: ")
    assert len(rows(journal)) == 2  # the roll and, after the refusal, the score: it went on


def test_a_name_that_is_not_utf8_is_refused_before_a_journal_is_made(monkeypatch, capsys, tmp_path):
    journal = tmp_path / "night.sqlite"
    code, _, err = play(monkeypatch, capsys, journal, "quit\n", "\udcff", "b")
    assert code == 2
    assert err.startswith("error: argument --players: '\\udcff' is not a name")
    assert not journal.exists()


CORRECTIONS = [
    'correct target=1 action={"do": "roll", "by": "a", "dice": [6, 6, 6, 6, 6]}',
    'correct 1 {"do": "roll", "by": "a", "dice": [6, 6, 6, 6, 6]}',
    "correct 1 roll 6 6 6 6 6",
    "correct target=1 action=a: roll 6 6 6 6 6",
]


@pytest.mark.parametrize("line", CORRECTIONS)
def test_both_documented_forms_of_correct_work(monkeypatch, capsys, tmp_path, line):
    code, out, err = play(monkeypatch, capsys, tmp_path / "j.sqlite", f"roll 1 2 3 4 5\n{line}\n")
    assert (code, err) == (0, "")
    assert "dice 6 6 6 6 6" in out


def test_help_and_the_error_give_the_forms_the_parser_reads(monkeypatch, capsys, tmp_path):
    code, out, err = play(monkeypatch, capsys, tmp_path / "j.sqlite", "help\ncorrect 1\n")
    assert code == 0
    assert "correct <target> <action>" in out
    assert "'correct <target> <action>' or 'correct target=N action=...'" in err


def test_shot_refuses_a_huge_number_and_deep_json_with_one_line(tmp_path, capsys):
    for text in ('{"do": "shot", "by": "a", "frame": ' + HUGE + "}", DEEP_JSON):
        record = tmp_path / "shot.json"
        record.write_text(text, encoding="utf-8")
        code = main(["shot", str(record), "seven_skittles", "--players", "a,b"])
        err = capsys.readouterr().err
        assert code == 2
        assert err.startswith(f"error: {record}: ") and len(err.splitlines()) == 1


def test_the_real_command_prints_one_error_line(tmp_path):
    journal = tmp_path / "j.sqlite"
    command = [str(Path(sys.executable).with_name("tableref"))]
    done = subprocess.run(
        [*command, "play", "yahtzee", "--players", "a,b", "--journal", str(journal)],
        input=f"undo {HUGE}\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stderr == f"error: target: a number of {len(HUGE)} digits (at most 18)\n"
