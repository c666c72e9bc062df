"""Corner patches with their true classes, cut from rendered scenes: what the learned reader is
trained on, and what checks the corner finder against the labels.

Every corner the finder reports in a scene is matched to the labelled cards: near a card's
top-left or bottom-right corner and pointing along its edges, it is that card's index (class =
position in the 52-card deck); a corner that matches no index corner is :data:`BLANK` (a blank
card corner, a hand, a stack of backs).  Cutting the training patches with the same finder the
reader uses means the classifier learns exactly the alignment errors it will meet.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from scoring.cards import deck
from vision.cards.geometry import Corner, corner_patch, find_corners

#: The corner reader's weights (:mod:`vision.cards.nets`), its ONNX export beside them.
CORNER_WEIGHTS = Path(__file__).with_name("corners.pt")

CODES: tuple[str, ...] = tuple(str(card) for card in deck(52))
#: Class of a corner that shows no index.
BLANK = len(CODES)
CLASSES = BLANK + 1
#: A finder corner this close to a labelled corner (share of the card width) is that corner.
REACH = 0.15


def index_corners(quad: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """A labelled card's two index corners: (point, u direction) at top-left and bottom-right."""
    tl, tr, br, bl = np.asarray(quad, np.float64)
    return [(tl, _unit(tr - tl)), (br, _unit(bl - br))]


def label_corner(corner: Corner, cards: list[dict]) -> int | None:
    """The class of a finder corner from a scene's labelled cards; None when the corner is an
    index corner whose index is partly hidden (neither a fair index nor a fair blank)."""
    point = np.array(corner.point)
    for card in cards:
        for at, u in index_corners(np.array(card["quad"])):
            if np.linalg.norm(point - at) > REACH * corner.scale:
                continue
            if float(np.dot(u, corner.u)) < 0.8:
                continue
            visible = len(card["index_boxes"]) == 2 or _box_near(card["index_boxes"], at, corner)
            return CODES.index(card["card"]) if visible else None
    return BLANK


def _box_near(boxes: list[list[float]], at: np.ndarray, corner: Corner) -> bool:
    for x, y, w, h in boxes:
        centre = np.array([x + w / 2, y + h / 2])
        if np.linalg.norm(centre - at) < 0.45 * corner.scale:
            return True
    return False


def jittered(corner: Corner, rng: np.random.Generator) -> Corner:
    """The corner moved, turned and rescaled a little: the finder's errors, exaggerated."""
    angle = rng.normal(0, 0.03)
    c, s = np.cos(angle), np.sin(angle)
    turn = np.array([[c, -s], [s, c]])
    shift = rng.normal(0, 0.015 * corner.scale, 2)
    u, v = turn @ np.array(corner.u), turn @ np.array(corner.v)
    return Corner(
        (corner.point[0] + shift[0], corner.point[1] + shift[1]),
        (float(u[0]), float(u[1])),
        (float(v[0]), float(v[1])),
        corner.scale * float(rng.uniform(0.92, 1.08)),
    )


def scene_patches(
    image: np.ndarray, labels: dict, rng: np.random.Generator, copies: int = 1
) -> tuple[list[np.ndarray], list[int]]:
    """Patches of every finder corner in one labelled scene (plus ``copies - 1`` jittered
    copies each) and their classes."""
    corners, _ = find_corners(image)
    patches, classes = [], []
    for corner in corners:
        cls = label_corner(corner, labels["cards"])
        if cls is None:
            continue
        for copy in range(copies):
            chosen = corner if copy == 0 else jittered(corner, rng)
            patches.append(corner_patch(image, chosen))
            classes.append(cls)
    return patches, classes


def folder_patches(folder: Path) -> tuple[list[np.ndarray], list[int]]:
    """Un-jittered patches of every rendered scene in ``folder`` (``scene_N.jpg`` + ``.json``)."""
    import cv2

    patches, classes = [], []
    rng = np.random.default_rng(0)
    for path in sorted(Path(folder).glob("*.json")):
        image = cv2.imread(str(path.with_suffix(".jpg")), cv2.IMREAD_COLOR)
        if image is None:
            continue
        found = scene_patches(image, json.loads(path.read_text(encoding="utf-8")), rng)
        patches += found[0]
        classes += found[1]
    return patches, classes


def _unit(vector: np.ndarray) -> np.ndarray:
    return vector / max(float(np.linalg.norm(vector)), 1e-9)
