"""Hold'em on the audience display (``ui/qt/views/holdem.py``): the seats with their chips,
bets and markers, the board, the main and side pots, whose action with the bet to call and the
raise's limits, and the winning hand's name in both languages; rendered at 1280x720 and
1920x1080 to PNG (``TABLEREF_SCREENS``) and looked at."""

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
from ui.qt.views.holdem import HoldemView

SCREENS = Path(os.environ.get("TABLEREF_SCREENS", "/tmp/tableref-screens"))
PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]
#: A hand with a short stack all-in: a main pot and a side pot, the turn to come.
SIDE_POT = (
    {"do": "raise", "by": "Gleb", "to": 60},
    {"do": "call", "by": "Anna"},
    {"do": "fold", "by": "Boris"},
    {"do": "all_in", "by": "Vera"},
    {"do": "call", "by": "Gleb"},
    {"do": "call", "by": "Anna"},
    {"do": "flop", "cards": ["QS", "7D", "2C"]},
    {"do": "bet", "by": "Gleb", "to": 200},
)
#: The rest of it: Anna calls, both all-in on the turn, the hands shown, the river, the payout.
PAYOUT = (
    {"do": "call", "by": "Anna"},
    {"do": "turn", "card": "9H"},
    {"do": "check", "by": "Gleb"},
    {"do": "bet", "by": "Anna", "to": 400},
    {"do": "call", "by": "Gleb"},
    {"do": "show", "by": "Gleb", "cards": ["AH", "QH"]},
    {"do": "show", "by": "Anna", "cards": ["9C", "9D"]},
    {"do": "show", "by": "Vera", "cards": ["QC", "QD"]},
    {"do": "river", "card": "3D"},
)


def played(actions: tuple[dict[str, Any], ...]) -> Match:
    options = {"stacks": [1000, 2000, 400, 3000]}
    match = Match(create_engine("holdem", "no_limit", options), PLAYERS)
    for action in actions:
        outcome = match.submit(action)
        assert outcome.accepted, (action, outcome.error)
    return match


def shown(match: Match, lang: str = "en") -> HoldemView:
    view = create_view("holdem")
    assert isinstance(view, HoldemView)
    view.resize(1280, 720)
    view.show_state(match.view(), match.engine.score_sheet(match.state), lang, match.last_verdicts)
    return view


def test_the_family_names_this_view() -> None:
    assert VIEWS["holdem"] is HoldemView


def test_board_pots_and_the_action(qtbot: Any) -> None:
    match = played(SIDE_POT)
    view = shown(match)
    qtbot.addWidget(view)
    assert [g.value for g in view.found("card", "board")] == ["QS", "7D", "2C"]
    assert len(view.found("band", "dark")) >= 2  # the turn's and the river's empty places
    texts = view.texts()
    assert "Main pot: 1\u202f210" in texts and "Side pot 1: 200" in texts
    assert "Anna, Vera, Gleb" in texts and "Anna, Gleb" in texts
    action = next(t for t in texts if t.startswith("Anna to act"))
    assert "to call 200" in action and "raise to 400–600" in action
    assert "all-in" in " ".join(texts)  # Vera
    assert {"D", "SB", "BB"} <= set(texts)
    view.set_language("ru")
    assert any(t.startswith("Ходит Anna") for t in view.texts())
    assert "Основной банк: 1\u202f210" in view.texts()


def test_the_winning_hand_is_named(qtbot: Any) -> None:
    match = played(SIDE_POT + PAYOUT)
    view = shown(match)
    qtbot.addWidget(view)
    texts = " ".join(view.texts())
    assert "Main pot 1\u202f210: Vera 1\u202f210 with Three of a kind" in texts
    view.set_language("ru")
    assert "Тройка (сет)" in " ".join(view.texts())


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_audience_display_renders_a_hand(qtbot: Any, size: tuple[int, int]) -> None:
    display = AudienceDisplay(banner_ms=60_000)
    qtbot.addWidget(display)
    for name, actions, lang in (
        ("side_pot", SIDE_POT, "en"),
        ("showdown", SIDE_POT + PAYOUT[:8], "ru"),
        ("payout", SIDE_POT + PAYOUT, "en"),
    ):
        match = played(actions)
        rows = [
            {"seq": e.seq, "action": e.action.to_dict(), "source": "operator", "confidence": 1.0}
            for e in match.entries
        ]
        sheet = match.engine.score_sheet(match.state)
        display.language.set(lang)
        display.update_from("holdem", PLAYERS, match.view(), sheet, rows, match.last_verdicts)
        path = render_png(display, SCREENS / f"holdem_{name}_{size[0]}x{size[1]}.png", size)
        assert path.stat().st_size > 10_000
        assert display.game_view is not None
        assert display.game_view.found("card") or name == "payout"
    texts = " ".join(display.game_view.texts())
    assert "Vera 1\u202f210 with Three of a kind" in texts  # the payout: hand 2 has begun
