"""The live session's events, turned into snapshots and handed to the page's open streams.

The feed listens on the session's consumer thread (the only one that touches the journal), so
a snapshot is built there, right after an action is judged and on disk, and then handed to the
server's event loop with ``call_soon_threadsafe``: no lock around the match, no polling, and
the phone hears of an action within milliseconds of the audience display.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

from session.live import LiveSession, SessionEvent
from ui.web.snapshot import snapshot

KEEPALIVE_S = 15.0  # a comment line this often keeps proxies and phones from closing a stream


class LiveFeed:
    def __init__(self, session: LiveSession) -> None:
        self.session = session
        self._lock = threading.Lock()
        self._watchers: set[
            tuple[asyncio.AbstractEventLoop, asyncio.Queue[dict[str, Any] | None]]
        ] = set()
        self._latest = self._build()
        self._closed = False
        session.subscribe(self.listener)

    def rebind(self, session: LiveSession) -> None:
        """A new game in the same windows: the page follows it."""
        self.session = session
        session.subscribe(self.listener)
        self._publish(self._build())

    @property
    def latest(self) -> dict[str, Any]:
        with self._lock:
            return self._latest

    def listener(self, event: SessionEvent) -> None:
        """Called on the consumer thread for every event; facts change nothing shown."""
        if event.kind in ("fact", "status"):
            return
        notice = event.text if event.kind == "refused" and not event.verdicts else ""
        self._publish(self._build(event.verdicts, notice))

    def _build(self, verdicts: Any = (), notice: str = "") -> dict[str, Any]:
        session = self.session
        journal = session.journal
        return snapshot(
            journal.game,
            journal.path.name,
            session.view(),
            session.sheet(),
            session.rows(),
            tuple(verdicts),
            session.pending(),
            notice,
        )

    def _publish(self, data: dict[str, Any] | None) -> None:
        with self._lock:
            if data is not None:
                self._latest = data
            watchers = list(self._watchers)
        for loop, queue in watchers:
            # a stream whose loop is closed belongs to a stopped server: nothing to tell
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(queue.put_nowait, data)

    def close(self) -> None:
        """End every open stream (the server is stopping)."""
        self._closed = True
        self._publish(None)

    async def stream(self) -> AsyncIterator[str]:
        """Server-sent events: the current snapshot at once, then one per change."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        watcher = (loop, queue)
        with self._lock:
            self._watchers.add(watcher)
            first = self._latest
        try:
            yield _event(first)
            while not self._closed:
                try:
                    data = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                except TimeoutError:
                    yield ": keepalive\n\n"
                    continue
                if data is None:
                    return
                yield _event(data)
        finally:
            with self._lock:
                self._watchers.discard(watcher)


def _event(data: dict[str, Any]) -> str:
    return f"data: {json.dumps(data, ensure_ascii=False)}\n\n"
