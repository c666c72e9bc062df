"""The club's results store: every row each table published, as the board applied it, and each
finished game with its players' places, in SQLite (a file, the default) or PostgreSQL (a
``postgresql://`` URL, through psycopg), with one schema and the same SQL for both.

Rows are keyed by (table, session, seq): a row can be stored once only, so a row delivered
twice cannot be counted twice, and a row lost shows as a hole in a session's ``seq``.  A game
is stored once, when the board has every row of it and its view says it is over; its places
come from the same ranking the night's standings use (:mod:`session.nights.ranking`), so a
game's standings are its own way of counting.  :class:`ResultsKeeper` follows a board and
writes on a thread of its own, so neither the broker's network thread nor a page waits on the
database.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from session.club.board import ClubBoard, Progress
from session.nights.ranking import beaten, places

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS club_rows (
        table_id TEXT NOT NULL, session TEXT NOT NULL, seq INTEGER NOT NULL,
        at TEXT NOT NULL, source TEXT NOT NULL, action TEXT NOT NULL,
        PRIMARY KEY (table_id, session, seq))""",
    """CREATE TABLE IF NOT EXISTS club_games (
        table_id TEXT NOT NULL, session TEXT NOT NULL, game TEXT NOT NULL, preset TEXT,
        players TEXT NOT NULL, row_count INTEGER NOT NULL, scores TEXT NOT NULL, winner TEXT,
        finished TEXT NOT NULL,
        PRIMARY KEY (table_id, session))""",
    """CREATE TABLE IF NOT EXISTS club_standings (
        table_id TEXT NOT NULL, session TEXT NOT NULL, game TEXT NOT NULL,
        player TEXT NOT NULL, place INTEGER NOT NULL, score TEXT, points REAL NOT NULL,
        PRIMARY KEY (table_id, session, player))""",
)
POSTGRES = ("postgresql://", "postgres://")
WAKE_S = 1.0  # the keeper looks at the board at least this often, woken or not


class StoreError(Exception):
    """The store cannot be opened: names the URL and why."""


@dataclass(frozen=True)
class Standing:
    """One player's record in one game (by game id) over every finished game stored."""

    game: str
    player: str
    played: int
    wins: int
    points: float  # one for every player placed below, a half for every one sharing the place


