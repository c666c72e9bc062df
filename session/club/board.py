"""The club board: subscribes to every table on the broker and rebuilds each one
(:class:`.replica.TableReplica`), asking a table to publish again what it has missed.

Messages arrive on the client's network thread; the replicas are touched under one lock, and
:meth:`ClubBoard.tables` hands out plain summaries, so a command or a window reads the board
from its own thread.  A message that cannot be read is counted and skipped, never fatal: one
broken table must not take the club's board down.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from scoring.engine import OptionsError
from scoring.registry import UnknownGame
from session.club.replica import TableReplica
from session.club.wire import (
    Meta,
    Row,
    WireError,
    decode,
    encode,
    parse_topic,
    read_seq,
    subscriptions,
    topic,
)

QOS = 1
RESEND_AFTER_S = 1.0  # a gap still open this long is asked for again


@dataclass(frozen=True)
class Progress:
    """One game at a table as far as the board has rebuilt it (see :meth:`ClubBoard.progress`)."""

    table: str
    meta: Meta
    rows: tuple[Row, ...]
    final: dict[str, Any] | None


class ClubBoard:
    def __init__(self, host: str = "localhost", port: int = 1883) -> None:
        self._lock = threading.Lock()
        self.replicas: dict[str, TableReplica] = {}
        self._early: dict[str, list[tuple[str, dict[str, Any]]]] = {}  # before a table's meta
        self._asked: dict[str, tuple[int, float]] = {}  # table -> (from, when) of its resend
        self._status: dict[str, str] = {}
        self.unreadable: list[str] = []
        self._connected = threading.Event()
        self._host, self._port = host, port
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, clean_session=True)
        self.client.reconnect_delay_set(1, 2)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self._listeners: list[Callable[[], None]] = []
        #: Games replaced by a table's next game, kept for :meth:`progress` once it is asked.
        self._retired: list[TableReplica] | None = None

    def listen(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` (on the client's network thread, so it must only hand over)
        whenever the board may have changed: a message taken, the broker gained or lost; a
        page pushes the change then instead of polling."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def start(self) -> ClubBoard:
        self.client.connect_async(self._host, self._port, keepalive=5)
        self.client.loop_start()
        return self

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def tables(self) -> list[dict[str, Any]]:
        """Every table heard of, by id: its game, players, scores and how far it is rebuilt."""
        self.chase_gaps()
        with self._lock:
            return [self.replicas[table].summary() for table in sorted(self.replicas)]

    def progress(self, stored: Mapping[tuple[str, str], int]) -> list[Progress]:
        """What a results store has yet to keep: for every table, and every earlier game a
        table's next game has replaced since the last call, the rows applied beyond
        ``stored[(table, session)]`` and the final view once the game is over and whole."""
        out = []
        with self._lock:
            replicas = [*(self._retired or []), *self.replicas.values()]
            self._retired = []  # from now on a replaced game waits here until asked for
            for replica in replicas:
                done = stored.get((replica.table, replica.meta.session), 0)
                view = replica.match.view()
                whole = not replica.waiting and replica.broken is None
                final = view if view.get("over") and whole else None
                out.append(Progress(replica.table, replica.meta, tuple(replica.rows[done:]), final))
        return out

    def replica(self, table: str) -> TableReplica | None:
        with self._lock:
            return self.replicas.get(table)

    def chase_gaps(self) -> None:
        """Ask again for rows still missing after :data:`RESEND_AFTER_S` (a resend that was
        itself lost, or a table that was away)."""
        with self._lock:
            tables = list(self.replicas)
        for table in tables:
            self._ask(table)

    # ----------------------------------------------------------------------------------------
    # The client's callbacks (its network thread).

    def _on_connect(
        self, client: mqtt.Client, _data: Any, _flags: Any, reason: Any, _p: Any
    ) -> None:
        if reason.is_failure:
            return
        for name in subscriptions():
            client.subscribe(name, qos=QOS)
        self._connected.set()
        self._changed()

    def _on_disconnect(self, *_args: Any) -> None:
        self._connected.clear()
        self._changed()

    def _on_message(self, _client: Any, _data: Any, message: mqtt.MQTTMessage) -> None:
        try:
            table, kind = parse_topic(message.topic)
            if kind == "status":
                self._see_status(table, message.payload.decode(errors="replace"))
                self._changed()
                return
            data = decode(message.payload, message.topic)
            with self._lock:
                self._take(table, kind, data, message.topic)
        except (WireError, UnknownGame, OptionsError) as error:
            with self._lock:
                self.unreadable.append(str(error))
            return
        self._ask(table)
        self._changed()

    def _see_status(self, table: str, status: str) -> None:
        with self._lock:
            self._status[table] = status
            if table in self.replicas:
                self.replicas[table].status = status

    def _take(self, table: str, kind: str, data: dict[str, Any], what: str) -> None:
        """Hand a message to the table's replica (made from its meta; earlier ones wait)."""
        replica = self.replicas.get(table)
        if kind == "meta":
            meta = Meta.read(data, what)
            if replica is not None and replica.meta == meta:
                return
            if replica is not None and self._retired is not None:
                self._retired.append(replica)
            replica = self.replicas[table] = TableReplica(table, meta)
            replica.status = self._status.get(table, "unknown")
            for early_kind, early in self._early.pop(table, []):
                self._feed(replica, early_kind, early, what)
            return
        if replica is None:
            self._early.setdefault(table, []).append((kind, data))
            return
        self._feed(replica, kind, data, what)

    @staticmethod
    def _feed(replica: TableReplica, kind: str, data: dict[str, Any], what: str) -> None:
        if data.get("session", "") != replica.meta.session:
            replica.stale += 1  # an earlier game's row or view under this table id
            return
        if kind == "actions":
            replica.receive(Row.read(data, what))
        elif kind == "view":
            view = data.get("view")
            if not isinstance(view, dict):
                raise WireError(f"{what}: 'view' must be an object")
            replica.see_view(read_seq(data, "seq", what), view)

    def _ask(self, table: str) -> None:
        """Ask the table for its rows from the first one missing, unless just asked."""
        with self._lock:
            replica = self.replicas.get(table)
            start = None if replica is None else replica.missing_from
            if start is None or replica is None or replica.status == "offline":
                # nothing missing, or nobody to ask: a table that went away keeps its
                # published view on the board until it comes back
                self._asked.pop(table, None)
                return
            asked = self._asked.get(table)
            now = time.monotonic()
            if asked is not None and asked[0] == start and now - asked[1] < RESEND_AFTER_S:
                return
            self._asked[table] = (start, now)
            request = {"from": start, "session": replica.meta.session}
        if self._connected.is_set():
            self.client.publish(topic(table, "resend"), encode(request), qos=QOS)
