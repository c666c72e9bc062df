"""The card reader: corners found, each read, readings of one card merged, and which card lies
on which.

A corner reader (the learned :class:`NetCorners` or the classical
:class:`vision.cards.matcher.TemplateMatcher`) names the card whose index a corner shows, or
none.  Each read corner stands for a whole card (its quad follows from the corner, its edges
and the card width), so a card read at both index corners is one card, and a covered card is
found from the one index its cover leaves in view.

Which of two overlapping cards is on top: the top card's edges are drawn across the other (its
rim, its shadow), while the covered card's edges under it are not seen.  So the reader compares
the contrast across each card's edges where they run inside the other card.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np

from vision.cards.geometry import Corner, corner_patch, find_corners
from vision.cards.patches import BLANK, CODES, CORNER_WEIGHTS
from vision.cards.standardise import standardised
from vision.runtime import OnnxNet, onnx_beside, softmax
from vision.types import Box

#: Two readings of one card name lie within this many card widths of each other.
SAME_CARD = 0.15
#: A card read below this confidence is dropped (a blank corner the reader half took for one).
MIN_CONFIDENCE = 0.2


@dataclass(frozen=True)
class CardReading:
    """One face-up card: its code, the box of its whole outline, the outline itself (from the
    index corner it was read at, round the card: the two index corners look alike), the box of
    the index it was read from, how sure the reader is, and the card lying on it (or None)."""

    card: str
    box: Box
    quad: tuple[tuple[float, float], ...]
    index_box: Box
    confidence: float
    covered_by: str | None = None

    def to_json(self) -> dict:
        return {
            "card": self.card,
            "box": self.box.as_list(),
            "confidence": round(float(self.confidence), 3),
            "covered_by": self.covered_by,
            "quad": [[round(x, 1), round(y, 1)] for x, y in self.quad],
            "index_box": self.index_box.as_list(),
        }


class CardsReader(Protocol):
    """What every card reader offers its users (the harness, the observer, the commands)."""

    name: str

    def read(self, image: np.ndarray) -> list[CardReading]: ...


class CornerReader(Protocol):
    """Per corner, probabilities over the 52 cards and BLANK (an N x 53 array)."""

    name: str

    def scores(self, image: np.ndarray, corners: Sequence[Corner]) -> np.ndarray: ...


class NetCorners:
    """The learned corner reader (:mod:`vision.cards.nets`), limited to the deck's cards; run
    from its ONNX export where :func:`vision.runtime.onnx_beside` chooses it (``torch``:
    always the network itself, which teach mode's tuning needs)."""

    name = "learned"

    def __init__(self, codes: Sequence[str] | None = None, runtime: str = "auto") -> None:
        allowed = set(CODES if codes is None else codes)
        self.refused = np.array([code not in allowed for code in CODES] + [False])
        exported = onnx_beside(CORNER_WEIGHTS, runtime)
        self.exported = None if exported is None else OnnxNet(exported, "corner reader")
        if self.exported is None:
            import torch

            from vision.cards import nets

            self.net = nets.load()
            self.to_tensor = nets.to_tensor
            self.mask = torch.from_numpy(self.refused)

    def scores(self, image: np.ndarray, corners: Sequence[Corner]) -> np.ndarray:
        if not corners:
            return np.zeros((0, BLANK + 1), np.float32)
        patches = [corner_patch(image, corner) for corner in corners]
        if self.exported is not None:
            [logits] = self.exported(standardised(patches))
            return softmax(np.where(self.refused, np.float32(-1e9), logits))
        import torch

        with torch.no_grad():
            masked = self.net(self.to_tensor(patches)).masked_fill(self.mask, -1e9)
            return torch.softmax(masked, dim=1).numpy()


class CardReader:
    """Finds and reads every face-up card in one BGR image."""

    def __init__(self, corners: CornerReader, name: str | None = None) -> None:
        self.corners = corners
        self.name = name or corners.name

    def read(self, image: np.ndarray) -> list[CardReading]:
        found, scale = find_corners(image)
        if not found:
            return []
        probs = self.corners.scores(image, found)
        groups: list[list[int]] = []  # corners showing one card's index
        for k, corner in enumerate(found):
            if int(probs[k].argmax()) == BLANK:
                continue
            centre = corner.quad().mean(axis=0)
            for group in groups:
                other = found[group[0]].quad().mean(axis=0)
                if math.dist(centre, other) < SAME_CARD * scale:
                    group.append(k)
                    break
            else:
                groups.append([k])
        cards = []
        for group in groups:
            reading = _card([found[k] for k in group], probs[group], image.shape[:2])
            if reading is not None:
                cards.append(reading)
        return self._stack(cards, image, scale)

    def _stack(
        self, cards: list[CardReading], image: np.ndarray, scale: float
    ) -> list[CardReading]:
        """Set ``covered_by`` for each card another lies on.  Of two overlapping cards, the
        one on top shows its own index where its end lies over the other card; the covered
        card's index corner there shows the top card's face instead.  So both of those corners
        are read, and the card whose own index is seen there is on top."""
        quads = [np.array(card.quad, np.float32) for card in cards]
        overlapping = [
            (a, b)
            for a in range(len(cards))
            for b in range(a + 1, len(cards))
            if cv2.intersectConvexConvex(quads[a], quads[b])[0] >= 0.05 * scale * scale
        ]
        asked: list[tuple[Corner, int]] = []  # (corner, card index), read in one batch
        where: dict[tuple[int, int], int] = {}
        for a, b in overlapping:
            for mine, other in ((a, b), (b, a)):
                corner = _corner_over(quads[mine], quads[other], scale)
                if corner is not None:
                    where[mine, other] = len(asked)
                    asked.append((corner, mine))
        probs = self.corners.scores(image, [corner for corner, _ in asked]) if asked else None
        seen = {
            key: float(probs[row, CODES.index(cards[asked[row][1]].card)])
            for key, row in where.items()
        }
        covered: dict[int, int] = {}
        grey = None
        for a, b in overlapping:
            seen_a, seen_b = seen.get((a, b)), seen.get((b, a))
            if seen_a is None and seen_b is None:
                grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if grey is None else grey
                seen_a = _edge_contrast(grey, quads[a], quads[b], scale)
                seen_b = _edge_contrast(grey, quads[b], quads[a], scale)
            elif seen_a is None:
                seen_a = 1.0 - seen_b
            elif seen_b is None:
                seen_b = 1.0 - seen_a
            top, under = (a, b) if seen_a >= seen_b else (b, a)
            covered[under] = top
        return [
            CardReading(
                card.card,
                card.box,
                card.quad,
                card.index_box,
                card.confidence,
                cards[covered[k]].card if k in covered else None,
            )
            for k, card in enumerate(cards)
        ]


def _corner_over(quad: np.ndarray, other: np.ndarray, scale: float) -> Corner | None:
    """The card's index corner whose index lies over ``other``, if one does."""
    for corner in index_corners_of(quad, scale):
        centre = corner.index_quad().mean(axis=0)
        if cv2.pointPolygonTest(other, (float(centre[0]), float(centre[1])), False) > 0:
            return corner
    return None


def index_corners_of(quad: np.ndarray, scale: float) -> list[Corner]:
    """The two index corners of a card outline (its first and third corner)."""
    out = []
    for k in (0, 2):
        p, after, before = quad[k], quad[(k + 1) % 4], quad[(k + 3) % 4]
        u = (after - p) / max(float(np.linalg.norm(after - p)), 1e-9)
        v = (before - p) / max(float(np.linalg.norm(before - p)), 1e-9)
        point = (float(p[0]), float(p[1]))
        out.append(Corner(point, (float(u[0]), float(u[1])), (float(v[0]), float(v[1])), scale))
    return out


def _card(corners: list[Corner], probs: np.ndarray, size: tuple[int, int]) -> CardReading | None:
    """One card from the corners that show its index: the card all of them find likeliest
    (their log probabilities added), its outline from the surest corner (averaged with the
    other index corner's when both are seen)."""
    votes = np.log(np.clip(probs[:, :BLANK], 1e-9, 1.0)).sum(axis=0)
    cls = int(votes.argmax())
    joint = np.exp(votes - votes.max())
    confidence = float(1.0 / joint.sum())  # the card's share of the joint vote
    if confidence < MIN_CONFIDENCE:
        return None
    order = np.argsort(-probs[:, cls])
    corner = corners[int(order[0])]
    quad = corner.quad()
    if len(corners) > 1:  # the other end's corner starts its quad at the opposite corner
        far = corners[int(order[1])].quad()
        quad = (quad + np.roll(far, 2, axis=0)) / 2
    return CardReading(
        card=CODES[cls],
        box=_box(quad, size),
        quad=tuple((float(x), float(y)) for x, y in quad),
        index_box=_box(corner.index_quad(), size),
        confidence=confidence,
    )


def _edge_contrast(grey: np.ndarray, quad: np.ndarray, other: np.ndarray, scale: float) -> float:
    """Mean brightness step across the edges of ``quad`` where they run inside ``other``."""
    height, width = grey.shape
    centre = other.mean(axis=0)
    inner = centre + (other - centre) * 0.85  # away from the other card's own edges
    steps = []
    step = max(2.0, 0.03 * scale)
    for k in range(4):
        a, b = quad[k].astype(np.float64), quad[(k + 1) % 4].astype(np.float64)
        along = b - a
        normal = np.array([-along[1], along[0]]) / max(np.linalg.norm(along), 1e-9)
        for t in np.linspace(0.08, 0.92, 24):
            point = a + t * along
            if cv2.pointPolygonTest(inner, (float(point[0]), float(point[1])), False) <= 0:
                continue
            p, q = point + step * normal, point - step * normal
            if not (min(p[0], q[0]) >= 0 and max(p[0], q[0]) < width - 1):
                continue
            if not (min(p[1], q[1]) >= 0 and max(p[1], q[1]) < height - 1):
                continue
            steps.append(abs(float(grey[int(p[1]), int(p[0])]) - float(grey[int(q[1]), int(q[0])])))
    return float(np.mean(steps)) if steps else 0.0


def _box(quad: np.ndarray, size: tuple[int, int]) -> Box:
    height, width = size
    left, top = np.clip(quad.min(axis=0), 0, [width, height])
    right, bottom = np.clip(quad.max(axis=0), 0, [width, height])
    return Box(float(left), float(top), float(right - left), float(bottom - top))
