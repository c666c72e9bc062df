"""Rendered card tables with exact labels: the training and test ground for the card readers.

A scene is a Durak table seen from above: attack cards in the play area, some covered by a
defending card laid across them (turned and shifted so the attack card's top-left index stays
in view, as players lay them), single cards beside them (a transfer or a throw-in), the stock
with the trump card crosswise under it, and sometimes a discard pile of face-down cards.  One
deck per scene: 52, 36 or 32 cards, Latin or Russian indices, one :class:`IndexStyle` (given,
or drawn from the training styles), on felt or wood, with wear, glare, uneven light, a tilted
camera, sometimes a hand, and the camera's blur, noise and JPEG.

Each ``scene_N.jpg`` has ``scene_N.json``: per face-up card its code, full quad (the card's
top-left, top-right, bottom-right, bottom-left corners in the image), box, the boxes of its
visible index corners, ``covered_by`` (the card lying on it) and zone (``table`` or
``trump``); backs (stock, discard) as quads.  ``scene_N.txt`` is YOLO (class = position in
the 52-card deck, box = the whole card) for tools that want it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from scoring.cards import RANKS, SUITS, Card, deck
from vision.cards.art_decks import art_face
from vision.cards.faces import (
    ALPHABETS,
    FACE_H,
    FACE_W,
    RATIO,
    STYLES,
    TRAINING_STYLES,
    IndexStyle,
    card_mask,
    draw_back,
    draw_face,
    glyph,
    stamp,
    style_named,
)
from vision.cards.geometry import PATCH_U, PATCH_V
from vision.cards.golf import GolfLayout
from vision.labels import Label, write_sample
from vision.progress import tracked
from vision.synth import scene
from vision.types import Box

SIZE = (720, 1280)
ALL_CARDS = deck(52)
#: Felt colours for card tables (grey felt is left out: under a lamp it looks like card stock).
CLOTHS = ((40, 110, 30), (60, 130, 20), (120, 60, 20), (40, 40, 150), (30, 30, 30), (40, 20, 90))
BACKS = ((40, 40, 170), (150, 60, 30), (40, 110, 40), (60, 60, 60))
#: An index corner more than this share covered (by a card or a hand) is not visible.
HIDDEN_SHARE = 0.05
#: A dealt card slides in for MOVE_FRAMES frames and then lies still for STILL_FRAMES
#: (:func:`render_dealing`).
MOVE_FRAMES = 8
STILL_FRAMES = 12


@dataclass
class Placed:
    """A card on the table: its code (None: face down), corners in paint order, zone."""

    card: Card | None
    quad: np.ndarray  # 4 x 2: the card's own top-left, top-right, bottom-right, bottom-left
    zone: str
    covers: int | None = None  # index of the card it lies on
    extra: dict = field(default_factory=dict)


def card_quad(corner: tuple[float, float], angle: float, width: float) -> np.ndarray:
    """The corners of a card whose top-left corner is at ``corner``, turned by ``angle``."""
    u = np.array([math.cos(angle), math.sin(angle)])
    v = np.array([-math.sin(angle), math.cos(angle)])
    p = np.array(corner)
    h = width * RATIO
    return np.array([p, p + width * u, p + width * u + h * v, p + h * v], np.float32)


def centred_quad(centre: tuple[float, float], angle: float, width: float) -> np.ndarray:
    u = np.array([math.cos(angle), math.sin(angle)])
    v = np.array([-math.sin(angle), math.cos(angle)])
    corner = np.array(centre) - width / 2 * u - width * RATIO / 2 * v
    return card_quad((float(corner[0]), float(corner[1])), angle, width)


def index_quads(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The index areas at the card's top-left and (turned) bottom-right corners."""
    tl, tr, br, bl = quad.astype(np.float64)
    width = np.linalg.norm(tr - tl)
    u, v = (tr - tl) / width, (bl - tl) / np.linalg.norm(bl - tl)
    a, b = PATCH_U * width, PATCH_V * width
    first = np.array([tl, tl + a * u, tl + a * u + b * v, tl + b * v], np.float32)
    second = np.array([br, br - a * u, br - a * u - b * v, br - b * v], np.float32)
    return first, second


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Area of the intersection of two convex quads."""
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(area)


def layout(rng: np.random.Generator, cards: list[Card], width: float) -> list[Placed]:
    """A Durak table in paint order: trump, stock, discard, attack cards, defending cards."""
    height, image_w = SIZE
    order = list(rng.permutation(len(cards)))
    placed: list[Placed] = []
    taken: list[np.ndarray] = []  # footprints kept apart
    if rng.random() < 0.8:  # the stock with the trump under it, crosswise
        cx, cy = rng.uniform(0.07, 0.14) * image_w, rng.uniform(0.3, 0.7) * height
        turn = rng.uniform(-0.15, 0.15)
        stock = centred_quad((cx, cy), turn, width)
        trump_centre = (cx + rng.uniform(0.25, 0.4) * width * RATIO, cy)
        flip = rng.random() < 0.5
        trump = centred_quad(trump_centre, turn + (math.pi / 2 if flip else -math.pi / 2), width)
        placed.append(Placed(cards[order.pop()], trump, "trump"))
        for _ in range(int(rng.integers(2, 6))):
            offset = rng.normal(0, 0.02 * width, 2)
            placed.append(Placed(None, stock + offset.astype(np.float32), "stock"))
        taken.append(_grow(np.concatenate([stock, trump]), width * 0.15))
    if rng.random() < 0.5:
        spot = _free_spot(rng, taken, width, (0.75, 0.95))
        if spot is not None:
            for _ in range(int(rng.integers(2, 6))):
                angle = rng.uniform(-math.pi, math.pi)
                jitter = rng.normal(0, 0.08 * width, 2)
                quad = centred_quad((spot[0] + jitter[0], spot[1] + jitter[1]), angle, width)
                placed.append(Placed(None, quad, "discard"))
            taken.append(_grow(centred_quad(spot, 0.0, width * 1.5), width * 0.2))
    attacks: list[int] = []
    for _ in range(int(rng.integers(1, 7))):
        if not order:
            break
        spot = _free_spot(rng, taken, width, (0.22, 0.95), pair=True)
        if spot is None:
            break
        turn = rng.uniform(-0.2, 0.2) + (math.pi if rng.random() < 0.25 else 0.0)
        quad = centred_quad(spot, turn, width)
        quad = quad - (quad.mean(axis=0) - np.array(spot)).astype(np.float32)
        # the pair's centre is the spot: shift the attack card up-left of it
        u, v = quad[1] - quad[0], quad[3] - quad[0]
        quad = quad - (0.17 * u + 0.14 * v).astype(np.float32)
        placed.append(Placed(cards[order.pop()], quad, "table"))
        attacks.append(len(placed) - 1)
        taken.append(_grow(_pair_footprint(quad, width), width * 0.12))
    for index in attacks:
        if not order or rng.random() < 0.35:
            continue
        cover = _defence(rng, placed[index].quad, width)
        if cover is not None:
            placed.append(Placed(cards[order.pop()], cover, "table", covers=index))
    return placed


def _defence(rng: np.random.Generator, attack: np.ndarray, width: float) -> np.ndarray | None:
    """A defending card across ``attack``: shifted down-right in the attack card's own frame
    and turned, leaving the attack card's top-left index clear."""
    tl, tr, _, bl = attack.astype(np.float64)
    u, v = (tr - tl) / width, (bl - tl) / (width * RATIO)
    base = math.atan2(u[1], u[0])
    for _ in range(20):
        dx, dy = rng.uniform(0.28, 0.42) * width, rng.uniform(0.2, 0.32) * width * RATIO
        turn = rng.choice([-1.0, 1.0]) * rng.uniform(0.06, 0.35)
        centre = tl + u * (width / 2 + dx) + v * (width * RATIO / 2 + dy)
        quad = centred_quad((float(centre[0]), float(centre[1])), base + turn, width)
        first, _ = index_quads(attack)
        if overlap(_grow(first, width * 0.06), quad) == 0.0:
            return quad
    return None


