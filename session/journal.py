"""The journal: the durable, append-only record of one session, one session per SQLite file.

Durability guarantee: an action is acknowledged (``submit`` returns an accepted outcome) only
after its row is committed to a write-ahead log with ``synchronous=FULL``, so the row has been
fsync'd to disk.  A crash of the process, or of the machine, at any moment therefore loses
nothing that was acknowledged: at worst the one action being written is absent, never torn.
The in-memory match is updated only after the commit, so memory never runs ahead of the disk.

Nothing is ever updated or deleted (triggers refuse it): undo and correction are actions too,
so the file is the whole history.  A refused action is never written at all.  Opening a
journal re-judges every stored row in order through a fresh :class:`~scoring.match.Match`, so a
resumed session is exactly the session that was interrupted, and a file whose history no
longer holds (edited by hand, or an engine that changed) is refused, naming the row.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from scoring.actions import Action
from scoring.engine import OptionsError
from scoring.match import Match, Outcome
from scoring.registry import UnknownGame, create_engine
from scoring.scenario import Scenario

SCHEMA_VERSION = 1

SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE entries (
        seq INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        source TEXT NOT NULL,
        confidence REAL,
        frame INTEGER,
        action TEXT NOT NULL
    )""",
    """CREATE TRIGGER entries_never_change BEFORE UPDATE ON entries
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END""",
    """CREATE TRIGGER entries_never_vanish BEFORE DELETE ON entries
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END""",
)

META_KEYS = ("schema", "game", "preset", "players", "options", "created")

#: The journal details of a row, as a scenario step's ``meta`` block carries them.
ROW_DETAILS = ("at", "source", "confidence", "frame")


class JournalError(Exception):
    """Cannot create/open/read a journal: names the path and the problem (exists already, not a
    journal, corrupt database, schema version unknown, stored history no longer folds)."""


@dataclass(frozen=True)
class JournalRow:
    """One stored action with the details of where and when it came from."""

    seq: int
    at: str  # ISO-8601 UTC time the row was written (or given)
    source: str  # "operator" | "camera" | "panel" | "import" ... free text
    confidence: float | None
    frame: int | None
    action: dict[str, Any]  # the action as a plain dict (Action.to_dict())


