"""The billiard table's command bodies, kept out of the command modules so those stay thin:
``tableref detect table VIDEO``, ``tableref detect balls IMAGE...``, ``tableref calibrate
table IMAGE`` and ``tableref eval shots DIR``."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ui.commands import CommandError
from ui.commands._images import Images
from vision.carom.observer import ShotObserver
from vision.profile import Calibration, ProfileError, TableProfile, load_profile
from vision.sources import FrameSourceError, VideoFileSource, read_images


def _profile(path: str | None) -> TableProfile | None:
    try:
        return load_profile(path) if path else None
    except ProfileError as error:
        raise CommandError(str(error)) from None


def detect_table(
    videos: Sequence[Path], game: str, as_json: bool, profile_path: str | None = None
) -> int:
    """Print every shot seen in each video: one JSON object per shot with ``--json``."""
    profile = _profile(profile_path)
    status = 0
    for path in videos:
        try:
            observer = ShotObserver(profile, game)
            with VideoFileSource(path) as source:
                for frame in source:
                    for ended in observer.update(frame.image, frame.timestamp, frame.index):
                        _print(path, ended.to_json(), as_json)
            for ended in observer.flush():
                _print(path, ended.to_json(), as_json)
        except (FrameSourceError, ProfileError) as error:
            sys.stdout.flush()
            print(f"error: {error}", file=sys.stderr)
            status = 2
        except ValueError as error:
            raise CommandError(str(error)) from None
    return status


def detect_balls(
    images: Sequence[Path], as_json: bool, profile_path: str | None = None, game: str | None = None
) -> int:
    """One line per image: the table's corners (``null`` when no table is found) and every
    ball on it, in the image's px.  With a profile the table is the profile's, not found, and
    the rims' measure of the balls' radius starts from ``game``'s ball on that calibration."""
    from vision.carom.ball_finder import find_balls

    profile = _profile(profile_path)
    calibration = profile.calibration if profile else None
    if profile and calibration is None:
        raise CommandError(
            f"{profile_path}: the profile has no table calibration "
            "(make one with 'tableref calibrate table')"
        )
    table = calibration.image_points if calibration else None
    expected = _ball_px(calibration, game) if calibration else None
    readable = Images(images)
    for path, image in readable:
        found: dict[str, object]
        try:
            corners, balls = find_balls(image, table, expected=expected)
            found = {
                "image": str(path),
                "table": {"corners": [[round(x, 1), round(y, 1)] for x, y in corners]},
                "balls": [ball.to_json() for ball in balls],
            }
        except ProfileError as error:
            found = {"image": str(path), "table": None, "balls": [], "why": str(error)}
        print(json.dumps(found) if as_json else _balls_text(found), flush=True)
    return readable.status


def _ball_px(calibration: Calibration, game: str | None) -> float:
    """A ball's radius in px at the middle of the calibrated table, for ``game``'s layout."""
    from vision.carom.layout import layout

    try:
        table = layout(game or "seven_skittles")
    except (KeyError, ValueError) as error:
        raise CommandError(f"--game {game}: {error}") from None
    middle = calibration.to_image([(0.0, 0.0), (100.0, 0.0)])
    return table.ball_radius * float(np.hypot(*(middle[1] - middle[0]))) / 100.0


def _balls_text(found: dict) -> str:
    if found["table"] is None:
        return f"{found['image']}: no table ({found['why']})"
    balls = found["balls"]
    lines = [f"{found['image']}: table found, {len(balls)} ball" + ("" if len(balls) == 1 else "s")]
    for ball in balls:
        x, y = ball["center"]
        lines.append(f"  {ball['label']:>7}  at x={x:g} y={y:g} r={ball['radius']:g}")
    return "\n".join(lines)


def calibrate_table(
    image_path: Path, game: str, out: Path, corners: Sequence[str] | None = None
) -> int:
    """Find the table in one photo of it, or take its four corners as given, and save its
    profile (calibration, marks, pockets)."""
    from vision.carom.calibration import calibrate, carom_profile, from_corners
    from vision.carom.layout import layout
    from vision.profile import save_profile

    try:
        table = layout(game)
    except (KeyError, ValueError) as error:
        raise CommandError(f"--game {game}: {error}") from None
    [(path, image, problem)] = list(read_images([image_path]))
    if image is None:
        raise CommandError(f"{path}: {problem}")
    try:
        calibration = (
            calibrate(image, table)
            if corners is None
            else from_corners(_points(corners), image.shape, table)
        )
        name = out.stem if out.suffix == ".json" else out.name
        saved = save_profile(carom_profile(name, calibration, table), out.parent)
    except ProfileError as error:
        hint = "" if corners else " (give the four corners with --corners X,Y X,Y X,Y X,Y)"
        raise CommandError(f"{path}: {error}{hint}") from None
    except OSError as error:
        raise CommandError(f"{path}: {error}") from None
    seen = " ".join(f"({x:.0f}, {y:.0f})" for x, y in calibration.image_points)
    print(f"{saved}: table {game}, cushion corners {seen}")
    return 0


def _points(corners: Sequence[str]) -> list[tuple[float, float]]:
    """``X,Y`` x 4 -> points; a malformed one is named."""
    points = []
    for text in corners:
        try:
            x, y = (float(v) for v in text.split(","))
        except ValueError:
            raise CommandError(f"--corners: {text!r} is not X,Y (two numbers)") from None
        points.append((x, y))
    return points


def _print(path: Path, found: dict, as_json: bool) -> None:
    data = {"video": str(path), **found}
    print(json.dumps(data) if as_json else _text(data), flush=True)


def _text(data: dict) -> str:
    record = data["record"]
    contacts = ", ".join(f"{c[0]}>{c[1]}" for c in record["contacts"]) or "no contact"
    down = ", ".join(f"{d[0]} by {d[1]}" for d in record["down"]) or "nothing down"
    line = f"{data['video']}: shot at {data['timestamp']:.2f} s: {contacts}; {down}"
    for key in ("pocketed", "off_table", "displaced"):
        if record[key]:
            line += f"; {key} " + ", ".join(
                str(i[0] if isinstance(i, list) else i) for i in record[key]
            )
    if data["ambiguous"]:
        line += "\n  confirm: " + "; ".join(data["ambiguous"])
    return line + f"  ({data['confidence']:.2f})"


def eval_shots(folder: Path, limit: int | None, as_json: bool, jobs: int = 1) -> int:
    from vision.carom.evaluate import evaluate_shots

    report = evaluate_shots(folder, limit, jobs)
    if not report.results:
        raise CommandError(f"{folder}: no shot_NNNN.avi with its .json (tableref synth shots)")
    print(json.dumps(report.to_json(), indent=1) if as_json else report.to_text())
    return 0
