"""The index glyph reader's classes, kept apart from its network so a reader running the ONNX
export names them without importing torch."""

from __future__ import annotations

from vision.cards.face_crop import SUITS
from vision.cards.real import RANKS

__all__ = ["BLANK", "GLYPH_RANKS", "SUITS"]

#: A corner whose first mark is no rank character (a blank corner's pip, a court picture).
BLANK = "blank"
GLYPH_RANKS: tuple[str, ...] = (*RANKS, BLANK)
