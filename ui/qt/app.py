"""Starting the live windows: the operator console, the audience display on a second screen,
and the timer that feeds both from the session.

The timer is the session's one consumer: every tick it pumps the inbox on the GUI thread and
hands the events to both windows, so nothing else ever touches the journal.  It also measures
what the players feel: for every accepted action, the time from the moment its fact entered the
inbox to the moment the audience display finished repainting with it.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from session.live import FrameTap, LiveSession, SessionEvent
from session.loop import Source
from session.nights.folder import Night
from session.nights.standings import read_standings
from ui.qt.audience import AudienceDisplay
from ui.qt.console import OperatorConsole
from ui.qt.i18n import Language

TICK_MS = 15


@dataclass(frozen=True)
class LatencySample:
    """One accepted action's way to the screen, in ``time.perf_counter()`` seconds."""

    seq: int
    posted: float  # the fact (or command) entered the session's inbox
    handled: float  # the rules had judged it and the row was on disk
    painted: float  # the display had repainted with it

    @property
    def to_screen(self) -> float:
        """Inbox to painted: what a player waits after the die settles and is read."""
        return self.painted - self.posted

    @property
    def judging(self) -> float:
        """Inbox to judged and on disk (includes the wait for the timer's next tick)."""
        return self.handled - self.posted

    @property
    def drawing(self) -> float:
        """Judged to painted: what the display itself adds."""
        return self.painted - self.handled


def latency_summary(samples: Sequence[LatencySample]) -> dict[str, float]:
    """Median and 95th percentile, in milliseconds, of each leg: for the closing note."""
    out: dict[str, float] = {"count": float(len(samples))}
    for leg in ("to_screen", "judging", "drawing"):
        values = sorted(getattr(sample, leg) * 1000 for sample in samples)
        if values:
            out[f"{leg}_median_ms"] = round(statistics.median(values), 1)
            out[f"{leg}_p95_ms"] = round(values[round(0.95 * (len(values) - 1))], 1)
    return out


class LiveWindows(QObject):
    """The console and the audience display over one session, fed by one timer."""

    def __init__(
        self,
        session: LiveSession,
        tap: FrameTap | None = None,
        *,
        lang: str = "en",
        audience: bool = True,
        sources: Sequence[Source] = (),
        live_url: str | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.language = Language(lang, self)
        self.sources = list(sources)
        self.latency: list[LatencySample] = []
        self.console = OperatorConsole(session, tap, language=self.language)
        self.console.session_changed.connect(self._rebind)
        self.audience: AudienceDisplay | None = None
        self._night_key: tuple[Path, int] | None = None
        if audience:
            self.audience = AudienceDisplay(language=self.language)
            if live_url is not None:
                self.audience.set_live_link(live_url)
            self._feed_audience(())
            # advice reaches the players' screen only once the operator switches it on
            self.console.advice_panel.audience_changed.connect(lambda _on: self._feed_audience(()))
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)
        self._started = False

    def tick(self) -> list[SessionEvent]:
        """Pump the session once and show what happened in both windows."""
        events = self.session.pump()
        self.show_events(events)
        return events

    def show_events(self, events: Iterable[SessionEvent]) -> None:
        """Hand one pump's events to both windows; stamp when the display has repainted."""
        events = list(events)
        if any(event.kind != "fact" for event in events):
            # The players' screen first: the console's lists can wait a few milliseconds.
            if self.audience is not None:
                self._feed_audience(events)
                self.audience.repaint()  # synchronous: returns once the new state is drawn
                painted = time.perf_counter()
            self.console.show_events(events)
            if self.audience is None:
                self.console.game_view.repaint()
                painted = time.perf_counter()
            self.latency.extend(
                LatencySample(event.row.seq, event.posted, event.handled, painted)
                for event in events
                if event.kind == "accepted" and event.row is not None
            )
        else:
            self.console.show_events(events)

    def _feed_audience(self, events: Sequence[SessionEvent]) -> None:
        """The audience display redrawn from the session; the verdicts of the batch's last
        judged item raise its foul or illegal-move banner."""
        assert self.audience is not None
        journal = self.session.journal
        verdicts = next(
            (e.verdicts for e in reversed(events) if e.kind in ("accepted", "refused")), ()
        )
        view = self.session.view()
        self._show_night(view)
        self.audience.update_from(
            journal.game,
            journal.players,
            view,
            self.session.sheet(),
            self.session.rows(),
            verdicts,
        )
        match = self.session.match
        advice = self.console.advice_panel.audience_text(
            match.engine, match.state, self.language.code
        )
        self.audience.show_advice(advice)

    def _show_night(self, view: dict[str, Any]) -> None:
        """A game of a night that is over: the audience display shows the night's standings
        until the next game, read from the journals once per finished state."""
        assert self.audience is not None
        journal = self.session.journal
        night = Night.holding(journal.path) if view["over"] else None
        key = (journal.path, len(journal.match.entries)) if night is not None else None
        if key == self._night_key:
            return
        self._night_key = key
        self.audience.show_night(read_standings(night).to_dict() if night is not None else None)

    def show(self) -> None:
        """The console on the first screen; the audience display full screen on the second
        if there is one, else as a normal window beside the console."""
        self.console.show()
        if self.audience is None:
            return
        screens = QGuiApplication.screens()
        if len(screens) > 1:
            self.audience.setScreen(screens[1])
            self.audience.setGeometry(screens[1].geometry())
            self.audience.showFullScreen()
        else:
            self.audience.resize(1280, 720)
            self.audience.show()

    def start(self) -> None:
        """Start the timer, then the sources (so nothing they post waits for a consumer)."""
        if self._started:
            return
        self._started = True
        self.timer.start()
        for source in self.sources:
            source.start()

    def stop(self) -> None:
        """Stop the sources first, then take what they posted last, then the timer."""
        if not self._started:
            return
        self._started = False
        for source in reversed(self.sources):
            source.stop()
        self.tick()
        self.timer.stop()

    def _rebind(self, session: LiveSession) -> None:
        """A new game from the console: the sources post into the new session, a panel hears
        its verdicts, and the audience shows it.  The camera keeps its perception (a game of
        another family needs ``tableref run`` again with that game)."""
        old, self.session = self.session, session
        for source in self.sources:
            if getattr(source, "session", None) is old:
                source.session = session  # type: ignore[attr-defined]
            listener = getattr(source, "listener", None)
            if callable(listener):
                session.subscribe(listener)
        if self.audience is not None:
            self._feed_audience(())


def run_windows(
    session: LiveSession,
    tap: FrameTap | None = None,
    *,
    lang: str = "en",
    sources: Sequence[Source] = (),
    audience: bool = True,
    live_url: str | None = None,
) -> int:
    """Open the live windows over ``session`` and run a Qt loop until the console closes.

    Creates the QApplication if there is none.  The loop is the application's own only when
    this call created it: quitting an application someone else runs (a test, a host program)
    would leave its later timers dead.  The sources start once the windows are up and stop
    when the console closes.  Returns the loop's exit code.
    """
    existing = QApplication.instance()
    app = existing or QApplication([])
    windows = LiveWindows(
        session, tap, lang=lang, audience=audience, sources=sources, live_url=live_url
    )
    loop = QEventLoop() if existing is not None else app
    windows.console.closed.connect(windows.stop)
    windows.console.closed.connect(loop.quit)
    windows.show()
    windows.start()
    return loop.exec()