class Journal:
    """A session's match, with every accepted action written to disk before it takes effect."""

    def __init__(
        self,
        path: Path,
        db: sqlite3.Connection,
        meta: Mapping[str, Any],
        match: Match,
    ) -> None:
        self.path = path
        self._db = db
        self.game: str = meta["game"]
        self.preset: str | None = meta["preset"]
        self.players: tuple[str, ...] = tuple(meta["players"])
        self.options: dict[str, Any] = dict(meta["options"])
        self.match = match
        self.last_row: JournalRow | None = None  # the row the latest accepted submit wrote

    # ----------------------------------------------------------------------------------------
    # Creating and opening.

    @classmethod
    def create(
        cls,
        path: Path | str,
        game: str,
        players: Sequence[str],
        preset: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Journal:
        """A new journal.  The game, players and options are checked before the file exists,
        and an existing file is never touched, so a typo cannot overwrite a session.

        The preset is stored by name even when the game's default was meant (``preset=None``),
        so the file says which rules were played however the catalogue's default changes.
        """
        path = Path(path)
        engine = create_engine(game, preset, options)
        match = Match(engine, players)
        meta = {
            "schema": SCHEMA_VERSION,
            "game": game,
            "preset": engine.preset,
            "players": list(players),
            "options": dict(options or {}),
            "created": _now(),
        }
        _claim(path)
        try:
            db = _initialise(path, meta)
        except BaseException:
            _remove(path)
            raise
        return cls(path, db, meta, match)

    @classmethod
    def open(cls, path: Path | str) -> Journal:
        """Resume a session: the stored rows are judged again, in order, into a fresh match."""
        path = Path(path)
        if not path.is_file():
            raise JournalError(f"{path}: no such journal file")
        db = _connect(path)
        try:
            meta = _read_meta(path, db)
            _use_wal(path, db)
            journal = cls(path, db, meta, _match(path, meta))
            journal._replay()
        except BaseException:
            db.close()
            raise
        return journal

    def _replay(self) -> None:
        """Re-judge each stored row: the match ends exactly as the interrupted session left it."""
        for expected, row in enumerate(self.rows(), start=1):
            if row.seq != expected:
                raise JournalError(f"{self.path}: action {expected} is missing from the journal")
            outcome, state = self.match.check(row.action)
            if not outcome.accepted:
                raise JournalError(
                    f"{self.path}: stored history no longer folds: action {row.seq} "
                    f"({json.dumps(row.action, ensure_ascii=False)}) is refused: {outcome.error}"
                )
            self.match.commit(outcome, state)

    # ----------------------------------------------------------------------------------------
    # Playing.

    def submit(
        self,
        raw: Mapping[str, Any] | Action,
        *,
        source: str = "operator",
        confidence: float | None = None,
        frame: int | None = None,
        at: str | None = None,
    ) -> Outcome:
        """Judge an action; an accepted one is on disk before the match takes it in.

        A refused action returns its refused outcome and leaves the file untouched.
        """
        outcome, state = self.match.check(raw)
        if outcome.accepted:
            assert outcome.entry is not None
            entry = outcome.entry
            row = JournalRow(
                entry.seq, at or _now(), source, confidence, frame, entry.action.to_dict()
            )
            self._append(row)
            self.match.commit(outcome, state)
            self.last_row = row
        return outcome

    def _append(self, row: JournalRow) -> None:
        try:
            with _transaction(self._db):
                self._db.execute(
                    "INSERT INTO entries (seq, at, source, confidence, frame, action)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (row.seq, row.at, row.source, row.confidence, row.frame, _dump(row.action)),
                )
        except sqlite3.Error as error:
            raise JournalError(f"{self.path}: cannot write action {row.seq}: {error}") from None

    def rows(self) -> list[JournalRow]:
        """Every stored row in order, read back from the file (the file is the record)."""
        try:
            stored = self._db.execute(
                "SELECT seq, at, source, confidence, frame, action FROM entries ORDER BY seq"
            ).fetchall()
        except sqlite3.Error as error:
            raise JournalError(f"{self.path}: cannot read the journal: {error}") from None
        return [self._row(*values) for values in stored]

    def _row(
        self, seq: int, at: str, source: str, confidence: float | None, frame: int | None, text: str
    ) -> JournalRow:
        try:
            action = json.loads(text)
        except (TypeError, json.JSONDecodeError) as error:
            raise JournalError(f"{self.path}: action {seq} is not valid JSON: {error}") from None
        return JournalRow(seq, at, source, confidence, frame, action)

    def view(self) -> dict[str, Any]:
        return self.match.view()

    # ----------------------------------------------------------------------------------------
    # Export and import.

    def to_scenario(self) -> Scenario:
        """The session as a scenario without expectations: every row, undo and correction too."""
        return Scenario(
            game=self.game,
            players=self.players,
            steps=tuple(_step(row) for row in self.rows()),
            preset=self.preset,
            options=dict(self.options),
        )

    @classmethod
    def from_scenario(cls, scenario: Scenario, path: Path | str) -> Journal:
        """A new journal holding a scenario's actions; all or nothing, so no half session stays."""
        journal = cls.create(
            path, scenario.game, scenario.players, scenario.preset, scenario.options
        )
        where = str(scenario.path or "scenario")
        try:
            for number, step in enumerate(scenario.steps, start=1):
                if "expect" not in step:
                    journal._import(where, number, step)
        except BaseException:
            journal.close()
            _remove(journal.path)
            raise
        return journal

    def _import(self, where: str, number: int, step: Mapping[str, Any]) -> None:
        action, meta = Scenario.split_step(step)
        outcome = self.submit(action, **_details(where, number, meta))
        if not outcome.accepted:
            raise JournalError(
                f"{where} step {number}: cannot import {json.dumps(action, ensure_ascii=False)}:"
                f" {outcome.code}: {outcome.error}"
            )

    # ----------------------------------------------------------------------------------------
    # Closing.

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


# --------------------------------------------------------------------------------------------
# The file.


def _claim(path: Path) -> None:
    """Create the empty file atomically, so two sessions can never share one journal."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:
        raise JournalError(f"{path}: exists already; a journal is never overwritten") from None
    except OSError as error:
        raise JournalError(f"{path}: cannot create: {error.strerror}") from None
    _sync_directory(path.parent)


def _sync_directory(folder: Path) -> None:
    """Make the new file's name durable too; Windows has no directory handle to sync."""
    if os.name != "posix":
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _remove(path: Path) -> None:
    """Delete a journal we created and gave up on, with SQLite's side files."""
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        name.unlink(missing_ok=True)


def _connect(path: Path) -> sqlite3.Connection:
    """Open an existing file (never create one); the transactions are ours (isolation_level None).

    ``synchronous`` is per connection and comes before anything is written, so that even the
    header write that switches a new file to WAL is synced.
    """
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None)
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA fullfsync=ON")  # macOS: a real flush to the disk, not to its cache
    except sqlite3.Error as error:
        raise JournalError(f"{path}: cannot open as a journal: {error}") from None
    return db


