"""The vision benchmark (vision/bench.py): one row per reader, frame size and dice count, each
with its same-run baseline, on one core; small sizes here, the real sweep is `tableref bench`."""

from __future__ import annotations

import os
import sys
import types

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from vision import bench  # noqa: E402
from vision.types import Box, DieReading  # noqa: E402

SIZES = ((160, 120), (240, 180))


class BlurReader:
    """Does more than the baseline (three blurs), and records the threads it ran with."""

    name = "blur"

    def __init__(self) -> None:
        self.threads: set[int] = set()
        self.shapes: set[tuple[int, ...]] = set()

    def read(self, image):
        self.threads.add(cv2.getNumThreads())
        self.shapes.add(image.shape)
        for _ in range(3):
            image = cv2.GaussianBlur(image, (9, 9), 0)
        return [DieReading(1, Box(0, 0, 1, 1), 1.0)]


@pytest.fixture
def registry(monkeypatch):
    reader = BlurReader()
    module = types.ModuleType("vision.dice.readers")
    module.READERS = {"blur": lambda: reader}
    module.DEFAULT = "blur"
    monkeypatch.setitem(sys.modules, "vision.dice.readers", module)
    monkeypatch.setitem(sys.modules, "vision.dominoes.readers", None)  # none registered
    monkeypatch.setitem(sys.modules, "vision.cards.readers", None)
    return reader


def test_every_reader_gets_a_row_per_size_and_dice_count_with_its_baseline(registry):
    threads_before = cv2.getNumThreads()
    rows = bench.run_bench(True, sizes=SIZES, dice_counts=(1, 5, 20), sweep_size=SIZES[1])
    assert cv2.getNumThreads() == threads_before  # restored
    assert registry.threads == {1}  # one core while measuring
    assert {shape[:2] for shape in registry.shapes} == {(120, 160), (180, 240)}
    keys = list(rows[0])
    assert keys == ["reader", "size", "dice", "fps", "ms", "baseline_fps", "cost_x_baseline"]
    assert all(list(row) == keys for row in rows)
    configs = [(row["size"], row["dice"]) for row in rows if row["reader"] == "blur"]
    assert configs == [("160x120", 5), ("240x180", 5), ("240x180", 1), ("240x180", 20)]
    # the default once more on PyTorch, in every configuration
    assert [r["reader"] for r in rows[:3]] == [
        "baseline (cvtColor+GaussianBlur)",
        "blur",
        "blur (torch)",
    ]
    baselines = [row for row in rows if row["reader"].startswith("baseline")]
    assert len(baselines) == 4 and all(row["cost_x_baseline"] == 1.0 for row in baselines)
    for base, row in zip(baselines, [r for r in rows if r["reader"] == "blur"], strict=True):
        assert row["baseline_fps"] == base["fps"]
        assert row["fps"] > 0 and row["ms"] > 0
        assert row["cost_x_baseline"] == pytest.approx(row["ms"] / base["ms"], rel=0.01)


def test_without_readers_the_baseline_is_still_measured(monkeypatch):
    monkeypatch.setitem(sys.modules, "vision.dice.readers", None)
    monkeypatch.setitem(sys.modules, "vision.dominoes.readers", None)
    monkeypatch.setitem(sys.modules, "vision.cards.readers", None)
    rows = bench.run_bench(True, sizes=SIZES[:1], dice_counts=(), sweep_size=SIZES[0])
    assert [row["reader"] for row in rows] == ["baseline (cvtColor+GaussianBlur)"]


def test_the_drawn_scene_has_the_dice_asked_for():
    image = bench.drawn_dice_scene(np.random.default_rng(0), (320, 240), 3)
    assert image.shape == (240, 320, 3)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    _, bright = cv2.threshold(grey, 200, 255, cv2.THRESH_BINARY)
    _, _, stats, _ = cv2.connectedComponentsWithStats(bright)
    big = [s for s in stats[1:] if s[cv2.CC_STAT_AREA] > 200]
    assert len(big) == 3


def test_measure_counts_at_least_three_frames():
    calls = []
    seconds = bench.measure(calls.append, [np.zeros((2, 2, 3), np.uint8)], quick=True)
    assert len(calls) >= 4 and seconds > 0  # a warm-up call, then at least 3 timed


def test_the_torch_row_loads_its_reader_with_the_runtime_set_to_torch(monkeypatch):
    from vision.runtime import RUNTIME_VARIABLE

    monkeypatch.delenv(RUNTIME_VARIABLE, raising=False)
    seen = []
    reader = bench.Reader("x", lambda: seen.append(os.environ.get(RUNTIME_VARIABLE)), torch=True)
    with reader.runtime():
        reader.get()
    assert seen == ["torch"] and reader.name == "x (torch)"
    assert RUNTIME_VARIABLE not in os.environ  # restored


def test_the_card_tables_show_ten_cards():
    pytest.importorskip("vision.synth.cards")
    [table] = bench.card_scenes(1)
    assert table.shape[:2] == (bench.CARD_SIZE[1], bench.CARD_SIZE[0])
