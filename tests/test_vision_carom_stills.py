"""Any billiard table in one photograph (issue 23): the table found on any cloth, every ball
found by shape, and ``tableref detect balls`` / ``tableref calibrate table`` around them.

The scenes are :mod:`vision.carom.stills` renders of development seeds; the held-out seeds
(:data:`~vision.carom.stills.HELD_OUT_SEEDS`) are only measured by ``scripts/eval_balls.py``.
The floors asserted here sit below what the development seeds measure (table 99 %, balls
recall 0.94 and precision 0.98 on seeds 0-79; 0.97 and 0.99 on the seeds 100-123 used here), so a
regression fails and noise does not.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from ui.cli import main
from vision.carom.ball_finder import _held_by_arm, _on_a_bar, _round_edges, find_balls
from vision.carom.balls import BallDetector
from vision.carom.evaluate import evaluate_shot
from vision.carom.layout import layout
from vision.carom.stills import CLOTHS, DEV_SEEDS, render_still
from vision.carom.table_finder import find_table, measure_cloth
from vision.profile import Calibration, ProfileError, TableProfile, load_profile, save_profile
from vision.synth.carom import KINDS, simulate_shot

SEEDS = list(DEV_SEEDS)[100:124]


def _corner_error(found: tuple, truth: tuple) -> float:
    truth_arr = np.array(truth)
    diagonal = float(np.hypot(*(truth_arr[2] - truth_arr[0])))
    return float(np.hypot(*(np.array(found) - truth_arr).T).max()) / diagonal


def test_the_table_is_found_on_every_cloth() -> None:
    stills = [render_still(seed) for seed in SEEDS]
    assert len({still.cloth for still in stills}) >= 8  # the cloths really vary
    errors = [_corner_error(find_table(still.image), still.corners) for still in stills]
    assert sum(error < 0.015 for error in errors) >= len(stills) - 1
    assert float(np.median(errors)) < 0.006


def test_every_ball_is_found_by_shape() -> None:
    truth = found = hit = 0
    for seed in SEEDS:
        still = render_still(seed)
        _, balls = find_balls(still.image)
        truth += len(still.balls)
        found += len(balls)
        used: set[int] = set()
        for ball in still.balls:
            near = [
                (np.hypot(b.x - ball.x, b.y - ball.y), i)
                for i, b in enumerate(balls)
                if i not in used
            ]
            if near and min(near)[0] <= 0.5 * ball.radius:
                used.add(min(near)[1])
                hit += 1
    assert hit / truth >= 0.93
    assert hit / found >= 0.96


def test_a_white_ball_on_a_blue_cloth() -> None:
    """The issue's first miss: the five-colour detector lost a white ball on a blue cloth."""
    for seed in range(1000, 1200):
        still = render_still(seed)
        whites = [b for b in still.balls if b.label == "white"]
        if still.cloth in {"blue", "tournament blue", "navy"} and whites:
            break
    _, balls = find_balls(still.image)
    white = whites[0]
    assert any(np.hypot(b.x - white.x, b.y - white.y) <= 0.5 * white.radius for b in balls)


def test_a_table_filmed_as_a_hall_s_stream_is_found_and_its_balls() -> None:
    """The broadcast look (a smaller, more tilted table, the floor and a neighbouring table,
    glossy rails, pocket rims, a bridge hand, half-resolution colour and JPEG): development
    stills; a camel cloth on a beige floor (seed 17) ran into the floor, and the stream's
    colour blur put every side 3-5 px inside the cushions."""
    stills = [render_still(seed, look="broadcast") for seed in (17, 19, 23, 26, 36, 45)]
    errors = [_corner_error(find_table(still.image), still.corners) for still in stills]
    assert max(errors) < 0.01, errors
    truth = hit = found = 0
    for still in stills:
        _, balls = find_balls(still.image)
        truth, found = truth + len(still.balls), found + len(balls)
        hit += sum(
            any(np.hypot(b.x - t.x, b.y - t.y) <= 0.5 * t.radius for b in balls)
            for t in still.balls
        )
    assert hit / truth >= 0.85 and hit / found >= 0.88  # measured: 42/46, 42/45


