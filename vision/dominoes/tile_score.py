"""Whole-tile scores of a domino reader on rendered scenes, beside the harness's per-half ones:
how many tiles were located with both halves right, how many reads were not tiles at all (and
how many of those lay on a printed picture), which is what the project owner measures on real
photos (issue 22)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from vision.evaluate import match
from vision.labels import Label
from vision.types import Box, TileReading

#: A read locates a tile when their boxes overlap by at least this IoU (the harness's own).
LOCATE_IOU = 0.5


@dataclass
class TileTally:
    """Tiles and reads summed over scenes."""

    scenes: int = 0
    tiles: int = 0
    located: int = 0
    read_right: int = 0
    false_reads: int = 0
    on_printed: int = 0

    def add(self, truth: dict[str, Any], readings: Sequence[TileReading]) -> None:
        """Score one scene against its ``.json`` truth (``tiles``, optional ``printed``)."""
        self.scenes += 1
        tiles = [tile for tile in truth["tiles"] if not tile["hidden"]]
        truth_labels = [Label(0, Box(*tile["box"])) for tile in tiles]
        read_labels = [Label(0, reading.box) for reading in readings]
        pairs = match(truth_labels, read_labels, iou=LOCATE_IOU, nested=False)
        self.tiles += len(tiles)
        self.located += len(pairs)
        for t, r in pairs:
            want, got = tiles[t]["halves"], readings[r].halves
            if (want is None and got is None) or (
                want is not None and got is not None and sorted(want) == sorted(got)
            ):
                self.read_right += 1
        matched = {r for _, r in pairs}
        hidden = [Box(*tile["box"]) for tile in truth["tiles"] if tile["hidden"]]
        printed = [np.asarray(outline) for outline in truth.get("printed", [])]
        for index, reading in enumerate(readings):
            if index in matched or any(_inside(reading.box, box) for box in hidden):
                continue  # a read of a tile the hand half covers is not a false tile
            self.false_reads += 1
            self.on_printed += any(_on(reading.box, outline) for outline in printed)

    def to_json(self) -> dict[str, Any]:
        def share(part: int, whole: int) -> float | None:
            return round(part / whole, 4) if whole else None

        return {
            "scenes": self.scenes,
            "tiles": self.tiles,
            "located": share(self.located, self.tiles),
            "located_and_read": share(self.read_right, self.tiles),
            "false_tiles_per_scene": share(self.false_reads, self.scenes),
            "false_on_printed_per_scene": share(self.on_printed, self.scenes),
        }


def _inside(box: Box, other: Box) -> bool:
    x, y = box.centre
    return other.x <= x <= other.x + other.w and other.y <= y <= other.y + other.h


def _on(box: Box, outline: np.ndarray) -> bool:
    x0, y0 = outline.min(axis=0)
    x1, y1 = outline.max(axis=0)
    return _inside(box, Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0)))
