"""The table profile (vision/profile.py): calibration from four marked points, zones, set
colours, and saving per table with clear errors on bad files."""

from __future__ import annotations

import json

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from vision.profile import (  # noqa: E402
    Calibration,
    ProfileError,
    SetProfile,
    TableProfile,
    Zone,
    load_profile,
    measure_set_colours,
    profile_path,
    save_profile,
)
from vision.types import Box  # noqa: E402

# A 600 x 400 mm mat seen by a tilted camera: its corners marked at these pixels.
MAT_PX = ((102.0, 80.0), (538.0, 95.0), (590.0, 430.0), (60.0, 410.0))


def mat() -> Calibration:
    return Calibration.from_rectangle(MAT_PX, 600, 400)


def table() -> TableProfile:
    return TableProfile(
        "club-3",
        mat(),
        (
            Zone("dice tray", ((0, 0), (200, 0), (200, 150), (0, 150))),
            Zone("boneyard", ((400, 250), (600, 250), (600, 400), (400, 400))),
            Zone("layout area", ((0, 0), (600, 0), (600, 400), (0, 400))),
        ),
        dice=SetProfile("dice", (240, 240, 240), (20, 20, 20), 16.0, "casino white"),
        dominoes=SetProfile("dominoes", (30, 30, 30), (235, 235, 235)),
    )


def test_the_marked_corners_land_on_the_mat_corners_and_back():
    calibration = mat()
    corners_mm = calibration.to_table(MAT_PX)
    assert np.allclose(corners_mm, [(0, 0), (600, 0), (600, 400), (0, 400)], atol=1e-6)
    some_mm = [(300, 200), (10, 390), (599, 1)]
    assert np.allclose(calibration.to_table(calibration.to_image(some_mm)), some_mm, atol=1e-6)


def test_calibration_recovers_a_known_perspective():
    """Points made with a known homography map back to where they came from."""
    truth = np.array([[0.8, 0.1, 5], [-0.05, 0.9, 12], [1e-4, 2e-4, 1]])
    table_mm = [(0, 0), (500, 0), (500, 300), (0, 300)]
    image_px = cv2.perspectiveTransform(
        np.float64(table_mm).reshape(-1, 1, 2), np.linalg.inv(truth)
    ).reshape(-1, 2)
    calibration = Calibration(tuple(map(tuple, image_px)), tuple(table_mm))
    probe_mm = np.array([(123.0, 45.0), (480.0, 290.0)])
    probe_px = cv2.perspectiveTransform(probe_mm.reshape(-1, 1, 2), np.linalg.inv(truth))
    assert np.allclose(calibration.to_table(probe_px.reshape(-1, 2)), probe_mm, atol=1e-6)


@pytest.mark.parametrize(
    ("points", "says"),
    [
        (MAT_PX[:3], "need exactly 4 points"),
        ((MAT_PX[0], MAT_PX[2], MAT_PX[1], MAT_PX[3]), "two of them look swapped"),
        (((0, 0), (50, 0), (100, 0), (0, 100)), "three of the points lie on one line"),
        ((MAT_PX[0], MAT_PX[1], MAT_PX[2], (float("nan"), 3.0)), r"image_points\[3\]"),
    ],
)
def test_bad_marked_points_are_named(points, says):
    with pytest.raises(ProfileError, match=says):
        Calibration.from_rectangle(points, 600, 400)


def test_zones_contain_their_points_edges_included():
    profile = table()
    assert profile.zones_at((100, 100)) == ["dice tray", "layout area"]
    assert profile.zones_at((200, 150)) == ["dice tray", "layout area"]  # on the edge
    assert profile.zones_at((500, 300)) == ["boneyard", "layout area"]
    assert profile.zones_at((700, 100)) == []
    assert profile.zone("boneyard").contains((400, 400))
    with pytest.raises(ProfileError, match="has no zone 'discard'"):
        profile.zone("discard")


