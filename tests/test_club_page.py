"""The club page (``tableref club board --serve``): every table on the broker with its game,
players, scores and state, following play live; in Debian's chromium on a phone and on a
club's screen, over the Mosquitto the tests start."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_browser import PHONE, chromium, screenshot_paths
from mosquitto_broker import Broker
from test_club import MORE, YAHTZEE, Running, append, journal_with

from session.club.publisher import wait_for
from ui.web.club_app import ClubServer
from ui.web.server import parse_address

SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"
WAIT_MS = 20000


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Running]:
    broker = Broker(tmp_path)
    broker.start()
    running = Running(broker)
    yield running
    running.close()
    broker.stop()


def scores(page: Any, table: str) -> dict[str, str]:
    seats = page.locator(f'.table-card[data-table="{table}"] .table-seat')
    return {
        seats.nth(i).get_attribute("data-player"): seats.nth(i).locator(".score").inner_text()
        for i in range(seats.count())
    }


def test_the_club_page_shows_every_table_and_follows_play(club: Running, tmp_path: Path) -> None:
    first = journal_with(tmp_path / "one.sqlite", YAHTZEE)
    second = journal_with(tmp_path / "two.sqlite", YAHTZEE[:2], game="yacht")
    club.table(first, "table-1")
    club.table(second, "table-2")
    board = club.board()
    server = ClubServer(board, club.broker.address, parse_address("127.0.0.1:0")).start()
    try:
        base = f"http://127.0.0.1:{server.port}"
        assert wait_for(lambda: len(httpx.get(base + "/api/tables").json()["tables"]) == 2, 20)
        with chromium() as browser:
            page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True)
            page.goto(base + "/?lang=en")
            page.wait_for_function(
                "document.querySelectorAll('.table-card').length === 2", timeout=WAIT_MS
            )
            page.wait_for_function(
                """() => document.querySelector('[data-table="table-1"] .rows')
                     ?.textContent.startsWith('7 rows')""",
                timeout=WAIT_MS,
            )
            one = page.locator('.table-card[data-table="table-1"]')
            assert one.locator(".game").inner_text() == "Yahtzee"
            assert scores(page, "table-1") == {"Anna": "18", "Boris": "25"}
            assert one.locator(".state").inner_text() == "Anna to play"
            assert one.locator(".turn-now").get_attribute("data-player") == "Anna"
            two = page.locator('.table-card[data-table="table-2"]')
            assert two.locator(".game").inner_text() == "Yacht"
            assert page.locator("#summary").inner_text() == f"2 tables on {club.broker.address}"
            # play goes on at table 1: the page follows without being asked
            updates = int(page.locator("body").get_attribute("data-updates"))
            append(first, MORE)
            page.wait_for_function(
                """() => document.querySelector('[data-table="table-1"] .rows')
                     ?.textContent.startsWith('10 rows')""",
                timeout=WAIT_MS,
            )
            assert scores(page, "table-1") == {"Anna": "58", "Boris": "75"}
            assert one.locator(".state").inner_text() == "Anna to play"
            assert int(page.locator("body").get_attribute("data-updates")) > updates
            page.locator("#lang").click()
            assert two.locator(".game").inner_text() == "Яхта"
            for path in screenshot_paths("club-page-phone-ru.png", SCREENS):
                page.screenshot(path=str(path), full_page=True)
            wide = browser.new_page(viewport={"width": 1280, "height": 720})
            wide.goto(base + "/?lang=en")
            wide.wait_for_function("document.querySelectorAll('.table-card').length === 2")
            for path in screenshot_paths("club-page-1280x720.png", SCREENS):
                wide.screenshot(path=str(path))
            # the page has nothing that writes, and the server takes no writes
            assert page.locator("button:not(#lang), input, form").count() == 0
            assert httpx.post(base + "/api/tables").status_code == 405
    finally:
        server.stop()


def test_club_board_serve_command(club: Running, tmp_path: Path) -> None:
    club.table(journal_with(tmp_path / "one.sqlite", YAHTZEE[:2]), "t-1")
    script = Path(sys.executable).with_name("tableref")
    command = [str(script), "club", "board", "--broker", club.broker.address]
    command += ["--serve", "127.0.0.1:0", "--seconds", "4"]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert run.stdout is not None
        line = run.stdout.readline()
        found = re.match(r"club page: (http://127\.0\.0\.1:\d+)/ \(board of ", line)
        assert found, line
        base = found.group(1)

        def heard() -> bool:
            tables = httpx.get(base + "/api/tables").json()["tables"]
            return [(t["table"], t["seq"], t["scores"]) for t in tables] == [
                ("t-1", 2, {"Anna": 18, "Boris": 0})
            ]

        assert wait_for(heard, 3)
        assert '<script src="/static/club.js">' in httpx.get(base + "/").text
        _, err = run.communicate(timeout=20)
    finally:
        run.kill()
    assert run.returncode == 0, err


def test_club_board_serve_names_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    from ui.cli import main

    assert main(["club", "board", "--seconds", "2"]) == 2
    assert "--seconds: a number of seconds (0 or more), with --serve" in capsys.readouterr().err
    assert main(["club", "board", "--serve", "host:http"]) == 2
    assert "port must be a number" in capsys.readouterr().err
