"""``tableref club publish`` and ``tableref club board``: a table's journal on the club's MQTT
broker, and the board of every table heard there (game, players, scores, state)."""

from __future__ import annotations

import argparse
import json
import threading
import time
from pathlib import Path
from typing import Any

from ui.club_text import board_lines
from ui.commands._common import add_lang
from ui.short_form import CliError

DEFAULT_BROKER = "localhost:1883"


def broker_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``HOST``: port 1883)."""
    host, _, port = text.rpartition(":") if ":" in text else (text, ":", "1883")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST:PORT (e.g. localhost:1883)")
    return host, int(port)


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
    add_lang(board)
    board.set_defaults(run=cmd_board)


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
    board = ClubBoard(host, port).start()
    if args.window:
        return _window(board, f"{host}:{port}", args.lang)
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
