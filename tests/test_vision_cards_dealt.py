"""Teach mode from a clip of the deck dealt one card at a time (issue 21): each card is found
where it came to rest, on a pile or in rows, and a hand that passes leaves no card."""

from __future__ import annotations

import numpy as np
import pytest

from scoring.cards import Card
from ui.cli import main
from vision.cards.dealt import REST_FRAMES, changed_box, dealt_cards, rest_frames
from vision.cards.deck import load_deck
from vision.cards.face_classifier import CROP_H, CROP_W
from vision.sources import VideoFileSource
from vision.synth.cards import MOVE_FRAMES, STILL_FRAMES, render_dealing

CARDS = [Card("A", "S"), Card("10", "H"), Card("K", "C"), Card("7", "D"), Card("Q", "H")]


def frames_of(path) -> list[np.ndarray]:
    return [frame.image for frame in VideoFileSource(path).frames()]


@pytest.mark.parametrize("pile", [False, True])
def test_each_dealt_card_is_found_where_it_came_to_rest(tmp_path, pile: bool) -> None:
    clip = tmp_path / "deal.avi"
    truth = render_dealing(clip, CARDS, "nimbus-sans", "latin", seed=4, pile=pile)
    dealt = dealt_cards(frames_of(clip), shows_card=lambda image: False)
    assert len(dealt) == len(CARDS)
    for (_, where), box in zip(dealt, truth, strict=True):
        assert where is not None and where.iou(box) >= 0.7


def test_a_hand_that_passes_without_dealing_leaves_no_card() -> None:
    rng = np.random.default_rng(1)
    table = np.full((240, 320, 3), (40, 110, 30), np.uint8)

    def noisy(image: np.ndarray) -> np.ndarray:
        return np.clip(image + rng.normal(0, 1.5, image.shape), 0, 255).astype(np.uint8)

    hand = []
    for step in range(6):
        frame = table.copy()
        frame[100:180, 40 * step : 40 * step + 60] = (150, 170, 210)
        hand.append(frame)
    frames = [noisy(table) for _ in range(10)] + hand + [noisy(table) for _ in range(10)]
    assert len(rest_frames(frames)) == 1
    assert dealt_cards(frames, shows_card=lambda image: False) == []
    # A pause shorter than a rest period is not one either.
    paused = [noisy(table)] * 10 + [hand[2]] * (REST_FRAMES - 1) + [noisy(table)] * 10
    assert len(rest_frames(paused)) == 1
    assert changed_box(table, noisy(table)) is None


def test_a_card_already_on_the_table_when_the_clip_starts_is_the_first(tmp_path) -> None:
    clip = tmp_path / "deal.avi"
    render_dealing(clip, CARDS[:3], "nimbus-sans", "latin", seed=5)
    landed = STILL_FRAMES + MOVE_FRAMES  # the first frame with the first card at rest
    dealt = dealt_cards(frames_of(clip)[landed:], shows_card=lambda image: True)
    assert len(dealt) == 3 and dealt[0][1] is None


def test_deck_teach_from_a_video_saves_each_cards_crop(tmp_path, capsys) -> None:
    clip = tmp_path / "deal.avi"
    render_dealing(clip, CARDS, "nimbus-sans", "latin", seed=6)
    order = tmp_path / "order.txt"
    order.write_text(" ".join(str(card) for card in CARDS), encoding="utf-8")
    out = tmp_path / "dealt.json"
    args = ["deck", "teach", "--video", str(clip), "--order", str(order), "--out", str(out)]
    assert main(args) == 0
    assert "5 of 32 cards taught" in capsys.readouterr().out
    profile = load_deck(out)
    assert sorted(profile.faces) == sorted(str(card) for card in CARDS)
    assert all(face.shape == (CROP_H, CROP_W, 3) for face in profile.faces.values())

    order.write_text("AS 10H KC", encoding="utf-8")
    assert main(args) == 2
    assert "5 cards dealt in the clip, 3 listed" in capsys.readouterr().err
    broken = tmp_path / "broken.avi"
    broken.write_bytes(b"not a video" * 50)
    assert main([*args[:3], str(broken), *args[4:]]) == 2
    assert "cannot be opened as a video" in capsys.readouterr().err
    assert main(["deck", "teach", "--video", str(clip), "--out", str(out)]) == 2
    assert "--video needs --order" in capsys.readouterr().err
