"""``tableref demo --serve`` / ``--club`` without a screen: the dice night (and the skittles
shot) played in real time through the camera pipeline, judged on this thread, with the live
page and the club's broker following each game; no Qt window is made.

The recordings are paced as a camera would deliver them (``--speed`` times faster), so a phone
or a club board watches the night unfold rather than its end; once played, the page stays up
for ``--linger`` seconds (or until Ctrl+C), so the final sheet can still be read and the
operator's phone can still undo.  The session's journal is judged on the thread that made it
(SQLite keeps a connection to its thread): the players post from their own threads, this one
pumps.
"""

from __future__ import annotations

import argparse
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from session.live import LiveSession, SessionEvent
from ui.commands._common import sheet_text, verdict_text
from ui.short_form import describe
from ui.web.server import LiveServer

PUMP_S = 0.02  # how long the judging thread waits for the inbox: well under the page's 200 ms


def play_live(
    args: argparse.Namespace,
    listening: socket.socket | None,
    club: Callable[[LiveSession], Any] | None,
    folder: Path,
) -> int:
    """Play the chosen games into one live page (``listening``: its socket) and one table on
    the club's broker (``club`` makes the link for the first game's session), then keep the
    page up for ``args.linger``."""
    from session import demo, demo_skittles

    cache = demo.cache_folder()
    say = None if args.quiet else print
    server: LiveServer | None = None
    link: Any = None
    try:
        session: LiveSession | None = None
        if args.game in ("dice", "both"):
            source = demo.dice_night(cache, turns=args.turns, on_make=say)
            played, player = demo.prepare(source, folder / "dice.tableref")
            player.speed = args.speed
            session = played.session
            server = _serve(server, session, listening)
            link = _publish(link, session, club)
            _follow(session, args)
            try:
                played.operator.start()
                _play_through(session, player)
            finally:
                player.stop()
                played.close()
            if not args.quiet:
                print(played.operator.tally.line())
            print(sheet_text(session.match, args.lang))
        if args.game in ("skittles", "both"):
            source = demo.skittles_shot(cache, on_make=say)
            recording, table, shot = demo_skittles.prepare(source, folder / "skittles.tableref")
            shot.speed = args.speed
            session = table.session
            server = _serve(server, session, listening)
            link = _publish(link, session, club)
            _follow(session, args)
            try:
                _play_through(session, shot)
            finally:
                shot.stop()
                table.writer.close()
                recording.close()
            if shot.outcome is not None:
                verdict = "right" if shot.outcome.read_right else "wrong"
                print(f"the camera read the shot {verdict}: {shot.outcome.how}")
            print(sheet_text(session.match, args.lang))
        assert session is not None
        if link is not None:
            link.stop()  # the last rows reach the broker before the journal closes
        if listening is not None:
            _linger(session, args.linger)
    finally:
        if link is not None:
            link.stop()
        if server is not None:
            server.stop()
        elif listening is not None:
            listening.close()
    return 0


def _serve(
    server: LiveServer | None, session: LiveSession, listening: socket.socket | None
) -> LiveServer | None:
    """The page for the first game; the next game is handed to the same page."""
    if listening is None:
        return None
    if server is not None:
        server.session = session
        return server
    server = LiveServer(session, listening).start()
    print(f"live page: {server.url} (operator PIN {server.pin})", flush=True)
    return server


def _publish(link: Any, session: LiveSession, club: Callable[[LiveSession], Any] | None) -> Any:
    """The club's link for the first game; the next game is handed to the same link."""
    if club is None:
        return None
    if link is not None:
        link.session = session
        return link
    return club(session)


def _follow(session: LiveSession, args: argparse.Namespace) -> None:
    """Print each recorded action as the headless demo does, unless ``--quiet``."""
    if args.quiet:
        return

    def show(event: SessionEvent) -> None:
        if event.kind == "accepted" and event.row is not None:
            print(f"{event.row.seq:>4}. {describe(event.row.action)}  ({event.row.source})")
            for verdict in event.verdicts:
                print(f"        {verdict_text(verdict, args.lang)}")

    session.subscribe(show)


def _play_through(session: LiveSession, player: Any) -> None:
    """Start ``player`` (a paced recording) and judge what it posts until it has ended and
    nothing is left to judge (an operator's cue posted at the end included)."""
    ended = threading.Event()
    player.on_end = ended.set
    player.start()
    while not ended.is_set():
        session.pump(timeout=PUMP_S)
        if not player.running and not ended.is_set():
            break  # stopped without an end: nothing more comes
    while session.pump(timeout=PUMP_S):
        pass


def _linger(session: LiveSession, seconds: float | None) -> None:
    """Keep judging (the operator's phone may still undo) for ``seconds``, or until Ctrl+C."""
    if seconds is None:
        print("the demo is over; the live page stays up until Ctrl+C", flush=True)
    until = None if seconds is None else time.monotonic() + seconds
    try:
        while until is None or time.monotonic() < until:
            session.pump(timeout=0.1)
    except KeyboardInterrupt:
        pass
