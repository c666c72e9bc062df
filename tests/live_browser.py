"""What the browser tests of the live and club pages share: Debian's chromium driven by
Playwright (never ``playwright install``: nothing is downloaded), and a live session served on
a free loopback port with its consumer on its own thread, as ``tableref run`` judges on the
thread that opened the journal (SQLite keeps a connection to its thread)."""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from session.journal import Journal, JournalRow
from session.live import Interpreter, LiveSession
from ui.web.server import LiveServer, parse_address

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}  # a phone held upright, in CSS pixels
NOTES_PNG = Path("/work/notes/png")  # where the screenshots are looked at, when it exists


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """A headless chromium, or the test skipped where Debian's is not installed."""
    if not CHROMIUM.is_file():
        pytest.skip("Debian's chromium is not installed (scripts/setup-dev.sh installs it)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        try:
            yield launched
        finally:
            launched.close()


def screenshot_paths(name: str, screens: Path) -> list[Path]:
    """The test output's copy, and the notes' where that folder exists (a developer's
    machine): a screenshot is written to be looked at."""
    screens.mkdir(parents=True, exist_ok=True)
    paths = [screens / name]
    if NOTES_PNG.is_dir():
        paths.append(NOTES_PNG / name)
    return paths


@dataclass
class ServedTable:
    session: LiveSession
    server: LiveServer
    path: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def rows(self) -> list[JournalRow]:
        with Journal.open(self.path, readonly=True) as journal:
            return journal.rows()

    def wait_rows(self, count: int, timeout: float = 5.0) -> list[JournalRow]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rows = self.rows()
            if len(rows) >= count:
                return rows
            time.sleep(0.02)
        raise AssertionError(f"the journal did not reach {count} rows: {self.rows()}")


@contextlib.contextmanager
def served_table(
    path: Path,
    game: str,
    players: list[str],
    preset: str | None = None,
    interpreter: Interpreter | None = None,
    pin: str | None = None,
) -> Iterator[ServedTable]:
    made: queue.Queue[ServedTable | BaseException] = queue.Queue()
    stop = threading.Event()

    def consume() -> None:
        try:
            journal = Journal.create(path, game, players, preset)
            session = LiveSession(journal, interpreter)
            server = LiveServer(session, parse_address("127.0.0.1:0"), pin=pin).start()
        except BaseException as error:
            made.put(error)
            return
        made.put(ServedTable(session, server, path))
        try:
            while not stop.is_set():
                session.pump(timeout=0.01)
        finally:
            server.stop()
            journal.close()

    thread = threading.Thread(target=consume)
    thread.start()
    ready = made.get(timeout=30)
    if isinstance(ready, BaseException):
        thread.join(10)
        raise ready
    try:
        yield ready
    finally:
        stop.set()
        thread.join(10)
