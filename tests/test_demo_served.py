"""``tableref demo --serve --club`` without a screen: no Qt window, the night played in real
time through the camera pipeline with the live page and the club's broker following it, and
the page up for ``--linger``.  (The skittles shot that follows with ``--game both`` is left
out: rendering it doubles the test's time, and the page and the club's link moving to the next
game are tested in test_live_page and test_run_club.)"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from mosquitto_broker import Broker
from test_club import WAIT_S

from session.club.board import ClubBoard
from session.club.publisher import wait_for
from ui.cli import main


def _lines(stream: Any, into: queue.Queue[str]) -> None:
    for line in stream:
        into.put(line)


@pytest.fixture
def board(tmp_path: Path) -> Any:
    broker = Broker(tmp_path)
    broker.start()
    listening = ClubBoard(broker.host, broker.port).start()
    yield broker, listening
    listening.stop()
    broker.stop()


def test_the_headless_demo_plays_in_real_time_into_the_page(tmp_path: Path, board: Any) -> None:
    broker, club = board
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)  # a window made anyway would fail: there is no screen
    env["XDG_CACHE_HOME"] = str(tmp_path)
    script = Path(sys.executable).with_name("tableref")
    command = [str(script), "demo", "--serve", "127.0.0.1:0", "--turns", "1", "--speed", "6"]
    command += ["--linger", "1", "--quiet", "--club", broker.address, "--game", "dice"]
    run = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    out: queue.Queue[str] = queue.Queue()
    assert run.stdout is not None
    threading.Thread(target=_lines, args=(run.stdout, out), daemon=True).start()
    try:
        deadline = time.monotonic() + 120  # the recordings are rendered on the first run
        base = None
        while base is None:
            line = out.get(timeout=max(deadline - time.monotonic(), 0.1))
            found = re.match(r"live page: (http://127\.0\.0\.1:\d+)/ \(operator PIN \d{6}\)", line)
            base = found.group(1) if found else None
        seen: list[tuple[str, int]] = []
        pictures: dict[str, Any] = {}
        while run.poll() is None and time.monotonic() < deadline:
            try:
                state = httpx.get(base + "/api/state", timeout=2).json()
            except httpx.TransportError:
                break  # the linger is over
            if (state["game"], state["seq"]) not in seen:
                seen.append((state["game"], state["seq"]))
            pictures[state["game"]] = state["picture"]
            time.sleep(0.05)
        run.wait(timeout=30)
        assert run.stderr is not None
        err = run.stderr.read()
    finally:
        run.kill()
    assert run.returncode == 0, err
    # the dice night reached the page action by action, as it was played
    dice = [seq for game, seq in seen if game == "yahtzee"]
    assert dice == sorted(dice) and len(dice) >= 3 and dice[-1] == 6, seen
    assert pictures["yahtzee"] is None  # drawn by the page's own dice and sheet
    assert "QApplication" not in err and "qt." not in err
    # the game reached the club's broker whole, from the play itself
    said: list[str] = []
    while not out.empty():
        said.append(out.get().rstrip("\n"))
    acknowledged = [line for line in said if line.startswith("club: table demo: ")]
    assert acknowledged == [f"club: table demo: 6 of 6 rows acknowledged by {broker.address}"]

    def rebuilt() -> bool:
        return [(t["game"], t["seq"], t["in_step"]) for t in club.tables()] == [
            ("yahtzee", 6, True)
        ]

    assert wait_for(rebuilt, WAIT_S)


def test_demo_serve_refuses_the_bare_actions_and_a_linger_without_serve(capsys: Any) -> None:
    assert main(["demo", "--serve", "--actions"]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: demo --serve: the live page follows the camera's real-time play, not --actions"
    )
    assert main(["demo", "--club", "localhost:1883", "--actions"]) == 2
    assert "demo --club: the club follows" in capsys.readouterr().err
    assert main(["demo", "--linger", "5"]) == 2
    assert "--linger" in capsys.readouterr().err
