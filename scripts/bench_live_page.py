"""How soon a phone's live page shows an accepted action: a Yahtzee session served on
loopback, Debian's chromium (Playwright) on the page, and ``--actions`` actions posted one at a
time; each is timed from its post to the page's redraw with it, the game's picture included
(both clocks this machine's).  ``--scenario`` plays a scenario file's actions instead (a game
with a picture of its own: cards, tiles, a table).

    .venv/bin/python scripts/bench_live_page.py --actions 60
    .venv/bin/python scripts/bench_live_page.py \
        --scenario tests/scenarios/dominoes/t29_worked_examples.yaml
"""

from __future__ import annotations

import argparse
import queue
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import yaml
from playwright.sync_api import sync_playwright

from scoring.match import Match
from scoring.registry import create_engine
from session.journal import Journal
from session.live import LiveSession, Submit
from ui.web.server import LiveServer, parse_address

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Yahtzee's thirteen rows: a game of two players is 52 actions.
ROWS = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
]


def table(path: Path, made: queue.Queue[Any], stop: threading.Event, game: dict[str, Any]) -> None:
    """The session's consumer on its own thread, as in tableref run (it made the journal)."""
    journal = Journal.create(
        path, game["game"], game["players"], game.get("preset"), game.get("options")
    )
    session = LiveSession(journal)
    server = LiveServer(session, parse_address("127.0.0.1:0")).start()
    made.put((session, server))
    while not stop.is_set():
        session.pump(timeout=0.005)
    server.stop()
    journal.close()


def actions(count: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for turn in range(count // 2):
        player = ("Anna", "Boris")[turn % 2]
        out.append({"do": "roll", "by": player, "dice": [1, 2, 3, 4, 5]})
        out.append({"do": "score", "by": player, "row": ROWS[(turn // 2) % len(ROWS)]})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--scenario", type=Path, help="play this scenario file's actions")
    args = parser.parse_args()
    if args.scenario is not None:
        game = yaml.safe_load(args.scenario.read_text("utf-8"))
        engine = create_engine(game["game"], game.get("preset"), game.get("options"))
        match = Match(engine, game["players"])  # the scenario's refused steps left out
        played = [step for step in game["steps"] if "do" in step and match.submit(step).accepted]
    else:
        game = {"game": "yahtzee", "players": ["Anna", "Boris"]}
        played = actions(min(args.actions, 4 * len(ROWS)))
    made: queue.Queue[Any] = queue.Queue()
    stop = threading.Event()
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder) / "b.sqlite"
        thread = threading.Thread(target=table, args=(where, made, stop, game))
        thread.start()
        session, server = made.get(timeout=30)
        delays = []
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(
                    executable_path="/usr/bin/chromium", headless=True, args=ARGS
                )
                page = browser.new_page(viewport={"width": 390, "height": 844})
                page.goto(f"http://127.0.0.1:{server.port}/")
                page.wait_for_selector('body[data-drawn="0"]')
                page.evaluate(
                    """() => { window.seen = {}; new MutationObserver(() => {
                         window.seen[document.body.dataset.drawn] ??= Date.now(); })
                       .observe(document.body, {attributes: true,
                                                attributeFilter: ['data-drawn']}); }"""
                )
                for seq, action in enumerate(played, start=1):
                    posted = time.time() * 1000
                    session.post(Submit(action))
                    page.wait_for_selector(f'body[data-drawn="{seq}"]')
                    delays.append(page.evaluate(f"window.seen['{seq}']") - posted)
                browser.close()
        finally:
            stop.set()
            thread.join()
    delays.sort()
    p95 = delays[round(0.95 * (len(delays) - 1))]
    print(
        f"{game['game']}, {len(delays)} actions: post to page median "
        f"{statistics.median(delays):.1f} ms, "
        f"p95 {p95:.1f} ms, max {delays[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
