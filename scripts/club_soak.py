"""A club night on one broker: many simulated tables play dice sheet games at a steady pace,
each publishing its journal (``TablePublisher``), while one ``ClubBoard`` rebuilds them all and
a plain subscriber times every row from the journal write to its arrival.

    printf 'listener 18830 127.0.0.1\nallow_anonymous true\nmax_queued_messages 100000\n' > c.conf
    mosquitto -c c.conf &
    .venv/bin/python scripts/club_soak.py --broker 127.0.0.1:18830 --tables 20 --seconds 180

A busy board may fall a few seconds behind; Mosquitto queues 1000 messages a subscriber by
default and drops the rest, which the board then asks the tables for again, so a club's broker
wants a longer queue (``max_queued_messages``), and a table keeps answering for a while after
its game (``--linger``), as ``tableref club publish`` does until it is stopped.

At the end every board replica must hold exactly its journal's rows (0 lost, 0 applied twice;
QoS 1 copies that arrived twice are counted), and the throughput and the write-to-arrival
latency are printed.  Each game is its own table id (``t07-g2``), so a night's games sit side
by side on the board.  With ``--store URL`` the board also keeps the club's results store (an
SQLite file or a ``postgresql://`` URL), whose rows and finished games are counted against the
journals the same way.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from scoring.match import Match
from session.club.board import ClubBoard
from session.club.publisher import TablePublisher, wait_for
from session.club.replica import plain
from session.club.results import ResultsKeeper, ResultsStore
from session.club.wire import parse_topic
from session.journal import Journal
from ui.commands.club import broker_address

GAMES = ("yacht", "yahtzee")


def random_action(match: Match, player: str, rng: random.Random) -> dict[str, Any]:
    """A throw of random dice, or a random keep or row of those the engine lists as legal."""
    view = match.view()
    engine = match.engine
    dice = engine.rules.dice  # type: ignore[attr-defined]
    if not view["dice"]:
        return {"do": "roll", "by": player, "dice": [rng.randint(1, 6) for _ in range(dice)]}
    moves = [a for a in engine.legal(match.state) if a.verb in ("keep", "score")]
    move = rng.choice(moves)
    if move.verb == "score":
        return {"do": "score", "by": player, "row": move.args["row"]}
    kept = list(move.args["dice"])
    if len(kept) == dice:
        return {"do": "score", "by": player, "row": rng.choice(list(view["candidates"]))}
    thrown = [rng.randint(1, 6) for _ in range(dice - len(kept))]
    return {"do": "roll", "by": player, "dice": thrown, "kept": kept}


class Night:
    def __init__(self, args: argparse.Namespace, folder: Path) -> None:
        self.args, self.folder = args, folder
        self.host, self.port = args.broker
        self.stop = threading.Event()
        self.written: dict[tuple[str, int], float] = {}
        self.arrived: dict[tuple[str, int], float] = {}
        self.copies = 0
        self.journals: dict[str, Path] = {}
        self.retiring: list[threading.Timer] = []
        self.lock = threading.Lock()

    def table(self, index: int) -> None:
        rng = random.Random(index)
        deadline = time.monotonic() + self.args.seconds
        game_number = 0
        while time.monotonic() < deadline:
            game_number += 1
            table = f"t{index:02d}-g{game_number}"
            path = self.folder / f"{table}.sqlite"
            players = [f"P{n}" for n in range(rng.randint(1, 4))]
            game = GAMES[index % len(GAMES)]
            with Journal.create(path, game, players) as journal:
                with self.lock:
                    self.journals[table] = path
                publisher = TablePublisher(path, table, self.host, self.port).start()
                done = threading.Event()
                follower = threading.Thread(target=publisher.follow, args=(done,), daemon=True)
                follower.start()
                while not journal.view()["over"] and time.monotonic() < deadline:
                    player = journal.view()["turn"]
                    outcome = journal.submit(random_action(journal.match, player, rng))
                    assert outcome.accepted, outcome.error
                    assert journal.last_row is not None
                    with self.lock:
                        self.written[(table, journal.last_row.seq)] = time.perf_counter()
                    time.sleep(self.args.pace)
                rows = len(journal.rows())
            wait_for(lambda: publisher.acknowledged == rows, 30)  # noqa: B023 (used at once)
            retire = threading.Timer(self.args.linger, self.retire, (publisher, done, follower))
            retire.start()
            self.retiring.append(retire)

    @staticmethod
    def retire(
        publisher: TablePublisher, done: threading.Event, follower: threading.Thread
    ) -> None:
        """A finished game's table stops answering once its linger is over."""
        done.set()
        follower.join()
        publisher.stop()

    def listen(self) -> mqtt.Client:
        """A plain subscriber: the first arrival time of every (table, seq), and the copies."""
        client = mqtt.Client(CallbackAPIVersion.VERSION2)

        def arrived(_client: Any, _data: Any, message: mqtt.MQTTMessage) -> None:
            now = time.perf_counter()
            table, _ = parse_topic(message.topic)
            seq = json.loads(message.payload)["seq"]
            with self.lock:
                if (table, seq) in self.arrived:
                    self.copies += 1
                else:
                    self.arrived[(table, seq)] = now

        client.on_message = arrived
        client.on_connect = lambda c, *_: c.subscribe("tableref/tables/+/actions", qos=1)
        client.connect(self.host, self.port)
        client.loop_start()
        return client


