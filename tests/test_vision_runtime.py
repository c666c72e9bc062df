"""The two runtimes of the learned readers (vision/runtime.py): the ONNX exports committed beside
the weights answer as PyTorch does, on real photos (the held-out fifth of the card photos, real
dice photos), and a reader falls back to PyTorch where there is no export."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np
import pytest

pytest.importorskip("onnxruntime")
pytest.importorskip("ultralytics")

from vision import runtime
from vision.cards import face_classifier
from vision.cards.detector import DetectorCards
from vision.cards.real import labelled_photos
from vision.dice.two_stage import TwoStageReader

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


def _photos(folder: str, pattern: str, every: int, count: int) -> list[np.ndarray]:
    paths = sorted((SHARED / folder).glob(pattern))[::every][:count]
    if not paths:
        pytest.skip(f"no real photos in {SHARED / folder}")
    return [cv2.imread(str(path)) for path in paths]


def test_the_card_finder_and_classifier_answer_alike_in_both_runtimes() -> None:
    photos = [
        cv2.imread(str(path)) for path in labelled_photos(SHARED / "cards-real-train", "held")[::4]
    ]
    if not photos:
        pytest.skip("no real card photos")
    exported, reference = DetectorCards(runtime="onnx"), DetectorCards(runtime="torch")
    assert exported._finder().runtime == "onnx" and reference._finder().runtime == "torch"
    found = 0
    for photo in photos:
        a, b = exported.read_scored(photo), reference.read_scored(photo)
        assert [r.card for r, _, _ in a] == [r.card for r, _, _ in b]
        for (ra, pa, sa), (rb, pb, sb) in zip(a, b, strict=True):
            assert abs(ra.box.x - rb.box.x) < 0.5 and abs(ra.box.w - rb.box.w) < 0.5
            assert np.abs(pa - pb).max() < 1e-3 and np.abs(sa - sb).max() < 1e-3
        found += len(a)
    assert found >= len(photos)  # the photos show cards, so the comparison compared something


def test_the_index_glyph_reader_answers_alike_in_both_runtimes() -> None:
    from scoring.cards import deck
    from vision.cards.combined import corners_of
    from vision.cards.faces import style_named
    from vision.cards.glyph_reader import GlyphReader
    from vision.synth.cards import single_card

    rng = np.random.default_rng(5)
    exported, reference = GlyphReader(runtime="onnx"), GlyphReader(runtime="torch")
    for card in list(deck(52))[::9]:
        image, quad = single_card(rng, card, style_named("classic"), "latin")
        corners = corners_of(tuple(map(tuple, quad.astype(np.float64))))
        (ra, sa), (rb, sb) = exported.scores(image, corners), reference.scores(image, corners)
        assert np.abs(ra - rb).max() < 1e-3 and np.abs(sa - sb).max() < 1e-3


def test_the_dice_reader_reads_alike_in_both_runtimes() -> None:
    photos = _photos("dice-real-train", "**/*.[jJ][pP][gG]", 25, 12)
    exported, reference = TwoStageReader(runtime="onnx"), TwoStageReader(runtime="torch")
    readings = 0
    for photo in photos:
        a, b = exported.read(photo), reference.read(photo)
        assert [(r.value, r.cocked) for r in a] == [(r.value, r.cocked) for r in b]
        readings += len(a)
    assert readings > 0


def test_auto_takes_the_export_beside_the_weights_and_the_environment_can_refuse_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    weights = tmp_path / "net.pt"
    weights.write_bytes(b"")
    assert runtime.onnx_beside(weights) is None  # no export: PyTorch
    weights.with_suffix(".onnx").write_bytes(b"")
    assert runtime.onnx_beside(weights) == weights.with_suffix(".onnx")
    monkeypatch.setenv(runtime.RUNTIME_VARIABLE, "torch")
    assert runtime.onnx_beside(weights) is None
    assert runtime.onnx_beside(weights, "onnx") == weights.with_suffix(".onnx")


def test_a_bad_runtime_name_and_a_missing_export_are_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="runtime 'gpu'"):
        runtime.chosen_runtime("gpu")
    with pytest.raises(FileNotFoundError, match=r"scripts/export_onnx\.py"):
        face_classifier.load_reader(tmp_path / "faces.pt", "onnx")


def test_letterbox_and_suppression_match_ultralytics_conventions() -> None:
    image = np.full((480, 640, 3), 200, np.uint8)
    batch, gain, (left, top) = runtime.letterbox(image, 320)
    assert batch.shape == (1, 3, 256, 320) and gain == 0.5 and (left, top) == (0, 8)
    assert batch[0, :, 0, 0].tolist() == pytest.approx([114 / 255] * 3)
    boxes = np.array([[0, 0, 10, 10], [1, 1, 11, 11], [50, 50, 60, 60]], np.float32)
    scores = np.array([0.9, 0.8, 0.7], np.float32)
    cls = np.array([0, 1, 0])
    assert runtime.suppress(boxes, scores, cls, 0.5, agnostic=True).tolist() == [0, 2]
    assert runtime.suppress(boxes, scores, cls, 0.5, agnostic=False).tolist() == [0, 1, 2]


def test_reading_on_onnx_runtime_imports_neither_torch_nor_ultralytics() -> None:
    """Why the exports matter for start-up: PyTorch costs seconds and most of a gigabyte."""
    import subprocess
    import sys

    photo = SHARED / "cards-real-train" / "IMG_2385.JPG"
    if not photo.is_file():
        pytest.skip("no real card photo")
    script = (
        "import sys, cv2\n"
        "from vision.cards.deck import resolve_deck\n"
        "from vision.cards.readers import combined\n"
        "from vision.dice.two_stage import TwoStageReader\n"
        f"image = cv2.imread({str(photo)!r})\n"
        "combined(resolve_deck('52')).read(image)\n"
        "TwoStageReader().read(image)\n"
        "print(sorted({'torch', 'ultralytics'} & set(sys.modules)))\n"
    )
    root = Path(__file__).resolve().parents[1]
    env = {k: v for k, v in os.environ.items() if k != runtime.RUNTIME_VARIABLE}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_domino_reader_reads_alike_in_both_runtimes() -> None:
    from vision.dominoes.reader import NetTileReader
    from vision.synth.dominoes import render_scene

    exported, reference = NetTileReader(runtime="onnx"), NetTileReader(runtime="torch")
    tiles = 0
    for seed in (7000, 7001):
        image = render_scene(np.random.default_rng(seed), size=(1280, 720)).image
        a, b = exported.read(image), reference.read(image)
        assert [r.halves for r in a] == [r.halves for r in b]
        for ra, rb in zip(a, b, strict=True):
            assert abs(ra.box.x - rb.box.x) < 0.5 and abs(ra.confidence - rb.confidence) < 1e-3
        tiles += len(a)
    assert tiles > 0
