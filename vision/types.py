"""What perception hands on: frames, boxes and readings, shared by sources, readers, the
evaluation harness and the observers, so a reader can be swapped without touching its users."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # images are numpy arrays; the types alone load without numpy (tableref games)
    import numpy as np


@dataclass(frozen=True)
class Frame:
    """One image from a source: BGR uint8 (OpenCV order), seconds since the source opened (or
    the file's own timestamps), and its index in the stream."""

    image: np.ndarray
    timestamp: float
    index: int


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in pixels of the input image: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def as_list(self) -> list[float]:
        return [round(self.x, 1), round(self.y, 1), round(self.w, 1), round(self.h, 1)]

    def iou(self, other: Box) -> float:
        """Intersection over union: how the harness matches a reading to a labelled object."""
        left, top = max(self.x, other.x), max(self.y, other.y)
        right = min(self.x + self.w, other.x + other.w)
        bottom = min(self.y + self.h, other.y + other.h)
        inter = max(0.0, right - left) * max(0.0, bottom - top)
        union = self.w * self.h + other.w * other.h - inter
        return inter / union if union > 0 else 0.0

    def nested_share(self, other: Box) -> float:
        """How much of the smaller of two boxes lies inside the other (1.0: fully nested): a
        die's top face inside a box around the whole die is one die boxed twice, whatever the
        IoU, both to a reader dropping the second box and to the harness matching them."""
        width = min(self.x + self.w, other.x + other.w) - max(self.x, other.x)
        height = min(self.y + self.h, other.y + other.h) - max(self.y, other.y)
        smaller = min(self.w * self.h, other.w * other.h)
        if width <= 0 or height <= 0 or smaller <= 0:
            return 0.0
        return width * height / smaller


@dataclass(frozen=True)
class DieReading:
    """One die as read: the face up (1..6), where it lies, how sure the reader is, and whether
    it is cocked (leaning or on an edge: dice.md §1.4 makes the throw void)."""

    value: int
    box: Box
    confidence: float
    cocked: bool = False


@dataclass(frozen=True)
class TileReading:
    """One domino tile as read: its two halves (0..6 pips each; ``None`` for a face-down
    tile) with the box of each half in the same order, the tile's box, and how sure the reader
    is.  The half boxes let the harness score halves and the chain find which halves touch."""

    halves: tuple[int, int] | None
    box: Box
    confidence: float
    half_boxes: tuple[Box, Box] | None = None

    @property
    def face_up(self) -> bool:
        return self.halves is not None


class DiceReader(Protocol):
    """Finds and reads every die in one BGR image."""

    name: str

    def read(self, image: np.ndarray) -> list[DieReading]: ...


class TileReader(Protocol):
    """Finds and reads every domino tile in one BGR image."""

    name: str

    def read(self, image: np.ndarray) -> list[TileReading]: ...
