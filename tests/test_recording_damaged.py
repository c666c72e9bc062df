"""Damaged recordings never give a traceback (issue 25): ``tableref replay`` and ``tableref
journal show`` refuse each with one ``error:`` line naming the file, the line and what is wrong;
a recording's video must lie inside its folder.  The short version of
``scripts/fuzz_recordings.py`` closes the file."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from fuzz_recordings import (
    IMPORT_FILES,
    base_recording,
    copy_recording,
    fuzz_recordings,
    import_surface,
    run_main,
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return base_recording(tmp_path_factory.mktemp("base"), turns=1)


def _line(path: Path, number: int, text: str) -> None:
    lines = path.read_text("utf-8").splitlines()
    lines[number - 1] = text
    path.write_text("\n".join(lines) + "\n", "utf-8")


def _bytes(path: Path, data: bytes) -> None:
    path.write_bytes(data)


def _meta(key: str, value: object) -> Callable[[Path], None]:
    def damage(folder: Path) -> None:
        meta = json.loads((folder / "meta.json").read_text("utf-8"))
        meta[key] = value
        (folder / "meta.json").write_text(json.dumps(meta), "utf-8")

    return damage


def _journal(sql: str, *values: object) -> Callable[[Path], None]:
    def damage(folder: Path) -> None:
        with contextlib.closing(sqlite3.connect(folder / "journal.sqlite")) as db:
            db.execute("DROP TRIGGER entries_never_change")
            db.execute("CREATE TABLE loose AS SELECT * FROM entries")  # no NOT NULL
            db.execute("DROP TABLE entries")
            db.execute("ALTER TABLE loose RENAME TO entries")
            db.execute(sql, values)
            db.commit()

    return damage


DAMAGES = [
    pytest.param(
        lambda f: _bytes(f / "final.json", b'{"players": ["\xff"]}'),
        r"final\.json: not UTF-8",
        id="final.json not UTF-8",
    ),
    pytest.param(
        lambda f: _bytes(f / "final.json", (f / "final.json").read_bytes()[:40]),
        r"final\.json: not valid JSON",
        id="final.json cut short",
    ),
    pytest.param(
        lambda f: _bytes(f / "final.json", b"5"), r"final\.json: 5 is not", id="final.json 5"
    ),
    pytest.param(
        lambda f: _bytes(f / "frames.jsonl", b'{"frame": 0, "t": 0, "detections": []}\n\xff\n'),
        r"frames\.jsonl: line 2 is not UTF-8",
        id="frames.jsonl not UTF-8",
    ),
    pytest.param(
        lambda f: _line(f / "frames.jsonl", 2, '{"frame": 1, "t": "soon"}'),
        r"frames\.jsonl: line 2: t is \"soon\"",
        id="frames.jsonl t not a number",
    ),
    pytest.param(
        lambda f: _line(f / "frames.jsonl", 3, '{"frame": 2, "t": 0.2, "detec'),
        r"frames\.jsonl: line 3 is not valid JSON",
        id="frames.jsonl cut mid-file",
    ),
    pytest.param(
        lambda f: _line(f / "events.jsonl", 1, "5"),
        r"events\.jsonl: line 1: not a JSON object",
        id="events line 5",
    ),
    pytest.param(
        lambda f: _line(f / "events.jsonl", 1, '{"t": 0, "kind": "accepted", "state": "ab"}'),
        r"events\.jsonl: line 1: seq missing",
        id="events line without seq",
    ),
    pytest.param(
        lambda f: _line(f / "events.jsonl", 1, "[" * 100_000 + "]" * 100_000),
        r"events\.jsonl: line 1 is not valid JSON: nested too deeply",
        id="events line nested deep",
    ),
    pytest.param(
        _journal("UPDATE entries SET action = '{bad' WHERE seq = 2"),
        r"journal\.sqlite: action 2 is not valid JSON",
        id="row not JSON",
    ),
    pytest.param(
        _journal("UPDATE entries SET action = NULL WHERE seq = 1"),
        r"journal\.sqlite: action 1 is empty \(NULL\)",
        id="row NULL",
    ),
    pytest.param(
        _journal("UPDATE entries SET action = '5' WHERE seq = 1"),
        r"journal\.sqlite: action 1 is 5, not a JSON object",
        id="row 5",
    ),
    pytest.param(_meta("video", 5), r"meta\.json: video is 5, not a file name", id="video 5"),
    pytest.param(_meta("players", 5), r"meta\.json: players is 5", id="players 5"),
    pytest.param(_meta("options", [1]), r"meta\.json: options is \[1\]", id="options a list"),
    pytest.param(_meta("game", "chess"), r"meta\.json: cannot set up", id="unknown game"),
    pytest.param(
        _meta("video", "../x.avi"), r"video \"\.\./x\.avi\" is not a file name inside", id="../"
    ),
    pytest.param(
        _meta("video", "/etc/passwd"), r"video \"/etc/passwd\" is not a file name", id="abs path"
    ),
    pytest.param(_meta("format", True), r"meta\.json: format true unknown", id="format true"),
]


@pytest.mark.parametrize(("damage", "said"), DAMAGES)
def test_a_damaged_recording_is_one_error_line_naming_what_is_wrong(
    base: Path, tmp_path: Path, damage: Callable[[Path], None], said: str
) -> None:
    folder = copy_recording(base, tmp_path / "damaged.tableref")
    damage(folder)
    code, err = run_main(["replay", str(folder)])
    assert code == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    assert re.search(said, err), err


def test_the_video_outside_the_folder_is_refused_even_when_it_exists(
    base: Path, tmp_path: Path
) -> None:
    folder = copy_recording(base, tmp_path / "damaged.tableref")
    (tmp_path / "elsewhere.avi").write_bytes((folder / "video.avi").read_bytes())
    _meta("video", "../elsewhere.avi")(folder)
    code, err = run_main(["replay", str(folder)])
    assert code == 2 and "not a file name inside the recording" in err


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("options", "5", "options is 5, not a mapping"),
        ("players", "5", "players is 5, not a list of names"),
        ("players", "[" * 9999, "players: nested too deeply"),
        ("game", "[1]", "game is [1], not a game id"),
        ("schema", '"1"', "schema version '1' unknown"),
    ],
)
def test_journal_show_of_a_damaged_meta_table_is_one_error_line(
    base: Path, tmp_path: Path, key: str, value: str, said: str
) -> None:
    folder = copy_recording(base, tmp_path / "damaged.tableref")
    with contextlib.closing(sqlite3.connect(folder / "journal.sqlite")) as db:
        db.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key))
        db.commit()
    code, err = run_main(["journal", "show", str(folder / "journal.sqlite")])
    assert code == 2 and len(err.splitlines()) == 1, err
    assert said in err, err


def test_an_undamaged_copy_replays_equal(base: Path, tmp_path: Path) -> None:
    code, err = run_main(["replay", str(copy_recording(base, tmp_path / "copy.tableref"))])
    assert (code, err) == (0, "")


def test_fuzzed_recordings_are_refused_in_one_line_or_accepted(base: Path, tmp_path: Path) -> None:
    """The short version of ``scripts/fuzz_recordings.py``: 200 mutations, both entry points."""
    counts, first = fuzz_recordings(200, 7, base, tmp_path)
    assert not first, first
    for name, counted in counts.items():
        assert counted["runs"] == 200 and counted["refused"] > 0, (name, counted)
        assert counted["tracebacks"] == counted["not_one_line"] == 0, (name, counted)


IMPORT = import_surface()


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(text=IMPORT_FILES)
def test_journal_import_of_fuzzed_yaml_refuses_in_one_line_and_leaves_no_file(text: str) -> None:
    result = IMPORT(text)
    if result.refused:
        assert result.one_error_line
        assert not result.rows_changed  # no journal, .partial or .lock left behind
