"""Nothing half-written (issue 25): a journal's name appears only when the journal is whole.

A SIGKILL at any moment of ``Journal.create`` or ``tableref journal import`` leaves either no file
of that name or a complete journal; what it leaves under ``NAME.partial`` never opens as a
session and does not stand in the way of the next create or import of the same name.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from session.journal import Journal, JournalError
from session.night import play_night, write_journal
from ui.cli import main

#: A child that runs ``Journal.create`` and kills itself with SIGKILL just after ``HOOK`` (a
#: function of ``session.journal``, or ``os.link``) returned: a power cut at that point.
KILLED_CREATE = """
import os, signal, sys
import session.journal as journal
path, hook = sys.argv[1], sys.argv[2]
owner = journal.os if hook == "link" else journal
original = getattr(owner, hook)
def killed(*args, **kwargs):
    result = original(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGKILL)
    return result
setattr(owner, hook, killed)
journal.Journal.create(path, "yahtzee", ["Anna", "Boris"])
"""

CLI = "import sys; from ui.cli import main; sys.exit(main(sys.argv[1:]))"


def leftovers(path: Path) -> list[str]:
    """Side files of ``path`` still in its folder (the journal's own -wal/-shm aside)."""
    return sorted(
        found.name
        for found in path.parent.iterdir()
        if found.name.startswith(path.name)
        and found.name not in (path.name, f"{path.name}-wal", f"{path.name}-shm")
    )


@pytest.fixture(scope="module")
def big_scenario(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict]]:
    """A 5,052-row Farkle night with undos and corrections, as a scenario file, and its
    actions."""
    folder = tmp_path_factory.mktemp("night")
    source = write_journal(play_night(5052, seed=1), folder / "night.sqlite")
    with Journal.open(source, readonly=True) as journal:
        scenario = journal.to_scenario()
        actions = [row.action for row in journal.rows()]
    path = folder / "night.yaml"
    path.write_text(scenario.to_yaml(), encoding="utf-8")
    return path, actions


@pytest.mark.parametrize("hook", ["_claim", "_initialise", "_finish", "link", "_publish"])
def test_a_create_killed_at_any_step_leaves_no_journal_or_a_whole_one(
    tmp_path: Path, hook: str
) -> None:
    path = tmp_path / "night.sqlite"
    child = subprocess.run(
        [sys.executable, "-c", KILLED_CREATE, str(path), hook], capture_output=True, text=True
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    if path.exists():  # killed once the journal was whole: it opens, with its header
        assert hook in ("link", "_publish")
        with Journal.open(path) as journal:
            assert (journal.game, journal.players, journal.rows()) == (
                "yahtzee",
                ("Anna", "Boris"),
                [],
            )
        assert leftovers(path) == []  # opening took the lock and cleared the dead .partial
        return
    partial = Path(f"{path}.partial")
    if partial.exists():
        with pytest.raises(JournalError, match="unfinished journal"):
            Journal.open(partial)
        with pytest.raises(JournalError, match="no such journal"):
            Journal.open(path)
    with Journal.create(path, "yahtzee", ["Anna", "Boris"]) as journal:  # not blocked
        assert journal.submit({"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5]}).accepted
    assert leftovers(path) == []
    with Journal.open(path) as journal:
        assert len(journal.rows()) == 1


def test_an_unfinished_journal_never_opens_under_any_name(tmp_path: Path) -> None:
    """A ``.partial`` copied or renamed by hand still says it was never finished."""
    path = tmp_path / "night.sqlite"
    subprocess.run([sys.executable, "-c", KILLED_CREATE, str(path), "_initialise"], check=False)
    partial = Path(f"{path}.partial")
    assert partial.exists() and not path.exists()
    renamed = tmp_path / "renamed.sqlite"
    renamed.write_bytes(partial.read_bytes())
    Path(f"{renamed}-wal").write_bytes(Path(f"{partial}-wal").read_bytes())
    for opener in (Journal.open, lambda p: Journal.open(p, readonly=True)):
        with pytest.raises(JournalError, match="unfinished journal"):
            opener(renamed)
    assert main(["journal", "show", str(renamed)]) == 2


def test_a_killed_import_leaves_no_partial_journal_and_blocks_nothing(
    tmp_path: Path, big_scenario: tuple[Path, list[dict]], capsys: pytest.CaptureFixture[str]
) -> None:
    scenario, actions = big_scenario
    path = tmp_path / "copy.sqlite"
    child = subprocess.Popen(
        [sys.executable, "-c", CLI, "journal", "import", str(scenario), "--journal", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and child.poll() is None:
        # Rows are being written once the file being built (or, before, the journal) grows.
        growing = [Path(f"{path}.partial-wal"), Path(f"{path}-wal"), path]
        if any(found.exists() and found.stat().st_size > 200_000 for found in growing):
            break
        time.sleep(0.001)
    child.send_signal(signal.SIGKILL)
    assert child.wait() == -signal.SIGKILL, "the import finished before it could be killed"
    assert not path.exists(), "a killed import left a journal of the target name"
    status = main(["journal", "import", str(scenario), "--journal", str(path)])
    assert status == 0, capsys.readouterr().err
    with Journal.open(path, readonly=True) as journal:
        assert [row.action for row in journal.rows()] == actions
    assert leftovers(path) == []


def test_a_refused_import_leaves_no_file_at_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "bad.yaml"
    scenario.write_text(
        "game: yahtzee\nplayers: [Anna, Boris]\nsteps:\n"
        "  - {do: roll, by: Anna, dice: [1, 2, 3, 4, 5]}\n"
        "  - {do: roll, by: Boris, dice: [1, 2, 3, 4, 5]}\n",
        encoding="utf-8",
    )
    path = tmp_path / "copy.sqlite"
    assert main(["journal", "import", str(scenario), "--journal", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "step 2" in err
    assert sorted(os.listdir(tmp_path)) == ["bad.yaml"]


def test_create_never_replaces_a_file_that_appears_while_it_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program writing the name between the checks and the link: the link fails,
    the stranger's file stays as it was, and nothing of ours is left."""
    import session.journal as journal_module

    path = tmp_path / "night.sqlite"
    original = journal_module._publish

    def stranger_first(partial: Path, final: Path) -> None:
        final.write_bytes(b"someone else's file")
        original(partial, final)

    monkeypatch.setattr(journal_module, "_publish", stranger_first)
    with pytest.raises(JournalError, match="exists already"):
        Journal.create(path, "yahtzee", ["Anna"])
    assert path.read_bytes() == b"someone else's file"
    assert leftovers(path) == []
