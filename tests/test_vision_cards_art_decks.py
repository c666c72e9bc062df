"""Real deck designs in the card renderer (issue 21): every deck of Debian's card-deck package
draws every card of a 52-card deck with its own rounded outline, scenes drawn in them are
labelled like ours, and the held-out decks are in no training list."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from scoring.cards import Card, deck
from vision.cards import art_decks
from vision.cards.art_decks import (
    ART_DECKS,
    HELD_OUT_DECKS,
    TRAINING_DECKS,
    ArtDeckError,
    art_face,
    element,
)
from vision.cards.faces import FACE_H, FACE_W
from vision.synth.cards import render_dataset, render_scene

pytest.importorskip("PySide6.QtSvg")


def test_elements_are_named_as_the_decks_name_their_cards() -> None:
    assert element(Card("A", "S")) == "1_spade"
    assert element(Card("10", "H")) == "10_heart"
    assert element(Card("Q", "D")) == "queen_diamond"
    assert element(Card("J", "C")) == "jack_club"


@pytest.mark.parametrize("name", ART_DECKS)
def test_every_deck_draws_a_whole_card_with_rounded_corners(name: str) -> None:
    drawn = [art_face(name, card) for card in (Card("A", "S"), Card("7", "D"), Card("K", "H"))]
    for art in drawn:
        assert art.face.shape == (FACE_H, FACE_W, 3) and art.face.dtype == np.uint8
        inside = art.alpha[FACE_H // 4 : 3 * FACE_H // 4, FACE_W // 4 : 3 * FACE_W // 4]
        assert (inside == 255).all(), name  # the card is solid inside its outline
        assert art.alpha.mean() / 255 > 0.9, name  # ... and fills the face
    # The ace, the seven and the king are three different pictures.
    assert not np.array_equal(drawn[0].face, drawn[2].face)
    assert np.abs(drawn[1].face.astype(int) - drawn[2].face.astype(int)).mean() > 5


def test_the_decks_own_rounded_corners_are_the_outline() -> None:
    rounded = [name for name in ART_DECKS if art_face(name, Card("5", "C")).alpha[0, 0] == 0]
    assert len(rounded) >= len(ART_DECKS) - 2  # konqi-modern's cards are square


def test_every_card_of_a_52_card_deck_is_drawn() -> None:
    for name in ("standard", HELD_OUT_DECKS[0]):
        faces = {str(card): art_face(name, card).face for card in deck(52)}
        assert len(faces) == 52


def test_an_unknown_or_uninstalled_deck_is_one_error_naming_the_package(monkeypatch, tmp_path):
    with pytest.raises(ArtDeckError, match="not a deck of kdegames-card-data-kf5"):
        art_decks.deck_file("bicycle")
    monkeypatch.setattr(art_decks, "ART_ROOT", tmp_path)
    with pytest.raises(ArtDeckError, match=r"apt-get install kdegames-card-data-kf5$"):
        art_decks.deck_file("standard")


def test_held_out_decks_are_in_no_training_list() -> None:
    assert set(HELD_OUT_DECKS) <= set(ART_DECKS)
    assert not set(HELD_OUT_DECKS) & set(TRAINING_DECKS)
    assert set(TRAINING_DECKS) | set(HELD_OUT_DECKS) == set(ART_DECKS)


def test_a_scene_in_a_deck_design_is_labelled_with_it_and_reproducible() -> None:
    image, labels = render_scene(np.random.default_rng(3), art="gm-paris")
    again, labels_again = render_scene(np.random.default_rng(3), art="gm-paris")
    ours, _ = render_scene(np.random.default_rng(3))
    assert np.array_equal(image, again) and labels == labels_again
    assert labels["deck"]["style"] == "gm-paris" and labels["deck"]["alphabet"] == "latin"
    assert not np.array_equal(image, ours)
    latin = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
    assert labels["cards"] and all(c["card"][:-1] in latin for c in labels["cards"])


def test_a_dataset_lays_its_cards_on_the_given_tables(tmp_path) -> None:
    table = np.full((300, 400, 3), (20, 200, 240), np.uint8)  # a yellow cloth no drawn one has
    [path] = render_dataset(tmp_path, 1, 5, art="standard", backgrounds=[table])
    import cv2

    image = cv2.imread(str(path))
    corner = image[:40, :40].reshape(-1, 3).mean(axis=0)
    assert corner[2] > 150 and corner[0] < 120  # red and green high, blue low: the yellow table


def test_a_single_card_photo_outlines_its_card_on_the_given_table() -> None:
    from vision.cards.faces import style_named
    from vision.synth.cards import single_card

    table = np.full((200, 300, 3), (20, 200, 240), np.uint8)
    image, quad = single_card(
        np.random.default_rng(2), Card("4", "H"), style_named("classic"), "latin",
        art="standard", background=table, widths=(250, 260),
    )  # fmt: skip
    assert image.shape == (480, 640, 3) and quad.shape == (4, 2)
    assert 245 < np.linalg.norm(quad[1] - quad[0]) < 265  # the card is as wide as asked
    inside = np.round(quad.mean(axis=0)).astype(int)
    assert image[inside[1], inside[0]].mean() > 150  # the card (light stock) lies at its outline
    assert image[5, 5, 2] > 150 and image[5, 5, 0] < 120  # the table round it is the yellow one


def test_a_window_opens_after_a_deck_was_drawn_first() -> None:
    """Drawing a deck makes the process's Qt application; a window made after it must not
    abort Qt (a bare QGuiApplication made the test suite's later windows abort)."""
    script = (
        "from scoring.cards import Card\n"
        "from vision.cards.art_decks import HELD_OUT_DECKS, art_face\n"
        "art_face(HELD_OUT_DECKS[0], Card('Q', 'H'))\n"
        "from PySide6.QtWidgets import QLabel\n"
        "print(QLabel('drawn').text())\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "drawn"