def test_a_die_seen_in_the_image_is_placed_in_its_zone():
    profile = table()
    tray_px = profile.calibration.to_image([(100, 75)])[0]
    die = Box(tray_px[0] - 10, tray_px[1] - 10, 20, 20)
    assert profile.zones_of_box(die) == ["dice tray", "layout area"]
    with pytest.raises(ProfileError, match="not calibrated"):
        TableProfile("bare").zones_of_box(die)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: Zone("tray", ((0, 0), (1, 1))), "needs at least 3 corners"),
        (lambda: Zone("tray", ((0, 0), (1, 1), (2, 2))), "enclose no area"),
        (lambda: TableProfile("club 3"), "use letters, digits"),
        (
            lambda: TableProfile("t", zones=(Zone("a", ((0, 0), (1, 0), (0, 1))),) * 2),
            "zone 'a' is defined twice",
        ),
        (lambda: SetProfile("cards", (0, 0, 0), (1, 1, 1)), "set kind must be one of"),
        (lambda: SetProfile("dice", (0, 0, 300), (1, 1, 1)), "body must be 3 values"),
    ],
)
def test_bad_parts_of_a_profile_are_named(make, says):
    with pytest.raises(ProfileError, match=says):
        make()


def test_a_profile_saves_per_table_and_loads_back_equal(tmp_path):
    profile = table()
    path = save_profile(profile, tmp_path / "tables")
    assert path == profile_path(tmp_path / "tables", "club-3") == tmp_path / "tables/club-3.json"
    assert json.loads(path.read_text())["format"] == 1
    back = load_profile(path)
    assert back == profile
    assert np.allclose(back.calibration.homography, profile.calibration.homography)
    assert list(tmp_path.joinpath("tables").iterdir()) == [path]  # no temporary left behind
    bare = TableProfile("bare")
    assert load_profile(save_profile(bare, tmp_path)) == bare


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda d: d.pop("table"), "'table' must be the table's name"),
        (lambda d: d.update(format=2), "format 2 is not supported"),
        (
            lambda d: d["calibration"]["image_points"].pop(),
            r"calibration\.image_points: need exactly 4 points, got 3",
        ),
        (
            lambda d: d["calibration"]["table_points"].__setitem__(1, "x"),
            r"calibration\.table_points\[1\]: a point must be \[x, y\]",
        ),
        (lambda d: d["zones"][1].pop("name"), r"zones\[1\]\.name: must be text"),
        (lambda d: d["zones"][0].update(polygon={}), r"zones\[0\]\.polygon: must be a list"),
        (lambda d: d["dice"].update(pips=[1, 2]), r"dice\.pips: must be \[B, G, R\]"),
        (lambda d: d["dice"].update(size_mm=-4), r"dice set: size_mm must be positive"),
    ],
)
def test_a_bad_profile_file_names_the_file_and_the_field(tmp_path, edit, says):
    data = table().to_json()
    edit(data)
    path = tmp_path / "club-3.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ProfileError, match=f"club-3.json.*{says}"):
        load_profile(path)


def test_a_missing_or_broken_file_is_a_clear_error(tmp_path):
    with pytest.raises(ProfileError, match=r"nope\.json: no such profile"):
        load_profile(tmp_path / "nope.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"table": "x",\n  oops}')
    with pytest.raises(ProfileError, match=r"broken\.json: not JSON \(line 2"):
        load_profile(broken)
    broken.write_text("[1, 2]")
    with pytest.raises(ProfileError, match=r"broken\.json: must be an object"):
        load_profile(broken)


def test_set_colours_are_measured_from_dice_in_a_photo():
    image = np.full((200, 300, 3), (40, 110, 30), np.uint8)  # green felt
    boxes = []
    for i, (x, y) in enumerate(((30, 40), (150, 90))):
        cv2.rectangle(image, (x, y), (x + 60, y + 60), (235, 240, 245), -1)
        for dx, dy in ((15, 15), (45, 45), (30, 30))[: i + 2]:
            cv2.circle(image, (x + dx, y + dy), 5, (25, 20, 180), -1)  # red pips
        boxes.append(Box(x, y, 60, 60))
    body, pips = measure_set_colours(image, boxes)
    assert np.abs(np.subtract(body, (235, 240, 245))).max() < 12
    assert np.abs(np.subtract(pips, (25, 20, 180))).max() < 40
    with pytest.raises(ProfileError, match="no object boxes"):
        measure_set_colours(image, [Box(400, 400, 10, 10)])
