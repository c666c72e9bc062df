"""The per-game views, offscreen: each family folds a real game, shows it, is checked on what
it draws (scores, dice, cards, tiles, fallen skittles) and saves a screenshot to
``test-output/screens/`` for the docs and for a person to look at.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtGui import QColor

from scoring import scenario
from scoring.engine import open_now
from scoring.match import Match
from scoring.registry import catalogue, create_engine
from ui.qt.snapshot import render_png
from ui.qt.views import (
    CardSheetView,
    DiceView,
    DominoView,
    DurakView,
    GameView,
    ScoresView,
    SkittlesView,
    create_view,
    view_class,
)
from ui.qt.views.chain import placements
from ui.qt.views.painting import card_label

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ROOT / "test-output" / "screens"
SCENARIOS = ROOT / "tests" / "scenarios"
DEMO = ROOT / "ui" / "demo" / "yahtzee-night.yaml"
SIZE = (1400, 760)


def fold(path: Path, steps: int | None = None) -> Match:
    """A scenario's actions (not its expectations) through a fresh match, all or the first
    ``steps``; refused actions are skipped as the scenario expects them to be."""
    loaded = scenario.load(path)
    match = loaded.match()
    done = 0
    for step in loaded.steps:
        if "expect" in step:
            continue
        match.submit(loaded.split_step(step)[0])
        done += 1
        if steps is not None and done >= steps:
            break
    return match


def play(game: str, players: Iterable[str], actions: Iterable[Mapping[str, Any]], **options):
    match = Match(create_engine(game, None, options or None), list(players))
    for action in actions:
        outcome = match.submit(action)
        assert outcome.accepted, (action, outcome.error)
    return match


def shown(view: GameView, match: Match, name: str, lang: str = "en") -> Path:
    view.show_state(match.view(), match.engine.score_sheet(match.state), lang, match.last_verdicts)
    return render_png(view, SCREENS / f"{name}.png", SIZE)


def colour_at(path: Path, x: float, y: float) -> QColor:
    from PySide6.QtGui import QImage

    return QImage(str(path)).pixelColor(round(x), round(y))


def test_every_game_gets_a_view_and_the_families_their_own() -> None:
    kinds = {game: view_class(game) for game in catalogue()}
    assert len(kinds) == len(catalogue())
    assert kinds["yahtzee"] is DiceView and kinds["farkle"] is DiceView
    assert kinds["durak"] is DurakView
    assert kinds["kozel"] is DominoView and kinds["fives"] is DominoView
    assert kinds["seven_skittles"] is SkittlesView and kinds["five_pins"] is SkittlesView
    assert kinds["deberts"] is CardSheetView and kinds["card_thousand"] is CardSheetView
    assert kinds["golf"] is ScoresView  # the fallback: the score sheet


def test_dice_sheet_shows_the_scores_and_the_throw_with_kept_dice(qtbot) -> None:
    match = fold(DEMO, 20)  # Anna has thrown 5 5 1 2 3 and kept the fives
    view = DiceView()
    qtbot.addWidget(view)
    path = shown(view, match, "view_dice_yahtzee")
    texts = view.texts()
    assert texts[:2] == ["Anna", "Boris"]
    assert texts[texts.index("Fours") : texts.index("Fours") + 2] == ["Fours", "16"]
    total = texts.index("Total")
    assert texts[total : total + 3] == ["Total", "40", "80"]
    dice = view.found("die")
    assert [g.value for g in dice] == [5, 5, 1, 2, 3]
    assert [g.has("kept") for g in dice] == [True, True, False, False, False]
    assert "Throw 1 of 3" in texts
    # A die is ivory with ink pips: the centre pip of the 5 is dark, its corner light.
    die = dice[0].rect
    assert colour_at(path, die.center().x(), die.center().y()).lightness() < 60
    assert colour_at(path, die.left() + die.width() * 0.5, die.top() + die.height() * 0.2) == (
        QColor("#fbf8ef")
    )


def test_dice_sheet_in_russian(qtbot) -> None:
    view = DiceView()
    qtbot.addWidget(view)
    shown(view, fold(DEMO, 20), "view_dice_yahtzee_ru", "ru")
    texts = view.texts()
    assert "Четвёрки" in texts and "Итого" in texts and "Бросок 1 из 3" in texts
    assert "Fours" not in texts


def test_durak_table_draws_the_bout_trump_stock_and_hands(qtbot) -> None:
    match = play(
        "durak",
        ["Anna", "Boris", "Vera"],
        [
            {"do": "deal", "trump": "9H"},
            {"do": "attack", "by": "Anna", "cards": ["7C"]},
            {"do": "defend", "by": "Boris", "beat": "7C", "with": "10C"},
            {"do": "throw_in", "by": "Anna", "cards": ["10D"]},
            {"do": "defend", "by": "Boris", "beat": "10D", "with": "QD"},
            {"do": "throw_in", "by": "Vera", "cards": ["QS"]},
        ],
    )
    view = DurakView()
    qtbot.addWidget(view)
    shown(view, match, "view_durak")
    attacks = [g.value for g in view.found("card", "attack")]
    defences = [g.value for g in view.found("card", "defence")]
    assert attacks == ["7C", "10D", "QS"] and defences == ["10C", "QD"]
    assert [g.value for g in view.found("card", "trump")] == ["9H"]
    assert [g.value for g in view.found("card_back")] == [4, 4, 5]
    texts = view.texts()
    assert "Stock 18" in texts and "defends" in texts and "attacks" in texts
    # The beating card lies across the lower right of the card it beats.
    first, beat = view.found("card", "attack")[0].rect, view.found("card", "defence")[0].rect
    assert beat.left() > first.left() and beat.top() > first.top()
    assert beat.intersects(first)


def test_durak_in_russian_uses_russian_ranks(qtbot) -> None:
    match = play(
        "durak",
        ["Anna", "Boris"],
        [{"do": "deal", "trump": "AS"}, {"do": "attack", "by": "Anna", "cards": ["QD"]}],
    )
    view = DurakView()
    qtbot.addWidget(view)
    shown(view, match, "view_durak_ru", "ru")
    assert card_label("QD", "ru") == ("Д", "♦", True)
    assert card_label("AS", "ru") == ("Т", "♠", False)
    assert card_label("JC", "en") == ("J", "♣", False)
    assert "Козырь" in view.texts() and "отбивается" in view.texts()


def test_domino_chain_with_a_spinner_marks_the_four_open_ends(qtbot) -> None:
    match = fold(SCENARIOS / "dominoes" / "t29_worked_examples.yaml")
    view = DominoView()
    qtbot.addWidget(view)
    shown(view, match, "view_dominoes_fives")
    state = match.view()
    tiles = view.found("tile")
    assert len(tiles) == len(state["layout"]) == 8
    ends = {g.style: g.value for g in view.found("end")}
    assert ends == state["ends"] == {"left": 5, "right": 3, "up": 4, "down": 5}
    crosswise = [g for g in tiles if g.has("cross")]
    assert sorted(g.value for g in crosswise) == [(2, 2), (3, 3), (5, 5)]
    spinner = view.found("tile", "spinner")[0].rect
    assert spinner.height() > spinner.width()  # across the line of play
    up = next(g for g in view.found("end") if g.style == "up").rect
    assert up.center().y() < spinner.top()
    assert "Ends add up to 20" in view.texts()[0]


def test_domino_history_is_found_from_the_open_ends() -> None:
    # 3-3 could go on either 3; only the right end's history shows left 5, right 3.
    tiles = ["5-5", "0-5", "3-5", "0-2", "4-5", "2-2", "2-5", "3-3"]
    ends = {"left": 5, "right": 3, "up": 4, "down": 5}
    assert placements(tiles, ends, "5-5") == [
        None,
        "left",
        "right",
        "left",
        "up",
        "left",
        "left",
        "right",
    ]


def test_a_long_domino_line_snakes_over_rows(qtbot) -> None:
    match = Match(create_engine("draw_dominoes", None, {"information": "full"}), ["Anna", "Boris"])
    hands = [
        ["6-6", "5-6", "4-6", "3-6", "2-6", "1-6", "0-6"],
        ["5-5", "4-5", "3-5", "2-5", "1-5", "0-5", "0-0"],
    ]
    assert match.submit({"do": "deal", "hands": hands}).accepted
    seen = {t for hand in hands for t in hand}
    from scoring.dominoes.tiles import full_set

    boneyard = [str(t) for t in full_set() if str(t) not in seen]
    while len(match.view()["layout"]) < 16:
        legal = open_now(match.engine, match.state)
        lays = [a for a in legal if a.verb == "lay"]
        action = (lays or legal)[0].to_dict()
        if action["do"] == "draw":
            action["tile"] = boneyard.pop(0)
        assert match.submit(action).accepted
    view = DominoView()
    qtbot.addWidget(view)
    shown(view, match, "view_dominoes_snake")
    tiles = view.found("tile")
    assert len(tiles) == len(match.view()["layout"])
    rows = {round(g.rect.center().y()) for g in tiles if not g.has("cross")}
    assert len(rows) >= 2
    assert sorted(g.value for g in view.found("end")) == sorted(match.view()["ends"].values())


def test_seven_skittles_marks_the_fallen_skittles(qtbot) -> None:
    match = fold(SCENARIOS / "carom" / "seven_skittles" / "a02_cue_cushion_first.yaml")
    view = SkittlesView()
    qtbot.addWidget(view)
    path = shown(view, match, "view_seven_skittles")
    fallen = {g.value for g in view.found("skittle", "fallen")}
    assert fallen == {"big", "small_rear"}
    assert len(view.found("skittle", "up")) == 5
    texts = view.texts()
    assert texts[texts.index("Anna") + 1] == "270" and texts[texts.index("Boris") + 1] == "300"
    assert "This inning 30" in texts
    # The fallen big skittle is a red cross on its mark.
    big = next(g for g in view.found("skittle") if g.value == "big").rect
    red = colour_at(path, big.center().x(), big.center().y())
    assert red.red() > 180 and red.green() < 100


def test_five_pins_marks_the_pins_the_shot_felled(qtbot) -> None:
    match = fold(SCENARIOS / "carom" / "five_pins" / "b01_object_ball_fells_two_outer_pins.yaml")
    view = SkittlesView()
    qtbot.addWidget(view)
    shown(view, match, "view_five_pins")
    assert {g.value for g in view.found("skittle", "fallen")} == {"upper", "left"}
    assert [g.value for g in view.found("skittle", "red")] == ["centre"]
    texts = view.texts()
    assert texts[texts.index("Anna") + 1] == "4" and "to 60 · games 0" in texts


def test_deberts_sheet_shows_running_totals_and_the_trick(qtbot) -> None:
    match = fold(SCENARIOS / "cards" / "deberts" / "d20_tie_hangs.yaml", 40)
    view = CardSheetView()
    qtbot.addWidget(view)
    shown(view, match, "view_deberts")
    state = match.view()
    texts = view.texts()
    total = texts.index("Total")
    assert texts[total + 1 : total + 3] == [str(state["scores"][p]) for p in state["players"]]
    assert "Running total" in texts or any(t.startswith("Hand 1") for t in texts)
    trick = [g.value for g in view.found("card", "trick")]
    assert trick == [card for _, card in state["trick"] or state["last_trick"]]
    assert [g.value for g in view.found("suit")] == [state["trump"]]


def test_thousand_sheet_keeps_the_total_when_rows_overflow(qtbot) -> None:
    match = fold(SCENARIOS / "cards" / "thousand" / "t38_barrel_page_a_three_falls.yaml")
    view = CardSheetView()
    qtbot.addWidget(view)
    view.show_state(match.view(), match.engine.score_sheet(match.state), "ru")
    sheet = match.engine.score_sheet(match.state)
    # In a window of its own every row fits: nothing is hidden.
    render_png(view, SCREENS / "view_thousand_ru.png", (1400, 560))
    texts = view.texts()
    assert not any(t.startswith("ещё строк выше") for t in texts)
    assert all(row["ru"] in texts for row in sheet["rows"])
    # A thin strip of a 4K window cannot hold them at the smallest text: the earliest go,
    # a line says how many, the total stays.
    view.set_reference_height(2160)
    render_png(view, SCREENS / "view_thousand_ru_overflow.png", (1400, 560))
    texts = view.texts()
    assert "Итого" in texts
    assert texts[-3:] == [str(sheet["rows"][-1]["cells"][p]) for p in sheet["columns"]]
    assert any(t.startswith("ещё строк выше") for t in texts)


def test_the_fallback_view_shows_any_games_sheet(qtbot) -> None:
    match = fold(max((SCENARIOS / "cards" / "golf").glob("*.yaml"), key=lambda p: p.stat().st_size))
    view = create_view("golf")
    qtbot.addWidget(view)
    shown(view, match, "view_golf_fallback")
    sheet = match.engine.score_sheet(match.state)
    texts = view.texts()
    assert texts[: len(sheet["columns"])] == list(sheet["columns"])
    assert sheet["rows"][-1]["en"] in texts


def test_switching_language_redraws_the_same_state(qtbot) -> None:
    view = DominoView()
    qtbot.addWidget(view)
    match = fold(SCENARIOS / "dominoes" / "t29_worked_examples.yaml")
    shown(view, match, "view_dominoes_fives")
    english = view.texts()
    view.set_language("ru")
    assert view.texts() != english and view.texts()[0].startswith("Раунд 1")
    assert len(view.found("tile")) == 8
