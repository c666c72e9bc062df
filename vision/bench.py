"""``tableref bench vision``: frames per second of every registered reader, on ONE core.

Each dice reader of ``vision.dice.readers`` (and each tile reader of
``vision.dominoes.readers``) reads rendered scenes at 640x480, 1280x720 and 1920x1080 (5 dice),
and at 1280x720 with 1, 5 and 20 dice to show the cost as objects grow; each card reader of
``vision.cards.readers`` reads rendered 1280x720 tables showing CARDS face-up cards.  OpenCV,
torch and ONNX Runtime are held to one thread, since the referee shares a small machine with
the display and the recorder.  Each family's default reader is measured twice: as it runs
(its networks' ONNX exports, :mod:`vision.runtime`) and on PyTorch (``<name> (torch)``).

Shared machines drift, so every row carries a baseline measured in the same run on the same
frames: a ``cvtColor`` + ``GaussianBlur`` pass, the least any reader must do.  ``cost_x_baseline``
is the reader's time per frame over the baseline's: comparable between runs and machines.

Scenes come from the renderers (``vision.synth.dice``/``dominoes``); without them, a simple
drawn dice scene from :mod:`vision.synth.scene` stands in.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import cv2
import numpy as np

from vision.synth import scene

SIZES: tuple[tuple[int, int], ...] = ((640, 480), (1280, 720), (1920, 1080))
DICE_COUNTS: tuple[int, ...] = (1, 5, 20)
#: Dice in the resolution sweep, and the size of the object sweep.
SWEEP_DICE = 5
SWEEP_SIZE = (1280, 720)
SEED = 8
#: Face-up cards on each timed card table (the speed target's: 10 cards at 1280x720).
CARDS = 10
CARD_SIZE = (1280, 720)

Image = np.ndarray


def run_bench(
    quick: bool,
    sizes: tuple[tuple[int, int], ...] = SIZES,
    dice_counts: tuple[int, ...] = DICE_COUNTS,
    sweep_size: tuple[int, int] = SWEEP_SIZE,
) -> list[dict[str, Any]]:
    """One row per (reader, frame size, dice): fps, ms per frame, the baseline, the ratio.
    ``quick``: one scene and a few frames per row (a smoke run); otherwise four scenes and
    about a second per row.  Sizes are (width, height)."""
    dice_readers = _registered("vision.dice.readers")
    tile_readers = _registered("vision.dominoes.readers")
    card_readers = _registered("vision.cards.readers")
    configs = [(size, SWEEP_DICE) for size in sizes]
    configs += [(sweep_size, n) for n in dice_counts if (sweep_size, n) not in configs]
    scenes_each = 1 if quick else 4
    rows = []
    with one_core():
        for size, dice in configs:
            rngs = [np.random.default_rng(SEED + i) for i in range(scenes_each)]
            frames = [dice_scene(rng, size, dice) for rng in rngs]
            rows += _measure_all(dice_readers, frames, size, dice, quick)
        for size in sizes if tile_readers else ():
            rngs = [np.random.default_rng(SEED + i) for i in range(scenes_each)]
            tiles = [tile_scene(rng, size) for rng in rngs]
            if all(image is not None for image in tiles):
                rows += _measure_all(tile_readers, tiles, size, None, quick)
        tables = card_scenes(scenes_each) if card_readers else []
        if tables:
            rows += _measure_all(card_readers, tables, CARD_SIZE, None, quick)
    return rows


def _measure_all(
    readers: list[Reader],
    frames: list[Image],
    size: tuple[int, int],
    dice: int | None,
    quick: bool,
) -> list[dict[str, Any]]:
    baseline = measure(baseline_pass, frames, quick)
    rows = [_row("baseline (cvtColor+GaussianBlur)", size, dice, baseline, baseline)]
    for reader in readers:
        with reader.runtime():
            seconds = measure(reader.get().read, frames, quick)
        rows.append(_row(reader.name, size, dice, seconds, baseline))
    return rows


def _row(
    reader: str, size: tuple[int, int], dice: int | None, seconds: float, baseline: float
) -> dict[str, Any]:
    return {
        "reader": reader,
        "size": f"{size[0]}x{size[1]}",
        "dice": dice,
        "fps": significant(1.0 / seconds),
        "ms": significant(1000.0 * seconds),
        "baseline_fps": significant(1.0 / baseline),
        "cost_x_baseline": significant(seconds / baseline),
    }


def significant(value: float) -> float:
    """Four significant digits: enough for speeds, whatever their scale."""
    return float(f"{value:.4g}")


def measure(work: Callable[[Image], Any], frames: list[Image], quick: bool) -> float:
    """Seconds per frame of ``work``: one warm-up call, then whole passes over ``frames``
    until at least ``budget`` seconds (0.05 quick, 1.0 full) and 3 frames are done."""
    work(frames[0])
    budget = 0.05 if quick else 1.0
    done = 0
    spent = 0.0
    while spent < budget or done < 3:
        for image in frames:
            start = time.perf_counter()
            work(image)
            spent += time.perf_counter() - start
            done += 1
    return spent / done


def baseline_pass(image: Image) -> Image:
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    return cv2.GaussianBlur(grey, (5, 5), 0)


@contextmanager
def one_core() -> Iterator[None]:
    """OpenCV (and torch, if a reader loaded it) on one thread; restored afterwards."""
    threads = cv2.getNumThreads()
    torch = sys.modules.get("torch")
    torch_threads = torch.get_num_threads() if torch is not None else None
    cv2.setNumThreads(1)
    if torch is not None:
        torch.set_num_threads(1)
    try:
        yield
    finally:
        cv2.setNumThreads(threads)
        if torch is not None and torch_threads is not None:
            torch.set_num_threads(torch_threads)


class Reader:
    """A registered reader made on first use, in the runtime it is measured in: ``torch``
    sets :data:`vision.runtime.RUNTIME_VARIABLE` while it loads and reads."""

    def __init__(self, name: str, make: Callable[[], Any], torch: bool = False) -> None:
        self.name = f"{name} (torch)" if torch else name
        self._make, self._torch = make, torch
        self._reader: Any = None

    @contextmanager
    def runtime(self) -> Iterator[None]:
        if not self._torch:
            yield
            return
        from vision.runtime import RUNTIME_VARIABLE

        before = os.environ.get(RUNTIME_VARIABLE)
        os.environ[RUNTIME_VARIABLE] = "torch"
        try:
            yield
        finally:
            if before is None:
                os.environ.pop(RUNTIME_VARIABLE, None)
            else:
                os.environ[RUNTIME_VARIABLE] = before

    def get(self) -> Any:
        if self._reader is None:
            self._reader = self._make()
        return self._reader


def _registered(module_name: str) -> list[Reader]:
    """Every reader of a registry, and its default once more on PyTorch; none if the registry
    is not there.  A card registry's readers are made for the full 52-card deck."""
    try:
        registry = importlib.import_module(module_name)
    except ImportError:
        return []
    makers = dict(sorted(registry.READERS.items()))
    if module_name == "vision.cards.readers":
        from vision.cards.deck import resolve_deck

        deck = resolve_deck("52")
        makers = {name: partial(make, deck) for name, make in makers.items()}
    readers = [Reader(name, make) for name, make in makers.items()]
    default = getattr(registry, "DEFAULT", None)
    if default in makers:
        readers.append(Reader(default, makers[default], torch=True))
    return readers


