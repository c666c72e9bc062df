"""The live page draws every game's own view, as the audience display lays it out: the glyphs
of the family's view (ui/web/picture.py) painted as SVG by the page (static/picture.js).
Checked for every family without a browser (each view lays out with no widget and no Qt
application, as the feed builds it on the consumer thread), and in Debian's chromium for a
card game (Durak), a dominoes layout and Seven Skittles with a foul, each saved as a phone
screenshot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from live_browser import PHONE, chromium, screenshot_paths, served_table

from scoring.engine import OptionsError
from scoring.match import Match
from scoring.registry import catalogue, create_engine
from session.families import FAMILIES, family_for
from session.live import Submit
from ui.web.picture import DRAWN_BY_THE_PAGE, picture

SCENARIOS = Path(__file__).parent / "scenarios"
SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"


def scenario(relative: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A scenario file and its actions (its ``expect`` steps left out)."""
    data = yaml.safe_load((SCENARIOS / relative).read_text("utf-8"))
    return data, [step for step in data["steps"] if "do" in step]


def played(relative: str) -> tuple[str, Match]:
    data, actions = scenario(relative)
    engine = create_engine(data["game"], data.get("preset"), data.get("options"))
    match = Match(engine, data["players"])
    for action in actions:
        match.submit(action)
    return data["game"], match


def _seated(game_id: str) -> Match:
    """The game at its start with the fewest players from three down to two, or four."""
    for count in (3, 2, 4):
        try:
            return Match(create_engine(game_id), ["Anna", "Boris", "Vera", "Gleb"][:count])
        except OptionsError:
            continue
    raise AssertionError(f"{game_id}: seats neither 2, 3 nor 4 players")


# ---------------------------------------------------------------------------------------------
# Without a browser.


def test_every_family_with_a_view_of_its_own_gives_the_page_a_picture() -> None:
    """Each game of the catalogue lays out at its start in both languages, off any Qt
    application; only the dice and sheet views are left to the page's own elements."""
    seen: set[str] = set()
    for game_id in sorted(catalogue()):
        family = family_for(game_id)
        match = _seated(game_id)
        for lang in ("en", "ru"):
            shown = picture(game_id, match.view(), lang)
            if family.view in DRAWN_BY_THE_PAGE:
                assert shown is None
                continue
            assert shown is not None and shown["view"] == family.view, game_id
            assert shown["glyphs"], f"{game_id}: an empty picture"
            _, top, width, height = shown["box"]
            assert width > 0 and height > 0
            for glyph in shown["glyphs"]:
                _, y, _, h = glyph["r"]
                assert top - 0.5 <= y and y + h <= top + height + 0.5, (game_id, glyph)
        seen.add(family.view)
    wanted = {f.view for f in FAMILIES.values()} - DRAWN_BY_THE_PAGE
    assert wanted <= seen, f"views never laid out: {wanted - seen}"


def test_the_picture_carries_what_the_view_shows_in_the_language_asked() -> None:
    game, match = played("durak/t09_podkidnoy_throw_in_after_full_cover.yaml")
    english = picture(game, match.view(), "en")
    russian = picture(game, match.view(), "ru")
    assert english is not None and russian is not None
    cards = [g["v"] for g in english["glyphs"] if g["k"] == "card"]
    assert ["9", "♥", True] in cards  # the trump turned up
    assert ["J", "♣", False] in cards and ["9", "♦", True] in cards  # the bout
    assert ["В", "♣", False] in [g["v"] for g in russian["glyphs"] if g["k"] == "card"]
    texts = {g["v"] for g in russian["glyphs"] if g["k"] == "text"}
    assert "Козырь" in texts


# ---------------------------------------------------------------------------------------------
# In a real browser.


@pytest.fixture(scope="module")
def browser() -> Any:
    with chromium() as launched:
        yield launched


def _phone_page(browser: Any, base: str, lang: str, rows: int) -> Any:
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.goto(f"{base}/?lang={lang}")
    page.wait_for_selector(f'body[data-seq="{rows}"]')
    return page


