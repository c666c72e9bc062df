"""The detector card reader: a learned finder proposes every face-up card, a face classifier
reads each from the full-resolution frame.

The corner reader finds cards by right-angled corners on a mask of white stock; real cards have
rounded corners and real tables beige carpets, so on real photos it found a third of them.  Here
a small YOLO detector (``cards_det.yaml``, trained by ``scripts/train_cards_detector.py`` on real
photos and on rendered cards over real table textures) boxes the visible part of each face-up
card, and :mod:`vision.cards.face_classifier` reads the crop round each box: its rank, its suit,
or ``none`` (a back, a hand, the table), which drops the box.  One box is one card, so a card is
never read twice from its two index corners.

The outline (``quad``) is the card stock's smallest turned rectangle inside the box, its first
edge along the card's short side as the corner reader gives it, or the box itself where the
stock does not stand out.  Of two overlapping cards the one lying on top shows its whole outline
(a card's proportions and size); the covered one shows only part of it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from vision.cards import face_classifier
from vision.cards.close_up import back, fills, mirrored
from vision.cards.deck import DeckProfile
from vision.cards.faces import RATIO
from vision.cards.geometry import MAX_SATURATION, MIN_VALUE
from vision.cards.reader import CardReading
from vision.cards.real import RUSSIAN
from vision.runtime import Detector, OnnxNet, load_detector
from vision.types import Box

WEIGHTS = Path(__file__).parent / "weights" / "cards_det.pt"
CLASS_NAMES = ("card",)
#: The detector's input side (the training size: a 1280x720 frame shows cards 25-40 px wide).
IMAGE_SIZE = 320
#: A proposal less sure than this is not read.
PROPOSE = 0.2
#: Two proposals overlapping by more than this IoU are one card (the surer one stays).
OVERLAP = 0.6
#: A reading is dropped when the classifier gives ``none`` at least this probability, or the
#: proposal and the rank together are less sure than MIN_CONFIDENCE.
NONE_SHARE = 0.5
MIN_CONFIDENCE = 0.15
#: A card box with this share of it inside a surer card's box is that card boxed twice (part of
#: a card and the whole card): a covered card always shows part of itself outside its cover.
NESTED = 0.8
#: A proposal read as the same card as a surer one it overlaps by this IoU is that card boxed
#: twice (its visible part and the part round one index; NMS keeps both up to OVERLAP): a deck
#: has each card once, and two cards overlapping this much show one index, not two alike.
TWICE = 0.3
#: Two readings overlapping by at least this share of the smaller box lie one on the other.
STACKED = 0.15
#: Teach mode takes a photo's card when the finder is at least this sure of it, and keeps up to
#: TABLE_CROPS crops of the table beside it.
TEACH_SURE = 0.4
TABLE_CROPS = 2
#: A table crop lies this share of the card's size away from it, and is at least MIN_TABLE of
#: the card's size (smaller, it shows too little of the table to stand for it).
GAP = 0.3
MIN_TABLE = 0.4
#: A teach photo's surest proposal is a part of the card filling it (see ``is_part``) when it
#: covers less than this share of it.
PART_AREA = 0.5
#: A dealt card's proposal overlaps where the clip changed by at least this IoU.
NEAR_IOU = 0.3
#: The stock's rectangle is the outline only when it fills at least this share of the box.
MIN_FILL = 0.35


class DetectorCards:
    """Finds and reads every face-up card in one BGR image (see the module doc); limited to
    the deck's cards."""

    name = "detector"

    def __init__(
        self,
        profile: DeckProfile | None = None,
        weights: Path = WEIGHTS,
        faces: Path = face_classifier.WEIGHTS,
        runtime: str = "auto",
        tuned: bool = True,
    ) -> None:
        self.weights, self.faces, self.runtime, self.tuned = weights, faces, runtime, tuned
        self.profile = profile
        self.codes = None if profile is None else set(profile.codes)
        self._model: Detector | None = None
        self._net: face_classifier.FaceNet | OnnxNet | None = None

    def _finder(self) -> Detector:
        if self._model is None:
            self._model = load_detector(
                self.weights,
                CLASS_NAMES,
                "card finder",
                "scripts/train_cards_detector.py",
                self.runtime,
            )
        return self._model

    def _classifier(self) -> face_classifier.FaceNet | OnnxNet:
        """The face classifier; for a taught profile (unless not ``tuned``) the PyTorch network
        with its head tuned on the taught crops (an export cannot be tuned), else in the chosen
        runtime."""
        if self._net is None:
            if self.tuned and self.profile is not None and self.profile.faces:
                from vision.cards.face_tuning import tune

                self._net = tune(face_classifier.load(self.faces), self.profile)
            else:
                self._net = face_classifier.load_reader(self.faces, self.runtime)
        return self._net

    def propose(self, image: np.ndarray) -> list[tuple[Box, float]]:
        """The boxes the finder proposes with their confidence, surest first."""
        found = self._finder().detect(image, IMAGE_SIZE, PROPOSE, OVERLAP)
        return [
            (Box(float(x0), float(y0), float(x1 - x0), float(y1 - y0)), float(sure))
            for (x0, y0, x1, y1), sure in zip(found.xyxy.tolist(), found.conf.tolist(), strict=True)
        ]

    def teach_crops(
        self, image: np.ndarray, near: Box | None = None
    ) -> tuple[np.ndarray, list[np.ndarray]] | None:
        """Teach mode's cut of a photo: the card's crop and TABLE_CROPS card-sized crops of
        the table beside it, or None when no proposal is TEACH_SURE.  The card is the surest
        proposal (or the card filling a close photo, where that is a part of it), or with
        ``near`` (where a dealt card came to rest) the one overlapping ``near`` most, by at
        least NEAR_IOU."""
        proposals = [(box, sure) for box, sure in self.propose(image) if sure >= TEACH_SURE]
        if near is None:
            filling = self._filling(image)
            if filling and (not proposals or is_part(proposals[0][0], filling[0][0])):
                proposals = filling
        else:
            proposals = sorted(
                (p for p in proposals if p[0].iou(near) >= NEAR_IOU),
                key=lambda p: p[0].iou(near),
                reverse=True,
            )
        if not proposals:
            return None
        box = proposals[0][0]
        tables = [face_classifier.crop(image, b) for b in beside(box, image.shape[:2])]
        return face_classifier.crop(image, box), tables[:TABLE_CROPS]

    def _filling(self, image: np.ndarray) -> list[tuple[Box, float]]:
        """The card filling a close-up photo, found mirrored out (:mod:`vision.cards.close_up`:
        a teach photo taken close is found in parts or not at all), or none."""
        canvas, scale = mirrored(image)
        found = [(back(box, scale, image), sure) for box, sure in self.propose(canvas)]
        return [(box, sure) for box, sure in found if sure >= TEACH_SURE and fills(box, image)]

    def read(self, image: np.ndarray) -> list[CardReading]:
        return stack([reading for reading, _, _ in self.read_scored(image)])

    def read_scored(self, image: np.ndarray) -> list[tuple[CardReading, np.ndarray, np.ndarray]]:
        """Each card read (``covered_by`` not set yet) with the classifier's probabilities over
        RANK_CLASSES and over SUITS, which the combined reader weighs other readings by."""
        net = self._classifier()
        proposals = self.propose(image)
        crops = [face_classifier.crop(image, box) for box, _ in proposals]
        # Each crop is read upright and turned half round (a card's two ends look alike, the
        # classifier's two readings of it differ), and the two readings averaged.
        turned = [np.ascontiguousarray(crop[::-1, ::-1]) for crop in crops]
        ranks, suits = face_classifier.classify(net, crops + turned)
        ranks = (ranks[: len(crops)] + ranks[len(crops) :]) / 2
        suits = (suits[: len(crops)] + suits[len(crops) :]) / 2
        readings: list[CardReading] = []
        scored = []
        for (box, sure), rank_p, suit_p in zip(proposals, ranks, suits, strict=True):
            if rank_p[face_classifier.NONE] >= NONE_SHARE:
                continue
            if any(box.nested_share(kept.box) >= NESTED for kept in readings):
                continue
            code, share = self._best_card(rank_p, suit_p)
            confidence = sure * share
            if confidence < MIN_CONFIDENCE:
                continue
            if any(kept.card == code and box.iou(kept.box) >= TWICE for kept in readings):
                continue
            readings.append(CardReading(code, box, outline(image, box), box, confidence))
            scored.append((readings[-1], rank_p, suit_p))
        return scored

    def _best_card(self, rank_p: np.ndarray, suit_p: np.ndarray) -> tuple[str, float]:
        """The likeliest card of the deck: rank and suit probabilities multiplied."""
        ranks = face_classifier.RANK_CLASSES[: face_classifier.NONE]
        best, share = "", -1.0
        for r, rank in enumerate(ranks):
            for s, suit in enumerate(face_classifier.SUITS):
                code = self.code(rank, suit)
                if code is None:
                    continue
                p = float(rank_p[r] * suit_p[s])
                if p > share:
                    best, share = code, p
        return best, float(rank_p[face_classifier.RANK_CLASSES.index(best[:-1])]) if best else 0.0

    def code(self, rank: str, suit: str) -> str | None:
        """The deck's code for a rank and suit (a Russian deck names the queen Д), or None
        when the deck has no such card."""
        if self.codes is None:
            return rank + suit
        for code in (rank + suit, *(k + suit for k, v in RUSSIAN.items() if v == rank)):
            if code in self.codes:
                return code
        return None


