"""One writer per journal (issue 25): a second process resuming a journal is refused with one
line naming the holder, instead of both writing rows and one failing on a UNIQUE constraint;
readers need no lock; a lock left by a dead process is taken over."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import session.journal as journal_module
from session.journal import Journal, JournalError
from ui.cli import main

#: A child that holds the journal open to write until its stdin closes.
HOLDER = """
import sys
from session.journal import Journal
with Journal.open(sys.argv[1]) as journal:
    print("holding", flush=True)
    sys.stdin.read()
"""


@pytest.fixture
def path(tmp_path: Path) -> Path:
    path = tmp_path / "night.sqlite"
    with Journal.create(path, "yahtzee", ["Anna", "Boris"]) as journal:
        assert journal.submit({"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5]}).accepted
    return path


@pytest.fixture
def holder(path: Path) -> Iterator[subprocess.Popen[str]]:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), "play", "--resume", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline() == "holding\n"
    yield child
    if child.poll() is None:
        child.kill()
    child.wait()


def test_a_second_writer_is_refused_naming_who_holds_the_journal(path, holder) -> None:
    with pytest.raises(JournalError) as refused:
        Journal.open(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: in use by pid {holder.pid} on {socket.gethostname()} (")
    assert f"play --resume {path}), since " in message and "\n" not in message


def test_play_resume_of_a_journal_in_use_is_one_error_line_and_writes_nothing(
    path, holder, capsys, monkeypatch
) -> None:
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("roll 1 2 3 4 5\n"))
    assert main(["play", "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and "in use by pid" in err
    with Journal.open(path, readonly=True) as reader:
        assert len(reader.rows()) == 1


def test_readers_need_no_lock(path, holder, capsys) -> None:
    with Journal.open(path, readonly=True) as reader:
        assert len(reader.rows()) == 1
        with pytest.raises(JournalError, match="read-only"):
            reader.submit({"do": "score", "by": "Anna", "row": "chance"})
    assert main(["journal", "show", str(path)]) == 0
    assert main(["journal", "export", str(path)]) == 0
    capsys.readouterr()


def test_the_lock_goes_with_its_holder_even_when_killed(path, holder) -> None:
    lock = Path(f"{path}.lock")
    assert json.loads(lock.read_text())["pid"] == holder.pid
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert lock.exists()  # left behind by the kill, but nobody holds it: taken over
    with Journal.open(path) as journal:
        assert journal.submit({"do": "score", "by": "Anna", "row": "chance"}).accepted
        assert json.loads(lock.read_text())["pid"] != holder.pid
    assert not lock.exists()


def test_a_stale_lock_file_of_any_content_is_taken_over(path) -> None:
    Path(f"{path}.lock").write_text("not even json\n")
    with Journal.open(path) as journal:
        assert len(journal.rows()) == 1
    assert not Path(f"{path}.lock").exists()


def test_one_process_cannot_open_a_journal_twice_to_write(path) -> None:
    with Journal.open(path), pytest.raises(JournalError, match="in use by pid"):
        Journal.open(path)
    with Journal.open(path) as again:  # closed: free again
        assert len(again.rows()) == 1


def test_a_journal_being_created_is_locked_too(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    with Journal.create(path, "yahtzee", ["Anna"]), pytest.raises(JournalError, match="in use"):
        Journal.open(path)
    assert sorted(found.name for found in tmp_path.iterdir()) == ["new.sqlite"]


def test_without_flock_journals_open_unlocked(path, monkeypatch) -> None:
    """Windows has no flock: the journal works, unlocked, and leaves no lock file."""
    monkeypatch.setattr(journal_module, "LOCKING", False)
    with Journal.open(path), Journal.open(path) as second:
        assert len(second.rows()) == 1
    assert not Path(f"{path}.lock").exists()