def _use_wal(path: Path, db: sqlite3.Connection) -> None:
    """Switch to the write-ahead log (kept in the file): commits append and fsync, never rewrite.

    Called only once the file is known to be ours, so opening a stranger's database by mistake
    leaves it as it was.
    """
    try:
        (mode,) = db.execute("PRAGMA journal_mode=WAL").fetchone()
    except sqlite3.Error as error:
        raise JournalError(f"{path}: cannot switch to write-ahead logging: {error}") from None
    if mode != "wal":
        raise JournalError(f"{path}: write-ahead logging is not available here ({mode})")


def _initialise(path: Path, meta: Mapping[str, Any]) -> sqlite3.Connection:
    """Write the schema and the session's header into the claimed file, in one commit."""
    db = _connect(path)
    try:
        _use_wal(path, db)
        with _transaction(db):
            for statement in SCHEMA:
                db.execute(statement)
            db.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                [(key, _dump(value)) for key, value in meta.items()],
            )
    except sqlite3.Error as error:
        db.close()
        raise JournalError(f"{path}: cannot create the journal: {error}") from None
    except BaseException:
        db.close()
        raise
    return db


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, committed (and so fsync'd) on leaving, rolled back on an error."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _read_meta(path: Path, db: sqlite3.Connection) -> dict[str, Any]:
    """The session's header, checked: our tables, a schema version we know, every key."""
    try:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
        if not {"meta", "entries"} <= tables:
            raise JournalError(f"{path}: not a journal (a SQLite file without its tables)")
        stored = dict(db.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.Error as error:
        raise JournalError(f"{path}: corrupt database: {error}") from None
    missing = [key for key in META_KEYS if key not in stored]
    if missing:
        raise JournalError(f"{path}: not a journal ({missing[0]} missing from meta)")
    try:
        meta = {key: json.loads(stored[key]) for key in META_KEYS}
    except json.JSONDecodeError as error:
        raise JournalError(f"{path}: corrupt meta table: {error}") from None
    if meta["schema"] != SCHEMA_VERSION:
        raise JournalError(
            f"{path}: schema version {meta['schema']!r} unknown (this program reads "
            f"{SCHEMA_VERSION})"
        )
    return meta


def _match(path: Path, meta: Mapping[str, Any]) -> Match:
    """A fresh match for the stored game; a game no longer in the catalogue names the file."""
    try:
        engine = create_engine(meta["game"], meta["preset"], meta["options"])
        return Match(engine, meta["players"])
    except (UnknownGame, OptionsError) as error:
        raise JournalError(f"{path}: cannot set up the stored game: {error}") from None


# --------------------------------------------------------------------------------------------
# Values.


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _step(row: JournalRow) -> dict[str, Any]:
    """A row as a scenario step: the action plus a ``meta`` block without empty details."""
    meta = {key: getattr(row, key) for key in ROW_DETAILS if getattr(row, key) is not None}
    return {**row.action, "meta": meta}


def _details(where: str, number: int, meta: Any) -> dict[str, Any]:
    """A step's ``meta`` block as ``submit`` keywords; imported rows say so unless told."""
    meta = meta or {}
    if not isinstance(meta, Mapping) or set(meta) - set(ROW_DETAILS):
        raise JournalError(
            f"{where} step {number}: meta takes only {', '.join(ROW_DETAILS)}, got {meta!r}"
        )
    details = {"source": "import", **meta}
    if isinstance(details.get("at"), datetime):  # an unquoted YAML timestamp
        details["at"] = details["at"].isoformat()
    return details
