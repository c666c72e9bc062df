"""The table profile: what the camera needs to know about one physical table.

* calibration: four marked points seen in the image and their places on the table in
  millimetres give the homography image px -> table mm, so rules that speak of the table (a die
  outside the tray, a tile in the boneyard) can be checked whatever the camera's angle;
* zones: named polygons in table mm (dice tray, boneyard, layout area, ...);
* set profiles: the colours of the dice or domino set in use (body, pips), which the readers may
  use to tune their thresholds.

A profile is saved per table as JSON (``<folder>/<table>.json``).  A file that cannot be used
raises :class:`ProfileError` naming the file and the field, so a typo in a hand-edited profile
is found at once, not as a wrong reading mid-game.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.types import Box

Point = tuple[float, float]
Colour = tuple[int, int, int]

#: Version of the profile file format, written into every file.
FORMAT = 1

SET_KINDS = ("dice", "dominoes")
_TABLE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


class ProfileError(ValueError):
    """A profile (or a part of one) that cannot be used; the message names what is wrong."""


@dataclass(frozen=True)
class Calibration:
    """Four points marked in the image (px) and the same four on the table (mm), in the same
    order, each set the corners of a convex quadrilateral taken round its edge."""

    image_points: tuple[Point, Point, Point, Point]
    table_points: tuple[Point, Point, Point, Point]

    def __post_init__(self) -> None:
        _check_quad(self.image_points, "image_points")
        _check_quad(self.table_points, "table_points")

    @classmethod
    def from_rectangle(
        cls, image_points: Sequence[Point], width_mm: float, height_mm: float
    ) -> Calibration:
        """The corners of a known rectangle on the table (a mat, the table top), marked in the
        image top-left, top-right, bottom-right, bottom-left as seen from the players' side."""
        if not (width_mm > 0 and height_mm > 0):
            raise ProfileError(f"rectangle must have a positive size, got {width_mm}x{height_mm}")
        table = ((0.0, 0.0), (width_mm, 0.0), (width_mm, height_mm), (0.0, height_mm))
        image = [_point(p, f"image_points[{i}]") for i, p in enumerate(image_points)]
        if len(image) != 4:
            raise ProfileError(f"image_points: need exactly 4 points, got {len(image)}")
        return cls((image[0], image[1], image[2], image[3]), table)

    @cached_property
    def homography(self) -> np.ndarray:
        """3x3 matrix taking image pixels to table millimetres."""
        return cv2.getPerspectiveTransform(
            np.float32(self.image_points), np.float32(self.table_points)
        )

    def to_table(self, points: Sequence[Point] | np.ndarray) -> np.ndarray:
        """Image points (N x 2, px) on the table (N x 2, mm)."""
        return _transform(points, self.homography)

    def to_image(self, points: Sequence[Point] | np.ndarray) -> np.ndarray:
        """Table points (N x 2, mm) in the image (N x 2, px)."""
        return _transform(points, np.linalg.inv(self.homography))

    def box_on_table(self, box: Box) -> Point:
        """Where the centre of an image box lies on the table (mm)."""
        x, y = self.to_table([box.centre])[0]
        return float(x), float(y)

    def to_json(self) -> dict[str, Any]:
        return {
            "image_points": [list(p) for p in self.image_points],
            "table_points": [list(p) for p in self.table_points],
        }


@dataclass(frozen=True)
class Zone:
    """A named area of the table: a polygon in table mm (at least three corners)."""

    name: str
    polygon: tuple[Point, ...]

    def __post_init__(self) -> None:
        if not self.name or not self.name.strip():
            raise ProfileError("a zone needs a name")
        if len(self.polygon) < 3:
            raise ProfileError(f"zone {self.name!r}: needs at least 3 corners")
        if abs(cv2.contourArea(np.float32(self.polygon))) < 1e-6:
            raise ProfileError(f"zone {self.name!r}: its corners enclose no area")

    def contains(self, point: Point) -> bool:
        """Whether a table point (mm) lies in the zone; its edge counts as inside."""
        contour = np.float32(self.polygon).reshape(-1, 1, 2)
        return cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "polygon": [list(p) for p in self.polygon]}


