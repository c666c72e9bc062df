"""A refereed table's link to the club, run from the referee itself (``tableref run --club``):
the table's :class:`~session.club.publisher.TablePublisher` following the session's journal
on a thread of its own.

The referee never waits for the network: the publisher reads the journal the session writes
(read-only, its own connection), so with the broker down play goes on into the journal and
the rows are sent when the broker returns.  A new game in the same windows is a new journal
and a new session on the broker: setting :attr:`session` moves the link to it.  When the run
ends, the rows still unacknowledged are given a few seconds to reach the broker; what a broker
that stayed away never got is sent later by ``tableref club publish JOURNAL --once``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from session.club.publisher import TablePublisher
from session.live import LiveSession

FLUSH_S = 3.0  # at the end of the run: how long the last rows may take to be acknowledged


class ClubLink:
    """Publishes ``session``'s journal as table ``table`` on ``host:port`` until stopped; a
    source of the run (``running``, ``start``, ``stop``) that posts nothing."""

    def __init__(
        self,
        session: LiveSession,
        table: str,
        host: str,
        port: int,
        say: Callable[[str], Any] = print,
    ) -> None:
        self.table, self.host, self.port = table, host, port
        self.say = say
        self._session = session
        self._publisher = TablePublisher(session.journal.path, table, host, port)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._closing: list[threading.Thread] = []  # earlier games' links giving their last rows

    @property
    def publisher(self) -> TablePublisher:
        return self._publisher

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def session(self) -> LiveSession:
        return self._session

    @session.setter
    def session(self, session: LiveSession) -> None:
        """A new game at the table: the new journal is followed at once, while the old one's
        last rows are given their :data:`FLUSH_S` on a thread of their own (the windows start
        the next game from the GUI thread, which must not wait for the network)."""
        was_running = self.running
        if self._thread is not None:
            self._stop.set()
            retiring = (self._thread, self._publisher)
            closing = threading.Thread(target=self._finish, args=retiring, name="club-flush")
            closing.start()
            self._closing.append(closing)
        self._thread = None
        self._stop = threading.Event()
        self._session = session
        self._publisher = TablePublisher(session.journal.path, self.table, self.host, self.port)
        if was_running:
            self.start()

    def start(self) -> ClubLink:
        """Connect in the background and follow the journal; again while running does
        nothing (the windows start their sources once more)."""
        if self.running:
            return self
        self._stop.clear()
        self._publisher.start()
        follow = (self._publisher, self._stop)
        self._thread = threading.Thread(target=_follow, args=follow, name="club-link", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = FLUSH_S + 2.0) -> None:
        """Publish what is left while the broker answers (for :data:`FLUSH_S` at most), then
        disconnect, this game's and the earlier games' still closing; says how many rows the
        broker holds of each."""
        for closing in self._closing:
            closing.join(timeout)
        self._closing.clear()
        if self._thread is None:
            return
        self._stop.set()
        self._finish(self._thread, self._publisher, timeout)
        self._thread = None

    def _finish(
        self, thread: threading.Thread, publisher: TablePublisher, timeout: float = FLUSH_S + 2.0
    ) -> None:
        """Waits for a stopped follower's flush, disconnects, says what the broker holds."""
        thread.join(timeout)
        publisher.stop()
        held, rows = publisher.acknowledged, len(publisher.rows)
        broker = f"{self.host}:{self.port}"
        line = f"club: table {self.table}: {held} of {rows} rows acknowledged by {broker}"
        if held < rows:
            line += (
                f"; the rest: tableref club publish {publisher.path} --table {self.table} --once"
            )
        self.say(line)


def _follow(publisher: TablePublisher, stop: threading.Event) -> None:
    """Publishes the journal's rows as they come until ``stop``, then the last ones while the
    broker answers, for FLUSH_S at most."""
    publisher.follow(stop)
    deadline = time.monotonic() + FLUSH_S

    def flushed() -> bool:
        if time.monotonic() >= deadline or not publisher.connected:
            return True
        return publisher.acknowledged == len(publisher.rows)

    publisher.follow(threading.Event(), flushed)
