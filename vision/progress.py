"""Progress of long work (rendering scenes, reading many images, making the demo's recordings,
re-running a replay) on one terminal line, for a person waiting at a terminal.

The loops that take long say what they go through (:func:`tracked`); the program decides
whether anybody sees it (:func:`shown_on`): the command line shows it when standard error is a
terminal and the output is not ``--json`` or ``--quiet``; libraries, pipes, logs and tests hear
nothing.  So no long function takes a progress argument, and no progress is printed into a
file.  Standard library only: a bare install imports it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sized
from contextlib import contextmanager
from typing import Protocol, TextIO, TypeVar

Item = TypeVar("Item")

#: The line is redrawn at most this often: a fast loop must not spend its time printing.
REDRAW_S = 0.2
#: Work shorter than this leaves no closing line (a second of work needs no report).
REPORT_AFTER_S = 1.0


class Sink(Protocol):
    """Where progress goes: told each step, and once when a loop ends (or is left)."""

    def update(self, what: str, done: int, total: int | None) -> None: ...

    def finish(self, what: str, done: int) -> None: ...


_sink: Sink | None = None


def tracked(items: Iterable[Item], what: str, total: int | None = None) -> Iterator[Item]:
    """``items`` one by one, each step counted for ``what`` (``total``: how many there will be,
    taken from ``len(items)`` when it has one; None: a count without an estimate)."""
    sink = _sink
    if sink is None:
        yield from items
        return
    if total is None and isinstance(items, Sized):
        total = len(items)
    done = 0
    sink.update(what, done, total)
    try:
        for item in items:
            yield item
            done += 1
            sink.update(what, done, total)
    finally:
        sink.finish(what, done)


@contextmanager
def shown_on(sink: Sink | None) -> Iterator[None]:
    """Progress goes to ``sink`` (None: nowhere) until the block ends."""
    global _sink
    before, _sink = _sink, sink
    try:
        yield
    finally:
        _sink = before


class TerminalLine:
    """One line on a terminal, redrawn in place: ``rendering cards: 37/120 (31 %), about 12 s
    left``; a closing line with the count and the time once the loop ends."""

    def __init__(self, stream: TextIO = sys.stderr, clock: Callable[[], float] = time.monotonic):
        self.stream = stream
        self.clock = clock
        self._started: dict[str, float] = {}
        self._drawn = 0.0
        self._width = 0

    def update(self, what: str, done: int, total: int | None) -> None:
        now = self.clock()
        started = self._started.setdefault(what, now)
        if done and now - self._drawn < REDRAW_S and done != total:
            return
        self._drawn = now
        line = f"{what}: {done}"
        if total:
            line += f"/{total} ({100 * done // total} %)"
            if done:
                left = (now - started) / done * (total - done)
                line += f", about {_duration(left)} left"
        self._draw(line)

    def finish(self, what: str, done: int) -> None:
        took = self.clock() - self._started.pop(what, self.clock())
        self._draw("")
        if took >= REPORT_AFTER_S:
            self.stream.write(f"{what}: {done} in {_duration(took)}\n")
        self.stream.flush()

    def _draw(self, line: str) -> None:
        self.stream.write("\r" + line.ljust(self._width) + ("\r" if not line else ""))
        self._width = len(line)
        self.stream.flush()


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.0f} min"


def terminal_line(stream: TextIO = sys.stderr) -> TerminalLine | None:
    """A :class:`TerminalLine` on ``stream`` when it is a terminal, else None (no progress)."""
    isatty = getattr(stream, "isatty", None)
    return TerminalLine(stream) if isatty is not None and isatty() else None


__all__ = ["REDRAW_S", "Sink", "TerminalLine", "shown_on", "terminal_line", "tracked"]
