"""The live page on players' phones: served beside a live session, read-only for spectators,
confirm and undo behind the operator's PIN (journalled as ``phone``), a history page with the
sheet's downloads, and in a real browser (Debian's chromium driven by Playwright): the score
shows, follows an action within 200 ms, and a phone-sized screenshot is saved."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_browser import PHONE, ServedTable, chromium, served_table

from scoring.match import Match
from session.journal import Journal
from session.live import Proposal, Submit
from ui.web.server import ServeError, bind, parse_address

SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"
PIN = "246810"
PUSH_MS = 200  # an accepted action must reach the page within this


class HeldInterpreter:
    """Proposes each fact's action below the confirmation threshold, so it waits for a
    person, as a camera's unsure reading does."""

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        return [Proposal(fact, 0.5, "camera")]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[ServedTable]:
    """A live Yahtzee session for Anna and Boris with its page on a free loopback port."""
    path = tmp_path / "live.sqlite"
    players = ["Anna", "Boris"]
    with served_table(path, "yahtzee", players, interpreter=HeldInterpreter(), pin=PIN) as served:
        yield served


ROLL = {"do": "roll", "by": "Anna", "dice": [6, 6, 6, 2, 3]}
SCORE = {"do": "score", "by": "Anna", "row": "sixes"}


# ---------------------------------------------------------------------------------------------
# The server, without a browser.


def test_spectators_cannot_change_anything(table: ServedTable) -> None:
    table.session.post(Submit(ROLL))
    table.wait_rows(1)
    for path in ("/api/undo", "/api/confirm"):
        assert httpx.post(table.base + path).status_code == 403
        wrong = httpx.post(table.base + path, headers={"x-operator-pin": "000000"})
        assert wrong.status_code == 403
    assert httpx.post(table.base + "/api/operator").status_code == 403
    assert httpx.get(table.base + "/api/undo").status_code == 405  # no way round by GET
    time.sleep(0.1)
    assert [row.action["do"] for row in table.rows()] == ["roll"]


def test_guessing_the_pin_locks_the_address_out(table: ServedTable) -> None:
    for _ in range(5):
        assert (
            httpx.post(table.base + "/api/undo", headers={"x-operator-pin": "1"}).status_code == 403
        )
    locked = httpx.post(table.base + "/api/undo", headers={"x-operator-pin": PIN})
    assert locked.status_code == 429  # even the right PIN waits out the lockout
    assert table.rows() == []


def test_the_operators_undo_and_confirm_are_journalled_as_phone(table: ServedTable) -> None:
    pin = {"x-operator-pin": PIN}
    table.session.post(Submit(ROLL))
    table.wait_rows(1)
    assert httpx.post(table.base + "/api/undo", headers=pin).status_code == 202
    rows = table.wait_rows(2)
    assert (rows[1].action, rows[1].source) == ({"do": "undo", "target": 1}, "phone")
    table.session.post(ROLL)  # a fact: the interpreter holds it for the operator
    deadline = time.monotonic() + 5
    while not httpx.get(table.base + "/api/state").json()["pending"]:
        assert time.monotonic() < deadline, "the proposal was never held"
        time.sleep(0.02)
    held = httpx.get(table.base + "/api/state").json()["pending"][0]
    assert held["en"] == "Anna rolled 6 6 6 2 3"
    confirmed = httpx.post(table.base + "/api/confirm", json={"pending": held["id"]}, headers=pin)
    assert confirmed.status_code == 202
    rows = table.wait_rows(3)
    assert (rows[2].action["do"], rows[2].source) == ("roll", "phone")
    assert (
        httpx.post(table.base + "/api/confirm", json={"pending": "x"}, headers=pin).status_code
        == 400
    )


def test_the_history_page_offers_the_sheet_as_csv_json_and_pdf(table: ServedTable) -> None:
    table.session.post(Submit(ROLL))
    table.session.post(Submit(SCORE))
    table.wait_rows(2)
    listing = httpx.get(table.base + "/history")
    assert "live.sqlite" in listing.text
    page = httpx.get(table.base + "/history/live.sqlite?lang=ru")
    assert "Яхтзи" in page.text and "Шестёрки" in page.text
    csv = httpx.get(table.base + "/history/live.sqlite/sheet.csv").text
    assert "sixes,Sixes,row,18," in csv
    assert httpx.get(table.base + "/history/live.sqlite/sheet.json").json()["columns"] == [
        "Anna",
        "Boris",
    ]
    pdf = httpx.get(table.base + "/history/live.sqlite/sheet.pdf")
    assert pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    for name in ("other.sqlite", "..%2Flive.sqlite", "live.sqlite/sheet.exe"):
        assert httpx.get(table.base + f"/history/{name}").status_code == 404


def test_a_port_in_use_is_one_line() -> None:
    held = bind(parse_address("127.0.0.1:0"))
    try:
        with pytest.raises(ServeError, match=r"--serve 127\.0\.0\.1:\d+: .*in use"):
            bind(parse_address(f"127.0.0.1:{held.getsockname()[1]}"))
    finally:
        held.close()
    with pytest.raises(ServeError, match="port must be a number"):
        parse_address("host:http")
    assert parse_address(":9000") == parse_address("0.0.0.0:9000")
    assert parse_address("10.0.0.2").port == 8765


# ---------------------------------------------------------------------------------------------
# In a real browser.


@pytest.fixture
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


def _score(page: Any, player: str) -> str:
    return str(page.locator(f'.seat[data-player="{player}"] .score').inner_text())