def test_a_far_table_s_cue_is_no_row_of_balls() -> None:
    """On a far table the cue is as wide as a ball once the stream's colour bleeds round it,
    and its outline too ragged for a straight edge: a centre on an even bar of the mask is on
    a cue; a ball, or two touching (they pinch where they touch), are not."""
    mask = np.zeros((120, 300), np.uint8)
    cv2.line(mask, (10, 30), (290, 40), 255, 6)
    cv2.circle(mask, (60, 90), 5, 255, -1)
    cv2.circle(mask, (150, 90), 5, 255, -1)
    cv2.circle(mask, (160, 90), 5, 255, -1)
    assert _on_a_bar(mask, (150.0, 35.4), 4.5)
    assert not _on_a_bar(mask, (60.0, 90.0), 4.5)
    assert not _on_a_bar(mask, (150.0, 90.0), 4.5)


def test_a_ball_rolling_against_a_ball_at_rest_is_found() -> None:
    """A rolling ball's streak that touches a ball at rest merges with it into a blob too
    wide for a streak: it is looked for again once the balls found by their rims are cut
    out (development still 51: the black, rolling, against a pool ball)."""
    still = render_still(51)
    [rolling] = [b for b in still.balls if b.moving and b.label == "black"]
    _, balls = find_balls(still.image)
    assert any(np.hypot(b.x - rolling.x, b.y - rolling.y) <= 0.5 * rolling.radius for b in balls)


def _nearest(still, balls, at: tuple[float, float]) -> float:
    """How far (in the true ball's radii) the nearest reported centre lies from the true ball
    nearest ``at``."""
    truth = min(still.balls, key=lambda b: np.hypot(b.x - at[0], b.y - at[1]))
    return min((np.hypot(b.x - truth.x, b.y - truth.y) / truth.radius for b in balls), default=99)


def test_the_radius_is_measured_by_the_rims_at_every_size() -> None:
    """Without a calibration the radius is the middle of the plateau of trial sizes at which
    round rims are found: broadcast development stills 100-123, the truth's radius within 12 %
    on 23 of 24 (the blobs' measure refined by two trial radii: 18)."""
    within = 0
    for seed in SEEDS:
        still = render_still(seed, look="broadcast")
        _, balls = find_balls(still.image)
        within += bool(balls) and abs(balls[0].radius / still.balls[0].radius - 1) <= 0.12
    assert within >= 22


@pytest.mark.parametrize(("seed", "at"), [(5, (552, 363)), (12, (490, 342)), (22, (398, 261))])
def test_a_ball_in_a_rack_is_placed_by_its_own_free_rim(seed: int, at: tuple) -> None:
    """A small ball among touching ones (broadcast development stills): the rays that run into
    a neighbour found two radii away are blocked and the ball fitted again from its own centre
    until it stays put; the first fit lay 0.50-0.63 radii off, a miss and a false ball."""
    still = render_still(seed, look="broadcast")
    _, balls = find_balls(still.image)
    assert _nearest(still, balls, at) < 0.35


def test_a_ball_beside_a_pocket_is_no_arm_and_the_pocket_s_rim_no_ball() -> None:
    """Broadcast development still 18: three balls against a corner pocket made one part of
    the mask with its dark notch, as long as an arm reaching in, and were lost with it; the
    pockets' places are cut out before arms are looked for.  Still 33's chrome pocket rims,
    round and ball-sized, are still no balls."""
    still = render_still(18, look="broadcast")
    _, balls = find_balls(still.image)
    for at in ((667, 553), (667, 544), (674, 539)):
        assert _nearest(still, balls, at) < 0.5
    still = render_still(33, look="broadcast")
    _, balls = find_balls(still.image)
    rim = (646.0, 597.0)  # the near long side's middle pocket: its rim's top
    assert not [b for b in balls if np.hypot(b.x - rim[0], b.y - rim[1]) < 3 * b.radius]


def test_a_ball_of_the_cloth_s_colour_is_found_by_its_shading() -> None:
    """An ivory ball against an ivory rack on a camel cloth (broadcast development still 28):
    neither in the not-cloth mask nor a circle in the brightness edges, its lit middle and dark
    limb start a rim fit (the old finder's nearest centre lay 2.1 radii off)."""
    still = render_still(28, look="broadcast")
    _, balls = find_balls(still.image)
    assert _nearest(still, balls, (784, 334)) < 0.5


def test_a_rack_of_the_cloth_s_colour_is_found_ball_by_ball() -> None:
    """A snooker rack of reds on a red cloth (development still 52): neither mask nor circle
    search nor shading shows most of the reds, but each ball found proposes its touching
    places, two radii off, fitted with the rays towards the balls found blocked.  The old
    finder found 9 of the 18 balls."""
    still = render_still(52)
    _, balls = find_balls(still.image)
    found = sum(_nearest(still, balls, (b.x, b.y)) <= 0.5 for b in still.balls)
    assert len(still.balls) == 18 and found >= 16


