"""The club: tables publish their journals to a real Mosquitto broker, a board rebuilds each
table exactly, notices gaps and duplicates, and a table referees on while the broker is down
and catches up when it returns."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mosquitto_broker import Broker, free_port

from session.club.board import ClubBoard
from session.club.publisher import TablePublisher, wait_for
from session.club.replica import TableReplica, plain
from session.club.wire import Meta, Row, WireError, check_table
from session.journal import Journal
from ui.cli import main

WAIT_S = 20  # generous: reconnecting after the broker returns takes a second or two

YAHTZEE = [
    {"do": "roll", "by": "Anna", "dice": [6, 6, 6, 2, 3]},
    {"do": "score", "by": "Anna", "row": "sixes"},
    {"do": "roll", "by": "Boris", "dice": [1, 1, 2, 2, 2]},
    {"do": "keep", "by": "Boris", "dice": [2, 2, 2]},
    {"do": "undo"},
    {"do": "score", "by": "Boris", "row": "full_house"},
    {"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5]},
]
MORE = [
    {"do": "score", "by": "Anna", "row": "large_straight"},
    {"do": "roll", "by": "Boris", "dice": [5, 5, 5, 5, 5]},
    {"do": "score", "by": "Boris", "row": "yahtzee"},
]


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    running = Broker(tmp_path)
    running.start()
    yield running
    running.stop()


def journal_with(path: Path, actions: list[dict[str, Any]], game: str = "yahtzee") -> Path:
    with Journal.create(path, game, ["Anna", "Boris"]) as journal:
        for action in actions:
            assert journal.submit(action).accepted, action
    return path


def append(path: Path, actions: list[dict[str, Any]]) -> None:
    with Journal.open(path) as journal:
        for action in actions:
            assert journal.submit(action).accepted, action


def same_table(replica: TableReplica, path: Path) -> bool:
    """The rebuilt match is the journal's: every entry's action and the view."""
    with Journal.open(path, readonly=True) as journal:
        mine = [plain(entry.action.to_dict()) for entry in replica.match.entries]
        theirs = [plain(entry.action.to_dict()) for entry in journal.match.entries]
        return mine == theirs and plain(replica.match.view()) == plain(journal.view())


class Running:
    """Publishers following their journals on threads, and a board; all stopped at the end."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []
        self.publishers: list[TablePublisher] = []
        self.boards: list[ClubBoard] = []

    def table(self, path: Path, table: str) -> TablePublisher:
        publisher = TablePublisher(path, table, self.broker.host, self.broker.port).start()
        thread = threading.Thread(target=publisher.follow, args=(self.stop,), daemon=True)
        thread.start()
        self.publishers.append(publisher)
        self.threads.append(thread)
        return publisher

    def board(self) -> ClubBoard:
        board = ClubBoard(self.broker.host, self.broker.port).start()
        self.boards.append(board)
        return board

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=5)
        for publisher in self.publishers:
            publisher.stop()
        for board in self.boards:
            board.stop()


@pytest.fixture
def club(broker: Broker) -> Iterator[Running]:
    running = Running(broker)
    yield running
    running.close()


def rebuilt(board: ClubBoard, table: str, path: Path) -> bool:
    replica = board.replica(table)
    board.chase_gaps()
    return replica is not None and replica.in_step and same_table(replica, path)


def test_a_board_rebuilds_each_table_exactly(club: Running, tmp_path: Path) -> None:
    board = club.board()
    assert wait_for(lambda: board.connected, WAIT_S)
    first = journal_with(tmp_path / "one.sqlite", YAHTZEE)
    second = journal_with(tmp_path / "two.sqlite", YAHTZEE[:2], game="yacht")
    club.table(first, "table-1")
    club.table(second, "table-2")
    assert wait_for(lambda: rebuilt(board, "table-1", first), WAIT_S)
    assert wait_for(lambda: rebuilt(board, "table-2", second), WAIT_S)
    append(first, MORE)  # the session goes on: the board follows
    assert wait_for(lambda: rebuilt(board, "table-1", first), WAIT_S)
    summary = {row["table"]: row for row in board.tables()}
    assert summary["table-1"]["scores"] == {"Anna": 58, "Boris": 75}
    assert summary["table-1"]["seq"] == len(YAHTZEE) + len(MORE)
    assert summary["table-2"]["game"] == "yacht" and summary["table-2"]["status"] == "online"
    assert board.unreadable == []


