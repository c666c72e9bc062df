"""The card renderer (issue 9): scenes are reproducible and their labels say where each card and
its index really are, which cards lie on which, and what the trump is."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from vision.cards import faces
from vision.cards.faces import (
    FACE_H,
    FACE_W,
    FONT_STYLES,
    HELD_OUT,
    HELD_OUT_FONTS,
    STYLES,
    TRAINING_STYLES,
    draw_face,
)
from vision.synth.cards import (
    ALL_CARDS,
    court_picture,
    index_quads,
    overlap,
    render_dataset,
    render_scene,
)
from vision.types import Box


def ink_share(image: np.ndarray, box: list[float]) -> float:
    """Share of pixels in ``box`` dark or red enough to be printed ink."""
    x, y, w, h = (round(v) for v in box)
    region = image[y : y + h, x : x + w].astype(np.int32)
    dark = region.mean(axis=2) < 110
    red = (region[..., 2] - np.maximum(region[..., 0], region[..., 1])) > 60
    return float((dark | red).mean())


def test_same_seed_same_scene_and_other_seed_other_scene() -> None:
    first, labels = render_scene(np.random.default_rng(5))
    again, labels_again = render_scene(np.random.default_rng(5))
    other, _ = render_scene(np.random.default_rng(6))
    assert np.array_equal(first, again) and labels == labels_again
    assert not np.array_equal(first, other)


def test_visible_index_boxes_show_ink_and_covers_are_consistent() -> None:
    rng = np.random.default_rng(11)
    checked = covered = 0
    for _ in range(6):
        image, labels = render_scene(rng)
        cards = {card["card"]: card for card in labels["cards"]}
        for card in labels["cards"]:
            for box in card["index_boxes"]:
                assert ink_share(image, box) > 0.04, (card["card"], box)
                checked += 1
            if card["covered_by"] is not None:
                covered += 1
                top = cards[card["covered_by"]]
                assert top["covers"] == card["card"]
                quad, cover = np.float32(card["quad"]), np.float32(top["quad"])
                assert overlap(quad, cover) > 0
                assert overlap(index_quads(quad)[0], cover) == 0  # its top-left index is clear
    assert checked > 20 and covered > 0


def test_trump_lies_crosswise_and_cards_are_of_the_scene_deck() -> None:
    rng = np.random.default_rng(2)
    seen_trump = False
    for _ in range(6):
        _, labels = render_scene(rng)
        size = labels["deck"]["size"]
        lowest = {52: 2, 36: 6, 32: 7}[size]
        for card in labels["cards"]:
            rank = card["card"][:-1]
            assert rank in "JQKA" or int(rank) >= lowest
            if card["zone"] == "trump":
                seen_trump = True
                tl, tr = np.array(card["quad"][0]), np.array(card["quad"][1])
                stock = labels["backs"][0]["quad"]
                short = tr - tl
                stock_short = np.array(stock[1]) - np.array(stock[0])
                cosine = (
                    abs(short @ stock_short) / np.linalg.norm(short) / np.linalg.norm(stock_short)
                )
                assert cosine < 0.5  # the trump's short side runs along the stock's long side
    assert seen_trump


def test_dataset_files_and_yolo_classes(tmp_path) -> None:
    paths = render_dataset(tmp_path, 2, 3, style="mono", size=36, alphabet="russian")
    for path in paths:
        labels = json.loads(path.with_suffix(".json").read_text())
        assert labels["deck"] == {"size": 36, "alphabet": "russian", "style": "mono"}
        lines = path.with_suffix(".txt").read_text().split("\n")
        classes = [int(line.split()[0]) for line in lines if line]
        assert sorted(classes) == sorted(
            ALL_CARDS.index(next(c for c in ALL_CARDS if str(c) == card["card"]))
            for card in labels["cards"]
        )
        assert cv2.imread(str(path)).shape == (720, 1280, 3)


def test_russian_and_latin_faces_differ_only_for_court_cards_and_aces() -> None:
    from scoring.cards import Card

    style = STYLES["classic"]
    assert np.array_equal(
        draw_face(Card("7", "S"), style, "latin"), draw_face(Card("7", "S"), style, "russian")
    )
    assert not np.array_equal(
        draw_face(Card("Q", "S"), style, "latin"), draw_face(Card("Q", "S"), style, "russian")
    )


@pytest.mark.parametrize("name", sorted(STYLES))
def test_every_style_draws_both_alphabets_with_ink_in_its_index(name: str) -> None:
    """Every deck style's font is on the machine (``.ci/run`` installs Debian's font packages)
    and prints Latin and Cyrillic ranks: the top-left index holds ink, the middle of the
    card's left edge none."""
    from scoring.cards import Card

    style = STYLES[name]
    for card, alphabet in ((Card("10", "H"), "latin"), (Card("Q", "S"), "russian")):
        face = draw_face(card, style, alphabet)
        index = [style.left * FACE_W, style.rank_top * FACE_W, 0.16 * FACE_W, 0.15 * FACE_W]
        assert ink_share(face, index) > 0.1
        assert ink_share(face, [4, 0.45 * FACE_H, 0.05 * FACE_W, 0.1 * FACE_H]) == 0.0


