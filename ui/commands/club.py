"""``tableref club publish`` and ``tableref club board``: a table's journal on the club's MQTT
broker, and the board of every table heard there (game, players, scores, state)."""

from __future__ import annotations

import argparse
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

from ui.club_text import board_lines, results_lines
from ui.commands._common import add_lang
from ui.short_form import CliError

DEFAULT_BROKER = "localhost:1883"
CLUB_PAGE_PORT = 8766  # the live page's is 8765: a club's machine may referee a table too


def default_store() -> Path:
    """The club's SQLite results store: ``$XDG_DATA_HOME/tableref/club.sqlite``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tableref" / "club.sqlite"


def broker_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``HOST``: port 1883)."""
    host, _, port = text.rpartition(":") if ":" in text else (text, ":", "1883")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST:PORT (e.g. localhost:1883)")
    return host, int(port)


def table_id(text: str) -> str:
    """A table's id as argparse reads it: one line naming what is wrong, before anything runs."""
    from session.club.wire import WireError, check_table

    try:
        return check_table(text)
    except WireError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def register(commands: argparse._SubParsersAction[Any]) -> None:
    club = commands.add_parser("club", help="a club of many tables over an MQTT broker")
    verbs = club.add_subparsers(title="club commands", metavar="COMMAND", required=True)

    publish = verbs.add_parser(
        "publish", help="publish a session's journal as one table (follows it as it grows)"
    )
    publish.add_argument("file", type=Path, metavar="SESSION", help="a journal file")
    publish.add_argument("--table", required=True, help="the table's id in the club: table-3")
    publish.add_argument(
        "--broker", type=broker_address, default=DEFAULT_BROKER, help="HOST:PORT of the broker"
    )
    publish.add_argument(
        "--once", action="store_true", help="stop once every row is acknowledged by the broker"
    )
    add_lang(publish)
    publish.set_defaults(run=cmd_publish)

    board = verbs.add_parser("board", help="every table on the broker: game, players, scores")
    board.add_argument(
        "--broker", type=broker_address, default=DEFAULT_BROKER, help="HOST:PORT of the broker"
    )
    board.add_argument(
        "--wait", type=float, default=2.0, help="seconds to listen before printing (default 2)"
    )
    board.add_argument("--json", action="store_true", help="the tables as JSON")
    board.add_argument(
        "--window", action="store_true", help="a window that follows the board until closed"
    )
    board.add_argument(
        "--serve",
        nargs="?",
        const=f"0.0.0.0:{CLUB_PAGE_PORT}",
        metavar="HOST:PORT",
        help="serve the board as a page that follows it live (default "
        f"0.0.0.0:{CLUB_PAGE_PORT}), until Ctrl+C, --seconds or the window is closed",
    )
    board.add_argument(
        "--seconds", type=float, metavar="S", help="with --serve: stop serving after this long"
    )
    board.add_argument(
        "--store",
        nargs="?",
        const=str(default_store()),
        metavar="URL",
        help="keep every table's rows and finished games in the club's results store: an "
        f"SQLite file (default {default_store()}) or a postgresql://user@host/db URL",
    )
    add_lang(board)
    board.set_defaults(run=cmd_board)

    results = verbs.add_parser(
        "results", help="the club's finished games and each game's standings, from the store"
    )
    results.add_argument(
        "--store",
        default=str(default_store()),
        metavar="URL",
        help=f"the results store: an SQLite file (default {default_store()}) or a "
        "postgresql:// URL",
    )
    results.add_argument("--game", help="only this game (its id, see: tableref games)")
    results.add_argument("--json", action="store_true", help="the games and standings as JSON")
    add_lang(results)
    results.set_defaults(run=cmd_results)


def cmd_publish(args: argparse.Namespace) -> int:
    from session.club.publisher import TablePublisher
    from session.club.wire import WireError

    host, port = args.broker
    try:
        publisher = TablePublisher(args.file, args.table, host, port)
    except WireError as error:
        raise CliError(
            str(error),
            f"идентификатор стола {args.table!r}: 1-64 латинских букв, цифр, '_', '.' или '-' "
            "(он входит в тему MQTT)",
        ) from None
    publisher.start()
    stop = threading.Event()

    def acknowledged_all() -> bool:
        return publisher.connected and publisher.acknowledged == len(publisher.rows)

    try:
        publisher.follow(stop, acknowledged_all if args.once else None)
    except KeyboardInterrupt:
        pass
    finally:
        publisher.stop()
    print(f"table {args.table}: {publisher.acknowledged} rows acknowledged by {host}:{port}")
    return 0


