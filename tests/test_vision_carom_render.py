"""The shot renderer's varied filming (issue 23: camera tilt, lamps, broadcast compression):
the camera really is tilted (the far end of the table smaller, tall things leaning away from
the point under the camera, off the table's centre), and on such frames, compressed, the
observer's calibration still finds the cushions' corners and the balls' places."""

from __future__ import annotations

import numpy as np
import pytest

from vision.carom.calibration import calibrate
from vision.carom.layout import layout
from vision.carom.physics import simulate
from vision.carom.render import TILT_DEGREES, ShotRenderer, tilted_camera
from vision.carom.stills import CLOTHS
from vision.synth.carom import plan

TABLE = layout("seven_skittles")
SIZE = (1280, 720)


def test_a_tilted_camera_sees_the_far_end_smaller_and_the_middle_leaning_away() -> None:
    camera = tilted_camera(TABLE, SIZE, tilt=12.0, azimuth=0.0, roll=0.0)  # from the +x side
    hx = TABLE.half[0]
    near = camera.project(np.array([[hx, -100.0], [hx, 100.0]]))
    far = camera.project(np.array([[-hx, -100.0], [-hx, 100.0]]))
    assert np.hypot(*(near[1] - near[0])) > 1.1 * np.hypot(*(far[1] - far[0]))
    # overhead, the big skittle's head (90 mm up) is seen on its base; here the point under
    # the camera is off the centre, and the head leans away from it (-x, the image's left)
    base, head = camera.project(np.array([[0.0, 0.0], [0.0, 0.0]]), np.array([0.0, 90.0]))
    assert head[0] - base[0] < -3.0


@pytest.mark.parametrize(("seed", "cloth"), [(3, "blue"), (8, "red"), (11, "grey")])
def test_the_cushions_and_balls_of_a_varied_frame_are_found(seed: int, cloth: str) -> None:
    rng = np.random.default_rng(seed)
    sim = simulate(plan(TABLE, "miss", rng))
    renderer = ShotRenderer(sim, SIZE, rng, stroke_at=0.8, cloth=CLOTHS[cloth], varied=True)
    variation = renderer.variation
    assert variation is not None and TILT_DEGREES[0] <= variation.tilt <= TILT_DEGREES[1]
    image = renderer.frame(0.0)
    truth = renderer.camera.project(np.array(TABLE.outer_corners()), 40.0)
    calibration = calibrate(image, TABLE)
    assert np.abs(np.array(calibration.image_points) - truth).max() < 8.0  # 0.5 % of the diagonal
    for ball, at in sim.setup.balls.items():
        seen = renderer.camera.project(np.array([at]), TABLE.ball_radius)[0]
        placed = calibration.to_table([(float(seen[0]), float(seen[1]))])[0]
        assert np.hypot(*(np.array(placed) - np.array(at))) < 6.0, ball