def beside(box: Box, size: tuple[int, int]) -> list[Box]:
    """Boxes of table beside ``box`` (left, right, above, below), a GAP of its size away:
    each of its shape, shrunk to fit the picture (a photo of one card leaves less than a card
    beside it), none smaller than MIN_TABLE of it."""
    height, width = size
    bands = (
        (box.x - GAP * box.w, box.w, "x"),
        (width - box.x - (1 + GAP) * box.w, box.w, "x"),
        (box.y - GAP * box.h, box.h, "y"),
        (height - box.y - (1 + GAP) * box.h, box.h, "y"),
    )
    out = []
    for k, (room, side, axis) in enumerate(bands):
        scale = min(1.0, room / side)
        if scale < MIN_TABLE:
            continue
        w, h = box.w * scale, box.h * scale
        if axis == "x":
            x = box.x - GAP * box.w - w if k == 0 else box.x + (1 + GAP) * box.w
            y = min(max(0.0, box.y + (box.h - h) / 2), height - h)
        else:
            y = box.y - GAP * box.h - h if k == 2 else box.y + (1 + GAP) * box.h
            x = min(max(0.0, box.x + (box.w - w) / 2), width - w)
        out.append(Box(x, y, w, h))
    return out


def is_part(box: Box, whole: Box) -> bool:
    """Whether ``box`` is a part of the card ``whole`` (inside it, less than PART_AREA of it):
    the finder's find in a close-up."""
    return box.nested_share(whole) >= NESTED and box.w * box.h < PART_AREA * whole.w * whole.h


