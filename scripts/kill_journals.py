"""Issue 25's kill test: ``tableref journal import`` of a large scenario, and ``Journal.create``
in a loop, each in a child process SIGKILLed at a random moment; afterwards every target name
must either not exist or open as a complete journal (the source's rows exactly, or a new
journal's empty history), a ``.partial`` left behind must never open, and it must not stop the
next import of the same name.

    nice -n 10 .venv/bin/python scripts/kill_journals.py --kills 200 --seed 1

Prints the counts: kills, children killed mid-run, children that finished first, kills that
came while a journal was being built (a ``.partial`` left), targets absent and whole after the
kill (a create loop's journals each count), and the failures, which must all be 0: partial (a
target name that opened incomplete or not at all), leftover_opened (a ``.partial`` that opened
as a session) and blocked (a later import or create of the name refused).  The exit status
is 1 when any is not.
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from session.journal import PARTIAL, Journal, JournalError  # noqa: E402
from session.night import play_night, write_journal  # noqa: E402

FAILURES = ("partial", "leftover_opened", "blocked")
COLUMNS = ("kills", "killed", "finished", "mid_build", "absent", "whole", *FAILURES)

IMPORT = "import sys; from ui.cli import main; sys.exit(main(sys.argv[1:]))"
#: Creates journals one after another in a folder until killed.
CREATE = """
import sys
from pathlib import Path
from session.journal import Journal
folder = Path(sys.argv[1])
print("ready", flush=True)
for number in range(100_000):
    Journal.create(folder / f"c{number}.sqlite", "yahtzee", ["Anna", "Boris"]).close()
"""
PLAYERS = ["Anna", "Boris"]


def big_scenario(folder: Path, rows: int, seed: int) -> tuple[Path, list[dict[str, Any]]]:
    """A Farkle night of ``rows`` rows (a tenth undos and corrections) as a scenario file, and
    its actions as stored."""
    source = write_journal(play_night(rows, seed=seed), folder / "source.sqlite")
    with Journal.open(source, readonly=True) as journal:
        text = journal.to_scenario().to_yaml()
        actions = [row.action for row in journal.rows()]
    scenario = folder / "night.yaml"
    scenario.write_text(text, encoding="utf-8")
    return scenario, actions


def _import(scenario: Path, target: Path) -> subprocess.Popen[bytes]:
    command = ["journal", "import", str(scenario), "--journal", str(target)]
    return subprocess.Popen(
        [sys.executable, "-c", IMPORT, *command],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _kill(child: subprocess.Popen[Any], after: float, counts: Counter[str]) -> None:
    deadline = time.monotonic() + after
    while time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.002)
    if child.poll() is None:
        child.send_signal(signal.SIGKILL)
        counts["killed"] += 1
    else:
        counts["finished"] += 1
    child.wait()


def _check(target: Path, actions: list[dict[str, Any]], counts: Counter[str]) -> bool:
    """Whether ``target`` is absent or whole; counts which, or the failure."""
    if not target.exists():
        counts["absent"] += 1
        return True
    try:
        with Journal.open(target, readonly=True) as journal:
            whole = [row.action for row in journal.rows()] == actions
    except JournalError:
        whole = False
    counts["whole" if whole else "partial"] += 1
    return whole


def _leftover(target: Path, counts: Counter[str]) -> None:
    """A ``.partial`` the kill left (it came while the journal was being built) must not open."""
    partial = Path(f"{target}{PARTIAL}")
    if not partial.exists():
        return
    counts["mid_build"] += 1
    try:
        Journal.open(partial, readonly=True).close()
    except JournalError:
        return
    counts["leftover_opened"] += 1


def _remove(target: Path) -> None:
    for name in (target, Path(f"{target}-wal"), Path(f"{target}-shm")):
        name.unlink(missing_ok=True)


def kill_imports(
    count: int, rng: random.Random, folder: Path, scenario: Path, actions: list[dict[str, Any]]
) -> Counter[str]:
    """``count`` imports into one name, each killed at a random moment of a normal run."""
    counts: Counter[str] = Counter()
    target = folder / "imported.sqlite"
    started = time.monotonic()
    _import(scenario, target).wait()  # a whole run, to time it
    duration = time.monotonic() - started
    if not _check(target, actions, Counter()):
        raise SystemExit(f"{target}: an import that was not killed is not whole")
    _remove(target)
    for _ in range(count):
        counts["kills"] += 1
        _kill(_import(scenario, target), rng.uniform(0, duration * 1.1), counts)
        _check(target, actions, counts)
        _leftover(target, counts)
        if target.exists():
            _remove(target)  # whole: make room for the next run
        elif rng.random() < 0.1:  # now and then: what the kill left must not block the name
            if _import(scenario, target).wait() != 0 or not _check(target, actions, Counter()):
                counts["blocked"] += 1
            _remove(target)
    return counts


def kill_creates(count: int, rng: random.Random, folder: Path) -> Counter[str]:
    """``count`` children creating journal after journal, each killed at a random moment."""
    counts: Counter[str] = Counter()
    for number in range(count):
        place = folder / f"creates-{number}"
        place.mkdir()
        child = subprocess.Popen(
            [sys.executable, "-c", CREATE, str(place)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert child.stdout is not None
        child.stdout.readline()
        counts["kills"] += 1
        _kill(child, rng.uniform(0, 0.3), counts)
        made = sorted(place.glob("c*.sqlite"))
        last = max((int(path.stem[1:]) for path in made), default=-1)
        for path in made:
            _check(path, [], counts)
        target = place / f"c{last + 1}.sqlite"  # the one it was making when killed
        _check(target, [], counts)
        _leftover(target, counts)
        try:
            Journal.create(target, "yahtzee", PLAYERS).close()
        except JournalError:
            counts["blocked"] += 1
    return counts


def run_kills(kills: int, seed: int, rows: int, folder: Path) -> Counter[str]:
    """Four kills in five of an import, one in five of a create loop."""
    rng = random.Random(seed)
    scenario, actions = big_scenario(folder, rows, seed)
    creates = sum(rng.random() < 0.2 for _ in range(kills))
    counts = kill_imports(kills - creates, rng, folder, scenario, actions)
    counts.update(kill_creates(creates, rng, folder))
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200, help="children killed (200)")
    parser.add_argument("--seed", type=int, default=0, help="the kill times' seed (0)")
    parser.add_argument("--rows", type=int, default=5052, help="rows of the scenario (5052)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kill-journals-") as folder:
        counts = run_kills(args.kills, args.seed, args.rows, Path(folder))
    print("".join(f"{column:>16}" for column in COLUMNS))
    print("".join(f"{counts[column]:>16}" for column in COLUMNS))
    return 1 if any(counts[failure] for failure in FAILURES) else 0


if __name__ == "__main__":
    raise SystemExit(main())
