"""Broadcast compression (issue 23): colour at a quarter of the resolution and strong JPEG
wash the skittles' small red heads and the pale pink ball out.  The skittle watcher still
finds every skittle by a head redder than its body and the cloth round it, and the ball set's
learning gives the one ball left unmatched, seen grey, the colour of the one declared ball
left (the pink), so it is tracked."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.carom.balls import BallDetector
from vision.carom.calibration import calibrate
from vision.carom.layout import layout
from vision.carom.physics import simulate
from vision.carom.render import ShotRenderer
from vision.carom.skittles import UP, SkittleWatcher
from vision.carom.stills import CLOTHS
from vision.carom.table_finder import measure_cloth
from vision.profile import Calibration
from vision.synth.carom import KINDS, SimulatedShot, plan, simulate_shot

TABLE = layout("seven_skittles")  # red, pink, black


@pytest.mark.parametrize("cloth", ["green", "blue"])
def test_every_skittle_is_found_and_standing_on_a_compressed_set_up_frame(cloth: str) -> None:
    """Seed 2 films at JPEG quality 37: no head keeps the absolute test's saturation (the
    watcher used to find none of the seven and read them all removed)."""
    rng = np.random.default_rng(2)
    sim = simulate(plan(TABLE, "miss", rng))
    renderer = ShotRenderer(sim, (1280, 720), rng, stroke_at=0.8, cloth=CLOTHS[cloth], varied=True)
    assert renderer.variation is not None and renderer.variation.quality < 45
    image = renderer.frame(0.0)
    calibration = calibrate(image, TABLE)
    watcher = SkittleWatcher(
        TABLE, calibration, image, [], measure_cloth(image, calibration.image_points)
    )
    assert all(ref.mask is not None for ref in watcher.references.values())
    assert set(watcher.read(renderer.frame(0.05), []).values()) == {UP}


def _bgr(hue: int, saturation: int, value: int) -> tuple[int, int, int]:
    pixel = cv2.cvtColor(np.uint8([[[hue, saturation, value]]]), cv2.COLOR_HSV2BGR)[0, 0]
    return int(pixel[0]), int(pixel[1]), int(pixel[2])


def test_the_pink_washed_out_to_grey_takes_the_pink_s_place_in_the_set() -> None:
    """The red is seen red and the black black; the third ball reads a pale grey-violet
    (saturation 40 against the pink's 109): it can only be the pink, which learns its colour
    and is found there, not nowhere."""
    image = np.full((360, 640, 3), (40, 120, 40), np.uint8)
    cv2.circle(image, (200, 180), 12, tuple(int(c) for c in TABLE.balls["red"]), -1)
    cv2.circle(image, (400, 180), 12, _bgr(155, 40, 250), -1)
    cv2.circle(image, (500, 250), 12, tuple(int(c) for c in TABLE.balls["black"]), -1)
    calibration = Calibration(((0, 0), (639, 0), (639, 359), (0, 359)), TABLE.outer_corners())
    detector = BallDetector(TABLE, calibration, (640, 360))
    learned = detector.learn(
        image, [(200.0, 180.0, 12.0), (400.0, 180.0, 12.0), (500.0, 250.0, 12.0)]
    )
    assert set(learned) == {"pink"}
    found = detector.detect(image)
    assert len(found["pink"]) == 1 and found["pink"][0].score > 0.5
    x, y = calibration.to_image([(found["pink"][0].x, found["pink"][0].y)])[0]
    assert abs(x - 400) < 2 and abs(y - 180) < 2
    assert len(found["black"]) == 1 and len(found["red"]) == 1


def test_a_black_disc_tinted_red_is_the_black_not_the_pink() -> None:
    """A black ball's disc tinted by the cloth and the compression reads a dull red (hue 6,
    saturation 66, brightness 53, 16 hue steps from the pink's), the pink beside it washed
    out: the black's own test claims that disc first, so the pink does not take its hue
    (searched for at the black's colour, it went unseen all shot) but the grey-violet ball."""
    image = np.full((360, 640, 3), (40, 120, 40), np.uint8)
    cv2.circle(image, (200, 180), 12, tuple(int(c) for c in TABLE.balls["red"]), -1)
    cv2.circle(image, (400, 180), 12, _bgr(155, 40, 250), -1)
    cv2.circle(image, (500, 250), 12, _bgr(6, 66, 53), -1)
    calibration = Calibration(((0, 0), (639, 0), (639, 359), (0, 359)), TABLE.outer_corners())
    detector = BallDetector(TABLE, calibration, (640, 360))
    detector.learn(image, [(200.0, 180.0, 12.0), (400.0, 180.0, 12.0), (500.0, 250.0, 12.0)])
    found = detector.detect(image)
    assert len(found["pink"]) == 1 and len(found["black"]) == 1
    x, _y = calibration.to_image([(found["pink"][0].x, found["pink"][0].y)])[0]
    assert abs(x - 400) < 2


def _first_frames(shot: SimulatedShot, count: int, folder: Path) -> list[np.ndarray]:
    """The shot's first frames as its MJPG video gives them back (each frame's JPEG noise
    its own, as a stream's)."""
    path = folder / "start.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), shot.fps, (1280, 720))
    for _, image in zip(range(count), shot.frames(), strict=False):
        writer.write(image)
    writer.release()
    capture = cv2.VideoCapture(str(path))
    frames = []
    while (read := capture.read())[0]:
        frames.append(read[1])
    return frames


def test_a_skittle_whose_head_only_the_relative_test_finds_stands_while_its_body_stays(
    tmp_path: Path,
) -> None:
    """Varied development shot 6 of seed 510 (teal cloth): every head is washed out and found
    by the relative test, which each frame's JPEG noise moves; a frame after the set-up lost
    small_right's head while its body stood as before, and it was read down (a skittle fallen
    by itself before the stroke).  A body no bigger than at the set-up says it stands."""
    shot = simulate_shot(510 * 100_003 + 6, kind=KINDS[6], cloth=CLOTHS["teal"], varied=True)
    frames = _first_frames(shot, 12, tmp_path)
    calibration = calibrate(frames[0], TABLE)
    cloth = measure_cloth(frames[0], calibration.image_points)
    watcher = SkittleWatcher(TABLE, calibration, frames[0], [], cloth)
    assert watcher.references["small_right"].faded
    for frame in frames[1:]:
        assert set(watcher.read(frame, []).values()) == {UP}