def _pair_footprint(attack: np.ndarray, width: float) -> np.ndarray:
    tl, tr, br, bl = attack.astype(np.float64)
    u, v = (tr - tl) / width, (bl - tl) / (width * RATIO)
    grow_u, grow_v = u * 0.65 * width, v * 0.55 * width * RATIO
    return np.array(
        [tl - 0.1 * width * (u + v), tr + grow_u, br + grow_u + grow_v, bl + grow_v], np.float32
    )


def _grow(points: np.ndarray, margin: float) -> np.ndarray:
    hull = cv2.convexHull(points.astype(np.float32)).reshape(-1, 2)
    centre = hull.mean(axis=0)
    out = centre + (hull - centre) * (
        1 + margin / max(1.0, float(np.linalg.norm(hull - centre, axis=1).mean()))
    )
    return out.astype(np.float32)


def _free_spot(
    rng: np.random.Generator,
    taken: list[np.ndarray],
    width: float,
    x_range: tuple[float, float],
    pair: bool = False,
) -> tuple[float, float] | None:
    height, image_w = SIZE
    for _ in range(60):
        spot = (rng.uniform(*x_range) * image_w, rng.uniform(0.17, 0.83) * height)
        probe = centred_quad(spot, 0.0, width * (1.75 if pair else 1.5))
        inside = probe.min() >= 0 and probe[:, 0].max() <= image_w and probe[:, 1].max() <= height
        if inside and all(overlap(probe, other) == 0.0 for other in taken):
            return spot
    return None


# --------------------------------------------------------------------------------------------
# Painting.


#: Inks of court pictures on real decks (BGR): red, blue, yellow, black, flesh, green.
COURT_INKS = ((40, 40, 200), (170, 80, 30), (40, 190, 230), (30, 30, 30), (170, 200, 235),
              (50, 140, 50))  # fmt: skip