def cmd_board(args: argparse.Namespace) -> int:
    from session.club.board import ClubBoard

    host, port = args.broker
    if args.seconds is not None and (args.serve is None or args.seconds < 0):
        raise CliError("--seconds: a number of seconds (0 or more), with --serve")
    listening = _listen(args.serve)
    board = ClubBoard(host, port)
    keeper = _keeper(board, args.store, listening)
    board.start()
    try:
        if listening is not None:
            return _serve(board, f"{host}:{port}", listening, args)
        if args.window:
            return _window(board, f"{host}:{port}", args.lang)
        return _print_board(board, host, port, args)
    finally:
        if keeper is not None:
            keeper.stop()
            print(f"results store {args.store}: {keeper.rows_added} rows kept", flush=True)


def _keeper(board: Any, store: str | None, listening: Any) -> Any:
    """The results store following the board (None without --store); one that cannot be
    opened is one line, before the board connects."""
    if store is None:
        return None
    from session.club.results import ResultsKeeper, StoreError

    try:
        return ResultsKeeper(board, store).start()
    except StoreError as error:
        if listening is not None:
            listening.close()
        raise CliError(f"--store {error}") from None


def _print_board(board: Any, host: str, port: int, args: argparse.Namespace) -> int:
    try:
        deadline = time.monotonic() + max(args.wait, 0.0)
        while time.monotonic() < deadline:
            board.chase_gaps()
            time.sleep(0.05)
        if not board.connected:
            raise CliError(
                f"club board: no broker answers at {host}:{port}",
                f"club board: брокер на {host}:{port} не отвечает",
            )
        tables = board.tables()
    finally:
        board.stop()
    if args.json:
        print(json.dumps(tables, ensure_ascii=False, indent=2))
        return 0
    print("\n".join(board_lines(tables, args.lang, f"{host}:{port}")))
    return 0


def cmd_results(args: argparse.Namespace) -> int:
    from session.club.results import ResultsStore, StoreError

    if (
        not args.store.startswith(("postgresql://", "postgres://"))
        and not Path(args.store.removeprefix("sqlite:///")).is_file()
    ):
        raise CliError(f"--store {args.store}: no such results store (tableref club board --store)")
    try:
        store = ResultsStore.open(args.store)
    except StoreError as error:
        raise CliError(f"--store {error}") from None
    try:
        games, standings = store.games(args.game), store.standings(args.game)
    finally:
        store.close()
    if args.json:
        table = [vars(s) for s in standings]
        print(json.dumps({"games": games, "standings": table}, ensure_ascii=False, indent=2))
        return 0
    print("\n".join(results_lines(games, standings, args.lang)))
    return 0


def _listen(serve: str | None) -> Any:
    """The page's socket, bound before the board connects (a port in use is one line)."""
    if serve is None:
        return None
    from ui.web.server import ServeError, bind, parse_address

    try:
        return bind(parse_address(serve))
    except ServeError as error:
        raise CliError(str(error)) from None


def _serve(board: Any, broker: str, listening: Any, args: argparse.Namespace) -> int:
    """The club page (and the window, with --window) until Ctrl+C, --seconds or the window
    closes."""
    from ui.web.club_app import ClubServer

    server = ClubServer(board, broker, listening).start()
    print(f"club page: {server.url} (board of {broker})", flush=True)
    try:
        if args.window:
            return _window(board, broker, args.lang)
        until = None if args.seconds is None else time.monotonic() + args.seconds
        while until is None or time.monotonic() < until:
            board.chase_gaps()
            time.sleep(0.1)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        board.stop()
    return 0


def _window(board: Any, broker: str, lang: str) -> int:
    from PySide6.QtWidgets import QApplication

    from ui.qt.club_window import ClubWindow

    app = QApplication.instance() or QApplication([])
    window = ClubWindow(board, broker, lang)
    window.resize(1000, 600)
    window.show()
    try:
        return app.exec()
    finally:
        board.stop()