def test_the_circle_search_keeps_to_the_table() -> None:
    """Round things off the table (a stool, a neighbouring table's ball) are not searched: the
    circle search runs on the box round the table only, and reports in the image's px."""
    image = np.full((200, 400, 3), (30, 110, 40), np.uint8)
    cv2.circle(image, (300, 100), 8, (230, 230, 230), -1, cv2.LINE_AA)  # in the table's box
    cv2.circle(image, (40, 100), 8, (230, 230, 230), -1, cv2.LINE_AA)  # off it
    inside = np.zeros((200, 400), np.uint8)
    inside[20:180, 150:380] = 255
    edge = cv2.distanceTransform(inside, cv2.DIST_L2, 5)
    found = _round_edges(image.astype(np.float32), 8.0, edge)
    assert any(abs(x - 300) <= 2 and abs(y - 100) <= 2 for x, y in found)
    assert not any(x < 100 for x, _y in found)


def test_balls_joined_to_a_pocket_s_notch_are_no_arm() -> None:
    """Broadcast development still 118: a ball against a pocket, joined to what is left of
    its dark notch past the cut, touched the outline and reached six radii: an arm, and the
    ball lost.  Such a part reaches 4-6.5 radii into the table; an arm with its hand further
    (:data:`~vision.carom.ball_finder.REACH_DEEP`)."""
    still = render_still(118, look="broadcast")
    _, balls = find_balls(still.image)
    for at in ((303, 238), (292, 226), (614, 195), (979, 151)):
        assert _nearest(still, balls, at) < 0.5


def test_a_ball_joined_to_the_outline_by_a_rolling_neighbour_s_streak_is_no_arm() -> None:
    """Broadcast development still 44: an ivory ball by the near cushion and an orange rolling
    against it, its streak blurred over the cushion's edge: one part touching the outline, six
    radii long, an arm, and both balls lost.  It reaches 4.7 radii into the table."""
    still = render_still(44, look="broadcast")
    _, balls = find_balls(still.image)
    assert _nearest(still, balls, (379, 520)) < 0.5


def test_a_pocket_rim_joined_to_its_notch_is_still_no_ball() -> None:
    """Broadcast development still 66: a pocket rim's highlight, on what is left of its notch
    past the cut, is round and ball-sized; within POCKET_RIM radii of the pocket's place it is
    the pocket's (the part reaching in a little way no longer hides the balls against it)."""
    still = render_still(66, look="broadcast")
    _, balls = find_balls(still.image)
    assert not [b for b in balls if np.hypot(b.x - 654, b.y - 510) < 2 * b.radius]


def test_a_fist_at_a_sleeve_s_end_is_still_no_ball() -> None:
    """Broadcast development still 180: the fist at the end of the arm is round and
    ball-sized; the sleeve round it keeps it the arm's (:func:`_held_by_arm`)."""
    still = render_still(180, look="broadcast")
    _, balls = find_balls(still.image)
    assert not [b for b in balls if np.hypot(b.x - 756, b.y - 543) < 2 * b.radius]


def test_a_part_holds_the_round_rim_it_rings() -> None:
    """The part that reaches in less the round rims' discs: a sleeve round a fist holds it;
    a ball with a pocket's notch (or a streak) on one side only is apart."""
    r = 6.0
    sleeve = np.zeros((200, 200), np.uint8)
    cv2.line(sleeve, (0, 100), (100, 100), 255, 30)  # a sleeve, its fist's disc cut out
    cv2.circle(sleeve, (105, 100), round(1.2 * r), 0, -1)
    assert _held_by_arm(sleeve, (105.0, 100.0), r)
    notch = np.zeros((200, 200), np.uint8)
    cv2.circle(notch, (80, 100), 14, 255, -1)  # what is left of a pocket's notch
    cv2.circle(notch, (100, 100), round(1.2 * r), 0, -1)
    assert not _held_by_arm(notch, (100.0, 100.0), r)


