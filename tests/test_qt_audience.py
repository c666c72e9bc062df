"""The audience display, offscreen: scores, whose turn, the last three entries, foul and
illegal-move banners (timed by a QTimer, or replaced by the next entry), the live language
switch, and one screenshot per game family in ``test-output/screens/``.
"""

from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import open_now
from scoring.match import Match
from scoring.verdicts import Kind
from session.journal import JournalRow
from tests.test_qt_views import DEMO, SCENARIOS, fold, play
from ui.qt.audience import AudienceDisplay
from ui.qt.i18n import Language
from ui.qt.snapshot import render_png
from ui.qt.views import (
    CardSheetView,
    DiceView,
    DominoView,
    DurakView,
    ScoresView,
    SkittlesView,
    view_class,
)

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ROOT / "test-output" / "screens"
SIZE = (1600, 900)


def rows_of(match: Match) -> list[dict[str, Any]]:
    """The match's history as journal rows: rolls and shots from the camera, the rest typed."""
    out = []
    for entry in match.entries:
        camera = entry.action.verb in ("roll", "shot", "lay")
        out.append(
            {
                "seq": entry.seq,
                "action": entry.action.to_dict(),
                "source": "camera" if camera else "operator",
                "confidence": 0.93 if camera else None,
            }
        )
    return out


def feed(display: AudienceDisplay, game: str, match: Match, verdicts: Sequence = ()) -> None:
    display.update_from(
        game,
        match.players,
        match.view(),
        match.engine.score_sheet(match.state),
        rows_of(match),
        verdicts,
    )


@pytest.fixture
def display(qtbot) -> AudienceDisplay:
    shown = AudienceDisplay(banner_ms=60_000)
    qtbot.addWidget(shown)
    shown.resize(*SIZE)
    return shown


def test_scores_turn_and_the_last_three_entries(display: AudienceDisplay) -> None:
    match = fold(DEMO, 20)
    feed(display, "yahtzee", match, match.last_verdicts)
    render_png(display, SCREENS / "audience_yahtzee.png", SIZE)
    assert display.score_texts() == {"Anna": "40", "Boris": "80"}
    assert display.turn.text() == "Anna to play"
    assert display.title.text() == "Yahtzee"
    assert display.entry_lines() == [
        "#20 Anna kept 5 5",
        "#19 Anna rolled 5 5 1 2 3 · camera 93%",
        "#18 Boris scored Small straight",
    ]
    assert isinstance(display.game_view, DiceView)
    assert [g.value for g in display.game_view.found("die")] == [5, 5, 1, 2, 3]
    assert not display.banner_visible()


def test_journal_rows_are_accepted_as_written_by_the_journal(display: AudienceDisplay) -> None:
    match = fold(DEMO, 3)
    rows = [
        JournalRow(e.seq, "2026-11-29T20:00:00Z", "panel", None, None, e.action.to_dict())
        for e in match.entries
    ]
    sheet = match.engine.score_sheet(match.state)
    display.update_from("yahtzee", match.players, match.view(), sheet, rows, [])
    assert display.entry_lines()[0] == "#3 Anna rolled 4 1 5 · panel"


def test_a_foul_raises_a_banner_until_the_next_entry(display: AudienceDisplay) -> None:
    path = SCENARIOS / "carom" / "seven_skittles" / "a09_miss.yaml"
    match = fold(path)
    fouls = [v for v in match.last_verdicts if v.kind == Kind.FOUL]
    assert fouls, "the scenario ends with a foul"
    feed(display, "seven_skittles", match, match.last_verdicts)
    render_png(display, SCREENS / "audience_foul.png", SIZE)
    assert display.banner_visible()
    banner = display.banner_text() or ""
    # "Foul" once, then the reason; over the entries band, clear of the view and the seats.
    assert banner.startswith("FOUL: ") and fouls[0].en.removeprefix("Foul: ") in banner
    assert banner.lower().count("foul") == 1
    assert display.banner.geometry().intersects(display.entries_band())
    assert not display.banner.geometry().intersects(display.game_view.geometry())
    for frame, _, _ in display._seats.values():
        assert not display.banner.geometry().intersects(frame.geometry())
    # The same call again (a repaint) keeps it; the next entry without a foul takes it down.
    feed(display, "seven_skittles", match, match.last_verdicts)
    assert display.banner_visible()
    next_action = next(a for a in open_now(match.engine, match.state))
    if next_action.verb == "shot":
        action = {"do": "shot", "by": next_action.by, "cue": "red", "contacts": []}
    else:
        action = next_action.to_dict()
    outcome = match.submit(action)
    assert outcome.accepted, outcome.error
    feed(display, "seven_skittles", match, [v for v in outcome.verdicts if v.kind != Kind.FOUL])
    assert not display.banner_visible()


def test_the_banner_times_out(qtbot) -> None:
    display = AudienceDisplay(banner_ms=50)
    qtbot.addWidget(display)
    match = fold(SCENARIOS / "carom" / "seven_skittles" / "a09_miss.yaml")
    feed(display, "seven_skittles", match, match.last_verdicts)
    assert display.banner_visible() and display.banner_timer.isActive()
    qtbot.waitUntil(lambda: not display.banner_visible(), timeout=3000)
    assert display.banner_text() is None


