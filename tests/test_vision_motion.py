"""The live path's rest gate (vision/motion.py): a reader reads a frame at rest that shows
something new, and skips frames in motion and repeats of what it read."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from vision import motion  # noqa: E402

FPS = 30.0


def table(x: int, seed: int = 0) -> np.ndarray:
    """A grey table with sensor noise and a white square (a die) at ``x``."""
    rng = np.random.default_rng(seed)
    image = np.clip(90 + rng.normal(0, 3, (360, 640, 3)), 0, 255).astype(np.uint8)
    cv2.rectangle(image, (x, 150), (x + 24, 174), (240, 240, 240), -1)
    return image


def reads(frames: list[np.ndarray], fps: float = FPS) -> list[int]:
    gate = motion.RestGate()
    return [k for k, frame in enumerate(frames) if gate.look(frame, k / fps) is motion.Look.READ]


def test_a_die_rolling_to_rest_is_read_once_one_frame_after_it_stops() -> None:
    rolling = [table(40 * k, seed=k) for k in range(1, 8)]  # moves every frame
    resting = [table(320, seed=100 + k) for k in range(10)]  # still, only noise changes
    assert reads([table(40), *rolling, *resting]) == [0, len(rolling) + 2]


def test_noise_alone_never_reads_again_and_a_small_change_at_rest_does() -> None:
    frames = [table(100, seed=k) for k in range(6)] + [table(104, seed=50 + k) for k in range(4)]
    assert reads(frames) == [0, 7]  # 6 is the move itself, 7 the first frame at rest


def test_a_picture_that_never_stops_moving_is_still_read_now_and_then() -> None:
    frames = [table(10 * (k % 50), seed=k) for k in range(40)]
    read = reads(frames)
    assert read[0] == 0 and len(read) >= 40 // motion.MAX_UNREAD
    assert all(b - a <= motion.MAX_UNREAD for a, b in pairwise(read))


def test_photos_far_apart_in_time_are_each_read() -> None:
    photos = [table(60 * k, seed=k) for k in range(5)]
    assert reads(photos, fps=1.0) == [0, 1, 2, 3, 4]


def test_a_frame_is_same_at_rest_and_moving_in_motion() -> None:
    gate = motion.RestGate()
    looks = [gate.look(table(x, seed=k), k / FPS) for k, x in enumerate([40, 40, 80, 120, 120])]
    assert looks == [
        motion.Look.READ,
        motion.Look.SAME,
        motion.Look.MOVING,
        motion.Look.MOVING,
        motion.Look.READ,
    ]
