"""A taught deck's court cards told apart by their whole faces.

Zero-shot, a court card is read by its index alone: the letter J, Q or K in a font the readers
may never have seen (a deck's court letters are its least standard print), and the figure
does not help, since every deck draws its own.  A taught deck shows the reader each figure
once, and the twelve figures of one deck differ far more than three letters do: so teach mode
keeps each card's face, straightened to a small picture (its *look*), and a court read on the
table is matched to the taught courts' and aces' looks (a decorated ace shows a figure too;
a plain ace is not matched, its pip's shape is too small a thing to tell).  Number cards are
left to the index and the pip count (:mod:`vision.cards.pips`): their looks differ by a pip's
shape or a pip's place, which a quad a little off the card blurs (on the development singles
of the stand-in decks, whole-face matching named a number card right 60 % of the time against
92 % for courts among courts).

A look is compared by normalised correlation, in lightness and in colour separately (a
figure's colours tell suits of one rank apart where its lines are alike), the face either
way up (a court is drawn twice, turned, and the reader's outline may start at either end),
and its middle at every place a few px about its own (SHIFT: outlines are never exact).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import cv2
import numpy as np

from vision.cards.pips import straightened
from vision.cards.reader import CardsReader

#: A look: the face straightened to LOOK_W px wide (and the card's proportions high); small,
#: so that a quad a few px off the card, or a figure a little blurred, still correlates.
LOOK_W = 40
#: The look's lightness counts this share of a match, its colour the rest.
LIGHTNESS = 0.7
#: The look is blurred this much (px, Gaussian sigma) before it is compared.
BLUR = 0.7
#: A look is compared by its middle, SHIFT px in from each side, at every place within SHIFT
#: px of its own on the taught look: an outline a few px off the card (in the teach photo or
#: on the table) puts table in one look's border and moves its figure, and where two suits
#: share a figure (a deck drawing one jack for both black suits) that misplacement, not the
#: figure, decided which suit matched (development singles of seven training decks on tables
#: and white paper, taught: 693 -> 700 of 728).
SHIFT = 2
#: A court stands as matched only where its look correlates at least LOOK_SURE with the
#: taught court's and at least LOOK_MARGIN more than with any other taught court.  On the
#: development singles of the three stand-in decks (seeds 8400, 8500, 8550; taught from their
#: teach photos, seeds 8300-8302) the courts matched right scored 0.34-0.99, margins 0.005 to
#: 0.47; those matched wrong 0.08-0.75, margins at most 0.04 but for two looks scoring 0.20
#: or less (quads not on the card).
LOOK_SURE = 0.45
LOOK_MARGIN = 0.05
#: The ranks a court is matched among: the courts, and the ace (a decorated ace shows a figure
#: too, and matched among the courts alone it was named a king on the development singles).
COURTS = ("J", "Q", "K")
MATCHED = ("A", *COURTS)

#: What gives teach mode a photo's card outline (TL, TR, BR, BL: its first side a short one),
#: or None where it finds no whole card.
Outliner = Callable[[np.ndarray], np.ndarray | None]


def cut_look(image: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The look of the card inside ``quad`` (BGR, LOOK_W wide), or None where the quad is not
    a whole card's.  The quad is turned to run clockwise first, so that a card outlined
    either way round is not seen mirrored."""
    quad = np.asarray(quad, np.float32)
    x, y = quad[:, 0], quad[:, 1]
    if float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)) < 0:
        quad = quad[[1, 0, 3, 2]]
    face = straightened(image, quad)
    if face is None:
        return None
    height = round(LOOK_W * face.shape[0] / face.shape[1])
    return cv2.resize(face, (LOOK_W, height), interpolation=cv2.INTER_AREA)


def _lab(look: np.ndarray) -> np.ndarray:
    """A look in Lab, blurred (BLUR), as float."""
    return cv2.GaussianBlur(cv2.cvtColor(look, cv2.COLOR_BGR2LAB).astype(np.float32), (0, 0), BLUR)


class CourtLooks:
    """The taught courts' and aces' looks, and the one a card on the table matches."""

    def __init__(self, looks: Mapping[str, np.ndarray]) -> None:
        self.looks = {
            code: _channels(_lab(look)) for code, look in looks.items() if code[:-1] in MATCHED
        }

    def __bool__(self) -> bool:
        return bool(self.looks)

    def match(self, image: np.ndarray, quad: np.ndarray) -> str | None:
        """The taught court or ace the card inside ``quad`` is, where it matches one surely
        (LOOK_SURE, LOOK_MARGIN); None where it matches none so, or is not a whole card."""
        look = cut_look(image, quad)
        if look is None or len(self.looks) < 2:
            return None
        if look.shape[:2] != next(iter(self.looks.values()))[0].shape:
            return None
        lab = _lab(look)
        inner = [
            _channels(lab[SHIFT:-SHIFT, SHIFT:-SHIFT]),
            _channels(lab[::-1, ::-1][SHIFT:-SHIFT, SHIFT:-SHIFT]),
        ]
        scores = {
            code: max(_correlation(taught, part) for part in inner)
            for code, taught in self.looks.items()
        }
        best, second = sorted(scores.values(), reverse=True)[:2]
        if best < LOOK_SURE or best - second < LOOK_MARGIN:
            return None
        return max(scores, key=lambda code: scores[code])


def _channels(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A Lab look's lightness and colour, each contiguous (as ``cv2.matchTemplate`` takes
    them), split once rather than at every comparison."""
    return np.ascontiguousarray(lab[..., 0]), np.ascontiguousarray(lab[..., 1:])


def _correlation(
    taught: tuple[np.ndarray, np.ndarray], inner: tuple[np.ndarray, np.ndarray]
) -> float:
    """The best match of a look's middle (``inner``, SHIFT px in from each side) anywhere
    within SHIFT px of its place on the taught look: lightness and colour each correlated
    (less their means, to unit length), weighed LIGHTNESS to the rest."""
    lightness = cv2.matchTemplate(taught[0], inner[0], cv2.TM_CCOEFF_NORMED)
    colour = cv2.matchTemplate(taught[1], inner[1], cv2.TM_CCOEFF_NORMED)
    return float((LIGHTNESS * lightness + (1 - LIGHTNESS) * colour).max())


def surest_outline(reader: CardsReader) -> Outliner:
    """Teach mode's outliner: the outline of the surest uncovered card ``reader`` reads in a
    photo (a teach photo shows one card)."""

    def outline(image: np.ndarray) -> np.ndarray | None:
        shown = [r for r in reader.read(image) if r.covered_by is None]
        if not shown:
            return None
        return np.asarray(max(shown, key=lambda r: r.confidence).quad, np.float32)

    return outline
