"""The journal: durable on disk (WAL, synchronous=FULL, SIGKILL-proof), append-only, resumable,
and round-tripping through scenario export and import.  Real SQLite files throughout."""

from __future__ import annotations

import gc
import hashlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import OptionsError
from scoring.match import Match
from scoring.registry import UnknownGame, create_engine
from scoring.scenario import from_dict, load, run
from session.journal import Journal, JournalError, JournalRow

PLAYERS = ("Anna", "Boris")
WRITER = Path(__file__).with_name("journal_writer.py")


def roll(player: str, *dice: int) -> dict[str, Any]:
    return {"do": "roll", "by": player, "dice": list(dice)}


def score(player: str, row: str) -> dict[str, Any]:
    return {"do": "score", "by": player, "row": row}


def new(tmp_path: Path, players: tuple[str, ...] = PLAYERS) -> Journal:
    return Journal.create(tmp_path / "session.db", "yahtzee", players)


def play(journal: Journal, *actions: dict[str, Any]) -> None:
    for action in actions:
        outcome = journal.submit(action)
        assert outcome.accepted, outcome.error


def fingerprint(path: Path) -> dict[str, str]:
    """The bytes of the database and its write-ahead log: what a refused action must not touch."""
    files = (path, Path(f"{path}-wal"))
    return {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in files if f.exists()}


def stored_count(path: Path) -> int:
    """Rows in the file, counted through a connection of its own, not the journal's."""
    with sqlite3.connect(path) as db:
        return db.execute("SELECT count(*) FROM entries").fetchone()[0]


def folded(players: tuple[str, ...], rows: list[JournalRow]) -> dict[str, Any]:
    """The view of a fresh in-memory match fed the same actions, for comparison with a journal."""
    match = Match(create_engine("yahtzee"), players)
    for row in rows:
        assert match.submit(row.action).accepted, row
    return match.view()


# --------------------------------------------------------------------------------------------
# Durability settings.


def test_wal_and_full_sync_are_in_force_when_created_and_when_reopened(tmp_path: Path) -> None:
    with new(tmp_path) as journal:
        assert journal._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert journal._db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    with Journal.open(tmp_path / "session.db") as journal:
        assert journal._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert journal._db.execute("PRAGMA synchronous").fetchone() == (2,)


# --------------------------------------------------------------------------------------------
# Accepted and refused actions.


def test_accepted_actions_survive_close_and_open(tmp_path: Path) -> None:
    with new(tmp_path) as journal:
        journal.submit(roll("Anna", 2, 2, 2, 5, 6), source="camera", confidence=0.93, frame=412)
        journal.submit(score("Anna", "twos"), source="panel", at="2024-05-01T18:00:00+00:00")
        rows, view = journal.rows(), journal.view()
    assert [row.action for row in rows] == [roll("Anna", 2, 2, 2, 5, 6), score("Anna", "twos")]
    assert (rows[0].source, rows[0].confidence, rows[0].frame) == ("camera", 0.93, 412)
    assert (rows[1].source, rows[1].at) == ("panel", "2024-05-01T18:00:00+00:00")
    assert rows[0].at.endswith("+00:00")
    with Journal.open(tmp_path / "session.db") as reopened:
        assert reopened.rows() == rows
        assert reopened.view() == view
        assert reopened.view()["sheets"]["Anna"]["twos"] == 6
        assert (reopened.game, reopened.preset, reopened.players) == ("yahtzee", "yahtzee", PLAYERS)


def test_resuming_pauses_the_cycle_collector_and_gives_it_back_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with new(tmp_path) as journal:
        journal.submit(roll("Anna", 2, 2, 2, 5, 6))
    seen: list[bool] = []
    check = Match.check
    monkeypatch.setattr(
        Match, "check", lambda self, raw: (seen.append(gc.isenabled()), check(self, raw))[1]
    )
    with Journal.open(tmp_path / "session.db"):
        pass
    assert seen == [False] and gc.isenabled()
    gc.disable()  # a caller that paused it itself keeps it paused
    try:
        with Journal.open(tmp_path / "session.db"):
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


TURN_ONE = (roll("Anna", 1, 2, 3, 4, 6), score("Anna", "chance"))
TURN_TWO = (roll("Boris", 6, 6, 6, 1, 2), score("Boris", "chance"), roll("Anna", 3, 3, 3, 3, 1))