def outline(image: np.ndarray, box: Box) -> tuple[tuple[float, float], ...]:
    """The card's outline inside ``box`` (see the module doc): four corners, the first edge
    along a short side, the second along a long one."""
    height, width = image.shape[:2]
    left, top = max(0, int(box.x)), max(0, int(box.y))
    right, bottom = (
        min(width, math.ceil(box.x + box.w)),
        min(height, math.ceil(box.y + box.h)),
    )
    corners = np.array(
        [
            [box.x, box.y],
            [box.x + box.w, box.y],
            [box.x + box.w, box.y + box.h],
            [box.x, box.y + box.h],
        ],
        np.float64,
    )
    if right - left >= 4 and bottom - top >= 4:
        hsv = cv2.cvtColor(image[top:bottom, left:right], cv2.COLOR_BGR2HSV)
        stock = cv2.inRange(hsv, (0, 0, MIN_VALUE), (180, MAX_SATURATION, 255))
        contours, _ = cv2.findContours(stock, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if contours:
            largest = max(contours, key=cv2.contourArea)
            rect = cv2.minAreaRect(largest)
            if rect[1][0] * rect[1][1] >= MIN_FILL * box.w * box.h:
                corners = cv2.boxPoints(rect).astype(np.float64) + np.array([left, top])
    if np.linalg.norm(corners[1] - corners[0]) > np.linalg.norm(corners[3] - corners[0]):
        corners = np.roll(corners, -1, axis=0)  # start on a short side
    return tuple((float(x), float(y)) for x, y in corners)


def _wholeness(reading: CardReading) -> float:
    """How much the outline looks like a whole card: its area, less for proportions away
    from a card's."""
    quad = np.asarray(reading.quad, np.float64)
    short = float(np.linalg.norm(quad[1] - quad[0]))
    long = float(np.linalg.norm(quad[3] - quad[0]))
    if short <= 0 or long <= 0:
        return 0.0
    return short * long / (1.0 + abs(math.log(long / short / RATIO)))


def stack(readings: Sequence[CardReading]) -> list[CardReading]:
    """Set ``covered_by`` for each card another lies on: of two overlapping cards, the one
    whose outline looks less like a whole card is the covered one."""
    covered: dict[int, int] = {}
    for a in range(len(readings)):
        for b in range(a + 1, len(readings)):
            if readings[a].box.nested_share(readings[b].box) < STACKED:
                continue
            top, under = (a, b) if _wholeness(readings[a]) >= _wholeness(readings[b]) else (b, a)
            covered.setdefault(under, top)
    return [
        CardReading(
            r.card, r.box, r.quad, r.index_box, r.confidence,
            readings[covered[k]].card if k in covered else None,
        )
        for k, r in enumerate(readings)
    ]  # fmt: skip
