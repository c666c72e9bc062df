"""The live session: every input of a table (camera facts, panel presses, the operator) in one
ordered inbox, judged one at a time against the journal.

Sources run on their own threads and only ``post``; one consumer (the Qt event loop's timer or
the headless loop) calls ``pump``, so the journal and the match are touched by one thread and
the order in which things reached the inbox is the order in which they are judged.  A fact the
interpreter is not sure of, or one the rules refuse, is held for the operator instead of being
recorded: a misread die must never become a scored roll without a person seeing it.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scoring.actions import CORRECT, UNDO
from scoring.match import Match, Outcome
from scoring.verdicts import IllegalMove, Verdict
from session.journal import Journal, JournalRow

# ---------------------------------------------------------------------------------------------
# What goes into the inbox.


@dataclass(frozen=True)
class Submit:
    """An action typed or clicked by the operator (or any caller that is sure of it)."""

    action: Mapping[str, Any]
    source: str = "operator"


@dataclass(frozen=True)
class Confirm:
    """Accept a held proposal, as proposed or replaced by the operator's edited ``action``;
    ``pending`` None means the oldest one (the panel's confirm button).  ``source`` names who
    confirmed where that is the record (``phone``); None keeps the proposal's own source."""

    pending: int | None = None
    action: Mapping[str, Any] | None = None
    source: str | None = None


@dataclass(frozen=True)
class Reject:
    """Drop a held proposal: the camera saw something that did not happen."""

    pending: int


@dataclass(frozen=True)
class Undo:
    """Take back an action in force (the last one when ``target`` is None)."""

    target: int | None = None
    source: str = "operator"


@dataclass(frozen=True)
class Correct:
    """Replace an earlier action; the change flows through every later score."""

    target: int
    action: Mapping[str, Any]
    source: str = "operator"


@dataclass(frozen=True)
class SourceStatus:
    """A source's connection state (``camera``, ``panel``): connected, disconnected, error..."""

    source: str
    state: str
    text: str = ""


Command = Submit | Confirm | Reject | Undo | Correct | SourceStatus


# ---------------------------------------------------------------------------------------------
# What interpreters propose and what the session announces.


@dataclass(frozen=True)
class Proposal:
    """An action an interpreter reads into a table fact, with how sure it is.

    ``ambiguous`` names why a person must decide (two orders of contacts fit the video, a card
    could be a defence or a transfer) even when the confidence is high.  ``supersedes`` is an
    earlier proposal's action this one reads more fully (a second card laid for the same
    shot): still held, that one is dropped, so the operator never confirms half a move.
    """

    action: Mapping[str, Any]
    confidence: float
    source: str
    frame: int | None = None
    note: str = ""
    ambiguous: tuple[str, ...] = ()
    supersedes: Mapping[str, Any] | None = None


class Interpreter(Protocol):
    """Turns one game family's table facts into proposals, given the match as it stands."""

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        """The proposals; raises :class:`IllegalMove` for a fact that can make no action (a
        key pressed with the wrong amount), which the session announces as refused."""
        ...


@dataclass(frozen=True)
class Pending:
    """A proposal held for the operator, numbered for the console and the confirm button."""

    id: int
    proposal: Proposal
    why: str
    verdicts: tuple[Verdict, ...] = ()


@dataclass(frozen=True)
class SessionEvent:
    """What one inbox item led to; listeners redraw from it.

    kind: ``accepted`` (a row is on disk), ``refused`` (the rules or the action language said
    no: ``verdicts`` carry the illegal-move text for the banner), ``pending`` (held),
    ``resolved`` (a held proposal was rejected or superseded), ``status`` (a source's state;
    ``fact`` holds its :class:`SourceStatus`), ``fact`` (a table fact arrived, for recorders).
    ``posted`` and ``handled`` are ``time.perf_counter()`` readings: the first when the item
    entered the inbox, the second when its outcome was known, so a display can measure
    fact-to-screen latency.
    """

    kind: str
    posted: float
    handled: float
    row: JournalRow | None = None
    outcome: Outcome | None = None
    pending: Pending | None = None
    verdicts: tuple[Verdict, ...] = ()
    fact: Any = None
    text: str = ""


Listener = Callable[[SessionEvent], None]


class LiveSession:
    """A journal fed by an ordered inbox, with proposals held for the operator when unsure."""

    def __init__(
        self,
        journal: Journal,
        interpreter: Interpreter | None = None,
        *,
        confirm_below: float = 0.9,
    ) -> None:
        self.journal = journal
        self.interpreter = interpreter
        self.confirm_below = confirm_below
        self.status: dict[str, SourceStatus] = {}
        self._inbox: queue.Queue[tuple[float, Any]] = queue.Queue()
        #: Stamping and queueing are one step, so the posted times run in inbox order even
        #: when a thread is switched out between the two.
        self._posting = threading.Lock()
        self._pending: dict[int, Pending] = {}
        self._next_pending = 1
        self._listeners: list[Listener] = []

    # -----------------------------------------------------------------------------------------
    # Any thread.

    def post(self, item: Any) -> None:
        """Queue a table fact or a command; safe from any thread, never blocks."""
        with self._posting:
            self._inbox.put((time.perf_counter(), item))

    # -----------------------------------------------------------------------------------------
    # The consumer thread.

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def pump(self, timeout: float = 0.0, limit: int | None = None) -> list[SessionEvent]:
        """Judge what is in the inbox, in order: wait up to ``timeout`` for the first item,
        then take whatever else is already there (at most ``limit`` items)."""
        events: list[SessionEvent] = []
        handled = 0
        wait = timeout
        while limit is None or handled < limit:
            try:
                posted, item = self._inbox.get(block=wait > 0, timeout=wait or None)
            except queue.Empty:
                break
            wait = 0.0
            handled += 1
            for event in self._handle(posted, item):
                events.append(event)
                for listener in self._listeners:
                    listener(event)
        return events

    @property
    def match(self) -> Match:
        return self.journal.match

    def view(self) -> dict[str, Any]:
        return self.journal.view()

    def sheet(self) -> dict[str, Any]:
        return self.match.engine.score_sheet(self.match.state)

    def rows(self) -> list[JournalRow]:
        return self.journal.rows()

    def pending(self) -> list[Pending]:
        return [self._pending[key] for key in sorted(self._pending)]

    # -----------------------------------------------------------------------------------------
    # Judging one item.

    def _handle(self, posted: float, item: Any) -> list[SessionEvent]:
        if isinstance(item, Submit):
            return [self._record(posted, item.action, item.source, None, None)]
        if isinstance(item, Undo):
            action: dict[str, Any] = {"do": UNDO}
            if item.target is not None:
                action["target"] = item.target
            return [self._record(posted, action, item.source, None, None)]
        if isinstance(item, Correct):
            action = {"do": CORRECT, "target": item.target, "action": dict(item.action)}
            return [self._record(posted, action, item.source, None, None)]
        if isinstance(item, Confirm):
            return self._confirm(posted, item)
        if isinstance(item, Reject):
            return self._drop(posted, item.pending, "rejected by the operator")
        if isinstance(item, SourceStatus):
            self.status[item.source] = item
            text = f"{item.source}: {item.state}"
            return [self._event("status", posted, fact=item, text=text)]
        return self._fact(posted, item)

    def _fact(self, posted: float, fact: Any) -> list[SessionEvent]:
        events = [self._event("fact", posted, fact=fact)]
        name = getattr(fact, "fact", None)  # the panel's ButtonPressed facts
        if name == "confirm" and self._pending:
            return events + self._confirm(posted, Confirm())
        if name == "undo":
            return [*events, self._record(posted, {"do": UNDO}, "panel", None, None)]
        if self.interpreter is None:
            return events
        try:
            proposals = self.interpreter.propose(fact, self.match)
        except IllegalMove as refused:  # no action can be made of it (an amount keyed wrong)
            verdicts = (refused.verdict,)
            return [*events, self._event("refused", posted, verdicts=verdicts, text=str(refused))]
        for proposal in proposals:
            events += self._supersede(posted, proposal)
            events.append(self._consider(posted, proposal))
        return events

    def _supersede(self, posted: float, proposal: Proposal) -> list[SessionEvent]:
        """Drop the held proposals whose action ``proposal`` reads more fully."""
        stale = proposal.supersedes
        if stale is None:
            return []
        keys = [key for key, held in self._pending.items() if held.proposal.action == stale]
        why = f"superseded by {proposal.note}" if proposal.note else "superseded"
        return [event for key in keys for event in self._drop(posted, key, why)]

    def _consider(self, posted: float, proposal: Proposal) -> SessionEvent:
        outcome, _ = self.match.check(proposal.action)
        if proposal.ambiguous:
            return self._hold(posted, proposal, "ambiguous: " + "; ".join(proposal.ambiguous))
        if not outcome.accepted:
            return self._hold(
                posted, proposal, f"refused: {outcome.error}", outcome.verdicts, kind="refused"
            )
        if proposal.confidence < self.confirm_below:
            return self._hold(posted, proposal, f"low confidence {proposal.confidence:.2f}")
        return self._record(
            posted, proposal.action, proposal.source, proposal.confidence, proposal.frame
        )

    def _hold(
        self,
        posted: float,
        proposal: Proposal,
        why: str,
        verdicts: Sequence[Verdict] = (),
        kind: str = "pending",
    ) -> SessionEvent:
        held = Pending(self._next_pending, proposal, why, tuple(verdicts))
        self._pending[held.id] = held
        self._next_pending += 1
        return self._event(kind, posted, pending=held, verdicts=held.verdicts, text=why)

    def _confirm(self, posted: float, command: Confirm) -> list[SessionEvent]:
        key = command.pending if command.pending is not None else min(self._pending, default=None)
        if key is None or key not in self._pending:
            text = "nothing is waiting to be confirmed" if key is None else f"no proposal {key}"
            return [self._event("refused", posted, text=text)]
        held = self._pending[key]
        proposal = held.proposal
        action = command.action if command.action is not None else proposal.action
        source = command.source or proposal.source
        event = self._record(posted, action, source, proposal.confidence, proposal.frame)
        if event.kind == "accepted":
            del self._pending[key]
        return [event]

    def _drop(self, posted: float, key: int, why: str) -> list[SessionEvent]:
        held = self._pending.pop(key, None)
        if held is None:
            return [self._event("refused", posted, text=f"no proposal {key}")]
        return [self._event("resolved", posted, pending=held, text=why)]

    def _record(
        self,
        posted: float,
        action: Mapping[str, Any],
        source: str,
        confidence: float | None,
        frame: int | None,
    ) -> SessionEvent:
        outcome = self.journal.submit(action, source=source, confidence=confidence, frame=frame)
        if not outcome.accepted:
            return self._event(
                "refused", posted, outcome=outcome, verdicts=outcome.verdicts, text=outcome.error
            )
        row = self.journal.last_row
        return self._event("accepted", posted, row=row, outcome=outcome, verdicts=outcome.verdicts)

    @staticmethod
    def _event(kind: str, posted: float, **details: Any) -> SessionEvent:
        return SessionEvent(kind, posted, time.perf_counter(), **details)


@dataclass(frozen=True)
class FrameView:
    """The newest camera frame with what the readers drew on it, for the operator's eyes.

    ``detections`` are plain dicts: ``{"kind": "die", "box": [x, y, w, h], "label": "5",
    "confidence": 0.93}`` plus any kind-specific keys (``cocked``, ``face_up``, ``track``).
    """

    image: Any  # numpy BGR image
    index: int
    timestamp: float
    detections: tuple[Mapping[str, Any], ...] = ()


class FrameTap:
    """Holds only the newest frame: the camera thread overwrites, the display reads when it
    repaints, so a slow screen never queues frames or slows perception down."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest: FrameView | None = None

    def put(self, frame: FrameView) -> None:
        with self._lock:
            self._latest = frame

    def get(self) -> FrameView | None:
        with self._lock:
            return self._latest
