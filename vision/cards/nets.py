"""The learned corner reader: a small CNN that reads a straightened corner patch as one of
the 52 cards or as a corner with no index.

It learns both alphabets at once (the queen's class is taught Q and Д), so one network serves
every deck; about 0.1 M weights, trained on two CPU cores in minutes by
``scripts/train_cards_reader.py`` on patches cut from rendered scenes of the training styles.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import numpy as np
import torch
from torch import nn

from vision.cards.patches import CLASSES, CORNER_WEIGHTS
from vision.cards.standardise import standardised

NetT = TypeVar("NetT", bound=nn.Module)

WEIGHTS = CORNER_WEIGHTS


def conv_block(cin: int, cout: int) -> nn.Sequential:
    """3x3 convolution, batch norm, ReLU, then half the size: the card networks' one layer."""
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(2),
    )


class CornerNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()

        self.features = nn.Sequential(conv_block(3, 16), conv_block(16, 32), conv_block(32, 64))
        self.head = nn.Sequential(
            nn.Flatten(), nn.Dropout(0.2), nn.Linear(64 * 5 * 3, 128), nn.ReLU(inplace=True)
        )
        self.out = nn.Linear(128, CLASSES)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.out(self.head(self.features(x)))


def to_tensor(patches: Sequence[np.ndarray]) -> torch.Tensor:
    """:func:`vision.cards.standardise.standardised` as a torch batch."""
    return torch.from_numpy(standardised(patches))


def load(path: Path = WEIGHTS) -> CornerNet:
    return load_weights(CornerNet(), path, "corner reader", "scripts/train_cards_reader.py")


def load_weights(net: NetT, path: Path, what: str, script: str) -> NetT:
    """``net`` with the weights at ``path``, ready to read; a missing file names the script
    that trains it."""
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no {what} weights (run {script})")
    net.load_state_dict(torch.load(path, map_location="cpu", weights_only=True))
    net.eval()
    return net