def test_a_missing_card_font_is_one_error_naming_its_package(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(faces, "FONT_ROOT", tmp_path)
    faces.glyph.cache_clear()
    try:
        with pytest.raises(FileNotFoundError, match=r"install Debian's fonts-urw-base35"):
            faces.glyph("opentype/urw-base35/NimbusSans-Bold.otf", "K")
    finally:
        faces.glyph.cache_clear()


def test_held_out_fonts_are_styles_no_training_list_holds() -> None:
    assert set(HELD_OUT_FONTS) <= set(STYLES)
    assert not set(HELD_OUT_FONTS) & set(FONT_STYLES + TRAINING_STYLES)
    assert HELD_OUT not in FONT_STYLES + TRAINING_STYLES


def test_court_pictures_change_the_picture_and_keep_the_index() -> None:
    from scoring.cards import Card

    style = STYLES["nimbus-sans"]
    plain = draw_face(Card("K", "H"), style, "latin")
    face = plain.copy()
    court_picture(face, np.random.default_rng(3))
    picture = (slice(round(0.2 * FACE_H), round(0.8 * FACE_H)), slice(70, 170))
    assert np.abs(face[picture].astype(int) - plain[picture]).mean() > 10
    index = (slice(0, round(0.3 * FACE_W)), slice(0, round(0.2 * FACE_W)))
    assert np.array_equal(face[index], plain[index])


def test_papers_lie_beside_the_cards_and_are_labelled() -> None:
    """A scene with papers labels each one's box in the frame, clear of every card."""
    image, labels = render_scene(np.random.default_rng(11), papers=3)
    assert labels["papers"]
    height, width = image.shape[:2]
    for sheet in labels["papers"]:
        x, y, w, h = sheet
        assert x >= 0 and y >= 0 and x + w <= width and y + h <= height and w > 20 and h > 20
        region = image[round(y) : round(y + h), round(x) : round(x + w)]
        assert region.std() > 10  # something printed or painted, not bare table
        for card in labels["cards"]:
            assert Box(*sheet).iou(Box(*card["box"])) < 0.1
    assert "papers" not in render_scene(np.random.default_rng(11))[1]


def test_a_suit_printed_beside_the_rank_stands_to_its_right_not_under_it() -> None:
    """Many continental decks print the index suit beside the rank: the glyph reader's
    training draws some so (``IndexStyle.suit_beside``), and a style drawn as before is
    unchanged."""
    from dataclasses import replace

    from scoring.cards import Card

    style = STYLES["classic"]
    beside = replace(style, suit_beside=True)
    card = Card("7", "S")
    under = [style.left * FACE_W, (style.rank_top + style.rank_height + 0.04) * FACE_W]
    under_box = [*under, 0.1 * FACE_W, 0.08 * FACE_W]
    right_of = [(style.left + 0.13) * FACE_W, style.rank_top * FACE_W, 0.1 * FACE_W]
    right_box = [*right_of, style.rank_height * FACE_W]
    assert ink_share(draw_face(card, style, "latin"), under_box) > 0.1
    assert ink_share(draw_face(card, style, "latin"), right_box) < 0.02
    assert ink_share(draw_face(card, beside, "latin"), under_box) < 0.02
    assert ink_share(draw_face(card, beside, "latin"), right_box) > 0.1


def test_training_fonts_keep_the_held_out_families_out_and_know_which_write_cyrillic() -> None:
    from dataclasses import replace

    from vision.cards.training_fonts import WIDER_FONT_STYLES, writes_cyrillic

    names = [style.name for style in WIDER_FONT_STYLES]
    assert len(set(names)) == len(names)
    assert not set(names) & (set(HELD_OUT_FONTS) | set(STYLES))
    assert writes_cyrillic(STYLES["classic"])
    dingbats = "opentype/urw-base35/D050000L.otf"  # URW's dingbats: no letters at all
    assert not writes_cyrillic(replace(STYLES["classic"], name="dingbats", font=dingbats))
