"""The shared rendering primitives of vision/synth/scene.py: reproducible from the seed, and each
one does to the image (and to the label boxes) what it says."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from vision.synth import scene  # noqa: E402
from vision.types import Box  # noqa: E402

SIZE = (120, 160)


def rng(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


@pytest.mark.parametrize("make", [scene.felt, scene.wood, scene.background])
def test_surfaces_are_reproducible_textured_and_sized(make):
    first, again, other = make(rng(3), SIZE), make(rng(3), SIZE), make(rng(4), SIZE)
    assert first.shape == (*SIZE, 3) and first.dtype == np.uint8
    assert np.array_equal(first, again)
    assert not np.array_equal(first, other)
    assert first.std(axis=(0, 1)).max() > 1.0  # texture, not a flat fill


def test_felt_keeps_near_the_colour_asked_for():
    colour = (40, 110, 30)
    means = [scene.felt(rng(seed), SIZE, colour).mean(axis=(0, 1)) for seed in range(10)]
    mean = np.mean(means, axis=0)
    assert np.all(np.abs(mean - colour) < 25)
    assert mean[1] > mean[0] and mean[1] > mean[2]  # still green


def test_wood_grain_runs_in_one_direction():
    image = scene.wood(rng(1), (200, 200)).astype(np.float32).mean(axis=2)
    gy, gx = np.gradient(cv2.GaussianBlur(image, (0, 0), 1.0))
    # Grain lines make the gradients point mostly one way: a strongly anisotropic structure tensor.
    tensor = np.array([[np.mean(gx * gx), np.mean(gx * gy)], [np.mean(gx * gy), np.mean(gy * gy)]])
    small, large = np.linalg.eigvalsh(tensor)
    assert large > 2.5 * small


def test_lighting_gradient_of_zero_strength_changes_nothing_and_otherwise_varies_light():
    flat = np.full((*SIZE, 3), 128, np.uint8)
    assert np.array_equal(scene.lighting_gradient(flat, rng(), strength=0.0), flat)
    lit = scene.lighting_gradient(flat, rng(), strength=0.4).astype(int)
    assert lit.max() - lit.min() > 20
    assert lit.max() <= 128 * 1.2 + 1 and lit.min() >= 128 * 0.6 - 1


def test_soft_shadow_darkens_beside_the_object_only():
    image = np.full((100, 100, 3), 200, np.uint8)
    mask = np.zeros((100, 100), np.uint8)
    mask[40:60, 40:60] = 255
    shaded = scene.soft_shadow(image, mask, rng(), offset=(6, 6), darkness=0.5)
    assert shaded[62, 62].mean() < 160  # under the shifted shadow
    assert np.array_equal(shaded[0:20, 0:20], image[0:20, 0:20])  # far away: untouched


def test_paste_blends_by_alpha_and_clips_at_the_edges():
    image = np.zeros((50, 50, 3), np.uint8)
    sprite = np.full((20, 20, 3), 200, np.uint8)
    alpha = np.full((20, 20), 0.5, np.float32)
    out = scene.paste(image, sprite, alpha, 40, -5)  # hangs over the right and top edges
    assert out[0, 45].tolist() == [100, 100, 100]
    assert out[20, 45].tolist() == [0, 0, 0]
    assert image.max() == 0  # input untouched
    assert np.array_equal(scene.paste(image, sprite, alpha, 60, 60), image)  # fully outside


def test_motion_blur_smears_a_point_along_its_direction():
    image = np.zeros((41, 41, 3), np.uint8)
    image[20, 20] = 255
    smeared = scene.motion_blur(image, 9, 0.0)[..., 0]
    lit_rows, lit_cols = np.nonzero(smeared)
    assert set(lit_rows) == {20} and lit_cols.min() == 16 and lit_cols.max() == 24


def test_gaussian_blur_keeps_the_mean_and_lowers_the_detail():
    image = scene.felt(rng(), SIZE)
    blurred = scene.gaussian_blur(image, 2.0)
    assert abs(blurred.mean() - image.mean()) < 1.0
    assert (
        np.abs(np.diff(blurred.astype(int), axis=1)).mean()
        < np.abs(np.diff(image.astype(int), axis=1)).mean()
    )


def test_sensor_noise_has_about_the_sigma_asked_for():
    image = np.full((100, 100, 3), 255, np.uint8) // 2
    noisy = scene.sensor_noise(image, rng(), sigma=5.0).astype(float)
    # Mid-grey: the dark boost is about 1.25.
    assert 5.0 < noisy.std() < 7.5


def test_lower_jpeg_quality_loses_more():
    image = scene.felt(rng(), SIZE)
    error = {q: np.abs(scene.jpeg_artefacts(image, q).astype(int) - image).mean() for q in (20, 95)}
    assert error[20] > error[95] > 0


def test_degrade_is_reproducible():
    image = scene.wood(rng(), SIZE)
    assert np.array_equal(scene.degrade(image, rng(5)), scene.degrade(image, rng(5)))


def test_perspective_warp_carries_label_boxes_with_the_image():
    image = np.zeros((240, 320, 3), np.uint8)
    box = Box(100, 80, 60, 40)
    image[80:120, 100:160] = 255
    for seed in range(5):
        warped, boxes, matrix = scene.perspective_warp(image, [box], rng(seed), strength=0.08)
        ys, xs = np.nonzero(warped[..., 0] > 127)
        found = Box(xs.min(), ys.min(), xs.max() - xs.min() + 1, ys.max() - ys.min() + 1)
        assert boxes[0].iou(found) > 0.9
        assert matrix.shape == (3, 3)


def test_perspective_warp_of_zero_strength_is_the_identity():
    image = scene.felt(rng(), SIZE)
    box = Box(10, 20, 30, 40)
    warped, boxes, matrix = scene.perspective_warp(image, [box], rng(), strength=0.0)
    assert np.array_equal(warped, image)
    assert np.allclose(matrix, np.eye(3))
    assert boxes[0].iou(box) > 0.999


def test_warp_boxes_clip_to_the_image_and_keep_order():
    shift = np.array([[1, 0, 50], [0, 1, 0], [0, 0, 1]], float)
    inside, cut, gone = scene.warp_boxes(
        [Box(0, 0, 10, 10), Box(140, 0, 40, 10), Box(200, 0, 10, 10)], shift, (100, 200)
    )
    assert inside.as_list() == [50.0, 0.0, 10.0, 10.0]
    assert cut.as_list() == [190.0, 0.0, 10.0, 10.0]
    assert gone.w == 0.0


def test_hand_occluder_enters_from_an_edge_and_reports_its_mask():
    image = np.full((240, 320, 3), 60, np.uint8)
    for seed in range(6):
        out, mask = scene.hand_occluder(image, rng(seed))
        covered = mask > 0.5
        assert 0.02 < covered.mean() < 0.5
        on_edge = covered[0].any() or covered[-1].any() or covered[:, 0].any()
        assert on_edge or covered[:, -1].any()
        skin = out[covered].astype(float).mean(axis=0)
        assert skin[2] > skin[0]  # skin: more red than blue
        assert np.array_equal(out[mask == 0], image[mask == 0])


def test_occluded_fraction():
    mask = np.zeros((100, 100), np.float32)
    mask[:, :50] = 1.0
    assert scene.occluded_fraction(mask, Box(0, 0, 20, 20)) == 1.0
    assert scene.occluded_fraction(mask, Box(60, 0, 20, 20)) == 0.0
    assert scene.occluded_fraction(mask, Box(40, 0, 20, 20)) == pytest.approx(0.5)
    assert scene.occluded_fraction((mask * 255).astype(np.uint8), Box(40, 0, 20, 20)) == 0.5