def court_picture(face: np.ndarray, rng: np.random.Generator) -> None:
    """Paint over a court card's picture, in place, with a random double-ended figure of
    coloured shapes: every deck draws its courts differently, so a reader that learns our own
    court picture would not read another deck's; a new picture a card makes the index the only
    thing that tells J, Q and K apart."""
    left, top = round(0.24 * FACE_W), round(0.17 * FACE_H)
    right, bottom = FACE_W - left, FACE_H // 2
    region = face[top:bottom, left:right]
    region[:] = face[4, FACE_W // 2].copy() if rng.random() < 0.5 else COURT_INKS[4]
    height, width = region.shape[:2]
    for _ in range(int(rng.integers(5, 14))):
        colour = COURT_INKS[int(rng.integers(len(COURT_INKS)))]
        centre = (int(rng.integers(0, width)), int(rng.integers(0, height)))
        if rng.random() < 0.6:
            axes = (int(rng.integers(4, width // 2)), int(rng.integers(4, height // 2)))
            cv2.ellipse(region, centre, axes, float(rng.uniform(0, 180)), 0, 360, colour, -1)
        else:
            points = rng.integers(0, [width, height], (int(rng.integers(3, 6)), 2))
            cv2.fillPoly(region, [points.astype(np.int32)], colour, cv2.LINE_AA)
    face[FACE_H // 2 : FACE_H - top, left:right] = region[::-1, ::-1]
    cv2.rectangle(face, (left, top), (right, FACE_H - top), COURT_INKS[3], 2, cv2.LINE_AA)


#: Letters of the words printed on papers (Latin and Cyrillic, as on real tables).
PAPER_LETTERS = "ABCDEFGHIKLMNOPRSTUVWXYZabcdeghiklmnoprstuБГДЖЗИЛПФЦЧШЫЯбвгджзилнптя0123456789"


def paper(rng: np.random.Generator) -> np.ndarray:
    """A flat thing of a card's size that is not a card (FACE_H x FACE_W, BGR), one of: a note
    or letter (lines of words), a business card (a logo and a few words), a printed picture
    (a book cover, a photo) or a calendar (a grid of numbers).  Real tables carry all of them
    and the card finder took each for a card; none has a card's index and suit in its corner."""
    sheet = np.empty((FACE_H, FACE_W, 3), np.uint8)
    light = rng.random() < 0.75
    sheet[:] = rng.uniform(200, 255, 3) if light else rng.uniform(20, 200, 3)
    tone = rng.uniform(0, 80, 3) if light else rng.uniform(180, 255, 3)
    ink = (int(tone[0]), int(tone[1]), int(tone[2]))
    kind = int(rng.integers(4))
    font = STYLES[list(STYLES)[int(rng.integers(len(STYLES)))]].font
    if kind == 2:  # a picture
        for _ in range(int(rng.integers(4, 12))):
            colour = tuple(int(c) for c in rng.uniform(0, 255, 3))
            centre = (int(rng.integers(0, FACE_W)), int(rng.integers(0, FACE_H)))
            axes = (int(rng.integers(10, FACE_W // 2)), int(rng.integers(10, FACE_H // 3)))
            cv2.ellipse(sheet, centre, axes, float(rng.uniform(0, 180)), 0, 360, colour, -1)
    if kind == 1:  # a logo
        colour = tuple(int(c) for c in rng.uniform(0, 255, 3))
        centre = (int(rng.uniform(0.2, 0.8) * FACE_W), int(rng.uniform(0.2, 0.5) * FACE_H))
        cv2.circle(sheet, centre, int(rng.uniform(0.08, 0.2) * FACE_W), colour, -1, cv2.LINE_AA)
    rows = {0: int(rng.integers(6, 14)), 1: int(rng.integers(2, 4)), 2: int(rng.integers(0, 3))}
    height = rng.uniform(0.04, 0.09) * FACE_W
    top = rng.uniform(0.1, 0.3) * FACE_H
    if kind == 3:  # a calendar: numbers in a grid
        for row in range(5):
            for col in range(4):
                text = str(int(rng.integers(1, 32)))
                left = (0.08 + 0.22 * col) * FACE_W
                stamp(sheet, glyph(font, text), left, top + row * 0.14 * FACE_H, height * 1.6,
                      0.18 * FACE_W, ink)  # fmt: skip
    for row in range(rows.get(kind, 0)):
        word = "".join(rng.choice(list(PAPER_LETTERS), int(rng.integers(3, 12))))
        y = top + row * height * 1.6
        if y + height < FACE_H * 0.95:
            stamp(sheet, glyph(font, word), 0.08 * FACE_W, y, height, 0.84 * FACE_W,
                  ink)  # fmt: skip
    return sheet


def papers_on(
    rng: np.random.Generator, image: np.ndarray, count: int, width: float, taken: list[np.ndarray]
) -> tuple[np.ndarray, list[np.ndarray]]:
    """``image`` with up to ``count`` :func:`paper` sheets laid flat where no card lies, some
    larger or squatter than a card, and the outline of each."""
    quads = []
    for _ in range(count):
        spot = _free_spot(rng, taken, width, (0.05, 0.95))
        if spot is None:
            break
        quad = centred_quad(spot, float(rng.uniform(-math.pi, math.pi)), width)
        centre = quad.mean(axis=0)
        quad = centre + (quad - centre) * rng.uniform(0.8, 1.4, 2).astype(np.float32)
        corner = float(rng.choice([0.0, 0.06]))
        image = paint(image, paper(rng), card_mask(corner), quad.astype(np.float32), rng)
        taken.append(_grow(quad, width * 0.1))
        quads.append(quad)
    return image, quads


def worn_face(
    card: Card,
    style: IndexStyle,
    alphabet: str,
    rng: np.random.Generator,
    pictures: bool = False,
) -> np.ndarray:
    """A face with use on it: yellowed stock, scuffs, a few specks; with ``pictures``, a court
    card gets a random picture (:func:`court_picture`)."""
    face = draw_face(card, style, alphabet)
    if pictures and card.rank in ("J", "Q", "K"):
        court_picture(face, rng)
    return worn(face, rng)


def face_of(
    card: Card,
    style: IndexStyle,
    alphabet: str,
    rng: np.random.Generator,
    art: str | None = None,
    pictures: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """A worn face of ``card`` and its outline: ours in ``style`` (:func:`worn_face`), or as
    the real deck design ``art`` draws it (:mod:`vision.cards.art_decks`)."""
    if art is None:
        return worn_face(card, style, alphabet, rng, pictures), card_mask(style.corner)
    drawn = art_face(art, card)
    return worn(drawn.face, rng), drawn.alpha


def worn(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``face`` with use on it: yellowed stock, scuffs, a few specks."""
    face = face.astype(np.float32)
    face *= np.float32(rng.uniform(0.93, 1.0, 3))
    for _ in range(int(rng.integers(0, 5))):
        a = rng.uniform(0, [FACE_W, FACE_H])
        b = a + rng.normal(0, 40, 2)
        grey = float(rng.uniform(150, 215))
        cv2.line(
            face,
            tuple(int(t) for t in a),
            tuple(int(t) for t in b),
            (grey, grey, grey),
            1,
            cv2.LINE_AA,
        )
    specks = rng.uniform(0, [FACE_W, FACE_H], (int(rng.integers(0, 20)), 2))
    for x, y in specks:
        cv2.circle(face, (int(x), int(y)), 1, (120, 120, 120), -1)
    return np.clip(face, 0, 255).astype(np.uint8)


def paint(
    canvas: np.ndarray,
    sprite: np.ndarray,
    alpha: np.ndarray,
    quad: np.ndarray,
    rng: np.random.Generator,
) -> np.ndarray:
    """Warp ``sprite`` onto ``quad`` (its own corners TL, TR, BR, BL) over a soft shadow."""
    height, width = canvas.shape[:2]
    left, top = np.clip(np.floor(quad.min(axis=0)).astype(int) - 12, 0, (width, height))
    right, bottom = np.clip(np.ceil(quad.max(axis=0)).astype(int) + 12, 0, (width, height))
    if right <= left or bottom <= top:
        return canvas
    src = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]])
    matrix = cv2.getPerspectiveTransform(src, (quad - [left, top]).astype(np.float32))
    size = (int(right - left), int(bottom - top))
    placed = cv2.warpPerspective(sprite, matrix, size, flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(alpha, matrix, size, flags=cv2.INTER_AREA)
    region = scene.soft_shadow(
        canvas[top:bottom, left:right], mask, rng, darkness=float(rng.uniform(0.2, 0.45))
    )
    out = canvas.copy()
    out[top:bottom, left:right] = scene.paste(region, placed, mask, 0, 0)
    return out


def glare(image: np.ndarray, quad: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A lamp's reflection: a soft white ellipse somewhere on a card."""
    height, width = image.shape[:2]
    weights = rng.dirichlet(np.ones(4))
    cx, cy = weights @ quad
    axes = rng.uniform(0.1, 0.35, 2) * np.linalg.norm(quad[1] - quad[0])
    layer = np.zeros((height, width), np.float32)
    cv2.ellipse(
        layer,
        (int(cx), int(cy)),
        (int(axes[0]), int(axes[1])),
        float(rng.uniform(0, 180)),
        0,
        360,
        1.0,
        -1,
    )
    layer = cv2.GaussianBlur(layer, (0, 0), float(axes.min() / 2 + 1)) * np.float32(
        rng.uniform(0.2, 0.5)
    )
    out = image.astype(np.float32) * (1 - layer[..., None]) + 255 * layer[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def camera(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The camera's share at a card table: mild defocus, sometimes a little shake, sensor
    noise, JPEG.  Milder than :func:`vision.synth.scene.degrade`: cards are read only at rest
    (the observer waits for frames to agree), so a long motion smear is never read."""
    choice = rng.random()
    if choice < 0.5:
        image = scene.gaussian_blur(image, float(rng.uniform(0.3, 1.1)))
    elif choice < 0.65:
        image = scene.motion_blur(image, float(rng.uniform(2.0, 3.5)), float(rng.uniform(0, np.pi)))
    image = scene.sensor_noise(image, rng, float(rng.uniform(1.0, 6.0)))
    return scene.jpeg_artefacts(image, int(rng.integers(50, 96)))


def render_scene(
    rng: np.random.Generator,
    style: IndexStyle | None = None,
    size: int | None = None,
    alphabet: str | None = None,
    background: np.ndarray | None = None,
    pictures: bool = False,
    papers: int = 0,
    art: str | None = None,
) -> tuple[np.ndarray, dict]:
    """One scene and its labels (see the module doc); style, deck size and alphabet are drawn
    at random unless given.  ``art`` names a real deck design (:mod:`vision.cards.art_decks`)
    whose faces and outlines replace ours: its indices are Latin, so the alphabet is too.
    ``background`` (BGR, any size: it is resized to the scene) is the
    table under the cards instead of a drawn cloth or wood: a real table's texture, so a card
    finder trained on the scenes meets the carpets and floors real photos show.  ``pictures``
    gives every court card a random picture of its own (:func:`court_picture`); ``papers``
    lays up to that many sheets that are not cards (:func:`paper`) beside the cards, their
    boxes in the labels' ``papers``."""
    style = style or style_named(TRAINING_STYLES[int(rng.integers(len(TRAINING_STYLES)))])
    drawn_size, drawn_alphabet = int(rng.choice([52, 36, 32])), str(rng.choice(ALPHABETS))
    size = size or drawn_size
    alphabet = "latin" if art else alphabet or drawn_alphabet
    width = float(rng.uniform(95, 135))
    cards = list(deck(size))
    if background is not None:
        image = cv2.resize(background, (SIZE[1], SIZE[0]), interpolation=cv2.INTER_LINEAR)
    elif rng.random() < 0.5:
        image = scene.felt(rng, SIZE, CLOTHS[int(rng.integers(len(CLOTHS)))])
    else:
        image = scene.wood(rng, SIZE)
    placed = layout(rng, cards, width)
    alpha = card_mask(style.corner)
    back = draw_back(BACKS[int(rng.integers(len(BACKS)))])
    for item in placed:
        if item.card is None:
            image = paint(image, back, alpha, item.quad, rng)
        else:
            face, outline = face_of(item.card, style, alphabet, rng, art, pictures)
            image = paint(image, face, outline, item.quad, rng)
    sheets: list[np.ndarray] = []
    if papers:
        footprints = [_grow(item.quad, width * 0.1) for item in placed]
        image, sheets = papers_on(rng, image, papers, width, footprints)
    for item in placed:
        if item.card is not None and rng.random() < 0.25:
            image = glare(image, item.quad, rng)
    image = scene.lighting_gradient(image, rng, float(rng.uniform(0.1, 0.35)))
    image, _, matrix = scene.perspective_warp(image, [], rng, float(rng.uniform(0, 0.05)))
    quads = [scene.warp_points(item.quad, matrix).astype(np.float32) for item in placed]
    hand = None
    if rng.random() < 0.12:
        image, hand = scene.hand_occluder(image, rng, float(rng.uniform(0.1, 0.3)))
    image = camera(image, rng)
    labels = _labels(placed, quads, hand, art or style.name, size, alphabet)
    if papers:
        labels["papers"] = [_box(scene.warp_points(q, matrix)).as_list() for q in sheets]
    return image, labels


def _labels(
    placed: list[Placed],
    quads: list[np.ndarray],
    hand: np.ndarray | None,
    style: str,
    size: int,
    alphabet: str,
) -> dict:
    height, width = SIZE
    frame = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    visible = _visible_boxes(quads, hand)
    cards, backs = [], []
    for k, (item, quad) in enumerate(zip(placed, quads, strict=True)):
        if item.card is None:
            backs.append({"zone": item.zone, "quad": quad.round(1).tolist()})
            continue
        index_boxes = []
        for corner in index_quads(quad):
            area = overlap(corner, corner)
            hidden = sum(overlap(corner, quads[j]) for j in range(k + 1, len(placed)))
            hidden += area - overlap(corner, frame)
            if hand is not None:
                hidden += area * scene.occluded_fraction(hand, _box(corner))
            if hidden <= HIDDEN_SHARE * area:
                index_boxes.append(_box(corner).as_list())
        covered_by = next(
            (str(placed[j].card) for j in range(k + 1, len(placed)) if placed[j].covers == k), None
        )
        cards.append(
            {
                "card": str(item.card),
                "zone": item.zone,
                "quad": quad.round(1).tolist(),
                "box": _box(quad).as_list(),
                "visible_box": visible[k][0],
                "visible_share": visible[k][1],
                "index_boxes": index_boxes,
                "covered_by": covered_by,
                "covers": None if item.covers is None else str(placed[item.covers].card),
            }
        )
    return {
        "deck": {"size": size, "alphabet": alphabet, "style": style},
        "card_width": round(float(np.linalg.norm(quads[0][1] - quads[0][0])), 1) if quads else None,
        "cards": cards,
        "backs": backs,
    }


def _visible_boxes(
    quads: list[np.ndarray], hand: np.ndarray | None
) -> list[tuple[list[float] | None, float]]:
    """Per placed card (paint order: later ones lie on top), the box round the part of it the
    camera sees and that part's share of the whole card; a real photo's labels box just that
    part.  Each card is drawn into one map of owners, the later over the earlier."""
    owner = np.full(SIZE, -1, np.int16)
    for k, quad in enumerate(quads):
        cv2.fillPoly(owner, [np.round(quad).astype(np.int32)], k)
    if hand is not None:
        owner[hand > 0.5] = -1
    out: list[tuple[list[float] | None, float]] = []
    for k, quad in enumerate(quads):
        ys, xs = np.nonzero(owner == k)
        whole = max(float(cv2.contourArea(quad.astype(np.float32))), 1.0)
        if xs.size == 0:
            out.append((None, 0.0))
            continue
        left, top, right, bottom = xs.min(), ys.min(), xs.max() + 1, ys.max() + 1
        box = Box(float(left), float(top), float(right - left), float(bottom - top))
        out.append((box.as_list(), round(min(1.0, xs.size / whole), 3)))
    return out


def _box(quad: np.ndarray) -> Box:
    height, width = SIZE
    left, top = np.clip(quad.min(axis=0), 0, [width, height])
    right, bottom = np.clip(quad.max(axis=0), 0, [width, height])
    return Box(float(left), float(top), float(right - left), float(bottom - top))


def render_dataset(
    out: Path | str,
    count: int,
    seed: int,
    style: str | None = None,
    size: int | None = None,
    alphabet: str | None = None,
    art: str | None = None,
    backgrounds: list[np.ndarray] | None = None,
) -> list[Path]:
    """``count`` scenes into ``out`` (``scene_N.jpg`` + ``.json`` + ``.txt``), reproducible
    from ``seed``; ``style``, ``size`` and ``alphabet`` fix the deck (default: drawn per scene,
    the style among the training styles), ``art`` a real deck design instead
    (:mod:`vision.cards.art_decks`); ``backgrounds`` are real tables to lay the cards on, one
    drawn per scene and turned a random quarter (default: a drawn cloth or wood)."""
    chosen = None if style is None else style_named(style)
    if size is not None and size not in (52, 36, 32):
        raise ValueError(f"{size} is not a deck size (52, 36 or 32)")
    if alphabet is not None and alphabet not in ALPHABETS:
        raise ValueError(f"{alphabet!r} is not an index alphabet ({', '.join(ALPHABETS)})")
    out = Path(out)
    rng = np.random.default_rng(seed)
    paths = []
    for n in tracked(range(count), "rendering card scenes"):
        background = None
        if backgrounds:
            texture = backgrounds[int(rng.integers(len(backgrounds)))]
            background = np.ascontiguousarray(np.rot90(texture, int(rng.integers(4))))
        image, labels = render_scene(rng, chosen, size, alphabet, background, art=art)
        yolo = [
            Label(ALL_CARDS.index(Card(c["card"][:-1], c["card"][-1])), Box(*c["box"]))
            for c in labels["cards"]
        ]
        path = write_sample(out, f"scene_{n}", image, yolo)
        path.with_suffix(".json").write_text(json.dumps(labels), encoding="utf-8")
        paths.append(path)
    return paths


def render_photo(
    card: Card, style: IndexStyle, alphabet: str, rng: np.random.Generator, art: str | None = None
) -> np.ndarray:
    """A teach-mode photo: one card on a cloth, a little turned and tilted, 480 x 640; ``art``
    draws it in a real deck design (:mod:`vision.cards.art_decks`) instead of ``style``."""
    return single_card(rng, card, style, alphabet, art)[0]


def single_card(
    rng: np.random.Generator,
    card: Card,
    style: IndexStyle,
    alphabet: str,
    art: str | None = None,
    background: np.ndarray | None = None,
    widths: tuple[float, float] = (170, 230),
) -> tuple[np.ndarray, np.ndarray]:
    """A photo of one card (``widths``: the range of its width in px) a little turned, near
    the middle of a 480 x 640 cloth (or of ``background``, a real table resized to it), and
    the card's outline in it (TL, TR, BR, BL): what teach mode is given, and a close-up for
    the finder to learn."""
    height, width = 480, 640
    if background is None:
        image = scene.felt(rng, (height, width), CLOTHS[int(rng.integers(len(CLOTHS)))])
    else:
        image = cv2.resize(background, (width, height), interpolation=cv2.INTER_LINEAR)
    card_w = float(rng.uniform(*widths))
    centre = (width / 2 + rng.uniform(-40, 40), height / 2 + rng.uniform(-20, 20))
    turn = rng.uniform(-0.3, 0.3) + (math.pi / 2 if rng.random() < 0.3 else 0.0)
    quad = centred_quad(centre, turn, card_w)
    image = paint(image, *face_of(card, style, alphabet, rng, art), quad, rng)
    image = scene.lighting_gradient(image, rng, float(rng.uniform(0.05, 0.2)))
    image, _, matrix = scene.perspective_warp(image, [], rng, float(rng.uniform(0, 0.04)))
    image = scene.jpeg_artefacts(scene.sensor_noise(image, rng, 2.0), 90)
    return image, scene.warp_points(quad, matrix).astype(np.float32)


def render_photos(
    out: Path | str, size: int, alphabet: str, style: str, seed: int, art: str | None = None
) -> list[Path]:
    """One photo per card of a deck into ``out`` as ``<code>.jpg`` (teach mode's input); ``art``
    draws the deck in a real deck design instead of ``style``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    chosen = style_named(style)
    paths = []
    for card in deck(size):
        path = out / f"{card}.jpg"
        cv2.imwrite(str(path), render_photo(card, chosen, alphabet, rng, art))
        paths.append(path)
    return paths


def render_dealing(
    path: Path | str,
    cards: list[Card],
    style: str,
    alphabet: str,
    seed: int,
    pile: bool = False,
    fps: int = 30,
) -> list[Box]:
    """A teach-mode clip at ``path`` (MJPG video, 640 x 480): ``cards`` dealt one by one onto
    a cloth, each sliding in from the bottom edge for MOVE_FRAMES frames, then lying still for
    STILL_FRAMES; laid in rows, or with ``pile`` each on the one before (a little askew).
    The clip starts and ends on the table at rest.  Returns each card's box where it lies."""
    rng = np.random.default_rng(seed)
    chosen = style_named(style)
    height, width = 480, 640
    table = scene.felt(rng, (height, width), CLOTHS[int(rng.integers(len(CLOTHS)))])
    alpha = card_mask(chosen.corner)
    card_w = 90.0
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (width, height))
    boxes: list[Box] = []

    def show(image: np.ndarray, count: int) -> None:
        for _ in range(count):
            writer.write(scene.sensor_noise(image, rng, 1.5))

    show(table, STILL_FRAMES)
    for k, card in enumerate(cards):
        if pile:
            centre = np.array([width / 2, height / 2]) + rng.normal(0, 6, 2)
        else:
            centre = np.array([80 + (k % 6) * 96, 100 + (k // 6 % 3) * 140], np.float64)
        turn = float(rng.normal(0, 0.08))
        face = worn_face(card, chosen, alphabet, rng)
        start = np.array([width / 2, height + card_w])
        for step in range(1, MOVE_FRAMES + 1):
            at = start + (centre - start) * step / MOVE_FRAMES
            quad = centred_quad((float(at[0]), float(at[1])), turn, card_w)
            show(paint(table, face, alpha, quad, rng), 1)
        quad = centred_quad((float(centre[0]), float(centre[1])), turn, card_w)
        table = paint(table, face, alpha, quad, rng)
        boxes.append(_box(quad))
        show(table, STILL_FRAMES)
    writer.release()
    return boxes


# --------------------------------------------------------------------------------------------
# Tables in play: a game's table, card after card, each step with the facts it should give.

#: Where each seat's trick card lies from the middle, in card widths (x) and heights (y).
TRICK_SEATS = {2: ((0.0, 0.55), (0.0, -0.55)), 3: ((0.0, 0.55), (-1.05, -0.3), (1.05, -0.3))}
#: Devyatka: a row's cards lie this many card widths apart, the rows this many heights.
ROW_STEP, ROW_GAP = 1.1, 1.08


def trick_table(rng: np.random.Generator, cards: list[Card], width: float) -> list[dict]:
    """A Deberts table, step by step: the turn-up crosswise under the stock, then tricks of one
    card per player in the middle, each gathered.  Each step: ``placed`` (paint order) and the
    ``facts`` its settling should give."""
    height, image_w = SIZE
    order = [cards[i] for i in rng.permutation(len(cards))]
    cx, cy = rng.uniform(0.07, 0.12) * image_w, rng.uniform(0.3, 0.7) * height
    turn = rng.uniform(-0.1, 0.1)
    trump_quad = centred_quad((cx + 0.3 * width * RATIO, cy), turn + math.pi / 2, width)
    trump = order.pop()
    base = [Placed(trump, trump_quad, "trump")]
    base += [
        Placed(
            None,
            centred_quad((cx, cy), turn, width) + rng.normal(0, 2, 2).astype(np.float32),
            "stock",
        )
        for _ in range(int(rng.integers(2, 5)))
    ]
    players = int(rng.choice([2, 2, 3]))
    middle = np.array([image_w * rng.uniform(0.45, 0.6), height * rng.uniform(0.45, 0.55)])
    steps: list[dict] = []
    first = [{"fact": "card_placed", "card": str(trump), "zone": "trump"}]
    leader = int(rng.integers(players))
    for _ in range(int(rng.integers(2, 4))):
        trick: list[Placed] = []
        for k in range(players):
            seat = TRICK_SEATS[players][(leader + k) % players]
            centre = middle + np.array([seat[0] * width, seat[1] * width * RATIO])
            centre += rng.normal(0, 0.04 * width, 2)
            card = order.pop()
            quad = centred_quad(
                (float(centre[0]), float(centre[1])), rng.uniform(-0.12, 0.12), width
            )
            trick.append(Placed(card, quad, "trick"))
            facts = [*first, {"fact": "card_placed", "card": str(card), "zone": "trick"}]
            steps.append({"placed": base + trick, "facts": facts})
            first = []
        steps.append({"placed": list(base), "facts": [{"fact": "table_cleared"}]})
        leader = int(rng.integers(players))
    return steps


def rows_table(rng: np.random.Generator, width: float) -> list[dict]:
    """A Devyatka table, step by step from the 9 of diamonds: legal cards laid at row ends,
    sometimes one laid past a gap (out of order), then the rows gathered.  Each step:
    ``placed`` and the ``facts`` its settling should give."""
    height, image_w = SIZE
    ranks = [str(card.rank) for card in deck(36) if card.suit == "S"]
    ranks.sort(key=lambda r: RANKS.index(r))
    nine = ranks.index("9")
    suits = [str(s) for s in rng.permutation(list(SUITS))]
    up = 1 if rng.random() < 0.7 else -1  # the side the higher ranks go
    top = (height - (len(suits) - 1) * ROW_GAP * width * RATIO) / 2
    x_nine = image_w / 2 - up * ROW_STEP * width
    ends: dict[str, list[int]] = {}  # suit: [low end, high end] as rank offsets from the 9
    dead: set[tuple[str, int]] = set()
    placed: list[Placed] = []
    steps: list[dict] = []
    for move in range(int(rng.integers(7, 13))):
        options = [(s, 0) for s in suits if s not in ends]
        for suit in ends:
            options += [
                (suit, d)
                for d in (-1, 1)
                if (suit, d) not in dead and _room(ends[suit], d, nine, ranks)
            ]
        if not move:
            options = [("D", 0)]  # the holder of the 9 of diamonds starts
        suit, side = options[int(rng.integers(len(options)))]
        skip = side != 0 and rng.random() < 0.12 and _room(ends[suit], 2 * side, nine, ranks)
        end = 0 if side == 0 else ends[suit][side > 0]
        offset = end + side * (2 if skip else 1)
        position = end + side if side else 0
        card = Card(ranks[nine + offset], suit)
        row = suits.index(suit)
        centre = (x_nine + up * position * ROW_STEP * width, top + row * ROW_GAP * width * RATIO)
        jitter = rng.normal(0, 0.03 * width, 2)
        quad = centred_quad(
            (centre[0] + jitter[0], centre[1] + jitter[1]), rng.uniform(-0.06, 0.06), width
        )
        placed.append(Placed(card, quad, f"row:{suit}", extra={"position": position}))
        neighbour = None if side == 0 else str(_card_at(placed, suit, end))
        if side == 0:
            ends[suit] = [0, 0]
        else:
            ends[suit][side > 0] = position
            if skip:
                dead.add((suit, side))
        facts = [
            {
                "fact": "card_placed",
                "card": str(card),
                "zone": f"row:{suit}",
                "covers": neighbour,
                "position": position,
                "in_order": not skip,
            }
        ]
        steps.append({"placed": list(placed), "facts": facts})
    steps.append({"placed": [], "facts": [{"fact": "table_cleared"}]})
    return steps


def _room(ends: list[int], step: int, nine: int, ranks: list[str]) -> bool:
    end = ends[step > 0] + step
    return 0 <= nine + end < len(ranks)


def _card_at(placed: list[Placed], suit: str, position: int) -> Card | None:
    """The card lying at ``position`` of ``suit``'s row (its extra records the position)."""
    for item in placed:
        if item.zone == f"row:{suit}" and item.extra.get("position") == position:
            return item.card
    raise ValueError(f"no card at position {position} of row {suit}")


#: Golf: a stock card replaces a face-up card worth GOLF_SWAP more, else it is kept in a
#: face-down slot when worth GOLF_KEEP or less (a dearer one at GOLF_BOLD's odds), else it is
#: discarded: a rendered hole ends within a few turns a player, with every kind of turn in it.
GOLF_KEEP, GOLF_BOLD, GOLF_SWAP = 7, 0.5, 3
#: Golf: the discard's top is taken when it is worth this little.
GOLF_TAKE = 3
#: Golf: a turn is seen at rest half way (the top taken off the pile; the drawn card in its
#: slot while the replaced card is still in the hand) at these odds.
GOLF_HALFWAY = 0.4
#: Golf: the stock's backs drawn, and the cards it must keep so the hole never runs it out
#: (the rules end a hole there; a rendered hole ends by a full grid).
GOLF_STOCK_BACKS, GOLF_STOCK_SPARE = 3, 6
#: Golf: the rendered hole's grid and cards turned up a player: page 1's, the default preset.
GOLF_GRID, GOLF_FLIPS = "3x3", 3


def golf_value(card: Card) -> int:
    """A card's points in golf (page 1, L381-L386): A 1, 2-10 face value, J Q 10, K 0."""
    rank = str(card.rank)
    return {"A": 1, "K": 0, "Q": 10, "J": 10}[rank] if rank in "AKQJ" else int(rank)


class _GolfHole:
    """One rendered golf hole as it is played (see :func:`golf_table`): the grids, the pile,
    the stock, and the steps drawn so far."""

    def __init__(self, rng: np.random.Generator, width: float, seats: int = 2) -> None:
        self.rng, self.width, self.seats = rng, width, seats
        self.layout = GolfLayout.mat(GOLF_GRID, seats=seats)
        rows, cols = (int(n) for n in GOLF_GRID.split("x"))
        self.slots = rows * cols
        self.order = [ALL_CARDS[i] for i in rng.permutation(len(ALL_CARDS))]
        self.cards = [[self.order.pop() for _ in range(self.slots)] for _ in range(seats)]
        self.up = [[False] * self.slots for _ in range(seats)]
        self.quads = {key: self.lie(centre, 0.02) for key, centre in self.layout.slots.items()}
        self.stock = [self.lie(self.layout.stock, 0.01) for _ in range(GOLF_STOCK_BACKS)]
        self.pile: list[Card] = []
        self.pile_quads: dict[str, np.ndarray] = {}
        self.steps: list[dict] = []

    def lie(self, centre: tuple[float, float], spread: float) -> np.ndarray:
        """A card laid at ``centre`` by hand: off by about ``spread`` card widths, askew."""
        jitter = self.rng.normal(0, spread * self.width, 2)
        at = (centre[0] + jitter[0], centre[1] + jitter[1])
        return centred_quad(at, float(self.rng.normal(0, 0.02)), self.width)

    def step(self, facts: list[dict], actions: list[dict]) -> None:
        """The table as it lies now, with what its settling should give."""
        placed = [Placed(None, quad, "stock") for quad in self.stock]
        for seat in range(1, self.seats + 1):
            for slot in range(self.slots):
                card = self.cards[seat - 1][slot] if self.up[seat - 1][slot] else None
                placed.append(Placed(card, self.quads[(seat, slot + 1)], f"grid:{seat}"))
        placed += [Placed(card, self.pile_quads[str(card)], "discard") for card in self.pile]
        self.steps.append({"placed": placed, "facts": facts, "actions": actions})

    def lay(self, card: Card, previous: Card | None) -> dict:
        """``card`` laid on the pile; its fact."""
        self.pile.append(card)
        self.pile_quads[str(card)] = self.lie(self.layout.discard, 0.01)
        return _pile_fact(card, previous, False)

    def put(self, seat: int, slot: int, card: Card) -> tuple[Card, bool]:
        """``card`` laid face up in a slot (0-based); the card it replaced and whether that
        one lay face up."""
        old, was_up = self.cards[seat - 1][slot], self.up[seat - 1][slot]
        self.cards[seat - 1][slot], self.up[seat - 1][slot] = card, True
        self.quads[(seat, slot + 1)] = self.lie(self.layout.slots[(seat, slot + 1)], 0.02)
        return old, was_up

    def take(self, seat: int, down: list[int]) -> None:
        """The discard's top drawn into a face-down slot, sometimes seen taken off first."""
        card = self.pile.pop()
        draw = {"do": "draw", "by": seat, "from": "discard", "card": str(card)}
        previous: Card | None = card
        actions = [draw]
        if self.rng.random() < GOLF_HALFWAY:
            below = self.pile[-1] if self.pile else None
            self.step([_pile_fact(below, card, True)], [draw])
            previous, actions = below, []
        slot = int(self.rng.choice(down))
        old, _ = self.put(seat, slot, card)
        replace = {"do": "replace", "by": seat, "slot": slot + 1, "card": str(old)}
        fact = _grid_fact(str(card), seat, slot + 1, None)
        self.step([fact, self.lay(old, previous)], [*actions, replace])

    def replace(self, seat: int, slot: int, card: Card) -> None:
        """A stock card into a slot (0-based); the replaced card seen in the hand at
        GOLF_HALFWAY's odds before it is on the pile."""
        top = self.pile[-1]
        draw = {"do": "draw", "by": seat, "from": "stock", "card": str(card)}
        old, was_up = self.put(seat, slot, card)
        replace: dict = {"do": "replace", "by": seat, "slot": slot + 1}
        if not was_up:
            replace["card"] = str(old)  # the face-down card is named by the replace
        fact = _grid_fact(str(card), seat, slot + 1, str(old) if was_up else None)
        if self.rng.random() < GOLF_HALFWAY:
            # a face-up card's replace is known at once; a face-down one waits for the pile
            self.step([fact], [draw, replace] if was_up else [draw])
            self.step([self.lay(old, top)], [] if was_up else [replace])
        else:
            self.step([fact, self.lay(old, top)], [draw, replace])

    def turn(self, mover: int) -> None:
        """One turn of the player at index ``mover``."""
        seat, top = mover + 1, self.pile[-1]
        down = [slot for slot in range(self.slots) if not self.up[mover][slot]]
        if down and golf_value(top) <= GOLF_TAKE:
            self.take(seat, down)
            return
        card = self.order.pop()
        keep = golf_value(card) <= GOLF_KEEP or self.rng.random() < GOLF_BOLD
        keep = keep or len(self.order) < GOLF_STOCK_SPARE
        grid = self.cards[mover]
        dear = [
            slot
            for slot in range(self.slots)
            if self.up[mover][slot] and golf_value(grid[slot]) > golf_value(card) + GOLF_SWAP
        ]
        if dear and len(self.order) >= GOLF_STOCK_SPARE:
            self.replace(seat, max(dear, key=lambda slot: golf_value(grid[slot])), card)
        elif down and keep:
            self.replace(seat, int(self.rng.choice(down)), card)
        else:
            draw = {"do": "draw", "by": seat, "from": "stock", "card": str(card)}
            self.step([self.lay(card, top)], [draw, {"do": "discard", "by": seat}])

    def play(self) -> list[dict]:
        """The whole hole, step by step."""
        first = self.order.pop()
        self.step([self.lay(first, None)], [{"do": "deal", "by": 1, "card": str(first)}])
        flips = [
            (seat, int(slot))
            for seat in range(1, self.seats + 1)
            for slot in self.rng.choice(self.slots, GOLF_FLIPS, replace=False)
        ]
        for k in self.rng.permutation(len(flips)):
            seat, slot = flips[k]
            self.up[seat - 1][slot] = True
            card = str(self.cards[seat - 1][slot])
            self.step(
                [_grid_fact(card, seat, slot + 1, None)],
                [{"do": "flip", "by": seat, "slot": slot + 1, "card": card}],
            )
        mover, closer, last_turns = 1, None, 0  # seat 2, left of the dealer, starts
        while closer is None or last_turns:
            self.turn(mover)
            if closer is None and all(self.up[mover]):
                closer, last_turns = mover, self.seats - 1  # everyone else one more turn
            elif closer is not None:
                last_turns -= 1
            mover = (mover + 1) % self.seats
        for seat in range(1, self.seats + 1):
            hidden = [slot for slot in range(self.slots) if not self.up[seat - 1][slot]]
            for slot in hidden:
                self.up[seat - 1][slot] = True
            shown = [(slot + 1, str(self.cards[seat - 1][slot])) for slot in hidden]
            if shown:
                self.step(
                    [_grid_fact(card, seat, slot, None) for slot, card in shown],
                    [
                        {"do": "reveal", "by": seat, "slot": slot, "card": card}
                        for slot, card in shown
                    ],
                )
        self.steps.append({"placed": [], "facts": [{"fact": "table_cleared"}], "actions": []})
        return self.steps


def _grid_fact(card: str, seat: int, slot: int, covers: str | None) -> dict:
    return {
        "fact": "card_placed",
        "card": card,
        "zone": f"grid:{seat}",
        "covers": covers,
        "seat": seat,
        "slot": slot,
    }


def _pile_fact(top: Card | None, previous: Card | None, taken: bool) -> dict:
    return {
        "fact": "discard_changed",
        "top": None if top is None else str(top),
        "previous": None if previous is None else str(previous),
        "taken": taken,
    }


def golf_table(rng: np.random.Generator, width: float, seats: int = 2) -> list[dict]:
    """A Golf hole on the default mat of ``seats`` (:meth:`vision.cards.golf.GolfLayout.mat`),
    page 1's rules, seat 1 dealing: the deal's card turned up, each player's three cards
    turned up, turns (the discard's top taken into a face-down slot; a stock card into a
    face-down or a face-up slot, or discarded) until a grid is all face up and every other
    player has had his last turn, the face-down cards revealed, the table cleared.  Each step:
    ``placed``, the ``facts`` its settling should give and the ``actions`` (the engine's
    verbs, ``by`` a seat from 1) it is of."""
    return _GolfHole(rng, width, seats).play()


def render_table(
    rng: np.random.Generator,
    game: str,
    style: IndexStyle | None = None,
    alphabet: str | None = None,
    seats: int = 2,
) -> list[tuple[np.ndarray, dict]]:
    """One table of ``game`` (``deberts``, ``devyatka`` or ``golf``, of ``seats`` players) as it
    is played: an image per step, the same table and light throughout (only the camera's noise
    changes), each with the :func:`render_scene` labels plus ``facts``, what the step should
    make the observer say (and for golf ``actions``, what the step was in the engine's verbs)."""
    style = style or style_named(TRAINING_STYLES[int(rng.integers(len(TRAINING_STYLES)))])
    alphabet = alphabet or str(rng.choice(ALPHABETS))
    if game == "deberts":
        size, width = 32, float(rng.uniform(100, 125))
        steps = trick_table(rng, list(deck(32)), width)
    elif game == "devyatka":
        size, width = 36, float(rng.uniform(88, 96))
        steps = rows_table(rng, width)
    elif game == "golf":  # the mat is declared for one card size: cards are about that size
        mat = GolfLayout.mat(GOLF_GRID, seats=seats).card_width
        size, width = 52, mat * float(rng.uniform(0.97, 1.03))
        steps = golf_table(rng, width, seats)
    else:
        raise ValueError(f"no rendered table for game {game!r} (deberts, devyatka or golf)")
    if rng.random() < 0.5:
        background = scene.felt(rng, SIZE, CLOTHS[int(rng.integers(len(CLOTHS)))])
    else:
        background = scene.wood(rng, SIZE)
    alpha = card_mask(style.corner)
    back = draw_back(BACKS[int(rng.integers(len(BACKS)))])
    seed = int(rng.integers(2**31))
    sprites: dict[str, np.ndarray] = {}
    out = []
    for step in steps:
        image = background
        for k, item in enumerate(step["placed"]):
            name = "back" if item.card is None else str(item.card)
            key = k if item.card is None else 100 + ALL_CARDS.index(item.card)
            own = np.random.default_rng([seed, key])
            if item.card is not None and name not in sprites:
                sprites[name] = worn_face(
                    item.card, style, alphabet, np.random.default_rng([seed, 1, key])
                )
            image = paint(
                image, back if item.card is None else sprites[name], alpha, item.quad, own
            )
            if item.card is not None and own.random() < 0.2:
                image = glare(image, item.quad, own)
        look = np.random.default_rng([seed, 2])
        image = scene.lighting_gradient(image, look, float(look.uniform(0.1, 0.3)))
        image, _, matrix = scene.perspective_warp(image, [], look, float(look.uniform(0, 0.04)))
        quads = [scene.warp_points(item.quad, matrix).astype(np.float32) for item in step["placed"]]
        image = camera(image, rng)
        labels = _labels(step["placed"], quads, None, style.name, size, alphabet)
        actions = {"actions": step["actions"]} if "actions" in step else {}
        out.append((image, {**labels, "facts": step["facts"], **actions}))
    return out