@dataclass(frozen=True)
class SetProfile:
    """The dice or domino set in use: body and pip colours (BGR), and optionally its size (a
    die's edge, a tile's long side, in mm)."""

    kind: str
    body: Colour
    pips: Colour
    size_mm: float | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in SET_KINDS:
            raise ProfileError(f"set kind must be one of {', '.join(SET_KINDS)}, not {self.kind!r}")
        for what, colour in (("body", self.body), ("pips", self.pips)):
            if len(colour) != 3 or not all(0 <= c <= 255 for c in colour):
                raise ProfileError(f"{self.kind} set: {what} must be 3 values 0..255 (B, G, R)")
        if self.size_mm is not None and not self.size_mm > 0:
            raise ProfileError(f"{self.kind} set: size_mm must be positive, got {self.size_mm}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"body": list(self.body), "pips": list(self.pips)}
        if self.size_mm is not None:
            data["size_mm"] = self.size_mm
        if self.name:
            data["name"] = self.name
        return data


@dataclass(frozen=True)
class TableProfile:
    """Everything about one table: its name, calibration (None until calibrated), zones, and
    the sets in use."""

    name: str
    calibration: Calibration | None = None
    zones: tuple[Zone, ...] = ()
    dice: SetProfile | None = None
    dominoes: SetProfile | None = None

    def __post_init__(self) -> None:
        if not _TABLE_NAME.match(self.name):
            raise ProfileError(
                f"table name {self.name!r}: use letters, digits, '-' and '_' (it names the file)"
            )
        names = [zone.name for zone in self.zones]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise ProfileError(f"table {self.name!r}: zone {duplicates[0]!r} is defined twice")

    def zone(self, name: str) -> Zone:
        for zone in self.zones:
            if zone.name == name:
                return zone
        raise ProfileError(f"table {self.name!r} has no zone {name!r}")

    def zones_at(self, point_mm: Point) -> list[str]:
        """The names of the zones a table point (mm) lies in, in the profile's order."""
        return [zone.name for zone in self.zones if zone.contains(point_mm)]

    def zones_of_box(self, box: Box) -> list[str]:
        """The zones the centre of an image box lies in (needs the calibration)."""
        if self.calibration is None:
            raise ProfileError(f"table {self.name!r} is not calibrated")
        return self.zones_at(self.calibration.box_on_table(box))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "table": self.name}
        if self.calibration is not None:
            data["calibration"] = self.calibration.to_json()
        data["zones"] = [zone.to_json() for zone in self.zones]
        for kind in SET_KINDS:
            kit = getattr(self, kind)
            if kit is not None:
                data[kind] = kit.to_json()
        return data

    @classmethod
    def from_json(cls, data: Any, where: str = "profile") -> TableProfile:
        """A profile from its JSON data; errors name ``where`` and the field."""
        obj = _object(data, where)
        version = obj.get("format", FORMAT)
        if version != FORMAT:
            raise ProfileError(f"{where}: format {version!r} is not supported (only {FORMAT})")
        name = obj.get("table")
        if not isinstance(name, str):
            raise ProfileError(f"{where}: 'table' must be the table's name")
        try:
            calibration = None
            if obj.get("calibration") is not None:
                cal = _object(obj["calibration"], f"{where}.calibration")
                calibration = Calibration(
                    _quad(cal.get("image_points"), f"{where}.calibration.image_points"),
                    _quad(cal.get("table_points"), f"{where}.calibration.table_points"),
                )
            zones = []
            for i, item in enumerate(_list(obj.get("zones", []), f"{where}.zones")):
                zone = _object(item, f"{where}.zones[{i}]")
                polygon = _list(zone.get("polygon"), f"{where}.zones[{i}].polygon")
                zones.append(
                    Zone(
                        _string(zone.get("name"), f"{where}.zones[{i}].name"),
                        tuple(
                            _point(p, f"{where}.zones[{i}].polygon[{j}]")
                            for j, p in enumerate(polygon)
                        ),
                    )
                )
            sets = {kind: _set(obj.get(kind), kind, f"{where}.{kind}") for kind in SET_KINDS}
            return cls(name, calibration, tuple(zones), sets["dice"], sets["dominoes"])
        except ProfileError as error:
            message = str(error)
            raise ProfileError(
                message if message.startswith(where) else f"{where}: {message}"
            ) from None


def profile_path(folder: Path | str, table: str) -> Path:
    """Where the profile of ``table`` lives in ``folder``."""
    if not _TABLE_NAME.match(table):
        raise ProfileError(f"table name {table!r}: use letters, digits, '-' and '_'")
    return Path(folder) / f"{table}.json"


def save_profile(profile: TableProfile, folder: Path | str) -> Path:
    """Write ``profile`` to ``folder/<table>.json`` (the folder is created); returns the path.
    Written to a temporary file first and renamed, so a crash never leaves half a profile."""
    path = profile_path(folder, profile.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".json.tmp")
    temporary.write_text(json.dumps(profile.to_json(), indent=1) + "\n", encoding="utf-8")
    temporary.replace(path)
    return path


