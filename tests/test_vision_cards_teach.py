"""Teach mode (issue 9): a deck profile learned from one photo per card, saved and loaded back,
reads that deck's cards on the table; bad input is named."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ui.cli import main
from vision.cards.adapt import blank_of
from vision.cards.deck import DeckError, load_deck, resolve_deck
from vision.cards.detector import DetectorCards
from vision.cards.evaluate import evaluate_cards
from vision.cards.face_classifier import CROP_H, CROP_W
from vision.cards.readers import adapted, combined, template
from vision.cards.teach import TeachError, index_template, teach_deck
from vision.synth.cards import render_dataset, render_photos


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    return render_photos(tmp_path_factory.mktemp("photos"), 32, "russian", "serif", seed=4)


def test_teach_saves_a_profile_that_loads_back_and_reads_its_deck(photos, tmp_path, capsys) -> None:
    out = tmp_path / "serif.json"
    status = main(["deck", "teach", *map(str, photos), "--out", str(out), "--alphabet", "russian"])
    assert status == 0 and "32 of 32 cards" in capsys.readouterr().out
    profile = load_deck(out)
    assert (profile.size, profile.alphabet, len(profile.templates)) == (32, "russian", 32)
    again = teach_deck([("QS", cv2.imread(str(photos[0].with_name("QS.jpg"))))], "one", "russian")
    assert np.array_equal(again.templates["QS"], profile.templates["QS"])

    scenes = tmp_path / "scenes"
    render_dataset(scenes, 3, 21, style="serif", size=32, alphabet="russian")
    report = evaluate_cards(template(profile), scenes)
    read = report.visible.right + report.overlapped.right
    assert read >= 0.8 * (report.visible.labelled + report.overlapped.labelled)


def test_an_order_file_names_the_photos(photos, tmp_path) -> None:
    order = tmp_path / "order.txt"
    chosen = photos[:3]
    order.write_text(" ".join(p.stem for p in chosen) + "  # as laid out\n")
    out = tmp_path / "three.json"
    assert main(["deck", "teach", *map(str, chosen), "--out", str(out), "--order", str(order)]) == 0
    assert sorted(load_deck(out).templates) == sorted(p.stem for p in chosen)
    order.write_text("QS\n")
    assert main(["deck", "teach", *map(str, chosen), "--out", str(out), "--order", str(order)]) == 2


def test_a_photo_without_a_card_is_named(tmp_path) -> None:
    cloth = np.full((480, 640, 3), (40, 110, 30), np.uint8)
    with pytest.raises(TeachError, match=r"empty\.jpg: no card found"):
        index_template(cloth, "empty.jpg")
    with pytest.raises(TeachError, match="photographed twice: QS"):
        teach_deck([("QS", cloth), ("QS", cloth)], "x")


def test_bad_profiles_and_deck_names_are_named(tmp_path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"size": 40, "alphabet": "latin"}')
    with pytest.raises(DeckError, match="size must be one of"):
        load_deck(broken)
    with pytest.raises(DeckError, match="neither a profile file"):
        resolve_deck("russian")
    assert len(resolve_deck("36-russian-mono").templates) == 36


def test_the_adapted_reader_learns_the_taught_deck(photos, tmp_path) -> None:
    """Teach mode's reader: the learned reader fine-tuned on the taught templates still reads
    the deck on a table, and a taught template with its ink painted out is a blank corner."""
    profile = teach_deck([(p.stem, cv2.imread(str(p))) for p in photos], "serif", "russian")
    template_patch = profile.templates["10H"]
    blank = blank_of(template_patch)
    grey = cv2.cvtColor(blank, cv2.COLOR_BGR2GRAY)[4:, 4:]
    assert grey.min() > 0.8 * np.median(grey), "ink left in the blank corner"
    assert cv2.cvtColor(template_patch, cv2.COLOR_BGR2GRAY)[4:, 4:].min() < 0.5 * np.median(grey)

    scenes = tmp_path / "scenes"
    render_dataset(scenes, 3, 22, style="serif", size=32, alphabet="russian")
    report = evaluate_cards(adapted(profile), scenes)
    labelled = report.visible.labelled + report.overlapped.labelled
    assert labelled >= 10
    assert report.visible.right + report.overlapped.right >= 0.95 * labelled
    assert report.extra <= 1


def test_teach_keeps_the_detector_crops_and_the_taught_reader_reads_the_deck(
    photos, tmp_path
) -> None:
    """The detector reader's teach mode: each photo's card crop and table crops are saved with
    the profile and load back; the reader tuned on them reads that deck on a table."""
    out = tmp_path / "serif.json"
    assert (
        main(["deck", "teach", *map(str, photos), "--out", str(out), "--alphabet", "russian"]) == 0
    )
    profile = load_deck(out)
    assert len(profile.faces) == 32 and len(profile.tables) >= 16
    crop = profile.faces["10H"]
    assert crop.shape == (CROP_H, CROP_W, 3)

    taught = DetectorCards(profile)
    read = [[r.card for r in taught.read(cv2.imread(str(p)))] for p in photos]
    # Measured 27 of 32 (issue 21 note: teach mode is not yet near perfect); a regression guard.
    assert sum(cards == [p.stem] for cards, p in zip(read, photos, strict=True)) >= 24
    scenes = tmp_path / "scenes"
    render_dataset(scenes, 3, 23, style="serif", size=32, alphabet="russian")
    report = evaluate_cards(taught, scenes)
    labelled = report.visible.labelled + report.overlapped.labelled
    assert labelled >= 10
    assert report.visible.right >= 0.7 * report.visible.labelled
    assert report.extra <= 2

    # The default reader for a taught deck: the adapted corner reader beside the untuned
    # classifier (readers.combined's docstring); it reads the taught deck's tables best.
    merged = combined(profile)
    assert merged.corners.name == "adapted" and not merged.detector.tuned
    both = evaluate_cards(merged, scenes)  # measured: 10 of 10 visible, 8 of 8 overlapped
    assert both.visible.right >= max(report.visible.right, 0.9 * both.visible.labelled)
    assert both.overlapped.right >= max(report.overlapped.right, 0.85 * both.overlapped.labelled)

    (out.parent / "serif.faces" / "10H.png").write_bytes(b"broken")
    with pytest.raises(DeckError, match=r"10H\.png is missing or not an image"):
        load_deck(out)


def test_a_photo_neither_finder_sees_is_named() -> None:
    cloth = np.full((480, 640, 3), (40, 110, 30), np.uint8)
    with pytest.raises(TeachError, match="QS: no card found"):
        teach_deck([("QS", cloth)], "x", faces=lambda image: None)


def test_table_crops_fit_beside_a_card_filling_much_of_its_photo() -> None:
    """A photo of one card leaves less than a card's width of table beside it: the table crops
    are shrunk to fit, keep clear of the card and stay in the picture; a side with too little
    table gives none."""
    from vision.cards.detector import GAP, MIN_TABLE, beside
    from vision.types import Box

    card = Box(220, 100, 200, 280)
    crops = beside(card, (480, 640))
    assert len(crops) == 2  # left and right; above and below there are 100 px, under MIN_TABLE
    for crop in crops:
        assert crop.x >= 0 and crop.y >= 0 and crop.x + crop.w <= 640 and crop.y + crop.h <= 480
        assert crop.iou(card) == 0 and crop.w >= MIN_TABLE * card.w
        assert abs(crop.w / crop.h - card.w / card.h) < 1e-6
    assert min(abs(c.x + c.w - card.x) for c in crops) >= GAP * card.w - 1e-6
    assert beside(Box(0, 0, 200, 280), (480, 640))[0].x >= 200
