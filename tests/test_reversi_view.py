"""Reversi on the audience display (``ui/qt/views/reversi.py``): the board with its discs, the
last move's marks and the open squares, each player's count, whose turn it is and the last
verdict, a refusal included; rendered at 1280x720 and 1920x1080 and looked at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from scoring.match import Match
from scoring.registry import create_engine
from ui.qt.audience import AudienceDisplay
from ui.qt.snapshot import render_png
from ui.qt.views import VIEWS, create_view
from ui.qt.views.reversi import ReversiView

SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"
MOVES = ("d3", "c3", "c4", "e3", "f3", "c5")


def played(preset: str = "othello", moves: tuple[str, ...] = MOVES) -> Match:
    match = Match(create_engine("reversi", preset), ["Anna", "Boris"])
    for square in moves:
        outcome = match.submit({"do": "move", "by": match.view()["turn"], "at": square})
        assert outcome.accepted, outcome.error
    return match


def feed(display: AudienceDisplay, match: Match, verdicts: Any) -> None:
    rows = [
        {"seq": e.seq, "action": e.action.to_dict(), "source": "camera", "confidence": 0.97}
        for e in match.entries
    ]
    sheet = match.engine.score_sheet(match.state)
    display.update_from("reversi", match.players, match.view(), sheet, rows, verdicts)


def test_the_family_names_this_view(qtbot: Any) -> None:
    assert VIEWS["reversi"] is ReversiView
    view = create_view("reversi")
    qtbot.addWidget(view)
    assert isinstance(view, ReversiView)


def test_the_board_counts_turn_and_a_refusal(qtbot: Any) -> None:
    match = played()
    refused = match.submit({"do": "move", "by": "Anna", "at": "a1"})
    assert not refused.accepted
    view = create_view("reversi")
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show_state(match.view(), match.engine.score_sheet(match.state), "en", refused.verdicts)
    discs = [g for g in view.found("disc") if not g.has("hint") and not g.has("swatch")]
    assert len(discs) == sum(match.view()["counts"].values())
    assert [g.value for g in view.found("disc", "last")] == ["W"]  # c5, white's
    assert len(view.found("disc", "turned")) == len(match.view()["last"]["flips"])
    assert len(view.found("disc", "hint")) == len(match.view()["moves"])
    texts = view.texts()
    assert "Anna" in texts and "Boris" in texts
    assert str(match.view()["scores"]["Anna"]) in texts
    assert any("to move" in t for t in texts)
    assert "closes no row" in " ".join(texts)  # the refusal's reason stays in view
    assert [g for g in view.glyphs() if g.kind == "text" and g.has("illegal")]
    view.set_language("ru")
    assert any("ходит" in t for t in view.texts())


def test_a_pass_is_shown(qtbot: Any) -> None:
    match = played(moves=("d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1"))  # Anna cannot move
    view = create_view("reversi")
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show_state(match.view(), match.engine.score_sheet(match.state), "en")
    assert "Anna has no move: Boris moves again" in view.texts()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_audience_display_renders_a_game(qtbot: Any, size: tuple[int, int]) -> None:
    display = AudienceDisplay(banner_ms=60_000)
    qtbot.addWidget(display)
    display.resize(*size)
    match = played()
    refused = match.submit({"do": "move", "by": "Anna", "at": "a1"})
    feed(display, match, refused.verdicts)
    path = render_png(display, SCREENS / f"reversi_{size[0]}x{size[1]}.png", size)
    assert path.stat().st_size > 10_000
    grand = played("grand_othello", ("e4", "d4"))
    feed(display, grand, grand.last_verdicts)
    render_png(display, SCREENS / f"reversi_grand_{size[0]}x{size[1]}.png", size)
    assert display.game_view is not None and display.game_view.found("reversi_board")
    display.language.set("ru")
    feed(display, match, refused.verdicts)
    render_png(display, SCREENS / f"reversi_ru_{size[0]}x{size[1]}.png", size)
    assert any("ходит" in t for t in display.game_view.texts())
