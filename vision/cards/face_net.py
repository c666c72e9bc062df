"""The card face classifier's network (:mod:`vision.cards.face_classifier` reads with it or
with its ONNX export): four convolution blocks over the CROP_H x CROP_W crop, a shared hidden
layer, and two heads, ranks (13 + ``none``) and suits."""

from __future__ import annotations

import torch
from torch import nn

from vision.cards.face_crop import CROP_H, CROP_W, RANK_CLASSES, SUITS
from vision.cards.nets import conv_block


class FaceNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()

        self.features = nn.Sequential(
            conv_block(3, 16), conv_block(16, 32), conv_block(32, 64), conv_block(64, 96)
        )
        self.head = nn.Sequential(
            nn.Flatten(),
            nn.Dropout(0.3),
            nn.Linear(96 * (CROP_H // 16) * (CROP_W // 16), 128),
            nn.ReLU(inplace=True),
        )
        self.rank = nn.Linear(128, len(RANK_CLASSES))
        self.suit = nn.Linear(128, len(SUITS))

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = self.head(self.features(x))
        return self.rank(features), self.suit(features)
