"""``tableref demo``: a Yahtzee night (and a skittles shot) played through the camera pipeline
into the displays, or headless, or as bare actions without a camera."""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path
from typing import Any

from scoring.registry import game
from scoring.scenario import load
from ui import display
from ui.commands._common import add_lang, sheet_text, source_text, verdict_text
from ui.commands.club import broker_address, table_id
from ui.short_form import CliError, describe


def register(commands: argparse._SubParsersAction[Any]) -> None:
    demo = commands.add_parser(
        "demo",
        help="a Yahtzee night and a skittles shot played through the camera pipeline into the "
        "displays",
    )
    demo.add_argument(
        "--headless", action="store_true", help="no windows: print the play and the final sheet"
    )
    demo.add_argument(
        "--actions",
        action="store_true",
        help="replay the bundled game's actions straight into the referee (no camera, no OpenCV)",
    )
    demo.add_argument(
        "--game",
        choices=("dice", "skittles", "both"),
        default="both",
        help="the dice night, the skittles shot, or both (the default; in the windows one "
        "after the other)",
    )
    demo.add_argument(
        "--turns", type=int, metavar="N", help="dice: play only the first N turns (default: all)"
    )
    demo.add_argument(
        "--speed", type=float, default=1.0, metavar="X", help="windows: play X times faster (1)"
    )
    demo.add_argument("--quiet", action="store_true", help="print only the final sheet")
    demo.add_argument(
        "--serve",
        nargs="?",
        const="0.0.0.0:8765",
        metavar="HOST:PORT",
        help="serve the live score to phones (default 0.0.0.0:8765): with windows, the dice "
        "night with its QR code on the audience display; headless, each game played in real "
        "time (--speed) with the page following it",
    )
    demo.add_argument(
        "--club",
        type=broker_address,
        metavar="HOST:PORT",
        help="publish each game to the club's MQTT broker as it is played (headless: in real "
        "time, --speed)",
    )
    demo.add_argument(
        "--table", type=table_id, default="demo", help="with --club: the table's id (demo)"
    )
    demo.add_argument(
        "--linger",
        type=float,
        metavar="SECONDS",
        help="headless --serve: keep the page up this long once played (default: until Ctrl+C)",
    )
    add_lang(demo)
    demo.set_defaults(run=cmd_demo)


DEMO = Path(__file__).parents[1] / "demo" / "yahtzee-night.yaml"


def cmd_demo(args: argparse.Namespace) -> int:
    """The dice night through the whole referee: rendered camera frames, the dice reader, the
    observer, the interpreter, the live session with its scripted operator, into the windows
    (or, with no screen, printed); ``--actions`` replays the game's actions without a camera."""
    if args.turns is not None and args.turns < 1:
        raise CliError(f"--turns must be at least 1, got {args.turns}")
    if args.speed <= 0:
        raise CliError(f"--speed must be positive, got {args.speed}")
    if not args.actions and not _have("cv2"):
        print(
            "OpenCV is not installed: replaying the actions without the camera "
            "(pip install -e '.[demo]')"
        )
        args.actions = True
    for live, name, who in (
        (args.serve, "--serve", "the live page"),
        (args.club, "--club", "the club"),
    ):
        if live is not None and args.actions:
            raise CliError(f"demo {name}: {who} follows the camera's real-time play, not --actions")
    if args.linger is not None and (args.linger < 0 or args.serve is None):
        raise CliError("--linger: a number of seconds (0 or more), with --serve")
    if args.actions:
        return _demo_actions(args)
    from session import demo

    why_headless = None if args.headless else display.no_windows()
    if why_headless is not None and not args.quiet:
        print(f"{why_headless}: playing headless")
    cache = demo.cache_folder()
    say = None if args.quiet else print
    played_in = demo.played_folder(cache)
    if args.headless or why_headless is not None:
        if args.serve is not None or args.club is not None:
            from ui.commands._demo_live import play_live

            return play_live(args, _listen(args.serve), _club(args), played_in)
        status = 0
        if args.game in ("dice", "both"):
            source = demo.dice_night(cache, turns=args.turns, on_make=say)
            status = _demo_headless(args, source, played_in / "dice.tableref")
        if args.game in ("skittles", "both"):
            source = demo.skittles_shot(cache, on_make=say)
            status = status or _demo_skittles(args, source, played_in / "skittles.tableref")
        return status
    status = 0
    if args.game in ("dice", "both"):
        source = demo.dice_night(cache, turns=args.turns, on_make=say)
        status = _demo_windows(args, source, played_in / "dice.tableref")
    if args.game in ("skittles", "both"):  # once the dice night's console is closed
        source = demo.skittles_shot(cache, on_make=say)
        status = status or _skittles_windows(args, source, played_in / "skittles.tableref")
    return status


