"""``tableref run``: referee a real table live: camera, panel and operator into one session.

``tableref run --camera 0 --panel auto --game poker_school --players Anna,Boris`` opens the
operator console and the audience display over a new journal; ``--headless`` prints one line
per event instead, for a machine without a screen.  The camera may be an index, a stream URL,
a video file or a folder of images (played at ``--fps`` in real time, dropping frames the
reader has no time for, as a camera would; ``--fps 0`` reads every one); ``--camera none`` and
``--panel none`` leave a source out.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ui.commands import CommandError
from ui.commands._common import new_session_path, players_list
from ui.commands.club import broker_address, table_id

#: A headless run has nobody to plug a camera in: a live camera that gives no frame for this
#: many seconds (the worker's retries, doubling up to 8 s, try about four times) is an error.
CAMERA_WAIT_S = 20.0
SERVE_PORT = 8765  # the live page's port when --serve names none


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser("run", help="referee a live table: camera, panel, operator")
    parser.add_argument("--game", required=True, help="the game (see: tableref games)")
    parser.add_argument("--preset", help="the game's preset (default: the game's default)")
    parser.add_argument(
        "--players",
        type=players_list,
        help="names in seat order: Anna,Boris (with --night: default the night's group)",
    )
    parser.add_argument(
        "--night",
        type=Path,
        metavar="FOLDER",
        help="play the next game of this night (tableref night start) into its folder",
    )
    parser.add_argument(
        "--serve",
        nargs="?",
        const=f"0.0.0.0:{SERVE_PORT}",
        metavar="HOST:PORT",
        help="serve the live score to phones on the local network (default "
        f"0.0.0.0:{SERVE_PORT}); an operator PIN printed at start unlocks confirm and undo",
    )
    parser.add_argument(
        "--club",
        type=broker_address,
        metavar="HOST:PORT",
        help="publish this table's journal to the club's MQTT broker as the game goes (play "
        "goes on while the broker is down; the rows follow when it returns)",
    )
    parser.add_argument(
        "--table",
        type=table_id,
        help="with --club: this table's id in the club (default: this machine's name)",
    )
    parser.add_argument(
        "--camera", default="0", help="camera index, stream URL, video file, image folder, none"
    )
    parser.add_argument("--panel", default="auto", help="serial port or URL, auto, or none")
    parser.add_argument("--keymap", type=Path, help="the panel's keymap (default: built-in)")
    parser.add_argument("--reader", help="the camera's reader (default: the family's best)")
    parser.add_argument(
        "--profile",
        metavar="PROFILE",
        help="carom tables: the table's profile from 'tableref calibrate table' (default: "
        "calibrated from the cushions on the first frame); hold'em: a profile with a zone "
        "'burn' has the camera count the burn spot (docs/rules/poker.md D20)",
    )
    parser.add_argument(
        "--deck",
        help="card games: the deck on the table, a profile from 'tableref deck teach' or a "
        "rendered deck name such as 36-russian (default: the game's deck size)",
    )
    parser.add_argument(
        "--fps",
        type=float,
        default=5.0,
        help="play a folder at this many frames a second, in real time as a camera would "
        "(default 5; 0: as fast as they can be read, none dropped)",
    )
    parser.add_argument("--journal", type=Path, help="record to this new file")
    parser.add_argument(
        "--confirm-below",
        type=float,
        default=0.9,
        metavar="C",
        help="hold camera readings less sure than this for the operator (default 0.9)",
    )
    parser.add_argument("--headless", action="store_true", help="print events, no windows")
    parser.add_argument(
        "--camera-wait",
        type=float,
        default=CAMERA_WAIT_S,
        metavar="S",
        help="headless: give up (an error) when a camera index or URL gives no frame for "
        f"this long (default {CAMERA_WAIT_S:g} s; the windows keep retrying)",
    )
    parser.add_argument("--seconds", type=float, help="stop after this long (headless)")
    parser.add_argument("--lang", choices=("en", "ru"), default="en")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from scoring.engine import OptionsError
    from scoring.registry import UnknownGame
    from session.families import interpreter_for
    from session.journal import JournalError
    from session.live import FrameTap, LiveSession

    night = _night(args)
    players = args.players = args.players or (list(night.players) if night else None)
    if not players:
        raise CommandError("run: --players is required (or --night FOLDER for its group)")
    if args.fps < 0:
        raise CommandError(f"--fps must be 0 or more, got {args.fps}")
    if args.camera_wait <= 0:
        raise CommandError(f"--camera-wait must be more than 0, got {args.camera_wait}")
    if not 0.0 <= args.confirm_below <= 1.0:
        raise CommandError(f"--confirm-below must be in [0, 1], got {args.confirm_below}")
    _check_sources(args)
    _check_club(args)
    perception = _perception(args)
    listening = _listen(args)
    try:
        journal = _journal(args, night, players)
    except BaseException as error:
        if listening is not None:  # no journal, no page: the port is free again
            listening.close()
        if isinstance(error, UnknownGame | OptionsError | JournalError):
            raise CommandError(str(error)) from None
        raise
    session = LiveSession(journal, interpreter_for(args.game), confirm_below=args.confirm_below)
    tap = FrameTap()
    server = club = None
    try:
        sources = _sources(args, session, tap, perception)
        print(f"recording to {journal.path}", flush=True)
        if listening is not None:
            server = _serve(session, listening, night)
        url = server.url if server is not None else None
        club = _club(args, session)
        if args.headless:
            return _headless(args, session, sources)
        # the windows hand a new game from the console to the page and the club as to every
        # source
        followers = [f for f in (server, club) if f is not None]
        return _windows(args, session, tap, [*sources, *followers], url)
    finally:
        if club is not None:
            club.stop()  # the last rows go to the broker while the journal is still open
        if server is not None:
            server.stop()
        journal.close()


def _night(args: argparse.Namespace) -> Any:
    if args.night is None:
        return None
    from session.nights.folder import Night, NightError

    if args.journal is not None:
        raise CommandError("run: --night names where the journal goes; leave out --journal")
    try:
        return Night.open(args.night)
    except NightError as error:
        raise CommandError(str(error)) from None


def _journal(args: argparse.Namespace, night: Any, players: list[str]) -> Any:
    from session.journal import Journal

    if night is None:
        path = args.journal or new_session_path(args.game)
        return Journal.create(path, args.game, players, args.preset)
    from session.nights.folder import NightError

    try:
        return night.next_game(args.game, players, args.preset)
    except NightError as error:
        raise CommandError(str(error)) from None


def _listen(args: argparse.Namespace) -> Any:
    """The live page's socket, bound before the journal is made (a port in use is an error
    that leaves no file)."""
    if args.serve is None:
        return None
    from ui.web.server import ServeError, bind, parse_address

    try:
        return bind(parse_address(args.serve))
    except ServeError as error:
        raise CommandError(str(error)) from None


def _serve(session: Any, listening: Any, night: Any) -> Any:
    from ui.web.server import LiveServer, ServeError

    games = night.games if night is not None else None
    try:
        server = LiveServer(session, listening, games).start()
    except ServeError as error:
        raise CommandError(str(error)) from None
    print(f"live page: {server.url} (operator PIN {server.pin})", flush=True)
    return server


def _check_club(args: argparse.Namespace) -> None:
    """The table's id and the client library, before a journal file is made."""
    if args.club is None:
        if args.table is not None:
            raise CommandError("run: --table names this table in a club: add --club HOST:PORT")
        return
    import importlib.util
    import socket

    from session.club.wire import WireError, check_table

    if importlib.util.find_spec("paho") is None:
        raise CommandError("--club needs the MQTT client: pip install -e '.[club]'")
    if args.table is None:  # a machine's name may hold what a topic may not
        try:
            args.table = check_table(socket.gethostname().split(".")[0])
        except WireError as error:
            raise CommandError(f"--table: this machine's name: {error}") from None