KEEP_ONE_TWO = (roll("Anna", 1, 2, 3, 4, 6), {"do": "keep", "by": "Anna", "dice": [1, 2]})
REFUSALS = [
    pytest.param((), {"do": "fly", "by": "Anna"}, "unknown_verb", "'fly'", id="unknown verb"),
    pytest.param((), roll("Anna", 1, 2, 3, 4, 7), "bad_field", "7 is not a face", id="die 7"),
    pytest.param((), roll("Anna", 1, 2, 3, 4, 5, 6), "bad_field", "6 dice given", id="sixth die"),
    pytest.param(
        (), roll("Boris", 1, 2, 3, 4, 5), "not_your_turn", "It is Anna's turn", id="out of turn"
    ),
    pytest.param(
        (), roll("Zoe", 1, 2, 3, 4, 5), "unknown_player", "Zoe is not playing", id="stranger"
    ),
    pytest.param(
        TURN_ONE + TURN_TWO, score("Anna", "chance"), "row_used", "already written", id="row used"
    ),
    pytest.param((), {"do": "undo"}, "nothing_to_undo", "nothing to undo", id="undo nothing"),
    pytest.param(
        TURN_ONE, {"do": "undo", "target": 9}, "bad_target", "no action 9", id="undo unknown"
    ),
    pytest.param(
        TURN_ONE,
        {"do": "correct", "target": 1, "action": roll("Boris", 1, 1, 1, 1, 1)},
        "history_breaks",
        "action 1 illegal: It is Anna's turn",
        id="illegal correction",
    ),
    pytest.param(
        KEEP_ONE_TWO,
        {"do": "correct", "target": 1, "action": roll("Anna", 3, 3, 3, 3, 3)},
        "history_breaks",
        "action 2 illegal: Cannot keep 1 2",
        id="correction breaks a later action",
    ),
]


@pytest.mark.parametrize(("before", "action", "code", "named"), REFUSALS)
def test_a_refused_action_leaves_the_file_unchanged(
    tmp_path: Path,
    before: tuple[dict[str, Any], ...],
    action: dict[str, Any],
    code: str,
    named: str,
) -> None:
    with new(tmp_path) as journal:
        play(journal, *before)
        rows, files = journal.rows(), fingerprint(journal.path)
        outcome = journal.submit(action)
        assert not outcome.accepted
        assert outcome.code == code
        assert named in outcome.error
        assert journal.rows() == rows
        assert fingerprint(journal.path) == files
        assert stored_count(journal.path) == len(before)
        assert journal.match.next_seq == len(before) + 1


def test_undo_and_correct_are_stored_as_rows_and_refold_the_same(tmp_path: Path) -> None:
    with new(tmp_path) as journal:
        play(
            journal,
            roll("Anna", 1, 1, 2, 3, 4),
            {"do": "keep", "by": "Anna", "dice": [1, 1]},
            roll("Anna", 1, 5, 6),
            {"do": "correct", "target": 3, "action": roll("Anna", 1, 1, 6)},
            score("Anna", "ones"),
            {"do": "undo"},
            score("Anna", "chance"),
        )
        live_view, live_entries = journal.view(), journal.match.entries
        rows = journal.rows()
    assert rows[3].action == {"do": "correct", "target": 3, "action": roll("Anna", 1, 1, 6)}
    assert rows[5].action == {"do": "undo", "target": 5}  # the bare undo, made explicit
    assert live_view["sheets"]["Anna"]["chance"] == 10
    assert live_view["sheets"]["Anna"]["ones"] is None
    with Journal.open(tmp_path / "session.db") as reopened:
        assert reopened.rows() == rows
        assert reopened.match.entries == live_entries
        assert reopened.view() == live_view == folded(PLAYERS, rows)


def test_the_file_is_append_only(tmp_path: Path) -> None:
    with new(tmp_path) as journal:
        play(journal, *TURN_ONE)
    with sqlite3.connect(tmp_path / "session.db") as db:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("UPDATE entries SET source = 'forged' WHERE seq = 1")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("DELETE FROM entries WHERE seq = 2")


