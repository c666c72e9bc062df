"""The audience display on a TV across the room, offscreen, at 1280x720, 1920x1080 and
3840x2160: every family's view is laid out and checked on its geometry (no text below
``style.MIN_TEXT`` of the window's height, nothing outside its widget, no two texts or pieces
on top of each other, no label's text cut off), a full Yahtzee sheet hides no row at 720p, a
finished game shows its result, the foul banner says "Foul" once and covers no player, and the
windows carry their titles.  Each case is saved to ``test-output/screens/tv_*.png`` for a
person to look at.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QFrame, QLabel

from scoring.match import Match
from scoring.verdicts import Kind
from tests.test_qt_audience import feed, longest_scenarios
from tests.test_qt_views import DEMO, SCENARIOS, fold, play
from ui.qt.audience import AudienceDisplay
from ui.qt.snapshot import render_png
from ui.qt.views import DiceView, GameView, view_class
from ui.qt.views.painting import text_pixels
from ui.qt.views.style import MIN_TEXT

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ROOT / "test-output" / "screens"
SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
#: The sheet's text on the TV: at least this share of the window's height (18 px at 720p).
SHEET_TEXT = MIN_TEXT
#: Kinds of glyph that may lie under a text or a piece (backgrounds, the billiard cloth).
UNDER = ("band", "table", "mark")


def halfway(path: Path) -> Match:
    """A scenario folded to the middle of its actions: a game in progress."""
    whole = fold(path)
    return fold(path, max(1, len(whole.entries) // 2))


@pytest.fixture
def display(qtbot) -> AudienceDisplay:
    shown = AudienceDisplay(banner_ms=60_000)
    qtbot.addWidget(shown)
    shown.show()  # a shown window gets its resize events (fonts follow the height) at once
    return shown


def lay_out(display: AudienceDisplay, size: tuple[int, int], png: str | None = None) -> None:
    if png:
        render_png(display, SCREENS / f"tv_{png}_{size[0]}x{size[1]}.png", size)
    else:
        display.resize(*size)
    QApplication.processEvents()  # the seats' own layouts
    display.layout().activate()


def _overlap(a: QRectF, b: QRectF, slack: float = 1.0) -> bool:
    both = a.intersected(b)
    return both.width() > slack and both.height() > slack


def layout_problems(display: AudienceDisplay) -> list[str]:
    """What a viewer across the room would not read: small text, text cut off, a widget
    outside the window or on top of another, a glyph outside its view or on another one."""
    h = display.height()
    least = MIN_TEXT * h
    problems: list[str] = []
    window = display.rect()
    labels = [
        w
        for w in display.findChildren(QLabel)
        if w.isVisibleTo(display) and w is not display.banner
    ]
    for label in labels:
        where = QRect(label.mapTo(display, label.rect().topLeft()), label.size())
        if not window.contains(where):
            problems.append(f"label {label.text()!r} {where} outside the window {window}")
        if label.text() and label.font().pixelSize() < least - 0.5:
            problems.append(f"label {label.text()!r} at {label.font().pixelSize()} px")
        need = QFontMetrics(label.font()).horizontalAdvance(label.text())
        if label.text() and not label.wordWrap() and need > label.contentsRect().width() + 1:
            problems.append(f"label {label.text()!r} cut off: {need} > {label.width()}")
    # The window's parts: title, turn, seats, the view, the entries band.
    parts: list[tuple[str, QRect]] = [
        ("title", display.title.geometry()),
        ("turn", display.turn.geometry()),
        ("entries", display.entries_band()),
    ]
    parts += [
        (f"seat {frame.findChild(QLabel).text()}", frame.geometry())
        for frame in display.findChildren(QFrame, "seat")
        if frame.isVisibleTo(display)
    ]
    if len([p for p in parts if p[0].startswith("seat ")]) != len(display.score_texts()):
        problems.append("not every player's seat is shown")
    if display.game_view is not None:
        parts.append(("view", display.game_view.geometry()))
        if not display.game_view.isVisibleTo(display):
            problems.append("the game's view is not shown")
        stale = [v for v in display.findChildren(GameView) if v is not display.game_view]
        if any(v.isVisibleTo(display) for v in stale):
            problems.append("an earlier game's view is still shown")
    for index, (name, rect) in enumerate(parts):
        if not window.contains(rect):
            problems.append(f"{name} {rect} outside the window")
        for other, rect2 in parts[index + 1 :]:
            if rect.intersects(rect2):
                problems.append(f"{name} {rect} overlaps {other} {rect2}")
    if display.banner_visible():
        banner = display.banner.geometry()
        if not window.contains(banner):
            problems.append(f"banner {banner} outside the window")
        if display.banner.font().pixelSize() < least - 0.5:
            problems.append(f"banner text at {display.banner.font().pixelSize()} px")
        for name, rect in parts:
            if name != "entries" and banner.intersects(rect):
                problems.append(f"the banner covers the {name}")
    view = display.game_view
    if view is None:
        return problems
    area = QRectF(view.rect()).adjusted(-1, -1, 1, 1)
    glyphs = view.glyphs()
    for glyph in glyphs:
        if not area.contains(glyph.rect):
            problems.append(f"{glyph.kind} {glyph.value!r} {glyph.rect} outside the view {area}")
        if glyph.kind == "text" and text_pixels(glyph) < least - 0.5:
            problems.append(f"text {glyph.value!r} at {text_pixels(glyph)} px < {least:.1f}")
    shapes = [g for g in glyphs if g.kind not in UNDER]
    for index, glyph in enumerate(shapes):
        for other in shapes[index + 1 :]:
            if glyph.kind == "card" and other.kind == "card":
                continue  # a beating card lies across the card it beats
            texts = "text" in (glyph.kind, other.kind)
            if _overlap(glyph.rect, other.rect, slack=1.0 if texts else 2.0):
                problems.append(f"{glyph.kind} {glyph.value!r} on {other.kind} {other.value!r}")
    return problems


def sheet_texts(display: AudienceDisplay) -> list[str]:
    assert display.game_view is not None
    return display.game_view.texts()


# ---------------------------------------------------------------------------------------------
# Every family, in play and finished, at every size.

#: One game of each family and view (the dice sheet, the other dice games, Durak, the trick
#: games, the score sheet of Devyatka, golf, card ball and domino poker, the dominoes chain,
#: carom skittles), with the scenario that shows most of it.
SHOWCASE = {
    "yahtzee": DEMO,
    "poker_school": None,
    "farkle": None,
    "bunco": None,
    "liars_dice": None,
    "durak": None,
    "deberts": None,
    "card_thousand": None,
    "nine_card_don": None,
    "devyatka": None,
    "golf": None,
    "card_ball": None,
    "fives": None,
    "kozel": None,
    "domino_poker": None,
    "seven_skittles": SCENARIOS / "carom" / "seven_skittles" / "a02_cue_cushion_first.yaml",
    "five_pins": None,
}


def showcase() -> dict[str, Path]:
    longest = longest_scenarios()
    return {game: path or longest[game] for game, path in SHOWCASE.items()}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_family_reads_from_across_the_room(display: AudienceDisplay, size) -> None:
    problems: dict[str, list[str]] = {}
    for game, path in showcase().items():
        for stage, match in (("play", halfway(path)), ("end", fold(path))):
            feed(display, game, match, match.last_verdicts)
            lay_out(display, size, f"{game}_{stage}")
            assert type(display.game_view) is view_class(game)
            found = layout_problems(display)
            if found:
                problems[f"{game} {stage}"] = found
    assert not problems, "\n".join(f"{k}: {v[:2]}" for k, v in problems.items())


def test_every_game_lays_out_at_720p(display: AudienceDisplay) -> None:
    """Not only the showcase: every game with a scenario, in the smallest size."""
    problems: dict[str, list[str]] = {}
    for game, path in longest_scenarios().items():
        match = fold(path)
        feed(display, game, match, match.last_verdicts)
        lay_out(display, SIZES[0])
        found = layout_problems(display)
        if found:
            problems[game] = found
    assert not problems, "\n".join(f"{k}: {v[:2]}" for k, v in problems.items())


# ---------------------------------------------------------------------------------------------
# The score sheet.


def test_a_full_yahtzee_sheet_hides_no_row_at_720p(display: AudienceDisplay) -> None:
    match = fold(DEMO, 130)  # every row written but the last, dice on the table
    assert not match.view()["over"]
    feed(display, "yahtzee", match, match.last_verdicts)
    lay_out(display, SIZES[0], "yahtzee_full_sheet")
    sheet = match.engine.score_sheet(match.state)
    texts = sheet_texts(display)
    assert not any("earlier rows" in t for t in texts)
    assert all(row["en"] in texts for row in sheet["rows"])
    assert isinstance(display.game_view, DiceView) and display.game_view.found("die")
    sheet_text = [
        g for g in display.game_view.found("text") if g.has("title") or g.value in ("Anna", "Boris")
    ]
    assert min(text_pixels(g) for g in sheet_text) >= SHEET_TEXT * SIZES[0][1]
    assert not layout_problems(display)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_sheet_text_grows_with_the_screen(display: AudienceDisplay, size) -> None:
    match = fold(DEMO, 40)
    feed(display, "yahtzee", match, match.last_verdicts)
    lay_out(display, size)
    titles = [g for g in display.game_view.found("text") if g.has("title")]
    assert titles
    assert min(text_pixels(g) for g in titles) >= SHEET_TEXT * size[1]


# ---------------------------------------------------------------------------------------------
# The end of the game.


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_finished_game_shows_its_result(display: AudienceDisplay, size) -> None:
    match = fold(DEMO)
    view = match.view()
    assert view["over"] and view["winner"] == "Boris"
    feed(display, "yahtzee", match, match.last_verdicts)
    lay_out(display, size, "yahtzee_result")
    texts = sheet_texts(display)
    assert "Throw 0 of 3" not in texts and "Dice not thrown yet" not in texts
    assert "Game over" in texts and "Boris wins" in texts and "Final standings" in texts
    standing = texts[texts.index("Final standings") + 1 :]
    assert standing[:6] == ["1.", "Boris", "379", "2.", "Anna", "289"]
    assert not layout_problems(display)


def test_a_shared_win_ranks_the_winners_together(display: AudienceDisplay) -> None:
    match = fold(SCENARIOS / "dice" / "pig" / "finish_round_shared_win.yaml")
    view = match.view()
    assert view["over"] and isinstance(view["winner"], list) and len(view["winner"]) == 2
    feed(display, "pig", match, match.last_verdicts)
    lay_out(display, SIZES[1], "pig_shared_win")
    texts = sheet_texts(display)
    assert any(t.startswith("Shared win") for t in texts)
    standing = texts[texts.index("Final standings") + 1 :]
    assert standing[0] == standing[3] == "1."


def test_golf_ranks_the_fewest_points_first() -> None:
    from ui.qt.views.result import standings

    view = {"players": ["A", "B", "C"], "scores": {"A": 30, "B": 12, "C": 20}, "winner": "B"}
    assert [p for _, p, _ in standings(view)] == ["B", "C", "A"]
    view = {"players": ["A", "B"], "scores": {"A": 30, "B": 12}, "winner": "A"}
    assert [p for _, p, _ in standings(view)] == ["A", "B"]


# ---------------------------------------------------------------------------------------------
# Fouls and refusals.

FOULS = {
    "seven_skittles": SCENARIOS / "carom" / "seven_skittles" / "a09_miss.yaml",
}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_foul_banner_says_foul_once_and_covers_no_player(display, size) -> None:
    match = fold(FOULS["seven_skittles"])
    fouls = [v for v in match.last_verdicts if v.kind == Kind.FOUL]
    feed(display, "seven_skittles", match, match.last_verdicts)
    lay_out(display, size, "seven_skittles_foul")
    banner = display.banner_text() or ""
    assert banner.lower().count("foul") == 1, banner
    assert fouls[0].en.removeprefix("Foul: ") in banner
    assert display.turn.text() == "Boris to play"
    assert display.banner.geometry().intersects(display.entries_band())
    assert not layout_problems(display)
    # The players' own panels inside the view (Seven Skittles' countdowns) stay clear too.
    assert display.game_view is not None
    top = display.game_view.mapTo(display, display.game_view.rect().topLeft())
    for glyph in display.game_view.found("band", "turn") + display.game_view.found("band", "dark"):
        panel = glyph.rect.translated(top.x(), top.y()).toRect()
        assert not display.banner.geometry().intersects(panel)


def test_a_refused_move_banner_in_a_card_game(display: AudienceDisplay) -> None:
    match = play(
        "durak",
        ["Anna", "Boris", "Vera"],
        [{"do": "deal", "trump": "9H"}, {"do": "attack", "by": "Anna", "cards": ["7C"]}],
    )
    refused = match.submit({"do": "defend", "by": "Boris", "beat": "7C", "with": "6C"})
    feed(display, "durak", match, refused.verdicts)
    for size in SIZES:
        lay_out(display, size, "durak_illegal")
        assert (display.banner_text() or "").startswith("NOT ALLOWED: 6♣ does not beat 7♣")
        assert not layout_problems(display), size


def test_a_five_pins_foul(display: AudienceDisplay) -> None:
    path = max(
        (SCENARIOS / "carom" / "five_pins").glob("*.yaml"),
        key=lambda p: sum(v.kind == Kind.FOUL for v in fold(p).last_verdicts),
    )
    match = fold(path)
    feed(display, "five_pins", match, match.last_verdicts)
    for size in SIZES:
        lay_out(display, size, "five_pins_foul")
        if display.banner_visible():
            assert (display.banner_text() or "").lower().count("foul") == 1
        assert not layout_problems(display), size


# ---------------------------------------------------------------------------------------------
# Titles.


def test_the_audience_window_is_titled_with_the_game(display: AudienceDisplay) -> None:
    assert display.windowTitle() == "Table Referee (audience)"
    feed(display, "yahtzee", fold(DEMO, 3))
    assert display.windowTitle() == "Table Referee — Yahtzee (audience)"
    display.language.set("ru")
    assert display.windowTitle() == "Судья за столом — Яхтзи (зрители)"
