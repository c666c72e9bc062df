"""The club board as the club page reads it: every table's game, players, scores and state in
both languages, pushed to each open page as server-sent events whenever the board changes.

The board is fed on the MQTT client's network thread; it tells the feed that something may
have changed (:meth:`ClubBoard.listen`), and the feed only wakes each stream's event loop with
``call_soon_threadsafe``.  Each stream then builds the snapshot on its own loop and sends it
only if it differs from what that page last got, so a burst of rows is one message, not one a
row, and a page never waits for a poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

from scoring.registry import game
from session.club.board import ClubBoard
from ui.club_text import state_text

KEEPALIVE_S = 15.0  # a comment line this often keeps proxies and phones from closing a stream


def club_snapshot(board: ClubBoard, broker: str) -> dict[str, Any]:
    """The board as plain JSON: the broker, whether it answers, and one entry a table."""
    tables = []
    for row in board.tables():
        entry = game(row["game"])
        tables.append(
            {
                "table": row["table"],
                "game": row["game"],
                "title": {"en": entry.title_en, "ru": entry.title_ru},
                "players": row["players"],
                "scores": row["scores"],
                "turn": row["turn"],
                "over": row["over"],
                "winner": row["winner"],
                "state": {lang: state_text(row, lang) for lang in ("en", "ru")},
                "seq": row["seq"],
                "in_step": row["in_step"],
                "status": row["status"],
            }
        )
    return {"broker": broker, "connected": board.connected, "tables": tables}


class ClubFeed:
    def __init__(self, board: ClubBoard, broker: str) -> None:
        self.board, self.broker = board, broker
        self._lock = threading.Lock()
        self._wakers: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()
        self._closed = False
        board.listen(self._changed)

    def snapshot(self) -> dict[str, Any]:
        return club_snapshot(self.board, self.broker)

    def _changed(self) -> None:
        with self._lock:
            wakers = list(self._wakers)
        for loop, event in wakers:
            with contextlib.suppress(RuntimeError):  # a stopped server's loop: nobody to tell
                loop.call_soon_threadsafe(event.set)

    def close(self) -> None:
        """End every open stream (the server is stopping)."""
        self._closed = True
        self._changed()

    async def stream(self) -> AsyncIterator[str]:
        """Server-sent events: the board at once, then each change."""
        waker = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._wakers.add(waker)
        try:
            sent = None
            while not self._closed:
                data = json.dumps(self.snapshot(), ensure_ascii=False)
                if data != sent:
                    sent = data
                    yield f"data: {data}\n\n"
                try:
                    await asyncio.wait_for(waker[1].wait(), KEEPALIVE_S)
                except TimeoutError:
                    yield ": keepalive\n\n"
                waker[1].clear()
        finally:
            with self._lock:
                self._wakers.discard(waker)