class ResultsStore:
    """One connection to the store; used by one thread (SQLite's connections are)."""

    def __init__(self, connection: Any, placeholder: str, where: str) -> None:
        self._db = connection
        self._mark = placeholder
        self.where = where
        for statement in SCHEMA:
            self._db.execute(statement)
        self._db.commit()

    @classmethod
    def open(cls, url: str | Path) -> ResultsStore:
        """A ``postgresql://`` URL, or an SQLite file (a path or ``sqlite:///path``)."""
        text = str(url)
        if text.startswith(POSTGRES):
            try:
                import psycopg
            except ImportError:
                message = f"{_safe(text)}: PostgreSQL needs psycopg: pip install -e '.[club]'"
                raise StoreError(message) from None
            try:
                server = psycopg.connect(text)
            except psycopg.Error as error:
                first = str(error).strip().splitlines()[0] if str(error).strip() else "refused"
                raise StoreError(f"{_safe(text)}: {first}") from None
            return cls(server, "%s", _safe(text))
        path = Path(text.removeprefix("sqlite:///") if text.startswith("sqlite:///") else text)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(path)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"{path}: {error}") from None
        return cls(connection, "?", str(path))

    def close(self) -> None:
        self._db.close()

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self._mark)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        try:
            yield self._db
            self._db.commit()
        except BaseException:
            self._db.rollback()
            raise

    # ----------------------------------------------------------------------------------------
    # Writing.

    def stored(self) -> dict[tuple[str, str], int]:
        """Rows stored per (table, session): where a keeper that starts again goes on from."""
        found = self._db.execute(
            "SELECT table_id, session, COUNT(*) FROM club_rows GROUP BY table_id, session"
        ).fetchall()
        return {(table, session): int(count) for table, session, count in found}

    def finished(self) -> set[tuple[str, str]]:
        found = self._db.execute("SELECT table_id, session FROM club_games").fetchall()
        return {(table, session) for table, session in found}

    def keep(self, progress: Progress) -> tuple[int, int]:
        """Store ``progress``'s rows (and its game, once final); returns (rows stored, rows
        already there): the second is what a doubled delivery would have added."""
        insert = self._sql(
            "INSERT INTO club_rows (table_id, session, seq, at, source, action) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        )
        added = 0
        with self._transaction() as db:
            for row in progress.rows:
                action = json.dumps(row.action, sort_keys=True, ensure_ascii=False)
                values = (progress.table, progress.meta.session, row.seq, row.at, row.source)
                added += max(db.execute(insert, (*values, action)).rowcount, 0)
            if progress.final is not None:
                self._keep_game(db, progress)
        return added, len(progress.rows) - added

    def _keep_game(self, db: Any, progress: Progress) -> None:
        view, meta = progress.final or {}, progress.meta
        key = (progress.table, meta.session)
        rows = db.execute(
            self._sql("SELECT COUNT(*) FROM club_rows WHERE table_id = ? AND session = ?"), key
        ).fetchone()[0]
        game = self._sql(
            "INSERT INTO club_games (table_id, session, game, preset, players, row_count, scores, "
            "winner, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        )
        now = datetime.now(UTC).isoformat(timespec="seconds")
        scores = json.dumps(view.get("scores") or {}, sort_keys=True, default=str)
        winner = json.dumps(view.get("winner"), default=str)
        players = json.dumps(list(meta.players))
        db.execute(game, (*key, meta.game, meta.preset, players, rows, scores, winner, now))
        table = places({**view, "players": list(meta.players)})
        points = beaten(table)
        standing = self._sql(
            "INSERT INTO club_standings (table_id, session, game, player, place, score, points) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        )
        for place, player, score in table:
            values = (place, json.dumps(score, default=str), float(points[player]))
            db.execute(standing, (*key, meta.game, player, *values))

    # ----------------------------------------------------------------------------------------
    # Reading.

    def games(self, game: str | None = None) -> list[dict[str, Any]]:
        """The finished games, oldest first, each with its places."""
        query = "SELECT table_id, session, game, preset, players, row_count, scores, winner, "
        query += "finished FROM club_games"
        found = self._select(query, game)
        out = []
        for table, session, game_id, preset, players, rows, scores, winner, finished in found:
            placed = self._db.execute(
                self._sql(
                    "SELECT place, player, score, points FROM club_standings "
                    "WHERE table_id = ? AND session = ? ORDER BY place, player"
                ),
                (table, session),
            ).fetchall()
            out.append(
                {
                    "table": table,
                    "session": session,
                    "game": game_id,
                    "preset": preset,
                    "players": json.loads(players),
                    "rows": int(rows),
                    "scores": json.loads(scores),
                    "winner": json.loads(winner) if winner else None,
                    "finished": finished,
                    "places": [
                        {"place": int(p), "player": n, "score": json.loads(s), "points": pts}
                        for p, n, s, pts in placed
                    ],
                }
            )
        return out

    def _select(self, query: str, game: str | None) -> Sequence[Any]:
        if game is None:
            return list(self._db.execute(query + " ORDER BY finished, table_id").fetchall())
        where = self._sql(query + " WHERE game = ? ORDER BY finished, table_id")
        return list(self._db.execute(where, (game,)).fetchall())

    def standings(self, game: str | None = None) -> list[Standing]:
        """Each game's players over every finished game of it: games played, wins (first
        place, shared or not) and points; best first within a game."""
        query = (
            "SELECT game, player, COUNT(*), SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END), "
            "SUM(points) FROM club_standings"
        )
        params: tuple[Any, ...] = ()
        if game is not None:
            query += " WHERE game = ?"
            params = (game,)
        query += " GROUP BY game, player"
        found = self._db.execute(self._sql(query), params).fetchall()
        out = [Standing(g, p, int(n), int(w), float(pts)) for g, p, n, w, pts in found]
        return sorted(out, key=lambda s: (s.game, -s.points, -s.wins, s.player))

    def row_count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM club_rows").fetchone()[0])

    def holes(self) -> int:
        """Rows missing inside a session's stored ``seq`` range (a lost row)."""
        found = self._db.execute(
            "SELECT COUNT(*), MIN(seq), MAX(seq) FROM club_rows GROUP BY table_id, session"
        ).fetchall()
        return sum(int(high) - int(low) + 1 - int(count) for count, low, high in found)


def _safe(url: str) -> str:
    """A URL as it may be printed: its password left out."""
    scheme, _, rest = url.partition("://")
    who, at, where = rest.rpartition("@")
    if not at:
        return url
    user = who.split(":", 1)[0]
    return f"{scheme}://{user}@{where}"


class ResultsKeeper:
    """Keeps ``board``'s tables in the store at ``url`` on a thread of its own, woken by the
    board whenever it changes; :meth:`stop` stores what is left first."""

    def __init__(self, board: ClubBoard, url: str | Path) -> None:
        self.board, self.url = board, url
        self.rows_added = 0
        self.rows_doubled = 0  # rows handed over again that the store already held
        self.error: str | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._opened = threading.Event()
        self._thread: threading.Thread | None = None
        board.listen(self._wake.set)

    def start(self) -> ResultsKeeper:
        """Open the store on the keeper's thread; a store that cannot be opened is a
        :class:`StoreError` here, before anything is kept."""
        self._thread = threading.Thread(target=self._run, name="club-results", daemon=True)
        self._thread.start()
        self._opened.wait()
        if self.error is not None:
            self._thread.join()
            raise StoreError(self.error)
        return self

    def stop(self, timeout: float = 10.0) -> None:
        if self._thread is None:
            return
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)
        self._thread = None

    def _run(self) -> None:
        try:
            store = ResultsStore.open(self.url)
        except StoreError as error:
            self.error = str(error)
            self._opened.set()
            return
        self._opened.set()
        try:
            stored = store.stored()
            done = store.finished()
            while True:
                stopping = self._stop.is_set()
                self._wake.clear()
                for progress in self.board.progress(stored):
                    key = (progress.table, progress.meta.session)
                    if not progress.rows and (progress.final is None or key in done):
                        continue
                    added, doubled = store.keep(progress)
                    self.rows_added += added
                    self.rows_doubled += doubled
                    stored[key] = stored.get(key, 0) + len(progress.rows)
                    if progress.final is not None:
                        done.add(key)
                if stopping:
                    return
                self._wake.wait(WAKE_S)
        finally:
            store.close()