def card_scenes(count: int) -> list[Image]:
    """``count`` rendered card tables (CARD_SIZE) showing exactly CARDS face-up cards, the
    first such seeds from SEED on; none without the card renderer."""
    try:
        from vision.synth.cards import SIZE, render_scene
    except ImportError:
        return []
    if (SIZE[1], SIZE[0]) != CARD_SIZE:
        return []
    tables: list[Image] = []
    seed = SEED
    while len(tables) < count:
        image, labels = render_scene(np.random.default_rng(seed))
        if sum(1 for card in labels["cards"] if card.get("card")) == CARDS:
            tables.append(image)
        seed += 1
    return tables


def dice_scene(rng: np.random.Generator, size: tuple[int, int], dice: int) -> Image:
    """A dice scene of ``size`` (width, height): the dice renderer's if it is there, else
    :func:`drawn_dice_scene`."""
    render = _renderer("vision.synth.dice")
    if render is None:
        return drawn_dice_scene(rng, size, dice)
    image, _ = render(rng, n_dice=dice, size=size)
    return image


def tile_scene(rng: np.random.Generator, size: tuple[int, int]) -> Image | None:
    """A domino scene of ``size`` (width, height) from the domino renderer, if it is there."""
    render = _renderer("vision.synth.dominoes")
    return None if render is None else render(rng, size=size).image


def _renderer(module_name: str) -> Callable[..., Any] | None:
    """The ``render_scene`` of a renderer module, or None where there is none (yet)."""
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    return getattr(module, "render_scene", None)


def drawn_dice_scene(rng: np.random.Generator, size: tuple[int, int], dice: int) -> Image:
    """White dice with black pips on a random table, in a grid so they never overlap: enough
    to time a reader when the dice renderer is absent."""
    width, height = size
    image = scene.background(rng, (height, width))
    side = int(min(width, height) * 0.08)
    columns = max(1, width // (side * 2))
    for i in range(dice):
        x = side // 2 + (i % columns) * side * 2
        y = side // 2 + (i // columns) * side * 2
        value = int(rng.integers(1, 7))
        cv2.rectangle(image, (x, y), (x + side, y + side), (235, 235, 235), -1)
        for px, py in _PIPS[value]:
            centre = (int(x + px * side), int(y + py * side))
            cv2.circle(image, centre, max(1, side // 10), (20, 20, 20), -1)
    return scene.degrade(image, rng)


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)),
}
