"""The optimal-play advice in the live windows: the console's advice box (and its solve in
a worker thread), and the operator's switch without which the audience display never shows
advice.  Yacht keeps its table small (solved in a fraction of a second)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from session.interpreters.dice import DiceInterpreter
from session.journal import Journal
from session.live import LiveSession, Submit
from session.strategy_store import FOLDER_VARIABLE, strategy_table
from ui.qt.app import LiveWindows
from ui.qt.snapshot import render_png

PNG = Path("/work/notes/png")


@pytest.fixture
def windows(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveWindows]:
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path / "strategy"))
    journal = Journal.create(tmp_path / "yacht.sqlite", "yacht", ["Anna", "Boris"])
    live = LiveWindows(LiveSession(journal, DiceInterpreter()), lang="en")
    qtbot.addWidget(live.console)
    assert live.audience is not None
    qtbot.addWidget(live.audience)
    live.show()
    yield live
    journal.close()


def throw(windows: LiveWindows, dice: list[int]) -> None:
    windows.session.post(Submit({"do": "roll", "by": "Anna", "dice": dice}))
    windows.tick()


def solved(windows: LiveWindows) -> None:
    strategy_table(windows.session.match.engine)
    panel = windows.console.advice_panel
    panel._tables.clear()  # forget the "not solved" it saw at start
    panel.show_for(windows.session.match.engine, windows.session.match.state, "en", again=True)


def test_console_offers_to_solve_then_shows_the_best_keep_and_row(windows) -> None:
    panel = windows.console.advice_panel
    throw(windows, [2, 3, 4, 5, 5])
    assert panel.isVisible() and panel.advice is None
    assert "not solved yet" in panel.best.text() and panel.solve_button.isVisible()
    panel.solve_button.click()
    panel.wait_for_solve()
    assert panel.advice is not None and not panel.solve_button.isVisible()
    lines = panel.lines.toPlainText().splitlines()
    best = panel.advice.best
    assert best is not None
    assert lines[0].startswith("write " if best.row else "keep ")
    assert lines[0].endswith(f"{best.expected:.2f}")  # a ranking, the best first
    values = [float(line.split()[-1]) for line in lines]
    assert values == sorted(values, reverse=True)
    assert sum(line.startswith("keep") for line in lines) == 3
    assert sum(line.startswith("write") for line in lines) == 12
    assert panel.best.text().startswith(f"Anna: {'keep' if best.keep else 'write'} ")


def test_the_audience_shows_advice_only_when_the_operator_turns_it_on(windows, qtbot) -> None:
    solved(windows)
    throw(windows, [2, 3, 4, 5, 5])
    audience, panel = windows.audience, windows.console.advice_panel
    assert audience is not None and panel.advice is not None
    assert audience.advice_shown() is None  # the default: players see no advice
    panel.on_audience.setChecked(True)
    line = audience.advice_shown()
    assert line is not None
    best, keep = panel.advice.best, panel.advice.keeps[0]
    assert best is not None
    assert re.fullmatch(
        r"Anna: (keep|write) [\w ]+ → \d+\.\d\d \(or (keep|write) [\w ]+ → \d+\.\d\d\)", line
    )
    assert f"{best.expected:.2f}" in line and f"{keep.expected:.2f}" in line
    windows.session.post(Submit({"do": "roll", "by": "Anna", "dice": [6], "kept": [2, 3, 4, 5]}))
    windows.tick()  # 2 3 4 5 6 on the second throw: the advice follows it
    assert windows.session.view()["dice"] == [2, 3, 4, 5, 6]
    assert audience.advice_shown() != line and audience.advice_shown() is not None
    for size in ((1280, 720), (1920, 1080)):
        render_png(audience, PNG / f"advice_audience_{size[0]}x{size[1]}.png", size)
        render_png(windows.console, PNG / f"advice_console_{size[0]}x{size[1]}.png", size)
    panel.on_audience.setChecked(False)
    assert audience.advice_shown() is None


def test_no_advice_box_for_a_game_the_solver_does_not_model(qtbot, tmp_path) -> None:
    journal = Journal.create(tmp_path / "school.sqlite", "poker_school", ["Anna", "Boris"])
    live = LiveWindows(LiveSession(journal, DiceInterpreter()), lang="en")
    qtbot.addWidget(live.console)
    live.session.post(Submit({"do": "roll", "by": "Anna", "dice": [1, 1, 1, 4, 5]}))
    live.tick()
    assert live.console.advice_panel.isHidden()
    assert live.audience is not None and live.audience.advice_shown() is None
    journal.close()
