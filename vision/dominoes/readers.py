"""The domino tile readers by name, for ``tableref detect|eval|bench`` and the session.

There is one: the learned reader (a small tile finder and a half classifier, trained on
rendered scenes; its measured accuracy and speed are in the README, from
scripts/eval_domino_heldout.py).  A hand-made classical reader was tried and dropped: at
camera size (tiles about 30 px wide) it could not tell the divider of a tile from the seam
between two touching tiles in a line of play.
"""

from __future__ import annotations

from collections.abc import Callable

from vision.dominoes.reader import NetTileReader
from vision.types import TileReader

READERS: dict[str, Callable[[], TileReader]] = {
    "learned": NetTileReader,
}

DEFAULT = "learned"
