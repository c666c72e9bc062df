"""The card networks' input: a batch of patches, each standardised on its own.

Kept apart from the networks (:mod:`vision.cards.nets`) so a reader running an ONNX export
prepares its batch without importing torch.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: Added to each patch's standard deviation: a blank patch (a card's plain stock) is not
#: blown up into noise.
FLOOR = 8.0


def standardised(patches: Sequence[np.ndarray]) -> np.ndarray:
    """BGR uint8 patches (corners, card crops) to a float32 NCHW batch, each patch less its
    mean and over its spread (light, ink and stock vary from table to table)."""
    batch = np.stack(patches).astype(np.float32).transpose(0, 3, 1, 2)
    mean = batch.mean(axis=(1, 2, 3), keepdims=True)
    std = batch.std(axis=(1, 2, 3), keepdims=True) + FLOOR
    return np.ascontiguousarray((batch - mean) / std)
