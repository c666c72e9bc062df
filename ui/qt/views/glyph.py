"""One drawn thing with its place: the unit a view lays out, paints and is tested by."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QRectF


@dataclass(frozen=True)
class Glyph:
    """One thing drawn.  ``kind``: text, band, die, card, card_back, tile, end, skittle, mark,
    ball, table; ``value`` is what it shows (a string, a face, a card code, a tile ``a-b``);
    ``style`` holds space-separated flags (``bold``, ``right``, ``accent``, ``kept``,
    ``fallen``, ``cross`` ...) that the painter and the tests read."""

    kind: str
    rect: QRectF
    value: Any = None
    style: str = ""

    def has(self, flag: str) -> bool:
        return flag in self.style.split()