def _save(page: Any, name: str) -> None:
    for path in screenshot_paths(name, SCREENS):
        page.screenshot(path=str(path), full_page=True)


def _shown(page: Any, kind: str) -> int:
    return int(page.locator(f'#picture g[data-kind="{kind}"]').count())


def test_durak_shows_the_bout_the_trump_and_the_hands(tmp_path: Path, browser: Any) -> None:
    data, actions = scenario("durak/t09_podkidnoy_throw_in_after_full_cover.yaml")
    with served_table(tmp_path / "durak.sqlite", "durak", data["players"], data["preset"]) as table:
        for action in actions:
            table.session.post(Submit(action))
        rows = len(table.wait_rows(len(actions)))
        page = _phone_page(browser, table.base, "ru", rows)
        assert page.locator("#picture").get_attribute("data-view") == "durak"
        cards = page.locator('#picture g[data-kind="card"]')
        shown = {cards.nth(i).get_attribute("data-card") for i in range(cards.count())}
        assert {"9♥", "9♣", "В♣", "9♦"} <= shown
        assert _shown(page, "card_back") == 4  # each player's hand as a count
        assert page.locator('#picture g[data-text="Козырь"]').count() == 1
        # the picture fits the phone's width and its text is not squeezed below reading size
        box = page.locator("#picture").bounding_box()
        assert box["width"] <= PHONE["width"]
        _save(page, "live-page-durak-phone-ru.png")
        # an action moves the picture on: the defender beats the second card
        before = cards.count()
        table.session.post(Submit({"do": "defend", "by": "P2", "beat": "9D", "with": "QD"}))
        page.wait_for_selector(f'body[data-seq="{rows + 1}"]')
        assert page.locator('#picture g[data-kind="card"]').count() == before + 1


def test_dominoes_shows_the_layout_tile_by_tile_with_its_open_ends(
    tmp_path: Path, browser: Any
) -> None:
    data, actions = scenario("dominoes/t29_worked_examples.yaml")
    game = data["game"]
    with served_table(tmp_path / "dom.sqlite", game, data["players"], data.get("preset")) as table:
        for action in actions:
            table.session.post(Submit(action))
        rows = len(table.wait_rows(len(actions)))
        page = _phone_page(browser, table.base, "en", rows)
        layout = table.session.view()["layout"]
        assert _shown(page, "tile") == len(layout)
        ends = page.locator('#picture g[data-kind="end"] text')
        shown = sorted(int(ends.nth(i).text_content()) for i in range(ends.count()))
        assert shown == sorted(table.session.view()["ends"].values())
        _save(page, "live-page-dominoes-phone-en.png")


def test_seven_skittles_shows_the_table_the_fallen_skittles_and_the_foul(
    tmp_path: Path, browser: Any
) -> None:
    data, actions = scenario("carom/seven_skittles/a14_all_seven_foul.yaml")
    path = tmp_path / "skittles.sqlite"
    with served_table(path, data["game"], data["players"], data["preset"]) as table:
        for action in actions:
            table.session.post(Submit(action))
        rows = len(table.wait_rows(len(actions)))
        page = _phone_page(browser, table.base, "en", rows)
        assert _shown(page, "table") == 1
        assert _shown(page, "skittle") == 7
        assert page.locator('#picture g[data-kind="skittle"].fallen').count() == 7
        assert page.locator("#banner").is_visible()
        assert "FOUL" in page.locator("#banner").inner_text()
        _save(page, "live-page-skittles-phone-en.png")


def test_a_sheet_game_keeps_its_dice_and_table_and_gets_no_picture(
    tmp_path: Path, browser: Any
) -> None:
    with served_table(tmp_path / "y.sqlite", "yahtzee", ["Anna", "Boris"]) as table:
        table.session.post(Submit({"do": "roll", "by": "Anna", "dice": [1, 2, 3, 4, 5]}))
        table.wait_rows(1)
        page = _phone_page(browser, table.base, "en", 1)
        assert page.locator("#picture").is_hidden()
        assert page.locator(".die").count() == 5