def test_a_board_that_joins_late_gets_the_history_again(club: Running, tmp_path: Path) -> None:
    path = journal_with(tmp_path / "early.sqlite", YAHTZEE)
    publisher = club.table(path, "early")
    assert wait_for(lambda: publisher.acknowledged == len(YAHTZEE), WAIT_S)
    board = club.board()  # only the retained meta and view are left for it: it asks again
    assert wait_for(lambda: rebuilt(board, "early", path), WAIT_S)
    replica = board.replica("early")
    assert replica is not None and replica.gaps == 0  # a history asked for is not a gap


def test_the_table_referees_on_while_the_broker_is_down_and_catches_up(
    club: Running, broker: Broker, tmp_path: Path
) -> None:
    path = journal_with(tmp_path / "storm.sqlite", YAHTZEE[:3])
    publisher = club.table(path, "storm")
    board = club.board()
    assert wait_for(lambda: rebuilt(board, "storm", path), WAIT_S)
    broker.stop()
    assert wait_for(lambda: not publisher.connected and not board.connected, WAIT_S)
    append(path, YAHTZEE[3:] + MORE)  # refereeing goes on: the journal takes every action
    assert wait_for(lambda: len(publisher.rows) == len(YAHTZEE) + len(MORE), WAIT_S)
    assert publisher.acknowledged == 3 and all(thread.is_alive() for thread in club.threads)
    broker.start()
    assert wait_for(lambda: rebuilt(board, "storm", path), WAIT_S)
    assert wait_for(lambda: publisher.acknowledged == len(YAHTZEE) + len(MORE), WAIT_S)


def replica_of(game: str = "yahtzee") -> TableReplica:
    return TableReplica("t", Meta(game, None, ("Anna", "Boris"), {}))


def rows(actions: list[dict[str, Any]]) -> list[Row]:
    return [Row(seq, "", "operator", action) for seq, action in enumerate(actions, start=1)]


def test_a_replica_notices_gaps_and_duplicates_and_orders_rows() -> None:
    replica = replica_of()
    one, two, three, four = rows(YAHTZEE[:4])
    replica.receive(one)
    replica.receive(three)
    assert replica.applied == 1 and replica.missing_from == 2 and replica.gaps == 1
    replica.receive(four)  # the same gap, still open: not a second one
    assert replica.gaps == 1
    replica.receive(two)
    assert replica.applied == 4 and replica.missing_from is None
    replica.receive(three)
    replica.receive(one)
    assert replica.duplicates == 2 and replica.applied == 4
    replica.see_view(6, {})
    assert replica.missing_from == 5  # the table says it is further on


def test_a_row_the_rules_refuse_stops_the_replica() -> None:
    replica = replica_of()
    replica.receive(Row(1, "", "operator", {"do": "score", "by": "Anna", "row": "sixes"}))
    assert replica.broken is not None and replica.broken.startswith("row 1 refused by the rules")
    assert replica.applied == 0 and not replica.in_step


def test_bad_messages_and_table_ids_are_named() -> None:
    with pytest.raises(WireError, match="table id 'a/b'"):
        check_table("a/b")
    with pytest.raises(WireError, match="'seq' must be a whole number from 1"):
        Row.read({"seq": 0, "action": {}}, "tableref/tables/t/actions")
    with pytest.raises(WireError, match="'players' must be a list of names"):
        Meta.read({"game": "yahtzee", "players": "Anna"}, "meta")


def test_a_board_skips_what_it_cannot_read(club: Running, broker: Broker, tmp_path) -> None:
    board = club.board()
    assert wait_for(lambda: board.connected, WAIT_S)
    import paho.mqtt.publish as single

    single.single("tableref/tables/x/meta", b"{not json", hostname=broker.host, port=broker.port)
    single.single(
        "tableref/tables/y/meta",
        json.dumps({"game": "no_such_game", "players": ["A"]}),
        hostname=broker.host,
        port=broker.port,
    )
    assert wait_for(lambda: len(board.unreadable) == 2, WAIT_S)
    assert board.unreadable[0].startswith("tableref/tables/x/meta: not JSON")
    assert board.tables() == []


