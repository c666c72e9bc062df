"""The index glyph reader: a card's rank and suit read from the lettering at its index corners,
cut to the rank's own size (:mod:`vision.cards.index_glyph`), so that a deck whose index is
larger, smaller or set further in than any deck it was trained on is read all the same.

Trained by ``scripts/train_cards_glyphs.py`` on the index corners of rendered cards in many
fonts and deck designs; about 0.2 M weights.  A corner showing no mark that may be a rank
character reads ``blank`` with certainty, without the network.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from vision.cards.geometry import Corner
from vision.cards.glyph_classes import BLANK, GLYPH_RANKS, SUITS
from vision.cards.index_glyph import glyph_patch
from vision.cards.standardise import standardised
from vision.runtime import OnnxNet, onnx_beside, softmax

if TYPE_CHECKING:  # PyTorch only where the network itself runs
    from vision.cards.glyph_net import GlyphNet

WEIGHTS = Path(__file__).parent / "weights" / "cards_glyphs.pt"


def load(path: Path = WEIGHTS) -> GlyphNet:
    """The trained network (PyTorch)."""
    from vision.cards.glyph_net import GlyphNet
    from vision.cards.nets import load_weights

    return load_weights(GlyphNet(), path, "index glyph reader", "scripts/train_cards_glyphs.py")


class GlyphReader:
    """Reads corners' glyph patches with the network or its ONNX export."""

    def __init__(self, path: Path = WEIGHTS, runtime: str = "auto") -> None:
        exported = onnx_beside(path, runtime)
        self.net: GlyphNet | OnnxNet = (
            load(path) if exported is None else OnnxNet(exported, "index glyph reader")
        )

    def scores(self, image: np.ndarray, corners: Sequence[Corner]) -> tuple[np.ndarray, np.ndarray]:
        """Per corner, probabilities over GLYPH_RANKS and over SUITS."""
        ranks = np.zeros((len(corners), len(GLYPH_RANKS)), np.float32)
        ranks[:, GLYPH_RANKS.index(BLANK)] = 1.0
        suits = np.full((len(corners), len(SUITS)), 1.0 / len(SUITS), np.float32)
        patches = [glyph_patch(image, corner) for corner in corners]
        found = [k for k, patch in enumerate(patches) if patch is not None]
        if found:
            ranks[found], suits[found] = self.classify([patches[k] for k in found])
        return ranks, suits

    def classify(self, patches: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """Per glyph patch, probabilities over GLYPH_RANKS and over SUITS."""
        if isinstance(self.net, OnnxNet):
            ranks, suits = self.net(standardised(patches))
            return softmax(ranks), softmax(suits)
        import torch

        from vision.cards.nets import to_tensor

        with torch.no_grad():
            torch_ranks, torch_suits = self.net(to_tensor(patches))
        return torch.softmax(torch_ranks, 1).numpy(), torch.softmax(torch_suits, 1).numpy()