def _club(args: argparse.Namespace, session: Any) -> Any:
    """This table on the club's broker, connecting in the background (None without --club)."""
    if args.club is None:
        return None
    try:
        from session.club.link import ClubLink
    except ImportError as error:
        raise CommandError(
            f"--club needs the [club] extra: pip install -e '.[club]' ({error})"
        ) from None
    host, port = args.club
    link = ClubLink(session, args.table, host, port, say=lambda line: print(line, flush=True))
    print(f"club: table {args.table} publishing to {host}:{port}", flush=True)
    return link.start()


def _check_sources(args: argparse.Namespace) -> None:
    """Mistakes in the sources asked for, before a journal file is made."""
    if args.camera != "none":
        from session.sources import is_live

        if not is_live(args.camera) and not Path(args.camera).exists():
            raise CommandError(f"--camera {args.camera}: no such file, folder or camera")
    if args.headless and args.camera == "none" and args.panel == "none" and not args.seconds:
        raise CommandError("run: no camera and no panel: nothing to listen to (add --seconds)")


def _perception(args: argparse.Namespace) -> Any:
    """The camera's perception (None: no camera), made before a journal file is: a reader or a
    deck the game's family cannot use is an error; a family with no camera yet is a warning,
    and the panel and the operator referee."""
    if args.camera == "none":
        return None
    from scoring.engine import OptionsError
    from scoring.registry import UnknownGame
    from session.families import NoCamera, perception_for

    try:
        return perception_for(
            args.game, args.reader, args.preset, args.deck, args.profile, len(args.players)
        )
    except NoCamera as error:
        print(f"warning: {error}; refereeing from the panel and the operator", file=sys.stderr)
        return None
    except (ValueError, UnknownGame, OptionsError) as error:
        raise CommandError(str(error)) from None