def load_profile(path: Path | str) -> TableProfile:
    """Read a profile file; a missing, non-JSON or malformed file is a :class:`ProfileError`
    naming the file (and the field)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProfileError(f"{path}: no such profile") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ProfileError(f"{path}: cannot be read ({error})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProfileError(f"{path}: not JSON (line {error.lineno}: {error.msg})") from None
    return TableProfile.from_json(data, str(path))


def measure_set_colours(image: np.ndarray, boxes: Sequence[Box]) -> tuple[Colour, Colour]:
    """The body and pip colours (BGR) of a set, measured from objects in a photo: the pixels of
    the middle of each box fall into two colour clusters; the larger is the body, the smaller
    the pips.  A way to fill a :class:`SetProfile` by showing the camera a few dice or tiles."""
    pixels = []
    height, width = image.shape[:2]
    for box in boxes:
        mx, my = box.w * 0.15, box.h * 0.15
        left, top = max(0, int(box.x + mx)), max(0, int(box.y + my))
        right, bottom = min(width, int(box.x + box.w - mx)), min(height, int(box.y + box.h - my))
        if right > left and bottom > top:
            pixels.append(image[top:bottom, left:right].reshape(-1, 3))
    if not pixels:
        raise ProfileError("no object boxes inside the image to measure colours from")
    data = np.float32(np.concatenate(pixels))
    if len(data) < 2:
        raise ProfileError("too few pixels to measure colours from")
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    _, labels, centres = cv2.kmeans(data, 2, None, criteria, 3, cv2.KMEANS_PP_CENTERS)
    counts = np.bincount(labels.ravel(), minlength=2)
    body, pips = (0, 1) if counts[0] >= counts[1] else (1, 0)
    return _colour(centres[body]), _colour(centres[pips])


def _colour(values: np.ndarray) -> Colour:
    b, g, r = (round(float(v)) for v in values)
    return (b, g, r)


def _transform(points: Sequence[Point] | np.ndarray, matrix: np.ndarray) -> np.ndarray:
    pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
    if pts.size == 0:
        return np.zeros((0, 2))
    return cv2.perspectiveTransform(pts, matrix).reshape(-1, 2)


def _check_quad(points: Sequence[Point], what: str) -> None:
    """Four finite points going round a convex quadrilateral (no three on a line)."""
    if len(points) != 4:
        raise ProfileError(f"{what}: need exactly 4 points, got {len(points)}")
    pts = [_point(p, f"{what}[{i}]") for i, p in enumerate(points)]
    turns = []
    for i in range(4):
        (ax, ay), (bx, by), (cx, cy) = pts[i], pts[(i + 1) % 4], pts[(i + 2) % 4]
        turns.append((bx - ax) * (cy - by) - (by - ay) * (cx - bx))
    scale = max(1e-9, max(math.dist(pts[i], pts[(i + 1) % 4]) for i in range(4)) ** 2)
    if any(abs(turn) < 1e-6 * scale for turn in turns):
        raise ProfileError(f"{what}: three of the points lie on one line")
    if not (all(turn > 0 for turn in turns) or all(turn < 0 for turn in turns)):
        raise ProfileError(
            f"{what}: the points must go round the quadrilateral in order "
            "(two of them look swapped)"
        )


def _point(value: Any, where: str) -> Point:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        or not all(math.isfinite(v) for v in value)
    ):
        raise ProfileError(f"{where}: a point must be [x, y] numbers, got {value!r}")
    return (float(value[0]), float(value[1]))


def _quad(value: Any, where: str) -> tuple[Point, Point, Point, Point]:
    items = _list(value, where)
    if len(items) != 4:
        raise ProfileError(f"{where}: need exactly 4 points, got {len(items)}")
    a, b, c, d = (_point(p, f"{where}[{i}]") for i, p in enumerate(items))
    return (a, b, c, d)


def _set(value: Any, kind: str, where: str) -> SetProfile | None:
    if value is None:
        return None
    obj = _object(value, where)
    colours = []
    for part in ("body", "pips"):
        colour = obj.get(part)
        if (
            not isinstance(colour, list)
            or len(colour) != 3
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in colour)
        ):
            raise ProfileError(f"{where}.{part}: must be [B, G, R] integers 0..255")
        colours.append((colour[0], colour[1], colour[2]))
    size = obj.get("size_mm")
    if size is not None and (not isinstance(size, int | float) or isinstance(size, bool)):
        raise ProfileError(f"{where}.size_mm: must be a number")
    name = obj.get("name", "")
    return SetProfile(kind, colours[0], colours[1], size, _string(name, f"{where}.name", True))


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProfileError(f"{where}: must be an object")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProfileError(f"{where}: must be a list")
    return value


def _string(value: Any, where: str, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value):
        raise ProfileError(f"{where}: must be text")
    return value