def store_line(url: str, night: Night, keeper: ResultsKeeper) -> str:
    """The results store against the journals: rows lost (or never stored), rows offered
    twice, holes inside a game's seq, and finished games stored."""
    store = ResultsStore.open(url)
    try:
        rows, holes, games = store.row_count(), store.holes(), len(store.games())
    finally:
        store.close()
    written = over = 0
    for path in night.journals.values():
        with Journal.open(path, readonly=True) as journal:
            written += len(journal.rows())
            over += bool(journal.view()["over"])
    return (
        f"results store: {rows} of {written} rows (lost {written - rows}, offered twice "
        f"{keeper.rows_doubled}, holes {holes}); {games} of {over} finished games"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--broker", type=broker_address, default=("127.0.0.1", 1883))
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--pace", type=float, default=0.1, help="seconds between a table's rows")
    parser.add_argument(
        "--linger", type=float, default=10, help="seconds a finished game's table still answers"
    )
    parser.add_argument(
        "--store",
        metavar="URL",
        help="keep the board in this results store (an SQLite file or a postgresql:// URL) "
        "and count its rows against the journals too",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        night = Night(args, Path(folder))
        listener = night.listen()
        board = ClubBoard(*args.broker)
        keeper = ResultsKeeper(board, args.store).start() if args.store else None
        board.start()
        wait_for(lambda: board.connected, 10)
        started = time.perf_counter()
        tables = [threading.Thread(target=night.table, args=(i,)) for i in range(args.tables)]
        for thread in tables:
            thread.start()
        for thread in tables:
            thread.join()
        played = time.perf_counter() - started
        wait_for(lambda: all(row["in_step"] for row in board.tables()), 60)
        lost = doubled = 0
        for table, path in night.journals.items():
            replica = board.replica(table)
            with Journal.open(path, readonly=True) as journal:
                theirs = [plain(e.action.to_dict()) for e in journal.match.entries]
            mine = (
                []
                if replica is None
                else [plain(e.action.to_dict()) for e in replica.match.entries]
            )
            lost += max(len(theirs) - len(mine), 0)
            doubled += max(len(mine) - len(theirs), 0) + (mine != theirs[: len(mine)])
        latency = sorted(
            (night.arrived[key] - written) * 1000
            for key, written in night.written.items()
            if key in night.arrived
        )
        rows = len(night.written)
        duplicates = sum(row["duplicates"] for row in board.tables())
        p95 = latency[int(0.95 * (len(latency) - 1))]
        print(
            f"{args.tables} tables, {len(night.journals)} games, {rows} rows in {played:.0f} s "
            f"({rows / played:.1f} rows/s); lost {lost}, applied twice {doubled}, copies "
            f"delivered twice {night.copies} (board: {duplicates}); not arrived "
            f"{rows - len(latency)}; write-to-arrival latency median "
            f"{statistics.median(latency):.1f} ms, p95 {p95:.1f} ms, max {latency[-1]:.1f} ms"
        )
        if keeper is not None:
            keeper.stop()
            print(store_line(args.store, night, keeper))
        for timer in night.retiring:
            timer.join()
        board.stop()
        listener.loop_stop()


if __name__ == "__main__":
    main()