def _sources(args: argparse.Namespace, session: Any, tap: Any, perception: Any) -> list[Any]:
    from session.sources import PanelWorker, camera_worker, is_live, open_panel

    sources: list[Any] = []
    if perception is not None:
        paced = args.fps > 0
        sources.append(
            camera_worker(
                session,
                args.camera,
                perception,
                tap,
                realtime=paced and not is_live(args.camera),
                fps=args.fps if paced else None,
                give_up=args.camera_wait if args.headless else None,
            )
        )
    if args.panel != "none":
        from hardware.keymap import KeymapError
        from ui.commands.panel import EMULATOR_GLOB

        try:
            panel = open_panel(args.panel, args.keymap, patterns=[EMULATOR_GLOB])
        except KeymapError as error:
            raise CommandError(str(error)) from None
        worker = PanelWorker(session, panel)
        session.subscribe(worker.listener)
        sources.append(worker)
    return sources


def _headless(args: argparse.Namespace, session: Any, sources: list[Any]) -> int:
    from session.loop import run_headless

    deadline = time.monotonic() + args.seconds if args.seconds is not None else None

    def failure() -> str | None:
        return next((s.failure for s in sources if getattr(s, "failure", None)), None)

    def until() -> bool:
        """At --seconds; without it when every source has ended (a file played through); and
        when a camera is given up.  What is left in the inbox is judged after."""
        if failure() is not None:
            return True
        if deadline is not None:
            return time.monotonic() >= deadline
        return not any(source.running for source in sources)

    run_headless(session, sources, until=until, lang=args.lang)
    scores = session.view().get("scores") or {}
    print(
        ("очки: " if args.lang == "ru" else "scores: ")
        + ", ".join(f"{player} {points}" for player, points in scores.items()),
        flush=True,
    )
    given_up = failure()
    if given_up is not None:
        raise CommandError(f"{given_up} (--camera-wait {args.camera_wait:g})")
    return 0


def _windows(
    args: argparse.Namespace, session: Any, tap: Any, sources: list[Any], url: str | None
) -> int:
    from ui.display import no_windows

    why = no_windows()
    if why is not None:
        raise CommandError(f"the windows cannot open: {why}; or use --headless")
    try:
        from ui.qt.app import run_windows
    except ImportError as error:
        raise CommandError(
            f"the windows cannot open ({error}): install the [ui] extra, or use --headless"
        ) from None
    return run_windows(session, tap, lang=args.lang, sources=sources, live_url=url)