def test_a_closed_journal_refuses_to_write(tmp_path: Path) -> None:
    journal = new(tmp_path)
    journal.close()
    with pytest.raises(JournalError, match="cannot write action 1"):
        journal.submit(roll("Anna", 1, 2, 3, 4, 5))
    assert journal.match.next_seq == 1
    assert stored_count(tmp_path / "session.db") == 0


# --------------------------------------------------------------------------------------------
# A crash loses nothing acknowledged.


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("kill_after", [1, 40, 150])
def test_sigkill_loses_nothing_that_was_acknowledged(tmp_path: Path, kill_after: int) -> None:
    path = tmp_path / "session.db"
    players = tuple(f"P{n}" for n in range(1, 9))  # 8 players: ~480 actions, far past the kill
    Journal.create(path, "yahtzee", players).close()
    child = subprocess.Popen([sys.executable, str(WRITER), str(path)], stdout=subprocess.PIPE)
    acked: dict[int, Any] = {}
    try:
        while len(acked) < kill_after:
            line = child.stdout.readline().decode()
            assert line.startswith("ack "), f"the writer stopped early: {line!r}"
            _, seq, action = line.split(" ", 2)
            acked[int(seq)] = json.loads(action)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=10)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    assert list(acked) == list(range(1, kill_after + 1))
    with Journal.open(path) as journal:
        rows = journal.rows()
        assert [row.seq for row in rows] == list(range(1, len(rows) + 1))
        assert len(rows) >= kill_after
        assert all(rows[seq - 1].action == action for seq, action in acked.items())
        assert journal.view() == folded(players, rows)
        assert journal.match.next_seq == len(rows) + 1


# --------------------------------------------------------------------------------------------
# Export and import.


def test_export_import_round_trip(tmp_path: Path) -> None:
    players = ("Anna", "Борис")
    with Journal.create(tmp_path / "live.db", "yahtzee", players) as live:
        live.submit(roll("Anna", 5, 5, 5, 2, 1), source="camera", confidence=0.87, frame=1234)
        play(
            live,
            {"do": "correct", "target": 1, "action": roll("Anna", 5, 5, 5, 2, 2)},
            score("Anna", "full_house"),
            roll("Борис", 1, 2, 3, 4, 5),
            score("Борис", "ones"),
            {"do": "undo"},
            score("Борис", "large_straight"),
        )
        exported, view = live.to_scenario(), live.view()
    text = exported.to_yaml()
    assert "Борис" in text
    assert run(exported) is None
    (tmp_path / "session.yaml").write_text(text, encoding="utf-8")
    with Journal.from_scenario(load(tmp_path / "session.yaml"), tmp_path / "copy.db") as copy:
        assert copy.to_scenario().to_yaml() == text
        assert copy.view() == view
        assert view["scores"] == {"Anna": 25, "Борис": 40}
        assert copy.rows()[0].frame == 1234
    with sqlite3.connect(tmp_path / "copy.db") as db:
        assert "Борис" in db.execute("SELECT action FROM entries WHERE seq = 4").fetchone()[0]


def test_import_skips_expectations_and_marks_its_rows(tmp_path: Path) -> None:
    scenario = from_dict(
        {
            "game": "yahtzee",
            "players": list(PLAYERS),
            "steps": [roll("Anna", 6, 6, 6, 6, 6), {"expect": {"turn": "Anna"}}],
        }
    )
    with Journal.from_scenario(scenario, tmp_path / "session.db") as journal:
        [row] = journal.rows()
    assert (row.seq, row.source, row.action) == (1, "import", roll("Anna", 6, 6, 6, 6, 6))


def test_import_of_a_refused_step_names_it_and_leaves_no_file(tmp_path: Path) -> None:
    steps = [roll("Anna", 1, 2, 3, 4, 5), {"expect": {"turn": "Anna"}}, score("Boris", "ones")]
    scenario = from_dict({"game": "yahtzee", "players": list(PLAYERS), "steps": steps})
    with pytest.raises(JournalError, match=r"step 3: .*not_your_turn"):
        Journal.from_scenario(scenario, tmp_path / "session.db")
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------------------------
# What is not a journal, and what is not ours to overwrite.


def text_file(path: Path) -> None:
    path.write_text("game: yahtzee\nplayers: [Anna]\n", encoding="utf-8")


def random_bytes(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 64)


