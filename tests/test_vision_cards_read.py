"""Reading cards on rendered tables (issue 9): both readers find and name the cards, covered
cards included, a table at rest becomes the session's facts, and ``detect cards`` prints the
documented JSON; a bad image is named."""

from __future__ import annotations

import json

import cv2
import pytest

from ui.commands import CommandError
from ui.commands._cards import detect_cards
from vision.cards.deck import resolve_deck
from vision.cards.evaluate import evaluate_cards
from vision.cards.readers import learned, template
from vision.synth.cards import render_dataset


@pytest.fixture(scope="module")
def scenes(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scenes")
    render_dataset(folder, 4, 77, style="mono", size=36, alphabet="latin")
    return folder


@pytest.mark.parametrize("make", [learned, template])
def test_cards_read_right_including_overlapped(scenes, make) -> None:
    report = evaluate_cards(make(resolve_deck("36-latin-mono")), scenes)
    assert report.visible.labelled > 5 and report.overlapped.labelled > 3
    assert report.visible.right >= 0.85 * report.visible.labelled
    assert report.overlapped.right >= 0.8 * report.overlapped.labelled
    assert report.covered_right >= 0.8 * report.covered_checked


def test_detect_json_shape_and_a_bad_image(scenes, tmp_path, capsys) -> None:
    bad = tmp_path / "bad.jpg"
    bad.write_text("not an image")
    image = scenes / "scene_0.jpg"
    status = detect_cards([image, bad, tmp_path / "missing.png"], "36", None, as_json=True)
    out, err = capsys.readouterr()
    assert status == 2
    assert f"error: {bad}: not a readable image" in err and "missing.png: no such file" in err
    (line,) = out.splitlines()
    found = json.loads(line)
    assert found["image"] == str(image) and found["cards"]
    truth = {c["card"] for c in json.loads(image.with_suffix(".json").read_text())["cards"]}
    for card in found["cards"]:
        assert set(card) >= {"card", "box", "confidence", "covered_by"}
        assert len(card["box"]) == 4 and 0.0 <= card["confidence"] <= 1.0
        assert card["covered_by"] is None or card["covered_by"] in truth
    assert {card["card"] for card in found["cards"]} <= truth


def test_unknown_reader_or_deck_is_a_command_error(scenes) -> None:
    with pytest.raises(CommandError, match="unknown cards reader"):
        detect_cards([scenes / "scene_0.jpg"], "52", "magic", as_json=True)
    with pytest.raises(CommandError, match="deck name"):
        detect_cards([scenes / "scene_0.jpg"], "53", None, as_json=True)


def test_a_rendered_table_at_rest_becomes_the_session_facts(scenes) -> None:
    from vision.cards.facts import CardPlaced
    from vision.cards.observe import CardObserver

    image = cv2.imread(str(scenes / "scene_1.jpg"))
    truth = json.loads((scenes / "scene_1.json").read_text())["cards"]
    reader, observer = learned(resolve_deck("36")), CardObserver(frames=3)
    facts = []
    for index in range(3):
        facts += observer.update(reader.read(image), index, index / 30)
    assert facts and all(isinstance(fact, CardPlaced) for fact in facts)
    placed = {(f.card, f.zone, f.covers) for f in facts}
    expected = {(c["card"], c["zone"], c["covers"]) for c in truth if c["index_boxes"]}
    assert len(placed & expected) >= 0.8 * len(expected)
    order = [f.card for f in facts]
    for fact in facts:  # a defence comes after the attack card it covers
        if fact.covers is not None and fact.covers in order:
            assert order.index(fact.covers) < order.index(fact.card)