def test_a_picture_without_a_whole_table_is_refused() -> None:
    still = render_still(SEEDS[0])
    x0, y0 = (int(v) for v in np.mean(still.corners, axis=0))
    with pytest.raises(ProfileError, match="whole table"):
        find_table(still.image[y0 - 60 : y0 + 60, x0 - 80 : x0 + 80])
    with pytest.raises(ProfileError):
        find_table(np.zeros((20, 20, 3), np.uint8))


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    folder = tmp_path_factory.mktemp("stills")
    still = render_still(SEEDS[3])
    cv2.imwrite(str(folder / "table.png"), still.image)
    (folder / "broken.jpg").write_bytes(b"not an image")
    return folder, still


def test_detect_balls_prints_the_table_and_its_balls(photos, capsys) -> None:
    folder, still = photos
    images = [str(folder / "table.png"), str(folder / "broken.jpg"), str(folder / "gone.png")]
    assert main(["detect", "balls", *images, "--json"]) == 2
    out = capsys.readouterr()
    [line] = out.out.splitlines()
    seen = json.loads(line)
    assert seen["image"].endswith("table.png")
    assert _corner_error(tuple(map(tuple, seen["table"]["corners"])), still.corners) < 0.015
    assert seen["balls"] and {"center", "radius", "label"} <= set(seen["balls"][0])
    assert "broken.jpg: not a readable image" in out.err
    assert "gone.png: no such file" in out.err


def test_calibrate_table_writes_the_profile_detect_reads(photos, tmp_path, capsys) -> None:
    folder, still = photos
    profile = tmp_path / "hall-2.json"
    assert main(["calibrate", "table", str(folder / "table.png"), "--out", str(profile)]) == 0
    saved = load_profile(profile)
    assert saved.calibration is not None
    assert _corner_error(saved.calibration.image_points, still.corners) < 0.015
    capsys.readouterr()
    assert main(["detect", "balls", str(folder / "table.png"), "--profile", str(profile)]) == 0
    assert "table found" in capsys.readouterr().out
    assert main(["detect", "balls", str(folder / "table.png"), "--profile", "none.json"]) == 2
    assert "none.json: no such profile" in capsys.readouterr().err
    given = ["detect", "balls", str(folder / "table.png"), "--profile", str(profile)]
    assert main([*given, "--game", "pool"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "--game pool: no carom table for game 'pool'" in line
    bare = save_profile(TableProfile("dice-only"), tmp_path)  # a profile never calibrated
    assert main(["detect", "balls", str(folder / "table.png"), "--profile", str(bare)]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "dice-only.json: the profile has no table calibration" in line
    assert main(["calibrate", "table", str(folder / "broken.jpg"), "--out", str(profile)]) == 2
    assert "not a readable image" in capsys.readouterr().err


def test_calibrate_table_takes_four_corners_where_the_cloth_is_not_found(
    photos, tmp_path, capsys
) -> None:
    """The four-point fallback: a frame whose cloth cannot be found is calibrated from the
    cushions' corners read off it by hand, in any order round the table."""
    _folder, still = photos
    profile = tmp_path / "by-hand.json"
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((720, 1280, 3), 90, np.uint8))
    assert main(["calibrate", "table", str(blank), "--out", str(profile)]) == 2
    assert "--corners X,Y X,Y X,Y X,Y" in capsys.readouterr().err
    given = [f"{x:.1f},{y:.1f}" for x, y in reversed(still.corners)]
    assert main(["calibrate", "table", str(blank), "--out", str(profile), "--corners", *given]) == 0
    calibration = load_profile(profile).calibration
    assert calibration is not None
    assert _corner_error(calibration.image_points, still.corners) < 0.001
    assert "cushion corners" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("corners", "named"),
    [
        (["100,100", "1100,100", "1100,600", "a"], "--corners: 'a' is not X,Y (two numbers)"),
        (["100,100", "1100,100", "1100,600", "1,2,3"], "'1,2,3' is not X,Y"),
        (["100,100", "1100,100", "1100,600", "5000,10"], "outside the 1280x720 image"),
        (["100,100", "1100,100", "1100,600"], "--corners: expected 4 arguments"),
        (["100,100", "1100,100", "600,600", "600,200"], "do not make a table's outline"),
        (["100,100", "140,100", "140,130", "100,130"], "enclose too little of the image"),
    ],
)
def test_bad_corners_are_one_error_line_naming_the_fault(
    corners: list[str], named: str, tmp_path: Path, capsys
) -> None:
    """Each bad ``--corners`` is refused with one ``error:`` line that says what is wrong, and
    no profile is written."""
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((720, 1280, 3), 90, np.uint8))
    profile = tmp_path / "by-hand.json"
    assert main(["calibrate", "table", str(blank), "--out", str(profile), "--corners", *corners])
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("error: ") and named in line, line
    assert not profile.exists()


