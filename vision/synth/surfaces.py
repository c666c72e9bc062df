"""Table surfaces for rendered domino scenes that a drawn felt or wood alone does not cover:
real table textures cut from labelled photos, and patterned cloths (grids, checks, dots).

Real tables are why these exist: a grid cloth has empty squares the size of a tile, a dotted
cloth has dots the size of pips, a photographed table has the grain, weave, glare and colour
casts no procedural texture has.  A reader trained on felt and wood alone took the squares of
a grid for face-down tiles and measured the tile scale from the cloth's pattern.

Real textures come from photos of other objects on real tables (the dice and card photos of
``../shared/data``): each photo's largest strip clear of its labelled boxes.  Which folder a
dataset draws its textures from is the caller's choice, so a held-out check can use tables
its training never saw.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import cv2
import numpy as np

from vision.synth import scene

#: A strip cut from a photo is a texture when it is at least this many px both ways: narrower
#: strips, mirrored to fill a scene, show the mirroring more than the table.
MIN_TEXTURE = 64
#: Labelled boxes are grown by this share of their size before the strip is cut, so no edge,
#: shadow or glare of the labelled object is left in the texture.
BOX_MARGIN = 0.15
#: Photo formats read as texture sources.
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png")


def photo_boxes(photo: Path, width: int, height: int) -> list[tuple[int, int, int, int]] | None:
    """The labelled boxes of a photo (x0, y0, x1, y1 in px) from a YOLO ``.txt`` or a VOC
    ``.xml`` beside it; None when it has neither (its table may hold anything)."""
    yolo, voc = photo.with_suffix(".txt"), photo.with_suffix(".xml")
    boxes: list[tuple[int, int, int, int]] = []
    if yolo.is_file():
        for line in yolo.read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) != 5:
                continue
            cx, cy, w, h = (float(v) for v in parts[1:])
            boxes.append(
                (
                    int((cx - w / 2) * width),
                    int((cy - h / 2) * height),
                    int((cx + w / 2) * width),
                    int((cy + h / 2) * height),
                )
            )
        return boxes
    if voc.is_file():
        try:
            root = ET.parse(voc).getroot()
        except ET.ParseError:
            return None
        for box in root.iter("bndbox"):
            try:
                boxes.append(
                    tuple(
                        int(float(box.findtext(k) or "")) for k in ("xmin", "ymin", "xmax", "ymax")
                    )
                )
            except ValueError:
                return None
        return boxes
    return None


def table_textures(folder: Path | str) -> list[np.ndarray]:
    """From each labelled photo of ``folder`` the largest strip beside the union of its
    labelled boxes (left, right, above or below), when at least MIN_TEXTURE px both ways."""
    out = []
    for photo in sorted(Path(folder).iterdir()):
        if photo.suffix.lower() not in PHOTO_SUFFIXES:
            continue
        image = cv2.imread(str(photo), cv2.IMREAD_COLOR)
        if image is None:
            continue
        height, width = image.shape[:2]
        boxes = photo_boxes(photo, width, height)
        if boxes is None:
            continue
        left, top, right, bottom = width, height, 0, 0
        for x0, y0, x1, y1 in boxes:
            grow_x, grow_y = BOX_MARGIN * (x1 - x0), BOX_MARGIN * (y1 - y0)
            left, top = min(left, int(x0 - grow_x)), min(top, int(y0 - grow_y))
            right, bottom = max(right, int(x1 + grow_x)), max(bottom, int(y1 + grow_y))
        left, top = max(0, left), max(0, top)
        strips = [image[:, :left], image[:, right:], image[:top, :], image[bottom:, :]]
        if not boxes:
            strips = [image]
        best = max(strips, key=lambda s: min(s.shape[:2]) * max(s.shape[:2]))
        if min(best.shape[:2]) >= MIN_TEXTURE:
            out.append(np.ascontiguousarray(best))
    return out


def texture_surface(
    rng: np.random.Generator, textures: list[np.ndarray], size: scene.Size
) -> np.ndarray:
    """A real texture, turned, flipped and rescaled (a camera nearer or farther than the
    photo's), mirrored out to ``size`` (height, width)."""
    height, width = size
    texture = textures[int(rng.integers(len(textures)))]
    texture = np.rot90(texture, int(rng.integers(4)))
    if rng.random() < 0.5:
        texture = texture[:, ::-1]
    zoom = float(np.exp(rng.uniform(np.log(0.8), np.log(2.5))))
    texture = cv2.resize(
        np.ascontiguousarray(texture), None, fx=zoom, fy=zoom, interpolation=cv2.INTER_LINEAR
    )
    th, tw = texture.shape[:2]
    tiled = np.pad(
        texture,
        ((0, max(0, height - th + 1)), (0, max(0, width - tw + 1)), (0, 0)),
        mode="symmetric",
    )
    y0 = int(rng.integers(0, tiled.shape[0] - height + 1))
    x0 = int(rng.integers(0, tiled.shape[1] - width + 1))
    return np.ascontiguousarray(tiled[y0 : y0 + height, x0 : x0 + width])


def patterned_cloth(rng: np.random.Generator, size: scene.Size, tile_width: float) -> np.ndarray:
    """A patterned cloth whose period is near the tile size (the hard case): a grid of thin
    lines, a check of two tones, or dots about the size of pips, over a felt of one colour."""
    height, width = size
    base = scene.felt(rng, size).astype(np.float32)
    ink = np.array(rng.uniform(0, 255, 3), np.float32)
    cell = tile_width * float(np.exp(rng.uniform(np.log(0.5), np.log(2.2))))
    angle = float(rng.choice([0.0, rng.uniform(0, np.pi)]))
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    u = xs * np.float32(np.cos(angle)) + ys * np.float32(np.sin(angle))
    v = -xs * np.float32(np.sin(angle)) + ys * np.float32(np.cos(angle))
    kind = rng.choice(["grid", "check", "dots"])
    if kind == "grid":
        line = max(1.0, cell * rng.uniform(0.04, 0.12))
        du, dv = np.abs((u % cell) - cell / 2), np.abs((v % cell) - cell / 2)
        weight = np.clip(line / 2 + 0.5 - (cell / 2 - np.minimum(du, dv)), 0, 1)
    elif kind == "check":
        weight = ((np.floor(u / cell) + np.floor(v / cell)) % 2).astype(np.float32)
        weight = cv2.GaussianBlur(weight, (0, 0), 0.7) * np.float32(rng.uniform(0.3, 0.9))
    else:
        radius = cell * rng.uniform(0.08, 0.2)
        du, dv = (u % cell) - cell / 2, (v % cell) - cell / 2
        weight = np.clip(radius + 0.5 - np.sqrt(du**2 + dv**2), 0, 1)
    weight = weight[..., None]
    return np.clip(base * (1 - weight) + ink * weight, 0, 255).astype(np.uint8)
