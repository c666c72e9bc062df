"""A table on the club's broker: a reader of its journal that publishes every row, and the view
after it, with the table's id and the journal's ``seq``.

The publisher follows the journal file (opened read-only, beside the session writing it), so
the referee never waits for the network: with the broker down the table goes on refereeing
into its journal, and when the broker returns the publisher sends every row not yet
acknowledged (QoS 1: a row may arrive twice, never not at all).  A board that asks
(``resend``) gets the rows again from the ``seq`` it names.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from scoring.match import Match
from scoring.registry import create_engine
from session.club.wire import Meta, Row, WireError, decode, encode, read_seq, topic
from session.journal import Journal, JournalRow

QOS = 1
POLL_S = 0.05  # how often the journal is read for new rows
RECONNECT_S = (1, 2)  # the client's reconnect delay, shortest and longest, in seconds


class TablePublisher:
    """Publishes one journal as table ``table`` to the broker at ``host:port``."""

    def __init__(
        self,
        journal: Path,
        table: str,
        host: str = "localhost",
        port: int = 1883,
    ) -> None:
        self.path = Path(journal)
        self.table = table
        topic(table, "meta")  # the id is checked before anything connects
        with Journal.open(self.path, readonly=True) as opened:  # beside the session writing it
            meta = (opened.game, opened.preset, opened.players, dict(opened.options))
            session = f"{self.path.name} {opened.created}"
        self.meta = Meta(*meta, session=session)
        #: Opened by the thread that reads (SQLite keeps a connection to its thread).
        self._journal: Journal | None = None
        engine = create_engine(self.meta.game, self.meta.preset, self.meta.options)
        self.match = Match(engine, self.meta.players)
        self.rows: list[JournalRow] = []
        self._lock = threading.Lock()
        self._sent = 0  # rows handed to the client since the last (re)connection or resend
        self._acked: set[int] = set()
        self._acked_upto = 0  # every row up to here has its PUBACK
        #: Rows handed to the client and not yet acknowledged.  Their PUBACKs are read off the
        #: message infos, not an ``on_publish`` callback: a PUBACK can arrive before
        #: ``publish`` returns the message id, and the callback runs under the client's lock.
        self._in_flight: list[tuple[mqtt.MQTTMessageInfo, int]] = []
        self._connected = threading.Event()
        self._host, self._port = host, port
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=f"tableref-table-{table}", clean_session=True
        )
        self.client.will_set(topic(table, "status"), b"offline", qos=QOS, retain=True)
        self.client.reconnect_delay_set(*RECONNECT_S)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message

    # ----------------------------------------------------------------------------------------
    # Running.

    def start(self) -> TablePublisher:
        """Connect in the background (a broker that is down now is tried again and again)."""
        self.client.connect_async(self._host, self._port, keepalive=5)
        self.client.loop_start()
        return self

    def stop(self) -> None:
        if self._connected.is_set():
            self.client.publish(topic(self.table, "status"), b"offline", qos=QOS, retain=True)
        self.client.disconnect()
        self.client.loop_stop()

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    @property
    def acknowledged(self) -> int:
        """The last ``seq`` such that the broker has acknowledged every row up to it."""
        with self._lock:
            waiting = []
            for info, seq in self._in_flight:
                if not info.is_published():
                    waiting.append((info, seq))
                elif seq > self._acked_upto:
                    self._acked.add(seq)
            self._in_flight = waiting
            while self._acked_upto + 1 in self._acked:
                self._acked_upto += 1
                self._acked.discard(self._acked_upto)
            return self._acked_upto

    def follow(self, stop: threading.Event, until: Callable[[], bool] | None = None) -> None:
        """Read and publish until ``stop`` is set (or ``until()`` holds after a read); one
        thread reads."""
        try:
            while not stop.is_set():
                self.step()
                if until is not None and until():
                    break
                stop.wait(POLL_S)
        finally:
            if self._journal is not None:
                self._journal.close()
                self._journal = None

    def step(self) -> int:
        """Read the journal's new rows and publish what the broker has not acknowledged;
        returns how many rows were handed to the client (0 while the broker is away)."""
        self._read()
        if not self._connected.is_set():
            return 0
        handed = 0
        with self._lock:
            start = self._sent
        for row in self.rows[start:]:
            with self._lock:
                if self._sent != row.seq - 1:
                    break  # a resend or a reconnection moved the place: start again from it
            message = Row(row.seq, row.at, row.source, row.action, self.meta.session)
            info = self.client.publish(
                topic(self.table, "actions"), encode(message.to_dict()), qos=QOS
            )
            if info.rc != mqtt.MQTT_ERR_SUCCESS:
                break  # the connection just went: the next connection sends it again
            with self._lock:
                self._in_flight.append((info, row.seq))
                if self._sent == row.seq - 1:
                    self._sent = row.seq
            handed += 1
        with self._lock:
            complete = self._sent == len(self.rows)
        if handed and complete:  # the view is the state after the last row read
            view = {"seq": len(self.rows), "view": self.match.view(), "session": self.meta.session}
            self.client.publish(topic(self.table, "view"), encode(view), qos=QOS, retain=True)
        return handed

    def _read(self) -> None:
        """Fold the rows the session has written since the last read."""
        if self._journal is None:
            self._journal = Journal.open(self.path, readonly=True)
        for row in self._journal.rows()[len(self.rows) :]:
            outcome, state = self.match.check(row.action)
            if not outcome.accepted:  # the journal folded it: this cannot refuse it
                raise RuntimeError(f"{self.path}: row {row.seq} no longer folds: {outcome.error}")
            self.match.commit(outcome, state)
            self.rows.append(row)

    # ----------------------------------------------------------------------------------------
    # The client's callbacks (its network thread).

    def _on_connect(
        self, client: mqtt.Client, _data: Any, _flags: Any, reason: Any, _p: Any
    ) -> None:
        if reason.is_failure:
            return
        acknowledged = self.acknowledged
        with self._lock:
            self._sent = acknowledged  # whatever was not acknowledged goes again
            self._in_flight.clear()
        client.publish(topic(self.table, "meta"), encode(self.meta.to_dict()), qos=QOS, retain=True)
        client.publish(topic(self.table, "status"), b"online", qos=QOS, retain=True)
        client.subscribe(topic(self.table, "resend"), qos=QOS)
        self._connected.set()

    def _on_disconnect(self, *_args: Any) -> None:
        self._connected.clear()

    def _on_message(self, _client: Any, _data: Any, message: mqtt.MQTTMessage) -> None:
        """A board's ``resend``: publish again from the row it names."""
        try:
            request = decode(message.payload, message.topic)
            start = read_seq(request, "from", message.topic)
        except WireError:
            return  # not ours to answer: a table never fails on a stranger's message
        if request.get("session", self.meta.session) != self.meta.session:
            return  # a board asking for an earlier game played under this table id
        with self._lock:
            self._sent = min(self._sent, max(start - 1, 0))


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    """Whether ``condition()`` came true within ``seconds`` (checked every 20 ms)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()
