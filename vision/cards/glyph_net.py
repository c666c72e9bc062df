"""The index glyph reader's network (:mod:`vision.cards.glyph_reader` reads with it or with its
ONNX export): three convolution blocks over the GLYPH_H x GLYPH_W patch and two heads, the rank
(13 + ``blank``: no index at this corner) and the suit."""

from __future__ import annotations

import torch
from torch import nn

from vision.cards.glyph_classes import GLYPH_RANKS, SUITS
from vision.cards.index_glyph import GLYPH_H, GLYPH_W
from vision.cards.nets import conv_block


class GlyphNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(conv_block(3, 24), conv_block(24, 48), conv_block(48, 64))
        self.head = nn.Sequential(
            nn.Flatten(),
            nn.Dropout(0.25),
            nn.Linear(64 * (GLYPH_H // 8) * (GLYPH_W // 8), 128),
            nn.ReLU(inplace=True),
        )
        self.rank = nn.Linear(128, len(GLYPH_RANKS))
        self.suit = nn.Linear(128, len(SUITS))

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = self.head(self.features(x))
        return self.rank(features), self.suit(features)
