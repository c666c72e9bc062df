"""The headless live loop: the sources run on their threads, this thread judges the inbox and
prints one line per event, for machines without a screen (``tableref run --headless``,
``tableref demo --headless``) and for logs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from session.interpreters.common import describe
from session.live import LiveSession, SessionEvent

WORDS = {
    "en": {
        "accepted": "accepted",
        "refused": "refused",
        "pending": "held",
        "resolved": "dropped",
        "status": "source",
    },
    "ru": {
        "accepted": "принято",
        "refused": "отклонено",
        "pending": "ждёт решения",
        "resolved": "снято",
        "status": "источник",
    },
}


class Source(Protocol):
    """A source thread: :class:`session.sources.CameraWorker`, ``PanelWorker`` or alike."""

    @property
    def running(self) -> bool: ...

    def start(self) -> Any: ...

    def stop(self, timeout: float = 5.0) -> None: ...


def event_line(event: SessionEvent, lang: str = "en") -> str | None:
    """One line for an event (None for ``fact``, which recorders want and people do not)."""
    words = WORDS.get(lang, WORDS["en"])
    verdicts = " | ".join(
        text for text in (getattr(v, "ru" if lang == "ru" else "en", "") for v in event.verdicts)
    )
    if event.kind == "accepted" and event.row is not None:
        row = event.row
        origin = row.source
        if row.confidence is not None:
            origin += f" {row.confidence:.2f}"
        if row.frame is not None:
            origin += f", frame {row.frame}"
        line = f"{words['accepted']} #{row.seq} {describe(row.action)} ({origin})"
        return f"{line}: {verdicts}" if verdicts else line
    if event.kind == "refused":
        action = f" {describe(event.pending.proposal.action)}" if event.pending else ""
        return f"{words['refused']}{action}: {verdicts or event.text}"
    if event.kind in ("pending", "resolved") and event.pending is not None:
        held = event.pending
        line = f"{words[event.kind]} #{held.id} {describe(held.proposal.action)}"
        return f"{line}: {event.text}"
    if event.kind == "status":
        detail = getattr(event.fact, "text", "")
        return f"{words['status']} {event.text}" + (f" ({detail})" if detail else "")
    return None


def run_headless(
    session: LiveSession,
    sources: Sequence[Source] = (),
    *,
    until: Callable[[], bool] | None = None,
    lang: str = "en",
    write: Callable[[str], Any] = print,
    tick: float = 0.05,
) -> list[SessionEvent]:
    """Start the sources, judge the inbox until ``until()`` is true (by default: until every
    source has stopped and the inbox is empty; Ctrl-C also ends it), stop the sources, and
    return every event.  Each event but ``fact`` is written as one line."""
    events: list[SessionEvent] = []
    for source in sources:
        source.start()
    try:
        while True:
            batch = session.pump(timeout=tick)
            _write(batch, lang, write)
            events += batch
            if until is not None:
                if until():
                    break
            elif not batch and not any(source.running for source in sources):
                break
    except KeyboardInterrupt:
        pass
    finally:
        for source in sources:
            source.stop()
    tail = session.pump()  # what the sources posted while stopping (their last status)
    _write(tail, lang, write)
    return events + tail


def _write(events: Iterable[SessionEvent], lang: str, write: Callable[[str], Any]) -> None:
    for event in events:
        line = event_line(event, lang)
        if line is not None:
            write(line)
