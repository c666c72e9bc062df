"""Real photos turned a quarter keep their cards boxed: in the card finder's training set and
in the real-photo measurement (a camera over a table has no up)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.training_scripts import training_script
from vision.cards.real import quarter_turned
from vision.types import Box


@pytest.mark.parametrize("clockwise", [True, False])
def test_a_box_turned_a_quarter_still_holds_its_card(clockwise: bool) -> None:
    image = np.zeros((120, 200, 3), np.uint8)
    card = Box(30, 10, 50, 70)  # a tall card, away from the middle
    image[10:80, 30:80] = 255
    code = cv2.ROTATE_90_CLOCKWISE if clockwise else cv2.ROTATE_90_COUNTERCLOCKWISE
    turned = cv2.rotate(image, code)
    box = quarter_turned(card, 200, 120, clockwise)
    assert (box.w, box.h) == (70, 50)  # the card lies on its side now
    x, y, w, h = (int(v) for v in (box.x, box.y, box.w, box.h))
    assert turned[y : y + h, x : x + w].min() == 255  # all of it card
    assert turned.sum() == turned[y : y + h, x : x + w].sum()  # and all the card in it


def test_turned_copies_are_labelled_in_the_turned_pixels(tmp_path: Path) -> None:
    script = training_script("train_cards_detector")
    photo = tmp_path / "in" / "IMG_1.jpg"
    photo.parent.mkdir()
    image = np.full((90, 160, 3), 40, np.uint8)
    image[10:40, 100:120] = 255
    cv2.imwrite(str(photo), image)
    photo.with_suffix(".xml").write_text(
        "<annotation><object><name>king</name><bndbox><xmin>100</xmin><ymin>10</ymin>"
        "<xmax>120</xmax><ymax>40</ymax></bndbox></object></annotation>"
    )
    paths = script.real_copies(tmp_path / "out", [photo], turned=True)
    assert [Path(p).name for p in paths] == ["IMG_1.jpg", "IMG_1_turned.jpg"]
    turned = cv2.imread(paths[1])
    assert turned.shape[:2] == (160, 90)
    _, cx, cy, w, h = (float(v) for v in Path(paths[1]).with_suffix(".txt").read_text().split())
    x, y = round((cx - w / 2) * 90), round((cy - h / 2) * 160)
    assert turned[y + 2 : y + round(h * 160) - 2, x + 2 : x + round(w * 90) - 2].min() > 200
