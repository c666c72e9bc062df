"""A long night with undos and corrections, written as a real journal and timed on resume.

``tableref bench session`` uses it to show that opening a session is linear in its rows however
often the referee took an action back: a Farkle night of four players (random play through the
engine's ``legal``, to a target no one reaches, so that any length is one game) where
about one row in ten is an undo or a correction of a recent action, as at a table: mostly the
bare ``undo`` of the last action, sometimes an action a few back, and corrected throws (the
camera misread the dice).  The night is judged in memory and then written to the journal file
in one transaction: writing it row by row would fsync every row and time the disk, not the
history.  Each timing has a baseline from the same run: one fold of the actions in force,
the least a resume must do.
"""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from scoring.actions import Action
from scoring.engine import open_now
from scoring.match import Match, effective, fold
from scoring.registry import create_engine
from scoring.verdicts import IllegalMove
from session.journal import Journal

GAME = "farkle"
OPTIONS = {"target": 10**9}
PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
REVISIONS = 0.11  # the share of rows that try to undo or correct (a tenth succeed)
SECONDS_PER_ROW = 6  # a throw, a set-aside or a bank every few seconds: 1,800 rows in 3 hours
RECENT = 10  # how far back a referee reaches to undo or correct
TRIES = 5  # revisions tried before playing on: many a later row forbids one


@dataclass(frozen=True)
class Night:
    """A judged night: the match and what its rows are."""

    match: Match
    undos: int
    corrections: int

    @property
    def rows(self) -> int:
        return len(self.match.entries)


def play_night(rows: int, seed: int = 0) -> Night:
    """``rows`` accepted rows of a Farkle night, about a tenth of them undos and corrections."""
    match = Match(create_engine(GAME, None, OPTIONS), PLAYERS)
    rng = random.Random(seed)
    in_force: list[int] = []  # the seqs in force, kept as the referee's own stack
    counts = {"undo": 0, "correct": 0}
    while len(match.entries) < rows:
        wanted = rng.random() < REVISIONS
        tries = [_revision(match, in_force, rng) for _ in range(TRIES if wanted else 0)]
        outcome = next(
            (found for found in map(match.submit, filter(None, tries)) if found.accepted), None
        ) or match.submit(_game_action(match, rng))
        assert outcome.accepted and outcome.entry is not None, outcome.error
        action = outcome.entry.action
        if action.verb in counts:
            counts[action.verb] += 1
            if action.verb == "undo":
                in_force.remove(action.args["target"])
        else:
            in_force.append(outcome.entry.seq)
    return Night(match, counts["undo"], counts["correct"])


def _revision(match: Match, in_force: list[int], rng: random.Random) -> dict[str, Any] | None:
    """An undo (mostly of the last action) or a throw corrected to other faces."""
    if not in_force:
        return None
    if rng.random() < 0.5:
        back = in_force[-rng.randint(1, min(RECENT, len(in_force)))]
        return {"do": "undo"} if rng.random() < 0.7 else {"do": "undo", "target": back}
    rolls = [seq for seq in in_force[-RECENT:] if match.entries[seq - 1].action.verb == "roll"]
    if not rolls:
        return None
    target = rng.choice(rolls)
    action = match.entries[target - 1].action
    dice = [rng.randint(1, 6) for _ in action.args["dice"]]
    return {"do": "correct", "target": target, "action": {**action.to_dict(), "dice": dice}}


def _game_action(match: Match, rng: random.Random) -> Action:
    """A move ``legal`` lists or a throw ``decisions`` lists, its faces filled in at random."""
    engine = match.engine
    listed = rng.choice([a for a in open_now(engine, match.state) if a.verb != "void"])
    if listed.verb != "roll" or "dice" in listed.args:
        return listed
    for count in range(6, 0, -1):
        action = Action("roll", listed.by, {"dice": tuple(rng.randint(1, 6) for _ in range(count))})
        try:
            engine.apply(match.state, action)
        except IllegalMove:
            continue
        return action
    raise RuntimeError(f"{GAME}: no dice count is accepted for {listed}")


def write_journal(night: Night, path: Path) -> Path:
    """The night as a journal file, its rows written in one transaction (see the module)."""
    Journal.create(path, GAME, PLAYERS, options=OPTIONS).close()
    start = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
    rows = [
        (
            entry.seq,
            (start + timedelta(seconds=SECONDS_PER_ROW * entry.seq)).isoformat(),
            "camera" if entry.action.verb == "roll" else "operator",
            None,
            None,
            json.dumps(entry.action.to_dict(), ensure_ascii=False),
        )
        for entry in night.match.entries
    ]
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        db.executemany(
            "INSERT INTO entries (seq, at, source, confidence, frame, action)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )
        db.execute("COMMIT")
    finally:
        db.close()
    return path


def _open_view(path: Path) -> dict[str, Any]:
    with Journal.open(path) as journal:
        return journal.view()


def _command(*args: str) -> Callable[[], object] | None:
    """``tableref ARGS`` as a user runs it (the console script beside this Python), output
    discarded; None where no script is installed."""
    script = Path(sys.executable).with_name("tableref")
    if not script.is_file():
        return None
    return lambda: subprocess.run([str(script), *args], check=True, stdout=subprocess.DEVNULL)


def _seconds(work: Callable[[], object], repeat: int) -> float:
    """The best of ``repeat`` runs: the least the machine's other work added."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def measure(rows: int, repeat: int, folder: Path, label: str) -> list[dict[str, Any]]:
    """Resume, ``journal show`` and ``sheet`` of one generated night, each beside the fold."""
    night = play_night(rows)
    match = night.match
    path = write_journal(night, folder / f"night-{rows}.sqlite")
    if _open_view(path) != match.view():
        raise RuntimeError(f"{path}: the resumed night is not the night that was played")
    in_force = effective(match.entries)
    baseline = _seconds(lambda: fold(match.engine, PLAYERS, in_force), repeat)
    timed = {
        f"{label}: resume (Journal.open, in process)": lambda: _open_view(path),
        f"{label}: tableref journal show": _command("journal", "show", str(path)),
        f"{label}: tableref sheet": _command("sheet", str(path)),
    }
    seconds = {f"{label}: fold of the actions in force (baseline)": baseline}
    seconds.update((name, _seconds(work, repeat)) for name, work in timed.items() if work)
    return [
        {
            "measure": name,
            "rows": night.rows,
            "undos": night.undos,
            "corrections": night.corrections,
            "seconds": round(taken, 3),
            "baseline_s": round(baseline, 4),
            "x_baseline": round(taken / baseline, 1),
        }
        for name, taken in seconds.items()
    ]


def run_bench(quick: bool = False) -> list[dict[str, Any]]:
    """A 20,000-row night and a 3-hour one (1,800 rows); a tenth of that with ``quick``."""
    sizes = (
        ((2_000, "long night"), (180, "3-hour night / 10"))
        if quick
        else (
            (20_000, "long night"),
            (3 * 3600 // SECONDS_PER_ROW, "3-hour night"),
        )
    )
    with tempfile.TemporaryDirectory() as scratch:
        return [
            row
            for rows, label in sizes
            for row in measure(rows, 1 if quick else 3, Path(scratch), label)
        ]
