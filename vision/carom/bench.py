"""``tableref bench carom``: frames per second of the shot observer at 1280x720, ONE core.

Rendered frames of a simulated shot (moving balls, falling skittles, the cue coming in) go
through a :class:`ShotObserver`; rendering is not timed, only ``update``.  A baseline
(``cvtColor`` + ``GaussianBlur`` on the same frames) is measured in the same run, as in
:mod:`vision.bench`, since shared machines drift.
"""

from __future__ import annotations

import time
from typing import Any

from vision.bench import baseline_pass, one_core, significant
from vision.carom.observer import ShotObserver
from vision.synth.carom import simulate_shot

SIZES = ((1280, 720), (1920, 1080))


def run_bench(quick: bool) -> list[dict[str, Any]]:
    """One row per frame size: observer fps and ms, baseline fps, cost over the baseline."""
    rows = []
    with one_core():
        for size in SIZES[:1] if quick else SIZES:
            shot = simulate_shot(11, kind="object_ball", size=size)
            frames = list(shot.frames())[: 60 if quick else None]
            observer = ShotObserver(None, "seven_skittles")
            spent = 0.0
            for index, image in enumerate(frames):
                start = time.perf_counter()
                observer.update(image, index / shot.fps, index)
                spent += time.perf_counter() - start
            base = 0.0
            for image in frames:
                start = time.perf_counter()
                baseline_pass(image)
                base += time.perf_counter() - start
            per, per_base = spent / len(frames), base / len(frames)
            rows.append(
                {
                    "reader": "carom observer",
                    "size": f"{size[0]}x{size[1]}",
                    "frames": len(frames),
                    "fps": significant(1 / per),
                    "ms": significant(1000 * per),
                    "baseline_fps": significant(1 / per_base),
                    "cost_x_baseline": significant(per / per_base),
                }
            )
    return rows