def test_the_page_shows_the_score_and_follows_an_action(table: ServedTable, browser: Any) -> None:
    table.session.post(Submit(ROLL))
    table.wait_rows(1)
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.goto(table.base + "/?lang=en")
    page.wait_for_selector('body[data-seq="1"]')
    assert page.locator("#title").inner_text() == "Yahtzee"
    assert page.locator("#turn").inner_text() == "Anna to play"
    assert _score(page, "Anna") == "0" and _score(page, "Boris") == "0"
    assert page.locator(".die").count() == 5
    # the page notes when the score changed; both clocks are this machine's
    page.evaluate(
        """() => new MutationObserver(() => { window.changedAt ??= Date.now(); })
             .observe(document.querySelector('.scores'), {subtree: true, childList: true,
                                                          characterData: true})"""
    )
    posted = time.time() * 1000
    table.session.post(Submit(SCORE))
    page.wait_for_function(
        """() => document.querySelector('.seat[data-player="Anna"] .score')?.textContent === '18'"""
    )
    delay = page.evaluate("window.changedAt") - posted
    assert delay < PUSH_MS, f"the page changed {delay:.0f} ms after the action"
    assert page.locator("#turn").inner_text() == "Boris to play"
    assert page.locator("#entries li").first.inner_text() == "#2 Anna scored Sixes"
    assert page.locator('#sheet tr[data-key="sixes"] td').first.inner_text() == "18"
    # a spectator sees no operator controls, and the page offers nothing that writes
    assert page.locator("#operator").is_hidden()
    page.locator("#lang").click()
    assert page.locator("#turn").inner_text() == "Ходит Boris"
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "live-page-phone-ru.png"), full_page=True)
    page.locator("#lang").click()
    page.screenshot(path=str(SCREENS / "live-page-phone-en.png"), full_page=False)


def test_a_spectator_without_the_pin_changes_nothing_in_the_browser(
    table: ServedTable, browser: Any
) -> None:
    table.session.post(Submit(ROLL))
    table.wait_rows(1)
    page = browser.new_page(viewport=PHONE)
    page.goto(table.base + "/?lang=en")
    page.wait_for_selector('body[data-seq="1"]')
    page.fill("#pin", "999999")
    page.click("#unlock-button")
    page.wait_for_function("document.querySelector('#unlock-note').textContent === 'Wrong PIN'")
    assert page.locator("#operator").is_hidden()
    # the controls forced into view still ask the server, which refuses them
    status = page.evaluate(
        """async () => (await fetch('/api/undo', {method: 'POST',
             headers: {'x-operator-pin': sessionStorage.getItem('pin') || ''}})).status"""
    )
    assert status == 403
    assert [row.action["do"] for row in table.rows()] == ["roll"]
    # with the PIN the same page unlocks and its undo is the phone's
    page.fill("#pin", PIN)
    page.click("#unlock-button")
    page.wait_for_selector("#operator:not([hidden])")
    page.click("#undo")
    rows = table.wait_rows(2)
    assert (rows[1].action["do"], rows[1].source) == ("undo", "phone")
    page.wait_for_selector('body[data-seq="2"]')
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "live-page-phone-operator.png"), full_page=True)
    page.click("#history")
    page.click("text=live.sqlite")
    page.wait_for_selector(".downloads a")
    links = page.locator(".downloads a")
    assert [links.nth(i).inner_text() for i in range(links.count())] == ["PDF", "CSV", "JSON"]
    with page.expect_download() as download:
        links.nth(1).click()
    assert Path(download.value.path()).read_text("utf-8").startswith("key,row,kind,Anna,Boris")
    page.screenshot(path=str(SCREENS / "history-page-phone.png"), full_page=True)


# ---------------------------------------------------------------------------------------------
# tableref run --serve, headless: the loop that judges the inbox is the page's feed.


def test_run_serves_the_live_page_and_its_pin(tmp_path: Path) -> None:
    night = tmp_path / "night"
    script = Path(sys.executable).with_name("tableref")
    subprocess.run(
        [str(script), "night", "start", str(night), "--players", "Anna,Boris"], check=True
    )
    command = [str(script), "run", "--night", str(night), "--game", "yahtzee", "--camera", "none"]
    command += ["--panel", "none", "--headless", "--seconds", "2", "--serve", "127.0.0.1:0"]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert run.stdout is not None
        lines = [run.stdout.readline(), run.stdout.readline()]
        assert lines[0].startswith(f"recording to {night / '01-yahtzee.sqlite'}")
        found = re.match(
            r"live page: (http://127\.0\.0\.1:\d+/) \(operator PIN (\d{6})\)", lines[1]
        )
        assert found, lines
        base, pin = found.group(1).rstrip("/"), found.group(2)
        state = httpx.get(base + "/api/state").json()
        assert (state["players"], state["turn"], state["session"]) == (
            ["Anna", "Boris"],
            "Anna",
            "01-yahtzee.sqlite",
        )
        assert httpx.post(base + "/api/undo").status_code == 403
        assert httpx.post(base + "/api/undo", headers={"x-operator-pin": pin}).status_code == 202
        out, err = run.communicate(timeout=30)
    finally:
        run.kill()
    assert run.returncode == 0, err
    # the phone's undo reached the referee, who refused it: nothing to take back
    assert [line for line in out.splitlines() if line.startswith("refused")], out
    with Journal.open(night / "01-yahtzee.sqlite", readonly=True) as journal:
        assert journal.rows() == []
