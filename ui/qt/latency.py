"""``tableref bench display``: from a die stopping to the audience display showing its throw.

The throws of :mod:`session.latency` (rendered 1280x720 dice scenes played in real time
through the camera thread and the dice family's live perception) are judged by a live session
that the real windows feed: the console and the audience display (1280x720), pumped by their
timer on the GUI thread as in ``tableref run``.  Measured per accepted throw from the moment
the camera delivered the first frame of the dice at rest to the audience display's finished
repaint with it (:attr:`ui.qt.app.LiveWindows.latency`), confirmation included.  Without a
screen the windows are drawn offscreen, which paints the same widgets into memory.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QTimer, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from session import latency
from session.families import interpreter_for
from session.live import LiveSession
from ui.qt.app import LiveWindows

SETTLE_S = 0.5
"""After the camera's last frame, how long the windows keep pumping so the last throw shows."""


def measure(
    throws: int = 20, fps: float = 30.0, reader_name: str | None = None, folder: Path | None = None
) -> latency.LatencyReport:
    """Play ``throws`` throws to the audience display and time each accepted one."""
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    previous_handler = qInstallMessageHandler(_quiet_offscreen)
    app = QApplication.instance() or QApplication([])
    perception = latency.dice_perception(reader_name)
    played = latency.prepare(throws, fps, perception.reader)
    arrived: dict[int, float] = {}
    held: set[int] = set()  # the frames of throws the operator had to confirm
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        journal = latency.journal_in(scratch)
        try:
            session = LiveSession(journal, interpreter_for(latency.GAME))
            act = latency.operator(session)

            def on_event(event: Any) -> None:
                if event.kind == "pending" and event.pending.proposal.frame is not None:
                    held.add(event.pending.proposal.frame)
                act(event)

            session.subscribe(on_event)
            camera = latency.camera(session, played, perception, arrived)
            windows = LiveWindows(session, sources=[camera])
            windows.show()
            loop = QEventLoop()
            camera_ended: float | None = None

            def watch() -> None:
                """Quit SETTLE_S after the camera's last frame."""
                nonlocal camera_ended
                if camera.running:
                    return
                camera_ended = camera_ended or time.perf_counter()
                if time.perf_counter() - camera_ended >= SETTLE_S:
                    loop.quit()

            poll = QTimer()
            poll.timeout.connect(watch)
            poll.start(50)
            windows.start()
            loop.exec()
            poll.stop()
            windows.stop()
            frames = {row.seq: row.frame for row in session.rows() if row.frame is not None}
            timed = [
                (sample, latency.stopped_at(played, arrived, frames[sample.seq]))
                for sample in windows.latency
                if sample.seq in frames and frames[sample.seq] not in held
            ]
            windows.console.close()
            if windows.audience is not None:
                windows.audience.close()
            app.processEvents()
        finally:
            journal.close()
            qInstallMessageHandler(previous_handler)
    return latency.LatencyReport(
        tuple(sample.painted - stopped for sample, stopped in timed),
        tuple(arrived[frames[sample.seq]] - stopped for sample, stopped in timed),
        tuple(sample.posted - arrived[frames[sample.seq]] for sample, _ in timed),
        tuple(sample.handled - sample.posted for sample, _ in timed),
        len(timed),
        len(held),
        throws,
        fps,
        played.reader,
        camera.frames,
        camera.dropped,
        to="audience display",
        drawing=tuple(sample.drawing for sample, _ in timed),
    )


def _quiet_offscreen(_kind: Any, _context: Any, message: str) -> None:
    """Qt's messages on stderr, but the offscreen platform's note that it cannot pass a
    window's size hints on (it has no window manager to pass them to), once per repaint."""
    if "does not support propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def run_bench(quick: bool = False) -> list[dict[str, Any]]:
    """The stopped-die-to-screen latency at 30 and 60 fps."""
    throws = 6 if quick else 20
    return [row for fps in (30.0, 60.0) for row in measure(throws=throws, fps=fps).rows()]