def strangers_database(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    db.close()


@pytest.mark.parametrize("make", [text_file, random_bytes, strangers_database])
def test_opening_what_is_not_a_journal_fails_and_changes_nothing(
    tmp_path: Path, make: Callable[[Path], None]
) -> None:
    path = tmp_path / "not a journal.db"
    make(path)
    before = path.read_bytes()
    with pytest.raises(JournalError) as raised:
        Journal.open(path)
    assert str(path) in str(raised.value)
    assert "\n" not in str(raised.value)
    assert path.read_bytes() == before


def test_opening_a_missing_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(JournalError, match=r"missing\.db: no such journal file"):
        Journal.open(tmp_path / "missing.db")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("make", [text_file, strangers_database])
def test_create_never_touches_an_existing_file(
    tmp_path: Path, make: Callable[[Path], None]
) -> None:
    path = tmp_path / "session.db"
    make(path)
    before = path.read_bytes()
    with pytest.raises(JournalError, match="exists already") as raised:
        Journal.create(path, "yahtzee", PLAYERS)
    assert str(path) in str(raised.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["session.db"]


def test_create_checks_the_game_before_making_a_file(tmp_path: Path) -> None:
    with pytest.raises(UnknownGame):
        Journal.create(tmp_path / "a.db", "snakes", PLAYERS)
    with pytest.raises(OptionsError):
        Journal.create(tmp_path / "b.db", "yahtzee", ["Anna", "Anna"])
    assert list(tmp_path.iterdir()) == []


def hand_edit(path: Path, statement: str, *values: Any) -> None:
    with sqlite3.connect(path) as db:
        db.execute(statement, values)
    db.close()


INSERT = "INSERT INTO entries (seq, at, source, action) VALUES (?, '2024-05-01', 'hand', ?)"


HAND_EDITS = [
    pytest.param(
        INSERT,
        (3, json.dumps(score("Anna", "ones"))),
        "action 3 .* is refused: It is Boris",
        id="illegal row",
    ),
    pytest.param(
        INSERT, (4, json.dumps(roll("Boris", 1, 2, 3, 4, 5))), "action 3 is missing", id="gap"
    ),
    pytest.param(INSERT, (3, "{not json"), "action 3 is not valid JSON", id="broken JSON"),
    pytest.param(
        "UPDATE meta SET value = '99' WHERE key = 'schema'",
        (),
        "schema version 99 unknown",
        id="future schema",
    ),
    pytest.param(
        "DELETE FROM meta WHERE key = 'players'", (), "players missing", id="players missing"
    ),
    pytest.param(
        "UPDATE meta SET value = '\"snakes\"' WHERE key = 'game'",
        (),
        "unknown game 'snakes'",
        id="game unknown",
    ),
]


@pytest.mark.parametrize(("statement", "values", "named"), HAND_EDITS)
def test_a_journal_edited_by_hand_is_refused_naming_the_problem(
    tmp_path: Path, statement: str, values: tuple[Any, ...], named: str
) -> None:
    with new(tmp_path) as journal:
        play(journal, *TURN_ONE)
    hand_edit(journal.path, statement, *values)
    with pytest.raises(JournalError, match=named) as raised:
        Journal.open(journal.path)
    assert str(journal.path) in str(raised.value)


# --------------------------------------------------------------------------------------------
# journal show: the rows as play says them.


def test_journal_show_reads_each_row_out_as_play_does(tmp_path: Path, capsys) -> None:
    from ui.cli import main

    with new(tmp_path) as journal:
        play(journal, roll("Anna", 1, 2, 3, 4, 6), score("Anna", "chance"), {"do": "undo"})
    path = str(tmp_path / "session.db")
    assert main(["journal", "show", path]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^1\s+\S+\s+operator\s+Anna: roll 1 2 3 4 6$", out, re.M)
    assert re.search(r"^\s+Anna throws 1 2 3 4 6 \(throw 1 of 3\)$", out, re.M)
    assert re.search(r"^2\s+\S+\s+operator\s+Anna: score chance$", out, re.M)
    assert re.search(r"^\s+Anna writes 16 in Chance$", out, re.M)
    assert re.search(r"^\s+Action 2 taken back$", out, re.M)
    assert '{"do"' not in out
    assert main(["journal", "show", "--json", path]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [row["action"] for row in rows] == [
        roll("Anna", 1, 2, 3, 4, 6),
        score("Anna", "chance"),
        {"do": "undo", "target": 2},
    ]