def _have(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _demo_actions(args: argparse.Namespace) -> int:
    """The bundled game's actions judged one by one, as recorded, with no camera."""
    scenario = load(DEMO)
    match = scenario.match()
    if not args.quiet:
        title = game(scenario.game).title_ru if args.lang == "ru" else game(scenario.game).title_en
        print(f"{title}: {', '.join(scenario.players)}. {scenario.source}")
    from session.demo_script import script_steps

    for number, action in enumerate(script_steps(scenario, args.turns), start=1):
        outcome = match.submit(action)
        if not outcome.accepted:
            raise CliError(f"{DEMO} step {number}: refused: {outcome.error}")
        if not args.quiet:
            print(f"{number:>4}. {describe(action)}")
            print("\n".join(f"        {verdict_text(v, args.lang)}" for v in outcome.verdicts))
    if not args.quiet:
        print()
    print(sheet_text(match, args.lang))
    return 0


def _demo_headless(args: argparse.Namespace, source: Path, played_in: Path) -> int:
    """Play the recording through perception as fast as it reads, printing each action as the
    referee records it (one numbered line per step of the game) and the final sheet."""
    from session import demo

    def show(event: Any) -> None:
        if args.quiet:
            return
        if event.kind == "accepted":
            row = event.row
            if row.action.get("do") == "correct":
                print(
                    f"        the operator corrects #{row.action['target']}: "
                    f"{describe(row.action['action'])}"
                )
            else:
                where = source_text(row.source, row.confidence, row.frame)
                # The journal's number, which `undo N` and `correct N` take.
                print(f"{row.seq:>4}. {describe(row.action)}  ({where})")
            print("\n".join(f"        {verdict_text(v, args.lang)}" for v in event.verdicts))
        elif event.kind in ("pending", "refused") and event.pending is not None:
            proposal = event.pending.proposal
            print(
                f"        held for the operator: {describe(proposal.action)}: {event.pending.why}"
            )

    if not args.quiet:
        meta = json.loads((source / "meta.json").read_text("utf-8"))
        title = game(meta["game"]).title_ru if args.lang == "ru" else game(meta["game"]).title_en
        print(f"{title}: {', '.join(meta['players'])}, through the camera: {source}")

    def note(text: str) -> None:
        if not args.quiet:
            print(f"        the operator: {text}")

    played = demo.play(source, played_in, on_event=show, on_note=note)
    if not args.quiet:
        print()
        print(played.operator.tally.line())
        print(f"this session is recorded in {played_in} (tableref replay {played_in} --rerun)")
        print()
    print(sheet_text(played.session.match, args.lang))
    return 0


def _demo_skittles(args: argparse.Namespace, source: Path, played_in: Path) -> int:
    """The recorded skittles shot through the shot observer into a fresh session, printed."""
    from session import demo_skittles

    def show(event: Any) -> None:
        if args.quiet:
            return
        if event.kind in ("pending", "refused") and event.pending is not None:
            print(f"        held for the operator: {event.pending.why}")
        if event.kind != "accepted":
            return
        where = source_text(event.row.source, event.row.confidence, event.row.frame)
        print(f"  {event.row.seq:>2}. {describe(event.row.action)}  ({where})")
        print("\n".join(f"        {verdict_text(v, args.lang)}" for v in event.verdicts))

    if not args.quiet:
        title = (
            game(demo_skittles.GAME).title_ru
            if args.lang == "ru"
            else game(demo_skittles.GAME).title_en
        )
        print(f"\n{title}: one simulated shot through the camera: {source}")
    outcome = demo_skittles.play(source, played_in, on_event=show)
    if not args.quiet:
        verdict = "right" if outcome.read_right else "wrong"
        print(f"\nthe camera read the shot {verdict}: {outcome.how}")
        print(f"this session is recorded in {played_in}\n")
    print(sheet_text(outcome.session.match, args.lang))
    return 0


def _demo_windows(args: argparse.Namespace, source: Path, played_in: Path) -> int:
    """The operator console and the audience display, fed by the recording's video in real
    time (``--speed`` times faster) through perception, with the scripted operator."""
    from session import demo
    from session.live import FrameTap
    from ui.qt.app import run_windows

    listening = _listen(args.serve)
    tap = FrameTap()
    played, player = demo.prepare(source, played_in, tap=tap)
    player.speed = args.speed
    server = link = None
    try:
        played.operator.start()
        if listening is not None:
            from ui.web.server import LiveServer

            server = LiveServer(played.session, listening).start()
            print(f"live page: {server.url} (operator PIN {server.pin})", flush=True)
        url = server.url if server is not None else None
        club = _club(args)
        link = club(played.session) if club is not None else None
        sources = tuple(s for s in (player, server, link) if s is not None)
        status = run_windows(played.session, tap, lang=args.lang, sources=sources, live_url=url)
    finally:
        if link is not None:
            link.stop()
        if server is not None:
            server.stop()
        played.close()
    print(played.operator.tally.line())
    print(sheet_text(played.session.match, args.lang))
    return status


def _listen(serve: str | None) -> Any:
    """The live page's socket, bound before anything is played (a port in use is an error)."""
    if serve is None:
        return None
    from ui.web.server import ServeError, bind, parse_address

    try:
        return bind(parse_address(serve))
    except ServeError as error:
        raise CliError(str(error)) from None


def _club(args: argparse.Namespace) -> Any:
    """What makes the demo's table on the club's broker from a session (None without
    --club)."""
    if args.club is None:
        return None
    from session.club.link import ClubLink

    host, port = args.club

    def link(session: Any) -> Any:
        print(f"club: table {args.table} publishing to {host}:{port}", flush=True)
        return ClubLink(
            session, args.table, host, port, say=lambda line: print(line, flush=True)
        ).start()

    return link


def _skittles_windows(args: argparse.Namespace, source: Path, played_in: Path) -> int:
    """The skittles shot's video in real time (``--speed`` times faster) through the shot
    observer into the windows; the operator looks once the shot has been judged."""
    from session import demo_skittles
    from session.live import FrameTap
    from ui.qt.app import run_windows

    tap = FrameTap()
    recording, table, player = demo_skittles.prepare(source, played_in, tap=tap)
    player.speed = args.speed
    club = _club(args)
    link = club(table.session) if club is not None else None
    sources = (player, link) if link is not None else (player,)
    try:
        status = run_windows(table.session, tap, lang=args.lang, sources=sources)
    finally:
        if link is not None:
            link.stop()
        table.writer.close()
        recording.close()
    if player.outcome is not None:
        verdict = "right" if player.outcome.read_right else "wrong"
        print(f"the camera read the shot {verdict}: {player.outcome.how}")
    print(sheet_text(table.session.match, args.lang))
    return status