def test_an_illegal_move_shows_the_rule_it_breaks(display: AudienceDisplay) -> None:
    match = play(
        "durak",
        ["Anna", "Boris", "Vera"],
        [{"do": "deal", "trump": "9H"}, {"do": "attack", "by": "Anna", "cards": ["7C"]}],
    )
    refused = match.submit({"do": "defend", "by": "Boris", "beat": "7C", "with": "6C"})
    assert not refused.accepted
    feed(display, "durak", match, refused.verdicts)
    render_png(display, SCREENS / "audience_illegal.png", SIZE)
    banner = display.banner_text() or ""
    assert banner.startswith("NOT ALLOWED")
    assert refused.verdicts[0].en == "6C does not beat 7C" and "6♣ does not beat 7♣" in banner
    assert isinstance(display.game_view, DurakView)
    assert display.entry_lines()[0] == "#2 Anna led 7♣"


def test_switching_the_language_changes_every_visible_string(qtbot) -> None:
    language = Language("en")
    display = AudienceDisplay(language=language, banner_ms=60_000)
    qtbot.addWidget(display)
    display.resize(*SIZE)
    match = fold(SCENARIOS / "carom" / "seven_skittles" / "a09_miss.yaml")
    feed(display, "seven_skittles", match, match.last_verdicts)
    english = (display.title.text(), display.turn.text(), display.banner_text())
    view_en = display.game_view.texts()
    with qtbot.waitSignal(language.changed):
        language.set("ru")
    russian = (display.title.text(), display.turn.text(), display.banner_text())
    assert all(a != b for a, b in zip(english, russian, strict=True))
    assert russian[1].startswith("Ходит") and (russian[2] or "").startswith("ФОЛ")
    assert display.recent.text() == "Последние записи"
    assert display.game_view.texts() != view_en
    render_png(display, SCREENS / "audience_foul_ru.png", SIZE)
    language.toggle()
    assert display.turn.text() == english[1]


def test_a_new_game_gets_its_own_view(display: AudienceDisplay) -> None:
    feed(display, "yahtzee", fold(DEMO, 5))
    first = display.game_view
    kozel = fold(SCENARIOS / "dominoes" / "t19_fish.yaml")
    feed(display, "kozel", kozel)
    assert isinstance(display.game_view, DominoView) and display.game_view is not first
    assert list(display.score_texts()) == ["Anna", "Boris", "Vera", "Gleb"]
    assert display.title.text() == "Kozel (goat dominoes)"


FAMILIES = [
    ("dominoes", "fives", SCENARIOS / "dominoes" / "t29_worked_examples.yaml", DominoView),
    (
        "skittles",
        "seven_skittles",
        SCENARIOS / "carom" / "seven_skittles" / "a02_cue_cushion_first.yaml",
        SkittlesView,
    ),
    ("deberts", "deberts", SCENARIOS / "cards" / "deberts" / "d20_tie_hangs.yaml", CardSheetView),
    ("golf", "golf", SCENARIOS / "cards" / "golf", ScoresView),
]


@pytest.mark.parametrize(("name", "game", "path", "kind"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_each_family_on_the_audience_display(display, name, game, path, kind) -> None:
    if path.is_dir():
        path = max(path.glob("*.yaml"), key=lambda p: p.stat().st_size)
    match = fold(path)
    feed(display, game, match, match.last_verdicts)
    render_png(display, SCREENS / f"audience_{name}.png", SIZE)
    assert isinstance(display.game_view, kind)
    scores = match.view()["scores"]
    assert display.score_texts() == {p: str(scores[p]) for p in match.players}
    assert len(display.entry_lines()) == min(3, len(match.entries))


GAME_LINE = re.compile(r"^game:\s*(\w+)", re.MULTILINE)


def longest_scenarios() -> dict[str, Path]:
    """Each game's longest scenario file: the richest state the tests hold for it."""
    out: dict[str, Path] = {}
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        named = GAME_LINE.search(path.read_text(encoding="utf-8"))
        if named is None:
            continue
        game = named.group(1)
        if game not in out or path.stat().st_size > out[game].stat().st_size:
            out[game] = path
    return out


def test_every_game_with_a_scenario_draws_on_the_display_in_both_languages(qtbot) -> None:
    language = Language("en")
    display = AudienceDisplay(language=language)
    qtbot.addWidget(display)
    display.resize(1280, 720)
    games = longest_scenarios()
    assert len(games) >= 45
    for game, path in games.items():
        match = fold(path)
        language.set("en")
        feed(display, game, match, match.last_verdicts)
        assert type(display.game_view) is view_class(game)
        scores = match.view()["scores"]
        assert display.score_texts() == {p: str(scores[p]) for p in match.players}, game
        language.set("ru")
        assert not display.grab().isNull()
        assert display.game_view.glyphs(), game
