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

Nothing half-written: a new journal (``create``, and ``from_scenario`` with all its rows) is
built under ``NAME.partial`` in the same folder, checkpointed and fsync'd, and only then given
its name with a hard link, which never replaces an existing file; so ``NAME`` exists only
whole.  A ``.partial`` left by a killed run never opens as a session, and is removed by the
next process that takes the name's lock (whoever built it held that lock, so it is dead).

One writer: a journal opened to write (``create``, ``open``) holds an exclusive ``flock`` on
``NAME.lock`` for its lifetime, and the file says who holds it (pid, host, command, since);
a second writer is refused naming them.  A lock file whose holder died is simply taken over.
Readers (``open(readonly=True)``: show, export, sheets) take no lock and never write.
"""

from __future__ import annotations

import errno
import gc
import json
import os
import shlex
import socket
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
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
from scoring.verdicts import Verdict

#: Whether writers lock their journal: ``flock`` is POSIX (on Windows a journal is unlocked).
LOCKING = os.name == "posix"
if LOCKING:
    import fcntl

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

#: The meta key a journal being built carries until its last commit: a file that still has it
#: was never finished (a killed create or import) and never opens as a session.
UNFINISHED = "unfinished"

#: The suffixes of a journal's side files: the one being built, and the writer's lock.
PARTIAL = ".partial"
LOCK = ".lock"

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
        lock: _Lock | None = None,
        readonly: bool = False,
    ) -> None:
        self.path = path
        self._db = db
        self._lock = lock
        self.readonly = readonly
        self.game: str = meta["game"]
        self.preset: str | None = meta["preset"]
        self.players: tuple[str, ...] = tuple(meta["players"])
        self.options: dict[str, Any] = dict(meta["options"])
        self.created: str = str(meta.get("created", ""))  # names the session (session/club)
        self.match = match
        self.last_row: JournalRow | None = None  # the row the latest accepted submit wrote
        #: Each row's verdicts, as judged when it was written or re-judged on opening (verdicts
        #: are not stored: the rules say them again).
        self.verdicts: dict[int, tuple[Verdict, ...]] = {}

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
        return cls._build(Path(path), game, players, preset, options, None)

    @classmethod
    def _build(
        cls,
        path: Path,
        game: str,
        players: Sequence[str],
        preset: str | None,
        options: Mapping[str, Any] | None,
        fill: Callable[[Journal], None] | None,
    ) -> Journal:
        """A new journal built under ``NAME.partial`` (``fill`` writes its rows there) and
        linked to ``NAME`` only once whole; the lock on ``NAME`` is held throughout and kept."""
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
        _refuse_name(path)
        _refuse_existing(path)
        lock = _Lock.take(path)
        try:
            _refuse_existing(path)  # again, now that no other tableref can be making it
            partial = _partial(path)
            _remove(partial)  # a killed run's: it held this lock, which we hold now
            _claim(partial)
            try:
                db = _initialise(partial, meta)
                journal = cls(path, db, meta, match, lock)
                try:
                    # Rows of a file nobody sees yet need no fsync each: the whole file is
                    # fsync'd before it gets its name.
                    db.execute("PRAGMA synchronous=OFF")
                    if fill is not None:
                        fill(journal)
                    _finish(partial, db)
                finally:
                    db.close()
                _publish(partial, path)
            except BaseException:
                _remove(partial)
                raise
            journal._db = _connect(path)
            _use_wal(path, journal._db)
        except BaseException:
            lock.release()
            raise
        return journal

    @classmethod
    def open(cls, path: Path | str, *, readonly: bool = False) -> Journal:
        """Resume a session: the stored rows are judged again, in order, into a fresh match.

        ``readonly``: to read it (show, export, a sheet), beside a session that may be writing
        it: no lock is taken, nothing is written, and ``submit`` is refused.
        """
        path = Path(path)
        _refuse_name(path)
        if not path.is_file():
            raise JournalError(f"{path}: no such journal file")
        lock = None if readonly else _Lock.take(path)
        try:
            if lock is not None:
                _remove(_partial(path))  # a killed run's leftover: dead, since we hold the lock
            db = _connect(path, readonly=readonly)
            try:
                meta = _read_meta(path, db)
                if not readonly:
                    _use_wal(path, db)
                journal = cls(path, db, meta, _match(path, meta), lock, readonly)
                journal._replay()
            except BaseException:
                db.close()
                raise
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return journal

    def _replay(self) -> None:
        """Re-judge each stored row: the match ends exactly as the interrupted session left it.

        Python's cycle collector is paused meanwhile: every row leaves a frozen state that lives
        as long as the journal, so each collection of the oldest generation walks the whole
        history built so far, and a long night spent 40% of its resume there (20,000 rows: 1.1 s,
        0.65 s paused).  The states hold no cycles; anything that does is collected afterwards.
        """
        with _collector_paused():
            self._judge_stored_rows()

    def _judge_stored_rows(self) -> None:
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
            self.verdicts[row.seq] = outcome.verdicts

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
        if self.readonly:
            raise JournalError(f"{self.path}: opened read-only; nothing can be written")
        outcome, state = self.match.check(raw)
        if outcome.accepted:
            assert outcome.entry is not None
            entry = outcome.entry
            row = JournalRow(
                entry.seq, at or _now(), source, confidence, frame, entry.action.to_dict()
            )
            self._append(row)
            self.match.commit(outcome, state)
            self.verdicts[row.seq] = outcome.verdicts
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
        return [_row(self.path, values) for values in stored]

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
        """A new journal holding a scenario's actions; all or nothing: the file gets its name
        only once every row is in it, so a refused step or a kill leaves no file of that name."""
        where = str(scenario.path or "scenario")

        def fill(journal: Journal) -> None:
            for number, step in enumerate(scenario.steps, start=1):
                if "expect" not in step:
                    journal._import(where, number, step)

        return cls._build(
            Path(path), scenario.game, scenario.players, scenario.preset, scenario.options, fill
        )

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
        if self._lock is not None:
            self._lock.release()
            self._lock = None

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


def _partial(path: Path) -> Path:
    return Path(f"{path}{PARTIAL}")


def _refuse_name(path: Path) -> None:
    """A ``.partial`` is a journal being built (or a killed run's leftover), never a session."""
    if path.name.endswith(PARTIAL):
        raise JournalError(
            f"{path}: an unfinished journal (being built, or left by a create or import that "
            "was killed); it is never opened as a session"
        )


def _refuse_existing(path: Path) -> None:
    if os.path.lexists(path):
        raise JournalError(f"{path}: exists already; a journal is never overwritten")


def _claim(path: Path) -> None:
    """Create the empty file atomically, so two runs can never build into one file."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:
        raise JournalError(f"{path}: exists already; a journal is never overwritten") from None
    except OSError as error:
        raise JournalError(f"{path}: cannot create: {error.strerror}") from None


def _finish(partial: Path, db: sqlite3.Connection) -> None:
    """The last commit of a journal being built (its ``unfinished`` mark goes), then every row
    moved from the write-ahead log into the file itself, which alone gets the journal's name."""
    try:
        with _transaction(db):
            db.execute("DELETE FROM meta WHERE key = ?", (UNFINISHED,))
        busy, _, _ = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    except sqlite3.Error as error:
        raise JournalError(f"{partial}: cannot finish the journal: {error}") from None
    if busy:
        raise JournalError(f"{partial}: cannot finish the journal: its log is in use")


def _publish(partial: Path, path: Path) -> None:
    """Give the finished, closed ``partial`` its name: fsync'd first, then hard-linked, which
    fails rather than replace a file that appeared meanwhile; then the temporary name goes."""
    handle = os.open(partial, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
    try:
        os.link(partial, path)
    except FileExistsError:
        raise JournalError(f"{path}: exists already; a journal is never overwritten") from None
    except OSError as error:
        if os.path.lexists(path):
            raise JournalError(f"{path}: exists already; a journal is never overwritten") from None
        if os.name == "posix" and error.errno not in _NO_LINKS:
            raise JournalError(f"{path}: cannot create: {error.strerror}") from None
        # A file system without hard links (FAT, some network shares): a rename under the
        # lock we hold; on Windows a rename never replaces an existing file either.
        try:
            os.rename(partial, path)
        except OSError as renamed:
            raise JournalError(f"{path}: cannot create: {renamed.strerror}") from None
    partial.unlink(missing_ok=True)
    _sync_directory(path.parent)


#: The errors of ``os.link`` that mean "this file system has no hard links".
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS}


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
    """Delete a journal being built that was given up, with SQLite's side files."""
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        with suppress(FileNotFoundError, IsADirectoryError):
            name.unlink()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cycle collector off for the block, and back as it was (a caller may have paused it)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _connect(path: Path, readonly: bool = False) -> sqlite3.Connection:
    """Open an existing file (never create one); the transactions are ours (isolation_level None).

    ``synchronous`` is per connection and comes before anything is written, so that even the
    header write that switches a new file to WAL is synced.
    """
    mode = "ro" if readonly else "rw"
    try:
        uri = f"{path.resolve().as_uri()}?mode={mode}"
        db = sqlite3.connect(uri, uri=True, isolation_level=None)
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA fullfsync=ON")  # macOS: a real flush to the disk, not to its cache
    except (sqlite3.Error, OSError, ValueError) as error:
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
    """Write the schema and the session's header into the claimed file, in one commit, marked
    unfinished until :func:`_finish`."""
    db = _connect(path)
    try:
        _use_wal(path, db)
        with _transaction(db):
            for statement in SCHEMA:
                db.execute(statement)
            db.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                [(key, _dump(value)) for key, value in {**meta, UNFINISHED: True}.items()],
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
    if UNFINISHED in stored:
        raise JournalError(
            f"{path}: an unfinished journal (left by a create or import that was killed); it "
            "is never opened as a session"
        )
    missing = [key for key in META_KEYS if key not in stored]
    if missing:
        raise JournalError(f"{path}: not a journal ({missing[0]} missing from meta)")
    meta = {}
    for key in META_KEYS:
        if not isinstance(stored[key], str):
            raise JournalError(f"{path}: corrupt meta table: {key} is not text")
        try:
            meta[key] = json.loads(stored[key])
        except (ValueError, RecursionError) as error:
            raise JournalError(f"{path}: corrupt meta table: {key}: {_why(error)}") from None
    if type(meta["schema"]) is not int or meta["schema"] != SCHEMA_VERSION:
        raise JournalError(
            f"{path}: schema version {_short(meta['schema'])} unknown (this program reads "
            f"{SCHEMA_VERSION})"
        )
    for key, kinds, wanted in META_TYPES:
        if not isinstance(meta[key], kinds):
            raise JournalError(
                f"{path}: corrupt meta table: {key} is {_short(meta[key])}, not {wanted}"
            )
    if not all(isinstance(name, str) for name in meta["players"]):
        raise JournalError(f"{path}: corrupt meta table: players must be names (text)")
    if not all(isinstance(name, str) for name in meta["options"]):
        raise JournalError(f"{path}: corrupt meta table: options' keys must be text")
    return meta


#: What each meta value must be, and the words for it.
META_TYPES: tuple[tuple[str, type | tuple[type, ...], str], ...] = (
    ("game", str, "a game id"),
    ("preset", (str, type(None)), "a preset name or null"),
    ("players", list, "a list of names"),
    ("options", dict, "a mapping of options"),
    ("created", str, "a time"),
)


def _match(path: Path, meta: Mapping[str, Any]) -> Match:
    """A fresh match for the stored game; a game no longer in the catalogue names the file."""
    try:
        engine = create_engine(meta["game"], meta["preset"], meta["options"])
        return Match(engine, meta["players"])
    except (UnknownGame, OptionsError, ValueError, TypeError, RecursionError) as error:
        raise JournalError(f"{path}: cannot set up the stored game: {_why(error)}") from None


def _row(path: Path, values: Sequence[Any]) -> JournalRow:
    """One stored row, checked: a damaged file is one error naming the row and the field."""
    seq, at, source, confidence, frame, text = values
    if type(seq) is not int:
        raise JournalError(f"{path}: a row's number is {_short(seq)}, not a whole number")
    if not isinstance(at, str):
        raise JournalError(f"{path}: action {seq}: its time is {_short(at)}, not text")
    if not isinstance(source, str):
        raise JournalError(f"{path}: action {seq}: its source is {_short(source)}, not text")
    if confidence is not None and not isinstance(confidence, int | float):
        raise JournalError(
            f"{path}: action {seq}: its confidence is {_short(confidence)}, not a number"
        )
    if frame is not None and type(frame) is not int:
        raise JournalError(f"{path}: action {seq}: its frame is {_short(frame)}, not a number")
    if text is None:
        raise JournalError(f"{path}: action {seq} is empty (NULL)")
    if not isinstance(text, str):
        raise JournalError(f"{path}: action {seq} is not text but {type(text).__name__}")
    try:
        action = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise JournalError(f"{path}: action {seq} is not valid JSON: {_why(error)}") from None
    if not isinstance(action, dict):
        raise JournalError(f"{path}: action {seq} is {_short(action)}, not a JSON object")
    return JournalRow(seq, at, source, confidence, frame, action)


def read_rows(path: Path | str) -> list[JournalRow]:
    """A journal file's rows, read-only and checked, without judging them (a replay compares
    them with what was recorded, so it must see rows that no longer fold too)."""
    path = Path(path)
    db = _connect(path, readonly=True)
    try:
        stored = db.execute(
            "SELECT seq, at, source, confidence, frame, action FROM entries ORDER BY seq"
        ).fetchall()
    except sqlite3.Error as error:
        raise JournalError(f"{path}: cannot read the journal: {error}") from None
    finally:
        db.close()
    return [_row(path, values) for values in stored]


# --------------------------------------------------------------------------------------------
# The writer's lock.


class _Lock:
    """An exclusive ``flock`` on ``NAME.lock``, held while a journal is open to write.

    The holder writes who it is into the file after locking; it deletes the file while still
    holding the lock when done, so a taker checks, once it has the lock, that the file it
    locked is still the one by that name (else another run deleted it meanwhile, and it tries
    again).  Where there is no ``flock`` (Windows) there is no lock.
    """

    def __init__(self, path: Path, handle: int | None) -> None:
        self.path = path
        self._handle = handle

    @classmethod
    def take(cls, journal: Path) -> _Lock:
        path = Path(f"{journal}{LOCK}")
        if not LOCKING:
            return cls(path, None)
        for _ in range(20):
            try:
                handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as error:
                raise JournalError(f"{journal}: cannot lock: {error.strerror}") from None
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _holder(handle)
                os.close(handle)
                raise JournalError(f"{journal}: in use by {holder}") from None
            except OSError as error:  # a file system without flock: go on unlocked
                os.close(handle)
                if error.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
                    return cls(path, None)
                raise JournalError(f"{journal}: cannot lock: {error.strerror}") from None
            if _same_file(handle, path):
                _write_holder(handle)
                return cls(path, handle)
            os.close(handle)  # deleted by its last holder meanwhile: lock the new one
        raise JournalError(f"{journal}: cannot lock: {path} keeps being replaced")

    def release(self) -> None:
        if self._handle is None:
            return
        with suppress(OSError):
            self.path.unlink()  # while still holding it: see the class docstring
        os.close(self._handle)
        self._handle = None


def _same_file(handle: int, path: Path) -> bool:
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(handle)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _write_holder(handle: int) -> None:
    holder = {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "command": _command(),
        "since": datetime.now().astimezone().isoformat(timespec="seconds"),
    }
    data = (json.dumps(holder) + "\n").encode("ascii")
    os.ftruncate(handle, 0)
    os.pwrite(handle, data, 0)


def _holder(handle: int) -> str:
    """Who holds the lock, from its file: ``pid P on HOST (COMMAND), since TIME``.  The holder
    writes it just after locking, so an empty file is read again for a moment."""
    for _ in range(10):
        try:
            holder = json.loads(os.pread(handle, 4096, 0))
        except (OSError, ValueError, RecursionError):
            time.sleep(0.02)
            continue
        if isinstance(holder, dict):
            words = {key: _one_line(holder.get(key, "?")) for key in ("pid", "host", "command")}
            since = _one_line(holder.get("since", "?"))
            return f"pid {words['pid']} on {words['host']} ({words['command']}), since {since}"
    return "another process (it has not said who)"


def _command() -> str:
    """This process's command line as a user would type it: ``tableref play --resume x``."""
    words = [Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python", *sys.argv[1:]]
    text = shlex.join(words)
    return text if len(text) <= 200 else text[:199] + "…"


def _one_line(value: Any) -> str:
    """A value from a file as text for one error line: no line breaks, no lone surrogates."""
    text = " ".join(str(value).split())[:200]
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


# --------------------------------------------------------------------------------------------
# Values.


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _short(value: Any) -> str:
    """A stored value, quoted for an error line: one line, at most 60 characters."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int too long to write, a nest too deep
        text = f"a {type(value).__name__}"
    return _one_line(text if len(text) <= 60 else text[:57] + "...")


def _why(error: BaseException) -> str:
    if isinstance(error, RecursionError):
        return "nested too deeply"
    return _one_line(error)


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
