"""The club's results store (``tableref club board --store``, ``tableref club results``): every
published row kept once, every finished game with its places, each game's standings; the same
tests on SQLite (the default, a file) and on a real PostgreSQL server started by the test from
Debian's binaries, fed by a board over the Mosquitto the tests start."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mosquitto_broker import Broker
from postgres_server import Postgres
from test_club import Running

from scoring.match import Match
from scoring.registry import create_engine
from session.club.board import Progress
from session.club.publisher import wait_for
from session.club.results import ResultsKeeper, ResultsStore, StoreError
from session.club.wire import Meta, Row
from session.journal import Journal
from ui.cli import main

ONE_THROW = [{"do": "roll", "by": "Anna", "dice": [5, 4, 3, 1]}]  # four dice: Boris wins
HIGH = [  # high dice, extra win at risk: Anna wins 3
    {"do": "roll", "by": "Banker", "dice": [3, 3]},
    {"do": "roll", "by": "Anna", "dice": [1, 1]},
    {"do": "roll", "by": "Anna", "dice": [2, 2]},
    {"do": "roll", "by": "Anna", "dice": [4, 3]},
]
YAHTZEE_START = [{"do": "roll", "by": "Anna", "dice": [6, 6, 6, 2, 3]}]
NAMES = itertools.count()


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    server = Postgres()
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "club.sqlite")
    server: Postgres = request.getfixturevalue("postgres")
    return server.database(f"club{next(NAMES)}")


def progress(
    table: str,
    game: str,
    players: list[str],
    actions: list[dict[str, Any]],
    session: str,
    options: dict[str, Any] | None = None,
) -> Progress:
    match = Match(create_engine(game, None, options), players)
    for action in actions:
        assert match.submit(action).accepted
    rows = tuple(
        Row(seq, "2026-12-07T08:00:00", "camera", action, session)
        for seq, action in enumerate(actions, start=1)
    )
    view = match.view()
    meta = Meta(game, None, tuple(players), options or {}, session)
    return Progress(table, meta, rows, view if view["over"] else None)


def test_the_store_keeps_each_row_once_and_each_finished_game_with_its_places(
    store_url: str,
) -> None:
    store = ResultsStore.open(store_url)
    try:
        done = progress("t1", "four_dice", ["Anna", "Boris"], ONE_THROW, "a.sqlite 1")
        assert store.keep(done) == (1, 0)
        assert store.keep(done) == (0, 1)  # delivered again: already there, not doubled
        running = progress("t2", "yahtzee", ["Anna", "Boris"], YAHTZEE_START, "b.sqlite 1")
        assert store.keep(running) == (1, 0)
        assert store.row_count() == 2 and store.holes() == 0
        games = store.games()
        assert [(g["table"], g["game"], g["rows"], g["winner"]) for g in games] == [
            ("t1", "four_dice", 1, "Boris")
        ]
        assert [(p["place"], p["player"], p["points"]) for p in games[0]["places"]] == [
            (1, "Boris", 1.0),
            (2, "Anna", 0.0),
        ]
        assert store.stored() == {("t1", "a.sqlite 1"): 1, ("t2", "b.sqlite 1"): 1}
        assert store.finished() == {("t1", "a.sqlite 1")}
    finally:
        store.close()


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Running]:
    broker = Broker(tmp_path)
    broker.start()
    running = Running(broker)
    yield running
    running.close()
    broker.stop()


def journal(
    path: Path,
    game: str,
    players: list[str],
    actions: list[dict[str, Any]],
    preset: str | None = None,
    options: dict[str, Any] | None = None,
) -> Path:
    with Journal.create(path, game, players, preset, options) as made:
        for action in actions:
            assert made.submit(action).accepted, action
    return path


def test_the_board_keeps_every_table_and_each_next_game_in_the_store(
    club: Running, tmp_path: Path, store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    board = club.board()
    keeper = ResultsKeeper(board, store_url).start()
    try:
        first = journal(tmp_path / "one.sqlite", "four_dice", ["Anna", "Boris"], ONE_THROW)
        club.table(first, "t1")
        options = {"extra_win": "at_risk"}
        high = journal(
            tmp_path / "high.sqlite",
            "high_dice",
            ["Banker", "Anna"],
            HIGH,
            "high_dice_extra",
            options,
        )
        club.table(high, "t2")
        assert wait_for(lambda: keeper.rows_added == 5, 20)
        # the next game at table t1 replaces the first on the board; both stay in the store
        club.publishers[0].stop()
        again = journal(
            tmp_path / "two.sqlite",
            "four_dice",
            ["Anna", "Boris"],
            [{"do": "roll", "by": "Anna", "dice": [6, 4, 3, 1]}],
        )
        club.table(again, "t1")
        assert wait_for(lambda: keeper.rows_added == 6, 20)
    finally:
        keeper.stop()
    assert keeper.rows_doubled == 0 and keeper.error is None
    store = ResultsStore.open(store_url)
    try:
        assert store.row_count() == 6 and store.holes() == 0
        assert sorted((g["table"], g["game"], g["winner"]) for g in store.games()) == [
            ("t1", "four_dice", "Anna"),
            ("t1", "four_dice", "Boris"),
            ("t2", "high_dice", "Anna"),
        ]
        standings = [(s.game, s.player, s.played, s.wins, s.points) for s in store.standings()]
        assert standings == [
            ("four_dice", "Anna", 2, 1, 1.0),
            ("four_dice", "Boris", 2, 1, 1.0),
            ("high_dice", "Anna", 1, 1, 1.0),
            ("high_dice", "Banker", 1, 0, 0.0),
        ]
    finally:
        store.close()
    assert main(["club", "results", "--store", store_url, "--game", "high_dice"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [
        "High dice: 1 games",
        "  1. Anna: 1 points, 1 wins in 1",
        "  2. Banker: 0 points, 0 wins in 1",
    ]


def test_the_board_command_keeps_the_store(club: Running, tmp_path: Path, capsys: Any) -> None:
    club.table(journal(tmp_path / "one.sqlite", "four_dice", ["Anna", "Boris"], ONE_THROW), "t1")
    store = tmp_path / "club.sqlite"
    command = ["club", "board", "--broker", club.broker.address, "--wait", "3"]
    assert main([*command, "--store", str(store)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"results store {store}: 1 rows kept"
    assert main(["club", "results", "--store", str(store), "--json"]) == 0
    assert '"winner": "Boris"' in capsys.readouterr().out


def test_a_store_that_cannot_be_opened_is_one_line(tmp_path: Path, capsys: Any) -> None:
    with pytest.raises(StoreError, match=r"postgresql://nobody@127\.0\.0\.1:1/x: "):
        ResultsStore.open("postgresql://nobody:secret@127.0.0.1:1/x")
    assert main(["club", "results", "--store", str(tmp_path / "none.sqlite")]) == 2
    assert "no such results store" in capsys.readouterr().err
    assert main(["club", "board", "--store", "postgresql://nobody:secret@127.0.0.1:1/x"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("error: --store postgresql://nobody@127.0.0.1:1/x: ") and "secret" not in err
    )
