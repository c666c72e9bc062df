"""The images a ``detect`` command reads: each unreadable one is an ``error:`` line naming it,
the others are still read, and the command's exit status says whether any failed."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any


class Images:
    """Iterate for (path, image) of every readable image; ``status`` is 2 once one was not."""

    def __init__(self, paths: Sequence[Path]) -> None:
        self.paths = paths
        self.status = 0

    def __iter__(self) -> Iterator[tuple[Path, Any]]:
        from vision.sources import read_images  # OpenCV: the [vision] extra, not every install

        for path, image, problem in read_images(self.paths):
            if image is None:
                sys.stdout.flush()
                print(f"error: {path}: {problem}", file=sys.stderr)
                self.status = 2
                continue
            yield path, image