def test_club_board_command_lists_tables_and_scores(club, broker, tmp_path, capsys) -> None:
    first = journal_with(tmp_path / "one.sqlite", YAHTZEE + MORE)
    club.table(first, "table-1")
    status = main(["club", "board", "--broker", broker.address, "--wait", "1"])
    out = capsys.readouterr().out
    assert status == 0
    assert "table-1" in out and "Anna 58" in out and "Boris 75" in out
    status = main(["club", "board", "--broker", broker.address, "--wait", "1", "--json"])
    tables = json.loads(capsys.readouterr().out)
    assert tables[0]["table"] == "table-1" and tables[0]["scores"] == {"Anna": 58, "Boris": 75}


def test_the_next_game_at_a_table_is_a_new_match_on_the_board(club, tmp_path) -> None:
    board = club.board()
    first = journal_with(tmp_path / "game1.sqlite", YAHTZEE)
    publisher = club.table(first, "t1")
    assert wait_for(lambda: rebuilt(board, "t1", first), WAIT_S)
    publisher.stop()
    second = journal_with(tmp_path / "game2.sqlite", YAHTZEE[:2])
    club.table(second, "t1")  # same table, same players: a new journal, so a new match
    assert wait_for(lambda: rebuilt(board, "t1", second), WAIT_S)
    (row,) = board.tables()
    assert row["session"].startswith("game2.sqlite 20") and row["seq"] == 2


def test_publish_command_sends_a_session_and_stops_once_acknowledged(
    club, broker, tmp_path, capsys
):
    path = journal_with(tmp_path / "cli.sqlite", YAHTZEE)
    board = club.board()
    args = ["club", "publish", str(path), "--table", "cli", "--broker", broker.address, "--once"]
    assert main(args) == 0
    assert capsys.readouterr().out == f"table cli: 7 rows acknowledged by {broker.address}\n"
    assert wait_for(lambda: rebuilt(board, "cli", path), WAIT_S)


def test_club_commands_name_what_is_wrong(tmp_path, capsys) -> None:
    path = journal_with(tmp_path / "cli.sqlite", YAHTZEE[:1])
    assert main(["club", "publish", str(path), "--table", "a/b"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: table id 'a/b': use 1-64 letters") and err.count("\n") == 1
    port = free_port()
    assert main(["club", "board", "--broker", f"127.0.0.1:{port}", "--wait", "0.3"]) == 2
    err = capsys.readouterr().err
    assert err == f"error: club board: no broker answers at 127.0.0.1:{port}\n"
    assert (
        main(["club", "board", "--broker", f"127.0.0.1:{port}", "--wait", "0", "--lang", "ru"]) == 2
    )
    assert capsys.readouterr().err == f"error: club board: брокер на 127.0.0.1:{port} не отвечает\n"


def test_rows_and_views_of_an_earlier_game_at_the_table_are_ignored() -> None:
    """The broker keeps the last game's retained view under the table id: the new game's
    replica neither applies it nor asks for rows because of it."""
    board = ClubBoard("127.0.0.1", free_port())  # never started: messages are fed by hand
    meta = {"game": "yacht", "players": ["Anna"], "session": "b.sqlite 2026-12-07T04:00"}
    board._take("t", "meta", meta, "meta")
    board._take("t", "view", {"seq": 30, "view": {}, "session": "a.sqlite earlier"}, "view")
    action = {"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5]}
    board._take("t", "actions", {"seq": 1, "action": action, "session": "a.sqlite earlier"}, "a")
    replica = board.replica("t")
    assert replica is not None
    assert replica.stale == 2 and replica.applied == 0 and replica.missing_from is None
    board._take("t", "actions", {"seq": 1, "action": action, "session": meta["session"]}, "a")
    assert replica.applied == 1
