"""Balls and skittles on cloths of their own colours (issue 23): rendered frames of development
shots of ``synth shots --seed S --cloth mixed`` (seeds 7 and 91), every cloth in turn."""

from __future__ import annotations

import math

from vision.carom.observer import ShotObserver
from vision.carom.stills import CLOTHS
from vision.synth.carom import KINDS, SimulatedShot, simulate_shot


def development_shot(seed: int, index: int) -> SimulatedShot:
    """Shot ``index`` of ``synth shots --seed SEED --cloth mixed``."""
    cloth = list(CLOTHS)[index % len(CLOTHS)]
    return simulate_shot(
        seed * 100_003 + index, kind=KINDS[index % len(KINDS)], cloth=CLOTHS[cloth]
    )


def set_up(shot: SimulatedShot) -> ShotObserver:
    """An observer that has seen the shot's first frame (calibrated, its colours learned)."""
    observer = ShotObserver(None, "seven_skittles")
    observer.update(shot.renderer.frame(0.0), 0.0, 0)
    return observer


def test_a_red_ball_on_a_red_cloth_is_found_by_its_shading() -> None:
    # seed 91, shot 7: the red ball's colour is the red cloth's own; only its lit middle,
    # brighter than the cloth round it, tells it from the cloth
    shot = development_shot(91, 7)
    observer = set_up(shot)
    assert observer._detector is not None
    found = observer._detector.detect(shot.renderer.frame(0.0))["red"]
    at = shot.renderer.sim.positions["red"][0]
    assert found and math.dist((found[0].x, found[0].y), at) < 8.0


def test_the_cushions_rim_is_no_ball() -> None:
    # seed 7, shot 7: where the red cloth's cushion meets the brown rail, the blended pixels
    # pass for the red ball; the rim is left out of every ball's mask
    shot = development_shot(7, 7)
    observer = set_up(shot)
    assert observer._detector is not None
    found = observer._detector.detect(shot.renderer.frame(0.0))["red"]
    at = shot.renderer.sim.positions["red"][0]
    assert found and all(math.dist((c.x, c.y), at) < 8.0 for c in found)