def test_every_cloth_colour_is_a_named_cloth() -> None:
    assert {"green", "blue", "teal", "red", "grey"} <= set(CLOTHS)


@pytest.mark.parametrize(("index", "cloth"), [(3, "blue"), (6, "teal"), (10, "camel")])
def test_a_shot_on_another_cloth_is_refereed(index: int, cloth: str, tmp_path) -> None:
    """The shot observer calibrates, learns the balls' colours and reads the skittles on a
    cloth that is not green (development shots of ``synth shots --seed 7 --cloth mixed``)."""
    shot = simulate_shot(7 * 100_003 + index, kind=KINDS[index % len(KINDS)], cloth=CLOTHS[cloth])
    video = tmp_path / "shot_0000.avi"
    shot.write_video(video)
    video.with_suffix(".json").write_text(json.dumps(shot.truth()), encoding="utf-8")
    result = evaluate_shot(video)
    assert result.exact, result.differences
    assert result.skittles_right == result.skittles


def test_the_ball_colours_are_learned_from_the_table() -> None:
    """A red ball under a warm lamp reads orange-red: the set-up frame's own pixels give the
    detector its colour; the black keeps its grey test, and a white blob matches nothing."""
    table = layout("seven_skittles")  # red, pink, black
    image = np.full((360, 640, 3), (40, 120, 40), np.uint8)
    cv2.circle(image, (200, 180), 12, (30, 75, 220), -1)  # the red as this camera sees it
    cv2.circle(image, (400, 180), 12, (235, 235, 235), -1)
    calibration = Calibration(((0, 0), (639, 0), (639, 359), (0, 359)), table.outer_corners())
    detector = BallDetector(table, calibration, (640, 360))
    nominal = dict(detector.colours)
    learned = detector.learn(image, [(200.0, 180.0, 12.0), (400.0, 180.0, 12.0)])
    assert set(learned) == {"red"}
    assert detector.colours["red"] != nominal["red"]
    assert detector.colours["black"] == nominal["black"]
    found = detector.detect(image)["red"]
    assert found and found[0].score > 0.5


def test_a_ball_seen_at_its_own_hue_is_not_taken_over_by_another_blob() -> None:
    """A red seen at its nominal hue is matched (and keeps that hue): a saturated orange blob
    16 hue steps off (the black ball's disc tinted by a blue cloth) must not then take the
    red's hue, which would leave the red ball unseen for the whole shot."""
    table = layout("seven_skittles")
    image = np.full((360, 640, 3), (40, 120, 40), np.uint8)
    red = tuple(int(c) for c in table.balls["red"])
    orange = cv2.cvtColor(np.array([[[16, 200, 180]]], np.uint8), cv2.COLOR_HSV2BGR)[0, 0]
    cv2.circle(image, (200, 180), 12, red, -1)
    cv2.circle(image, (400, 180), 12, tuple(int(c) for c in orange), -1)
    calibration = Calibration(((0, 0), (639, 0), (639, 359), (0, 359)), table.outer_corners())
    detector = BallDetector(table, calibration, (640, 360))
    nominal = dict(detector.colours)
    learned = detector.learn(image, [(200.0, 180.0, 12.0), (400.0, 180.0, 12.0)])
    assert "red" not in learned
    assert detector.colours["red"] == nominal["red"]
    assert len(detector.detect(image)["red"]) == 1  # the red ball, not the orange blob


def test_a_ball_the_cloth_passes_for_leaves_the_cloth_out() -> None:
    """On a burgundy cloth under a lamp the red ball's colour test passes the cloth itself;
    the set-up frame shows it, and from then on the red mask leaves the cloth's pixels out."""
    table = layout("seven_skittles")
    image = np.full((360, 640, 3), (45, 35, 170), np.uint8)  # a lamp-lit burgundy
    cv2.circle(image, (200, 180), 12, (38, 38, 190), -1)
    corners = ((0, 0), (639, 0), (639, 359), (0, 359))
    calibration = Calibration(corners, table.outer_corners())
    cloth = measure_cloth(image, corners)
    detector = BallDetector(table, calibration, (640, 360), cloth)
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    assert np.count_nonzero(detector.masks(hsv)["red"]) > 0.5 * image.shape[0] * 640
    assert "red" in detector.guard_cloth(image)
    assert np.count_nonzero(detector.masks(hsv, image)["red"]) < 0.01 * image.shape[0] * 640
