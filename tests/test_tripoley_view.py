"""Tripoley on the audience display (``ui/qt/views/tripoley.py``): the players' chips and cards
left, the layout's pockets, the poker hands tabled and the Michigan run with whose lead it is;
rendered at 1280x720 and 1920x1080 to PNG (``TABLEREF_SCREENS``) and looked at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from scoring.match import Match
from scoring.registry import create_engine
from ui.qt.audience import AudienceDisplay
from ui.qt.snapshot import render_png
from ui.qt.views import VIEWS, create_view
from ui.qt.views.tripoley import TripoleyView

SCREENS = Path(os.environ.get("TABLEREF_SCREENS", "/tmp/tableref-screens"))
SCENARIO = Path(__file__).parent / "scenarios" / "tripoley" / "t06_michigan.yaml"


def played(steps: int) -> Match:
    """The first ``steps`` accepted actions of the Michigan scenario (T06)."""
    scenario = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    match = Match(create_engine("tripoley", scenario["preset"]), scenario["players"])
    done = 0
    for step in scenario["steps"]:
        if "expect" in step or done == steps:
            continue
        if match.submit(step).accepted:
            done += 1
    return match


def test_the_family_names_this_view() -> None:
    assert VIEWS["tripoley"] is TripoleyView


def test_layout_counts_and_the_michigan_run(qtbot: Any) -> None:
    match = played(13)  # Boris led the queen of diamonds after the stop
    view = create_view("tripoley")
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show_state(match.view(), match.engine.score_sheet(match.state), "en")
    texts = view.texts()
    assert "Kitty" in texts and "Pot" in texts
    assert "99 chips" in texts and "4 cards" in texts  # Anna after the pot and two cards
    assert [g.value for g in view.found("card", "played")] == ["QD"]
    assert "Who has the next card?" in texts
    view.set_language("ru")
    assert "Котёнок" in view.texts()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_audience_display_renders_a_deal(qtbot: Any, size: tuple[int, int]) -> None:
    display = AudienceDisplay(banner_ms=60_000)
    qtbot.addWidget(display)
    for name, steps in (("poker", 2), ("michigan", 15)):
        match = played(steps)
        rows = [
            {"seq": e.seq, "action": e.action.to_dict(), "source": "operator", "confidence": 1.0}
            for e in match.entries
        ]
        sheet = match.engine.score_sheet(match.state)
        display.update_from("tripoley", match.players, match.view(), sheet, rows, [])
        path = render_png(display, SCREENS / f"tripoley_{name}_{size[0]}x{size[1]}.png", size)
        assert path.stat().st_size > 10_000
